//! The ratatui backend of a session: ratatui's `CrosstermBackend` (from
//! ratatui's default `crossterm` feature; banmen does not use the crossterm
//! crate directly) writing its escape sequences into an in-memory buffer
//! instead of the server's own terminal.
//!
//! `CrosstermBackend` asks the *server's* terminal for its size and cursor;
//! over SSH there is none (or worse, it is the admin's). [`SshBackend`]
//! reports the client's pty size, set from `pty-req` / `window-change`,
//! and a fixed cursor position, and collects each frame's bytes for the
//! session to send down the channel.

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// The bytes written since the last [`SshBackend::take_output`]. Shared
/// between the backend's writer and the backend itself, because the
/// writer inside `CrosstermBackend` is not reachable on stable ratatui.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Sink {
    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A backend that draws into memory for one SSH client.
pub struct SshBackend {
    inner: CrosstermBackend<Sink>,
    sink: Sink,
    size: Size,
}

impl SshBackend {
    /// A backend for a client whose terminal is `cols` × `rows`.
    pub fn new(cols: u16, rows: u16) -> SshBackend {
        let sink = Sink::default();
        SshBackend {
            inner: CrosstermBackend::new(sink.clone()),
            sink,
            size: Size::new(cols, rows),
        }
    }

    /// Records the client's new size (call `Terminal::resize` too).
    pub fn set_size(&mut self, cols: u16, rows: u16) {
        self.size = Size::new(cols, rows);
    }

    /// The escape sequences written since the last call.
    pub fn take_output(&mut self) -> Vec<u8> {
        self.sink.take()
    }
}

impl Backend for SshBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    /// Fixed: asking the client would need a round trip through its input.
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(Position::ORIGIN)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::new(0, 0),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::widgets::Paragraph;
    use ratatui::{Terminal, TerminalOptions, Viewport};

    fn terminal(cols: u16, rows: u16) -> Terminal<SshBackend> {
        let options = TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
        };
        Terminal::with_options(SshBackend::new(cols, rows), options).unwrap()
    }

    #[test]
    fn reports_the_pty_size_not_the_servers() {
        let mut t = terminal(80, 24);
        assert_eq!(t.size().unwrap(), Size::new(80, 24));
        assert_eq!(
            t.backend_mut().get_cursor_position().unwrap(),
            Position::ORIGIN
        );
        let frame = t
            .draw(|f| assert_eq!(f.area(), Rect::new(0, 0, 80, 24)))
            .unwrap();
        assert_eq!(frame.area, Rect::new(0, 0, 80, 24));
    }

    #[test]
    fn resizing_changes_the_frame_area() {
        let mut t = terminal(80, 24);
        t.backend_mut().set_size(100, 30);
        t.resize(Rect::new(0, 0, 100, 30)).unwrap();
        assert_eq!(t.size().unwrap(), Size::new(100, 30));
        t.draw(|f| assert_eq!(f.area(), Rect::new(0, 0, 100, 30)))
            .unwrap();
    }

    #[test]
    fn frames_are_collected_as_bytes() {
        let mut t = terminal(20, 3);
        t.draw(|f| f.render_widget(Paragraph::new("banmen"), f.area()))
            .unwrap();
        let bytes = t.backend_mut().take_output();
        let mut screen = vt100::Parser::new(3.try_into().unwrap(), 20.try_into().unwrap(), 0);
        screen.process(&bytes);
        assert!(screen.screen().contents().starts_with("banmen"));
        assert!(t.backend_mut().take_output().is_empty());
    }
}
