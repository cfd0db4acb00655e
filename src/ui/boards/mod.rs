//! Board widgets, one per game, behind one small interface: draw the board
//! of an [`AnyGame`] with the marks the game screen asks for, and return a
//! [`BoardLayout`] that maps clicks back to squares. A widget for another
//! game is a new module beside [`shogi`] and one more arm in [`render`].
//!
//! Boards are drawn turned so that the viewer's own seat is at the bottom:
//! by quarter turns, because four-player seats sit on all four edges.

pub mod chess4;
pub mod shogi;
pub mod shogi4;

use super::Theme;
use crate::rules::AnyGame;
use crate::rules::vocab::{PieceKind, Square};
use crate::ui::text::put;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

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
    /// Quarter turns clockwise from seat 0's view (0–3): 2 shows a
    /// two-player board from gote's side, 1 shows a four-player board from
    /// West's. Odd turns need a square board (both boards that use them are).
    pub turns: u8,
}

/// The neutral square shown at screen column `sx` from the left and row
/// `sy` from the bottom of a `w`×`h` board turned by `turns` quarter turns.
pub fn from_screen(turns: u8, w: u8, h: u8, sx: u8, sy: u8) -> Square {
    let (right, top) = (w.saturating_sub(1), h.saturating_sub(1));
    let (sx, sy) = (sx.min(right), sy.min(top));
    match turns % 4 {
        0 => Square::new(sx, sy),
        // West at the bottom looks east: up is +x, right is -y.
        1 => Square::new(sy.min(right), top.saturating_sub(sx)),
        2 => Square::new(right - sx, top - sy),
        _ => Square::new(right.saturating_sub(sy), sx.min(top)),
    }
}

/// Where `sq` is shown: (column from the left, row from the bottom); the
/// inverse of [`from_screen`].
pub fn to_screen(turns: u8, w: u8, h: u8, sq: Square) -> (u8, u8) {
    let (right, top) = (w.saturating_sub(1), h.saturating_sub(1));
    let (x, y) = (sq.x.min(right), sq.y.min(top));
    match turns % 4 {
        0 => (x, y),
        1 => (top - y, x),
        2 => (right - x, top - y),
        _ => (y, right - x),
    }
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
        from_screen(self.turns, self.cols, self.rows, col, top - row.min(top))
    }

    /// The screen rectangle of `sq`'s cell.
    pub fn cell(&self, sq: Square) -> Rect {
        let top = self.rows.saturating_sub(1);
        let (col, up) = to_screen(self.turns, self.cols, self.rows, sq);
        let row = top.saturating_sub(up);
        Rect::new(
            self.x + u16::from(col) * self.cell_w,
            self.y + u16::from(row) * self.cell_h,
            self.cell_w,
            self.cell_h,
        )
    }
}

/// Columns taken by the row labels to the right of a grid board.
const LABEL_W: u16 = 3;
/// The narrowest cell a piece's text fits in.
const MIN_CELL_W: u16 = 4;

/// Cell width and height of a `side`×`side` board with a label row above
/// and a label column to the right, fitting `area` (0 when nothing fits).
fn grid_cells(area: Rect, side: u16, min_w: u16) -> (u16, u16) {
    let cell_w = (area.width.saturating_sub(LABEL_W) / side).min(8);
    let cell_h = (area.height.saturating_sub(1) / side)
        .min(3)
        .min(cell_w / 2);
    if cell_w < min_w || cell_h < 1 {
        return (0, 0);
    }
    (cell_w, cell_h)
}

/// The size such a board takes in `area`: the grid and its labels.
fn grid_size(area: Rect, side: u16) -> (u16, u16) {
    grid_size_min(area, side, MIN_CELL_W)
}

/// [`grid_size`] for pieces that fit cells `min_w` columns wide.
fn grid_size_min(area: Rect, side: u16, min_w: u16) -> (u16, u16) {
    let (w, h) = grid_cells(area, side, min_w);
    if w == 0 {
        return (0, 0);
    }
    (side * w + LABEL_W, side * h + 1)
}

/// Lays out a `side`×`side` board turned by `turns` and draws it with the
/// game's own label and cell drawers (nothing when it does not fit).
fn render_grid(
    buf: &mut Buffer,
    area: Rect,
    side: u16,
    turns: u8,
    draw_labels: impl FnOnce(&mut Buffer, &BoardLayout),
    draw_cell: impl FnMut(&mut Buffer, &BoardLayout, Square),
) -> BoardLayout {
    render_grid_min(buf, area, side, MIN_CELL_W, turns, draw_labels, draw_cell)
}

/// [`render_grid`] for pieces that fit cells `min_w` columns wide.
fn render_grid_min(
    buf: &mut Buffer,
    area: Rect,
    side: u16,
    min_w: u16,
    turns: u8,
    draw_labels: impl FnOnce(&mut Buffer, &BoardLayout),
    mut draw_cell: impl FnMut(&mut Buffer, &BoardLayout, Square),
) -> BoardLayout {
    let (cell_w, cell_h) = grid_cells(area, side, min_w);
    let layout = BoardLayout {
        x: area.x,
        y: area.y + 1,
        cell_w,
        cell_h,
        cols: side as u8,
        rows: side as u8,
        turns,
    };
    if cell_w == 0 {
        return layout;
    }
    draw_labels(buf, &layout);
    for row in 0..side as u8 {
        for col in 0..side as u8 {
            let sq = layout.square_of(col, row);
            draw_cell(buf, &layout, sq);
        }
    }
    layout
}

/// The style of a cell's background from the marks on it: the last move,
/// a legal destination, the picked piece (with `picked`, which each board
/// chooses) and the cursor on top.
fn cell_style(sq: Square, marks: &Marks<'_>, theme: Theme, picked: Modifier) -> Style {
    let mut base = Style::new();
    if marks.last.contains(&Some(sq)) {
        base = base.patch(theme.last_move());
    }
    if marks.targets.contains(&sq) {
        base = base.patch(theme.target());
    }
    if marks.picked == Some(sq) {
        base = base.add_modifier(picked);
    }
    if marks.cursor == Some(sq) {
        base = base.patch(theme.cursor());
    }
    base
}

/// Draws a grid board's labels: above each column, `inset` columns into
/// its cell, the label `top` gives for the square drawn there on the top
/// row; right of each row the label `side` gives for its leftmost square.
fn edge_labels(
    buf: &mut Buffer,
    area: Rect,
    layout: &BoardLayout,
    theme: Theme,
    inset: u16,
    top: impl Fn(Square) -> String,
    side: impl Fn(Square) -> String,
) {
    for col in 0..layout.cols {
        let sq = layout.square_of(col, 0);
        let x = layout.cell(sq).x + inset;
        put(buf, area, x, area.y, &top(sq), theme.dim());
    }
    for row in 0..layout.rows {
        let sq = layout.square_of(0, row);
        let y = layout.y + u16::from(row) * layout.cell_h + layout.cell_h / 2;
        let x = layout.x + u16::from(layout.cols) * layout.cell_w + 1;
        put(buf, area, x, y, &side(sq), theme.dim());
    }
}

/// The size (width, height) the board of `game` takes when drawn into `area`.
pub fn size(game: &AnyGame, area: Rect) -> (u16, u16) {
    match game {
        AnyGame::Shogi(_) => shogi::size(area),
        AnyGame::Shogi4(_) => shogi4::size(area),
        AnyGame::Chess4(_) => chess4::size(area),
    }
}

/// The narrowest width `game`'s board can be drawn in: the smallest
/// cells and the label column.
pub fn min_width(game: &AnyGame) -> u16 {
    match game {
        AnyGame::Shogi(_) => shogi::FILES * MIN_CELL_W + LABEL_W,
        AnyGame::Shogi4(_) => shogi4::SIDE * MIN_CELL_W + LABEL_W,
        AnyGame::Chess4(_) => chess4::MIN_WIDTH,
    }
}

/// Draws `game`'s board into `area`, turned by `turns` quarter turns.
pub fn render(
    buf: &mut Buffer,
    area: Rect,
    game: &AnyGame,
    turns: u8,
    marks: &Marks<'_>,
    theme: Theme,
) -> BoardLayout {
    match game {
        AnyGame::Shogi(_) => shogi::render(buf, area, game, turns, marks, theme),
        AnyGame::Shogi4(_) => shogi4::render(buf, area, game, turns, marks, theme),
        AnyGame::Chess4(_) => chess4::render(buf, area, game, turns, marks, theme),
    }
}

/// A hand piece's short text for the game, in the player's style (`歩` /
/// `P`; `♛` / `Q` in chess).
pub fn kind_text(game: &AnyGame, kind: PieceKind, theme: Theme) -> String {
    match game {
        AnyGame::Shogi(_) | AnyGame::Shogi4(_) => {
            shogi::glyph(kind, false, theme.pieces.shogi).to_string()
        }
        AnyGame::Chess4(_) => chess4::kind_text(kind, theme.pieces.chess).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_and_neutral_squares_round_trip_at_every_turn() {
        for turns in 0..4 {
            for sq in crate::rules::vocab::Geometry::rect(9, 9).squares() {
                let (sx, sy) = to_screen(turns, 9, 9, sq);
                assert_eq!(from_screen(turns, 9, 9, sx, sy), sq, "turns {turns}");
            }
        }
        // West (one turn) sees its own edge, column a, at the bottom, and
        // South's edge, row 1, on the right.
        assert_eq!(to_screen(1, 9, 9, Square::new(0, 4)), (4, 0));
        assert_eq!(to_screen(1, 9, 9, Square::new(4, 0)), (8, 4));
        // East (three turns) has column i at the bottom.
        assert_eq!(to_screen(3, 9, 9, Square::new(8, 4)), (4, 0));
    }
}
