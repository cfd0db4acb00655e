//! Reading game records written elsewhere (docs/records.md): KIF and KIFU
//! (UTF-8 or Shift_JIS/CP932), CSA, and USI (`position …` or a bare SFEN).
//! The reader is pure: bytes in, a [`Record`] out, every move checked by
//! replaying it with banmen's rules, so that what the hall keeps from an
//! import is a game it can replay, review and export again.
//!
//! A bad record is told in one line that names its line number, because a
//! player fixing a file by hand needs to know where to look; no input, however
//! broken, makes the reader panic (tests/import.rs feeds it random bytes).

use super::game::ShogiGame;
use super::position::Position;
use super::rules::ShogiRules;
use super::types::{Move, Sq};
use super::{csa_read, kif_read};

/// The largest record read: a long game's KIF with comments is well under
/// this, and it bounds the work one import can cause.
pub const MAX_BYTES: usize = 1 << 20;

/// The most moves a record may hold (longer games are not real games).
pub const MAX_MOVES: usize = 2000;

/// The notation a record was written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// KIF or KIFU (`７六歩(77)`), in either encoding.
    Kif,
    /// CSA (`+7776FU`).
    Csa,
    /// USI (`position sfen … moves 7g7f`, `startpos moves …`).
    Usi,
}

/// How a record says its game ended (what its last line says, not what
/// the moves prove: a mate also ends the replayed game by itself).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move resigned (`投了`, `%TORYO`, `resign`).
    Resignation,
    /// The side to move was mated (`詰み`, `%TSUMI`).
    Checkmate,
    /// Fourfold repetition (`千日手`, `%SENNICHITE`).
    Repetition,
    /// The side to move declared a win (`入玉勝ち`, `宣言勝ち`, `%KACHI`).
    Declaration,
    /// An impasse (`持将棋`, `%JISHOGI`).
    Impasse,
    /// A player ran out of time (`切れ負け`, `%TIME_UP`).
    TimeUp,
    /// An illegal move or action ended it (`反則負け`, `%ILLEGAL_MOVE`).
    IllegalMove,
    /// The game stopped without a result (`中断`, `%CHUDAN`).
    Abort,
}

/// A game record read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The notation it was written in.
    pub format: Format,
    /// The start position as SFEN (handicaps and board diagrams included).
    pub start: String,
    /// The moves in USI, each legal where it is played.
    pub moves: Vec<String>,
    /// Sente's and gote's names as the record gives them (may be empty).
    pub names: [String; 2],
    /// How the record says the game ended, if it says.
    pub ending: Option<Ending>,
}

/// Why a record could not be read: the 1-based line and a one-line reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct ReadError {
    /// The line the problem is on (1-based).
    pub line: usize,
    /// What is wrong, in one line.
    pub reason: String,
}

impl ReadError {
    /// An error on `line` (1-based).
    pub fn new(line: usize, reason: impl Into<String>) -> ReadError {
        ReadError {
            line,
            reason: reason.into(),
        }
    }
}

/// Reads a record in any supported format and encoding.
pub fn read_record(bytes: &[u8]) -> Result<Record, ReadError> {
    if bytes.len() > MAX_BYTES {
        let line = line_of(bytes, MAX_BYTES);
        return Err(ReadError::new(line, "the record is larger than 1 MiB"));
    }
    let text = decode(bytes)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    match detect(text) {
        Format::Csa => csa_read::read(text),
        Format::Usi => read_usi(text),
        Format::Kif => kif_read::read(text),
    }
}

/// The 1-based line of byte `offset`.
fn line_of(bytes: &[u8], offset: usize) -> usize {
    let end = offset.min(bytes.len());
    bytes[..end].iter().filter(|b| **b == b'\n').count() + 1
}

/// The text of a record: UTF-8 when it is valid UTF-8 (CSA, USI and KIFU
/// always are), else Shift_JIS/CP932, as older KIF files are written.
fn decode(bytes: &[u8]) -> Result<String, ReadError> {
    let utf8_error = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(text.to_string()),
        Err(e) => e,
    };
    if declares_utf8(bytes) {
        let line = line_of(bytes, utf8_error.valid_up_to());
        return Err(ReadError::new(line, "the text is not valid UTF-8"));
    }
    let (text, _, errors) = encoding_rs::SHIFT_JIS.decode(bytes);
    if errors {
        let line = text
            .lines()
            .position(|l| l.contains('\u{fffd}'))
            .map_or(1, |i| i + 1);
        let reason = "the text is neither UTF-8 nor Shift_JIS (CP932)";
        return Err(ReadError::new(line, reason));
    }
    Ok(text.into_owned())
}

/// Whether the record's first line says it is UTF-8 (`#KIF version=2.0
/// encoding=UTF-8`), so that bad bytes in it are an error, not Shift_JIS.
fn declares_utf8(bytes: &[u8]) -> bool {
    let first = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(first).to_ascii_lowercase();
    first.starts_with("#kif") && first.contains("encoding=utf-8")
}

/// The notation of `text`, from its first line that says anything.
fn detect(text: &str) -> Format {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    let Some(first) = first else {
        return Format::Kif;
    };
    let word = first.split_whitespace().next().unwrap_or_default();
    if matches!(word, "position" | "sfen" | "startpos") {
        return Format::Usi;
    }
    let csa_starts = [
        "V2", "V3", "'", "N+", "N-", "$", "PI", "P1", "P+", "P-", "%",
    ];
    let bare_side = first == "+" || first == "-";
    let csa_move = first.len() >= 7
        && (first.starts_with('+') || first.starts_with('-'))
        && first.as_bytes()[1].is_ascii_digit();
    if bare_side || csa_move || csa_starts.iter().any(|s| first.starts_with(s)) {
        return Format::Csa;
    }
    Format::Kif
}

/// A game being replayed from a record: every move is checked here.
pub(super) struct Replay {
    game: ShogiGame,
    moves: Vec<String>,
}

impl Replay {
    /// A replay from `start` (SFEN), the record's `line` blamed if it is
    /// not a position banmen can play from.
    pub(super) fn new(start: &str, line: usize) -> Result<Replay, ReadError> {
        let pos = Position::from_sfen(start)
            .map_err(|e| ReadError::new(line, format!("the start position is not valid: {e}")))?;
        Ok(Replay {
            game: ShogiGame::from_position(import_rules(), pos),
            moves: Vec::new(),
        })
    }

    /// The position now.
    pub(super) fn position(&self) -> &Position {
        self.game.position()
    }

    /// How many moves were played.
    pub(super) fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Where the last move went (what KIF's `同` means).
    pub(super) fn last_to(&self) -> Option<Sq> {
        self.game.moves().last().map(|m| m.to())
    }

    /// Plays `mv`, written `written` on `line`, if it is legal.
    pub(super) fn play(&mut self, mv: Move, written: &str, line: usize) -> Result<(), ReadError> {
        if self.moves.len() >= MAX_MOVES {
            return Err(ReadError::new(line, "the record has more than 2000 moves"));
        }
        if self.game.outcome().is_some() {
            let reason = format!("{written}: the game was already over before this move");
            return Err(ReadError::new(line, reason));
        }
        let usi = mv.to_usi();
        if !self.game.position().is_legal(mv) {
            let shown = if usi == written {
                usi
            } else {
                format!("{written} ({usi})")
            };
            return Err(ReadError::new(line, format!("{shown} is not a legal move")));
        }
        self.game
            .play(mv)
            .map_err(|e| ReadError::new(line, format!("{written}: {e}")))?;
        self.moves.push(usi);
        Ok(())
    }

    /// The record, once every line is read.
    pub(super) fn finish(
        self,
        format: Format,
        names: [String; 2],
        ending: Option<Ending>,
    ) -> Record {
        Record {
            format,
            start: self.game.start().to_sfen(),
            moves: self.moves,
            names,
            ending,
        }
    }
}

/// The rules imported games are replayed under: both claims allowed (a
/// record may end in either) and no move limit (the record says when it
/// ended).
pub fn import_rules() -> ShogiRules {
    ShogiRules {
        declaration: true,
        impasse: true,
        move_limit: None,
        swap_sides: false,
        ..ShogiRules::default()
    }
}

/// A word of text as a short, one-line quotation for an error.
pub(super) fn quote(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    format!("{short:?}")
}

/// Reads USI: `position sfen <sfen> [moves …]`, `position startpos [moves
/// …]`, or the same without `position`; a final `resign` is a resignation.
fn read_usi(text: &str) -> Result<Record, ReadError> {
    let words: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .flat_map(|(i, l)| l.split_whitespace().map(move |w| (i + 1, w)))
        .collect();
    let mut rest = words.as_slice();
    if let [(_, "position"), tail @ ..] = rest {
        rest = tail;
    }
    let (start, line, tail) = usi_start(rest)?;
    let mut replay = Replay::new(&start, line)?;
    let mut ending = None;
    let tail = match tail {
        [(_, "moves"), moves @ ..] => moves,
        _ => tail,
    };
    for (line, word) in tail {
        if ending.is_some() {
            return Err(ReadError::new(
                *line,
                format!("{} after the end", quote(word)),
            ));
        }
        if *word == "resign" {
            ending = Some(Ending::Resignation);
            continue;
        }
        let mv = super::sfen::parse_usi_syntax(word)
            .map_err(|_| ReadError::new(*line, format!("{} is not a USI move", quote(word))))?;
        replay.play(mv, word, *line)?;
    }
    Ok(replay.finish(Format::Usi, Default::default(), ending))
}

type Words<'a> = [(usize, &'a str)];

/// The start position of a USI record and the words after it.
fn usi_start<'a, 'b>(words: &'b Words<'a>) -> Result<(String, usize, &'b Words<'a>), ReadError> {
    match words {
        [(line, "startpos"), tail @ ..] => Ok((super::START.to_string(), *line, tail)),
        [(line, "sfen"), tail @ ..] => {
            let fields = tail.len().min(3);
            let numbered = tail
                .get(3)
                .is_some_and(|(_, w)| w.bytes().all(|b| b.is_ascii_digit()));
            let take = if numbered { 4 } else { fields };
            let sfen: Vec<&str> = tail[..take].iter().map(|(_, w)| *w).collect();
            Ok((sfen.join(" "), *line, &tail[take..]))
        }
        [(line, word), ..] => Err(ReadError::new(
            *line,
            format!("expected startpos or sfen, found {}", quote(word)),
        )),
        [] => Err(ReadError::new(1, "the record is empty")),
    }
}
