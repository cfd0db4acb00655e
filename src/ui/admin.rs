//! The admin screen (`ssh -t admin@host` with an admin key): the hall's
//! figures, the rooms with who is in them, and the journal as it is
//! written: the same data as the `stats`, `rooms` and `logs --follow`
//! commands. A room can be closed from here (`x`, then `y`).

use super::Theme;
use super::app::Action;
use super::input::Hint;
use super::input::{Dir, Event, Hit, Hits, Key};
use super::text::{put, row};
use crate::hall::Hall;
use crate::hall::admin::{HallStats, RoomReport};
use crate::hall::journal::{LogLine, LogQuery};
use crate::store::StoreError;
use crate::{msg, tr};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::collections::VecDeque;
use std::time::Duration;
use tokio::sync::mpsc;

/// Journal lines kept for the log pane.
const KEPT: usize = 1000;

/// How far back the log pane starts.
const BACKLOG_MS: u64 = 3600 * 1000;

/// How often the rooms and figures are read again without a new line.
const REFRESH: Duration = Duration::from_secs(1);

/// The admin screen's state.
pub struct AdminScreen {
    feed: mpsc::Receiver<Result<LogLine, StoreError>>,
    /// The journal's lines as written (`Err`: the journal could not be read).
    lines: VecDeque<Result<String, String>>,
    rooms: Vec<RoomReport>,
    stats: Option<HallStats>,
    /// The selected room (index into `rooms`).
    selected: usize,
    /// Log lines scrolled back from the newest.
    scroll: usize,
    /// The room to close once `y` confirms.
    confirm: Option<String>,
}

impl AdminScreen {
    /// The screen, following the journal from an hour ago.
    pub fn new(hall: &Hall) -> AdminScreen {
        let query = LogQuery {
            since: Some(hall.clock().now_ms().saturating_sub(BACKLOG_MS)),
            follow: true,
            ..LogQuery::default()
        };
        let mut screen = AdminScreen {
            feed: hall.journal(query),
            lines: VecDeque::new(),
            rooms: Vec::new(),
            stats: None,
            selected: 0,
            scroll: 0,
            confirm: None,
        };
        screen.refresh(hall);
        screen
    }

    /// Reads the rooms and figures again.
    pub fn refresh(&mut self, hall: &Hall) {
        self.rooms = hall.rooms_report();
        self.stats = Some(hall.stats());
        self.selected = self.selected.min(self.rooms.len().saturating_sub(1));
    }

    /// Resolves when a journal line came (all queued ones are taken) or
    /// after [`REFRESH`]; then the rooms are read again. Cancel-safe: a
    /// line is only taken by a completed `recv`.
    pub async fn changed(&mut self, hall: &Hall) {
        tokio::select! {
            line = self.feed.recv() => match line {
                Some(line) => {
                    self.push(line);
                    while let Ok(line) = self.feed.try_recv() {
                        self.push(line);
                    }
                }
                None => tokio::time::sleep(REFRESH).await,
            },
            _ = tokio::time::sleep(REFRESH) => {}
        }
        self.refresh(hall);
    }

    fn push(&mut self, line: Result<LogLine, StoreError>) {
        let text = line.map(|l| l.short()).map_err(|e| e.to_string());
        if self.lines.len() == KEPT {
            self.lines.pop_front();
        }
        self.lines.push_back(text);
        if self.scroll > 0 {
            // Keep the lines the admin scrolled to in view.
            self.scroll = (self.scroll + 1).min(KEPT);
        }
    }

    /// The key hints (also buttons).
    pub fn hints(&self) -> Vec<Hint> {
        if self.confirm.is_some() {
            return vec![
                ("y", msg!("hint-close-it"), Key::Char('y')),
                ("Esc", msg!("hint-keep-it"), Key::Esc),
            ];
        }
        vec![
            ("↑↓", msg!("hint-room"), Key::Down),
            ("x", msg!("hint-close-room"), Key::Char('x')),
            ("PgUp PgDn", msg!("hint-log"), Key::PageUp),
            ("q", msg!("hint-quit"), Key::Char('q')),
        ]
    }

    /// What a key does here.
    pub fn update(&mut self, event: &Event) -> Action {
        let key = match event {
            Event::Key(key) | Event::Hit(Hit::Button(key)) => *key,
            Event::Hit(Hit::Row(i)) => {
                self.selected = (*i).min(self.rooms.len().saturating_sub(1));
                return Action::None;
            }
            _ => return Action::None,
        };
        if let Some(room) = self.confirm.take() {
            return match key {
                Key::Char('y' | 'Y') => Action::AdminClose(room),
                _ => Action::Notice(msg!("notice-room-stays-open")),
            };
        }
        match (key, key.dir()) {
            (_, Some(Dir::Up)) => self.selected = self.selected.saturating_sub(1),
            (_, Some(Dir::Down)) => {
                self.selected = (self.selected + 1).min(self.rooms.len().saturating_sub(1))
            }
            (Key::PageUp, _) => self.scroll = (self.scroll + 10).min(self.lines.len()),
            (Key::PageDown, _) => self.scroll = self.scroll.saturating_sub(10),
            (Key::Char('x'), _) => {
                let Some(room) = self.rooms.get(self.selected) else {
                    return Action::Notice(msg!("notice-no-room-to-close"));
                };
                self.confirm = Some(room.id.clone());
                return Action::Notice(msg!(
                    "notice-confirm-close",
                    room = &room.id,
                    code = &room.code
                ));
            }
            (Key::Char('q') | Key::Esc, _) => return Action::Quit,
            _ => {}
        }
        Action::None
    }

    /// The figures on the first row, the rooms in the top half, the log
    /// below.
    pub fn render(&self, buf: &mut Buffer, area: Rect, theme: Theme, hits: &mut Hits) {
        if let Some(stats) = &self.stats {
            let uptime = humantime::format_duration(Duration::from_secs(stats.uptime_s));
            let figures = tr!(
                theme,
                "admin-figures",
                connections = stats.connections,
                rooms = stats.rooms,
                playing = stats.playing,
                busy = stats.cpu_busy,
                threads = stats.cpu_threads,
                queued = stats.cpu_queued,
                uptime = uptime.to_string()
            );
            put(buf, area, area.x + 1, area.y, &figures, theme.title());
        }
        let room_rows = (area.height.saturating_sub(4) / 2).max(1);
        let first = self.selected.saturating_sub(usize::from(room_rows) - 1);
        for (i, room) in self
            .rooms
            .iter()
            .enumerate()
            .skip(first)
            .take(room_rows.into())
        {
            let r = row(area, 1 + (i - first) as u16);
            let style = if i == self.selected {
                theme.cursor()
            } else {
                ratatui::style::Style::new()
            };
            put(buf, r, r.x + 1, r.y, &room.line(theme.lang), style);
            hits.add(r, Hit::Row(i));
        }
        if self.rooms.is_empty() {
            let none = tr!(theme, "admin-no-rooms");
            put(buf, area, area.x + 1, area.y + 1, &none, theme.dim());
        }
        let top = 2 + room_rows;
        let rule = row(area, top - 1);
        let journal = tr!(theme, "admin-journal", count = self.lines.len());
        let label = format!("── {journal} ");
        put(buf, rule, rule.x, rule.y, &label, theme.dim());
        let height = usize::from(area.height.saturating_sub(top));
        let end = self.lines.len().saturating_sub(self.scroll);
        let start = end.saturating_sub(height);
        for (k, line) in self.lines.range(start..end).enumerate() {
            let r = row(area, top + k as u16);
            let text = match line {
                Ok(text) => text.clone(),
                Err(error) => tr!(theme, "admin-journal-error", error = error),
            };
            put(buf, r, r.x + 1, r.y, &text, ratatui::style::Style::new());
        }
    }
}
