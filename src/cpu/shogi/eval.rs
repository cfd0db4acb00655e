//! The static evaluation, in centipawn-like units from the side to move's
//! point of view: a weighted sum of the features in [`super::features`]
//! (material on the board and in hand, piece placement, pieces near each
//! king, mobility of the major pieces, king exposure), with the weights
//! fitted to game results ([`super::tune`]).
//!
//! Computed from scratch at every leaf: a shogi position has at most 40
//! pieces, and a full pass over them is cheap next to move generation.

use super::features;
use super::weights::{SCALE, WEIGHTS};
use crate::rules::shogi::{Color, Kind, Position};

/// Board value of a piece kind (the king is never captured), for move
/// ordering, exchanges and pruning margins; the evaluation's own values
/// are in its weights.
pub const fn piece_value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 90,
        Kind::Lance => 315,
        Kind::Knight => 405,
        Kind::Silver => 495,
        Kind::Gold => 540,
        Kind::Bishop => 855,
        Kind::Rook => 990,
        Kind::King => 15_000,
        Kind::ProPawn => 540,
        Kind::ProLance => 540,
        Kind::ProKnight => 540,
        Kind::ProSilver => 540,
        Kind::Horse => 945,
        Kind::Dragon => 1_395,
    }
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sum = 0;
    features::visit(pos, |i, v| sum += i32::from(WEIGHTS[i]) * v);
    let score = sum / SCALE;
    match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_and_material_counts() {
        let start = Position::startpos();
        assert!(evaluate(&start).abs() < 30, "{}", evaluate(&start));
        // Sente is a rook up, or a pawn up: the rook is worth several pawns.
        let rook_up =
            Position::from_sfen("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .unwrap();
        let pawn_up =
            Position::from_sfen("lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .unwrap();
        let (rook, pawn) = (evaluate(&rook_up), evaluate(&pawn_up));
        assert!(
            pawn > 30 && rook > 5 * pawn,
            "rook up {rook}, pawn up {pawn}"
        );
    }
}
