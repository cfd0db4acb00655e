//! `scripts/match4.py`, the four-player chess match harness (docs/cpu.md):
//! two engines of the four-player dialect play teams games refereed by
//! banmen's rules from the shipped openings, the teams swap every game,
//! each game's PGN4 is written and reads back as legal, and the table's
//! W/D/L adds up to the games; every shipped opening is legal.

mod common;
use banmen::rules::chess4::pgn4::read_game;
use banmen::rules::chess4::{Position, Variant};
use std::process::Command;

/// `scripts/match4.py` run for two games of 24 plies at most, level 1
/// against level 2, from the openings of `scripts/<openings>`: its
/// output, its error output and the records it wrote.
fn two_games(openings: &str) -> (std::process::Output, String) {
    let exe = env!("CARGO_BIN_EXE_banmen");
    let dir = common::temp_dir();
    let records = dir.join("games.pgn4");
    let engine = |level: u8| format!("{exe} engine --game chess4 --level {level}");
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg(format!("{root}/scripts/match4.py"))
        .args(["--banmen", exe, "--games", "2", "--time", "0.02"])
        .args(["--max-plies", "24", "--a", &engine(1), "--b", &engine(2)])
        .arg("--openings")
        .arg(format!("{root}/scripts/{openings}"))
        .arg("--records")
        .arg(&records)
        .output()
        .expect("python3 runs the harness");
    let text = std::fs::read_to_string(&records).unwrap_or_default();
    (out, text)
}

/// The games of a records file, each with its tags.
fn games(text: &str) -> Vec<String> {
    let parts = text.split("\n\n[");
    parts
        .enumerate()
        .map(|(i, game)| match i {
            0 => game.to_string(),
            _ => format!("[{game}"),
        })
        .collect()
}

#[test]
fn two_engines_play_teams_games_that_read_back_and_are_counted() {
    let (out, text) = two_games("openings4.txt");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("game 1: A as Red+Yellow"), "{stdout}");
    assert!(stdout.contains("game 2: A as Blue+Green"), "{stdout}");
    // The table's last line: W D L adding up to the two games, a score.
    let last = stdout.lines().last().unwrap_or_default();
    let counts: Vec<u32> = (last.split_whitespace())
        .filter_map(|w| w.parse().ok())
        .take(3)
        .collect();
    assert_eq!(counts.iter().sum::<u32>(), 2, "{stdout}");
    assert!(last.contains('%') && last.contains('±'), "{stdout}");
    // Each game's record reads back, every move legal, none past 24 plies;
    // both games begin with the file's first opening, one per side.
    let games = games(&text);
    assert_eq!(games.len(), 2, "{text}");
    for game in &games {
        let (_, moves) = read_game(game, Variant::Teams).unwrap_or_else(|e| panic!("{e}\n{game}"));
        assert!(moves.len() > 8 && moves.len() <= 24, "{game}");
        assert!(
            game.contains("1. d2-d3 .. b11-c11 .. k13-k12 .. m4-l4"),
            "{game}"
        );
    }
}

#[test]
fn every_shipped_opening_is_legal_and_startpos_starts_from_the_start() {
    let (out, text) = two_games("openings4-more.txt");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("left out"), "{stderr}");
    // The file's first opening is `startpos`: both games begin there.
    let games = games(&text);
    assert_eq!(games.len(), 2, "{text}");
    for game in &games {
        let (start, moves) =
            read_game(game, Variant::Teams).unwrap_or_else(|e| panic!("{e}\n{game}"));
        assert_eq!(start, Position::start(Variant::Teams), "{game}");
        assert!(!moves.is_empty(), "{game}");
    }
}
