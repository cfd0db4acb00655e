//! Move generation: pawns by their seat's forward direction (pushes,
//! double steps, diagonal captures, en passant as docs/rules.md generalises it,
//! promotion), knights, sliders, the king and castling; legality; perft.

use super::position::{PAWN_CAPTURES, Position, ROOK_HOMES, Variant};
use super::tables::{KNIGHT, NEIGHBOR, OFF, dir_index};
use super::types::{FORWARD, GRID, Kind, Move, SEATS, Special, Sq, rank_of};

/// What a pawn may become: in teams any of four, in free-for-all a queen.
const TEAM_PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

impl Position {
    /// The rank (counted from the seat's side, from 0) where its pawns
    /// promote: the 11th in teams, the 8th in free-for-all.
    fn promotion_rank(&self) -> u8 {
        match self.variant {
            Variant::Teams => 10,
            Variant::FreeForAll => 7,
        }
    }

    /// Calls `f` with each move of `seat` by the pieces' movement alone
    /// (king safety aside), until it returns `true`.
    pub(crate) fn for_each_pseudo<F: FnMut(Move) -> bool>(&self, seat: u8, mut f: F) {
        for i in 0..GRID as u8 {
            let Some(p) = self.board[i as usize] else {
                continue;
            };
            if p.owner != seat || p.dead {
                continue;
            }
            let from = Sq(i);
            let stop = match p.kind {
                Kind::Pawn => self.pawn_moves(seat, from, &mut f),
                Kind::Knight => self.jumps(seat, from, &mut f),
                Kind::King => self.king_moves(seat, from, &mut f),
                kind => self.slides(seat, from, kind, &mut f),
            };
            if stop {
                return;
            }
        }
    }

    /// Whether `seat` may move onto `to`: empty, or a piece it may capture.
    fn open_for(&self, seat: u8, to: u8) -> bool {
        to != OFF && self.board[to as usize].is_none_or(|q| self.capturable(seat, q))
    }

    fn jumps<F: FnMut(Move) -> bool>(&self, seat: u8, from: Sq, f: &mut F) -> bool {
        KNIGHT[from.0 as usize]
            .iter()
            .filter(|&&to| self.open_for(seat, to))
            .any(|&to| f(plain(from, Sq(to))))
    }

    fn slides<F: FnMut(Move) -> bool>(&self, seat: u8, from: Sq, kind: Kind, f: &mut F) -> bool {
        for (d, &first) in NEIGHBOR[from.0 as usize].iter().enumerate() {
            if !kind.slides_along(d) {
                continue;
            }
            let mut cur = first;
            while cur != OFF {
                let occupant = self.board[cur as usize];
                if occupant.is_none_or(|q| self.capturable(seat, q)) && f(plain(from, Sq(cur))) {
                    return true;
                }
                if occupant.is_some() {
                    break;
                }
                cur = NEIGHBOR[cur as usize][d];
            }
        }
        false
    }

    fn king_moves<F: FnMut(Move) -> bool>(&self, seat: u8, from: Sq, f: &mut F) -> bool {
        let steps = NEIGHBOR[from.0 as usize]
            .iter()
            .filter(|&&to| self.open_for(seat, to))
            .any(|&to| f(plain(from, Sq(to))));
        steps || (0..2).any(|side| self.castle(seat, from, side).is_some_and(&mut *f))
    }

    /// Castling on `side` (0 king side, 1 queen side) when the right
    /// stands, the rook is home, the squares between are empty and the
    /// king is not in check and crosses and lands on no attacked square.
    fn castle(&self, seat: u8, king: Sq, side: usize) -> Option<Move> {
        if !self.castling[seat as usize % SEATS][side] {
            return None;
        }
        let rook_from = ROOK_HOMES[seat as usize % SEATS][side];
        let rook = self.piece_at(rook_from)?;
        if rook.kind != Kind::Rook || rook.owner != seat || rook.dead {
            return None;
        }
        let step = (
            (rook_from.x() as i8 - king.x() as i8).signum(),
            (rook_from.y() as i8 - king.y() as i8).signum(),
        );
        let d = dir_index(step);
        let mut cur = NEIGHBOR[king.0 as usize][d];
        while cur != OFF && cur != rook_from.0 {
            if self.board[cur as usize].is_some() {
                return None;
            }
            cur = NEIGHBOR[cur as usize][d];
        }
        let crossed = NEIGHBOR[king.0 as usize][d];
        let lands = NEIGHBOR[crossed as usize][d];
        let enemies = self.enemies(seat);
        let safe = [king.0, crossed, lands]
            .iter()
            .all(|&sq| !self.attacked(Sq(sq), enemies, king.0));
        safe.then_some(Move {
            from: king,
            to: Sq(lands),
            promotion: None,
            special: Special::Castle {
                rook_from,
                rook_to: Sq(crossed),
            },
        })
    }

    fn pawn_moves<F: FnMut(Move) -> bool>(&self, seat: u8, from: Sq, f: &mut F) -> bool {
        let s = seat as usize % SEATS;
        let ahead = NEIGHBOR[from.0 as usize][dir_index(FORWARD[s])];
        if ahead != OFF && self.board[ahead as usize].is_none() {
            if self.pawn_step(seat, from, Sq(ahead), Special::None, f) {
                return true;
            }
            let two = NEIGHBOR[ahead as usize][dir_index(FORWARD[s])];
            let home = rank_of(seat, from) == 1;
            if home && two != OFF && self.board[two as usize].is_none() {
                let mv = Move {
                    from,
                    to: Sq(two),
                    promotion: None,
                    special: Special::DoubleStep,
                };
                if f(mv) {
                    return true;
                }
            }
        }
        for d in PAWN_CAPTURES[s] {
            let to = NEIGHBOR[from.0 as usize][d];
            if to == OFF {
                continue;
            }
            let victim = self.board[to as usize];
            let en_passant = self.en_passant_victim(seat, from, Sq(to));
            let special = match en_passant {
                Some(pawn) if victim.is_none_or(|q| self.capturable(seat, q)) => {
                    Special::EnPassant { pawn }
                }
                _ if victim.is_some_and(|q| self.capturable(seat, q)) => Special::None,
                _ => continue,
            };
            if self.pawn_step(seat, from, Sq(to), special, f) {
                return true;
            }
        }
        false
    }

    /// A pawn's move to `to`, once per promotion choice on its promotion rank.
    fn pawn_step<F: FnMut(Move) -> bool>(
        &self,
        seat: u8,
        from: Sq,
        to: Sq,
        special: Special,
        f: &mut F,
    ) -> bool {
        let mv = Move {
            from,
            to,
            promotion: None,
            special,
        };
        if rank_of(seat, to) != self.promotion_rank() {
            return f(mv);
        }
        let kinds: &[Kind] = match self.variant {
            Variant::Teams => &TEAM_PROMOTIONS,
            Variant::FreeForAll => &[Kind::Queen],
        };
        kinds.iter().any(|&k| {
            f(Move {
                promotion: Some(k),
                ..mv
            })
        })
    }

    /// The pawn a pawn of `seat` moving diagonally from `from` to `to`
    /// takes en passant: an opponent's pawn that double-stepped over `to`
    /// (its right still standing), landing orthogonally next to `from`.
    fn en_passant_victim(&self, seat: u8, from: Sq, to: Sq) -> Option<Sq> {
        self.en_passant
            .iter()
            .enumerate()
            .find_map(|(owner, right)| {
                let (over, landed) = (*right)?;
                let pawn = self.piece_at(landed)?;
                let beside = from.x().abs_diff(landed.x()) + from.y().abs_diff(landed.y()) == 1;
                let fits =
                    over == to && beside && pawn.kind == Kind::Pawn && pawn.owner == owner as u8;
                (fits && self.capturable(seat, pawn)).then_some(landed)
            })
    }

    /// Whether `mv` of the seat to move leaves its king unattacked (in
    /// teams a move that takes a king is always legal: it ends the game).
    pub fn is_legal_pseudo(&self, mv: Move) -> bool {
        let seat = self.to_move;
        let mut after = self.clone();
        let taken = after.apply(mv);
        if taken.king().is_some() && self.variant == Variant::Teams {
            return true;
        }
        !after.in_check(seat)
    }

    /// Every legal move of the seat to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.for_each_legal(|mv| {
            moves.push(mv);
            false
        });
        moves
    }

    /// Counts move sequences `depth` plies deep: every move with all
    /// that follows it (in free-for-all: points, mates, eliminations); a
    /// move that takes a king in teams ends its line and counts as one
    /// leaf, and a finished free-for-all game has no moves.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.variant == Variant::FreeForAll && self.free_for_all_over() {
            return 0;
        }
        let mut count = 0;
        self.for_each_legal(|mv| {
            count += if depth == 1 {
                1
            } else {
                let mut next = self.clone();
                let taken = next.play(mv);
                if taken.king().is_some() && self.variant == Variant::Teams {
                    1
                } else {
                    next.perft(depth - 1)
                }
            };
            false
        });
        count
    }

    /// The next seat clockwise that is still playing.
    pub(crate) fn next_seat(&self) -> u8 {
        (1..=SEATS as u8)
            .map(|i| (self.to_move + i) % SEATS as u8)
            .find(|&s| !self.out[s as usize])
            .unwrap_or(self.to_move)
    }
}

/// A move with nothing special.
fn plain(from: Sq, to: Sq) -> Move {
    Move {
        from,
        to,
        promotion: None,
        special: Special::None,
    }
}
