//! One interactive session: the app, its terminal, the input decoder and
//! the channel's output, driven by a single task.
//!
//! Each connection's handler forwards input bytes and window sizes here;
//! this task owns everything else, so no lock is shared between players.
//! Output goes through a small bounded queue to a writer task that waits
//! for the client's SSH window. Frames are drawn only when that queue has
//! room: while a client is slow, the states in between are never rendered
//! (stale frames are dropped before they exist), and after a stall the
//! next frame is a full redraw.

use super::app::SessionApp;
use super::backend::SshBackend;
use super::input::InputDecoder;
use super::output::{end_channel, send_or_give_up};
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

/// Frames (or escape strings) waiting for the client; small on purpose.
const OUTPUT_QUEUE: usize = 4;

/// A frame that waited longer than this for room is drawn in full.
const STALL: Duration = Duration::from_millis(500);

/// How long a session may sit without drawing before its screen buffers
/// are released. ratatui keeps two buffers of the whole screen (about
/// 180 KiB at 80×24); an idle player needs neither, and the next frame after
/// a release is simply drawn in full.
const IDLE_RELEASE: Duration = Duration::from_secs(5);

/// How long the goodbye (last frame, [`LEAVE`], close) may take.
const GOODBYE_TIMEOUT: Duration = Duration::from_secs(3);

/// What the session shows when the server stops.
pub const SHUTDOWN_NOTICE: &str = "The server is shutting down.";

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
    } = io;
    let (out_tx, out_rx) = mpsc::channel(OUTPUT_QUEUE);
    let writer = tokio::spawn(write_out(write, out_rx));
    let (cols, rows) = *size.borrow();
    let mut session = match Session::new(app, out_tx, cols, rows, lobby_idle) {
        Ok(session) => session,
        Err(e) => {
            tracing::warn!("cannot start a terminal: {e}");
            writer.abort();
            return;
        }
    };
    let end = session.drive(input, size, shutdown).await;
    session.finish(end, writer).await;
}

/// A terminal drawing into a fresh backend of the client's size.
fn new_terminal(cols: u16, rows: u16) -> std::io::Result<Terminal<SshBackend>> {
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
    };
    Terminal::with_options(SshBackend::new(cols, rows), options)
}

/// The state the session task owns.
struct Session<A> {
    app: A,
    /// The screen buffers; `None` while idle (see [`IDLE_RELEASE`]).
    terminal: Option<Terminal<SshBackend>>,
    /// The client's size, kept while the terminal is released.
    size: (u16, u16),
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
    fn new(
        app: A,
        out: mpsc::Sender<Vec<u8>>,
        cols: u16,
        rows: u16,
        lobby_idle: Duration,
    ) -> std::io::Result<Self> {
        Ok(Session {
            app,
            terminal: Some(new_terminal(cols, rows)?),
            size: (cols, rows),
            decoder: InputDecoder::new(),
            out,
            dirty_since: Some(Instant::now()),
            last_input: Instant::now(),
            in_lobby: false,
            lobby_idle,
        })
    }

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
                    let (cols, rows) = *size.borrow_and_update();
                    self.resize(cols, rows);
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
                    if self.terminal.is_some() && self.dirty_since.is_none() => {
                    self.terminal = None;
                }
                // There is room for a frame and something to draw.
                permit = out.reserve(), if self.dirty_since.is_some() => match permit {
                    Ok(permit) => match self.frame() {
                        Ok(bytes) => permit.send(bytes),
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

    fn resize(&mut self, cols: u16, rows: u16) {
        self.size = (cols, rows);
        if let Some(terminal) = &mut self.terminal {
            terminal.backend_mut().set_size(cols, rows);
            // ratatui clears the screen on resize; the next frame is complete.
            if let Err(e) = terminal.resize(Rect::new(0, 0, cols, rows)) {
                tracing::debug!("resize failed: {e}");
            }
        }
        self.mark_dirty();
    }

    /// Draws a frame and returns its bytes (complete after a stall).
    fn frame(&mut self) -> std::io::Result<Vec<u8>> {
        let stalled = self.dirty_since.take().is_some_and(|t| t.elapsed() > STALL);
        let terminal = match &mut self.terminal {
            Some(terminal) => {
                if stalled {
                    terminal.clear()?;
                }
                terminal
            }
            // Released while idle: new buffers, and the whole screen anew.
            released => {
                let mut terminal = new_terminal(self.size.0, self.size.1)?;
                terminal.clear()?;
                released.insert(terminal)
            }
        };
        let app = &mut self.app;
        terminal.draw(|f| app.render(f))?;
        Ok(terminal.backend_mut().take_output())
    }

    /// Says goodbye as `end` requires and waits (bounded) for the writer.
    async fn finish(mut self, end: End, mut writer: JoinHandle<()>) {
        if end == End::Gone {
            writer.abort();
            return;
        }
        match end {
            End::Shutdown => self.app.notice(SHUTDOWN_NOTICE.to_string()),
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
                End::Shutdown => Some(SHUTDOWN_NOTICE.to_string()),
                End::Idle => Some(idle_notice(self.lobby_idle)),
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

/// What a session closed for idling in the lobby says.
fn idle_notice(limit: Duration) -> String {
    let secs = limit.as_secs().max(1);
    let span = match secs {
        1 => "a second".to_string(),
        2..60 => format!("{secs} seconds"),
        60..120 => "a minute".to_string(),
        _ => format!("{} minutes", secs / 60),
    };
    format!("Closed after {span} without a key in the lobby. Come back any time.")
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
