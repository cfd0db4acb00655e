//! Who is in check, kept up to date move by move: check priority asks it
//! of every seat after every move, and a move can only change it for a
//! king near the two squares it touches.

use super::position::Position4;
use super::tables::RAY;
use super::types::{SEATS, Sq4};

impl Position4 {
    /// Whether `seat`'s live king is attacked by another seat's pieces.
    pub fn in_check(&self, seat: u8) -> bool {
        self.checked & (1 << (seat as usize % SEATS)) != 0
    }

    /// Works out afresh whether `seat`'s live king is attacked.
    pub(crate) fn king_attacked(&self, seat: u8) -> bool {
        match self.king_square(seat) {
            Some(sq) if self.is_active(seat) => self.attackers(sq) & !(1 << seat) != 0,
            _ => false,
        }
    }

    /// Records afresh whether `seat` is in check.
    pub(crate) fn recheck(&mut self, seat: u8) {
        let bit = 1 << (seat as usize % SEATS);
        if self.king_attacked(seat) {
            self.checked |= bit;
        } else {
            self.checked &= !bit;
        }
    }

    /// After a piece left `from` (none for a drop) and arrived on `to`:
    /// a king's attackers are the pieces next to it and the first piece on
    /// each of its lines, so only a king next to either square, or sharing
    /// a line with one where a rook stood before or stands after
    /// (`rook_lines`), can have come into or out of check.
    pub(crate) fn refresh_checks(&mut self, from: Option<Sq4>, to: Sq4, rooks: u128) {
        for seat in 0..SEATS as u8 {
            let Some(king) = self.king_square(seat) else {
                continue;
            };
            let touched = |sq: Sq4| touches_king(king, sq, rooks);
            if touched(to) || from.is_some_and(touched) {
                self.recheck(seat);
            }
        }
    }
}

/// Whether a change on `sq` can change the attacks on a king on `king`:
/// `sq` is the king's square or next to it, or on one of its lines that
/// holds a rook in `rooks`.
fn touches_king(king: Sq4, sq: Sq4, rooks: u128) -> bool {
    if king.x().abs_diff(sq.x()) <= 1 && king.y().abs_diff(sq.y()) <= 1 {
        return true;
    }
    let bit = 1u128 << sq.0;
    RAY[king.0 as usize]
        .iter()
        .any(|ray| ray & bit != 0 && ray & rooks != 0)
}
