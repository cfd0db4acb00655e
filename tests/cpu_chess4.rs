//! The four-player chess CPU (best-reply search, `src/cpu/four/`):
//! it takes what is left hanging, it plays legal moves in both game types
//! at every level, it stops when told, it judges stalemates and
//! repetitions in teams, and in free-for-all it expects every opponent to
//! take what hangs, sees one seat's check made into the next seat's mate
//! (even where that seat could take a piece elsewhere) and the mate
//! behind its own answer to a check, does not fear a quiet attack from a
//! seat with a rook to take elsewhere, ends the game by repetition when it
//! is ahead and, behind, does not step into a repetition an opponent's
//! reply completes, and plays for the points that place it first when
//! the room's move limit is near, its pieces counting less the nearer it
//! is.

use banmen::cpu::four::chess4;
use banmen::cpu::{Budget, Reach, think};
use banmen::rules::chess4::{Chess4Rules, ChessGame4, Position, Variant};
use banmen::rules::vocab::EndReason;
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
        let mv = chess4::best_move(&g, Reach::depth(3), &budget).expect("a move");
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
            // Weak play can end a game within these moves (in teams, a
            // pawn pushed from before its king lets the two enemy queens
            // mate it in the second round): no move comes back then, and
            // only then.
            let Some(mv) = think(&game, level, &budget) else {
                assert!(
                    game.outcome().is_some(),
                    "level {level}: no move in a live game"
                );
                break;
            };
            game.play(&mv).expect("a legal move");
        }
    }
}

/// The game the test above once met: Green pushes the pawn before its
/// king, and Red's and Yellow's queens mate it in the second round. No
/// level has a move to give after that.
#[test]
fn no_level_moves_once_a_teams_game_is_mated() {
    let values = RuleValues::parse(GameKind::Chess4.rule_specs(), &["type=teams"]);
    let mut g = ChessGame4::new(Chess4Rules::from_values(&values.unwrap()), 0);
    let round = [("h2", "h4"), ("b11", "c11"), ("i13", "i11"), ("m8", "l8")];
    let mate = [("g1", "m7"), ("b7", "c7"), ("h14", "m9")];
    play_steps(&mut g, &[&round[..], &mate[..]].concat());
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    let game = AnyGame::Chess4(Box::new(g));
    for level in 1..=5 {
        let budget = Budget::new(Duration::from_millis(100));
        assert_eq!(think(&game, level, &budget), None, "level {level}");
    }
}

#[test]
fn a_stop_flag_ends_the_search_with_a_legal_move() {
    let g = game(Variant::Teams, "R", &[("g4", "rQ"), ("g9", "bQ")]);
    let budget = Budget::new(Duration::from_secs(60));
    budget
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let mv = chess4::best_move(&g, Reach::depth(30), &budget).expect("a move");
    assert!(g.legal_moves().contains(&mv));
}

/// A teams game in which every seat moved a rook out and back: with Red to
/// move, the rook's step out again returns to a position the game has had.
/// `strong` gives Red and Yellow the two queens, otherwise Blue and Green
/// have them.
fn shuffled(strong: bool) -> ChessGame4 {
    let (ours, theirs) = match strong {
        true => ([("g4", "rQ"), ("h12", "yQ")], [("c9", "bR"), ("l6", "gR")]),
        false => ([("g4", "rR"), ("h12", "yR")], [("c9", "bQ"), ("l6", "gQ")]),
    };
    let shufflers = [("d2", "rR"), ("b4", "bR"), ("k13", "yR"), ("m11", "gR")];
    let pieces: Vec<(&str, &str)> = shufflers
        .iter()
        .chain(&ours)
        .chain(&theirs)
        .copied()
        .collect();
    let mut g = game(Variant::Teams, "R", &pieces);
    let out = [("d2", "d3"), ("b4", "c4"), ("k13", "k12"), ("m11", "l11")];
    play_steps(&mut g, &[out, out.map(|(a, b)| (b, a))].concat());
    g
}

/// Plays each `(from, to)` step in `g` in turn.
fn play_steps(g: &mut ChessGame4, steps: &[(&str, &str)]) {
    for (from, to) in steps {
        let mv = g
            .legal_moves()
            .into_iter()
            .find(|m| (m.from, m.to) == (sq(from), sq(to)));
        g.play(mv.expect("a legal step")).expect("played");
    }
}

#[test]
fn a_side_behind_repeats_the_position_and_a_side_ahead_plays_on() {
    let budget = || Budget::new(Duration::from_secs(5));
    let repeat = (sq("d2"), sq("d3"));
    let behind = shuffled(false);
    let mv = chess4::best_move(&behind, Reach::depth(2), &budget()).expect("a move");
    assert_eq!(
        (mv.from, mv.to),
        repeat,
        "two queens down, the draw is the best Red has"
    );
    let ahead = shuffled(true);
    let mv = chess4::best_move(&ahead, Reach::depth(2), &budget()).expect("a move");
    assert_ne!((mv.from, mv.to), repeat, "two queens up, Red plays on");
}

#[test]
fn a_side_behind_stalemates_an_opponent_for_the_draw() {
    // Green has two queens. Red's queen to c8 (with the knight on d5)
    // leaves Blue's lone king on a7 no move, out of check: in teams a
    // stalemate draws, the best Red can hope for.
    let pieces = [
        ("c10", "rQ"),
        ("d5", "rN"),
        ("d8", "rP"),
        ("m4", "gQ"),
        ("m11", "gQ"),
    ];
    let g = game(Variant::Teams, "R", &pieces);
    assert!(g.position().has_legal_move(1), "Blue can move before");
    let budget = Budget::new(Duration::from_secs(5));
    let mv = chess4::best_move(&g, Reach::depth(2), &budget).expect("a move");
    let mut after = g.clone();
    after.play(mv).expect("a legal move");
    let blue = after.position();
    assert!(
        !blue.has_legal_move(1) && !blue.in_check(1),
        "{mv} does not stalemate Blue"
    );
}

#[test]
fn in_free_for_all_every_opponent_takes_what_hangs_in_one_round() {
    // Red's knights on e9, g11 and j9; Blue, Yellow and Green have a
    // pawn each, and Red can save one knight a move. When each pawn
    // attacks a knight, two knights fall before Red moves again, since
    // every seat moves in turn; when only Yellow's does, none. Best-reply
    // search with the others passing expected no loss here: Red's knight
    // saved to c8 checks Blue, and with Blue's answer as the one reply,
    // Yellow and Green stood still (375, against 400 with one pawn
    // attacking).
    let knights = [("e9", "rN"), ("g11", "rN"), ("j9", "rN")];
    let score = |pawns: [(&'static str, &'static str); 3]| {
        let pieces: Vec<(&str, &str)> = knights.iter().chain(&pawns).copied().collect();
        let g = game(Variant::FreeForAll, "R", &pieces);
        let budget = Budget::new(Duration::from_secs(5));
        chess4::search(&g, Reach::depth(2), &budget).score
    };
    let all_attack = score([("d10", "bP"), ("h12", "yP"), ("k10", "gP")]);
    let one_attacks = score([("d5", "bP"), ("h12", "yP"), ("k4", "gP")]);
    // More than a knight's points (300) apart.
    assert!(
        all_attack < one_attacks - 300,
        "three pawns attacking {all_attack}, one attacking {one_attacks}"
    );
}

/// A free-for-all game from `pieces` (and the four kings) with Red to
/// move, the seats on `points` (FEN4's field), under the room's
/// `move_limit`.
fn on_points(points: &str, move_limit: &str, pieces: &[(&str, &str)]) -> ChessGame4 {
    let kings = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];
    let all: Vec<(&str, &str)> = kings.iter().chain(pieces).copied().collect();
    let text = fen4_with("R", "0,0,0,0", "0,0,0,0", &all);
    free_for_all(&text, points, move_limit)
}

/// A free-for-all game from the FEN4 `text` (its points all 0), the
/// seats on `points` instead, under the room's `move_limit`.
fn free_for_all(text: &str, points: &str, move_limit: &str) -> ChessGame4 {
    let text = text.replacen("-0,0,0,0-0-", &format!("-{points}-0-"), 1);
    let pos =
        Position::from_fen4(&text, Variant::FreeForAll).unwrap_or_else(|e| panic!("{text}: {e}"));
    let rules = [String::from("type=ffa"), format!("move-limit={move_limit}")];
    let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
    let values = RuleValues::parse(GameKind::Chess4.rule_specs(), &rules).unwrap();
    ChessGame4::from_position(Chess4Rules::from_values(&values), pos)
}

/// Whether the search to `depth` plays Red's queen g4 to g8 in `g`, with
/// the score and the depth it completed.
fn takes_on_g8(g: &ChessGame4, depth: u32) -> (bool, i32, u32) {
    let found = chess4::search(g, Reach::depth(depth), &Budget::new(Duration::from_secs(5)));
    let mv = found.best.expect("a move");
    let took = (mv.from, mv.to) == (sq("g4"), sq("g8"));
    (took, found.score, found.depth)
}

#[test]
fn on_the_last_move_before_the_limit_it_takes_the_point_that_places_it_first() {
    // Red's queen can take Blue's pawn on g8, which Blue's knight guards.
    // With the game going on, the queen is worth more than the pawn's
    // point; on the last move before the room's move limit, that point
    // places Red first and nothing can answer.
    let pieces = [("g4", "rQ"), ("g8", "bP"), ("e7", "bN")];
    let takes = |limit: &str| takes_on_g8(&on_points("10,10,0,0", limit, &pieces), 4);
    let (last_move, score, _) = takes("1");
    assert!(last_move, "on the last move it keeps its queen ({score})");
    assert!(score > 500_000, "first place at the limit is won: {score}");
    let (going_on, score, depth) = takes("none");
    assert!(
        !going_on,
        "with the game going on it gives its queen for a pawn ({score})"
    );
    assert_eq!(depth, 4);
    let (two_left, _, _) = takes("2");
    assert!(
        !two_left,
        "with Blue still to move it gives its queen for a pawn"
    );
}

#[test]
fn near_the_move_limit_it_trades_queens_for_the_points() {
    // Red's and Blue's queens face each other on the g-file, Blue's
    // knight guarding its own. Far from the limit (or without one) a
    // queen is worth more than the 9 points the trade gives both, and Red
    // moves its queen away (to check Blue's king from d7); with four
    // rounds left the queen will score little more, and the 9 points put
    // Red level with the best.
    let pieces = [("g4", "rQ"), ("g8", "bQ"), ("e7", "bN")];
    let trades = |limit: &str| {
        let (took, score, _) = takes_on_g8(&on_points("0,0,0,0", limit, &pieces), 2);
        (took, score)
    };
    for limit in ["none", "200"] {
        let (traded, score) = trades(limit);
        assert!(!traded, "with limit {limit} it trades its queen ({score})");
    }
    let (traded, score) = trades("16");
    assert!(
        traded,
        "four rounds before the limit it keeps its queen ({score})"
    );
}

/// A free-for-all game of the four kings, the seats on `points`, in which
/// Red's king stepped h1-h2 and each seat then stepped out and back twice
/// (Red's king h2-h3-h2): with Red to move on h3, h3-h2 brings the
/// position after its first move back the third time.
fn kings_repeating(points: &str) -> ChessGame4 {
    let mut g = on_points(points, "none", &[]);
    let out = [("a7", "b7"), ("g14", "g13"), ("n8", "m8"), ("h2", "h3")];
    let back = out.map(|(from, to)| (to, from));
    let steps = [[("h1", "h2")].as_slice(), &out, &back, &out, &back[..3]];
    play_steps(&mut g, &steps.concat());
    g
}

#[test]
fn in_free_for_all_a_seat_ahead_ends_the_game_by_repetition_and_one_behind_does_not() {
    let repeat = (sq("h3"), sq("h2"));
    let choose = |points: &str| {
        let g = kings_repeating(points);
        let found = chess4::search(&g, Reach::depth(2), &Budget::new(Duration::from_secs(5)));
        let mv = found.best.expect("a move");
        (g, mv, found.score)
    };
    let (mut ahead, mv, score) = choose("30,0,0,0");
    assert_eq!((mv.from, mv.to), repeat, "ahead, it plays on ({score})");
    assert!(score > 500_000, "first place by repetition is won: {score}");
    ahead.play(mv).expect("a legal move");
    let outcome = ahead.outcome().expect("the repetition ends the game");
    assert_eq!(outcome.reason, EndReason::Repetition);
    let (_, mv, score) = choose("0,30,0,0");
    assert_ne!(
        (mv.from, mv.to),
        repeat,
        "behind, it ends the game ({score})"
    );
}

#[test]
fn the_search_stops_deepening_once_every_line_reaches_the_limit() {
    // Blue is out of Red's reach on points: every line ends behind, and
    // past two plies the limit leaves nothing more to see.
    let g = on_points("10,30,0,0", "2", &[("g4", "rQ"), ("g8", "bP")]);
    let found = chess4::search(&g, Reach::depth(6), &Budget::new(Duration::from_secs(5)));
    assert!(found.score < 0, "behind at the limit: {}", found.score);
    assert_eq!(found.depth, 2);
}

/// Whether a three-ply search for Red in a free-for-all game of
/// `pieces` (and the four kings) plays the move `(from, to)`, with the
/// score it found.
fn red_plays(pieces: &[(&str, &str)], (from, to): (&str, &str)) -> (bool, i32) {
    let g = game(Variant::FreeForAll, "R", pieces);
    let found = chess4::search(&g, Reach::depth(3), &Budget::new(Duration::from_secs(5)));
    let mv = found.best.expect("a move");
    ((mv.from, mv.to) == (sq(from), sq(to)), found.score)
}

#[test]
fn in_free_for_all_it_sees_one_seat_check_and_the_next_mate() {
    // Red's pawn on i2 can take Green's knight on h3. It then no longer
    // stands between Blue's bishop and Red's king on h1: the bishop's
    // check from k4 leaves the king g1 and i1, and Yellow, moving before
    // Red, takes the pawn on h3 with its knight and covers both: mate.
    // Without Yellow's knight the check is answered and the knight is
    // Red's for nothing.
    let pieces = [
        ("g2", "rN"),
        ("h2", "rP"),
        ("i2", "rP"),
        ("h3", "gN"),
        ("j5", "bB"),
        ("j4", "yN"),
    ];
    let takes = |pieces: &[(&str, &str)]| red_plays(pieces, ("i2", "h3"));
    let (took, score) = takes(&pieces);
    assert!(!took, "it took the knight and was mated ({score})");
    // Yellow, with a sure capture of its own elsewhere (its pawn on f10
    // takes Green's knight on e9), still mates rather than take it.
    let mut distracted = pieces.to_vec();
    distracted.extend([("f10", "yP"), ("e9", "gN")]);
    let (took, score) = takes(&distracted);
    assert!(!took, "Yellow's capture elsewhere hid the mate ({score})");
    let (took, score) = takes(&pieces[..5]);
    assert!(
        took,
        "without Yellow's knight it leaves the knight ({score})"
    );
}

/// A free-for-all game of Red's king on h1 and pawn on g3 against
/// Blue's king on a7, rook on d2 and bishop on e6, Yellow and Green out,
/// the seats on `points`, after Red's king went g1 and back and then to
/// i1, Blue's king stepping to b7 and back between and to b7 again. Red
/// to move has two moves, the rook and the bishop covering its king's
/// other squares: i1-h1 makes a position the game has had once (Red h1,
/// Blue b7), but Blue's b7-a7 then brings the start back the third time;
/// g3-g4 gives the bishop the pawn.
fn kings_two_left(points: &str) -> ChessGame4 {
    let pieces = [
        ("h1", "rK"),
        ("g3", "rP"),
        ("a7", "bK"),
        ("d2", "bR"),
        ("e6", "bB"),
    ];
    let text =
        fen4_with("R", "0,0,0,0", "0,0,0,0", &pieces).replacen("R-0,0,0,0-", "R-0,0,1,1-", 1);
    let mut g = free_for_all(&text, points, "none");
    let steps = [
        ("h1", "g1"),
        ("a7", "b7"),
        ("g1", "h1"),
        ("b7", "a7"),
        ("h1", "i1"),
        ("a7", "b7"),
    ];
    play_steps(&mut g, &steps);
    g
}

#[test]
fn in_free_for_all_a_seat_behind_gives_a_pawn_not_the_repetition_an_opponent_makes() {
    let g = kings_two_left("10,25,0,0");
    assert!(g.outcome().is_none(), "the game goes on");
    assert_eq!(g.legal_moves().len(), 2, "Red has two moves");
    let found = chess4::search(&g, Reach::depth(2), &Budget::new(Duration::from_secs(5)));
    let mv = found.best.expect("a move");
    // Behind by 15, the repetition's 10 points each leave Red behind; a
    // pawn (a point to Blue) leaves the game going on.
    assert_eq!(
        (mv.from, mv.to),
        (sq("g3"), sq("g4")),
        "behind, it let Blue end the game ({})",
        found.score
    );
    // As the rules have it: Blue's step back ends the game.
    let mut g = kings_two_left("10,25,0,0");
    play_steps(&mut g, &[("i1", "h1"), ("b7", "a7")]);
    let outcome = g.outcome().expect("the repetition ends the game");
    assert_eq!(outcome.reason, EndReason::Repetition);
}

#[test]
fn in_free_for_all_it_sees_the_mate_behind_its_answer_to_a_check() {
    // Red's knight can take Blue's bishop on g11. Then Blue's queen checks
    // from d1 along Red's first rank, Red's king must step to h2 (its
    // pawns on g2 and i2 hem it in), and Blue's knight j6-i4 mates it
    // there, Blue's rook on k3 holding the third rank. Red's answer to the
    // check costs no depth, so three plies see the mate.
    let pieces = [
        ("g2", "rP"),
        ("i2", "rP"),
        ("f9", "rN"),
        ("g11", "bB"),
        ("d5", "bQ"),
        ("k3", "bR"),
        ("j6", "bN"),
    ];
    let takes = |pieces: &[(&str, &str)]| red_plays(pieces, ("f9", "g11"));
    let (took, score) = takes(&pieces);
    assert!(!took, "it took the bishop and was mated ({score})");
    // Without Blue's knight there is no mate, and the bishop is Red's.
    let (took, score) = takes(&pieces[..6]);
    assert!(took, "without the mate it leaves the bishop ({score})");
}

#[test]
fn in_free_for_all_an_opponent_with_a_rook_to_take_is_not_feared_for_a_quiet_fork() {
    // Red's knight on h6 can take Yellow's bishop on f7, which otherwise
    // gets away. Blue's pawn d8-e8 would then fork the knight and Red's
    // rook on f9, and take the knight. But Blue's knight on b8 can take
    // Yellow's rook on c10 for nothing: a seat with such a capture makes
    // it (or takes a piece of Red's, or checks Red) rather than fork Red
    // quietly, so the bishop is Red's for nothing, as if the pawn were not
    // there. (Red's pawns on f8 and c9 keep its rook from taking the
    // bishop itself and from checking Blue, Yellow's pawn on g13 from
    // checking Yellow.)
    let pieces = [
        ("f9", "rR"),
        ("f8", "rP"),
        ("c9", "rP"),
        ("h6", "rN"),
        ("f7", "yB"),
        ("b8", "bN"),
        ("g13", "yP"),
        ("c10", "yR"),
    ];
    let takes = |pieces: &[(&str, &str)]| red_plays(pieces, ("h6", "f7"));
    // Red's score with Blue's pawn on d8 and without it.
    let with_fork = |pieces: &[(&str, &str)]| {
        let forking: Vec<_> = pieces.iter().chain(&[("d8", "bP")]).copied().collect();
        (takes(&forking), takes(pieces).1)
    };
    let ((took, forked), unforked) = with_fork(&pieces);
    assert!(took, "it left the bishop ({forked})");
    // Within Blue's pawn's worth (150) of the score without it: the fork,
    // a knight, is not counted. With the rook taken away it is.
    assert!(
        (unforked - forked).abs() < 150,
        "the busy seat's fork costs {forked} against {unforked} without it"
    );
    let ((_, forked), unforked) = with_fork(&pieces[..7]);
    assert!(
        unforked - forked >= 300,
        "without the rook to take, the fork costs {forked} against {unforked}"
    );
}

#[test]
fn in_free_for_all_level_5_risks_a_piece_that_an_opponent_has_better_to_do_than_take() {
    // Red's pawn on j3 can take Yellow's knight on k4, leaving Red's
    // knight on e5 to Blue's rook on b5. Best-reply search takes Blue's
    // reply to be the one worst for Red, the knight, and saves it. But
    // Blue's rook also attacks Green's queen on b10, which attacks it
    // back: Blue takes the queen for itself. Level 5's foresight plays the
    // round out as each seat's own search plays it, and takes the knight.
    // With a Green pawn on b10 instead, Blue takes Red's knight, and
    // foresight saves it too.
    let pieces = [("e5", "rN"), ("b5", "bR"), ("j3", "rP"), ("k4", "yN")];
    let takes = |green: (&str, &str), reach: Reach| {
        let all: Vec<_> = pieces.iter().chain(&[green]).copied().collect();
        let g = game(Variant::FreeForAll, "R", &all);
        let budget = Budget::new(Duration::from_secs(5));
        let mv = chess4::best_move(&g, reach, &budget).expect("a move");
        (mv.from, mv.to) == (sq("j3"), sq("k4"))
    };
    let foresight = Reach::depth(3).with_foresight();
    assert!(
        !takes(("b10", "gQ"), Reach::depth(3)),
        "best-reply search alone took the knight"
    );
    assert!(
        takes(("b10", "gQ"), foresight),
        "foresight saved its knight"
    );
    assert!(
        !takes(("b10", "gP"), foresight),
        "foresight took the knight with only a pawn for Blue to take elsewhere"
    );
}
