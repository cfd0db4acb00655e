//! CSA export (V2.2), the plain-ASCII record computer shogi exchanges:
//! engines, servers and most GUIs read it. The even start is written `PI`;
//! any other start (handicaps, set-up positions) as a full board `P1`…`P9`
//! with the hands, so no reader has to know handicap names.
//!
//! The text is UTF-8; only the players' names can be anything else than
//! ASCII (see docs/records.md).

use super::game::ShogiGame;
use super::position::Position;
use super::types::{Color, Kind, Move, Sq};
use crate::rules::vocab::{EndReason, Seat, Verdict};
use std::fmt::Write;

/// The CSA code of a piece kind, as a move writes it after the move
/// (a promotion writes the promoted code).
pub(super) fn code(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "FU",
        Kind::Lance => "KY",
        Kind::Knight => "KE",
        Kind::Silver => "GI",
        Kind::Gold => "KI",
        Kind::Bishop => "KA",
        Kind::Rook => "HI",
        Kind::King => "OU",
        Kind::ProPawn => "TO",
        Kind::ProLance => "NY",
        Kind::ProKnight => "NK",
        Kind::ProSilver => "NG",
        Kind::Horse => "UM",
        Kind::Dragon => "RY",
    }
}

/// `+` for sente (black, the lower side), `-` for gote.
fn sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

impl ShogiGame {
    /// The game as CSA V2.2. `names` are sente's and gote's names.
    pub fn to_csa(&self, names: [&str; 2]) -> String {
        let mut out = String::from("V2.2\n");
        for (side, name) in ['+', '-'].into_iter().zip(names) {
            let _ = writeln!(out, "N{side}{}", one_line(name));
        }
        out.push_str(&start_position(self.start()));
        let mut pos = self.start().clone();
        for &mv in self.moves() {
            out.push_str(&move_text(&pos, mv));
            out.push('\n');
            pos.make(mv);
        }
        if let Some(outcome) = self.outcome() {
            out.push_str(&ending(
                &outcome.reason,
                &outcome.verdict,
                pos.side_to_move(),
            ));
        }
        out
    }
}

/// A name kept on its line: a line break would start a new CSA command.
fn one_line(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `PI` for the even start, else the board and hands; then the side to move.
fn start_position(pos: &Position) -> String {
    let mut out = if pos.to_sfen() == super::START {
        "PI\n".to_string()
    } else {
        board(pos)
    };
    out.push(sign(pos.side_to_move()));
    out.push('\n');
    out
}

/// `P1`…`P9` (rank 一 at the top, file 9 on the left) and `P+`/`P-` hands.
fn board(pos: &Position) -> String {
    let mut out = String::new();
    for rank in 0..9u8 {
        let _ = write!(out, "P{}", rank + 1);
        for file in (0..9u8).rev() {
            let piece = pos.piece_at(Sq::new(file, rank));
            if piece.is_empty() {
                out.push_str(" * ");
            } else {
                out.push(sign(piece.color()));
                out.push_str(code(piece.kind()));
            }
        }
        out.push('\n');
    }
    for color in Color::BOTH {
        out.push_str(&hand_line(pos, color));
    }
    out
}

/// `P+00HI00FU00FU`: one `00XX` per piece in hand; nothing for an empty hand.
fn hand_line(pos: &Position, color: Color) -> String {
    let hand = pos.hand(color);
    let pieces: String = Kind::HAND_ORDER
        .iter()
        .flat_map(|&k| std::iter::repeat_n(code(k), usize::from(hand.count(k))))
        .map(|c| format!("00{c}"))
        .collect();
    if pieces.is_empty() {
        String::new()
    } else {
        format!("P{}{pieces}\n", sign(color))
    }
}

/// A move: `+7776FU`, `-8822UM` (a promotion), `+0055KA` (a drop).
fn move_text(pos: &Position, mv: Move) -> String {
    let to = mv.to();
    let kind = pos.placed_kind(mv);
    let from = match mv.is_drop() {
        true => "00".to_string(),
        false => format!("{}{}", mv.from().file() + 1, mv.from().rank() + 1),
    };
    let mover = sign(pos.side_to_move());
    format!(
        "{mover}{from}{}{}{}",
        to.file() + 1,
        to.rank() + 1,
        code(kind)
    )
}

/// The closing special move. `to_move` is the side whose turn it is when
/// the game ends: CSA's `%TORYO`, `%KACHI` and `%TSUMI` are theirs.
fn ending(reason: &EndReason, verdict: &Verdict, to_move: Color) -> String {
    let loser_moves = match verdict {
        Verdict::Win(set) => set.contains(Seat(0)) != (to_move == Color::Black),
        _ => true,
    };
    match reason {
        EndReason::Resignation if loser_moves => "%TORYO\n".to_string(),
        // Resigned out of turn: CSA's `%TORYO` is always the mover's.
        EndReason::Resignation => format!("'{} resigned\n%TORYO\n", sign(to_move.opponent())),
        EndReason::Checkmate | EndReason::NoLegalMoves => "%TSUMI\n".to_string(),
        EndReason::Repetition => "%SENNICHITE\n".to_string(),
        // The checking side, who just moved, loses by an illegal action.
        EndReason::PerpetualCheck => format!("%{}ILLEGAL_ACTION\n", sign(to_move.opponent())),
        EndReason::Declaration => "%KACHI\n".to_string(),
        EndReason::Impasse | EndReason::MoveLimit => "%JISHOGI\n".to_string(),
        EndReason::TimeForfeit => "%TIME_UP\n".to_string(),
        _ => "%CHUDAN\n".to_string(),
    }
}
