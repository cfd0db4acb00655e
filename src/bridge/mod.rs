//! `banmen bot`: brings any engine into a hall as a bot (docs/bots.md §7).
//! It speaks the bot protocol to the hall over SSH ([`link`]) and USI or
//! the four-player dialect to the engine ([`engine`]); [`play`] decides
//! what to do between them, and is tested without either.
//!
//! The bridge is a client of the hall: it depends on the rules' names
//! and notations only, never on the server's modules.

pub mod backoff;
pub mod engine;
#[cfg(test)]
mod fake_hall;
pub mod go;
pub mod lines;
pub mod link;
pub mod pace;
pub mod play;
pub mod position;
mod run;
pub mod worker;

pub use run::run;

use crate::rules::GameKind;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `banmen bot`'s options.
#[derive(Debug, Clone, Args)]
pub struct BotArgs {
    /// The hall's host name or address.
    #[arg(long)]
    pub host: String,
    /// The hall's SSH port.
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The bot's private SSH key, without a passphrase (its public half is
    /// registered with `bots add`).
    #[arg(long, value_name = "PATH")]
    pub key: PathBuf,
    /// The engine's command line, split into words as a shell would (no
    /// shell runs it).
    #[arg(long, value_name = "'CMD ARGS'")]
    pub engine: String,
    /// The game the bot plays: shogi (a USI engine), shogi4 or chess4 (the
    /// four-player dialect).
    #[arg(long, default_value = "shogi")]
    pub game: GameKind,
    /// Which challenges to accept.
    #[arg(long, value_enum, default_value_t = Accept::Any)]
    pub accept: Accept,
    /// Milliseconds per move where the room has no time per move (1000
    /// when not given); when given, it also caps a room's longer time.
    #[arg(long, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Look for a game of its kind whenever it has none.
    #[arg(long)]
    pub seek: bool,
    /// The hall's host key fingerprint (`SHA256:…`); without it the first
    /// key seen is trusted, and no other after it.
    #[arg(long, value_name = "FINGERPRINT")]
    pub known_host_key: Option<String>,
}

/// Which challenges the bot accepts, by whether the room is ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Accept {
    /// Every challenge of its game.
    Any,
    /// Ranked rooms only.
    Rated,
    /// Unranked rooms only.
    Casual,
}
