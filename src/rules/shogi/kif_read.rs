//! Reading KIF and KIFU (what `kif.rs` writes, and what other shogi
//! software writes): headers `先手：…`, `手合割：…`, an optional BOD board
//! diagram, then numbered moves `７六歩(77)`, `同　歩(23)`, `５五角打`,
//! `２二角成(88)`, up to a closing word such as `投了`. Only the main line
//! is read: variations (`変化：`) come after it. Lines this reader does not
//! know are refused rather than skipped, so that a file that is not a KIF
//! at all is not taken for an empty game.

use super::import::{Ending, Format, ReadError, Record, Replay, quote};
use super::read_setup::Setup;
use super::types::{Color, Kind, Move, Piece, Sq};
use super::{Handicap, START};

/// What the lines before the first move said.
struct Header {
    names: [String; 2],
    handicap: Option<String>,
    board: Option<Setup>,
    rows: u8,
    /// Whether any line was a KIF line (a header or a move).
    known: bool,
}

/// The state of a read: the header until the first move, then the replay.
struct Reader {
    header: Header,
    replay: Option<Replay>,
    ending: Option<Ending>,
}

/// Reads a KIF record from its decoded text.
pub(super) fn read(text: &str) -> Result<Record, ReadError> {
    let mut reader = Reader {
        header: Header {
            names: Default::default(),
            handicap: None,
            board: None,
            rows: 0,
            known: false,
        },
        replay: None,
        ending: None,
    };
    for (i, line) in text.lines().enumerate() {
        if !reader.line(i + 1, line.trim_end())? {
            break;
        }
    }
    if !reader.header.known {
        let reason = "this is not a KIF, CSA or USI record";
        return Err(ReadError::new(1, reason));
    }
    let replay = match reader.replay {
        Some(replay) => replay,
        None => reader.header.start(1)?,
    };
    Ok(replay.finish(Format::Kif, reader.header.names, reader.ending))
}

impl Reader {
    /// Reads one line; `false` once the main line is over.
    fn line(&mut self, n: usize, line: &str) -> Result<bool, ReadError> {
        let trimmed = line.trim_start_matches([' ', '\t', '\u{3000}']);
        if trimmed.is_empty() || trimmed.starts_with(['#', '*', '&']) || trimmed.starts_with("まで")
        {
            return Ok(true);
        }
        if trimmed.starts_with("変化") {
            return Ok(false);
        }
        if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
            self.header.known = true;
            return self.move_line(n, trimmed);
        }
        self.header.line(n, line)?;
        Ok(true)
    }

    /// A numbered move line; `false` after the closing word.
    fn move_line(&mut self, n: usize, line: &str) -> Result<bool, ReadError> {
        if self.replay.is_none() {
            self.replay = Some(self.header.start(n)?);
        }
        let replay = self.replay.as_mut().expect("set above");
        let digits = line
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(line.len());
        let number: usize = line[..digits].parse().unwrap_or(0);
        let rest = line[digits..].trim_start_matches([' ', '\t']);
        let mut word: String = rest.chars().take_while(|c| !" \t(".contains(*c)).collect();
        if let Some(source) = rest[word.len()..].strip_prefix('(') {
            if source.starts_with(|c: char| c.is_ascii_digit()) {
                word.push('(');
                word.extend(source.chars().take(3));
            }
        }
        if word == "同" {
            let after = rest[word.len()..].trim_start_matches([' ', '\t']);
            word.extend(after.chars().take_while(|c| !" \t".contains(*c)));
        }
        if let Some(ending) = ending(&word) {
            self.ending = Some(ending);
            return Ok(false);
        }
        let expected = replay.plies() + 1;
        if number != expected {
            let reason = format!("move {expected} expected, found move {number}");
            return Err(ReadError::new(n, reason));
        }
        let mv = parse_move(&word, replay).map_err(|why| ReadError::new(n, why))?;
        replay.play(mv, &word, n)?;
        Ok(true)
    }
}

impl Header {
    /// A line before the moves: a header, a board diagram line, the side
    /// to move.
    fn line(&mut self, n: usize, line: &str) -> Result<(), ReadError> {
        let trimmed = line.trim();
        if trimmed.starts_with('|') {
            return self.board_row(n, trimmed);
        }
        let is_border = trimmed.starts_with('+') && trimmed.contains("---");
        let is_files = trimmed.starts_with("９") || trimmed.starts_with("手数");
        if is_border || is_files {
            self.known = true;
            return Ok(());
        }
        if let Some(side) = side_line(trimmed) {
            self.known = true;
            self.board.get_or_insert_with(Setup::empty).set_side(side);
            return Ok(());
        }
        let Some((key, value)) = trimmed.split_once(['：', ':']) else {
            let reason = format!("not a KIF line: {}", quote(trimmed));
            return Err(ReadError::new(n, reason));
        };
        self.known = true;
        self.header(n, key.trim(), value.trim())
    }

    /// A `key：value` header.
    fn header(&mut self, n: usize, key: &str, value: &str) -> Result<(), ReadError> {
        match key {
            "先手" | "下手" => self.names[0] = value.to_string(),
            "後手" | "上手" => self.names[1] = value.to_string(),
            "手合割" if value == "その他" => {}
            "手合割" => {
                let sfen = handicap_sfen(value);
                let unknown = || ReadError::new(n, format!("unknown handicap {}", quote(value)));
                self.handicap = Some(sfen.ok_or_else(unknown)?);
            }
            "先手の持駒" | "下手の持駒" => self.hand(n, Color::Black, value)?,
            "後手の持駒" | "上手の持駒" => self.hand(n, Color::White, value)?,
            _ => {}
        }
        Ok(())
    }

    /// A hand in a board diagram: `歩三　銀`, `なし`.
    fn hand(&mut self, n: usize, color: Color, value: &str) -> Result<(), ReadError> {
        let setup = self.board.get_or_insert_with(Setup::empty);
        for part in value.split([' ', '\u{3000}', '\t']) {
            if part.is_empty() || part == "なし" {
                continue;
            }
            let mut chars = part.chars();
            let kind = chars
                .next()
                .and_then(piece_kind)
                .filter(|k| Kind::HAND.contains(k));
            let count = kanji_number(chars.as_str());
            match (kind, count) {
                (Some(kind), Some(count)) => setup.add_to_hand(color, kind, count),
                _ => return Err(ReadError::new(n, format!("bad hand {}", quote(part)))),
            }
        }
        Ok(())
    }

    /// A board diagram row: `| ・v香 ・ 歩 …|一`.
    fn board_row(&mut self, n: usize, line: &str) -> Result<(), ReadError> {
        self.known = true;
        let bad = |why: &str| ReadError::new(n, format!("bad board row: {why}"));
        let rank = self.rows;
        if rank >= 9 {
            return Err(bad("more than nine rows"));
        }
        self.rows += 1;
        let cells: Vec<char> = line.chars().skip(1).take(18).collect();
        if cells.len() < 18 {
            return Err(bad("fewer than nine squares"));
        }
        let setup = self.board.get_or_insert_with(Setup::empty);
        for (i, cell) in cells.chunks(2).enumerate() {
            let sq = Sq::new(8 - i as u8, rank);
            if cell[1] == '・' {
                continue;
            }
            let color = if cell[0] == 'v' {
                Color::White
            } else {
                Color::Black
            };
            let kind = piece_kind(cell[1]).ok_or_else(|| bad(&quote(&cell[1].to_string())))?;
            setup.put(sq, Piece::new(color, kind));
        }
        Ok(())
    }

    /// The replay from the start the header gave; `n` is blamed if the
    /// start is not a position.
    fn start(&self, n: usize) -> Result<Replay, ReadError> {
        if self.board.is_some() && self.rows != 9 && self.rows != 0 {
            return Err(ReadError::new(
                n,
                "the board diagram does not have nine rows",
            ));
        }
        let sfen = match (&self.board, &self.handicap) {
            (Some(board), _) if self.rows == 9 => board.to_sfen(),
            (_, Some(sfen)) => sfen.clone(),
            _ => START.to_string(),
        };
        Replay::new(&sfen, n)
    }
}

/// `先手番` / `後手番` (and the handicap words) after a board diagram.
fn side_line(line: &str) -> Option<Color> {
    match line {
        "先手番" | "下手番" => Some(Color::Black),
        "後手番" | "上手番" => Some(Color::White),
        _ => None,
    }
}

/// The start position of a `手合割` name.
fn handicap_sfen(name: &str) -> Option<String> {
    let known = match name {
        "平手" => Handicap::None,
        "香落ち" => Handicap::Lance,
        "角落ち" => Handicap::Bishop,
        "飛車落ち" => Handicap::Rook,
        "飛香落ち" => Handicap::RookLance,
        "二枚落ち" => Handicap::TwoPiece,
        "四枚落ち" => Handicap::FourPiece,
        "六枚落ち" => Handicap::SixPiece,
        "右香落ち" => return Some(handicap_board("1nsgkgsnl/1r5b1")),
        "八枚落ち" => return Some(handicap_board("3gkg3/9")),
        "十枚落ち" => return Some(handicap_board("4k4/9")),
        _ => return None,
    };
    Some(known.sfen().to_string())
}

/// A handicap start: gote's first two ranks as given, gote to move.
fn handicap_board(top: &str) -> String {
    format!("{top}/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
}

/// The closing word of a game, if `word` is one.
fn ending(word: &str) -> Option<Ending> {
    Some(match word {
        "投了" => Ending::Resignation,
        "詰み" | "詰" => Ending::Checkmate,
        "千日手" => Ending::Repetition,
        "入玉勝ち" | "宣言勝ち" => Ending::Declaration,
        "持将棋" => Ending::Impasse,
        "切れ負け" | "時間切れ" => Ending::TimeUp,
        "反則勝ち" | "反則負け" => Ending::IllegalMove,
        "中断" | "不詰" | "不戦勝" | "不戦敗" | "封じ手" => Ending::Abort,
        _ => return None,
    })
}

/// The kind a KIF piece name (one character) names.
fn piece_kind(c: char) -> Option<Kind> {
    Some(match c {
        '歩' => Kind::Pawn,
        '香' => Kind::Lance,
        '桂' => Kind::Knight,
        '銀' => Kind::Silver,
        '金' => Kind::Gold,
        '角' => Kind::Bishop,
        '飛' => Kind::Rook,
        '玉' | '王' => Kind::King,
        'と' => Kind::ProPawn,
        '杏' => Kind::ProLance,
        '圭' => Kind::ProKnight,
        '全' => Kind::ProSilver,
        '馬' => Kind::Horse,
        '龍' | '竜' => Kind::Dragon,
        _ => return None,
    })
}

/// A count written in kanji after a hand piece: none is one, `二`…`十八`.
fn kanji_number(text: &str) -> Option<u8> {
    let digit = |c: char| {
        "一二三四五六七八九"
            .chars()
            .position(|d| d == c)
            .map(|i| i as u8 + 1)
    };
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        [] => Some(1),
        ['十'] => Some(10),
        ['十', d] => Some(10 + digit(*d)?),
        [d] => digit(*d),
        _ => None,
    }
}

/// A 1-based file or rank written as a full-width, ASCII or kanji digit.
fn digit(c: char) -> Option<u8> {
    let at = |set: &str| set.chars().position(|d| d == c).map(|i| i as u8 + 1);
    at("１２３４５６７８９")
        .or_else(|| at("123456789"))
        .or_else(|| at("一二三四五六七八九"))
}

/// A KIF move (`７六歩(77)`, `同　歩(23)`, `５五角打`, `２二角不成(88)`)
/// in the replay's position.
fn parse_move(word: &str, replay: &Replay) -> Result<Move, String> {
    let bad = || format!("{} is not a KIF move", quote(word));
    let mut chars = word.chars().peekable();
    let to = if chars.next_if_eq(&'同').is_some() {
        chars.next_if(|c| *c == '\u{3000}' || *c == ' ');
        replay
            .last_to()
            .ok_or_else(|| format!("{}: 同 with no move before it", quote(word)))?
    } else {
        let file = chars.next().and_then(digit).ok_or_else(bad)?;
        let rank = chars.next().and_then(digit).ok_or_else(bad)?;
        Sq::new(file - 1, rank - 1)
    };
    let promoted_name = chars.next_if_eq(&'成').is_some();
    let mut kind = chars.next().and_then(piece_kind).ok_or_else(bad)?;
    if promoted_name {
        if !matches!(kind, Kind::Lance | Kind::Knight | Kind::Silver) {
            return Err(bad());
        }
        kind = kind.promoted();
    }
    let rest: String = chars.collect();
    let (suffix, source) = rest.split_once('(').unwrap_or((&rest, ""));
    let (promote, drop) = match suffix {
        "" | "不成" | "生" => (false, false),
        "成" => (true, false),
        "打" => (false, true),
        _ => return Err(bad()),
    };
    if drop || source.is_empty() {
        return drop_move(kind, to, word);
    }
    let from = source_square(source).ok_or_else(bad)?;
    let found = replay.position().piece_at(from);
    if found.is_empty() || found.kind() != kind {
        return Err(format!(
            "{}: no such piece on {}{}",
            quote(word),
            from.file() + 1,
            from.rank() + 1
        ));
    }
    Ok(Move::step(from, to, promote))
}

/// A drop of `kind` on `to` (only unpromoted pieces other than kings drop).
fn drop_move(kind: Kind, to: Sq, word: &str) -> Result<Move, String> {
    if Kind::HAND.contains(&kind) {
        Ok(Move::drop(kind, to))
    } else {
        Err(format!("{}: a {kind:?} cannot be dropped", quote(word)))
    }
}

/// The square of a KIF source `77)`.
fn source_square(source: &str) -> Option<Sq> {
    let inner = source.strip_suffix(')')?;
    let mut chars = inner.chars();
    let file = chars.next()?.to_digit(10)? as u8;
    let rank = chars.next()?.to_digit(10)? as u8;
    let ok = chars.next().is_none() && (1..=9).contains(&file) && (1..=9).contains(&rank);
    ok.then(|| Sq::new(file - 1, rank - 1))
}
