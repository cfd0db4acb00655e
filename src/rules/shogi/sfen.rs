//! SFEN positions and USI moves: reading (any hand order, with errors that
//! say what is wrong and where) and writing (the canonical form).

use super::bitboard::Bitboard;
use super::position::Position;
use super::types::{Color, Kind, Move, Piece, Sq};
use thiserror::Error;

/// The standard start position.
pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Why an SFEN was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SfenError {
    /// A field is missing; SFEN has board, side, hands and (optional) move number.
    #[error("SFEN is missing its {0} field")]
    MissingField(&'static str),
    /// Text after the move number.
    #[error("unexpected text after the move number: {0:?}")]
    TrailingText(String),
    /// The board does not have nine ranks.
    #[error("the board has {0} ranks, not 9")]
    RankCount(usize),
    /// A rank does not hold exactly nine squares.
    #[error("rank {rank} holds {squares} squares, not 9")]
    RankLength {
        /// The rank letter, `a`–`i`.
        rank: char,
        /// How many squares it described.
        squares: usize,
    },
    /// A character that is not a piece, digit, `+` or `/`.
    #[error("rank {rank}: {found:?} is not a piece letter")]
    BadPiece {
        /// The rank letter, `a`–`i`.
        rank: char,
        /// The offending character.
        found: char,
    },
    /// A `+` before a piece that cannot promote, or before nothing.
    #[error("rank {rank}: '+' must precede one of P L N S B R")]
    BadPromotion {
        /// The rank letter, `a`–`i`.
        rank: char,
    },
    /// The side to move is not `b` or `w`.
    #[error("side to move must be 'b' or 'w', not {0:?}")]
    BadSide(String),
    /// The hand field is malformed.
    #[error("hands: {0}")]
    BadHand(String),
    /// The move number is not a positive integer.
    #[error("move number must be a positive integer, not {0:?}")]
    BadMoveNumber(String),
    /// Each side needs exactly one king.
    #[error("{color:?} has {count} kings; exactly one is needed")]
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// More pieces of a kind than a shogi set holds.
    #[error("{count} pieces of kind {kind:?} (board and hands); a set has {max}")]
    TooManyPieces {
        /// The unpromoted kind.
        kind: Kind,
        /// How many were found.
        count: u32,
        /// How many a set holds.
        max: u32,
    },
    /// An unpromoted pawn, lance or knight with no further move.
    #[error("the piece on {0} could never move again")]
    DeadPiece(Sq),
    /// Two unpromoted pawns of one side on a file.
    #[error("{color:?} has two unpromoted pawns on file {file}")]
    DoublePawn {
        /// The side.
        color: Color,
        /// The USI file number.
        file: u8,
    },
    /// The side that just moved is in check: its king could be captured.
    #[error("the side not to move is in check")]
    OpponentInCheck,
}

/// Why a USI move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UsiError {
    /// Not of the form `7g7f`, `7g7f+` or `P*5e`.
    #[error("{0:?} is not a USI move (like 7g7f, 8h2b+ or P*5e)")]
    Syntax(String),
    /// Well formed, but not legal in the position.
    #[error("{0} is not legal in this position")]
    Illegal(String),
}

fn set_size(kind: Kind) -> u32 {
    match kind {
        Kind::Pawn => 18,
        Kind::Bishop | Kind::Rook | Kind::King => 2,
        _ => 4,
    }
}

impl Position {
    /// Reads an SFEN (`<board> <side> <hands> [<move number>]`).
    pub fn from_sfen(text: &str) -> Result<Position, SfenError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(SfenError::MissingField("board"))?;
        let side = fields.next().ok_or(SfenError::MissingField("side"))?;
        let hands = fields.next().ok_or(SfenError::MissingField("hands"))?;
        let number = fields.next().unwrap_or("1");
        if let Some(extra) = fields.next() {
            return Err(SfenError::TrailingText(extra.to_string()));
        }
        let mut pos = Position::empty();
        read_board(&mut pos, board)?;
        pos.set_side(match side {
            "b" => Color::Black,
            "w" => Color::White,
            _ => return Err(SfenError::BadSide(side.to_string())),
        });
        read_hands(&mut pos, hands)?;
        let n = number
            .parse::<u32>()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| SfenError::BadMoveNumber(number.to_string()))?;
        pos.set_move_number(n);
        validate(&pos)?;
        Ok(pos)
    }

    /// Writes the canonical SFEN (hands in the order R B G S N L P, sente first).
    pub fn to_sfen(&self) -> String {
        let side = match self.side_to_move() {
            Color::Black => "b",
            Color::White => "w",
        };
        let board = board_field(|sq| self.piece_at(sq));
        let hands = hands_field(|color, kind| self.hand(color).count(kind));
        format!("{board} {side} {hands} {}", self.move_number())
    }

    /// Parses a USI move and checks that it is legal here.
    pub fn parse_usi(&self, text: &str) -> Result<Move, UsiError> {
        let mv = parse_usi_syntax(text)?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(UsiError::Illegal(text.to_string()))
        }
    }
}

/// SFEN's board field for the pieces `piece_at` gives: rank a first, each
/// rank from file 9, runs of empty squares as digits.
pub(super) fn board_field(piece_at: impl Fn(Sq) -> Piece) -> String {
    let mut out = String::with_capacity(81);
    for rank in 0..9 {
        if rank > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for file in (0..9).rev() {
            let piece = piece_at(Sq::new(file, rank));
            if piece.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
                empty = 0;
            }
            out.push_str(&piece_letters(piece));
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
    }
    out
}

/// SFEN's hands field for the counts `count` gives: sente's then gote's,
/// each in the order R B G S N L P, or `-` when both are empty.
pub(super) fn hands_field(count: impl Fn(Color, Kind) -> u8) -> String {
    let mut out = String::new();
    for color in Color::BOTH {
        for kind in Kind::HAND_ORDER {
            let n = count(color, kind);
            if n > 1 {
                out.push_str(&n.to_string());
            }
            if n > 0 {
                out.push(letter(color, kind.letter()));
            }
        }
    }
    if out.is_empty() { "-".to_string() } else { out }
}

fn letter(color: Color, upper: u8) -> char {
    match color {
        Color::Black => upper as char,
        Color::White => upper.to_ascii_lowercase() as char,
    }
}

/// The SFEN letters of a piece: `P`, `+p`, `K`.
pub fn piece_letters(piece: Piece) -> String {
    let kind = piece.kind();
    let l = letter(piece.color(), kind.letter());
    if kind.is_promoted() {
        format!("+{l}")
    } else {
        l.to_string()
    }
}

/// Parses the form of a USI move without a position.
pub fn parse_usi_syntax(text: &str) -> Result<Move, UsiError> {
    let bad = || UsiError::Syntax(text.to_string());
    let b = text.as_bytes();
    match b {
        [p, b'*', sq @ ..] => {
            let kind = Kind::from_letter(*p).filter(|k| *k != Kind::King && p.is_ascii_uppercase());
            match (kind, Sq::from_usi(sq)) {
                (Some(kind), Some(to)) => Ok(Move::drop(kind, to)),
                _ => Err(bad()),
            }
        }
        [a, b_, c, d, rest @ ..] if rest.is_empty() || rest == b"+" => {
            let from = Sq::from_usi(&[*a, *b_]).ok_or_else(bad)?;
            let to = Sq::from_usi(&[*c, *d]).ok_or_else(bad)?;
            Ok(Move::step(from, to, !rest.is_empty()))
        }
        _ => Err(bad()),
    }
}

fn read_board(pos: &mut Position, board: &str) -> Result<(), SfenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(SfenError::RankCount(ranks.len()));
    }
    for (rank, text) in ranks.iter().enumerate() {
        let rank_char = (b'a' + rank as u8) as char;
        let mut file: i32 = 8; // SFEN reads from file 9 to file 1
        let mut promoted = false;
        for c in text.bytes() {
            let squares = 9 - (file + 1) as usize;
            match c {
                b'1'..=b'9' if !promoted => file -= (c - b'0') as i32,
                b'+' if !promoted => promoted = true,
                _ => {
                    let kind = Kind::from_letter(c).ok_or(SfenError::BadPiece {
                        rank: rank_char,
                        found: c as char,
                    })?;
                    if promoted && !kind.can_promote() {
                        return Err(SfenError::BadPromotion { rank: rank_char });
                    }
                    if file < 0 {
                        return Err(SfenError::RankLength {
                            rank: rank_char,
                            squares: squares + 1,
                        });
                    }
                    let kind = if promoted { kind.promoted() } else { kind };
                    let color = if c.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    };
                    pos.put(Piece::new(color, kind), Sq::new(file as u8, rank as u8));
                    promoted = false;
                    file -= 1;
                }
            }
            if file < -1 {
                return Err(SfenError::RankLength {
                    rank: rank_char,
                    squares: (8 - file) as usize,
                });
            }
        }
        if promoted {
            return Err(SfenError::BadPromotion { rank: rank_char });
        }
        if file != -1 {
            return Err(SfenError::RankLength {
                rank: rank_char,
                squares: (8 - file) as usize,
            });
        }
    }
    Ok(())
}

fn read_hands(pos: &mut Position, hands: &str) -> Result<(), SfenError> {
    if hands == "-" {
        return Ok(());
    }
    let mut count: Option<u32> = None;
    for c in hands.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 {
                return Err(SfenError::BadHand(format!("count {n} is too large")));
            }
            count = Some(n);
            continue;
        }
        let kind = u8::try_from(c)
            .ok()
            .and_then(Kind::from_letter)
            .filter(|k| *k != Kind::King)
            .ok_or_else(|| SfenError::BadHand(format!("{c:?} is not a hand piece")))?;
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(SfenError::BadHand("a count of 0".to_string()));
        }
        let total = pos.hand(color).count(kind) as u32 + n;
        if total > set_size(kind) {
            return Err(SfenError::BadHand(format!("too many {c}")));
        }
        pos.set_hand(color, kind, total as u8);
    }
    if count.is_some() {
        return Err(SfenError::BadHand(
            "a count with no piece after it".to_string(),
        ));
    }
    Ok(())
}

fn validate(pos: &Position) -> Result<(), SfenError> {
    for color in Color::BOTH {
        let count = pos.pieces_of(color, Kind::King).count();
        if count != 1 {
            return Err(SfenError::KingCount { color, count });
        }
    }
    for kind in Kind::HAND {
        let on_board = pos.kind_bb(kind).count()
            + if kind.can_promote() {
                pos.kind_bb(kind.promoted()).count()
            } else {
                0
            };
        let in_hand: u32 = Color::BOTH
            .iter()
            .map(|c| pos.hand(*c).count(kind) as u32)
            .sum();
        let max = set_size(kind);
        if on_board + in_hand > max {
            let count = on_board + in_hand;
            return Err(SfenError::TooManyPieces { kind, count, max });
        }
    }
    for color in Color::BOTH {
        for kind in [Kind::Pawn, Kind::Lance, Kind::Knight] {
            let dead = pos.pieces_of(color, kind) & Bitboard::dead_zone(color, kind);
            if let Some(sq) = dead.into_iter().next() {
                return Err(SfenError::DeadPiece(sq));
            }
        }
        for file in 0..9 {
            if (pos.pieces_of(color, Kind::Pawn) & Bitboard::file(file)).has_many() {
                return Err(SfenError::DoublePawn {
                    color,
                    file: file + 1,
                });
            }
        }
    }
    let mover = pos.side_to_move();
    let waiting = mover.opponent();
    if pos.is_attacked(mover, pos.king(waiting), pos.occupied()) {
        return Err(SfenError::OpponentInCheck);
    }
    Ok(())
}
