//! banmen: shogi, four-player shogi and four-player chess over SSH.
//!
//! Dependencies point down: `ssh` (transport) → `ui` (screens) → `hall`
//! (rooms and people) → `rules`, `cpu`.

pub mod cli;
pub mod config;
pub mod cpu;
pub mod hall;
pub mod i18n;
pub mod ratings;
pub mod rules;
pub mod ssh;
pub mod store;
pub mod ui;
