//! A start position being put together from a record's board diagram
//! (KIF's BOD, CSA's `P1`…`P9` and `P+`/`P-` lines), square by square,
//! before it is checked as a whole. Records set pieces up in any order, so
//! the pieces are only gathered here and [`Position::from_sfen`] judges the
//! result once.

use super::position::Position;
use super::sfen::{board_field, hands_field};
use super::types::{Color, Kind, Piece, Sq};

/// Pieces on squares and in hands, and the side to move.
#[derive(Clone, Debug)]
pub(super) struct Setup {
    board: [Piece; Sq::COUNT],
    hands: [[u8; 16]; 2],
    side: Color,
}

impl Setup {
    /// No pieces at all, sente to move.
    pub(super) fn empty() -> Setup {
        Setup {
            board: [Piece::EMPTY; Sq::COUNT],
            hands: [[0; 16]; 2],
            side: Color::Black,
        }
    }

    /// The pieces of an SFEN position (trusted: the reader's own constants).
    pub(super) fn of(sfen: &str) -> Setup {
        let mut setup = Setup::empty();
        let Ok(pos) = Position::from_sfen(sfen) else {
            return setup;
        };
        for i in 0..Sq::COUNT as u8 {
            setup.board[i as usize] = pos.piece_at(Sq(i));
        }
        for color in Color::BOTH {
            for kind in Kind::HAND {
                setup.hands[color.index()][kind.index()] = pos.hand(color).count(kind);
            }
        }
        setup.side = pos.side_to_move();
        setup
    }

    /// Puts `piece` on `sq` (empty to clear it).
    pub(super) fn put(&mut self, sq: Sq, piece: Piece) {
        self.board[sq.index()] = piece;
    }

    /// Adds `n` pieces of `kind` to `color`'s hand.
    pub(super) fn add_to_hand(&mut self, color: Color, kind: Kind, n: u8) {
        let count = &mut self.hands[color.index()][kind.unpromoted().index()];
        *count = count.saturating_add(n);
    }

    /// Sets the side to move.
    pub(super) fn set_side(&mut self, side: Color) {
        self.side = side;
    }

    /// Gives `color` every piece neither on the board nor in a hand (CSA's
    /// `00AL`).
    pub(super) fn rest_to_hand(&mut self, color: Color) {
        for kind in Kind::HAND {
            let on_board = self
                .board
                .iter()
                .filter(|p| !p.is_empty() && p.kind().unpromoted() == kind)
                .count();
            let held: usize = (0..2).map(|c| self.hands[c][kind.index()] as usize).sum();
            let rest = set_size(kind).saturating_sub(on_board + held);
            self.add_to_hand(color, kind, rest.min(u8::MAX as usize) as u8);
        }
    }

    /// The position as SFEN (not yet checked; move number 1).
    pub(super) fn to_sfen(&self) -> String {
        let board = board_field(|sq| self.board[sq.index()]);
        let hands = hands_field(|color, kind| self.hands[color.index()][kind.index()]);
        let side = if self.side == Color::Black { "b" } else { "w" };
        format!("{board} {side} {hands} 1")
    }
}

/// How many pieces of a hand kind a set has.
fn set_size(kind: Kind) -> usize {
    match kind {
        Kind::Pawn => 18,
        Kind::Bishop | Kind::Rook => 2,
        _ => 4,
    }
}
