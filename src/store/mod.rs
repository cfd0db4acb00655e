//! Storage: the hall's durable memory (docs/rules.md §4 "Persistence").
//!
//! A small interface, so that the hall never sees sled and another backend
//! can be added later. The hall is event-sourced: each room is an ordered
//! log of events (opaque bytes here; the hall encodes them), and a room is
//! rebuilt after a restart by replaying its log. Next to the logs live seat
//! tokens (resume codes, stored only as hashes), identities (key id →
//! name), finished games kept for export, and a heartbeat (the last time the
//! server was known alive, so turn clocks do not run while it is down).
//!
//! Next to the room logs, the hall keeps a **journal**: one line per
//! committed event (and a few lines of its own, such as a room's expiry),
//! numbered in commit order across the hall, for admins to read and follow
//! live. An event and its journal line are written together. Rooms' logs
//! are removed with their rooms; the journal stays.
//!
//! Backends: [`sled_store::SledStore`] on disk (what `serve` uses by
//! default), [`nats_store::NatsStore`] in NATS JetStream (`[storage]
//! backend = "nats"`), and [`memory::MemoryStore`] for tests and tools
//! that need no disk. [`Backend`] names one; `migrate` copies a hall
//! from one to another.

pub mod link;
pub mod memory;
pub mod migrate;
pub mod nats_store;
pub mod sled_store;

use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use thiserror::Error;

/// The version of the data layout this build writes and reads. Stored with
/// the data; a database of another version is refused, never rewritten.
pub const SCHEMA_VERSION: u32 = 1;

/// Why the store refused or failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    /// Another process (another server) has the database open.
    #[error(
        "the data directory {path} is in use by another process (is another banmen server running?)"
    )]
    Locked {
        /// The data directory.
        path: PathBuf,
    },
    /// The files are damaged and cannot be read.
    #[error("the data in {path} is damaged: {detail}")]
    Corrupt {
        /// The data directory.
        path: PathBuf,
        /// What was wrong.
        detail: String,
    },
    /// The directory holds something that is not banmen data.
    #[error("{path} does not hold banmen data ({detail}); choose another data_dir")]
    Foreign {
        /// The data directory.
        path: PathBuf,
        /// What was found.
        detail: String,
    },
    /// The data was written by a build with another schema version.
    #[error("{path} holds data of schema version {found}; this build reads version {supported}")]
    Version {
        /// The data directory.
        path: PathBuf,
        /// The version found.
        found: u32,
        /// [`SCHEMA_VERSION`].
        supported: u32,
    },
    /// Another banmen server holds the hall (NATS: its lease is alive).
    #[error("{hall} is in use by another banmen server ({owner}); one server per hall")]
    InUse {
        /// The hall: the NATS address and the hall's name.
        hall: String,
        /// Who holds it, as it said when it took it.
        owner: String,
    },
    /// A room's log moved on behind this server: another node of the
    /// hall wrote to it (the rooms named).
    #[error("another server wrote to room {0} meanwhile")]
    Stale(String),
    /// Reading or writing failed.
    #[error("storage error: {0}")]
    Io(String),
}

/// A resume code's seat: what a keyless player gets back with the code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatToken {
    /// The room.
    pub room: String,
    /// The identity that holds the seat (`guest:…`).
    pub identity: String,
    /// The identity's display name.
    pub name: String,
}

/// One room's log: its id and its events in order (oldest first).
pub type RoomLog = (String, Vec<Vec<u8>>);

/// An event to append: event number `seq` of `room`'s log, and the
/// journal's line for it (opaque bytes here; empty: no line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Appended {
    /// The room.
    pub room: String,
    /// The event's number in the room's log (0, 1, 2, …).
    pub seq: u64,
    /// The event.
    pub event: Vec<u8>,
    /// The journal's line for it, or empty.
    pub line: Vec<u8>,
}

/// A journal line: its number (ascending in commit order) and its bytes.
pub type JournalLine = (u64, Vec<u8>);

/// The journal's lines in order, read lazily (a scan of the whole journal
/// holds one line at a time).
pub type JournalIter<'a> = Box<dyn Iterator<Item = Result<JournalLine, StoreError>> + 'a>;

/// Wakes a reader of the journal when lines are added.
pub trait JournalWaiter: Send {
    /// Waits up to `timeout` for lines added since the previous call (or
    /// since the waiter was made); whether there were any.
    fn wait(&mut self, timeout: std::time::Duration) -> bool;
}

/// The hall's storage. Every write returns once it is durable: after a
/// crash (even `kill -9`) a write that returned `Ok` is read back.
pub trait Store: Send + Sync + 'static {
    /// Appends events (of any rooms) with their journal lines: durable
    /// together when it returns, for one flush instead of one per event (a
    /// restart writes one event per running game). An event with an
    /// existing `seq`, or one that leaves a gap in its room's log, is an
    /// error; each event and its line are written both or neither.
    fn commit(&self, events: &[Appended]) -> Result<(), StoreError>;

    /// Appends event number `seq` (0, 1, 2, … per room) to `room`'s log,
    /// without a journal line. Durable when it returns.
    fn append(&self, room: &str, seq: u64, event: &[u8]) -> Result<(), StoreError> {
        let event = Appended {
            room: room.to_string(),
            seq,
            event: event.to_vec(),
            line: Vec::new(),
        };
        self.commit(&[event])
    }

    /// Appends several events without journal lines, durable together.
    fn append_batch(&self, events: &[(String, u64, Vec<u8>)]) -> Result<(), StoreError> {
        let events: Vec<Appended> = events
            .iter()
            .map(|(room, seq, event)| Appended {
                room: room.clone(),
                seq: *seq,
                event: event.clone(),
                line: Vec::new(),
            })
            .collect();
        self.commit(&events)
    }

    /// Adds a line of the hall's own to the journal (durable).
    fn note(&self, line: &[u8]) -> Result<(), StoreError>;

    /// The journal's lines numbered above `after` (all when `None`),
    /// oldest first.
    fn journal(&self, after: Option<u64>) -> JournalIter<'_>;

    /// A waiter woken by lines added to the journal from now on.
    fn journal_waiter(&self) -> Box<dyn JournalWaiter>;

    /// Every room's log, rooms in id order, events in `seq` order.
    fn logs(&self) -> Result<Vec<RoomLog>, StoreError>;
    /// One room's log as stored now (empty if it has none); later appends
    /// by this store follow on from it.
    fn room_log(&self, room: &str) -> Result<Vec<Vec<u8>>, StoreError> {
        let logs = self.logs()?;
        let log = logs.into_iter().find(|(id, _)| id == room);
        Ok(log.map(|(_, events)| events).unwrap_or_default())
    }
    /// The link between the nodes of a hall several servers serve, if
    /// this store is one node's.
    fn link(&self) -> Option<std::sync::Arc<dyn link::Link>> {
        None
    }

    /// Removes a room's log and every seat token of the room.
    fn remove_room(&self, room: &str) -> Result<(), StoreError>;

    /// Stores a seat token under the hash of its resume code, replacing
    /// (in one write) every earlier token of the same room and identity: a
    /// seat's new resume code ends its old ones.
    fn put_token(&self, hash: &[u8; 32], token: &SeatToken) -> Result<(), StoreError>;

    /// The seat token stored under `hash`, if any.
    fn token(&self, hash: &[u8; 32]) -> Result<Option<SeatToken>, StoreError>;

    /// Remembers a keyed identity's display name.
    fn put_identity(&self, id: &str, name: &str) -> Result<(), StoreError>;

    /// Every remembered identity: (id, name).
    fn identities(&self) -> Result<Vec<(String, String)>, StoreError>;

    /// Keeps a keyed player's settings (opaque bytes: language, pieces).
    fn put_settings(&self, id: &str, record: &[u8]) -> Result<(), StoreError>;

    /// A player's settings, if they saved any.
    fn settings(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// Every player's settings: (id, record), by id.
    fn all_settings(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError>;

    /// Keeps a bot's registration (opaque bytes) under its name, replacing
    /// one of the same name.
    fn put_bot(&self, name: &str, record: &[u8]) -> Result<(), StoreError>;

    /// Forgets the bot `name`; whether there was one.
    fn remove_bot(&self, name: &str) -> Result<bool, StoreError>;

    /// Every registered bot: (name, record), by name.
    fn bots(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError>;

    /// Keeps a finished game's record (opaque bytes) for export.
    fn put_game(&self, id: &str, record: &[u8]) -> Result<(), StoreError>;

    /// A kept game's record.
    fn game(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// Keeps a rated game's record (opaque bytes) under `key`, replacing
    /// one stored under the same key (a rebuild rewrites them).
    fn put_rated(&self, key: &str, record: &[u8]) -> Result<(), StoreError>;

    /// Every rated game's record, in key order.
    fn rated(&self) -> Result<Vec<Vec<u8>>, StoreError>;

    /// Records that the server is alive at `unix_ms` (not necessarily
    /// durable at once: a heartbeat lost in a crash only makes clocks a
    /// little less generous).
    fn heartbeat(&self, unix_ms: u64) -> Result<(), StoreError>;

    /// The last heartbeat recorded, if any.
    fn last_heartbeat(&self) -> Result<Option<u64>, StoreError>;

    /// Every usable seat token with the hash of its resume code, by hash
    /// (a code a seat's newer one ended is left out): what `banmen
    /// migrate` copies, since [`Store::token`] finds a token only by its
    /// hash.
    fn tokens(&self) -> Result<Vec<([u8; 32], SeatToken)>, StoreError>;

    /// Every kept game: (id, record), by id ([`Store::game`] reads one).
    fn games(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError>;

    /// Every rated game with the key it is stored under, in key order:
    /// [`Store::rated`] with the keys, so that a copy keeps them.
    fn rated_keyed(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError>;
}

/// Runs `wait` (which blocks the calling thread), in `block_in_place` on a
/// multi-thread tokio runtime so that the worker's other tasks go on;
/// plainly elsewhere (`block_in_place` panics on a current-thread runtime).
pub(crate) fn blocking<T>(wait: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current() {
        Ok(handle) if handle.runtime_flavor() == RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(wait)
        }
        _ => wait(),
    }
}

/// Which store a server (or `banmen migrate`) opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// sled in a data directory (the default).
    Sled(PathBuf),
    /// NATS JetStream.
    Nats(nats_store::NatsOptions),
}

impl Backend {
    /// Opens the store.
    pub fn open(&self) -> Result<std::sync::Arc<dyn Store>, StoreError> {
        Ok(match self {
            Backend::Sled(dir) => std::sync::Arc::new(sled_store::SledStore::open(dir)?),
            Backend::Nats(options) => std::sync::Arc::new(nats_store::NatsStore::open(options)?),
        })
    }

    /// Reads `sled:DIR`, or a NATS address (`nats://HOST:PORT`, with
    /// `#HALL` for a hall not named `banmen`), as `banmen migrate` takes
    /// them.
    pub fn parse(text: &str) -> Result<Backend, String> {
        if let Some(dir) = text.strip_prefix("sled:") {
            if dir.is_empty() {
                return Err(format!("{text:?}: expected sled:DIRECTORY"));
            }
            return Ok(Backend::Sled(PathBuf::from(dir)));
        }
        if text.starts_with("nats://") || text.starts_with("tls://") {
            let (url, hall) = text.split_once('#').unwrap_or((text, "banmen"));
            let mut options = nats_store::NatsOptions::new(url);
            options.hall = hall.to_string();
            return Ok(Backend::Nats(options));
        }
        Err(format!(
            "{text:?}: expected sled:DIRECTORY or nats://HOST:PORT[#HALL]"
        ))
    }
}

impl Backend {
    /// The backend with these NATS settings, if it is NATS.
    pub fn with_nats(self, credentials: Option<&std::path::Path>, replicas: usize) -> Backend {
        match self {
            Backend::Nats(mut options) => {
                options.credentials = credentials.map(PathBuf::from);
                options.replicas = replicas;
                Backend::Nats(options)
            }
            other => other,
        }
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Backend::Sled(dir) => write!(f, "sled:{}", dir.display()),
            Backend::Nats(o) => write!(f, "{}#{}", o.url, o.hall),
        }
    }
}
