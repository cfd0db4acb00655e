//! Self-play for fitting the teams evaluation ([`crate::cpu::tune`]):
//! level 5's search at a fixed shallow depth plays both teams from
//! openings made of a few random moves, and every quiet position of every
//! finished game is written as FEN4 with the game's result for Red and
//! Yellow. Quiet means the seat to move is not in check and its best move
//! neither captures nor promotes: there the static evaluation should
//! already predict the result, which is what the fit asks of it.

use super::order::Table;
use super::{DECIDED, features, search_with, weights};
use crate::cpu::Budget;
use crate::cpu::tune::{self, Adjudicator, SelfplayOptions, Tunable};
use crate::rules::chess4::{Chess4Rules, ChessGame4, Move, Position, Variant};
use crate::rules::vocab::{Outcome, Seat, Verdict};
use rand::seq::IndexedRandom;
use std::io;
use std::time::Duration;

/// Random plies at the start: two for each seat at most, so that games
/// differ without starting lost.
const RANDOM_PLIES: usize = 8;
/// Plies searched before positions are recorded.
const OPENING: usize = 16;
/// A game still going after this many plies is a draw.
const MAX_PLIES: usize = 400;
/// A team this far ahead (centipawns) for this many plies in a row wins
/// (or one that sees a decided game).
const DECISIVE: (i32, usize) = (1500, 4);

/// Four-player chess in teams, positions as FEN4, results for Red and
/// Yellow.
pub struct Teams;

impl Tunable for Teams {
    type Position = Position;
    const WEIGHTS: &'static [i16] = &weights::WEIGHTS;
    const SCALE: i32 = weights::SCALE;
    const WEIGHTS_PATH: &'static str = "src/cpu/four/teams/weights.rs";

    fn visit(pos: &Position, visit: &mut dyn FnMut(usize, i32)) {
        features::visit(pos, visit);
    }

    fn parse(text: &str) -> Option<Position> {
        Position::from_fen4(text, Variant::Teams).ok()
    }
}

/// Plays the games, appending each finished game's positions to the
/// output; returns games and positions written.
pub fn run(options: &SelfplayOptions, log: &(dyn Fn(&str) + Sync)) -> io::Result<(u32, u64)> {
    tune::run_games(options, &|n| play(options, n), log)
}

/// Plays game `n` and returns its lines.
fn play(options: &SelfplayOptions, n: u32) -> Vec<String> {
    let mut rng = options.rng(n);
    let mut game = ChessGame4::new(Chess4Rules::default(), 0);
    let mut table = Table::new();
    let mut recorded: Vec<String> = Vec::new();
    let mut judge = Adjudicator::new(DECISIVE, DECIDED);
    let depth = options.depth.clamp(1, 64) as u32;
    let result = loop {
        if let Some(outcome) = game.outcome() {
            break result_of(outcome);
        }
        let ply = game.moves().len();
        if ply >= MAX_PLIES {
            break 0.5;
        }
        let mv = match ply < RANDOM_PLIES {
            true => game.legal_moves().choose(&mut rng).copied(),
            false => {
                let budget = Budget::new(Duration::from_secs(60));
                let (found, used) = search_with(&game, depth, &budget, &mut |_| {}, table);
                table = used.aged();
                let mover = features::sign(game.position().to_move());
                if let Some(winner) = judge.judge(found.score * mover) {
                    break winner;
                }
                found.best
            }
        };
        let Some(mv) = mv else { break 0.5 };
        if ply >= OPENING && quiet(game.position(), mv) {
            recorded.push(game.position().to_fen4());
        }
        if game.play(mv).is_err() {
            break 0.5;
        }
    };
    recorded
        .into_iter()
        .map(|fen| format!("{fen};{result}"))
        .collect()
}

/// Red and Yellow's result in a finished game.
fn result_of(outcome: &Outcome) -> f64 {
    match &outcome.verdict {
        Verdict::Win(seats) if seats.contains(Seat(0)) => 1.0,
        Verdict::Win(_) => 0.0,
        _ => 0.5,
    }
}

/// Whether the position is quiet under `mv`: the seat to move not in
/// check, and its move neither captures nor promotes.
fn quiet(pos: &Position, mv: Move) -> bool {
    !pos.in_check(pos.to_move()) && mv.promotion.is_none() && pos.piece_at(mv.to).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::tune::TuneGame;

    #[test]
    fn a_game_writes_quiet_positions_with_its_result() {
        for fen in tune::one_game(TuneGame::Chess4, play) {
            let pos = Teams::parse(&fen).expect("FEN4");
            assert!(!pos.in_check(pos.to_move()), "{fen}");
        }
    }
}
