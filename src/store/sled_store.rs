//! The on-disk store: a sled database in the data directory.
//!
//! Layout (one sled tree each): `meta` (`schema` → [`SCHEMA_VERSION`] as a
//! big-endian u32, `heartbeat` → unix ms as a big-endian u64), `events`
//! (room id, a 0x00 byte, seq as a big-endian u64 → event), `tokens`
//! (hash → JSON [`SeatToken`]), `token_rooms` (room id, a 0x00 byte,
//! hash → identity: the tokens of a room, found without reading the
//! others; see the `tokens` module), `identities` (id → name), `games`
//! (id → record), `journal` (line number as a big-endian u64 → line) and
//! `rated` (time-ordered key → rated game). Big-endian seqs make sled's key order the log order, and
//! the 0x00 separator (room ids hold no NUL) sorts a room before any longer
//! id it prefixes, so one scan yields rooms in id order.
//!
//! Journal lines are numbered under a lock, in the same transaction as
//! their events, so the numbers are the commit order and a reader that
//! scans from the last number it saw misses nothing. Readers are woken by
//! sled's subscriber on the `journal` tree; they only use it as a signal
//! and drain it at once (sled's writers wait on a subscriber whose queue of
//! 1,024 is full), then read the lines from the tree.
//!
//! Every write but the heartbeat is flushed before it returns, by one
//! flusher thread shared by all writers (group commit, the `group`
//! module): concurrent writes wait for the same flush. sled 0.34's
//! `flush` writes the log and, on Linux, waits with `sync_file_range` (the
//! same work shared by concurrent callers): enough for a process crash
//! (`kill -9`), not for a power cut, since it neither flushes the disk's
//! write cache nor commits the file's size; sled's own `fsync` comes only
//! every 500 ms. So the store then calls `fdatasync` on its own handle to
//! the `db` file (an fsync acts on the file, whichever descriptor).
//!
//! A testing hook: [`SledOptions::fsync_delay`] (from the environment
//! variable `BANMEN_FSYNC_DELAY_MS` when opened with [`SledStore::open`])
//! adds that much time to every flush, to stand for a slow disk.
//!
//! Opening is careful with directories that are not ours: a non-empty
//! directory without a sled config, or with files sled did not write, is
//! refused before sled sees it (the `preflight` module); a sled database without
//! banmen's schema key, or of another schema version, is refused before
//! banmen writes anything to it.
//!
//! What this cannot catch: sled recovers a log damaged in the middle as the
//! prefix before the damage, silently (it cannot tell damage from a write
//! torn by a crash).

mod group;
mod preflight;
mod tokens;

use super::{
    Appended, JournalIter, JournalWaiter, RoomLog, SCHEMA_VERSION, SeatToken, Store, StoreError,
};
use group::GroupFlush;
use preflight::preflight;
use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::{Db, Transactional, Tree};
use std::fs::{self, File};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// The `meta` key of the schema version.
const SCHEMA_KEY: &[u8] = b"schema";
/// The `meta` key of the last heartbeat.
const HEARTBEAT_KEY: &[u8] = b"heartbeat";
/// Separates the room id from the seq in an `events` key.
const ROOM_END: u8 = 0;

/// The environment variable read by [`SledStore::open`] for
/// [`SledOptions::fsync_delay`], in milliseconds (a testing hook).
pub const FSYNC_DELAY_VAR: &str = "BANMEN_FSYNC_DELAY_MS";

/// Called before each flush with its number (1, 2, …); an error fails that
/// flush and every write waiting for it. A testing hook.
pub type FlushHook = Arc<dyn Fn(u64) -> Result<(), String> + Send + Sync>;

/// How a [`SledStore`] opens. The defaults are what a server uses; both
/// fields are testing hooks.
#[derive(Clone, Default)]
pub struct SledOptions {
    /// Time added to every flush (after sled's flush, before the
    /// `fdatasync`), to stand for a slow disk in tests and benches.
    pub fsync_delay: Duration,
    /// Called before every flush.
    pub before_flush: Option<FlushHook>,
}

impl SledOptions {
    /// The defaults, with `fsync_delay` from [`FSYNC_DELAY_VAR`] if set.
    pub fn from_env() -> Result<SledOptions, StoreError> {
        let Ok(text) = std::env::var(FSYNC_DELAY_VAR) else {
            return Ok(SledOptions::default());
        };
        let ms: u64 = text.trim().parse().map_err(|_| {
            StoreError::Io(format!(
                "{FSYNC_DELAY_VAR} must be a whole number of milliseconds, not {text:?}"
            ))
        })?;
        Ok(SledOptions {
            fsync_delay: Duration::from_millis(ms),
            before_flush: None,
        })
    }
}

/// A store in a sled database on disk.
pub struct SledStore {
    path: PathBuf,
    /// The flusher thread every write waits on.
    group: GroupFlush,
    meta: Tree,
    events: Tree,
    tokens: Tree,
    /// The tokens of each room (see the `tokens` module).
    token_rooms: Tree,
    identities: Tree,
    /// Keyed players' settings (id → JSON).
    settings: Tree,
    /// Registered bots (name → record).
    bots: Tree,
    games: Tree,
    journal: Tree,
    rated: Tree,
    /// The number of the next journal line; held while lines are written.
    next_line: Mutex<u64>,
}

impl SledStore {
    /// Opens (or creates) the store in `dir`. Refuses, without changing
    /// anything, a directory that holds something else, a damaged database,
    /// one of another schema version, and one another process has open.
    /// Takes its testing hooks from the environment
    /// ([`SledOptions::from_env`]).
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        SledStore::open_with(dir, SledOptions::from_env()?)
    }

    /// [`SledStore::open`] with the options given.
    pub fn open_with(dir: &Path, options: SledOptions) -> Result<SledStore, StoreError> {
        preflight(dir)?;
        fs::create_dir_all(dir)
            .map_err(|e| StoreError::Io(format!("cannot create {}: {e}", dir.display())))?;
        let db = open_db(dir)?;
        let fresh = check_schema(dir, &db)?;
        let tree = |name: &str| db.open_tree(name).map_err(|e| open_error(dir, e));
        let store = SledStore {
            path: dir.to_path_buf(),
            meta: tree("meta")?,
            events: tree("events")?,
            tokens: tree("tokens")?,
            token_rooms: tree("token_rooms")?,
            identities: tree("identities")?,
            settings: tree("settings")?,
            bots: tree("bots")?,
            games: tree("games")?,
            journal: tree("journal")?,
            rated: tree("rated")?,
            next_line: Mutex::new(0),
            group: GroupFlush::start(flusher(dir, &db, options)?)?,
        };
        let last = store.journal.last().map_err(|e| store.error(e))?;
        let next = last.map_or(Ok(1), |(key, _)| line_number(&key).map(|n| n + 1));
        *store.lines() = next.map_err(|d| store.corrupt(d))?;
        if fresh {
            let version = SCHEMA_VERSION.to_be_bytes();
            store
                .meta
                .insert(SCHEMA_KEY, &version)
                .map_err(|e| store.error(e))?;
            store.flush()?;
        }
        store.index_tokens()?;
        Ok(store)
    }

    /// How many flushes the store has made (each covers every write that
    /// waited for it): for tests and benches.
    pub fn flushes(&self) -> u64 {
        self.group.flushes()
    }

    /// The next journal line's number, locked.
    fn lines(&self) -> MutexGuard<'_, u64> {
        self.next_line.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Checks that `events` continue their rooms' logs without a gap.
    fn check_order(&self, events: &[Appended]) -> Result<(), StoreError> {
        let mut next: Vec<(&str, u64)> = Vec::new();
        for e in events {
            if e.room.as_bytes().contains(&ROOM_END) {
                let room = &e.room;
                return Err(StoreError::Io(format!(
                    "room id {room:?} contains a NUL byte"
                )));
            }
            let expected = match next.iter_mut().find(|(room, _)| *room == e.room) {
                Some((_, n)) => n,
                None => {
                    let first = self.last_seq(&e.room)?.map_or(0, |l| l.saturating_add(1));
                    next.push((&e.room, first));
                    &mut next.last_mut().expect("just pushed").1
                }
            };
            if e.seq > *expected {
                return Err(StoreError::Io(format!(
                    "room {}: event {} out of order (the next is {expected})",
                    e.room, e.seq
                )));
            }
            *expected = e.seq.saturating_add(1);
        }
        Ok(())
    }

    /// Inserts `events` and their journal lines (numbered from `first`) in
    /// one transaction, refusing an event that exists already.
    fn insert_events(&self, events: &[Appended], first: u64) -> Result<u64, StoreError> {
        let result = (&self.events, &self.journal).transaction(|(log, journal)| {
            let mut number = first;
            for e in events {
                let mut key = room_prefix(&e.room);
                key.extend_from_slice(&e.seq.to_be_bytes());
                if log.insert(key, e.event.as_slice())?.is_some() {
                    let why = format!("room {}: event {} already exists", e.room, e.seq);
                    return Err(ConflictableTransactionError::Abort(why));
                }
                if !e.line.is_empty() {
                    journal.insert(&number.to_be_bytes(), e.line.as_slice())?;
                    number += 1;
                }
            }
            Ok(number)
        });
        match result {
            Ok(next) => Ok(next),
            Err(TransactionError::Storage(e)) => Err(self.error(e)),
            Err(TransactionError::Abort(why)) => Err(StoreError::Io(why)),
        }
    }

    /// Waits until every write so far is on disk, even through a power
    /// cut: for a flush of the flusher thread that began after this call.
    fn flush(&self) -> Result<(), StoreError> {
        self.group.wait()
    }

    /// A sled error met while the store is open.
    fn error(&self, e: sled::Error) -> StoreError {
        sled_error(&self.path, e)
    }

    /// Data that does not decode.
    fn corrupt(&self, detail: impl std::fmt::Display) -> StoreError {
        corrupt(&self.path, detail.to_string())
    }

    /// The seq of the room's last event, if the room has any.
    fn last_seq(&self, room: &str) -> Result<Option<u64>, StoreError> {
        let last = self.events.scan_prefix(room_prefix(room)).next_back();
        let Some(entry) = last else { return Ok(None) };
        let (key, _) = entry.map_err(|e| self.error(e))?;
        let (_, seq) = split_key(&key).ok_or_else(|| self.bad_key(&key))?;
        Ok(Some(seq))
    }

    fn bad_key(&self, key: &[u8]) -> StoreError {
        self.corrupt(format!(
            "event key {key:?} is not room id, 0x00, 8-byte seq"
        ))
    }
}

impl Store for SledStore {
    /// Refuses a seq that exists (atomically, in the transaction) and,
    /// like the memory store, one that leaves a gap after the room's last
    /// event.
    fn commit(&self, events: &[Appended]) -> Result<(), StoreError> {
        self.check_order(events)?;
        {
            let mut next = self.lines();
            *next = self.insert_events(events, *next)?;
        }
        self.flush()
    }

    fn note(&self, line: &[u8]) -> Result<(), StoreError> {
        {
            let mut next = self.lines();
            let key = next.to_be_bytes();
            self.journal.insert(key, line).map_err(|e| self.error(e))?;
            *next += 1;
        }
        self.flush()
    }

    fn journal(&self, after: Option<u64>) -> JournalIter<'_> {
        let start = after.map_or(0, |n| n.saturating_add(1));
        Box::new(self.journal.range(start.to_be_bytes()..).map(|entry| {
            let (key, line) = entry.map_err(|e| self.error(e))?;
            let number = line_number(&key).map_err(|d| self.corrupt(d))?;
            Ok((number, line.to_vec()))
        }))
    }

    fn journal_waiter(&self) -> Box<dyn JournalWaiter> {
        Box::new(Subscribed(self.journal.watch_prefix(Vec::new())))
    }

    fn logs(&self) -> Result<Vec<RoomLog>, StoreError> {
        let mut logs: Vec<RoomLog> = Vec::new();
        for entry in self.events.iter() {
            let (key, event) = entry.map_err(|e| self.error(e))?;
            let (room, _) = split_key(&key).ok_or_else(|| self.bad_key(&key))?;
            match logs.last_mut() {
                Some((last, events)) if last.as_bytes() == room => events.push(event.to_vec()),
                _ => {
                    let room = String::from_utf8(room.to_vec())
                        .map_err(|_| self.corrupt(format!("room id {room:?} is not UTF-8")))?;
                    logs.push((room, vec![event.to_vec()]));
                }
            }
        }
        Ok(logs)
    }

    /// Removes the events and the tokens in one transaction, so a crash
    /// never leaves tokens pointing at a room without a log. The room's
    /// tokens are found in `token_rooms`, without reading the others.
    fn remove_room(&self, room: &str) -> Result<(), StoreError> {
        let mut event_keys = Vec::new();
        for entry in self.events.scan_prefix(room_prefix(room)).keys() {
            event_keys.push(entry.map_err(|e| self.error(e))?);
        }
        let index_keys = self.room_tokens(room, None)?;
        let trees = (&self.events, &self.tokens, &self.token_rooms);
        let result = trees.transaction(|(events, tokens, token_rooms)| {
            for key in &event_keys {
                events.remove(key)?;
            }
            for key in &index_keys {
                token_rooms.remove(key)?;
                tokens.remove(tokens::hash_of(key))?;
            }
            Ok::<(), ConflictableTransactionError<()>>(())
        });
        match result {
            Ok(()) => self.flush(),
            Err(TransactionError::Storage(e)) => Err(self.error(e)),
            Err(TransactionError::Abort(())) => Err(StoreError::Io("room removal aborted".into())),
        }
    }

    /// The token and its `token_rooms` entry are written, and the seat's
    /// old ones removed, in one transaction.
    fn put_token(&self, hash: &[u8; 32], token: &SeatToken) -> Result<(), StoreError> {
        let json = serde_json::to_vec(token).map_err(|e| StoreError::Io(e.to_string()))?;
        let old = self.room_tokens(&token.room, Some(&token.identity))?;
        let index_key = tokens::index_key(&token.room, hash);
        let trees = (&self.tokens, &self.token_rooms);
        let result = trees.transaction(|(tokens, token_rooms)| {
            for key in &old {
                token_rooms.remove(key)?;
                tokens.remove(tokens::hash_of(key))?;
            }
            tokens.insert(&hash[..], json.as_slice())?;
            token_rooms.insert(index_key.as_slice(), token.identity.as_bytes())?;
            Ok::<(), ConflictableTransactionError<()>>(())
        });
        match result {
            Ok(()) => self.flush(),
            Err(TransactionError::Storage(e)) => Err(self.error(e)),
            Err(TransactionError::Abort(())) => Err(StoreError::Io("token write aborted".into())),
        }
    }

    fn token(&self, hash: &[u8; 32]) -> Result<Option<SeatToken>, StoreError> {
        let value = self.tokens.get(hash).map_err(|e| self.error(e))?;
        value
            .map(|v| decode_token(&v).map_err(|d| self.corrupt(d)))
            .transpose()
    }

    fn put_identity(&self, id: &str, name: &str) -> Result<(), StoreError> {
        self.identities
            .insert(id, name)
            .map_err(|e| self.error(e))?;
        self.flush()
    }

    fn identities(&self) -> Result<Vec<(String, String)>, StoreError> {
        let mut all = Vec::new();
        for entry in self.identities.iter() {
            let (id, name) = entry.map_err(|e| self.error(e))?;
            let text = |bytes: &[u8]| {
                String::from_utf8(bytes.to_vec())
                    .map_err(|_| self.corrupt(format!("identity {bytes:?} is not UTF-8")))
            };
            all.push((text(&id)?, text(&name)?));
        }
        Ok(all)
    }

    fn put_settings(&self, id: &str, record: &[u8]) -> Result<(), StoreError> {
        self.settings
            .insert(id, record)
            .map_err(|e| self.error(e))?;
        self.flush()
    }

    fn settings(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let value = self.settings.get(id).map_err(|e| self.error(e))?;
        Ok(value.map(|v| v.to_vec()))
    }

    fn all_settings(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let mut all = Vec::new();
        for entry in self.settings.iter() {
            let (id, record) = entry.map_err(|e| self.error(e))?;
            let id = String::from_utf8(id.to_vec())
                .map_err(|_| self.corrupt(format!("settings of {id:?}: the id is not UTF-8")))?;
            all.push((id, record.to_vec()));
        }
        Ok(all)
    }

    fn put_bot(&self, name: &str, record: &[u8]) -> Result<(), StoreError> {
        self.bots.insert(name, record).map_err(|e| self.error(e))?;
        self.flush()
    }

    /// Flushed only when there was a bot to forget.
    fn remove_bot(&self, name: &str) -> Result<bool, StoreError> {
        let old = self.bots.remove(name).map_err(|e| self.error(e))?;
        if old.is_none() {
            return Ok(false);
        }
        self.flush()?;
        Ok(true)
    }

    fn bots(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let mut all = Vec::new();
        for entry in self.bots.iter() {
            let (name, record) = entry.map_err(|e| self.error(e))?;
            let name = String::from_utf8(name.to_vec())
                .map_err(|_| self.corrupt(format!("bot {name:?}: the name is not UTF-8")))?;
            all.push((name, record.to_vec()));
        }
        Ok(all)
    }

    fn put_game(&self, id: &str, record: &[u8]) -> Result<(), StoreError> {
        self.games.insert(id, record).map_err(|e| self.error(e))?;
        self.flush()
    }

    fn game(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let value = self.games.get(id).map_err(|e| self.error(e))?;
        Ok(value.map(|v| v.to_vec()))
    }

    fn put_rated(&self, key: &str, record: &[u8]) -> Result<(), StoreError> {
        self.rated.insert(key, record).map_err(|e| self.error(e))?;
        self.flush()
    }

    fn rated(&self) -> Result<Vec<Vec<u8>>, StoreError> {
        let mut all = Vec::new();
        for entry in self.rated.iter().values() {
            all.push(entry.map_err(|e| self.error(e))?.to_vec());
        }
        Ok(all)
    }

    /// Not flushed: sled writes it out within its 500 ms flush interval.
    fn heartbeat(&self, unix_ms: u64) -> Result<(), StoreError> {
        let bytes = unix_ms.to_be_bytes();
        self.meta
            .insert(HEARTBEAT_KEY, &bytes)
            .map_err(|e| self.error(e))?;
        Ok(())
    }

    fn last_heartbeat(&self) -> Result<Option<u64>, StoreError> {
        let Some(value) = self.meta.get(HEARTBEAT_KEY).map_err(|e| self.error(e))? else {
            return Ok(None);
        };
        let bytes: [u8; 8] = value
            .as_ref()
            .try_into()
            .map_err(|_| self.corrupt(format!("heartbeat is {} bytes, not 8", value.len())))?;
        Ok(Some(u64::from_be_bytes(bytes)))
    }

    /// Every entry of `tokens`: a seat's old codes are removed when it
    /// gets a new one, so all of them are usable.
    fn tokens(&self) -> Result<Vec<([u8; 32], SeatToken)>, StoreError> {
        let mut all = Vec::new();
        for entry in self.tokens.iter() {
            let (hash, value) = entry.map_err(|e| self.error(e))?;
            let hash = <[u8; 32]>::try_from(hash.as_ref()).map_err(|_| {
                self.corrupt(format!("a token key is {} bytes, not 32", hash.len()))
            })?;
            all.push((hash, decode_token(&value).map_err(|d| self.corrupt(d))?));
        }
        Ok(all)
    }

    fn games(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.keyed(&self.games, "game")
    }

    fn rated_keyed(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.keyed(&self.rated, "rated game")
    }
}

impl SledStore {
    /// Every entry of `tree`, whose keys are text (`what` names them in an
    /// error).
    fn keyed(&self, tree: &Tree, what: &str) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let mut all = Vec::new();
        for entry in tree.iter() {
            let (key, value) = entry.map_err(|e| self.error(e))?;
            let key = String::from_utf8(key.to_vec())
                .map_err(|_| self.corrupt(format!("a {what} key {key:?} is not UTF-8")))?;
            all.push((key, value.to_vec()));
        }
        Ok(all)
    }
}

/// The flush the flusher thread runs: the hook, sled's flush, the
/// artificial delay, then `fdatasync` of sled's log file (opened again here
/// only for that).
fn flusher(dir: &Path, db: &Db, options: SledOptions) -> Result<group::FlushFn, StoreError> {
    let path = dir.to_path_buf();
    let db = db.clone();
    let file = File::open(dir.join("db"))
        .map_err(|e| StoreError::Io(format!("cannot open {}/db: {e}", dir.display())))?;
    Ok(Box::new(move |number| {
        if let Some(hook) = &options.before_flush {
            hook(number).map_err(StoreError::Io)?;
        }
        db.flush().map_err(|e| sled_error(&path, e))?;
        if !options.fsync_delay.is_zero() {
            std::thread::sleep(options.fsync_delay);
        }
        file.sync_data()
            .map_err(|e| StoreError::Io(format!("fdatasync of {}/db failed: {e}", path.display())))
    }))
}

/// Wakes journal readers on sled's subscriber.
struct Subscribed(sled::Subscriber);

impl JournalWaiter for Subscribed {
    /// Drains what the subscriber holds, so that writers never wait on it.
    fn wait(&mut self, timeout: Duration) -> bool {
        let woken = self.0.next_timeout(timeout).is_ok();
        while woken && self.0.next_timeout(Duration::ZERO).is_ok() {}
        woken
    }
}

/// What is damaged, as [`StoreError::Corrupt`] says it.
#[derive(Debug, thiserror::Error)]
enum Damage {
    /// A `journal` key is not an 8-byte line number (the key).
    #[error("journal key {0:?} is not 8 bytes")]
    JournalKey(Vec<u8>),
    /// A seat token's bytes do not decode.
    #[error("a seat token does not decode: {0}")]
    SeatToken(serde_json::Error),
}

/// A `journal` key's line number.
fn line_number(key: &[u8]) -> Result<u64, Damage> {
    let bytes: [u8; 8] = key
        .try_into()
        .map_err(|_| Damage::JournalKey(key.to_vec()))?;
    Ok(u64::from_be_bytes(bytes))
}

/// The start of every `events` key of `room`.
fn room_prefix(room: &str) -> Vec<u8> {
    let mut prefix = Vec::with_capacity(room.len() + 9);
    prefix.extend_from_slice(room.as_bytes());
    prefix.push(ROOM_END);
    prefix
}

/// Splits an `events` key into room id bytes and seq.
fn split_key(key: &[u8]) -> Option<(&[u8], u64)> {
    let end = key.iter().position(|&b| b == ROOM_END)?;
    let seq: [u8; 8] = key[end + 1..].try_into().ok()?;
    Some((&key[..end], u64::from_be_bytes(seq)))
}

fn decode_token(bytes: &[u8]) -> Result<SeatToken, Damage> {
    serde_json::from_slice(bytes).map_err(Damage::SeatToken)
}

/// A sled error met while the store at `path` is open.
fn sled_error(path: &Path, e: sled::Error) -> StoreError {
    match e {
        sled::Error::Corruption { at, .. } => corrupt(path, format!("sled found damage at {at:?}")),
        other => StoreError::Io(other.to_string()),
    }
}

fn corrupt(path: &Path, detail: String) -> StoreError {
    StoreError::Corrupt {
        path: path.to_path_buf(),
        detail,
    }
}

fn foreign(path: &Path, detail: impl Into<String>) -> StoreError {
    StoreError::Foreign {
        path: path.to_path_buf(),
        detail: detail.into(),
    }
}

/// sled's page cache. Its default (1 GiB) lets the server's memory grow
/// with every page ever read, such as a whole journal streamed to an admin;
/// the hall reads its rooms once at start and then mostly writes, so a
/// small cache costs little.
const CACHE_BYTES: u64 = 64 * 1024 * 1024;

/// How long opening waits for a lock that is about to be released.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// Opens the sled database, waiting up to [`LOCK_WAIT`] for its lock: sled
/// releases the lock from its flusher thread a moment after the last
/// handle is dropped, so a database just closed (in this process, or by a
/// server that has just stopped) can look held for a few milliseconds. A
/// lock still held after that belongs to another process.
fn open_db(dir: &Path) -> Result<Db, StoreError> {
    let start = std::time::Instant::now();
    loop {
        match open_db_once(dir) {
            Err(StoreError::Locked { .. }) if start.elapsed() < LOCK_WAIT => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            result => return result,
        }
    }
}

/// One attempt at opening, turning sled's errors and its panics (sled 0.34
/// may panic on damaged files) into store errors.
fn open_db_once(dir: &Path) -> Result<Db, StoreError> {
    let config = sled::Config::new().path(dir).cache_capacity(CACHE_BYTES);
    match catch_unwind(AssertUnwindSafe(|| config.open())) {
        Ok(result) => result.map_err(|e| open_error(dir, e)),
        Err(panic) => {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "sled panicked".into());
            Err(corrupt(dir, format!("sled could not read it: {message}")))
        }
    }
}

/// A sled error met while opening. sled reports the lock another process
/// holds on the `db` file as an `Io` error of kind `Other` whose message
/// starts "could not acquire lock" (and ends with the `WouldBlock` cause).
fn open_error(dir: &Path, e: sled::Error) -> StoreError {
    match e {
        sled::Error::Io(io)
            if io.kind() == std::io::ErrorKind::WouldBlock
                || io.to_string().contains("could not acquire lock") =>
        {
            StoreError::Locked {
                path: dir.to_path_buf(),
            }
        }
        sled::Error::Corruption { at, .. } => corrupt(dir, format!("sled found damage at {at:?}")),
        sled::Error::Unsupported(why) => foreign(dir, format!("sled cannot open it: {why}")),
        other => StoreError::Io(format!("cannot open {}: {other}", dir.display())),
    }
}

/// Checks the schema version before any banmen tree is created. Returns
/// whether the database is fresh (no data in any tree), so that the caller
/// writes the version; a database with data but no version is not ours.
fn check_schema(dir: &Path, db: &Db) -> Result<bool, StoreError> {
    let err = |e| open_error(dir, e);
    let names = db.tree_names();
    if names.iter().any(|n| n.as_ref() == b"meta") {
        if let Some(found) = db
            .open_tree("meta")
            .map_err(err)?
            .get(SCHEMA_KEY)
            .map_err(err)?
        {
            let bytes: [u8; 4] = found.as_ref().try_into().map_err(|_| {
                corrupt(
                    dir,
                    format!("the schema version is {} bytes, not 4", found.len()),
                )
            })?;
            let found = u32::from_be_bytes(bytes);
            if found != SCHEMA_VERSION {
                let path = dir.to_path_buf();
                return Err(StoreError::Version {
                    path,
                    found,
                    supported: SCHEMA_VERSION,
                });
            }
            return Ok(false);
        }
    }
    for name in &names {
        if !db.open_tree(name).map_err(err)?.is_empty() {
            let name = String::from_utf8_lossy(name);
            return Err(foreign(
                dir,
                format!("a sled database with data in `{name}` but no banmen schema"),
            ));
        }
    }
    Ok(true)
}
