//! Which moves are legal: the mover's king must not be left attacked (in
//! teams a move that takes a king is legal regardless: it ends the game).
//!
//! Two tests that must agree. [`Position::is_legal_pseudo`] plays the move
//! on a copy and looks: simple, and the reference. The quick test needs
//! no copy and serves every position where the mover is not in check: a
//! piece other than the king can expose the king only by leaving the line
//! of a slider it shields (a pin); a king move is legal when no enemy
//! attacks its destination once the king has left; castling was checked
//! when generated; en passant (two pieces leave) takes the full test.

use super::position::{Position, Variant};
use super::tables::{DIRS, NEIGHBOR, OFF};
use super::types::{Kind, Move, Special, Sq};

/// The mover's pieces that shield its king from an enemy slider, with the
/// direction from the king.
pub(crate) struct Pins {
    king: Sq,
    pinned: [(u8, u8); 8],
    count: usize,
}

impl Pins {
    /// Whether a piece on `from` may go to `to`: not pinned, or staying on
    /// the line of its pin.
    fn allows(&self, from: Sq, to: Sq) -> bool {
        let Some(&(_, d)) = self.pinned[..self.count]
            .iter()
            .find(|(sq, _)| *sq == from.0)
        else {
            return true;
        };
        let (dx, dy) = DIRS[d as usize];
        let tx = i16::from(to.x()) - i16::from(self.king.x());
        let ty = i16::from(to.y()) - i16::from(self.king.y());
        tx * i16::from(dy) == ty * i16::from(dx)
    }
}

impl Position {
    /// Calls `f` with each legal move of the seat to move until it returns
    /// `true`.
    pub(crate) fn for_each_legal<F: FnMut(Move) -> bool>(&self, mut f: F) {
        let seat = self.to_move;
        let quick = self.pins(seat);
        self.for_each_pseudo(seat, |mv| {
            let legal = match &quick {
                Some(pins) => self.quick_legal(mv, pins),
                None => self.is_legal_pseudo(mv),
            };
            legal && f(mv)
        });
    }

    /// The pins of `seat`, or `None` when every move needs the full test
    /// (in check, or no king).
    fn pins(&self, seat: u8) -> Option<Pins> {
        let king = self.king_square(seat)?;
        let enemies = self.enemies(seat);
        if self.attacked(king, enemies, OFF) {
            return None;
        }
        let mut pins = Pins {
            king,
            pinned: [(0, 0); 8],
            count: 0,
        };
        for d in 0..8 {
            if let Some(shield) = self.shield(seat, king, d, enemies) {
                pins.pinned[pins.count] = (shield, d as u8);
                pins.count += 1;
            }
        }
        Some(pins)
    }

    /// The one piece of `seat` between its king and an enemy slider in
    /// direction `d`, if any.
    fn shield(&self, seat: u8, king: Sq, d: usize, enemies: u8) -> Option<u8> {
        let mut shield = None;
        let mut cur = NEIGHBOR[king.0 as usize][d];
        while cur != OFF {
            if let Some(p) = self.board[cur as usize] {
                if shield.is_none() && p.owner == seat && !p.dead {
                    shield = Some(cur);
                } else {
                    let slides = p.kind.slides_along(d);
                    let enemy = !p.dead && enemies & (1 << p.owner) != 0;
                    return shield.filter(|_| slides && enemy);
                }
            }
            cur = NEIGHBOR[cur as usize][d];
        }
        None
    }

    /// The quick test (see the module's comment): the mover is not in check.
    fn quick_legal(&self, mv: Move, pins: &Pins) -> bool {
        let takes_king = self
            .piece_at(mv.to)
            .is_some_and(|p| p.kind == Kind::King && !p.dead);
        if takes_king && self.variant == Variant::Teams {
            return true;
        }
        match mv.special {
            Special::EnPassant { .. } => self.is_legal_pseudo(mv),
            Special::Castle { .. } => true,
            _ if mv.from == pins.king => {
                !self.attacked(mv.to, self.enemies(self.to_move), mv.from.0)
            }
            _ => pins.allows(mv.from, mv.to),
        }
    }

    /// Every move of the seat to move by the full test alone: what the
    /// quick test is held against.
    #[cfg(test)]
    pub(crate) fn legal_by_copy(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.for_each_pseudo(self.to_move, |mv| {
            if self.is_legal_pseudo(mv) {
                moves.push(mv);
            }
            false
        });
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Random games in both types: in every position reached, the quick
    /// test lists exactly the moves the copy test does.
    fn agrees(variant: Variant, seed: u64) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut checks = 0;
        for _ in 0..40 {
            let mut pos = Position::start(variant);
            for _ in 0..300 {
                let mut quick = pos.legal_moves();
                let mut copy = pos.legal_by_copy();
                quick.sort();
                copy.sort();
                assert_eq!(quick, copy, "{}", pos.to_fen4());
                checks += usize::from(pos.in_check(pos.to_move()));
                if quick.is_empty() || pos.king_square(pos.to_move()).is_none() {
                    break;
                }
                let mv = quick[rng.random_range(0..quick.len())];
                let taken = pos.play(mv);
                let over = match variant {
                    Variant::Teams => taken.king().is_some(),
                    Variant::FreeForAll => pos.free_for_all_over(),
                };
                if over {
                    break;
                }
            }
        }
        assert!(checks > 20, "only {checks} checks reached");
    }

    #[test]
    fn quick_legality_matches_the_copy_in_teams() {
        agrees(Variant::Teams, 1);
    }

    #[test]
    fn quick_legality_matches_the_copy_in_free_for_all() {
        agrees(Variant::FreeForAll, 2);
    }
}
