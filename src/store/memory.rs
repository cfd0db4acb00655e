//! A store in memory: for tests and for tools that need no disk. Nothing
//! survives the process, so "durable" means "recorded".

use super::{Appended, JournalIter, JournalWaiter, RoomLog, SeatToken, Store, StoreError};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The maps behind [`MemoryStore`].
#[derive(Default)]
struct Maps {
    logs: BTreeMap<String, Vec<Vec<u8>>>,
    tokens: BTreeMap<[u8; 32], SeatToken>,
    identities: BTreeMap<String, String>,
    settings: BTreeMap<String, Vec<u8>>,
    bots: BTreeMap<String, Vec<u8>>,
    games: BTreeMap<String, Vec<u8>>,
    rated: BTreeMap<String, Vec<u8>>,
    heartbeat: Option<u64>,
    journal: Vec<(u64, Vec<u8>)>,
}

/// How many journal lines were ever added, and a condition variable
/// signalled when that changes.
type LineCount = Arc<(Mutex<u64>, Condvar)>;

/// A store held in memory.
#[derive(Default)]
pub struct MemoryStore {
    maps: Mutex<Maps>,
    lines: LineCount,
    /// Calls of `put_identity`, for tests of what the hall writes.
    identity_writes: AtomicU64,
    /// For tests of a store that goes away: how many more commits are
    /// stored before every commit fails (`None`: all are stored).
    failing: Mutex<Option<u64>>,
    /// Commits refused by that switch.
    refused: AtomicU64,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// How many times an identity's name was written: a test checks that
    /// a login with the same name writes nothing.
    pub fn identity_writes(&self) -> u64 {
        self.identity_writes.load(Ordering::SeqCst)
    }

    /// Lets `ok` more commits be stored and fails every one after them,
    /// as a store that went away would; `None` stores them all again.
    pub fn fail_commits_after(&self, ok: Option<u64>) {
        *self.failing.lock().unwrap_or_else(|e| e.into_inner()) = ok;
    }

    /// How many commits [`MemoryStore::fail_commits_after`] refused.
    pub fn refused_commits(&self) -> u64 {
        self.refused.load(Ordering::SeqCst)
    }

    /// Whether the test switch refuses this commit (counting it down).
    fn refuses(&self) -> bool {
        let mut failing = self.failing.lock().unwrap_or_else(|e| e.into_inner());
        match failing.as_mut() {
            Some(0) => {
                self.refused.fetch_add(1, Ordering::SeqCst);
                true
            }
            Some(left) => {
                *left -= 1;
                false
            }
            None => false,
        }
    }

    fn maps(&self) -> std::sync::MutexGuard<'_, Maps> {
        self.maps.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a journal line (the maps locked) and wakes the waiters.
    fn add_line(&self, maps: &mut Maps, line: &[u8]) {
        let number = maps.journal.last().map_or(1, |(n, _)| n + 1);
        maps.journal.push((number, line.to_vec()));
        let (count, changed) = &*self.lines;
        *count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        changed.notify_all();
    }
}

/// Waits on a [`MemoryStore`]'s line count.
struct CountWaiter {
    lines: LineCount,
    seen: u64,
}

impl JournalWaiter for CountWaiter {
    fn wait(&mut self, timeout: Duration) -> bool {
        let (count, changed) = &*self.lines;
        let count = count.lock().unwrap_or_else(|e| e.into_inner());
        let (count, _) = changed
            .wait_timeout_while(count, timeout, |n| *n == self.seen)
            .unwrap_or_else(|e| e.into_inner());
        let woken = *count != self.seen;
        self.seen = *count;
        woken
    }
}

impl Store for MemoryStore {
    /// All or nothing: every seq is checked before anything is added.
    fn commit(&self, events: &[Appended]) -> Result<(), StoreError> {
        if self.refuses() {
            return Err(StoreError::Io("the store is switched off".to_string()));
        }
        let mut maps = self.maps();
        let mut next: BTreeMap<&str, u64> = BTreeMap::new();
        for e in events {
            let len = maps.logs.get(&e.room).map_or(0, |log| log.len() as u64);
            let expected = next.entry(&e.room).or_insert(len);
            if e.seq != *expected {
                return Err(StoreError::Io(format!(
                    "room {}: event {} out of order (the next is {expected})",
                    e.room, e.seq
                )));
            }
            *expected += 1;
        }
        for e in events {
            let log = maps.logs.entry(e.room.clone()).or_default();
            log.push(e.event.clone());
            if !e.line.is_empty() {
                self.add_line(&mut maps, &e.line);
            }
        }
        Ok(())
    }

    fn note(&self, line: &[u8]) -> Result<(), StoreError> {
        let mut maps = self.maps();
        self.add_line(&mut maps, line);
        Ok(())
    }

    /// A copy of the lines asked for (the memory store is for tests).
    fn journal(&self, after: Option<u64>) -> JournalIter<'_> {
        let after = after.unwrap_or(0);
        let lines: Vec<_> = self
            .maps()
            .journal
            .iter()
            .filter(|(n, _)| *n > after)
            .cloned()
            .collect();
        Box::new(lines.into_iter().map(Ok))
    }

    fn journal_waiter(&self) -> Box<dyn JournalWaiter> {
        let seen = *self.lines.0.lock().unwrap_or_else(|e| e.into_inner());
        Box::new(CountWaiter {
            lines: self.lines.clone(),
            seen,
        })
    }

    fn logs(&self) -> Result<Vec<RoomLog>, StoreError> {
        let maps = self.maps();
        Ok(maps
            .logs
            .iter()
            .map(|(room, log)| (room.clone(), log.clone()))
            .collect())
    }

    fn remove_room(&self, room: &str) -> Result<(), StoreError> {
        let mut maps = self.maps();
        maps.logs.remove(room);
        maps.tokens.retain(|_, t| t.room != room);
        Ok(())
    }

    fn put_token(&self, hash: &[u8; 32], token: &SeatToken) -> Result<(), StoreError> {
        let mut maps = self.maps();
        maps.tokens
            .retain(|_, t| t.room != token.room || t.identity != token.identity);
        maps.tokens.insert(*hash, token.clone());
        Ok(())
    }

    fn token(&self, hash: &[u8; 32]) -> Result<Option<SeatToken>, StoreError> {
        Ok(self.maps().tokens.get(hash).cloned())
    }

    fn put_identity(&self, id: &str, name: &str) -> Result<(), StoreError> {
        self.identity_writes.fetch_add(1, Ordering::SeqCst);
        self.maps()
            .identities
            .insert(id.to_string(), name.to_string());
        Ok(())
    }

    fn identities(&self) -> Result<Vec<(String, String)>, StoreError> {
        let maps = self.maps();
        Ok(maps
            .identities
            .iter()
            .map(|(id, name)| (id.clone(), name.clone()))
            .collect())
    }

    fn put_settings(&self, id: &str, record: &[u8]) -> Result<(), StoreError> {
        self.maps().settings.insert(id.to_string(), record.to_vec());
        Ok(())
    }

    fn settings(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.maps().settings.get(id).cloned())
    }

    fn all_settings(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let maps = self.maps();
        Ok(maps
            .settings
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect())
    }

    fn put_bot(&self, name: &str, record: &[u8]) -> Result<(), StoreError> {
        self.maps().bots.insert(name.to_string(), record.to_vec());
        Ok(())
    }

    fn remove_bot(&self, name: &str) -> Result<bool, StoreError> {
        Ok(self.maps().bots.remove(name).is_some())
    }

    fn bots(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let maps = self.maps();
        Ok(maps
            .bots
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect())
    }

    fn put_game(&self, id: &str, record: &[u8]) -> Result<(), StoreError> {
        self.maps().games.insert(id.to_string(), record.to_vec());
        Ok(())
    }

    fn game(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.maps().games.get(id).cloned())
    }

    fn put_rated(&self, key: &str, record: &[u8]) -> Result<(), StoreError> {
        self.maps().rated.insert(key.to_string(), record.to_vec());
        Ok(())
    }

    fn rated(&self) -> Result<Vec<Vec<u8>>, StoreError> {
        Ok(self.maps().rated.values().cloned().collect())
    }

    fn heartbeat(&self, unix_ms: u64) -> Result<(), StoreError> {
        self.maps().heartbeat = Some(unix_ms);
        Ok(())
    }

    fn last_heartbeat(&self) -> Result<Option<u64>, StoreError> {
        Ok(self.maps().heartbeat)
    }

    fn tokens(&self) -> Result<Vec<([u8; 32], SeatToken)>, StoreError> {
        let maps = self.maps();
        Ok(maps.tokens.iter().map(|(h, t)| (*h, t.clone())).collect())
    }

    fn games(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let maps = self.maps();
        Ok(maps
            .games
            .iter()
            .map(|(id, r)| (id.clone(), r.clone()))
            .collect())
    }

    fn rated_keyed(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let maps = self.maps();
        Ok(maps
            .rated
            .iter()
            .map(|(k, r)| (k.clone(), r.clone()))
            .collect())
    }
}
