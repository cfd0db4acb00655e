//! `cargo bench --bench strength4`: the four-player paranoid search at
//! level 5 against three copies of the greedy one-ply player
//! (level 2), in free-for-all four-player chess and individual four-player
//! shogi, the strong seat moving round the table from game to game.
//! Prints each game and how often the strong player placed first (goal:
//! at least 70%). `GAMES=n` (default 8 per game) and `MS=t` (time per
//! move of the strong player, default 200) change the run.

use banmen::cpu::{Budget, MAX_LEVEL, think, think_paranoid};
use banmen::rules::vocab::{Seat, Verdict};
use banmen::rules::{AnyGame, GameKind, RuleValues};
use std::time::Duration;

/// Plays one game; the strong player's place (0 = first) and the plies.
fn play(kind: GameKind, rules: &[(&str, &str)], strong: u8, ms: u64) -> (usize, u32) {
    let mut values = RuleValues::defaults(kind.rule_specs());
    for (name, value) in rules {
        values.set(name, value).expect("a valid rule");
    }
    let mut game = AnyGame::new(kind, &values, None).expect("a game");
    let mut plies = 0;
    while let Some(seat) = game.to_move() {
        let budget = Budget::new(Duration::from_millis(ms));
        let mv = match seat.0 == strong {
            true => think_paranoid(&game, MAX_LEVEL, &budget),
            false => think(&game, 2, &budget),
        };
        let mv = mv.expect("a move while playing");
        game.play(&mv).expect("the CPU plays legal moves");
        plies += 1;
    }
    let outcome = game.outcome().expect("over");
    let place = match &outcome.verdict {
        Verdict::Placings(places) => places.iter().position(|p| p.seat.0 == strong),
        Verdict::Win(seats) => Some(usize::from(!seats.contains(Seat(strong)))),
        Verdict::Draw => None,
    };
    (place.unwrap_or(4), plies)
}

fn main() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (games, ms) = (env("GAMES", 8), env("MS", 200));
    let tables: [(GameKind, &[(&str, &str)]); 2] = [
        (GameKind::Chess4, &[("type", "ffa"), ("move-limit", "300")]),
        (GameKind::Shogi4, &[("move-limit", "300")]),
    ];
    for (kind, rules) in tables {
        let mut firsts = 0;
        for g in 0..games {
            let strong = (g % 4) as u8;
            let (place, plies) = play(kind, rules, strong, ms);
            println!(
                "{kind} game {g}: strong seat {strong} placed {} after {plies} plies",
                place + 1
            );
            firsts += usize::from(place == 0);
        }
        println!(
            "{kind}: paranoid search at {ms} ms/move first in {firsts} of {games} games \
             ({:.0}%) against three greedy players (goal: 70%)",
            100.0 * firsts as f64 / games.max(1) as f64
        );
    }
}
