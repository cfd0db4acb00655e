//! Colors and glyph choices. Every style here stays readable with colors
//! off: owners and marks are also told apart by characters and modifiers
//! (bold, reversed, underlined), never by color alone.

use crate::i18n::{Lang, Msg, Pieces};
use crate::rules::vocab::Seat;
use ratatui::style::{Color, Modifier, Style};

/// How to draw: in which language, with which pieces, colors on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// ASCII pieces (`P`, `+P`, lower case for gote) instead of kanji.
    pub ascii: bool,
    /// Colors on.
    pub color: bool,
    /// The reader's language.
    pub lang: Lang,
    /// How pieces are drawn.
    pub pieces: Pieces,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            ascii: false,
            color: true,
            lang: Lang::En,
            pieces: Pieces::default(),
        }
    }
}

impl Theme {
    /// `msg` in the reader's language (see [`crate::tr!`]).
    pub fn text(self, msg: &Msg) -> String {
        self.lang.text(msg)
    }
}

impl Theme {
    fn fg(self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// A seat's pieces and name: seat 0 red, 1 blue, 2 yellow, 3 green (the
    /// four-player seat colors); sente is seat 0.
    pub fn seat(self, seat: Seat) -> Style {
        let color = match seat.0 {
            0 => Color::LightRed,
            1 => Color::LightBlue,
            2 => Color::Yellow,
            _ => Color::LightGreen,
        };
        self.fg(color)
    }

    /// Titles and highlighted words.
    pub fn title(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// Less important text (hints, labels on the board's edge).
    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new()
        }
    }

    /// The selected row or the board cursor.
    pub fn cursor(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// A square a picked piece may move to.
    pub fn target(self) -> Style {
        if self.color {
            Style::new().bg(Color::Rgb(40, 70, 40))
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// The last move's destination.
    pub fn last_move(self) -> Style {
        let style = Style::new().add_modifier(Modifier::UNDERLINED);
        if self.color {
            style.bg(Color::Rgb(70, 60, 30))
        } else {
            style
        }
    }

    /// Warnings: check, errors, confirmations.
    pub fn alert(self) -> Style {
        self.fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    }
}
