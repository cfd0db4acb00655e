//! `banmen usi` driven over pipes as a GUI would: the handshake, legal
//! best moves, `stop` during `go infinite`, bad input survived, `quit`.
//! Every wait is bounded.

mod engine_support;

use banmen::rules::{AnyGame, GameKind, RuleValues};
use engine_support::{Engine, SECOND};
use std::time::{Duration, Instant};

fn start() -> Engine {
    Engine::banmen(&["usi"])
}

fn game_after(moves: &[&str]) -> AnyGame {
    let kind = GameKind::Shogi;
    let mut game = AnyGame::new(kind, &RuleValues::defaults(kind.rule_specs()), None).unwrap();
    for mv in moves {
        game.play_text(mv).unwrap();
    }
    game
}

#[test]
fn handshake_then_quit_exits_0() {
    let mut engine = start();
    engine.send("usi");
    let lines = engine.until("usiok", 5 * SECOND);
    assert_eq!(
        lines,
        [
            "id name banmen",
            "id author banmen team",
            "option name Level type spin default 5 min 1 max 5",
            "usiok",
        ]
    );
    engine.send("isready");
    assert_eq!(engine.until("readyok", 5 * SECOND), ["readyok"]);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn go_movetime_answers_a_legal_move() {
    let mut engine = start();
    engine.send("usi");
    engine.until("usiok", 5 * SECOND);
    engine.send("setoption name Level value 5");
    engine.send("usinewgame");
    engine.send("position startpos moves 7g7f");
    let start = Instant::now();
    engine.send("go movetime 200");
    let best = engine.bestmove(10 * SECOND);
    assert!(start.elapsed() < 5 * SECOND, "took {:?}", start.elapsed());
    let game = game_after(&["7g7f"]);
    assert!(game.parse_text(&best).is_ok(), "illegal bestmove {best}");
    // The same from an SFEN, with a clock instead of movetime.
    engine.send(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d",
    );
    engine.send("go btime 10000 wtime 10000 byoyomi 300");
    let best = engine.bestmove(10 * SECOND);
    let game = game_after(&["7g7f", "3c3d"]);
    assert!(game.parse_text(&best).is_ok(), "illegal bestmove {best}");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn the_search_is_reported_before_its_move() {
    let mut engine = start();
    engine.send("usi");
    engine.until("usiok", 5 * SECOND);
    // Off the opening book, so that the search plays.
    engine.send("position startpos moves 1g1f 3c3d");
    engine.send("go movetime 300");
    let (lines, best) = engine.search(10 * SECOND);
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth "))
        .unwrap_or_else(|| panic!("no info line in {lines:?}"));
    let words: Vec<&str> = info.split_whitespace().collect();
    let after = |key: &str| {
        let at = words.iter().position(|w| *w == key).expect(key);
        words[at + 1]
    };
    assert!(after("depth").parse::<u32>().unwrap() >= 2, "{info}");
    assert!(after("nodes").parse::<u64>().unwrap() > 100, "{info}");
    after("cp").parse::<i32>().expect("a score in centipawns");
    assert_eq!(after("pv"), best, "the line's move is the move played");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn the_opening_book_plays_standard_first_moves_and_says_so() {
    let mut engine = start();
    engine.send("usi");
    engine.until("usiok", 5 * SECOND);
    let mut firsts = Vec::new();
    for _ in 0..30 {
        engine.send("position startpos");
        engine.send("go movetime 1000");
        let (lines, best) = engine.search(10 * SECOND);
        assert!(
            lines.contains(&format!("info string book {best}")),
            "{lines:?}"
        );
        firsts.push(best);
    }
    firsts.sort();
    firsts.dedup();
    assert!(
        firsts
            .iter()
            .all(|m| ["7g7f", "2g2f", "5g5f"].contains(&m.as_str())),
        "{firsts:?}"
    );
    assert!(firsts.len() > 1, "thirty games opened alike: {firsts:?}");
    // Level 2 plays like a beginner: no book.
    engine.send("setoption name Level value 2");
    engine.send("position startpos");
    engine.send("go movetime 300");
    let (lines, _) = engine.search(10 * SECOND);
    assert!(
        lines.iter().all(|l| !l.starts_with("info string book")),
        "{lines:?}"
    );
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn stop_ends_go_infinite_promptly() {
    let mut engine = start();
    let best = engine.stop_go_infinite();
    assert!(game_after(&[]).parse_text(&best).is_ok(), "{best}");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn quit_while_thinking_exits_0() {
    let mut engine = start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn bad_input_is_survived() {
    let mut engine = start();
    for line in [
        "",
        "   ",
        "hello world",
        "go btime banana",
        "setoption name Level value 99",
        "setoption",
        "position",
        "position sfen",
        "position sfen 9/9/9 b -",
        "position startpos moves 7g7f 7g7f",
        "position startpos moves zz",
        "\u{7f}\u{1b}[A ünïcödé",
        "stop",
        "ponderhit",
    ] {
        engine.send(line);
    }
    engine.send_bytes(b"\xff\xfe position \xc3\n");
    // `go btime banana` searched the start position until the next
    // `position` stopped it.
    let mut lines = engine.until("bestmove", 10 * SECOND);
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(game_after(&[]).parse_text(best).is_ok(), "{best}");
    engine.send("isready");
    lines.extend(engine.until("readyok", 5 * SECOND));
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error:"))
            .count()
            >= 5,
        "{lines:?}"
    );
    // The last good position stands; a mated side resigns.
    engine.send("position sfen 8k/7G1/7G1/9/9/9/9/9/K8 w - 1");
    engine.send("go movetime 100");
    assert_eq!(engine.bestmove(10 * SECOND), "resign");
    // A game that ended says how before resigning.
    engine.send("position sfen 8k/9/7G1/9/9/9/9/9/K8 b G 1 moves G*2b");
    engine.send("go movetime 100");
    let lines = engine.until("bestmove", 10 * SECOND);
    assert_eq!(
        lines,
        [
            "info string game over: sente wins by checkmate",
            "bestmove resign"
        ]
    );
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn end_of_input_exits_0() {
    let mut engine = start();
    engine.send("usi");
    engine.until("usiok", 5 * SECOND);
    engine.close_input();
    assert_eq!(engine.exit_code(), Some(0));
}
