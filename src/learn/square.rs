//! Square names as each game writes them in its move notation, so that
//! lesson files can name a square the way the move list shows it.

use crate::rules::GameKind;
use crate::rules::vocab::Square;

/// The neutral square named `name` in `kind`'s notation: shogi's file
/// digit and rank letter (`7g`: file 9 on the left, rank a at the top);
/// the four-player games' column letter and row number (`e3`, `n14`: a and
/// 1 at seat 0's bottom left). `None` for a name off the board.
pub fn parse(kind: GameKind, name: &str) -> Option<Square> {
    let mut chars = name.chars();
    let first = chars.next()?;
    let rest: String = chars.collect();
    match kind {
        GameKind::Shogi => {
            let file = first.to_digit(10).filter(|f| (1..=9).contains(f))? as u8;
            let mut rank = rest.chars();
            let r = rank.next().filter(|c| ('a'..='i').contains(c))?;
            if rank.next().is_some() {
                return None;
            }
            Some(Square::new(9 - file, b'i' - r as u8))
        }
        GameKind::Shogi4 | GameKind::Chess4 => {
            let size = if kind == GameKind::Shogi4 { 9 } else { 14 };
            let x = (first as u32).checked_sub('a' as u32)? as u8;
            let y = rest.parse::<u8>().ok()?.checked_sub(1)?;
            (x < size && y < size && !rest.starts_with('0')).then_some(Square::new(x, y))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_the_squares_the_engines_use() {
        assert_eq!(parse(GameKind::Shogi, "9i"), Some(Square::new(0, 0)));
        assert_eq!(parse(GameKind::Shogi, "1a"), Some(Square::new(8, 8)));
        assert_eq!(parse(GameKind::Shogi, "7g"), Some(Square::new(2, 2)));
        assert_eq!(parse(GameKind::Shogi4, "e3"), Some(Square::new(4, 2)));
        assert_eq!(parse(GameKind::Chess4, "n14"), Some(Square::new(13, 13)));
        for bad in ["", "0a", "7j", "7gg", "a0", "o1", "a15", "a01"] {
            let kind = if bad.starts_with(char::is_numeric) {
                GameKind::Shogi
            } else {
                GameKind::Chess4
            };
            assert_eq!(parse(kind, bad), None, "{bad}");
        }
    }
}
