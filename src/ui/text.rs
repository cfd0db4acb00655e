//! Small drawing helpers shared by the screens: clipped text, centered
//! messages, safe rectangles. Everything here clips to the given area, so
//! no screen can write outside the frame whatever its size.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Writes `text` at (`x`, `y`) clipped to `area`; returns the column after it.
pub fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) -> u16 {
    let area = area.intersection(buf.area);
    if y < area.top() || y >= area.bottom() || x < area.left() || x >= area.right() {
        return x;
    }
    let room = usize::from(area.right() - x);
    buf.set_stringn(x, y, text, room, style).0
}

/// Display width of `text` in cells (kanji count two).
pub fn width(text: &str) -> u16 {
    u16::try_from(ratatui::text::Span::raw(text).width()).unwrap_or(u16::MAX)
}

/// Writes `text` centered on row `y` of `area`.
pub fn centered(buf: &mut Buffer, area: Rect, y: u16, text: &str, style: Style) {
    let w = width(text).min(area.width);
    let x = area.x + (area.width - w) / 2;
    put(buf, area, x, y, text, style);
}

/// One row of `area` (empty when `row` is outside it).
pub fn row(area: Rect, row: u16) -> Rect {
    if row >= area.height {
        return Rect::new(area.x, area.y, 0, 0);
    }
    Rect::new(area.x, area.y + row, area.width, 1)
}

/// Fills `area` with blanks (used under overlays).
pub fn clear(buf: &mut Buffer, area: Rect) {
    ratatui::widgets::Widget::render(ratatui::widgets::Clear, area.intersection(buf.area), buf);
}

/// `text` followed by spaces up to `cells` display cells (as `{:<n}` pads
/// by characters, which is wrong for kanji); longer text is left as it is.
pub fn pad(text: &str, cells: u16) -> String {
    let fill = usize::from(cells.saturating_sub(width(text)));
    format!("{text}{}", " ".repeat(fill))
}

/// The longest start of `text` that fits `cells` display cells.
pub fn fit(text: &str, cells: u16) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) as u16;
        if used + w > cells {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

/// `text` broken into lines of at most `cells` display cells where the
/// Unicode line-breaking rules allow: at spaces, and between the
/// characters of Japanese (never before a closing mark such as `、` `。`
/// `）` nor after an opening one); a word longer than a line is cut.
pub fn wrap(text: &str, cells: u16) -> Vec<String> {
    let lines = textwrap::wrap(text, usize::from(cells.max(2)));
    lines
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

/// `text` without its spaces: wrapped text compares whole (for the
/// screens' tests).
#[cfg(test)]
pub fn solid(text: &str) -> String {
    text.split_whitespace().collect()
}

/// A buffer as text lines, the blank cell after a wide character left
/// out, trailing blanks trimmed (for the screens' tests).
#[cfg(test)]
pub fn screen_lines(buf: &Buffer) -> Vec<String> {
    (buf.area.top()..buf.area.bottom())
        .map(|y| {
            let mut line = String::new();
            let mut skip = 0;
            for x in buf.area.left()..buf.area.right() {
                let symbol = buf[(x, y)].symbol();
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                skip = usize::from(width(symbol)).saturating_sub(1);
                line.push_str(symbol);
            }
            line.trim_end().to_string()
        })
        .collect()
}
