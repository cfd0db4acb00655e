//! The two-player shogi board: 9×9 cells with file numbers 9..1 on top and
//! rank letters a..i on the right, drawn from either side. Pieces are kanji
//! (`歩`…`龍`) or ASCII letters (`P`, `+P`); gote's pieces carry a `v`
//! before the kanji (as in KIF diagrams) or are lower case in ASCII, so the
//! owner reads without color.

use super::{BoardLayout, Marks};
use crate::rules::AnyGame;
use crate::rules::vocab::{Piece, PieceKind, Seat, Square};
use crate::ui::Theme;
use crate::ui::text::put;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

pub(super) const FILES: u16 = 9;

/// The size the board takes in `area`: the grid, the file row and the rank labels.
pub fn size(area: Rect) -> (u16, u16) {
    super::grid_size(area, FILES)
}

/// The kanji or ASCII letter of a kind (promoted kinds have their own kanji).
pub fn glyph(kind: PieceKind, promoted: bool, ascii: bool) -> &'static str {
    use PieceKind::*;
    match (kind, promoted, ascii) {
        (King, _, false) => "玉",
        (Rook, false, false) => "飛",
        (Rook, true, false) => "龍",
        (Bishop, false, false) => "角",
        (Bishop, true, false) => "馬",
        (Gold, _, false) => "金",
        (Silver, false, false) => "銀",
        (Silver, true, false) => "全",
        (Knight, false, false) => "桂",
        (Knight, true, false) => "圭",
        (Lance, false, false) => "香",
        (Lance, true, false) => "杏",
        (Pawn, false, false) => "歩",
        (Pawn, true, false) => "と",
        (Queen, _, false) => "后",
        (King, _, true) => "K",
        (Rook, _, true) => "R",
        (Bishop, _, true) => "B",
        (Gold, _, true) => "G",
        (Silver, _, true) => "S",
        (Knight, _, true) => "N",
        (Lance, _, true) => "L",
        (Pawn, _, true) => "P",
        (Queen, _, true) => "Q",
    }
}

/// A piece in exactly three columns: `v歩`, ` 歩` / ` +P`, `  p`.
pub fn piece_text(piece: &Piece, ascii: bool) -> String {
    let gote = piece.owner == Some(Seat(1));
    let g = glyph(piece.kind, piece.promoted, ascii);
    if ascii {
        let letter = if gote {
            g.to_lowercase()
        } else {
            g.to_string()
        };
        let plus = if piece.promoted { "+" } else { "" };
        format!("{:>3}", format!("{plus}{letter}"))
    } else {
        format!("{}{g}", if gote { 'v' } else { ' ' })
    }
}

/// Draws the board; see the module docs.
pub fn render(
    buf: &mut Buffer,
    area: Rect,
    game: &AnyGame,
    turns: u8,
    marks: &Marks<'_>,
    theme: Theme,
) -> BoardLayout {
    super::render_grid(
        buf,
        area,
        FILES,
        turns,
        |buf, layout| draw_labels(buf, area, layout, theme),
        |buf, layout, sq| draw_cell(buf, area, layout, game, sq, marks, theme),
    )
}

fn draw_labels(buf: &mut Buffer, area: Rect, layout: &BoardLayout, theme: Theme) {
    super::edge_labels(
        buf,
        area,
        layout,
        theme,
        layout.cell_w / 2,
        |sq| format!("{}", 9 - sq.x),
        |sq| char::from(b'a' + (8 - sq.y.min(8))).to_string(),
    );
}

/// The two mark characters around a cell's content, by priority.
fn mark_chars(sq: Square, piece: bool, marks: &Marks<'_>) -> (char, char) {
    if marks.cursor == Some(sq) {
        ('[', ']')
    } else if marks.picked == Some(sq) {
        ('(', ')')
    } else if piece && marks.targets.contains(&sq) {
        ('*', '*')
    } else {
        (' ', ' ')
    }
}

fn draw_cell(
    buf: &mut Buffer,
    area: Rect,
    layout: &BoardLayout,
    game: &AnyGame,
    sq: Square,
    marks: &Marks<'_>,
    theme: Theme,
) {
    let rect = layout.cell(sq).intersection(area);
    let target = marks.targets.contains(&sq);
    let base = super::cell_style(sq, marks, theme, Modifier::BOLD);
    buf.set_style(rect, base);
    let piece = game.piece_at(sq);
    let (left, right) = mark_chars(sq, piece.is_some(), marks);
    let y = rect.y + layout.cell_h / 2;
    let pad = layout.cell_w.saturating_sub(5) / 2;
    let x = rect.x + pad;
    put(buf, area, x, y, &left.to_string(), base);
    match piece {
        Some(p) => {
            let seat = p.owner.unwrap_or(Seat(0));
            let mut style = base.patch(theme.seat(seat));
            if p.promoted {
                style = style.add_modifier(Modifier::BOLD);
            }
            put(buf, area, x + 1, y, &piece_text(&p, theme.ascii), style);
        }
        None => {
            let dot = match (target, theme.ascii) {
                (true, _) => " * ",
                (false, true) => " . ",
                (false, false) => " ・",
            };
            let style = if target {
                base
            } else {
                base.patch(theme.dim())
            };
            put(buf, area, x + 1, y, dot, style);
        }
    }
    if layout.cell_w >= 5 {
        put(buf, area, x + 4, y, &right.to_string(), base);
    }
}
