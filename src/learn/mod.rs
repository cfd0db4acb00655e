//! Learning: lessons (short courses on the board, one per game) and
//! puzzles (positions from the CPU's own games with one proven answer).
//! Both are data compiled into the binary; this module reads them and
//! checks a player's move against a step's task with the rules engine.
//! The texts a player reads are Fluent messages named after each step.

pub mod lesson;
pub mod puzzles;
pub mod square;

pub use lesson::{Goal, Lesson, Step, lesson, lessons};
