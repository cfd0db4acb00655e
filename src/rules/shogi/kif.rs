//! KIF export (`棋譜ファイル`): the format most shogi software reads.
//! Even games and standard handicaps name their start (`手合割`); any other
//! start position is written as a BOD board diagram.
//!
//! By the format's convention a `.kif` file is Shift_JIS (CP932), and
//! Japanese GUIs read it so: [`to_cp932`] makes those bytes. The same
//! record in UTF-8 is a `.kifu` file, which says so in its first line
//! ([`KIFU_HEADER`]). The fallbacks for what CP932 cannot hold are in
//! docs/records.md.

use super::Handicap;
use super::game::ShogiGame;
use super::position::Position;
use super::types::{Color, Kind, Move, Sq};
use crate::rules::vocab::{EndReason, Verdict};
use std::fmt::Write;

const RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];

/// The KIF name of a piece kind (the Japanese notation writes it so too).
pub(super) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "歩",
        Kind::Lance => "香",
        Kind::Knight => "桂",
        Kind::Silver => "銀",
        Kind::Bishop => "角",
        Kind::Rook => "飛",
        Kind::Gold => "金",
        Kind::King => "玉",
        Kind::ProPawn => "と",
        Kind::ProLance => "成香",
        Kind::ProKnight => "成桂",
        Kind::ProSilver => "成銀",
        Kind::Horse => "馬",
        Kind::Dragon => "龍",
    }
}

/// One-character names for the board diagram.
fn diagram_name(kind: Kind) -> &'static str {
    match kind {
        Kind::ProLance => "杏",
        Kind::ProKnight => "圭",
        Kind::ProSilver => "全",
        _ => kind_name(kind),
    }
}

/// A count in kanji, as hands are written (`二` … `十八`).
fn kanji_count(n: u8) -> String {
    let digit = |d: u8| RANKS[d as usize - 1];
    match n {
        0 | 1 => String::new(),
        2..=9 => digit(n).to_string(),
        10 => "十".to_string(),
        _ => format!("十{}", digit(n - 10)),
    }
}

fn handicap_name(handicap: Handicap) -> &'static str {
    match handicap {
        Handicap::None => "平手",
        Handicap::Lance => "香落ち",
        Handicap::Bishop => "角落ち",
        Handicap::Rook => "飛車落ち",
        Handicap::RookLance => "飛香落ち",
        Handicap::TwoPiece => "二枚落ち",
        Handicap::FourPiece => "四枚落ち",
        Handicap::SixPiece => "六枚落ち",
    }
}

/// The first line of a KIF record meant for CP932 (`.kif`).
pub const KIF_HEADER: &str = "#KIF version=2.0 encoding=Shift_JIS";
/// The first line of a KIF record in UTF-8 (`.kifu`): readers that guess
/// the encoding from the content need not guess.
pub const KIFU_HEADER: &str = "#KIF version=2.0 encoding=UTF-8";

impl ShogiGame {
    /// The game as KIF (headed for CP932: see [`to_cp932`], [`to_kifu`]).
    /// `names` are sente's and gote's display names.
    pub fn to_kif(&self, names: [&str; 2]) -> String {
        let mut out = format!("{KIF_HEADER}\n# ---- banmen 棋譜ファイル ----\n");
        let handicap = self.known_start();
        let sides = match handicap {
            Some(Handicap::None) | None => ["先手", "後手"],
            Some(_) => ["下手", "上手"],
        };
        match handicap {
            Some(h) => {
                let _ = writeln!(out, "手合割：{}", handicap_name(h));
            }
            None => out.push_str(&bod(self.start())),
        }
        let _ = writeln!(out, "{}：{}", sides[0], names[0]);
        let _ = writeln!(out, "{}：{}", sides[1], names[1]);
        out.push_str("手数----指手---------消費時間--\n");
        let mut pos = self.start().clone();
        let mut last_to: Option<Sq> = None;
        for (i, &mv) in self.moves().iter().enumerate() {
            let _ = writeln!(out, "{:>4} {}", i + 1, move_text(&pos, mv, last_to));
            last_to = Some(mv.to());
            pos.make(mv);
        }
        if let Some(outcome) = self.outcome() {
            let n = self.moves().len();
            let (marker, summary) = ending(&outcome.reason, &outcome.verdict, sides);
            let _ = writeln!(out, "{:>4} {}", n + 1, marker);
            let _ = writeln!(out, "まで{n}手で{summary}");
        }
        out
    }

    /// The handicap whose start position this game began from, if any
    /// (with the usual move number 1).
    fn known_start(&self) -> Option<Handicap> {
        let sfen = self.start().to_sfen();
        [
            Handicap::None,
            Handicap::Lance,
            Handicap::Bishop,
            Handicap::Rook,
            Handicap::RookLance,
            Handicap::TwoPiece,
            Handicap::FourPiece,
            Handicap::SixPiece,
        ]
        .into_iter()
        .find(|h| h.sfen() == sfen)
    }
}

/// A move in KIF: `７六歩(77)`, `同　角成(88)`, `５五角打`, `２二銀不成(33)`.
fn move_text(pos: &Position, mv: Move, last_to: Option<Sq>) -> String {
    let to = mv.to();
    let mut out = if last_to == Some(to) {
        "同　".to_string()
    } else {
        format!("{}{}", FILES[to.file() as usize], RANKS[to.rank() as usize])
    };
    if let Some(kind) = mv.dropped() {
        out.push_str(kind_name(kind));
        out.push('打');
        return out;
    }
    let from = mv.from();
    let kind = pos.piece_at(from).kind();
    out.push_str(kind_name(kind));
    let zone = super::bitboard::Bitboard::promotion_zone(pos.side_to_move());
    if mv.is_promotion() {
        out.push('成');
    } else if kind.can_promote() && (zone.has(from) || zone.has(to)) {
        out.push_str("不成");
    }
    let _ = write!(out, "({}{})", from.file() + 1, from.rank() + 1);
    out
}

/// The closing marker and the `まで…` summary.
fn ending(reason: &EndReason, verdict: &Verdict, sides: [&str; 2]) -> (&'static str, String) {
    let winner = match verdict {
        Verdict::Win(set) if set.contains(crate::rules::vocab::Seat(0)) => Some(sides[0]),
        Verdict::Win(_) => Some(sides[1]),
        _ => None,
    };
    let marker = match reason {
        EndReason::Resignation => "投了",
        EndReason::Checkmate | EndReason::NoLegalMoves => "詰み",
        EndReason::Repetition => "千日手",
        EndReason::PerpetualCheck => "反則負け",
        EndReason::Declaration => "入玉勝ち",
        EndReason::Impasse | EndReason::MoveLimit => "持将棋",
        EndReason::TimeForfeit => "切れ負け",
        _ => "中断",
    };
    let summary = match (winner, reason) {
        (Some(w), EndReason::Declaration) => format!("{w}の入玉勝ち"),
        (Some(w), _) => format!("{w}の勝ち"),
        (None, _) => marker.to_string(),
    };
    (marker, summary)
}

/// A BOD board diagram of `pos`, with hands and the side to move.
fn bod(pos: &Position) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "後手の持駒：{}", hand_text(pos, Color::White));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 0..9u8 {
        out.push('|');
        for file in (0..9u8).rev() {
            let piece = pos.piece_at(Sq::new(file, rank));
            if piece.is_empty() {
                out.push_str(" ・");
            } else {
                out.push(if piece.color() == Color::White {
                    'v'
                } else {
                    ' '
                });
                out.push_str(diagram_name(piece.kind()));
            }
        }
        let _ = writeln!(out, "|{}", RANKS[rank as usize]);
    }
    out.push_str("+---------------------------+\n");
    let _ = writeln!(out, "先手の持駒：{}", hand_text(pos, Color::Black));
    if pos.side_to_move() == Color::White {
        out.push_str("後手番\n");
    }
    out
}

fn hand_text(pos: &Position, color: Color) -> String {
    let hand = pos.hand(color);
    let parts: Vec<String> = Kind::HAND_ORDER
        .iter()
        .filter(|k| hand.count(**k) > 0)
        .map(|k| format!("{}{}", kind_name(*k), kanji_count(hand.count(*k))))
        .collect();
    if parts.is_empty() {
        "なし".to_string()
    } else {
        parts.join("　")
    }
}

/// A KIF record (from [`ShogiGame::to_kif`], or one kept before records
/// had a header) as UTF-8 `.kifu` text: its first line says UTF-8.
pub fn to_kifu(kif: &str) -> String {
    let body = match kif.split_once('\n') {
        Some((first, rest)) if first.starts_with("#KIF") => rest,
        _ => kif,
    };
    format!("{KIFU_HEADER}\n{body}")
}

/// A character CP932 cannot hold, as the `.kif` file writes it: the
/// Unicode shogi turn marks become KIF's usual triangles, anything else
/// a `?` (a name in another script reads as `?` in a GUI, but the record
/// still opens).
fn cp932_fallback(c: char) -> char {
    match c {
        '☗' => '▲',
        '☖' => '△',
        _ => '?',
    }
}

/// `text` as a `.kif` file's bytes: CP932 with CRLF line ends, which
/// Japanese GUIs expect; characters CP932 lacks are replaced (see
/// [`cp932_fallback`]) rather than written as `&#NNNN;`.
pub fn to_cp932(text: &str) -> Vec<u8> {
    let mut fitted = String::with_capacity(text.len() + text.len() / 16);
    for c in text.chars() {
        match c {
            '\r' => {}
            '\n' => fitted.push_str("\r\n"),
            c if cp932_holds(c) => fitted.push(c),
            c => fitted.push(cp932_fallback(c)),
        }
    }
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&fitted);
    bytes.into_owned()
}

/// Whether CP932 has `c` (encoding_rs's Shift_JIS is CP932: it includes
/// the NEC and IBM extensions).
fn cp932_holds(c: char) -> bool {
    if c.is_ascii() {
        return true;
    }
    let mut buf = [0u8; 4];
    let (_, _, unmappable) = encoding_rs::SHIFT_JIS.encode(c.encode_utf8(&mut buf));
    !unmappable
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cp932_keeps_kif_text_and_replaces_the_rest() {
        let bytes = to_cp932("先手：☗alice 김\n７六歩(77)\n");
        let (back, _, bad) = encoding_rs::SHIFT_JIS.decode(&bytes);
        assert!(!bad);
        assert_eq!(back, "先手：▲alice ?\r\n７六歩(77)\r\n");
        assert_eq!(&bytes[..2], [0x90, 0xE6], "先 is 0x90E6 in CP932");
        // CP932's NEC extensions are kept, and a CRLF stays one CRLF.
        let bytes = to_cp932("①\r\n");
        let (back, _, _) = encoding_rs::SHIFT_JIS.decode(&bytes);
        assert_eq!(back, "①\r\n");
    }

    #[test]
    fn kifu_says_utf8_in_its_first_line() {
        let kif = format!("{KIF_HEADER}\n手合割：平手\n");
        assert_eq!(to_kifu(&kif), format!("{KIFU_HEADER}\n手合割：平手\n"));
        // A record kept before the header had none: one is added.
        assert_eq!(to_kifu("# x\n"), format!("{KIFU_HEADER}\n# x\n"));
    }
}
