//! The four-player chess CPU (best-reply search, `src/cpu/brs_chess4.rs`):
//! it takes what is left hanging, it plays legal moves in both game types
//! at every level, and it stops when told.

use banmen::cpu::{Budget, Reach, brs_chess4, think};
use banmen::rules::chess4::{Chess4Rules, ChessGame4, Position, Variant};
use banmen::rules::{AnyGame, GameKind, RuleValues};
use std::time::Duration;

mod chess4_support;
use chess4_support::{fen4_with, sq};

/// The four kings on their start squares, `pieces` besides, `turn` to move.
fn game(variant: Variant, turn: &str, pieces: &[(&str, &str)]) -> ChessGame4 {
    let kings = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];
    let all: Vec<(&str, &str)> = kings.iter().chain(pieces).copied().collect();
    let text = fen4_with(turn, "0,0,0,0", "0,0,0,0", &all);
    let pos = Position::from_fen4(&text, variant).unwrap_or_else(|e| panic!("{text}: {e}"));
    let kind = match variant {
        Variant::Teams => "teams",
        Variant::FreeForAll => "ffa",
    };
    let values = RuleValues::parse(GameKind::Chess4.rule_specs(), &[&format!("type={kind}")]);
    ChessGame4::from_position(Chess4Rules::from_values(&values.unwrap()), pos)
}

#[test]
fn it_takes_a_queen_left_hanging_in_both_game_types() {
    for variant in [Variant::Teams, Variant::FreeForAll] {
        // Blue's queen on g9 stands in front of Red's on g4, nobody guards it.
        let g = game(variant, "R", &[("g4", "rQ"), ("g9", "bQ"), ("k12", "yP")]);
        let budget = Budget::new(Duration::from_secs(5));
        let mv = brs_chess4::best_move(&g, Reach::depth(3), &budget).expect("a move");
        assert_eq!((mv.from, mv.to), (sq("g4"), sq("g9")), "{variant:?}");
    }
}

#[test]
fn every_level_plays_legal_moves_from_the_start() {
    for kind in ["teams", "ffa"] {
        let values = RuleValues::parse(GameKind::Chess4.rule_specs(), &[&format!("type={kind}")]);
        let mut game = AnyGame::new(GameKind::Chess4, &values.unwrap(), None).unwrap();
        for level in [1, 2, 3, 4, 5, 3, 4, 5] {
            let budget = Budget::new(Duration::from_millis(100));
            let mv = think(&game, level, &budget).expect("a move at the start");
            game.play(&mv).expect("a legal move");
        }
    }
}

#[test]
fn a_stop_flag_ends_the_search_with_a_legal_move() {
    let g = game(Variant::Teams, "R", &[("g4", "rQ"), ("g9", "bQ")]);
    let budget = Budget::new(Duration::from_secs(60));
    budget
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let mv = brs_chess4::best_move(&g, Reach::depth(30), &budget).expect("a move");
    assert!(g.legal_moves().contains(&mv));
}
