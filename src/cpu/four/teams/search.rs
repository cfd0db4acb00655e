//! The negamax search with its quiescence search, from the point of view
//! of the side to move.

use super::eval::{self, value};
use super::order::{Bound, Hints, Picker, Table, pack};
use super::{DECIDED, INF, MATE};
use crate::rules::chess4::game::FIFTY_MOVES;
use crate::rules::chess4::types::{Special, partner};
use crate::rules::chess4::{Kind, Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The deepest iteration.
pub(super) const MAX_DEPTH: u32 = 64;
/// The longest line searched (iterations, extensions and captures).
pub(super) const MAX_PLY: usize = 128;
/// How far the evaluation must be above `beta` for a pass to be tried.
const NULL_MARGIN: i32 = 50;
/// Nodes between two looks at the clock and the stop flag.
const CLOCK_NODES: u64 = 1024;
/// Plies of quiescence in which a side in danger answers with any move
/// rather than captures alone (beyond, it stands pat).
const QUIET_EVASIONS: u32 = 2;
/// Check extensions along one line: with four seats checks come so
/// often that extending each of them keeps the search from going deeper.
const MAX_EXTENSIONS: u8 = 3;
/// Only the first moves tried at a node are extended when they check
/// (the later ones are the less likely to matter).
const EXTENDED_MOVES: usize = 6;
/// From this depth on, a node expected to fail high with no table move
/// searches its first quiet moves a ply shallower first.
const SHALLOW_FIRST: i32 = 4;

/// How a node's move is to be searched, besides its window and depth.
#[derive(Clone, Copy, Default)]
struct Tried {
    /// A late quiet move, skipped unless it checks.
    prunable: bool,
    /// The node is expected to fail high (a null-window node reached by
    /// the first move of one expected to fail low, or by a reduced late
    /// move): its first move then is expected to fail low, and so on.
    cut: bool,
    /// Such a node with no table move to try first and [`SHALLOW_FIRST`]
    /// deep: whichever move refutes it is found as surely a ply
    /// shallower, and the move that does, searched again at full depth.
    shallow: bool,
}

/// What ends a search and what it judges by: the deadline, the stop flag,
/// the room's move limit and the game's positions so far.
pub(super) struct Limits<'a> {
    /// When the time is up.
    pub deadline: Instant,
    /// Set to stop at once.
    pub stop: &'a AtomicBool,
    /// Moves left before the room's move limit (plies from the root).
    pub moves_left: Option<u32>,
    /// The keys of the game's positions, sorted: met again, a draw.
    pub history: &'a [u64],
}

/// A search in progress: its limits, counters, tables and the keys of
/// the line being searched (for repetitions).
pub(super) struct Searcher<'a> {
    limits: Limits<'a>,
    /// Positions visited.
    pub nodes: u64,
    /// Set once time ran out or the search was stopped.
    pub stopped: bool,
    /// The best root move of the iteration running, searched to its end.
    pub root_best: Option<(Move, i32)>,
    table: Table,
    hints: Hints,
    path: Vec<u64>,
    /// Per ply: the check extensions of the line leading to it.
    extended: Vec<u8>,
}

impl<'a> Searcher<'a> {
    /// A search within `limits`, starting from what `table` holds.
    pub fn new(limits: Limits<'a>, table: Table) -> Searcher<'a> {
        Searcher {
            limits,
            nodes: 0,
            stopped: false,
            root_best: None,
            table,
            hints: Hints::new(),
            path: vec![0; MAX_PLY + 2],
            extended: vec![0; MAX_PLY + 2],
        }
    }

    /// Ends the search, handing its table back for the next.
    pub fn finish(self) -> Table {
        self.table
    }

    /// Searches the root `moves` to `depth` in the window; on return the
    /// best is first. The score of the best (or a bound, outside the
    /// window).
    pub fn root(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.root_best = None;
        self.path[0] = pos.key();
        let mut best = -INF;
        for i in 0..moves.len() {
            let how = Tried::default();
            let score = self.child(pos, moves[i], depth, (alpha, beta), (0, i), how);
            let Some(score) = score.filter(|_| !self.stopped) else {
                break;
            };
            best = best.max(score);
            if score > alpha {
                moves[..=i].rotate_right(1);
                self.root_best = Some((moves[0], score));
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The score of `mv` played in `pos` at `ply`, the `index`th move
    /// tried: a king taken wins at once; one of the first moves that
    /// checks is extended (a few times a line); the first move gets the
    /// full window, the others a null window first (reduced when late and
    /// quiet, or when [`Tried::shallow`] and among the first two),
    /// searched again when they beat alpha. `None`: a
    /// [`Tried::prunable`] move skipped, as it gives no check.
    fn child(
        &mut self,
        pos: &Position,
        mv: Move,
        depth: i32,
        (alpha, beta): (i32, i32),
        (ply, index): (usize, usize),
        how: Tried,
    ) -> Option<i32> {
        self.hints.enter(ply + 1, pos, Some(mv));
        let mut next = pos.clone();
        if next.play(mv).king().is_some() {
            return Some(MATE - ply as i32 - 1);
        }
        let checks = next.in_check(next.to_move());
        if how.prunable && !checks {
            return None;
        }
        let extend = checks && index < EXTENDED_MOVES && self.extended[ply] < MAX_EXTENSIONS;
        self.extended[ply + 1] = self.extended[ply] + u8::from(extend);
        let new_depth = depth - 1 + i32::from(extend);
        let pv = beta - alpha > 1;
        let quiet = pos.piece_at(mv.to).is_none() && mv.promotion.is_none() && !checks;
        let shallow = how.shallow && quiet && index < 2;
        if index == 0 && !shallow {
            let cut = !pv && !how.cut;
            return Some(-self.negamax(&next, new_depth, (-beta, -alpha), ply + 1, cut));
        }
        let late = match quiet {
            true => reduction(depth, index, pv),
            false => 0,
        };
        let reduced = late.max(i32::from(shallow));
        let window = (-alpha - 1, -alpha);
        let mut score = -self.negamax(
            &next,
            new_depth - reduced,
            window,
            ply + 1,
            late > 0 || !how.cut,
        );
        if score > alpha && reduced > 0 {
            score = -self.negamax(&next, new_depth, window, ply + 1, !how.cut);
        }
        if score > alpha && score < beta {
            score = -self.negamax(&next, new_depth, (-beta, -alpha), ply + 1, false);
        }
        Some(score)
    }

    /// The score of `pos` for the side to move, searched `depth` plies
    /// more, `ply` plies from the root; `cut`: expected to fail high (see
    /// [`Tried::cut`]).
    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        (mut alpha, beta): (i32, i32),
        ply: usize,
        cut: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let key = pos.key();
        if let Some(score) = self.settled(pos, key, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, key, alpha, beta, ply, 0);
        }
        let (alpha0, pv) = (alpha, beta - alpha > 1);
        let probe = self.table.probe(key, ply);
        if let Some(hit) = probe.filter(|_| !pv) {
            if let Some(score) = hit.cutoff(depth, alpha, beta) {
                return score;
            }
        }
        let danger = in_danger(pos);
        let stand = match danger {
            true => -INF,
            false => eval::evaluate(pos),
        };
        if !pv && !danger {
            if let Some(score) = self.prune(pos, stand, depth, beta, ply) {
                return score;
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return match pos.in_check(pos.to_move()) {
                true => -MATE + ply as i32,
                false => 0,
            };
        }
        let tt_move = probe.map_or(0, |hit| hit.mv);
        let mut picker = Picker::new(pos, moves, tt_move, &self.hints, ply);
        let (mut best, mut best_move) = (-INF, 0);
        let (mut index, mut tried, mut quiets) = (0, Vec::new(), 0);
        while let Some((mv, quiet)) = picker.next() {
            let prunable = quiet
                && index > 0
                && !danger
                && best > -DECIDED
                && futile(depth, quiets, pv, stand, alpha);
            if quiet && index > 0 {
                quiets += 1;
            }
            let how = Tried {
                prunable,
                cut: cut && !pv,
                shallow: cut && !pv && tt_move == 0 && depth >= SHALLOW_FIRST,
            };
            let score = self.child(pos, mv, depth, (alpha, beta), (ply, index), how);
            if self.stopped {
                return 0;
            }
            let Some(score) = score else {
                continue;
            };
            index += 1;
            if score > best {
                (best, best_move) = (score, pack(mv));
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.hints.refuted(pos, (mv, quiet), &tried, ply, depth);
                break;
            }
            tried.push((mv, quiet));
        }
        let bound = bound(best, alpha0, beta);
        self.table.store(key, ply, depth, best, bound, best_move);
        best
    }

    /// Null-move pruning and its static cousin (reverse futility): a side
    /// so far ahead that passing, or a shallow margin, keeps it above
    /// `beta`. Not in danger, not in the principal line, and not for a
    /// side with no move (stalemated: a draw however far ahead it is).
    /// The pass is searched a third of the depth and two plies shallower.
    fn prune(
        &mut self,
        pos: &Position,
        stand: i32,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if depth <= 3 && stand - 120 * depth >= beta && beta.abs() < DECIDED {
            return pos.has_legal_move(pos.to_move()).then_some(stand);
        }
        if depth < 2
            || stand < beta + NULL_MARGIN
            || beta.abs() >= DECIDED
            || !has_pieces(pos)
            || !pos.has_legal_move(pos.to_move())
        {
            return None;
        }
        self.extended[ply + 1] = self.extended[ply];
        self.hints.enter(ply + 1, pos, None);
        let mut passed = pos.clone();
        passed.en_passant[pos.to_move() as usize] = None;
        passed.to_move = passed.next_seat();
        let reduce = (depth / 3 + 2).min(depth);
        let score = -self.negamax(&passed, depth - reduce, (-beta, -beta + 1), ply + 1, false);
        (score >= beta && !self.stopped).then_some(beta)
    }

    /// The captures (and queen promotions) beyond the depth: the side to
    /// move may stand pat on its evaluation, unless in danger, where for
    /// the first plies every move is tried. Outside danger the table
    /// keeps what it found (as searched nothing deep), for the same
    /// captures met again through another order of moves. `key` is
    /// `pos`'s, which its caller has already computed.
    fn quiesce(
        &mut self,
        pos: &Position,
        key: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        q: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if self
            .limits
            .moves_left
            .is_some_and(|left| ply as u32 >= left)
        {
            return self.at_limit(pos, ply);
        }
        let danger = q < QUIET_EVASIONS && in_danger(pos);
        if !danger {
            let hit = self.table.probe(key, ply);
            if let Some(score) = hit.and_then(|hit| hit.cutoff(0, alpha, beta)) {
                return score;
            }
        }
        let alpha0 = alpha;
        let mut best = -INF;
        if !danger {
            best = eval::evaluate_within(pos, alpha, beta);
            if best >= beta || ply >= MAX_PLY {
                return best;
            }
            alpha = alpha.max(best);
        }
        let moves = match danger {
            true => pos.legal_moves(),
            false => captures(pos),
        };
        if danger && moves.is_empty() {
            return match pos.in_check(pos.to_move()) {
                true => -MATE + ply as i32,
                false => 0,
            };
        }
        let mut picker = Picker::new(pos, moves, 0, &self.hints, MAX_PLY);
        while let Some((mv, _)) = picker.next() {
            if !danger && !worth_taking(pos, mv, best, alpha) {
                continue;
            }
            let mut next = pos.clone();
            if next.play(mv).king().is_some() {
                return MATE - ply as i32 - 1;
            }
            let score = -self.quiesce(&next, next.key(), -beta, -alpha, ply + 1, q + 1);
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if !danger {
            self.table
                .store(key, ply, 0, best, bound(best, alpha0, beta), 0);
        }
        best
    }

    /// The score of a position the game's rules settle before anything is
    /// searched: a repetition of the game's or the line's positions, fifty
    /// moves, or the room's move limit (all draws, unless mated there).
    fn settled(&mut self, pos: &Position, key: u64, ply: usize) -> Option<i32> {
        self.path[ply] = key;
        if self
            .limits
            .moves_left
            .is_some_and(|left| ply as u32 >= left)
        {
            return Some(self.at_limit(pos, ply));
        }
        let repeated = self.limits.history.binary_search(&key).is_ok()
            || self.path[..ply]
                .iter()
                .rev()
                .skip(3)
                .step_by(4)
                .any(|k| *k == key);
        (repeated || pos.halfmove_clock() >= FIFTY_MOVES).then_some(0)
    }

    /// The room's move limit reached: a draw, unless the seat to move is
    /// mated (the rules judge the mate first).
    fn at_limit(&self, pos: &Position, ply: usize) -> i32 {
        let seat = pos.to_move();
        match pos.in_check(seat) && !pos.has_legal_move(seat) {
            true => -MATE + ply as i32,
            false => 0,
        }
    }

    /// Counts a node; whether the search must stop.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % CLOCK_NODES == 0
            && (self.limits.stop.load(Ordering::Relaxed) || Instant::now() >= self.limits.deadline)
        {
            self.stopped = true;
        }
        self.stopped
    }
}

/// Whether the side to move must act at once: its seat in check, or its
/// partner's king attacked by the seat that moves next (which would take
/// it before the partner moves).
pub(super) fn in_danger(pos: &Position) -> bool {
    let seat = pos.to_move();
    let next = (seat + 1) % 4;
    pos.in_check(seat)
        || pos
            .king_square(partner(seat))
            .is_some_and(|k| pos.attacked(k, 1 << next, u8::MAX))
}

/// What `best`, found in the window from `alpha` to `beta`, says of the
/// true score.
fn bound(best: i32, alpha: i32, beta: i32) -> Bound {
    match (best >= beta, best > alpha) {
        (true, _) => Bound::Lower,
        (false, true) => Bound::Exact,
        (false, false) => Bound::Upper,
    }
}

/// Whether the side to move has a piece besides pawns and kings: a side
/// with none may be in zugzwang, where passing is no bound.
fn has_pieces(pos: &Position) -> bool {
    let seat = pos.to_move();
    pos.board.iter().flatten().any(|p| {
        (p.owner == seat || p.owner == partner(seat))
            && !p.dead
            && !matches!(p.kind, Kind::Pawn | Kind::King)
    })
}

/// Late-move reduction of the `index`th quiet move at `depth`, from the
/// third on: two plies, more the deeper and the later, one less in the
/// principal line.
fn reduction(depth: i32, index: usize, pv: bool) -> i32 {
    if depth < 2 || index < 2 {
        return 0;
    }
    let r = 2 + ((depth - 5) / 3).max(0) + depth / 8 + index as i32 / 30 - i32::from(pv);
    r.clamp(0, depth - 1)
}

/// Whether a late quiet move is skipped: `quiets` quiet moves tried
/// already at this node (a few more in the principal line, and more the
/// deeper), or near the leaves the evaluation too far under `alpha` for
/// a quiet move to lift it.
fn futile(depth: i32, quiets: u32, pv: bool, stand: i32, alpha: i32) -> bool {
    let enough = match pv {
        true => 5 + depth * depth,
        false => 1 + depth * depth / 5,
    };
    quiets as i32 >= enough || (depth <= 2 && stand + 150 * depth <= alpha && alpha.abs() < DECIDED)
}

/// The legal captures and queen promotions of the side to move.
fn captures(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::with_capacity(16);
    pos.for_each_legal(|mv| {
        let takes =
            pos.piece_at(mv.to).is_some() || matches!(mv.special, Special::EnPassant { .. });
        if takes || mv.promotion == Some(Kind::Queen) {
            moves.push(mv);
        }
        false
    });
    moves
}

/// Whether a capture is worth trying in quiescence: not one that cannot
/// lift the score to `alpha` by what it takes (delta pruning), nor a
/// bigger piece taking a smaller one on a square an enemy guards.
fn worth_taking(pos: &Position, mv: Move, stand: i32, alpha: i32) -> bool {
    let victim = pos
        .piece_at(mv.to)
        .map_or(value(Kind::Pawn), |p| match p.kind {
            Kind::King => INF,
            _ => value(p.kind),
        });
    if mv.promotion.is_some() || victim >= INF {
        return true;
    }
    if stand + victim + 200 < alpha {
        return false;
    }
    let attacker = pos.piece_at(mv.from).map_or(0, |p| value(p.kind));
    attacker <= victim || !pos.attacked(mv.to, pos.enemies(pos.to_move()), mv.from.0)
}
