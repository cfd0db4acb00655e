//! Hand-built positions for each rule of two-player shogi (docs/rules.md §1):
//! drops, promotion, nifu, pawn-drop mate, and every way a game ends.

use banmen::rules::shogi::{Handicap, Position, SfenError, ShogiGame, ShogiRules, UsiError};
use banmen::rules::vocab::{EndReason, Seat, SeatSet, Verdict};
use banmen::rules::{Claim, RulesError};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn legal(sfen: &str, usi: &str) -> bool {
    let p = pos(sfen);
    let listed = p.legal_moves().iter().any(|m| m.to_usi() == usi);
    assert_eq!(
        p.parse_usi(usi).is_ok(),
        listed,
        "parse_usi and the list disagree on {usi}"
    );
    listed
}

fn game(sfen: &str) -> ShogiGame {
    game_with(ShogiRules::default(), sfen)
}

fn game_with(rules: ShogiRules, sfen: &str) -> ShogiGame {
    ShogiGame::from_position(rules, pos(sfen))
}

fn play(game: &mut ShogiGame, moves: &str) {
    for usi in moves.split_whitespace() {
        let mv = game
            .position()
            .parse_usi(usi)
            .unwrap_or_else(|e| panic!("{usi}: {e}"));
        game.play(mv).unwrap();
    }
}

fn won_by(game: &ShogiGame, seat: u8, reason: EndReason) {
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.verdict, Verdict::Win(SeatSet::one(Seat(seat))));
    assert_eq!(outcome.reason, reason);
}

// --- drops, promotion, nifu ------------------------------------------------

#[test]
fn pawns_lances_and_knights_are_never_dropped_dead() {
    let black = "4k4/9/9/9/9/9/9/9/4K4 b PLN 1";
    assert!(!legal(black, "P*1a") && legal(black, "P*1b"));
    assert!(!legal(black, "L*1a") && legal(black, "L*1b"));
    assert!(!legal(black, "N*1a") && !legal(black, "N*1b") && legal(black, "N*1c"));
    let white = "4k4/9/9/9/9/9/9/9/4K4 w pln 1";
    assert!(!legal(white, "P*1i") && legal(white, "P*1h"));
    assert!(!legal(white, "N*1h") && legal(white, "N*1g"));
}

#[test]
fn nifu_counts_only_unpromoted_pawns() {
    let pawn = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    assert!(!legal(pawn, "P*5e") && legal(pawn, "P*4e"));
    let tokin = "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1";
    assert!(legal(tokin, "P*5e"));
    assert!(matches!(
        Position::from_sfen("4k4/9/9/4P4/9/9/4P4/9/4K4 b - 1"),
        Err(SfenError::DoublePawn { file: 5, .. })
    ));
}

#[test]
fn promotion_is_forced_only_where_the_piece_would_be_dead() {
    let sfen = "4k4/P8/9/4S4/4N4/9/9/L8/4K4 b - 1";
    assert!(legal(sfen, "9b9a+") && !legal(sfen, "9b9a"));
    assert!(legal(sfen, "5e4c+") && legal(sfen, "5e4c"));
    assert!(legal(sfen, "5d5c+") && legal(sfen, "5d5c"));
    // Leaving the zone may promote too; entering with a lance is optional
    // except on the last rank.
    let out = "4k4/9/4S4/9/9/9/9/L8/4K4 b - 1";
    assert!(legal(out, "5c4d+") && legal(out, "5c4d"));
    assert!(legal(out, "9h9b+") && legal(out, "9h9b") && !legal(out, "9h9a"));
    assert!(!legal(out, "9h9g+"), "no promotion outside the zone");
}

#[test]
fn gold_and_king_never_promote() {
    let sfen = "4k4/9/4G4/9/9/9/9/9/4K4 b - 1";
    assert!(legal(sfen, "5c5b") && !legal(sfen, "5c5b+"));
}

// --- pawn-drop mate (uchifuzume) --------------------------------------------

#[test]
fn pawn_drop_check_is_legal_when_the_king_can_take_it() {
    assert!(legal("4k4/9/9/9/9/9/9/9/K8 b P 1", "P*5b"));
}

#[test]
fn pawn_drop_mate_is_illegal_but_other_drop_mates_are_fine() {
    // Gold on 5c guards the pawn and 4b/6b, silver 7b guards 6a, knight 3c guards 4a.
    let sfen = "4k4/2S6/4G1N2/2B6/9/9/9/9/K8 b PG 1";
    assert!(!legal(sfen, "P*5b"));
    let mut g = game(sfen);
    play(&mut g, "G*5b");
    won_by(&g, 0, EndReason::Checkmate);
    // Mate by moving a pawn is legal too.
    let push = "4k4/2S6/4P1N2/4G4/9/9/9/9/K8 b - 1";
    assert!(legal(push, "5c5b"));
}

#[test]
fn a_square_the_pawn_itself_shields_is_an_escape() {
    // The bishop on 7d covers 4a only through 5b: once the pawn stands
    // there, 4a is free and the drop is not mate.
    assert!(legal("4k4/2S6/4G4/2B6/9/9/9/9/K8 b P 1", "P*5b"));
}

#[test]
fn a_pinned_defender_cannot_take_the_pawn() {
    // The gold on 6a could take on 5b, but the rook on 9a pins it.
    assert!(!legal("R2gk4/9/4G1N2/9/9/9/9/9/K8 b P 1", "P*5b"));
    // Without the pin it takes, so the drop is legal.
    assert!(legal("3gk4/9/4G1N2/9/9/9/9/9/K8 b P 1", "P*5b"));
}

#[test]
fn pawn_drop_mate_applies_to_gote_too() {
    assert!(!legal("8k/9/9/9/9/9/2n1g4/9/4KG2r w p 1", "P*5h"));
    assert!(legal("8k/9/9/9/9/9/2n1g4/9/4KG3 w p 1", "P*5h"));
}

#[test]
fn double_check_allows_only_king_moves() {
    // The rook on 5e checks along the file, the bishop on 1e along the diagonal.
    let double = pos("4k4/9/9/9/4R3B/9/9/9/4K4 w G 1");
    assert_eq!(double.checkers().count(), 2);
    assert!(
        double
            .legal_moves()
            .iter()
            .all(|m| !m.is_drop() && m.from() == double.king(double.side_to_move()))
    );
}

// --- the end of the game ---------------------------------------------------

#[test]
fn checkmate_and_no_legal_move_lose() {
    let mut g = game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    play(&mut g, "G*5b");
    won_by(&g, 0, EndReason::Checkmate);
    let any = banmen::rules::shogi::sfen::parse_usi_syntax("5a4a").unwrap();
    assert_eq!(g.play(any), Err(RulesError::GameOver));
    // Not in check, but every king step is covered and nothing else can move.
    let stuck = game("8k/9/8G/9/9/9/9/9/4K2R1 w - 1");
    won_by(&stuck, 0, EndReason::NoLegalMoves);
}

#[test]
fn resignation_hands_the_win_to_the_other_seat() {
    let mut g = ShogiGame::new(ShogiRules::default());
    g.resign(Seat(0)).unwrap();
    won_by(&g, 1, EndReason::Resignation);
    assert_eq!(g.resign(Seat(1)), Err(RulesError::GameOver));
}

#[test]
fn fourfold_repetition_draws() {
    let mut g = ShogiGame::new(ShogiRules::default());
    let cycle = "2h3h 8b7b 3h2h 7b8b ";
    play(&mut g, &cycle.repeat(2));
    play(&mut g, "2h3h 8b7b 3h2h");
    assert!(g.outcome().is_none(), "three occurrences are not enough");
    play(&mut g, "7b8b");
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.verdict, Verdict::Draw);
    assert_eq!(outcome.reason, EndReason::Repetition);
}

#[test]
fn perpetual_check_loses_for_the_checking_player() {
    let mut g = game("4k4/9/9/9/4R4/9/9/9/4K4 w - 1");
    let cycle = "5a4a 5e4e 4a5a 4e5e ";
    play(&mut g, &cycle.repeat(2));
    play(&mut g, "5a4a 5e4e 4a5a");
    assert!(g.outcome().is_none());
    play(&mut g, "4e5e");
    won_by(&g, 1, EndReason::PerpetualCheck);
}

const ENTERED: &str = "RBGGKGGSS/9/PPPPPPPPP/9/9/9/9/9/4k4 b 3P 1";

#[test]
fn entering_king_declaration_wins_with_28_points_for_sente() {
    let mut g = game(ENTERED);
    g.claim(Claim::EnteringKing).unwrap();
    won_by(&g, 0, EndReason::Declaration);
}

#[test]
fn entering_king_declaration_needs_27_for_gote() {
    let mut g = game("4K4/9/9/9/9/9/ppppppppp/9/ssggkggbr w 2p 1");
    g.claim(Claim::EnteringKing).unwrap();
    won_by(&g, 1, EndReason::Declaration);
}

#[test]
fn incorrect_declarations_are_refused_and_play_goes_on() {
    let refused = |sfen: &str, rules: ShogiRules| {
        let mut g = game_with(rules, sfen);
        let result = g.claim(Claim::EnteringKing);
        assert!(
            matches!(result, Err(RulesError::ClaimRefused(_))),
            "{sfen}: {result:?}"
        );
        assert!(g.outcome().is_none());
    };
    let rules = ShogiRules::default();
    // 27 points is one short for sente.
    refused("RBGGKGGSS/9/PPPPPPPPP/9/9/9/9/9/4k4 b 2P 1", rules);
    // The king is outside the camp.
    refused("RBGG1GGSS/9/PPPPPPPPP/4K4/9/9/9/9/4k4 b 3P 1", rules);
    // Only nine other pieces in the camp, though the hand is rich.
    refused("RBGGKGGSS/9/P8/9/9/9/9/9/4k4 b 17P 1", rules);
    // In check from the silver on 4b.
    refused("RBGGKGGSS/5s3/PPPPPPPPP/9/9/9/9/9/4k4 b 3P 1", rules);
    // The room turned the rule off.
    let off = ShogiRules {
        declaration: false,
        ..rules
    };
    refused(ENTERED, off);
}

#[test]
fn move_limit_draws_when_reached() {
    let rules = ShogiRules {
        move_limit: Some(4),
        ..ShogiRules::default()
    };
    let mut g = ShogiGame::new(rules);
    play(&mut g, "7g7f 3c3d 2g2f");
    assert!(g.outcome().is_none());
    play(&mut g, "8c8d");
    let outcome = g.outcome().unwrap();
    assert_eq!(
        (&outcome.verdict, outcome.reason),
        (&Verdict::Draw, EndReason::MoveLimit)
    );
}

#[test]
fn impasse_counts_every_piece_when_both_kings_have_entered() {
    let rules = ShogiRules {
        impasse: true,
        ..ShogiRules::default()
    };
    let even = "4K4/9/9/9/9/9/9/9/4k4 b RBGGSSNNL9Prbggssnnl9p 1";
    let mut g = game_with(rules, even);
    g.claim(Claim::Impasse).unwrap();
    assert_eq!(g.outcome().unwrap().verdict, Verdict::Draw);
    let lopsided = "4K4/9/9/9/9/9/9/9/4k4 b R2Pbggssnnll16prbgg 1";
    let mut g = game_with(rules, lopsided);
    g.claim(Claim::Impasse).unwrap();
    won_by(&g, 1, EndReason::Impasse);
    // Refused while a king is outside the camp, or when the rule is off.
    let mut g = game_with(rules, "9/9/4K4/9/4k4/9/9/9/9 b - 1");
    assert!(matches!(
        g.claim(Claim::Impasse),
        Err(RulesError::ClaimRefused(_))
    ));
    let mut g = game(even);
    assert!(matches!(
        g.claim(Claim::Impasse),
        Err(RulesError::ClaimRefused(_))
    ));
}

#[test]
fn handicap_games_start_without_gote_pieces_and_gote_moves_first() {
    for (handicap, missing) in [
        (Handicap::Lance, 1),
        (Handicap::Bishop, 1),
        (Handicap::Rook, 1),
        (Handicap::RookLance, 2),
        (Handicap::TwoPiece, 2),
        (Handicap::FourPiece, 4),
        (Handicap::SixPiece, 6),
    ] {
        let g = ShogiGame::new(ShogiRules {
            handicap,
            ..ShogiRules::default()
        });
        let p = g.position();
        assert_eq!(p.side_to_move(), banmen::rules::shogi::Color::White);
        let white = p.pieces(banmen::rules::shogi::Color::White).count();
        assert_eq!(white, 20 - missing, "{handicap:?}");
        assert_eq!(p.pieces(banmen::rules::shogi::Color::Black).count(), 20);
    }
}

// --- notation ----------------------------------------------------------------

#[test]
fn sfen_accepts_any_hand_order_and_writes_the_canonical_one() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b 2pP3LGr 7");
    assert_eq!(p.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b G3LPr2p 7");
    assert_eq!(Position::startpos().to_sfen(), banmen::rules::shogi::START);
}

#[test]
fn malformed_sfen_says_what_is_wrong() {
    let err = |s: &str| Position::from_sfen(s).unwrap_err();
    assert_eq!(err(""), SfenError::MissingField("board"));
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4"),
        SfenError::MissingField("side")
    );
    assert_eq!(err("4k4/9/9/9/9/9/9/9 b - 1"), SfenError::RankCount(8));
    assert!(matches!(
        err("4k5/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::RankLength { rank: 'a', .. }
    ));
    assert!(matches!(
        err("4k3/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::RankLength { rank: 'a', .. }
    ));
    assert!(matches!(
        err("4k3x/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::BadPiece { found: 'x', .. }
    ));
    assert!(matches!(
        err("4+k4/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::BadPromotion { rank: 'a' }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 x - 1"),
        SfenError::BadSide(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 2 1"),
        SfenError::BadHand(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 19P 1"),
        SfenError::BadHand(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b K 1"),
        SfenError::BadHand(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b - 0"),
        SfenError::BadMoveNumber(_)
    ));
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::KingCount { count: 0, .. }
    ));
    assert!(matches!(
        err("P3k4/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::DeadPiece(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 5G 1"),
        SfenError::BadHand(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/GGGGK4 b G 1"),
        SfenError::TooManyPieces { .. }
    ));
    assert_eq!(
        err("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::OpponentInCheck
    );
}

#[test]
fn usi_moves_are_read_strictly() {
    let p = Position::startpos();
    assert!(p.parse_usi("7g7f").is_ok());
    for bad in [
        "", "7g", "7g7f++", "0a1b", "7j7f", "k*5e", "K*5e", "P*", "7g7f ",
    ] {
        assert!(
            matches!(p.parse_usi(bad), Err(UsiError::Syntax(_))),
            "{bad:?}"
        );
    }
    assert!(matches!(p.parse_usi("7g7e"), Err(UsiError::Illegal(_))));
    assert!(matches!(p.parse_usi("P*5e"), Err(UsiError::Illegal(_))));
}

#[test]
fn games_export_as_usi_position_and_kif() {
    let mut g = ShogiGame::new(ShogiRules::default());
    play(&mut g, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    assert_eq!(
        g.usi_position(),
        format!(
            "position sfen {} moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
            banmen::rules::shogi::START
        )
    );
    g.resign(Seat(1)).unwrap();
    let kif = g.to_kif(["alice", "bob"]);
    let lines: Vec<&str> = kif.lines().collect();
    assert!(lines.contains(&"手合割：平手"));
    assert!(lines.contains(&"先手：alice") && lines.contains(&"後手：bob"));
    let moves = [
        "   1 ７六歩(77)",
        "   2 ３四歩(33)",
        "   3 ２二角成(88)",
        "   4 同　銀(31)",
        "   5 ４五角打",
        "   6 投了",
    ];
    for m in moves {
        assert!(lines.contains(&m), "missing {m:?} in\n{kif}");
    }
    assert_eq!(lines.last(), Some(&"まで5手で先手の勝ち"));
}

#[test]
fn kif_of_a_set_up_position_carries_a_board_diagram() {
    let g = game("4k4/9/4P4/9/9/9/9/9/4K4 w G2p 1");
    let kif = g.to_kif(["a", "b"]);
    assert!(kif.contains("後手の持駒：歩二"), "{kif}");
    assert!(kif.contains("先手の持駒：金"));
    assert!(kif.contains("| ・ ・ ・ ・v玉 ・ ・ ・ ・|一"));
    assert!(kif.contains("後手番"));
}

#[test]
fn any_game_plays_vocabulary_moves_and_text() {
    use banmen::rules::vocab::{Move, Promotion, Square};
    use banmen::rules::{AnyGame, GameKind, RuleValues};
    let rules = RuleValues::defaults(GameKind::Shogi.rule_specs());
    let mut g = AnyGame::new(GameKind::Shogi, &rules, None).unwrap();
    assert_eq!(g.to_move(), Some(Seat(0)));
    // 7g7f: file 7 is the third column from the left, rank g the third row from the bottom.
    let push = Move::Step {
        from: Square::new(2, 2),
        to: Square::new(2, 3),
        promotion: Promotion::None,
    };
    assert!(g.legal_moves().contains(&push));
    assert_eq!(g.play(&push).unwrap(), "7g7f");
    assert_eq!(g.to_move(), Some(Seat(1)));
    assert!(
        g.play(&push).is_err(),
        "the same move is not legal for gote"
    );
    g.play_text("3c3d").unwrap();
    assert!(g.play_text("3c3d").is_err());
    assert_eq!(
        g.position_text(),
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
    );
    let pawn = g.piece_at(Square::new(2, 3)).unwrap();
    assert_eq!((pawn.owner, pawn.promoted), (Some(Seat(0)), false));
}

#[test]
fn checked_names_the_seat_in_check_until_the_game_ends() {
    use banmen::rules::Game;
    let mut g = game("4k4/9/4P4/9/9/9/9/9/4K4 b GR 1");
    assert_eq!(g.checked(), SeatSet::EMPTY);
    play(&mut g, "R*1a");
    assert_eq!(g.checked(), SeatSet::one(Seat(1)));
    play(&mut g, "5a4b");
    assert_eq!(g.checked(), SeatSet::EMPTY);
    let mut mate = game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    play(&mut mate, "G*5b");
    assert_eq!(
        mate.checked(),
        SeatSet::EMPTY,
        "nobody is to move once the game is over"
    );
}
