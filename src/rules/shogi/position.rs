//! The shogi position: board, hands, side to move, with incremental
//! bitboards and zobrist hash, attack queries, and make/unmake.

use super::bitboard::{
    Bitboard, attacks, between, bishop_attacks, bishop_pseudo, lance_attacks, lance_pseudo, line,
    rook_attacks, rook_pseudo, step_attacks,
};
use super::types::{Color, Kind, Move, Piece, Sq};
use super::zobrist;

/// The pieces one side holds in hand, counted per hand kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hand([u8; 8]);

impl Hand {
    /// How many pieces of `kind` (a hand kind) are held.
    #[inline]
    pub fn count(&self, kind: Kind) -> u8 {
        self.0[kind.index()]
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The kinds held at least once, in index order (pawn first).
    #[inline]
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::HAND.into_iter().filter(|k| self.count(*k) > 0)
    }

    pub(crate) fn set(&mut self, kind: Kind, count: u8) {
        self.0[kind.index()] = count;
    }
}

/// What [`Position::make`] needs to undo a move.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    captured: Piece,
    hash: u64,
}

/// A two-player shogi position. Construct it from SFEN ([`Position::from_sfen`])
/// or [`Position::startpos`]; the constructors validate it, so every
/// `Position` has one king per side and the side not to move is not in check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: [Piece; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 15],
    hands: [Hand; 2],
    side: Color,
    move_number: u32,
    kings: [Sq; 2],
    hash: u64,
}

impl Position {
    /// An empty board, black to move; the SFEN reader fills it.
    pub(crate) fn empty() -> Position {
        Position {
            board: [Piece::EMPTY; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 15],
            hands: [Hand::default(); 2],
            side: Color::Black,
            move_number: 1,
            kings: [Sq(0); 2],
            hash: 0,
        }
    }

    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_sfen(super::sfen::START).expect("the start SFEN is valid")
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Moves made so far plus one, as SFEN counts it.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The piece on `sq`, or [`Piece::EMPTY`].
    #[inline]
    pub fn piece_at(&self, sq: Sq) -> Piece {
        self.board[sq.index()]
    }

    /// The hand of `color`.
    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of every piece of `kind`, both colors.
    #[inline]
    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces_of(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Sq {
        self.kings[color.index()]
    }

    /// The incremental zobrist hash (board, hands, side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The zobrist hash computed from scratch (tests compare it with [`hash`](Self::hash)).
    pub fn fresh_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            h ^= zobrist::piece(self.piece_at(sq), sq);
        }
        for color in Color::BOTH {
            for kind in Kind::HAND {
                h ^= zobrist::hand(color, kind, self.hand(color).count(kind));
            }
        }
        if self.side == Color::White {
            h ^= zobrist::gote();
        }
        h
    }

    /// Puts `piece` on the empty square `sq`.
    pub(crate) fn put(&mut self, piece: Piece, sq: Sq) {
        debug_assert!(self.board[sq.index()].is_empty());
        self.board[sq.index()] = piece;
        self.toggle(piece, sq);
        if piece.kind() == Kind::King {
            self.kings[piece.color().index()] = sq;
        }
    }

    #[inline]
    fn toggle(&mut self, piece: Piece, sq: Sq) {
        let bit = Bitboard::from_sq(sq);
        self.by_color[piece.color().index()] ^= bit;
        self.by_kind[piece.kind().index()] ^= bit;
        self.hash ^= zobrist::piece(piece, sq);
    }

    #[inline]
    fn remove(&mut self, sq: Sq) -> Piece {
        let piece = self.board[sq.index()];
        self.board[sq.index()] = Piece::EMPTY;
        self.toggle(piece, sq);
        piece
    }

    /// Sets `color`'s hand count of `kind`, keeping the hash.
    #[inline]
    pub(crate) fn set_hand(&mut self, color: Color, kind: Kind, count: u8) {
        let old = self.hands[color.index()].count(kind);
        self.hash ^= zobrist::hand(color, kind, old) ^ zobrist::hand(color, kind, count);
        self.hands[color.index()].set(kind, count);
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.hash ^= zobrist::gote();
            self.side = side;
        }
    }

    pub(crate) fn set_move_number(&mut self, n: u32) {
        self.move_number = n;
    }

    /// Plays `mv`, which must be legal (see `legal_moves`/`is_legal`), and
    /// returns what [`unmake`](Self::unmake) needs.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let us = self.side;
        let undo = Undo {
            captured: self.board[mv.to().index()],
            hash: self.hash,
        };
        match mv.dropped() {
            Some(kind) => {
                let n = self.hand(us).count(kind);
                self.set_hand(us, kind, n - 1);
                self.put(Piece::new(us, kind), mv.to());
            }
            None => {
                if !undo.captured.is_empty() {
                    self.remove(mv.to());
                    let kind = undo.captured.kind().unpromoted();
                    let n = self.hand(us).count(kind);
                    self.set_hand(us, kind, n + 1);
                }
                let piece = self.remove(mv.from());
                let placed = if mv.is_promotion() {
                    Piece::new(us, piece.kind().promoted())
                } else {
                    piece
                };
                self.put(placed, mv.to());
            }
        }
        self.side = us.opponent();
        self.hash ^= zobrist::gote();
        self.move_number += 1;
        undo
    }

    /// Takes back `mv`, played by [`make`](Self::make) which returned `undo`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        let us = self.side.opponent();
        let moved = self.remove(mv.to());
        match mv.dropped() {
            Some(kind) => {
                let n = self.hand(us).count(kind);
                self.hands[us.index()].set(kind, n + 1);
            }
            None => {
                let original = if mv.is_promotion() {
                    Piece::new(us, moved.kind().unpromoted())
                } else {
                    moved
                };
                self.put(original, mv.from());
                if !undo.captured.is_empty() {
                    self.put(undo.captured, mv.to());
                    let kind = undo.captured.kind().unpromoted();
                    let n = self.hand(us).count(kind);
                    self.hands[us.index()].set(kind, n - 1);
                }
            }
        }
        self.side = us;
        self.move_number -= 1;
        self.hash = undo.hash;
    }

    /// The pieces of `color` that attack `sq`, with `occupied` as the board's
    /// occupancy (callers pass a changed one to look through a moving piece).
    #[inline]
    pub fn attackers_to(&self, color: Color, sq: Sq, occupied: Bitboard) -> Bitboard {
        (self.step_attackers(color, sq) | self.slider_attackers(color, sq, occupied))
            & self.by_color[color.index()]
    }

    /// Pieces of either color that would attack `sq` by a step if they were
    /// `color`'s (the caller masks by color).
    #[inline]
    fn step_attackers(&self, color: Color, sq: Sq) -> Bitboard {
        let opp = color.opponent();
        let k = |kind: Kind| self.by_kind[kind.index()];
        let golds = k(Kind::Gold)
            | k(Kind::ProPawn)
            | k(Kind::ProLance)
            | k(Kind::ProKnight)
            | k(Kind::ProSilver);
        let kings = k(Kind::King) | k(Kind::Horse) | k(Kind::Dragon);
        (step_attacks(opp, Kind::Pawn, sq) & k(Kind::Pawn))
            | (step_attacks(opp, Kind::Knight, sq) & k(Kind::Knight))
            | (step_attacks(opp, Kind::Silver, sq) & k(Kind::Silver))
            | (step_attacks(opp, Kind::Gold, sq) & golds)
            | (step_attacks(opp, Kind::King, sq) & kings)
    }

    /// `color`'s sliders that attack `sq`. A slider's rays are traced only
    /// when such a slider stands on one of them, which most of the time none does.
    #[inline]
    fn slider_attackers(&self, color: Color, sq: Sq, occupied: Bitboard) -> Bitboard {
        let opp = color.opponent();
        let k = |kind: Kind| self.pieces_of(color, kind);
        let mut found = Bitboard::EMPTY;
        let lances = lance_pseudo(opp, sq) & k(Kind::Lance);
        if !lances.is_empty() {
            found |= lance_attacks(opp, sq, occupied) & lances;
        }
        let diagonal = bishop_pseudo(sq) & (k(Kind::Bishop) | k(Kind::Horse));
        if !diagonal.is_empty() {
            found |= bishop_attacks(sq, occupied) & diagonal;
        }
        let straight = rook_pseudo(sq) & (k(Kind::Rook) | k(Kind::Dragon));
        if !straight.is_empty() {
            found |= rook_attacks(sq, occupied) & straight;
        }
        found
    }

    /// Whether any piece of `color` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, color: Color, sq: Sq, occupied: Bitboard) -> bool {
        !(self.step_attackers(color, sq) & self.by_color[color.index()]).is_empty()
            || !self.slider_attackers(color, sq, occupied).is_empty()
    }

    /// The opponent's pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side;
        self.attackers_to(us.opponent(), self.king(us), self.occupied())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The kind that stands on `mv`'s destination once `mv` is played:
    /// the dropped kind, or the moving piece's, promoted if it promotes.
    #[inline]
    pub fn placed_kind(&self, mv: Move) -> Kind {
        match mv.dropped() {
            Some(kind) => kind,
            None if mv.is_promotion() => self.piece_at(mv.from()).kind().promoted(),
            None => self.piece_at(mv.from()).kind(),
        }
    }

    /// Whether `mv`, legal for the side to move, would give check: the
    /// piece attacks the enemy king from where it lands, or leaving its
    /// square opens a line from one of the side's sliders to the king.
    /// Answers without playing the move (a search can skip making moves
    /// it would prune unless they check).
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side;
        let king = self.king(us.opponent());
        let to = mv.to();
        let kind = self.placed_kind(mv);
        if mv.is_drop() {
            return attacks(us, kind, to, self.occupied()).has(king);
        }
        let from = mv.from();
        let left = Bitboard::from_sq(from);
        let occupied = (self.occupied() & !left) | Bitboard::from_sq(to);
        if attacks(us, kind, to, occupied).has(king) {
            return true;
        }
        // Only a square on a line with the king can uncover a slider.
        !line(from, king).is_empty()
            && !(self.slider_attackers(us, king, occupied) & !left).is_empty()
    }

    /// The pieces of `color` that stand alone between their king and an
    /// enemy slider, given `occupied` as the occupancy.
    pub fn pinned(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let king = self.king(color);
        let opp = color.opponent();
        let k = |kind: Kind| self.pieces_of(opp, kind);
        let snipers = (rook_pseudo(king) & (k(Kind::Rook) | k(Kind::Dragon)))
            | (bishop_pseudo(king) & (k(Kind::Bishop) | k(Kind::Horse)))
            | (lance_pseudo(color, king) & k(Kind::Lance));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.is_empty() && !blockers.has_many() {
                pinned |= blockers;
            }
        }
        pinned & self.by_color[color.index()]
    }
}
