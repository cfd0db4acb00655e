//! Which of a seat's moves are legal: its king not left attacked, in pairs
//! no new check on the partner, and no pawn drop that mates.
//!
//! Two tests that must agree. [`Position4::is_safe`] plays the move on a
//! copy and looks: simple, and the reference. The quick test needs no copy
//! and serves most moves: when the seat is not in check (and not in pairs),
//! only rooks attack from afar, so a piece other than the king can expose
//! the king only by leaving the line of a rook it shields (a pin), a king
//! move is legal when no other seat attacks its destination once the king
//! has left, and a drop is legal unless it is a pawn that checks a king.

use super::position::{Format, Position4};
use super::tables::{NEIGHBOR, OFF, RAY, nearest};
use super::types::{Kind4, Move4, Sq4};

/// The seat's own pieces that shield its king from a rook's line, by the
/// line's direction: a pinned piece may only move along that line.
pub(super) struct Pins {
    pub king: Sq4,
    /// Pinned along the king's column.
    pub vertical: u128,
    /// Pinned along the king's row.
    pub horizontal: u128,
}

impl Pins {
    fn allows(&self, from: Sq4, to: Sq4) -> bool {
        let bit = 1u128 << from.0;
        if self.vertical & bit != 0 {
            from.x() == to.x()
        } else if self.horizontal & bit != 0 {
            from.y() == to.y()
        } else {
            true
        }
    }
}

impl Position4 {
    /// Every legal move of the seat to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move4> {
        if self.is_over() {
            return Vec::new();
        }
        let mut moves = Vec::with_capacity(64);
        self.for_each_legal(self.to_move, 2, |mv| {
            moves.push(mv);
            false
        });
        moves
    }

    /// How many legal moves the seat to move has (none once the game is
    /// over), without listing them.
    pub fn count_legal(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        self.count_moves(self.to_move, 2)
    }

    /// How many legal moves `seat` has: by bits when the quick test
    /// serves, else one by one.
    pub(crate) fn count_moves(&self, seat: u8, depth: u8) -> u64 {
        if let Some(pins) = self.quick_test(seat) {
            return self.count_quick(seat, &pins, depth);
        }
        let mut count = 0;
        self.for_each_legal(seat, depth, |_| {
            count += 1;
            false
        });
        count
    }

    /// Whether `seat` would have a legal move if it were to move now.
    pub fn has_legal_move(&self, seat: u8, depth: u8) -> bool {
        let mut any = false;
        self.for_each_legal(seat, depth, |_| {
            any = true;
            true
        });
        any
    }

    /// Calls `f` with each legal move of `seat` until it returns `true`.
    /// `depth` bounds the pawn-drop-mate look-ahead (a reply that is itself
    /// a pawn drop giving mate is judged one level down).
    pub(crate) fn for_each_legal<F: FnMut(Move4) -> bool>(&self, seat: u8, depth: u8, mut f: F) {
        let quick = self.quick_test(seat);
        let mut stop = false;
        self.for_each_pseudo(seat, |mv| {
            let legal = match &quick {
                Some(pins) => self.quick_legal(seat, mv, pins, depth),
                None => self.is_safe(seat, mv, depth),
            };
            if !stop && legal {
                stop = f(mv);
            }
            stop
        });
    }

    /// The pins that let moves be judged without a copy, or `None` when
    /// every move needs the full test: in check, or in pairs (a move may
    /// check the partner).
    pub(super) fn quick_test(&self, seat: u8) -> Option<Pins> {
        if self.play.format == Format::Pairs || self.in_check(seat) {
            return None;
        }
        let king = self.king_square(seat)?;
        let mut pins = Pins {
            king,
            vertical: 0,
            horizontal: 0,
        };
        for (d, ray) in RAY[king.0 as usize].iter().enumerate() {
            if self.index.rooks & ray == 0 {
                continue;
            }
            if let Some(shield) = self.pinned_on(seat, king, d) {
                let set = if d % 2 == 0 {
                    &mut pins.vertical
                } else {
                    &mut pins.horizontal
                };
                *set |= 1 << shield;
            }
        }
        Some(pins)
    }

    /// The own piece, if any, that alone stands between `seat`'s king and
    /// another seat's live rook in direction `d`.
    fn pinned_on(&self, seat: u8, king: Sq4, d: usize) -> Option<u8> {
        let own = self.index.owned[seat as usize % 4];
        let blockers = RAY[king.0 as usize][d] & self.index.occupied;
        let shield = nearest(blockers, d).filter(|s| own & (1 << s) != 0)?;
        let pinner = nearest(blockers & RAY[shield as usize][d], d)?;
        let live = self.index.owned.iter().fold(0, |bits, o| bits | o);
        let their_rooks = self.index.rooks & live & !own;
        (their_rooks & (1 << pinner) != 0).then_some(shield)
    }

    /// The quick test (see the module's comment): `seat` is not in check.
    fn quick_legal(&self, seat: u8, mv: Move4, pins: &Pins, depth: u8) -> bool {
        match mv {
            Move4::Drop {
                kind: Kind4::Pawn,
                to,
            } if self.pawn_checks_king(seat, to) => self.is_safe(seat, mv, depth),
            Move4::Drop { .. } => true,
            Move4::Step { from, to, .. } if from == pins.king => self.safe_for_king(seat, from, to),
            Move4::Step { from, to, .. } => pins.allows(from, to),
        }
    }

    /// Whether `mv` keeps `seat`'s king safe, creates no check on a partner
    /// and is not a pawn drop that mates: judged on a copy with the move
    /// played.
    pub(crate) fn is_safe(&self, seat: u8, mv: Move4, depth: u8) -> bool {
        let mut after = self.clone();
        after.apply(seat, mv);
        if after.in_check(seat) {
            return false;
        }
        if let Some(partner) = self.partner(seat) {
            let by_me = |pos: &Position4| {
                pos.king_square(partner)
                    .filter(|_| pos.is_active(partner))
                    .is_some_and(|k| pos.attackers(k) & (1 << seat) != 0)
            };
            if by_me(&after) && !by_me(self) {
                return false;
            }
        }
        match mv {
            Move4::Drop {
                kind: Kind4::Pawn,
                to,
            } if depth > 0 => !after.pawn_drop_mates(seat, to, depth - 1),
            _ => true,
        }
    }

    /// Whether a pawn of `seat` on `sq` would attack another seat's live king.
    pub(super) fn pawn_checks_king(&self, seat: u8, sq: Sq4) -> bool {
        self.pawn_target(seat, sq)
            .is_some_and(|k| k.kind == Kind4::King && !k.flipped && k.owner != Some(seat))
    }

    /// The piece right in front of a pawn of `seat` on `sq`.
    fn pawn_target(&self, seat: u8, sq: Sq4) -> Option<super::types::Piece4> {
        let ahead = NEIGHBOR[sq.0 as usize][seat as usize % 4];
        (ahead != OFF).then(|| self.board[ahead as usize]).flatten()
    }

    /// Whether the pawn `seat` just dropped on `sq` checks a king whose
    /// owner would have no legal reply if they moved at once.
    fn pawn_drop_mates(&self, seat: u8, sq: Sq4, depth: u8) -> bool {
        match self.pawn_target(seat, sq) {
            Some(k) if k.kind == Kind4::King && !k.flipped => {
                let owner = k.owner.unwrap_or(seat);
                owner != seat && !self.has_legal_move(owner, depth)
            }
            _ => false,
        }
    }

    /// Every move of `seat` by the full test alone: what the quick test is
    /// held against.
    #[cfg(test)]
    pub(crate) fn legal_by_copy(&self, seat: u8) -> Vec<Move4> {
        let mut moves = Vec::new();
        self.for_each_pseudo(seat, |mv| {
            if self.is_safe(seat, mv, 2) {
                moves.push(mv);
            }
            false
        });
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::super::position::Play4;
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn sorted(mut moves: Vec<Move4>) -> Vec<Move4> {
        moves.sort();
        moves
    }

    /// Random games (captures, drops, checks, some mates): in every position
    /// reached the quick test lists exactly the moves the copy test does.
    fn quick_test_agrees_with_copy_test(play: Play4, seed: u64) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut checks = 0;
        for _ in 0..30 {
            let mut pos = Position4::start(play);
            for _ in 0..400 {
                let moves = pos.legal_moves();
                if pos.is_over() {
                    break;
                }
                let by_copy = pos.legal_by_copy(pos.to_move());
                assert_eq!(sorted(moves.clone()), sorted(by_copy), "{}", pos.to_sfen4());
                checks += usize::from(pos.in_check(pos.to_move()));
                for seat in 0..4 {
                    let mut listed = 0;
                    pos.for_each_legal(seat, 2, |_| {
                        listed += 1;
                        false
                    });
                    assert_eq!(pos.count_moves(seat, 2), listed, "{}", pos.to_sfen4());
                    let kept = pos.in_check(seat);
                    assert_eq!(kept, pos.king_attacked(seat), "{}", pos.to_sfen4());
                }
                let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                    break;
                };
                pos.play(mv);
            }
        }
        assert!(checks > 20, "the games reached only {checks} checks");
    }

    #[test]
    fn quick_legality_matches_the_copy_in_individual_games() {
        quick_test_agrees_with_copy_test(Play4::default(), 1);
    }

    #[test]
    fn quick_legality_matches_the_copy_with_ownerless_pieces() {
        let play = Play4 {
            ownerless: true,
            mates_to_end: 3,
            ..Play4::default()
        };
        quick_test_agrees_with_copy_test(play, 2);
    }
}
