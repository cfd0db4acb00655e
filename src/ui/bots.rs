//! The bots panel (`b`): the bots connected now, and the one to
//! challenge. From the lobby, Enter opens the room form and the bot is
//! asked to play in the room made; in a waiting room, the host asks it to
//! take the first open seat.

use super::Theme;
use super::input::{Dir, Hit, Hits, Key};
use super::text::{fit, put};
use crate::hall::bots::BotInfo;
use crate::{msg, tr};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The panel's state: the bot the cursor is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BotsPanel {
    selected: usize,
}

/// What a key did on the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Nothing more.
    None,
    /// Challenge this bot.
    Challenge(String),
    /// Close the panel.
    Close,
}

impl BotsPanel {
    /// A key (or a click on a row, as Enter on it).
    pub fn key(&mut self, key: Key, bots: &[BotInfo]) -> Choice {
        let last = bots.len().saturating_sub(1);
        self.selected = self.selected.min(last);
        match (key, key.dir()) {
            (_, Some(Dir::Up)) => self.selected = self.selected.saturating_sub(1),
            (_, Some(Dir::Down)) => self.selected = (self.selected + 1).min(last),
            (Key::Enter, _) => {
                return match bots.get(self.selected) {
                    Some(bot) => Choice::Challenge(bot.name.clone()),
                    None => Choice::Close,
                };
            }
            (Key::Esc | Key::Char('b' | 'q'), _) => return Choice::Close,
            _ => {}
        }
        Choice::None
    }

    /// A click on row `row`: that bot is chosen.
    pub fn click(&mut self, row: usize, bots: &[BotInfo]) -> Choice {
        self.selected = row;
        self.key(Key::Enter, bots)
    }

    /// Draws the list into `area`; rows are clickable. `in_room`: the
    /// panel was opened from a waiting room (what Enter does differs).
    pub fn render(
        &self,
        buf: &mut Buffer,
        area: Rect,
        bots: &[BotInfo],
        in_room: bool,
        theme: Theme,
        hits: &mut Hits,
    ) {
        let x = area.x + 2;
        put(
            buf,
            area,
            x,
            area.y,
            &tr!(theme, "title-bots"),
            theme.title(),
        );
        let about = match in_room {
            true => tr!(theme, "bots-about-room"),
            false => tr!(theme, "bots-about-lobby"),
        };
        put(buf, area, x, area.y + 1, &about, theme.dim());
        if bots.is_empty() {
            put(
                buf,
                area,
                x,
                area.y + 3,
                &tr!(theme, "bots-none"),
                theme.dim(),
            );
            return;
        }
        let cells = area.width.saturating_sub(4);
        let rows = area.height.saturating_sub(3) as usize;
        let first = self.selected.saturating_sub(rows.saturating_sub(1));
        for (i, bot) in bots.iter().enumerate().skip(first).take(rows) {
            let y = area.y + 3 + (i - first) as u16;
            let name = crate::hall::bots::shown(&bot.name);
            let games = bot.games as u64;
            let line = theme.text(&msg!("bots-row", name = name, games = games));
            let style = match i == self.selected {
                true => theme.cursor(),
                false => ratatui::style::Style::new(),
            };
            put(buf, area, x, y, &fit(&line, cells), style);
            hits.add(Rect::new(x, y, cells, 1), Hit::Row(i));
        }
    }
}
