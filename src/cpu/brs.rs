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
//! rules' own: a move is played by the rules' `play`.
//!
//! Each game says what the search needs to know through [`Node`]
//! (`brs4.rs` for four-player shogi, `brs_chess4.rs` for four-player chess).

use super::{Budget, Reach, Searched, Watch};
use rand::Rng;

/// A won (or lost) game.
const WIN: i32 = 1_000_000;
/// Above any score.
const INF: i32 = 2 * WIN;
/// Captures looked at beyond the search's depth (quiescence).
const QUIET_PLIES: u32 = 2;

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
    /// Whether `seat` still plays.
    fn active(&self, seat: u8) -> bool;
    /// `None` while the game goes on; once it is over, whether the side
    /// `team` (which includes `me`) won or `me` placed first.
    fn ended(&self, me: u8, team: u8) -> Option<bool>;
    /// The owner and value of the piece `mv` takes, if any.
    fn taken(&self, mv: Self::Move) -> Option<(u8, i32)>;
    /// Whether `mv` promotes.
    fn promotes(&self, mv: Self::Move) -> bool;
    /// Per seat: material (board and hand) and what the game's scoring
    /// already gave it, in centipawns.
    fn totals(&self) -> [i32; 4];
    /// The most valuable piece of `team` another seat attacks, and the
    /// most valuable piece of another seat `team` attacks.
    fn exposed(&self, team: u8) -> (i32, i32);
}

/// One search for the seat to move at the root.
struct Search<'a> {
    /// The root seat.
    me: u8,
    /// The root seat's side as seat bits: itself, and its partner in team
    /// games (who passes: only opponents reply).
    team: u8,
    watch: Watch<'a>,
}

/// The best of `moves` (the root's legal moves) for `me`, whose side is
/// itself and, in team games (`teams`), its partner across the table,
/// deepening as far as `reach` says within the budget. With noise, the
/// pick among the last finished iteration's scores is loosened.
pub fn search<N: Node>(
    root: &N,
    mut moves: Vec<N::Move>,
    (me, teams): (u8, bool),
    reach: Reach,
    budget: &Budget,
) -> Searched<N::Move> {
    let partner = if teams { 1 << ((me + 2) % 4) } else { 0 };
    let team = (1 << me) | partner;
    order(root, &mut moves);
    let mut found = Searched {
        best: moves.first().copied(),
        depth: 0,
        nodes: 0,
    };
    let mut search = Search {
        me,
        team,
        watch: Watch::new(budget),
    };
    let margin = 2 * reach.noise.max(0);
    let mut finished = Vec::new();
    for depth in 1..=reach.depth.max(1) {
        let scored = search.root(root, &moves, depth, margin);
        let Some(&(mv, score)) = best_of(&scored) else {
            break;
        };
        if search.watch.out_of_time {
            // A move that beat the previous best before time ran out.
            if margin == 0 {
                found.best = Some(mv);
            }
            break;
        }
        found.best = Some(mv);
        found.depth = depth;
        finished = scored;
        if let Some(i) = moves.iter().position(|m| *m == mv) {
            moves[..=i].rotate_right(1);
        }
        if score.abs() > WIN / 2 {
            break;
        }
    }
    if margin > 0 && !finished.is_empty() {
        found.best = Some(noisy_pick(&finished, reach.noise));
    }
    found.nodes = search.watch.nodes;
    found
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
    moves.sort_by_cached_key(|mv| {
        let taken = node.taken(*mv).map_or(0, |(_, value)| value + 1);
        -(taken * 4 + i32::from(node.promotes(*mv)))
    });
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

impl Search<'_> {
    /// One iteration: each root move searched to the end and its score,
    /// exact for the best and for those within `margin` of it (the others
    /// are at most that low). When time runs out, the moves searched so
    /// far (the previous iteration's best comes first).
    fn root<N: Node>(
        &mut self,
        node: &N,
        moves: &[N::Move],
        depth: u32,
        margin: i32,
    ) -> Vec<(N::Move, i32)> {
        let mut scored = Vec::with_capacity(moves.len());
        let mut best = -INF;
        for &mv in moves {
            let alpha = best.saturating_sub(margin).max(-INF);
            let mut next = node.clone();
            next.play(mv);
            let score = self.replies(&next, depth - 1, alpha, INF, 1);
            if self.watch.out_of_time {
                break;
            }
            best = best.max(score);
            scored.push((mv, score));
        }
        scored
    }

    /// The opponents still playing, as seats.
    fn opponents<N: Node>(&self, node: &N) -> Vec<u8> {
        (0..4)
            .filter(|s| self.team & (1 << s) == 0 && node.active(*s))
            .collect()
    }

    /// After the root side moved: the reply of any one opponent that is
    /// worst for the root side (a MIN layer of every opponent at once).
    fn replies<N: Node>(
        &mut self,
        node: &N,
        depth: u32,
        alpha: i32,
        mut beta: i32,
        ply: i32,
    ) -> i32 {
        if let Some(score) = self.settled(node, ply) {
            return score;
        }
        if self.watch.tick() {
            return self.evaluate(node, false);
        }
        if depth == 0 {
            return self.capture_replies(node, alpha, beta, QUIET_PLIES);
        }
        let mut best = INF;
        for seat in self.opponents(node) {
            let turn = node.with_turn(seat);
            let mut moves = turn.moves();
            order(&turn, &mut moves);
            for mv in moves {
                let mut next = turn.clone();
                next.play(mv);
                let score = self.own_move(&next, depth - 1, alpha, beta, ply + 1);
                best = best.min(score);
                beta = beta.min(score);
                if alpha >= beta || self.watch.out_of_time {
                    return best;
                }
            }
        }
        if best == INF {
            self.evaluate(node, false)
        } else {
            best
        }
    }

    /// The root seat to move again (a MAX layer).
    fn own_move<N: Node>(
        &mut self,
        node: &N,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if let Some(score) = self.settled(node, ply) {
            return score;
        }
        if self.watch.tick() {
            return self.evaluate(node, true);
        }
        if depth == 0 {
            return self.own_captures(node, alpha, beta, QUIET_PLIES);
        }
        let turn = node.with_turn(self.me);
        let mut moves = turn.moves();
        if moves.is_empty() {
            // With no move when its turn comes, a seat is mated (or
            // stalemated, which loses as much in these games).
            return -WIN + ply;
        }
        order(&turn, &mut moves);
        let mut best = -INF;
        for mv in moves {
            let mut next = turn.clone();
            next.play(mv);
            let score = self.replies(&next, depth - 1, alpha, beta, ply + 1);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta || self.watch.out_of_time {
                break;
            }
        }
        best
    }

    /// Quiescence after the root side moved: the score if no opponent
    /// captures (stand pat), or after the capture worst for the root side,
    /// `plies` captures deep at most.
    fn capture_replies<N: Node>(&mut self, node: &N, alpha: i32, mut beta: i32, plies: u32) -> i32 {
        let stand = self.evaluate(node, false);
        if stand <= alpha || plies == 0 || self.watch.out_of_time {
            return stand;
        }
        beta = beta.min(stand);
        let mut best = stand;
        for seat in self.opponents(node) {
            let turn = node.with_turn(seat);
            for mv in captures(&turn, self.team) {
                let score = self.quiet_child(&turn, mv, (alpha, beta), plies, false);
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
    fn own_captures<N: Node>(&mut self, node: &N, mut alpha: i32, beta: i32, plies: u32) -> i32 {
        let stand = self.evaluate(node, true);
        if stand >= beta || plies == 0 || self.watch.out_of_time {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let turn = node.with_turn(self.me);
        for mv in captures(&turn, !self.team & 0b1111) {
            let score = self.quiet_child(&turn, mv, (alpha, beta), plies, true);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The quiescence score after the capture `mv` of the seat to move in
    /// `turn` (the root seat's when `ours`): the other side's captures
    /// come next.
    fn quiet_child<N: Node>(
        &mut self,
        turn: &N,
        mv: N::Move,
        window: (i32, i32),
        plies: u32,
        ours: bool,
    ) -> i32 {
        self.watch.nodes += 1;
        let (alpha, beta) = window;
        let mut next = turn.clone();
        next.play(mv);
        match self.settled(&next, 0) {
            Some(score) => score,
            None if ours => self.capture_replies(&next, alpha, beta, plies - 1),
            None => self.own_captures(&next, alpha, beta, plies - 1),
        }
    }

    /// The score of a decided position: the root side lost a seat (later
    /// is better), or the game over with the root side first (sooner is
    /// better) or not.
    fn settled<N: Node>(&self, node: &N, ply: i32) -> Option<i32> {
        if (0..4).any(|s| self.team & (1 << s) != 0 && !node.active(s)) {
            return Some(-WIN + ply);
        }
        let first = node.ended(self.me, self.team)?;
        Some(if first { WIN - ply } else { -WIN / 2 })
    }

    /// The root side's material and standing against the average
    /// opponent's, less what it stands to lose where an opponent attacks
    /// its pieces (more when an opponent moves next), plus what it may take
    /// when it moves next.
    fn evaluate<N: Node>(&self, node: &N, ours_to_move: bool) -> i32 {
        let totals = node.totals();
        let (mut ours, mut theirs, mut n_ours, mut n_theirs) = (0, 0, 0, 0);
        for seat in (0..4u8).filter(|s| node.active(*s)) {
            if self.team & (1 << seat) != 0 {
                ours += totals[seat as usize];
                n_ours += 1;
            } else {
                theirs += totals[seat as usize];
                n_theirs += 1;
            }
        }
        let (lose, take) = node.exposed(self.team);
        let risk = if ours_to_move {
            lose / 4 - take / 2
        } else {
            lose * 3 / 4
        };
        ours / n_ours.max(1) - theirs / n_theirs.max(1) - risk
    }
}
