//! The CPU player: picks a move for the seat to move at a level, within a
//! time budget, and stops early when told to.
//!
//! Levels run from 1 (beginner) to [`MAX_LEVEL`] (strongest). Search runs
//! on the caller's thread: the hall runs it off the async runtime.

mod greedy4;
mod greedy_chess4;
mod shallow;
pub mod usi;

use crate::rules::AnyGame;
use crate::rules::vocab;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The strongest level.
pub const MAX_LEVEL: u8 = 5;

/// How long the CPU may think, and a flag that stops it early (the game
/// moved on, the room closed, the server is stopping).
#[derive(Clone, Debug)]
pub struct Budget {
    /// Time for this move.
    pub time: Duration,
    /// Set to stop: the search returns its best move so far.
    pub stop: Arc<AtomicBool>,
}

impl Budget {
    /// `time` to think, not stopped.
    pub fn new(time: Duration) -> Budget {
        Budget {
            time,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether the search was told to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Picks a move for the seat to move at `level` (1 = weakest), or `None`
/// when the game is over. Runs on the caller's thread: callers in async
/// code use `spawn_blocking`.
pub fn choose_move(game: &AnyGame, level: u8) -> Option<vocab::Move> {
    think(game, level, &Budget::new(Duration::from_secs(1)))
}

/// Picks a move for the seat to move at `level` within `budget`.
pub fn think(game: &AnyGame, level: u8, _budget: &Budget) -> Option<vocab::Move> {
    match game {
        AnyGame::Shogi(g) => shallow::shogi(g, level),
        AnyGame::Shogi4(g) => greedy4::shogi4(g, level),
        AnyGame::Chess4(g) => greedy_chess4::chess4(g, level),
    }
}
