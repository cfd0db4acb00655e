//! Quiescence: beyond the search's depth, captures only (at most
//! [`QUIET_PLIES`](super::search::QUIET_PLIES) of them), so that a leaf is
//! not scored in the middle of an exchange.

use super::hints;
use super::node::Node;
use super::search::{Search, TABLE};
use crate::rules::vocab::SeatSet;

/// The legal captures of the seat to move that take a piece of one of the
/// `victims`, the most valuable first.
fn captures<N: Node>(node: &N, victims: SeatSet) -> Vec<N::Move> {
    let mut moves: Vec<N::Move> = node
        .moves()
        .into_iter()
        .filter(|mv| node.taken(*mv).is_some_and(|(o, _)| victims.contains(o)))
        .collect();
    hints::order(node, &mut moves);
    moves
}

impl<M: Copy + PartialEq> Search<'_, M> {
    /// Quiescence after the root side moved: the score if no opponent
    /// captures (stand pat), or after the capture worst for the root side,
    /// `plies` captures deep at most.
    pub(super) fn capture_replies<N: Node<Move = M>>(
        &mut self,
        node: &N,
        (alpha, mut beta): (i32, i32),
        ply: i32,
        plies: u32,
    ) -> i32 {
        let stand = self.evaluate(node, false, ply);
        if stand <= alpha || plies == 0 || self.watch.out_of_time {
            return stand;
        }
        beta = beta.min(stand);
        let mut best = stand;
        for seat in self.opponents(node) {
            let turn = node.with_turn(seat);
            for mv in captures(&turn, self.judge.team) {
                let score = self.quiet_child(&turn, mv, (alpha, beta), (ply, plies), false);
                best = best.min(score);
                beta = beta.min(score);
                if alpha >= beta {
                    return best;
                }
            }
        }
        best
    }

    /// Quiescence with the root seat to move: stand pat, or its best
    /// capture of an opponent's piece.
    pub(super) fn own_captures<N: Node<Move = M>>(
        &mut self,
        node: &N,
        (mut alpha, beta): (i32, i32),
        ply: i32,
        plies: u32,
    ) -> i32 {
        let stand = self.evaluate(node, true, ply);
        if stand >= beta || plies == 0 || self.watch.out_of_time {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let turn = node.with_turn(self.judge.me);
        for mv in captures(&turn, TABLE.minus(self.judge.team)) {
            let score = self.quiet_child(&turn, mv, (alpha, beta), (ply, plies), true);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The quiescence score after the capture `mv` of the seat to move in
    /// `turn` (the root seat's when `ours`), played at `ply` with `plies`
    /// captures left: the other side's captures come next.
    fn quiet_child<N: Node<Move = M>>(
        &mut self,
        turn: &N,
        mv: N::Move,
        window: (i32, i32),
        (ply, plies): (i32, u32),
        ours: bool,
    ) -> i32 {
        self.watch.nodes += 1;
        let mut next = turn.clone();
        next.play(mv);
        match self.judge.settled(&next, ply + 1) {
            Some(score) => score,
            None if ours => self.capture_replies(&next, window, ply + 1, plies - 1),
            None => self.own_captures(&next, window, ply + 1, plies - 1),
        }
    }
}
