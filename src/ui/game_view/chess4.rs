//! The side panel of four-player chess: the teams (or free-for-all), then
//! one line per seat (turn, the mark its pieces carry and its color, points
//! in free-for-all, check, out or its place at the end, the player), whose
//! turn, the prompt and the move list. Chess has no hands and no mate
//! count, so a seat needs a single line and the move list gets the rest.

use super::shogi4::tag;
use super::{Panel, turn_and_moves, turn_arrow, who};
use crate::rules::chess4::Variant;
use crate::rules::vocab::Seat;
use crate::rules::{AnyGame, GameKind};
use crate::ui::Theme;
use crate::ui::boards::chess4::seat_mark;
use crate::ui::text::put;
use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// Columns of the longest seat name, `■ Yellow`: the points and the
/// players line up after it.
const NAME_W: usize = 8;

/// `● Red` (ASCII `r Red`): the mark the board puts on the seat's pieces,
/// so that the panel reads without color too, and the color's name.
pub fn seat_name(seat: Seat, theme: Theme) -> String {
    format!(
        "{} {}",
        seat_mark(seat, theme.ascii),
        GameKind::Chess4.seat_name(seat)
    )
}

/// Each seat's points in free-for-all; `None` in teams, which count none.
pub fn points(game: &AnyGame) -> Option<[i32; 4]> {
    match game {
        AnyGame::Chess4(g) if g.position().variant() == Variant::FreeForAll => {
            Some(g.position().points())
        }
        _ => None,
    }
}

/// Draws the panel; see the module docs.
pub(super) fn render_side(buf: &mut Buffer, panel: &Panel) {
    let Panel { area, view, .. } = *panel;
    if area.height < 8 || area.width < 10 {
        return;
    }
    let mut y = area.y;
    heading(buf, panel, y);
    y += 1;
    for seat in view.game.seats().all() {
        seat_line(buf, panel, y, seat);
        y += 1;
    }
    turn_and_moves(buf, panel, y + 1, None, 0);
}

/// The game type on one line: `Red + Yellow vs Blue + Green`, each name in
/// its color (partners sit opposite), or `Free-for-all, by points`.
fn heading(buf: &mut Buffer, panel: &Panel, y: u16) {
    let Panel { area, theme, .. } = *panel;
    let game = &panel.view.game;
    if points(game).is_some() {
        put(
            buf,
            area,
            area.x,
            y,
            "Free-for-all, by points",
            theme.title(),
        );
        return;
    }
    let name = |s: u8| (GameKind::Chess4.seat_name(Seat(s)), theme.seat(Seat(s)));
    let parts = [
        name(0),
        (" + ", Style::new()),
        name(2),
        (" vs ", theme.dim()),
        name(1),
        (" + ", Style::new()),
        name(3),
    ];
    let mut x = area.x;
    for (text, style) in parts {
        x = put(buf, area, x, y, text, style);
    }
}

/// `> ● Red      12 [check] alice (you)`: the turn arrow, the seat, its
/// points (free-for-all), its tag and who plays it.
fn seat_line(buf: &mut Buffer, panel: &Panel, y: u16, seat: Seat) {
    let Panel {
        area,
        view,
        seats,
        theme,
        ..
    } = *panel;
    let x = turn_arrow(buf, panel, y, seat);
    let name = format!("{:<NAME_W$}", seat_name(seat, theme));
    let mut x = put(buf, area, x, y, &name, theme.seat(seat));
    if let Some(points) = points(&view.game) {
        let text = format!("{:>4}", points[seat.index() % 4]);
        x = put(buf, area, x, y, &text, theme.title());
    }
    if let Some(tag) = tag(&view.game, seat) {
        x = put(buf, area, x + 1, y, &format!("[{tag}]"), theme.alert());
    }
    put(
        buf,
        area,
        x + 1,
        y,
        &who(view, seat, seats, theme),
        Style::new(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleValues;

    fn game(rules: &[&str]) -> AnyGame {
        let values = RuleValues::parse(GameKind::Chess4.rule_specs(), rules).expect("rules");
        AnyGame::new(GameKind::Chess4, &values, None).expect("game")
    }

    #[test]
    fn seats_are_named_by_mark_and_color() {
        assert_eq!(seat_name(Seat(0), Theme::default()), "● Red");
        let ascii = Theme {
            ascii: true,
            ..Theme::default()
        };
        assert_eq!(seat_name(Seat(3), ascii), "g Green");
        assert!(seat_name(Seat(2), Theme::default()).chars().count() <= NAME_W);
    }

    #[test]
    fn only_free_for_all_counts_points() {
        assert_eq!(points(&game(&[])), None);
        assert_eq!(points(&game(&["type=ffa"])), Some([0; 4]));
    }
}
