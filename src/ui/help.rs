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
    ("", "Four-player shogi board"),
    ("S W N E  -", "owner of a piece (South … East; - ownerless)"),
    (
        "▲▶▼◀  ^>v<",
        "the way the piece faces (inherited ones differ)",
    ),
    ("玉x  X", "a mated player's king, turned over"),
    ("[ ]  ( )  *", "cursor, picked piece, legal destination"),
    ("n", "agree to a new round when the game is over"),
    ("e", "export the game (SFEN + USI moves, KIF; SFEN4)"),
    ("PgUp / PgDn", "scroll the move list"),
    ("s", "start now (host, waiting room)"),
];

/// Draws the help page into `area`.
pub fn render(buf: &mut Buffer, area: Rect, theme: Theme) {
    put(buf, area, area.x + 2, area.y, "Keys", theme.title());
    let columns = if area.width >= 120 { 2 } else { 1 };
    let per_column = LINES.len().div_ceil(columns);
    let col_w = area.width / columns as u16;
    for (i, (keys, what)) in LINES.iter().enumerate() {
        let col = (i / per_column) as u16;
        let y = area.y + 2 + (i % per_column) as u16;
        let x = area.x + 2 + col * col_w;
        if keys.is_empty() {
            put(buf, area, x, y, what, theme.title());
        } else {
            let end = put(buf, area, x + 2, y, keys, theme.alert());
            put(buf, area, end.max(x + 22), y, what, Style::new());
        }
    }
}
