//! Four-player shogi (`yonin shogi`, RULES.md §2): pieces with an owner and
//! a facing, check priority, mates that transfer pieces, flipped kings,
//! ownerless pieces, pairs, and banmen's SFEN4 notation.
//!
//! The position is a plain 81-square mailbox, copied on every move: the
//! rules here (facings, inheritance, cascading mates) are too irregular for
//! the bitboard tricks of two-player shogi to pay off first.

pub mod adapter;
pub mod flow;
pub mod game;
pub mod position;
pub mod rules;
pub mod sfen4;
pub mod types;

pub use game::ShogiGame4;
pub use position::{Format, Play4, Position4};
pub use rules::Shogi4Rules;
pub use sfen4::{START4, Sfen4Error};
pub use types::{Kind4, Move4, Piece4, Sq4};
