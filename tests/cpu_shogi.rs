//! The two-player shogi CPU: mates, captures, legality at every level, the
//! stop flag and the time budget. Strength, level against level, is
//! measured by `cargo bench --bench shogi_levels`; the mate in three below
//! came from `cargo run --example shogi_mates_in_three`.

use banmen::cpu::shogi::search::{Limits, MATE, search};
use banmen::cpu::{Budget, MAX_LEVEL, think};
use banmen::rules::shogi::{Move, Position, ShogiGame, ShogiRules};
use banmen::rules::{AnyGame, Game};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn game(sfen: &str) -> ShogiGame {
    ShogiGame::from_position(ShogiRules::default(), Position::from_sfen(sfen).unwrap())
}

/// The engine move the CPU picked, checked to be legal.
fn cpu_move(g: &ShogiGame, level: u8, time: Duration) -> Move {
    let mv = banmen::cpu::shogi::think(g, level, &Budget::new(time)).expect("a move");
    *g.position()
        .legal_moves()
        .iter()
        .find(|m| g.to_vocab(**m) == mv)
        .expect("the CPU's move is legal")
}

/// Whether the side to move has no legal move (mated: stalemate loses too).
fn mated(pos: &Position) -> bool {
    pos.legal_moves().is_empty()
}

/// A move of the side to move that mates at once, if any.
fn mate_in_one(pos: &mut Position) -> Option<Move> {
    for &mv in pos.legal_moves().iter() {
        let undo = pos.make(mv);
        let done = mated(pos);
        pos.unmake(mv, undo);
        if done {
            return Some(mv);
        }
    }
    None
}

/// Whether, after our move, every reply allows a mate in one.
fn every_reply_mated(pos: &mut Position) -> bool {
    if mated(pos) {
        return true;
    }
    pos.legal_moves().iter().all(|&r| {
        let undo = pos.make(r);
        let ok = mate_in_one(pos).is_some();
        pos.unmake(r, undo);
        ok
    })
}

#[test]
fn finds_a_mate_in_one() {
    let g = game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    assert_eq!(
        cpu_move(&g, MAX_LEVEL, Duration::from_secs(2)).to_usi(),
        "G*5b"
    );
}

const MATE_IN_THREE: &str = "7sk/9/7G1/9/9/9/9/9/4K4 b G 1";

#[test]
fn finds_a_mate_in_three() {
    let g = game(MATE_IN_THREE);
    let mut pos = g.position().clone();
    assert!(
        mate_in_one(&mut pos).is_none(),
        "no shortcut: it is a real mate in 3"
    );
    let mv = cpu_move(&g, MAX_LEVEL, Duration::from_secs(3));
    let undo = pos.make(mv);
    assert!(
        every_reply_mated(&mut pos),
        "{} does not force mate",
        mv.to_usi()
    );
    pos.unmake(mv, undo);
    let report = search(&pos, &[], &limits(8, 3000), &AtomicBool::new(false));
    assert_eq!(report.score, MATE - 3);
}

fn limits(depth: i32, ms: u64) -> Limits {
    Limits {
        depth,
        time: Duration::from_millis(ms),
        noise: 0,
        tt_bits: 16,
        spend_all: false,
    }
}

#[test]
fn takes_a_hanging_rook() {
    let g = game("4k4/9/9/9/4r4/4G4/9/9/4K4 b - 1");
    assert_eq!(
        cpu_move(&g, MAX_LEVEL, Duration::from_secs(1)).to_usi(),
        "5f5e"
    );
    // In an opening: gote's rook wandered to 5e, where sente's bishop
    // (opened by 7g7f) takes it.
    let g = game("lnsgkgsnl/7b1/ppppppppp/9/4r4/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1");
    assert_eq!(cpu_move(&g, 4, Duration::from_secs(1)).to_usi(), "8h5e");
}

/// A middle game off the opening book, so that every level searches.
const MIDDLE: &str = "ln1g3nl/1r1sk1gs1/p1pppp1pp/1p4p2/7P1/2P6/PPSPPPP1P/1B1K3R1/LN1G1GSNL b - 1";

#[test]
fn a_legal_move_at_every_level() {
    let g = game(MIDDLE);
    for level in 1..=MAX_LEVEL {
        cpu_move(&g, level, Duration::from_millis(300));
    }
}

#[test]
fn stops_at_once_when_told_to() {
    let g = game(MIDDLE);
    let budget = Budget::new(Duration::from_secs(30));
    budget
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let started = Instant::now();
    let mv = think(&AnyGame::Shogi(Box::new(g.clone())), MAX_LEVEL, &budget).expect("a move");
    assert!(started.elapsed() < Duration::from_millis(500));
    assert!(
        g.position()
            .legal_moves()
            .iter()
            .any(|m| g.to_vocab(*m) == mv)
    );
}

#[test]
fn keeps_to_a_small_time_budget() {
    let g = game(MIDDLE);
    let budget = Duration::from_millis(300);
    let started = Instant::now();
    cpu_move(&g, MAX_LEVEL, budget);
    assert!(started.elapsed() < budget * 2 + Duration::from_millis(200));
}
