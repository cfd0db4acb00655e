//! Drawing the game screen: the board (via [`super::boards`]) on the left,
//! and beside it a side panel, one per game like the boards: [`shogi`]
//! (both players with their hands), [`shogi4`] and [`chess4`] (the four
//! seats). This module draws the board and holds what the panels share:
//! whose turn, check, the turn countdown, questions, hands, and the move
//! list (newest at the bottom).

mod chess4;
mod shogi;
mod shogi4;

use super::Theme;
use super::boards::{self, Marks};
use super::game::{
    Confirm, Focus, GameScreen, Pick, acting_seat, hand_kinds, single_seat, targets, turns,
};
use super::input::{Hit, Hits};
use super::text::put;
use crate::hall::{Occupant, Phase, RoomView};
use crate::rules::AnyGame;
use crate::rules::vocab::{Move, Seat, SeatSet, Square};
use crate::tr;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::time::Instant;

/// Narrowest side panel beside the board.
const SIDE_MIN: u16 = 20;

/// What a side panel and its parts draw from (the click targets they
/// add go to a `&mut Hits` beside it).
#[derive(Clone, Copy)]
pub(super) struct Panel<'a> {
    /// The panel's columns beside the board.
    area: Rect,
    /// The room as last published.
    view: &'a RoomView,
    /// This session's game screen: cursor, pick, questions, scroll.
    ui: &'a GameScreen,
    /// The seats this session plays.
    seats: SeatSet,
    /// How to draw.
    theme: Theme,
}

/// A seat's name at this game: `☗ sente` / `☖ gote` for shogi, `S South`
/// … `E East` for four-player shogi, `● Red` … `◆ Green` for four-player
/// chess (the letter or mark is the one on the seat's pieces).
pub fn seat_name(game: &AnyGame, seat: Seat, theme: Theme) -> String {
    match game {
        AnyGame::Chess4(_) => chess4::seat_name(seat, theme),
        AnyGame::Shogi4(_) => shogi4::seat_name(seat),
        AnyGame::Shogi(_) => shogi::seat_name(seat, theme),
    }
}

/// Whether the side to move is in check.
fn in_check(game: &AnyGame) -> bool {
    game.to_move()
        .is_some_and(|seat| game.checked().contains(seat))
}

fn last_squares(mv: Option<Move>) -> [Option<Square>; 2] {
    match mv {
        Some(Move::Step { from, to, .. }) => [Some(from), Some(to)],
        Some(Move::Drop { to, .. }) => [None, Some(to)],
        None => [None, None],
    }
}

/// Draws the game into `area`.
pub fn render(
    buf: &mut Buffer,
    area: Rect,
    view: &RoomView,
    ui: &GameScreen,
    seats: SeatSet,
    theme: Theme,
    hits: &mut Hits,
) {
    let board_area = Rect::new(area.x, area.y, board_width(&view.game, area), area.height);
    let (bw, bh) = boards::size(&view.game, board_area);
    let turns = turns(&view.game, seats);
    let acting = acting_seat(view, seats);
    let targets = if shows_legal_moves(view) {
        targets(&view.game, ui.picked)
    } else {
        Vec::new()
    };
    let marks = Marks {
        cursor: (acting.is_some() && ui.focus == Focus::Board).then_some(ui.cursor),
        picked: match ui.picked {
            Some(Pick::Square(sq)) => Some(sq),
            _ => None,
        },
        targets: &targets,
        last: last_squares(view.last_move),
    };
    let board_rect = Rect::new(area.x, area.y, bw, bh);
    let layout = boards::render(buf, board_rect, &view.game, turns, &marks, theme);
    for sq in view.game.geometry().squares() {
        hits.add(layout.cell(sq).intersection(board_rect), Hit::Square(sq));
    }
    let side_x = area.x + bw + 1;
    let side = Rect::new(
        side_x,
        area.y,
        area.right().saturating_sub(side_x),
        area.height,
    );
    let panel = Panel {
        area: side,
        view,
        ui,
        seats,
        theme,
    };
    match view.game {
        AnyGame::Chess4(_) => chess4::render_side(buf, &panel),
        AnyGame::Shogi4(_) => shogi4::render_side(buf, &panel, hits),
        AnyGame::Shogi(_) => shogi::render_side(buf, &panel, hits),
    }
}

/// The columns given to the board: three fifths of the screen, leaving
/// the side panel at least [`SIDE_MIN`], but never less than the board's
/// smallest drawing: a narrow terminal keeps the board and squeezes the
/// panel (the cross board of four-player chess needs 45 of 60 columns).
fn board_width(game: &AnyGame, area: Rect) -> u16 {
    let three_fifths = u16::try_from(u32::from(area.width) * 3 / 5).unwrap_or(u16::MAX);
    let least = boards::min_width(game);
    three_fifths
        .max(least)
        .min(area.width.saturating_sub(SIDE_MIN + 1))
        .max(least.min(area.width))
}

/// Whether the picked piece's destinations are marked: the room rule
/// `show-legal-moves` where the game has it (docs/rules.md §2, §3), always
/// otherwise.
fn shows_legal_moves(view: &RoomView) -> bool {
    let rule = "show-legal-moves";
    let has_rule = view
        .settings
        .kind
        .rule_specs()
        .iter()
        .any(|s| s.name == rule);
    !has_rule || view.settings.rules.is_on(rule)
}

/// Who sits in `seat`, with `(you)` when this session plays that seat alone.
pub(super) fn who(view: &RoomView, seat: Seat, seats: SeatSet, theme: Theme) -> String {
    let occupant = view
        .seats
        .get(seat.index())
        .cloned()
        .unwrap_or(Occupant::Empty);
    let name = theme.text(&occupant.label());
    match seats.contains(seat) && single_seat(seats) {
        true => tr!(theme, "occupant-you", name = name),
        false => name,
    }
}

/// `hand: 角 歩2` on row `y`, each kind a click target that picks it for
/// a drop; the column after it.
fn hand_line(buf: &mut Buffer, panel: &Panel, y: u16, seat: Seat, hits: &mut Hits) -> u16 {
    let Panel {
        area,
        view,
        ui,
        seats,
        theme,
    } = *panel;
    let acting = acting_seat(view, seats) == Some(seat);
    let mut x = put(buf, area, area.x + 2, y, "hand: ", theme.dim());
    let hand = view.game.hand(seat);
    if hand.pieces.iter().all(|(_, n)| *n == 0) {
        x = put(buf, area, x, y, "-", theme.dim()) + 1;
    }
    let kinds = hand_kinds(&view.game, seat);
    for (i, (kind, n)) in hand.pieces.iter().filter(|(_, n)| *n > 0).enumerate() {
        let glyph = boards::kind_text(&view.game, *kind, theme);
        let text = if *n > 1 { format!("{glyph}{n}") } else { glyph };
        let focused =
            acting && (ui.focus == Focus::Hand(i) || ui.picked == Some(Pick::Hand(*kind)));
        let style = if focused {
            theme.cursor()
        } else {
            theme.seat(seat)
        };
        let end = put(buf, area, x, y, &text, style);
        hits.add(Rect::new(x, y, end - x, 1), Hit::Hand(seat, kinds[i]));
        x = end + 1;
    }
    x
}

pub(super) fn turn_style(view: &RoomView, theme: Theme) -> Style {
    if in_check(&view.game) || view.phase == Phase::Finished {
        theme.alert()
    } else {
        Style::new()
    }
}

pub(super) fn turn_line(view: &RoomView, theme: Theme) -> String {
    if view.phase == Phase::Finished {
        return match view.game.outcome() {
            Some(outcome) => format!("Game over ({})", outcome.reason),
            None => "Game over".to_string(),
        };
    }
    let Some(seat) = view.game.to_move() else {
        return String::new();
    };
    let mut line = format!("{} to move", seat_name(&view.game, seat, theme));
    if in_check(&view.game) {
        line.push_str(" - check!");
    }
    if let Some(deadline) = view.deadline {
        let left = deadline.saturating_duration_since(Instant::now()).as_secs();
        line.push_str(&format!("  time {left} s"));
    }
    line
}

/// `> ` on row `y` when `seat` is to move (blank otherwise): where each
/// panel's line for a seat begins; the column after it.
fn turn_arrow(buf: &mut Buffer, panel: &Panel, y: u16, seat: Seat) -> u16 {
    let Panel {
        area, view, theme, ..
    } = *panel;
    let to_move = view.phase == Phase::Playing && view.game.to_move() == Some(seat);
    let arrow = if to_move { "> " } else { "  " };
    put(buf, area, area.x, y, arrow, theme.alert())
}

/// The panel's lower part from row `y`: whose turn it is, a `note` when
/// there is one (an alert), the prompt, and the move list down to
/// `reserve` rows above the bottom.
fn turn_and_moves(buf: &mut Buffer, panel: &Panel, mut y: u16, note: Option<String>, reserve: u16) {
    let Panel {
        area,
        view,
        ui,
        theme,
        ..
    } = *panel;
    let turn = turn_line(view, theme);
    put(buf, area, area.x, y, &turn, turn_style(view, theme));
    y += 1;
    if let Some(note) = note {
        put(buf, area, area.x, y, &note, theme.alert());
        y += 1;
    }
    prompt(buf, panel, y);
    let bottom = area.bottom().saturating_sub(reserve);
    let list = Rect::new(area.x, y + 1, area.width, bottom.saturating_sub(y + 1));
    move_list(buf, list, view, ui.scroll, theme);
}

/// Draws [`prompt_line`] on row `y`.
fn prompt(buf: &mut Buffer, panel: &Panel, y: u16) {
    let Panel {
        area,
        view,
        ui,
        seats,
        theme,
    } = *panel;
    let (prompt, alert) = prompt_line(view, ui, seats, area.width);
    let style = if alert { theme.alert() } else { theme.dim() };
    put(buf, area, area.x, y, &prompt, style);
}

/// The line under the turn: a question, the new-round agreement, or a hint.
fn prompt_line(view: &RoomView, ui: &GameScreen, seats: SeatSet, width: u16) -> (String, bool) {
    if let Some(question) = ui.promotion {
        return (question.prompt(width), true);
    }
    match ui.confirm {
        Some(Confirm::Resign) => return ("Resign this game? y / n".into(), true),
        Some(Confirm::Leave) => return ("Leave the game? y / n".into(), true),
        None => {}
    }
    if view.phase == Phase::Finished {
        return (new_round_line(view), false);
    }
    if seats == SeatSet::EMPTY {
        return ("Watching.".into(), false);
    }
    match (acting_seat(view, seats), ui.picked) {
        (Some(_), Some(_)) => ("Choose a square (Esc: put back)".into(), false),
        (Some(_), None) => ("Your move.".into(), false),
        (None, _) if view.game.seats().count() > 2 => ("Waiting for the others.".into(), false),
        (None, _) => ("Waiting for the opponent.".into(), false),
    }
}

/// `New round (n): alice yes, bob ?`: each human once, however many
/// seats they play (a same-device table is one person).
fn new_round_line(view: &RoomView) -> String {
    let mut seen: Vec<&str> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (i, occupant) in view.seats.iter().enumerate() {
        let Occupant::Human { id, name, .. } = occupant else {
            continue;
        };
        if seen.contains(&id.as_str()) {
            continue;
        }
        seen.push(id);
        let agreed = view.new_round.contains(Seat(i as u8));
        names.push(format!("{name} {}", if agreed { "yes" } else { "?" }));
    }
    format!("New round (n): {}", names.join(", "))
}

pub(super) fn move_list(
    buf: &mut Buffer,
    area: Rect,
    view: &RoomView,
    scroll: usize,
    theme: Theme,
) {
    if area.height < 2 {
        return;
    }
    put(buf, area, area.x, area.y, "Moves", theme.title());
    let rows = usize::from(area.height - 1);
    let four = view.game.seats().count() > 2;
    // Room for the longest move of the game: `d10-d11=Q` in chess.
    let entry_w = match view.game {
        AnyGame::Chess4(_) => 16usize,
        AnyGame::Shogi4(_) => 13,
        AnyGame::Shogi(_) => 12,
    };
    let cols = (usize::from(area.width) / entry_w).max(1);
    let lines = view.moves.len().div_ceil(cols);
    let last = lines.saturating_sub(scroll.min(lines.saturating_sub(rows)));
    let first = last.saturating_sub(rows);
    for line in first..last {
        let y = area.y + 1 + (line - first) as u16;
        for col in 0..cols {
            let i = line * cols + col;
            let Some(mv) = view.moves.get(i) else { break };
            let mark = match (four, theme.ascii, mv.seat.0 % 2) {
                (true, _, _) => move_mark(&view.game, mv.seat, theme) + " ",
                (false, true, _) => String::new(),
                (false, false, 0) => "☗".into(),
                (false, false, _) => "☖".into(),
            };
            let text = format!("{:>3} {mark}{}", i + 1, mv.text);
            let x = area.x + (col * entry_w) as u16;
            let style = if i + 1 == view.moves.len() {
                theme.title()
            } else {
                Style::new()
            };
            put(buf, area, x, y, &text, style);
        }
    }
}

/// The mark before a four-player move: the seat's letter (shogi) or the
/// mark on its pieces (chess).
fn move_mark(game: &AnyGame, seat: Seat, theme: Theme) -> String {
    match game {
        AnyGame::Chess4(_) => boards::chess4::seat_mark(seat, theme.ascii).to_string(),
        _ => shogi4::seat_letter(seat).to_string(),
    }
}
