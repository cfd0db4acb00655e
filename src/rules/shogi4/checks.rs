//! Who is in check, kept up to date move by move: check priority asks it
//! of every seat after every move, and a move can only change it for a
//! king near the two squares it touches.

use super::position::Position4;
use super::tables::{AROUND, COLUMNS, RAY, ROWS};
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

    /// Whether a seat other than `seat` attacks `sq` once `seat`'s king has
    /// left `from`: where the king may step. Most squares have no other
    /// seat's piece next to them and no other seat's rook on their lines,
    /// which two masks show before any square is looked at.
    pub(crate) fn safe_for_king(&self, seat: u8, from: Sq4, sq: Sq4) -> bool {
        let others = (0..SEATS)
            .filter(|&s| s != seat as usize)
            .fold(0u128, |bits, s| bits | self.index.owned[s]);
        let lines = COLUMNS[sq.x() as usize] | ROWS[sq.y() as usize];
        let near = AROUND[sq.0 as usize] & others;
        let rooks = lines & self.index.rooks & others;
        if near == 0 && rooks == 0 {
            return true;
        }
        self.attackers_ignoring(sq, from.0) & !(1 << seat) == 0
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
        let changed = from.map_or(0, |f| 1u128 << f.0) | 1 << to.0;
        for seat in 0..SEATS as u8 {
            let Some(king) = self.king_square(seat) else {
                continue;
            };
            if watched(king, rooks) & changed != 0 {
                self.recheck(seat);
            }
        }
    }
}

/// The squares where a change can change the attacks on a king on `king`:
/// its own square, the squares next to it, and its lines that hold a rook
/// in `rooks`.
fn watched(king: Sq4, rooks: u128) -> u128 {
    RAY[king.0 as usize]
        .iter()
        .filter(|ray| *ray & rooks != 0)
        .fold(AROUND[king.0 as usize], |bits, ray| bits | ray)
}
