//! Four-player shogi (docs/rules.md §2): perft from the start, SFEN4, and
//! hand-built positions for each rule.

use banmen::rules::shogi4::{Play4, Position4, START4};

fn start() -> Position4 {
    Position4::start(Play4::default())
}

#[test]
fn start_position_perft_to_depth_5() {
    let pos = start();
    let counts: Vec<u64> = (1..=5).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [9, 81, 729, 6_561, 82_134]);
}

#[test]
#[ignore = "a few seconds: run with -- --ignored"]
fn start_position_perft_depth_6() {
    assert_eq!(start().perft(6), 1_055_321);
}

#[test]
fn start_sfen4_round_trips() {
    assert_eq!(start().to_sfen4(), START4);
}
