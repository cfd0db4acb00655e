//! The teams search: it wins what is there to win (a king, a mate, a
//! hanging queen), sees a mate by distance, does not stalemate when
//! ahead but takes a repetition when behind, plays only legal moves, and
//! stops when told; a search of the same game starts from the table the
//! last one left; it tries first the quiet moves that refuted the same
//! move before and leaves captures that risk more than they take until
//! after the killers; its table keeps deep entries from being pushed
//! out by shallow ones; its evaluation counts the pieces that could be won
//! and the attacks around a king, and is the weights times the features
//! the fit tunes.

use super::eval::evaluate;
use super::features;
use super::order::{Bound, Hints, Picker, Table};
use super::weights::{SCALE, WEIGHTS};
use super::{DECIDED, INF, MATE, search_reporting, search_with};
use crate::cpu::{Budget, Searched};
use crate::rules::chess4::{Chess4Rules, ChessGame4, Move, Position, Sq};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The square named `name`.
fn sq(name: &str) -> Sq {
    Sq::parse(name).expect("a square")
}

/// A teams game: the four kings on their start squares, `pieces` besides
/// (`("g4", "rQ")`), `turn` to move, no castling.
fn game(turn: &str, pieces: &[(&str, &str)]) -> ChessGame4 {
    let kings = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];
    let all: Vec<(&str, &str)> = kings.iter().chain(pieces).copied().collect();
    let mut ranks = Vec::new();
    for y in (0..14u8).rev() {
        let tokens: Vec<String> = (0..14u8)
            .map(|x| match Sq::new(x, y) {
                here if here.is_wall() => "x".to_string(),
                here => match all.iter().find(|(s, _)| sq(s) == here) {
                    Some((_, piece)) => piece.to_string(),
                    None => "1".to_string(),
                },
            })
            .collect();
        ranks.push(tokens.join(","));
    }
    let text = format!(
        "{turn}-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{}",
        ranks.join("/")
    );
    let pos = Position::from_fen4(&text, Default::default()).expect("a position");
    ChessGame4::from_position(Chess4Rules::default(), pos)
}

/// The search of `g` for `ms` milliseconds, at most `depth` plies.
fn search(g: &ChessGame4, depth: u32, ms: u64) -> Searched<Move> {
    let budget = Budget::new(Duration::from_millis(ms));
    search_reporting(g, depth, &budget, &mut |_| {})
}

/// Whether the search's move goes from `from` to `to`.
fn plays(found: &Searched<Move>, (from, to): (&str, &str)) -> bool {
    found
        .best
        .is_some_and(|mv| (mv.from, mv.to) == (sq(from), sq(to)))
}

#[test]
fn it_takes_a_queen_left_hanging() {
    let g = game("R", &[("g4", "rQ"), ("g9", "bQ"), ("k12", "yP")]);
    let found = search(&g, 6, 5_000);
    assert!(plays(&found, ("g4", "g9")), "{:?}", found.best);
    assert!(found.score > 500, "{}", found.score);
}

#[test]
fn it_takes_a_king_its_owner_left_attacked() {
    // Green's king on n8 stands on the rank of Red's queen; Blue's queen
    // hangs too, but the king ends the game.
    let g = game("R", &[("l8", "rQ"), ("g9", "bQ"), ("g4", "rR")]);
    let found = search(&g, 4, 5_000);
    assert!(plays(&found, ("l8", "n8")), "{:?}", found.best);
    assert_eq!(found.score, MATE - 1);
}

#[test]
fn it_mates_in_one_and_scores_the_mate_by_its_distance() {
    // The rook on b10 guards the b-file; the other to a4 checks Blue's
    // king on a7 along the a-file, and it has nowhere to go.
    let g = game("R", &[("b10", "rR"), ("h4", "rR")]);
    let found = search(&g, 5, 5_000);
    assert!(plays(&found, ("h4", "a4")), "{:?}", found.best);
    assert_eq!(found.score, MATE - 1);
    let mut after = g.clone();
    after.play(found.best.expect("a move")).expect("legal");
    assert!(after.outcome().is_some(), "Blue is mated");
}

#[test]
fn it_sees_its_own_side_lost_by_distance() {
    // Blue to move with nothing to stop Green's mate or Red's: a lost
    // position for Blue is scored as lost, not as a material count.
    let g = game("B", &[("b10", "rR"), ("h4", "rR"), ("m4", "rQ")]);
    let found = search(&g, 8, 5_000);
    assert!(found.score <= -DECIDED, "{}", found.score);
}

#[test]
fn a_piece_that_could_be_won_counts_for_the_side_that_could_win_it() {
    // Blue's knight on d5 stands where Red's pawn on e4 could take it;
    // on c5, next to it, it does not. (A pawn as the
    // attacker: a rook's would also lose the squares the knight blocks.)
    let attacked = game("R", &[("e4", "rP"), ("d5", "bN")]);
    let safe = game("R", &[("e4", "rP"), ("c5", "bN")]);
    let gain = evaluate(attacked.position()) - evaluate(safe.position());
    assert!(gain > 80, "{gain}");
}

/// The fit tunes the weights of the features it is shown
/// ([`features::visit`]): that must be all the evaluation counts, in
/// positions of random games of every kind.
#[test]
fn the_evaluation_is_the_weights_times_the_features() {
    assert_eq!(WEIGHTS.len(), features::COUNT, "one weight per feature");
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..8 {
        let mut g = ChessGame4::new(Chess4Rules::default(), 0);
        while g.outcome().is_none() && g.moves().len() < 120 {
            let pos = g.position();
            let mut sum = 0;
            features::visit(pos, &mut |i, v| sum += i32::from(WEIGHTS[i]) * v);
            let fitted = features::sign(pos.to_move()) * sum / SCALE;
            assert_eq!(evaluate(pos), fitted, "{}", pos.to_fen4());
            let moves = g.legal_moves();
            g.play(*moves.choose(&mut rng).expect("a move"))
                .expect("legal");
        }
    }
}

#[test]
fn enemies_crowding_a_king_cost_its_side() {
    // Blue's queen and rook, and Green's rook, aim at the three squares
    // in front of Red's king on h1 (from e5, g7 and i9), or stand as far
    // off the king (e10, f12, l10).
    let near = game("B", &[("e5", "bQ"), ("g7", "bR"), ("i9", "gR")]);
    let far = game("B", &[("e10", "bQ"), ("f12", "bR"), ("l10", "gR")]);
    let cost = evaluate(near.position()) - evaluate(far.position());
    assert!(cost > 100, "{cost}");
}

#[test]
fn a_side_ahead_does_not_stalemate() {
    // Red's queen to c8 would leave Blue's lone king on a7 no move out of
    // check: a draw, which Red, two queens up, must not take.
    let pieces = [
        ("c10", "rQ"),
        ("d5", "rN"),
        ("d8", "rP"),
        ("h12", "yQ"),
        ("k12", "yQ"),
    ];
    let g = game("R", &pieces);
    let found = search(&g, 4, 5_000);
    let mut after = g.clone();
    after.play(found.best.expect("a move")).expect("legal");
    let pos = after.position();
    assert!(pos.has_legal_move(1) || pos.in_check(1), "{:?}", found.best);
    assert!(found.score > 1_000, "{}", found.score);
}

#[test]
fn a_side_behind_stalemates_for_the_draw() {
    let pieces = [
        ("c10", "rQ"),
        ("d5", "rN"),
        ("d8", "rP"),
        ("m4", "gQ"),
        ("m11", "gQ"),
    ];
    let g = game("R", &pieces);
    let found = search(&g, 4, 5_000);
    assert!(plays(&found, ("c10", "c8")), "{:?}", found.best);
    assert_eq!(found.score, 0);
}

/// A game in which every seat moved a rook out and back: Red's step out
/// again returns to a position the game has had. `strong`: Red and
/// Yellow have the queens, otherwise Blue and Green.
fn shuffled(strong: bool) -> ChessGame4 {
    let (ours, theirs) = match strong {
        true => ([("g4", "rQ"), ("h12", "yQ")], [("c9", "bR"), ("l6", "gR")]),
        false => ([("g4", "rR"), ("h12", "yR")], [("c9", "bQ"), ("l6", "gQ")]),
    };
    let shufflers = [("d2", "rR"), ("b4", "bR"), ("k13", "yR"), ("m11", "gR")];
    let pieces: Vec<_> = shufflers
        .iter()
        .chain(&ours)
        .chain(&theirs)
        .copied()
        .collect();
    let mut g = game("R", &pieces);
    let out = [("d2", "d3"), ("b4", "c4"), ("k13", "k12"), ("m11", "l11")];
    for (from, to) in [out, out.map(|(a, b)| (b, a))].concat() {
        let mv = g
            .legal_moves()
            .into_iter()
            .find(|m| (m.from, m.to) == (sq(from), sq(to)));
        g.play(mv.expect("a legal step")).expect("played");
    }
    g
}

#[test]
fn a_side_behind_repeats_and_a_side_ahead_plays_on() {
    let behind = search(&shuffled(false), 4, 5_000);
    assert!(plays(&behind, ("d2", "d3")), "{:?}", behind.best);
    assert_eq!(behind.score, 0);
    let ahead = search(&shuffled(true), 4, 5_000);
    assert!(!plays(&ahead, ("d2", "d3")), "{:?}", ahead.best);
    assert!(ahead.score > 500, "{}", ahead.score);
}

#[test]
fn at_the_move_limit_nothing_moves_and_the_game_is_drawn() {
    // Red could take Blue's queen, but the room's limit ends the game
    // after Red's move: every move draws but the mate, which ends first.
    let mut g = game("R", &[("g4", "rQ"), ("g9", "bQ")]);
    let rules = Chess4Rules {
        move_limit: Some(1),
        ..Chess4Rules::default()
    };
    g = ChessGame4::from_position(rules, g.position().clone());
    let found = search(&g, 6, 5_000);
    assert_eq!(found.score, 0);
    let mated = ChessGame4::from_position(
        rules,
        game("R", &[("b10", "rR"), ("h4", "rR")]).position().clone(),
    );
    let found = search(&mated, 6, 5_000);
    assert_eq!(found.score, MATE - 1);
}

#[test]
fn it_plays_only_legal_moves() {
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..12 {
        let mut g = ChessGame4::new(Chess4Rules::default(), 0);
        let random = rng.random_range(4..60);
        for _ in 0..random {
            let Some(mv) = g.legal_moves().choose(&mut rng).copied() else {
                break;
            };
            g.play(mv).expect("legal");
        }
        if g.outcome().is_some() {
            continue;
        }
        let found = search(&g, 64, 10 + round * 5);
        let mv = found.best.expect("a move");
        assert!(g.legal_moves().contains(&mv), "{mv}");
    }
}

#[test]
fn it_stops_when_told() {
    let g = ChessGame4::new(Chess4Rules::default(), 0);
    let budget = Budget::new(Duration::from_secs(60));
    let stop = budget.stop.clone();
    let clock = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
    });
    let found = search_reporting(&g, 64, &budget, &mut |_| {});
    stopper.join().expect("the stopper ends");
    assert!(
        clock.elapsed() < Duration::from_secs(2),
        "{:?}",
        clock.elapsed()
    );
    assert!(g.legal_moves().contains(&found.best.expect("a move")));
}

#[test]
fn it_deepens_and_reports_each_iteration() {
    let g = ChessGame4::new(Chess4Rules::default(), 0);
    let budget = Budget::new(Duration::from_millis(500));
    let mut depths = Vec::new();
    let found = search_reporting(&g, 64, &budget, &mut |it| depths.push(it.depth));
    assert_eq!(depths, (1..=found.depth).collect::<Vec<_>>());
    assert!(found.depth >= 4, "only depth {}", found.depth);
}

#[test]
fn a_search_of_the_same_game_starts_from_what_the_last_one_found() {
    let g = ChessGame4::new(Chess4Rules::default(), 0);
    let budget = Budget::new(Duration::from_secs(60));
    let (first, table) = search_with(&g, 6, &budget, &mut |_| {}, Table::new());
    let (again, _) = search_with(&g, 6, &budget, &mut |_| {}, table);
    assert_eq!(again.depth, 6);
    assert!(
        again.nodes * 2 < first.nodes,
        "{} then {}",
        first.nodes,
        again.nodes
    );
}

/// The move of `pos` from `from` to `to`.
fn find(pos: &Position, (from, to): (&str, &str)) -> Move {
    let moves = pos.legal_moves();
    let found = moves
        .iter()
        .find(|mv| (mv.from, mv.to) == (sq(from), sq(to)));
    *found.expect("a legal move")
}

/// The moves of `pos` at `ply` in the order the search tries them.
fn order(pos: &Position, hints: &Hints, ply: usize) -> Vec<(Move, bool)> {
    let mut picker = Picker::new(pos, pos.legal_moves(), 0, hints, ply);
    std::iter::from_fn(|| picker.next()).collect()
}

#[test]
fn a_quiet_move_that_refuted_a_move_comes_first_when_that_move_is_met_again() {
    let g = game("R", &[("g4", "rQ"), ("e5", "rN"), ("g9", "bP")]);
    let pos = g.position();
    let (answer_a, answer_b) = (find(pos, ("g4", "i4")), find(pos, ("e5", "d7")));
    // Two different earlier moves (what they are matters, not whose).
    let (after_a, after_b) = (find(pos, ("g4", "g6")), find(pos, ("e5", "f7")));
    let mut hints = Hints::new();
    hints.enter(3, pos, Some(after_a));
    hints.refuted(pos, (answer_a, true), &[], 3, 3);
    hints.enter(4, pos, Some(after_b));
    hints.refuted(pos, (answer_b, true), &[], 4, 5);
    hints.refuted(pos, (answer_b, true), &[], 4, 5);
    for (ply, after, answer) in [(7, after_a, answer_a), (8, after_b, answer_b)] {
        hints.enter(ply, pos, Some(after));
        let first_quiet = order(pos, &hints, ply)
            .into_iter()
            .find(|(_, quiet)| *quiet);
        assert_eq!(first_quiet, Some((answer, true)), "at ply {ply}");
    }
}

#[test]
fn a_capture_that_risks_more_than_it_takes_waits_for_the_killers() {
    // Red's queen may take a pawn a knight guards, Red's knight that
    // knight; a quiet queen move refuted a position at this ply before.
    let g = game(
        "R",
        &[("g4", "rQ"), ("e7", "rN"), ("g7", "bP"), ("f9", "bN")],
    );
    let pos = g.position();
    let (risky, even, killer) = (
        find(pos, ("g4", "g7")),
        find(pos, ("e7", "f9")),
        find(pos, ("g4", "i4")),
    );
    let mut hints = Hints::new();
    hints.refuted(pos, (killer, true), &[], 2, 1);
    let order: Vec<Move> = order(pos, &hints, 2)
        .into_iter()
        .map(|(mv, _)| mv)
        .collect();
    let at = |mv: Move| order.iter().position(|m| *m == mv).expect("tried");
    assert_eq!(at(even), 0);
    assert_eq!(at(killer), 1);
    assert!(at(risky) > at(killer));
}

#[test]
fn a_capture_that_refuted_a_position_comes_before_one_tried_in_vain() {
    // Red's knight and Red's rook may each take a pawn: the knight, the
    // cheaper taker, comes first until the rook's capture has refuted
    // positions where the knight's was tried first.
    let g = game(
        "R",
        &[("g5", "rR"), ("g8", "bP"), ("j5", "rN"), ("k7", "bP")],
    );
    let pos = g.position();
    let (by_rook, by_knight) = (find(pos, ("g5", "g8")), find(pos, ("j5", "k7")));
    let captures = |hints: &Hints| -> Vec<Move> {
        let order = order(pos, hints, 2).into_iter();
        order
            .filter(|(_, quiet)| !quiet)
            .map(|(mv, _)| mv)
            .collect()
    };
    let mut hints = Hints::new();
    assert_eq!(captures(&hints), [by_knight, by_rook]);
    for _ in 0..2 {
        hints.refuted(pos, (by_rook, false), &[(by_knight, false)], 5, 6);
    }
    assert_eq!(captures(&hints), [by_rook, by_knight]);
}

/// Three keys that share a bucket of the table.
const BUCKET: [u64; 3] = [2 << 40 | 1, 3 << 40 | 2, 2 << 40 | 3];

/// The exact score `table` holds for `key`, if any.
fn held(table: &Table, key: u64) -> Option<i32> {
    table.probe(key, 0)?.cutoff(0, -INF, INF)
}

#[test]
fn a_shallow_entry_does_not_push_out_a_deep_one_of_another_position() {
    let [deep, shallow, other] = BUCKET;
    let mut table = Table::new();
    table.store(deep, 0, 8, 50, Bound::Exact, 0);
    table.store(shallow, 0, 0, 10, Bound::Exact, 0);
    table.store(other, 0, 0, 20, Bound::Exact, 0);
    assert_eq!(held(&table, deep), Some(50));
    assert_eq!(held(&table, shallow), None);
    assert_eq!(held(&table, other), Some(20));
}

#[test]
fn an_earlier_searchs_entries_make_room_for_the_current_ones() {
    let [old, current, new] = BUCKET;
    let mut table = Table::new();
    table.store(old, 0, 9, 50, Bound::Exact, 0);
    let mut table = table.aged();
    table.store(current, 0, 1, 10, Bound::Exact, 0);
    table.store(new, 0, 0, 20, Bound::Exact, 0);
    assert_eq!(held(&table, old), None);
    assert_eq!(held(&table, current), Some(10));
    assert_eq!(held(&table, new), Some(20));
}
