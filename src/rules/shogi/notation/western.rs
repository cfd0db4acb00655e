//! Western notation after George Hodges, as English-language shogi books
//! print moves: the piece's letter (`P L N S G B R K`, promoted pieces
//! with a `+`: `+P`, `+B`), the origin square only when another piece of
//! the same kind could go to the same square (`G6i-5h`), `-` for a move,
//! `x` for a capture, `*` for a drop, the square (`7f`, files 1–9 from
//! sente's right, ranks a–i from gote's side), and `+` for a promotion or
//! `=` for a promotion declined.

use super::super::position::Position;
use super::super::types::{Kind, Move, Sq};
use super::{declines_promotion, rivals};

/// `mv`, legal in `pos`: `P-7f`, `Sx3c+`, `B*4e`, `G6i-5h`, `N-3c=`.
pub(super) fn write(pos: &Position, mv: Move) -> String {
    match Spelling::of(pos, mv) {
        Some(s) => s.text(s.origin, s.capture, s.suffix),
        None => format!(
            "{}*{}",
            mv.dropped().map_or('?', |k| k.letter() as char),
            mv.to()
        ),
    }
}

/// A board move's parts.
struct Spelling {
    kind: Kind,
    from: Sq,
    to: Sq,
    /// Whether the origin must be written.
    origin: bool,
    capture: bool,
    suffix: &'static str,
}

impl Spelling {
    /// The parts of board move `mv` (`None` for a drop).
    fn of(pos: &Position, mv: Move) -> Option<Spelling> {
        if mv.is_drop() {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        let kind = pos.piece_at(from).kind();
        let suffix = if mv.is_promotion() {
            "+"
        } else if declines_promotion(pos, mv) {
            "="
        } else {
            ""
        };
        Some(Spelling {
            kind,
            from,
            to,
            origin: !rivals(pos, Some(from), to, kind).is_empty(),
            capture: !pos.piece_at(to).is_empty(),
            suffix,
        })
    }

    /// The move written with or without its origin, as a capture or not,
    /// with `suffix`.
    fn text(&self, origin: bool, capture: bool, suffix: &str) -> String {
        let promoted = if self.kind.is_promoted() { "+" } else { "" };
        let letter = self.kind.letter() as char;
        let from = if origin {
            self.from.to_string()
        } else {
            String::new()
        };
        let sign = if capture { 'x' } else { '-' };
        format!("{promoted}{letter}{from}{sign}{}{suffix}", self.to)
    }
}

/// The spellings of `mv` a player may type, normalized (see
/// [`normalize`]): the exact one; the lenient ones (also with the origin
/// though not needed, `-` for a capture or `x` for a move, without `=`);
/// and those without a needed origin, which match only to list the
/// candidates of an ambiguous text.
pub(super) fn forms(pos: &Position, mv: Move) -> [Vec<String>; 3] {
    let Some(s) = Spelling::of(pos, mv) else {
        let drop = vec![normalize(&write(pos, mv))];
        return [drop.clone(), drop, Vec::new()];
    };
    let exact = normalize(&s.text(s.origin, s.capture, s.suffix));
    let lenient = s.variants(&[s.origin, true]);
    let bare = if s.origin {
        s.variants(&[false])
    } else {
        Vec::new()
    };
    [vec![exact], lenient, bare]
}

impl Spelling {
    /// The move with and without `=` (when declined), as a capture or a
    /// move, with each of `origins`.
    fn variants(&self, origins: &[bool]) -> Vec<String> {
        let suffixes: &[&str] = if self.suffix == "=" {
            &["=", ""]
        } else {
            &[self.suffix]
        };
        let mut forms = Vec::new();
        for &origin in origins {
            for capture in [self.capture, !self.capture] {
                for suffix in suffixes {
                    forms.push(normalize(&self.text(origin, capture, suffix)));
                }
            }
        }
        forms
    }
}

/// `text` as the forms are compared: without spaces, in lower case
/// (`p-7f` reads as `P-7f`).
pub(super) fn normalize(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}
