//! `banmen usi`: the two-player shogi CPU as a USI engine on stdin and
//! stdout. The engine lives in [`super::engine`], beside the four-player
//! dialect it shares its loop and search thread with; this path stays for
//! the callers that name it.

pub use super::engine::usi::{run, run_stdio};
