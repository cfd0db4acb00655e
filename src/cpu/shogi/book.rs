//! The opening book: standard beginnings of the main systems
//! (`book.txt`), so that the CPU opens as shogi players do, and not the
//! same way every game: the search, which sees no fight that early, would
//! open each game the same quiet way (level 5 played 6i7h first every
//! time).

use crate::rules::shogi::{Move, Position};
use rand::seq::IndexedRandom;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The lines, compiled in.
const LINES: &str = include_str!("book.txt");

/// Each book position's hash and the move each line through it plays
/// there (a move once per line).
type Book = HashMap<u64, Vec<Move>>;

/// A move of the book for `pos`, picked at random among the lines that
/// reach it (a move more lines play is picked more often), or `None` out
/// of the book. Any move order reaches it: the position's hash is the
/// key, and the move is checked legal again.
pub fn book_move(pos: &Position) -> Option<Move> {
    let choices = book().get(&pos.hash())?;
    let mv = *choices.choose(&mut rand::rng())?;
    pos.is_legal(mv).then_some(mv)
}

fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| read(LINES))
}

/// The book of `text`; a line stops at its first move that does not parse
/// or is illegal (the unit test says which).
fn read(text: &str) -> Book {
    let mut book = Book::new();
    for line in text.lines() {
        let mut pos = Position::startpos();
        for word in line.split('#').next().unwrap_or("").split_whitespace() {
            let Ok(mv) = pos.parse_usi(word) else { break };
            book.entry(pos.hash()).or_default().push(mv);
            pos.make(mv);
        }
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move of every line is legal where it stands.
    #[test]
    fn every_line_is_legal_to_its_end() {
        for line in LINES.lines() {
            let moves = line.split('#').next().unwrap().split_whitespace();
            let mut pos = Position::startpos();
            for word in moves {
                let mv = pos
                    .parse_usi(word)
                    .unwrap_or_else(|e| panic!("{word} in {line}: {e:?}"));
                pos.make(mv);
            }
        }
    }

    /// The distinct moves 300 picks in `pos` gave, sorted.
    fn picks(pos: &Position) -> Vec<String> {
        let mut seen: Vec<String> = (0..300)
            .filter_map(|_| book_move(pos).map(|m| m.to_usi()))
            .collect();
        seen.sort();
        seen.dedup();
        seen
    }

    /// Every line's first move is offered from the start, and a position
    /// reached by two move orders offers the moves of the lines of both.
    #[test]
    fn choices_merge_and_transpositions_meet() {
        assert_eq!(picks(&Position::startpos()), ["2g2f", "5g5f", "7g7f"]);

        let after = |moves: &str| {
            let mut pos = Position::startpos();
            for word in moves.split_whitespace() {
                pos.make(pos.parse_usi(word).unwrap());
            }
            pos
        };
        let a = after("7g7f 8c8d 2g2f 8d8e 8h7g 3c3d 7i8h");
        let b = after("2g2f 8c8d 7g7f 8d8e 8h7g 3c3d 7i8h");
        assert_eq!(a.hash(), b.hash());
        assert_eq!(picks(&a), ["2b7g+", "4a3b"]);
        assert_eq!(picks(&b), picks(&a));
    }

    /// Off the book (a move no line plays, or any handicap start) the
    /// search decides.
    #[test]
    fn positions_off_the_lines_have_no_book_move() {
        let mut pos = Position::startpos();
        pos.make(pos.parse_usi("1g1f").unwrap());
        assert_eq!(book_move(&pos), None);
        let lance =
            Position::from_sfen("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
                .unwrap();
        assert_eq!(book_move(&lance), None);
    }
}
