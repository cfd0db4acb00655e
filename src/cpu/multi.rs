//! A search for the four-player games: paranoid alpha-beta (Sturtevant &
//! Korf) with iterative deepening under the time budget.
//!
//! The hall's CPU plays best-reply search instead (`brs.rs`), which
//! measured stronger in both four-player games (see the README's strength
//! tables); this search stays for comparison (`think_paranoid`,
//! `cargo bench --bench strength4` with `SEARCH=paranoid`). It runs through
//! the games' own turn order (`Game::play`), so check priority,
//! eliminations and inherited pieces need no special case. Every seat
//! outside the root's team is assumed to play against it; partners (pairs,
//! teams) play with it.
//!
//! The evaluation is material (board and hand) of the root's team against
//! the average opponent, so taking anyone's piece helps and being the
//! weakest hurts; finished games score by result.

use super::{Budget, Watch};
use crate::rules::Game;
use crate::rules::chess4::ChessGame4;
use crate::rules::chess4::types::Sq;
use crate::rules::shogi4::{ShogiGame4, Sq4};
use crate::rules::vocab::{self, PieceKind, SeatSet, Square, Verdict};

/// A won (or lost) game.
const WIN: i32 = 1_000_000;

/// Piece values of one game: board value by kind and promotion.
pub type Values = fn(PieceKind, bool) -> i32;

/// Four-player shogi's values (promoted pieces as golds, dragons more).
pub fn shogi_values(kind: PieceKind, promoted: bool) -> i32 {
    match (kind, promoted) {
        (PieceKind::Rook, true) => 1200,
        (PieceKind::Rook, false) => 1000,
        (PieceKind::Bishop, true) => 1000,
        (PieceKind::Bishop, false) => 800,
        (PieceKind::King, _) => 0,
        (_, true) | (PieceKind::Gold, _) => 550,
        (PieceKind::Silver, _) => 500,
        (PieceKind::Knight, _) => 350,
        (PieceKind::Lance, _) => 300,
        _ => 100,
    }
}

/// Four-player chess values (chess.com's, in centipawns).
pub fn chess_values(kind: PieceKind, _promoted: bool) -> i32 {
    match kind {
        PieceKind::Queen => 900,
        PieceKind::Rook => 500,
        PieceKind::Bishop | PieceKind::Knight => 300,
        PieceKind::Pawn => 100,
        _ => 0,
    }
}

/// What the evaluation reads from a four-player game beyond material.
pub trait Threats: Game {
    /// Per seat, the value of its most valuable piece that another seat
    /// attacks: the search looks a round ahead at most, so a piece left
    /// where a later seat can take it must cost something.
    fn hanging(&self, values: Values) -> [i32; 4];

    /// Per seat, what the game's own scoring already gave it (mates made
    /// in four-player shogi, points in free-for-all chess), in centipawns.
    fn standing(&self) -> [i32; 4];
}

impl Threats for ShogiGame4 {
    fn hanging(&self, values: Values) -> [i32; 4] {
        let pos = self.position();
        let mut worst = [0; 4];
        for i in 0..81u8 {
            let Some(piece) = pos.piece_at(Sq4(i)).filter(|p| p.is_live()) else {
                continue;
            };
            let (Some(owner), Some(seen)) = (piece.owner, self.piece_at(Square::new(i % 9, i / 9)))
            else {
                continue;
            };
            if pos.attackers(Sq4(i)) & !(1 << owner) != 0 {
                let w = &mut worst[owner as usize % 4];
                *w = (*w).max(values(seen.kind, seen.promoted));
            }
        }
        worst
    }

    fn standing(&self) -> [i32; 4] {
        self.position().mates().map(|m| i32::from(m) * 1500)
    }
}

impl Threats for ChessGame4 {
    fn hanging(&self, values: Values) -> [i32; 4] {
        let pos = self.position();
        let mut worst = [0; 4];
        for y in 0..14 {
            for x in 0..14 {
                let sq = Sq::new(x, y);
                let Some(piece) = pos.piece_at(sq).filter(|p| !p.dead) else {
                    continue;
                };
                let Some(seen) = self.piece_at(Square::new(x, y)) else {
                    continue;
                };
                let others = 0b1111 & !(1u8 << piece.owner);
                if seen.kind != PieceKind::King && pos.attacked(sq, others, 255) {
                    let w = &mut worst[piece.owner as usize % 4];
                    *w = (*w).max(values(seen.kind, seen.promoted));
                }
            }
        }
        worst
    }

    fn standing(&self) -> [i32; 4] {
        self.position().points().map(|p| p * 100)
    }
}

/// What the search needs to know about the table.
#[derive(Copy, Clone)]
pub struct Sides {
    /// The root seat's team (itself alone in individual games).
    pub team: SeatSet,
    /// Piece values.
    pub values: Values,
}

/// One search.
struct Search<'a> {
    sides: Sides,
    watch: Watch<'a>,
}

/// The best move for the seat to move, searching at most `max_depth`
/// plies within the budget; `None` when there is no legal move.
pub fn best_move<G: Threats>(
    game: &G,
    sides: Sides,
    max_depth: u32,
    budget: &Budget,
) -> Option<G::Move> {
    let moves = ordered(game, sides.values);
    let mut best = *moves.first()?;
    let mut search = Search {
        sides,
        watch: Watch::new(budget),
    };
    for depth in 1..=max_depth.max(1) {
        match search.root(game, &moves, depth) {
            Some(mv) if !search.watch.out_of_time => best = mv,
            _ => break,
        }
    }
    Some(best)
}

/// Legal moves, captures of the most valuable pieces first.
fn ordered<G: Game>(game: &G, values: Values) -> Vec<G::Move> {
    let mut scored: Vec<(i32, G::Move)> = game
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let to = target(game.to_vocab(mv));
            let taken = to
                .and_then(|sq| game.piece_at(sq))
                .map_or(0, |p| values(p.kind, p.promoted) + 1);
            (-taken, mv)
        })
        .collect();
    scored.sort_by_key(|(key, _)| *key);
    scored.into_iter().map(|(_, mv)| mv).collect()
}

fn target(mv: vocab::Move) -> Option<Square> {
    match mv {
        vocab::Move::Step { to, .. } | vocab::Move::Drop { to, .. } => Some(to),
    }
}

impl Search<'_> {
    /// One iteration at the root; the best move, or `None` if time ran out.
    fn root<G: Threats>(&mut self, game: &G, moves: &[G::Move], depth: u32) -> Option<G::Move> {
        let mut alpha = -WIN * 2;
        let mut best = None;
        for &mv in moves {
            let mut next = game.clone();
            if next.play(mv).is_err() {
                continue;
            }
            let score = self.value(&next, depth - 1, alpha, WIN * 2);
            if self.watch.out_of_time {
                return None;
            }
            if score > alpha || best.is_none() {
                alpha = score;
                best = Some(mv);
            }
        }
        best
    }

    /// The position's value for the root's team: the team maximises, every
    /// other seat minimises (paranoid).
    fn value<G: Threats>(&mut self, game: &G, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.watch.tick();
        let Some(seat) = game.to_move() else {
            return self.result(game, depth);
        };
        if depth == 0 || self.watch.out_of_time {
            return self.evaluate(game);
        }
        let ours = self.sides.team.contains(seat);
        let mut best = if ours { -WIN * 2 } else { WIN * 2 };
        for mv in ordered(game, self.sides.values) {
            let mut next = game.clone();
            if next.play(mv).is_err() {
                continue;
            }
            let score = self.value(&next, depth - 1, alpha, beta);
            if ours {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta || self.watch.out_of_time {
                break;
            }
        }
        best
    }

    /// A finished game: a win for the team (sooner is better), a loss,
    /// or by placing.
    fn result<G: Game>(&self, game: &G, depth: u32) -> i32 {
        let Some(outcome) = game.outcome() else {
            return 0;
        };
        let sooner = depth as i32;
        match &outcome.verdict {
            Verdict::Win(set) if set.0 & self.sides.team.0 != 0 => WIN + sooner,
            Verdict::Win(_) => -WIN - sooner,
            Verdict::Draw => 0,
            Verdict::Placings(places) => {
                let rank = places
                    .iter()
                    .position(|p| self.sides.team.contains(p.seat))
                    .unwrap_or(places.len());
                WIN - (rank as i32) * (2 * WIN / places.len().max(1) as i32) + sooner
            }
        }
    }

    /// Material of the team (per seat) against the average opponent; a
    /// team with every seat out has lost.
    fn evaluate<G: Threats>(&self, game: &G) -> i32 {
        let ring = game.seats();
        let mut totals = vec![0i32; ring.all().count()];
        self.count_board(game, &mut totals);
        for seat in ring.active() {
            for (kind, n) in game.hand(seat).pieces {
                totals[seat.index()] += (self.sides.values)(kind, false) * 11 / 10 * n as i32;
            }
        }
        for (total, extra) in totals.iter_mut().zip(game.standing()) {
            *total += extra;
        }
        // A piece that stands attacked is mostly lost before its owner
        // can save it, unless its owner moves next.
        let to_move = game.to_move();
        for (seat, worst) in game.hanging(self.sides.values).into_iter().enumerate() {
            let share = if to_move.is_some_and(|s| s.index() == seat) {
                4
            } else {
                2
            };
            if let Some(total) = totals.get_mut(seat) {
                *total -= worst * 3 / share / 2;
            }
        }
        let (mut ours, mut theirs, mut n_ours, mut n_theirs) = (0, 0, 0, 0);
        for seat in ring.active() {
            if self.sides.team.contains(seat) {
                ours += totals[seat.index()];
                n_ours += 1;
            } else {
                theirs += totals[seat.index()];
                n_theirs += 1;
            }
        }
        if n_ours == 0 {
            return -WIN;
        }
        ours / n_ours - theirs / n_theirs.max(1)
    }

    fn count_board<G: Game>(&self, game: &G, totals: &mut [i32]) {
        let geometry = game.geometry();
        for y in 0..geometry.height {
            for x in 0..geometry.width {
                let Some(piece) = game.piece_at(Square::new(x, y)) else {
                    continue;
                };
                if let (Some(owner), false) = (piece.owner, piece.dead) {
                    if let Some(total) = totals.get_mut(owner.index()) {
                        *total += (self.sides.values)(piece.kind, piece.promoted);
                    }
                }
            }
        }
    }
}
