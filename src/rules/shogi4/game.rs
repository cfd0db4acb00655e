//! A game of four-player shogi: the position plus its history, the move
//! limit, fourfold repetition with its continuous-check restriction, and
//! the placings at the end (docs/rules.md §2, "End and ranking").

use super::position::{Format, Position4};
use super::rules::Shogi4Rules;
use super::types::{Move4, SEATS};
use crate::rules::RulesError;
use crate::rules::vocab::{EndReason, Outcome, Placing, Seat, SeatSet, Verdict};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// One position of the game's history.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Step {
    /// Hash of board (owners, facings), hands and seat to move.
    hash: u64,
    /// The seat whose move led here (`None` for the start).
    mover: Option<u8>,
    /// Whether that move left another seat's king attacked by the mover.
    gave_check: bool,
}

/// A four-player shogi game. Seats 0–3 are South, West, North, East.
#[derive(Clone, Debug)]
pub struct ShogiGame4 {
    rules: Shogi4Rules,
    start: Position4,
    position: Position4,
    moves: Vec<Move4>,
    history: Vec<Step>,
    outcome: Option<Outcome>,
}

/// The repetition key: SFEN4 without the move number. (`DefaultHasher::new`
/// uses fixed keys, so the hash is the same in every run.)
fn position_hash(pos: &Position4) -> u64 {
    let sfen = pos.to_sfen4();
    let key = sfen.rsplit_once(' ').map_or(sfen.as_str(), |(k, _)| k);
    let mut h = DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}

/// Whether `mover`'s pieces attack another active seat's king.
fn gives_check(pos: &Position4, mover: u8) -> bool {
    (0..SEATS as u8)
        .filter(|s| *s != mover && pos.is_active(*s))
        .any(|s| {
            pos.king_square(s)
                .is_some_and(|k| pos.attackers(k) & (1 << mover) != 0)
        })
}

impl ShogiGame4 {
    /// A new game from the start position, `first` to move.
    pub fn new(rules: Shogi4Rules, first: u8) -> ShogiGame4 {
        let mut start = Position4::start(rules.play);
        start.to_move = first % SEATS as u8;
        ShogiGame4::from_position(rules, start)
    }

    /// A game from any position.
    pub fn from_position(rules: Shogi4Rules, start: Position4) -> ShogiGame4 {
        let mut game = ShogiGame4 {
            rules,
            history: vec![Step {
                hash: position_hash(&start),
                mover: None,
                gave_check: false,
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
    pub fn rules(&self) -> &Shogi4Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position4 {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &Position4 {
        &self.start
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move4] {
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

    /// The legal moves, without a repeating move by a player who checked
    /// with every move of the cycle (when they have another).
    pub fn legal_moves(&self) -> Vec<Move4> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let moves = self.position.legal_moves();
        if moves.len() < 2 {
            return moves;
        }
        let allowed: Vec<Move4> = moves
            .iter()
            .copied()
            .filter(|mv| !self.is_forbidden_repetition(*mv))
            .collect();
        if allowed.is_empty() { moves } else { allowed }
    }

    /// Whether `mv` would repeat a position for the fourth time while its
    /// mover checked with every one of their moves since the first time.
    fn is_forbidden_repetition(&self, mv: Move4) -> bool {
        let mover = self.position.to_move();
        let mut after = self.position.clone();
        after.play(mv);
        let hash = position_hash(&after);
        let seen: Vec<usize> = (0..self.history.len())
            .filter(|i| self.history[*i].hash == hash)
            .collect();
        if seen.len() < 3 {
            return false;
        }
        gives_check(&after, mover)
            && self.history[seen[0] + 1..]
                .iter()
                .filter(|s| s.mover == Some(mover))
                .all(|s| s.gave_check)
    }

    /// Plays a legal move and applies the end-of-game rules.
    pub fn play(&mut self, mv: Move4) -> Result<(), RulesError> {
        if self.outcome.is_some() {
            return Err(RulesError::GameOver);
        }
        if !self.legal_moves().contains(&mv) {
            return Err(RulesError::IllegalMove(mv.to_string()));
        }
        let mover = self.position.to_move();
        self.position.play(mv);
        self.moves.push(mv);
        self.history.push(Step {
            hash: position_hash(&self.position),
            mover: Some(mover),
            gave_check: gives_check(&self.position, mover),
        });
        self.outcome = self.judge();
        Ok(())
    }

    /// Mates that end the game, then the fourth repetition, then the limit.
    fn judge(&self) -> Option<Outcome> {
        let pos = &self.position;
        if pos.is_over() {
            return Some(self.final_outcome());
        }
        let now = self.history.last()?.hash;
        if self.history.iter().filter(|s| s.hash == now).count() >= 4 {
            return Some(self.stopped_outcome(EndReason::Repetition));
        }
        match self.moves_left() {
            Some(0) => Some(self.stopped_outcome(EndReason::MoveLimit)),
            _ => None,
        }
    }

    /// The end by mates: in pairs the mated player's team loses; otherwise
    /// survivors rank by mates, then pieces (board, hand and the flipped
    /// kings of those they mated), then the later latest mate.
    fn final_outcome(&self) -> Outcome {
        let pos = &self.position;
        if pos.play_rules().format == Format::Pairs {
            let loser = pos.mated().first().copied().unwrap_or(0);
            let winners = SeatSet::one(Seat((loser + 1) % 4)).with(Seat((loser + 3) % 4));
            return Outcome {
                verdict: Verdict::Win(winners),
                reason: EndReason::Checkmate,
            };
        }
        let key = |s: u8| pos.ranking(s);
        Outcome {
            verdict: Verdict::Placings(self.placings(key)),
            reason: EndReason::Eliminations,
        }
    }

    /// The end by repetition or move limit: pairs draw; otherwise survivors
    /// rank by mates, then pieces on board and in hand.
    fn stopped_outcome(&self, reason: EndReason) -> Outcome {
        let pos = &self.position;
        if pos.play_rules().format == Format::Pairs {
            return Outcome {
                verdict: Verdict::Draw,
                reason,
            };
        }
        let key = |s: u8| (pos.mates()[s as usize] as u32, pos.pieces(s), 0);
        Outcome {
            verdict: Verdict::Placings(self.placings(key)),
            reason,
        }
    }

    /// Survivors ranked by `key` (higher is better; equal keys share a
    /// place), then the mated, the later mated placed higher.
    fn placings(&self, key: impl Fn(u8) -> (u32, u32, u32)) -> Vec<Placing> {
        let pos = &self.position;
        let survivors: Vec<u8> = (0..SEATS as u8).filter(|s| pos.is_active(*s)).collect();
        let mut places: Vec<Placing> = survivors
            .iter()
            .map(|&s| {
                let better = survivors.iter().filter(|&&o| key(o) > key(s)).count();
                Placing {
                    seat: Seat(s),
                    place: 1 + better as u8,
                    points: 0,
                }
            })
            .collect();
        for (i, &s) in pos.mated().iter().rev().enumerate() {
            places.push(Placing {
                seat: Seat(s),
                place: (survivors.len() + i + 1) as u8,
                points: 0,
            });
        }
        places.sort_by_key(|p| (p.place, p.seat));
        places
    }

    /// The game as text: `position sfen4 <start> moves <m1> <m2> …`.
    pub fn record(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(Move4::to_string).collect();
        crate::rules::position_command("sfen4", &self.start.to_sfen4(), &moves)
    }
}
