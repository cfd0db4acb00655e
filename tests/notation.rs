//! Move notations of two-player shogi (issue 39): Japanese (`▲７六歩`) and
//! Western (`P-7f`) as written from positions, read back from what a
//! player types, and shown in the move list and the settings panel.

use banmen::hall::Hall;
use banmen::hall::settings::Settings;
use banmen::rules::GameKind;
use banmen::rules::shogi::notation::{self, Notation, ParseError};
use banmen::rules::shogi::{Move, Position, START, Sq};
use std::collections::HashSet;

mod ui_support;
use termwiz::input::KeyCode;
use ui_support::{key, me, played, render, table, type_move};

/// A position with `pieces` (a USI square and SFEN letters: `G`, `+R`,
/// `g`), `side` (`b`/`w`) to move and `hands` in SFEN.
fn setup(pieces: &[(&str, &str)], side: &str, hands: &str) -> Position {
    let mut grid = vec![vec![String::new(); 9]; 9];
    for (sq, piece) in pieces {
        let b = sq.as_bytes();
        grid[usize::from(b[1] - b'a')][usize::from(b'9' - b[0])] = piece.to_string();
    }
    let rows: Vec<String> = grid.iter().map(|row| sfen_row(row)).collect();
    let sfen = format!("{} {side} {hands} 1", rows.join("/"));
    Position::from_sfen(&sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn sfen_row(row: &[String]) -> String {
    let (mut out, mut empty) = (String::new(), 0);
    for cell in row {
        if cell.is_empty() {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
            empty = 0;
        }
        out.push_str(cell);
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

fn usi(pos: &Position, text: &str) -> Move {
    pos.parse_usi(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_sfen()))
}

/// `moves` (USI) in `pos` as Japanese and Western write them.
fn written(pos: &Position, moves: &[&str]) -> Vec<(String, String)> {
    moves
        .iter()
        .map(|m| {
            let mv = usi(pos, m);
            let ja = notation::write(pos, mv, None, Notation::Japanese);
            (ja, notation::write(pos, mv, None, Notation::Western))
        })
        .collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    let owned = |(a, b): &(&str, &str)| (a.to_string(), b.to_string());
    expected.iter().map(owned).collect()
}

/// Kings out of the way of the examples.
const KINGS: [(&str, &str); 2] = [("1i", "K"), ("9a", "k")];

fn with_kings<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut all = pieces.to_vec();
    all.extend(KINGS);
    all
}

#[test]
fn golds_are_told_apart_by_motion_first_then_place() {
    // Straight up is 直; the other, on sente's right, 右.
    let pos = setup(&with_kings(&[("5i", "G"), ("4i", "G")]), "b", "-");
    assert_eq!(
        written(&pos, &["5i5h", "4i5h"]),
        pairs(&[("▲５八金直", "G5i-5h"), ("▲５八金右", "G4i-5h")])
    );
    let pos = setup(
        &with_kings(&[("6i", "G"), ("5i", "G"), ("4i", "G")]),
        "b",
        "-",
    );
    assert_eq!(
        written(&pos, &["6i5h", "5i5h", "4i5h"]),
        pairs(&[
            ("▲５八金左", "G6i-5h"),
            ("▲５八金直", "G5i-5h"),
            ("▲５八金右", "G4i-5h")
        ])
    );
    // Sideways and up: the motion alone tells.
    let pos = setup(&with_kings(&[("4h", "G"), ("5i", "G")]), "b", "-");
    assert_eq!(
        written(&pos, &["4h5h", "5i5h"]),
        pairs(&[("▲５八金寄", "G4h-5h"), ("▲５八金上", "G5i-5h")])
    );
    // Back and up.
    let pos = setup(&with_kings(&[("5g", "G"), ("6i", "G")]), "b", "-");
    assert_eq!(
        written(&pos, &["5g5h", "6i5h"]),
        pairs(&[("▲５八金引", "G5g-5h"), ("▲５八金上", "G6i-5h")])
    );
    // Neither alone tells for 4i: another gold stands on its file, and
    // another moves up too: place, then motion.
    let pos = setup(
        &with_kings(&[("6i", "G"), ("4i", "G"), ("4h", "G")]),
        "b",
        "-",
    );
    assert_eq!(
        written(&pos, &["4h5h", "6i5h", "4i5h"]),
        pairs(&[
            ("▲５八金寄", "G4h-5h"),
            ("▲５八金左", "G6i-5h"),
            ("▲５八金右上", "G4i-5h")
        ])
    );
}

#[test]
fn gote_sees_right_and_left_from_the_other_side() {
    let pos = setup(
        &[
            ("6a", "g"),
            ("4a", "g"),
            ("5a", "g"),
            ("1i", "K"),
            ("9a", "k"),
        ],
        "w",
        "-",
    );
    assert_eq!(
        written(&pos, &["6a5b", "5a5b", "4a5b"]),
        pairs(&[
            ("△５二金右", "G6a-5b"),
            ("△５二金直", "G5a-5b"),
            ("△５二金左", "G4a-5b")
        ])
    );
}

#[test]
fn silvers_knights_and_tokins() {
    let pos = setup(&with_kings(&[("6i", "S"), ("4i", "S")]), "b", "-");
    assert_eq!(
        written(&pos, &["6i5h", "4i5h"]),
        pairs(&[("▲５八銀左", "S6i-5h"), ("▲５八銀右", "S4i-5h")])
    );
    let pos = setup(&with_kings(&[("6g", "S"), ("4i", "S")]), "b", "-");
    assert_eq!(
        written(&pos, &["6g5h", "4i5h"]),
        pairs(&[("▲５八銀引", "S6g-5h"), ("▲５八銀上", "S4i-5h")])
    );
    let pos = setup(&with_kings(&[("6i", "N"), ("4i", "N")]), "b", "-");
    assert_eq!(
        written(&pos, &["6i5g", "4i5g"]),
        pairs(&[("▲５七桂左", "N6i-5g"), ("▲５七桂右", "N4i-5g")])
    );
    let pos = setup(&with_kings(&[("6h", "+P"), ("4h", "+P")]), "b", "-");
    assert_eq!(
        written(&pos, &["6h5h", "4h5h"]),
        pairs(&[("▲５八と左", "+P6h-5h"), ("▲５八と右", "+P4h-5h")])
    );
}

#[test]
fn dragons_and_horses_never_go_straight() {
    let kings = [("5i", "K"), ("5a", "k")];
    let pos = setup(&[("9b", "+R"), ("1b", "+R"), kings[0], kings[1]], "b", "-");
    assert_eq!(
        written(&pos, &["9b5b", "1b5b"]),
        pairs(&[("▲５二龍左", "+R9b-5b"), ("▲５二龍右", "+R1b-5b")])
    );
    let pos = setup(
        &[("5e", "+R"), ("2b", "+R"), kings[0], ("9a", "k")],
        "b",
        "-",
    );
    assert_eq!(
        written(&pos, &["5e5b", "2b5b"]),
        pairs(&[("▲５二龍上", "+R5e-5b"), ("▲５二龍寄", "+R2b-5b")])
    );
    // One step straight up and one diagonal: both up, and a dragon has no 直.
    let pos = setup(
        &[("5c", "+R"), ("4c", "+R"), kings[0], ("9a", "k")],
        "b",
        "-",
    );
    assert_eq!(
        written(&pos, &["5c5b", "4c5b"]),
        pairs(&[("▲５二龍左", "+R5c-5b"), ("▲５二龍右", "+R4c-5b")])
    );
    let pos = setup(&[("9i", "+B"), ("1i", "+B"), kings[0], kings[1]], "b", "-");
    assert_eq!(
        written(&pos, &["9i5e", "1i5e"]),
        pairs(&[("▲５五馬左", "+B9i-5e"), ("▲５五馬右", "+B1i-5e")])
    );
}

#[test]
fn drops_say_so_only_when_a_board_piece_could_go_there() {
    let pos = setup(&with_kings(&[("5i", "G")]), "b", "G");
    assert_eq!(
        written(&pos, &["G*5h", "5i5h", "G*5e"]),
        pairs(&[
            ("▲５八金打", "G*5h"),
            ("▲５八金", "G-5h"),
            ("▲５五金", "G*5e")
        ])
    );
}

#[test]
fn promotions_are_written_when_there_was_a_choice() {
    let pos = setup(
        &with_kings(&[("4d", "S"), ("2d", "S"), ("2c", "p")]),
        "b",
        "-",
    );
    assert_eq!(
        written(&pos, &["4d3c+", "4d3c", "2d2c+", "2d2c", "2d3c"]),
        pairs(&[
            ("▲３三銀左成", "S4d-3c+"),
            ("▲３三銀左不成", "S4d-3c="),
            ("▲２三銀成", "Sx2c+"),
            ("▲２三銀不成", "Sx2c="),
            ("▲３三銀右不成", "S2d-3c="),
        ])
    );
}

#[test]
fn a_recapture_is_written_with_dou() {
    let mut pos = Position::from_sfen(START).expect("start");
    let mut last_to: Option<Sq> = None;
    let mut out = Vec::new();
    for text in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
        let mv = usi(&pos, text);
        let ja = notation::write(&pos, mv, last_to, Notation::Japanese);
        out.push((ja, notation::write(&pos, mv, last_to, Notation::Western)));
        last_to = Some(mv.to());
        pos.make(mv);
    }
    assert_eq!(
        out,
        pairs(&[
            ("▲７六歩", "P-7f"),
            ("△３四歩", "P-3d"),
            ("▲２二角成", "Bx2b+"),
            ("△同\u{3000}銀", "Sx2b"),
        ])
    );
    let record = notation::record(
        &Position::from_sfen(START).expect("start"),
        &["7g7f", "3c3d", "8h2b+", "3a2b"],
        Notation::Japanese,
    );
    assert_eq!(record, ["▲７六歩", "△３四歩", "▲２二角成", "△同\u{3000}銀"]);
}

#[test]
fn typed_moves_read_in_any_notation() {
    let start = Position::from_sfen(START).expect("start");
    let up = usi(&start, "7g7f");
    for typed in [
        "7g7f",
        "76歩",
        "７六歩",
        "▲７六歩",
        "7六歩",
        "☗76歩",
        " ７ ６ 歩 ",
        "P-7f",
        "p-7f",
        "P7g-7f",
    ] {
        assert_eq!(notation::parse(&start, typed, None), Ok(up), "{typed}");
    }
    let mut pos = start.clone();
    for text in ["7g7f", "3c3d", "8h2b+"] {
        pos.make(usi(&pos, text));
    }
    let back = usi(&pos, "3a2b");
    let last = Sq::from_usi(b"2b");
    for typed in [
        "同銀",
        "同　銀",
        "△同　銀",
        "22銀",
        "２二銀",
        "Sx2b",
        "S-2b",
        "3a2b",
    ] {
        assert_eq!(notation::parse(&pos, typed, last), Ok(back), "{typed}");
    }
    assert!(matches!(
        notation::parse(&start, "75歩", None),
        Err(ParseError::NoMove(_))
    ));
    assert!(matches!(
        notation::parse(&start, "7g7e", None),
        Err(ParseError::Usi(_))
    ));
}

#[test]
fn a_move_without_its_piece_named_is_refused_with_the_candidates() {
    let pos = setup(&with_kings(&[("5i", "G"), ("4i", "G")]), "b", "-");
    let Err(ParseError::Ambiguous(typed, moves)) = notation::parse(&pos, "58金", None) else {
        panic!("two golds can go to 5h");
    };
    assert_eq!(typed, "58金");
    assert_eq!(sorted_vec(moves), ["▲５八金右", "▲５八金直"]);
    let Err(ParseError::Ambiguous(_, moves)) = notation::parse(&pos, "G-5h", None) else {
        panic!("two golds can go to 5h");
    };
    assert_eq!(sorted_vec(moves), ["G4i-5h", "G5i-5h"]);
    assert_eq!(notation::parse(&pos, "58金直", None), Ok(usi(&pos, "5i5h")));
    assert_eq!(notation::parse(&pos, "G4i-5h", None), Ok(usi(&pos, "4i5h")));
    // A move that could promote, typed without 不成 or `=`, does not.
    let pos = setup(&with_kings(&[("4d", "S")]), "b", "-");
    assert_eq!(notation::parse(&pos, "33銀", None), Ok(usi(&pos, "4d3c")));
    assert_eq!(
        notation::parse(&pos, "33銀成", None),
        Ok(usi(&pos, "4d3c+"))
    );
    assert_eq!(notation::parse(&pos, "S-3c", None), Ok(usi(&pos, "4d3c")));
}

fn sorted_vec(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// A small seeded generator, so that playouts are the same every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every legal move of `pos` written in each notation: no two alike
/// (what the round trip relies on); with `parse`, each also read back.
fn check_position(pos: &Position, last_to: Option<Sq>, parse: bool) {
    let legal = pos.legal_moves();
    for notation in Notation::ALL {
        let mut seen = HashSet::new();
        for &mv in legal.as_slice() {
            let text = notation::write(pos, mv, last_to, notation);
            assert!(
                seen.insert(text.clone()),
                "{text} twice in {}",
                pos.to_sfen()
            );
            if parse {
                let back = notation::parse(pos, &text, last_to);
                assert_eq!(back, Ok(mv), "{text} in {}", pos.to_sfen());
            }
        }
    }
}

/// Random games from `start`: each position checked, every `every`-th
/// also parsed back; the number of positions seen.
fn playouts(start: &str, seeds: std::ops::Range<u64>, plies: usize, every: usize) -> usize {
    let mut seen = 0;
    for seed in seeds {
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut pos = Position::from_sfen(start).expect("start");
        let mut last_to = None;
        for ply in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            check_position(&pos, last_to, ply % every == 0);
            seen += 1;
            let mv = legal.as_slice()[rng.below(legal.len())];
            last_to = Some(mv.to());
            pos.make(mv);
        }
    }
    seen
}

#[test]
fn every_legal_move_reads_back_after_random_playouts() {
    let seen = playouts(START, 0..12, 160, 8);
    assert!(seen > 1000, "{seen} positions");
}

#[test]
fn crowded_boards_read_back_too() {
    // Everything in hand: drops crowd the board with golds, silvers and
    // promoted pieces, where most of the telling apart happens.
    let hands = "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1";
    let seen = playouts(hands, 100..112, 120, 4);
    assert!(seen > 1000, "{seen} positions");
}

#[tokio::test]
async fn the_prompt_takes_every_notation_and_the_list_shows_the_chosen_one() {
    let hall = Hall::new(1);
    let (mut app, code) = table(&hall, GameKind::Shogi);
    type_move(&mut app, "76歩");
    type_move(&mut app, "３四歩");
    type_move(&mut app, "Bx2b+");
    type_move(&mut app, "同銀");
    assert_eq!(played(&hall, &code), ["7g7f", "3c3d", "8h2b+", "3a2b"]);
    let screen = render(&mut app, 80, 24);
    assert!(
        screen.has("☗7g7f") && screen.has("☖3a2b"),
        "{}",
        screen.text()
    );
    let japanese = Settings {
        notation: Notation::Japanese,
        ..Settings::default()
    };
    app.apply_settings(japanese);
    let screen = render(&mut app, 80, 24);
    for written in ["1 ▲７六歩", "2 △３四歩", "3 ▲２二角成", "4 △同\u{3000}銀"]
    {
        assert!(screen.has(written), "{written}:\n{}", screen.text());
    }
    app.apply_settings(Settings {
        notation: Notation::Western,
        ..Settings::default()
    });
    let screen = render(&mut app, 80, 24);
    for written in ["1 ☗P-7f", "2 ☖P-3d", "3 ☗Bx2b+", "4 ☖Sx2b"] {
        assert!(screen.has(written), "{written}:\n{}", screen.text());
    }
    // An ambiguous or unknown move is explained, and nothing is played.
    type_move(&mut app, "55飛");
    let screen = render(&mut app, 80, 24);
    assert!(screen.has("55飛 is not a legal move"), "{}", screen.text());
    assert_eq!(played(&hall, &code).len(), 4);
}

#[tokio::test]
async fn the_settings_panel_chooses_and_keeps_the_notation() {
    let hall = Hall::new(1);
    let (mut app, _code) = table(&hall, GameKind::Shogi);
    // From the game, the settings open from the help.
    key(&mut app, KeyCode::Char('?'));
    key(&mut app, KeyCode::Char('L'));
    let screen = render(&mut app, 80, 24);
    assert!(screen.has("Move notation"), "{}", screen.text());
    assert!(screen.has("[USI 7g7f]"), "{}", screen.text());
    // Up twice: the notation row is above the bell's, the last.
    key(&mut app, KeyCode::UpArrow);
    key(&mut app, KeyCode::UpArrow);
    key(&mut app, KeyCode::RightArrow);
    let screen = render(&mut app, 80, 24);
    assert!(screen.has("[Japanese ７六歩]"), "{}", screen.text());
    key(&mut app, KeyCode::Escape);
    let saved = hall.settings(&me("alice")).expect("saved with the key");
    assert_eq!(saved.notation, Notation::Japanese);
}
