//! Invite codes as people type and read them, and the allowance of failed
//! joins and watches by code that keeps a guesser slow (docs/rules.md §4).

use super::lock;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Mutex;

/// Letters of a new invite code: 10 of 31 (about 49 bits). Rooms created
/// before had 6; theirs still work.
pub(crate) const INVITE_LEN: usize = 10;

/// A code as it is kept and looked up (invite codes) or hashed (resume
/// codes): its letters and digits, upper case (dashes, spaces and case as
/// typed do not count).
pub fn normalize(code: &str) -> String {
    code.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// A code as it is shown: groups of four joined by dashes, easy to read
/// aloud (`K7QX-M2P9-TD`).
pub fn grouped(code: &str) -> String {
    let plain = normalize(code);
    let groups: Vec<&str> = plain
        .as_bytes()
        .chunks(4)
        .map(|g| std::str::from_utf8(g).unwrap_or_default())
        .collect();
    groups.join("-")
}

/// Entries kept before the full ones are dropped.
const PRUNE_AT: usize = 4096;

/// Letters of a game id's tag (see [`game_tag`]).
const TAG_LEN: usize = 6;

/// The tag that ends a game's id (`ambtte-2-k3x9qz`): six letters drawn
/// from the room's invite code and the game's number, so that knowing one
/// game's id tells nothing of the next one's (`export ROOM-3` cannot
/// follow a private room), while the id stays the same across restarts.
pub fn game_tag(code: &str, number: u32) -> String {
    let seed = format!("game:{}:{number}", normalize(code));
    let digest = Sha256::digest(seed.as_bytes());
    let letters = super::ALPHABET;
    let pick = |b: &u8| letters[usize::from(*b) % letters.len()] as char;
    digest
        .iter()
        .take(TAG_LEN)
        .map(pick)
        .collect::<String>()
        .to_lowercase()
}

/// Failed attempts per key (an address, an identity): a token bucket whose
/// credit is counted in milliseconds. The first `free` failures cost
/// nothing noticeable; after that one attempt per `interval`.
pub(crate) struct Attempts {
    /// The milliseconds one failure costs (a minute over the rate).
    interval: u64,
    /// The most credit a key has (`free` failures' worth).
    capacity: u64,
    /// Credit and when it was counted, per key; a missing key has it all.
    keys: Mutex<HashMap<String, (u64, u64)>>,
}

impl Attempts {
    /// `free` failures at once, then `per_minute` (both at least 1).
    pub(crate) fn new(free: u32, per_minute: u32) -> Attempts {
        let interval = 60_000 / u64::from(per_minute.max(1));
        Attempts {
            interval,
            capacity: interval * u64::from(free.max(1)),
            keys: Mutex::new(HashMap::new()),
        }
    }

    fn credit(&self, entry: Option<&(u64, u64)>, now: u64) -> u64 {
        entry.map_or(self.capacity, |(credit, at)| {
            credit
                .saturating_add(now.saturating_sub(*at))
                .min(self.capacity)
        })
    }

    /// `Err(seconds to wait)` when one of `keys` has no attempt left.
    pub(crate) fn check(&self, keys: &[String], now: u64) -> Result<(), u64> {
        let map = lock(&self.keys);
        let short = keys
            .iter()
            .map(|k| self.interval.saturating_sub(self.credit(map.get(k), now)))
            .max()
            .unwrap_or(0);
        match short {
            0 => Ok(()),
            ms => Err(ms.div_ceil(1000)),
        }
    }

    /// Counts a failed attempt against every one of `keys`.
    pub(crate) fn failed(&self, keys: &[String], now: u64) {
        let mut map = lock(&self.keys);
        if map.len() >= PRUNE_AT {
            let capacity = self.capacity;
            map.retain(|_, (credit, at)| credit.saturating_add(now.saturating_sub(*at)) < capacity);
        }
        for key in keys {
            let left = self.credit(map.get(key), now).saturating_sub(self.interval);
            map.insert(key.clone(), (left, now));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_in_any_case_with_or_without_dashes() {
        assert_eq!(normalize(" k7qx-m2p9 td "), "K7QXM2P9TD");
        assert_eq!(grouped("k7qxm2p9td"), "K7QX-M2P9-TD");
        assert_eq!(grouped("ABC234"), "ABC2-34");
    }

    #[test]
    fn ten_failures_are_free_then_one_per_interval() {
        let a = Attempts::new(10, 4);
        let keys = ["ip:1".to_string()];
        for _ in 0..10 {
            assert_eq!(a.check(&keys, 0), Ok(()));
            a.failed(&keys, 0);
        }
        assert_eq!(a.check(&keys, 0), Err(15));
        assert_eq!(a.check(&keys, 14_000), Err(1));
        assert_eq!(a.check(&keys, 15_000), Ok(()));
        a.failed(&keys, 15_000);
        assert_eq!(a.check(&keys, 15_000), Err(15));
        // Others are not slowed.
        assert_eq!(a.check(&["ip:2".to_string()], 15_000), Ok(()));
        // Quiet for the whole window: all ten free again.
        assert_eq!(a.check(&keys, 15_000 + 150_000), Ok(()));
    }
}
