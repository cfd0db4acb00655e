//! A game of four-player chess: the start, the moves, and how it ends
//! (docs/rules.md §3): in teams a captured king, checkmate or stalemate on the
//! player's own turn, or resignation; in free-for-all three players out or
//! two left 21 points apart; in both threefold repetition, fifty moves by
//! every player without a capture or pawn move, and the move limit.

use super::position::{Position, Variant};
use super::rules::Chess4Rules;
use super::types::{Move, SEATS, partner};
use crate::rules::RulesError;
use crate::rules::vocab::{EndReason, Outcome, Placing, Seat, SeatSet, Verdict};

/// Moves in all (50 by every player) without a capture or pawn move that
/// draw the game.
pub const FIFTY_MOVES: u32 = 200;

/// Points each remaining player gets when a free-for-all game is drawn.
const DRAW_POINTS: i32 = 10;

/// How many times a position stands in a game when it ends the game
/// (threefold repetition).
const REPETITIONS: usize = 3;

/// A game of four-player chess.
#[derive(Clone, Debug)]
pub struct ChessGame4 {
    rules: Chess4Rules,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// The repetition key of every position so far, the start first.
    keys: Vec<u64>,
    outcome: Option<Outcome>,
}

impl ChessGame4 {
    /// A new game from the start position, `first` to move.
    pub fn new(rules: Chess4Rules, first: u8) -> ChessGame4 {
        let mut start = Position::start(rules.variant);
        start.to_move = first % SEATS as u8;
        ChessGame4::from_position(rules, start)
    }

    /// A game from any position.
    pub fn from_position(rules: Chess4Rules, start: Position) -> ChessGame4 {
        let mut game = ChessGame4 {
            rules,
            keys: vec![start.key()],
            position: start.clone(),
            start,
            moves: Vec::new(),
            outcome: None,
        };
        game.judge(None);
        game
    }

    /// The room rules.
    pub fn rules(&self) -> &Chess4Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Moves left before the room's move limit ends the game (`None`:
    /// no limit): what the game's end and the CPU's search both count.
    pub fn moves_left(&self) -> Option<u32> {
        let played = u32::try_from(self.moves.len()).unwrap_or(u32::MAX);
        (self.rules.move_limit).map(|limit| limit.saturating_sub(played))
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// How many times `pos` has stood in this game (the same board, seat
    /// to move, rights and seats out, as the repetition rule counts): the
    /// CPU scores a move back to an earlier position as a draw.
    pub fn occurrences(&self, pos: &Position) -> usize {
        self.count_key(pos.key())
    }

    /// Whether a move to `next` would end the game by repetition (its
    /// third time): the CPU judges such a move as the rules place it.
    pub fn repeats(&self, next: &Position) -> bool {
        self.occurrences(next) + 1 >= REPETITIONS
    }

    /// The repetition keys of the positions the game has had so often
    /// that one more time ends it: the CPU judges them as that ending
    /// wherever its search meets them.
    pub fn repeating_keys(&self) -> Vec<u64> {
        let mut keys = self.keys.clone();
        keys.sort_unstable();
        keys.chunk_by(|a, b| a == b)
            .filter(|run| run.len() + 1 >= REPETITIONS)
            .map(|run| run[0])
            .collect()
    }

    /// How many positions so far had the repetition key `key`.
    fn count_key(&self, key: u64) -> usize {
        self.keys.iter().filter(|k| **k == key).count()
    }

    /// The legal moves of the seat to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.outcome {
            Some(_) => Vec::new(),
            None => self.position.legal_moves(),
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) -> Result<(), RulesError> {
        if !self.legal_moves().contains(&mv) {
            return Err(RulesError::IllegalMove(mv.to_string()));
        }
        let mover = self.position.to_move();
        let taken = self.position.play(mv);
        self.moves.push(mv);
        self.keys.push(self.position.key());
        self.judge(taken.king().map(|_| mover));
        Ok(())
    }

    /// `seat` resigns: in teams its team loses; in free-for-all it is out
    /// (and the game may end).
    pub fn resign(&mut self, seat: Seat) -> Result<(), RulesError> {
        if self.outcome.is_some() {
            return Err(RulesError::GameOver);
        }
        let s = seat.0 % SEATS as u8;
        match self.rules.variant {
            Variant::Teams => {
                self.outcome = Some(Outcome {
                    verdict: Verdict::Win(team_of((s + 1) % 4)),
                    reason: EndReason::Resignation,
                });
            }
            Variant::FreeForAll => {
                let on_turn = self.position.to_move() == s;
                self.position.eliminate(s);
                if on_turn {
                    self.position.pass_turn_after_resignation();
                }
                self.judge(None);
            }
        }
        Ok(())
    }

    /// Decides whether the game is over after a move (`king_taker`: the
    /// seat that just took a king) or at the start.
    fn judge(&mut self, king_taker: Option<u8>) {
        let pos = &self.position;
        let teams = self.rules.variant == Variant::Teams;
        let verdict = |reason| Some((reason, None));
        let ending = if let (true, Some(taker)) = (teams, king_taker) {
            Some((EndReason::KingCaptured, Some(team_of(taker))))
        } else if teams && !pos.has_legal_move(pos.to_move()) {
            let seat = pos.to_move();
            match pos.in_check(seat) {
                true => Some((EndReason::Checkmate, Some(team_of((seat + 1) % 4)))),
                false => verdict(EndReason::NoLegalMoves),
            }
        } else if !teams && pos.free_for_all_over() {
            verdict(EndReason::Eliminations)
        } else if self.count_key(self.keys.last().copied().unwrap_or(0)) >= REPETITIONS {
            verdict(EndReason::Repetition)
        } else if pos.halfmove_clock() >= FIFTY_MOVES {
            verdict(EndReason::FiftyMoves)
        } else if self.moves_left() == Some(0) {
            verdict(EndReason::MoveLimit)
        } else {
            None
        };
        let Some((reason, winners)) = ending else {
            return;
        };
        let verdict = match (teams, winners) {
            (true, Some(team)) => Verdict::Win(team),
            (true, None) => Verdict::Draw,
            (false, _) => {
                if matches!(reason, EndReason::Repetition | EndReason::FiftyMoves) {
                    self.position.points = self.position.drawn_points();
                }
                Verdict::Placings(placings(self.position.points()))
            }
        };
        self.outcome = Some(Outcome { verdict, reason });
    }
}

impl Position {
    /// The points of a free-for-all game drawn here (by repetition or
    /// fifty moves): the seats still playing get [`DRAW_POINTS`] each.
    pub fn drawn_points(&self) -> [i32; SEATS] {
        let mut points = self.points;
        for s in (0..SEATS).filter(|&s| !self.out[s]) {
            points[s] += DRAW_POINTS;
        }
        points
    }

    /// After the seat to move resigned in free-for-all: the turn passes.
    fn pass_turn_after_resignation(&mut self) {
        if !self.free_for_all_over() {
            self.to_move = self.next_seat();
        }
    }
}

/// `seat` and its partner.
fn team_of(seat: u8) -> SeatSet {
    SeatSet::one(Seat(seat)).with(Seat(partner(seat)))
}

/// Places by points, highest first; equal points share a place.
fn placings(points: [i32; SEATS]) -> Vec<Placing> {
    let mut order: Vec<usize> = (0..SEATS).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(points[s]));
    order
        .iter()
        .map(|&s| Placing {
            seat: Seat(s as u8),
            place: 1 + points.iter().filter(|&&p| p > points[s]).count() as u8,
            points: points[s],
        })
        .collect()
}
