//! The lobby: the list of open public rooms, the invite-code field and the
//! ways into a game (create, quick play, vs computer, same device, watch).

use super::Theme;
use super::app::Action;
use super::input::Hint;
use super::input::{Dir, Event, Hit, Hits, Key};
use super::text::{put, row};
use crate::hall::{Mode, RoomSummary};
use crate::rules::GameKind;
use crate::{msg, tr};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The lobby's own state: the selected room and the code being typed.
#[derive(Clone, Debug, Default)]
pub struct LobbyScreen {
    /// Index of the selected room in the list.
    pub selected: usize,
    /// The invite code typed so far.
    pub code: String,
    /// Whether keys go to the invite-code field.
    pub editing: bool,
    /// Quick play's game choice, while it is open (an index into
    /// [`GameKind::HALL`]).
    pub quick: Option<usize>,
}

/// The longest invite code (10 letters; 6 for rooms made before) or room id
/// worth typing.
const CODE_MAX: usize = 12;

impl LobbyScreen {
    /// The key hints (also buttons) shown at the bottom.
    pub fn hints(&self) -> Vec<Hint> {
        if self.editing {
            return vec![
                ("Enter", msg!("hint-join"), Key::Enter),
                ("Esc", msg!("hint-cancel"), Key::Esc),
            ];
        }
        if self.quick.is_some() {
            return vec![
                ("←→", msg!("hint-game"), Key::Right),
                ("Enter", msg!("hint-play"), Key::Enter),
                ("Esc", msg!("hint-cancel"), Key::Esc),
            ];
        }
        vec![
            ("Enter", msg!("hint-join"), Key::Enter),
            ("w", msg!("hint-watch"), Key::Char('w')),
            ("c", msg!("hint-create"), Key::Char('c')),
            ("p", msg!("hint-quick"), Key::Char('p')),
            ("v", msg!("hint-cpu"), Key::Char('v')),
            // `s` (same device) is in the help: the line is full. `i` is
            // on the invite-code field itself ("Invite code (i)"). The
            // language, the help and the lessons come before what a line
            // too narrow for every hint may leave out.
            ("L", msg!("hint-settings"), Key::Char('L')),
            ("?", msg!("hint-help"), Key::Char('?')),
            ("l", msg!("hint-learn"), Key::Char('l')),
            ("q", msg!("hint-quit"), Key::Char('q')),
            ("r", msg!("hint-ranks"), Key::Char('r')),
            // On wider terminals; the help lists it too.
            ("b", msg!("hint-bots"), Key::Char('b')),
        ]
    }

    /// Updates the state for one event; returns what the app should do.
    pub fn update(&mut self, event: &Event, rooms: &[RoomSummary]) -> Action {
        self.selected = self.selected.min(rooms.len().saturating_sub(1));
        match event {
            Event::Paste(text) => {
                self.editing = true;
                self.type_text(text);
                Action::None
            }
            Event::Hit(Hit::Field) => {
                self.editing = true;
                Action::None
            }
            Event::Hit(Hit::Row(i)) => {
                if *i == self.selected {
                    return self.join_selected(rooms);
                }
                self.selected = (*i).min(rooms.len().saturating_sub(1));
                Action::None
            }
            Event::Hit(Hit::Button(key)) | Event::Key(key) if self.editing => self.edit(*key),
            Event::Hit(Hit::Button(key)) | Event::Key(key) if self.quick.is_some() => {
                self.choose_quick(*key)
            }
            Event::Hit(Hit::Button(key)) | Event::Key(key) => self.command(*key, rooms),
            Event::Hit(_) => Action::None,
        }
    }

    fn type_text(&mut self, text: &str) {
        for c in text.chars().filter(char::is_ascii_alphanumeric) {
            if self.code.len() < CODE_MAX {
                self.code.push(c.to_ascii_uppercase());
            }
        }
    }

    fn edit(&mut self, key: Key) -> Action {
        match key {
            Key::Enter if !self.code.is_empty() => {
                self.editing = false;
                Action::Join(self.code.clone())
            }
            Key::Esc | Key::Tab => {
                self.editing = false;
                Action::None
            }
            Key::Backspace => {
                self.code.pop();
                Action::None
            }
            Key::Char(c) => {
                self.type_text(&c.to_string());
                Action::None
            }
            Key::Interrupt => Action::Quit,
            _ => Action::None,
        }
    }

    /// Quick play's game choice: left/right change it, Enter plays.
    fn choose_quick(&mut self, key: Key) -> Action {
        let n = GameKind::HALL.len();
        let i = self.quick.unwrap_or(0) % n.max(1);
        match (key, key.dir()) {
            (_, Some(Dir::Left | Dir::Up)) | (Key::BackTab, _) => {
                self.quick = Some((i + n - 1) % n)
            }
            (_, Some(Dir::Right | Dir::Down)) | (Key::Tab, _) => self.quick = Some((i + 1) % n),
            (Key::Enter | Key::Char(' ' | 'p'), _) => {
                self.quick = None;
                return Action::QuickPlay(GameKind::HALL[i]);
            }
            (Key::Esc, _) => self.quick = None,
            (Key::Interrupt, _) => return Action::Quit,
            _ => {}
        }
        Action::None
    }

    fn join_selected(&self, rooms: &[RoomSummary]) -> Action {
        match rooms.get(self.selected) {
            Some(room) => Action::Join(room.id.clone()),
            None => Action::Notice(msg!("notice-no-room-selected")),
        }
    }

    fn command(&mut self, key: Key, rooms: &[RoomSummary]) -> Action {
        match key.dir() {
            Some(Dir::Up) => {
                self.selected = self.selected.saturating_sub(1);
                return Action::None;
            }
            Some(Dir::Down) => {
                self.selected = (self.selected + 1).min(rooms.len().saturating_sub(1));
                return Action::None;
            }
            _ => {}
        }
        match key {
            Key::Enter | Key::Char(' ') => self.join_selected(rooms),
            Key::Char('w') => match rooms.get(self.selected) {
                Some(room) => Action::Watch(room.id.clone()),
                None => Action::Notice(msg!("notice-no-room-to-watch")),
            },
            Key::Char('c') => Action::Setup(Mode::Online),
            Key::Char('v') => Action::Setup(Mode::VsComputer),
            Key::Char('s') => Action::Setup(Mode::SameDevice),
            Key::Char('p') => {
                self.quick = Some(0);
                Action::None
            }
            Key::Char('i') | Key::Tab => {
                self.editing = true;
                Action::None
            }
            Key::Char('r') => Action::Ratings,
            Key::Char('b') => Action::Bots,
            Key::Char('l') => Action::Learn,
            Key::Char('L') => Action::Settings,
            Key::Char('?') => Action::Help,
            Key::Char('q') | Key::Interrupt => Action::Quit,
            _ => Action::None,
        }
    }

    /// Draws the room list and the invite-code field into `area`.
    pub fn render(
        &self,
        buf: &mut Buffer,
        area: Rect,
        rooms: &[RoomSummary],
        theme: Theme,
        hits: &mut Hits,
    ) {
        let field_y = area.height.saturating_sub(2);
        let title = tr!(theme, "lobby-title");
        put(buf, area, area.x + 2, area.y, &title, theme.title());
        let header = [
            tr!(theme, "lobby-col-game"),
            tr!(theme, "lobby-col-seats"),
            tr!(theme, "lobby-col-host"),
            tr!(theme, "lobby-col-phase"),
            tr!(theme, "lobby-col-rules"),
        ];
        columns(buf, area, area.y + 1, &header, theme.dim());
        let list_h = field_y.saturating_sub(3);
        if rooms.is_empty() {
            let text = tr!(theme, "lobby-empty");
            put(buf, area, area.x + 2, area.y + 2, &text, Style::new());
        }
        let first = self.selected.saturating_sub(usize::from(list_h.max(1)) - 1);
        for (i, room) in rooms
            .iter()
            .enumerate()
            .skip(first)
            .take(usize::from(list_h))
        {
            let r = row(area, 2 + (i - first) as u16);
            let cells = [
                theme.text(&room.kind.name_msg()),
                format!("{}/{}", room.taken, room.total),
                room.host.clone(),
                theme.text(&room.phase.label()),
                theme.text(&room.rules),
            ];
            let style = if i == self.selected {
                theme.cursor()
            } else {
                Style::new()
            };
            let marker = if i == self.selected { ">" } else { " " };
            buf.set_style(r, style);
            put(buf, area, r.x, r.y, marker, style);
            columns(buf, area, r.y, &cells, style);
            hits.add(r, Hit::Row(i));
        }
        if let Some(i) = self.quick {
            self.render_quick(buf, area, field_y.saturating_sub(1), i, theme);
        }
        let field = row(area, field_y);
        let cursor = if self.editing { "_" } else { "" };
        let label = format!("{} ", tr!(theme, "lobby-invite-code"));
        // Shown in groups of four as the room shows it (`K7QX-M2P9-TD`);
        // dashes and spaces typed or pasted are left out.
        let value = format!("[{}{cursor}]", crate::hall::codes::grouped(&self.code));
        let x = put(buf, area, field.x + 2, field.y, &label, Style::new());
        let style = if self.editing {
            theme.cursor()
        } else {
            Style::new()
        };
        let end = put(buf, area, x, field.y, &value, style);
        hits.add(Rect::new(field.x, field.y, end - field.x, 1), Hit::Field);
    }
}

impl LobbyScreen {
    /// The quick-play line: every game, the chosen one marked.
    fn render_quick(&self, buf: &mut Buffer, area: Rect, y: u16, chosen: usize, theme: Theme) {
        let r = row(area, y);
        let label = format!("{} ", tr!(theme, "lobby-quick-play"));
        let mut x = put(buf, area, r.x + 2, r.y, &label, theme.title());
        for (i, kind) in GameKind::HALL.iter().enumerate() {
            let (text, style) = if i == chosen {
                (
                    format!("[{}]", theme.text(&kind.title_msg())),
                    theme.cursor(),
                )
            } else {
                (format!(" {} ", theme.text(&kind.title_msg())), Style::new())
            };
            x = put(buf, area, x, r.y, &text, style) + 1;
        }
    }
}

/// Where the room list's columns start (from two cells in), each column
/// ending one cell before the next: texts are cut by display width, so a
/// Japanese name or header never pushes the next column.
const COLUMNS: [u16; 5] = [0, 11, 17, 32, 42];

/// Draws one line of the room list: `cells` in [`COLUMNS`].
fn columns(buf: &mut Buffer, area: Rect, y: u16, cells: &[String], style: Style) {
    for (i, cell) in cells.iter().enumerate().take(COLUMNS.len()) {
        let x = (area.x + 2 + COLUMNS[i]).min(area.right());
        let end = COLUMNS
            .get(i + 1)
            .map_or(area.right(), |next| (area.x + 1 + next).min(area.right()));
        let column = Rect::new(x, y, end.saturating_sub(x), 1);
        put(buf, column, x, y, cell, style);
    }
}
