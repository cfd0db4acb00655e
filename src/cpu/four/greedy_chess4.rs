//! A one-ply CPU for four-player chess: takes the king when it can, else
//! the move that wins the most material (free-for-all: points) without
//! leaving the moved piece en prise to a cheaper attacker, with noise
//! (more at level 1). Levels 1 and 2 of four-player chess, and the
//! yardstick the stronger levels are measured against.

use crate::rules::Game;
use crate::rules::chess4::flow::capture_points;
use crate::rules::chess4::{ChessGame4, Move};
use crate::rules::vocab;
use rand::Rng;

/// Scores `mv`: what it takes, less the moved piece when an enemy then
/// attacks its square.
fn score(game: &ChessGame4, mv: Move) -> i32 {
    let pos = game.position();
    let mover = pos.to_move();
    let mut after = pos.clone();
    let taken = after.play(mv);
    if taken.king().is_some() {
        return 1000;
    }
    let gain: i32 = taken.pieces().map(capture_points).sum();
    let moved = after.piece_at(mv.to).map_or(0, capture_points);
    let risk = if after.attacked(mv.to, pos.enemies(mover), u8::MAX) {
        moved
    } else {
        0
    };
    let checks = (0..4u8)
        .filter(|&s| s != mover && after.in_check(s))
        .count() as i32;
    gain * 10 - risk * 10 + checks * 3 + i32::from(mv.promotion.is_some()) * 50
}

/// The CPU's move at `level` (1 = most noise), or `None` when the game is over.
pub fn chess4(game: &ChessGame4, level: u8) -> Option<vocab::Move> {
    let moves = game.legal_moves();
    let noise = match level {
        0 | 1 => 40,
        2 => 15,
        _ => 4,
    };
    let mut rng = rand::rng();
    let best = moves
        .iter()
        .max_by_key(|mv| score(game, **mv) + rng.random_range(0..=noise))?;
    Some(game.to_vocab(*best))
}
