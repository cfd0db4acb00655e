//! Four-player chess: perft from the start (docs/rules.md §3's counts) and the
//! FEN4 start position read and written back.

use banmen::rules::chess4::{Position, START_FEN4, Variant};

#[test]
fn start_position_perft_matches_the_rule_book_to_depth_4() {
    let pos = Position::start(Variant::Teams);
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [20, 395, 7_800, 152_050]);
}

#[test]
#[ignore = "a few seconds in release; run with --ignored"]
fn start_position_perft_depth_5() {
    assert_eq!(Position::start(Variant::Teams).perft(5), 3_452_310);
}

#[test]
fn the_start_fen4_round_trips() {
    let pos = Position::start(Variant::Teams);
    assert_eq!(pos.to_fen4(), START_FEN4);
}

/// Random games of both types: every position reached reads back from its
/// own FEN4 with the same moves, no move is listed twice, pieces only
/// leave the board, and the whole game reads back from its PGN4.
#[test]
fn invariants_hold_through_random_games() {
    use banmen::rules::chess4::{Chess4Rules, ChessGame4, pgn4};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(7);
    for variant in [Variant::Teams, Variant::FreeForAll] {
        for _ in 0..6 {
            let rules = Chess4Rules {
                variant,
                ..Chess4Rules::default()
            };
            let mut game = ChessGame4::new(rules, 0);
            let mut pieces = 64;
            while game.outcome().is_none() && game.moves().len() < 400 {
                let pos = game.position().clone();
                let back = Position::from_fen4(&pos.to_fen4(), variant).expect("own FEN4");
                assert_eq!(back.to_fen4(), pos.to_fen4());
                let mut moves = game.legal_moves();
                assert_eq!(back.legal_moves(), moves);
                let count = moves.len();
                moves.sort();
                moves.dedup();
                assert_eq!(moves.len(), count, "a move listed twice");
                let now = count_pieces(&pos);
                assert!(now <= pieces, "pieces appeared");
                pieces = now;
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).expect("listed moves are legal");
            }
            let text = pgn4::write_game(game.start(), game.moves(), &[]);
            let (_, read) = pgn4::read_game(&text, variant).expect("own PGN4");
            assert_eq!(read, game.moves());
        }
    }
}

fn count_pieces(pos: &Position) -> usize {
    (0..196u8)
        .filter(|&i| pos.piece_at(banmen::rules::chess4::Sq(i)).is_some())
        .count()
}
