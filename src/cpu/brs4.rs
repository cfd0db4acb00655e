//! Best-reply search (Schadd & Winands, "Best Reply Search for Multiplayer
//! Games", 2011) for four-player shogi, on the rules' own position.
//!
//! Why best-reply search here: at an opponents' layer the replies of every
//! opponent to the same position are searched together and only the one
//! worst for the root's side is kept, the others passing. The root's own
//! moves so come back every second ply: three plies see a mate the root
//! threatens and a mate any seat threatens against it, whatever the turn
//! order. A paranoid search of the same depth sees only the next seat, and
//! in four-player shogi, where any seat in check moves out of turn and a
//! king falls within a few moves, that was not enough (see the README's
//! strength table). Mates, check priority within a move and inherited
//! pieces are the rules' own: a move is played with `Position4::play`.

use super::multi::shogi_values;
use super::{Budget, Searched, Watch};
use crate::rules::shogi4::adapter::to_piece_kind;
use crate::rules::shogi4::{Format, Kind4, Move4, Piece4, Position4, ShogiGame4, Sq4};

/// A won (or lost) game.
const WIN: i32 = 1_000_000;
/// Above any score.
const INF: i32 = 2 * WIN;
/// What a mate delivered is worth beyond the pieces it brings.
const MATE_BONUS: i32 = 1500;
/// Captures looked at beyond the search's depth (quiescence).
const QUIET_PLIES: u32 = 2;

/// One search for the seat to move at the root.
struct Search<'a> {
    /// The root seat.
    me: u8,
    /// The root seat's side as seat bits: itself, and its partner in pairs
    /// (who passes: only opponents reply).
    team: u8,
    watch: Watch<'a>,
}

/// The best move for the seat to move, deepening to at most `max_depth`
/// plies within the budget; `None` when there is no legal move.
pub fn best_move(game: &ShogiGame4, max_depth: u32, budget: &Budget) -> Option<Move4> {
    search(game, max_depth, budget).best
}

/// [`best_move`] with the depth completed and the nodes visited.
pub fn search(game: &ShogiGame4, max_depth: u32, budget: &Budget) -> Searched<Move4> {
    let pos = game.position();
    let me = pos.to_move();
    let team = match pos.play_rules().format {
        Format::Pairs => (1 << me) | (1 << ((me + 2) % 4)),
        Format::Individual => 1 << me,
    };
    // The game's list: it leaves out a forbidden repetition.
    let mut moves = game.legal_moves();
    order(pos, &mut moves);
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
    for depth in 1..=max_depth.max(1) {
        let Some((mv, score)) = search.root(pos, &moves, depth) else {
            break;
        };
        found.best = Some(mv);
        if search.watch.out_of_time {
            // A move that beat the previous best before time ran out.
            break;
        }
        found.depth = depth;
        if let Some(i) = moves.iter().position(|m| *m == mv) {
            moves[..=i].rotate_right(1);
        }
        if score.abs() > WIN / 2 {
            break;
        }
    }
    found.nodes = search.watch.nodes;
    found
}

/// The legal captures of the seat to move that take a piece of one of the
/// `victims` (seat bits), the most valuable first.
fn captures(pos: &Position4, victims: u8) -> Vec<Move4> {
    let mut moves: Vec<Move4> = pos
        .legal_moves()
        .into_iter()
        .filter(|mv| {
            matches!(mv, Move4::Step { .. })
                && pos
                    .piece_at(mv.to())
                    .and_then(|p| p.owner)
                    .is_some_and(|o| victims & (1 << o) != 0)
        })
        .collect();
    order(pos, &mut moves);
    moves
}

/// Captures of the most valuable pieces first, then promotions.
fn order(pos: &Position4, moves: &mut [Move4]) {
    moves.sort_by_cached_key(|mv| {
        let taken = pos.piece_at(mv.to()).map_or(0, |p| value(p) + 1);
        let promotes = matches!(mv, Move4::Step { promote: true, .. });
        -(taken * 4 + i32::from(promotes))
    });
}

/// A piece's worth (kings none).
fn value(piece: Piece4) -> i32 {
    shogi_values(to_piece_kind(piece.kind), piece.promoted)
}

impl Search<'_> {
    /// One iteration: the best root move and its score. When time runs
    /// out first, the best of the moves searched to the end (the previous
    /// iteration's best comes first), or `None` if there was none.
    fn root(&mut self, pos: &Position4, moves: &[Move4], depth: u32) -> Option<(Move4, i32)> {
        let mut best: Option<(Move4, i32)> = None;
        for &mv in moves {
            let alpha = best.map_or(-INF, |(_, score)| score);
            let mut next = pos.clone();
            next.play(mv);
            let score = self.replies(&next, depth - 1, alpha, INF, 1);
            if self.watch.out_of_time {
                return best;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((mv, score));
            }
        }
        best
    }

    /// After the root side moved: the reply of any one opponent that is
    /// worst for the root side (a MIN layer of every opponent at once).
    fn replies(&mut self, pos: &Position4, depth: u32, alpha: i32, mut beta: i32, ply: i32) -> i32 {
        if let Some(score) = self.settled(pos, ply) {
            return score;
        }
        if self.watch.tick() {
            return self.evaluate(pos, false);
        }
        if depth == 0 {
            return self.capture_replies(pos, alpha, beta, QUIET_PLIES);
        }
        let mut best = INF;
        let team = self.team;
        for seat in (0..4).filter(|s| team & (1 << s) == 0 && pos.is_active(*s)) {
            let turn = pos.with_turn(seat);
            let mut moves = turn.legal_moves();
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
            self.evaluate(pos, false)
        } else {
            best
        }
    }

    /// The root seat to move again (a MAX layer).
    fn own_move(
        &mut self,
        pos: &Position4,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if let Some(score) = self.settled(pos, ply) {
            return score;
        }
        if self.watch.tick() {
            return self.evaluate(pos, true);
        }
        if depth == 0 {
            return self.own_captures(pos, alpha, beta, QUIET_PLIES);
        }
        let turn = pos.with_turn(self.me);
        let mut moves = turn.legal_moves();
        if moves.is_empty() {
            // With no move when its turn comes, a seat is mated.
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
    fn capture_replies(&mut self, pos: &Position4, alpha: i32, mut beta: i32, plies: u32) -> i32 {
        let stand = self.evaluate(pos, false);
        if stand <= alpha || plies == 0 || self.watch.out_of_time {
            return stand;
        }
        beta = beta.min(stand);
        let mut best = stand;
        let team = self.team;
        for seat in (0..4).filter(|s| team & (1 << s) == 0 && pos.is_active(*s)) {
            let turn = pos.with_turn(seat);
            for mv in captures(&turn, team) {
                self.watch.nodes += 1;
                let mut next = turn.clone();
                next.play(mv);
                let score = match self.settled(&next, 0) {
                    Some(score) => score,
                    None => self.own_captures(&next, alpha, beta, plies - 1),
                };
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
    fn own_captures(&mut self, pos: &Position4, mut alpha: i32, beta: i32, plies: u32) -> i32 {
        let stand = self.evaluate(pos, true);
        if stand >= beta || plies == 0 || self.watch.out_of_time {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let turn = pos.with_turn(self.me);
        for mv in captures(&turn, !self.team & 0b1111) {
            self.watch.nodes += 1;
            let mut next = turn.clone();
            next.play(mv);
            let score = match self.settled(&next, 0) {
                Some(score) => score,
                None => self.capture_replies(&next, alpha, beta, plies - 1),
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The score of a decided position: the root side mated (later is
    /// better), or the game over with the root side first (sooner is
    /// better) or not.
    fn settled(&self, pos: &Position4, ply: i32) -> Option<i32> {
        if (0..4).any(|s| self.team & (1 << s) != 0 && !pos.is_active(s)) {
            return Some(-WIN + ply);
        }
        if !pos.is_over() {
            return None;
        }
        let first = match pos.play_rules().format {
            Format::Pairs => true,
            Format::Individual => self.places_first(pos),
        };
        Some(if first { WIN - ply } else { -WIN / 2 })
    }

    /// Whether the root seat leads the survivors: mates delivered, then
    /// pieces (the rules' order of ranking, roughly).
    fn places_first(&self, pos: &Position4) -> bool {
        let totals = material(pos);
        let key = |s: u8| (pos.mates()[s as usize], totals[s as usize]);
        let mine = key(self.me);
        (0..4)
            .filter(|s| *s != self.me && pos.is_active(*s))
            .all(|s| key(s) < mine)
    }

    /// The root side's material and mates against the average opponent's,
    /// less what it stands to lose where an opponent attacks its pieces
    /// (more when an opponent moves next), plus what it may take when it
    /// moves next.
    fn evaluate(&self, pos: &Position4, ours_to_move: bool) -> i32 {
        let mut totals = material(pos);
        for (total, mates) in totals.iter_mut().zip(pos.mates()) {
            *total += i32::from(mates) * MATE_BONUS;
        }
        let (ours, theirs) = self.split(pos, &totals);
        let (lose, take) = self.exposed(pos);
        let risk = if ours_to_move {
            lose / 4 - take / 2
        } else {
            lose * 3 / 4
        };
        ours - theirs - risk
    }

    /// The root side's average total and the active opponents' average.
    fn split(&self, pos: &Position4, totals: &[i32; 4]) -> (i32, i32) {
        let (mut ours, mut theirs, mut n_ours, mut n_theirs) = (0, 0, 0, 0);
        for seat in (0..4u8).filter(|s| pos.is_active(*s)) {
            if self.team & (1 << seat) != 0 {
                ours += totals[seat as usize];
                n_ours += 1;
            } else {
                theirs += totals[seat as usize];
                n_theirs += 1;
            }
        }
        (ours / n_ours.max(1), theirs / n_theirs.max(1))
    }

    /// The most valuable root-side piece an opponent attacks, and the most
    /// valuable opponent piece the root side attacks.
    fn exposed(&self, pos: &Position4) -> (i32, i32) {
        let (mut lose, mut take) = (0, 0);
        for i in 0..81 {
            let Some(piece) = pos.piece_at(Sq4(i)).filter(|p| p.is_live()) else {
                continue;
            };
            let Some(owner) = piece.owner.filter(|_| piece.kind != Kind4::King) else {
                continue;
            };
            let attackers = pos.attackers(Sq4(i));
            if self.team & (1 << owner) != 0 {
                if attackers & !self.team & 0b1111 != 0 {
                    lose = lose.max(value(piece));
                }
            } else if attackers & self.team != 0 {
                take = take.max(value(piece));
            }
        }
        (lose, take)
    }
}

/// Each seat's pieces on the board and in hand (hand pieces a tenth more:
/// they drop anywhere).
fn material(pos: &Position4) -> [i32; 4] {
    let mut totals = [0; 4];
    for i in 0..81 {
        if let Some(piece) = pos.piece_at(Sq4(i)).filter(|p| p.is_live()) {
            if let Some(owner) = piece.owner {
                totals[owner as usize % 4] += value(piece);
            }
        }
    }
    for (seat, total) in totals.iter_mut().enumerate() {
        for kind in Kind4::HAND {
            let n = i32::from(pos.hand_count(seat as u8, kind));
            *total += n * value(Piece4::new(kind, seat as u8)) * 11 / 10;
        }
    }
    totals
}
