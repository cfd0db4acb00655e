//! The learning menu: the lesson of each game, then each kind of puzzle,
//! with how far the player got in each.

use super::task::Task;
use crate::learn::puzzles::Kind;
use crate::rules::GameKind;
use crate::ui::input::{Event, Hit, Key};

/// The menu's rows, in order.
pub fn rows() -> Vec<Task> {
    let lessons = GameKind::HALL.iter().filter_map(|kind| {
        crate::learn::lesson(*kind).map(|_| Task::Lesson {
            kind: *kind,
            step: 0,
        })
    });
    let puzzles = Kind::ALL.iter().filter_map(|kind| {
        let any = !crate::learn::puzzles::puzzles(*kind).is_empty();
        any.then_some(Task::Puzzle {
            kind: *kind,
            index: 0,
        })
    });
    lessons.chain(puzzles).collect()
}

/// What the menu asks for after an event.
pub enum Choice {
    /// Nothing.
    None,
    /// Open this series (its first task named).
    Open(Task),
    /// Back to the lobby.
    Back,
}

/// The selected row.
#[derive(Default)]
pub struct Menu {
    /// The selected row.
    pub selected: usize,
}

impl Menu {
    /// ↑↓ select, Enter (or a click) opens, Esc/q back.
    pub fn update(&mut self, event: &Event) -> Choice {
        let rows = rows();
        let last = rows.len().saturating_sub(1);
        let key = match event {
            Event::Key(k) | Event::Hit(Hit::Button(k)) => *k,
            Event::Hit(Hit::Row(i)) if *i < rows.len() => {
                self.selected = *i;
                Key::Enter
            }
            _ => return Choice::None,
        };
        match key {
            Key::Up | Key::Char('k') => self.selected = self.selected.saturating_sub(1),
            Key::Down | Key::Char('j') => self.selected = (self.selected + 1).min(last),
            Key::Enter | Key::Char(' ') => {
                if let Some(task) = rows.get(self.selected) {
                    return Choice::Open(task.clone());
                }
            }
            Key::Esc | Key::Char('q') => return Choice::Back,
            _ => {}
        }
        Choice::None
    }
}
