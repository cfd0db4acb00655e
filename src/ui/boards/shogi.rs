//! The two-player shogi board: 9×9 cells with file numbers 9..1 on top and
//! rank letters a..i on the right, drawn from either side. Pieces are drawn
//! in the player's [`ShogiStyle`], always three columns: kanji (`v歩`,
//! ` と`), Western letters (`v P`, ` +P`) or ASCII (`  p`, ` +P`). Gote's
//! pieces carry a `v` before the piece (as in KIF diagrams) or are lower
//! case in ASCII, so the owner reads without color.

use super::{BoardLayout, Marks};
use crate::i18n::ShogiStyle;
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

/// The kanji (promoted kinds have their own) or the letter of a kind: a
/// letter in the Western and ASCII styles, where a promoted piece is the
/// letter after a `+`.
pub fn glyph(kind: PieceKind, promoted: bool, style: ShogiStyle) -> &'static str {
    use PieceKind::*;
    if style != ShogiStyle::Kanji {
        return match kind {
            King => "K",
            Rook => "R",
            Bishop => "B",
            Gold => "G",
            Silver => "S",
            Knight => "N",
            Lance => "L",
            Pawn => "P",
            Queen => "Q",
        };
    }
    match (kind, promoted) {
        (King, _) => "玉",
        (Rook, false) => "飛",
        (Rook, true) => "龍",
        (Bishop, false) => "角",
        (Bishop, true) => "馬",
        (Gold, _) => "金",
        (Silver, false) => "銀",
        (Silver, true) => "全",
        (Knight, false) => "桂",
        (Knight, true) => "圭",
        (Lance, false) => "香",
        (Lance, true) => "杏",
        (Pawn, false) => "歩",
        (Pawn, true) => "と",
        (Queen, _) => "后",
    }
}

/// A piece in exactly three columns: `v歩` / ` と` (kanji), `v P` / ` +P`
/// (Western), `  p` / ` +P` (ASCII).
pub fn piece_text(piece: &Piece, style: ShogiStyle) -> String {
    let gote = piece.owner == Some(Seat(1));
    let g = glyph(piece.kind, piece.promoted, style);
    let mark = if gote { "v" } else { " " };
    let plus = if piece.promoted { "+" } else { "" };
    match style {
        ShogiStyle::Kanji => format!("{mark}{g}"),
        ShogiStyle::Western => format!("{mark}{plus:>1}{g}"),
        ShogiStyle::Ascii if gote => format!("{:>3}", format!("{plus}{}", g.to_lowercase())),
        ShogiStyle::Ascii => format!("{:>3}", format!("{plus}{g}")),
    }
}

/// An empty square in three columns: a dot where the piece's kanji or
/// letter would be (a star on a legal destination).
fn empty_text(target: bool, style: ShogiStyle) -> &'static str {
    match (target, style) {
        (true, _) => " * ",
        (false, ShogiStyle::Kanji) => " ・",
        (false, ShogiStyle::Western) => "  ·",
        (false, ShogiStyle::Ascii) => " . ",
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
            let text = piece_text(&p, theme.pieces.shogi);
            put(buf, area, x + 1, y, &text, style);
        }
        None => {
            let dot = empty_text(target, theme.pieces.shogi);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::text::width;

    fn piece(kind: PieceKind, promoted: bool, seat: u8) -> Piece {
        Piece {
            kind,
            promoted,
            owner: Some(Seat(seat)),
            facing: Seat(seat),
            dead: false,
        }
    }

    #[test]
    fn each_style_draws_a_piece_in_three_columns() {
        use ShogiStyle::*;
        let cases = [
            (PieceKind::Pawn, false, 0, [" 歩", "  P", "  P"]),
            (PieceKind::Pawn, false, 1, ["v歩", "v P", "  p"]),
            (PieceKind::Pawn, true, 0, [" と", " +P", " +P"]),
            (PieceKind::Pawn, true, 1, ["vと", "v+P", " +p"]),
            (PieceKind::Rook, true, 1, ["v龍", "v+R", " +r"]),
            (PieceKind::King, false, 0, [" 玉", "  K", "  K"]),
            (PieceKind::Gold, false, 1, ["v金", "v G", "  g"]),
        ];
        for (kind, promoted, seat, texts) in cases {
            let p = piece(kind, promoted, seat);
            for (style, text) in [Kanji, Western, Ascii].into_iter().zip(texts) {
                let got = piece_text(&p, style);
                assert_eq!(got, text, "{kind:?} {promoted} {seat} {style:?}");
                assert_eq!(width(&got), 3, "{got:?}");
            }
        }
        for style in ShogiStyle::ALL {
            for target in [false, true] {
                assert_eq!(width(empty_text(target, style)), 3);
            }
        }
    }
}
