//! banmen: shogi, four-player shogi and four-player chess over SSH.

pub mod cli;
pub mod config;
pub mod cpu;
pub mod hall;
pub mod rules;
pub mod ssh;
