//! `banmen migrate`: a whole hall copied from one store to another (sled
//! to NATS, NATS to sled, sled to sled), so that a host can move without
//! losing a game.
//!
//! Both stores are opened as a server opens them, so a hall that a running
//! server holds is refused (sled's lock, NATS's lease), and while the copy
//! runs no server can change the source or start on the target. The
//! target must hold nothing yet: a copy never merges two halls, and a
//! refused target is left as it was.
//!
//! Everything goes through the [`Store`] trait, so any pair of backends
//! works, and the copy is what the hall would read back: every room's log
//! (events in order, committed in chunks), the journal's lines in order
//! (numbered by the target: sled counts 1, 2, …, NATS numbers lines by
//! their stream sequence), seat tokens under their resume codes' hashes
//! (the codes themselves are stored nowhere), identities, players'
//! settings, registered bots, kept games, rated games under their keys,
//! and the last heartbeat (so turn clocks do not count the move as time
//! played). Each kind is read back from the target and compared with the
//! source before the next is copied.
//!
//! A copy that fails half-way leaves part of the hall in the target, which
//! a second run then refuses as not empty: empty the target (remove the
//! sled directory, or the NATS hall's stream and buckets) and run again.
//! The source is only read.

use super::{Backend, Store, StoreError};
use std::fmt;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Events per commit into the target: one durable write each, small
/// enough that NATS takes one as a few atomic batches.
const EVENTS_PER_COMMIT: usize = 1000;

/// Why a migration stopped: one line for stderr.
#[derive(Debug, Error)]
pub enum MigrateError {
    /// `--from` and `--to` name the same hall.
    #[error("the source and the target are the same hall ({0})")]
    Same(String),
    /// The source's directory does not exist (nothing is made there).
    #[error("the source {0} does not exist")]
    Missing(String),
    /// The source does not open (held by a server, damaged, unreachable).
    #[error("cannot open the source {backend}: {error}")]
    Source {
        /// The source, as given.
        backend: String,
        /// Why.
        error: StoreError,
    },
    /// The source holds no hall (a mistyped directory or hall name).
    #[error("the source {0} holds no hall: nothing to copy")]
    EmptySource(String),
    /// The target does not open.
    #[error("cannot open the target {backend}: {error}")]
    Target {
        /// The target, as given.
        backend: String,
        /// Why.
        error: StoreError,
    },
    /// The target holds data already; nothing was written to it.
    #[error(
        "the target {0} is not empty: banmen migrate copies only into an empty store (nothing was written)"
    )]
    NotEmpty(String),
    /// Reading the source failed.
    #[error("reading the source failed: {0}")]
    Read(StoreError),
    /// Writing the target failed, part of the hall is in it.
    #[error(
        "writing the target failed: {0} (it holds part of the hall: empty it before trying again)"
    )]
    Write(StoreError),
    /// What the target reads back is not what the source holds.
    #[error("the target does not read back as the source: {0}")]
    Differs(String),
}

/// What a migration copied, and how long it took: its summary line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Copied {
    /// Where from, as given.
    pub from: String,
    /// Where to, as given.
    pub to: String,
    /// Room logs.
    pub rooms: usize,
    /// Events in them.
    pub events: usize,
    /// Journal lines.
    pub lines: usize,
    /// Seat tokens (usable resume codes).
    pub tokens: usize,
    /// Remembered identities.
    pub identities: usize,
    /// Players' saved settings.
    pub settings: usize,
    /// Registered bots.
    pub bots: usize,
    /// Finished games kept for export.
    pub games: usize,
    /// Rated games.
    pub rated: usize,
    /// Whether there was a heartbeat to copy.
    pub heartbeat: bool,
    /// From opening the stores to the last check.
    pub took: Duration,
}

impl fmt::Display for Copied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "copied {} to {} in {:.1} s: {} ({}), {}, {}, {}, {}, {}, {}, {}, {}; all read back equal",
            self.from,
            self.to,
            self.took.as_secs_f64(),
            count(self.rooms, "room", "rooms"),
            count(self.events, "event", "events"),
            count(self.lines, "journal line", "journal lines"),
            count(self.tokens, "resume code", "resume codes"),
            count(self.identities, "identity", "identities"),
            count(self.settings, "player's settings", "players' settings"),
            count(self.bots, "bot", "bots"),
            count(self.games, "game", "games"),
            count(self.rated, "rated game", "rated games"),
            if self.heartbeat {
                "the last heartbeat"
            } else {
                "no heartbeat"
            }
        )
    }
}

/// `n` things, in the singular for one.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Copies the hall in `from` into the empty store `to` (see the module
/// doc).
pub fn migrate(from: &Backend, to: &Backend) -> Result<Copied, MigrateError> {
    let start = Instant::now();
    if same_hall(from, to) {
        return Err(MigrateError::Same(from.to_string()));
    }
    let source = open_source(from)?;
    if is_empty(&*source).map_err(MigrateError::Read)? {
        return Err(MigrateError::EmptySource(from.to_string()));
    }
    let target = to.open().map_err(|error| MigrateError::Target {
        backend: to.to_string(),
        error,
    })?;
    if !is_empty(&*target).map_err(|error| MigrateError::Target {
        backend: to.to_string(),
        error,
    })? {
        return Err(MigrateError::NotEmpty(to.to_string()));
    }
    let mut copied = copy(&*source, &*target)?;
    copied.from = from.to_string();
    copied.to = to.to_string();
    copied.took = start.elapsed();
    Ok(copied)
}

/// Whether two backends name the same hall: the same directory (however
/// written), or the same NATS address and hall name.
fn same_hall(a: &Backend, b: &Backend) -> bool {
    match (a, b) {
        (Backend::Sled(a), Backend::Sled(b)) => {
            let real = |p: &std::path::Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
            real(a) == real(b)
        }
        (Backend::Nats(a), Backend::Nats(b)) => a.url == b.url && a.hall == b.hall,
        _ => false,
    }
}

/// Opens the source; a sled directory that does not exist is refused
/// before opening, which would make it.
fn open_source(from: &Backend) -> Result<std::sync::Arc<dyn Store>, MigrateError> {
    if let Backend::Sled(dir) = from
        && !dir.exists()
    {
        return Err(MigrateError::Missing(from.to_string()));
    }
    from.open().map_err(|error| MigrateError::Source {
        backend: from.to_string(),
        error,
    })
}

/// Whether `store` holds nothing a hall writes (the cheap reads first).
pub fn is_empty(store: &dyn Store) -> Result<bool, StoreError> {
    Ok(store.last_heartbeat()?.is_none()
        && store.identities()?.is_empty()
        && store.all_settings()?.is_empty()
        && store.bots()?.is_empty()
        && store.journal(None).next().transpose()?.is_none()
        && store.tokens()?.is_empty()
        && store.rated_keyed()?.is_empty()
        && store.games()?.is_empty()
        && store.logs()?.is_empty())
}

/// Copies everything from `source` into `target` (which should be empty),
/// checking each kind once written. The heartbeat goes first: sled does
/// not flush it by itself, the writes after it do.
pub fn copy(source: &dyn Store, target: &dyn Store) -> Result<Copied, MigrateError> {
    let mut copied = Copied {
        heartbeat: copy_heartbeat(source, target)?,
        identities: copy_identities(source, target)?,
        settings: copy_settings(source, target)?,
        bots: copy_bots(source, target)?,
        rated: copy_rated(source, target)?,
        games: copy_games(source, target)?,
        ..Copied::default()
    };
    (copied.rooms, copied.events) = copy_logs(source, target)?;
    // After the logs: a token never names a room the target lacks.
    copied.tokens = copy_tokens(source, target)?;
    copied.lines = copy_journal(source, target)?;
    Ok(copied)
}

/// Fails with `what` unless the target read back what the source holds.
fn check<T: PartialEq>(what: &str, source: &T, target: &T) -> Result<(), MigrateError> {
    if source == target {
        Ok(())
    } else {
        Err(MigrateError::Differs(what.to_string()))
    }
}

fn copy_heartbeat(source: &dyn Store, target: &dyn Store) -> Result<bool, MigrateError> {
    let Some(ms) = source.last_heartbeat().map_err(MigrateError::Read)? else {
        return Ok(false);
    };
    target.heartbeat(ms).map_err(MigrateError::Write)?;
    let back = target.last_heartbeat().map_err(MigrateError::Write)?;
    check("the heartbeat", &Some(ms), &back)?;
    Ok(true)
}

/// Every (key, value) of one kind: read from the source, each written to
/// the target, then read back and compared; how many.
fn copy_pairs<K: PartialEq, V: PartialEq>(
    what: &str,
    source: &dyn Store,
    target: &dyn Store,
    read: impl Fn(&dyn Store) -> Result<Vec<(K, V)>, StoreError>,
    write: impl Fn(&dyn Store, &K, &V) -> Result<(), StoreError>,
) -> Result<usize, MigrateError> {
    let all = read(source).map_err(MigrateError::Read)?;
    for (key, value) in &all {
        write(target, key, value).map_err(MigrateError::Write)?;
    }
    let back = read(target).map_err(MigrateError::Write)?;
    check(what, &all, &back)?;
    Ok(all.len())
}

fn copy_identities(source: &dyn Store, target: &dyn Store) -> Result<usize, MigrateError> {
    let read = |s: &dyn Store| s.identities();
    let write = |s: &dyn Store, id: &String, name: &String| s.put_identity(id, name);
    copy_pairs("the identities", source, target, read, write)
}

fn copy_settings(source: &dyn Store, target: &dyn Store) -> Result<usize, MigrateError> {
    let read = |s: &dyn Store| s.all_settings();
    let write = |s: &dyn Store, id: &String, record: &Vec<u8>| s.put_settings(id, record);
    copy_pairs("the players' settings", source, target, read, write)
}

fn copy_bots(source: &dyn Store, target: &dyn Store) -> Result<usize, MigrateError> {
    let read = |s: &dyn Store| s.bots();
    let write = |s: &dyn Store, name: &String, record: &Vec<u8>| s.put_bot(name, record);
    copy_pairs("the registered bots", source, target, read, write)
}

/// Rated games keep their keys: the keys order them for the ratings.
fn copy_rated(source: &dyn Store, target: &dyn Store) -> Result<usize, MigrateError> {
    let read = |s: &dyn Store| s.rated_keyed();
    let write = |s: &dyn Store, key: &String, record: &Vec<u8>| s.put_rated(key, record);
    copy_pairs("the rated games", source, target, read, write)
}

fn copy_games(source: &dyn Store, target: &dyn Store) -> Result<usize, MigrateError> {
    let read = |s: &dyn Store| s.games();
    let write = |s: &dyn Store, id: &String, record: &Vec<u8>| s.put_game(id, record);
    copy_pairs("the kept games", source, target, read, write)
}

/// Every room's log, in chunks of [`EVENTS_PER_COMMIT`] events (a chunk
/// may hold the end of one room and the start of the next); the number of
/// rooms and of events.
fn copy_logs(source: &dyn Store, target: &dyn Store) -> Result<(usize, usize), MigrateError> {
    let logs = source.logs().map_err(MigrateError::Read)?;
    let mut chunk = Vec::with_capacity(EVENTS_PER_COMMIT);
    let mut events = 0;
    for (room, log) in &logs {
        for (seq, event) in log.iter().enumerate() {
            chunk.push((room.clone(), seq as u64, event.clone()));
            if chunk.len() == EVENTS_PER_COMMIT {
                target.append_batch(&chunk).map_err(MigrateError::Write)?;
                events += chunk.len();
                chunk.clear();
            }
        }
    }
    if !chunk.is_empty() {
        target.append_batch(&chunk).map_err(MigrateError::Write)?;
        events += chunk.len();
    }
    let back = target.logs().map_err(MigrateError::Write)?;
    check("the room logs", &logs, &back)?;
    Ok((logs.len(), events))
}

fn copy_tokens(source: &dyn Store, target: &dyn Store) -> Result<usize, MigrateError> {
    let all = source.tokens().map_err(MigrateError::Read)?;
    for (hash, token) in &all {
        target.put_token(hash, token).map_err(MigrateError::Write)?;
    }
    let back = target.tokens().map_err(MigrateError::Write)?;
    check("the resume codes", &all, &back)?;
    Ok(all.len())
}

/// The journal's lines in order, one at a time (a journal may be long);
/// then both are read again side by side, numbers aside.
fn copy_journal(source: &dyn Store, target: &dyn Store) -> Result<usize, MigrateError> {
    let mut lines = 0;
    for line in source.journal(None) {
        let (_, line) = line.map_err(MigrateError::Read)?;
        target.note(&line).map_err(MigrateError::Write)?;
        lines += 1;
    }
    let mut back = target.journal(None);
    for line in source.journal(None) {
        let (_, line) = line.map_err(MigrateError::Read)?;
        let copy = back.next().transpose().map_err(MigrateError::Write)?;
        check("the journal", &Some(line), &copy.map(|(_, l)| l))?;
    }
    check("the journal's length", &None, &back.next().map(|_| ()))?;
    Ok(lines)
}
