//! The settings panel (`L`): the language, each listed in its own name,
//! the piece styles, the move notation of shogi's move lists and when the
//! terminal bell counts a clock's last seconds. Changes
//! show at once; closing the panel keeps them (a keyed player's are saved
//! with their key).

use super::Theme;
use super::input::{Dir, Hit, Hits, Key};
use super::text::{put, width};
use crate::hall::settings::{Bell, Settings};
use crate::i18n::{ChessStyle, Lang, Msg, ShogiStyle};
use crate::rules::shogi::notation::Notation;
use crate::{msg, tr};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The rows of the panel.
const ROWS: usize = 5;

/// The panel's state: the row the cursor is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsPanel {
    row: usize,
}

/// What a key did to the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing to apply.
    None,
    /// New settings to show at once.
    Set(Settings),
    /// The panel closes (the settings shown are kept).
    Close,
}

impl SettingsPanel {
    /// A key (or a click, as the key it stands for, or a row and choice).
    pub fn key(&mut self, key: Key, now: Settings) -> Change {
        match (key, key.dir()) {
            (_, Some(Dir::Up)) | (Key::BackTab, _) => self.row = (self.row + ROWS - 1) % ROWS,
            (_, Some(Dir::Down)) | (Key::Tab, _) => self.row = (self.row + 1) % ROWS,
            (_, Some(Dir::Left)) => return Change::Set(step(now, self.row, -1)),
            (_, Some(Dir::Right)) | (Key::Char(' '), _) => {
                return Change::Set(step(now, self.row, 1));
            }
            (Key::Esc | Key::Enter | Key::Char('L' | 'q'), _) => return Change::Close,
            _ => {}
        }
        Change::None
    }

    /// A click on choice `choice` of row `row`.
    pub fn choose(&mut self, row: usize, choice: usize, now: Settings) -> Change {
        self.row = row.min(ROWS - 1);
        let mut next = now;
        match self.row {
            0 => next.lang = Lang::ALL[choice % Lang::ALL.len()],
            1 => next.pieces.shogi = ShogiStyle::ALL[choice % ShogiStyle::ALL.len()],
            2 => next.pieces.chess = ChessStyle::ALL[choice % ChessStyle::ALL.len()],
            3 => next.notation = Notation::ALL[choice % Notation::ALL.len()],
            _ => next.bell = Bell::ALL[choice % Bell::ALL.len()],
        }
        Change::Set(next)
    }

    /// Draws the panel into `area`; clickable choices go into `hits`.
    pub fn render(
        &self,
        buf: &mut Buffer,
        area: Rect,
        now: Settings,
        keyed: bool,
        theme: Theme,
        hits: &mut Hits,
    ) {
        put(
            buf,
            area,
            area.x + 2,
            area.y,
            &tr!(theme, "settings-title"),
            theme.title(),
        );
        let labels = [
            tr!(theme, "settings-language"),
            tr!(theme, "settings-shogi-pieces"),
            tr!(theme, "settings-chess-pieces"),
            tr!(theme, "settings-notation"),
            tr!(theme, "settings-bell"),
        ];
        let label_w = labels.iter().map(|l| width(l)).max().unwrap_or(0) + 2;
        for (row, label) in labels.iter().enumerate() {
            let y = area.y + 2 + row as u16 * 2;
            let style = if row == self.row {
                theme.title()
            } else {
                Style::new()
            };
            let marker = if row == self.row { "> " } else { "  " };
            put(buf, area, area.x + 2, y, &format!("{marker}{label}"), style);
            let mut x = area.x + 4 + label_w;
            for (i, (choice, chosen)) in choices(row, now, theme).into_iter().enumerate() {
                let text = if chosen {
                    format!("[{choice}]")
                } else {
                    format!(" {choice} ")
                };
                let style = if chosen { theme.cursor() } else { Style::new() };
                let end = put(buf, area, x, y, &text, style);
                hits.add(Rect::new(x, y, end - x, 1), Hit::Choice(row, i));
                x = end + 1;
            }
        }
        let note = match keyed {
            true => tr!(theme, "settings-saved-with-key"),
            false => tr!(theme, "settings-guest"),
        };
        let below = area.y + 3 + ROWS as u16 * 2;
        put(buf, area, area.x + 2, below, &note, theme.dim());
        let preview = tr!(theme, "settings-keys");
        put(buf, area, area.x + 2, below + 1, &preview, theme.dim());
    }
}

/// The choices of `row` in the reader's words, and which one is chosen.
fn choices(row: usize, now: Settings, theme: Theme) -> Vec<(String, bool)> {
    match row {
        0 => listed(&Lang::ALL, now.lang, |l| l.native_name().to_string()),
        1 => listed(&ShogiStyle::ALL, now.pieces.shogi, |s| {
            theme.text(&shogi_style(s))
        }),
        2 => listed(&ChessStyle::ALL, now.pieces.chess, |s| {
            theme.text(&chess_style(s))
        }),
        3 => listed(&Notation::ALL, now.notation, |n| theme.text(&notation(n))),
        _ => listed(&Bell::ALL, now.bell, |b| theme.text(&bell(b))),
    }
}

/// Every choice of a row by its `name`, marking the one that is `now`.
fn listed<T: Copy + PartialEq>(
    all: &[T],
    now: T,
    name: impl Fn(T) -> String,
) -> Vec<(String, bool)> {
    all.iter().map(|x| (name(*x), *x == now)).collect()
}

fn bell(bell: Bell) -> Msg {
    match bell {
        Bell::MyTurn => msg!("bell-my-turn"),
        Bell::AlsoWatching => msg!("bell-also-watching"),
        Bell::Never => msg!("bell-never"),
    }
}

/// A notation's name with an example: the example shows what it means
/// to someone who does not know the name.
fn notation(notation: Notation) -> Msg {
    match notation {
        Notation::Usi => msg!("notation-usi"),
        Notation::Japanese => msg!("notation-japanese"),
        Notation::Western => msg!("notation-western"),
    }
}

fn shogi_style(style: ShogiStyle) -> Msg {
    match style {
        ShogiStyle::Kanji => msg!("style-kanji"),
        ShogiStyle::Western => msg!("style-western"),
        ShogiStyle::Ascii => msg!("style-ascii"),
    }
}

fn chess_style(style: ChessStyle) -> Msg {
    match style {
        ChessStyle::Letters => msg!("style-letters"),
        ChessStyle::Symbols => msg!("style-symbols"),
        ChessStyle::Ascii => msg!("style-ascii"),
    }
}

/// `now` with row `row`'s choice moved `by` places (wrapping).
fn step(now: Settings, row: usize, by: isize) -> Settings {
    fn next<T: Copy + PartialEq>(all: &[T], now: T, by: isize) -> T {
        let i = all.iter().position(|x| *x == now).unwrap_or(0);
        all[(i as isize + by).rem_euclid(all.len() as isize) as usize]
    }
    let mut s = now;
    match row {
        0 => s.lang = next(&Lang::ALL, s.lang, by),
        1 => s.pieces.shogi = next(&ShogiStyle::ALL, s.pieces.shogi, by),
        2 => s.pieces.chess = next(&ChessStyle::ALL, s.pieces.chess, by),
        3 => s.notation = next(&Notation::ALL, s.notation, by),
        _ => s.bell = next(&Bell::ALL, s.bell, by),
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_walk_rows_and_choices() {
        let mut panel = SettingsPanel::default();
        let now = Settings::default();
        let Change::Set(next) = panel.key(Key::Right, now) else {
            panic!("right changes the language");
        };
        assert_eq!(next.lang, Lang::Ja);
        assert_eq!(
            panel.key(Key::Left, now),
            Change::Set(Settings {
                lang: Lang::Tl,
                ..now
            })
        );
        panel.key(Key::Down, now);
        let Change::Set(next) = panel.key(Key::Right, now) else {
            panic!("right changes the shogi pieces");
        };
        assert_eq!(next.pieces.shogi, ShogiStyle::Western);
        assert_eq!(next.lang, Lang::En);
        assert_eq!(panel.key(Key::Esc, now), Change::Close);
    }

    #[test]
    fn a_click_chooses() {
        let mut panel = SettingsPanel::default();
        let now = Settings::default();
        let Change::Set(next) = panel.choose(2, 1, now) else {
            panic!("a click sets");
        };
        assert_eq!(next.pieces.chess, ChessStyle::Symbols);
    }

    #[test]
    fn the_fourth_row_chooses_the_notation() {
        let mut panel = SettingsPanel::default();
        let now = Settings::default();
        panel.key(Key::Up, now);
        panel.key(Key::Up, now);
        let Change::Set(next) = panel.key(Key::Right, now) else {
            panic!("right changes the notation");
        };
        assert_eq!(next.notation, Notation::Japanese);
        let Change::Set(next) = panel.choose(3, 2, now) else {
            panic!("a click sets");
        };
        assert_eq!(next.notation, Notation::Western);
    }

    #[test]
    fn the_last_row_chooses_the_bell() {
        let mut panel = SettingsPanel::default();
        let now = Settings::default();
        assert_eq!(now.bell, Bell::MyTurn, "spectators hear nothing by default");
        panel.key(Key::Up, now);
        let Change::Set(next) = panel.key(Key::Right, now) else {
            panic!("right changes the bell");
        };
        assert_eq!(next.bell, Bell::AlsoWatching);
        assert_eq!(next.notation, now.notation);
        let Change::Set(next) = panel.choose(4, 2, now) else {
            panic!("a click sets");
        };
        assert_eq!(next.bell, Bell::Never);
    }

    #[test]
    fn every_row_fits_an_80_column_panel_in_every_language() {
        for lang in Lang::ALL {
            let theme = Theme {
                lang,
                ..Theme::default()
            };
            let area = Rect::new(0, 0, 80, 21);
            let mut buf = Buffer::empty(area);
            let now = Settings::for_lang(lang);
            let panel = SettingsPanel::default();
            panel.render(&mut buf, area, now, true, theme, &mut Hits::default());
            for row in 0..ROWS {
                let line = line(&buf, 2 + row as u16 * 2);
                let (last, _) = choices(row, now, theme).pop().expect("choices");
                assert!(line.contains(&last), "{lang:?}, row {row} cut: {line}");
            }
        }
    }

    /// Row `y` of `buf` as text (the cell after a wide character skipped).
    fn line(buf: &Buffer, y: u16) -> String {
        let mut text = String::new();
        let mut x = 0;
        while x < buf.area.width {
            let symbol = buf[(x, y)].symbol();
            text.push_str(symbol);
            x += width(symbol).max(1);
        }
        text
    }
}
