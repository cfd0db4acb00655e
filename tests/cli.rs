//! The command-line contract scripts depend on: `perft`'s last line begins
//! with the node count, `moves` prints sorted moves and nothing else, and
//! bad input is one line on stderr with exit status 2.

use std::process::{Command, Output};

fn banmen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_banmen"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_the_node_count_first_on_its_last_line() {
    let out = banmen(&["perft", "--game", "shogi", "--depth", "3"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("25470 nodes in "), "{last}");
}

#[test]
fn perft_divide_lists_each_first_move_then_the_total() {
    let out = banmen(&["perft", "--depth", "2", "--divide"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 31);
    assert_eq!(lines[0], "1g1f: 30");
    assert!(lines[30].starts_with("900 nodes"));
}

#[test]
fn perft_takes_a_position_and_room_rules() {
    let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
    let out = banmen(&[
        "perft",
        "--game",
        "shogi",
        "--position",
        sfen,
        "--depth",
        "2",
    ]);
    assert!(
        stdout(&out)
            .lines()
            .last()
            .unwrap()
            .starts_with("28684 nodes"),
        "{}",
        stdout(&out)
    );
    let out = banmen(&["perft", "--depth", "1", "--rule", "handicap=2-piece"]);
    // Gote (uwate) moves first without rook and bishop.
    let first = stdout(&out);
    let count: u64 = first.split_whitespace().next().unwrap().parse().unwrap();
    let moves = banmen(&["moves", "--rule", "handicap=2-piece"]);
    assert_eq!(stdout(&moves).lines().count() as u64, count);
    assert!(
        stdout(&moves)
            .lines()
            .all(|m| m.as_bytes()[1] <= b'd' || m.as_bytes()[3] <= b'd')
    );
}

#[test]
fn moves_are_sorted_usi_and_nothing_else() {
    let out = banmen(&["moves", "--game", "shogi"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let moves: Vec<&str> = text.lines().collect();
    assert_eq!(moves.len(), 30);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"7g7f") && moves.contains(&"5i4h"));
    let drops = banmen(&["moves", "--position", "4k4/9/9/9/9/9/9/9/4K4 b P 1"]);
    assert!(stdout(&drops).lines().any(|m| m == "P*5e"));
}

#[test]
fn bad_input_is_one_line_on_stderr_and_status_2() {
    for args in [
        &["moves", "--position", "4k4/9 b - 1"][..],
        &["perft", "--depth", "2", "--position", "not an sfen"],
        &["perft", "--depth", "x"],
        &["perft", "--game", "go", "--depth", "1"],
        &["moves", "--rule", "handicap=queen"],
        &["moves", "--rule", "nonsense"],
        &["frobnicate"],
    ] {
        let out = banmen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("banmen: "), "{err}");
    }
}

#[test]
fn four_player_shogi_perft_and_moves() {
    let out = banmen(&["perft", "--game", "shogi4", "--depth", "4"]);
    assert!(
        stdout(&out)
            .lines()
            .last()
            .unwrap()
            .starts_with("6561 nodes")
    );
    let out = banmen(&["moves", "--game", "shogi4", "--rule", "format=pairs"]);
    let moves: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(
        moves,
        [
            "c1b2", "c1c2", "d1c2", "d2d3", "e3e4", "f1g2", "f2f3", "g1g2", "g1h2"
        ]
    );
    let west = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 w -,-,-,- 1";
    let out = banmen(&["moves", "--game", "shogi4", "--position", west]);
    assert!(
        stdout(&out).lines().any(|m| m == "c5d5"),
        "West's pawn steps right"
    );
    let bad = banmen(&[
        "moves",
        "--game",
        "shogi4",
        "--position",
        "2SnGnKnGnSn2/9 s -,-,-,- 1",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = banmen(&["moves", "--game", "shogi4", "--rule", "format=trios"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn four_player_chess_perft_and_moves() {
    let out = banmen(&["perft", "--game", "chess4", "--depth", "3"]);
    let last = stdout(&out).lines().last().unwrap_or_default().to_string();
    assert!(last.starts_with("7800 nodes"), "{last}");
    let out = banmen(&["perft", "--game", "chess4", "--depth", "2", "--divide"]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "h2-h4: 20"), "{text}");
    let out = banmen(&["moves", "--game", "chess4"]);
    let moves: Vec<String> = stdout(&out).lines().map(String::from).collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"e1-f3".to_string()) && moves.contains(&"k2-k4".to_string()));
    // Blue to move from the start: pawns step right, knights jump.
    let blue = banmen::rules::chess4::START_FEN4.replacen('R', "B", 1);
    let out = banmen(&[
        "moves",
        "--game",
        "chess4",
        "--position",
        &blue,
        "--rule",
        "type=ffa",
    ]);
    let text = stdout(&out);
    assert!(text.lines().any(|m| m == "b7-d7"), "{text}");
    for bad in [
        vec!["moves", "--game", "chess4", "--position", "R-0-0"],
        vec!["moves", "--game", "chess4", "--rule", "type=chaos"],
    ] {
        let out = banmen(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

/// A stdout closed before the output is written (`banmen perft … | head`
/// once `head` has had enough) ends the command quietly with status 0,
/// as it ends Unix tools, and no panic message.
#[test]
fn a_closed_stdout_ends_the_command_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    for args in [
        &["perft", "--game", "chess4", "--depth", "3"][..],
        &["perft", "--game", "chess4", "--depth", "3", "--divide"],
        &["moves", "--game", "shogi"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_banmen"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // The reader closed before the first line comes: every write fails.
        drop(child.stdout.take());
        let mut stderr = String::new();
        let mut err = child.stderr.take().expect("stderr piped");
        err.read_to_string(&mut stderr).expect("stderr read");
        let status = child.wait().expect("the binary ends");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
    }
}
