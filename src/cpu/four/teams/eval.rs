//! What a position is worth to the side to move, in centipawns: the sum
//! of the fitted weights ([`super::weights`]) times the features
//! ([`super::features`]): both seats' material, where the pieces stand,
//! how far the pawns have come, the pieces that could be won, the enemy
//! pieces close to each king, and the move.

use super::features::{self, Pieces, TEMPO};
use super::weights::{SCALE, WEIGHTS};
use crate::rules::chess4::{Kind, Position};

/// How far outside the window material and placement must be for the
/// capture search to skip the rest of the evaluation: more than the
/// threats and king danger add but in rare positions.
const LAZY_MARGIN: i32 = 600;

/// A piece kind's worth in centipawns for exchanges and move order (a
/// king none: it is never traded). A pawn is worth less than in
/// two-player chess: there are many, and they have far to go.
pub(crate) fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 70,
        Kind::Knight => 300,
        Kind::Bishop => 400,
        Kind::Rook => 500,
        Kind::Queen => 1000,
        Kind::King => 0,
    }
}

/// The position's worth for the side to move: its team's total less the
/// other team's, and the tempo.
pub(crate) fn evaluate(pos: &Position) -> i32 {
    evaluate_within(pos, i32::MIN, i32::MAX)
}

/// [`evaluate`], unless material and placement alone are [`LAZY_MARGIN`]
/// outside the window from `alpha` to `beta`: then those alone. So far
/// outside, the attacks seldom change what the capture search does with
/// the score, and they take most of the evaluation's time.
pub(crate) fn evaluate_within(pos: &Position, alpha: i32, beta: i32) -> i32 {
    let sign = features::sign(pos.to_move());
    let mut sum = i32::from(WEIGHTS[TEMPO]) * sign;
    let mut pieces = Pieces::default();
    let add = |sum: &mut i32, i: usize, v: i32| *sum += i32::from(WEIGHTS[i]) * v;
    features::visit_placement(pos, &mut pieces, |i, v| add(&mut sum, i, v));
    let rough = sign * sum / SCALE;
    if rough.saturating_add(LAZY_MARGIN) <= alpha || rough >= beta.saturating_add(LAZY_MARGIN) {
        return rough;
    }
    features::visit_attacks(pos, &pieces, |i, v| add(&mut sum, i, v));
    sign * sum / SCALE
}
