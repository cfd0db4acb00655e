//! The review of a finished game: the CPU looks at every position the
//! game went through, scores the move played against its own best, and
//! marks each move by how much it lost. Pure: no I/O, the caller's thread
//! (the hall runs it on its pool, `hall::review`).
//!
//! Scores are in centipawns, capped at ±[`CAP`] (a mate reads as the cap).
//!
//! * Two-player shogi: each position is searched ([`shogi::search_position`]);
//!   a move's loss is the searched score of the position before it (the
//!   mover's best) less the mover's score after it (the next position's
//!   searched score, negated). The graph has one line: the evaluation after
//!   each move from sente's view.
//! * Four-player games: each position is searched at the level's reach (no
//!   noise, no foresight) for the CPU's best move; a move's loss is what the
//!   best move leaves the mover, looking one ply (`score_after`), less what
//!   the move played leaves it. The graph has one line per seat: each
//!   seat's material (four-player chess: points and pieces) after the move.
//!
//! Marks by loss: under 50 good, under 150 inaccuracy, under 300 mistake,
//! else blunder.

use super::four::{chess4, shogi4};
use super::shogi::search::MATE;
use super::{Budget, multi_level, shogi};
use crate::rules::shogi::{Move, Position};
use crate::rules::{AnyGame, Game};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Scores are capped here (a mate or a decided game reads as the cap).
pub const CAP: i32 = 3000;

/// How good a move was, by the evaluation it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// Lost under 50 centipawns.
    Good,
    /// Lost 50 to 149.
    Inaccuracy,
    /// Lost 150 to 299.
    Mistake,
    /// Lost 300 or more.
    Blunder,
}

impl Mark {
    /// Every mark, best first.
    pub const ALL: [Mark; 4] = [Mark::Good, Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The mark of a move that lost `loss` centipawns.
    pub fn of_loss(loss: i32) -> Mark {
        match loss {
            i32::MIN..50 => Mark::Good,
            50..150 => Mark::Inaccuracy,
            150..300 => Mark::Mistake,
            _ => Mark::Blunder,
        }
    }

    /// Its index in [`Mark::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// A one-character sign for the move list (`!` is not claimed: good
    /// moves show none).
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Good => "",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One move of the game, reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyReview {
    /// The seat that moved (index: 0 sente / red, …).
    pub mover: u8,
    /// The move played, in the game's notation.
    pub played: String,
    /// The CPU's best move in the position before it, in notation.
    pub best: Option<String>,
    /// The CPU's principal variation from `best` on (two-player shogi: a
    /// few moves; four-player: the best move alone).
    pub pv: Vec<String>,
    /// The mover's score before the move (its best).
    pub before: i32,
    /// The mover's score after the move played.
    pub after: i32,
    /// What the move lost (`before - after`, at least 0).
    pub loss: i32,
    /// Its mark.
    pub mark: Mark,
    /// The graph's values after the move: two-player, the evaluation from
    /// sente's view; four-player, each seat's material.
    pub graph: Vec<i32>,
}

/// A finished game's review, complete once `plies.len() == total`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Review {
    /// The game's kind (`shogi`, `shogi4`, `chess4`).
    pub kind: String,
    /// Lines in the graph (1 for two-player shogi, 4 for four-player).
    pub lines: usize,
    /// Seats at the table.
    pub seats: usize,
    /// The moves the game has.
    pub total: usize,
    /// The moves reviewed so far, in order.
    pub plies: Vec<PlyReview>,
}

/// One seat's marks and average loss.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSummary {
    /// The seat.
    pub seat: u8,
    /// How many of its moves got each mark, in [`Mark::ALL`]'s order.
    pub counts: [usize; 4],
    /// Its moves' average loss (centipawns; 0 with no moves).
    pub average_loss: i32,
}

impl Review {
    /// Whether every move is reviewed.
    pub fn is_complete(&self) -> bool {
        self.plies.len() >= self.total
    }

    /// Each seat's marks and average loss, seat by seat.
    pub fn summary(&self) -> Vec<SeatSummary> {
        (0..self.seats as u8)
            .map(|seat| {
                let mine: Vec<&PlyReview> = self.plies.iter().filter(|p| p.mover == seat).collect();
                let mut counts = [0; 4];
                for p in &mine {
                    counts[p.mark.index()] += 1;
                }
                let sum: i64 = mine.iter().map(|p| i64::from(p.loss)).sum();
                let average_loss = if mine.is_empty() {
                    0
                } else {
                    (sum / mine.len() as i64) as i32
                };
                SeatSummary {
                    seat,
                    counts,
                    average_loss,
                }
            })
            .collect()
    }
}

/// How hard the review looks at each position.
#[derive(Clone, Copy, Debug)]
pub struct Depth {
    /// The CPU level searched at (noise is left out).
    pub level: u8,
    /// The time per position.
    pub time: Duration,
}

fn cap(score: i32) -> i32 {
    score.clamp(-CAP, CAP)
}

/// Reviews `game` (finished or not: its moves so far) from its start,
/// calling `progress` with the review so far after each move. Stops early
/// (an incomplete review) when `stop` is set.
pub fn review(
    game: &AnyGame,
    depth: Depth,
    budget: &Budget,
    progress: &mut dyn FnMut(&Review),
) -> Review {
    let budget = budget.with_time(depth.time);
    match game {
        AnyGame::Shogi(g) => review_shogi(g.start(), g.moves(), depth.level, &budget, progress),
        AnyGame::Shogi4(g) => {
            let start =
                crate::rules::shogi4::ShogiGame4::from_position(*g.rules(), g.start().clone());
            review_four(
                "shogi4",
                start,
                g.moves(),
                &budget,
                depth.level,
                |g, reach, b| {
                    let found = shogi4::search(g, reach, b);
                    (found.best, found.score)
                },
                shogi4::score_after,
                |g| shogi4::material(g.position()),
                progress,
            )
        }
        AnyGame::Chess4(g) => {
            let start =
                crate::rules::chess4::ChessGame4::from_position(*g.rules(), g.start().clone());
            review_four(
                "chess4",
                start,
                g.moves(),
                &budget,
                depth.level,
                |g, reach, b| {
                    let found = chess4::search(g, reach, b);
                    (found.best, found.score)
                },
                chess4::score_after,
                |g| chess4::material(g.position()),
                progress,
            )
        }
    }
}

/// `game` at each ply from its start: entry `i` is the game after `i`
/// moves (what the review screen draws).
pub fn positions(game: &AnyGame) -> Vec<AnyGame> {
    fn replay<G: Game + Clone>(
        start: G,
        moves: &[G::Move],
        wrap: impl Fn(G) -> AnyGame,
    ) -> Vec<AnyGame>
    where
        G::Move: Copy,
    {
        let mut g = start;
        let mut out = vec![wrap(g.clone())];
        for &mv in moves {
            if g.play(mv).is_err() {
                break;
            }
            out.push(wrap(g.clone()));
        }
        out
    }
    match game {
        AnyGame::Shogi(g) => replay(
            crate::rules::shogi::ShogiGame::from_position(*g.rules(), g.start().clone()),
            g.moves(),
            |g| AnyGame::Shogi(Box::new(g)),
        ),
        AnyGame::Shogi4(g) => replay(
            crate::rules::shogi4::ShogiGame4::from_position(*g.rules(), g.start().clone()),
            g.moves(),
            |g| AnyGame::Shogi4(Box::new(g)),
        ),
        AnyGame::Chess4(g) => replay(
            crate::rules::chess4::ChessGame4::from_position(*g.rules(), g.start().clone()),
            g.moves(),
            |g| AnyGame::Chess4(Box::new(g)),
        ),
    }
}

/// The score of `pos` for its side to move and the best move: a position
/// with no move is mated; one with a single move is scored after it (the
/// search reports no score for a forced move).
fn shogi_score(
    pos: &Position,
    history: &[u64],
    level: u8,
    budget: &Budget,
    forced: u8,
) -> (i32, Option<Move>) {
    let legal = pos.legal_moves();
    match legal.len() {
        0 => (-MATE, None),
        1 if forced < 4 => {
            let mv = legal[0];
            let mut next = pos.clone();
            let mut hist = history.to_vec();
            hist.push(pos.hash());
            next.make(mv);
            let (score, _) = shogi_score(&next, &hist, level, budget, forced + 1);
            (-score, Some(mv))
        }
        _ => {
            let report = shogi::search_position(pos, history, level, budget);
            (report.score, report.best)
        }
    }
}

/// A few moves of the CPU's line from `best` on, each found by a short
/// search.
fn shogi_pv(pos: &Position, history: &[u64], best: Move, budget: &Budget) -> Vec<String> {
    let quick = budget.with_time(budget.time / 4);
    let (mut pos, mut hist) = (pos.clone(), history.to_vec());
    let mut pv = Vec::new();
    let mut mv = Some(best);
    while let Some(m) = mv {
        pv.push(m.to_usi());
        if pv.len() >= 4 {
            break;
        }
        hist.push(pos.hash());
        pos.make(m);
        mv = shogi::search_position(&pos, &hist, 3, &quick).best;
    }
    pv
}

fn review_shogi(
    start: &Position,
    moves: &[Move],
    level: u8,
    budget: &Budget,
    progress: &mut dyn FnMut(&Review),
) -> Review {
    let mut review = Review {
        kind: "shogi".to_string(),
        lines: 1,
        seats: 2,
        total: moves.len(),
        plies: Vec::new(),
    };
    let (mut pos, mut hist) = (start.clone(), Vec::new());
    let (mut score, mut best) = shogi_score(&pos, &hist, level, budget, 0);
    for &mv in moves {
        if budget.stopped() {
            break;
        }
        let mover = pos.side_to_move() as u8;
        let pv = best
            .map(|b| shogi_pv(&pos, &hist, b, budget))
            .unwrap_or_default();
        hist.push(pos.hash());
        pos.make(mv);
        let (next_score, next_best) = shogi_score(&pos, &hist, level, budget, 0);
        let before = cap(score);
        let after = if best == Some(mv) {
            before
        } else {
            cap(-next_score)
        };
        let loss = (before - after).max(0);
        let sente = if mover == 0 { after } else { -after };
        review.plies.push(PlyReview {
            mover,
            played: mv.to_usi(),
            best: best.map(|b| b.to_usi()),
            pv,
            before,
            after,
            loss,
            mark: Mark::of_loss(loss),
            graph: vec![sente],
        });
        progress(&review);
        (score, best) = (next_score, next_best);
    }
    review
}

#[allow(clippy::too_many_arguments)]
fn review_four<G: Game + Clone>(
    kind: &str,
    mut game: G,
    moves: &[G::Move],
    budget: &Budget,
    level: u8,
    search: impl Fn(&G, crate::cpu::Reach, &Budget) -> (Option<G::Move>, i32),
    score_after: impl Fn(&G, G::Move) -> i32,
    material: impl Fn(&G) -> [i32; 4],
    progress: &mut dyn FnMut(&Review),
) -> Review
where
    G::Move: PartialEq + Copy,
{
    let mut review = Review {
        kind: kind.to_string(),
        lines: 4,
        seats: 4,
        total: moves.len(),
        plies: Vec::new(),
    };
    let (reach, budget) = multi_level(level.max(3), budget);
    let reach = crate::cpu::Reach {
        noise: 0,
        foresight: false,
        ..reach
    };
    for &mv in moves {
        if budget.stopped() {
            break;
        }
        let mover = game.to_move().map_or(0, |s| s.0);
        let (best, score) = search(&game, reach, &budget);
        let played_after = cap(score_after(&game, mv));
        let best_after = best.map_or(played_after, |b| cap(score_after(&game, b)));
        let loss = if best == Some(mv) {
            0
        } else {
            (best_after - played_after).max(0)
        };
        let best_text = best.map(|b| game.move_text(b));
        let played = game.move_text(mv);
        if game.play(mv).is_err() {
            break;
        }
        review.plies.push(PlyReview {
            mover,
            played,
            pv: best_text.iter().cloned().collect(),
            best: best_text,
            before: cap(score),
            after: cap(score) - loss,
            loss,
            mark: Mark::of_loss(loss),
            graph: material(&game).to_vec(),
        });
        progress(&review);
    }
    review
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameKind, RuleValues};

    fn shogi(moves: &[&str]) -> AnyGame {
        let rules = RuleValues::defaults(GameKind::Shogi.rule_specs());
        let mut game = AnyGame::new(GameKind::Shogi, &rules, None).unwrap();
        for mv in moves {
            game.play_text(mv).unwrap();
        }
        game
    }

    fn quick() -> Depth {
        Depth {
            level: 3,
            time: Duration::from_millis(60),
        }
    }

    /// Sente wins a pawn on the 2-file, then walks its rook to 3d where
    /// gote's 3c pawn takes it for nothing.
    #[test]
    fn a_hanging_rook_is_a_blunder() {
        let moves = [
            "2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "4a3b", "2d3d", "3c3d",
        ];
        let game = shogi(&moves);
        let mut seen = 0;
        let done = review(
            &game,
            quick(),
            &Budget::new(Duration::from_secs(1)),
            &mut |r| {
                seen = r.plies.len();
            },
        );
        assert!(done.is_complete());
        assert_eq!(seen, moves.len());
        assert_eq!(done.plies.len(), moves.len());
        assert!(done.plies.iter().all(|p| p.graph.len() == 1));
        let rook = &done.plies[8];
        assert_eq!(rook.played, "2d3d");
        assert_eq!(rook.mover, 0);
        assert_eq!(rook.mark, Mark::Blunder, "{rook:?}");
        assert!(rook.best.is_some() && !rook.pv.is_empty());
        // Gote taking the rook is the best move, and sente's graph drops.
        assert_ne!(done.plies[9].mark, Mark::Blunder);
        assert!(done.plies[9].graph[0] < done.plies[7].graph[0] - 300);
        let summary = done.summary();
        assert_eq!(summary.len(), 2);
        assert!(summary[0].counts[Mark::Blunder.index()] >= 1);
        let json = serde_json::to_string(&done).unwrap();
        assert_eq!(serde_json::from_str::<Review>(&json).unwrap(), done);
    }

    /// A four-player game is reviewed with a graph line per seat.
    #[test]
    fn four_player_games_have_a_line_per_seat() {
        for kind in [GameKind::Chess4, GameKind::Shogi4] {
            let rules = RuleValues::defaults(kind.rule_specs());
            let mut game = AnyGame::new(kind, &rules, None).unwrap();
            for _ in 0..6 {
                let mv = game.legal_move_texts()[0].clone();
                game.play_text(&mv).unwrap();
            }
            let done = review(
                &game,
                quick(),
                &Budget::new(Duration::from_secs(1)),
                &mut |_| {},
            );
            assert_eq!(done.plies.len(), 6);
            assert_eq!(done.lines, 4);
            assert!(
                done.plies
                    .iter()
                    .all(|p| p.graph.len() == 4 && p.best.is_some())
            );
            assert_eq!(done.summary().len(), 4);
        }
    }

    #[test]
    fn marks_follow_the_loss() {
        assert_eq!(Mark::of_loss(0), Mark::Good);
        assert_eq!(Mark::of_loss(49), Mark::Good);
        assert_eq!(Mark::of_loss(50), Mark::Inaccuracy);
        assert_eq!(Mark::of_loss(150), Mark::Mistake);
        assert_eq!(Mark::of_loss(300), Mark::Blunder);
    }
}
