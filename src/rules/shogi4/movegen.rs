//! A seat's moves by the pieces' movement alone (king safety is judged in
//! `legal`): steps by facing with optional and forced promotion, captures,
//! drops in the dropper's facing, nifu along the seat's own lines, and dead
//! pawns (last row, or in front of a flipped king).

use super::position::Position4;
use super::tables::{ALL_SQUARES, NEIGHBOR, OFF, Squares, rook_slides, step_targets_of};
use super::types::{Kind4, Move4, Piece4, SEATS, Sq4, forward_rank};

impl Position4 {
    /// Calls `f` with each move of `seat` by movement alone, until it
    /// returns `true`.
    pub(crate) fn for_each_pseudo<F: FnMut(Move4) -> bool>(&self, seat: u8, mut f: F) {
        let pawn_lines = self.pawn_lines(seat);
        let blocked = self.blocked_for(seat);
        for i in Squares(self.index.owned[seat as usize % SEATS]) {
            let from = Sq4(i);
            let Some(p) = self.board[i as usize] else {
                continue;
            };
            for to in Squares(self.targets(from, p, blocked)).map(Sq4) {
                if promotes(p, from, to)
                    && f(Move4::Step {
                        from,
                        to,
                        promote: true,
                    })
                {
                    return;
                }
                let stays = !p.is_pawn() || self.pawn_may_go(seat, p, from, to, pawn_lines);
                if stays
                    && f(Move4::Step {
                        from,
                        to,
                        promote: false,
                    })
                {
                    return;
                }
            }
        }
        let empty = !self.index.occupied & ALL_SQUARES;
        for kind in Kind4::HAND {
            if self.hand_count(seat, kind) == 0 {
                continue;
            }
            for i in Squares(empty) {
                let to = Sq4(i);
                let allowed = kind != Kind4::Pawn
                    || (pawn_lines & line_bit(seat, to) == 0 && !self.pawn_dead(seat, to));
                if allowed && f(Move4::Drop { kind, to }) {
                    return;
                }
            }
        }
    }

    /// The squares `seat`'s pieces may not move onto: its own pieces,
    /// every king (never captured), and in pairs the partner's pieces
    /// (docs/rules.md: "moving onto an opponent's piece captures it"; the
    /// partner is no opponent). Everything else (an opponent's piece or
    /// an ownerless one) may be captured.
    pub(super) fn blocked_for(&self, seat: u8) -> u128 {
        let kings = self.kings.iter().fold(0u128, |bits, k| bits | 1 << k.0);
        let partner = self
            .partner(seat)
            .map_or(0, |p| self.index.owned[p as usize % SEATS]);
        self.index.owned[seat as usize % SEATS] | kings | partner
    }

    /// Squares `p` on `from` may move to, given the squares it may not
    /// move onto (`blocked`), as bits.
    #[inline(always)]
    pub(super) fn targets(&self, from: Sq4, p: Piece4, blocked: u128) -> u128 {
        let mut out = step_targets_of(p, from.0);
        if p.kind == Kind4::Rook {
            out |= rook_slides(from.0, self.index.occupied);
        }
        out & !blocked
    }

    /// Whether an unpromoted pawn facing `facing` on `sq` has no move: it
    /// stands on its last row or right in front of a flipped king.
    pub(crate) fn pawn_dead(&self, facing: u8, sq: Sq4) -> bool {
        let ahead = NEIGHBOR[sq.0 as usize][facing as usize % 4];
        ahead == OFF || self.board[ahead as usize].is_some_and(|p| p.flipped)
    }

    /// The lines (see [`line_bit`]) holding one of `seat`'s unpromoted
    /// pawns, whatever their facing: what nifu is judged on.
    pub(super) fn pawn_lines(&self, seat: u8) -> u16 {
        Squares(self.index.owned[seat as usize % SEATS])
            .filter(|&i| self.board[i as usize].is_some_and(Piece4::is_pawn))
            .fold(0, |lines, i| lines | line_bit(seat, Sq4(i)))
    }

    /// Whether `seat`'s unpromoted pawn `p` may go from `from` to `to`
    /// without promoting: not to a square where it is dead, and not onto
    /// another line holding one of the seat's pawns (moving along the line
    /// never makes a pair).
    #[inline]
    pub(super) fn pawn_may_go(
        &self,
        seat: u8,
        p: Piece4,
        from: Sq4,
        to: Sq4,
        pawn_lines: u16,
    ) -> bool {
        let same_line = line_bit(seat, from) == line_bit(seat, to);
        !self.pawn_dead(p.facing, to) && (same_line || pawn_lines & line_bit(seat, to) == 0)
    }
}

/// The line parallel to `seat`'s facing through `sq` (columns for South
/// and North, rows for West and East), as a bit.
pub(super) fn line_bit(seat: u8, sq: Sq4) -> u16 {
    1 << if seat % 2 == 0 { sq.x() } else { sq.y() }
}

/// Whether `p` may promote moving from `from` to `to`: a kind that promotes,
/// not yet promoted, starting or ending in the last three rows of its own
/// facing.
pub(super) fn promotes(p: Piece4, from: Sq4, to: Sq4) -> bool {
    p.kind.can_promote()
        && !p.promoted
        && (forward_rank(p.facing, from) >= 6 || forward_rank(p.facing, to) >= 6)
}
