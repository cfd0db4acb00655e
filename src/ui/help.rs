//! The help overlay: every key of every screen on one page.

use super::Theme;
use super::text::put;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The help text: (keys, what they do); a key of `""` starts a section.
const LINES: &[(&str, &str)] = &[
    ("", "Everywhere"),
    ("arrows / hjkl", "move the cursor or the selection"),
    ("Enter / Space", "choose; mouse clicks work too"),
    ("Esc", "back, cancel, leave"),
    ("?", "this help (Esc closes it)"),
    ("Ctrl-C", "quit"),
    ("F2  F3", "kanji/ASCII pieces, colors on/off"),
    ("", "Lobby"),
    ("Enter / w", "join / watch the selected public room"),
    ("c  p", "create a room / quick play"),
    ("v  s", "play vs computer / same device"),
    ("i", "type an invite code, Enter joins"),
    (
        "r",
        "ratings: leaderboards (←→ game), Enter a profile, m yours",
    ),
    ("q", "quit"),
    ("", "Create room"),
    ("left/right, Space", "change the selected setting"),
    ("c", "create the room"),
    ("", "Game"),
    ("Enter", "pick a piece, then Enter on a marked square"),
    ("Tab", "go to your hand to drop a piece"),
    ("y / n", "answer: promote? resign? leave?"),
    (
        "r  d",
        "resign (not in four-player shogi) / declare the entering king",
    ),
    ("n", "agree to a new round when the game is over"),
    ("e", "export the game (SFEN + USI moves, KIF; SFEN4; FEN4)"),
    ("PgUp / PgDn", "scroll the move list"),
    ("s", "start now (host, waiting room)"),
    ("1-4", "CPU in that seat / its next level (host)"),
    ("m", "type a move: 7g7f, P*5e (four-player: e3e4, P*e5)"),
    (
        "m (chess)",
        "e2-e4; h1-j1 castles; d10-d11 asks for the piece",
    ),
    ("", "Four-player shogi board"),
    ("S W N E  -", "owner of a piece (South … East; - ownerless)"),
    (
        "▲▶▼◀  ^>v<",
        "the way the piece faces (inherited ones differ)",
    ),
    ("玉x  X", "a mated player's king, turned over"),
    ("[ ]  ( )  *", "cursor, picked piece, legal destination"),
    ("", "Four-player chess board"),
    ("● ▲ ■ ◆  r b y g", "owner: Red, Blue, Yellow, Green"),
    ("K Q R B N P", "king, queen, rook, bishop, knight, pawn"),
    ("xQ", "grey: an eliminated player's piece, 0 points"),
    (
        "q r b n  Esc",
        "promote to queen, rook, bishop, knight / cancel",
    ),
    (
        "teams",
        "Red + Yellow vs Blue + Green; promote on your 11th rank",
    ),
    (
        "free-for-all",
        "for points; pawns become queens on your 8th rank",
    ),
];

/// Draws the help page into `area` from line `scroll` on (one column, or
/// two on a wide screen), with a note when more lines are above or below;
/// returns the offset actually used (scrolling stops at the last line).
pub fn render(buf: &mut Buffer, area: Rect, theme: Theme, scroll: usize) -> usize {
    put(buf, area, area.x + 2, area.y, "Keys", theme.title());
    let columns = if area.width >= 120 { 2 } else { 1 };
    let per_column = LINES.len().div_ceil(columns);
    let visible = usize::from(area.height.saturating_sub(3)).max(1);
    let scroll = scroll.min(per_column.saturating_sub(visible));
    let col_w = area.width / columns as u16;
    for (i, (keys, what)) in LINES.iter().enumerate() {
        let (col, line) = (i / per_column, i % per_column);
        if line < scroll || line >= scroll + visible {
            continue;
        }
        let y = area.y + 2 + (line - scroll) as u16;
        let x = area.x + 2 + col as u16 * col_w;
        if keys.is_empty() {
            put(buf, area, x, y, what, theme.title());
        } else {
            let end = put(buf, area, x + 2, y, keys, theme.alert());
            put(buf, area, end.max(x + 22), y, what, Style::new());
        }
    }
    let more = match (scroll > 0, scroll + visible < per_column) {
        (true, true) => "↑↓ more",
        (false, true) => "↓ more below",
        (true, false) => "↑ more above",
        (false, false) => "",
    };
    put(buf, area, area.x + 8, area.y, more, theme.dim());
    scroll
}
