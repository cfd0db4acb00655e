//! PGN4, chess.com's four-player game record (docs/rules.md §3, "Records and a
//! cross-check"): tag pairs such as `[StartFen4 "…"]`, a blank line, then
//! the moves in long algebraic form, one round per line:
//! `1. h2-h3 .. b7-c7 .. i13-i12 .. m8-l8`.
//!
//! A move is written for the seat that plays it: the moving piece's letter
//! (none for a pawn), the origin, `-` or `x` followed by the captured
//! piece's letter (none for a pawn), the destination, `=Q` for a promotion,
//! then one `+` per enemy king the mover's pieces attack afterwards (two
//! kings: `++`, as chess.com writes). Examples: `h2-h3`, `Qg1xQn8+`,
//! `e4xd5`, `d10-d11=Q`. Castling is `O-O` (king side) or `O-O-O` (queen
//! side). Mate (`#`) is not written: it is decided on the mated seat's own
//! turn, which the record does not know about when the move is written.
//!
//! Reading is tolerant: piece letters, the captured letter and the
//! `x`/`-` separator may be left out (the plain `e2-e4` and `d11-d12=Q`
//! forms that `Move`'s `Display` writes are read too), and trailing `+`,
//! `#`, `!` and `?` are ignored. Letters that are given must agree with the
//! board, so a record that drifted from its position is caught.
//!
//! Replay follows the turn order [`advance`] implements: the next seat
//! clockwise that is still playing. Free-for-all mates, stalemates and
//! king captures put a seat out as the position plays them, and play goes
//! on; a move that ends the game (a king captured in teams, a decided
//! free-for-all) ends the record. Resignations and timeouts are not moves,
//! so a record is read up to the first end marker (`#`, `R`, `T`, `S`).

use super::fen4::Fen4Error;
use super::position::{Position, ROOK_HOMES, Variant};
use super::tables::OFF;
use super::types::{Kind, Move, SEATS, Special, Sq};
use std::fmt::Write;
use std::iter::Peekable;
use std::str::Chars;

/// Seat names for error messages, in seat order.
const SEAT_NAMES: [&str; SEATS] = ["Red", "Blue", "Yellow", "Green"];

/// The tags `write_game` writes itself from the start position; callers'
/// tags of the same names are dropped so the record cannot contradict
/// its own start.
const OWN_TAGS: [&str; 2] = ["Variant", "StartFen4"];

/// What is wrong with a PGN4 move or game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Pgn4Error {
    /// The text is not a move in any form PGN4 readers accept.
    #[error("{0:?} is not a move (like h2-h3, Qg1xQn8+, O-O or d10-d11=Q)")]
    Syntax(String),
    /// The text reads as a move, but the seat to move cannot play it.
    #[error("{text:?} is not a legal move for {seat}: {why}")]
    Illegal {
        /// The move as written.
        text: String,
        /// The seat to move.
        seat: &'static str,
        /// Why it does not fit the position.
        why: &'static str,
    },
    /// A `[Name "value"]` tag pair is malformed.
    #[error("bad tag pair: {0}")]
    Tag(String),
    /// The `StartFen4` tag is not a FEN4 position.
    #[error("StartFen4: {0}")]
    StartFen4(#[from] Fen4Error),
    /// A `{` comment or a `(` variation is never closed.
    #[error("a {0:?} is never closed")]
    Unclosed(char),
    /// A move of a game record could not be played.
    #[error("round {round}, {seat}'s move {text:?}: {source}")]
    Move {
        /// The round number last written before the move.
        round: u32,
        /// The seat whose move it is.
        seat: &'static str,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        source: Box<Pgn4Error>,
    },
    /// A move follows the end of the game.
    #[error("round {round}: {text:?} comes after the game ended ({why})")]
    AfterEnd {
        /// The round number last written before the move.
        round: u32,
        /// The move as written.
        text: String,
        /// How the game ended.
        why: &'static str,
    },
}

/// Writes `mv` of the seat to move in `pos` in PGN4's long algebraic form
/// (see the module documentation).
pub fn move_san(pos: &Position, mv: Move) -> String {
    let mut out = match castle_side(pos, mv) {
        Some(0) => "O-O".to_string(),
        Some(_) => "O-O-O".to_string(),
        None => long_form(pos, mv),
    };
    let mut after = pos.clone();
    after.apply(mv);
    out.extend(std::iter::repeat_n(
        '+',
        kings_checked(&after, pos.to_move()),
    ));
    out
}

/// Which side `mv` castles to (0 king side, 1 queen side), judged by the
/// rook it moves, or `None` when it is not castling.
fn castle_side(pos: &Position, mv: Move) -> Option<usize> {
    let Special::Castle { rook_from, .. } = mv.special else {
        return None;
    };
    ROOK_HOMES[pos.to_move() as usize % SEATS]
        .iter()
        .position(|&home| home == rook_from)
}

/// `Qg1xQn8`, `e4xd5`, `d10-d11=Q`: every move but castling.
fn long_form(pos: &Position, mv: Move) -> String {
    let mut out = String::new();
    if let Some(p) = pos.piece_at(mv.from).filter(|p| p.kind != Kind::Pawn) {
        out.push(p.kind.letter());
    }
    let _ = write!(out, "{}", mv.from);
    match victim(pos, mv) {
        Some(kind) => {
            out.push('x');
            if kind != Kind::Pawn {
                out.push(kind.letter());
            }
        }
        None => out.push('-'),
    }
    let _ = write!(out, "{}", mv.to);
    if let Some(kind) = mv.promotion {
        let _ = write!(out, "={}", kind.letter());
    }
    out
}

/// The kind of piece `mv` captures: the one on the destination, or the
/// pawn taken en passant.
fn victim(pos: &Position, mv: Move) -> Option<Kind> {
    let en_passant = match mv.special {
        Special::EnPassant { pawn } => pos.piece_at(pawn),
        _ => None,
    };
    pos.piece_at(mv.to).or(en_passant).map(|p| p.kind)
}

/// How many enemy kings `mover`'s pieces attack in `after`. Only the
/// mover's own pieces count: a check its partner (or, in free-for-all,
/// anyone else) already gave is not this move's doing.
fn kings_checked(after: &Position, mover: u8) -> usize {
    let enemies = after.enemies(mover);
    (0..SEATS as u8)
        .filter(|&s| enemies & (1 << s) != 0)
        .filter_map(|s| after.king_square(s))
        .filter(|&k| after.attacked(k, 1 << mover, OFF))
        .count()
}

/// A move as the text gives it, before the position is consulted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Written {
    /// `O-O` (0) or `O-O-O` (1).
    Castle(usize),
    /// Everything else.
    Squares(Named),
}

/// A move written by its squares, with the letters the text gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Named {
    piece: Option<Kind>,
    from: Sq,
    capture: bool,
    captured: Option<Kind>,
    to: Sq,
    promotion: Option<Kind>,
}

/// Reads a move in PGN4's long form (or the plain `from-to[=Q]` form) and
/// returns the legal move of the seat to move in `pos` that it names.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, Pgn4Error> {
    let written = read_written(text).ok_or_else(|| Pgn4Error::Syntax(text.to_string()))?;
    let illegal = |why| Pgn4Error::Illegal {
        text: text.trim().to_string(),
        seat: SEAT_NAMES[pos.to_move() as usize % SEATS],
        why,
    };
    match written {
        Written::Castle(side) => pos
            .legal_moves()
            .into_iter()
            .find(|&mv| castle_side(pos, mv) == Some(side))
            .ok_or_else(|| illegal("castling to that side is not possible now")),
        Written::Squares(named) => find_move(pos, named).map_err(illegal),
    }
}

/// The legal move `written` names, or why there is none.
fn find_move(pos: &Position, named: Named) -> Result<Move, &'static str> {
    let Named {
        piece,
        from,
        capture,
        captured,
        to,
        promotion,
    } = named;
    let mover = pos
        .piece_at(from)
        .filter(|p| p.owner == pos.to_move() && !p.dead)
        .ok_or("none of its pieces stands on the origin square")?;
    if piece.is_some_and(|k| k != mover.kind) {
        return Err("the piece on the origin square is not the one written");
    }
    let candidates: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.from == from && mv.to == to)
        .collect();
    let Some(&first) = candidates.first() else {
        return Err("that piece has no legal move to that square");
    };
    let taken = victim(pos, first);
    if capture && taken.is_none() {
        return Err("it captures nothing there");
    }
    if captured.is_some_and(|k| Some(k) != taken) {
        return Err("the captured piece is not the one written");
    }
    match candidates.iter().find(|mv| mv.promotion == promotion) {
        Some(&mv) => Ok(mv),
        None if promotion.is_none() => Err("the pawn promotes here: add =Q, =R, =B or =N"),
        None => Err("it cannot promote to that piece"),
    }
}

/// Parses the text alone: `O-O`, `O-O-O`, or
/// `[piece]from[-|x[captured]]to[=promotion]`, with trailing `+#!?`.
fn read_written(text: &str) -> Option<Written> {
    let core = text.trim().trim_end_matches(['+', '#', '!', '?']);
    match core {
        "O-O" => return Some(Written::Castle(0)),
        "O-O-O" => return Some(Written::Castle(1)),
        _ => {}
    }
    let mut chars = core.chars().peekable();
    let piece = take_kind(&mut chars);
    let from = take_square(&mut chars)?;
    let capture = chars.next_if_eq(&'x').is_some();
    let captured = if capture {
        take_kind(&mut chars)
    } else {
        chars.next_if_eq(&'-');
        None
    };
    let to = take_square(&mut chars)?;
    let promotion = match chars.next_if_eq(&'=') {
        Some(_) => Some(take_kind(&mut chars)?),
        None => None,
    };
    chars.next().is_none().then_some(Written::Squares(Named {
        piece,
        from,
        capture,
        captured,
        to,
        promotion,
    }))
}

/// A piece letter (`N`, `B`, `R`, `Q`, `K`, `P`), if one comes next.
fn take_kind(chars: &mut Peekable<Chars<'_>>) -> Option<Kind> {
    let kind = chars.peek().copied().and_then(Kind::from_letter)?;
    chars.next();
    Some(kind)
}

/// A square: a file `a`–`n` and one or two digits. Only ASCII digits are
/// taken, so `Sq::parse` never sees a sign or other text.
fn take_square(chars: &mut Peekable<Chars<'_>>) -> Option<Sq> {
    let file = chars.next_if(|c| ('a'..='n').contains(c))?;
    let mut text = String::from(file);
    while text.len() < 3 {
        match chars.next_if(char::is_ascii_digit) {
            Some(d) => text.push(d),
            None => break,
        }
    }
    Sq::parse(&text)
}

/// Plays `mv` for the seat to move, as a record replays it, with all that
/// follows (the turn passes; in free-for-all points and eliminations), and
/// says whether the game ended with it: a king captured in teams, or a
/// free-for-all decided. A king captured in free-for-all only puts its
/// owner out, and play goes on.
pub fn advance(pos: &mut Position, mv: Move) -> bool {
    let taken = pos.play(mv);
    match pos.variant() {
        Variant::Teams => taken.king().is_some(),
        Variant::FreeForAll => pos.free_for_all_over(),
    }
}

/// The position after playing `moves` from `start` with [`advance`],
/// stopping after a move that ends the game.
pub fn replay(start: &Position, moves: &[Move]) -> Position {
    let mut pos = start.clone();
    for &mv in moves {
        if advance(&mut pos, mv) {
            break;
        }
    }
    pos
}

/// The `Variant` tag's value for a game type, as chess.com names them.
fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Teams => "Teams",
        Variant::FreeForAll => "FFA",
    }
}

/// Writes a PGN4 game: the `Variant` and `StartFen4` tags (always), the
/// caller's tags (except those two), a blank line, then the moves, one
/// round per line. `moves` are taken as legal; writing stops after a move
/// that ends the game (see [`advance`]).
pub fn write_game(start: &Position, moves: &[Move], tags: &[(&str, &str)]) -> String {
    let mut out = String::new();
    write_tag(&mut out, "Variant", variant_name(start.variant()));
    write_tag(&mut out, "StartFen4", &start.to_fen4());
    for (name, value) in tags.iter().filter(|(name, _)| !OWN_TAGS.contains(name)) {
        write_tag(&mut out, name, value);
    }
    out.push('\n');
    out.push_str(&movetext(start, moves));
    out
}

/// `[Name "value"]` with `"` and `\` escaped as PGN does.
fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

/// The numbered rounds. A round starts with the first move and again
/// whenever play wraps around to a seat no later in Red, Blue, Yellow,
/// Green order than the previous mover, so rounds stay aligned by seat
/// even when a game starts with another seat or a seat is skipped.
fn movetext(start: &Position, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    let mut round = 0;
    let mut last: Option<u8> = None;
    for &mv in moves {
        let seat = pos.to_move();
        if last.is_none_or(|l| seat <= l) {
            round += 1;
            if last.is_some() {
                out.push('\n');
            }
            let _ = write!(out, "{round}.");
        } else {
            out.push_str(" ..");
        }
        out.push(' ');
        out.push_str(&move_san(&pos, mv));
        last = Some(seat);
        if advance(&mut pos, mv) {
            break;
        }
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// Reads a PGN4 game: the start position (the `StartFen4` tag, else the
/// standard start of `variant`) and its moves, each checked against the
/// position it is played in. The `Variant` tag is not consulted: the room
/// decides the game type. Move numbers, `..`, comments in `{}`, variations
/// in `()`, `;` comments, `$n` glyphs and results such as `1-0` are
/// skipped; an end marker (`#`, `R`, `T`, `S`) or a move that ends the game
/// (see [`advance`]) ends the record, and a move after it is an error.
pub fn read_game(text: &str, variant: Variant) -> Result<(Position, Vec<Move>), Pgn4Error> {
    let (tags, movetext) = read_tags(text)?;
    let start = match tags.iter().find(|(name, _)| name == "StartFen4") {
        Some((_, fen4)) => Position::from_fen4(fen4, variant)?,
        None => Position::start(variant),
    };
    let moves = replay_movetext(&start, movetext)?;
    Ok((start, moves))
}

/// A tag pair: name and (unescaped) value.
type Tag = (String, String);

/// The tag pairs at the head of `text`, and the text after them.
fn read_tags(text: &str) -> Result<(Vec<Tag>, &str), Pgn4Error> {
    let mut tags = Vec::new();
    let mut rest = text.trim_start();
    while let Some(body) = rest.strip_prefix('[') {
        let (tag, after) = read_tag(body)?;
        tags.push(tag);
        rest = after.trim_start();
    }
    Ok((tags, rest))
}

/// One tag pair after its `[`: `Name "value"]`. The value may span lines
/// (chess.com breaks long `StartFen4` values) and escapes `"` and `\`.
fn read_tag(body: &str) -> Result<(Tag, &str), Pgn4Error> {
    let bad = |why: &str| Pgn4Error::Tag(why.to_string());
    let name_end = body
        .find(|c: char| c.is_whitespace() || c == '"')
        .ok_or_else(|| bad("a tag needs a name and a quoted value"))?;
    let name = &body[..name_end];
    if name.is_empty() || name.contains([']', '[']) {
        return Err(bad("a tag needs a name"));
    }
    let quoted = body[name_end..]
        .trim_start()
        .strip_prefix('"')
        .ok_or_else(|| bad(&format!("the value of {name} is not quoted")))?;
    let mut value = String::new();
    let mut chars = quoted.char_indices();
    let close = loop {
        match chars.next() {
            Some((_, '\\')) => value.extend(chars.next().map(|(_, c)| c)),
            Some((i, '"')) => break i,
            Some((_, c)) => value.push(c),
            None => return Err(bad(&format!("the value of {name} is never closed"))),
        }
    };
    let after = quoted[close + 1..]
        .trim_start()
        .strip_prefix(']')
        .ok_or_else(|| bad(&format!("the tag {name} is not closed by ]")))?;
    Ok(((name.to_string(), value), after))
}

/// A word of the move text, once classified.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    /// A move.
    Move(&'a str),
    /// `#`, `R`, `T` or `S` (mate, resignation, time, stalemate), possibly
    /// followed by `#`: the game ends.
    End,
    /// A separator, result or glyph.
    Skip,
}

/// Plays the move text from `start` and returns the moves.
fn replay_movetext(start: &Position, movetext: &str) -> Result<Vec<Move>, Pgn4Error> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut round = 1;
    let mut ended: Option<&'static str> = None;
    for word in words(movetext)? {
        let (number, token) = classify(word);
        round = number.unwrap_or(round);
        let text = match token {
            Token::Move(text) => text,
            Token::End => {
                ended.get_or_insert("the record marks its end");
                continue;
            }
            Token::Skip => continue,
        };
        if let Some(why) = ended {
            let text = text.to_string();
            return Err(Pgn4Error::AfterEnd { round, text, why });
        }
        let mv = parse_move(&pos, text).map_err(|e| Pgn4Error::Move {
            round,
            seat: SEAT_NAMES[pos.to_move() as usize % SEATS],
            text: text.to_string(),
            source: Box::new(e),
        })?;
        moves.push(mv);
        if advance(&mut pos, mv) {
            ended = Some("the game ended with the move before");
        }
    }
    Ok(moves)
}

/// Splits the move text into words, dropping `{…}` comments, `(…)`
/// variations (nested, with comments inside) and `;` comments to the end
/// of the line. Braces and parentheses also end a word.
fn words(movetext: &str) -> Result<Vec<&str>, Pgn4Error> {
    let mut words = Vec::new();
    let mut start: Option<usize> = None;
    let mut chars = movetext.char_indices();
    while let Some((i, c)) = chars.next() {
        let boundary = c.is_whitespace() || matches!(c, '{' | '(' | ';');
        if !boundary {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            words.push(&movetext[s..i]);
        }
        match c {
            '{' => skip_comment(&mut chars)?,
            '(' => skip_variation(&mut chars)?,
            ';' => {
                chars.find(|&(_, c)| c == '\n');
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push(&movetext[s..]);
    }
    Ok(words)
}

/// Skips to the `}` closing a comment.
fn skip_comment(chars: &mut std::str::CharIndices<'_>) -> Result<(), Pgn4Error> {
    chars
        .find(|&(_, c)| c == '}')
        .map(|_| ())
        .ok_or(Pgn4Error::Unclosed('{'))
}

/// Skips to the `)` closing a variation, over nested ones and comments.
fn skip_variation(chars: &mut std::str::CharIndices<'_>) -> Result<(), Pgn4Error> {
    let mut depth = 1usize;
    while depth > 0 {
        match chars.next() {
            Some((_, '(')) => depth += 1,
            Some((_, ')')) => depth -= 1,
            Some((_, '{')) => skip_comment(chars)?,
            Some(_) => {}
            None => return Err(Pgn4Error::Unclosed('(')),
        }
    }
    Ok(())
}

/// Classifies a word, splitting off a leading round number (`12.`,
/// `12...`), so `12.h2-h3` gives the round and a move.
fn classify(word: &str) -> (Option<u32>, Token<'_>) {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let Some(rest) = word[digits..].strip_prefix('.') else {
            // `1-0`, `0-1`, `1/2-1/2` and other results.
            return (None, Token::Skip);
        };
        let number = word[..digits].parse().ok();
        let rest = rest.trim_start_matches('.');
        let token = if rest.is_empty() {
            Token::Skip
        } else {
            Token::Move(rest)
        };
        return (number, token);
    }
    let end_marker = word.trim_end_matches('#');
    let token = if word.chars().all(|c| c == '.') || word == "*" || word.starts_with('$') {
        Token::Skip
    } else if matches!(end_marker, "" | "R" | "T" | "S") {
        Token::End
    } else {
        Token::Move(word)
    };
    (None, token)
}
