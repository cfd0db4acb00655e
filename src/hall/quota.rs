//! Open rooms counted by who hosted them: per identity, per address and in
//! total, so that nobody can fill the hall's memory and store with rooms
//! they made and left. A room counts from its creation until it closes.
//! Addresses are not stored: after a restart, the rebuilt rooms count for
//! their hosts and in the total, not for an address.

use super::{HallError, HallOptions};
use std::collections::HashMap;
use std::net::IpAddr;

/// Who hosted each open room, and the counts that follow from it.
#[derive(Default)]
pub(crate) struct Quota {
    owners: HashMap<String, (String, Option<IpAddr>)>,
    per_host: HashMap<String, usize>,
    per_address: HashMap<IpAddr, usize>,
}

impl Quota {
    /// Counts a new room `room` for `host` (from `address`), or refuses it
    /// when the hall, the host or the address has as many as allowed.
    pub fn reserve(
        &mut self,
        room: &str,
        host: &str,
        address: Option<IpAddr>,
        o: &HallOptions,
    ) -> Result<(), HallError> {
        if self.owners.len() >= o.max_rooms {
            return Err(HallError::HallFull(o.max_rooms));
        }
        if self.per_host.get(host).copied().unwrap_or(0) >= o.rooms_per_player {
            return Err(HallError::RoomsPerPlayer(o.rooms_per_player));
        }
        let here = address.and_then(|a| self.per_address.get(&a)).copied();
        if here.unwrap_or(0) >= o.rooms_per_ip {
            return Err(HallError::RoomsPerAddress(o.rooms_per_ip));
        }
        self.add(room, host, address);
        Ok(())
    }

    /// The open rooms `host` created.
    pub fn rooms_of(&self, host: &str) -> Vec<String> {
        let mine = self.owners.iter().filter(|(_, (h, _))| h == host);
        mine.map(|(room, _)| room.clone()).collect()
    }

    /// The address room `room` was created from, if known.
    pub fn address_of(&self, room: &str) -> Option<IpAddr> {
        self.owners.get(room).and_then(|(_, address)| *address)
    }

    /// Counts a room whatever the limits (a room rebuilt at start).
    pub fn add(&mut self, room: &str, host: &str, address: Option<IpAddr>) {
        let owner = (host.to_string(), address);
        if self.owners.insert(room.to_string(), owner).is_some() {
            return;
        }
        *self.per_host.entry(host.to_string()).or_default() += 1;
        if let Some(address) = address {
            *self.per_address.entry(address).or_default() += 1;
        }
    }

    /// Stops counting a room (closed, or its creation failed).
    pub fn release(&mut self, room: &str) {
        let Some((host, address)) = self.owners.remove(room) else {
            return;
        };
        decrement(&mut self.per_host, host);
        if let Some(address) = address {
            decrement(&mut self.per_address, address);
        }
    }
}

/// Lowers a count, forgetting it at zero (the maps hold only the present).
fn decrement<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: K) {
    if let Some(n) = counts.get_mut(&key) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            counts.remove(&key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_count_until_released() {
        let o = HallOptions {
            rooms_per_player: 2,
            rooms_per_ip: 3,
            max_rooms: 4,
            ..HallOptions::default()
        };
        let ip: IpAddr = [192, 0, 2, 1].into();
        let mut q = Quota::default();
        q.reserve("r1", "a", Some(ip), &o).unwrap();
        q.reserve("r2", "a", Some(ip), &o).unwrap();
        assert_eq!(
            q.reserve("r3", "a", None, &o),
            Err(HallError::RoomsPerPlayer(2))
        );
        q.reserve("r3", "b", Some(ip), &o).unwrap();
        assert_eq!(
            q.reserve("r4", "c", Some(ip), &o),
            Err(HallError::RoomsPerAddress(3))
        );
        q.reserve("r4", "c", None, &o).unwrap();
        assert_eq!(q.reserve("r5", "d", None, &o), Err(HallError::HallFull(4)));
        q.release("r1");
        q.release("r1");
        q.reserve("r5", "a", Some(ip), &o).unwrap();
        assert!(q.per_host.values().all(|n| *n > 0));
    }
}
