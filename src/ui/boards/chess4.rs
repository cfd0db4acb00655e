//! The four-player chess board: the 160-square cross, one terminal row per
//! rank so that it fits 80×24, turned so that the viewer's seat is at the
//! bottom. A piece is its owner's mark and its letter (`●K` Red, `▲Q`
//! Blue, `■R` Yellow, `◆N` Green), or the mark and the chess symbol
//! (`●♚`), or in ASCII the owner's letter and the piece's (`rK bQ yR gN`):
//! the player's [`ChessStyle`]. So the board reads without color; grey
//! pieces of eliminated players are dim and crossed out, with `x` as their
//! mark. The corners are blank.

use super::{BoardLayout, Marks};
use crate::i18n::ChessStyle;
use crate::rules::AnyGame;
use crate::rules::vocab::{Piece, PieceKind, Seat, Square};
use crate::ui::Theme;
use crate::ui::text::put;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

const SIDE: u16 = 14;
/// Columns of a piece's text: the mark and the letter.
const PIECE_W: u16 = 2;

/// The narrowest width the board fits: 3-column cells and the labels.
pub const MIN_WIDTH: u16 = SIDE * (PIECE_W + 1) + super::LABEL_W;

/// The seats' marks, Red first.
pub const SEAT_MARKS: [&str; 4] = ["●", "▲", "■", "◆"];
/// The seats' marks in ASCII.
pub const SEAT_LETTERS: [&str; 4] = ["r", "b", "y", "g"];

/// The size the board takes in `area`.
pub fn size(area: Rect) -> (u16, u16) {
    super::grid_size_min(area, SIDE, PIECE_W + 1)
}

/// The letter of a chess piece.
pub fn letter(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "K",
        PieceKind::Queen => "Q",
        PieceKind::Rook => "R",
        PieceKind::Bishop => "B",
        PieceKind::Knight => "N",
        _ => "P",
    }
}

/// The chess symbol of a piece (one column wide on terminals: the tests
/// measure it).
pub fn symbol(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "♚",
        PieceKind::Queen => "♛",
        PieceKind::Rook => "♜",
        PieceKind::Bishop => "♝",
        PieceKind::Knight => "♞",
        _ => "♟",
    }
}

/// A piece's letter or symbol in `style`.
pub fn kind_text(kind: PieceKind, style: ChessStyle) -> &'static str {
    match style {
        ChessStyle::Symbols => symbol(kind),
        ChessStyle::Letters | ChessStyle::Ascii => letter(kind),
    }
}

/// A seat's mark: `●`, or `r` in ASCII.
pub fn seat_mark(seat: Seat, style: ChessStyle) -> &'static str {
    let i = seat.index() % 4;
    if style == ChessStyle::Ascii {
        SEAT_LETTERS[i]
    } else {
        SEAT_MARKS[i]
    }
}

/// A piece in two columns; see the module docs.
pub fn piece_text(piece: &Piece, style: ChessStyle) -> String {
    let mark = match (piece.dead, piece.owner) {
        (true, _) => "x",
        (false, Some(seat)) => seat_mark(seat, style),
        (false, None) => "-",
    };
    format!("{mark}{}", kind_text(piece.kind, style))
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
    let geometry = game.geometry();
    super::render_grid_min(
        buf,
        area,
        SIDE,
        PIECE_W + 1,
        turns,
        |buf, layout| draw_labels(buf, area, layout, theme),
        |buf, layout, sq| {
            if geometry.contains(sq) {
                draw_cell(buf, area, layout, game, sq, marks, theme);
            }
        },
    )
}

fn draw_labels(buf: &mut Buffer, area: Rect, layout: &BoardLayout, theme: Theme) {
    let files_on_top = layout.turns % 2 == 0;
    let label = |sq: Square, file: bool| {
        if file {
            char::from(b'a' + sq.x.min(13)).to_string()
        } else {
            (sq.y.min(13) + 1).to_string()
        }
    };
    // Each label sits over the first column of the pieces' text.
    let inset = layout.cell_w.saturating_sub(PIECE_W + 1) / 2;
    super::edge_labels(
        buf,
        area,
        layout,
        theme,
        inset,
        |sq| label(sq, files_on_top),
        |sq| label(sq, !files_on_top),
    );
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
    let base = super::cell_style(sq, marks, theme, Modifier::BOLD | Modifier::UNDERLINED);
    buf.set_style(rect, base);
    let y = rect.y + layout.cell_h / 2;
    let x = rect.x + layout.cell_w.saturating_sub(PIECE_W + 1) / 2;
    let Some(piece) = game.piece_at(sq) else {
        let (dot, style) = match (marks.targets.contains(&sq), theme.pieces.chess) {
            (true, _) => ("* ", base),
            (false, ChessStyle::Ascii) => (". ", base.patch(theme.dim())),
            (false, _) => ("· ", base.patch(theme.dim())),
        };
        put(buf, area, x, y, dot, style);
        return;
    };
    let style = match piece.owner {
        _ if piece.dead => base
            .patch(theme.dim())
            .add_modifier(Modifier::DIM | Modifier::CROSSED_OUT),
        Some(seat) => base.patch(theme.seat(seat)),
        None => base.patch(theme.dim()),
    };
    let style = if piece.promoted {
        style.add_modifier(Modifier::ITALIC)
    } else {
        style
    };
    put(
        buf,
        area,
        x,
        y,
        &piece_text(&piece, theme.pieces.chess),
        style,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_read_without_color() {
        let piece = Piece {
            kind: PieceKind::Queen,
            promoted: false,
            owner: Some(Seat(1)),
            facing: Seat(1),
            dead: false,
        };
        assert_eq!(piece_text(&piece, ChessStyle::Letters), "▲Q");
        assert_eq!(piece_text(&piece, ChessStyle::Symbols), "▲♛");
        assert_eq!(piece_text(&piece, ChessStyle::Ascii), "bQ");
        let grey = Piece {
            dead: true,
            ..piece
        };
        assert_eq!(piece_text(&grey, ChessStyle::Letters), "xQ");
        assert_eq!(piece_text(&grey, ChessStyle::Symbols), "x♛");
    }

    #[test]
    fn every_piece_is_two_columns_in_every_style() {
        use PieceKind::*;
        for style in ChessStyle::ALL {
            for kind in [King, Queen, Rook, Bishop, Knight, Pawn] {
                for owner in [None, Some(Seat(0)), Some(Seat(3))] {
                    let piece = Piece {
                        kind,
                        promoted: false,
                        owner,
                        facing: Seat(0),
                        dead: false,
                    };
                    let text = piece_text(&piece, style);
                    assert_eq!(crate::ui::text::width(&text), PIECE_W, "{text:?}");
                }
            }
        }
    }

    #[test]
    fn the_board_fits_80_by_24() {
        let (w, h) = size(Rect::new(0, 0, 48, 21));
        assert!(w > 0 && w <= 48 && h <= 21, "{w}x{h}");
    }
}
