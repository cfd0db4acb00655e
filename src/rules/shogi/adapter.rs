//! Two-player shogi behind the shared [`Game`] trait: conversions between
//! the engine's packed types and the shared vocabulary.

use super::game::{ShogiGame, seat_of};
use super::types::{Color, Kind, Move, Sq};
use crate::rules::vocab::{
    self, Geometry, Hand, Outcome, Piece, PieceKind, Promotion, Seat, SeatRing, SeatSet, Square,
};
use crate::rules::{Claim, Game, GameKind, RulesError};

/// The neutral square of an engine square: USI file 9 is the left column,
/// rank `i` the bottom row.
pub fn to_square(sq: Sq) -> Square {
    Square::new(8 - sq.file(), 8 - sq.rank())
}

/// The engine square of a neutral square, if it is on the board.
pub fn from_square(sq: Square) -> Option<Sq> {
    (sq.x < 9 && sq.y < 9).then(|| Sq::new(8 - sq.x, 8 - sq.y))
}

/// The shared kind of an engine kind (promotion is a separate flag).
pub fn to_piece_kind(kind: Kind) -> PieceKind {
    match kind.unpromoted() {
        Kind::Pawn => PieceKind::Pawn,
        Kind::Lance => PieceKind::Lance,
        Kind::Knight => PieceKind::Knight,
        Kind::Silver => PieceKind::Silver,
        Kind::Bishop => PieceKind::Bishop,
        Kind::Rook => PieceKind::Rook,
        Kind::Gold => PieceKind::Gold,
        _ => PieceKind::King,
    }
}

impl Game for ShogiGame {
    type Move = Move;

    fn kind(&self) -> GameKind {
        GameKind::Shogi
    }

    fn geometry(&self) -> Geometry {
        Geometry::rect(9, 9)
    }

    fn seats(&self) -> SeatRing {
        SeatRing::new(2)
    }

    fn to_move(&self) -> Option<Seat> {
        match self.outcome() {
            Some(_) => None,
            None => Some(seat_of(self.position().side_to_move())),
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        match self.outcome() {
            Some(_) => Vec::new(),
            None => self.position().legal_moves().to_vec(),
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), RulesError> {
        ShogiGame::play(self, mv)
    }

    fn resign(&mut self, seat: Seat) -> Result<(), RulesError> {
        ShogiGame::resign(self, seat)
    }

    fn claim(&mut self, claim: Claim) -> Result<(), RulesError> {
        ShogiGame::claim(self, claim)
    }

    fn outcome(&self) -> Option<&Outcome> {
        ShogiGame::outcome(self)
    }

    fn checked(&self) -> SeatSet {
        match self.outcome() {
            None if self.position().in_check() => {
                SeatSet::one(seat_of(self.position().side_to_move()))
            }
            _ => SeatSet::EMPTY,
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, RulesError> {
        Ok(self.position().parse_usi(text)?)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_usi()
    }

    fn position_text(&self) -> String {
        self.position().to_sfen()
    }

    fn hash(&self) -> u64 {
        self.position().hash()
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let piece = self.position().piece_at(from_square(sq)?);
        if piece.is_empty() {
            return None;
        }
        let seat = seat_of(piece.color());
        Some(Piece {
            kind: to_piece_kind(piece.kind()),
            promoted: piece.kind().is_promoted(),
            owner: Some(seat),
            facing: seat,
            dead: false,
        })
    }

    fn hand(&self, seat: Seat) -> Hand {
        let color = if seat.0 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let hand = self.position().hand(color);
        Hand {
            pieces: hand
                .kinds()
                .map(|k| (to_piece_kind(k), hand.count(k)))
                .collect(),
        }
    }

    fn to_vocab(&self, mv: Move) -> vocab::Move {
        match mv.dropped() {
            Some(kind) => vocab::Move::Drop {
                kind: to_piece_kind(kind),
                to: to_square(mv.to()),
            },
            None => vocab::Move::Step {
                from: to_square(mv.from()),
                to: to_square(mv.to()),
                promotion: if mv.is_promotion() {
                    Promotion::Promote
                } else {
                    Promotion::None
                },
            },
        }
    }

    /// Perft on the position alone: repetition and the room rules do not
    /// cut lines short (perft counts the bare move tree).
    fn perft(&self, depth: u32) -> u64 {
        self.position().clone().perft(depth)
    }
}
