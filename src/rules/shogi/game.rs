//! A game of two-player shogi: the position plus its history, the room
//! rules, and every way the game ends (docs/rules.md §1).

use super::bitboard::Bitboard;
use super::position::Position;
use super::rules::{Handicap, ShogiRules};
use super::types::{Color, Kind, Move};
use crate::rules::vocab::{EndReason, Outcome, Seat, SeatSet, Verdict};
use crate::rules::{Claim, RulesError};

/// One position of the game's history.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Step {
    /// The position's hash (board, hands, side to move).
    hash: u64,
    /// Whether the move that led here gave check.
    gave_check: bool,
}

/// A two-player shogi game. Seat 0 is sente (black), seat 1 gote (white).
#[derive(Clone, Debug)]
pub struct ShogiGame {
    rules: ShogiRules,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// `history[i]` is the position after `i` moves.
    history: Vec<Step>,
    outcome: Option<Outcome>,
}

/// The seat of a color.
pub fn seat_of(color: Color) -> Seat {
    Seat(color.index() as u8)
}

/// The seat that is not `seat` (two players only).
fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0.min(1))
}

fn win(seat: Seat, reason: EndReason) -> Outcome {
    Outcome {
        verdict: Verdict::Win(SeatSet::one(seat)),
        reason,
    }
}

fn draw(reason: EndReason) -> Outcome {
    Outcome {
        verdict: Verdict::Draw,
        reason,
    }
}

impl ShogiGame {
    /// A new game under `rules`, from the handicap's start position (the
    /// standard one without a handicap).
    pub fn new(rules: ShogiRules) -> ShogiGame {
        let start = Position::from_sfen(rules.handicap.sfen()).expect("handicap SFENs are valid");
        ShogiGame::from_position(rules, start)
    }

    /// A game from any position; the end conditions are checked at once (a
    /// position with no legal move is already lost).
    pub fn from_position(rules: ShogiRules, start: Position) -> ShogiGame {
        let mut game = ShogiGame {
            rules,
            history: vec![Step {
                hash: start.hash(),
                gave_check: start.in_check(),
            }],
            position: start.clone(),
            start,
            moves: Vec::new(),
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    /// The room rules.
    pub fn rules(&self) -> &ShogiRules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Plays a legal move and applies every end-of-game rule.
    pub fn play(&mut self, mv: Move) -> Result<(), RulesError> {
        if self.outcome.is_some() {
            return Err(RulesError::GameOver);
        }
        if !self.position.is_legal(mv) {
            return Err(super::UsiError::Illegal(mv.to_usi()).into());
        }
        self.position.make(mv);
        self.moves.push(mv);
        self.history.push(Step {
            hash: self.position.hash(),
            gave_check: self.position.in_check(),
        });
        self.outcome = self.judge();
        Ok(())
    }

    /// `seat` resigns (at any time, not only on their turn).
    pub fn resign(&mut self, seat: Seat) -> Result<(), RulesError> {
        if self.outcome.is_some() {
            return Err(RulesError::GameOver);
        }
        if seat.0 > 1 {
            return Err(RulesError::NotAllowed(seat.0));
        }
        self.outcome = Some(win(other(seat), EndReason::Resignation));
        Ok(())
    }

    /// `seat`'s clock ran out: it loses on time.
    pub fn lose_on_time(&mut self, seat: Seat) -> Result<(), RulesError> {
        self.resign(seat)?;
        self.outcome = Some(win(other(seat), EndReason::TimeForfeit));
        Ok(())
    }

    /// The side to move claims a win by declaration or an impasse count.
    pub fn claim(&mut self, claim: Claim) -> Result<(), RulesError> {
        if self.outcome.is_some() {
            return Err(RulesError::GameOver);
        }
        let outcome = match claim {
            Claim::EnteringKing => self.declaration()?,
            Claim::Impasse => self.impasse()?,
        };
        self.outcome = Some(outcome);
        Ok(())
    }

    /// The end-of-game rules that follow from the position and history:
    /// no legal move, fourfold repetition, move limit (in that order: a
    /// mate on the limit or on a repetition is still a mate).
    fn judge(&self) -> Option<Outcome> {
        let pos = &self.position;
        let mover = seat_of(pos.side_to_move());
        if pos.count_legal() == 0 {
            let reason = if pos.in_check() {
                EndReason::Checkmate
            } else {
                EndReason::NoLegalMoves
            };
            return Some(win(other(mover), reason));
        }
        if let Some(outcome) = self.repetition() {
            return Some(outcome);
        }
        match self.rules.move_limit {
            Some(limit) if self.moves.len() >= limit as usize => Some(draw(EndReason::MoveLimit)),
            _ => None,
        }
    }

    /// Sennichite (`千日手`): the fourth occurrence of the current position
    /// draws, unless one player checked with every one of their moves since
    /// the first occurrence: that player loses.
    fn repetition(&self) -> Option<Outcome> {
        let now = self.history.len() - 1;
        let hash = self.history[now].hash;
        let seen: Vec<usize> = (0..=now)
            .filter(|&i| self.history[i].hash == hash)
            .collect();
        if seen.len() < 4 {
            return None;
        }
        let first = seen[0];
        // Move `i` (1-based) leads to history[i]; the side that made it is
        // the side to move at history[i - 1], which alternates from the start.
        let start_side = self.start.side_to_move();
        let checked_throughout = |color: Color| {
            (first + 1..=now)
                .filter(|i| mover_of(start_side, *i) == color)
                .all(|i| self.history[i].gave_check)
        };
        let black = checked_throughout(Color::Black);
        let white = checked_throughout(Color::White);
        Some(match (black, white) {
            (true, false) => win(seat_of(Color::White), EndReason::PerpetualCheck),
            (false, true) => win(seat_of(Color::Black), EndReason::PerpetualCheck),
            _ => draw(EndReason::Repetition),
        })
    }

    /// The entering-king declaration (`入玉宣言`, 27-point rule).
    fn declaration(&self) -> Result<Outcome, RulesError> {
        if !self.rules.declaration {
            return Err(refused("claim-declaration-off"));
        }
        let pos = &self.position;
        let us = pos.side_to_move();
        let camp = Bitboard::promotion_zone(us);
        if !camp.has(pos.king(us)) {
            return Err(refused("claim-king-not-in-camp"));
        }
        if pos.in_check() {
            return Err(refused("claim-king-in-check"));
        }
        let in_camp = pos.pieces(us) & camp & !Bitboard::from_sq(pos.king(us));
        if in_camp.count() < 10 {
            let n = in_camp.count();
            return Err(RulesError::ClaimRefused(crate::msg!(
                "claim-too-few-pieces",
                count = n
            )));
        }
        let points = board_points(pos, in_camp) + hand_points(pos, us);
        let needed = match us {
            Color::Black => 28,
            Color::White => 27,
        };
        if points < needed {
            return Err(RulesError::ClaimRefused(crate::msg!(
                "claim-too-few-points",
                points = points,
                needed = needed
            )));
        }
        Ok(win(seat_of(us), EndReason::Declaration))
    }

    /// The 24-point impasse rule (`持将棋`): with both kings in the
    /// opponent's camp, the side to move may have the pieces counted. Unlike
    /// the declaration it counts every piece a player has (board and hand,
    /// king excluded), as the traditional rule does: under 24 loses, both
    /// 24 or more draws.
    fn impasse(&self) -> Result<Outcome, RulesError> {
        if !self.rules.impasse {
            return Err(refused("claim-impasse-off"));
        }
        let pos = &self.position;
        let entered = |c: Color| Bitboard::promotion_zone(c).has(pos.king(c));
        if !entered(Color::Black) || !entered(Color::White) {
            return Err(refused("claim-kings-not-entered"));
        }
        let score = |c: Color| {
            let others = pos.pieces(c) & !Bitboard::from_sq(pos.king(c));
            board_points(pos, others) + hand_points(pos, c)
        };
        let (black, white) = (score(Color::Black), score(Color::White));
        Ok(match (black >= 24, white >= 24) {
            (true, false) => win(seat_of(Color::Black), EndReason::Impasse),
            (false, true) => win(seat_of(Color::White), EndReason::Impasse),
            _ => draw(EndReason::Impasse),
        })
    }

    /// The game as a USI command: `position sfen <start> moves <m1> <m2> …`.
    pub fn usi_position(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_usi()).collect();
        crate::rules::position_command("sfen", &self.start.to_sfen(), &moves)
    }
}

/// Which side made move number `i` (1-based) of a game started by `start_side`.
fn mover_of(start_side: Color, i: usize) -> Color {
    if i % 2 == 1 {
        start_side
    } else {
        start_side.opponent()
    }
}

/// A claim refused for the reason the message `key` gives.
fn refused(key: &'static str) -> RulesError {
    RulesError::ClaimRefused(crate::i18n::Msg::new(key))
}

/// Declaration points: rook and bishop (promoted or not) 5, others 1.
fn piece_points(kind: Kind) -> u32 {
    match kind.unpromoted() {
        Kind::Rook | Kind::Bishop => 5,
        Kind::King => 0,
        _ => 1,
    }
}

fn board_points(pos: &Position, squares: Bitboard) -> u32 {
    squares
        .map(|sq| piece_points(pos.piece_at(sq).kind()))
        .sum()
}

fn hand_points(pos: &Position, color: Color) -> u32 {
    Kind::HAND
        .iter()
        .map(|k| piece_points(*k) * pos.hand(color).count(*k) as u32)
        .sum()
}

impl Handicap {
    /// The start position: gote (the stronger player, uwate) without the
    /// removed pieces, and gote to move when there is a handicap.
    pub fn sfen(self) -> &'static str {
        match self {
            Handicap::None => super::START,
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPiece => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FourPiece => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::SixPiece => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        }
    }
}
