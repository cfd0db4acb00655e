//! Foresight for the deepening search (level 5): among the root moves
//! best-reply search scores near its best, the one that does best in the
//! round the other seats will likely play.
//!
//! Best-reply search takes every opponent's reply to be the one worst for
//! the CPU, the others passing. In a game where each seat plays for its
//! own place, they do not: each makes the move best for itself, often
//! against a third seat, and all three move before the CPU's next turn. A
//! search that fears every quiet threat of every opponent at once plays
//! too timidly and lets the others take the points (docs/cpu.md). So
//! once the deepening search has scored the root moves, the few within
//! [`MARGIN`] of its best are played out one round further: each opponent
//! in turn plays the move its own search of [`PLIES`] plies picks for it
//! (the model of a fair player: level 4's search), then the CPU's own
//! search of as many plies scores the position it comes back to.
//! The move that scores best there is played. Best-reply search still
//! vets the candidates: a move it sees losing is never among them.
//! (Opponent-model search, Carmel & Markovitch 1996, at the root only.)
//!
//! In team games (teams chess, pairs shogi) best-reply search has the
//! partner pass, so the CPU played as if alone against two; in the round
//! the partner moves too, by its own search for the side. There level 5
//! placed first against level 4 players in 30 of 32 teams-chess games with
//! foresight, 31 of 56 without (docs/cpu.md).

use super::judge::{Judge, WIN};
use super::node::{Ending, Node};
use super::search::{self, Root};
use crate::cpu::{Budget, Reach, Searched};
use crate::rules::vocab::Seat;
use std::time::{Duration, Instant};

/// The share of a move's time, in percent, the deepening search has
/// before foresight plays its candidates out in the rest.
pub const DEEPENING_SHARE: u32 = 60;

/// How far under the best move's score (centipawns) a root move may be
/// to be played out: the deepening search scores these exactly.
pub const MARGIN: i32 = 500;

/// How many root moves are played out at most, the best scored first.
const MOVES: usize = 8;

/// The plies of each seat's own search in the round.
const PLIES: u32 = 2;

/// The most time one seat's search in the round may take: a search of two
/// plies mostly takes well under a millisecond, and one that would take
/// longer must not eat the others' time.
const EACH: Duration = Duration::from_millis(8);

/// How many moves a round may take before the root seat's turn comes back
/// (answers to checks out of turn can lengthen it).
const MAX_ROUND: u32 = 8;

/// Whether the search at `reach` has foresight: asked for
/// ([`Reach::foresight`], level 5), deeper than the rounds' own searches,
/// without noise.
pub fn applies(reach: Reach) -> bool {
    reach.foresight && reach.depth > PLIES && reach.noise == 0
}

/// Among `scored` (the root moves with the deepening search's scores),
/// the one whose round scores best, with its deepening score; `None`
/// when fewer than two are near the best or a game is already decided.
/// A move whose round did not finish by `deadline` is not chosen. The
/// rounds' searches count their positions in `nodes`.
pub fn pick<N: Node>(
    root: &N,
    at: Root<'_>,
    ends: &dyn Fn(&N) -> Option<Ending>,
    scored: &[(N::Move, i32)],
    (budget, deadline): (&Budget, Instant),
    nodes: &mut u64,
) -> Option<(N::Move, i32)> {
    let near = candidates(scored);
    if near.len() < 2 {
        return None;
    }
    let mut chosen: Option<((N::Move, i32), i32)> = None;
    for (mv, score) in near {
        let Some(round) = round(root, mv, at, ends, (budget, deadline), nodes) else {
            break;
        };
        if chosen.is_none_or(|(_, best)| round > best) {
            chosen = Some(((mv, score), round));
        }
    }
    chosen.map(|(picked, _)| picked)
}

/// The root moves within [`MARGIN`] of the best, best first, at most
/// [`MOVES`]; none when the best sees the game decided.
fn candidates<M: Copy>(scored: &[(M, i32)]) -> Vec<(M, i32)> {
    let Some(best) = scored.iter().map(|s| s.1).max() else {
        return Vec::new();
    };
    if best.abs() > WIN / 2 {
        return Vec::new();
    }
    let mut near: Vec<(M, i32)> = scored
        .iter()
        .copied()
        .filter(|s| s.1 >= best - MARGIN)
        .collect();
    near.sort_by_key(|s| -s.1);
    near.truncate(MOVES);
    near
}

/// The root seat's score after `mv` and the round each opponent plays by
/// its own search, when its turn comes back: its own search's score, or
/// how the game ended on the way. `None` when time ran out first.
fn round<N: Node>(
    root: &N,
    mv: N::Move,
    at: Root<'_>,
    ends: &dyn Fn(&N) -> Option<Ending>,
    (budget, deadline): (&Budget, Instant),
    nodes: &mut u64,
) -> Option<i32> {
    let judge = Judge::new(at);
    let mut node = root.clone();
    node.play(mv);
    if let Some(ending) = ends(&node) {
        return Some(judge.ending_score(ending, 1));
    }
    for ply in 1..=MAX_ROUND as i32 {
        if let Some(score) = judge.settled(&node, ply) {
            return Some(score);
        }
        let seat = node.to_move();
        let found = own_search(&node, seat, at, ply, (budget, deadline))?;
        *nodes += found.nodes;
        if seat == at.me {
            return Some(found.score);
        }
        node.play(found.best?);
    }
    None
}

/// The search of [`PLIES`] plies for `seat` to move in `node`, met `ply`
/// plies after the root, within [`EACH`]; `None` when the move's time ran
/// out or the search was told to stop.
fn own_search<N: Node>(
    node: &N,
    seat: Seat,
    at: Root<'_>,
    ply: i32,
    (budget, deadline): (&Budget, Instant),
) -> Option<Searched<N::Move>> {
    let each = budget.with_time(deadline.saturating_duration_since(Instant::now()).min(EACH));
    let seat_at = Root {
        me: seat,
        moves_left: at.moves_left.map(|n| n.saturating_sub(ply as u32)),
        ..at
    };
    let moves = node.moves();
    let found = search::search(node, moves, &|_| None, seat_at, Reach::depth(PLIES), &each);
    (Instant::now() < deadline && !budget.stopped()).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::{MARGIN, MOVES, WIN, candidates};

    #[test]
    fn the_moves_near_the_best_are_played_out_best_first() {
        // Moves 0-9, each scored a third of MARGIN under the one before,
        // in no order.
        let step = MARGIN / 3;
        let scored: Vec<(u8, i32)> = [3, 0, 7, 1, 9, 2, 5, 4, 8, 6]
            .iter()
            .map(|&m| (m, -step * i32::from(m)))
            .collect();
        let near: Vec<u8> = candidates(&scored).iter().map(|c| c.0).collect();
        // Within MARGIN of the best: moves 0 to 3.
        assert_eq!(near, [0, 1, 2, 3]);
    }

    #[test]
    fn at_most_a_few_are_played_out_and_none_when_a_game_is_decided() {
        let even: Vec<(u8, i32)> = (0..20).map(|m| (m, 0)).collect();
        assert_eq!(candidates(&even).len(), MOVES);
        // A mate found: nothing to weigh against it.
        let won = [(0u8, WIN - 3), (1, WIN - 5)];
        assert!(candidates(&won).is_empty());
        let lost = [(0u8, -WIN + 3), (1, -WIN + 5)];
        assert!(candidates(&lost).is_empty());
        assert!(candidates::<u8>(&[]).is_empty());
    }
}
