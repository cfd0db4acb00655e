//! Where the pieces stand, as bits kept beside the mailbox: move generation
//! then visits only a seat's own pieces and the empty squares, and attack
//! tests skip the lines that hold no rook.

use super::types::{Kind4, Piece4, SEATS};

/// The board as bit sets (bit `sq`), derived from the mailbox and kept in
/// step with it by every change.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct BoardIndex {
    /// Every piece, live or not.
    pub occupied: u128,
    /// Each seat's live pieces.
    pub owned: [u128; SEATS],
    /// Rooks and dragons, live or not.
    pub rooks: u128,
}

impl BoardIndex {
    /// The index of a whole board.
    pub fn of(board: &[Option<Piece4>; 81]) -> BoardIndex {
        let mut index = BoardIndex::default();
        for (sq, cell) in board.iter().enumerate() {
            if let Some(p) = cell {
                index.place(sq as u8, *p);
            }
        }
        index
    }

    /// Records `p` arriving on `sq`.
    pub fn place(&mut self, sq: u8, p: Piece4) {
        self.toggle(sq, p);
    }

    /// Records `p` leaving `sq`.
    pub fn remove(&mut self, sq: u8, p: Piece4) {
        self.toggle(sq, p);
    }

    fn toggle(&mut self, sq: u8, p: Piece4) {
        let bit = 1u128 << sq;
        self.occupied ^= bit;
        if p.kind == Kind4::Rook {
            self.rooks ^= bit;
        }
        if let Some(owner) = p.owner.filter(|_| p.is_live()) {
            self.owned[owner as usize % SEATS] ^= bit;
        }
    }
}
