//! The CPU player. For now a shallow search (see `shallow`): legal, not
//! absurd moves; the strong search is its own issue.

mod greedy4;
mod greedy_chess4;
mod shallow;

use crate::rules::AnyGame;
use crate::rules::vocab;

/// Picks a move for the seat to move at `level` (1 = weakest), or `None`
/// when the game is over. Runs on the caller's thread: callers in async
/// code use `spawn_blocking`.
pub fn choose_move(game: &AnyGame, level: u8) -> Option<vocab::Move> {
    match game {
        AnyGame::Shogi(g) => shallow::shogi(g, level),
        AnyGame::Shogi4(g) => greedy4::shogi4(g, level),
        AnyGame::Chess4(g) => greedy_chess4::chess4(g, level),
    }
}
