//! The side panel of two-player shogi: both players (the one whose
//! pieces point up at the bottom) with their hands, and between them whose
//! turn, the prompt and the move list.

use super::{Panel, hand_line, put_who, turn_and_moves, turn_arrow};
use crate::rules::GameKind;
use crate::rules::vocab::Seat;
use crate::ui::Theme;
use crate::ui::game::turns;
use crate::ui::input::Hits;
use crate::ui::text::put;
use ratatui::buffer::Buffer;

/// `☗ sente` / `☖ gote` in the reader's language (the name alone with
/// ASCII pieces).
pub fn seat_name(seat: Seat, theme: Theme) -> String {
    let mark = if seat.0 == 0 { "☗ " } else { "☖ " };
    let name = theme.text(&GameKind::Shogi.seat_msg(seat));
    if theme.ascii(GameKind::Shogi) {
        name
    } else {
        format!("{mark}{name}")
    }
}

/// Draws the panel; see the module docs.
pub(super) fn render_side(buf: &mut Buffer, panel: &Panel, hits: &mut Hits) {
    let Panel {
        area, view, seats, ..
    } = *panel;
    if area.height < 8 || area.width < 10 {
        return;
    }
    let (top, bottom) = if turns(&view.game, seats) == 2 {
        (Seat(0), Seat(1))
    } else {
        (Seat(1), Seat(0))
    };
    player(buf, panel, area.y, top, hits);
    // The bottom player's two lines, and one between.
    turn_and_moves(buf, panel, area.y + 3, None, 3);
    player(buf, panel, area.bottom() - 2, bottom, hits);
}

/// A player's two lines from row `y`: `> ☗ sente alice (you)` and the hand.
fn player(buf: &mut Buffer, panel: &Panel, y: u16, seat: Seat, hits: &mut Hits) {
    let Panel {
        area,
        view,
        seats,
        theme,
        ..
    } = *panel;
    let x = turn_arrow(buf, panel, y, seat);
    let x = put(buf, area, x, y, &seat_name(seat, theme), theme.seat(seat));
    put_who(buf, area, (x + 1, y), view, seat, seats, theme);
    hand_line(buf, panel, y + 1, seat, hits);
}
