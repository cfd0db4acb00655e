//! Storage: the hall's durable memory (RULES.md §4 "Persistence").
//!
//! A small interface, so that the hall never sees sled and another backend
//! can be added later. The hall is event-sourced: each room is an ordered
//! log of events (opaque bytes here; the hall encodes them), and a room is
//! rebuilt after a restart by replaying its log. Next to the logs live seat
//! tokens (resume codes, stored only as hashes), identities (key id →
//! name), finished games kept for export, and a heartbeat (the last time the
//! server was known alive, so turn clocks do not run while it is down).
//!
//! Backends: [`sled_store::SledStore`] on disk (what `serve` uses) and
//! [`memory::MemoryStore`] for tests and tools that need no disk.

pub mod memory;
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

/// The hall's storage. Every write returns once it is durable: after a
/// crash (even `kill -9`) a write that returned `Ok` is read back.
pub trait Store: Send + Sync + 'static {
    /// Appends event number `seq` (0, 1, 2, … per room) to `room`'s log.
    /// Durable when it returns; an event with an existing `seq` replaces
    /// nothing and is an error.
    fn append(&self, room: &str, seq: u64, event: &[u8]) -> Result<(), StoreError>;

    /// Appends several events (of any rooms) at once: durable together when
    /// it returns, for one flush instead of one per event (a restart writes
    /// one event per running game).
    fn append_batch(&self, events: &[(String, u64, Vec<u8>)]) -> Result<(), StoreError> {
        events
            .iter()
            .try_for_each(|(room, seq, event)| self.append(room, *seq, event))
    }

    /// Every room's log, rooms in id order, events in `seq` order.
    fn logs(&self) -> Result<Vec<RoomLog>, StoreError>;

    /// Removes a room's log and every seat token of the room.
    fn remove_room(&self, room: &str) -> Result<(), StoreError>;

    /// Stores a seat token under the hash of its resume code.
    fn put_token(&self, hash: &[u8; 32], token: &SeatToken) -> Result<(), StoreError>;

    /// The seat token stored under `hash`, if any.
    fn token(&self, hash: &[u8; 32]) -> Result<Option<SeatToken>, StoreError>;

    /// Remembers a keyed identity's display name.
    fn put_identity(&self, id: &str, name: &str) -> Result<(), StoreError>;

    /// Every remembered identity: (id, name).
    fn identities(&self) -> Result<Vec<(String, String)>, StoreError>;

    /// Keeps a finished game's record (opaque bytes) for export.
    fn put_game(&self, id: &str, record: &[u8]) -> Result<(), StoreError>;

    /// A kept game's record.
    fn game(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// Records that the server is alive at `unix_ms` (not necessarily
    /// durable at once: a heartbeat lost in a crash only makes clocks a
    /// little less generous).
    fn heartbeat(&self, unix_ms: u64) -> Result<(), StoreError>;

    /// The last heartbeat recorded, if any.
    fn last_heartbeat(&self) -> Result<Option<u64>, StoreError>;
}
