//! The terminal user interface: ratatui screens for one SSH session (lobby,
//! room setup, waiting room, game, export, help) and the admin screen.
//!
//! Elm-like: the SSH layer feeds termwiz input events to [`App::handle`],
//! which maps them to the UI's own small [`input::Key`] / [`input::Event`]
//! vocabulary and updates the state; [`App::render`] draws the whole screen
//! from that state and the hall's latest snapshots, and records the
//! rectangles of clickable things so that the next mouse click can be
//! mapped back to what was drawn there.
//!
//! The smallest usable terminal is [`MIN_WIDTH`]×[`MIN_HEIGHT`]; below it
//! only a centered "make the window larger" message is drawn.

mod admin;
mod app;
mod bell;
pub mod boards;
mod bots;
mod export;
mod game;
mod game_view;
mod help;
pub mod input;
mod learn;
mod lobby;
mod name;
mod promotion;
mod ratings;
mod review;
mod room;
mod room_setup;
mod settings;
mod text;
mod theme;

pub use app::App;
pub use theme::Theme;

/// The narrowest terminal the UI lays out (an 80-column terminal gets the
/// comfortable layout; 60 still fits the board with a narrow side panel).
pub const MIN_WIDTH: u16 = 60;
/// The lowest terminal the UI lays out (a one-line-per-rank board, the
/// title, status and key lines).
pub const MIN_HEIGHT: u16 = 20;
