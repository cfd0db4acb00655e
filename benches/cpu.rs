//! `cargo bench --bench cpu`: the CPU's search for each game type, 1 s on
//! each of a few middlegame positions; prints nodes, nodes per second and
//! the depth of the last completed iteration.
//!
//! Two-player shogi's positions are fixed: three from a fixed-depth (3
//! plies, no noise) game of the search against itself from the start, at
//! plies 30, 40 and 50, plus the well-known "matsuri" perft position; for
//! each, the bench also prints the nodes and time a search needs to
//! finish 9 plies (the same tree from one build to the next unless the
//! search changes, so its time compares the builds' speed). So
//! are the four-player ones: a game of two-ply best-reply searches (no
//! noise) from the start, sampled at plies 20, 40, 60 and 80; for each, the
//! bench also prints the nodes and time a search needs to finish four
//! plies, which measures the move ordering.
//!
//! `cargo bench --bench cpu -- shogi` runs two-player shogi alone.

use banmen::cpu::four::{chess4, shogi4};
use banmen::cpu::shogi::search::{Limits, Report, search};
use banmen::cpu::{Budget, Reach};
use banmen::rules::shogi::Position;
use banmen::rules::vocab::Move;
use banmen::rules::{AnyGame, Game, GameKind, RuleValues};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The fixed depth of two-player shogi's second search per position.
const SHOGI_DEPTH: i32 = 9;

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

fn limits(depth: i32, time: Duration) -> Limits {
    Limits {
        depth,
        time,
        noise: 0,
        tt_bits: 20,
        spend_all: false,
    }
}

/// Two-player shogi's search of `pos` within `depth` and `time`, with
/// the seconds it took.
fn timed(pos: &Position, depth: i32, time: Duration, stop: &AtomicBool) -> (Report, f64) {
    let started = Instant::now();
    let report = search(pos, &[], &limits(depth, time), stop);
    (report, started.elapsed().as_secs_f64())
}

/// Middle-game positions of a depth-3 game of the search against itself
/// from the start (plies 30, 40 and 50, as that search played it on
/// 2026-12-04), and "matsuri". Written out, so that a change to the
/// search does not change what the bench measures.
const SHOGI_POSITIONS: [(&str, &str); 4] = [
    (
        "self-play ply 30",
        "lnsg2snl/1k6r/ppppp2pp/6p2/9/2b1PPP2/PPBP1G1PP/2S1K2R1/LN1G3NL b GPsp 31",
    ),
    (
        "self-play ply 40",
        "lnsg2snl/8r/pkppp2pp/6p2/9/1P2PPP2/P1+sP1G1PP/2S1K1R2/LN1G3NL b B2Pbgp 41",
    ),
    (
        "self-play ply 50",
        "ln1g2snl/1ks2r3/p1ppp2pp/6p2/2S6/1P2PPP2/P1SP1G1PP/2K3R2/LN5NL b 2B2P2gp 51",
    ),
    ("matsuri", MATSURI),
];

fn main() {
    let stop = AtomicBool::new(false);
    let (mut total_nodes, mut total_time) = (0u64, 0f64);
    let (mut fixed_nodes, mut fixed_time) = (0u64, 0f64);
    for (name, sfen) in SHOGI_POSITIONS {
        let pos = Position::from_sfen(sfen).expect("valid SFEN");
        let (report, secs) = timed(&pos, 64, Duration::from_secs(1), &stop);
        total_nodes += report.nodes;
        total_time += secs;
        println!(
            "{name:<18} depth {:>2}  nodes {:>9}  {:>8.0} nodes/s  best {} ({:+})\n    {sfen}",
            report.depth,
            report.nodes,
            report.nodes as f64 / secs,
            report.best.map_or("-".to_string(), |m| m.to_usi()),
            report.score,
        );
        let (fixed, secs) = timed(&pos, SHOGI_DEPTH, Duration::from_secs(600), &stop);
        fixed_nodes += fixed.nodes;
        fixed_time += secs;
        println!(
            "    {SHOGI_DEPTH} plies: {:>9} nodes in {secs:.2} s ({:.0} nodes/s)",
            fixed.nodes,
            fixed.nodes as f64 / secs
        );
    }
    println!(
        "shogi overall {:.0} nodes/s; {SHOGI_DEPTH} plies: {fixed_nodes} nodes in {fixed_time:.2} s ({:.0} nodes/s)\n",
        total_nodes as f64 / total_time,
        fixed_nodes as f64 / fixed_time
    );
    if std::env::args().any(|arg| arg == "shogi") {
        return;
    }
    four_player(GameKind::Shogi4, &[], "best-reply search");
    four_player(
        GameKind::Chess4,
        &[("type", "teams")],
        "best-reply search, teams",
    );
    four_player(
        GameKind::Chess4,
        &[("type", "ffa")],
        "best-reply search, free-for-all",
    );
}

/// A game of `kind` from the start between two-ply searches, with a 1 s
/// search of the strongest level and a four-ply search every 20 plies.
fn four_player(kind: GameKind, rules: &[(&str, &str)], what: &str) {
    let mut values = RuleValues::defaults(kind.rule_specs());
    for (name, value) in rules {
        values.set(name, value).expect("a valid rule");
    }
    let mut game = AnyGame::new(kind, &values, None).expect("a game");
    let (mut total_nodes, mut total_time) = (0u64, 0f64);
    let (mut four_nodes, mut four_time) = (0u64, 0f64);
    for ply in 1..=80 {
        if ply % 20 == 0 {
            let started = Instant::now();
            let (_, depth, nodes) = search_four(&game, Reach::depth(64), Duration::from_secs(1));
            let secs = started.elapsed().as_secs_f64();
            total_nodes += nodes;
            total_time += secs;
            let started = Instant::now();
            let (_, _, four) = search_four(&game, Reach::depth(4), Duration::from_secs(600));
            let four_secs = started.elapsed().as_secs_f64();
            four_nodes += four;
            four_time += four_secs;
            println!(
                "{kind} ply {ply:<3}   depth {depth:>2}  nodes {nodes:>9}  {:>8.0} nodes/s   \
                 four plies: {four:>9} nodes in {four_secs:.2} s\n    {}",
                nodes as f64 / secs,
                game.position_text()
            );
        }
        let Some(mv) = two_plies(&game) else {
            break;
        };
        game.play(&mv).expect("the CPU plays legal moves");
    }
    println!(
        "{kind} ({what}) overall {:.0} nodes/s; four plies: {four_nodes} nodes in {four_time:.2} s\n",
        total_nodes as f64 / total_time.max(1e-9)
    );
}

/// The move of a two-ply best-reply search without noise (the same in
/// every run).
fn two_plies(game: &AnyGame) -> Option<Move> {
    search_four(game, Reach::depth(2), Duration::from_secs(600)).0
}

/// The strongest level's four-player search within `reach` and `time`:
/// the move found, the depth finished and the nodes visited.
fn search_four(game: &AnyGame, reach: Reach, time: Duration) -> (Option<Move>, u32, u64) {
    let budget = Budget::new(time);
    match game {
        AnyGame::Shogi4(g) => {
            let found = shogi4::search(g, reach, &budget);
            (found.best.map(|m| g.to_vocab(m)), found.depth, found.nodes)
        }
        AnyGame::Chess4(g) => {
            let found = chess4::search(g, reach, &budget);
            (found.best.map(|m| g.to_vocab(m)), found.depth, found.nodes)
        }
        AnyGame::Shogi(_) => (None, 0, 0),
    }
}
