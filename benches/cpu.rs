//! `cargo bench --bench cpu`: the two-player shogi search, 1 s on each of a
//! few middlegame positions; prints nodes, nodes per second and the depth
//! of the last completed iteration.
//!
//! The positions are reproducible: a fixed-depth (3 plies, no noise) game
//! of the search against itself from the start, sampled at plies 30, 40
//! and 50, plus the well-known "matsuri" perft position.

use banmen::cpu::shogi::search::{Limits, search};
use banmen::rules::shogi::Position;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

fn limits(depth: i32, time: Duration) -> Limits {
    Limits {
        depth,
        time,
        noise: 0,
        tt_bits: 20,
    }
}

/// Positions of a depth-3 self-play game at the given plies.
fn self_play(plies: &[usize]) -> Vec<(String, String)> {
    let stop = AtomicBool::new(false);
    let mut pos = Position::startpos();
    let mut history = Vec::new();
    let mut out = Vec::new();
    for ply in 1..=*plies.iter().max().unwrap() {
        let report = search(&pos, &history, &limits(3, Duration::from_secs(60)), &stop);
        let Some(mv) = report.best else { break };
        history.push(pos.hash());
        pos.make(mv);
        if plies.contains(&ply) {
            out.push((format!("self-play ply {ply}"), pos.to_sfen()));
        }
    }
    out
}

fn main() {
    let mut positions = self_play(&[30, 40, 50]);
    positions.push(("matsuri".to_string(), MATSURI.to_string()));
    let stop = AtomicBool::new(false);
    let (mut total_nodes, mut total_time) = (0u64, 0f64);
    for (name, sfen) in &positions {
        let pos = Position::from_sfen(sfen).expect("valid SFEN");
        let started = Instant::now();
        let report = search(&pos, &[], &limits(64, Duration::from_secs(1)), &stop);
        let secs = started.elapsed().as_secs_f64();
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
    }
    println!("overall {:.0} nodes/s", total_nodes as f64 / total_time);
}
