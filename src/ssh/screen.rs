//! How large a session's screen is drawn. ratatui keeps two buffers of the
//! whole screen per session (about 80 bytes a cell), so the size a client
//! asks for is memory the server spends:
//!
//! - a window larger than [`ScreenCells`]'s maximum (`[limits]`
//!   `max_columns` × `max_rows`) is not drawn: a short note asks the
//!   player to make it smaller, drawn in a buffer of a few hundred cells;
//! - the sessions of one address share `[limits] cells_per_ip` cells: a
//!   session that would go over is drawn at a smaller size that fits (in
//!   the window's top-left corner), or, when what is left is smaller than
//!   a usable screen, shows the note. A session is never refused for its
//!   size, and gets its full size back at its next frame once the
//!   address's other screens have shrunk, closed or idled.

use crate::i18n::Lang;
use crate::tr;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Below this a reduced screen is not worth drawing (the note is shown
/// instead); a window smaller than this is drawn at its own size.
pub const MIN_USEFUL: (u16, u16) = (80, 24);

/// The note's buffer, at most (it is cut to the window).
pub const NOTE_SIZE: (u16, u16) = (72, 6);

/// What a session draws for the window it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// The app, at this size: the window's, or smaller to fit the
    /// address's allowance.
    Draw(u16, u16),
    /// The window is larger than the server draws: the note asks for at
    /// most `max`.
    TooBig {
        /// The largest size drawn.
        max: (u16, u16),
    },
    /// The address's other screens hold its allowance: the note asks to
    /// close one or shrink this window.
    Crowded,
}

impl Fit {
    /// The screen cells this fit holds in the address's allowance.
    pub fn cells(self) -> u64 {
        match self {
            Fit::Draw(cols, rows) => u64::from(cols) * u64::from(rows),
            _ => 0,
        }
    }

    /// The size of the buffers to draw it in, for a window of `window`.
    pub fn buffer(self, window: (u16, u16)) -> (u16, u16) {
        match self {
            Fit::Draw(cols, rows) => (cols, rows),
            _ => (window.0.min(NOTE_SIZE.0), window.1.min(NOTE_SIZE.1)),
        }
    }
}

/// What a `window` (columns, rows) is drawn as, with screens up to `max`
/// and `available` cells left to the address.
pub fn fit(window: (u16, u16), max: (u16, u16), available: u64) -> Fit {
    let (cols, rows) = window;
    if cols > max.0 || rows > max.1 {
        return Fit::TooBig { max };
    }
    let cells = u64::from(cols) * u64::from(rows);
    if cells <= available {
        return Fit::Draw(cols, rows);
    }
    // Both sides scaled by the same factor, so the shape stays.
    let scale = (available as f64 / cells as f64).sqrt();
    let fitted = |n: u16| ((f64::from(n) * scale).floor() as u16).max(1);
    let (c, r) = (fitted(cols), fitted(rows));
    let useful = c >= cols.min(MIN_USEFUL.0) && r >= rows.min(MIN_USEFUL.1);
    if useful && u64::from(c) * u64::from(r) <= available {
        Fit::Draw(c, r)
    } else {
        Fit::Crowded
    }
}

/// Screen cells held per address, and the largest screen drawn.
pub struct ScreenCells {
    per_ip: u64,
    max: (u16, u16),
    held: Mutex<HashMap<IpAddr, u64>>,
}

impl ScreenCells {
    /// An allowance of `per_ip` cells for each address, screens up to
    /// `max`.
    pub fn new(per_ip: u64, max: (u16, u16)) -> Arc<ScreenCells> {
        Arc::new(ScreenCells {
            per_ip,
            max,
            held: Mutex::new(HashMap::new()),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, u64>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A lease for one session from `ip`, holding nothing yet.
    pub fn lease(self: &Arc<Self>, ip: IpAddr) -> CellLease {
        CellLease {
            cells: self.clone(),
            ip,
            held: 0,
        }
    }

    /// The cells `ip`'s sessions hold.
    pub fn held(&self, ip: IpAddr) -> u64 {
        self.lock().get(&ip).copied().unwrap_or(0)
    }

    /// Sets what one lease of `ip` holds from `from` to what `window`
    /// fits in; returns the fit.
    fn refit(&self, ip: IpAddr, from: u64, window: (u16, u16)) -> Fit {
        let mut held = self.lock();
        let others = held.get(&ip).copied().unwrap_or(0).saturating_sub(from);
        let fit = fit(window, self.max, self.per_ip.saturating_sub(others));
        let total = others + fit.cells();
        if total == 0 {
            held.remove(&ip);
        } else {
            held.insert(ip, total);
        }
        fit
    }
}

/// One session's share of its address's cells; given back when dropped.
pub struct CellLease {
    cells: Arc<ScreenCells>,
    ip: IpAddr,
    held: u64,
}

impl CellLease {
    /// What a `window` is drawn as now, holding the cells it needs.
    pub fn fit(&mut self, window: (u16, u16)) -> Fit {
        let fit = self.cells.refit(self.ip, self.held, window);
        self.held = fit.cells();
        fit
    }

    /// Gives the cells back (the screen buffers were released).
    pub fn release(&mut self) {
        if self.held > 0 {
            self.cells.refit(self.ip, self.held, (0, 0));
            self.held = 0;
        }
    }
}

impl Drop for CellLease {
    fn drop(&mut self) {
        self.release();
    }
}

/// What the note says for `fit` in a window of `window`, in `lang`.
pub fn note_text(fit: Fit, window: (u16, u16), lang: Lang) -> String {
    let (cols, rows) = window;
    match fit {
        Fit::TooBig { max: (mc, mr) } => tr!(
            lang,
            "ssh-window-too-big",
            cols = cols,
            rows = rows,
            max_cols = mc,
            max_rows = mr
        ),
        _ => lang.t("ssh-window-crowded"),
    }
}

/// Draws the note for `fit` (a window of `window`) into `frame`, in
/// Draws the note for `fit` (a window of `window`) into `frame`, in
/// `lang`.
pub fn render_note(frame: &mut Frame, fit: Fit, window: (u16, u16), lang: Lang) {
    let area: Rect = frame.area();
    let text = Paragraph::new(note_text(fit, window, lang)).wrap(Wrap { trim: true });
    frame.render_widget(text, area);
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: (u16, u16) = (300, 100);

    #[test]
    fn a_window_within_the_allowance_is_drawn_at_its_size() {
        assert_eq!(fit((80, 24), MAX, 200_000), Fit::Draw(80, 24));
        assert_eq!(fit((300, 100), MAX, 30_000), Fit::Draw(300, 100));
        assert_eq!(fit((1, 1), MAX, 1), Fit::Draw(1, 1));
    }

    #[test]
    fn a_window_over_the_maximum_is_asked_to_shrink() {
        assert_eq!(fit((301, 50), MAX, 1 << 40), Fit::TooBig { max: MAX });
        assert_eq!(fit((100, 101), MAX, 1 << 40), Fit::TooBig { max: MAX });
        assert_eq!(fit((65535, 65535), MAX, 0), Fit::TooBig { max: MAX });
    }

    #[test]
    fn a_window_over_the_allowance_is_drawn_smaller_or_asked_to_shrink() {
        let Fit::Draw(c, r) = fit((300, 100), MAX, 10_000) else {
            panic!("a reduced screen");
        };
        assert!(u32::from(c) * u32::from(r) <= 10_000);
        assert!(c >= 170 && r >= 55, "the shape is kept: {c}×{r}");
        assert_eq!(fit((300, 100), MAX, 1000), Fit::Crowded);
        assert_eq!(fit((80, 24), MAX, 0), Fit::Crowded);
        // A small window is still drawn when its own size is left.
        assert_eq!(fit((40, 10), MAX, 400), Fit::Draw(40, 10));
    }

    #[test]
    fn the_sessions_of_one_address_share_its_cells() {
        let cells = ScreenCells::new(100_000, MAX);
        let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let mut leases: Vec<CellLease> = (0..3).map(|_| cells.lease(a)).collect();
        for lease in &mut leases {
            assert_eq!(lease.fit((300, 100)), Fit::Draw(300, 100));
        }
        assert_eq!(cells.held(a), 90_000);
        let mut fourth = cells.lease(a);
        let reduced = fourth.fit((300, 100));
        assert!(
            matches!(reduced, Fit::Draw(c, r) if c < 300 && r < 100),
            "{reduced:?}"
        );
        assert_eq!(cells.held(a), 90_000 + reduced.cells());
        assert!(cells.held(a) <= 100_000);
        let mut fifth = cells.lease(a);
        assert_eq!(fifth.fit((300, 100)), Fit::Crowded);
        assert_eq!(fifth.fit((300, 100)).cells(), 0);
        // Another address has its own allowance.
        assert_eq!(cells.lease(b).fit((300, 100)), Fit::Draw(300, 100));
        // A refit keeps a lease's own cells; a closed session gives its
        // cells back, and the others grow at their next fit.
        assert_eq!(fourth.fit((300, 100)), reduced);
        leases.pop();
        assert_eq!(fourth.fit((300, 100)), Fit::Draw(300, 100));
        // A release (idle) gives the cells back too.
        fourth.release();
        assert_eq!(cells.held(a), 60_000);
        drop((leases, fourth, fifth));
        assert_eq!(cells.held(a), 0);
        assert!(cells.lock().get(&a).is_none(), "no entry kept for nothing");
    }

    #[test]
    fn the_note_is_small_and_says_what_to_do() {
        let big = Fit::TooBig { max: MAX };
        assert_eq!(big.buffer((512, 256)), NOTE_SIZE);
        assert_eq!(big.buffer((400, 3)), (NOTE_SIZE.0, 3));
        assert!(note_text(big, (512, 256), Lang::En).contains("512×256"));
        assert!(note_text(big, (512, 256), Lang::En).contains("300×100"));
        assert!(note_text(Fit::Crowded, (80, 24), Lang::En).contains("Close one"));
        let ja = note_text(big, (512, 256), Lang::Ja);
        assert!(ja.contains("512×256") && ja.contains("ウィンドウ"), "{ja}");
    }
}
