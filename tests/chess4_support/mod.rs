//! Four-player chess positions for tests, written square by square.
#![allow(dead_code)] // each test file uses its own part

use banmen::rules::chess4::Sq;

/// The square named `name` (`g5`).
pub fn sq(name: &str) -> Sq {
    Sq::parse(name).unwrap_or_else(|| panic!("{name} is not a square"))
}

/// A FEN4 position with only the given pieces (`("g5", "rQ")`), the
/// seat `turn` to move and the castling fields as given.
pub fn fen4_with(turn: &str, king_side: &str, queen_side: &str, pieces: &[(&str, &str)]) -> String {
    let mut ranks = Vec::new();
    for y in (0..14u8).rev() {
        let mut tokens = Vec::new();
        let mut empty = 0;
        for x in 0..14u8 {
            let here = Sq::new(x, y);
            let token = if here.is_wall() {
                Some("x")
            } else {
                pieces.iter().find(|(s, _)| sq(s) == here).map(|(_, t)| *t)
            };
            match token {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        tokens.push(empty.to_string());
                        empty = 0;
                    }
                    tokens.push(t.to_string());
                }
            }
        }
        if empty > 0 {
            tokens.push(empty.to_string());
        }
        ranks.push(tokens.join(","));
    }
    format!(
        "{turn}-0,0,0,0-{king_side}-{queen_side}-0,0,0,0-0-{}",
        ranks.join("/")
    )
}
