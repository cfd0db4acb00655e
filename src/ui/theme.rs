//! Colors and glyph choices. Every style here stays readable with colors
//! off: owners and marks are also told apart by characters and modifiers
//! (bold, reversed, underlined), never by color alone.

use crate::i18n::{ChessStyle, Lang, Msg, Pieces, ShogiStyle};
use crate::rules::GameKind;
use crate::rules::shogi::notation::Notation;
use crate::rules::vocab::Seat;
use ratatui::style::{Color, Modifier, Style};

/// How to draw: in which language, with which pieces and move notation,
/// colors on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Colors on.
    pub color: bool,
    /// The reader's language.
    pub lang: Lang,
    /// How pieces are drawn.
    pub pieces: Pieces,
    /// How two-player shogi's move lists write moves.
    pub notation: Notation,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            color: true,
            lang: Lang::En,
            pieces: Pieces::default(),
            notation: Notation::default(),
        }
    }
}

impl Theme {
    /// `msg` in the reader's language (see [`crate::tr!`]).
    pub fn text(self, msg: &Msg) -> String {
        self.lang.text(msg)
    }

    /// The theme with the next piece style of `kind`'s game (F2): shogi's
    /// for both shogi games, chess's for four-player chess.
    pub fn cycle_pieces(self, kind: GameKind) -> Theme {
        fn next<T: Copy + PartialEq>(all: &[T], now: T) -> T {
            let i = all.iter().position(|s| *s == now).unwrap_or(0);
            all[(i + 1) % all.len()]
        }
        let mut pieces = self.pieces;
        match kind {
            GameKind::Shogi | GameKind::Shogi4 => {
                pieces.shogi = next(&ShogiStyle::ALL, pieces.shogi);
            }
            GameKind::Chess4 => pieces.chess = next(&ChessStyle::ALL, pieces.chess),
        }
        Theme { pieces, ..self }
    }

    /// Whether `kind`'s pieces are drawn in ASCII only (and so are the
    /// marks around them: no `☗`, no `●`).
    pub fn ascii(self, kind: GameKind) -> bool {
        match kind {
            GameKind::Shogi | GameKind::Shogi4 => self.pieces.shogi == ShogiStyle::Ascii,
            GameKind::Chess4 => self.pieces.chess == ChessStyle::Ascii,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f2_cycles_the_style_of_the_game_on_screen() {
        let theme = Theme::default();
        let shogi: Vec<ShogiStyle> =
            std::iter::successors(Some(theme), |t| Some(t.cycle_pieces(GameKind::Shogi)))
                .take(4)
                .map(|t| t.pieces.shogi)
                .collect();
        use ShogiStyle::*;
        assert_eq!(shogi, [Kanji, Western, Ascii, Kanji]);
        let chess = theme.cycle_pieces(GameKind::Chess4);
        assert_eq!(chess.pieces.chess, ChessStyle::Symbols);
        assert_eq!(chess.pieces.shogi, Kanji, "only chess changed");
        let shogi4 = theme.cycle_pieces(GameKind::Shogi4);
        assert_eq!(shogi4.pieces.shogi, Western);
        assert_eq!(shogi4.pieces.chess, ChessStyle::Letters);
        assert!(!theme.ascii(GameKind::Shogi));
        let ascii = shogi4.cycle_pieces(GameKind::Shogi);
        assert!(ascii.ascii(GameKind::Shogi4) && !ascii.ascii(GameKind::Chess4));
    }
}
