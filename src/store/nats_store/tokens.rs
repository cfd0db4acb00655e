//! Seat tokens in the `tokens` bucket: `code.<hash>` holds a resume
//! code's token, `room.<room>` maps each identity of the room to its
//! current code's hash. A code is valid only while its room's entry names
//! it, so updating that entry (expecting its last revision) is the one
//! write that gives a seat a new code and ends its old ones, as the store
//! promises; old `code.` entries are then deleted, and a crash before that
//! leaves only entries nothing can use.

use super::{Inner, fail, names};
use crate::store::{SeatToken, StoreError};
use async_nats::jetstream::kv::{CreateErrorKind, UpdateErrorKind};
use std::collections::BTreeMap;

/// A room's entry: identity → hex of its current code's hash.
type Seats = BTreeMap<String, String>;

/// Tries of a room entry's update that lost a race with another write.
const TRIES: usize = 5;

fn code_key(hash: &str) -> String {
    format!("code.{hash}")
}

fn room_key(room: &str) -> String {
    format!("room.{}", names::encode(room))
}

fn hex(hash: &[u8; 32]) -> String {
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

impl Inner {
    pub(super) async fn put_token(
        &self,
        hash: &[u8; 32],
        token: &SeatToken,
    ) -> Result<(), StoreError> {
        self.check_lease()?;
        let hash = hex(hash);
        let json = serde_json::to_vec(token).map_err(|e| StoreError::Io(e.to_string()))?;
        self.tokens
            .put(code_key(&hash), json.into())
            .await
            .map_err(fail("cannot store a resume code"))?;
        let old = self.name_code(&token.room, &token.identity, &hash).await?;
        if let Some(old) = old.filter(|old| *old != hash) {
            // Already unusable; deleting it only tidies up.
            if let Err(e) = self.tokens.delete(code_key(&old)).await {
                tracing::warn!("an old resume code was not deleted: {e}");
            }
        }
        Ok(())
    }

    /// Makes `hash` the identity's code in the room's entry; the code it
    /// replaces.
    async fn name_code(
        &self,
        room: &str,
        identity: &str,
        hash: &str,
    ) -> Result<Option<String>, StoreError> {
        let key = room_key(room);
        for _ in 0..TRIES {
            let entry = self
                .tokens
                .entry(key.clone())
                .await
                .map_err(fail("cannot read a room's resume codes"))?;
            let (mut seats, revision) = match entry {
                Some(e) if e.operation == async_nats::jetstream::kv::Operation::Put => {
                    (self.seats(&e.value)?, Some(e.revision))
                }
                Some(e) => (Seats::new(), Some(e.revision)),
                None => (Seats::new(), None),
            };
            let old = seats.insert(identity.to_string(), hash.to_string());
            let value = serde_json::to_vec(&seats).map_err(|e| StoreError::Io(e.to_string()))?;
            let written = match revision {
                Some(r) => match self.tokens.update(&key, value.into(), r).await {
                    Err(e) if e.kind() == UpdateErrorKind::WrongLastRevision => continue,
                    other => other
                        .map(|_| ())
                        .map_err(fail("cannot store a resume code")),
                },
                None => match self.tokens.create(&key, value.into()).await {
                    Err(e) if e.kind() == CreateErrorKind::AlreadyExists => continue,
                    other => other
                        .map(|_| ())
                        .map_err(fail("cannot store a resume code")),
                },
            };
            return written.map(|()| old);
        }
        Err(StoreError::Io(
            "a room's resume codes kept changing while one was stored".into(),
        ))
    }

    pub(super) async fn token(&self, hash: &[u8; 32]) -> Result<Option<SeatToken>, StoreError> {
        let hash = hex(hash);
        let Some(bytes) = self
            .tokens
            .get(code_key(&hash))
            .await
            .map_err(fail("cannot read a resume code"))?
        else {
            return Ok(None);
        };
        let token: SeatToken = serde_json::from_slice(&bytes)
            .map_err(|e| self.corrupt(format!("a seat token does not decode: {e}")))?;
        let seats = self.room_seats(&token.room).await?;
        Ok((seats.get(&token.identity) == Some(&hash)).then_some(token))
    }

    /// Removes a room's entry, then the codes it named.
    pub(super) async fn remove_tokens(&self, room: &str) -> Result<(), StoreError> {
        let seats = self.room_seats(room).await?;
        if seats.is_empty() {
            return Ok(());
        }
        self.tokens
            .delete(room_key(room))
            .await
            .map_err(fail("cannot remove a room's resume codes"))?;
        for hash in seats.values() {
            if let Err(e) = self.tokens.delete(code_key(hash)).await {
                tracing::warn!("a closed room's resume code was not deleted: {e}");
            }
        }
        Ok(())
    }

    /// The room's entry (empty if none).
    async fn room_seats(&self, room: &str) -> Result<Seats, StoreError> {
        let value = self
            .tokens
            .get(room_key(room))
            .await
            .map_err(fail("cannot read a room's resume codes"))?;
        value.map_or(Ok(Seats::new()), |v| self.seats(&v))
    }

    fn seats(&self, bytes: &[u8]) -> Result<Seats, StoreError> {
        serde_json::from_slice(bytes)
            .map_err(|e| self.corrupt(format!("a room's resume codes do not decode: {e}")))
    }

    /// Every usable code with its token, by hash: the `code.` entries that
    /// their room's entry names (the test `token` makes; other
    /// `code.` entries are leftovers nothing can use).
    pub(super) async fn all_tokens(&self) -> Result<Vec<([u8; 32], SeatToken)>, StoreError> {
        let (codes, rooms) = self.token_entries().await?;
        let mut all = Vec::new();
        for (hash, bytes) in codes {
            let token: SeatToken = serde_json::from_slice(&bytes)
                .map_err(|e| self.corrupt(format!("a seat token does not decode: {e}")))?;
            let named = rooms.get(&token.room).and_then(|s| s.get(&token.identity));
            if named != Some(&hash) {
                continue;
            }
            let bytes = unhex(&hash)
                .ok_or_else(|| self.corrupt(format!("a resume code key code.{hash}")))?;
            all.push((bytes, token));
        }
        Ok(all)
    }

    /// The bucket's live entries: `code.` (hex hash → token bytes) and
    /// `room.` (room id → its seats), read in one pass.
    async fn token_entries(
        &self,
    ) -> Result<(BTreeMap<String, Vec<u8>>, BTreeMap<String, Seats>), StoreError> {
        let (mut codes, mut rooms) = (BTreeMap::new(), BTreeMap::new());
        for (key, value) in self.live_entries(&self.tokens).await? {
            if let Some(hash) = key.strip_prefix("code.") {
                codes.insert(hash.to_string(), value);
            } else if let Some(room) = key.strip_prefix("room.").and_then(names::decode) {
                rooms.insert(room, self.seats(&value)?);
            } else {
                return Err(self.corrupt(format!("a key {key:?} among the resume codes")));
            }
        }
        Ok((codes, rooms))
    }
}

/// The hash [`hex`] wrote.
fn unhex(text: &str) -> Option<[u8; 32]> {
    let mut hash = [0; 32];
    if text.len() != 64 {
        return None;
    }
    for (i, byte) in hash.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(hash)
}
