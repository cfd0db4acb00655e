//! `banmen play`: the hall's own UI ([`crate::ui::App`]) in the local
//! terminal, on a hall of one's own, with no SSH and nobody else.
//!
//! It is the SSH session's loop with the transport taken away: the same
//! app, the same input parser ([`crate::ssh::input`]), the same frame
//! pacing; only the ends differ. Bytes come from stdin (a reader thread,
//! [`input`]), frames go to stdout through ratatui's crossterm backend,
//! and the window's size comes from `SIGWINCH` ([`session`]). The hall is
//! opened in-process on a sled directory ([`profile`] says which, and who
//! the player is); [`terminal`] puts the terminal in raw mode on the
//! alternate screen and takes it back out on every way out.
//!
//! The store is opened before the terminal is touched, so a directory in
//! use (sled's lock) or one that cannot be made is one line on stderr on
//! a terminal left as it was.

mod input;
pub mod profile;
mod session;
mod terminal;

use crate::config::Config;
use crate::hall::view::{Entry, ServerAddress};
use crate::hall::{Clock, Hall, HallError};
use crate::store::{Backend, StoreError};
use crate::ui::App;
use std::io::IsTerminal;
use std::path::PathBuf;
use thiserror::Error;

/// `banmen play`'s options.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The data directory (default: $XDG_DATA_HOME/banmen, else
    /// ~/.local/share/banmen).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Your name in the hall (default: $USER, else `player`).
    #[arg(long)]
    pub name: Option<String>,
    /// Where `w` in the export panel writes a game's records (default:
    /// the directory banmen play was started in).
    #[arg(long, value_name = "DIR")]
    pub exports: Option<PathBuf>,
}

/// Why `banmen play` could not start or went on no longer: one line for
/// stderr (exit status 2).
#[derive(Debug, Error)]
pub enum PlayError {
    /// stdin or stdout is not a terminal (a pipe, a file).
    #[error("play needs a terminal on stdin and stdout")]
    NoTerminal,
    /// Neither `--data`, `XDG_DATA_HOME` nor `HOME` names a directory.
    #[error("no data directory: set HOME or XDG_DATA_HOME, or give --data DIR")]
    NoDataDir,
    /// `--name` has nothing left once cleaned (or is a reserved name).
    #[error("--name {0:?}: not a name the hall accepts")]
    Name(String),
    /// The data directory cannot be used (locked, damaged, not made).
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The hall in it could not be opened.
    #[error("{0}")]
    Hall(#[from] HallError),
    /// The terminal could not be set up or written.
    #[error("the terminal: {0}")]
    Terminal(#[from] std::io::Error),
}

/// Runs `banmen play` until the player quits, the terminal goes away or
/// SIGINT, SIGTERM or SIGHUP comes. Needs a multi-threaded tokio runtime.
pub async fn run(args: PlayArgs) -> Result<(), PlayError> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(PlayError::NoTerminal);
    }
    let env = |name: &str| std::env::var_os(name);
    let dir = profile::data_dir(args.data, env)?;
    let me = profile::identity(args.name.as_deref(), env)?;
    let here = || std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let exports = args.exports.unwrap_or_else(here);
    let store = tokio::task::block_in_place(|| Backend::Sled(dir).open())?;
    let defaults = Config::default();
    let (hall, _report) = Hall::open(store, defaults.hall_options(), Clock::system())?;
    hall.spawn_ticker();
    let me = hall.remember(me, true);
    let mut app = App::new(hall, me, Entry::Lobby, local_address(&defaults));
    app.export_to_files(exports);
    app.use_locale(profile::locale(env));
    app.adapt_to_terminal(&std::env::var("TERM").unwrap_or_default());
    let mut screen = terminal::Screen::enter()?;
    let ended = session::run(&mut app, &mut screen).await;
    drop(screen);
    if let Some(text) = app.farewell() {
        println!("{text}");
    }
    ended?;
    Ok(())
}

/// What invite and export commands name: this machine, at the SSH
/// server's default port. Nobody can connect to `banmen play`; the
/// commands are right once the same directory is served.
fn local_address(defaults: &Config) -> ServerAddress {
    ServerAddress {
        host: "localhost".to_string(),
        port: defaults.server.port,
    }
}
