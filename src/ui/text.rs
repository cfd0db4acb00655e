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
