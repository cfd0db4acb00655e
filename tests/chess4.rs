//! Four-player chess: perft from the start (docs/rules.md §3's counts), the
//! FEN4 start position read and written back, and perft through FEN4 in
//! random free-for-all games with grey pieces.

use banmen::rules::chess4::types::Special;
use banmen::rules::chess4::{Kind, Position, START_FEN4, Sq, Variant};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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

/// The board of `fen` as 196 tokens (`1` for an empty square), rank 14
/// first, and the fields before it.
fn squares(fen: &str) -> (&str, Vec<String>) {
    let (head, board) = fen.rsplit_once('-').expect("FEN4 has a board");
    let mut tokens = Vec::new();
    for t in board.split('/').flat_map(|rank| rank.split(',')) {
        match t.parse::<usize>() {
            Ok(n) => tokens.extend(std::iter::repeat_n("1".to_string(), n)),
            Err(_) => tokens.push(t.to_string()),
        }
    }
    (head, tokens)
}

/// A FEN4 text from [`squares`]' parts.
fn unsquares(head: &str, tokens: &[String]) -> String {
    let ranks: Vec<String> = tokens.chunks(14).map(|r| r.join(",")).collect();
    format!("{head}-{}", ranks.join("/"))
}

/// The token index of `sq` in [`squares`].
fn index(sq: Sq) -> usize {
    (13 - usize::from(sq.y())) * 14 + usize::from(sq.x())
}

/// A free-for-all position with grey pieces: `plies` random moves from
/// the start (fewer if the game ends); then, when that leaves the seat to
/// move and two others playing, the seat `out` put out by hand and its
/// grey king set down where a piece of the seat to move can take it. Read
/// back from its FEN4, with the grey pieces written without their owner
/// (`dK`, as chess.com writes them) when `ownerless`.
fn free_for_all_position(seed: u64, plies: usize, out: u8, ownerless: bool) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::start(Variant::FreeForAll);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if pos.free_for_all_over() || moves.is_empty() {
            break;
        }
        pos.play(moves[rng.random_range(0..moves.len())]);
    }
    let mover = pos.to_move();
    let king = pos.king_square(out);
    if out != mover && !pos.is_out(out) && pos.active_count() > 2 {
        pos.eliminate(out);
    }
    let fen = pos.to_fen4();
    let (head, mut tokens) = squares(&fen);
    let targets: Vec<Sq> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.piece_at(m.from).is_some_and(|p| p.kind != Kind::Pawn))
        .filter(|m| pos.piece_at(m.to).is_none() && m.special == Special::None)
        .map(|m| m.to)
        .collect();
    if let (Some(king), true, false) = (king, pos.is_out(out), targets.is_empty()) {
        let to = targets[rng.random_range(0..targets.len())];
        tokens.swap(index(king), index(to));
    }
    if ownerless {
        for t in tokens
            .iter_mut()
            .filter(|t| t.len() == 3 && t.starts_with('d'))
        {
            t.remove(1);
        }
    }
    Position::from_fen4(&unsquares(head, &tokens), Variant::FreeForAll).expect("own FEN4")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Perft 2 of a position is the sum over its legal moves of perft 1 of
    /// the position read back from that move's FEN4: a move (a grey
    /// king's capture among them) leaves the position its FEN4 says,
    /// every seat's king where the board has it.
    #[test]
    fn free_for_all_perft_2_sums_perft_1_of_each_move_read_back_from_fen4(
        seed in any::<u64>(),
        plies in 0usize..400,
        out in 0u8..4,
        ownerless in any::<bool>(),
    ) {
        let pos = free_for_all_position(seed, plies, out, ownerless);
        let mut sum = 0;
        for mv in pos.legal_moves() {
            let mut after = pos.clone();
            after.play(mv);
            let back = Position::from_fen4(&after.to_fen4(), Variant::FreeForAll)
                .expect("own FEN4");
            prop_assert_eq!(back.to_fen4(), after.to_fen4());
            for seat in 0..4 {
                prop_assert_eq!(back.king_square(seat), after.king_square(seat), "{}", mv);
            }
            sum += back.perft(1);
        }
        let expected = if pos.free_for_all_over() { 0 } else { sum };
        prop_assert_eq!(pos.perft(2), expected, "{}", pos.to_fen4());
    }
}
