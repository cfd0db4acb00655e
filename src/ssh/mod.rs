//! The SSH front door: `ssh -p 2222 play@host` opens a ratatui session
//! drawn into the SSH channel.
//!
//! - [`server`]: the listener, connection cap and graceful shutdown;
//! - [`handler`]: one per connection: auth, channel requests, routing;
//! - [`session`]: one task per interactive channel owning the app, its
//!   terminal and the output queue; `output`: the bounded writes every
//!   channel's output goes through (sessions, `logs`, command answers);
//! - [`backend`]: the ratatui backend that draws into memory at the
//!   client's size; [`screen`]: how large a screen is drawn (the maximum,
//!   the cells one address may hold); [`pace`]: how often a session draws;
//!   [`input`]: bytes to input events;
//! - [`exec`]: `join`, `watch`, `export` and the admin commands, which
//!   [`admin`] runs for the keys [`admins`] lists; [`keys`]: host key and
//!   player identities; [`app`]: the [`SessionApp`] trait a session drives;
//!   [`echo`]: the transport test app; [`bot`]: the bot protocol on a
//!   channel (`ssh bot@host`).

pub mod admin;
pub mod admins;
pub mod app;
pub mod backend;
pub mod bot;
pub mod echo;
pub mod exec;
pub mod handler;
pub mod input;
pub mod keys;
pub mod limits;
mod output;
pub mod pace;
pub mod screen;
pub mod server;
pub mod session;

pub use app::{AppFactory, SessionApp};
pub use server::{Listening, ServeError, ServerOptions, bind};
