//! Best-reply search (Schadd & Winands, "Best Reply Search for Multiplayer
//! Games", 2011) for the four-player games, on the rules' own positions.
//!
//! At an opponents' layer the replies of every opponent to the same
//! position are searched together and only the one worst for the root's
//! side is kept, the others passing. The root's own moves so come back
//! every second ply: three plies see a mate the root threatens and a mate
//! any seat threatens against it, whatever the turn order. A paranoid
//! search of the same depth sees only the next seat; in four-player shogi,
//! where any seat in check moves out of turn and a king falls within a few
//! moves, that was not enough (see the README's strength table). Mates,
//! check priority within a move, inherited pieces and eliminations are the
//! rules' own: a move is played by the rules' `play`. Where the rules make
//! a checked seat answer at once (four-player shogi's check priority), only
//! that seat replies, and the answer costs no depth, so an attack by checks
//! is seen to its end. Play then goes on clockwise from the seat that
//! answered, so the opponents between it and the root seat get a layer of
//! replies before the root seat moves again: a check on the next seat does
//! not buy a second move in a row, as the search once believed (it chased
//! mates that a seat moving in between stopped). A partner in check
//! answers at once too, for the root side, instead of passing. In
//! free-for-all chess the opponents that do not give the best reply do
//! not pass either: each makes the capture it surely makes, if any; and
//! the deepening search takes an opponent with a big sure capture of a
//! third seat's piece to make it rather than attack the root quietly.
//!
//! Move ordering is what makes the search deep: the replies of all
//! opponents are ordered together (the most valuable captures first, then
//! the two quiet moves that last cut the search off at the same ply, then
//! quiet moves by how often they cut it off before). On the positions of
//! `cargo bench --bench cpu` this needs 2.6 to 5.8 times fewer nodes to
//! finish four plies than ordering each seat's captures alone did.
//!
//! Each game says what the search needs to know through [`Node`]
//! (`brs4.rs` for four-player shogi, `brs_chess4.rs` for four-player chess).

use super::{Budget, Reach, Searched, Watch, foresight};
use rand::Rng;
use std::time::Instant;

/// A won (or lost) game.
pub(crate) const WIN: i32 = 1_000_000;
/// Above any score.
const INF: i32 = 2 * WIN;
/// A drawn game: the sides even.
const DRAW: i32 = 0;
/// Captures looked at beyond the search's depth (quiescence).
const QUIET_PLIES: u32 = 2;
/// What a mate made by the root move itself is worth beyond its score.
const MATE_NOW: i32 = 300;
/// Forced answers to checks cost no depth up to this ply (a bound on
/// long chains of checks).
const MAX_EXTENDED_PLY: i32 = 16;
/// How many positions' best moves a deepening search keeps ([`Hints`]):
/// about 3 MB for four-player chess.
const HINT_SLOTS: usize = 1 << 17;
/// The same for a search of two plies at most (levels 3 and 4), which
/// meets from some fifty positions (one ply) to a few thousand: clearing
/// the full table (2-3 MB) would take about as long as a one-ply search.
const SHALLOW_HINT_SLOTS: usize = 1 << 10;
/// Sets apart the hint of an opponents' layer from the root side's in the
/// same position: the key of one is the other's with these bits flipped.
const REPLIES_LAYER: u64 = 0x9e37_79b9_7f4a_7c15;
/// What a seat playing alone pays for its king's surroundings, times the
/// square of the attacked squares around it
/// ([`Node::attacked_around_king`]). Best-reply search lets one opponent
/// move between two of the root's moves, where three do: a king the others
/// close in on is mated by moves the search does not combine (one seat's
/// check, another's mate). In individual four-player shogi 12 measured
/// best of 8, 12 and 25 (README, strength tables; at 25 the CPU hid its
/// king and left the mates to others); free-for-all chess placed first
/// no more often with it, and does not count.
const KING_DANGER: i32 = 12;
/// What a third seat's piece an opponent surely takes must be worth (a
/// rook) for the deepening search to take the opponent as busy with it
/// ([`Search::busy`]).
const DISTRACTION: i32 = 500;

/// Root moves with their scores, for the root side.
type Scored<M> = Vec<(M, i32)>;

/// A four-player position as the search sees it. Seats are 0-3; a set of
/// seats is a bit mask.
pub trait Node: Clone {
    /// A move of the game.
    type Move: Copy + PartialEq;
    /// The same position with `seat` to move, whoever's turn it is.
    fn with_turn(&self, seat: u8) -> Self;
    /// The legal moves of the seat to move.
    fn moves(&self) -> Vec<Self::Move>;
    /// Plays a legal move with all the rules make follow from it.
    fn play(&mut self, mv: Self::Move);
    /// The seat the rules make move next.
    fn to_move(&self) -> u8;
    /// Whether `seat` still plays.
    fn active(&self, seat: u8) -> bool;
    /// Whether places go by a score that seats keep once they are out
    /// (free-for-all chess's points): the evaluation then weighs the
    /// leading opponent, out or not, beside the average one.
    fn scored(&self) -> bool {
        false
    }
    /// `None` while the game goes on; once it is over, whether the side
    /// `team` (which includes `me`) won or `me` placed first, or the game
    /// was drawn.
    fn ended(&self, me: u8, team: u8) -> Option<Ending>;
    /// How the game ends here for `team` (with `me`) when the room's move
    /// limit stops it: placed by the rules' count, or drawn.
    fn at_limit(&self, me: u8, team: u8) -> Ending;
    /// The owner and value of the piece `mv` takes, if any.
    fn taken(&self, mv: Self::Move) -> Option<(u8, i32)>;
    /// Whether `mv` promotes.
    fn promotes(&self, mv: Self::Move) -> bool;
    /// Per seat: material (board and hand) and what the game's scoring
    /// already gave it, in centipawns, with `moves_left` (moves in all)
    /// before the room's move limit ends the game (`None`: no limit),
    /// where the game's pieces are worth less the nearer it is.
    fn totals(&self, moves_left: Option<i32>) -> [i32; 4];
    /// The most valuable piece of `team` another seat attacks, and the
    /// most valuable piece of another seat `team` attacks.
    fn exposed(&self, team: u8) -> (i32, i32);
    /// A hash of the position (its board, hands, seat to move and seats
    /// out): where the search keeps the best move it found there.
    fn key(&self) -> u64;
    /// A number below [`Node::MOVE_KEYS`] for `mv`'s squares (and a
    /// drop's piece): where the history of good moves keeps its count.
    fn move_key(mv: Self::Move) -> usize;
    /// How many move keys there are.
    const MOVE_KEYS: usize;
    /// The capture the seat to move surely makes, if any: in a game with
    /// points ([`Node::scored`]) the opponents that do not give the best
    /// reply make it instead of passing.
    fn sure_capture(&self) -> Option<Self::Move> {
        None
    }
    /// The seat the rules make move next whatever else (four-player
    /// shogi's check priority), if any.
    fn forced(&self) -> Option<u8> {
        None
    }
    /// How many of the nine squares of `seat`'s king (its own and those
    /// next to it) another seat attacks, the king taken off its square
    /// (a line through it goes on beyond), where the game weighs its
    /// king's safety ([`KING_DANGER`]); 0 otherwise.
    fn attacked_around_king(&self, _seat: u8) -> i32 {
        0
    }
    /// Whether `seat` is in check and answers it only on its turn, the
    /// seats moving before it free to take its king or mate it (free-for-all
    /// chess); four-player shogi makes a checked seat answer at once
    /// instead ([`Node::forced`]).
    fn check_waits(&self, _seat: u8) -> bool {
        false
    }
    /// How the game ends for the root seat `me` when a repetition ends
    /// it here (the search meets one where [`Root::repeating`] names the
    /// position): a draw, unless the game places seats by points.
    fn repetition(&self, _me: u8) -> Ending {
        Ending::Drawn
    }
}

/// How many of the nine offsets `(dx, dy)` around a king (its own square
/// at `(0, 0)`) `attacked` says another seat attacks: what each game's
/// [`Node::attacked_around_king`] counts.
pub fn count_around(attacked: impl Fn(i8, i8) -> bool) -> i32 {
    let offsets = (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)));
    offsets.filter(|&(dx, dy)| attacked(dx, dy)).count() as i32
}

/// How a game the search reaches ended for the root side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The root side won, or the root seat placed first.
    First,
    /// Anything else that is not a draw.
    Behind,
    /// Nobody won (teams chess: a stalemate).
    Drawn,
}

impl From<bool> for Ending {
    fn from(first: bool) -> Ending {
        match first {
            true => Ending::First,
            false => Ending::Behind,
        }
    }
}

/// The best move the search found at each position it met, by the
/// position's key ([`Node::key`]; one slot per key's low bits, the latest
/// kept): tried first when the position comes again, in the next, deeper
/// iteration or by another order of the same moves. Only the move is
/// kept, not the score, so a hint orders moves and never decides one.
struct Hints<M> {
    slots: Vec<Option<(u64, u8, M)>>,
}

impl<M: Copy + PartialEq> Hints<M> {
    fn new(slots: usize) -> Hints<M> {
        Hints {
            slots: vec![None; slots],
        }
    }

    /// The move of `seat` kept for `key`, if any.
    fn get(&self, key: u64) -> Option<(u8, M)> {
        match self.slots[self.slot(key)] {
            Some((kept, seat, mv)) if kept == key => Some((seat, mv)),
            _ => None,
        }
    }

    fn put(&mut self, key: u64, (seat, mv): (u8, M)) {
        let slot = self.slot(key);
        self.slots[slot] = Some((key, seat, mv));
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.slots.len() as u64) as usize
    }

    /// Moves the hinted move for `key` (a move of a seat in `turns`) to
    /// the front of `moves`, the others keeping their order.
    fn promote<N>(&self, key: u64, turns: &[(u8, N)], moves: &mut [(usize, M)]) {
        let Some(hint) = self.get(key) else {
            return;
        };
        let hinted = moves.iter().position(|(i, mv)| (turns[*i].0, *mv) == hint);
        if let Some(i) = hinted {
            moves[..=i].rotate_right(1);
        }
    }
}

/// Whose search it is and how its game ends: what a settled position
/// is worth to the root side (shared with [`foresight`](super::foresight),
/// which plays rounds out from the root).
#[derive(Clone, Copy)]
pub(crate) struct Judge<'a> {
    /// The root seat.
    me: u8,
    /// The root seat's side as seat bits: itself, and its partner in team
    /// games (who passes: only opponents reply).
    team: u8,
    /// The ply (from the root) at which the room's move limit ends the
    /// game, if it has one.
    limit: Option<i32>,
    /// The keys of the positions whose next time ends the game by
    /// repetition ([`Root::repeating`]).
    repeating: &'a [u64],
}

/// One search for the seat to move at the root.
struct Search<'a, M> {
    /// The root seat, its side, and how its game ends.
    judge: Judge<'a>,
    watch: Watch<'a>,
    /// Per ply, the last two quiet moves that cut the search off, with
    /// their seat: tried right after the captures at the same ply.
    killers: Vec<[Option<(u8, M)>; 2]>,
    /// Per seat and move key, how much quiet moves have cut the search
    /// off (deeper cuts count more): orders the quiet moves.
    history: Vec<i32>,
    /// The best move found at each position met so far.
    hints: Hints<M>,
    /// Whether this is the deepening search (level 5), not one of one or
    /// two plies (levels 3 and 4), which are kept to their plies and to
    /// plain best-reply search. Its answer to a check it answers on its
    /// turn costs no depth, and it takes an opponent with a big capture
    /// elsewhere as busy with it ([`Search::busy`]).
    deepening: bool,
}

/// Where a search starts: the root seat, whether its partner across the
/// table plays on its side (team games), and how many moves the room's
/// move limit leaves (`None`: no limit).
#[derive(Clone, Copy, Debug)]
pub struct Root<'a> {
    /// The seat to move at the root.
    pub me: u8,
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
    if !foresight::applies(reach) {
        return deepen(root, moves, ends, at, reach, budget, 0).0;
    }
    let deadline = Instant::now() + budget.time;
    let first = Budget {
        time: budget.time * foresight::DEEPENING_SHARE / 100,
        stop: budget.stop.clone(),
    };
    let (mut found, scored) = deepen(root, moves, ends, at, reach, &first, foresight::MARGIN);
    let timing = (budget, deadline);
    if let Some((mv, score)) = foresight::pick(root, at, ends, &scored, timing, &mut found.nodes) {
        found.best = Some(mv);
        found.score = score;
    }
    found
}

/// [`search`] without foresight, with the last finished iteration's root
/// scores: exact for the best and for those within `keep` (or the
/// noise's margin) of it, the others at most that low.
fn deepen<N: Node>(
    root: &N,
    mut moves: Vec<N::Move>,
    ends: &dyn Fn(&N) -> Option<Ending>,
    at: Root<'_>,
    reach: Reach,
    budget: &Budget,
    keep: i32,
) -> (Searched<N::Move>, Scored<N::Move>) {
    order(root, &mut moves);
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

/// Captures of the most valuable pieces first, then promotions.
fn order<N: Node>(node: &N, moves: &mut [N::Move]) {
    moves.sort_by_cached_key(|mv| -urgency(node, *mv));
}

/// How early `mv` is tried: 4 or more for a capture (the more valuable
/// the piece, the higher), 1 for a quiet promotion, 0 for other moves.
fn urgency<N: Node>(node: &N, mv: N::Move) -> i32 {
    let taken = node.taken(mv).map_or(0, |(_, value)| value + 1);
    taken * 4 + i32::from(node.promotes(mv))
}

/// The legal captures of the seat to move that take a piece of one of the
/// `victims` (seat bits), the most valuable first.
fn captures<N: Node>(node: &N, victims: u8) -> Vec<N::Move> {
    let mut moves: Vec<N::Move> = node
        .moves()
        .into_iter()
        .filter(|mv| {
            node.taken(*mv)
                .is_some_and(|(o, _)| victims & (1 << o) != 0)
        })
        .collect();
    order(node, &mut moves);
    moves
}

impl<'a, M: Copy + PartialEq> Search<'a, M> {
    /// A search for the seat `at` names, `move_keys` its game's
    /// [`Node::MOVE_KEYS`].
    fn new(at: Root<'a>, reach: Reach, budget: &'a Budget, move_keys: usize) -> Search<'a, M> {
        Search {
            judge: Judge::new(at),
            watch: Watch::new(budget),
            killers: Vec::new(),
            history: vec![0; 4 * move_keys],
            hints: Hints::new(match reach.depth {
                0..=2 => SHALLOW_HINT_SLOTS,
                _ => HINT_SLOTS,
            }),
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
    fn playing<'n, N: Node<Move = M>>(&self, node: &'n N) -> impl Iterator<Item = u8> + 'n {
        let team = self.judge.team;
        (0..4).filter(move |s| team & (1 << s) == 0 && node.active(*s))
    }

    /// The opponents that move before the root seat's next turn: only
    /// the one in check when the rules make it move next; otherwise those
    /// still playing from the seat to move round to the root seat (after
    /// the root seat's own move, all of them; after an opponent answered a
    /// check out of turn, the seats after it).
    fn opponents<N: Node<Move = M>>(&self, node: &N) -> Vec<u8> {
        if let Some(seat) = self.forced(node) {
            return vec![seat];
        }
        let first = node.to_move();
        (0..4)
            .map(|i| (first + i) % 4)
            .take_while(|s| *s != self.judge.me)
            .filter(|s| self.judge.team & (1 << s) == 0 && node.active(*s))
            .collect()
    }

    /// The opponent the rules make move next at once (in check, in
    /// four-player shogi), if any.
    fn forced<N: Node<Move = M>>(&self, node: &N) -> Option<u8> {
        self.forced_among(node, !self.judge.team & 0b1111)
    }

    /// The root seat's partner, when the rules make it move next at once
    /// (in check, in pairs).
    fn partner_forced<N: Node<Move = M>>(&self, node: &N) -> Option<u8> {
        self.forced_among(node, self.judge.team & !(1 << self.judge.me))
    }

    /// The seat among `seats` (bits) the rules make move next at once, if
    /// any; without a seat to ask about (no partner) the position is not
    /// asked, which in four-player shogi would cost a check test.
    fn forced_among<N: Node<Move = M>>(&self, node: &N, seats: u8) -> Option<u8> {
        match seats {
            0 => None,
            _ => node.forced().filter(|s| seats & (1 << s) != 0),
        }
    }

    /// After the root side moved: the reply of any one opponent that is
    /// worst for the root side (a MIN layer of every opponent at once).
    fn replies<N: Node<Move = M>>(
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
        let turns: Vec<(u8, N)> = self
            .opponents(node)
            .into_iter()
            .map(|seat| (seat, node.with_turn(seat)))
            .collect();
        let mut moves = self.ordered(&turns, ply);
        let key = node.key() ^ REPLIES_LAYER;
        self.hints.promote(key, &turns, &mut moves);
        // A check the rules make its seat answer at once costs no depth:
        // the few answers are searched, and attacks are seen to their end.
        let answered = self.forced(node).is_some();
        let extended = answered && ply < MAX_EXTENDED_PLY;
        let child_depth = if extended { depth } else { depth - 1 };
        let mut best = INF;
        let mut best_move = None;
        let busy = self.busy(node, &turns);
        for (i, mv) in moves {
            let (seat, turn) = &turns[i];
            let mut next = turn.clone();
            next.play(mv);
            // Asked before the others' sure captures, which move play past
            // them: a seat that can mate does not take a piece instead.
            let checked = next.check_waits(self.judge.me);
            // A busy seat's quiet attack on the root side is not feared.
            if let Some(sure) = busy.get(i).copied().flatten() {
                let ours = turn
                    .taken(mv)
                    .is_some_and(|(o, _)| self.judge.team & (1 << o) != 0);
                if mv != sure && !ours && !checked {
                    continue;
                }
            }
            let mated = checked && self.mated_before_answer(&next);
            if !mated && self.judge.limit.is_none_or(|limit| ply + 1 < limit) {
                self.bystanders_capture(&mut next, *seat, &turns);
            }
            // Play goes on clockwise from a seat that answered a check out
            // of turn: the opponents after it move before the root seat (a
            // partner put in check answers first, on the root side's turn).
            let due = answered
                && self.partner_forced(&next).is_none()
                && !self.opponents(&next).is_empty();
            // The root seat's answer to a check it answers on its turn
            // costs no depth either: an attack on its king is seen on.
            let answer_depth = match self.deepening && checked && ply < MAX_EXTENDED_PLY {
                true => depth,
                false => child_depth,
            };
            let score = if mated {
                -WIN + ply + 2
            } else if due {
                self.replies(&next, child_depth, alpha, beta, ply + 1)
            } else {
                self.own_move(&next, answer_depth, alpha, beta, ply + 1)
            };
            if score < best {
                best = score;
                best_move = Some((*seat, mv));
            }
            beta = beta.min(score);
            if alpha >= beta {
                self.remember(ply, *seat, turn, mv, depth);
                break;
            }
            if self.watch.out_of_time {
                return best;
            }
        }
        match best_move {
            Some(found) => {
                self.hints.put(key, found);
                best
            }
            None => self.evaluate(node, false, ply),
        }
    }

    /// Per turn, the sure capture ([`Node::sure_capture`]) of a third
    /// seat's piece worth at least [`DISTRACTION`] that the seat has, if
    /// any (the deepening search, where captures score). Such a seat is
    /// taken to make it, or to take a piece of the root side or check it,
    /// rather than to attack the root side quietly and leave the bigger
    /// gain: best-reply search takes each reply to be the one worst for
    /// the root side, where in free-for-all each seat plays for its own
    /// points, and a seat that fears every opponent's quiet threat at
    /// once plays too timidly (README, "What v13 changed"). Empty (no
    /// allocation) for the other searches and games, at every node.
    fn busy<N: Node<Move = M>>(&self, node: &N, turns: &[(u8, N)]) -> Vec<Option<M>> {
        if !self.deepening || !node.scored() {
            return Vec::new();
        }
        turns
            .iter()
            .map(|(_, turn)| {
                let sure = turn.sure_capture()?;
                let (owner, worth) = turn.taken(sure)?;
                (self.judge.team & (1 << owner) == 0 && worth >= DISTRACTION).then_some(sure)
            })
            .collect()
    }

    /// Whether, with the root seat in a check it answers only on its turn
    /// ([`Node::check_waits`], which the caller asks first), one of the
    /// opponents moving before it mates it (or takes its king): one
    /// seat's check, another's mate.
    /// Only that one move is tried, not a layer of replies with all that
    /// follows: a full layer placed first less often (README).
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
    fn bystanders_capture<N: Node<Move = M>>(&self, next: &mut N, replier: u8, turns: &[(u8, N)]) {
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

    /// The moves of every seat in `turns` (each with its turn's index),
    /// captures of the most valuable pieces first, then this ply's killers,
    /// promotions, and the rest.
    fn ordered<N: Node<Move = M>>(&self, turns: &[(u8, N)], ply: i32) -> Vec<(usize, M)> {
        let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
        let mut moves: Vec<((i32, i32), usize, M)> = Vec::new();
        for (i, (seat, turn)) in turns.iter().enumerate() {
            let history = &self.history[*seat as usize * N::MOVE_KEYS..][..N::MOVE_KEYS];
            for mv in turn.moves() {
                let urgency = urgency(turn, mv);
                let killer = killers.iter().position(|k| *k == Some((*seat, mv)));
                // Captures (-4 and below), killers (-3, -2), promotions
                // (-1), then the rest by their history.
                let key = match killer {
                    _ if urgency >= 4 => (-urgency, 0),
                    Some(k) => (-3 + k as i32, 0),
                    None => (-urgency, -history[N::move_key(mv)]),
                };
                moves.push((key, i, mv));
            }
        }
        moves.sort_by_key(|m| m.0);
        moves.into_iter().map(|(_, i, mv)| (i, mv)).collect()
    }

    /// Keeps `mv` of `seat` as a killer at `ply` when it is quiet.
    fn remember<N: Node<Move = M>>(&mut self, ply: i32, seat: u8, turn: &N, mv: M, depth: u32) {
        if turn.taken(mv).is_some() {
            return;
        }
        let depth = depth.min(16) as i32;
        let count = &mut self.history[seat as usize * N::MOVE_KEYS + N::move_key(mv)];
        *count = count.saturating_add(depth * depth);
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some((seat, mv)) {
            slot[1] = slot[0];
            slot[0] = Some((seat, mv));
        }
    }

    /// The root side to move (a MAX layer): the root seat, or first its
    /// partner when the rules make it answer a check at once.
    fn own_move<N: Node<Move = M>>(
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
        let mut moves = self.ordered(&turns, ply);
        let key = node.key();
        self.hints.promote(key, &turns, &mut moves);
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
                self.remember(ply, seat, &turns[0].1, mv, depth);
                break;
            }
            if self.watch.out_of_time {
                return best;
            }
        }
        if let Some(found) = best_move {
            self.hints.put(key, found);
        }
        best
    }

    /// Quiescence after the root side moved: the score if no opponent
    /// captures (stand pat), or after the capture worst for the root side,
    /// `plies` captures deep at most.
    fn capture_replies<N: Node<Move = M>>(
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
    fn own_captures<N: Node<Move = M>>(
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
        for mv in captures(&turn, !self.judge.team & 0b1111) {
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

    /// The root side's standing (see [`standing`]), less what it stands to
    /// lose where an opponent attacks its pieces (more when an opponent
    /// moves next), plus what it may take when it moves next; a seat
    /// alone also pays for its king's surroundings ([`KING_DANGER`]).
    fn evaluate<N: Node<Move = M>>(&self, node: &N, ours_to_move: bool, ply: i32) -> i32 {
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
        if self.judge.team != 1 << self.judge.me {
            return 0;
        }
        let attacked = node.attacked_around_king(self.judge.me);
        KING_DANGER * attacked * attacked
    }
}

impl<'a> Judge<'a> {
    /// The judge of a search for the seat `at` names.
    pub(crate) fn new(at: Root<'a>) -> Judge<'a> {
        let partner = if at.teams { 1 << ((at.me + 2) % 4) } else { 0 };
        Judge {
            me: at.me,
            team: (1 << at.me) | partner,
            limit: at.moves_left.map(|n| n.min(i32::MAX as u32) as i32),
            repeating: at.repeating,
        }
    }

    /// The score of a decided position: the root side lost a seat (later
    /// is better), or the game over with the root side first (sooner is
    /// better), drawn, or not first; or the room's move limit reached
    /// at `ply`.
    pub(crate) fn settled<N: Node>(&self, node: &N, ply: i32) -> Option<i32> {
        if (0..4).any(|s| self.team & (1 << s) != 0 && !node.active(s)) {
            return Some(-WIN + ply);
        }
        if let Some(ending) = node.ended(self.me, self.team) {
            return Some(self.ending_score(ending, ply));
        }
        if !self.repeating.is_empty() && self.repeating.contains(&node.key()) {
            return Some(self.ending_score(node.repetition(self.me), ply));
        }
        if self.limit.is_some_and(|limit| ply >= limit) {
            return Some(self.limit_score(node, ply));
        }
        None
    }

    /// What a game the rules ended at `ply` is worth to the root side.
    pub(crate) fn ending_score(&self, ending: Ending, ply: i32) -> i32 {
        match ending {
            Ending::First => WIN - ply,
            Ending::Behind => -WIN / 2,
            Ending::Drawn => DRAW,
        }
    }

    /// The score where the move limit stops the game: first place is
    /// won; behind, the standing still orders the lines (a CPU that
    /// cannot be first still plays for the places below), well under
    /// any game still going on.
    fn limit_score<N: Node>(&self, node: &N, ply: i32) -> i32 {
        match node.at_limit(self.me, self.team) {
            Ending::Behind => -WIN / 4 + self.standing(node, ply).clamp(-WIN / 8, WIN / 8),
            ending => self.ending_score(ending, ply),
        }
    }

    /// The root side's [`standing`] in `node`, met at `ply`.
    fn standing<N: Node>(&self, node: &N, ply: i32) -> i32 {
        let active: [bool; 4] = std::array::from_fn(|s| node.active(s as u8));
        let moves_left = self.limit.map(|limit| limit - ply);
        standing(&node.totals(moves_left), self.team, &active, node.scored())
    }
}

/// The root side's average total (`totals`, per seat) against the
/// opponents' average, counting the seats still playing. When places go by
/// a score seats keep once out (`scored`), out opponents count too, and
/// the leading opponent weighs as much as the average one: the leader is
/// the one to catch.
fn standing(totals: &[i32; 4], team: u8, active: &[bool; 4], scored: bool) -> i32 {
    let (mut ours, mut theirs, mut n_ours, mut n_theirs) = (0, 0, 0, 0);
    let mut leader = i32::MIN;
    for seat in 0..4 {
        let total = totals[seat];
        if team & (1 << seat) != 0 {
            if active[seat] {
                ours += total;
                n_ours += 1;
            }
        } else if scored || active[seat] {
            theirs += total;
            n_theirs += 1;
            leader = leader.max(total);
        }
    }
    let average = theirs / n_theirs.max(1);
    let rival = if scored && n_theirs > 0 {
        (average + leader) / 2
    } else {
        average
    };
    ours / n_ours.max(1) - rival
}

#[cfg(test)]
mod tests {
    use super::{HINT_SLOTS, Hints, standing};

    const ALL: [bool; 4] = [true; 4];

    #[test]
    fn partners_average_and_out_seats_drop_out() {
        // Seats 0 and 2 against 1 and 3.
        assert_eq!(standing(&[300, 100, 500, 300], 0b0101, &ALL, false), 200);
        // Seat 3 out: only seat 1 is left against us.
        let active = [true, true, true, false];
        assert_eq!(standing(&[300, 100, 500, 900], 0b0101, &active, false), 300);
    }

    #[test]
    fn with_points_the_leader_counts_even_when_out() {
        // Seat 1 is out with the most points: it still places above us.
        let active = [true, false, true, true];
        let totals = [1000, 3000, 0, 0];
        assert_eq!(standing(&totals, 0b0001, &active, false), 1000);
        // Average 1000, leader 3000: the rival stands at 2000.
        assert_eq!(standing(&totals, 0b0001, &active, true), -1000);
        // Taking 1000 from the leader is worth more than from another seat;
        // without points to place by, the two are the same.
        let took = |totals: [i32; 4], scored| standing(&totals, 0b0001, &ALL, scored);
        assert!(took([1000, 2000, 1000, 0], true) > took([1000, 3000, 0, 0], true));
        assert_eq!(
            took([1000, 2000, 1000, 0], false),
            took([1000, 3000, 0, 0], false)
        );
    }

    #[test]
    fn a_hinted_move_goes_first_and_the_others_keep_their_order() {
        let mut hints: Hints<u8> = Hints::new(HINT_SLOTS);
        // Moves 10-12 of the seats at turns 0 (seat 1) and 1 (seat 3).
        let turns = [(1, ()), (3, ())];
        let listed = vec![(0, 10), (1, 11), (0, 12), (1, 12)];
        let mut moves = listed.clone();
        hints.promote(7, &turns, &mut moves);
        assert_eq!(moves, listed, "nothing kept for the key yet");
        hints.put(7, (3, 12));
        hints.promote(7, &turns, &mut moves);
        assert_eq!(moves, [(1, 12), (0, 10), (1, 11), (0, 12)]);
        // The same move of another seat is not the hint.
        hints.put(7, (3, 10));
        hints.promote(7, &turns, &mut moves);
        assert_eq!(moves, [(1, 12), (0, 10), (1, 11), (0, 12)]);
    }

    #[test]
    fn a_hint_is_found_only_under_its_own_key() {
        let mut hints: Hints<u8> = Hints::new(HINT_SLOTS);
        hints.put(5, (2, 40));
        assert_eq!(hints.get(5), Some((2, 40)));
        // A key sharing the slot replaces it, and is not taken for it.
        let other = 5 + HINT_SLOTS as u64;
        assert_eq!(hints.get(other), None);
        hints.put(other, (1, 41));
        assert_eq!(hints.get(5), None);
        assert_eq!(hints.get(other), Some((1, 41)));
    }
}
