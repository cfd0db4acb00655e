//! The four-player shogi CPU (best-reply search, `src/cpu/four/`): it
//! mates when it can, it follows a check to the mate behind it, and it
//! sees a mate threatened by a seat that does not move next (which a
//! paranoid search of the same depth, whose second ply is the next
//! seat's reply, missed).

use banmen::cpu::four::shogi4;
use banmen::cpu::{Budget, Reach, think};
use banmen::rules::shogi4::{Move4, Position4, Shogi4Rules, ShogiGame4};
use banmen::rules::{AnyGame, Game, GameKind, RuleValues};
use std::time::Duration;

fn game(sfen4: &str) -> ShogiGame4 {
    let specs = GameKind::Shogi4.rule_specs();
    let rules = Shogi4Rules::from_values(&RuleValues::defaults(specs));
    let pos = Position4::from_sfen4(sfen4, rules.play).unwrap_or_else(|e| panic!("{sfen4}: {e}"));
    ShogiGame4::from_position(rules, pos)
}

fn search(game: &ShogiGame4, depth: u32) -> Move4 {
    let budget = Budget::new(Duration::from_secs(5));
    shogi4::best_move(game, Reach::depth(depth), &budget).expect("a move")
}

/// Whether `attacker`, were it to move in `pos`, could mate `victim`.
fn mate_in_one(pos: &Position4, attacker: u8, victim: u8) -> bool {
    let turn = pos.with_turn(attacker);
    turn.legal_moves().into_iter().any(|mv| {
        let mut next = turn.clone();
        next.play(mv);
        !next.is_active(victim)
    })
}

/// South's rook mates East along the first row (see tests/shogi4_game.rs).
const EAST_MATED: &str = "1Kw2Kn4/9/9/9/4Ks4/9/2Rs5Ge/Rs8/8Ke s -,-,-,- 1";

/// South's king sits in the corner behind its own pawns; East, who moves
/// third after South, threatens Ri5-i1 mate along the first row.
const BACK_RANK: &str = "Kw3Kn3Ke/9/9/4Ss4/8Re/9/9/PsPs7/Ks8 s -,-,-,- 1";

#[test]
fn it_mates_when_it_can() {
    for depth in [1, 3] {
        let g = game(EAST_MATED);
        assert_eq!(search(&g, depth).to_string(), "c3c1", "depth {depth}");
    }
}

#[test]
fn it_sees_a_mate_threatened_by_a_seat_that_does_not_move_next() {
    let g = game(BACK_RANK);
    let pos = g.position();
    // The threat is real: a silver move leaves the mate to East.
    let mut careless = pos.clone();
    careless.play(Game::parse_move(&g, "e6e7").unwrap());
    assert!(mate_in_one(&careless, 3, 0));
    assert_eq!(careless.to_move(), 1, "West, not East, moves next");
    // Two plies of best-reply search already see it.
    for depth in [2, 4] {
        let mv = search(&g, depth);
        let mut after = pos.clone();
        after.play(mv);
        for seat in 1..4 {
            assert!(
                !mate_in_one(&after, seat, 0),
                "depth {depth}: after {mv} seat {seat} mates South"
            );
        }
    }
}

/// South checks East with Si3-h2; whichever way East's king answers,
/// South's gold in hand mates it. No mate in one.
const MATE_IN_TWO: &str = "1Kw2Kn4/9/9/9/4Ks4/9/8Ss/Rs8/8Ke s G,-,-,- 1";

#[test]
fn two_plies_follow_a_check_to_the_mate_behind_it() {
    // East must answer the check at once (check priority): its answer costs
    // the search no depth, so two plies see South's mate after it.
    let g = game(MATE_IN_TWO);
    let pos = g.position();
    assert!(!mate_in_one(pos, 0, 3), "not a mate in one");
    let mv = search(&g, 2);
    let mut after = pos.clone();
    after.play(mv);
    assert!(
        after.in_check(3) && after.to_move() == 3,
        "{mv} checks East"
    );
    for answer in after.legal_moves() {
        let mut next = after.clone();
        next.play(answer);
        assert!(mate_in_one(&next, 0, 3), "after {mv} {answer} South mates");
    }
}

/// From a level-5 game (North is out): South's G*b5 checks West, and
/// South would mate West after any answer were it South's turn next. But
/// play goes on clockwise from West, so East moves first and gets to
/// defend or attack.
const CHECK_BEFORE_EAST: &str = "Ssn1Rs1XnGsnSsn2/3Rsn1Psn3/Gw3+Ss3Se/KwPw1PsnPsn1KePeGe/\
     2Pw2Pe3/1+Re5Pe1/3PsPsPsGs2/9/RwSeSsGsKs4 s GS,-,-,2GSP 59";

#[test]
fn after_a_check_is_answered_the_seats_after_it_move_before_the_checker() {
    let g = game(CHECK_BEFORE_EAST);
    let mut after = g.position().clone();
    after.play(Game::parse_move(&g, "G*b5").unwrap());
    assert_eq!(after.to_move(), 1, "West answers the check at once");
    for answer in after.legal_moves() {
        let mut next = after.clone();
        next.play(answer);
        assert_eq!(next.to_move(), 3, "after {answer} East moves, not South");
    }
    // So no line of South's is a sure win: the search must not count on
    // moving right after West's answer.
    for depth in [2, 3] {
        let budget = Budget::new(Duration::from_secs(20));
        let found = shogi4::search(&g, Reach::depth(depth), &budget);
        assert!(
            found.score < 500_000,
            "depth {depth}: {:?} scored {} as won",
            found.best.map(|m| m.to_string()),
            found.score
        );
    }
}

/// Pairs, from a game of level 3 and 4 players, South (with North) to
/// move. West can check North three ways, and North then answers at once;
/// a search that let North pass instead saw South's side lost (at four
/// plies, whatever South played).
const NORTH_CHECKABLE: &str = "4Kn2Se1/2SnPnRnPnSe2/Sw2Gs5/2Pw1PnGn1Pe1/Gw1Pw2Pe1Re1/\
     Kw1Ss4PeKe/Sw3PsPs2Se/3PsRs2GeGn/1Rw2KsGsSs2 s P,2G,-,- 39";

#[test]
fn a_partner_in_check_answers_before_anyone_else_moves() {
    let specs = GameKind::Shogi4.rule_specs();
    let values = RuleValues::parse(specs, &["format=pairs"]).unwrap();
    let rules = Shogi4Rules::from_values(&values);
    let pos = Position4::from_sfen4(NORTH_CHECKABLE, rules.play).unwrap();
    let west = pos.with_turn(1);
    let mut checks = 0;
    for mv in west.legal_moves() {
        let mut next = west.clone();
        next.play(mv);
        if next.in_check(2) {
            assert_eq!(next.to_move(), 2, "after {mv} North answers at once");
            checks += 1;
        }
    }
    assert_eq!(checks, 3, "West's checks on North");
    let g = ShogiGame4::from_position(rules, pos);
    for depth in [3, 4] {
        let budget = Budget::new(Duration::from_secs(20));
        let found = shogi4::search(&g, Reach::depth(depth), &budget);
        assert!(
            found.score > -500_000,
            "depth {depth}: {:?} scored {} as lost",
            found.best.map(|m| m.to_string()),
            found.score
        );
    }
}

#[test]
fn every_level_plays_legal_moves_in_both_formats() {
    for format in ["individual", "pairs"] {
        let values = RuleValues::parse(
            GameKind::Shogi4.rule_specs(),
            &[&format!("format={format}")],
        );
        let mut game = AnyGame::new(GameKind::Shogi4, &values.unwrap(), None).unwrap();
        for level in [1, 2, 3, 4, 5, 3, 4, 5] {
            let budget = Budget::new(Duration::from_millis(100));
            // No move comes back only when the game is over.
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

#[test]
fn a_stop_flag_ends_the_search_with_a_legal_move() {
    let g = game(BACK_RANK);
    let budget = Budget::new(Duration::from_secs(60));
    budget
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let mv = shogi4::best_move(&g, Reach::depth(30), &budget).expect("a move");
    assert!(g.legal_moves().contains(&mv));
}
