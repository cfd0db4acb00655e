//! Quiescence search: at the horizon, keep resolving captures and
//! promotions (and every evasion when in check) so the static evaluation
//! is only trusted in quiet positions. Stand pat lets the side to move
//! decline all captures; delta pruning skips captures that cannot matter.

use super::eval::piece_value;
use super::order::{Captures, MAX_PLY, NO_MOVE, losing_capture, nth_best};
use super::search::{INF, MATE, Search};
use super::see::losing;
use crate::rules::shogi::Move;

impl Search<'_> {
    /// Quiescence: stand pat on the static eval, or try captures and
    /// promotions (all evasions when in check) until the position is quiet.
    pub(super) fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate();
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let stand = if self.pos.in_check() {
            buf.clear();
            buf.extend_from_slice(&self.pos.legal_moves());
            if buf.is_empty() {
                self.bufs[ply] = buf;
                return -MATE + ply as i32;
            }
            None
        } else {
            let stand = self.evaluate();
            if stand >= beta {
                self.bufs[ply] = buf;
                return stand;
            }
            alpha = alpha.max(stand);
            buf = Captures::of(&self.pos, buf).moves;
            Some(stand)
        };
        let mut best = stand.unwrap_or(-INF);
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.heur
            .score_all(&self.pos, &buf, None, (MAX_PLY - 1, NO_MOVE), &mut list);
        for i in 0..list.len() {
            let mv = nth_best(&mut list, i);
            if stand.is_some_and(|st| self.futile(mv, list[i].1, st, alpha)) {
                continue;
            }
            let undo = self.make(mv);
            let score = -self.quiesce(-beta, -alpha, ply + 1);
            self.unmake(mv, undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        self.bufs[ply] = buf;
        best
    }

    /// Delta pruning: a capture whose victim cannot lift the stand-pat
    /// score near alpha is not worth searching, nor one that loses
    /// material once the exchange on its square is played out. A
    /// capture's exchange was already played out to order it (`key`).
    fn futile(&self, mv: Move, key: i32, stand: i32, alpha: i32) -> bool {
        let victim = self.pos.piece_at(mv.to());
        let hopeless = !mv.is_promotion()
            && !victim.is_empty()
            && stand + piece_value(victim.kind()) + 200 <= alpha;
        let loses = match victim.is_empty() {
            true => losing(&self.pos, mv),
            false => losing_capture(key),
        };
        hopeless || loses
    }
}
