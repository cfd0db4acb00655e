//! The first screen of a guest who gave no name (`ssh play@host` without
//! a key): what to be called, before the lobby or the room they asked for.
//! A guest who comes back with `resume CODE` never sees it: the seat has
//! its name already.

use super::Theme;
use super::app::Action;
use super::input::Hint;
use super::input::{Event, Key};
use super::text::{centered, pad, put, width, wrap};
use crate::hall::names::{self, MAX_NAME_CHARS};
use crate::hall::view::Entry;
use crate::{msg, tr};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The name being typed, and where the session goes once it is chosen.
#[derive(Clone, Debug)]
pub struct NameScreen {
    /// The name typed so far.
    pub typed: String,
    /// Where the session started (lobby, `join CODE`, `watch CODE`).
    pub then: Entry,
    /// The name the server gave, kept on Enter with nothing typed.
    given: String,
}

impl NameScreen {
    /// Asks a guest named `given` by the server, who goes on to `then`.
    pub fn new(given: &str, then: Entry) -> NameScreen {
        NameScreen {
            typed: String::new(),
            then,
            given: given.to_string(),
        }
    }

    /// The key hints (also buttons) shown at the bottom.
    pub fn hints(&self) -> Vec<Hint> {
        vec![
            ("Enter", msg!("hint-continue"), Key::Enter),
            ("Esc", msg!("hint-clear"), Key::Esc),
        ]
    }

    /// Updates the state for one event: [`Action::Named`] once the guest
    /// pressed Enter (`None`: keep the given name), a notice for a name
    /// only the server may give.
    pub fn update(&mut self, event: &Event) -> Action {
        let key = match event {
            Event::Paste(text) => {
                self.type_text(text);
                return Action::None;
            }
            Event::Key(key) | Event::Hit(super::input::Hit::Button(key)) => *key,
            Event::Hit(_) => return Action::None,
        };
        match key {
            Key::Enter if self.typed.trim().is_empty() => Action::Named(None),
            Key::Enter => match names::clean_name(&self.typed) {
                Some(name) => Action::Named(Some(name)),
                None => {
                    self.typed.clear();
                    Action::Notice(msg!("notice-name-reserved"))
                }
            },
            Key::Esc => {
                self.typed.clear();
                Action::None
            }
            Key::Backspace => {
                self.typed.pop();
                Action::None
            }
            Key::Char(c) => {
                self.type_text(&c.to_string());
                Action::None
            }
            _ => Action::None,
        }
    }

    fn type_text(&mut self, text: &str) {
        let room = MAX_NAME_CHARS.saturating_sub(self.typed.chars().count());
        let kept = text.chars().filter(|&c| !names::is_hidden(c)).take(room);
        self.typed.extend(kept);
    }

    /// Draws the question in the middle of `area`.
    pub fn render(&self, buf: &mut Buffer, area: Rect, theme: Theme) {
        // Why a guest is asked, in as many lines as the width needs (two
        // at most).
        let why = wrap(&tr!(theme, "name-guest"), area.width.saturating_sub(4));
        let why_h = why.len().clamp(1, 2) as u16;
        let mid = area.y + area.height / 2;
        let top = mid.saturating_sub(3 + why_h / 2).max(area.y);
        centered(buf, area, top, &tr!(theme, "name-welcome"), theme.title());
        for (k, line) in why.iter().take(2).enumerate() {
            centered(buf, area, top + 2 + k as u16, line, Style::new());
        }
        let y = top + 3 + why_h;
        let label = format!("{} ", tr!(theme, "name-label"));
        // The field holds the longest name, in cells (a kanji is two).
        let typed = format!("{}_", self.typed);
        let field = format!("[{}]", pad(&typed, MAX_NAME_CHARS as u16 + 1));
        let w = width(&label) + width(&field);
        let x = area.x + area.width.saturating_sub(w) / 2;
        let x = put(buf, area, x, y, &label, Style::new());
        put(buf, area, x, y, &field, theme.cursor());
        let keep = tr!(theme, "name-keep", name = &self.given);
        centered(buf, area, y + 2, &keep, theme.dim());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(screen: &mut NameScreen, text: &str) -> Action {
        for c in text.chars() {
            screen.update(&Event::Key(Key::Char(c)));
        }
        screen.update(&Event::Key(Key::Enter))
    }

    #[test]
    fn a_typed_name_is_cleaned_and_kept() {
        let mut screen = NameScreen::new("guest-3", Entry::Lobby);
        let action = typed(&mut screen, "  Hanako\u{202E} ");
        assert_eq!(action, Action::Named(Some("Hanako".into())));
    }

    #[test]
    fn enter_alone_keeps_the_given_name() {
        let mut screen = NameScreen::new("guest-3", Entry::Lobby);
        assert_eq!(typed(&mut screen, "   "), Action::Named(None));
    }

    #[test]
    fn the_servers_names_are_refused_and_the_field_cleared() {
        let mut screen = NameScreen::new("guest-3", Entry::Lobby);
        assert!(matches!(
            typed(&mut screen, "CPU (level 5)"),
            Action::Notice(_)
        ));
        assert!(screen.typed.is_empty());
    }

    #[test]
    fn the_question_fits_in_every_language() {
        use crate::i18n::Lang;
        use crate::ui::text::{screen_lines, width};
        let mut screen = NameScreen::new("guest-3", Entry::Lobby);
        screen.update(&Event::Paste("将棋指しの花子さん".repeat(2)));
        for lang in Lang::ALL {
            let theme = Theme {
                lang,
                ..Theme::default()
            };
            for (w, h) in [(80, 21), (60, 17)] {
                let area = Rect::new(0, 0, w, h);
                let mut buf = Buffer::empty(area);
                screen.render(&mut buf, area, theme);
                let lines = screen_lines(&buf);
                let text: String = lines.concat().split_whitespace().collect();
                let why: String = tr!(theme, "name-guest").split_whitespace().collect();
                assert!(text.contains(&why), "{lang:?} {w}: {lines:#?}");
                let keep = tr!(theme, "name-keep", name = "guest-3");
                assert!(
                    lines.iter().any(|l| l.contains(&keep)),
                    "{lang:?}: {lines:#?}"
                );
                assert!(
                    lines.iter().any(|l| l.contains(&screen.typed)),
                    "{lines:#?}"
                );
                for line in &lines {
                    assert!(width(line) <= w - 2, "{lang:?} {w}: {line}");
                }
            }
        }
    }

    #[test]
    fn names_stop_at_the_longest_kept() {
        let mut screen = NameScreen::new("guest-3", Entry::Lobby);
        screen.update(&Event::Paste("x".repeat(100)));
        assert_eq!(screen.typed.chars().count(), MAX_NAME_CHARS);
    }
}
