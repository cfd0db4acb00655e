//! Four-player shogi behind the shared [`Game`] trait.

use super::game::ShogiGame4;
use super::types::{Kind4, Move4, SEATS, Sq4};
use crate::rules::vocab::{
    self, Geometry, Hand, Outcome, Piece, PieceKind, Promotion, Seat, SeatRing, SeatSet, Square,
};
use crate::rules::{Claim, Game, GameKind, RulesError};

/// The shared kind of a four-player shogi kind.
pub fn to_piece_kind(kind: Kind4) -> PieceKind {
    match kind {
        Kind4::King => PieceKind::King,
        Kind4::Rook => PieceKind::Rook,
        Kind4::Gold => PieceKind::Gold,
        Kind4::Silver => PieceKind::Silver,
        Kind4::Pawn => PieceKind::Pawn,
    }
}

/// Banmen's four-player coordinates are the neutral ones.
fn to_square(sq: Sq4) -> Square {
    Square::new(sq.x(), sq.y())
}

impl Game for ShogiGame4 {
    type Move = Move4;

    fn kind(&self) -> GameKind {
        GameKind::Shogi4
    }

    fn geometry(&self) -> Geometry {
        Geometry::rect(9, 9)
    }

    fn seats(&self) -> SeatRing {
        let out = SeatSet::matching(SEATS as u8, |s| !self.position().is_active(s));
        SeatRing::with_eliminated(SEATS as u8, out)
    }

    fn to_move(&self) -> Option<Seat> {
        match self.outcome() {
            Some(_) => None,
            None => Some(Seat(self.position().to_move())),
        }
    }

    fn legal_moves(&self) -> Vec<Move4> {
        ShogiGame4::legal_moves(self)
    }

    fn play(&mut self, mv: Move4) -> Result<(), RulesError> {
        ShogiGame4::play(self, mv)
    }

    /// Four-player shogi has no resignation: a player who leaves is
    /// replaced by the CPU (docs/rules.md §2).
    fn resign(&mut self, seat: Seat) -> Result<(), RulesError> {
        Err(RulesError::NotAllowed(seat.0))
    }

    fn claim(&mut self, _claim: Claim) -> Result<(), RulesError> {
        Err(RulesError::Unsupported)
    }

    fn outcome(&self) -> Option<&Outcome> {
        ShogiGame4::outcome(self)
    }

    fn checked(&self) -> SeatSet {
        if self.outcome().is_some() {
            return SeatSet::EMPTY;
        }
        SeatSet::matching(SEATS as u8, |s| self.position().in_check(s))
    }

    fn parse_move(&self, text: &str) -> Result<Move4, RulesError> {
        let mv = super::sfen4::parse_move_syntax(text)?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(RulesError::IllegalMove(text.to_string()))
        }
    }

    fn move_text(&self, mv: Move4) -> String {
        mv.to_string()
    }

    fn position_text(&self) -> String {
        self.position().to_sfen4()
    }

    fn hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.position().to_sfen4().hash(&mut h);
        h.finish()
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq.x >= 9 || sq.y >= 9 {
            return None;
        }
        let p = self.position().piece_at(Sq4::new(sq.x, sq.y))?;
        Some(Piece {
            kind: to_piece_kind(p.kind),
            promoted: p.promoted,
            owner: p.owner.map(Seat),
            facing: Seat(p.facing),
            dead: p.flipped,
        })
    }

    fn hand(&self, seat: Seat) -> Hand {
        let pieces = Kind4::HAND
            .iter()
            .map(|k| {
                (
                    to_piece_kind(*k),
                    self.position().hand_count(seat.0 % 4, *k),
                )
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        Hand { pieces }
    }

    fn to_vocab(&self, mv: Move4) -> vocab::Move {
        match mv {
            Move4::Step { from, to, promote } => vocab::Move::Step {
                from: to_square(from),
                to: to_square(to),
                promotion: if promote {
                    Promotion::Promote
                } else {
                    Promotion::None
                },
            },
            Move4::Drop { kind, to } => vocab::Move::Drop {
                kind: to_piece_kind(kind),
                to: to_square(to),
            },
        }
    }

    /// Perft on the position: repetition does not cut lines (perft counts
    /// the bare move tree).
    fn perft(&self, depth: u32) -> u64 {
        self.position().perft(depth)
    }
}
