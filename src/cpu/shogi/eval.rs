//! The static evaluation, in centipawn-like units from the side to move's
//! point of view: a weighted sum of the features in [`super::features`]
//! (material on the board and in hand, piece placement, pieces near each
//! king, mobility of the major pieces, king exposure), with the weights
//! fitted to game results ([`super::tune`]).
//!
//! The placement part (each piece's square and offsets from the kings)
//! is kept move by move along the search's path ([`Placement`]); the
//! rest (hands, king safety, mobility) is computed at every leaf.

use super::features;
use super::weights::{SCALE, WEIGHTS};
use crate::rules::shogi::{Color, Kind, Move, Position, Sq, Undo};

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
    evaluate_placed(pos, placement(pos))
}

/// [`evaluate`] given the sum of the placement features already
/// (see [`Placement`]).
#[inline]
pub fn evaluate_placed(pos: &Position, placement: i32) -> i32 {
    let mut sum = placement;
    features::visit_rest(pos, &mut |i, v| sum += i32::from(WEIGHTS[i]) * v);
    let score = sum / SCALE;
    match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

/// The weighted sum of the placement features of `pos`, sente's side.
pub fn placement(pos: &Position) -> i32 {
    let mut sum = 0;
    features::visit_placement(pos, &mut |i, v| sum += i32::from(WEIGHTS[i]) * v);
    sum
}

/// The weighted placement features of one piece (sente's side).
#[inline]
fn piece_placement(kind: Kind, sq: Sq, color: Color, pos: &Position) -> i32 {
    let kings = (pos.king(color), pos.king(color.opponent()));
    let mut sum = 0;
    features::piece(kind, sq, color, kings, &mut |i, v| {
        sum += i32::from(WEIGHTS[i]) * v
    });
    sum
}

/// The placement sum along the search's path, one entry a ply: a move
/// changes it by the pieces it touches, so it is not summed afresh at
/// every leaf (the evaluation's most expensive part otherwise).
pub struct Placement(Vec<i32>);

impl Placement {
    /// The stack for a search from `pos`.
    pub fn new(pos: &Position) -> Placement {
        let mut stack = Vec::with_capacity(256);
        stack.push(placement(pos));
        Placement(stack)
    }

    /// The sum for the current position.
    #[inline]
    pub fn current(&self) -> i32 {
        *self.0.last().expect("the root's sum is never popped")
    }

    /// Plays `mv` on `pos` and pushes the sum after it.
    #[inline]
    pub fn make(&mut self, pos: &mut Position, mv: Move) -> Undo {
        let change = Placement::change(pos, mv);
        let undo = pos.make(mv);
        let after = match change {
            Some(change) => self.current() + change,
            None => placement(pos),
        };
        self.0.push(after);
        undo
    }

    /// Takes back `mv` (played by [`make`](Self::make)) and its sum.
    #[inline]
    pub fn unmake(&mut self, pos: &mut Position, mv: Move, undo: Undo) {
        pos.unmake(mv, undo);
        self.0.pop();
    }

    /// What `mv` changes in the sum on `pos` before it is played; `None`
    /// for a king move, which changes every offset from that king.
    #[inline]
    fn change(pos: &Position, mv: Move) -> Option<i32> {
        let us = pos.side_to_move();
        let to = mv.to();
        let moved = (!mv.is_drop()).then(|| pos.piece_at(mv.from()).kind());
        if moved == Some(Kind::King) {
            return None;
        }
        let mut change = piece_placement(pos.placed_kind(mv), to, us, pos);
        if let Some(kind) = moved {
            change -= piece_placement(kind, mv.from(), us, pos);
        }
        let captured = pos.piece_at(to);
        if !captured.is_empty() {
            change -= piece_placement(captured.kind(), to, us.opponent(), pos);
        }
        Some(change)
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

    /// Long random games (captures, promotions, drops and king moves all
    /// come up): the sum kept move by move is the sum computed afresh,
    /// after every move and after taking every move back.
    #[test]
    fn the_placement_kept_move_by_move_is_the_placement_summed_afresh() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for start in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "ln1g3nl/1r1sk1g2/p1pppp1pp/1p4p2/7P1/2P1S4/PP1PPPP1P/1BG4R1/LN2KGSNL w BS 1",
        ] {
            let mut pos = Position::from_sfen(start).unwrap();
            let mut kept = Placement::new(&pos);
            let mut played = Vec::new();
            for _ in 0..300 {
                let Some(mv) = super::super::random_move(&pos, &mut seed) else {
                    break;
                };
                let undo = kept.make(&mut pos, mv);
                assert_eq!(kept.current(), placement(&pos), "after {mv:?}");
                assert_eq!(evaluate_placed(&pos, kept.current()), evaluate(&pos));
                played.push((mv, undo));
            }
            while let Some((mv, undo)) = played.pop() {
                kept.unmake(&mut pos, mv, undo);
                assert_eq!(kept.current(), placement(&pos), "taking back {mv:?}");
            }
            assert_eq!(pos, Position::from_sfen(start).unwrap());
        }
    }
}
