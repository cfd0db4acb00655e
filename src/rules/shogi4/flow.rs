//! What happens after a move: who plays next (check priority), checkmates
//! resolved as part of the move (credit, transfer, the king turned over),
//! and perft over the whole of it.

use super::position::Position4;
use super::types::{Move4, SEATS};

/// How deep a pawn-drop-mate question may nest (a reply that is itself a
/// pawn drop giving mate is judged one level down, and so on).
pub(crate) const DROP_MATE_DEPTH: u8 = 2;

impl Position4 {
    /// Plays a legal move of the seat to move, with every mate it causes.
    pub fn play(&mut self, mv: Move4) {
        self.play_and_count(mv, Settle::FirstMove);
    }

    /// Plays `mv` like [`play`](Self::play) and returns the number of legal
    /// moves of the seat that moves next (0 once the game is over): perft's
    /// last ply, which so generates each position's moves once, not twice.
    fn play_and_count(&mut self, mv: Move4, settle: Settle) -> u64 {
        let mover = self.to_move;
        self.apply(mover, mv);
        self.move_number += 1;
        self.settle(mover, settle)
    }

    /// Finds the next seat; a seat with no legal move when its turn comes is
    /// mated, its pieces change hands, and the next seat is chosen again.
    /// Returns how many moves the next seat was found to have (all of them,
    /// or just the first), 0 once the game is over.
    fn settle(&mut self, mover: u8, settle: Settle) -> u64 {
        loop {
            let next = self.next_seat(mover);
            self.to_move = next;
            if self.is_over() {
                return 0;
            }
            let found = match settle {
                Settle::FirstMove => u64::from(self.has_legal_move(next, DROP_MATE_DEPTH)),
                Settle::CountAll => self.count_moves(next, DROP_MATE_DEPTH),
            };
            if found > 0 {
                return found;
            }
            self.checkmate(next, mover);
        }
    }

    /// Check priority: the checked seat nearest clockwise from `mover`
    /// (ending with the mover), else the next active seat clockwise.
    fn next_seat(&self, mover: u8) -> u8 {
        let mut first_active = None;
        for i in 1..=SEATS as u8 {
            let seat = (mover + i) % SEATS as u8;
            if !self.is_active(seat) {
                continue;
            }
            if self.in_check(seat) {
                return seat;
            }
            first_active.get_or_insert(seat);
        }
        first_active.unwrap_or(mover)
    }

    /// `seat` is mated by the move `mover` made: credit to the owner of a
    /// checking piece (the first counter-clockwise from the mover, mover
    /// first), or the mover when there was no check; the king is turned
    /// over; hand and board pieces go to the mating player (board pieces
    /// ownerless if the room says so).
    fn checkmate(&mut self, seat: u8, mover: u8) {
        let Some(king) = self.king_square(seat) else {
            return;
        };
        let checkers = self.attackers(king) & !(1 << seat);
        let credit = (0..SEATS as u8)
            .map(|i| (mover + SEATS as u8 - i) % SEATS as u8)
            .find(|s| checkers & (1 << s) != 0)
            .unwrap_or(mover);
        if let Some(k) = &mut self.board[king.0 as usize] {
            k.flipped = true;
        }
        self.mates[credit as usize] += 1;
        self.last_mate[credit as usize] = self.move_number;
        self.push_mated(seat);
        let hand = std::mem::take(&mut self.hands[seat as usize]);
        for (i, n) in hand.into_iter().enumerate() {
            self.hands[credit as usize][i] += n;
        }
        let heir = if self.play.ownerless {
            None
        } else {
            Some(credit)
        };
        for cell in self.board.iter_mut().flatten() {
            if cell.owner == Some(seat) && !cell.flipped {
                cell.owner = heir;
            }
        }
        self.reindex();
    }

    /// Counts move sequences `depth` plies deep (mates resolved within
    /// each move; a finished game has no moves; repetition is ignored).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal();
        }
        let mut total = 0;
        for mv in self.legal_moves() {
            let mut next = self.clone();
            total += if depth == 2 {
                next.play_and_count(mv, Settle::CountAll)
            } else {
                next.play(mv);
                next.perft(depth - 1)
            };
        }
        total
    }
}

/// How far [`Position4::settle`] looks into the next seat's moves.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Settle {
    /// Stop at the first legal move: enough to know the seat is not mated.
    FirstMove,
    /// Count them all (perft).
    CountAll,
}
