//! The CPU of the four-player games: best-reply search (Schadd & Winands,
//! "Best Reply Search for Multiplayer Games", 2011) on the rules' own
//! positions, and the one-ply greedy players of levels 1 and 2.
//!
//! At an opponents' layer the replies of every opponent to the same
//! position are searched together and only the one worst for the root's
//! side is kept, the others passing. The root's own moves so come back
//! every second ply: three plies see a mate the root threatens and a mate
//! any seat threatens against it, whatever the turn order. A paranoid
//! search of the same depth sees only the next seat; in four-player shogi,
//! where any seat in check moves out of turn and a king falls within a few
//! moves, that was not enough (docs/cpu.md). Mates, check priority within
//! a move, inherited pieces and eliminations are the rules' own: a move is
//! played by the rules' `play`. Where the rules make a checked seat answer
//! at once (four-player shogi's check priority), only that seat replies,
//! and the answer costs no depth, so an attack by checks is seen to its
//! end. Play then goes on clockwise from the seat that answered, so the
//! opponents between it and the root seat get a layer of replies before
//! the root seat moves again: a check on the next seat does not buy a
//! second move in a row. A partner in check answers at once too, for the
//! root side, instead of passing. In free-for-all chess the opponents that
//! do not give the best reply do not pass either: each makes the capture
//! it surely makes, if any; and the deepening search takes an opponent
//! with a big sure capture of a third seat's piece to make it rather than
//! attack the root quietly.
//!
//! The parts, by concern:
//! - `node.rs`: what the search asks of a game ([`Node`]), which
//!   [`shogi4`] and [`chess4`] implement with their piece values;
//! - `hints.rs`: move ordering (best move per position, killers, history);
//! - `judge.rs`: what a settled position or a leaf is worth;
//! - `search.rs` and `quiesce.rs`: the search and its captures beyond
//!   depth;
//! - `foresight.rs`: level 5's look one round further at its best moves;
//! - `teams/`: level 5 in teams chess, a two-sided alpha-beta search;
//! - [`greedy_shogi4`] and [`greedy_chess4`]: levels 1 and 2.

pub mod chess4;
mod foresight;
pub mod greedy_chess4;
pub mod greedy_shogi4;
mod hints;
mod judge;
mod node;
mod quiesce;
mod search;
pub mod shogi4;
pub mod teams;

pub use node::{Ending, Node, count_around};
pub use search::{Root, search};
