//! The four-player CPU as the four-player dialect reports it: the same
//! moves [`think`](crate::cpu::think) plays at each level, with an
//! `info depth … score cp … nodes … nps … time … pv …` line per finished
//! iteration of the deepening search, so a GUI or referee sees how deep
//! and how sure the engine was. The greedy levels (1 and 2) have no
//! iterations: one line gives the one ply they look at.

use super::{Output, say};
use crate::cpu::four::{chess4, shogi4};
use crate::cpu::shogi;
use crate::cpu::{Budget, Reach, Searched, multi_level, think as cpu_think};
use crate::rules::shogi::ShogiGame;
use crate::rules::{AnyGame, Game};
use std::time::Instant;

/// A game's reporting search (`chess4::search_reporting`).
type Deepening<G> = fn(
    &G,
    Reach,
    &Budget,
    &mut dyn FnMut(&Searched<<G as Game>::Move>),
) -> Searched<<G as Game>::Move>;

/// The move for the seat to move in `game` at `level` within `budget`
/// and at most `depth` plies (levels 3 to 5), written as the game writes
/// moves; `info` lines on `out`. `None` when there is no move (the game
/// is over).
pub(super) fn think(
    game: &AnyGame,
    level: u8,
    depth: Option<u32>,
    budget: &Budget,
    out: &Output,
) -> Option<String> {
    if game.outcome().is_some() {
        return None;
    }
    let clock = Instant::now();
    match game {
        AnyGame::Chess4(g) if level > 2 => {
            let search: Deepening<_> = chess4::search_reporting;
            deepen(&**g, (level, depth), budget, out, search)
        }
        AnyGame::Shogi4(g) if level > 2 => {
            let search: Deepening<_> = shogi4::search_reporting;
            deepen(&**g, (level, depth), budget, out, search)
        }
        AnyGame::Chess4(g) => {
            let best = cpu_think(game, level, budget);
            greedy(&**g, best, chess4::score_after, clock, out)
        }
        AnyGame::Shogi4(g) => {
            let best = cpu_think(game, level, budget);
            greedy(&**g, best, shogi4::score_after, clock, out)
        }
        AnyGame::Shogi(g) => shogi_search(g, level, budget, clock, out),
    }
}

/// Levels 3 to 5: the level's search (its depth cut to `depth`, when
/// given), a line per finished iteration, and a last line when the move
/// played or the nodes differ from the last iteration's (foresight, noise,
/// a better move found as time ran out).
fn deepen<G: Game>(
    game: &G,
    (level, depth): (u8, Option<u32>),
    budget: &Budget,
    out: &Output,
    search: Deepening<G>,
) -> Option<String> {
    let (mut reach, budget) = multi_level(level, budget);
    if let Some(depth) = depth {
        reach.depth = reach.depth.min(depth.max(1));
    }
    let clock = Instant::now();
    let mut last = None;
    let found = search(game, reach, &budget, &mut |it| {
        say(out, &info(game, it, clock));
        last = Some((it.best, it.depth, it.score, it.nodes));
    });
    let best = found.best?;
    if last != Some((found.best, found.depth, found.score, found.nodes)) {
        say(out, &info(game, &found, clock));
    }
    Some(game.move_text(best))
}

/// Two-player shogi: the opening book's move (said in an `info string`),
/// else the level's search, reported in one line when it ends (it deepens
/// by time alone).
fn shogi_search(
    game: &ShogiGame,
    level: u8,
    budget: &Budget,
    clock: Instant,
    out: &Output,
) -> Option<String> {
    // `think` has already answered a game that is over.
    if let Some(mv) = shogi::book_move(game.position(), level) {
        say(out, &format!("info string book {}", game.move_text(mv)));
        return Some(game.move_text(mv));
    }
    let report = shogi::search_position(game.position(), &shogi::history(game), level, budget);
    let best = report.best?;
    let found = Searched {
        best: Some(best),
        depth: report.depth.max(0) as u32,
        score: report.score,
        nodes: report.nodes,
    };
    say(out, &info(game, &found, clock));
    Some(game.move_text(best))
}

/// Levels 1 and 2: the greedy player's move `best`, reported as one ply
/// over the legal moves, scored by `score` (the search's own judge).
fn greedy<G: Game>(
    game: &G,
    best: Option<crate::rules::vocab::Move>,
    score: fn(&G, G::Move) -> i32,
    clock: Instant,
    out: &Output,
) -> Option<String> {
    let best = best?;
    let moves = game.legal_moves();
    let mv = moves.iter().copied().find(|m| game.to_vocab(*m) == best)?;
    let found = Searched {
        best: Some(mv),
        depth: 1,
        score: score(game, mv),
        nodes: moves.len() as u64,
    };
    say(out, &info(game, &found, clock));
    Some(game.move_text(mv))
}

/// `info depth D score cp S nodes N nps R time T pv MOVE`: the score for
/// the seat to move (from ±500,000 on a game the search sees decided),
/// the time in milliseconds since the search began.
fn info<G: Game>(game: &G, found: &Searched<G::Move>, clock: Instant) -> String {
    let ms = clock.elapsed().as_millis();
    let nps = u128::from(found.nodes) * 1000 / ms.max(1);
    let pv = found.best.map(|mv| game.move_text(mv)).unwrap_or_default();
    let Searched {
        depth,
        score,
        nodes,
        ..
    } = found;
    format!("info depth {depth} score cp {score} nodes {nodes} nps {nps} time {ms} pv {pv}")
}
