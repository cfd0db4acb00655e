//! The local session's loop: the SSH session's ([`crate::ssh::session`])
//! without a channel. Input bytes are decoded by the same
//! [`InputDecoder`] and handed to the app; a hall snapshot or a timer
//! (`App::changed`), a key or a new window size makes the screen dirty,
//! and it is drawn at the same [`Pace`], with the app's bell after the
//! frame as over SSH. No output queue is needed: a local terminal takes a
//! frame as fast as it is written.

use super::input;
use super::terminal::Screen;
use crate::ssh::input::InputDecoder;
use crate::ssh::limits::Limits;
use crate::ssh::pace::Pace;
use crate::ui::App;
use std::io;
use termwiz::input::InputEvent;
use tokio::signal::unix::{Signal, SignalKind, signal};
use tokio::time::Instant;

/// Why the session ended; each ends `banmen play` with status 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The player quit (`q`, Ctrl-C).
    Quit,
    /// SIGINT or SIGTERM.
    Stopped,
    /// The terminal went away: SIGHUP, or the end of input.
    HungUp,
}

/// Runs `app` on `screen` until it ends; an `Err` is a terminal that
/// could not be read or written.
pub async fn run(app: &mut App, screen: &mut Screen) -> io::Result<End> {
    let mut input = input::spawn()?;
    let mut stops = Stops::new()?;
    let mut window = signal(SignalKind::window_change())?;
    let mut decoder = InputDecoder::new();
    let mut pace = Pace::new(Limits::default().frame_interval, Instant::now());
    let mut dirty = true;
    loop {
        if app.should_quit() {
            return Ok(End::Quit);
        }
        let draw_at = pace.next();
        if dirty && draw_at <= Instant::now() {
            screen.terminal().draw(|frame| app.render(frame))?;
            if app.bell() {
                screen.bell()?;
            }
            pace.drew(Instant::now());
            dirty = false;
        }
        let flush_after = decoder.flush_after();
        tokio::select! {
            end = stops.next() => return Ok(end),
            bytes = input.recv() => match bytes {
                Some(bytes) => dirty |= handle(app, decoder.feed(&bytes)),
                None => return Ok(End::HungUp),
            },
            // A lone ESC (or a paste without its end) waited long enough.
            _ = tokio::time::sleep(flush_after.unwrap_or_default()), if flush_after.is_some() => {
                dirty |= handle(app, decoder.flush());
            }
            // SIGWINCH: the window's size changed.
            _ = window.recv() => {
                screen.resize()?;
                dirty = true;
            }
            _ = app.changed() => dirty = true,
            // Something to draw, but the last frames were recent.
            _ = tokio::time::sleep_until(draw_at), if dirty => {}
        }
    }
}

/// Hands `events` to the app; whether there were any (the screen is then
/// dirty).
fn handle(app: &mut App, events: Vec<InputEvent>) -> bool {
    for event in &events {
        app.handle(event);
    }
    !events.is_empty()
}

/// The signals that stop the session, so that the terminal is restored
/// before the process ends (their default action would end it at once).
/// In raw mode Ctrl-C is a key: SIGINT only comes from `kill`.
struct Stops {
    interrupt: Signal,
    terminate: Signal,
    hangup: Signal,
}

impl Stops {
    fn new() -> io::Result<Stops> {
        Ok(Stops {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
            hangup: signal(SignalKind::hangup())?,
        })
    }

    /// Resolves when one of the signals comes. Cancel-safe.
    async fn next(&mut self) -> End {
        tokio::select! {
            _ = self.interrupt.recv() => End::Stopped,
            _ = self.terminate.recv() => End::Stopped,
            _ = self.hangup.recv() => End::HungUp,
        }
    }
}
