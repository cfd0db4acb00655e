//! Four-player shogi (`yonin shogi`, docs/rules.md §2): pieces with an owner and
//! a facing, check priority, mates that transfer pieces, flipped kings,
//! ownerless pieces, pairs, and banmen's SFEN4 notation.
//!
//! The position is a plain 81-square mailbox with precomputed neighbour and
//! step tables, copied on every move (it allocates nothing): the rules here
//! (facings, inheritance, cascading mates) are too irregular for the
//! bitboard tricks of two-player shogi. Legality uses pins instead of a
//! copy for most moves (see `legal`).

pub mod adapter;
mod checks;
mod count;
pub mod flow;
pub mod game;
mod index;
mod legal;
mod movegen;
pub mod position;
pub mod rules;
pub mod sfen4;
mod tables;
pub mod types;

pub use game::ShogiGame4;
pub use position::{Format, Play4, Position4};
pub use rules::Shogi4Rules;
pub use sfen4::{START4, Sfen4Error};
pub use types::{Kind4, Move4, Piece4, Sq4};
