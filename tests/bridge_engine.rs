//! The bridge's engine side (`banmen bot`, docs/bots.md §7) against real
//! engines: `banmen usi` and `banmen engine`, driven by the bridge's own
//! `Engine` and `position` lines through the first plies of a game, each
//! answer checked against the rules' legal moves. This is also the proof
//! that the hall's move texts are the engines' own.

use banmen::bridge::engine::{Dialect, Engine, split_command};
use banmen::bridge::go::{Clocks, SeatTime, clock_go};
use banmen::bridge::position::{engine_options, position_line};
use banmen::rules::{AnyGame, GameKind, RuleValues};
use serde_json::{Value, json};
use std::time::Duration;

const PLIES: usize = 6;

/// `banmen ARGS` as the bridge would start it from `--engine`.
fn command(args: &str) -> Vec<String> {
    let line = format!("{} {args}", env!("CARGO_BIN_EXE_banmen"));
    split_command(&line).unwrap()
}

/// Plays `PLIES` plies of `kind` under `rules` (as the hall sends them in
/// `game_start`), every move the engine's.
async fn play(kind: GameKind, args: &str, rules: Value) {
    let mut engine = Engine::start(&command(args), Dialect::for_game(kind))
        .await
        .unwrap();
    let specs: Vec<String> = rules
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, value)| format!("{name}={}", value.as_str().unwrap()))
        .collect();
    let values = RuleValues::parse(kind.rule_specs(), &specs).unwrap();
    let mut game = AnyGame::new(kind, &values, None).unwrap();
    let start = game.position_text();
    engine
        .new_game("g-1", &engine_options(kind, &rules))
        .await
        .unwrap();
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..PLIES {
        let position = position_line(kind, &start, &moves);
        let mv = engine
            .best_move(&position, Duration::from_millis(100))
            .await
            .unwrap();
        let legal = game.legal_move_texts();
        assert!(
            legal.contains(&mv),
            "{kind}: {mv} is not legal after {moves:?}"
        );
        game.play_text(&mv).unwrap();
        moves.push(mv);
    }
    engine.quit().await;
}

#[tokio::test]
async fn banmen_usi_plays_shogi_through_the_bridge() {
    play(GameKind::Shogi, "usi --level 1", json!({})).await;
}

#[tokio::test]
async fn a_shogi_handicap_start_goes_as_sfen() {
    play(
        GameKind::Shogi,
        "usi --level 1",
        json!({"handicap": "bishop"}),
    )
    .await;
}

#[tokio::test]
async fn banmen_engine_plays_four_player_chess_through_the_bridge() {
    play(
        GameKind::Chess4,
        "engine --game chess4 --level 1",
        json!({}),
    )
    .await;
}

#[tokio::test]
async fn free_for_all_reaches_the_engine_as_its_type() {
    let rules = json!({"type": "ffa"});
    play(GameKind::Chess4, "engine --game chess4 --level 1", rules).await;
}

#[tokio::test]
async fn banmen_engine_plays_four_player_shogi_through_the_bridge() {
    play(
        GameKind::Shogi4,
        "engine --game shogi4 --level 1",
        json!({}),
    )
    .await;
    let rules = json!({"format": "pairs"});
    play(GameKind::Shogi4, "engine --game shogi4 --level 1", rules).await;
}

#[tokio::test]
async fn a_new_game_in_another_room_resets_the_engine_between_turns() {
    // Two rooms take turns on one engine: each switch is a new game.
    let mut engine = Engine::start(&command("usi --level 1"), Dialect::Usi)
        .await
        .unwrap();
    let time = Duration::from_millis(50);
    for game in ["a-1", "b-1", "a-1"] {
        engine.new_game(game, &[]).await.unwrap();
        let mv = engine
            .best_move("position startpos moves 7g7f", time)
            .await
            .unwrap();
        assert!(!mv.is_empty() && mv != "resign", "{mv}");
    }
    engine.quit().await;
}

/// A clock of `seats` seats, each with `main` ms and one period of
/// `byoyomi` ms, `mover` to move.
fn clocks(seats: usize, mover: usize, main: u64, byoyomi: u64) -> Clocks {
    let seat = SeatTime {
        main: Duration::from_millis(main),
        periods: 1,
    };
    Clocks {
        seats: vec![seat; seats],
        mover,
        byoyomi: Duration::from_millis(byoyomi),
        increment: Duration::ZERO,
        left: None,
    }
}

#[tokio::test]
async fn the_engines_read_the_game_clock_and_answer_within_it() {
    // `go btime … wtime … byoyomi …` to banmen usi, gote to move.
    let mut engine = Engine::start(&command("usi --level 1"), Dialect::Usi)
        .await
        .unwrap();
    engine.new_game("c-1", &[]).await.unwrap();
    let go = clock_go(Dialect::Usi, &clocks(2, 1, 1_000, 1_000), Duration::ZERO);
    assert_eq!(go.line, "go btime 1000 wtime 500 byoyomi 1000");
    let began = std::time::Instant::now();
    let mv = engine
        .search("position startpos moves 7g7f", &go)
        .await
        .unwrap();
    // By its own clock, not told to stop a grace after `due` (loosely:
    // the test machine may be loaded).
    assert!(began.elapsed() < go.due + Duration::from_secs(1));
    let values = RuleValues::parse::<&str>(GameKind::Shogi.rule_specs(), &[]).unwrap();
    let mut game = AnyGame::new(GameKind::Shogi, &values, None).unwrap();
    game.play_text("7g7f").unwrap();
    assert!(game.legal_move_texts().contains(&mv), "{mv}");
    engine.quit().await;

    // `go rtime … btime … ytime … gtime …` to banmen engine, red to move.
    let kind = GameKind::Shogi4;
    let mut engine = Engine::start(&command("engine --game shogi4 --level 1"), Dialect::Uci)
        .await
        .unwrap();
    engine.new_game("c-2", &[]).await.unwrap();
    let go = clock_go(Dialect::Uci, &clocks(4, 0, 1_000, 1_000), Duration::ZERO);
    assert_eq!(go.line, "go rtime 1500 btime 2000 ytime 2000 gtime 2000");
    let values = RuleValues::parse::<&str>(kind.rule_specs(), &[]).unwrap();
    let game = AnyGame::new(kind, &values, None).unwrap();
    let position = position_line(kind, &game.position_text(), &[]);
    let began = std::time::Instant::now();
    let mv = engine.search(&position, &go).await.unwrap();
    // By its own clock, not told to stop a grace after `due` (loosely:
    // the test machine may be loaded).
    assert!(began.elapsed() < go.due + Duration::from_secs(1));
    assert!(game.legal_move_texts().contains(&mv), "{mv}");
    engine.quit().await;
}
