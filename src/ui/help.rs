//! The help overlay: every key of every screen on one page.

use super::Theme;
use super::text::{put, width, wrap};
use crate::i18n::Msg;
use crate::tr;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// What the left column of a help line shows.
#[derive(Clone, Copy)]
enum Keys {
    /// Nothing: the line is a section's title.
    Section,
    /// Keys, notation or marks, shown as they are.
    Shown(&'static str),
    /// A word (a game type): the catalog's message of that key.
    Word(&'static str),
}

use Keys::{Section, Shown as K, Word};

/// The help text: what the left column shows, and the catalog key of what
/// the keys do (or of the section's title).
const LINES: &[(Keys, &str)] = &[
    (Section, "help-everywhere"),
    (K("←↑↓→ / hjkl"), "help-cursor"),
    (K("Enter / Space"), "help-choose"),
    (K("Esc"), "help-back"),
    (K("?"), "help-help"),
    (K("L"), "help-settings"),
    (K("F2  F3"), "help-style"),
    (K("Ctrl-C"), "help-quit"),
    (Section, "help-lobby"),
    (K("Enter / w"), "help-join-watch"),
    (K("c  p"), "help-create-quick"),
    (K("v  s"), "help-vs-same"),
    (K("i"), "help-invite"),
    (K("r"), "help-ratings"),
    (K("b"), "help-bots"),
    (K("l"), "help-learn"),
    (K("q"), "help-quit"),
    (Section, "help-setup"),
    (K("←→ / Space"), "help-setup-change"),
    (K("c"), "help-setup-create"),
    (Section, "help-game"),
    (K("Enter"), "help-pick"),
    (K("Tab"), "help-hand"),
    (K("y / n"), "help-answer"),
    (K("r  d"), "help-resign-declare"),
    (K("n"), "help-new-round"),
    (K("e"), "help-export"),
    (K("v"), "help-review"),
    (K("PgUp / PgDn"), "help-scroll"),
    (K("s"), "help-start"),
    (K("1-4"), "help-cpu-seat"),
    (K("b"), "help-seat-bot"),
    (K("m"), "help-type-move"),
    (Word("help-key-m-chess"), "help-type-chess"),
    (Section, "help-learn-section"),
    (K("n  p"), "help-learn-next"),
    (K("r"), "help-learn-retry"),
    (Section, "help-shogi4-board"),
    (K("S W N E  -"), "help-shogi4-owner"),
    (K("▲▶▼◀  ^>v<"), "help-shogi4-facing"),
    (K("玉x  Kx  X"), "help-shogi4-flipped"),
    (K("[ ]  ( )  *"), "help-marks"),
    (Section, "help-chess4-board"),
    (K("● ▲ ■ ◆  r b y g"), "help-chess4-owner"),
    (K("K Q R B N P"), "help-chess4-pieces"),
    (K("xQ"), "help-chess4-eliminated"),
    (K("q r b n  Esc"), "help-chess4-promote"),
    (Word("help-key-teams"), "help-chess4-teams"),
    (Word("help-key-ffa"), "help-chess4-ffa"),
];

/// Where descriptions start, from a column's left edge (keys are two cells
/// in; wider keys push their description further).
const WHAT_X: u16 = 22;

/// One row of the page: keys (empty on a description's further rows), the
/// text, and whether it is a section's title.
struct Row {
    keys: String,
    text: String,
    section: bool,
    /// Where the text starts, from the column's left edge plus two.
    start: u16,
}

/// The page's rows for a column `col_w` cells wide: descriptions wrapped
/// to the column, so that nothing is cut whatever the language.
fn rows(theme: Theme, col_w: u16) -> Vec<Row> {
    let mut rows = Vec::new();
    for (keys, what) in LINES {
        let text = theme.text(&Msg::new(*what));
        let keys = match keys {
            Section => {
                for line in wrap(&text, col_w.saturating_sub(4)) {
                    rows.push(Row {
                        keys: String::new(),
                        text: line,
                        section: true,
                        start: 0,
                    });
                }
                continue;
            }
            K(keys) => keys.to_string(),
            Word(key) => theme.text(&Msg::new(*key)),
        };
        let start = WHAT_X.max(2 + width(&keys) + 2);
        // Two cells of margin on the right.
        let lines = wrap(&text, col_w.saturating_sub(2 + start + 2));
        for (i, line) in lines.into_iter().enumerate() {
            rows.push(Row {
                keys: if i == 0 { keys.clone() } else { String::new() },
                text: line,
                section: false,
                start,
            });
        }
    }
    rows
}

/// Draws the help page into `area` from row `scroll` on (one column, or
/// two on a wide screen), with a note when more rows are above or below;
/// returns the offset actually used (scrolling stops at the last row).
pub fn render(buf: &mut Buffer, area: Rect, theme: Theme, scroll: usize) -> usize {
    let title = tr!(theme, "help-title");
    let title_end = put(buf, area, area.x + 2, area.y, &title, theme.title());
    let columns = if area.width >= 120 { 2 } else { 1 };
    let col_w = area.width / columns as u16;
    let rows = rows(theme, col_w);
    let per_column = rows.len().div_ceil(columns);
    let visible = usize::from(area.height.saturating_sub(3)).max(1);
    let scroll = scroll.min(per_column.saturating_sub(visible));
    for (i, r) in rows.iter().enumerate() {
        let (col, line) = (i / per_column, i % per_column);
        if line < scroll || line >= scroll + visible {
            continue;
        }
        let y = area.y + 2 + (line - scroll) as u16;
        let x = area.x + 2 + col as u16 * col_w;
        if r.section {
            put(buf, area, x, y, &r.text, theme.title());
        } else {
            put(buf, area, x + 2, y, &r.keys, theme.alert());
            put(buf, area, x + r.start, y, &r.text, Style::new());
        }
    }
    let more = match (scroll > 0, scroll + visible < per_column) {
        (true, true) => tr!(theme, "help-more"),
        (false, true) => tr!(theme, "help-more-below"),
        (true, false) => tr!(theme, "help-more-above"),
        (false, false) => String::new(),
    };
    put(buf, area, title_end + 2, area.y, &more, theme.dim());
    scroll
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::ui::text::{screen_lines, solid};

    /// The page's rows in every language at the body sizes of 80×24,
    /// 60×20 and 160×50 terminals: every description is there whole (over
    /// as many rows as it needs), every row ends two cells before its
    /// column's edge, and scrolling shows every row as it is.
    #[test]
    fn every_line_of_help_fits_in_every_language() {
        for lang in Lang::ALL {
            let theme = Theme {
                lang,
                ..Theme::default()
            };
            for (w, h) in [(80, 21), (60, 17), (160, 47)] {
                let columns: usize = if w >= 120 { 2 } else { 1 };
                let col_w = w / columns as u16;
                let rows = rows(theme, col_w);
                let texts: Vec<String> = rows.iter().map(|r| r.text.clone()).collect();
                let all = solid(&texts.concat());
                for (_, what) in LINES {
                    let text = theme.text(&Msg::new(*what));
                    assert!(all.contains(&solid(&text)), "{lang:?} {w}: {text}");
                }
                for r in &rows {
                    let end = if r.section { 2 } else { 2 + r.start } + width(&r.text);
                    assert!(end <= col_w - 2, "{lang:?} {w}: {}", r.text);
                }
                let visible = usize::from(h - 3);
                let per_column = rows.len().div_ceil(columns);
                let mut seen = vec![false; rows.len()];
                for scroll in 0..per_column {
                    let area = Rect::new(0, 0, w, h);
                    let mut buf = Buffer::empty(area);
                    let used = render(&mut buf, area, theme, scroll);
                    let lines = screen_lines(&buf);
                    for line in &lines {
                        assert!(width(line) <= w - 2, "{lang:?} {w}x{h}: {line}");
                    }
                    for (k, line) in lines.iter().enumerate().skip(2) {
                        for col in 0..columns {
                            let i = col * per_column + used + k - 2;
                            if k - 2 < visible && i < rows.len().min((col + 1) * per_column) {
                                assert!(line.contains(&rows[i].text), "{lang:?}: {line}");
                                seen[i] = true;
                            }
                        }
                    }
                }
                assert!(
                    seen.iter().all(|s| *s),
                    "{lang:?} {w}x{h}: every row is shown"
                );
            }
        }
    }

    #[test]
    fn the_help_names_the_settings_and_piece_styles() {
        let rows = rows(Theme::default(), 80);
        let line = |keys: &str| rows.iter().find(|r| r.keys == keys).map(|r| r.text.clone());
        assert_eq!(
            line("L").as_deref(),
            Some("language and piece style settings")
        );
        assert_eq!(
            line("F2  F3").as_deref(),
            Some("piece style, colors on/off")
        );
    }
}
