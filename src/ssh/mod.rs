//! The SSH front door.
pub mod input;
