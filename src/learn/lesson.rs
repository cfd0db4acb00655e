//! Lessons: for each game a short course of steps, read from the TOML
//! files in `src/learn/lessons/` (compiled in). A step is a position, a
//! task the player does on the board (a [`Goal`]), the moves that fulfil
//! it, and its texts: the Fluent messages `lesson-<id>` (what the step
//! teaches and asks), `lesson-<id>-hint` (shown after a wrong try) and
//! `lesson-<id>-done` (shown once it is fulfilled).
//!
//! The engine decides whether a move fulfils the task; the file also lists
//! the answers, so that a test can hold the engine and the text to the
//! same set of moves.

use super::square;
use crate::i18n::Msg;
use crate::msg;
use crate::rules::vocab::{Move, PieceKind, Seat};
use crate::rules::{AnyGame, GameKind, RuleValues, RulesError};
use serde::Deserialize;
use std::sync::OnceLock;

/// What a step asks the player to do; every variant is checked by the
/// rules engine on the move the player makes.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// Move the piece on `square` (its legal squares are marked): any of
    /// its moves will do.
    Move,
    /// Move any piece to `square`.
    Reach,
    /// Take a piece (on the square the move lands on).
    Capture,
    /// Drop a piece from the hand.
    Drop,
    /// Promote a piece.
    Promote,
    /// Give check to an opponent (a mate counts too).
    Check,
    /// Mate an opponent (in the four-player games: one of them).
    Mate,
    /// Castle: the king moves two squares or more.
    Castle,
    /// Take en passant: a pawn moves aslant to an empty square.
    EnPassant,
    /// Any legal move (a step about whose turn it is, or answering a
    /// check, where every legal move answers it).
    Any,
}

/// One step of a lesson, as its file writes it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Names the step's messages (`lesson-<id>`…); unique over all lessons.
    pub id: String,
    /// The position in the game's notation (SFEN, SFEN4 or FEN4).
    pub position: String,
    /// Moves played from `position` before the step starts (to set up,
    /// say, an en-passant chance).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Room rules for this step (`NAME=VALUE`), over the lesson's.
    #[serde(default)]
    pub rules: Vec<String>,
    /// The task.
    pub goal: Goal,
    /// The square `move` and `reach` name, in the game's notation.
    #[serde(default)]
    pub square: Option<String>,
    /// Every move that fulfils the task, in the game's notation.
    pub answers: Vec<String>,
}

/// A game's course.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The game it teaches.
    #[serde(with = "kind_name")]
    pub game: GameKind,
    /// Room rules for every step (`NAME=VALUE`).
    #[serde(default)]
    pub rules: Vec<String>,
    /// The steps, in order.
    #[serde(rename = "step")]
    pub steps: Vec<Step>,
}

mod kind_name {
    use crate::rules::GameKind;
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// The lesson files, one per game, in the lobby's order.
const SOURCES: [&str; 3] = [
    include_str!("lessons/shogi.toml"),
    include_str!("lessons/shogi4.toml"),
    include_str!("lessons/chess4.toml"),
];

/// Every lesson, read once. A file that does not read is a build that the
/// tests fail, so at run time it only costs that game its lesson.
pub fn lessons() -> &'static [Lesson] {
    static LESSONS: OnceLock<Vec<Lesson>> = OnceLock::new();
    LESSONS.get_or_init(|| {
        SOURCES
            .iter()
            .filter_map(|source| match Lesson::read(source) {
                Ok(lesson) => Some(lesson),
                Err(e) => {
                    tracing::error!("a lesson file does not read: {e}");
                    None
                }
            })
            .collect()
    })
}

/// The lesson for `kind`, if it has one.
pub fn lesson(kind: GameKind) -> Option<&'static Lesson> {
    lessons().iter().find(|l| l.game == kind)
}

impl Lesson {
    /// Reads a lesson file.
    pub fn read(source: &str) -> Result<Lesson, toml::de::Error> {
        toml::from_str(source)
    }

    /// The room rules of `step`: the lesson's, then the step's own.
    pub fn rules(&self, step: &Step) -> Result<RuleValues, RulesError> {
        let all: Vec<&String> = self.rules.iter().chain(&step.rules).collect();
        RuleValues::parse(self.game.rule_specs(), &all)
    }

    /// The game at the start of `step`: its position, under the lesson's
    /// and the step's rules, with its setup moves played.
    pub fn setup(&self, step: &Step) -> Result<AnyGame, RulesError> {
        let rules = self.rules(step)?;
        let mut game = AnyGame::new(self.game, &rules, Some(&step.position))?;
        for mv in &step.moves {
            game.play_text(mv)?;
        }
        Ok(game)
    }
}

impl Step {
    /// The text that teaches the step and sets its task.
    pub fn text(&self) -> Msg {
        Msg::new(format!("lesson-{}", self.id))
    }

    /// The hint after a wrong try.
    pub fn hint(&self) -> Msg {
        Msg::new(format!("lesson-{}-hint", self.id))
    }

    /// What the step says once its task is done.
    pub fn done(&self) -> Msg {
        Msg::new(format!("lesson-{}-done", self.id))
    }

    /// Whether `mv`, played by the seat to move in `before`, fulfils the
    /// task (the engine plays it; an illegal move fulfils nothing).
    pub fn fulfils(&self, before: &AnyGame, mv: &Move) -> bool {
        let mut after = before.clone();
        if after.play(mv).is_err() {
            return false;
        }
        let Some(mover) = before.to_move() else {
            return false;
        };
        let named = self
            .square
            .as_deref()
            .and_then(|name| square::parse(before.kind(), name));
        let (from, to) = match *mv {
            Move::Step { from, to, .. } => (Some(from), to),
            Move::Drop { to, .. } => (None, to),
        };
        let moved = from.and_then(|sq| before.piece_at(sq)).map(|p| p.kind);
        match self.goal {
            Goal::Move => from.is_some() && from == named,
            Goal::Reach => Some(to) == named,
            Goal::Capture => before.piece_at(to).is_some(),
            Goal::Drop => from.is_none(),
            Goal::Promote => matches!(mv, Move::Step { promotion, .. }
                if *promotion != crate::rules::vocab::Promotion::None),
            Goal::Check => gives_check(&after, mover) || mates(before, &after, mover),
            Goal::Mate => mates(before, &after, mover),
            Goal::Castle => {
                moved == Some(PieceKind::King)
                    && from.is_some_and(|f| f.x.abs_diff(to.x).max(f.y.abs_diff(to.y)) >= 2)
            }
            Goal::EnPassant => {
                moved == Some(PieceKind::Pawn)
                    && before.piece_at(to).is_none()
                    && from.is_some_and(|f| f.x != to.x && f.y != to.y)
            }
            Goal::Any => true,
        }
    }

    /// The legal moves that fulfil the task, in the game's notation, sorted.
    pub fn fulfilling(&self, before: &AnyGame) -> Vec<String> {
        let mut out: Vec<String> = before
            .legal_move_texts()
            .into_iter()
            .filter(|text| {
                before
                    .parse_text(text)
                    .is_ok_and(|mv| self.fulfils(before, &mv))
            })
            .collect();
        out.sort();
        out
    }
}

/// Whether an opponent of `mover` is in check after the move.
fn gives_check(after: &AnyGame, mover: Seat) -> bool {
    after.checked().iter().any(|s| s != mover)
}

/// Whether the move mated an opponent of `mover`: two-player shogi ends
/// won by the mover; in the four-player games a seat that was in play is
/// out (mated, and so eliminated).
fn mates(before: &AnyGame, after: &AnyGame, mover: Seat) -> bool {
    use crate::rules::vocab::{EndReason, Verdict};
    match after {
        AnyGame::Shogi(_) => after.outcome().is_some_and(|o| {
            o.reason == EndReason::Checkmate
                && matches!(&o.verdict, Verdict::Win(w) if w.contains(mover))
        }),
        _ => before.seats().active().count() > after.seats().active().count(),
    }
}

/// The title of a game's lesson in the menu.
pub fn title(kind: GameKind) -> Msg {
    msg!("lesson-title", game = kind.title_msg())
}
