//! Level 5's search for four-player chess in teams: a classic two-sided
//! chess engine.
//!
//! In teams the seats move Red, Blue, Yellow, Green, so the two sides
//! (Red and Yellow against Blue and Green) strictly alternate, and the
//! game is zero-sum between them: it ends at the first captured king or
//! seat mated on its turn, and a stalemate, a repetition, fifty moves or
//! the room's move limit draws it. Plain negamax alpha-beta from the side
//! to move's point of view is therefore exact, and the usual machinery
//! of two-player engines applies: iterative deepening with aspiration
//! windows, principal variation search, a transposition table, null-move
//! pruning, late-move reductions, check extensions and a quiescence
//! search on captures. The best-reply search of the other levels
//! (`four/search.rs`), built for free-for-all, lets one opponent reply
//! and the partner pass, and looks far less deep for it.
//!
//! The parts:
//! - `search.rs`: the negamax and quiescence searches;
//! - `order.rs`: the transposition table, killers and history, and the
//!   order moves are tried in;
//! - `eval.rs`: what a position is worth to the side to move, the sum
//!   of `weights.rs` (written by `banmen tune fit --game chess4`) times
//!   `features.rs`;
//! - `tune.rs`: self-play positions for that fit.

mod eval;
pub mod features;
mod order;
mod search;
#[cfg(test)]
mod tests;
pub mod tune;
pub mod weights;

use crate::cpu::{Budget, Searched};
use crate::rules::chess4::{ChessGame4, Move};
use order::Table;
use search::{Limits, Searcher};
use std::time::Instant;

/// A decided game, for the side that wins it, less the plies to its end
/// (the engine reports scores from ±500,000 as decided games).
pub(crate) const MATE: i32 = 1_000_000;

/// Above any score.
const INF: i32 = MATE + 1;

/// Scores from here up are decided games.
const DECIDED: i32 = MATE - 1_000;

/// The share of the budget (in percent) after which no new iteration of
/// the deepening starts, unless the budget is to be spent whole: one that
/// starts later would rarely finish, and the time it would take is saved
/// for later moves.
const NEW_ITERATION: u32 = 55;

/// Half the first aspiration window around the last iteration's score,
/// in centipawns.
const WINDOW: i32 = 40;

/// The best move for the seat to move in a teams game, deepening up to
/// `max_depth` plies within `budget`, with `report` shown each finished
/// iteration; `best` is `None` only when there is no legal move.
pub fn search_reporting(
    game: &ChessGame4,
    max_depth: u32,
    budget: &Budget,
    report: &mut dyn FnMut(&Searched<Move>),
) -> Searched<Move> {
    let first = game.start().key();
    let (found, table) = search_with(game, max_depth, budget, report, Table::reuse(first));
    table.keep(first);
    found
}

/// [`search_reporting`] from what `table` holds (an earlier search's of
/// the same game, or nothing), handed back with the move.
fn search_with(
    game: &ChessGame4,
    max_depth: u32,
    budget: &Budget,
    report: &mut dyn FnMut(&Searched<Move>),
    table: Table,
) -> (Searched<Move>, Table) {
    let start = Instant::now();
    let mut history: Vec<u64> = game_keys(game);
    history.sort_unstable();
    let limits = Limits {
        deadline: start + budget.time,
        stop: &budget.stop,
        moves_left: game.moves_left(),
        history: &history,
    };
    let pos = game.position();
    let mut moves = game.legal_moves();
    let mut found = Searched {
        best: moves.first().copied(),
        depth: 0,
        score: 0,
        nodes: 0,
    };
    if moves.len() <= 1 {
        return (found, table);
    }
    let mut searcher = Searcher::new(limits, table);
    let soft = match budget.spend_all {
        true => budget.time,
        false => budget.time * NEW_ITERATION / 100,
    };
    for depth in 1..=max_depth.min(search::MAX_DEPTH) as i32 {
        let (alpha, beta) = match depth >= 4 && found.score.abs() < DECIDED {
            true => (found.score - WINDOW, found.score + WINDOW),
            false => (-INF, INF),
        };
        let outcome = aspirate(&mut searcher, pos, &mut moves, depth, (alpha, beta));
        found.nodes = searcher.nodes;
        if let Some((mv, score)) = searcher.root_best.filter(|_| searcher.stopped) {
            // An unfinished iteration: a move that beat the last best in
            // it is kept (it was searched to the end).
            found.best = Some(mv);
            found.score = score;
        }
        let Some(score) = outcome else { break };
        found.best = moves.first().copied();
        found.score = score;
        found.depth = depth as u32;
        report(&found);
        if start.elapsed() >= soft || score.abs() >= DECIDED {
            break;
        }
    }
    (found, searcher.finish())
}

/// One iteration at `depth` with the aspiration window `window`, widened
/// on each side it fails until the score falls inside; `moves` comes
/// back best first. `None` when time ran out.
fn aspirate(
    searcher: &mut Searcher<'_>,
    pos: &crate::rules::chess4::Position,
    moves: &mut [Move],
    depth: i32,
    (mut alpha, mut beta): (i32, i32),
) -> Option<i32> {
    let mut widen = WINDOW;
    loop {
        let score = searcher.root(pos, moves, depth, alpha, beta);
        if searcher.stopped {
            return None;
        }
        widen *= 3;
        if score <= alpha {
            alpha = (score - widen).max(-INF);
        } else if score >= beta {
            beta = (score + widen).min(INF);
        } else {
            return Some(score);
        }
        if widen > 1_000 {
            (alpha, beta) = (-INF, INF);
        }
    }
}

/// The keys of every position the game has had: met again in the
/// search, each is scored as the draw a repetition makes (as the
/// best-reply search scores a move back to one at the root).
fn game_keys(game: &ChessGame4) -> Vec<u64> {
    let mut pos = game.start().clone();
    let mut keys = vec![pos.key()];
    for mv in game.moves() {
        pos.play(*mv);
        keys.push(pos.key());
    }
    keys
}
