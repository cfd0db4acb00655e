//! What a drill asks: a lesson's step or a puzzle, with its texts, its
//! start, and the judge of a move (the lesson's goal, the puzzle's proven
//! line).

use crate::hall::RoomSettings;
use crate::i18n::Msg;
use crate::learn::puzzles::{self, Judgement, Kind};
use crate::learn::{Lesson, Step, lesson, square};
use crate::msg;
use crate::rules::vocab::{Move, Square};
use crate::rules::{AnyGame, GameKind};

/// A lesson's step or a puzzle, by index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// Step `step` of `kind`'s lesson.
    Lesson { kind: GameKind, step: usize },
    /// Puzzle `index` of its kind.
    Puzzle { kind: Kind, index: usize },
}

/// Whether a move was the right one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right: played; the other side answers with `reply` if there is more.
    Right { reply: Option<String> },
    /// Not the task's answer: not played.
    Wrong,
}

impl Task {
    /// The lesson and step, for a lesson task.
    fn step(&self) -> Option<(&'static Lesson, &'static Step)> {
        match *self {
            Task::Lesson { kind, step } => {
                let lesson = lesson(kind)?;
                Some((lesson, lesson.steps.get(step)?))
            }
            Task::Puzzle { .. } => None,
        }
    }

    /// The puzzle, for a puzzle task.
    fn puzzle(&self) -> Option<&'static puzzles::Puzzle> {
        match *self {
            Task::Puzzle { kind, index } => puzzles::puzzles(kind).get(index),
            Task::Lesson { .. } => None,
        }
    }

    /// The id kept in a player's progress once done.
    pub fn id(&self) -> Option<String> {
        match self {
            Task::Lesson { .. } => self.step().map(|(_, s)| s.id.clone()),
            Task::Puzzle { .. } => self.puzzle().map(puzzles::Puzzle::id),
        }
    }

    /// How many tasks of this task's series there are.
    pub fn count(&self) -> usize {
        match *self {
            Task::Lesson { kind, .. } => lesson(kind).map_or(0, |l| l.steps.len()),
            Task::Puzzle { kind, .. } => puzzles::puzzles(kind).len(),
        }
    }

    /// This task's place in its series (from 0).
    pub fn index(&self) -> usize {
        match *self {
            Task::Lesson { step, .. } => step,
            Task::Puzzle { index, .. } => index,
        }
    }

    /// The task at `index` of the same series.
    pub fn at(&self, index: usize) -> Task {
        match *self {
            Task::Lesson { kind, .. } => Task::Lesson { kind, step: index },
            Task::Puzzle { kind, .. } => Task::Puzzle { kind, index },
        }
    }

    /// The game the task is played in.
    pub fn game(&self) -> GameKind {
        match *self {
            Task::Lesson { kind, .. } => kind,
            Task::Puzzle { kind, .. } => kind.game(),
        }
    }

    /// The position to solve and the room settings it is shown under.
    pub fn start(&self) -> Option<(AnyGame, RoomSettings)> {
        let kind = self.game();
        let (game, rules) = match (self.step(), self.puzzle()) {
            (Some((lesson, step)), _) => (lesson.setup(step).ok()?, lesson.rules(step).ok()?),
            (_, Some(puzzle)) => (puzzle.start().ok()?, puzzle.room_rules().ok()?),
            _ => return None,
        };
        let mut settings = RoomSettings::new(kind);
        settings.rules = rules;
        Some((game, settings))
    }

    /// Where the board cursor starts: on the piece a `move` step is about.
    pub fn cursor(&self) -> Option<Square> {
        let (lesson, step) = self.step()?;
        square::parse(lesson.game, step.square.as_deref()?)
    }

    /// Judges `mv` in `game`, `plies` moves into the task.
    pub fn judge(&self, game: &AnyGame, plies: usize, mv: &Move) -> Verdict {
        if let Some((_, step)) = self.step() {
            return match step.fulfils(game, mv) {
                true => Verdict::Right { reply: None },
                false => Verdict::Wrong,
            };
        }
        match self.puzzle().map(|p| p.judge(game, plies, mv)) {
            Some(Judgement::Solved) => Verdict::Right { reply: None },
            Some(Judgement::Reply(reply)) => Verdict::Right { reply: Some(reply) },
            Some(Judgement::Wrong) | None => Verdict::Wrong,
        }
    }

    /// What the task teaches and asks.
    pub fn text(&self) -> Msg {
        match self {
            Task::Lesson { .. } => self.step().map(|(_, s)| s.text()).unwrap_or_default(),
            Task::Puzzle { kind, .. } => puzzle_msg(*kind, "task"),
        }
    }

    /// The hint after a wrong try.
    pub fn hint(&self) -> Msg {
        match self {
            Task::Lesson { .. } => self.step().map(|(_, s)| s.hint()).unwrap_or_default(),
            Task::Puzzle { kind, .. } => puzzle_msg(*kind, "hint"),
        }
    }

    /// What the task says once done.
    pub fn done(&self) -> Msg {
        match self {
            Task::Lesson { .. } => self.step().map(|(_, s)| s.done()).unwrap_or_default(),
            Task::Puzzle { .. } => msg!("puzzle-solved"),
        }
    }

    /// The series' name: the lesson's title, or the kind of puzzle.
    pub fn series(&self) -> Msg {
        match *self {
            Task::Lesson { kind, .. } => crate::learn::lesson::title(kind),
            Task::Puzzle { kind, .. } => puzzle_msg(kind, "title"),
        }
    }
}

/// The message `puzzle-<kind>-<part>` (title, task, hint).
pub fn puzzle_msg(kind: Kind, part: &str) -> Msg {
    Msg::new(format!("puzzle-{}-{part}", kind.name()))
}
