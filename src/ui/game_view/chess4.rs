//! The side panel of four-player chess: the teams (or free-for-all), then
//! one line per seat (turn, the mark its pieces carry and its color, points
//! in free-for-all, check, out or its place at the end, the player), whose
//! turn, the prompt and the move list. Chess has no hands and no mate
//! count, so a seat needs a single line and the move list gets the rest.

use super::{Panel, tag_and_who, turn_and_moves, turn_arrow};
use crate::rules::chess4::Variant;
use crate::rules::vocab::Seat;
use crate::rules::{AnyGame, GameKind};
use crate::tr;
use crate::ui::Theme;
use crate::ui::boards::chess4::seat_mark;
use crate::ui::text::{put, width};
use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// `● Red` (ASCII `r Red`): the mark the board puts on the seat's pieces,
/// so that the panel reads without color too, and the color's name in the
/// reader's language.
pub fn seat_name(seat: Seat, theme: Theme) -> String {
    let name = theme.text(&GameKind::Chess4.seat_msg(seat));
    format!("{} {name}", seat_mark(seat, theme.pieces.chess))
}

/// Columns of the widest seat name in the reader's language (`■ Yellow`):
/// the points and the players line up after it.
fn name_width(theme: Theme) -> u16 {
    (0..4)
        .map(|s| width(&seat_name(Seat(s), theme)))
        .max()
        .unwrap_or(0)
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
        let text = tr!(theme, "game-free-for-all");
        put(buf, area, area.x, y, &text, theme.title());
        return;
    }
    // The colors' names, or their marks where the names do not fit.
    let names = (0..4).map(|s| theme.text(&GameKind::Chess4.seat_msg(Seat(s))));
    let marks = (0..4).map(|s| seat_mark(Seat(s), theme.pieces.chess).to_string());
    let teams = |words: Vec<String>| {
        let text = tr!(
            theme,
            "game-teams",
            a = &words[0],
            b = &words[2],
            c = &words[1],
            d = &words[3],
        );
        (text, words)
    };
    let (mut text, mut words) = teams(names.collect());
    if width(&text) > area.width {
        (text, words) = teams(marks.collect());
    }
    put(buf, area, area.x, y, &text, Style::new());
    // Each color's word in its color.
    for (s, word) in words.iter().enumerate() {
        if let Some(at) = find_word(&text, word) {
            let x = area.x + width(&text[..at]);
            put(buf, area, x, y, word, theme.seat(Seat(s as u8)));
        }
    }
}

/// Where `word` stands alone in `text` (not inside a longer word: the
/// ASCII mark `b` inside Tagalog `laban`).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let alone = |c: Option<char>| !c.is_some_and(char::is_alphanumeric);
    text.match_indices(word).map(|(at, _)| at).find(|&at| {
        alone(text[..at].chars().next_back()) && alone(text[at + word.len()..].chars().next())
    })
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
    let end = x + name_width(theme);
    put(buf, area, x, y, &seat_name(seat, theme), theme.seat(seat));
    let mut x = end.min(area.right());
    if let Some(points) = points(&view.game) {
        let text = format!("{:>4}", points[seat.index() % 4]);
        x = put(buf, area, x, y, &text, theme.title());
    }
    tag_and_who(buf, area, (x, y), view, seat, seats, theme);
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
        let ascii = Theme::default()
            .cycle_pieces(GameKind::Chess4)
            .cycle_pieces(GameKind::Chess4);
        assert_eq!(seat_name(Seat(3), ascii), "g Green");
        let symbols = Theme::default().cycle_pieces(GameKind::Chess4);
        assert_eq!(seat_name(Seat(3), symbols), "◆ Green");
        assert_eq!(name_width(Theme::default()), 8, "■ Yellow");
    }

    #[test]
    fn seat_words_are_found_alone() {
        assert_eq!(find_word("r + y laban sa b + g", "b"), Some(15));
        assert_eq!(find_word("Red + Yellow vs Blue", "Blue"), Some(16));
        assert_eq!(find_word("赤・黄 対 青・緑", "黄"), Some(6));
        assert_eq!(find_word("laban", "b"), None);
    }

    #[test]
    fn only_free_for_all_counts_points() {
        assert_eq!(points(&game(&[])), None);
        assert_eq!(points(&game(&["type=ffa"])), Some([0; 4]));
    }
}
