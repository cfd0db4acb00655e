//! Four-player chess (docs/rules.md §3) on the 160-square cross board: teams
//! (Red and Yellow against Blue and Green) and free-for-all, with
//! chess.com's FEN4 and PGN4.

pub mod adapter;
pub mod attacks;
pub mod fen4;
pub mod flow;
pub mod game;
mod legal;
pub mod movegen;
pub mod pgn4;
pub mod position;
pub mod rules;
pub(crate) mod tables;
pub mod types;

pub use fen4::{Fen4Error, START_FEN4};
pub use game::ChessGame4;
pub use position::{Position, Variant};
pub use rules::Chess4Rules;
pub use types::{Kind, Move, Piece, Sq};
