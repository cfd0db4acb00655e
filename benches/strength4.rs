//! `cargo bench --bench strength4`: the CPU's level 5 against three copies
//! of a weaker player (by default the greedy one-ply player, level 2), in
//! four-player chess (free-for-all, teams) and four-player shogi
//! (individual, pairs), the strong seat moving round the
//! table from game to game (against levels above 2, every seat's first
//! move is random, so that the deterministic searches do not play the same
//! game again; greedy players break ties at random). Prints each
//! game and how often the strong player placed first (goal: at least 70%).
//! `GAMES=n` (default 8 per game), `MS=t` (the time per move, default
//! 200; levels 3 and 4 take their share of it), `GAME=chess4|shogi4` (or a
//! table's full name: `chess4 teams`, `shogi4 individual`), `WEAK=n` (the
//! others' level, default 2: greedy), `STRONG=n` (the strong seat's level,
//! default 5, to see how far apart two lower levels are), `LIMIT=n` (the rooms' move limit,
//! default 300 to bound the run; `none` plays every game to its end)
//! change the run; `TRACE=1` prints every move to stderr. In team games
//! "first" means the strong player's side won; its partner is one of the
//! others, or level 5 too with `PARTNER=5` (a team of the strongest
//! against a team of the weaker). Each game's line ends with why it ended
//! and the seats' mates (four-player shogi) or points (free-for-all
//! chess), in seat order.

use banmen::cpu::{Budget, MAX_LEVEL, think};
use banmen::rules::chess4::Variant;
use banmen::rules::vocab::{Seat, Verdict};
use banmen::rules::{AnyGame, GameKind, RuleValues};
use rand::Rng;
use std::time::Duration;

/// How the games are played: the time per move, the strong side's
/// search and partner, the others' level, and whether to print each move.
struct Setup {
    ms: u64,
    /// The strong seat's level (level 5 unless `STRONG` says otherwise).
    strong: u8,
    weak: u8,
    /// In team games, the strong seat's partner plays level 5 too.
    strong_partner: bool,
    /// The room's move limit (a count, or "none").
    limit: String,
    trace: bool,
}

/// Plays one game (printing each move when tracing); the strong player's
/// place (0 = first; `None` for a draw), the plies, why the game ended
/// and the seats' [`standings`].
fn play(
    kind: GameKind,
    rules: &[(&str, &str)],
    strong: u8,
    setup: &Setup,
) -> (Option<usize>, u32, String) {
    let mut values = RuleValues::defaults(kind.rule_specs());
    for (name, value) in rules.iter().chain(&[("move-limit", setup.limit.as_str())]) {
        values.set(name, value).expect("a valid rule");
    }
    let teams = team_game(rules);
    let partner = (strong + 2) % 4;
    let mut game = AnyGame::new(kind, &values, None).expect("a game");
    let mut plies = 0;
    while let Some(seat) = game.to_move() {
        let budget = Budget::new(Duration::from_millis(setup.ms));
        let is_strong = seat.0 == strong || (teams && setup.strong_partner && seat.0 == partner);
        let mv = match is_strong {
            // Against searches (which are deterministic), a random first
            // round, so that the games differ.
            _ if plies < 4 && setup.weak > 2 => {
                let legal = game.legal_moves();
                legal.get(rand::rng().random_range(0..legal.len())).cloned()
            }
            true => think(&game, setup.strong, &budget),
            false => think(&game, setup.weak, &budget),
        };
        let mv = mv.expect("a move while playing");
        let text = game.play(&mv).expect("the CPU plays legal moves");
        if setup.trace {
            eprintln!(
                "trace {plies} seat {} {text} checked {:?} standings {}",
                seat.0,
                game.checked(),
                standings(&game)
            );
        }
        plies += 1;
    }
    let outcome = game.outcome().expect("over");
    let place = match &outcome.verdict {
        Verdict::Placings(places) => places
            .iter()
            .find(|p| p.seat.0 == strong)
            .map(|p| usize::from(p.place.saturating_sub(1))),
        Verdict::Win(seats) => Some(usize::from(!seats.contains(Seat(strong)))),
        Verdict::Draw => None,
    };
    let end = match standings(&game) {
        stood if stood.is_empty() => outcome.reason.to_string(),
        stood => format!("{}; the seats' mates or points: {stood}", outcome.reason),
    };
    (place, plies, end)
}

/// Whether `rules` make partners of opposite seats (chess teams, shogi
/// pairs).
fn team_game(rules: &[(&str, &str)]) -> bool {
    rules.iter().any(|(_, v)| *v == "teams" || *v == "pairs")
}

/// How the seats stood at the end: free-for-all points, or four-player
/// shogi's mates delivered, in seat order (nothing in teams chess).
fn standings(game: &AnyGame) -> String {
    let row: Vec<String> = match game {
        AnyGame::Shogi4(g) => g.position().mates().iter().map(|m| m.to_string()).collect(),
        AnyGame::Chess4(g) if g.rules().variant == Variant::Teams => Vec::new(),
        // An `x` marks a seat that is out.
        AnyGame::Chess4(g) => {
            let pos = g.position();
            let out = |seat: usize| if pos.is_out(seat as u8) { "x" } else { "" };
            (pos.points().iter().enumerate())
                .map(|(seat, p)| format!("{p}{}", out(seat)))
                .collect()
        }
        AnyGame::Shogi(_) => Vec::new(),
    };
    row.join("/")
}

/// A table: its name, the game and its room rules.
type Table = (
    &'static str,
    GameKind,
    &'static [(&'static str, &'static str)],
);

fn main() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let games = env("GAMES", 8);
    let setup = Setup {
        ms: env("MS", 200),
        strong: env("STRONG", 5).clamp(1, u64::from(MAX_LEVEL)) as u8,
        weak: env("WEAK", 2).clamp(1, u64::from(MAX_LEVEL)) as u8,
        strong_partner: env("PARTNER", 0) == u64::from(MAX_LEVEL),
        limit: std::env::var("LIMIT").unwrap_or_else(|_| "300".to_string()),
        trace: std::env::var_os("TRACE").is_some(),
    };
    let only = std::env::var("GAME").unwrap_or_default();
    let tables: [Table; 4] = [
        ("chess4 ffa", GameKind::Chess4, &[("type", "ffa")]),
        ("chess4 teams", GameKind::Chess4, &[("type", "teams")]),
        ("shogi4 individual", GameKind::Shogi4, &[]),
        ("shogi4 pairs", GameKind::Shogi4, &[("format", "pairs")]),
    ];
    for (name, kind, rules) in tables {
        if !name.starts_with(&only) {
            continue;
        }
        let (mut firsts, mut draws) = (0, 0);
        for g in 0..games {
            let strong = (g % 4) as u8;
            let (place, plies, end) = play(kind, rules, strong, &setup);
            let result = place.map_or("drew".to_string(), |p| format!("placed {}", p + 1));
            println!(
                "{name} game {g}: strong seat {strong} {result} after {plies} plies \
                 ({end})"
            );
            firsts += usize::from(place == Some(0));
            draws += usize::from(place.is_none());
        }
        let search = format!("level {}", setup.strong);
        let weak = setup.weak;
        let others = match weak {
            1 | 2 => format!("greedy players (level {weak})"),
            _ => format!("level {weak} players"),
        };
        let against = match (team_game(rules), setup.strong_partner) {
            (true, true) => format!("with a level 5 partner against two {others}"),
            (true, false) => format!("with three {others}, one its partner"),
            (false, _) => format!("against three {others}"),
        };
        println!(
            "{name}: {search} at {ms} ms/move first in {firsts} of {games} games \
             ({:.0}%, {draws} drawn) {against} (goal: 70%)",
            100.0 * firsts as f64 / games.max(1) as f64,
            ms = setup.ms
        );
    }
}
