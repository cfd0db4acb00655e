//! `cargo bench --bench shogi_levels`: two-player shogi, each CPU level
//! against the level below it (2 against 1 up to 5 against 4), the
//! stronger side taking sente and gote in turn. Each side's first move is
//! random, so that the searches without noise (levels 4 and 5) do not play
//! the same game again. Prints each game and, per pair, the stronger
//! level's wins, draws and losses and its score (a draw counts half).
//!
//! `GAMES=n` (default 10 per pair), `MS=t` (the time per move, default
//! 1000: below 700, levels 4 and 5 search alike, since level 4's cap is
//! 0.7 s), `STRONG=n` (only this level against `WEAK=n`, by default the
//! level below it) and `LIMIT=n` (the move limit after which a game is
//! drawn, default 300; `none` plays every game to its end) change the run.

use banmen::cpu::{Budget, MAX_LEVEL, think};
use banmen::rules::vocab::{Seat, Verdict};
use banmen::rules::{AnyGame, GameKind, RuleValues};
use rand::Rng;
use std::time::Duration;

/// How the games are played.
struct Setup {
    games: u64,
    ms: u64,
    /// The move limit (a count, or "none").
    limit: String,
}

/// How one game ended for the stronger level.
enum End {
    Won,
    Drew,
    Lost,
}

/// Plays one game of `strong` against `weak`, `strong` in seat
/// `strong_seat` (0 is sente): the result for `strong`, the plies and why
/// the game ended.
fn play(strong: u8, weak: u8, strong_seat: u8, setup: &Setup) -> (End, usize, String) {
    let mut values = RuleValues::defaults(GameKind::Shogi.rule_specs());
    values
        .set("move-limit", &setup.limit)
        .expect("a valid move limit");
    let mut game = AnyGame::new(GameKind::Shogi, &values, None).expect("a game");
    let mut plies = 0;
    while let Some(seat) = game.to_move() {
        let mv = if plies < 2 {
            let legal = game.legal_moves();
            legal.get(rand::rng().random_range(0..legal.len())).cloned()
        } else {
            let level = if seat.0 == strong_seat { strong } else { weak };
            think(&game, level, &Budget::new(Duration::from_millis(setup.ms)))
        };
        let mv = mv.expect("a move while playing");
        game.play(&mv).expect("the CPU plays legal moves");
        plies += 1;
    }
    let outcome = game.outcome().expect("over");
    let result = match &outcome.verdict {
        Verdict::Win(seats) if seats.contains(Seat(strong_seat)) => End::Won,
        Verdict::Win(_) => End::Lost,
        Verdict::Draw | Verdict::Placings(_) => End::Drew,
    };
    (result, plies, outcome.reason.to_string())
}

/// Plays `setup.games` games of `strong` against `weak` and prints them.
fn pair(strong: u8, weak: u8, setup: &Setup) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for g in 0..setup.games {
        let strong_seat = (g % 2) as u8;
        let (result, plies, reason) = play(strong, weak, strong_seat, setup);
        let said = match result {
            End::Won => {
                wins += 1;
                "won"
            }
            End::Drew => {
                draws += 1;
                "drew"
            }
            End::Lost => {
                losses += 1;
                "lost"
            }
        };
        let side = if strong_seat == 0 { "sente" } else { "gote" };
        println!(
            "level {strong} against {weak}, game {g}: level {strong} as {side} {said} \
             after {plies} plies ({reason})"
        );
    }
    let score = f64::from(wins) + f64::from(draws) / 2.0;
    println!(
        "level {strong} against level {weak} at {} ms/move: W {wins} D {draws} L {losses} \
         of {} games, scoring {:.0}%\n",
        setup.ms,
        setup.games,
        100.0 * score / setup.games.max(1) as f64,
    );
}

fn main() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let setup = Setup {
        games: env("GAMES", 10),
        ms: env("MS", 1000),
        limit: std::env::var("LIMIT").unwrap_or_else(|_| "300".to_string()),
    };
    let level =
        |name: &str, default: u8| env(name, default.into()).clamp(1, MAX_LEVEL.into()) as u8;
    match std::env::var_os("STRONG") {
        Some(_) => {
            let strong = level("STRONG", MAX_LEVEL);
            pair(
                strong,
                level("WEAK", strong.saturating_sub(1).max(1)),
                &setup,
            );
        }
        None => {
            for strong in 2..=MAX_LEVEL {
                pair(strong, strong - 1, &setup);
            }
        }
    }
}
