//! The two-player shogi CPU: an alpha-beta search ([`search`]) over an
//! evaluation of material, hands, piece placement and king safety
//! ([`eval`]), and the table that maps the CPU levels onto it.

mod book;
pub mod eval;
pub mod features;
mod moves;
pub mod order;
mod quiesce;
pub mod search;
mod see;
pub mod tt;
pub mod tune;
pub mod weights;

use super::Budget;
use crate::rules::Game;
use crate::rules::shogi::{Position, ShogiGame};
use crate::rules::vocab;
use search::{Limits, Report};
use std::time::Duration;

/// The levels, weakest first: `(depth, time cap, root noise)`. The time is
/// also capped by the caller's budget; level 5 uses the whole budget.
///
/// | level | depth | time           | noise  | plays like                  |
/// |-------|-------|----------------|--------|-----------------------------|
/// | 1     | 1     | 0.1 s          | ±300   | a beginner: takes what hangs, blunders |
/// | 2     | 2     | 0.2 s          | ±120   | sees replies, still loose   |
/// | 3     | 4     | 0.3 s          | ±20    | a casual club player        |
/// | 4     | 64    | 0.7 s          | 0      | full search, short thought  |
/// | 5     | 64    | whole budget   | 0      | the strongest               |
const LEVELS: [(i32, Option<Duration>, i32); 5] = [
    (1, Some(Duration::from_millis(100)), 300),
    (2, Some(Duration::from_millis(200)), 120),
    (4, Some(Duration::from_millis(300)), 20),
    (64, Some(Duration::from_millis(700)), 0),
    (64, None, 0),
];

/// The lowest level that plays the opening book: levels 1 and 2 stand
/// for beginners, who do not know the standard beginnings.
const BOOK_LEVEL: u8 = 3;

/// The search limits of `level` (clamped to 1..=5) within `budget`.
pub fn limits(level: u8, budget: &Budget) -> Limits {
    let (depth, cap, noise) = LEVELS[(level.clamp(1, 5) - 1) as usize];
    Limits {
        depth,
        time: cap.map_or(budget.time, |c| c.min(budget.time)),
        noise,
        tt_bits: if depth <= 4 { 16 } else { 20 },
        spend_all: budget.spend_all && cap.is_none(),
    }
}

/// The hashes of the game's positions before the current one, oldest
/// first, replayed from its start (for repetition in the search).
pub fn history(game: &ShogiGame) -> Vec<u64> {
    let mut pos = game.start().clone();
    let mut hashes = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        hashes.push(pos.hash());
        pos.make(mv);
    }
    hashes
}

/// Searches `pos` (after the positions in `history`) at `level`, in a
/// table kept from earlier searches.
pub fn search_position(pos: &Position, history: &[u64], level: u8, budget: &Budget) -> Report {
    search::search_kept(pos, history, &limits(level, budget), &budget.stop)
}

/// The opening book's move for `pos` at `level`, if the level plays the
/// book and the position is in it (a random choice where lines part).
pub fn book_move(pos: &Position, level: u8) -> Option<crate::rules::shogi::Move> {
    (level >= BOOK_LEVEL)
        .then(|| book::book_move(pos))
        .flatten()
}

/// The CPU's move in `game` at `level`, or `None` when the game is over.
pub fn think(game: &ShogiGame, level: u8, budget: &Budget) -> Option<vocab::Move> {
    if game.outcome().is_some() {
        return None;
    }
    if let Some(mv) = book_move(game.position(), level) {
        return Some(game.to_vocab(mv));
    }
    let report = search_position(game.position(), &history(game), level, budget);
    report.best.map(|mv| game.to_vocab(mv))
}

/// A legal move of `pos` picked by a xorshift of `seed` (the tests' random
/// games), or `None` when there is none.
#[cfg(test)]
fn random_move(pos: &Position, seed: &mut u64) -> Option<crate::rules::shogi::Move> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    Some(legal.as_slice()[(*seed % legal.len() as u64) as usize])
}
