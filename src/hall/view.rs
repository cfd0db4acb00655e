//! What the hall shows: immutable snapshots of rooms and the lobby that
//! sessions render from. A new snapshot is published after every change;
//! sessions never reach into a room's live state.

use super::names;
use super::time_control::{SeatClock, Showing, TimeControl};
use crate::i18n::Msg;
use crate::msg;
use crate::rules::vocab::{self, Seat, SeatSet};
use crate::rules::{AnyGame, GameKind, RuleValues};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

/// A player as the hall knows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Identity {
    /// Stable id: `key:<fingerprint>` for players with an SSH key,
    /// `guest:<random>` for keyboard-interactive guests (random, so that a
    /// guest id never repeats across restarts).
    pub id: String,
    /// The display name.
    pub name: String,
    /// Whether the identity is an SSH key (rated, survives reconnects).
    pub keyed: bool,
}

/// Who may find a room.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Privacy {
    /// Listed in the lobby; anyone may join or watch.
    Public,
    /// Reached only by its invite code.
    Private,
}

impl Privacy {
    /// The choice as the room-setup form says it.
    pub fn label(self) -> Msg {
        match self {
            Privacy::Public => msg!("setup-public"),
            Privacy::Private => msg!("setup-private"),
        }
    }
}

/// The turn time limit a host sets; when it runs out the CPU plays the move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeLimit {
    /// No limit (the default).
    None,
    /// 30 seconds per turn.
    Seconds30,
    /// 60 seconds per turn.
    Seconds60,
}

impl TimeLimit {
    /// The limit in seconds, if any.
    pub fn seconds(self) -> Option<u64> {
        match self {
            TimeLimit::None => None,
            TimeLimit::Seconds30 => Some(30),
            TimeLimit::Seconds60 => Some(60),
        }
    }

    /// Short text for menus: `none`, `30 s/turn`, `60 s/turn` in English
    /// (the same row offers game clocks, so the turn is named).
    pub fn label(self) -> Msg {
        match self.seconds() {
            None => msg!("time-none"),
            Some(seconds) => msg!("summary-time", seconds = seconds),
        }
    }
}

/// How a room is played (docs/rules.md §4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// People (and the CPU in seats left empty at the start), public or by invite.
    Online,
    /// One terminal plays every seat in turn.
    SameDevice,
    /// The host against the CPU in every other seat; starts at once.
    VsComputer,
}

impl Mode {
    /// The mode as the room-setup form says it.
    pub fn label(self) -> Msg {
        match self {
            Mode::Online => msg!("mode-online"),
            Mode::SameDevice => msg!("mode-same-device"),
            Mode::VsComputer => msg!("mode-vs-computer"),
        }
    }
}

/// What a room does while a seated player is away (docs/rules.md §4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AwayPolicy {
    /// After the grace period the CPU plays for them until they return.
    Cpu,
    /// The game pauses (nobody moves, no clock runs) until they return.
    Wait,
}

impl AwayPolicy {
    /// Short text for menus (`CPU plays`, `wait` in English).
    pub fn label(self) -> Msg {
        match self {
            AwayPolicy::Cpu => msg!("away-cpu"),
            AwayPolicy::Wait => msg!("away-wait"),
        }
    }
}

/// Everything a host chooses when creating a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomSettings {
    /// The game.
    pub kind: GameKind,
    /// The game's room rules.
    pub rules: RuleValues,
    /// Public or private.
    pub privacy: Privacy,
    /// Ranked or casual.
    pub ranked: bool,
    /// Turn time limit.
    pub time_limit: TimeLimit,
    /// How the room is played.
    pub mode: Mode,
    /// CPU strength for CPU seats (1 = beginner).
    pub cpu_level: u8,
    /// What happens while a player is away; `None` is the room's default
    /// (see [`RoomSettings::away_policy`]).
    pub away: Option<AwayPolicy>,
    /// In a public online room, how long an empty seat waits before a
    /// connected bot is asked to take it (seconds); `None`: never.
    pub bot_after: Option<u32>,
    /// Main time and byoyomi (or increment) per seat; `None`: no clock
    /// (the per-turn `time_limit`, if any, applies instead).
    pub clock: Option<TimeControl>,
    /// What running out of clock time does.
    pub on_time: OnTime,
}

/// What happens to a seat whose clock runs out.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnTime {
    /// It loses on time (where the game has resignation; four-player
    /// shogi has none, so there the CPU moves).
    #[default]
    Lose,
    /// The CPU moves for it, and from then on it has one byoyomi period
    /// (or its increment) per move.
    CpuMoves,
}

impl RoomSettings {
    /// Defaults for `kind`: public, casual, no time limit, online.
    pub fn new(kind: GameKind) -> RoomSettings {
        RoomSettings {
            kind,
            rules: RuleValues::defaults(kind.rule_specs()),
            privacy: Privacy::Public,
            ranked: false,
            time_limit: TimeLimit::None,
            mode: Mode::Online,
            cpu_level: 2,
            away: None,
            bot_after: None,
            clock: None,
            on_time: OnTime::Lose,
        }
    }

    /// What the room does while a player is away: as the host chose, else
    /// wait in private two-player rooms (as on the original shogi site) and
    /// let the CPU play everywhere else. (Any game also waits while nobody
    /// seated is connected; see the room's `paused`.)
    pub fn away_policy(&self) -> AwayPolicy {
        let private_pair = self.privacy == Privacy::Private && self.kind == GameKind::Shogi;
        match (self.away, private_pair, self.mode) {
            (Some(policy), _, _) => policy,
            (None, true, Mode::Online) => AwayPolicy::Wait,
            _ => AwayPolicy::Cpu,
        }
    }

    /// A one-line summary of the rules that differ from the defaults,
    /// ranked or not and the time limit, for each reader to see in their
    /// language (`standard rules`, `handicap=bishop, move-limit=200 ·
    /// ranked · 30 s/turn` in English).
    pub fn rules_summary(&self) -> Msg {
        let specs = self.kind.rule_specs();
        let changed: Vec<Msg> = self
            .rules
            .iter()
            .filter_map(|(name, value)| {
                let spec = specs
                    .iter()
                    .find(|s| s.name == name && s.default != value)?;
                let value = spec.value_msg(value);
                Some(msg!("summary-rule", rule = spec.label(), value = value))
            })
            .collect();
        let rules = changed
            .into_iter()
            .rev()
            .reduce(|rest, first| msg!("summary-rules", first = first, rest = rest));
        let mut parts = vec![rules.unwrap_or_else(|| msg!("summary-standard"))];
        if self.ranked {
            parts.push(msg!("summary-ranked"));
        }
        if let Some(tc) = &self.clock {
            parts.push(tc.label());
        } else if let Some(seconds) = self.time_limit.seconds() {
            parts.push(msg!("summary-time", seconds = seconds));
        }
        let all = parts.into_iter().rev();
        all.reduce(|rest, first| msg!("summary-parts", first = first, rest = rest))
            .unwrap_or_default()
    }
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nobody yet.
    Empty,
    /// A person.
    Human {
        /// Their identity's id.
        id: String,
        /// Their display name.
        name: String,
        /// Whether a session of theirs is connected to the room.
        connected: bool,
        /// Whether the CPU plays this seat while they are away.
        cpu: bool,
    },
    /// The computer, at a level.
    Cpu {
        /// Strength, 1 = beginner.
        level: u8,
    },
}

impl Occupant {
    /// The name to show: a guest's marked as one ([`names::shown`]).
    pub fn label(&self) -> Msg {
        match self {
            Occupant::Empty => msg!("occupant-empty"),
            Occupant::Human {
                id,
                name,
                connected,
                cpu,
            } => {
                let name = names::shown(id, name);
                match (*connected, *cpu) {
                    (true, false) => msg!("occupant-name", name = name),
                    (false, false) => msg!("occupant-away", name = name),
                    (true, true) => msg!("occupant-cpu-plays", name = name),
                    (false, true) => msg!("occupant-away-cpu-plays", name = name),
                }
            }
            Occupant::Cpu { level } => msg!("occupant-cpu", level = *level),
        }
    }
}

/// The life of a room.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Waiting for players; the host may start.
    Waiting,
    /// A game is being played.
    Playing,
    /// The game is over; a new round needs every human's consent.
    Finished,
}

impl Phase {
    /// The phase as a word in the reader's language (the lobby's list).
    pub fn label(self) -> Msg {
        match self {
            Phase::Waiting => msg!("state-waiting"),
            Phase::Playing => msg!("state-playing"),
            Phase::Finished => msg!("state-finished"),
        }
    }

    /// The phase as an English word (the admins' reports, the journal).
    pub fn word(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Playing => "playing",
            Phase::Finished => "finished",
        }
    }
}

/// A snapshot of a room, shared by every session that shows it.
#[derive(Clone, Debug)]
pub struct RoomView {
    /// The room's id (short, also used in game ids).
    pub id: String,
    /// The invite code, as shown: in groups of four (`K7QX-M2P9-TD`).
    pub code: String,
    /// The host's settings.
    pub settings: RoomSettings,
    /// The host's identity id.
    pub host_id: String,
    /// The host's name.
    pub host_name: String,
    /// Who sits where, seat 0 first (shogi: sente).
    pub seats: Vec<Occupant>,
    /// Waiting, playing or finished.
    pub phase: Phase,
    /// The current (or last) game.
    pub game: AnyGame,
    /// The position that game began in.
    pub opening: Arc<AnyGame>,
    /// The moves so far, with the seat that made each (four-player games
    /// move out of turn).
    pub moves: Vec<PlayedMove>,
    /// The last move, to mark it on the board.
    pub last_move: Option<vocab::Move>,
    /// The id of the current game, for export (`<room>-<n>`).
    pub game_id: String,
    /// When the seat to move runs out of time, if there is a limit.
    pub deadline: Option<Instant>,
    /// Seats of the humans who agreed to a new round.
    pub new_round: SeatSet,
    /// A one-line status for everyone in the room.
    pub status: Msg,
    /// How many spectators are watching.
    pub spectators: usize,
    /// Whether the game is paused until an away player returns.
    pub paused: bool,
    /// The newest connection number per seated identity: a handle whose
    /// number is older has been replaced by a second connection.
    pub holders: Vec<(String, u64)>,
    /// Why the room was closed (an admin closed it): sessions in it go back
    /// to the lobby and say so.
    pub closed: Option<Msg>,
    /// Each seat's game clock between its moves (rooms with a clock).
    pub seat_clocks: Vec<SeatClock>,
    /// The running turn clock: its seat, the allowance it began with,
    /// and the time left when the snapshot was taken (what counts while
    /// the game is paused; while it runs, `deadline` does).
    pub turn_clock: Option<(Seat, u64, u64)>,
}

impl RoomView {
    /// `game` in play under `settings` with these occupants, outside any
    /// room: no id, code, clock, spectators or status (a lesson's board;
    /// the screens' tests).
    pub fn in_play(game: AnyGame, settings: RoomSettings, seats: Vec<Occupant>) -> RoomView {
        RoomView {
            id: String::new(),
            code: String::new(),
            settings,
            host_id: String::new(),
            host_name: String::new(),
            seats,
            phase: Phase::Playing,
            opening: Arc::new(game.clone()),
            game,
            moves: Vec::new(),
            last_move: None,
            game_id: String::new(),
            deadline: None,
            new_round: SeatSet::EMPTY,
            status: Msg::default(),
            spectators: 0,
            paused: false,
            holders: Vec::new(),
            closed: None,
            seat_clocks: Vec::new(),
            turn_clock: None,
        }
    }

    /// What `seat`'s game clock shows at `now`, in a room with a clock.
    pub fn clock_showing(&self, seat: Seat, now: Instant) -> Option<Showing> {
        let tc = self.settings.clock.as_ref()?;
        let clock = self.seat_clocks.get(seat.index())?;
        let elapsed = match self.turn_clock {
            Some((running, allowance, paused_left)) if running == seat => {
                let left = match self.deadline {
                    Some(d) => d.saturating_duration_since(now).as_millis() as u64,
                    None => paused_left,
                };
                allowance.saturating_sub(left)
            }
            _ => 0,
        };
        Some(clock.showing(tc, elapsed))
    }

    /// The seats held by the identity `id`.
    pub fn seats_of(&self, id: &str) -> SeatSet {
        seats_held(&self.seats, id)
    }
}

/// The seats in `seats` held by the identity `id` (the live room and its
/// snapshots answer alike).
pub(crate) fn seats_held(seats: &[Occupant], id: &str) -> SeatSet {
    SeatSet::matching(
        seats.len() as u8,
        |i| matches!(&seats[usize::from(i)], Occupant::Human { id: who, .. } if who == id),
    )
}

/// A move as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The seat that made it.
    pub seat: Seat,
    /// The move in the game's notation.
    pub text: String,
    /// Whether the CPU made it for a person (away, or out of time).
    pub by_cpu: bool,
}

/// One line of the lobby's room list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomSummary {
    /// The room's id.
    pub id: String,
    /// The game.
    pub kind: GameKind,
    /// The rules in one line ([`RoomSettings::rules_summary`]).
    pub rules: Msg,
    /// Seats taken by people or CPU.
    pub taken: usize,
    /// Seats in all.
    pub total: usize,
    /// The host's name.
    pub host: String,
    /// Waiting, playing or finished.
    pub phase: Phase,
}

/// The lobby's list of public rooms, newest first.
pub type Lobby = Arc<Vec<RoomSummary>>;

/// Where a session starts, from the SSH command line (`join CODE`,
/// `watch CODE`) or the lobby by default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The lobby.
    Lobby,
    /// Join the room with this invite code (or public room id).
    Join(String),
    /// Watch the room with this code or id.
    Watch(String),
    /// Take back a seat with its resume code.
    Resume(String),
    /// The admin screen (only ever given to an admin's key).
    Admin,
    /// The review of the finished game with this id.
    Review(String),
}

/// How players reach this server, for the commands shown to them:
/// `ssh -t -p {port} play@{host} join CODE` (`[server] public_host` and
/// `public_port`; without `-p` when the port is ssh's own, 22).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerAddress {
    /// Host name as players type it.
    pub host: String,
    /// SSH port as players reach it.
    pub port: u16,
}

impl ServerAddress {
    /// `ssh [-t] [-p PORT] play@HOST ARGS`: every command shown to
    /// players is made here. `-t` when `tty` (the command opens the UI);
    /// no `-p` for port 22, ssh's default.
    pub fn command(&self, tty: bool, args: &str) -> String {
        let tty = if tty { " -t" } else { "" };
        let port = match self.port {
            22 => String::new(),
            port => format!(" -p {port}"),
        };
        format!("ssh{tty}{port} play@{} {args}", self.host)
    }

    /// The command a friend pastes to join by `code`.
    pub fn join_command(&self, code: &str) -> String {
        self.command(true, &format!("join {code}"))
    }

    /// The command a keyless player pastes to take their seat back.
    pub fn resume_command(&self, code: &str) -> String {
        self.command(true, &format!("resume {code}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_name_the_public_host_and_port_but_not_port_22() {
        let mut address = ServerAddress {
            host: "games.example".into(),
            port: 2200,
        };
        assert_eq!(
            address.join_command("ABC123"),
            "ssh -t -p 2200 play@games.example join ABC123"
        );
        assert_eq!(
            address.command(false, "export g-1"),
            "ssh -p 2200 play@games.example export g-1"
        );
        address.port = 22;
        assert_eq!(
            address.resume_command("code"),
            "ssh -t play@games.example resume code"
        );
        assert_eq!(
            address.command(false, "export g-1"),
            "ssh play@games.example export g-1"
        );
    }
}
