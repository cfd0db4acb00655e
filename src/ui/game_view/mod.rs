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
use super::text::{put, width, wrap};
use crate::hall::time_control::Showing;
use crate::hall::{Occupant, Phase, RoomView};
use crate::i18n::Msg;
use crate::rules::AnyGame;
use crate::rules::shogi::notation::Notation;
use crate::rules::vocab::{Move, Seat, SeatSet, Square, Verdict};
use crate::{msg, tr};
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

/// A seat's name at this game in the reader's language: `☗ sente` /
/// `☖ gote` for shogi, `S South` … `E East` for four-player shogi, `● Red`
/// … `◆ Green` for four-player chess (the letter or mark is the one on the
/// seat's pieces).
pub fn seat_name(game: &AnyGame, seat: Seat, theme: Theme) -> String {
    match game {
        AnyGame::Chess4(_) => chess4::seat_name(seat, theme),
        AnyGame::Shogi4(_) => shogi4::seat_name(seat, theme),
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

/// The bracketed word after a seat's name: its place at the end, `out`
/// once mated, `check` while in check.
pub(super) fn tag(game: &AnyGame, seat: Seat) -> Option<Msg> {
    if let Some(outcome) = game.outcome() {
        return Some(match &outcome.verdict {
            Verdict::Placings(places) => places.iter().find(|p| p.seat == seat).map_or_else(
                || msg!("game-tag-none"),
                |p| msg!("game-tag-place", place = p.place),
            ),
            Verdict::Win(winners) if winners.contains(seat) => msg!("game-tag-won"),
            Verdict::Win(_) => msg!("game-tag-lost"),
            Verdict::Draw => msg!("game-tag-draw"),
        });
    }
    if !game.seats().is_active(seat) {
        Some(msg!("game-tag-out"))
    } else if game.checked().contains(seat) {
        Some(msg!("game-tag-check", kind = game.kind().name()))
    } else {
        None
    }
}

/// After a seat's name at `at`: its [`tag`] in brackets, if any, then
/// who sits there.
pub(super) fn tag_and_who(
    buf: &mut Buffer,
    area: Rect,
    at: (u16, u16),
    view: &RoomView,
    seat: Seat,
    seats: SeatSet,
    theme: Theme,
) {
    let (mut x, y) = at;
    if let Some(tag) = tag(&view.game, seat) {
        let tag = format!("[{}]", theme.text(&tag));
        x = put(buf, area, x + 1, y, &tag, theme.alert());
    }
    put_who(buf, area, (x + 1, y), view, seat, seats, theme);
}

/// Puts who sits in `seat` at `at`: the seat's game clock first (a long
/// name is what a narrow panel cuts), shown reversed while it runs (and
/// as a warning in its last ten seconds), then the name.
pub(super) fn put_who(
    buf: &mut Buffer,
    area: Rect,
    at: (u16, u16),
    view: &RoomView,
    seat: Seat,
    seats: SeatSet,
    theme: Theme,
) {
    let (mut x, y) = at;
    if let Some(showing) = view.clock_showing(seat, std::time::Instant::now()) {
        let running = view.deadline.is_some() && view.game.to_move() == Some(seat);
        let sudden_death = view.settings.clock.is_some_and(|tc| tc.byoyomi_ms == 0);
        let urgent = match showing {
            Showing::Byoyomi { left_ms, .. } => left_ms <= 10_000,
            Showing::Main(left_ms) => sudden_death && left_ms <= 10_000,
            Showing::Flagged => false,
        };
        let style = match (running, urgent) {
            (false, _) => Style::new(),
            (true, true) => theme.alert().patch(theme.cursor()),
            (true, false) => theme.cursor(),
        };
        x = put(buf, area, x, y, &clock_text(showing), style) + 1;
    }
    put(
        buf,
        area,
        x,
        y,
        &who(view, seat, seats, theme),
        Style::new(),
    );
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

/// A game clock as it shows beside a name: `9:58` in main time, `27s ×2`
/// in byoyomi (seconds left in the period, periods left), `0:00` flagged.
pub fn clock_text(showing: Showing) -> String {
    let secs = |ms: u64| ms.div_ceil(1000);
    match showing {
        Showing::Main(ms) => format!("{}:{:02}", secs(ms) / 60, secs(ms) % 60),
        Showing::Byoyomi { left_ms, periods } => format!("{}s ×{periods}", secs(left_ms)),
        Showing::Flagged => "0:00".to_string(),
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
    let label = tr!(theme, "game-hand");
    let mut x = put(buf, area, area.x + 2, y, &label, theme.dim()) + 1;
    let hand = view.game.hand(seat);
    if hand.pieces.iter().all(|(_, n)| *n == 0) {
        let none = tr!(theme, "game-hand-empty");
        x = put(buf, area, x, y, &none, theme.dim()) + 1;
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

/// The turn line: whose turn and check (or the end of the game), and
/// apart from it the turn's countdown when the room has a turn limit.
pub(super) fn turn_line(view: &RoomView, theme: Theme) -> (String, Option<String>) {
    if view.phase == Phase::Finished {
        let line = match view.game.outcome() {
            Some(outcome) => tr!(theme, "game-over-reason", reason = outcome.reason.msg()),
            None => tr!(theme, "game-over"),
        };
        return (line, None);
    }
    let Some(seat) = view.game.to_move() else {
        return (String::new(), None);
    };
    let name = seat_name(&view.game, seat, theme);
    let line = if in_check(&view.game) {
        // Japanese says 王手 in shogi and チェック in chess.
        let kind = view.game.kind().name();
        tr!(theme, "game-to-move-check", seat = name, kind = kind)
    } else {
        tr!(theme, "game-to-move", seat = name)
    };
    // A game clock shows beside each name instead (the total left of a
    // turn, main time and periods together, would only confuse).
    let turn_limit = view.deadline.filter(|_| view.settings.clock.is_none());
    let time = turn_limit.map(|deadline| {
        let left = deadline.saturating_duration_since(Instant::now()).as_secs();
        tr!(theme, "game-time-left", seconds = left)
    });
    (line, time)
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
    let (turn, time) = turn_line(view, theme);
    let (end, x) = put_wrapped(buf, area, y, &turn, turn_style(view, theme));
    y = end;
    if let Some(time) = time {
        // Beside the turn where it fits, else on a line of its own.
        if x + 2 + width(&time) <= area.right() {
            put(buf, area, x + 2, y - 1, &time, Style::new());
        } else {
            put(buf, area, area.x, y, &time, Style::new());
            y += 1;
        }
    }
    if let Some(note) = note {
        y = put_wrapped(buf, area, y, &note, theme.alert()).0;
    }
    y = prompt(buf, panel, y) - 1;
    let bottom = area.bottom().saturating_sub(reserve);
    let list = Rect::new(area.x, y + 1, area.width, bottom.saturating_sub(y + 1));
    move_list(buf, list, view, ui.scroll, theme);
}

/// Draws [`prompt_line`] from row `y`; the row after it.
fn prompt(buf: &mut Buffer, panel: &Panel, y: u16) -> u16 {
    let Panel {
        area,
        view,
        ui,
        seats,
        theme,
    } = *panel;
    let (prompt, alert) = prompt_line(view, ui, seats, area.width, theme);
    let style = if alert { theme.alert() } else { theme.dim() };
    put_wrapped(buf, area, y, &prompt, style).0
}

/// The most rows [`put_wrapped`] takes: what is longer is cut on the last.
const WRAP_ROWS: usize = 2;

/// Draws `text` from row `y` at the left of `area`, wrapped to its width
/// (see [`wrap`]) on up to [`WRAP_ROWS`] rows; the row after the text and
/// the column after its last row.
fn put_wrapped(buf: &mut Buffer, area: Rect, y: u16, text: &str, style: Style) -> (u16, u16) {
    let mut row = y;
    let mut x = area.x;
    for line in wrap_glued(text, area.width).iter().take(WRAP_ROWS) {
        x = put(buf, area, area.x, row, line, style);
        row += 1;
    }
    (row, x)
}

/// `text` wrapped (see [`wrap`]), a one-character word kept with the next
/// one: a seat's mark with its name (`● Red`), and Polish `i`, `w`, `z`
/// never end a row.
fn wrap_glued(text: &str, cols: u16) -> Vec<String> {
    let mut glued = String::with_capacity(text.len());
    let mut word = 0;
    for c in text.chars() {
        // A no-break space after a one-character word: no row ends there.
        glued.push(if c == ' ' && word == 1 { '\u{a0}' } else { c });
        word = if c == ' ' { 0 } else { word + 1 };
    }
    let rows = wrap(&glued, cols);
    rows.into_iter().map(|r| r.replace('\u{a0}', " ")).collect()
}

/// The line under the turn: a question, the new-round agreement, or a hint.
fn prompt_line(
    view: &RoomView,
    ui: &GameScreen,
    seats: SeatSet,
    width: u16,
    theme: Theme,
) -> (String, bool) {
    if let Some(question) = ui.promotion {
        return (question.prompt(width, theme), true);
    }
    match ui.confirm {
        Some(Confirm::Resign) => return (tr!(theme, "game-confirm-resign"), true),
        Some(Confirm::Leave) => return (tr!(theme, "game-confirm-leave"), true),
        None => {}
    }
    if view.phase == Phase::Finished {
        return (new_round_line(view, theme), false);
    }
    let hint = if seats == SeatSet::EMPTY {
        msg!("game-watching")
    } else {
        match (acting_seat(view, seats), ui.picked) {
            (Some(_), Some(_)) => msg!("game-choose-square"),
            (Some(_), None) => msg!("game-your-move"),
            (None, _) if view.game.seats().count() > 2 => msg!("game-waiting-others"),
            (None, _) => msg!("game-waiting-opponent"),
        }
    };
    (theme.text(&hint), false)
}

/// `New round (n): alice yes, bob ?`: each human once, however many
/// seats they play (a same-device table is one person). The answers are
/// separate items, not a sentence: the language's list separator joins
/// them.
fn new_round_line(view: &RoomView, theme: Theme) -> String {
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
        names.push(if agreed {
            tr!(theme, "game-new-round-agreed", name = name)
        } else {
            tr!(theme, "game-new-round-asked", name = name)
        });
    }
    let names = names.join(&tr!(theme, "list-separator"));
    tr!(theme, "game-new-round", names = names)
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
    put(
        buf,
        area,
        area.x,
        area.y,
        &tr!(theme, "game-moves"),
        theme.title(),
    );
    let rows = usize::from(area.height - 1);
    let four = view.game.seats().count() > 2;
    let texts = move_texts(view, theme);
    // Japanese moves carry their side's mark (`▲７六歩`).
    let marked = matches!(view.game, AnyGame::Shogi(_)) && theme.notation == Notation::Japanese;
    let entry_w = entry_width(&view.game, &texts);
    let cols = (usize::from(area.width) / entry_w).max(1);
    let lines = view.moves.len().div_ceil(cols);
    let last = lines.saturating_sub(scroll.min(lines.saturating_sub(rows)));
    let first = last.saturating_sub(rows);
    for line in first..last {
        let y = area.y + 1 + (line - first) as u16;
        for col in 0..cols {
            let i = line * cols + col;
            let (Some(mv), Some(written)) = (view.moves.get(i), texts.get(i)) else {
                break;
            };
            let ascii = theme.ascii(crate::rules::GameKind::Shogi) || marked;
            let mark = match (four, ascii, mv.seat.0 % 2) {
                (true, _, _) => move_mark(&view.game, mv.seat, theme) + " ",
                (false, true, _) => String::new(),
                (false, false, 0) => "☗".into(),
                (false, false, _) => "☖".into(),
            };
            let text = format!("{:>3} {mark}{written}", i + 1);
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

/// The moves as the reader chose to see them: two-player shogi in their
/// notation (written from the position the game began in), the other
/// games in their own.
fn move_texts(view: &RoomView, theme: Theme) -> Vec<String> {
    let given: Vec<&str> = view.moves.iter().map(|m| m.text.as_str()).collect();
    view.opening.write_moves(&given, theme.notation)
}

/// The columns a move list entry takes: room for the longest move of the
/// game (`d10-d11=Q` in chess), or of this list when its notation writes
/// longer ones (`▲２二銀右上不成`), with its number, mark and a space.
fn entry_width(game: &AnyGame, texts: &[String]) -> usize {
    let least = match game {
        AnyGame::Chess4(_) => 16usize,
        AnyGame::Shogi4(_) => 13,
        AnyGame::Shogi(_) => 12,
    };
    let longest = texts.iter().map(|t| usize::from(width(t))).max();
    least.max(longest.unwrap_or(0) + 6)
}

/// The mark before a four-player move: the seat's letter (shogi) or the
/// mark on its pieces (chess).
fn move_mark(game: &AnyGame, seat: Seat, theme: Theme) -> String {
    match game {
        AnyGame::Chess4(_) => boards::chess4::seat_mark(seat, theme.pieces.chess).to_string(),
        _ => shogi4::seat_letter(seat).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Theme, chess4, shogi, shogi4, width, wrap_glued as wrap};
    use crate::i18n::Lang;
    use crate::rules::GameKind;
    use crate::rules::vocab::Seat;
    use crate::{msg, tr};

    /// Columns of the side panel beside two-player and four-player shogi
    /// at 80×24 (four-player chess has 34), and at 60×20, where texts
    /// wrap on two rows.
    const WIDE: u16 = 31;
    const NARROW: u16 = 20;

    fn fits(text: &str, rows: usize, cols: u16) -> bool {
        let lines = wrap(text, cols);
        lines.len() <= rows && lines.iter().all(|l| width(l) <= cols)
    }

    #[test]
    fn panel_texts_fit_the_panel_in_every_language() {
        for lang in Lang::ALL {
            let theme = Theme {
                lang,
                ..Theme::default()
            };
            let mut texts = Vec::new();
            for kind in GameKind::HALL {
                for seat in (0..4).map(Seat) {
                    let name = match kind {
                        GameKind::Shogi if seat.0 < 2 => shogi::seat_name(seat, theme),
                        GameKind::Shogi => continue,
                        GameKind::Shogi4 => shogi4::seat_name(seat, theme),
                        GameKind::Chess4 => chess4::seat_name(seat, theme),
                    };
                    let kind = kind.name();
                    texts.push(tr!(theme, "game-to-move", seat = &name));
                    texts.push(tr!(theme, "game-to-move-check", seat = &name, kind = kind));
                }
            }
            for msg in [
                msg!("game-confirm-resign"),
                msg!("game-confirm-leave"),
                msg!("game-watching"),
                msg!("game-choose-square"),
                msg!("game-your-move"),
                msg!("game-waiting-others"),
                msg!("game-waiting-opponent"),
                msg!("game-over"),
                msg!("game-free-for-all"),
                msg!("game-time-left", seconds = 60),
                msg!("promotion-promote-or-not"),
                msg!("game-new-round", names = "alice ?"),
            ] {
                texts.push(theme.text(&msg));
            }
            for text in &texts {
                assert!(fits(text, 1, WIDE), "{lang:?} at 80 columns: {text}");
                assert!(fits(text, 2, NARROW), "{lang:?} at 60 columns: {text}");
            }
            // The hand line: the label, then four kinds in the pieces the
            // language starts with.
            let style = lang.default_pieces().shogi;
            let glyph = |kind| crate::ui::boards::shogi::glyph(kind, false, style);
            use crate::rules::vocab::PieceKind::{Gold, Knight, Pawn, Silver};
            let hand = format!(
                "  {} {}2 {} {} {}",
                tr!(theme, "game-hand"),
                glyph(Pawn),
                glyph(Gold),
                glyph(Silver),
                glyph(Knight)
            );
            assert!(width(&hand) <= NARROW, "{lang:?}: {hand}");
            // Four-player shogi's note takes two rows at 80 columns.
            let seats = |s: &[u8]| {
                let seats = s.iter().map(|s| GameKind::Shogi4.seat_msg(Seat(*s)).into());
                crate::i18n::Arg::List(seats.collect())
            };
            let note = tr!(
                theme,
                "game-check-priority",
                seat = GameKind::Shogi4.seat_msg(Seat(3)),
                skipped = seats(&[1, 2]),
            );
            assert!(fits(&note, 2, WIDE), "{lang:?}: {note}");
        }
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_between_kanji() {
        assert_eq!(wrap("Your move.", 20), ["Your move."]);
        assert_eq!(
            wrap("Choose a square (Esc: put back)", 20),
            ["Choose a square", "(Esc: put back)"]
        );
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        // A mark stays with its name.
        assert_eq!(wrap("Ruch: ● Czerwony", 14), ["Ruch:", "● Czerwony"]);
        assert_eq!(wrap("Ruch: ● Czerwony", 7), ["Ruch:", "● Czerw", "ony"]);
        // Two cells a kanji: 9 columns hold four.
        assert_eq!(
            wrap("他の対局者の手番です", 9),
            ["他の対局", "者の手番", "です"]
        );
        assert_eq!(wrap("", 5), [""]);
    }
}
