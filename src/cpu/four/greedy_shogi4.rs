//! A one-ply CPU for four-player shogi (levels 1 and 2): it mates when it
//! can, takes the most valuable piece it safely can, and otherwise avoids
//! leaving the moved piece where it can be taken. Legal and not absurd:
//! a beginner's opponent, and the yardstick the stronger levels are
//! measured against.

use crate::rules::Game;
use crate::rules::shogi4::{Kind4, Move4, Position4, ShogiGame4};
use crate::rules::vocab;
use rand::Rng;

fn value(kind: Kind4, promoted: bool) -> i32 {
    match (kind, promoted) {
        (Kind4::Rook, true) => 1200,
        (Kind4::Rook, false) => 1000,
        (Kind4::Gold, _) | (_, true) => 550,
        (Kind4::Silver, false) => 500,
        (Kind4::Pawn, false) => 100,
        (Kind4::King, _) => 0,
    }
}

/// The move's score for the mover: mates made, material taken, and the
/// moved piece's value lost if another seat attacks its square.
fn score(pos: &Position4, mv: Move4) -> i32 {
    let mover = pos.to_move();
    let taken = pos
        .piece_at(mv.to())
        .map_or(0, |p| value(p.kind, p.promoted));
    let mut after = pos.clone();
    after.play(mv);
    let mates = after.mates()[mover as usize] as i32 - pos.mates()[mover as usize] as i32;
    let moved = after.piece_at(mv.to());
    let exposed = moved.map_or(0, |p| {
        let attacked = after.attackers(mv.to()) & !(1 << mover) != 0;
        if attacked {
            value(p.kind, p.promoted)
        } else {
            0
        }
    });
    mates * 100_000 + taken - exposed
}

/// The best-scoring move, ties broken at random; level 1 adds noise.
pub fn shogi4(game: &ShogiGame4, level: u8) -> Option<vocab::Move> {
    pick(game, level).map(|mv| game.to_vocab(mv))
}

/// [`shogi4`]'s move in the game's own terms.
pub(super) fn pick(game: &ShogiGame4, level: u8) -> Option<Move4> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mut rng = rand::rng();
    let noise = if level <= 1 { 300 } else { 0 };
    let scored: Vec<(Move4, i32)> = moves
        .iter()
        .map(|mv| {
            (
                *mv,
                score(game.position(), *mv) + rng.random_range(0..=noise),
            )
        })
        .collect();
    let best = scored.iter().map(|(_, s)| *s).max()?;
    let good: Vec<Move4> = scored
        .iter()
        .filter(|(_, s)| *s == best)
        .map(|(m, _)| *m)
        .collect();
    Some(good[rng.random_range(0..good.len())])
}
