//! Four-player chess rules on hand-built FEN4 positions (docs/rules.md §3):
//! castling, en passant by a perpendicular neighbour and its expiry,
//! promotion ranks, king capture, free-for-all scoring, grey pieces, the
//! 21-point end, stalemate in both types and the fifty-move rule.

use banmen::rules::chess4::{Chess4Rules, ChessGame4, Kind, Move, Position, Sq, Variant};
use banmen::rules::vocab::{EndReason, Seat, Verdict};

/// The kings on their start squares: Red h1, Blue a7, Yellow g14, Green n8.
const KINGS: [(&str, &str); 4] = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];

/// A FEN4 text: `head` is every field before the board (turn, eliminated,
/// castling, castling, points, halfmove clock and the extension if any).
fn fen4(head: &str, pieces: &[(&str, &str)]) -> String {
    let mut ranks = Vec::new();
    for y in (0..14u8).rev() {
        let row: Vec<String> = (0..14u8)
            .map(|x| {
                let sq = Sq::new(x, y);
                let name = sq.to_string();
                match pieces.iter().find(|(at, _)| *at == name) {
                    _ if sq.is_wall() => "x".to_string(),
                    Some((_, token)) => token.to_string(),
                    None => "1".to_string(),
                }
            })
            .collect();
        ranks.push(row.join(","));
    }
    format!("{head}-{}", ranks.join("/"))
}

/// `pieces` plus the four kings, `turn` to move, nothing else set.
fn position(variant: Variant, turn: &str, pieces: &[(&str, &str)]) -> Position {
    let all: Vec<(&str, &str)> = KINGS.iter().chain(pieces).copied().collect();
    let head = format!("{turn}-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0");
    Position::from_fen4(&fen4(&head, &all), variant).expect("valid FEN4")
}

fn texts(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(Move::to_string).collect()
}

fn find(pos: &Position, text: &str) -> Move {
    *pos.legal_moves()
        .iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} not legal in {}", pos.to_fen4()))
}

fn sq(name: &str) -> Sq {
    Sq::parse(name).expect("square")
}

#[test]
fn castling_through_an_attacked_square_is_refused() {
    let all = [
        KINGS[0],
        KINGS[1],
        KINGS[2],
        KINGS[3],
        ("k1", "rR"),
        ("d1", "rR"),
    ];
    let head = "R-0,0,0,0-1,0,0,0-1,0,0,0-0,0,0,0-0";
    let free = Position::from_fen4(&fen4(head, &all), Variant::Teams).unwrap();
    let moves = texts(&free);
    assert!(moves.contains(&"h1-j1".into()) && moves.contains(&"h1-f1".into()));
    // A Blue rook on i4 attacks i1, which the king crosses going to j1.
    let mut attacked = all.to_vec();
    attacked.push(("i4", "bR"));
    let pos = Position::from_fen4(&fen4(head, &attacked), Variant::Teams).unwrap();
    let moves = texts(&pos);
    assert!(!moves.contains(&"h1-j1".into()), "{moves:?}");
    assert!(moves.contains(&"h1-f1".into()));
    // Castled: the rook stands on the square the king crossed.
    let mut after = free.clone();
    after.play(find(&free, "h1-j1"));
    assert_eq!(after.piece_at(sq("i1")).map(|p| p.kind), Some(Kind::Rook));
    assert!(after.piece_at(sq("k1")).is_none());
}

#[test]
fn en_passant_by_a_perpendicular_neighbour_lasts_until_the_owner_moves_again() {
    let mut pos = position(
        Variant::Teams,
        "R",
        &[("e2", "rP"), ("d4", "bP"), ("f4", "gP")],
    );
    pos.play(find(&pos, "e2-e4"));
    assert!(pos.to_fen4().contains("'e3:e4'"), "{}", pos.to_fen4());
    // Blue's pawn on d4 moves right; its diagonal e3 is the square passed over.
    let mut taken = pos.clone();
    taken.play(find(&pos, "d4-e3"));
    assert!(
        taken.piece_at(sq("e4")).is_none(),
        "the double-stepped pawn is gone"
    );
    // Blue does not take; Yellow (Red's partner) moves; Green (f4, moving
    // left) still may; then Red moves again and the right is gone.
    pos.play(find(&pos, "a7-b7"));
    pos.play(find(&pos, "g14-f14"));
    assert!(
        texts(&pos).contains(&"f4-e3".into()),
        "Green may still take"
    );
    pos.play(find(&pos, "n8-m8"));
    pos.play(find(&pos, "h1-i1"));
    assert!(!texts(&pos).contains(&"d4-e3".into()), "expired");
}

#[test]
fn pawns_promote_on_the_11th_rank_in_teams_and_the_8th_in_free_for_all() {
    let teams = position(Variant::Teams, "R", &[("e10", "rP"), ("j7", "rP")]);
    let moves = texts(&teams);
    for kind in ["Q", "R", "B", "N"] {
        assert!(moves.contains(&format!("e10-e11={kind}")), "{moves:?}");
    }
    assert!(
        moves.contains(&"j7-j8".into()),
        "no promotion on the 8th in teams"
    );
    let ffa = position(Variant::FreeForAll, "R", &[("j7", "rP")]);
    let moves = texts(&ffa);
    assert!(moves.contains(&"j7-j8=Q".into()) && !moves.contains(&"j7-j8=R".into()));
    let mut after = ffa.clone();
    after.play(find(&ffa, "j7-j8=Q"));
    let queen = after.piece_at(sq("j8")).expect("queen");
    assert!(queen.kind == Kind::Queen && queen.promoted);
}

#[test]
fn a_checked_king_taken_by_an_opponent_who_moves_first_ends_teams() {
    // Green's king n8 is in check from Yellow's rook on k8; Yellow moves
    // before Green and takes it: Red and Yellow win.
    let pos = position(Variant::Teams, "Y", &[("k8", "yR")]);
    let mut game = ChessGame4::from_position(Chess4Rules::default(), pos.clone());
    let take = find(&pos, "k8-n8");
    game.play(take).unwrap();
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::KingCaptured);
    let Verdict::Win(team) = outcome.verdict else {
        panic!("{outcome:?}")
    };
    assert!(team.contains(Seat(0)) && team.contains(Seat(2)) && !team.contains(Seat(3)));
    // Perft counts the capture as one leaf at any depth: depth 2 is the
    // other moves' replies plus 1.
    let others: u64 = pos
        .legal_moves()
        .into_iter()
        .filter(|m| *m != take)
        .map(|m| {
            let mut p = pos.clone();
            p.play(m);
            p.perft(1)
        })
        .sum();
    assert_eq!(pos.perft(2), others + 1);
}

#[test]
fn free_for_all_scores_captures_and_double_checks() {
    let pos = position(Variant::FreeForAll, "R", &[("e5", "rQ"), ("e9", "bN")]);
    let mut after = pos.clone();
    after.play(find(&pos, "e5-e9"));
    assert_eq!(after.points()[0], 3, "a knight is worth 3");
    // The queen m4-m7 checks Blue (a7, along rank 7) and Green (n8, next
    // to it): a double check by a queen is worth 1.
    let queen = position(Variant::FreeForAll, "R", &[("m4", "rQ")]);
    let mut after = queen.clone();
    after.play(find(&queen, "m4-m7"));
    assert!(after.in_check(1) && after.in_check(3) && !after.in_check(2));
    assert_eq!(after.points()[0], 1);
}

#[test]
fn a_double_check_by_a_knight_is_worth_5() {
    // Kings: Red h1, Blue e9, Yellow g14, Green g9; the knight e5-f7
    // attacks e9 and g9.
    let all = [
        ("h1", "rK"),
        ("e9", "bK"),
        ("g14", "yK"),
        ("g9", "gK"),
        ("e5", "rN"),
    ];
    let head = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0";
    let pos = Position::from_fen4(&fen4(head, &all), Variant::FreeForAll).unwrap();
    let mut after = pos.clone();
    after.play(find(&pos, "e5-f7"));
    assert!(after.in_check(1) && after.in_check(3));
    assert_eq!(after.points()[0], 5);
}

#[test]
fn grey_pieces_never_check_and_are_worth_nothing() {
    // Blue is out: its king is gone and its rook on h4, on Red's king's
    // file, is grey.
    let all = [
        KINGS[0],
        KINGS[2],
        KINGS[3],
        ("h4", "dbR"),
        ("e4", "rQ"),
        ("a8", "dK"),
    ];
    let head = "R-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0";
    let pos = Position::from_fen4(&fen4(head, &all), Variant::FreeForAll).unwrap();
    assert!(pos.is_out(1));
    assert!(
        !pos.in_check(0),
        "a grey rook on the king's file gives no check"
    );
    let mut take = pos.clone();
    take.play(find(&pos, "e4-h4"));
    assert_eq!(take.points()[0], 0, "grey pieces are worth nothing");
    assert_eq!(take.to_move(), 2, "Blue, out, never moves");
}

#[test]
fn two_players_21_points_apart_end_free_for_all() {
    let all = [KINGS[0], KINGS[2]];
    let head = "R-0,1,0,1-0,0,0,0-0,0,0,0-30,0,8,0-0";
    let pos = Position::from_fen4(&fen4(head, &all), Variant::FreeForAll).unwrap();
    let rules = Chess4Rules {
        variant: Variant::FreeForAll,
        ..Chess4Rules::default()
    };
    let game = ChessGame4::from_position(rules, pos);
    let outcome = game.outcome().expect("over at once");
    assert_eq!(outcome.reason, EndReason::Eliminations);
    let Verdict::Placings(places) = &outcome.verdict else {
        panic!()
    };
    assert_eq!((places[0].seat, places[0].place), (Seat(0), 1));
}

#[test]
fn stalemate_draws_teams_and_eliminates_in_free_for_all() {
    // Blue's king a7 boxed in by Red queens (not in check): b5 covers a6? Use
    // queens on c6 and c8: a6, b6, b7, b8, a8 attacked, a7 not.
    let boxed = [("c6", "rQ"), ("c8", "rQ"), ("h2", "rP")];
    let teams = position(Variant::Teams, "R", &boxed);
    let mut game = ChessGame4::from_position(Chess4Rules::default(), teams.clone());
    game.play(find(&teams, "h2-h3")).unwrap();
    let outcome = game.outcome().expect("stalemate");
    assert_eq!(
        (outcome.verdict.clone(), outcome.reason),
        (Verdict::Draw, EndReason::NoLegalMoves)
    );
    let ffa = position(Variant::FreeForAll, "R", &boxed);
    let mut after = ffa.clone();
    after.play(find(&ffa, "h2-h3"));
    assert!(after.is_out(1), "stalemated Blue is out");
    assert_eq!(after.points()[1], 20, "and scores 20");
    assert_eq!(after.to_move(), 2);
}

#[test]
fn fifty_moves_by_every_player_draw() {
    let head = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-199";
    let pos = Position::from_fen4(&fen4(head, &KINGS), Variant::Teams).unwrap();
    let mut game = ChessGame4::from_position(Chess4Rules::default(), pos.clone());
    game.play(find(&pos, "h1-h2")).unwrap();
    let outcome = game.outcome().expect("drawn");
    assert_eq!(
        (outcome.verdict.clone(), outcome.reason),
        (Verdict::Draw, EndReason::FiftyMoves)
    );
}

#[test]
fn positions_round_trip_through_fen4() {
    let mut pos = Position::start(Variant::Teams);
    for text in ["e2-e4", "b7-d7", "g13-g11", "m8-k8"] {
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == text);
        if let Some(mv) = mv {
            pos.play(mv);
        }
        let back = Position::from_fen4(&pos.to_fen4(), Variant::Teams).unwrap();
        assert_eq!(back.to_fen4(), pos.to_fen4());
        assert_eq!(back.legal_moves(), pos.legal_moves());
    }
}

#[test]
fn a_free_for_all_checkmate_is_immediate_and_scores_20() {
    // Blue's king a7: rooks on h6 and h8 close ranks 6 and 8 (a pawn on l8
    // keeps Green's king out of it); k4-k7 checks along rank 7: mate.
    let pos = position(
        Variant::FreeForAll,
        "R",
        &[("h6", "rR"), ("h8", "rR"), ("l8", "rP"), ("k4", "rR")],
    );
    assert!(!pos.in_check(1) && !pos.in_check(3));
    let mut after = pos.clone();
    after.play(find(&pos, "k4-k7"));
    assert!(after.is_out(1), "Blue is mated at once");
    assert_eq!(after.points()[0], 20);
    assert_eq!(after.to_move(), 2, "Yellow moves next; Blue is skipped");
    let king = after.piece_at(sq("a7")).expect("the grey king stays");
    assert!(king.dead);
    // In teams the same move only checks: Blue moves next and is mated then.
    let teams = position(
        Variant::Teams,
        "R",
        &[("h6", "rR"), ("h8", "rR"), ("l8", "rP"), ("k4", "rR")],
    );
    let mut game = ChessGame4::from_position(Chess4Rules::default(), teams.clone());
    game.play(find(&teams, "k4-k7")).unwrap();
    let outcome = game.outcome().expect("Blue has no move on its turn");
    assert_eq!(outcome.reason, EndReason::Checkmate);
    let Verdict::Win(team) = outcome.verdict else {
        panic!()
    };
    assert!(team.contains(Seat(0)) && team.contains(Seat(2)));
}

/// Capturing a grey piece of every kind, by Red and by Green, in
/// free-for-all: the position the move leaves is the position its FEN4
/// reads back as (turn, kings, points and all), with the same moves. The
/// grey pieces are written `dK` (chess.com's spelling, owner unknown):
/// taking a grey king must not touch any live seat's king.
#[test]
fn capturing_a_grey_piece_leaves_the_position_its_fen4_reads_back_as() {
    for kind in ["P", "N", "B", "R", "Q", "K"] {
        let grey = format!("d{kind}");
        // Blue is out. A Yellow rook pins Red's knight to Red's king, so
        // Red's moves depend on where Red's king is known to stand.
        let all = [
            KINGS[0],
            KINGS[2],
            KINGS[3],
            ("g8", grey.as_str()),
            ("g2", "rR"),
            ("h2", "rN"),
            ("l8", "gQ"),
            ("h13", "yR"),
        ];
        for (turn, capture) in [("G", "l8-g8"), ("R", "g2-g8")] {
            let head = format!("{turn}-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0");
            let pos = Position::from_fen4(&fen4(&head, &all), Variant::FreeForAll).unwrap();
            let mut after = pos.clone();
            let taken = after.play(find(&pos, capture));
            assert!(taken.on_target.is_some_and(|p| p.dead), "{grey}");
            let back = Position::from_fen4(&after.to_fen4(), Variant::FreeForAll).unwrap();
            assert_eq!(after.perft(1), back.perft(1), "{turn} takes {grey}");
            assert_eq!(texts(&after), texts(&back));
            assert_eq!(after, back, "{turn} {capture} takes {grey}");
            assert_eq!(after.points(), [0; 4], "grey pieces are worth nothing");
            assert_eq!(after.king_square(0), Some(sq("h1")), "{grey}");
        }
    }
}
