//! Move notations a player may read and type for two-player shogi (issue
//! 39): USI coordinates (`7g7f`, what the server, logs and engines speak),
//! Japanese (`▲７六歩`, [`japanese`]) and Western (`P-7f`, [`western`]).
//!
//! The Japanese and Western forms depend on the position: they name the
//! moving piece and say which one only when another of the same kind could
//! go to the same square, and Japanese writes `同` for a move to the square
//! the previous move went to. Both writers therefore take the position
//! before the move and that square. Parsing goes the other way by writing
//! every legal move and matching, so a text reads back as exactly the move
//! it was written for and never as an unintended one.

mod japanese;
mod western;

use super::position::Position;
use super::sfen::UsiError;
use super::types::{Kind, Move, Sq};
use crate::i18n::Msg;
use crate::msg;
use serde::{Deserialize, Serialize};

/// How moves are written in move lists (a player's setting; every
/// notation is accepted at the move prompt whatever is chosen).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Notation {
    /// USI coordinates, `7g7f`, `8h2b+`, `P*5e`: the games' own notation.
    #[default]
    Usi,
    /// Japanese, `▲７六歩`, `△同　銀右上成`, `▲５五角打`.
    Japanese,
    /// Western (Hodges), `P-7f`, `Sx3c+`, `B*4e`, `G6i-5h`.
    Western,
}

impl Notation {
    /// Every notation, in menu order.
    pub const ALL: [Notation; 3] = [Notation::Usi, Notation::Japanese, Notation::Western];
}

/// Writes `mv`, legal in `pos`, in `notation`; `last_to` is where the
/// previous move went (Japanese writes `同` for a recapture there).
pub fn write(pos: &Position, mv: Move, last_to: Option<Sq>, notation: Notation) -> String {
    match notation {
        Notation::Usi => mv.to_usi(),
        Notation::Japanese => japanese::write(pos, mv, last_to),
        Notation::Western => western::write(pos, mv),
    }
}

/// The moves of a game from `start`, given in USI as rooms keep them,
/// written in `notation`. A text that does not read as a legal move is
/// kept as given (and so are the ones after it: the position is lost).
pub fn record(start: &Position, moves: &[&str], notation: Notation) -> Vec<String> {
    if notation == Notation::Usi {
        return moves.iter().map(|m| m.to_string()).collect();
    }
    let mut pos = start.clone();
    let mut last_to = None;
    let mut lost = false;
    let mut out = Vec::with_capacity(moves.len());
    for text in moves {
        match pos.parse_usi(text) {
            Ok(mv) if !lost => {
                out.push(write(&pos, mv, last_to, notation));
                last_to = Some(mv.to());
                pos.make(mv);
            }
            _ => {
                lost = true;
                out.push(text.to_string());
            }
        }
    }
    out
}

/// Why a typed move was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A USI move that is not legal here: said as before there were other
    /// notations (`7g7f is not legal here`).
    Usi(UsiError),
    /// No legal move is written so (the text as typed).
    NoMove(String),
    /// Several legal moves are written so, as the notation writes them.
    Ambiguous(String, Vec<String>),
}

impl ParseError {
    /// What to tell the player.
    pub fn msg(&self) -> Msg {
        match self {
            ParseError::Usi(e) => crate::rules::RulesError::from(e.clone()).msg(),
            ParseError::NoMove(text) => {
                msg!(
                    "notation-no-move",
                    text = text,
                    example = "7g7f, ７六歩, P-7f"
                )
            }
            ParseError::Ambiguous(text, moves) => {
                msg!("notation-ambiguous", text = text, moves = moves.join(", "))
            }
        }
    }
}

/// Reads a move of the side to move in any of the three notations (see
/// [`japanese`] and [`western`] for the spellings each accepts); only a
/// legal move is returned. `last_to` is where the previous move went.
pub fn parse(pos: &Position, text: &str, last_to: Option<Sq>) -> Result<Move, ParseError> {
    let text = text.trim();
    let usi = match pos.parse_usi(text) {
        Ok(mv) => return Ok(mv),
        Err(e @ UsiError::Illegal(_)) => Some(e),
        Err(_) => None,
    };
    let legal = pos.legal_moves();
    let (ja, we) = (japanese::normalize(text), western::normalize(text));
    let spellings: Vec<Spellings> = legal
        .as_slice()
        .iter()
        .map(|&mv| {
            (
                mv,
                japanese::forms(pos, mv, last_to),
                western::forms(pos, mv),
            )
        })
        .collect();
    // The exact spelling first, so a lenient one never makes it ambiguous;
    // the spellings without what tells rivals apart last, only to list them.
    for stage in 0..3 {
        let found: Vec<&Spellings> = spellings
            .iter()
            .filter(|(_, j, w)| j[stage].contains(&ja) || w[stage].contains(&we))
            .collect();
        match found.as_slice() {
            [] => continue,
            [(mv, _, _)] if stage < 2 => return Ok(*mv),
            several => return Err(ambiguous(pos, text, last_to, &ja, several)),
        }
    }
    Err(usi.map_or_else(|| ParseError::NoMove(text.to_string()), ParseError::Usi))
}

/// A legal move and its Japanese and Western spellings, by stage (see
/// `japanese::forms` and `western::forms`).
type Spellings = (Move, [Vec<String>; 3], [Vec<String>; 3]);

/// The error for a text that reads as several moves, written in the
/// notation the player typed.
fn ambiguous(
    pos: &Position,
    text: &str,
    last_to: Option<Sq>,
    ja: &str,
    found: &[&Spellings],
) -> ParseError {
    let japanese = found
        .iter()
        .any(|(_, j, _)| j.iter().flatten().any(|f| f == ja));
    let notation = match japanese {
        true => Notation::Japanese,
        false => Notation::Western,
    };
    let moves = found
        .iter()
        .map(|(mv, _, _)| write(pos, *mv, last_to, notation))
        .collect();
    ParseError::Ambiguous(text.to_string(), moves)
}

/// Whether the piece on `from` could move to `to` here, promoting or not.
fn can_reach(pos: &Position, from: Sq, to: Sq) -> bool {
    pos.is_legal(Move::step(from, to, false)) || pos.is_legal(Move::step(from, to, true))
}

/// The side to move's other pieces of `kind` on the board (all but
/// `mover`) that could move to `to`: the ones a notation must tell apart.
fn rivals(pos: &Position, mover: Option<Sq>, to: Sq, kind: Kind) -> Vec<Sq> {
    pos.pieces_of(pos.side_to_move(), kind)
        .filter(|&sq| Some(sq) != mover && can_reach(pos, sq, to))
        .collect()
}

/// Whether `mv` is a board move that does not promote although it could:
/// the notations then say so (`不成`, `=`).
fn declines_promotion(pos: &Position, mv: Move) -> bool {
    !mv.is_drop() && !mv.is_promotion() && pos.is_legal(Move::step(mv.from(), mv.to(), true))
}
