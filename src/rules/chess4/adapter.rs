//! Four-player chess behind the shared [`Game`] trait. Moves are written
//! in the plain form (`e2-e4`, `d11-d12=Q`, castling as the king's move);
//! the text form also reads PGN4's long algebraic moves.

use super::game::ChessGame4;
use super::position::Variant;
use super::types::{Kind, Move, SEATS, Sq};
use crate::rules::vocab::{
    self, EndReason, Geometry, Hand, Outcome, Piece, PieceKind, Promotion, Seat, SeatRing, SeatSet,
    Square,
};
use crate::rules::{Claim, Game, GameKind, RulesError};

/// The shared kind of a chess kind.
pub fn to_piece_kind(kind: Kind) -> PieceKind {
    match kind {
        Kind::Pawn => PieceKind::Pawn,
        Kind::Knight => PieceKind::Knight,
        Kind::Bishop => PieceKind::Bishop,
        Kind::Rook => PieceKind::Rook,
        Kind::Queen => PieceKind::Queen,
        Kind::King => PieceKind::King,
    }
}

fn to_square(sq: Sq) -> Square {
    Square::new(sq.x(), sq.y())
}

impl Game for ChessGame4 {
    type Move = Move;

    fn kind(&self) -> GameKind {
        GameKind::Chess4
    }

    fn geometry(&self) -> Geometry {
        Geometry {
            width: 14,
            height: 14,
            corner_cut: 3,
        }
    }

    fn seats(&self) -> SeatRing {
        let out = SeatSet::matching(SEATS as u8, |s| self.position().is_out(s));
        SeatRing::with_eliminated(SEATS as u8, out)
    }

    fn to_move(&self) -> Option<Seat> {
        match self.outcome() {
            Some(_) => None,
            None => Some(Seat(self.position().to_move())),
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        ChessGame4::legal_moves(self)
    }

    fn play(&mut self, mv: Move) -> Result<(), RulesError> {
        ChessGame4::play(self, mv)
    }

    fn resign(&mut self, seat: Seat) -> Result<(), RulesError> {
        ChessGame4::resign(self, seat)
    }

    fn claim(&mut self, _claim: Claim) -> Result<(), RulesError> {
        Err(RulesError::Unsupported)
    }

    fn outcome(&self) -> Option<&Outcome> {
        ChessGame4::outcome(self)
    }

    fn checked(&self) -> SeatSet {
        if self.outcome().is_some() {
            return SeatSet::EMPTY;
        }
        SeatSet::matching(SEATS as u8, |s| self.position().in_check(s))
    }

    /// The plain form `from-to[=Q]` (castling as the king's move).
    fn parse_move(&self, text: &str) -> Result<Move, RulesError> {
        let text = text.trim();
        let (squares, promotion) = match text.split_once('=') {
            Some((squares, kind)) => {
                let kind = kind.chars().next().and_then(Kind::from_letter);
                let kind = kind.ok_or_else(|| RulesError::IllegalMove(text.to_string()))?;
                (squares, Some(kind))
            }
            None => (text, None),
        };
        let (from, to) = squares
            .split_once('-')
            .and_then(|(a, b)| Some((Sq::parse(a)?, Sq::parse(b)?)))
            .ok_or_else(|| RulesError::IllegalMove(format!("{text} (write moves like e2-e4)")))?;
        self.legal_moves()
            .into_iter()
            .find(|m| m.from == from && m.to == to && m.promotion == promotion)
            .ok_or_else(|| RulesError::IllegalMove(text.to_string()))
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn position_text(&self) -> String {
        self.position().to_fen4()
    }

    fn hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.position().hash(&mut h);
        h.finish()
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq.x >= 14 || sq.y >= 14 {
            return None;
        }
        let p = self.position().piece_at(Sq::new(sq.x, sq.y))?;
        Some(Piece {
            kind: to_piece_kind(p.kind),
            promoted: p.promoted,
            owner: Some(Seat(p.owner)),
            facing: Seat(p.owner),
            dead: p.dead,
        })
    }

    fn hand(&self, _seat: Seat) -> Hand {
        Hand::default()
    }

    fn to_vocab(&self, mv: Move) -> vocab::Move {
        vocab::Move::Step {
            from: to_square(mv.from),
            to: to_square(mv.to),
            promotion: match mv.promotion {
                Some(kind) => Promotion::To(to_piece_kind(kind)),
                None => Promotion::None,
            },
        }
    }

    /// Perft on the position (repetition does not cut lines); after a move
    /// that took a king in teams the line is one leaf.
    fn perft(&self, depth: u32) -> u64 {
        let teams = self.rules().variant == Variant::Teams;
        match self.outcome() {
            Some(o) if teams && o.reason == EndReason::KingCaptured => 1,
            _ => self.position().perft(depth),
        }
    }
}
