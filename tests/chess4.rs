//! Four-player chess: perft from the start (RULES.md §3's counts) and the
//! FEN4 start position read and written back.

use banmen::rules::chess4::{Position, START_FEN4, Variant};

#[test]
fn start_position_perft_matches_the_rule_book_to_depth_4() {
    let pos = Position::start(Variant::Teams);
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [20, 395, 7_800, 152_050]);
}

#[test]
#[ignore = "a few seconds in release; run with --ignored"]
fn start_position_perft_depth_5() {
    assert_eq!(Position::start(Variant::Teams).perft(5), 3_452_310);
}

#[test]
fn the_start_fen4_round_trips() {
    let pos = Position::start(Variant::Teams);
    assert_eq!(pos.to_fen4(), START_FEN4);
}
