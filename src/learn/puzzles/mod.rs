//! Puzzles: positions from banmen's own CPU games with one proven answer
//! (docs/puzzles.md). Shogi mates in 1 and in 3, and four-player chess
//! tactics, found by `banmen puzzles generate` ([`generate`]) and proved
//! by [`prove`]; the data files it writes are compiled into the binary.
//!
//! A data file holds one puzzle a line, fields separated by ` | `:
//! `position | line | rules | source`, the line and the rules each
//! space-separated (either may be empty); `#` starts a comment line.

pub mod generate;
pub mod prove;

use crate::rules::vocab::{Move, Verdict};
use crate::rules::{AnyGame, GameKind, RuleValues, RulesError};
use std::sync::OnceLock;

/// The kinds of puzzle, each with its own data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Two-player shogi: mate in one move.
    ShogiMate1,
    /// Two-player shogi: mate in three plies (check, reply, mate).
    ShogiMate3,
    /// Four-player chess: the one move that wins clearly.
    Chess4Tactic,
}

impl Kind {
    /// Every kind, in menu order.
    pub const ALL: [Kind; 3] = [Kind::ShogiMate1, Kind::ShogiMate3, Kind::Chess4Tactic];

    /// The game the puzzle is played in.
    pub fn game(self) -> GameKind {
        match self {
            Kind::ShogiMate1 | Kind::ShogiMate3 => GameKind::Shogi,
            Kind::Chess4Tactic => GameKind::Chess4,
        }
    }

    /// The kind's name in ids and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Kind::ShogiMate1 => "shogi-mate1",
            Kind::ShogiMate3 => "shogi-mate3",
            Kind::Chess4Tactic => "chess4-tactic",
        }
    }

    /// How many moves the solver plays.
    pub fn solver_moves(self) -> usize {
        match self {
            Kind::ShogiMate1 | Kind::Chess4Tactic => 1,
            Kind::ShogiMate3 => 2,
        }
    }

    /// The data file's name (in this directory, and as the generator writes it).
    pub fn file_name(self) -> &'static str {
        match self {
            Kind::ShogiMate1 => "shogi_mate1.txt",
            Kind::ShogiMate3 => "shogi_mate3.txt",
            Kind::Chess4Tactic => "chess4_tactics.txt",
        }
    }

    /// The data file compiled into the binary.
    fn data(self) -> &'static str {
        match self {
            Kind::ShogiMate1 => include_str!("shogi_mate1.txt"),
            Kind::ShogiMate3 => include_str!("shogi_mate3.txt"),
            Kind::Chess4Tactic => include_str!("chess4_tactics.txt"),
        }
    }

    /// Where in [`Kind::ALL`] the kind is.
    fn index(self) -> usize {
        self as usize
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its kind.
    pub kind: Kind,
    /// The position to solve, in the game's notation (SFEN, FEN4).
    pub position: String,
    /// The solution: the solver's move, the defender's reply, the solver's
    /// move…, in the game's notation.
    pub line: Vec<String>,
    /// The room rules the puzzle is played under, as NAME=VALUE.
    pub rules: Vec<String>,
    /// Which generated CPU game and ply it came from.
    pub source: String,
    /// Its place in its kind's file (for [`Puzzle::id`]).
    index: usize,
}

/// What the solver's move was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The puzzle is solved.
    Solved,
    /// Right; the defender answers with this move (from the line).
    Reply(String),
    /// Not the answer.
    Wrong,
}

/// The puzzles of `kind` compiled into the binary, read once. A bad line
/// is logged and left out (the puzzles test fails on it).
pub fn puzzles(kind: Kind) -> &'static [Puzzle] {
    static ALL: OnceLock<[Vec<Puzzle>; 3]> = OnceLock::new();
    let all = ALL.get_or_init(|| Kind::ALL.map(|k| parse_file(k, k.data()).0));
    &all[kind.index()]
}

/// Reads a data file of `kind`: the puzzles, and the errors of the lines
/// left out (line number and why), each also logged.
pub fn parse_file(kind: Kind, text: &str) -> (Vec<Puzzle>, Vec<String>) {
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    let lines = text.lines().enumerate();
    for (n, line) in lines.filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
        match parse_line(kind, line, puzzles.len()) {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(why) => {
                tracing::error!(file = kind.file_name(), line = n + 1, "bad puzzle: {why}");
                errors.push(format!("{}:{}: {why}", kind.file_name(), n + 1));
            }
        }
    }
    (puzzles, errors)
}

/// Reads one puzzle line and checks that its position and line can be
/// played (the proof is the test's business).
fn parse_line(kind: Kind, line: &str, index: usize) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [position, moves, rules, source] = fields[..] else {
        return Err(format!("{} fields, not 4", fields.len()));
    };
    let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let puzzle = Puzzle {
        kind,
        position: position.to_string(),
        line: words(moves),
        rules: words(rules),
        source: source.to_string(),
        index,
    };
    if puzzle.line.len() != 2 * kind.solver_moves() - 1 {
        return Err(format!("{} moves in the line", puzzle.line.len()));
    }
    let mut game = puzzle.start().map_err(|e| e.to_string())?;
    for mv in &puzzle.line {
        game.play_text(mv).map_err(|e| format!("{mv}: {e}"))?;
    }
    Ok(puzzle)
}

impl Puzzle {
    /// Builds a puzzle (the generator's; shipped ones come from [`puzzles`]).
    pub fn new(kind: Kind, position: String, line: Vec<String>, rules: Vec<String>) -> Puzzle {
        Puzzle {
            kind,
            position,
            line,
            rules,
            source: String::new(),
            index: 0,
        }
    }

    /// A stable id, as `shogi-mate1-17`: the kind's name and the puzzle's
    /// place in its file (files only grow at their end), for saving a
    /// player's progress.
    pub fn id(&self) -> String {
        format!("{}-{}", self.kind.name(), self.index + 1)
    }

    /// The line as the data file writes it.
    pub fn to_line(&self) -> String {
        format!(
            "{} | {} | {} | {}",
            self.position,
            self.line.join(" "),
            self.rules.join(" "),
            self.source
        )
    }

    /// The position to solve, under the puzzle's rules.
    pub fn start(&self) -> Result<AnyGame, RulesError> {
        AnyGame::new(self.kind.game(), &self.room_rules()?, Some(&self.position))
    }

    /// The room rules the puzzle is played under.
    pub fn room_rules(&self) -> Result<RuleValues, RulesError> {
        RuleValues::parse(self.kind.game().rule_specs(), &self.rules)
    }

    /// Judges the solver's move `mv` in `game`, the position after the
    /// first `ply` moves of the line (ply = 0, 2, …). A mate is right as
    /// the last move whichever mate it is; every other move must be the
    /// line's (proven the only one).
    pub fn judge(&self, game: &AnyGame, ply: usize, mv: &Move) -> Judgement {
        let last = ply + 1 >= self.line.len();
        let mates = matches!(self.kind, Kind::ShogiMate1 | Kind::ShogiMate3);
        let right = if last && mates {
            mates_by(game, mv)
        } else {
            self.line
                .get(ply)
                .and_then(|text| game.parse_text(text).ok())
                .is_some_and(|expected| expected == *mv)
        };
        match (right, self.line.get(ply + 1)) {
            (false, _) => Judgement::Wrong,
            (true, Some(reply)) if !last => Judgement::Reply(reply.clone()),
            (true, _) => Judgement::Solved,
        }
    }
}

/// Whether `mv` is legal in `game` and wins it at once for its mover.
fn mates_by(game: &AnyGame, mv: &Move) -> bool {
    let Some(mover) = game.to_move() else {
        return false;
    };
    let mut next = game.clone();
    if next.play(mv).is_err() {
        return false;
    }
    matches!(next.outcome(), Some(o) if matches!(&o.verdict, Verdict::Win(s) if s.contains(mover)))
}
