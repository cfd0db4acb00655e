//! Drawing the learning screen: the menu with each series' progress, and
//! a drill: its series and place, the task's text and the feedback above
//! the game's own board and side panel.

use super::LearnScreen;
use super::drill::Drill;
use super::menu::rows;
use super::task::Task;
use crate::msg;
use crate::ui::Theme;
use crate::ui::game_view;
use crate::ui::input::{Hit, Hits};
use crate::ui::text::{pad, put, wrap};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The rows the board needs below the task's text, at least: a
/// one-line-per-rank board and its edge labels.
fn board_rows(drill: &Drill) -> u16 {
    u16::from(drill.game.geometry().height) + 1
}

impl LearnScreen {
    /// Draws the screen into `area`.
    pub fn render(&self, buf: &mut Buffer, area: Rect, theme: Theme, hits: &mut Hits) {
        match &self.drill {
            Some(drill) => self.render_drill(drill, buf, area, theme, hits),
            None => self.render_menu(buf, area, theme, hits),
        }
    }

    /// How many of a series' tasks the player has done.
    fn done_in(&self, first: &Task) -> usize {
        (0..first.count())
            .filter(|i| self.is_done(&first.at(*i)))
            .count()
    }

    fn render_menu(&self, buf: &mut Buffer, area: Rect, theme: Theme, hits: &mut Hits) {
        let x = area.x + 2;
        let mut y = area.y + 1;
        put(
            buf,
            area,
            x,
            y,
            &theme.text(&msg!("learn-intro")),
            theme.dim(),
        );
        y += 2;
        let mut heading = None;
        for (i, task) in rows().iter().enumerate() {
            let is_lesson = matches!(task, Task::Lesson { .. });
            if heading != Some(is_lesson) {
                heading = Some(is_lesson);
                let title = match is_lesson {
                    true => msg!("learn-lessons"),
                    false => msg!("learn-puzzles"),
                };
                if y > area.y + 3 {
                    y += 1;
                }
                put(buf, area, x, y, &theme.text(&title), theme.title());
                y += 1;
            }
            if y >= area.bottom() {
                break;
            }
            let (done, count) = (self.done_in(task), task.count());
            let progress = match is_lesson {
                true => msg!("learn-steps-done", done = done, count = count),
                false => msg!("learn-puzzles-solved", done = done, count = count),
            };
            let selected = i == self.menu.selected;
            let style = if selected {
                theme.cursor()
            } else {
                Style::new()
            };
            let mark = if selected { "> " } else { "  " };
            let name = format!("{mark}{}", theme.text(&task.series()));
            let end = put(buf, area, x, y, &pad(&name, 40), style);
            let end = put(buf, area, end + 1, y, &theme.text(&progress), theme.dim());
            hits.add(Rect::new(x, y, end - x, 1), Hit::Row(i));
            y += 1;
        }
    }

    fn render_drill(
        &self,
        drill: &Drill,
        buf: &mut Buffer,
        area: Rect,
        theme: Theme,
        hits: &mut Hits,
    ) {
        let task = &drill.task;
        let place = msg!(
            "learn-place",
            series = task.series(),
            n = task.index() + 1,
            count = task.count()
        );
        let mut head = theme.text(&place);
        if self.is_done(task) {
            head = format!("{head} ✓");
        }
        put(buf, area, area.x + 1, area.y, &head, theme.title());
        // The text as wide as the screen, as many rows as the board leaves
        // (the feedback's row first), then a gap if a row is left over.
        let cols = area.width.saturating_sub(2);
        let mut text = wrap(&theme.text(&task.text()), cols);
        let feedback = drill.feedback().map(|m| theme.text(&m));
        let room = area.height.saturating_sub(board_rows(drill) + 1);
        let feedback_rows = u16::from(feedback.is_some());
        text.truncate(usize::from(room.saturating_sub(feedback_rows).max(1)));
        let used = text.len() as u16 + feedback_rows;
        let gap = u16::from(room > used);
        let mut y = area.y + 1;
        for line in &text {
            put(buf, area, area.x + 1, y, line, Style::new());
            y += 1;
        }
        if let Some(feedback) = feedback {
            let style = match drill.state {
                super::State::Done => theme.title().add_modifier(Modifier::BOLD),
                super::State::Asking { .. } => theme.alert(),
            };
            let line = wrap(&feedback, cols).into_iter().next().unwrap_or_default();
            put(buf, area, area.x + 1, y, &line, style);
            y += 1;
        }
        let board = Rect::new(
            area.x,
            y + gap,
            area.width,
            area.bottom().saturating_sub(y + gap),
        );
        // The player's seat (the one to move at the start), so the board
        // stays turned their way once the task is done.
        let mine = drill.view.seats_of("");
        game_view::render(buf, board, &drill.view, &drill.ui, mine, theme, hits);
    }
}
