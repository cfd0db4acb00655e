//! The move loop of the search's nodes: each move in order, pruned
//! (futility, late moves), extended (checks that keep their piece) or
//! reduced (late quiet moves), searched with a null window after the
//! first and again in full when it beats alpha.

use super::order::nth_best;
use super::search::{INF, MATE_BOUND, Search};
use super::see::{below, see};
use crate::rules::shogi::Move;

impl Search<'_> {
    /// The move loop of [`negamax`](Search::negamax): PVS with check
    /// extension, futility pruning and late-move reductions of quiet moves.
    pub(super) fn moves(
        &mut self,
        list: &mut [(Move, i32)],
        node: Node,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let Node {
            depth,
            ply,
            in_check,
            static_eval,
            improving,
        } = node;
        let mut best = -INF;
        let mut best_move = None;
        let hash = self.pos.hash();
        let pv = beta - alpha > 1;
        for i in 0..list.len() {
            let mv = nth_best(list, i);
            let quiet = !mv.is_promotion() && self.pos.piece_at(mv.to()).is_empty();
            // Futility: a quiet move at the frontier that cannot lift the
            // eval to alpha is skipped (never when checking or evading);
            // so are the late quiet moves near the leaves, which good
            // ordering leaves unlikely to matter. Asked before the move is
            // played, since most such moves are skipped.
            let futile =
                depth <= 2 && alpha.abs() < MATE_BOUND && static_eval + 150 * depth <= alpha;
            let late =
                !pv && depth <= 3 && i >= late_move_count(depth, improving) && best > -MATE_BOUND;
            let gives_check = self.pos.gives_check(mv);
            // Never the first move, never in check, never a check (a
            // sacrifice that mates starts with one).
            let skippable = !in_check && i > 0 && !gives_check;
            if skippable && ((quiet && (futile || late)) || self.loses_too_much(mv, depth, best)) {
                continue;
            }
            // A check is extended when the checking piece does not hang on
            // its square: a check that loses it is mostly a spite check, and
            // extending every one of those (a drop gives many) costs depth
            // elsewhere.
            let sound_check = gives_check && see(&self.pos, mv) >= 0;
            let undo = self.make(mv);
            self.path.push(hash);
            self.played[ply] = mv;
            let ext = i32::from(sound_check && self.may_extend(ply));
            let score = self.child(
                i,
                depth - 1 + ext,
                alpha,
                beta,
                ply,
                quiet && !in_check && !gives_check,
            );
            self.path.pop();
            self.unmake(mv, undo);
            if self.stopped {
                return (0, None);
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    if quiet {
                        let last = self.played[ply - 1];
                        self.heur.cutoff(&self.pos, (last, mv), ply, depth);
                    }
                    break;
                }
            }
        }
        (best, best_move)
    }

    /// Whether a move near the leaves loses more on its square than the
    /// depth left could win back (a static exchange below
    /// `-SEE_MARGIN * depth²`), and is skipped. Most drops in a position
    /// with pieces in hand land where they are taken; searching each of
    /// them costs depth elsewhere.
    fn loses_too_much(&self, mv: Move, depth: i32, best: i32) -> bool {
        depth <= SEE_DEPTH
            && best > -MATE_BOUND
            && below(&self.pos, mv, -SEE_MARGIN * depth * depth)
    }

    /// Searches the child after the `i`th move: the first with the full
    /// window, later ones with a null window (reduced when quiet and late),
    /// re-searched when they unexpectedly beat alpha.
    fn child(
        &mut self,
        i: usize,
        d: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        reducible: bool,
    ) -> i32 {
        if i == 0 {
            return -self.negamax(d, -beta, -alpha, ply + 1);
        }
        let r = if reducible && d >= 2 && i >= 3 {
            1 + i32::from(i >= 12 && d >= 5)
        } else {
            0
        };
        let mut score = -self.negamax(d - r, -alpha - 1, -alpha, ply + 1);
        if score > alpha && r > 0 {
            score = -self.negamax(d, -alpha - 1, -alpha, ply + 1);
        }
        if score > alpha && score < beta {
            score = -self.negamax(d, -beta, -alpha, ply + 1);
        }
        score
    }
}

/// The deepest node where a move losing material is skipped.
const SEE_DEPTH: i32 = 5;
/// The loss a move may take on its square at depth 1; it grows with the
/// square of the depth.
const SEE_MARGIN: i32 = 30;

/// The quiet moves searched at `depth` (1 to 3) before the rest are
/// pruned, outside the principal variation: a third fewer where the side
/// to move is not `improving` on its previous turn.
fn late_move_count(depth: i32, improving: bool) -> usize {
    let count = (8 + 4 * depth * depth) as usize;
    match improving {
        true => count,
        false => count * 2 / 3,
    }
}

/// The node a move loop runs in.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) depth: i32,
    pub(super) ply: usize,
    pub(super) in_check: bool,
    pub(super) static_eval: i32,
    /// Whether the side to move stands better than on its previous turn.
    pub(super) improving: bool,
}
