//! Japanese notation: `▲７六歩`, `△同　銀`, `▲５八金直`, `▲２二角成`,
//! `▲５五角打`, as shogi books and the professional records print moves.
//!
//! When two or more pieces of the moving kind could go to the square, the
//! move says which, in this order of preference (the standard rules):
//! 1. the motion, when it alone tells: `上` (moving up, toward the
//!    opponent), `引` (moving back), `寄` (sideways);
//! 2. `直` for a gold, silver or promoted minor piece moving straight up
//!    (never for a dragon or horse);
//! 3. the place, when it alone tells: `右` or `左`, the piece furthest to the
//!    mover's own right or left;
//! 4. both, place then motion (`右上`, `左引`), when neither alone tells.
//!
//! A drop writes `打` only when a piece on the board could also go there;
//! a move into, within or out of the zone writes `成` or `不成`. A move to
//! the square the previous move went to writes `同` and a full-width space
//! (`同　歩`), as KIF records do; typed moves may leave the space out.

use super::super::kif::kind_name;
use super::super::position::Position;
use super::super::types::{Color, Kind, Move, Sq};
use super::{declines_promotion, rivals};

/// File digits as written, file 1 (the right edge for sente) first.
const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Rank numerals as written, rank 1 (gote's back rank) first.
const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// `mv`, legal in `pos`, with the mover's mark: `▲` sente, `△` gote.
pub(super) fn write(pos: &Position, mv: Move, last_to: Option<Sq>) -> String {
    let mark = match pos.side_to_move() {
        Color::Black => '▲',
        Color::White => '△',
    };
    format!("{mark}{}", body(pos, mv, last_to, true))
}

/// `mv` without the mover's mark; without what tells it from other
/// pieces of its kind (`右`, `打`…) unless `tell`.
fn body(pos: &Position, mv: Move, last_to: Option<Sq>, tell: bool) -> String {
    let to = mv.to();
    let mut out = match last_to == Some(to) {
        true => "同\u{3000}".to_string(),
        false => format!("{}{}", FILES[to.file() as usize], RANKS[to.rank() as usize]),
    };
    if let Some(kind) = mv.dropped() {
        out.push_str(kind_name(kind));
        if tell && !rivals(pos, None, to, kind).is_empty() {
            out.push('打');
        }
        return out;
    }
    let from = mv.from();
    let kind = pos.piece_at(from).kind();
    out.push_str(kind_name(kind));
    let others = rivals(pos, Some(from), to, kind);
    if tell {
        out.push_str(&which(pos.side_to_move(), kind, from, to, &others));
    }
    if mv.is_promotion() {
        out.push('成');
    } else if declines_promotion(pos, mv) {
        out.push_str("不成");
    }
    out
}

/// The words that tell the piece on `from` from `others` (see the module
/// documentation for the order), empty when there are no others.
fn which(us: Color, kind: Kind, from: Sq, to: Sq, others: &[Sq]) -> String {
    if others.is_empty() {
        return String::new();
    }
    let motion = motion(us, from, to);
    let alike: Vec<Sq> = others
        .iter()
        .copied()
        .filter(|&sq| self::motion(us, sq, to) == motion)
        .collect();
    if alike.is_empty() {
        return motion.to_string();
    }
    if moves_straight_up(us, kind, from, to) {
        return "直".to_string();
    }
    if let Some(side) = side(us, from, others) {
        return side.to_string();
    }
    match side(us, from, &alike) {
        Some(side) => format!("{side}{motion}"),
        None => motion.to_string(),
    }
}

/// How far `to` is ahead of `from` for `us`, in ranks.
fn ahead(us: Color, from: Sq, to: Sq) -> i8 {
    let (from, to) = (from.rank() as i8, to.rank() as i8);
    match us {
        Color::Black => from - to,
        Color::White => to - from,
    }
}

/// `上` (up, toward the opponent), `引` (back) or `寄` (sideways).
fn motion(us: Color, from: Sq, to: Sq) -> char {
    match ahead(us, from, to) {
        1.. => '上',
        0 => '寄',
        _ => '引',
    }
}

/// Whether this is a `直` move: a gold, silver or promoted minor piece
/// going one square straight ahead.
fn moves_straight_up(us: Color, kind: Kind, from: Sq, to: Sq) -> bool {
    let gold_like = matches!(
        kind,
        Kind::Gold
            | Kind::Silver
            | Kind::ProPawn
            | Kind::ProLance
            | Kind::ProKnight
            | Kind::ProSilver
    );
    gold_like && from.file() == to.file() && ahead(us, from, to) == 1
}

/// `右` when `from` is right of every one of `others` as `us` sees the
/// board, `左` when left of every one, else nothing.
fn side(us: Color, from: Sq, others: &[Sq]) -> Option<char> {
    // Sente's right is file 1 (index 0); gote sits the other way round.
    let right_of = |a: Sq, b: Sq| match us {
        Color::Black => a.file() < b.file(),
        Color::White => a.file() > b.file(),
    };
    if others.iter().all(|&o| right_of(from, o)) {
        Some('右')
    } else if others.iter().all(|&o| right_of(o, from)) {
        Some('左')
    } else {
        None
    }
}

/// The spellings of `mv` a player may type, normalized (see
/// [`normalize`]): the exact one; the lenient ones (also with the
/// square's coordinates instead of `同`, without `不成`, with an unneeded
/// `打`); and those without what tells it from its rivals, which match
/// only to list the candidates of an ambiguous text.
pub(super) fn forms(pos: &Position, mv: Move, last_to: Option<Sq>) -> [Vec<String>; 3] {
    let exact = normalize(&body(pos, mv, last_to, true));
    let lenient = variants(pos, mv, last_to, true);
    [vec![exact], lenient, variants(pos, mv, last_to, false)]
}

fn variants(pos: &Position, mv: Move, last_to: Option<Sq>, tell: bool) -> Vec<String> {
    let mut forms = vec![normalize(&body(pos, mv, last_to, tell))];
    if last_to == Some(mv.to()) {
        forms.push(normalize(&body(pos, mv, None, tell)));
    }
    for i in 0..forms.len() {
        let form = forms[i].clone();
        if let Some(plain) = form.strip_suffix("不成") {
            forms.push(plain.to_string());
        }
        if tell && mv.is_drop() && !form.ends_with('打') {
            forms.push(format!("{form}打"));
        }
    }
    forms
}

/// `text` as the forms are compared: without side marks and spaces, with
/// ASCII digits for coordinates (`７六`, `76` and `7六` all read `76`),
/// and one name for each piece (`竜` is `龍`, `王` is `玉`, the
/// one-character `杏` `圭` `全` are `成香` `成桂` `成銀`).
pub(super) fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if let Some(i) = FILES.iter().position(|&f| f == c) {
            out.push(char::from(b'1' + i as u8));
        } else if let Some(i) = RANKS.iter().position(|&r| r == c) {
            out.push(char::from(b'1' + i as u8));
        } else {
            match c {
                '▲' | '△' | '☗' | '☖' | '▽' => {}
                c if c.is_whitespace() => {}
                '竜' => out.push('龍'),
                '王' => out.push('玉'),
                '杏' => out.push_str("成香"),
                '圭' => out.push_str("成桂"),
                '全' => out.push_str("成銀"),
                c => out.push(c),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_normalize_alike() {
        for typed in ["▲７六歩", "76歩", "7六歩", "☗ ７６歩"] {
            assert_eq!(normalize(typed), "76歩", "{typed}");
        }
        assert_eq!(normalize("同　竜"), "同龍");
        assert_eq!(normalize("５五全"), "55成銀");
    }

    #[test]
    fn sides_are_the_movers() {
        let (a, b) = (Sq::new(3, 8), Sq::new(5, 8));
        assert_eq!(side(Color::Black, a, &[b]), Some('右'));
        assert_eq!(side(Color::White, a, &[b]), Some('左'));
        assert_eq!(side(Color::Black, a, &[a]), None);
    }
}
