//! FEN4, chess.com's four-player position format (docs/rules.md §3): fields
//! separated by `-` (seat to move, eliminated flags, king-side and
//! queen-side castling, points, halfmove clock, an optional `{…}`
//! extension with en passant rights), then the board from rank 14 down.
//! Both ways of writing corners (`x,x,x` and a run such as `3`) and of dead
//! pieces (`dK`, `drK`) are read; banmen writes `x` and `drK`.

use super::position::{Position, Variant};
use super::types::{GRID, Kind, Piece, SEAT_LETTERS, SEATS, SIDE, Sq};
use std::fmt::Write;

/// The start position, Red to move.
pub const START_FEN4: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

/// What is wrong with a FEN4 text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Fen4Error {
    /// A field is missing.
    #[error("FEN4 is missing its {0} field")]
    MissingField(&'static str),
    /// The seat to move is not R, B, Y or G.
    #[error("{0:?} is not a seat to move (R, B, Y or G)")]
    BadSeat(String),
    /// A list of four values is malformed.
    #[error("the {field} field {text:?} is not four comma-separated numbers")]
    BadList {
        /// Which field.
        field: &'static str,
        /// What it said.
        text: String,
    },
    /// The `{…}` extension is not closed or an en passant entry is wrong.
    #[error("bad extension: {0}")]
    BadExtension(String),
    /// The board does not have 14 ranks.
    #[error("the board has {0} ranks, not 14")]
    RankCount(usize),
    /// A rank does not cover 14 files.
    #[error("rank {rank} covers {files} files, not 14")]
    FileCount {
        /// The rank (1–14).
        rank: u8,
        /// How many files it covered.
        files: usize,
    },
    /// A token is not a piece, a wall or a run of empty squares.
    #[error("{0:?} is not a square (like rK, drK, dK, x or 3)")]
    BadToken(String),
    /// A piece stands on a corner square, or a wall on the board.
    #[error("{0} does not fit the cross-shaped board")]
    WallMismatch(String),
    /// A seat still playing has no king or several.
    #[error("seat {0} is playing but does not have exactly one king")]
    KingCount(char),
}

/// The largest halfmove clock read. Games draw at 200; the bound keeps
/// `apply`'s `+ 1` far from overflowing while a record is replayed.
const MAX_HALFMOVE: u32 = 1_000_000;

/// The four seat letters as FEN4 writes the seat to move.
const TURN_LETTERS: [char; SEATS] = ['R', 'B', 'Y', 'G'];

impl Position {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Position {
        Position::from_fen4(START_FEN4, variant).expect("the start FEN4 is valid")
    }

    /// Reads a FEN4 position; `variant` is the room's game type (FEN4
    /// does not say it).
    pub fn from_fen4(text: &str, variant: Variant) -> Result<Position, Fen4Error> {
        let mut rest = text.trim();
        let mut field = |name: &'static str| -> Result<&str, Fen4Error> {
            let (head, tail) = rest.split_once('-').ok_or(Fen4Error::MissingField(name))?;
            rest = tail;
            Ok(head)
        };
        let turn = field("seat to move")?;
        let out = four(field("eliminated")?, "eliminated")?;
        let king_side = four(field("king-side castling")?, "king-side castling")?;
        let queen_side = four(field("queen-side castling")?, "queen-side castling")?;
        let points = four(field("points")?, "points")?;
        let halfmove = field("halfmove clock")?;
        let (extension, board) = split_extension(rest)?;
        let mut pos = Position {
            board: [None; GRID],
            to_move: seat_of_turn(turn)?,
            castling: [[false; 2]; SEATS],
            en_passant: [None; SEATS],
            points: [0; SEATS],
            out: [false; SEATS],
            halfmove: halfmove
                .trim()
                .parse()
                .ok()
                .filter(|&h| h <= MAX_HALFMOVE)
                .ok_or_else(|| Fen4Error::BadList {
                    field: "halfmove clock",
                    text: halfmove.to_string(),
                })?,
            kings: [None; SEATS],
            variant,
        };
        for s in 0..SEATS {
            pos.out[s] = out[s] != 0;
            pos.castling[s] = [king_side[s] != 0, queen_side[s] != 0];
            pos.points[s] = points[s] as i32;
        }
        if let Some(ext) = extension {
            pos.en_passant = read_en_passant(ext)?;
        }
        read_board(&mut pos, board)?;
        pos.locate_kings()?;
        Ok(pos)
    }

    /// Finds each playing seat's one king.
    fn locate_kings(&mut self) -> Result<(), Fen4Error> {
        for s in 0..SEATS as u8 {
            let kings: Vec<u8> = (0..GRID as u8)
                .filter(|&i| {
                    self.board[i as usize]
                        .is_some_and(|p| p.kind == Kind::King && p.owner == s && !p.dead)
                })
                .collect();
            match (kings.as_slice(), self.out[s as usize]) {
                ([k], _) => self.kings[s as usize] = Some(Sq(*k)),
                ([], true) => {}
                _ => return Err(Fen4Error::KingCount(TURN_LETTERS[s as usize])),
            }
        }
        Ok(())
    }

    /// Writes the position as FEN4 (walls as `x`, dead pieces as `drK`,
    /// the extension only when an en passant right stands, a seat without
    /// a king as eliminated).
    pub fn to_fen4(&self) -> String {
        let list = |values: [i64; SEATS]| {
            values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let flags = |f: &dyn Fn(usize) -> bool| list(std::array::from_fn(|s| i64::from(f(s))));
        let mut out = format!(
            "{}-{}-{}-{}-{}-{}-",
            TURN_LETTERS[self.to_move as usize % SEATS],
            // A seat without a king (taken in a finished teams game) is
            // out: written so, the position reads back.
            flags(&|s| self.out[s] || self.kings[s].is_none()),
            flags(&|s| self.castling[s][0]),
            flags(&|s| self.castling[s][1]),
            list(std::array::from_fn(|s| i64::from(self.points[s]))),
            self.halfmove
        );
        if self.en_passant.iter().any(Option::is_some) {
            let entries: Vec<String> = self
                .en_passant
                .iter()
                .map(|e| match e {
                    Some((over, landed)) => format!("'{over}:{landed}'"),
                    None => "''".to_string(),
                })
                .collect();
            let _ = write!(out, "{{'enPassant':({})}}-", entries.join(","));
        }
        let ranks: Vec<String> = (0..SIDE).rev().map(|y| self.rank_text(y)).collect();
        out.push_str(&ranks.join("/"));
        out
    }

    fn rank_text(&self, y: u8) -> String {
        let mut tokens = Vec::new();
        let mut empty = 0;
        for x in 0..SIDE {
            let sq = Sq::new(x, y);
            let token = match self.piece_at(sq) {
                _ if sq.is_wall() => Some("x".to_string()),
                Some(p) => Some(piece_text(p)),
                None => None,
            };
            match token {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        tokens.push(empty.to_string());
                        empty = 0;
                    }
                    tokens.push(t);
                }
            }
        }
        if empty > 0 {
            tokens.push(empty.to_string());
        }
        tokens.join(",")
    }
}

fn piece_text(p: Piece) -> String {
    let dead = if p.dead { "d" } else { "" };
    format!(
        "{dead}{}{}",
        SEAT_LETTERS[p.owner as usize % SEATS],
        p.kind.letter()
    )
}

fn seat_of_turn(text: &str) -> Result<u8, Fen4Error> {
    TURN_LETTERS
        .iter()
        .position(|c| text.trim() == c.to_string())
        .map(|i| i as u8)
        .ok_or_else(|| Fen4Error::BadSeat(text.to_string()))
}

fn four(text: &str, field: &'static str) -> Result<[i64; SEATS], Fen4Error> {
    let bad = || Fen4Error::BadList {
        field,
        text: text.to_string(),
    };
    let values: Vec<i64> = text
        .split(',')
        .map(|v| v.trim().parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    values.try_into().map_err(|_| bad())
}

/// Splits `{…}-board` into the extension and the board.
fn split_extension(rest: &str) -> Result<(Option<&str>, &str), Fen4Error> {
    if !rest.starts_with('{') {
        return Ok((None, rest));
    }
    let end = rest
        .find('}')
        .ok_or_else(|| Fen4Error::BadExtension("no closing }".into()))?;
    let board = rest[end + 1..]
        .strip_prefix('-')
        .ok_or(Fen4Error::MissingField("board"))?;
    Ok((Some(&rest[..=end]), board))
}

/// Reads `'enPassant':('k3:k4','','','')` out of the extension (other
/// keys are ignored).
fn read_en_passant(ext: &str) -> Result<[Option<(Sq, Sq)>; SEATS], Fen4Error> {
    let mut rights = [None; SEATS];
    let Some(at) = ext.find("'enPassant'") else {
        return Ok(rights);
    };
    let bad = |why: &str| Fen4Error::BadExtension(why.to_string());
    let after = &ext[at..];
    let open = after
        .find('(')
        .ok_or_else(|| bad("enPassant needs ( … )"))?;
    let inside = &after[open + 1..];
    let close = inside
        .find(')')
        .ok_or_else(|| bad("enPassant needs ( … )"))?;
    let entries: Vec<&str> = inside[..close].split(',').collect();
    if entries.len() != SEATS {
        return Err(bad("enPassant needs four entries"));
    }
    for (s, entry) in entries.iter().enumerate() {
        let entry = entry.trim().trim_matches('\'').trim_matches('"');
        if entry.is_empty() {
            continue;
        }
        let (over, landed) = entry
            .split_once(':')
            .ok_or_else(|| bad("an enPassant entry is passed-over:landing"))?;
        let over = Sq::parse(over).ok_or_else(|| bad("bad passed-over square"))?;
        let landed = Sq::parse(landed).ok_or_else(|| bad("bad landing square"))?;
        rights[s] = Some((over, landed));
    }
    Ok(rights)
}

fn read_board(pos: &mut Position, board: &str) -> Result<(), Fen4Error> {
    let ranks: Vec<&str> = board.trim().split('/').collect();
    if ranks.len() != SIDE as usize {
        return Err(Fen4Error::RankCount(ranks.len()));
    }
    for (row, text) in ranks.iter().enumerate() {
        let y = SIDE - 1 - row as u8;
        let mut x = 0usize;
        for token in text.split(',').map(str::trim) {
            // A run longer than the board is not a square count (and a
            // huge one would overflow `x`): it falls through to BadToken.
            if let Some(n) = token.parse::<usize>().ok().filter(|&n| n <= SIDE as usize) {
                x += n;
                continue;
            }
            let sq = (x < SIDE as usize).then(|| Sq::new(x as u8, y));
            match (token, sq) {
                ("x", Some(sq)) if sq.is_wall() => {}
                ("x", _) => return Err(Fen4Error::WallMismatch(format!("x on file {}", x + 1))),
                (_, Some(sq)) => {
                    let piece = read_piece(token)?;
                    if sq.is_wall() {
                        return Err(Fen4Error::WallMismatch(format!("{token} on {sq}")));
                    }
                    pos.board[sq.0 as usize] = Some(piece);
                }
                (_, None) => {}
            }
            x += 1;
        }
        if x != SIDE as usize {
            return Err(Fen4Error::FileCount {
                rank: y + 1,
                files: x,
            });
        }
    }
    Ok(())
}

/// `rK`, `drK` (dead, owner known) or `dK` (dead, owner unknown: read as
/// Red's, which no rule looks at since grey pieces belong to nobody).
fn read_piece(token: &str) -> Result<Piece, Fen4Error> {
    let bad = || Fen4Error::BadToken(token.to_string());
    let (dead, rest) = match token.strip_prefix('d') {
        Some(rest) if rest.chars().count() <= 2 => (true, rest),
        _ => (false, token),
    };
    let mut chars = rest.chars();
    let (owner, kind) = match (chars.next(), chars.next(), chars.next()) {
        (Some(k), None, None) if dead => (0, k),
        (Some(o), Some(k), None) => {
            let owner = SEAT_LETTERS.iter().position(|c| *c == o).ok_or_else(bad)?;
            (owner as u8, k)
        }
        _ => return Err(bad()),
    };
    let kind = Kind::from_letter(kind).ok_or_else(bad)?;
    Ok(Piece {
        kind,
        owner,
        dead,
        promoted: false,
    })
}
