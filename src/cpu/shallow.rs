//! A shallow alpha-beta search over material: enough to play legal moves
//! that are not absurd (it takes free pieces, avoids losing its own, and
//! sees mates a few plies deep). Levels set the depth; level 1 adds noise.

use crate::rules::Game;
use crate::rules::shogi::{Color, Kind, Move, Position, ShogiGame};
use crate::rules::vocab;
use rand::Rng;

const MATE: i32 = 100_000;

/// Material value of a piece on the board (hand pieces count a little more:
/// they can go anywhere).
fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Lance => 300,
        Kind::Knight => 350,
        Kind::Silver => 500,
        Kind::Gold => 550,
        Kind::Bishop => 800,
        Kind::Rook => 1000,
        Kind::King => 0,
        Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => 550,
        Kind::Horse => 1050,
        Kind::Dragon => 1250,
    }
}

/// Material balance from the side to move's point of view.
fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let mut score = 0;
    for color in Color::BOTH {
        let sign = if color == us { 1 } else { -1 };
        let mut total = 0;
        for kind in Kind::ALL {
            total += value(kind) * pos.pieces_of(color, kind).count() as i32;
        }
        for kind in Kind::HAND {
            total += value(kind) * 11 / 10 * pos.hand(color).count(kind) as i32;
        }
        score += sign * total;
    }
    score
}

fn search(pos: &mut Position, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return -MATE + ply;
    }
    if depth == 0 {
        return evaluate(pos);
    }
    for &mv in order(pos, &moves).iter() {
        let undo = pos.make(mv);
        let score = -search(pos, depth - 1, -beta, -alpha, ply + 1);
        pos.unmake(mv, undo);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// Captures of valuable pieces first, then promotions, then the rest.
fn order(pos: &Position, moves: &[Move]) -> Vec<Move> {
    let mut sorted = moves.to_vec();
    sorted.sort_by_key(|mv| {
        let target = pos.piece_at(mv.to());
        let capture = if target.is_empty() {
            0
        } else {
            value(target.kind())
        };
        -(capture * 4 + if mv.is_promotion() { 100 } else { 0 })
    });
    sorted
}

/// The move for `game`'s side to move: the best at the level's depth, with
/// ties (and, at level 1, near-ties) broken at random so games vary.
pub fn shogi(game: &ShogiGame, level: u8) -> Option<vocab::Move> {
    if game.outcome().is_some() {
        return None;
    }
    let mut pos = game.position().clone();
    let moves = pos.legal_moves();
    let depth = match level {
        0 | 1 => 1,
        2 => 2,
        _ => 3,
    };
    let slack = if level <= 1 { 150 } else { 0 };
    let mut scored = Vec::with_capacity(moves.len());
    let mut best = -MATE - 1;
    for &mv in order(&pos, &moves).iter() {
        let undo = pos.make(mv);
        let score = -search(&mut pos, depth - 1, -MATE - 1, -(best - slack) + 1, 1);
        pos.unmake(mv, undo);
        best = best.max(score);
        scored.push((mv, score));
    }
    let good: Vec<Move> = scored
        .iter()
        .filter(|(_, s)| *s >= best - slack)
        .map(|(m, _)| *m)
        .collect();
    let pick = good[rand::rng().random_range(0..good.len())];
    Some(game.to_vocab(pick))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::shogi::ShogiRules;

    fn best(sfen: &str, level: u8) -> String {
        let game =
            ShogiGame::from_position(ShogiRules::default(), Position::from_sfen(sfen).unwrap());
        let mv = shogi(&game, level).unwrap();
        let legal = game.position().legal_moves();
        let found = legal.iter().find(|m| game.to_vocab(**m) == mv).unwrap();
        found.to_usi()
    }

    #[test]
    fn takes_a_free_rook_and_finds_mate_in_one() {
        // Gote's rook on 5e hangs to the gold.
        assert_eq!(best("4k4/9/9/9/4r4/4G4/9/9/4K4 b - 1", 2), "5f5e");
        assert_eq!(best("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 3), "G*5b");
    }

    #[test]
    fn no_move_once_the_game_is_over() {
        let mut game = ShogiGame::new(ShogiRules::default());
        game.resign(vocab::Seat(0)).unwrap();
        assert!(shogi(&game, 3).is_none());
    }
}
