//! Legal move generation for two-player shogi, the independent legality
//! check used to validate moves from outside, and perft.
//!
//! Generation is legal, not pseudo-legal: check evasions are generated
//! directly (king steps, captures of the checker, interpositions), pinned
//! pieces stay on their line, and pawn drops are checked for
//! pawn-drop mate (`打ち歩詰め`, uchifuzume).

use super::bitboard::{Bitboard, attacks, between, line, step_attacks};
use super::position::Position;
use super::types::{Color, Kind, Move, Piece, Sq};

/// A list of moves on the stack. The most legal moves any shogi position is
/// known to have is 593.
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    const CAPACITY: usize = 600;

    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MoveList::CAPACITY],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        // Never exceeded by a valid position; guard anyway so a bug cannot
        // write out of bounds.
        if self.len < MoveList::CAPACITY {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

/// Where generated moves go: a [`MoveList`], or a counter that adds up the
/// moves without listing them (perft's last ply).
pub trait MoveSink {
    /// The moves of one piece of `kind` from `from` to each of `targets`,
    /// with promotion and non-promotion where each is allowed.
    fn steps(&mut self, us: Color, kind: Kind, from: Sq, targets: Bitboard);
    /// Drops of `kind` on each of `targets`.
    fn drops(&mut self, kind: Kind, targets: Bitboard);
}

impl MoveSink for MoveList {
    #[inline]
    fn steps(&mut self, us: Color, kind: Kind, from: Sq, targets: Bitboard) {
        if !kind.can_promote() {
            for to in targets {
                self.push(Move::step(from, to, false));
            }
            return;
        }
        let zone = Bitboard::promotion_zone(us);
        let dead = Bitboard::dead_zone(us, kind);
        let from_zone = zone.has(from);
        for to in targets {
            if from_zone || zone.has(to) {
                self.push(Move::step(from, to, true));
            }
            if !dead.has(to) {
                self.push(Move::step(from, to, false));
            }
        }
    }

    #[inline]
    fn drops(&mut self, kind: Kind, targets: Bitboard) {
        for to in targets {
            self.push(Move::drop(kind, to));
        }
    }
}

/// Counts moves without listing them.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn steps(&mut self, us: Color, kind: Kind, from: Sq, targets: Bitboard) {
        if !kind.can_promote() {
            self.0 += targets.count() as u64;
            return;
        }
        let zone = Bitboard::promotion_zone(us);
        let promoting = if zone.has(from) {
            targets
        } else {
            targets & zone
        };
        let plain = targets & !Bitboard::dead_zone(us, kind);
        self.0 += (promoting.count() + plain.count()) as u64;
    }

    #[inline]
    fn drops(&mut self, _kind: Kind, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
}

/// Kinds other than the king, each generated in its own loop so that the
/// attack lookup is chosen once per kind, not once per piece.
const NON_KING: [Kind; 13] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Bishop,
    Kind::Rook,
    Kind::Gold,
    Kind::ProPawn,
    Kind::ProLance,
    Kind::ProKnight,
    Kind::ProSilver,
    Kind::Horse,
    Kind::Dragon,
];

impl Position {
    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate(&mut counter);
        counter.0
    }

    /// Sends every legal move of the side to move to `sink`.
    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side_to_move();
        let king = self.king(us);
        let ours = self.pieces(us);
        let occupied = self.occupied();
        let checkers = self.checkers();
        self.king_moves(sink, king);
        if checkers.has_many() {
            return;
        }
        let (targets, drop_targets) = if checkers.is_empty() {
            (!ours, !occupied)
        } else {
            let checker = checkers.first();
            let block = between(king, checker);
            (block | checkers, block)
        };
        let pinned = self.pinned(us, occupied);
        for kind in NON_KING {
            for from in self.pieces_of(us, kind) {
                let mut to = attacks(us, kind, from, occupied) & targets;
                if pinned.has(from) {
                    to &= line(king, from);
                }
                sink.steps(us, kind, from, to);
            }
        }
        self.drops(sink, drop_targets);
    }

    fn king_moves<S: MoveSink>(&self, sink: &mut S, king: Sq) {
        let us = self.side_to_move();
        let them = us.opponent();
        let without_king = self.occupied() ^ Bitboard::from_sq(king);
        let mut safe = Bitboard::EMPTY;
        for to in step_attacks(us, Kind::King, king) & !self.pieces(us) {
            if !self.is_attacked(them, to, without_king) {
                safe |= Bitboard::from_sq(to);
            }
        }
        sink.steps(us, Kind::King, king, safe);
    }

    fn drops<S: MoveSink>(&self, sink: &mut S, targets: Bitboard) {
        let us = self.side_to_move();
        let hand = *self.hand(us);
        if hand.is_empty() || targets.is_empty() {
            return;
        }
        for kind in hand.kinds() {
            let mut to = targets & !Bitboard::dead_zone(us, kind);
            if kind == Kind::Pawn {
                to &= !self.pawn_files(us);
                if let Some(mate_sq) = self.pawn_check_square(us) {
                    if to.has(mate_sq) && self.is_pawn_drop_mate(mate_sq) {
                        to ^= Bitboard::from_sq(mate_sq);
                    }
                }
            }
            sink.drops(kind, to);
        }
    }

    /// The files that hold an unpromoted pawn of `color` (nifu, `二歩`).
    #[inline]
    pub fn pawn_files(&self, color: Color) -> Bitboard {
        let mut files = Bitboard::EMPTY;
        for sq in self.pieces_of(color, Kind::Pawn) {
            files |= Bitboard::file(sq.file());
        }
        files
    }

    /// The square from which a pawn of `color` would check the enemy king.
    #[inline]
    fn pawn_check_square(&self, color: Color) -> Option<Sq> {
        let king = self.king(color.opponent());
        step_attacks(color.opponent(), Kind::Pawn, king)
            .into_iter()
            .next()
    }

    /// Whether dropping a pawn of the side to move on `sq`, right in front of
    /// the enemy king, would checkmate: the classic traps are defenders that
    /// are pinned and sliders that see through the square the king leaves.
    fn is_pawn_drop_mate(&self, sq: Sq) -> bool {
        let us = self.side_to_move();
        let them = us.opponent();
        let king = self.king(them);
        let after = self.occupied() | Bitboard::from_sq(sq);
        let king_bit = Bitboard::from_sq(king);
        // The king takes the pawn unless we defend its square (looking
        // through the square the king leaves).
        if !self.is_attacked(us, sq, after ^ king_bit) {
            return false;
        }
        // Another defender takes it, unless pinned (with the pawn on the board).
        let defenders = self.attackers_to(them, sq, after) & !king_bit;
        if !(defenders & !self.pinned(them, after)).is_empty() {
            return false;
        }
        // The king steps away to an unattacked square.
        let escapes =
            step_attacks(them, Kind::King, king) & !self.pieces(them) & !Bitboard::from_sq(sq);
        escapes
            .into_iter()
            .all(|to| self.is_attacked(us, to, after ^ king_bit))
    }

    /// Whether `mv` is legal here. This checks the move from first principles
    /// (piece movement, promotion, drops, then the king's safety on the board
    /// after the move) instead of searching the generated list, so tests can
    /// hold the two against each other.
    pub fn is_legal(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let to = mv.to();
        if to.index() >= Sq::COUNT {
            return false;
        }
        let target = self.piece_at(to);
        let ok = match mv.dropped() {
            Some(kind) => self.is_legal_drop(kind, to, mv.is_promotion(), target),
            None => self.is_legal_step(mv, target),
        };
        if !ok {
            return false;
        }
        let mut after = self.clone();
        after.make(mv);
        !after.is_attacked(us.opponent(), after.king(us), after.occupied())
    }

    fn is_legal_drop(&self, kind: Kind, to: Sq, promote: bool, target: Piece) -> bool {
        let us = self.side_to_move();
        let in_hand = Kind::HAND.contains(&kind) && self.hand(us).count(kind) > 0;
        if promote || !target.is_empty() || !in_hand {
            return false;
        }
        if Bitboard::dead_zone(us, kind).has(to) {
            return false;
        }
        if kind == Kind::Pawn {
            if self.pawn_files(us).has(to) {
                return false;
            }
            if self.pawn_check_square(us) == Some(to) && self.pawn_drop_mates_by_search(to) {
                return false;
            }
        }
        true
    }

    /// Pawn-drop mate decided by playing the drop and asking whether the
    /// opponent has any legal reply (the slow, obvious way).
    fn pawn_drop_mates_by_search(&self, to: Sq) -> bool {
        let mut after = self.clone();
        after.make(Move::drop(Kind::Pawn, to));
        after.legal_moves().is_empty()
    }

    fn is_legal_step(&self, mv: Move, target: Piece) -> bool {
        let us = self.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        if from.index() >= Sq::COUNT {
            return false;
        }
        let piece = self.piece_at(from);
        if piece.is_empty() || piece.color() != us {
            return false;
        }
        if !target.is_empty() && target.color() == us {
            return false;
        }
        let kind = piece.kind();
        if !attacks(us, kind, from, self.occupied()).has(to) {
            return false;
        }
        let zone = Bitboard::promotion_zone(us);
        if mv.is_promotion() {
            kind.can_promote() && (zone.has(from) || zone.has(to))
        } else {
            !Bitboard::dead_zone(us, kind).has(to)
        }
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep
    /// (the last ply counted in bulk).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal();
        }
        let moves = self.legal_moves();
        let mut nodes = 0;
        for &mv in moves.iter() {
            let undo = self.make(mv);
            nodes += self.perft(depth - 1);
            self.unmake(mv, undo);
        }
        nodes
    }
}
