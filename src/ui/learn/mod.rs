//! The learning screen (`l` in the lobby): a menu of the lessons (one per
//! game) and the puzzles, and the drill that plays one of them on the real
//! board. A series starts at its first step the player has not done;
//! `n`/`p` move through it, `r` starts the step again, Esc goes back to
//! the menu and from there to the lobby. Each step done is added to the
//! player's progress, which the app saves for a keyed player.

mod drill;
mod menu;
mod render;
mod task;

use super::app::Action;
use super::input::{Event, Hint, Hit, Key};
use crate::hall::learn::Progress;
use crate::hall::{Mode, RoomSettings};
use crate::msg;
use drill::{Drill, State};
use menu::Menu;
use task::Task;

/// The learning screen's state.
pub struct LearnScreen {
    menu: Menu,
    drill: Option<Drill>,
    /// What the player has done (saved by the app when `dirty`).
    pub progress: Progress,
    dirty: bool,
    /// The player's name, shown in their seat.
    me: String,
}

impl LearnScreen {
    /// The menu, for a player with this progress.
    pub fn new(progress: Progress, me: &str) -> LearnScreen {
        LearnScreen {
            menu: Menu::default(),
            drill: None,
            progress,
            dirty: false,
            me: me.to_string(),
        }
    }

    /// Whether the progress changed since the last call (then save it).
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// Whether a task is done in the player's progress.
    fn is_done(&self, task: &Task) -> bool {
        let Some(id) = task.id() else {
            return false;
        };
        match task {
            Task::Lesson { .. } => self.progress.steps.contains(&id),
            Task::Puzzle { .. } => self.progress.puzzles.contains(&id),
        }
    }

    /// Opens the drill of `task`, or says it can't be shown.
    fn open(&mut self, task: Task) -> Action {
        match Drill::new(task, &self.me) {
            Some(drill) => {
                self.drill = Some(drill);
                Action::None
            }
            None => Action::Notice(msg!("learn-unavailable")),
        }
    }

    /// Updates for one event.
    pub fn update(&mut self, event: &Event) -> Action {
        if self.drill.is_none() {
            return match self.menu.update(event) {
                menu::Choice::Open(first) => {
                    let start = (0..first.count())
                        .map(|i| first.at(i))
                        .find(|t| !self.is_done(t))
                        .unwrap_or(first);
                    self.open(start)
                }
                menu::Choice::Back => Action::Back,
                menu::Choice::None => Action::None,
            };
        }
        let action = self.drill_event(event);
        self.note_done();
        action
    }

    /// An event while a drill is open: its own keys, else the board's.
    fn drill_event(&mut self, event: &Event) -> Action {
        let Some(drill) = self.drill.as_mut() else {
            return Action::None;
        };
        let key = match event {
            Event::Key(k) | Event::Hit(Hit::Button(k)) => Some(*k),
            _ => None,
        };
        let task = drill.task.clone();
        let done = drill.state == State::Done;
        match key {
            Some(Key::Esc) if drill.board_wants_esc() => drill.update(event),
            Some(Key::Esc | Key::Char('q')) if !drill.is_board_key(Key::Esc) => {
                self.drill = None;
                Action::None
            }
            Some(Key::Enter | Key::Char(' ')) if done => self.next(&task),
            Some(Key::Char('n')) if !drill.is_board_key(Key::Char('n')) => self.next(&task),
            Some(Key::Char('p')) if !drill.is_board_key(Key::Char('p')) => {
                let back = task.index().saturating_sub(1);
                self.open(task.at(back))
            }
            Some(Key::Char('r')) if !drill.is_board_key(Key::Char('r')) => {
                drill.retry(&self.me);
                Action::None
            }
            _ => drill.update(event),
        }
    }

    /// The task after `task`; after a lesson's last step, a game against
    /// the CPU at the gentlest level; after the last puzzle, the menu.
    fn next(&mut self, task: &Task) -> Action {
        let next = task.index() + 1;
        if next < task.count() {
            return self.open(task.at(next));
        }
        self.drill = None;
        match task {
            Task::Lesson { kind, .. } => {
                let mut settings = RoomSettings::new(*kind);
                settings.mode = Mode::VsComputer;
                settings.cpu_level = 1;
                Action::Create(settings)
            }
            Task::Puzzle { .. } => Action::Notice(msg!("learn-series-end")),
        }
    }

    /// Adds the open drill's task to the progress once it is done.
    fn note_done(&mut self) {
        let Some(drill) = &self.drill else {
            return;
        };
        if drill.state != State::Done || self.is_done(&drill.task) {
            return;
        }
        let Some(id) = drill.task.id() else {
            return;
        };
        match drill.task {
            Task::Lesson { .. } => self.progress.steps.insert(id),
            Task::Puzzle { .. } => self.progress.puzzles.insert(id),
        };
        self.dirty = true;
    }

    /// The move being typed on the drill's board, and its game.
    pub fn typing(&self) -> Option<(String, crate::rules::GameKind)> {
        let drill = self.drill.as_ref()?;
        Some((drill.ui.typing.clone()?, drill.task.game()))
    }

    /// The hints line.
    pub fn hints(&self) -> Vec<Hint> {
        match &self.drill {
            None => vec![
                ("↑↓", msg!("hint-row"), Key::Down),
                ("Enter", msg!("hint-learn-open"), Key::Enter),
                ("Esc", msg!("hint-back"), Key::Esc),
            ],
            Some(drill) => {
                let mut hints = vec![("Enter", msg!("hint-pick-play"), Key::Enter)];
                if drill.state == State::Done {
                    hints = vec![("Enter", msg!("hint-learn-next"), Key::Enter)];
                } else {
                    hints.push(("n", msg!("hint-learn-skip"), Key::Char('n')));
                }
                hints.push(("p", msg!("hint-learn-previous"), Key::Char('p')));
                hints.push(("r", msg!("hint-learn-retry"), Key::Char('r')));
                hints.push(("Esc", msg!("hint-learn-menu"), Key::Esc));
                hints
            }
        }
    }
}
