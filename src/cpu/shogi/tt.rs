//! The transposition table: buckets of two entries keyed by the rules'
//! zobrist hash, one keeping the deepest result, the other the latest.
//!
//! A search owns its table while it runs, so searches running in parallel
//! on different threads never share one (no locking, no data races).
//! Tables are kept between searches ([`take`] and [`give`]): the next
//! move's search starts from what the last one learnt, and each search
//! marks its entries with a generation so older ones give way first.
//! Entries are two `u64`s, so a new table is zero-initialised by the
//! allocator (a zeroed page costs nothing until touched).

use crate::cpu::shelf::Shelf;
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

/// One entry: the full key and the packed data (move, score, depth + 1,
/// bound, generation, and a bit that is set in every stored entry).
type Entry = [u64; 2];

/// The table: buckets of two entries indexed by the low bits of the key;
/// the first entry holds the deeper result, the second the latest.
pub struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    bits: u32,
    generation: u64,
}

/// Scores beyond this are mates; stored as distance from the node so a
/// mate found along one path is correct when reached along another.
const MATE_BOUND: i32 = super::search::MATE - 1000;

/// Generations wrap within these bits of the data.
const GENERATION_MASK: u64 = 0x3f;
const GENERATION_SHIFT: u32 = 42;
const PRESENT: u64 = 1 << 48;

/// Tables kept for the next search, at most this many.
const KEPT: usize = 4;
static KEPT_TABLES: Shelf<Table> = Shelf::new(KEPT);

/// A table of `2^bits` entries: one a search left (see [`give`]) if there
/// is one of that size, else a new one. Either way its entries from
/// earlier searches count as older than the ones this search stores.
pub fn take(bits: u32) -> Table {
    let kept = KEPT_TABLES.take(|t| t.bits == bits);
    let mut table = kept.unwrap_or_else(|| Table::new(bits));
    table.generation = (table.generation + 1) & GENERATION_MASK;
    table
}

/// Keeps `table` for a later search.
pub fn give(table: Table) {
    KEPT_TABLES.give(table);
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each), at least one bucket.
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits.max(1).saturating_sub(1);
        Table {
            buckets: vec![[[0u64; 2]; 2]; n],
            mask: n - 1,
            bits,
            generation: 0,
        }
    }

    /// The entry for `key`, if stored; mate scores are made relative to the
    /// root again with `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let bucket = &self.buckets[key as usize & self.mask];
        let &[_, data] = bucket.iter().find(|e| e[0] == key && e[1] != 0)?;
        let mv = (data & 0xffff) as u16;
        let score = from_stored(((data >> 16) & 0xffff) as u16 as i16 as i32, ply);
        let bound = match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: (mv != 0).then_some(Move(mv)),
            score,
            depth: depth_of(data),
            bound,
        })
    }

    /// Stores a result. The same position's entry is updated in place
    /// unless it holds a deeper bound from this search (an exact score
    /// always replaces). A new position takes the deep entry when it is
    /// at least as deep or from an earlier search, pushing the old one
    /// into the latest entry; otherwise it takes the latest entry.
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
        let generation = self.generation;
        let bucket = &mut self.buckets[key as usize & self.mask];
        let same = bucket.iter().position(|e| e[0] == key && e[1] != 0);
        let slot = match same {
            Some(i) => {
                let old = bucket[i][1];
                let current = generation_of(old) == generation;
                if current && depth_of(old) > depth && bound != Bound::Exact {
                    return;
                }
                i
            }
            None => {
                let deep = bucket[0][1];
                let stale = generation_of(deep) != generation;
                if deep == 0 || stale || depth >= depth_of(deep) {
                    bucket[1] = bucket[0];
                    0
                } else {
                    1
                }
            }
        };
        let entry = &mut bucket[slot];
        let mv = match mv {
            Some(m) => m.0,
            None if entry[0] == key => (entry[1] & 0xffff) as u16,
            None => 0,
        };
        let stored = to_stored(score, ply) as i16 as u16 as u64;
        let b = match bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let d = (depth.clamp(-1, 250) + 1) as u64;
        let data =
            mv as u64 | stored << 16 | d << 32 | b << 40 | generation << GENERATION_SHIFT | PRESENT;
        *entry = [key, data];
    }
}

/// The depth stored in an entry's data (stored plus one, so that no
/// stored entry is all zero).
fn depth_of(data: u64) -> i32 {
    ((data >> 32) & 0xff) as i32 - 1
}

/// The generation of the search that stored an entry's data.
fn generation_of(data: u64) -> u64 {
    (data >> GENERATION_SHIFT) & GENERATION_MASK
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

    /// Three keys landing in the one bucket of a two-entry table.
    const KEYS: [u64; 3] = [0x10, 0x20, 0x30];

    #[test]
    fn a_shallower_position_leaves_the_deepest_in_its_bucket() {
        let mut t = Table::new(1);
        t.store(KEYS[0], 0, None, 10, 8, Bound::Lower);
        t.store(KEYS[1], 0, None, 20, 2, Bound::Lower);
        t.store(KEYS[2], 0, None, 30, 3, Bound::Lower);
        assert_eq!(t.probe(KEYS[0], 0).map(|h| h.depth), Some(8));
        assert!(
            t.probe(KEYS[1], 0).is_none(),
            "the latest entry was replaced"
        );
        assert_eq!(t.probe(KEYS[2], 0).map(|h| h.score), Some(30));
        // Deeper still: it takes the deep entry and the old one moves over.
        t.store(KEYS[1], 0, None, 21, 9, Bound::Upper);
        assert_eq!(t.probe(KEYS[1], 0).map(|h| h.depth), Some(9));
        assert_eq!(t.probe(KEYS[0], 0).map(|h| h.depth), Some(8));
        assert!(t.probe(KEYS[2], 0).is_none());
    }

    #[test]
    fn a_deeper_bound_of_the_same_position_stays_within_a_search_only() {
        let mut t = Table::new(1);
        t.store(KEYS[0], 0, None, 10, 8, Bound::Lower);
        t.store(KEYS[0], 0, None, 11, 3, Bound::Upper);
        assert_eq!(t.probe(KEYS[0], 0).map(|h| h.score), Some(10));
        t.store(KEYS[0], 0, None, 12, 3, Bound::Exact);
        assert_eq!(t.probe(KEYS[0], 0).map(|h| h.score), Some(12));
        t.store(KEYS[0], 0, None, 13, 9, Bound::Lower);
        t.generation = 1;
        t.store(KEYS[0], 0, None, 14, 2, Bound::Upper);
        assert_eq!(t.probe(KEYS[0], 0).map(|h| h.depth), Some(2));
    }

    #[test]
    fn entries_of_an_earlier_search_give_way_to_shallower_new_ones() {
        let mut t = Table::new(1);
        t.store(KEYS[0], 0, None, 10, 8, Bound::Lower);
        t.store(KEYS[1], 0, None, 20, 7, Bound::Lower);
        t.generation = 1;
        t.store(KEYS[2], 0, None, 30, 1, Bound::Lower);
        assert_eq!(t.probe(KEYS[2], 0).map(|h| h.depth), Some(1));
        // The old deep entry moved to the latest one; the other is gone.
        assert_eq!(t.probe(KEYS[0], 0).map(|h| h.depth), Some(8));
        assert!(t.probe(KEYS[1], 0).is_none());
    }

    #[test]
    fn a_table_taken_counts_what_it_holds_as_older() {
        let t = take(5);
        assert_ne!(t.generation, 0, "a new table's entries are generation 0");
        give(t);
    }
}
