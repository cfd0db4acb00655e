//! Reading CSA records (the Computer Shogi Association's format, what
//! engines and floodgate write): `N+`/`N-` names, a start position (`PI`,
//! `P1`…`P9`, `P+`/`P-`), the side to move (`+`/`-`), moves `+7776FU`,
//! times `T12` and a closing `%TORYO`. Several statements may share a line,
//! separated by commas. Only the first game of a file is read (`/` ends it).

use super::START;
use super::csa::code;
use super::import::{Ending, Format, ReadError, Record, Replay, quote};
use super::read_setup::Setup;
use super::types::{Color, Kind, Move, Piece, Sq};

/// The state of a read: the setup until the first move, then the replay.
struct Reader {
    names: [String; 2],
    setup: Option<Setup>,
    side: Color,
    replay: Option<Replay>,
    ending: Option<Ending>,
    known: bool,
}

/// Reads a CSA record from its text.
pub(super) fn read(text: &str) -> Result<Record, ReadError> {
    let mut reader = Reader {
        names: Default::default(),
        setup: None,
        side: Color::Black,
        replay: None,
        ending: None,
        known: false,
    };
    'lines: for (i, line) in text.lines().enumerate() {
        if line.starts_with('\'') {
            continue;
        }
        for statement in line.split(',') {
            if !reader.statement(i + 1, statement.trim())? {
                break 'lines;
            }
        }
    }
    if !reader.known {
        return Err(ReadError::new(1, "the CSA record has no position or moves"));
    }
    let replay = match reader.replay.take() {
        Some(replay) => replay,
        None => reader.start(1)?,
    };
    Ok(replay.finish(Format::Csa, reader.names, reader.ending))
}

impl Reader {
    /// Reads one statement; `false` once the game is over.
    fn statement(&mut self, n: usize, s: &str) -> Result<bool, ReadError> {
        let bad = || ReadError::new(n, format!("not a CSA line: {}", quote(s)));
        if !s.is_ascii() {
            return match s.strip_prefix("N+").or_else(|| s.strip_prefix("N-")) {
                Some(_) => self.name(s),
                None if s.starts_with('$') => Ok(true),
                None => Err(bad()),
            };
        }
        match s.as_bytes() {
            [] | [b'V', ..] | [b'$', ..] | [b'T', ..] => {}
            [b'N', b'+' | b'-', ..] => return self.name(s),
            [b'%', ..] => {
                self.known = true;
                self.ending = Some(ending(s));
                return Ok(false);
            }
            [b'/', ..] => return Ok(false),
            [b'P', b'I', ..] => self.standard(n, &s[2..])?,
            [b'P', row @ b'1'..=b'9', ..] => self.row(n, row - b'1', &s[2..])?,
            [b'P', sign @ (b'+' | b'-'), ..] => self.pieces(n, color(*sign), &s[2..])?,
            [sign @ (b'+' | b'-')] => {
                self.known = true;
                self.side = color(*sign);
            }
            [b'+' | b'-', ..] => self.play(n, s)?,
            _ => return Err(bad()),
        }
        Ok(true)
    }

    /// `N+name` / `N-name`.
    fn name(&mut self, s: &str) -> Result<bool, ReadError> {
        let seat = usize::from(s.as_bytes()[1] == b'-');
        self.names[seat] = s[2..].trim().to_string();
        Ok(true)
    }

    /// The setup, once the first position line comes.
    fn setup(&mut self, n: usize) -> Result<&mut Setup, ReadError> {
        if self.replay.is_some() {
            return Err(ReadError::new(n, "a position line after the moves"));
        }
        self.known = true;
        Ok(self.setup.get_or_insert_with(Setup::empty))
    }

    /// `PI` and the squares emptied for a handicap (`PI82HI22KA`).
    fn standard(&mut self, n: usize, rest: &str) -> Result<(), ReadError> {
        let setup = self.setup(n)?;
        *setup = Setup::of(START);
        for group in chunks(rest, 4) {
            let sq = group.get(..2).and_then(square).filter(|_| group.len() == 4);
            setup.put(sq.ok_or_else(|| bad_group(n, group))?, Piece::EMPTY);
        }
        Ok(())
    }

    /// A row `P1-KY-KE-GI-KI-OU-KI-GI-KE-KY`, file 9 first.
    fn row(&mut self, n: usize, rank: u8, rest: &str) -> Result<(), ReadError> {
        let setup = self.setup(n)?;
        let padded = format!("{rest:<27}");
        if padded.len() > 27 {
            return Err(ReadError::new(
                n,
                format!("a row of more than nine squares: {}", quote(rest)),
            ));
        }
        for (i, cell) in chunks(&padded, 3).enumerate() {
            let sq = Sq::new(8 - i as u8, rank);
            match piece(cell) {
                Some(piece) => setup.put(sq, piece),
                None if cell.trim() == "*" || cell.trim().is_empty() => setup.put(sq, Piece::EMPTY),
                None => return Err(bad_group(n, cell)),
            }
        }
        Ok(())
    }

    /// `P+00KA55FU`: pieces to a hand (`00`) or onto squares; `00AL` gives
    /// the rest of the set.
    fn pieces(&mut self, n: usize, color: Color, rest: &str) -> Result<(), ReadError> {
        let setup = self.setup(n)?;
        for group in chunks(rest, 4) {
            let (at, name) = group.split_at(group.len().min(2));
            match (at, name) {
                ("00", "AL") => setup.rest_to_hand(color),
                ("00", _) => {
                    let kind = kind(name).filter(|k| Kind::HAND.contains(k));
                    setup.add_to_hand(color, kind.ok_or_else(|| bad_group(n, group))?, 1);
                }
                _ => {
                    let sq = square(at).ok_or_else(|| bad_group(n, group))?;
                    let kind = kind(name).ok_or_else(|| bad_group(n, group))?;
                    setup.put(sq, Piece::new(color, kind));
                }
            }
        }
        Ok(())
    }

    /// The replay from the position the header set up.
    fn start(&self, n: usize) -> Result<Replay, ReadError> {
        let sfen = match &self.setup {
            Some(setup) => {
                let mut setup = setup.clone();
                setup.set_side(self.side);
                setup.to_sfen()
            }
            None if self.side == Color::White => START.replace(" b ", " w "),
            None => START.to_string(),
        };
        Replay::new(&sfen, n)
    }

    /// A move `+7776FU`, `-0055KA`, `+8822UM`.
    fn play(&mut self, n: usize, s: &str) -> Result<(), ReadError> {
        self.known = true;
        if self.replay.is_none() {
            self.replay = Some(self.start(n)?);
        }
        let replay = self.replay.as_mut().expect("set above");
        let pos = replay.position();
        let bad = |why: &str| ReadError::new(n, format!("{}: {why}", quote(s)));
        if s.len() != 7 {
            return Err(bad("not a CSA move"));
        }
        if color(s.as_bytes()[0]) != pos.side_to_move() {
            return Err(bad("the other side is to move"));
        }
        let to = square(&s[3..5]).ok_or_else(|| bad("not a CSA move"))?;
        let named = kind(&s[5..7]).ok_or_else(|| bad("not a CSA piece"))?;
        let mv = if &s[1..3] == "00" {
            if !Kind::HAND.contains(&named) {
                return Err(bad("only pieces in hand are dropped"));
            }
            Move::drop(named, to)
        } else {
            let from = square(&s[1..3]).ok_or_else(|| bad("not a CSA move"))?;
            let found = pos.piece_at(from);
            if found.is_empty() {
                return Err(bad("no piece on the square it moves from"));
            }
            let promote = found.kind() != named;
            if promote && (!found.kind().can_promote() || found.kind().promoted() != named) {
                return Err(bad("the piece named is not the one on the square"));
            }
            Move::step(from, to, promote)
        };
        replay.play(mv, s, n)
    }
}

/// An error naming a bad group of a position line.
fn bad_group(n: usize, group: &str) -> ReadError {
    ReadError::new(n, format!("not a square and piece: {}", quote(group)))
}

/// `+` is sente, `-` gote.
fn color(sign: u8) -> Color {
    if sign == b'-' {
        Color::White
    } else {
        Color::Black
    }
}

/// ASCII text in pieces of `size` (the last may be shorter).
fn chunks(text: &str, size: usize) -> impl Iterator<Item = &str> {
    text.as_bytes()
        .chunks(size)
        .map(|c| std::str::from_utf8(c).unwrap_or_default())
}

/// A square `77` (file then rank, both 1–9).
fn square(text: &str) -> Option<Sq> {
    match text.as_bytes() {
        [f @ b'1'..=b'9', r @ b'1'..=b'9'] => Some(Sq::new(f - b'1', r - b'1')),
        _ => None,
    }
}

/// A cell of a board row: `+FU`, `-KY`.
fn piece(cell: &str) -> Option<Piece> {
    let sign = *cell.as_bytes().first()?;
    if sign != b'+' && sign != b'-' {
        return None;
    }
    Some(Piece::new(color(sign), kind(cell.get(1..)?)?))
}

/// The kind of a CSA piece name (the writer's own table read backwards).
fn kind(name: &str) -> Option<Kind> {
    Kind::ALL.into_iter().find(|k| code(*k) == name)
}

/// The ending a `%` line names; unknown ones end without a result.
fn ending(s: &str) -> Ending {
    match s {
        "%TORYO" => Ending::Resignation,
        "%TSUMI" => Ending::Checkmate,
        "%SENNICHITE" | "%OUTE_SENNICHITE" => Ending::Repetition,
        "%KACHI" => Ending::Declaration,
        "%JISHOGI" => Ending::Impasse,
        "%TIME_UP" => Ending::TimeUp,
        "%ILLEGAL_MOVE" | "%+ILLEGAL_ACTION" | "%-ILLEGAL_ACTION" => Ending::IllegalMove,
        _ => Ending::Abort,
    }
}
