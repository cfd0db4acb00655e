//! What happens after a move: the turn passes; in free-for-all also
//! points for captures and multiple checks, immediate checkmates,
//! stalemates on a player's own turn, and eliminations that turn a
//! player's pieces grey (docs/rules.md §3).

use super::position::{Position, Taken, Variant};
use super::tables::{KNIGHT, NEIGHBOR, OFF};
use super::types::{GRID, Kind, Move, Piece, SEATS};

/// Points for checkmate, king capture and stalemate (free-for-all).
pub const MATE_POINTS: i32 = 20;

impl Position {
    /// Plays a legal move of the seat to move with all that follows it;
    /// returns what it took. After a move that takes a king in teams the
    /// game is over and the turn does not pass.
    pub fn play(&mut self, mv: Move) -> Taken {
        let mover = self.to_move;
        let taken = self.apply(mv);
        match self.variant {
            Variant::Teams if taken.king().is_some() => {}
            Variant::Teams => self.to_move = self.next_seat(),
            Variant::FreeForAll => self.settle_free_for_all(mover, taken),
        }
        taken
    }

    /// How many seats are still playing.
    pub fn active_count(&self) -> usize {
        self.out.iter().filter(|o| !**o).count()
    }

    /// Whether a free-for-all game is over: three players out, or two left
    /// 21 or more points apart.
    pub fn free_for_all_over(&self) -> bool {
        let active: Vec<i32> = (0..SEATS)
            .filter(|&s| !self.out[s])
            .map(|s| self.points[s])
            .collect();
        match active.as_slice() {
            [a, b] => (a - b).abs() >= 21,
            more => more.len() <= 1,
        }
    }

    /// Whether `seat` would have a legal move if it were its turn (the
    /// first found ends the look; the position is copied only when it is
    /// another seat's turn, as the search asks about the seat to move).
    pub fn has_legal_move(&self, seat: u8) -> bool {
        let probe;
        let pos = match seat == self.to_move {
            true => self,
            false => {
                probe = self.with_turn(seat);
                &probe
            }
        };
        let mut any = false;
        pos.for_each_legal(|_| {
            any = true;
            true
        });
        any
    }

    /// Takes `seat` out: its pieces turn grey, its rights end.
    pub fn eliminate(&mut self, seat: u8) {
        let s = seat as usize % SEATS;
        self.out[s] = true;
        self.kings[s] = None;
        self.castling[s] = [false; 2];
        self.en_passant[s] = None;
        for p in self.board.iter_mut().flatten() {
            if p.owner == seat {
                p.dead = true;
            }
        }
    }

    fn settle_free_for_all(&mut self, mover: u8, taken: Taken) {
        let m = mover as usize % SEATS;
        for p in taken.pieces() {
            self.points[m] += capture_points(p);
        }
        if let Some(owner) = taken.king() {
            self.eliminate(owner);
        }
        self.points[m] += self.check_bonus(mover);
        for seat in (0..SEATS as u8).filter(|&s| s != mover) {
            if !self.is_out(seat) && self.in_check(seat) && !self.has_legal_move(seat) {
                self.points[m] += MATE_POINTS;
                self.eliminate(seat);
            }
        }
        self.pass_turn();
    }

    /// Passes the turn in free-for-all: a seat with no legal move on its
    /// turn (not in check: checkmates were settled at once) is stalemated,
    /// scores 20 and is out, and the turn passes on.
    fn pass_turn(&mut self) {
        while !self.free_for_all_over() {
            self.to_move = self.next_seat();
            if self.has_legal_move(self.to_move) {
                return;
            }
            self.points[self.to_move as usize % SEATS] += MATE_POINTS;
            self.eliminate(self.to_move);
        }
    }

    /// Points for checking several kings with one move: two kings 5 (1 if
    /// every check comes from a queen), three kings 20 (5 with queens).
    fn check_bonus(&self, mover: u8) -> i32 {
        let mut kings = 0;
        let mut all_queens = true;
        for seat in (0..SEATS as u8).filter(|&s| s != mover && !self.is_out(s)) {
            let Some(king) = self.king_square(seat) else {
                continue;
            };
            let kinds = self.attacker_kinds(king.0, mover);
            if !kinds.is_empty() {
                kings += 1;
                all_queens &= kinds.iter().all(|k| *k == Kind::Queen);
            }
        }
        match (kings, all_queens) {
            (2, true) => 1,
            (2, false) => 5,
            (3, true) => 5,
            (3, false) => 20,
            _ => 0,
        }
    }

    /// The kinds of `seat`'s live pieces that attack `sq`.
    fn attacker_kinds(&self, sq: u8, seat: u8) -> Vec<Kind> {
        let mut kinds = Vec::new();
        let mine = |p: &Piece| !p.dead && p.owner == seat;
        for &j in KNIGHT[sq as usize].iter().filter(|&&j| j != OFF) {
            if let Some(p) = self.board[j as usize].filter(|p| mine(p) && p.kind == Kind::Knight) {
                kinds.push(p.kind);
            }
        }
        for (d, &first) in NEIGHBOR[sq as usize].iter().enumerate() {
            let mut cur = first;
            let mut distance = 1;
            while cur != OFF && (cur as usize) < GRID {
                if let Some(p) = self.board[cur as usize] {
                    if mine(&p) && super::position::attacks_along(p, d, distance) {
                        kinds.push(p.kind);
                    }
                    break;
                }
                cur = NEIGHBOR[cur as usize][d];
                distance += 1;
            }
        }
        kinds
    }
}

/// What capturing `p` is worth in free-for-all: grey pieces nothing, a
/// king 20 (its owner is out), a queen made from a pawn 1.
pub fn capture_points(p: Piece) -> i32 {
    if p.dead {
        return 0;
    }
    match p.kind {
        Kind::Pawn => 1,
        Kind::Knight => 3,
        Kind::Bishop | Kind::Rook => 5,
        Kind::Queen if p.promoted => 1,
        Kind::Queen => 9,
        Kind::King => MATE_POINTS,
    }
}
