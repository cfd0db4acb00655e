//! The search: iterative deepening in aspiration windows over a principal
//! variation search (negamax alpha-beta with null windows after the first
//! move), a transposition table, quiescence on captures and promotions,
//! extensions for checks that do not lose the checking piece and for
//! mate threats, null-move pruning, late-move reductions, a ply less
//! where the table has no move, and futility, late-move and static
//! exchange pruning near the leaves.
//!
//! Scores are from the side to move's point of view. A mate is scored
//! `MATE - plies`, so shorter mates score higher and are preferred.

use super::eval::{self, Placement};
use super::moves::Node;
use super::order::{Heuristics, MAX_PLY, NO_MOVE};
use super::tt::{self, Bound, Table};
use crate::rules::shogi::{Move, Position, Undo};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The score of being mated now (negated) or mating now; fits in an `i16`
/// for the transposition table.
pub const MATE: i32 = 30_000;
pub(super) const INF: i32 = 31_000;
/// Scores beyond this are mates.
pub(super) const MATE_BOUND: i32 = MATE - 1000;
/// A new iteration starts only before this share of the time is spent
/// (unless [`Limits::spend_all`]). One started later is cut off early,
/// but not wasted: its first move is searched a ply deeper, and a move
/// that beats it is played.
const NEXT_ITERATION: f64 = 0.6;
/// The first aspiration window's half width (centipawns).
const ASPIRATION: i32 = 40;

/// How a root iteration ended against its window.
enum Window {
    Inside,
    Low,
    High,
    Stopped,
}

/// What one search may use.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The deepest iteration (plies).
    pub depth: i32,
    /// The time for the whole search.
    pub time: Duration,
    /// Root noise in centipawns: each root move is scored exactly and the
    /// move with the best score plus a random amount up to this is played
    /// (0: the best move).
    pub noise: i32,
    /// Transposition table size as a power of two of entries.
    pub tt_bits: u32,
    /// Go on deepening until the time is up (see [`crate::cpu::Budget`]).
    pub spend_all: bool,
}

/// What one search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<Move>,
    /// Its score.
    pub score: i32,
    /// The last completed iteration's depth (0: none completed).
    pub depth: i32,
    /// Nodes visited (main search and quiescence).
    pub nodes: u64,
}

/// Searches `pos`, whose game so far went through the positions hashed in
/// `history` (oldest first, `pos` itself excluded), within `limits`,
/// stopping early when `stop` is set.
///
/// The table is new, so the same search always finds the same.
pub fn search(pos: &Position, history: &[u64], limits: &Limits, stop: &AtomicBool) -> Report {
    search_in(Table::new(limits.tt_bits), pos, history, limits, stop).0
}

/// [`search`] with a table kept from earlier searches (see [`tt::take`]),
/// kept again afterwards: the next move's search starts from what this
/// one learnt.
pub fn search_kept(pos: &Position, history: &[u64], limits: &Limits, stop: &AtomicBool) -> Report {
    let (report, table) = search_in(tt::take(limits.tt_bits), pos, history, limits, stop);
    tt::give(table);
    report
}

fn search_in(
    tt: Table,
    pos: &Position,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
) -> (Report, Table) {
    let mut s = Search {
        pos: pos.clone(),
        placement: Placement::new(pos),
        tt,
        heur: Heuristics::new(),
        path: history.to_vec(),
        nodes: 0,
        deadline: Instant::now() + limits.time,
        stop,
        stopped: false,
        lists: (0..MAX_PLY).map(|_| Vec::new()).collect(),
        bufs: (0..MAX_PLY).map(|_| Vec::new()).collect(),
        root_depth: 0,
        improved: None,
        played: [NO_MOVE; MAX_PLY],
        evals: [None; MAX_PLY],
    };
    let report = s.iterate(limits);
    (report, s.tt)
}

pub(super) struct Search<'a> {
    pub(super) pos: Position,
    /// The evaluation's placement sum along the path (moves are played
    /// through [`Search::make`] to keep it).
    placement: Placement,
    pub(super) tt: Table,
    pub(super) heur: Heuristics,
    /// Hashes of the game's positions and the search path, up to the parent
    /// of the current node (for repetition).
    pub(super) path: Vec<u64>,
    pub(super) nodes: u64,
    pub(super) deadline: Instant,
    pub(super) stop: &'a AtomicBool,
    pub(super) stopped: bool,
    /// A scored move list per ply, reused to avoid allocation.
    pub(super) lists: Vec<Vec<(Move, i32)>>,
    /// A move buffer per ply for quiescence.
    pub(super) bufs: Vec<Vec<Move>>,
    pub(super) root_depth: i32,
    /// In the root iteration going on, the latest move that beat the
    /// previous best, with its score.
    pub(super) improved: Option<(Move, i32)>,
    /// Per ply: the move being searched there, [`NO_MOVE`] for a null
    /// move (no two in a row), for the counter moves.
    pub(super) played: [Move; MAX_PLY],
    /// Per ply: the static evaluation there (`None` in check), to tell
    /// whether the side to move is improving on its previous turn.
    evals: [Option<i32>; MAX_PLY],
}

impl Search<'_> {
    /// Iterative deepening: each completed iteration's best move is kept, so
    /// stopping at any time leaves a move from a whole search.
    fn iterate(&mut self, limits: &Limits) -> Report {
        let started = Instant::now();
        let legal = self.pos.legal_moves();
        let mut root: Vec<(Move, i32)> = Vec::new();
        self.heur
            .score_all(&self.pos, &legal, None, (0, NO_MOVE), &mut root);
        root.sort_by_key(|&(_, s)| -s);
        let mut report = Report {
            best: root.first().map(|m| m.0),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if root.len() <= 1 || self.stop.load(Ordering::Relaxed) {
            return report;
        }
        for depth in 1..=limits.depth.min(MAX_PLY as i32 - 8) {
            self.root_depth = depth;
            self.improved = None;
            let done = self.aspirate(&mut root, depth, limits.noise, report.score);
            if !done {
                // A move that beat the previous best before time ran out
                // was searched deeper than it: play it.
                if let Some((mv, score)) = self.improved.take() {
                    report.best = Some(mv);
                    report.score = score;
                }
                break;
            }
            report.best = Some(root[0].0);
            report.score = root[0].1;
            report.depth = depth;
            let elapsed = started.elapsed();
            let mate_seen = root[0].1.abs() > MATE_BOUND && MATE - root[0].1.abs() <= depth;
            let saving = !limits.spend_all
                && elapsed.as_secs_f64() > limits.time.as_secs_f64() * NEXT_ITERATION;
            if mate_seen || saving {
                break;
            }
        }
        if limits.noise > 0 && report.depth > 0 {
            report.best = Some(noisy_pick(&root, limits.noise));
        }
        report.nodes = self.nodes;
        report
    }

    /// One iteration in an aspiration window around the previous score:
    /// a narrow window prunes more, and a score outside it is searched
    /// again with the window widened on that side. Returns false when it
    /// was stopped before finishing.
    fn aspirate(&mut self, root: &mut [(Move, i32)], depth: i32, noise: i32, prev: i32) -> bool {
        let mut delta = ASPIRATION;
        let narrow = depth >= 5 && noise == 0 && prev.abs() < MATE_BOUND;
        let (mut lo, mut hi) = match narrow {
            true => (prev - delta, prev + delta),
            false => (-INF, INF),
        };
        loop {
            match self.root(root, depth, noise, lo, hi) {
                Window::Stopped => return false,
                Window::Inside => return true,
                Window::Low => lo = (lo - delta).max(-INF),
                Window::High => hi = (hi + delta).min(INF),
            }
            delta *= 2;
            if delta > 1000 {
                (lo, hi) = (-INF, INF);
            }
        }
    }

    /// One root iteration within `(lo, hi)`; sorts `root` best first (a
    /// move that fails high goes first).
    fn root(
        &mut self,
        root: &mut [(Move, i32)],
        depth: i32,
        noise: i32,
        lo: i32,
        hi: i32,
    ) -> Window {
        let mut alpha = lo;
        let full_width = noise > 0;
        let hash = self.pos.hash();
        for i in 0..root.len() {
            let mv = root[i].0;
            let undo = self.make(mv);
            self.path.push(hash);
            self.played[0] = mv;
            let ext = i32::from(self.pos.in_check());
            let d = depth - 1 + ext;
            let score = if full_width {
                // Noise needs every root move's exact score.
                -self.negamax(d, -INF, INF, 1)
            } else if i == 0 {
                -self.negamax(d, -hi, -alpha, 1)
            } else {
                let s = -self.negamax(d, -alpha - 1, -alpha, 1);
                if s > alpha && !self.stopped {
                    -self.negamax(d, -hi, -alpha, 1)
                } else {
                    s
                }
            };
            self.path.pop();
            self.unmake(mv, undo);
            if self.stopped {
                return Window::Stopped;
            }
            if i > 0 && score > alpha && !full_width {
                self.improved = Some((mv, score));
            }
            if score >= hi && !full_width {
                root[i].1 = score;
                root[..=i].rotate_right(1);
                return Window::High;
            }
            // Moves that failed low only have an upper bound: they sort
            // after the rest in their previous order.
            root[i].1 = if score > alpha || full_width {
                score
            } else {
                -INF + i as i32
            };
            alpha = alpha.max(score);
        }
        root.sort_by_key(|&(_, s)| -s);
        if alpha <= lo && !full_width {
            return Window::Low;
        }
        self.tt
            .store(hash, 0, Some(root[0].0), root[0].1, depth, Bound::Exact);
        Window::Inside
    }

    /// Whether the current position already occurred in the game or on the
    /// search path with the same side to move: scored as a draw.
    fn repeated(&self) -> bool {
        let hash = self.pos.hash();
        self.path
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&h| h == hash)
    }

    /// Counts a node and checks the clock and stop flag every 1024 nodes.
    #[inline]
    pub(super) fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed) || Instant::now() >= self.deadline)
        {
            self.stopped = true;
        }
    }

    pub(super) fn negamax(&mut self, depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        if self.repeated() {
            return 0;
        }
        let in_check = self.pos.in_check();
        if depth <= 0 && !in_check {
            return self.quiesce(alpha, beta, ply);
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate();
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv = beta - alpha > 1;
        let hash = self.pos.hash();
        let hit = self.tt.probe(hash, ply as i32);
        if let Some(h) = hit {
            if !pv && h.depth >= depth && cuts(h.bound, h.score, alpha, beta) {
                return h.score;
            }
        }
        let static_eval = if in_check { 0 } else { self.evaluate() };
        self.evals[ply] = (!in_check).then_some(static_eval);
        // Reverse futility: far enough above beta near the leaves, assume it holds.
        if !pv
            && !in_check
            && depth <= 6
            && beta.abs() < MATE_BOUND
            && static_eval - 110 * depth >= beta
        {
            return static_eval;
        }
        let mut threatened = false;
        if !pv && !in_check && depth >= 3 && static_eval >= beta && beta.abs() < MATE_BOUND {
            match self.null_move(depth, beta, ply, static_eval - beta) {
                NullMove::Holds(score) => return score,
                NullMove::MateThreat => threatened = true,
                NullMove::Fails => {}
            }
        }
        // Passing gets this side mated: its moves are searched a ply
        // deeper, to find the defence (or see that there is none).
        let depth = depth + i32::from(threatened && self.may_extend(ply));
        let legal = self.pos.legal_moves();
        if legal.is_empty() {
            // No legal move loses in shogi, in check or not.
            return -MATE + ply as i32;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let tt_move = hit.and_then(|h| h.mv);
        // Without a stored move, ordering is a guess: a shallower search
        // costs less and fills the table for the next visit.
        let depth = if depth >= 4 && tt_move.is_none() {
            depth - 1
        } else {
            depth
        };
        let last = self.played[ply - 1];
        self.heur
            .score_all(&self.pos, &legal, tt_move, (ply, last), &mut list);
        let node = Node {
            depth,
            ply,
            in_check,
            static_eval,
            improving: self.improving(ply),
        };
        let (best, best_move) = self.moves(&mut list, node, alpha, beta);
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(hash, ply as i32, best_move, best, depth, bound);
        best
    }

    /// Plays `mv`, keeping the evaluation's placement sum.
    #[inline]
    pub(super) fn make(&mut self, mv: Move) -> Undo {
        self.placement.make(&mut self.pos, mv)
    }

    /// Takes back `mv`, played by [`Search::make`].
    #[inline]
    pub(super) fn unmake(&mut self, mv: Move, undo: Undo) {
        self.placement.unmake(&mut self.pos, mv, undo);
    }

    /// The static evaluation of the current position.
    #[inline]
    pub(super) fn evaluate(&self) -> i32 {
        debug_assert_eq!(self.placement.current(), eval::placement(&self.pos));
        eval::evaluate_placed(&self.pos, self.placement.current())
    }

    /// Whether a node at `ply` may still be searched a ply deeper (a
    /// sound check, a mate threat): extensions stop at twice the root
    /// depth, so a line of checks cannot run the search away.
    pub(super) fn may_extend(&self, ply: usize) -> bool {
        (ply as i32) < self.root_depth * 2
    }

    /// Whether the side to move at `ply` stands better than on its
    /// previous turn (or has no earlier turn to compare with): late quiet
    /// moves are pruned less eagerly there.
    fn improving(&self, ply: usize) -> bool {
        match (self.evals[ply], ply.checked_sub(2).map(|p| self.evals[p])) {
            (Some(now), Some(Some(before))) => now > before,
            (Some(_), _) => true,
            (None, _) => false,
        }
    }

    /// Null-move pruning: when passing still leaves the opponent at or
    /// above `beta` after a search three or more plies shallower, a real
    /// move would do at least as well. Shogi has next to no zugzwang (a
    /// piece in hand can always be dropped), so there is no verification.
    /// The further the static evaluation stands above beta (`surplus`),
    /// the shallower the search (up to three plies more): a pass that
    /// leaves a large surplus rarely needs a deep look to hold.
    fn null_move(&mut self, depth: i32, beta: i32, ply: usize, surplus: i32) -> NullMove {
        if self.played[ply - 1] == NO_MOVE {
            return NullMove::Fails;
        }
        let us = self.pos.side_to_move();
        self.path.push(self.pos.hash());
        self.pos.set_side(us.opponent());
        self.played[ply] = NO_MOVE;
        let reduction = 3 + depth / 4 + (surplus / 200).min(3);
        let score = -self.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1);
        self.pos.set_side(us);
        self.path.pop();
        match score {
            _ if self.stopped => NullMove::Fails,
            s if s >= beta => NullMove::Holds(s.min(MATE_BOUND)),
            s if s <= -MATE_BOUND => NullMove::MateThreat,
            _ => NullMove::Fails,
        }
    }
}

/// What the null-move search said.
enum NullMove {
    /// Passing still holds `beta`: the node is cut with this score.
    Holds(i32),
    /// Passing gets this side mated.
    MateThreat,
    /// Neither.
    Fails,
}

/// Whether a stored bound decides the node at this window.
fn cuts(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

/// The root move with the best score plus noise.
fn noisy_pick(root: &[(Move, i32)], noise: i32) -> Move {
    use rand::Rng;
    let mut rng = rand::rng();
    root.iter()
        .max_by_key(|&&(_, s)| {
            if s.abs() > MATE_BOUND {
                s
            } else {
                s + rng.random_range(-noise..=noise)
            }
        })
        .map(|m| m.0)
        .expect("the root has moves")
}
