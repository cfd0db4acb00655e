//! The SSH front door.
pub mod app;
pub mod backend;
pub mod echo;
pub mod input;
pub mod keys;
