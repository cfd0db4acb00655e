//! The transposition table: a fixed-size, always-replace-unless-deeper hash
//! table of search results keyed by the rules' zobrist hash.
//!
//! Each search allocates its own table, so searches running in parallel on
//! different threads never share one (no locking, no data races). Entries
//! are two `u64`s so the table is zero-initialised by the allocator (a
//! zeroed page costs nothing until touched), which keeps short searches cheap.

use crate::rules::shogi::Move;

/// What a stored score means relative to the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value (a PV node).
    Exact,
    /// At least this (a fail-high, beta cutoff).
    Lower,
    /// At most this (a fail-low, no move raised alpha).
    Upper,
}

/// One probe hit.
#[derive(Copy, Clone, Debug)]
pub struct Hit {
    /// The best (or refuting) move found, if any.
    pub mv: Option<Move>,
    /// The score, already adjusted back from "distance to mate from here".
    pub score: i32,
    /// The remaining depth the score was searched to.
    pub depth: i32,
    /// How the score bounds the value.
    pub bound: Bound,
}

/// The table: `[key, data]` pairs indexed by the low bits of the key.
pub struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

/// Scores beyond this are mates; stored as distance from the node so a
/// mate found along one path is correct when reached along another.
const MATE_BOUND: i32 = super::search::MATE - 1000;

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            slots: vec![[0u64; 2]; n],
            mask: n - 1,
        }
    }

    /// The entry for `key`, if stored; mate scores are made relative to the
    /// root again with `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let [k, data] = self.slots[key as usize & self.mask];
        if k != key || data == 0 {
            return None;
        }
        let mv = (data & 0xffff) as u16;
        let score = from_stored(((data >> 16) & 0xffff) as u16 as i16 as i32, ply);
        let depth = ((data >> 32) & 0xff) as i32 - 1;
        let bound = match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: (mv != 0).then_some(Move(mv)),
            score,
            depth,
            bound,
        })
    }

    /// Stores a result, keeping a deeper entry for the same position. Depth
    /// is stored plus one so that a stored entry is never all zero.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: i32,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let slot = &mut self.slots[key as usize & self.mask];
        let old_depth = ((slot[1] >> 32) & 0xff) as i32 - 1;
        if slot[0] == key && old_depth > depth && bound != Bound::Exact {
            return;
        }
        let mv = match mv {
            Some(m) => m.0,
            None if slot[0] == key => (slot[1] & 0xffff) as u16,
            None => 0,
        };
        let stored = to_stored(score, ply) as i16 as u16 as u64;
        let b = match bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let d = (depth.clamp(-1, 250) + 1) as u64;
        *slot = [key, mv as u64 | stored << 16 | d << 32 | b << 40 | 1 << 48];
    }
}

fn to_stored(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_stored(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::shogi::Sq;

    #[test]
    fn stores_and_probes_with_mate_distance() {
        let mut t = Table::new(4);
        let mv = Move::step(Sq(10), Sq(11), false);
        let mate = super::super::search::MATE - 7;
        t.store(0xdead_beef, 3, Some(mv), mate, 5, Bound::Exact);
        let hit = t.probe(0xdead_beef, 5).unwrap();
        assert_eq!(hit.mv, Some(mv));
        assert_eq!(hit.score, mate - 2);
        assert_eq!(hit.depth, 5);
        assert_eq!(hit.bound, Bound::Exact);
        assert!(t.probe(0xdead_bee0 ^ 0x100, 0).is_none());
    }
}
