//! The local terminal, set up as an SSH session asks the client's to be
//! (raw mode, the alternate screen, no cursor, mouse reports, bracketed
//! paste) and put back as it was on every way out: [`Screen`]'s drop
//! (a quit, an error, a signal) and a panic hook (a panic in the UI).
//!
//! Restoring is idempotent: the hook and the drop may both run.

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableBracketedPaste, EnableBracketedPaste};
use ratatui::crossterm::execute;
use ratatui::crossterm::style::{Print, ResetColor};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;
use std::io::{self, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::thread::ThreadId;

/// Mouse reports of presses and drags, SGR-encoded: what SSH sessions ask
/// for. crossterm's `EnableMouseCapture` also asks for every motion
/// (`?1003h`), which would wake the UI at each move of the mouse.
const MOUSE_ON: &str = "\x1b[?1000h\x1b[?1002h\x1b[?1006h";

/// The reverse of [`MOUSE_ON`].
const MOUSE_OFF: &str = "\x1b[?1006l\x1b[?1002l\x1b[?1000l";

/// Whether the terminal is (possibly partly) set up and not restored yet.
static ENTERED: AtomicBool = AtomicBool::new(false);

/// The thread the UI runs on: only its panics end the program, so only
/// they restore the terminal (a panic caught on another thread, e.g. in a
/// CPU search, must not leave the running UI in cooked mode).
static UI_THREAD: Mutex<Option<ThreadId>> = Mutex::new(None);

/// The terminal in the UI's modes; restored when dropped.
pub struct Screen {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Screen {
    /// Sets the terminal up; whatever was set before a failure is undone.
    pub fn enter() -> io::Result<Screen> {
        install_panic_hook();
        *UI_THREAD.lock().unwrap_or_else(|e| e.into_inner()) = Some(std::thread::current().id());
        ENTERED.store(true, Ordering::SeqCst);
        match set_up() {
            Ok(terminal) => Ok(Screen { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }

    /// The ratatui terminal to draw on.
    pub fn terminal(&mut self) -> &mut Terminal<CrosstermBackend<Stdout>> {
        &mut self.terminal
    }

    /// Rings the terminal bell (BEL), between frames: never inside a
    /// frame's escape sequences.
    pub fn bell(&mut self) -> io::Result<()> {
        let out = self.terminal.backend_mut();
        out.write_all(&[crate::ssh::session::BEL])?;
        out.flush()
    }

    /// Takes the window's new size and clears, so that the next frame is
    /// drawn whole (the terminal may have reflowed or cut what it showed).
    pub fn resize(&mut self) -> io::Result<()> {
        let (cols, rows) = ratatui::crossterm::terminal::size()?;
        self.terminal.resize(Rect::new(0, 0, cols, rows))
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Raw mode, the alternate screen, a hidden cursor, mouse reports and
/// bracketed paste; then a terminal of the window's size.
fn set_up() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    enable_raw_mode()?;
    let mut out = io::stdout();
    execute!(
        out,
        EnterAlternateScreen,
        Hide,
        EnableBracketedPaste,
        Print(MOUSE_ON)
    )?;
    let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
    terminal.clear()?;
    Ok(terminal)
}

/// Puts the terminal back as it was, once; errors are ignored (the
/// terminal may be gone: a hang-up).
pub fn restore() {
    if !ENTERED.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = execute!(
        io::stdout(),
        ResetColor,
        DisableBracketedPaste,
        Print(MOUSE_OFF),
        Show,
        LeaveAlternateScreen
    );
    let _ = disable_raw_mode();
}

/// Restores the terminal before a panic of the UI's thread is reported,
/// so that the report is readable and the shell usable; then the previous
/// hook (Rust's default: the message on stderr) runs.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let ui = *UI_THREAD.lock().unwrap_or_else(|e| e.into_inner());
            if ui == Some(std::thread::current().id()) {
                restore();
            }
            previous(info);
        }));
    });
}
