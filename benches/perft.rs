//! `cargo bench --bench perft`: banmen's single-threaded shogi perft beside
//! a reference generator (the `shogi-perft-anchor` project, a perft timed
//! with the `haitaka` crate), run in one go on the same machine. Prints,
//! per position, the best of several runs of each and the ratio
//! banmen/anchor (below 1.00 means banmen is faster); then four-player
//! shogi's and chess's perft.
//!
//! The reference is not part of this repository: `PERFT_ANCHOR` names the
//! folder of its Cargo project (relative paths from this package's root):
//!
//! ```sh
//! PERFT_ANCHOR=/path/to/shogi-perft-anchor cargo bench --bench perft
//! ```
//!
//! Without it (or if it does not build) the bench says so and prints
//! banmen's figures alone.

use banmen::rules::shogi::Position;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const RUNS: usize = 5;

const POSITIONS: [(&str, &str, u32); 2] = [
    (
        "start",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        5,
    ),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        4,
    ),
];

fn banmen_best(sfen: &str, depth: u32) -> (u64, f64) {
    let pos = Position::from_sfen(sfen).expect("valid SFEN");
    best_of(|| pos.clone().perft(depth))
}

/// The anchor's folder, from `PERFT_ANCHOR`.
fn anchor_dir() -> Result<PathBuf, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var_os("PERFT_ANCHOR").ok_or("PERFT_ANCHOR is not set")?;
    Ok(root.join(dir))
}

/// Builds the anchor in `dir` into `target/anchor` (its own folder may be
/// read-only): its binary, or why there is none.
fn build_anchor(dir: &Path) -> Result<PathBuf, String> {
    let manifest = dir.join("Cargo.toml");
    if !manifest.is_file() {
        return Err(format!("no reference at {}", dir.display()));
    }
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/anchor");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("the reference at {} did not build", dir.display()));
    }
    Ok(target.join("release/shogi-perft-anchor"))
}

/// The anchor prints `<nodes> nodes in <seconds> s (...)`.
fn anchor_best(binary: &Path, sfen: &str, depth: u32) -> Option<(u64, f64)> {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..RUNS {
        let out = Command::new(binary)
            .arg(depth.to_string())
            .args(sfen.split_whitespace())
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout);
        let fields: Vec<&str> = text.split_whitespace().collect();
        nodes = fields.first()?.parse().ok()?;
        best = best.min(fields.get(3)?.parse().ok()?);
    }
    Some((nodes, best))
}

/// The count and the best time in seconds of `RUNS` runs of `perft`.
fn best_of(perft: impl Fn() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..RUNS {
        let start = Instant::now();
        nodes = perft();
        best = best.min(start.elapsed().as_secs_f64());
    }
    (nodes, best)
}

/// Four-player shogi perft from the start, beside two-player shogi's rate.
/// Goal (issue 4): at least half the two-player generator's nodes per second.
fn shogi4(shogi_rate: f64) {
    use banmen::rules::shogi4::{Play4, Position4};
    let pos = Position4::start(Play4::default());
    let (nodes, best) = best_of(|| pos.perft(7));
    let rate = nodes as f64 / best / 1e6;
    println!(
        "shogi4 start depth 7: banmen {nodes} nodes in {best:.3} s ({rate:.1}M/s); \
         {:.2} of two-player shogi's rate (goal: at least 0.50)",
        rate / shogi_rate
    );
}

/// Four-player chess perft from the start (teams, depth 5: 3,452,310
/// leaves). Goal (issue 5): at least 10 million leaves per second.
fn chess4() {
    use banmen::rules::chess4::{Position, Variant};
    let pos = Position::start(Variant::Teams);
    let (nodes, best) = best_of(|| pos.perft(5));
    let rate = nodes as f64 / best / 1e6;
    println!(
        "chess4 start depth 5: banmen {nodes} leaves in {best:.3} s ({rate:.1}M leaves/s; goal: at least 10)"
    );
}

fn main() {
    let anchor = match anchor_dir().and_then(|dir| build_anchor(&dir)) {
        Ok(binary) => Some(binary),
        Err(why) => {
            println!("({why}; PERFT_ANCHOR names its folder: printing banmen's figures only)");
            None
        }
    };
    let mut shogi_rate = 0.0;
    for (name, sfen, depth) in POSITIONS {
        let (nodes, secs) = banmen_best(sfen, depth);
        let rate = nodes as f64 / secs / 1e6;
        if name == "start" {
            shogi_rate = rate;
        }
        println!("{name} depth {depth}: banmen {nodes} nodes in {secs:.3} s ({rate:.1}M/s)");
        let Some(binary) = &anchor else {
            continue;
        };
        let Some((a_nodes, a_secs)) = anchor_best(binary, sfen, depth) else {
            println!("{name} depth {depth}: the anchor gave no count");
            continue;
        };
        let same = if a_nodes == nodes {
            "same count"
        } else {
            "COUNTS DIFFER"
        };
        println!(
            "{name} depth {depth}: anchor {a_nodes} nodes in {a_secs:.3} s; ratio banmen/anchor {:.2} ({same})",
            secs / a_secs
        );
    }
    shogi4(shogi_rate);
    chess4();
}
