//! Self-play for tuning: level-5-like searches at a fixed shallow depth
//! play each other from varied openings, and every quiet position of every
//! finished game is written with the game's result. Quiet means not in
//! check with a best move that neither captures nor promotes: there the
//! static evaluation should already predict the result, which is what the
//! fit asks of it.

use super::super::search::{self, Limits, MATE};
use crate::cpu::tune::{self, Adjudicator, SelfplayOptions};
use crate::rules::shogi::{Color, Move, Position};
use rand::Rng;
use rand::rngs::StdRng;
use std::collections::HashMap;
use std::io;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Plies played with noise before positions are recorded.
const OPENING: usize = 16;
/// A game still going after this many plies is a draw.
const MAX_PLIES: usize = 320;
/// A score this far ahead for this many plies in a row wins (or one
/// that sees mate: beyond `MATE - 100`).
const DECISIVE: (i32, usize) = (2500, 4);

/// Plays the games, appending each finished game's positions to the
/// output; returns games and positions written.
pub fn run(options: &SelfplayOptions, log: &(dyn Fn(&str) + Sync)) -> io::Result<(u32, u64)> {
    tune::run_games(options, &|n| play(options, n), log)
}

/// Plays game `n` and returns its lines.
fn play(options: &SelfplayOptions, n: u32) -> Vec<String> {
    let mut rng = options.rng(n);
    let mut pos = Position::startpos();
    let mut history: Vec<u64> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut recorded: Vec<String> = Vec::new();
    let mut judge = Adjudicator::new(DECISIVE, MATE - 99);
    let never = AtomicBool::new(false);
    let result = loop {
        let ply = history.len();
        if ply >= MAX_PLIES {
            break 0.5;
        }
        let limits = move_limits(ply, options.depth, &mut rng);
        let report = search::search(&pos, &history, &limits, &never);
        let Some(mv) = report.best else {
            // No legal move: the side to move has lost.
            break loss_for(pos.side_to_move());
        };
        let black = match pos.side_to_move() {
            Color::Black => report.score,
            Color::White => -report.score,
        };
        if let Some(winner) = judge.judge(black) {
            break winner;
        }
        if ply >= OPENING && quiet(&pos, mv) {
            recorded.push(pos.to_sfen());
        }
        history.push(pos.hash());
        pos.make(mv);
        let count = seen.entry(pos.hash()).or_insert(0);
        *count += 1;
        if *count >= 4 {
            break 0.5;
        }
    };
    recorded
        .into_iter()
        .map(|sfen| format!("{sfen};{result}"))
        .collect()
}

/// Noisy shallow searches in the opening, for variety; fixed-depth ones
/// after it.
fn move_limits(ply: usize, depth: i32, rng: &mut StdRng) -> Limits {
    let (depth, noise) = match ply < OPENING {
        true => (rng.random_range(2..=4), 60),
        false => (depth, 0),
    };
    Limits {
        depth,
        time: Duration::from_secs(5),
        noise,
        tt_bits: 18,
        spend_all: false,
    }
}

/// Whether the position is quiet under `mv`: not in check, and the best
/// move neither captures nor promotes.
fn quiet(pos: &Position, mv: Move) -> bool {
    !pos.in_check() && !mv.is_promotion() && (mv.is_drop() || pos.piece_at(mv.to()).is_empty())
}

/// Sente's result when `color` has lost.
fn loss_for(color: Color) -> f64 {
    match color {
        Color::Black => 0.0,
        Color::White => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_writes_quiet_positions_with_its_result() {
        for sfen in tune::one_game(tune::TuneGame::Shogi, play) {
            let pos = Position::from_sfen(&sfen).expect("SFEN");
            assert!(!pos.in_check(), "{sfen}");
        }
    }
}
