//! What the search remembers between nodes and the order it tries moves
//! in: the transposition table, killer moves, counter moves and the
//! histories of the moves that refuted others.

use super::eval::value;
use super::search::MAX_PLY;
use super::{DECIDED, MATE};
use crate::cpu::shelf::Shelf;
use crate::rules::chess4::types::Special;
use crate::rules::chess4::{Kind, Move, Position};

/// Entries in the transposition table (16 bytes each: 16 MiB).
const TABLE_SIZE: usize = 1 << 20;
/// Squares of the board's grid, for the history's (from, to) index.
const GRID: usize = 196;
/// The history's bound: a move's score stays within it.
const HISTORY_MAX: i32 = 1 << 14;
/// Kinds of pieces.
const KINDS: usize = 6;
/// A move's (kind, to) index space, plus one for no move at all.
const PIECE_TO: usize = KINDS * GRID + 1;
/// What the capture history adds to a capture's rank, divided by: at
/// most ±2,048, so it reorders the captures of one kind of victim but
/// never puts a smaller victim first (a pawn ranks 3,680 under a knight).
const CAPTURE_HISTORY_SHARE: i32 = 8;
/// The earlier moves of the line a quiet move is judged after, in plies
/// back, and the share of their continuation history it gets (divided
/// by): the last enemy move, the partner's and the seat's own.
const FOLLOWS: [(usize, i32); 3] = [(1, 1), (2, 2), (4, 2)];

/// A move in 19 bits: from, to and the promotion (kind + 1, or 0); never
/// 0 for a real move, whose origin is never the wall square 0.
pub(super) fn pack(mv: Move) -> u32 {
    let promotion = mv.promotion.map_or(0, |k| k as u32 + 1);
    u32::from(mv.from.0) | u32::from(mv.to.0) << 8 | promotion << 16
}

/// What a stored score says of the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// It is the score.
    Exact,
    /// The score is at least this (a move failed high).
    Lower,
    /// The score is at most this (every move failed low).
    Upper,
}

/// One position's entry: its key, score and, packed, best move (19
/// bits), bound (2), depth (7) and the age of the search that stored it
/// (4).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    data: u32,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hit {
    /// The best move found ([`pack`]ed), or 0.
    pub mv: u32,
    score: i32,
    depth: i32,
    bound: Bound,
}

impl Hit {
    /// The stored score, when it was searched at least `depth` deep and
    /// settles the window.
    pub fn cutoff(&self, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        };
        (self.depth >= depth && settles).then_some(self.score)
    }
}

/// The transposition table: positions by key, in buckets of two slots,
/// so that a deep entry is not lost to the next shallow one that lands
/// on its slot (the capture search stores many): a new position takes
/// an empty slot, else one an earlier search filled, else the shallower
/// entry's.
pub(super) struct Table {
    entries: Vec<Entry>,
    /// Counts the searches that used the table, modulo 16.
    age: u32,
}

/// The tables searches left, each with the key of its game's first
/// position: the next search of that game takes it over.
static KEPT: Shelf<(u64, Table)> = Shelf::new(2);

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            entries: vec![Entry::default(); TABLE_SIZE],
            age: 0,
        }
    }

    /// The table the last search of the game that began at `first` left,
    /// or an empty one.
    pub fn reuse(first: u64) -> Table {
        let kept = KEPT.take(|(game, _)| *game == first);
        kept.map_or_else(Table::new, |(_, table)| table.aged())
    }

    /// This table for the next search: what this one stores counts as
    /// an earlier search's.
    pub fn aged(self) -> Table {
        Table {
            age: (self.age + 1) % 16,
            ..self
        }
    }

    /// Leaves this table for the next search of the game that began at
    /// `first`.
    pub fn keep(self, first: u64) {
        KEPT.give((first, self));
    }

    /// What the table has for `key`, its decided scores counted from `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let b = bucket(key);
        let e = *self.entries[b..b + 2].iter().find(|e| e.key == key)?;
        if e.data == 0 {
            return None;
        }
        let bound = match e.data >> 19 & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: e.data & 0x7_ffff,
            score: from_table(e.score, ply),
            depth: depth_of(&e) as i32 - 1,
            bound,
        })
    }

    /// Keeps what a search of `key` found at `ply` and `depth` (a deeper
    /// entry of the same position stays unless this one is exact).
    pub fn store(&mut self, key: u64, ply: usize, depth: i32, score: i32, bound: Bound, mv: u32) {
        let i = self.slot_for(key);
        let age = self.age;
        let e = &mut self.entries[i];
        let old_depth = depth_of(e) as i32 - 1;
        if e.key == key && bound != Bound::Exact && old_depth > depth + 2 {
            return;
        }
        let mv = match (mv, e.key == key) {
            (0, true) => e.data & 0x7_ffff,
            _ => mv,
        };
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let depth = depth.clamp(0, 120) as u32 + 1;
        *e = Entry {
            key,
            score: to_table(score, ply),
            data: mv | bound << 19 | depth << 21 | age << 28,
        };
    }

    /// The slot `key` is stored in: its own, else in its bucket an
    /// empty one, else the entry an earlier search left, else the
    /// shallower.
    fn slot_for(&self, key: u64) -> usize {
        let b = bucket(key);
        let worth = |e: &Entry| match (e.key == key, e.data == 0) {
            (true, _) => 0,
            (false, true) => 1,
            (false, false) => 2 + depth_of(e) + 128 * u32::from(e.data >> 28 == self.age),
        };
        match worth(&self.entries[b + 1]) < worth(&self.entries[b]) {
            true => b + 1,
            false => b,
        }
    }
}

/// The first slot of `key`'s bucket.
fn bucket(key: u64) -> usize {
    (key >> 40) as usize & (TABLE_SIZE - 2)
}

/// An entry's depth plus one (0 for an empty slot).
fn depth_of(e: &Entry) -> u32 {
    e.data >> 21 & 0x7f
}

/// A decided score as the table keeps it: counted from the position, not
/// the root.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= DECIDED => s + ply as i32,
        s if s <= -DECIDED => s - ply as i32,
        s => s,
    }
}

/// A stored score counted from the root again, at `ply`.
fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= DECIDED => (s - ply as i32).min(MATE),
        s if s <= -DECIDED => (s + ply as i32).max(-MATE),
        s => s,
    }
}

/// Killer moves per ply, counter moves, the history of quiet moves and
/// their continuation history (how well a quiet move did after a given
/// earlier move of the line), and the history of captures: in
/// four-player chess most moves answer the last few, so what refuted a
/// move once is likely to again.
pub(super) struct Hints {
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    /// Per ply: the [`piece_to`] index of the move that led there.
    line: Vec<usize>,
    /// By the [`piece_to`] index of the last move: the quiet move that
    /// last refuted it.
    counters: Vec<u32>,
    /// By the [`piece_to`] indices of an earlier move and a quiet move.
    follow: Vec<i32>,
    /// By [`capture_index`]: how often a capture refuted a position, less
    /// how often it was tried and something else did.
    captures: Vec<i32>,
}

impl Hints {
    /// No hints yet.
    pub fn new() -> Hints {
        Hints {
            killers: vec![[0; 2]; MAX_PLY + 2],
            history: vec![0; GRID * GRID],
            line: vec![0; MAX_PLY + 2],
            counters: vec![0; PIECE_TO],
            follow: vec![0; PIECE_TO * PIECE_TO],
            captures: vec![0; KINDS * PIECE_TO],
        }
    }

    /// `mv` of `pos` (or a pass, `None`) leads to the position at `ply`.
    pub fn enter(&mut self, ply: usize, pos: &Position, mv: Option<Move>) {
        self.line[ply] = mv.map_or(0, |mv| piece_to(pos, mv));
    }

    /// `refutation` (a move of `pos` and whether it is quiet) refuted the
    /// position at `ply`, searched `depth` deep, after the moves `tried`
    /// (each with whether it is quiet): the refutation gains in its
    /// history and those tried lose, quiet moves in the quiet histories
    /// (only when the refutation is quiet), captures in the capture
    /// history.
    pub fn refuted(
        &mut self,
        pos: &Position,
        refutation: (Move, bool),
        tried: &[(Move, bool)],
        ply: usize,
        depth: i32,
    ) {
        let bonus = depth * depth;
        let (mv, quiet) = refutation;
        match quiet {
            true => self.reward(pos, mv, ply, bonus),
            false => self.adjust_capture(pos, mv, bonus),
        }
        for &(other, other_quiet) in tried {
            match other_quiet {
                true if quiet => self.adjust(pos, other, ply, -bonus),
                true => {}
                false => self.adjust_capture(pos, other, -bonus),
            }
        }
    }

    /// A quiet move of `pos` refuted it at `ply`: a killer, the counter
    /// move of the move before, and `bonus` in its histories.
    fn reward(&mut self, pos: &Position, mv: Move, ply: usize, bonus: i32) {
        let packed = pack(mv);
        let killers = &mut self.killers[ply];
        if killers[0] != packed {
            killers[1] = killers[0];
            killers[0] = packed;
        }
        if self.line[ply] != 0 {
            self.counters[self.line[ply]] = packed;
        }
        self.adjust(pos, mv, ply, bonus);
    }

    /// Moves the capture history of `mv` (not a capture: nothing) by
    /// `bonus`.
    fn adjust_capture(&mut self, pos: &Position, mv: Move, bonus: i32) {
        if let Some(kind) = victim(pos, mv) {
            nudge(&mut self.captures[capture_index(pos, mv, kind)], bonus);
        }
    }

    /// Moves the history and continuation history of `mv` by `bonus`.
    fn adjust(&mut self, pos: &Position, mv: Move, ply: usize, bonus: i32) {
        nudge(&mut self.history[history_index(mv)], bonus);
        let to = piece_to(pos, mv);
        for earlier in self.earlier(ply).into_iter().flatten() {
            nudge(&mut self.follow[earlier * PIECE_TO + to], bonus);
        }
    }

    /// The [`piece_to`] indices of the moves [`FOLLOWS`] names before the
    /// position at `ply` (`None` before the root, beyond the line kept,
    /// or for a pass).
    fn earlier(&self, ply: usize) -> [Option<usize>; 3] {
        FOLLOWS.map(|(back, _)| {
            let at = (ply + 1).checked_sub(back)?;
            self.line.get(at).copied().filter(|&i| at > 0 && i != 0)
        })
    }

    /// What the histories say of the quiet move `mv` of `pos` after the
    /// `earlier` moves of the line.
    fn quiet_score(&self, pos: &Position, mv: Move, earlier: &[Option<usize>; 3]) -> i32 {
        let to = piece_to(pos, mv);
        let follow = earlier
            .iter()
            .zip(FOLLOWS)
            .filter_map(|(e, (_, share))| e.map(|e| self.follow[e * PIECE_TO + to] / share));
        self.history[history_index(mv)] + follow.sum::<i32>()
    }
}

/// Moves a history score by `bonus`, less the more it has already (scores
/// stay within [`HISTORY_MAX`]).
fn nudge(h: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// The index of what `mv` of `pos` moves and where: its kind and target
/// square (never 0, which stands for no move).
fn piece_to(pos: &Position, mv: Move) -> usize {
    let kind = pos.piece_at(mv.from).map_or(0, |p| p.kind as usize);
    1 + kind * GRID + usize::from(mv.to.0)
}

/// What `mv` of `pos` takes (en passant, a pawn), if anything.
fn victim(pos: &Position, mv: Move) -> Option<Kind> {
    match mv.special {
        Special::EnPassant { .. } => Some(Kind::Pawn),
        _ => pos.piece_at(mv.to).map(|p| p.kind),
    }
}

/// The capture history's index of `mv` of `pos`, which takes a
/// `victim`: the kind taken, and the kind that takes and where
/// ([`piece_to`]).
fn capture_index(pos: &Position, mv: Move, victim: Kind) -> usize {
    victim as usize * PIECE_TO + piece_to(pos, mv)
}

/// A move's index in the history: from and to.
fn history_index(mv: Move) -> usize {
    usize::from(mv.from.0) * GRID + usize::from(mv.to.0)
}

/// A node's moves, handed out best first: the table's move, king
/// captures, captures that take at least what they risk (by the most
/// valuable victim, then the least valuable attacker and the capture
/// history), queen promotions, the killers, the counter move, the other
/// captures, then quiet moves by their histories; under-promotions last.
pub(super) struct Picker {
    moves: Vec<(Move, i32, bool)>,
}

/// What a node knows of its quiet moves before ranking them.
struct Context {
    tt: u32,
    killers: [u32; 2],
    counter: u32,
    earlier: [Option<usize>; 3],
}

impl Picker {
    /// The moves of `pos` at `ply` (from [`MAX_PLY`] on, in the capture
    /// search: no killers, counter move or continuation) to hand out.
    pub fn new(pos: &Position, moves: Vec<Move>, tt: u32, hints: &Hints, ply: usize) -> Picker {
        let context = match ply < MAX_PLY {
            true => Context {
                tt,
                killers: hints.killers[ply],
                counter: hints.counters[hints.line[ply]],
                earlier: hints.earlier(ply),
            },
            false => Context {
                tt,
                killers: [0; 2],
                counter: 0,
                earlier: [None; 3],
            },
        };
        let moves = moves
            .into_iter()
            .map(|mv| {
                let (score, quiet) = rank(pos, mv, &context, hints);
                (mv, score, quiet)
            })
            .collect();
        Picker { moves }
    }

    /// The best move left and whether it is quiet (no capture, no
    /// promotion).
    pub fn next(&mut self) -> Option<(Move, bool)> {
        let (i, _) = (self.moves.iter().enumerate()).max_by_key(|(_, m)| m.1)?;
        let (mv, _, quiet) = self.moves.swap_remove(i);
        Some((mv, quiet))
    }
}

/// A move's place in the order and whether it is quiet.
fn rank(pos: &Position, mv: Move, context: &Context, hints: &Hints) -> (i32, bool) {
    let Context {
        tt,
        killers,
        counter,
        ..
    } = *context;
    let packed = pack(mv);
    let victim = victim(pos, mv);
    let quiet = victim.is_none() && mv.promotion.is_none();
    let score = if packed == tt {
        1 << 30
    } else if victim == Some(Kind::King) {
        1 << 29
    } else if let Some(kind) = victim {
        let attacker = pos.piece_at(mv.from).map_or(0, |p| value(p.kind));
        let stage = match attacker > value(kind) {
            true => 1 << 25,
            false => 1 << 28,
        };
        let history = hints.captures[capture_index(pos, mv, kind)];
        stage + value(kind) * 16 - attacker / 16 + history / CAPTURE_HISTORY_SHARE
    } else if mv.promotion == Some(Kind::Queen) {
        1 << 27
    } else if mv.promotion.is_some() {
        -(1 << 28)
    } else if packed == killers[0] {
        1 << 26
    } else if packed == killers[1] {
        (1 << 26) - 1
    } else if packed == counter {
        (1 << 26) - 2
    } else {
        hints.quiet_score(pos, mv, &context.earlier)
    };
    (score, quiet)
}
