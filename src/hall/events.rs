//! A room's log: the events that changed it, in order, each stamped with
//! the wall time it happened. The log is the room: live changes are
//! committed as events and applied by the same function that replays the
//! log after a restart (see `state.rs`), so a rebuilt room is exactly the
//! room that was.
//!
//! Events are stored as JSON: readable in an admin's dump, and tolerant of
//! fields added later with defaults.

use super::time_control::TimeControl;
use super::view::{AwayPolicy, Identity, Mode, OnTime, Privacy, RoomSettings, TimeLimit};
use crate::rules::{Claim, GameKind, RuleValues, RulesError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a stored event could not be read back.
#[derive(Debug, Error)]
pub enum EventsError {
    /// The bytes are not an event.
    #[error("{0}")]
    Decode(#[from] serde_json::Error),
    /// The stored room settings name an unknown game or a bad rule.
    #[error("{0}")]
    Settings(#[from] RulesError),
}

/// One change to a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The room was created (always event 0).
    Created {
        /// Invite code.
        code: String,
        /// The host.
        host: Identity,
        /// The host's settings.
        settings: SettingsRecord,
    },
    /// A player took an empty seat (a full online room starts).
    Joined {
        /// The seat.
        seat: u8,
        /// Who.
        who: Identity,
    },
    /// A player gave up their seat before the game started.
    Left {
        /// The seat.
        seat: u8,
    },
    /// The host started the game; empty seats became CPU players.
    Started,
    /// A move, in the game's notation.
    Moved {
        /// The seat that moved.
        seat: u8,
        /// The move as the game writes it.
        text: String,
    },
    /// A seat's turn time ran out; the CPU plays this turn.
    TimedOut {
        /// The seat.
        seat: u8,
    },
    /// A seat resigned.
    Resigned {
        /// The seat.
        seat: u8,
    },
    /// A seat claimed a win or draw by declaration.
    Claimed {
        /// The seat.
        seat: u8,
        /// Which claim.
        claim: ClaimRecord,
    },
    /// A seat holder's last connection closed.
    Away {
        /// The identity id.
        id: String,
    },
    /// A seat holder connected again.
    Back {
        /// The identity id.
        id: String,
    },
    /// The grace period ran out: the CPU plays this seat until its player
    /// returns.
    CpuTakeover {
        /// The seat.
        seat: u8,
    },
    /// The player took their seat back from the CPU.
    TookBack {
        /// The seat.
        seat: u8,
    },
    /// The server started again: every player is away, and the turn clock
    /// (if any) has this much time left.
    Restarted {
        /// Turn time left, in milliseconds.
        remaining_ms: Option<u64>,
    },
    /// The game ended with this result (checked when the log is replayed).
    Ended {
        /// The status line's result.
        result: String,
    },
    /// A player agreed to a new round (it starts once every human has).
    Agreed {
        /// The identity id.
        id: String,
    },
    /// The host put the CPU in a seat at a level, changed a CPU seat's
    /// level, or (`None`, before the game) emptied a CPU seat again.
    SeatCpu {
        /// The seat.
        seat: u8,
        /// The CPU's level, or `None` for an empty seat.
        level: Option<u8>,
    },
}

/// An event with the wall time (ms since the Unix epoch) it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// When.
    pub at: u64,
    /// What.
    #[serde(flatten)]
    pub event: Event,
}

impl Record {
    /// The stored bytes.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// Reads stored bytes.
    pub fn decode(bytes: &[u8]) -> Result<Record, EventsError> {
        Ok(serde_json::from_slice(bytes)?)
    }
}

/// A claim as stored.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimRecord {
    /// [`Claim::EnteringKing`].
    EnteringKing,
    /// [`Claim::Impasse`].
    Impasse,
}

impl From<Claim> for ClaimRecord {
    fn from(claim: Claim) -> ClaimRecord {
        match claim {
            Claim::EnteringKing => ClaimRecord::EnteringKing,
            Claim::Impasse => ClaimRecord::Impasse,
        }
    }
}

impl From<ClaimRecord> for Claim {
    fn from(claim: ClaimRecord) -> Claim {
        match claim {
            ClaimRecord::EnteringKing => Claim::EnteringKing,
            ClaimRecord::Impasse => Claim::Impasse,
        }
    }
}

/// Room settings as stored: the game by name, its rules as name/value
/// pairs (validated again when read).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettingsRecord {
    /// The game's name (`shogi`, `shogi4`, `chess4`).
    pub game: String,
    /// Room rules, name and value.
    pub rules: Vec<(String, String)>,
    /// Public or private.
    pub privacy: Privacy,
    /// Ranked or casual.
    pub ranked: bool,
    /// Turn time limit.
    pub time_limit: TimeLimit,
    /// How the room is played.
    pub mode: Mode,
    /// CPU strength.
    pub cpu_level: u8,
    /// What happens while a player is away (`None`: the room's default).
    #[serde(default)]
    pub away: Option<AwayPolicy>,
    /// Seconds before a bot is asked to fill an empty seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_after: Option<u32>,
    /// The game clock, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
    /// What running out of clock time does.
    #[serde(default)]
    pub on_time: OnTime,
}

impl From<&RoomSettings> for SettingsRecord {
    fn from(s: &RoomSettings) -> SettingsRecord {
        SettingsRecord {
            game: s.kind.name().to_string(),
            rules: s
                .rules
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            privacy: s.privacy,
            ranked: s.ranked,
            time_limit: s.time_limit,
            mode: s.mode,
            cpu_level: s.cpu_level,
            away: s.away,
            bot_after: s.bot_after,
            clock: s.clock,
            on_time: s.on_time,
        }
    }
}

impl SettingsRecord {
    /// The settings, with the game and rules checked.
    pub fn settings(&self) -> Result<RoomSettings, EventsError> {
        let kind: GameKind = self.game.parse()?;
        let mut rules = RuleValues::defaults(kind.rule_specs());
        for (name, value) in &self.rules {
            rules.set(name, value)?;
        }
        Ok(RoomSettings {
            kind,
            rules,
            privacy: self.privacy,
            ranked: self.ranked,
            time_limit: self.time_limit,
            mode: self.mode,
            cpu_level: self.cpu_level,
            away: self.away,
            bot_after: self.bot_after,
            clock: self.clock.filter(TimeControl::is_valid),
            on_time: self.on_time,
        })
    }
}
