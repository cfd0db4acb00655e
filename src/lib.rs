//! banmen: shogi, four-player shogi and four-player chess over SSH.
//!
//! Dependencies point down: `ssh` (transport) → `ui` (screens) and
//! `bot_protocol` (bots' lines) → `hall` (rooms and people) → `rules`,
//! `cpu`.

pub mod bot_protocol;
pub mod bridge;
pub mod cli;
pub mod config;
pub mod cpu;
pub mod hall;
pub mod i18n;
pub mod learn;
pub mod local;
pub mod ratings;
pub mod rules;
pub mod ssh;
pub mod store;
pub mod ui;
