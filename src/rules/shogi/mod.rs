//! Two-player shogi (docs/rules.md §1): bitboard move generation, SFEN/USI and KIF
//! notation, zobrist hashing, and the game with its end-of-game rules.

pub mod adapter;
pub mod bitboard;
pub mod csa;
mod csa_read;
pub mod game;
pub mod import;
pub mod kif;
mod kif_read;
pub mod movegen;
pub mod notation;
pub mod position;
mod read_setup;
pub mod rules;
pub mod sfen;
pub mod types;
pub mod zobrist;

pub use game::ShogiGame;
pub use movegen::MoveList;
pub use position::{Hand, Position, Undo};
pub use rules::{Handicap, ShogiRules};
pub use sfen::{START, SfenError, UsiError};
pub use types::{Color, Kind, Move, Piece, Sq};
