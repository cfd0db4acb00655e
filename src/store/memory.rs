//! A store in memory: for tests and for tools that need no disk. Nothing
//! survives the process, so "durable" means "recorded".

use super::{RoomLog, SeatToken, Store, StoreError};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The maps behind [`MemoryStore`].
#[derive(Default)]
struct Maps {
    logs: BTreeMap<String, Vec<Vec<u8>>>,
    tokens: BTreeMap<[u8; 32], SeatToken>,
    identities: BTreeMap<String, String>,
    games: BTreeMap<String, Vec<u8>>,
    heartbeat: Option<u64>,
}

/// A store held in memory.
#[derive(Default)]
pub struct MemoryStore {
    maps: Mutex<Maps>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    fn maps(&self) -> std::sync::MutexGuard<'_, Maps> {
        self.maps.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Store for MemoryStore {
    fn append(&self, room: &str, seq: u64, event: &[u8]) -> Result<(), StoreError> {
        let mut maps = self.maps();
        let log = maps.logs.entry(room.to_string()).or_default();
        if seq != log.len() as u64 {
            return Err(StoreError::Io(format!(
                "room {room}: event {seq} out of order (the log has {})",
                log.len()
            )));
        }
        log.push(event.to_vec());
        Ok(())
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
        self.maps().tokens.insert(*hash, token.clone());
        Ok(())
    }

    fn token(&self, hash: &[u8; 32]) -> Result<Option<SeatToken>, StoreError> {
        Ok(self.maps().tokens.get(hash).cloned())
    }

    fn put_identity(&self, id: &str, name: &str) -> Result<(), StoreError> {
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

    fn put_game(&self, id: &str, record: &[u8]) -> Result<(), StoreError> {
        self.maps().games.insert(id.to_string(), record.to_vec());
        Ok(())
    }

    fn game(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.maps().games.get(id).cloned())
    }

    fn heartbeat(&self, unix_ms: u64) -> Result<(), StoreError> {
        self.maps().heartbeat = Some(unix_ms);
        Ok(())
    }

    fn last_heartbeat(&self) -> Result<Option<u64>, StoreError> {
        Ok(self.maps().heartbeat)
    }
}
