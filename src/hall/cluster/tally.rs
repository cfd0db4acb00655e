//! Hall-wide counts of what one address or identity holds: connections
//! per address (`[limits] per_ip`) and terminal sessions per identity
//! (`sessions_per_player`). Each node counts its own and tells the others
//! what changed, a few times a second (and everything now and then, so a
//! node that missed a message or just started catches up); a limit is
//! checked against this node's count plus the others' last word. A node
//! not heard from for a few leases is dead: its counts are dropped.

use crate::hall::lock;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What one node tells the others: its counts that changed (or all).
#[derive(Serialize, Deserialize)]
pub(crate) struct Counts {
    pub node: String,
    /// Every count, not only the changed ones.
    pub all: bool,
    pub counts: Vec<(String, usize)>,
}

/// This node's counts and the others'.
#[derive(Default)]
pub(crate) struct Tally {
    mine: Mutex<Mine>,
    /// Each other node's counts, and when it was last heard.
    others: Mutex<HashMap<String, Heard>>,
}

type Heard = (HashMap<String, usize>, Instant);

#[derive(Default)]
struct Mine {
    counts: HashMap<String, usize>,
    changed: Vec<String>,
}

impl Tally {
    /// Adds `delta` to this node's count of `key`.
    pub fn add(&self, key: &str, delta: isize) {
        let mut mine = lock(&self.mine);
        let n = mine.counts.entry(key.to_string()).or_insert(0);
        *n = n.saturating_add_signed(delta);
        if *n == 0 {
            mine.counts.remove(key);
        }
        mine.changed.push(key.to_string());
    }

    /// The other nodes' count of `key` (heard within `alive`).
    pub fn elsewhere(&self, key: &str, alive: Duration) -> usize {
        let others = lock(&self.others);
        others
            .values()
            .filter(|(_, heard)| heard.elapsed() < alive)
            .map(|(counts, _)| counts.get(key).copied().unwrap_or(0))
            .sum()
    }

    /// What to tell the others: the changed counts, or all of them.
    pub fn report(&self, node: &str, all: bool) -> Option<Counts> {
        let mut mine = lock(&self.mine);
        let changed = std::mem::take(&mut mine.changed);
        if !all && changed.is_empty() {
            return None;
        }
        let keys: Vec<String> = match all {
            true => mine.counts.keys().cloned().collect(),
            false => changed,
        };
        let mut counts: Vec<(String, usize)> = keys
            .into_iter()
            .map(|k| {
                let n = mine.counts.get(&k).copied().unwrap_or(0);
                (k, n)
            })
            .collect();
        counts.sort();
        counts.dedup();
        Some(Counts {
            node: node.to_string(),
            all,
            counts,
        })
    }

    /// Takes another node's word.
    pub fn heard(&self, counts: Counts) {
        let mut others = lock(&self.others);
        let entry = others
            .entry(counts.node)
            .or_insert_with(|| (HashMap::new(), Instant::now()));
        if counts.all {
            entry.0.clear();
        }
        for (key, n) in counts.counts {
            match n {
                0 => entry.0.remove(&key),
                n => entry.0.insert(key, n),
            };
        }
        entry.1 = Instant::now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_travel_as_changes_and_a_silent_node_stops_counting() {
        let (a, b) = (Tally::default(), Tally::default());
        a.add("ip:1.2.3.4", 1);
        a.add("ip:1.2.3.4", 1);
        a.add("id:key:x", 1);
        b.heard(a.report("a", false).unwrap());
        let alive = Duration::from_secs(5);
        assert_eq!(b.elsewhere("ip:1.2.3.4", alive), 2);
        assert_eq!(b.elsewhere("id:key:x", alive), 1);
        assert!(a.report("a", false).is_none(), "nothing changed since");
        a.add("id:key:x", -1);
        b.heard(a.report("a", false).unwrap());
        assert_eq!(b.elsewhere("id:key:x", alive), 0);
        assert_eq!(b.elsewhere("ip:1.2.3.4", Duration::ZERO), 0);
        // A full report replaces what was heard.
        a.add("ip:1.2.3.4", -2);
        let _ = a.report("a", false);
        b.heard(a.report("a", true).unwrap());
        assert_eq!(b.elsewhere("ip:1.2.3.4", alive), 0);
    }
}
