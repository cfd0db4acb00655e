//! The search itself: iterative deepening over the root moves, the
//! opponents' layer of replies (every opponent at once, the worst for the
//! root side kept), and the root side's own moves. See the module docs of
//! [`four`](super) for what it does and why.

use super::foresight;
use super::hints::{self, MoveOrder, REPLIES_LAYER};
use super::judge::{INF, Judge, WIN};
use super::node::{Ending, Node};
use crate::cpu::{Budget, Reach, Searched, Watch};
use crate::rules::vocab::{Seat, SeatSet};
use rand::Rng;
use std::time::Instant;

/// Captures looked at beyond the search's depth (quiescence).
pub(super) const QUIET_PLIES: u32 = 2;
/// What a mate made by the root move itself is worth beyond its score.
const MATE_NOW: i32 = 300;
/// Forced answers to checks cost no depth up to this ply (a bound on
/// long chains of checks).
const MAX_EXTENDED_PLY: i32 = 16;
/// What a seat playing alone pays for its king's surroundings, times the
/// square of the attacked squares around it
/// ([`Node::attacked_around_king`]). Best-reply search lets one opponent
/// move between two of the root's moves, where three do: a king the others
/// close in on is mated by moves the search does not combine (one seat's
/// check, another's mate). In individual four-player shogi 12 measured
/// best of 8, 12 and 25 (docs/cpu.md; at 25 the CPU hid its king and left
/// the mates to others); free-for-all chess placed first no more often
/// with it, and does not count.
const KING_DANGER: i32 = 12;
/// What a third seat's piece an opponent surely takes must be worth (a
/// rook) for the deepening search to take the opponent as busy with it
/// ([`Search::busy`]).
const DISTRACTION: i32 = 500;
/// The four seats of the table.
pub(super) const TABLE: SeatSet = SeatSet(0b1111);

/// Root moves with their scores, for the root side.
type Scored<M> = Vec<(M, i32)>;

/// Where a search starts: the root seat, whether its partner across the
/// table plays on its side (team games), and how many moves the room's
/// move limit leaves (`None`: no limit).
#[derive(Clone, Copy, Debug)]
pub struct Root<'a> {
    /// The seat to move at the root.
    pub me: Seat,
    /// Partners across the table (pairs, teams).
    pub teams: bool,
    /// Moves left before the move limit ends the game.
    pub moves_left: Option<u32>,
    /// The keys ([`Node::key`]) of the positions the game's record has
    /// had so often that one more time ends the game by repetition: met
    /// anywhere in the search, such a position is judged as that ending
    /// ([`Node::repetition`]), so that a seat behind does not walk into a
    /// repetition an opponent makes (usually empty).
    pub repeating: &'a [u64],
}

/// The best of `moves` (the root's legal moves) for the seat `at` names,
/// whose side is itself and, in team games, its partner across the table,
/// deepening as far as `reach` says within the budget. A root move after
/// which `ends` says the game's record ends it (a repetition) scores as
/// that ending. Past the room's move limit nothing moves: the game is
/// judged there as the rules judge it. With noise, the pick among the
/// last finished iteration's scores is loosened. The deepening search
/// with foresight (level 5) leaves part of its time to
/// [`foresight`](super::foresight), which picks among the moves scored
/// near the best by the round the other seats will likely play.
pub fn search<N: Node>(
    root: &N,
    moves: Vec<N::Move>,
    ends: &dyn Fn(&N) -> Option<Ending>,
    at: Root<'_>,
    reach: Reach,
    budget: &Budget,
) -> Searched<N::Move> {
    search_reporting(root, moves, ends, at, reach, budget, &mut |_| {})
}

/// [`search`], showing `report` what each finished iteration of the
/// deepening found (the engine's `info` lines: `report` runs on the
/// search's thread, between iterations). The result can still differ
/// from the last report: foresight, noise, or a better move found when
/// time ran out.
pub fn search_reporting<N: Node>(
    root: &N,
    moves: Vec<N::Move>,
    ends: &dyn Fn(&N) -> Option<Ending>,
    at: Root<'_>,
    reach: Reach,
    budget: &Budget,
    report: &mut dyn FnMut(&Searched<N::Move>),
) -> Searched<N::Move> {
    let to = Deepening { reach, keep: 0 };
    if !foresight::applies(reach) {
        return deepen(root, moves, ends, at, to, budget, report).0;
    }
    let deadline = Instant::now() + budget.time;
    let first = budget.with_time(budget.time * foresight::DEEPENING_SHARE / 100);
    let to = Deepening {
        keep: foresight::MARGIN,
        ..to
    };
    let (mut found, scored) = deepen(root, moves, ends, at, to, &first, report);
    let timing = (budget, deadline);
    if let Some((mv, score)) = foresight::pick(root, at, ends, &scored, timing, &mut found.nodes) {
        found.best = Some(mv);
        found.score = score;
    }
    found
}

/// How far [`deepen`] goes, and how far under the best the root moves it
/// scores exactly must reach (`keep`, for foresight).
#[derive(Clone, Copy)]
struct Deepening {
    reach: Reach,
    keep: i32,
}

/// [`search`] without foresight, with the last finished iteration's root
/// scores: exact for the best and for those within `keep` (or the
/// noise's margin) of it, the others at most that low. Each finished
/// iteration is shown to `report`.
fn deepen<N: Node>(
    root: &N,
    mut moves: Vec<N::Move>,
    ends: &dyn Fn(&N) -> Option<Ending>,
    at: Root<'_>,
    Deepening { reach, keep }: Deepening,
    budget: &Budget,
    report: &mut dyn FnMut(&Searched<N::Move>),
) -> (Searched<N::Move>, Scored<N::Move>) {
    hints::order(root, &mut moves);
    let mut found = Searched {
        best: moves.first().copied(),
        depth: 0,
        score: 0,
        nodes: 0,
    };
    let mut search: Search<N::Move> = Search::new(at, reach, budget, N::MOVE_KEYS);
    let margin = (2 * reach.noise.max(0)).max(keep);
    let mut finished = Vec::new();
    for depth in 1..=reach.depth.max(1) {
        let scored = search.root(root, &moves, ends, depth, margin);
        let Some(&(mv, score)) = best_of(&scored) else {
            break;
        };
        if search.watch.out_of_time {
            // A move that beat the previous best before time ran out.
            if reach.noise <= 0 {
                found.best = Some(mv);
            }
            break;
        }
        found.best = Some(mv);
        found.depth = depth;
        found.score = score;
        found.nodes = search.watch.nodes;
        report(&found);
        finished = scored;
        if let Some(i) = moves.iter().position(|m| *m == mv) {
            moves[..=i].rotate_right(1);
        }
        // A decided game, or every line already run to the move limit
        // (each unit of depth is at least a ply): deeper sees no more.
        let to_limit = search
            .judge
            .limit
            .is_some_and(|limit| depth as i32 >= limit);
        if score.abs() > WIN / 2 || to_limit {
            break;
        }
    }
    if reach.noise > 0 && !finished.is_empty() {
        found.best = Some(noisy_pick(&finished, reach.noise));
    }
    found.nodes = search.watch.nodes;
    (found, finished)
}

/// What `mv` leaves the root side by the search's own judge, looking no
/// further: the score one ply sees. The engine reports it for the greedy
/// levels, which pick their moves without this search.
pub fn score_after<N: Node>(
    root: &N,
    mv: N::Move,
    ends: &dyn Fn(&N) -> Option<Ending>,
    at: Root<'_>,
) -> i32 {
    let mut next = root.clone();
    next.play(mv);
    let judge = Judge::new(at);
    match ends(&next) {
        Some(ending) => judge.ending_score(ending, 1),
        None => judge
            .settled(&next, 1)
            .unwrap_or_else(|| judge.standing(&next, 1)),
    }
}

/// The first of the highest-scored moves (the previous best comes first).
fn best_of<M>(scored: &[(M, i32)]) -> Option<&(M, i32)> {
    scored
        .iter()
        .reduce(|best, next| if next.1 > best.1 { next } else { best })
}

/// The move whose score plus a random `-noise..=noise` is highest.
fn noisy_pick<M: Copy>(scored: &[(M, i32)], noise: i32) -> M {
    let mut rng = rand::rng();
    let noisy: Vec<(M, i32)> = scored
        .iter()
        .map(|&(mv, score)| (mv, score.saturating_add(rng.random_range(-noise..=noise))))
        .collect();
    best_of(&noisy).expect("at least one move").0
}

/// One search for the seat to move at the root.
pub(super) struct Search<'a, M> {
    /// The root seat, its side, and how its game ends.
    pub(super) judge: Judge<'a>,
    pub(super) watch: Watch<'a>,
    /// Killers, history and the best move at each position met.
    order: MoveOrder<M>,
    /// Whether this is the deepening search (level 5), not one of one or
    /// two plies (levels 3 and 4), which are kept to their plies and to
    /// plain best-reply search. Its answer to a check it answers on its
    /// turn costs no depth, and it takes an opponent with a big capture
    /// elsewhere as busy with it ([`Search::busy`]).
    deepening: bool,
}

/// How the opponents' layer at one node is searched, the same for each of
/// its replies.
struct Layer<M> {
    /// The depth left at the layer.
    depth: u32,
    /// The depth left after a reply: the same when the reply is a forced
    /// answer to a check (within [`MAX_EXTENDED_PLY`]), one less otherwise.
    child_depth: u32,
    /// Whether the one replying is a seat the rules make answer a check
    /// at once: play then goes on clockwise from it.
    answered: bool,
    /// Per turn, the sure capture that makes its seat busy
    /// ([`Search::busy`]); empty outside the deepening search in games
    /// with points.
    busy: Vec<Option<M>>,
}

impl<'a, M: Copy + PartialEq> Search<'a, M> {
    /// A search for the seat `at` names, `move_keys` its game's
    /// [`Node::MOVE_KEYS`].
    fn new(at: Root<'a>, reach: Reach, budget: &'a Budget, move_keys: usize) -> Search<'a, M> {
        Search {
            judge: Judge::new(at),
            watch: Watch::new(budget),
            order: MoveOrder::new(move_keys, reach.depth),
            deepening: reach.depth > 2,
        }
    }

    /// One iteration: each root move searched to the end and its score,
    /// exact for the best and for those within `margin` of it (the others
    /// are at most that low). When time runs out, the moves searched so
    /// far (the previous iteration's best comes first). A move after
    /// which the game's record ends the game (`ends`) scores as that
    /// ending.
    fn root<N: Node<Move = M>>(
        &mut self,
        node: &N,
        moves: &[N::Move],
        ends: &dyn Fn(&N) -> Option<Ending>,
        depth: u32,
        margin: i32,
    ) -> Vec<(N::Move, i32)> {
        let mut scored = Vec::with_capacity(moves.len());
        let mut best = -INF;
        let playing = self.playing(node).count();
        for &mv in moves {
            let mut next = node.clone();
            next.play(mv);
            // A mate made now is sure; one the search expects later rests on
            // its guess of the opponents' replies.
            let mated = playing - self.playing(&next).count();
            let now = MATE_NOW * mated as i32;
            let alpha = best.saturating_sub(margin + now).max(-INF);
            let score = match ends(&next) {
                Some(ending) => self.judge.ending_score(ending, 1),
                None => self.replies(&next, depth - 1, alpha, INF, 1) + now,
            };
            if self.watch.out_of_time {
                break;
            }
            best = best.max(score);
            scored.push((mv, score));
        }
        scored
    }

    /// The opponents still playing.
    fn playing<'n, N: Node<Move = M>>(&self, node: &'n N) -> impl Iterator<Item = Seat> + 'n {
        let team = self.judge.team;
        (0..4)
            .map(Seat)
            .filter(move |s| !team.contains(*s) && node.active(*s))
    }

    /// The opponents that move before the root seat's next turn: only
    /// the one in check when the rules make it move next; otherwise those
    /// still playing from the seat to move round to the root seat (after
    /// the root seat's own move, all of them; after an opponent answered a
    /// check out of turn, the seats after it).
    pub(super) fn opponents<N: Node<Move = M>>(&self, node: &N) -> Vec<Seat> {
        if let Some(seat) = self.forced(node) {
            return vec![seat];
        }
        let first = node.to_move();
        (0..4)
            .map(|i| Seat((first.0 + i) % 4))
            .take_while(|s| *s != self.judge.me)
            .filter(|s| !self.judge.team.contains(*s) && node.active(*s))
            .collect()
    }

    /// The opponent the rules make move next at once (in check, in
    /// four-player shogi), if any.
    fn forced<N: Node<Move = M>>(&self, node: &N) -> Option<Seat> {
        self.forced_among(node, TABLE.minus(self.judge.team))
    }

    /// The root seat's partner, when the rules make it move next at once
    /// (in check, in pairs).
    fn partner_forced<N: Node<Move = M>>(&self, node: &N) -> Option<Seat> {
        self.forced_among(node, self.judge.team.without(self.judge.me))
    }

    /// The seat among `seats` the rules make move next at once, if any;
    /// without a seat to ask about (no partner) the position is not
    /// asked, which in four-player shogi would cost a check test.
    fn forced_among<N: Node<Move = M>>(&self, node: &N, seats: SeatSet) -> Option<Seat> {
        match seats.is_empty() {
            true => None,
            false => node.forced().filter(|s| seats.contains(*s)),
        }
    }

    /// After the root side moved: the reply of any one opponent that is
    /// worst for the root side (a MIN layer of every opponent at once).
    pub(super) fn replies<N: Node<Move = M>>(
        &mut self,
        node: &N,
        depth: u32,
        alpha: i32,
        mut beta: i32,
        ply: i32,
    ) -> i32 {
        if let Some(score) = self.judge.settled(node, ply) {
            return score;
        }
        if self.watch.tick() {
            return self.evaluate(node, false, ply);
        }
        if depth == 0 {
            return self.capture_replies(node, (alpha, beta), ply, QUIET_PLIES);
        }
        let turns: Vec<(Seat, N)> = self
            .opponents(node)
            .into_iter()
            .map(|seat| (seat, node.with_turn(seat)))
            .collect();
        let key = node.key() ^ REPLIES_LAYER;
        let moves = self.order.ordered(&turns, ply, key);
        let layer = self.layer(node, &turns, depth, ply);
        let mut best = INF;
        let mut best_move = None;
        for (i, mv) in moves {
            let Some(score) = self.reply(&layer, &turns, (i, mv), (alpha, beta), ply) else {
                continue;
            };
            let (seat, turn) = &turns[i];
            if score < best {
                best = score;
                best_move = Some((*seat, mv));
            }
            beta = beta.min(score);
            if alpha >= beta {
                self.order.remember(ply, *seat, turn, mv, depth);
                break;
            }
            if self.watch.out_of_time {
                return best;
            }
        }
        match best_move {
            Some(found) => {
                self.order.best_at(key, found);
                best
            }
            None => self.evaluate(node, false, ply),
        }
    }

    /// How the layer of replies to `node` (by the seats of `turns`, with
    /// `depth` left at `ply`) is searched.
    fn layer<N: Node<Move = M>>(
        &self,
        node: &N,
        turns: &[(Seat, N)],
        depth: u32,
        ply: i32,
    ) -> Layer<M> {
        // A check the rules make its seat answer at once costs no depth:
        // the few answers are searched, and attacks are seen to their end.
        let answered = self.forced(node).is_some();
        let extended = answered && ply < MAX_EXTENDED_PLY;
        Layer {
            depth,
            child_depth: if extended { depth } else { depth - 1 },
            answered,
            busy: self.busy(node, turns),
        }
    }

    /// The score of the reply `mv` of the seat at `turns[i]`, or `None`
    /// when a busy seat's quiet move is not searched.
    fn reply<N: Node<Move = M>>(
        &mut self,
        layer: &Layer<M>,
        turns: &[(Seat, N)],
        (i, mv): (usize, M),
        (alpha, beta): (i32, i32),
        ply: i32,
    ) -> Option<i32> {
        let (seat, turn) = &turns[i];
        let mut next = turn.clone();
        next.play(mv);
        // Asked before the others' sure captures, which move play past
        // them: a seat that can mate does not take a piece instead.
        let checked = next.check_waits(self.judge.me);
        let sure = layer.busy.get(i).copied().flatten();
        if self.unfeared(sure, turn, mv, checked) {
            return None;
        }
        if checked && self.mated_before_answer(&next) {
            return Some(-WIN + ply + 2);
        }
        if self.judge.limit.is_none_or(|limit| ply + 1 < limit) {
            self.bystanders_capture(&mut next, *seat, turns);
        }
        // Play goes on clockwise from a seat that answered a check out
        // of turn: the opponents after it move before the root seat (a
        // partner put in check answers first, on the root side's turn).
        let due = layer.answered
            && self.partner_forced(&next).is_none()
            && !self.opponents(&next).is_empty();
        if due {
            return Some(self.replies(&next, layer.child_depth, alpha, beta, ply + 1));
        }
        // The root seat's answer to a check it answers on its turn
        // costs no depth either: an attack on its king is seen on.
        let depth = match self.deepening && checked && ply < MAX_EXTENDED_PLY {
            true => layer.depth,
            false => layer.child_depth,
        };
        Some(self.own_move(&next, depth, alpha, beta, ply + 1))
    }

    /// Whether `mv`, by a seat busy with its `sure` capture, is a quiet
    /// attack on the root side that is not feared: neither that capture,
    /// nor a capture of the root side's piece, nor a check on the root
    /// seat (`checked`).
    fn unfeared<N: Node<Move = M>>(&self, sure: Option<M>, turn: &N, mv: M, checked: bool) -> bool {
        let Some(sure) = sure else {
            return false;
        };
        let ours = turn
            .taken(mv)
            .is_some_and(|(owner, _)| self.judge.team.contains(owner));
        mv != sure && !ours && !checked
    }

    /// Per turn, the sure capture ([`Node::sure_capture`]) of a third
    /// seat's piece worth at least [`DISTRACTION`] that the seat has, if
    /// any (the deepening search, where captures score). Such a seat is
    /// taken to make it, or to take a piece of the root side or check it,
    /// rather than to attack the root side quietly and leave the bigger
    /// gain: best-reply search takes each reply to be the one worst for
    /// the root side, where in free-for-all each seat plays for its own
    /// points, and a seat that fears every opponent's quiet threat at
    /// once plays too timidly (docs/cpu.md). Empty (no allocation) for
    /// the other searches and games, at every node.
    fn busy<N: Node<Move = M>>(&self, node: &N, turns: &[(Seat, N)]) -> Vec<Option<M>> {
        if !self.deepening || !node.scored() {
            return Vec::new();
        }
        turns
            .iter()
            .map(|(_, turn)| {
                let sure = turn.sure_capture()?;
                let (owner, worth) = turn.taken(sure)?;
                (!self.judge.team.contains(owner) && worth >= DISTRACTION).then_some(sure)
            })
            .collect()
    }

    /// Whether, with the root seat in a check it answers only on its turn
    /// ([`Node::check_waits`], which the caller asks first), one of the
    /// opponents moving before it mates it (or takes its king): one
    /// seat's check, another's mate.
    /// Only that one move is tried, not a layer of replies with all that
    /// follows: a full layer placed first less often (docs/cpu.md).
    fn mated_before_answer<N: Node<Move = M>>(&mut self, node: &N) -> bool {
        for seat in self.opponents(node) {
            let turn = node.with_turn(seat);
            for mv in turn.moves() {
                self.watch.nodes += 1;
                let mut next = turn.clone();
                next.play(mv);
                if !next.active(self.judge.me) {
                    return true;
                }
            }
        }
        false
    }

    /// After the reply of `replier`, the other opponents in `turns` make
    /// the capture each surely makes, where the game names one, instead
    /// of passing (a capture-only form of BRS+, Esser et al. 2013). In
    /// free-for-all chess every seat moves between two of the root's
    /// moves and every capture scores: with the others passing, the
    /// search took a round in which two opponents each take a piece for
    /// one in which only the worst of them does, and a check froze the
    /// whole table (the checked seat's answer being the one reply).
    fn bystanders_capture<N: Node<Move = M>>(
        &self,
        next: &mut N,
        replier: Seat,
        turns: &[(Seat, N)],
    ) {
        // Only where captures score (the others' captures are what decide
        // places there); elsewhere asking would cost a copy per seat.
        if !next.scored() {
            return;
        }
        for (seat, _) in turns.iter().filter(|(s, _)| *s != replier) {
            if self.judge.settled(next, 0).is_some() {
                return;
            }
            if !next.active(*seat) {
                continue;
            }
            let mut turn = next.with_turn(*seat);
            if let Some(mv) = turn.sure_capture() {
                turn.play(mv);
                *next = turn;
            }
        }
    }

    /// The root side to move (a MAX layer): the root seat, or first its
    /// partner when the rules make it answer a check at once.
    pub(super) fn own_move<N: Node<Move = M>>(
        &mut self,
        node: &N,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if let Some(score) = self.judge.settled(node, ply) {
            return score;
        }
        if self.watch.tick() {
            return self.evaluate(node, true, ply);
        }
        if depth == 0 {
            return self.own_captures(node, (alpha, beta), ply, QUIET_PLIES);
        }
        // A partner in check answers first, at no depth (as an opponent
        // does); play then goes on clockwise from it.
        let partner = self.partner_forced(node).filter(|_| ply < MAX_EXTENDED_PLY);
        let seat = partner.unwrap_or(self.judge.me);
        let turns = [(seat, node.with_turn(seat))];
        let key = node.key();
        let moves = self.order.ordered(&turns, ply, key);
        if moves.is_empty() {
            // With no move when its turn comes, a seat is mated (or
            // stalemated, which loses as much in these games).
            return -WIN + ply;
        }
        let mut best = -INF;
        let mut best_move = None;
        for (_, mv) in moves {
            let mut next = turns[0].1.clone();
            next.play(mv);
            let score = match partner {
                None => self.replies(&next, depth - 1, alpha, beta, ply + 1),
                Some(_) if self.opponents(&next).is_empty() => {
                    self.own_move(&next, depth, alpha, beta, ply + 1)
                }
                Some(_) => self.replies(&next, depth, alpha, beta, ply + 1),
            };
            if score > best {
                best = score;
                best_move = Some((seat, mv));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.order.remember(ply, seat, &turns[0].1, mv, depth);
                break;
            }
            if self.watch.out_of_time {
                return best;
            }
        }
        if let Some(found) = best_move {
            self.order.best_at(key, found);
        }
        best
    }

    /// The root side's standing (see `judge.rs`), less what it stands to
    /// lose where an opponent attacks its pieces (more when an opponent
    /// moves next), plus what it may take when it moves next; a seat
    /// alone also pays for its king's surroundings ([`KING_DANGER`]).
    pub(super) fn evaluate<N: Node<Move = M>>(
        &self,
        node: &N,
        ours_to_move: bool,
        ply: i32,
    ) -> i32 {
        let standing = self.judge.standing(node, ply);
        let (lose, take) = node.exposed(self.judge.team);
        let risk = if ours_to_move {
            lose / 4 - take / 2
        } else {
            lose * 3 / 4
        };
        standing - risk - self.king_danger(node)
    }

    /// What the root seat's king's surroundings cost it when it plays
    /// alone, without a partner ([`KING_DANGER`]).
    fn king_danger<N: Node<Move = M>>(&self, node: &N) -> i32 {
        if self.judge.team != SeatSet::one(self.judge.me) {
            return 0;
        }
        let attacked = node.attacked_around_king(self.judge.me);
        KING_DANGER * attacked * attacked
    }
}
