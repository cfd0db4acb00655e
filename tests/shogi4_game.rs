//! Four-player shogi as a game (docs/rules.md §2, "Checkmate and elimination"
//! and "End and ranking"): mates inside a move, transfer of pieces, pairs,
//! the end after two mates with its placings, move limit and repetition.

use banmen::rules::shogi4::{Play4, Position4, Shogi4Rules, ShogiGame4, Sq4};
use banmen::rules::vocab::{EndReason, Placing, Seat, SeatSet, Verdict};
use banmen::rules::{Game, RuleValues};

fn rules(settings: &[&str]) -> Shogi4Rules {
    let specs = banmen::rules::GameKind::Shogi4.rule_specs();
    Shogi4Rules::from_values(&RuleValues::parse(specs, settings).unwrap())
}

fn game(settings: &[&str], sfen4: &str) -> ShogiGame4 {
    let rules = rules(settings);
    let pos = Position4::from_sfen4(sfen4, rules.play).unwrap_or_else(|e| panic!("{sfen4}: {e}"));
    ShogiGame4::from_position(rules, pos)
}

fn play(game: &mut ShogiGame4, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = Game::parse_move(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        ShogiGame4::play(game, mv).unwrap();
    }
}

/// South's rook on c3 goes to c1 and checks East's king on i1 along the
/// first row; the rook on a2 covers the second row; East's gold cannot
/// block and East has nothing in hand to drop: East is mated.
const EAST_MATED: &str = "1Kw2Kn4/9/9/9/4Ks4/9/2Rs5Ge/Rs8/8Ke s -,-,-,- 1";

#[test]
fn a_mate_inside_a_move_transfers_pieces_and_the_game_goes_on() {
    let mut g = game(&[], EAST_MATED);
    play(&mut g, "c3c1");
    let pos = g.position();
    assert!(!pos.is_active(3), "East is out");
    assert_eq!(
        pos.mates(),
        [1, 0, 0, 0],
        "credit to South, whose rook checks"
    );
    assert!(g.outcome().is_none(), "one mate does not end the game");
    assert_eq!(pos.to_move(), 1, "West plays next: nobody is in check");
    let gold = pos.piece_at(Sq4::new(8, 2)).unwrap();
    assert_eq!(
        (gold.owner, gold.facing),
        (Some(0), 3),
        "East's gold is South's, facing East"
    );
    assert!(pos.to_sfen4().contains("Xe"), "{}", pos.to_sfen4());
    assert!(g.seats().eliminated().contains(Seat(3)));
}

#[test]
fn with_the_ownerless_rule_the_mated_player_s_pieces_belong_to_nobody() {
    let mut g = game(&["mated-pieces=ownerless"], EAST_MATED);
    play(&mut g, "c3c1");
    let gold = g.position().piece_at(Sq4::new(8, 2)).unwrap();
    assert_eq!((gold.owner, gold.facing), (None, 3));
    assert!(g.position().to_sfen4().contains("G-e"));
    // Anyone may capture it: West's king is far, but the position lists no
    // move of an ownerless piece.
    assert!(
        g.legal_moves()
            .iter()
            .all(|m| !m.to_string().starts_with("i3"))
    );
}

#[test]
fn in_pairs_the_first_mate_ends_the_game_and_the_team_loses() {
    let mut g = game(&["format=pairs"], EAST_MATED);
    play(&mut g, "c3c1");
    let outcome = g.outcome().expect("over at the first mate");
    let south_north = SeatSet::one(Seat(0)).with(Seat(2));
    assert_eq!(outcome.verdict, Verdict::Win(south_north));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn two_mates_end_the_game_with_placings() {
    // East was mated earlier; South's rook mates West along the ninth row.
    let sfen4 = "Kw8/8Rs/3Rs5/9/6Kn2/9/9/9/4Ks3Xe s -,-,-,- 30";
    let mut g = game(&[], sfen4);
    play(&mut g, "d7d9");
    let outcome = g.outcome().expect("two mates end the game");
    assert_eq!(outcome.reason, EndReason::Eliminations);
    let place = |seat: u8, place: u8| Placing {
        seat: Seat(seat),
        place,
        points: 0,
    };
    // South (a mate) before North; West, mated later, before East.
    let expected = vec![place(0, 1), place(2, 2), place(1, 3), place(3, 4)];
    assert_eq!(outcome.verdict, Verdict::Placings(expected));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.to_move(), None);
}

#[test]
fn playing_on_until_one_is_left_continues_after_two_mates() {
    let sfen4 = "Kw8/8Rs/3Rs5/9/6Kn2/9/9/9/4Ks3Xe s -,-,-,- 30";
    let mut g = game(&["ending=last-player"], sfen4);
    play(&mut g, "d7d9");
    assert!(g.outcome().is_none());
    assert_eq!(g.position().to_move(), 2, "North is the only other player");
}

#[test]
fn the_move_limit_ends_the_game_ranked_by_mates_then_pieces() {
    let mut g = ShogiGame4::new(rules(&["move-limit=4"]), 0);
    play(&mut g, "e3e4 c5d5 e7e6");
    assert!(g.outcome().is_none());
    play(&mut g, "g5f5");
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::MoveLimit);
    let Verdict::Placings(places) = &outcome.verdict else {
        panic!("placings")
    };
    assert!(
        places.iter().all(|p| p.place == 1),
        "nine pieces each, no mates: {places:?}"
    );
    let mut pairs = ShogiGame4::new(rules(&["move-limit=1", "format=pairs"]), 0);
    play(&mut pairs, "e3e4");
    assert_eq!(pairs.outcome().unwrap().verdict, Verdict::Draw);
}

#[test]
fn the_fourth_repetition_ends_the_game() {
    let mut g = ShogiGame4::new(Shogi4Rules::default(), 0);
    let cycle = "c1b2 a7b8 g9h8 i3h2 b2c1 b8a7 h8g9 h2i3 ";
    play(&mut g, &cycle.repeat(2));
    play(&mut g, "c1b2 a7b8 g9h8 i3h2 b2c1 b8a7 h8g9");
    assert!(g.outcome().is_none(), "three occurrences are not enough");
    play(&mut g, "h2i3");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Repetition);
}

#[test]
fn the_first_seat_can_rotate_and_the_record_replays() {
    let mut g = ShogiGame4::new(Shogi4Rules::default(), 1);
    assert_eq!(g.position().to_move(), 1);
    play(&mut g, "c5d5 e7e6");
    let record = g.record();
    assert!(
        record.starts_with("position sfen4 ") && record.ends_with(" w -,-,-,- 1 moves c5d5 e7e6"),
        "{record}"
    );
    let start = Position4::from_sfen4(&g.start().to_sfen4(), Play4::default()).unwrap();
    assert_eq!(&start, g.start());
    assert!(
        Game::resign(&mut g, Seat(1)).is_err(),
        "no resignation in four-player shogi"
    );
}

#[test]
fn a_piece_in_hand_that_can_block_saves_the_king() {
    let saved = EAST_MATED.replace("-,-,-,-", "-,-,-,P");
    let mut g = game(&[], &saved);
    play(&mut g, "c3c1");
    assert!(g.position().is_active(3));
    assert_eq!(
        g.position().to_move(),
        3,
        "East, in check, plays out of turn"
    );
    assert!(
        g.legal_moves()
            .iter()
            .all(|m| m.to_string().starts_with("P*"))
    );
    play(&mut g, "P*h1");
    assert_eq!(
        g.position().to_move(),
        0,
        "play continues clockwise from East"
    );
}

#[test]
fn in_pairs_the_partner_s_pieces_are_not_captured() {
    // South's rook on e5 faces North's gold on e7 (partner in pairs) and
    // West's gold on c5 (an opponent either way).
    let sfen4 = "4Kn4/9/4Gn4/9/2Gw1Rs4/9/9/9/Kw3Ks3Ke s -,-,-,- 1";
    let captures = |settings: &[&str]| {
        let g = game(settings, sfen4);
        let moves: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
        (
            moves.contains(&"e5e7".to_string()),
            moves.contains(&"e5c5".to_string()),
        )
    };
    assert_eq!(captures(&[]), (true, true));
    assert_eq!(captures(&["format=pairs"]), (false, true));
}
