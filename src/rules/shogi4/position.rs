//! The four-player shogi position and its rules of movement (docs/rules.md §2):
//! movement by facing, captures, drops, promotion by the piece's facing,
//! nifu along the mover's lines, dead pawns, pawn-drop mate, king safety
//! and, in pairs, no new check on the partner.

use super::index::BoardIndex;
use super::tables::{NEIGHBOR, OFF, RAY, opposite, step_dirs};
use super::types::{Kind4, Move4, Piece4, SEATS, Sq4};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// The team format (room rule `format`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Everyone for themselves.
    Individual,
    /// Opposite seats are partners; the game ends at the first mate.
    Pairs,
}

/// The rules that change how a position plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Play4 {
    /// Individual or pairs.
    pub format: Format,
    /// Mates that end an individual game: 2 by default, 3 to play on until
    /// one player is left.
    pub mates_to_end: u8,
    /// A mated player's board pieces become ownerless instead of going to
    /// the mating player.
    pub ownerless: bool,
}

impl Default for Play4 {
    fn default() -> Self {
        Play4 {
            format: Format::Individual,
            mates_to_end: 2,
            ownerless: false,
        }
    }
}

/// A four-player shogi position with the game's running score (mates
/// delivered), since a move can mate and so end the game by itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position4 {
    pub(crate) board: [Option<Piece4>; 81],
    pub(crate) hands: [[u8; 4]; SEATS],
    pub(crate) to_move: u8,
    pub(crate) move_number: u32,
    pub(crate) play: Play4,
    /// Mates delivered per seat.
    pub(crate) mates: [u8; SEATS],
    /// Move number of each seat's latest mate delivered (0: none).
    pub(crate) last_mate: [u32; SEATS],
    /// The order seats were mated in (first mated first); the first
    /// `mated_count` entries count. An array, not a `Vec`, so that copying
    /// a position allocates nothing.
    pub(crate) mated: [u8; SEATS],
    /// How many seats are mated.
    pub(crate) mated_count: u8,
    /// Where each seat's king (live or flipped) stands, kept by `apply`.
    pub(crate) kings: [Sq4; SEATS],
    /// The board as bit sets, kept by `apply`.
    pub(crate) index: BoardIndex,
    /// The seats in check (a bit per seat), kept by `apply` and `reindex`.
    pub(crate) checked: u8,
}

impl Position4 {
    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Sq4) -> Option<Piece4> {
        self.board[sq.0 as usize]
    }

    /// How many of `kind` `seat` holds.
    pub fn hand_count(&self, seat: u8, kind: Kind4) -> u8 {
        self.hands[seat as usize][kind.hand_index()]
    }

    /// A hash of the board, the hands, the seat to move and the seats
    /// mated: the CPU's search finds its hints for a position again by it.
    /// Cheaper than the game's repetition key (no SFEN4 text), and not the
    /// same: it leaves out the mates each seat delivered.
    pub fn key(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.board.hash(&mut h);
        self.hands.hash(&mut h);
        self.to_move.hash(&mut h);
        self.mated[..usize::from(self.mated_count)].hash(&mut h);
        h.finish()
    }

    /// The seat to move (once the game is over: who would be next).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Moves made so far plus one.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The rules this position plays by.
    pub fn play_rules(&self) -> Play4 {
        self.play
    }

    /// Mates delivered by each seat.
    pub fn mates(&self) -> [u8; SEATS] {
        self.mates
    }

    /// The seats mated so far, first mated first.
    pub fn mated(&self) -> &[u8] {
        &self.mated[..self.mated_count as usize]
    }

    /// Pieces `seat` owns on the board (its king included) and in hand.
    pub fn pieces(&self, seat: u8) -> u32 {
        let board = self
            .board
            .iter()
            .flatten()
            .filter(|p| p.owner == Some(seat) && !p.flipped)
            .count() as u32;
        let hand: u32 = self.hands[seat as usize % SEATS]
            .iter()
            .map(|n| *n as u32)
            .sum();
        board + hand
    }

    /// How the rules rank `seat` among the survivors once the game ends by
    /// mates (higher is better, equal shares a place): mates delivered,
    /// then pieces (board, hand and the flipped kings of those it mated),
    /// then the later latest mate. The CPU judges an ending by the same key.
    pub fn ranking(&self, seat: u8) -> (u32, u32, u32) {
        let i = seat as usize % SEATS;
        let mates = u32::from(self.mates[i]);
        (mates, self.pieces(seat) + mates, self.last_mate[i])
    }

    /// Records `seat` as mated next.
    pub(crate) fn push_mated(&mut self, seat: u8) {
        if let Some(slot) = self.mated.get_mut(self.mated_count as usize) {
            *slot = seat;
            self.mated_count += 1;
        }
    }

    /// The same position with `seat` to move out of turn: what a
    /// multi-player search asks when it lets any opponent reply (best-reply
    /// search). Not a position the game reaches by itself when another
    /// seat's check priority or turn comes first.
    pub fn with_turn(&self, seat: u8) -> Position4 {
        let mut pos = self.clone();
        pos.to_move = seat % SEATS as u8;
        pos
    }

    /// Whether `seat` is still playing (its king not turned over).
    pub fn is_active(&self, seat: u8) -> bool {
        self.king_square(seat)
            .and_then(|sq| self.piece_at(sq))
            .is_some_and(|k| !k.flipped)
    }

    /// Where `seat`'s king (live or flipped) stands.
    pub fn king_square(&self, seat: u8) -> Option<Sq4> {
        self.kings.get(seat as usize).copied()
    }

    /// Finds the kings and indexes the board (after reading a position,
    /// and after a mate changes the owners of many pieces).
    pub(crate) fn reindex(&mut self) {
        self.index = BoardIndex::of(&self.board);
        for (i, cell) in self.board.iter().enumerate() {
            if let Some(p) = cell.filter(|p| p.kind == Kind4::King) {
                if let Some(owner) = p.owner {
                    self.kings[owner as usize % SEATS] = Sq4(i as u8);
                }
            }
        }
        self.checked = 0;
        for seat in 0..SEATS as u8 {
            self.recheck(seat);
        }
    }

    /// Whether the game is over: two mates (or as the room says), the first
    /// mate in pairs, or a single player left.
    pub fn is_over(&self) -> bool {
        let mated = self.mated_count;
        // Every seat whose king is turned over is in the mated list.
        let active = SEATS as u8 - mated.min(SEATS as u8);
        match self.play.format {
            Format::Pairs => mated >= 1,
            Format::Individual => mated >= self.play.mates_to_end || active <= 1,
        }
    }

    /// The seats whose live pieces attack `sq` (a bit per seat).
    pub fn attackers(&self, sq: Sq4) -> u8 {
        self.attackers_ignoring(sq, OFF)
    }

    /// [`attackers`](Self::attackers) with the square `ignore` taken as
    /// empty: where a king would stand once it has left `ignore`.
    pub(crate) fn attackers_ignoring(&self, sq: Sq4, ignore: u8) -> u8 {
        let mut seats = 0u8;
        let live = |p: Piece4| p.owner.filter(|_| !p.flipped);
        for (d, &next) in NEIGHBOR[sq.0 as usize].iter().enumerate() {
            if next == OFF || next == ignore {
                continue;
            }
            if let Some(p) = self.board[next as usize] {
                let steps_here = step_dirs(p) & (1 << opposite(d)) != 0;
                let slides_here = d < 4 && p.kind == Kind4::Rook;
                if let Some(owner) = live(p).filter(|_| steps_here || slides_here) {
                    seats |= 1 << owner;
                }
            }
        }
        for (d, ray) in RAY[sq.0 as usize].iter().enumerate() {
            if self.index.rooks & ray != 0 {
                if let Some(p) = self.first_beyond_neighbor(sq, d, ignore) {
                    if let Some(owner) = live(p).filter(|_| p.kind == Kind4::Rook) {
                        seats |= 1 << owner;
                    }
                }
            }
        }
        seats
    }

    /// The first piece at least two squares from `sq` in orthogonal
    /// direction `d`, if nothing (but `ignore`) stands on the square next to
    /// `sq` either: what a rook attacks `sq` through.
    fn first_beyond_neighbor(&self, sq: Sq4, d: usize, ignore: u8) -> Option<Piece4> {
        let next = NEIGHBOR[sq.0 as usize][d];
        if next == OFF || (next != ignore && self.board[next as usize].is_some()) {
            return None;
        }
        let mut cur = NEIGHBOR[next as usize][d];
        while cur != OFF {
            if cur != ignore {
                if let Some(p) = self.board[cur as usize] {
                    return Some(p);
                }
            }
            cur = NEIGHBOR[cur as usize][d];
        }
        None
    }

    /// The seat's partner in pairs.
    pub(crate) fn partner(&self, seat: u8) -> Option<u8> {
        (self.play.format == Format::Pairs).then_some((seat + 2) % 4)
    }

    /// Places a move's pieces (no turn logic): what king safety is judged on.
    pub(crate) fn apply(&mut self, seat: u8, mv: Move4) {
        let rooks_before = self.index.rooks;
        let from = match mv {
            Move4::Step { from, to, promote } => {
                let mut p = self.board[from.0 as usize].take().expect("a piece to move");
                self.index.remove(from.0, p);
                if p.kind == Kind4::King {
                    self.kings[seat as usize] = to;
                }
                if let Some(captured) = self.board[to.0 as usize] {
                    self.index.remove(to.0, captured);
                    let hand = &mut self.hands[seat as usize];
                    hand[captured.kind.hand_index()] += 1;
                }
                p.promoted |= promote;
                self.board[to.0 as usize] = Some(p);
                self.index.place(to.0, p);
                Some(from)
            }
            Move4::Drop { kind, to } => {
                self.hands[seat as usize][kind.hand_index()] -= 1;
                let p = Piece4::new(kind, seat);
                self.board[to.0 as usize] = Some(p);
                self.index.place(to.0, p);
                None
            }
        };
        self.refresh_checks(from, mv.to(), rooks_before | self.index.rooks);
    }
}
