//! `banmen engine --game chess4|shogi4` driven over pipes as a GUI or a
//! referee would: the handshake and options, legal best moves from
//! `startpos`, FEN4 and SFEN4 positions, `info` lines, `stop` during
//! `go infinite`, one error line per bad input, a finished game, the
//! `Type` option, the end of input. Every wait is bounded.

mod engine_support;

use banmen::rules::chess4::Sq;
use banmen::rules::{AnyGame, GameKind, RuleValues};
use engine_support::{Engine, SECOND};
use std::time::{Duration, Instant};

/// `banmen engine --game GAME`.
fn start(game: &str) -> Engine {
    Engine::banmen(&["engine", "--game", game])
}

/// A game of `kind` under `rules` (NAME=VALUE), from `position` or the
/// start, after `moves`: what the engine's answers are checked against.
fn game_after(kind: GameKind, rules: &[&str], position: Option<&str>, moves: &[&str]) -> AnyGame {
    let rules = RuleValues::parse(kind.rule_specs(), rules).unwrap();
    let mut game = AnyGame::new(kind, &rules, position).unwrap();
    for mv in moves {
        game.play_text(mv).unwrap();
    }
    game
}

fn assert_legal(game: &AnyGame, best: &str) {
    let legal = game.legal_move_texts();
    assert!(
        legal.iter().any(|m| m == best),
        "bestmove {best:?} is not legal in {}",
        game.position_text()
    );
}

/// The value after `word` in an `info` line.
fn field<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == word)?;
    words.next()
}

/// The `info depth` lines among `lines`, each checked to carry depth,
/// score cp, nodes, nps and a pv.
fn infos(lines: &[String]) -> Vec<&String> {
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .collect();
    for line in &infos {
        for word in ["depth", "cp", "nodes", "nps"] {
            let value = field(line, word).unwrap_or_else(|| panic!("no {word} in {line}"));
            assert!(value.parse::<i64>().is_ok(), "{word} {value} in {line}");
        }
        assert_eq!(field(line, "score"), Some("cp"), "{line}");
        assert!(field(line, "pv").is_some(), "no pv in {line}");
    }
    infos
}

/// A FEN4 with the four kings on their start squares (Red h1, Blue a7,
/// Yellow g14, Green n8) and `pieces`, `turn` to move, no castling.
fn fen4(turn: &str, pieces: &[(&str, &str)]) -> String {
    let kings = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];
    let all: Vec<_> = kings.iter().chain(pieces).collect();
    let mut ranks = Vec::new();
    for y in (0..14u8).rev() {
        let row: Vec<String> = (0..14u8)
            .map(|x| {
                let sq = Sq::new(x, y);
                match all.iter().find(|(at, _)| Sq::parse(at) == Some(sq)) {
                    _ if sq.is_wall() => "x".to_string(),
                    Some((_, token)) => token.to_string(),
                    None => "1".to_string(),
                }
            })
            .collect();
        ranks.push(row.join(","));
    }
    format!(
        "{turn}-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{}",
        ranks.join("/")
    )
}

/// Red to move; after `k4-k7` Blue's king a7 is in check along rank 7
/// with ranks 6 and 8 closed by Red's rooks: in teams Blue is mated on
/// its turn and the game is over; in free-for-all Blue is out at once and
/// Yellow plays on.
fn mate_in_one() -> String {
    fen4(
        "R",
        &[("h6", "rR"), ("h8", "rR"), ("l8", "rP"), ("k4", "rR")],
    )
}

#[test]
fn chess4_handshake_lists_the_options() {
    let mut engine = start("chess4");
    engine.send("uci");
    assert_eq!(
        engine.until("uciok", 5 * SECOND),
        [
            "id name banmen",
            "id author banmen team",
            "option name Level type spin default 5 min 1 max 5",
            "option name Type type combo default teams var teams var ffa",
            "option name Threads type spin default 1 min 1 max 256",
            "option name Hash type spin default 16 min 1 max 1024",
            "uciok",
        ]
    );
    for option in [
        "setoption name Level value 3",
        "setoption name Type value teams",
        "setoption name Threads value 4",
        "setoption name Hash value 64",
    ] {
        engine.send(option);
    }
    engine.send("ucinewgame");
    assert_eq!(engine.ready(), Vec::<String>::new(), "options accepted");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn chess4_go_movetime_answers_a_legal_move() {
    let mut engine = start("chess4");
    let moves = ["h2-h3", "b7-c7"];
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    let start = Instant::now();
    engine.send("go movetime 200");
    let (lines, best) = engine.search(10 * SECOND);
    assert!(start.elapsed() < 5 * SECOND, "took {:?}", start.elapsed());
    assert!(!infos(&lines).is_empty(), "{lines:?}");
    assert_legal(&game_after(GameKind::Chess4, &[], None, &moves), &best);
    // From clocks: Yellow's is the one that counts.
    engine.send("go rtime 60000 btime 60000 ytime 3000 gtime 60000 yinc 100");
    let start = Instant::now();
    let (_, best) = engine.search(10 * SECOND);
    assert!(start.elapsed() < 2 * SECOND, "took {:?}", start.elapsed());
    assert_legal(&game_after(GameKind::Chess4, &[], None, &moves), &best);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn chess4_go_depth_reports_each_iteration() {
    let mut engine = start("chess4");
    engine.send("position startpos moves h2-h3");
    engine.send("go depth 2");
    let (lines, best) = engine.search(20 * SECOND);
    let deepened = infos(&lines);
    let depths: Vec<&str> = deepened.iter().filter_map(|l| field(l, "depth")).collect();
    assert_eq!(depths, ["1", "2"], "{lines:?}");
    assert_eq!(field(deepened[1], "pv"), Some(best.as_str()), "{lines:?}");
    assert_legal(&game_after(GameKind::Chess4, &[], None, &["h2-h3"]), &best);
    // The greedy levels look one ply and say so.
    engine.send("setoption name Level value 1");
    engine.send("go depth 2");
    let (lines, best) = engine.search(20 * SECOND);
    let greedy = infos(&lines);
    assert_eq!(greedy.len(), 1, "{lines:?}");
    assert_eq!(field(greedy[0], "depth"), Some("1"));
    assert_legal(&game_after(GameKind::Chess4, &[], None, &["h2-h3"]), &best);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn chess4_stop_ends_go_infinite_promptly() {
    let mut engine = start("chess4");
    let best = engine.stop_go_infinite();
    assert_legal(&game_after(GameKind::Chess4, &[], None, &[]), &best);
    // `quit` while thinking ends it too.
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn chess4_fen_positions_are_read() {
    let mut engine = start("chess4");
    // A FEN4 banmen wrote after a few moves, then one more move.
    let played = game_after(GameKind::Chess4, &[], None, &["h2-h4", "b8-d8", "g13-g12"]);
    let fen = played.export("fen4", &[]).unwrap();
    let next = played.legal_move_texts()[0].clone();
    engine.send(&format!("position fen {fen} moves {next}"));
    engine.send("go movetime 200");
    let (_, best) = engine.search(10 * SECOND);
    assert_legal(
        &game_after(GameKind::Chess4, &[], Some(&fen), &[&next]),
        &best,
    );
    // A hand-built one: Red to move.
    let fen = mate_in_one();
    engine.send(&format!("position fen {fen}"));
    engine.send("go movetime 200");
    let (_, best) = engine.search(10 * SECOND);
    assert_legal(&game_after(GameKind::Chess4, &[], Some(&fen), &[]), &best);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn chess4_bad_input_is_one_error_each_and_the_position_stands() {
    let mut engine = start("chess4");
    engine.send("position startpos moves h2-h3");
    let bad: [&[u8]; 12] = [
        b"hello world",
        b"position fen R-0,0,0,0-nonsense",
        b"position fen",
        b"position startpos moves b7-c7 b7-c7",
        b"position startpos moves zz",
        b"position sfen4 whatever",
        b"setoption name Level value 9",
        b"setoption name Type value pairs",
        b"setoption name Threads value 0",
        b"setoption name Warp value 9",
        b"setoption",
        b"\xff\xfe position \xc3",
    ];
    for line in bad {
        engine.send_bytes(&[line, b"\n"].concat());
    }
    let lines = engine.ready();
    assert_eq!(lines.len(), bad.len(), "{lines:?}");
    for line in &lines {
        assert!(line.starts_with("info string error: "), "{lines:?}");
    }
    // Empty lines are nothing at all.
    engine.send("");
    engine.send("   ");
    assert_eq!(engine.ready(), Vec::<String>::new());
    // Still Blue to move after h2-h3, at level 5.
    engine.send("go movetime 100");
    let (lines, best) = engine.search(10 * SECOND);
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    assert_legal(&game_after(GameKind::Chess4, &[], None, &["h2-h3"]), &best);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn chess4_a_finished_game_says_why_and_has_no_move() {
    let mut engine = start("chess4");
    engine.send(&format!("position fen {} moves k4-k7", mate_in_one()));
    engine.send("go movetime 100");
    let (lines, _) = engine.search(10 * SECOND);
    assert_eq!(
        lines,
        [
            "info string game over: Red and Yellow win by checkmate",
            "bestmove (none)"
        ]
    );
    // A move after the end is refused like any illegal move.
    engine.send(&format!(
        "position fen {} moves k4-k7 g14-f14",
        mate_in_one()
    ));
    let lines = engine.ready();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string error: "), "{lines:?}");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn chess4_type_ffa_plays_free_for_all() {
    let mut engine = start("chess4");
    let fen = mate_in_one();
    engine.send(&format!("position fen {fen} moves k4-k7"));
    // The position is read again under the new rule: Blue is out at once
    // and Yellow plays on.
    engine.send("setoption name Type value ffa");
    engine.send("go movetime 200");
    let (lines, best) = engine.search(10 * SECOND);
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    let ffa = game_after(GameKind::Chess4, &["type=ffa"], Some(&fen), &["k4-k7"]);
    assert_eq!(ffa.to_move().map(|s| s.index()), Some(2), "Yellow to move");
    assert_legal(&ffa, &best);
    // And back to teams: over again.
    engine.send("setoption name Type value teams");
    engine.send("go movetime 100");
    let (lines, best) = engine.search(10 * SECOND);
    assert_eq!(best, "(none)", "{lines:?}");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn chess4_end_of_input_exits_0() {
    let mut engine = start("chess4");
    engine.send("uci");
    engine.until("uciok", 5 * SECOND);
    engine.send("go infinite");
    engine.close_input();
    assert_eq!(engine.exit_code(), Some(0));
}

#[test]
fn shogi4_handshake_positions_and_legal_moves() {
    let mut engine = start("shogi4");
    engine.send("uci");
    let lines = engine.until("uciok", 5 * SECOND);
    assert_eq!(
        lines[3],
        "option name Type type combo default individual var individual var pairs"
    );
    assert_eq!(lines.len(), 7, "{lines:?}");
    engine.send("isready");
    engine.until("readyok", 5 * SECOND);
    // From the start, a few moves in.
    let moves = ["e3e4", "c5d5"];
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send("go movetime 200");
    let (lines, best) = engine.search(10 * SECOND);
    assert!(!infos(&lines).is_empty(), "{lines:?}");
    assert_legal(&game_after(GameKind::Shogi4, &[], None, &moves), &best);
    // From an SFEN4 (several words) banmen wrote, and a move after it.
    let played = game_after(GameKind::Shogi4, &[], None, &moves);
    let sfen4 = played.position_text();
    assert!(sfen4.contains(' '), "{sfen4}");
    let next = played.legal_move_texts()[0].clone();
    engine.send(&format!("position sfen4 {sfen4} moves {next}"));
    engine.send("go depth 2");
    let (lines, best) = engine.search(20 * SECOND);
    assert!(!infos(&lines).is_empty(), "{lines:?}");
    assert_legal(
        &game_after(GameKind::Shogi4, &[], Some(&sfen4), &[&next]),
        &best,
    );
    // Pairs, at the greedy level, with clocks.
    engine.send("setoption name Type value pairs");
    engine.send("setoption name Level value 2");
    engine.send("go rtime 5000 btime 5000 ytime 5000 gtime 5000");
    let (_, best) = engine.search(10 * SECOND);
    let pairs = game_after(GameKind::Shogi4, &["format=pairs"], Some(&sfen4), &[&next]);
    assert_legal(&pairs, &best);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn shogi4_bad_input_is_one_error_each() {
    let mut engine = start("shogi4");
    let bad = [
        "position sfen4 9/9/9 s -,-,-,- 1",
        "position sfen4",
        "position fen R-0",
        "position startpos moves e3e5",
        "position startpos moves P*e5x",
        "setoption name Type value ffa",
        "usi",
    ];
    for line in bad {
        engine.send(line);
    }
    let lines = engine.ready();
    assert_eq!(lines.len(), bad.len(), "{lines:?}");
    assert!(lines.iter().all(|l| l.starts_with("info string error: ")));
    engine.send("go movetime 100");
    let (_, best) = engine.search(10 * SECOND);
    assert_legal(&game_after(GameKind::Shogi4, &[], None, &[]), &best);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn shogi_is_usi() {
    let mut engine = start("shogi");
    engine.send("usi");
    let lines = engine.until("usiok", 5 * SECOND);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(engine.quit(), Some(0));
}
