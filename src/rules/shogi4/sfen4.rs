//! SFEN4, banmen's position notation for four-player shogi (docs/rules.md §2),
//! and the move notation `e3e4`, `e2e7+`, `P*e5`: read exactly as specified,
//! with typed errors, and written in the canonical form.

use super::position::{Play4, Position4};
use super::types::{Kind4, Move4, Piece4, SEAT_LETTERS, SEATS, Sq4};
use thiserror::Error;

/// The start position, South to move.
pub const START4: &str = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 s -,-,-,- 1";

/// Why an SFEN4 or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Sfen4Error {
    /// A field is missing (board, seat, hands, move number).
    #[error("SFEN4 is missing its {0} field")]
    MissingField(&'static str),
    /// Text after the move number.
    #[error("unexpected text after the move number: {0:?}")]
    TrailingText(String),
    /// The board does not have nine rows.
    #[error("the board has {0} rows, not 9")]
    RowCount(usize),
    /// A row does not describe nine squares.
    #[error("row {row}: {squares} squares, not 9")]
    RowLength {
        /// The row number, 1–9.
        row: u8,
        /// How many squares it described.
        squares: usize,
    },
    /// A piece is malformed.
    #[error("row {row}: {reason}")]
    BadPiece {
        /// The row number, 1–9.
        row: u8,
        /// What is wrong.
        reason: String,
    },
    /// The seat to move is not s, w, n or e.
    #[error("seat to move must be s, w, n or e, not {0:?}")]
    BadSeat(String),
    /// The hands field is malformed.
    #[error("hands: {0}")]
    BadHand(String),
    /// The move number is not a positive integer.
    #[error("move number must be a positive integer, not {0:?}")]
    BadMoveNumber(String),
    /// A seat has no king or several.
    #[error("seat {0} must have exactly one king (live or flipped)")]
    KingCount(char),
    /// A mated seat still owns a piece on the board or in hand (they went to
    /// the mating player, or became ownerless).
    #[error("seat {0} is mated but still owns pieces")]
    MatedSeatOwns(char),
    /// The seat to move is eliminated.
    #[error("the seat to move has been mated")]
    SeatOut,
    /// Not `e3e4`, `e2e7+` or `P*e5`.
    #[error("{0:?} is not a four-player shogi move (like e3e4, e2e7+ or P*e5)")]
    MoveSyntax(String),
    /// Well formed, but not legal here.
    #[error("{0} is not legal in this position")]
    Illegal(String),
}

fn seat_of(c: char) -> Option<u8> {
    SEAT_LETTERS.iter().position(|l| *l == c).map(|i| i as u8)
}

impl Position4 {
    /// The start position under `play`.
    pub fn start(play: Play4) -> Position4 {
        Position4::from_sfen4(START4, play).expect("the start SFEN4 is valid")
    }

    /// Reads an SFEN4 under the rules `play`.
    pub fn from_sfen4(text: &str, play: Play4) -> Result<Position4, Sfen4Error> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(Sfen4Error::MissingField("board"))?;
        let seat = fields.next().ok_or(Sfen4Error::MissingField("seat"))?;
        let hands = fields.next().ok_or(Sfen4Error::MissingField("hands"))?;
        let number = fields
            .next()
            .ok_or(Sfen4Error::MissingField("move number"))?;
        if let Some(extra) = fields.next() {
            return Err(Sfen4Error::TrailingText(extra.to_string()));
        }
        let mut pos = Position4 {
            board: [None; 81],
            hands: [[0; 4]; SEATS],
            to_move: 0,
            move_number: 1,
            play,
            mates: [0; SEATS],
            last_mate: [0; SEATS],
            mated: [0; SEATS],
            mated_count: 0,
            kings: [Sq4(0); SEATS],
            index: Default::default(),
            checked: 0,
        };
        read_board(&mut pos, board)?;
        let mut chars = seat.chars();
        pos.to_move = match (chars.next().and_then(seat_of), chars.next()) {
            (Some(s), None) => s,
            _ => return Err(Sfen4Error::BadSeat(seat.to_string())),
        };
        read_hands(&mut pos, hands)?;
        pos.move_number = number
            .parse()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| Sfen4Error::BadMoveNumber(number.to_string()))?;
        for s in 0..SEATS as u8 {
            let kings = pos
                .board
                .iter()
                .flatten()
                .filter(|p| p.kind == Kind4::King && p.owner == Some(s))
                .count();
            if kings != 1 {
                return Err(Sfen4Error::KingCount(SEAT_LETTERS[s as usize]));
            }
        }
        pos.reindex();
        for s in 0..SEATS as u8 {
            if !pos.is_active(s) {
                let owns_board = pos
                    .board
                    .iter()
                    .flatten()
                    .any(|p| p.owner == Some(s) && !p.flipped);
                if owns_board || pos.hands[s as usize] != [0; 4] {
                    return Err(Sfen4Error::MatedSeatOwns(SEAT_LETTERS[s as usize]));
                }
                pos.push_mated(s);
            }
        }
        if !pos.is_over() && !pos.is_active(pos.to_move) {
            return Err(Sfen4Error::SeatOut);
        }
        Ok(pos)
    }

    /// Writes the canonical SFEN4.
    pub fn to_sfen4(&self) -> String {
        let mut rows = Vec::with_capacity(9);
        for y in (0..9).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..9 {
                match self.piece_at(Sq4::new(x, y)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(&piece_text(p));
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let hands: Vec<String> = (0..SEATS).map(|s| hand_text(&self.hands[s])).collect();
        format!(
            "{} {} {} {}",
            rows.join("/"),
            SEAT_LETTERS[self.to_move as usize],
            hands.join(","),
            self.move_number
        )
    }

    /// Reads a move and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move4, Sfen4Error> {
        let mv = parse_move_syntax(text)?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(Sfen4Error::Illegal(text.to_string()))
        }
    }
}

/// A piece as SFEN4 writes it: `Ks`, `+Pw`, `Gne`, `P-e`, `Xe`.
pub fn piece_text(p: Piece4) -> String {
    if p.flipped {
        let seat = p.owner.unwrap_or(p.facing);
        return format!("X{}", SEAT_LETTERS[seat as usize]);
    }
    let mut out = String::new();
    if p.promoted {
        out.push('+');
    }
    out.push(p.kind.letter());
    match p.owner {
        Some(o) => {
            out.push(SEAT_LETTERS[o as usize]);
            if o != p.facing {
                out.push(SEAT_LETTERS[p.facing as usize]);
            }
        }
        None => {
            out.push('-');
            out.push(SEAT_LETTERS[p.facing as usize]);
        }
    }
    out
}

fn hand_text(hand: &[u8; 4]) -> String {
    let mut out = String::new();
    for (i, kind) in Kind4::HAND.iter().enumerate() {
        match hand[i] {
            0 => {}
            1 => out.push(kind.letter()),
            n => out.push_str(&format!("{n}{}", kind.letter())),
        }
    }
    if out.is_empty() { "-".to_string() } else { out }
}

/// Reads the form of a move without a position.
pub fn parse_move_syntax(text: &str) -> Result<Move4, Sfen4Error> {
    let bad = || Sfen4Error::MoveSyntax(text.to_string());
    match text.as_bytes() {
        [k, b'*', sq @ ..] => {
            let kind = Kind4::from_letter(*k as char)
                .filter(|k2| *k2 != Kind4::King && k.is_ascii_uppercase())
                .ok_or_else(bad)?;
            let to = Sq4::parse(sq).ok_or_else(bad)?;
            Ok(Move4::Drop { kind, to })
        }
        [a, b, c, d, rest @ ..] if rest.is_empty() || rest == b"+" => {
            let from = Sq4::parse(&[*a, *b]).ok_or_else(bad)?;
            let to = Sq4::parse(&[*c, *d]).ok_or_else(bad)?;
            Ok(Move4::Step {
                from,
                to,
                promote: !rest.is_empty(),
            })
        }
        _ => Err(bad()),
    }
}

/// Reads one piece starting at `chars[i]`; returns it and the next index.
fn read_piece(chars: &[char], mut i: usize, row: u8) -> Result<(Piece4, usize), Sfen4Error> {
    let bad = |reason: &str| Sfen4Error::BadPiece {
        row,
        reason: reason.to_string(),
    };
    let promoted = chars[i] == '+';
    if promoted {
        i += 1;
    }
    let letter = *chars
        .get(i)
        .ok_or_else(|| bad("'+' at the end of the row"))?;
    if letter == 'X' && !promoted {
        let seat = chars
            .get(i + 1)
            .copied()
            .and_then(seat_of)
            .ok_or_else(|| bad("X needs a seat"))?;
        let king = Piece4 {
            flipped: true,
            ..Piece4::new(Kind4::King, seat)
        };
        return Ok((king, i + 2));
    }
    let kind = Kind4::from_letter(letter)
        .filter(|_| letter.is_ascii_uppercase())
        .ok_or_else(|| bad(&format!("{letter:?} is not a piece letter")))?;
    if promoted && !kind.can_promote() {
        return Err(bad("only R, S and P promote"));
    }
    let owner_char = *chars
        .get(i + 1)
        .ok_or_else(|| bad("a piece needs an owner"))?;
    let (owner, mut next) = if owner_char == '-' {
        (None, i + 2)
    } else {
        let s =
            seat_of(owner_char).ok_or_else(|| bad(&format!("{owner_char:?} is not an owner")))?;
        (Some(s), i + 2)
    };
    let facing = match chars.get(next).copied().and_then(seat_of) {
        Some(f) => {
            next += 1;
            f
        }
        None => owner.ok_or_else(|| bad("an ownerless piece writes its facing"))?,
    };
    if owner.is_none() && kind == Kind4::King {
        return Err(bad("a king cannot be ownerless"));
    }
    Ok((
        Piece4 {
            kind,
            promoted,
            owner,
            facing,
            flipped: false,
        },
        next,
    ))
}

fn read_board(pos: &mut Position4, board: &str) -> Result<(), Sfen4Error> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 9 {
        return Err(Sfen4Error::RowCount(rows.len()));
    }
    for (r, text) in rows.iter().enumerate() {
        let y = 8 - r as u8;
        let row = y + 1;
        let chars: Vec<char> = text.chars().collect();
        let (mut i, mut x) = (0usize, 0usize);
        while i < chars.len() {
            if let Some(d) = chars[i].to_digit(10).filter(|d| *d > 0) {
                x += d as usize;
                i += 1;
                continue;
            }
            let (piece, next) = read_piece(&chars, i, row)?;
            if x >= 9 {
                return Err(Sfen4Error::RowLength {
                    row,
                    squares: x + 1,
                });
            }
            pos.board[Sq4::new(x as u8, y).0 as usize] = Some(piece);
            x += 1;
            i = next;
        }
        if x != 9 {
            return Err(Sfen4Error::RowLength { row, squares: x });
        }
    }
    Ok(())
}

fn read_hands(pos: &mut Position4, hands: &str) -> Result<(), Sfen4Error> {
    let fields: Vec<&str> = hands.split(',').collect();
    if fields.len() != SEATS {
        return Err(Sfen4Error::BadHand(format!(
            "{} fields, not 4",
            fields.len()
        )));
    }
    for (seat, field) in fields.iter().enumerate() {
        if *field == "-" {
            continue;
        }
        if field.is_empty() {
            return Err(Sfen4Error::BadHand(
                "an empty hand is written -".to_string(),
            ));
        }
        let mut count: Option<u32> = None;
        for c in field.chars() {
            if let Some(d) = c.to_digit(10) {
                count = Some(count.unwrap_or(0) * 10 + d);
                if count > Some(36) {
                    return Err(Sfen4Error::BadHand("a count above 36".to_string()));
                }
                continue;
            }
            let kind = Kind4::from_letter(c)
                .filter(|k| *k != Kind4::King && c.is_ascii_uppercase())
                .ok_or_else(|| Sfen4Error::BadHand(format!("{c:?} is not a hand piece")))?;
            let n = count.take().unwrap_or(1);
            if n == 0 {
                return Err(Sfen4Error::BadHand("a count of 0".to_string()));
            }
            let slot = &mut pos.hands[seat][kind.hand_index()];
            *slot = slot.saturating_add(n as u8).min(36);
        }
        if count.is_some() {
            return Err(Sfen4Error::BadHand(
                "a count with no piece after it".to_string(),
            ));
        }
    }
    Ok(())
}
