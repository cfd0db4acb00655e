//! The four-player shogi board: 9×9 cells, turned so that the viewer's seat
//! is at the bottom, with the columns (`a`–`i`) or rows (`1`–`9`) that end
//! up on top labelled above the grid and the others on the right.
//!
//! A piece is four columns, readable without color: its owner's letter
//! (`S` `W` `N` `E`, or `-` when ownerless), the piece in the player's
//! [`ShogiStyle`] (kanji `歩`, promoted `と` `全` `龍`; Western and ASCII
//! letters ` P`, `+P`), and an arrow for its facing as drawn on this
//! screen (`▲▶▼◀`, ASCII `^>v<`): an inherited piece points another way
//! than its owner's pieces. The owner's letter is in the owner's seat
//! color, the arrow in the facing seat's color. A flipped king is `x`
//! instead of the arrow (ASCII `X` in place of the letter), crossed out
//! and dim; ownerless pieces are dim. Narrow cells (4 columns) have no room for
//! the `[`/`(`/`*` marks and rely on the cursor's reversed video.

use super::{BoardLayout, Marks};
use crate::i18n::ShogiStyle;
use crate::rules::AnyGame;
use crate::rules::vocab::{Piece, PieceKind, Square};
use crate::ui::Theme;
use crate::ui::text::put;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

pub(super) const SIDE: u16 = 9;
/// Columns of a piece's text.
const PIECE_W: u16 = 4;

/// The owner letters of the four seats, South first.
pub const SEAT_LETTERS: [&str; 4] = ["S", "W", "N", "E"];

/// The size the board takes in `area`: the grid, the label row and column.
pub fn size(area: Rect) -> (u16, u16) {
    super::grid_size(area, SIDE)
}

/// The arrow of a piece facing as `facing` on a board turned by `turns`.
fn arrow(facing: u8, turns: u8, style: ShogiStyle) -> &'static str {
    let dir = usize::from((facing + 4 - turns % 4) % 4);
    if style == ShogiStyle::Ascii {
        ["^", ">", "v", "<"][dir]
    } else {
        ["▲", "▶", "▼", "◀"][dir]
    }
}

/// A piece in exactly four columns; see the module docs.
pub fn piece_text(piece: &Piece, turns: u8, style: ShogiStyle) -> String {
    let owner = match piece.owner {
        Some(seat) => SEAT_LETTERS[seat.index() % 4],
        None => "-",
    };
    if piece.dead && piece.kind == PieceKind::King {
        return match style {
            ShogiStyle::Kanji => format!("{owner}玉x"),
            ShogiStyle::Western => format!("{owner} Kx"),
            ShogiStyle::Ascii => format!("{owner} X "),
        };
    }
    let glyph = super::shogi::glyph(piece.kind, piece.promoted, style);
    let kind = match (style, piece.promoted) {
        (ShogiStyle::Kanji, _) => glyph.to_string(),
        (_, true) => format!("+{glyph}"),
        (_, false) => format!(" {glyph}"),
    };
    format!("{owner}{kind}{}", arrow(piece.facing.0 % 4, turns, style))
}

/// An empty square in four columns: a dot where the piece's kanji or
/// letter would be (a star on a legal destination).
fn empty_text(target: bool, style: ShogiStyle) -> &'static str {
    match (target, style) {
        (true, _) => " *  ",
        (false, ShogiStyle::Kanji) => " ・ ",
        (false, ShogiStyle::Western) => "  · ",
        (false, ShogiStyle::Ascii) => " .  ",
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
        SIDE,
        turns,
        |buf, layout| draw_labels(buf, area, layout, theme),
        |buf, layout, sq| draw_cell(buf, area, layout, game, sq, marks, theme),
    )
}

/// The label of a column letter (`a`–`i`) or a row digit (`1`–`9`).
fn label(sq: Square, letter: bool) -> String {
    if letter {
        char::from(b'a' + sq.x.min(8)).to_string()
    } else {
        (sq.y.min(8) + 1).to_string()
    }
}

fn draw_labels(buf: &mut Buffer, area: Rect, layout: &BoardLayout, theme: Theme) {
    // Unturned or upside down, screen columns are board columns.
    let columns_on_top = layout.turns % 2 == 0;
    super::edge_labels(
        buf,
        area,
        layout,
        theme,
        layout.cell_w / 2,
        |sq| label(sq, columns_on_top),
        |sq| label(sq, !columns_on_top),
    );
}

/// The mark character left of a cell's content, by priority.
fn mark_char(sq: Square, marks: &Marks<'_>) -> &'static str {
    if marks.cursor == Some(sq) {
        "["
    } else if marks.picked == Some(sq) {
        "("
    } else if marks.targets.contains(&sq) {
        "*"
    } else {
        " "
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
    let base = super::cell_style(sq, marks, theme, Modifier::BOLD);
    buf.set_style(rect, base);
    let y = rect.y + layout.cell_h / 2;
    // Room for a mark on the left (and on the right when wider still).
    let marked = layout.cell_w > PIECE_W;
    let pad = layout.cell_w.saturating_sub(PIECE_W + 2) / 2;
    let x = rect.x + pad + u16::from(marked);
    if marked {
        put(buf, area, x - 1, y, mark_char(sq, marks), base);
        if layout.cell_w >= PIECE_W + 2 {
            let right = match mark_char(sq, marks) {
                "[" => "]",
                "(" => ")",
                other => other,
            };
            put(buf, area, x + PIECE_W, y, right, base);
        }
    }
    let Some(piece) = game.piece_at(sq) else {
        let target = marks.targets.contains(&sq);
        let style = if target {
            base
        } else {
            base.patch(theme.dim())
        };
        put(
            buf,
            area,
            x,
            y,
            empty_text(target, theme.pieces.shogi),
            style,
        );
        return;
    };
    let owner_style = match piece.owner {
        Some(seat) if !piece.dead => base.patch(theme.seat(seat)),
        Some(seat) => base
            .patch(theme.seat(seat))
            .add_modifier(Modifier::DIM | Modifier::CROSSED_OUT),
        None => base.patch(theme.dim()).add_modifier(Modifier::DIM),
    };
    let mut style = owner_style;
    if piece.promoted {
        style = style.add_modifier(Modifier::BOLD);
    }
    let text = piece_text(&piece, layout.turns, theme.pieces.shogi);
    let x = put(buf, area, x, y, &text[..1], owner_style);
    let rest = &text[1..];
    let (body, tail) = rest.split_at(rest.char_indices().last().map_or(0, |(i, _)| i));
    let x = put(buf, area, x, y, body, style);
    let tail_style = match piece.owner {
        Some(_) if !piece.dead => base.patch(theme.seat(piece.facing)),
        _ => owner_style,
    };
    put(buf, area, x, y, tail, tail_style);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::vocab::Seat;

    fn piece(kind: PieceKind, owner: Option<u8>, facing: u8) -> Piece {
        Piece {
            kind,
            promoted: false,
            owner: owner.map(Seat),
            facing: Seat(facing),
            dead: false,
        }
    }

    #[test]
    fn pieces_show_owner_kind_and_facing_as_turned() {
        use ShogiStyle::{Ascii, Kanji, Western};
        let pawn = piece(PieceKind::Pawn, Some(0), 0);
        assert_eq!(piece_text(&pawn, 0, Kanji), "S歩▲");
        assert_eq!(piece_text(&pawn, 0, Western), "S P▲");
        assert_eq!(piece_text(&pawn, 0, Ascii), "S P^");
        // Seen from West (one turn), South's pawns point left.
        assert_eq!(piece_text(&pawn, 1, Kanji), "S歩◀");
        // Inherited: North holds East's gold, which still faces as East's.
        let gold = piece(PieceKind::Gold, Some(2), 3);
        assert_eq!(piece_text(&gold, 0, Ascii), "N G<");
        assert_eq!(piece_text(&gold, 0, Western), "N G◀");
        let mut rook = piece(PieceKind::Rook, Some(1), 1);
        rook.promoted = true;
        assert_eq!(piece_text(&rook, 0, Kanji), "W龍▶");
        assert_eq!(piece_text(&rook, 0, Western), "W+R▶");
        assert_eq!(piece_text(&rook, 0, Ascii), "W+R>");
        let mut king = piece(PieceKind::King, Some(3), 3);
        king.dead = true;
        assert_eq!(piece_text(&king, 0, Kanji), "E玉x");
        assert_eq!(piece_text(&king, 0, Western), "E Kx");
        assert_eq!(piece_text(&king, 0, Ascii), "E X ");
        let ownerless = piece(PieceKind::Pawn, None, 3);
        assert_eq!(piece_text(&ownerless, 0, Ascii), "- P<");
    }

    #[test]
    fn every_style_draws_four_columns() {
        let king = piece(PieceKind::King, Some(3), 3);
        let dead = Piece { dead: true, ..king };
        let mut rook = piece(PieceKind::Rook, Some(1), 2);
        rook.promoted = true;
        for style in ShogiStyle::ALL {
            for p in [piece(PieceKind::Pawn, None, 0), rook, king, dead] {
                let text = piece_text(&p, 1, style);
                assert_eq!(crate::ui::text::width(&text), PIECE_W, "{text:?}");
            }
            for target in [false, true] {
                assert_eq!(crate::ui::text::width(empty_text(target, style)), PIECE_W);
            }
        }
    }

    #[test]
    fn sizes_never_overflow() {
        for (w, h) in [(0, 0), (1, 1), (39, 10), (48, 21), (u16::MAX, u16::MAX)] {
            let (bw, bh) = size(Rect::new(0, 0, w, h));
            assert!(bw <= w && bh <= h, "{w}x{h}");
        }
    }
}
