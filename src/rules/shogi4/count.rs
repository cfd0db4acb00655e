//! Counting a seat's legal moves without listing them, for perft's last
//! ply: a piece's moves are its target squares as bits, so most pieces are
//! counted with a population count. Only positions the quick test of
//! `legal` serves are counted here (not in check, not in pairs); the
//! count must equal the length of the list `for_each_legal` makes, which a
//! test holds it to.

use super::legal::Pins;
use super::movegen::promotes;
use super::position::Position4;
use super::tables::{ALL_SQUARES, COLUMNS, NEIGHBOR, OFF, ROWS, Squares, ZONE, opposite};
use super::types::{Kind4, Move4, Piece4, SEATS, Sq4};

impl Position4 {
    /// The number of legal moves of `seat`, which is not in check.
    pub(super) fn count_quick(&self, seat: u8, pins: &Pins, depth: u8) -> u64 {
        let pawn_lines = self.pawn_lines(seat);
        let blocked = self.blocked_for(seat);
        let mut count = 0;
        for i in Squares(self.index.owned[seat as usize % SEATS]) {
            let Some(p) = self.board[i as usize] else {
                continue;
            };
            let from = Sq4(i);
            let mut targets = self.targets(from, p, blocked);
            if from == pins.king {
                count += self.count_king_moves(seat, from, targets);
                continue;
            }
            let bit = 1u128 << i;
            if pins.vertical & bit != 0 {
                targets &= COLUMNS[from.x() as usize];
            } else if pins.horizontal & bit != 0 {
                targets &= ROWS[from.y() as usize];
            }
            count += if p.is_pawn() {
                self.count_pawn_moves(seat, p, from, targets, pawn_lines)
            } else {
                count_piece_moves(p, from, targets)
            };
        }
        count + self.count_drops(seat, pawn_lines, depth)
    }

    /// King moves: to squares no other seat attacks once the king has left.
    fn count_king_moves(&self, seat: u8, from: Sq4, targets: u128) -> u64 {
        Squares(targets)
            .filter(|&to| self.safe_for_king(seat, from, Sq4(to)))
            .count() as u64
    }

    /// An unpromoted pawn's moves (one square at most): promoting, and not
    /// promoting where the pawn is not dead and makes no pair.
    fn count_pawn_moves(&self, seat: u8, p: Piece4, from: Sq4, targets: u128, lines: u16) -> u64 {
        Squares(targets)
            .map(Sq4)
            .map(|to| {
                u64::from(promotes(p, from, to))
                    + u64::from(self.pawn_may_go(seat, p, from, to, lines))
            })
            .sum()
    }

    /// Drops: any kind but the pawn on every empty square; pawns where the
    /// seat has no unpromoted pawn on the line, the pawn is not dead, and
    /// (for a pawn that checks a king) the full test passes.
    fn count_drops(&self, seat: u8, pawn_lines: u16, depth: u8) -> u64 {
        let empty = !self.index.occupied & ALL_SQUARES;
        let mut count = 0;
        for kind in [Kind4::Rook, Kind4::Gold, Kind4::Silver] {
            if self.hand_count(seat, kind) > 0 {
                count += u64::from(empty.count_ones());
            }
        }
        if self.hand_count(seat, Kind4::Pawn) == 0 {
            return count;
        }
        let allowed = empty & !self.pawn_line_squares(seat, pawn_lines) & !self.dead_drops(seat);
        count += u64::from(allowed.count_ones());
        for k in 0..SEATS as u8 {
            let behind = self.square_checking_king(seat, k);
            if behind.is_some_and(|sq| allowed & (1 << sq.0) != 0) {
                let to = behind.unwrap_or_default();
                let drop = Move4::Drop {
                    kind: Kind4::Pawn,
                    to,
                };
                count -= u64::from(!self.is_safe(seat, drop, depth));
            }
        }
        count
    }

    /// The squares on lines holding one of `seat`'s unpromoted pawns.
    fn pawn_line_squares(&self, seat: u8, pawn_lines: u16) -> u128 {
        let lines = if seat % 2 == 0 { &COLUMNS } else { &ROWS };
        (0..9)
            .filter(|l| pawn_lines & (1 << l) != 0)
            .fold(0, |bits, l| bits | lines[l])
    }

    /// Where a pawn `seat` drops would be dead: its last row, and right in
    /// front of a flipped king.
    fn dead_drops(&self, seat: u8) -> u128 {
        let last_row = match seat % 4 {
            0 => ROWS[8],
            1 => COLUMNS[8],
            2 => ROWS[0],
            _ => COLUMNS[0],
        };
        let behind = opposite(seat as usize % 4);
        (0..SEATS as u8)
            .filter(|&k| !self.is_active(k))
            .filter_map(|k| self.king_square(k))
            .map(|k| NEIGHBOR[k.0 as usize][behind])
            .filter(|&sq| sq != OFF)
            .fold(last_row, |bits, sq| bits | 1 << sq)
    }

    /// The square from which a pawn of `seat` would check `king_seat`'s
    /// live king, if that seat is another one and still playing.
    fn square_checking_king(&self, seat: u8, king_seat: u8) -> Option<Sq4> {
        if king_seat == seat || !self.is_active(king_seat) {
            return None;
        }
        let king = self.king_square(king_seat)?;
        let sq = NEIGHBOR[king.0 as usize][opposite(seat as usize % 4)];
        (sq != OFF).then_some(Sq4(sq))
    }
}

/// Moves of a piece other than a king or an unpromoted pawn: each target
/// once without promoting, and once more promoting where it may.
fn count_piece_moves(p: Piece4, from: Sq4, targets: u128) -> u64 {
    let plain = u64::from(targets.count_ones());
    if !p.kind.can_promote() || p.promoted {
        return plain;
    }
    let zone = ZONE[p.facing as usize % 4];
    let promoting = if zone & (1 << from.0) != 0 {
        targets
    } else {
        targets & zone
    };
    plain + u64::from(promoting.count_ones())
}
