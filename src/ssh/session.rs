//! One interactive session: the app, its terminal, the input decoder and
//! the channel's output, driven by a single task.
//!
//! Each connection's handler forwards input bytes and window sizes here;
//! this task owns everything else, so no lock is shared between players.
//! Output goes through a small bounded queue to a writer task that waits
//! for the client's SSH window. Frames are drawn only when that queue has
//! room: while a client is slow, the states in between are never rendered
//! (stale frames are dropped before they exist), and after a stall the
//! next frame is a full redraw. Frames are also paced ([`super::pace`]):
//! a storm of changes (resizes, lobby updates) is drawn once an interval,
//! in its latest state. The screen's size is chosen by [`super::screen`]:
//! a window too large, or over its address's allowance, is asked to
//! shrink or drawn smaller.

use super::app::SessionApp;
use super::backend::SshBackend;
use super::input::InputDecoder;
use super::output::{end_channel, send_or_give_up};
use super::pace::Pace;
use super::screen::{CellLease, Fit, render_note};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use russh::ChannelWriteHalf;
use russh::server::Msg;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

/// Alternate screen, clear, hidden cursor, mouse reports (press, drag;
/// SGR encoding) and bracketed paste.
pub const ENTER: &[u8] =
    b"\x1b[?1049h\x1b[H\x1b[2J\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?2004h";

/// The reverse of [`ENTER`], leaving the client's terminal as it was.
pub const LEAVE: &[u8] = b"\x1b[0m\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[?25h\x1b[?1049l";

/// The terminal bell, sent after a frame when the app asks for it
/// ([`SessionApp::bell`]): after the frame's last escape sequence, never
/// inside one.
pub const BEL: u8 = 0x07;

/// Frames (or escape strings) waiting for the client; small on purpose.
const OUTPUT_QUEUE: usize = 4;

/// A frame that waited longer than this for room is drawn in full.
const STALL: Duration = Duration::from_millis(500);

/// How long a session may sit without drawing before its screen buffers
/// are released (and its cells given back to the address's allowance).
/// ratatui keeps two buffers of the whole screen (about 150 KiB at 80×24);
/// an idle player needs neither, and the next frame after a release is
/// simply drawn in full.
const IDLE_RELEASE: Duration = Duration::from_secs(5);

/// How long the goodbye (last frame, [`LEAVE`], close) may take.
const GOODBYE_TIMEOUT: Duration = Duration::from_secs(3);

/// What the session shows when the server stops.
pub fn shutdown_notice() -> crate::i18n::Msg {
    crate::msg!("notice-shutdown")
}

/// The channel ends a session works with.
pub struct SessionIo {
    /// The channel's sending half.
    pub write: ChannelWriteHalf<Msg>,
    /// Input bytes from the handler; closed when the client goes away.
    pub input: mpsc::Receiver<Vec<u8>>,
    /// The client's terminal size (columns, rows).
    pub size: watch::Receiver<(u16, u16)>,
    /// Becomes `true` when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// A session this long without input in the lobby is closed.
    pub lobby_idle: Duration,
    /// The session's share of its address's screen cells.
    pub cells: CellLease,
    /// The shortest time between frames, sustained.
    pub frame_interval: Duration,
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The player quit: restore the terminal, exit status 0.
    Quit,
    /// The server is stopping: a notice, restore, exit status 0.
    Shutdown,
    /// The client is gone: nothing to restore.
    Gone,
    /// Idle in the lobby too long: a notice, restore, exit status 0.
    Idle,
}

/// Runs a session until the player quits, the client leaves or the server
/// stops.
pub async fn run<A: SessionApp>(app: A, io: SessionIo) {
    let SessionIo {
        write,
        input,
        size,
        shutdown,
        lobby_idle,
        cells,
        frame_interval,
    } = io;
    let (out_tx, out_rx) = mpsc::channel(OUTPUT_QUEUE);
    let writer = tokio::spawn(write_out(write, out_rx));
    let window = *size.borrow();
    let mut session = Session {
        app,
        terminal: None,
        drawn: None,
        window,
        resized: false,
        cells,
        pace: Pace::new(frame_interval, tokio::time::Instant::now()),
        decoder: InputDecoder::new(),
        out: out_tx,
        dirty_since: Some(Instant::now()),
        last_input: Instant::now(),
        in_lobby: false,
        lobby_idle,
    };
    let end = session.drive(input, size, shutdown).await;
    session.finish(end, writer).await;
}

/// A terminal drawing into a fresh backend of the client's size.
pub fn new_terminal(cols: u16, rows: u16) -> std::io::Result<Terminal<SshBackend>> {
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
    };
    Terminal::with_options(SshBackend::new(cols, rows), options)
}

/// The state the session task owns.
struct Session<A> {
    app: A,
    /// The screen buffers; `None` until the first frame and while idle
    /// (see [`IDLE_RELEASE`]).
    terminal: Option<Terminal<SshBackend>>,
    /// What `terminal` was made for: the app at a size, or the note.
    drawn: Option<Fit>,
    /// The client's window (columns, rows).
    window: (u16, u16),
    /// The window changed since the last frame: the next is drawn in full
    /// (the client's terminal may have reflowed or cut what it showed).
    resized: bool,
    /// This session's cells in its address's allowance.
    cells: CellLease,
    pace: Pace,
    decoder: InputDecoder,
    out: mpsc::Sender<Vec<u8>>,
    /// Since when the screen has differed from what was last drawn.
    dirty_since: Option<Instant>,
    /// When the player last typed, or came to the lobby (for the lobby's
    /// idle limit).
    last_input: Instant,
    in_lobby: bool,
    lobby_idle: Duration,
}

impl<A: SessionApp> Session<A> {
    /// The event loop; returns why it stopped.
    async fn drive(
        &mut self,
        mut input: mpsc::Receiver<Vec<u8>>,
        mut size: watch::Receiver<(u16, u16)>,
        mut shutdown: watch::Receiver<bool>,
    ) -> End {
        if self.out.send(ENTER.to_vec()).await.is_err() {
            return End::Gone;
        }
        loop {
            if self.app.should_quit() {
                return End::Quit;
            }
            if *shutdown.borrow() {
                return End::Shutdown;
            }
            let in_lobby = self.app.in_lobby();
            if in_lobby && !self.in_lobby {
                // The idle time counts from arriving in the lobby.
                self.last_input = Instant::now();
            }
            self.in_lobby = in_lobby;
            let out = self.out.clone();
            let dirty = self.dirty_since.is_some();
            let draw_at = self.pace.next();
            let paced = dirty && draw_at > tokio::time::Instant::now();
            tokio::select! {
                // The server is stopping (or its signal is gone: same).
                _ = shutdown.changed() => return End::Shutdown,
                // Input from the player; `None` when the client left.
                bytes = input.recv() => match bytes {
                    Some(bytes) => {
                        self.last_input = Instant::now();
                        let events = self.decoder.feed(&bytes);
                        self.handle(events);
                    }
                    None => return End::Gone,
                },
                // The client's window changed size.
                changed = size.changed() => {
                    if changed.is_err() {
                        return End::Gone;
                    }
                    // Only a different size wakes this (the handler drops
                    // repeats); sizes sent in between are skipped.
                    self.window = *size.borrow_and_update();
                    self.resized = true;
                    self.mark_dirty();
                }
                // A possibly incomplete escape sequence (or a paste without
                // its end) waited long enough.
                _ = tokio::time::sleep(self.decoder.flush_after().unwrap_or_default()),
                    if self.decoder.flush_after().is_some() => {
                    let events = self.decoder.flush();
                    self.handle(events);
                }
                // Something the app shows changed (a room, a timer).
                _ = self.app.changed() => self.mark_dirty(),
                // Nobody typed for a long time in the lobby: free the place.
                _ = tokio::time::sleep_until((self.last_input + self.lobby_idle).into()),
                    if self.in_lobby => {
                    if self.last_input.elapsed() >= self.lobby_idle {
                        return End::Idle;
                    }
                }
                // Nothing happened for a while: free the screen buffers.
                _ = tokio::time::sleep(IDLE_RELEASE),
                    if self.terminal.is_some() && !dirty => {
                    self.release();
                }
                // Something to draw, but the last frames were recent.
                _ = tokio::time::sleep_until(draw_at), if paced => {}
                // There is room for a frame and something to draw.
                permit = out.reserve(), if dirty && !paced => match permit {
                    Ok(permit) => match self.frame() {
                        Ok(bytes) => {
                            self.pace.drew(tokio::time::Instant::now());
                            permit.send(bytes);
                        }
                        Err(_) => return End::Gone,
                    },
                    Err(_) => return End::Gone,
                },
            }
        }
    }

    fn handle(&mut self, events: Vec<termwiz::input::InputEvent>) {
        for event in &events {
            self.app.handle(event);
        }
        if !events.is_empty() {
            self.mark_dirty();
        }
    }

    fn mark_dirty(&mut self) {
        self.dirty_since.get_or_insert_with(Instant::now);
    }

    /// Frees the screen buffers and gives their cells back.
    fn release(&mut self) {
        self.terminal = None;
        self.drawn = None;
        self.cells.release();
    }

    /// What to draw now: the last fit while it is the whole window, else
    /// asked again (the address may have room now, or less).
    fn fit(&mut self) -> Fit {
        match self.drawn {
            Some(fit @ Fit::Draw(cols, rows))
                if !self.resized && self.terminal.is_some() && (cols, rows) == self.window =>
            {
                fit
            }
            _ => self.cells.fit(self.window),
        }
    }

    /// Draws a frame and returns its bytes (complete after a stall, a
    /// resize, or a new size or note).
    fn frame(&mut self) -> std::io::Result<Vec<u8>> {
        let stalled = self.dirty_since.take().is_some_and(|t| t.elapsed() > STALL);
        let fit = self.fit();
        let window = self.window;
        let fresh = stalled || self.resized || self.drawn != Some(fit);
        if self.drawn != Some(fit) {
            // New buffers of the new size (the old ones are freed first).
            self.terminal = None;
            let (cols, rows) = fit.buffer(window);
            self.terminal = Some(new_terminal(cols, rows)?);
            self.drawn = Some(fit);
        }
        self.resized = false;
        let Some(terminal) = self.terminal.as_mut() else {
            return Ok(Vec::new());
        };
        if fresh {
            terminal.clear()?;
        }
        match fit {
            Fit::Draw(..) => app_frame(terminal, &mut self.app),
            note => {
                let lang = self.app.lang();
                terminal.draw(|f| render_note(f, note, window, lang))?;
                Ok(terminal.backend_mut().take_output())
            }
        }
    }

    /// Says goodbye as `end` requires and waits (bounded) for the writer.
    async fn finish(mut self, end: End, mut writer: JoinHandle<()>) {
        if end == End::Gone {
            writer.abort();
            return;
        }
        match end {
            End::Shutdown => self.app.notice(shutdown_notice()),
            End::Idle => self.app.notice(idle_notice(self.lobby_idle)),
            _ => {}
        }
        let goodbye = async {
            // The last frame (with the notice), then the terminal restored.
            if let Ok(bytes) = self.frame() {
                let _ = self.out.send(bytes).await;
            }
            let mut leave = LEAVE.to_vec();
            let last_word = match end {
                End::Shutdown => Some(self.app.say(&shutdown_notice())),
                End::Idle => Some(self.app.say(&idle_notice(self.lobby_idle))),
                _ => self.app.farewell(),
            };
            if let Some(text) = last_word {
                // Also on the restored screen, where it stays readable.
                leave.extend_from_slice(format!("{text}\r\n").as_bytes());
            }
            let _ = self.out.send(leave).await;
        };
        let _ = tokio::time::timeout(GOODBYE_TIMEOUT, goodbye).await;
        drop(self);
        if tokio::time::timeout(GOODBYE_TIMEOUT, &mut writer)
            .await
            .is_err()
        {
            writer.abort();
        }
    }
}

/// `app` drawn on `terminal`: the frame's bytes as they go down the
/// channel, then [`BEL`] when the app asks for the bell with it.
pub fn app_frame<A: SessionApp>(
    terminal: &mut Terminal<SshBackend>,
    app: &mut A,
) -> std::io::Result<Vec<u8>> {
    terminal.draw(|f| app.render(f))?;
    let mut bytes = terminal.backend_mut().take_output();
    if app.bell() {
        bytes.push(BEL);
    }
    Ok(bytes)
}

/// What a session closed for idling in the lobby says.
fn idle_notice(limit: Duration) -> crate::i18n::Msg {
    let secs = limit.as_secs().max(1);
    match secs {
        0..60 => crate::msg!("notice-idle-seconds", count = secs),
        _ => crate::msg!("notice-idle-minutes", count = secs / 60),
    }
}

/// Sends queued output down the channel, waiting for the client's window;
/// when the queue closes, ends the channel with exit status 0.
async fn write_out(write: ChannelWriteHalf<Msg>, mut out: mpsc::Receiver<Vec<u8>>) {
    while let Some(bytes) = out.recv().await {
        if !send_or_give_up(&write, bytes).await {
            return;
        }
    }
    end_channel(&write, 0).await;
}
