//! Board widgets, one per game, behind one small interface: draw the board
//! of an [`AnyGame`] with the marks the game screen asks for, and return a
//! [`BoardLayout`] that maps clicks back to squares. A widget for another
//! game is a new module beside [`shogi`] and one more arm in [`render`].

pub mod shogi;

use super::Theme;
use crate::rules::AnyGame;
use crate::rules::vocab::{PieceKind, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// What to mark on the board besides the pieces.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks<'a> {
    /// The keyboard cursor.
    pub cursor: Option<Square>,
    /// The square of the piece being moved.
    pub picked: Option<Square>,
    /// Where the picked piece (or hand piece) may go.
    pub targets: &'a [Square],
    /// The last move's origin and destination.
    pub last: [Option<Square>; 2],
}

/// Where a board's cells were drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardLayout {
    /// Top-left cell of the grid.
    pub x: u16,
    /// Top-left cell of the grid.
    pub y: u16,
    /// Cell width in terminal columns.
    pub cell_w: u16,
    /// Cell height in terminal rows.
    pub cell_h: u16,
    /// Squares across.
    pub cols: u8,
    /// Squares down.
    pub rows: u8,
    /// Whether the board is turned 180° (seat 0 at the top).
    pub flipped: bool,
}

impl BoardLayout {
    /// The square drawn at screen cell (`x`, `y`), if any.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        if self.cell_w == 0 || self.cell_h == 0 || x < self.x || y < self.y {
            return None;
        }
        let col = (x - self.x) / self.cell_w;
        let row = (y - self.y) / self.cell_h;
        if col >= u16::from(self.cols) || row >= u16::from(self.rows) {
            return None;
        }
        Some(self.square_of(col as u8, row as u8))
    }

    /// The neutral square shown at screen column `col`, row `row`.
    pub fn square_of(&self, col: u8, row: u8) -> Square {
        let top = self.rows.saturating_sub(1);
        let right = self.cols.saturating_sub(1);
        if self.flipped {
            Square::new(right - col.min(right), row.min(top))
        } else {
            Square::new(col.min(right), top - row.min(top))
        }
    }

    /// The screen rectangle of `sq`'s cell.
    pub fn cell(&self, sq: Square) -> Rect {
        let top = self.rows.saturating_sub(1);
        let right = self.cols.saturating_sub(1);
        let (col, row) = if self.flipped {
            (right.saturating_sub(sq.x), sq.y)
        } else {
            (sq.x, top.saturating_sub(sq.y))
        };
        Rect::new(
            self.x + u16::from(col) * self.cell_w,
            self.y + u16::from(row) * self.cell_h,
            self.cell_w,
            self.cell_h,
        )
    }
}

/// The size (width, height) the board of `game` takes when drawn into `area`.
pub fn size(game: &AnyGame, area: Rect) -> (u16, u16) {
    match game {
        // Four-player shogi is not offered in the hall until its own board
        // widget lands (GameKind::HALL); meanwhile it draws on the 9×9 grid.
        AnyGame::Shogi(_) | AnyGame::Shogi4(_) => shogi::size(area),
    }
}

/// Draws `game`'s board into `area`.
pub fn render(
    buf: &mut Buffer,
    area: Rect,
    game: &AnyGame,
    flipped: bool,
    marks: &Marks<'_>,
    theme: Theme,
) -> BoardLayout {
    match game {
        AnyGame::Shogi(_) | AnyGame::Shogi4(_) => {
            shogi::render(buf, area, game, flipped, marks, theme)
        }
    }
}

/// A hand piece's short text for the game (`歩` / `P`).
pub fn kind_text(game: &AnyGame, kind: PieceKind, theme: Theme) -> String {
    match game {
        AnyGame::Shogi(_) | AnyGame::Shogi4(_) => {
            shogi::glyph(kind, false, theme.ascii).to_string()
        }
    }
}
