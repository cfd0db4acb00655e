//! Seat tokens by room. `tokens` maps a resume code's hash to its token;
//! `token_rooms` lists each room's tokens (room id, 0x00, hash → identity),
//! so closing a room, or giving a seat a new code, touches that room's
//! tokens only instead of decoding every token in the store.
//!
//! Data written before `token_rooms` existed has tokens only in `tokens`:
//! opening it builds the index once (the `meta` key `token_rooms` marks it
//! built; a crash before the mark means building it again, which is
//! harmless).

use super::{SledStore, room_prefix};
use crate::store::StoreError;
use sled::IVec;

/// The `meta` key set once `token_rooms` holds every token.
const INDEXED_KEY: &[u8] = b"token_rooms";
/// The length of a resume code's hash, the end of a `token_rooms` key.
const HASH_LEN: usize = 32;

/// The `token_rooms` key of a token of `room`.
pub(super) fn index_key(room: &str, hash: &[u8; HASH_LEN]) -> Vec<u8> {
    let mut key = room_prefix(room);
    key.extend_from_slice(hash);
    key
}

/// The hash (the `tokens` key) at the end of a `token_rooms` key.
pub(super) fn hash_of(key: &[u8]) -> &[u8] {
    &key[key.len().saturating_sub(HASH_LEN)..]
}

impl SledStore {
    /// The `token_rooms` keys of `room`'s tokens (of `identity`'s only, if
    /// given).
    pub(super) fn room_tokens(
        &self,
        room: &str,
        identity: Option<&str>,
    ) -> Result<Vec<IVec>, StoreError> {
        let mut keys = Vec::new();
        for entry in self.token_rooms.scan_prefix(room_prefix(room)) {
            let (key, holder) = entry.map_err(|e| self.error(e))?;
            if identity.is_none_or(|i| holder.as_ref() == i.as_bytes()) {
                keys.push(key);
            }
        }
        Ok(keys)
    }

    /// Builds `token_rooms` from `tokens` if it was never built (data of an
    /// earlier version, or a new database). A token that does not decode is
    /// left out: it could not be used anyway.
    pub(super) fn index_tokens(&self) -> Result<(), StoreError> {
        if self
            .meta
            .contains_key(INDEXED_KEY)
            .map_err(|e| self.error(e))?
        {
            return Ok(());
        }
        let mut batch = sled::Batch::default();
        let mut skipped = 0;
        for entry in self.tokens.iter() {
            let (hash, value) = entry.map_err(|e| self.error(e))?;
            let token = super::decode_token(&value);
            match (token, <[u8; HASH_LEN]>::try_from(hash.as_ref())) {
                (Ok(token), Ok(hash)) => {
                    batch.insert(index_key(&token.room, &hash), token.identity.as_bytes())
                }
                _ => skipped += 1,
            }
        }
        if skipped > 0 {
            tracing::warn!("{skipped} seat tokens do not decode; they are left out of the index");
        }
        self.token_rooms
            .apply_batch(batch)
            .map_err(|e| self.error(e))?;
        self.flush()?;
        self.meta
            .insert(INDEXED_KEY, &[1])
            .map_err(|e| self.error(e))?;
        self.flush()
    }
}
