//! What the nodes of a hall send each other, as JSON: commands to a
//! room's owner and their answers, and the live changes an owner
//! publishes after each of its rooms' changes.

use crate::hall::HallError;
use crate::hall::events::ClaimRecord;
use crate::hall::state::RoomState;
use crate::hall::view::Identity;
use crate::i18n::Msg;
use crate::msg;
use crate::store::StoreError;
use serde::{Deserialize, Serialize};

/// A command for a room, sent to the node that owns it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) enum Command {
    /// Take a seat, or one's own seats back: answers the handle's number.
    Join {
        who: Identity,
        /// The seat to take (a bot accepting a challenge); `None`: the
        /// first free one.
        #[serde(default)]
        seat: Option<u8>,
    },
    /// Watch (one spectator more).
    Watch,
    /// The host starts the game.
    Start {
        who: Identity,
    },
    /// The host's next CPU choice for a seat.
    CycleCpu {
        who: Identity,
        seat: u8,
    },
    /// A move, in the game's notation, for the position `at` (game number
    /// and moves played) as the sender saw it.
    Play {
        who: Identity,
        text: String,
        at: (u32, usize),
    },
    Resign {
        who: Identity,
    },
    Claim {
        who: Identity,
        claim: ClaimRecord,
    },
    NewRound {
        who: Identity,
    },
    /// A handle was dropped (`None`: a spectator's).
    Leave {
        who: Option<Identity>,
    },
    /// A node's handles on a room that changed owner: who (`None`: a
    /// spectator) and the handle's number.
    Attach {
        handles: Vec<(Option<Identity>, u64)>,
    },
    /// An admin closes the room.
    Close {
        why: Msg,
    },
}

/// A command on its way: the room it is for.
#[derive(Serialize, Deserialize)]
pub(crate) struct Envelope {
    pub room: String,
    pub command: Command,
}

/// The owner's answer: the number the command gave (a join's handle
/// number, else 0) and how long the room's log is after it, or why not.
#[derive(Serialize, Deserialize)]
pub(crate) enum Answer {
    Done {
        number: u64,
        seq: u64,
    },
    Refused {
        storage: bool,
        text: String,
        /// The refusal's message, for the players of the asking node.
        #[serde(default)]
        msg: Option<Msg>,
    },
    /// This node does not own the room (any more).
    NotOwner,
}

impl Answer {
    /// The answer for `result` of a command run on the room at `seq`.
    pub fn of(result: Result<u64, HallError>, seq: u64) -> Answer {
        match result {
            Ok(number) => Answer::Done { number, seq },
            Err(e) => Answer::Refused {
                storage: matches!(e, HallError::Storage(_)),
                text: e.to_string(),
                msg: Some(e.msg()),
            },
        }
    }

    /// The error a refusal stands for on the sender's side.
    pub fn error(storage: bool, text: String, msg: Option<Msg>) -> HallError {
        match (storage, msg) {
            (true, _) => HallError::Storage(StoreError::Io(text)),
            (false, Some(msg)) => HallError::Remote(msg),
            (false, None) => HallError::Remote(msg!("error-remote", detail = text)),
        }
    }
}

/// What is not in the log but shown: who is connected, and the status
/// line as the owner last set it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Presence {
    pub spectators: usize,
    pub connections: Vec<(String, usize)>,
    pub holders: Vec<(String, u64)>,
    pub next_handle: u64,
    pub idle_since: Option<u64>,
    pub status: Msg,
}

impl Presence {
    pub fn of(s: &RoomState) -> Presence {
        Presence {
            spectators: s.spectators,
            connections: s.connections.clone(),
            holders: s.holders.clone(),
            next_handle: s.next_handle,
            idle_since: s.idle_since,
            status: s.status.clone(),
        }
    }

    pub fn put(self, s: &mut RoomState) {
        s.spectators = self.spectators;
        s.connections = self.connections;
        s.holders = self.holders;
        s.next_handle = self.next_handle;
        s.idle_since = self.idle_since;
        s.status = self.status;
    }
}

/// A room's change as its owner publishes it: the events committed since
/// its last one (event `first` onwards, as logged), and the presence.
#[derive(Serialize, Deserialize)]
pub(crate) struct Live {
    pub owner: String,
    pub first: u64,
    pub events: Vec<String>,
    pub presence: Presence,
    /// Why the room closed, once it has.
    pub closed: Option<Msg>,
    /// The address its host created it from (with its first event only,
    /// for the hall-wide count of rooms per address; not logged).
    pub address: Option<std::net::IpAddr>,
}

/// A failed join or watch by code, for every node's count.
#[derive(Serialize, Deserialize)]
pub(crate) struct Failed {
    pub node: String,
    pub keys: Vec<String>,
    pub at: u64,
}
