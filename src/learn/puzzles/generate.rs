//! `banmen puzzles generate`: plays the CPU against itself in two-player
//! shogi and four-player chess, offers every position of every game to the
//! prover, and writes the puzzles it proves to the data files.
//!
//! The games are seeded (the levels, the opening's random moves) but the
//! stronger levels think against a clock, so two runs may differ; what
//! ships is fixed by the files, and every puzzle in them is re-proved by
//! the tests. Time is bounded: each move has a short budget, each game a
//! ply cap, and no game starts after the deadline.

use super::prove::{self, Refusal};
use super::{Kind, Puzzle};
use crate::cpu::{self, Budget};
use crate::rules::{AnyGame, GameKind, RuleValues};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::io;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Plies after which a shogi game is left unfinished.
const SHOGI_PLIES: usize = 256;
/// Plies after which a four-player chess game is left unfinished.
const CHESS4_PLIES: usize = 400;
/// Random legal moves at most before the CPU takes over (variety: the
/// CPU alone plays much the same openings).
const RANDOM_OPENING: usize = 4;

/// What to generate and where (`banmen puzzles generate`'s options).
#[derive(Clone, Debug, clap::Args)]
pub struct Options {
    /// Games of each game (two-player shogi, four-player chess).
    #[arg(long, default_value_t = 40)]
    pub games: u32,
    /// Seeds the CPU levels and the openings' random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where the data files are written.
    #[arg(long, value_name = "DIR", default_value = "src/learn/puzzles")]
    pub out: PathBuf,
    /// No game starts after this many minutes.
    #[arg(long, default_value_t = 30)]
    pub minutes: u64,
    /// The CPU's time per move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    pub think_ms: u64,
    /// Puzzles kept of each kind at most (the first found): the tests
    /// re-prove every one, so the files stay a size they can.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max: usize,
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Puzzles per kind, in [`Kind::ALL`] order.
    pub counts: [usize; 3],
    /// Games played: shogi, four-player chess.
    pub games: [u32; 2],
    /// Positions offered to the prover.
    pub positions: u64,
    /// Wall time.
    pub seconds: f64,
}

/// Found puzzles, one list per kind, and the positions already taken.
#[derive(Default)]
struct Found {
    puzzles: [Vec<Puzzle>; 3],
    seen: HashSet<String>,
    positions: u64,
}

impl Found {
    /// Keeps `puzzle` unless its position is already a puzzle or its kind
    /// has `max`.
    fn add(&mut self, puzzle: Puzzle, max: usize) {
        let list = &mut self.puzzles[puzzle.kind.index()];
        if list.len() < max && self.seen.insert(puzzle.position.clone()) {
            list.push(puzzle);
        }
    }

    /// Whether every kind of `game` has `max` puzzles.
    fn full(&self, game: GameKind, max: usize) -> bool {
        let kinds = Kind::ALL.into_iter().filter(|k| k.game() == game);
        kinds
            .into_iter()
            .all(|k| self.puzzles[k.index()].len() >= max)
    }
}

/// Plays and scans the games (shogi and four-player chess on two threads),
/// reports progress to `log`, and writes one data file per kind in
/// `options.out`.
pub fn generate(options: &Options, log: &(dyn Fn(&str) + Sync)) -> io::Result<Report> {
    let started = Instant::now();
    let deadline = started + Duration::from_secs(options.minutes.saturating_mul(60));
    let (shogi, chess4) = std::thread::scope(|s| {
        let chess4 = s.spawn(|| run_games(GameKind::Chess4, options, deadline, log));
        let shogi = run_games(GameKind::Shogi, options, deadline, log);
        (shogi, chess4.join().expect("the chess4 generator panicked"))
    });
    let mut report = Report {
        games: [shogi.1, chess4.1],
        positions: shogi.0.positions + chess4.0.positions,
        ..Report::default()
    };
    std::fs::create_dir_all(&options.out)?;
    for kind in Kind::ALL {
        let found = match kind.game() {
            GameKind::Chess4 => &chess4.0,
            _ => &shogi.0,
        };
        let list = &found.puzzles[kind.index()];
        report.counts[kind.index()] = list.len();
        std::fs::write(
            options.out.join(kind.file_name()),
            file_text(kind, options, list),
        )?;
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// Plays `options.games` games of `game` (fewer if the deadline passes)
/// and scans them: the puzzles and the games played.
fn run_games(
    game: GameKind,
    options: &Options,
    deadline: Instant,
    log: &(dyn Fn(&str) + Sync),
) -> (Found, u32) {
    let mut found = Found::default();
    let mut played = 0;
    for n in 0..options.games {
        if Instant::now() >= deadline {
            log(&format!("{game}: deadline reached after {played} games"));
            break;
        }
        if found.full(game, options.max) {
            log(&format!("{game}: every kind full after {played} games"));
            break;
        }
        let before = found.puzzles.each_ref().map(Vec::len);
        play_game(game, options, n, &mut found);
        played += 1;
        let counts = found.puzzles.each_ref().map(Vec::len);
        let new: usize = counts.iter().zip(before).map(|(a, b)| a - b).sum();
        log(&format!(
            "{game} game {}/{}: {new} new puzzles, {counts:?} in all",
            n + 1,
            options.games
        ));
    }
    (found, played)
}

/// Plays game `n` (levels and opening from the seed) and offers each
/// position, before each move, to the prover.
fn play_game(kind: GameKind, options: &Options, n: u32, found: &mut Found) {
    let mut rng = StdRng::seed_from_u64(options.seed ^ (u64::from(n) << 32) ^ kind as u64);
    let rules = game_rules(kind, n);
    let Ok(values) = RuleValues::parse(kind.rule_specs(), &rules) else {
        return;
    };
    let Ok(mut game) = AnyGame::starting(kind, &values, 0) else {
        return;
    };
    let seats = if kind == GameKind::Shogi { 2 } else { 4 };
    let levels: Vec<u8> = (0..seats)
        .map(|_| rng.random_range(1..=cpu::MAX_LEVEL))
        .collect();
    let opening = rng.random_range(0..=RANDOM_OPENING);
    let cap = if kind == GameKind::Shogi {
        SHOGI_PLIES
    } else {
        CHESS4_PLIES
    };
    let budget = Budget::new(Duration::from_millis(options.think_ms));
    for ply in 0..cap {
        let Some(seat) = game.to_move() else { break };
        let source = format!("seed {} game {} ply {ply}", options.seed, n + 1);
        found.positions += 1;
        for puzzle in scan(kind, &game.position_text(), &rules, &source) {
            found.add(puzzle, options.max);
        }
        let mv = if ply < opening {
            let moves = game.legal_moves();
            moves.get(rng.random_range(0..moves.len().max(1))).cloned()
        } else {
            cpu::think(&game, levels[seat.index() % seats], &budget)
        };
        if mv.is_none_or(|mv| game.play(&mv).is_err()) {
            break;
        }
    }
}

/// The room rules of game `n`: four-player chess alternates free-for-all
/// and teams.
fn game_rules(kind: GameKind, n: u32) -> Vec<String> {
    match (kind, n % 2) {
        (GameKind::Chess4, 0) => vec!["type=ffa".to_string()],
        (GameKind::Chess4, _) => vec!["type=teams".to_string()],
        _ => Vec::new(),
    }
}

/// The puzzles the prover finds in one position.
pub fn scan(game: GameKind, position: &str, rules: &[String], source: &str) -> Vec<Puzzle> {
    let make = |kind, position: String, line: Vec<String>| Puzzle {
        source: source.to_string(),
        ..Puzzle::new(kind, position, line, rules.to_vec())
    };
    match game {
        GameKind::Shogi => {
            let sfen = shogi_first_move(position);
            if let Ok(mv) = prove::shogi_mate1(&sfen) {
                return vec![make(Kind::ShogiMate1, sfen, vec![mv])];
            }
            match prove::shogi_mate3(&sfen) {
                Ok(line) => vec![make(Kind::ShogiMate3, sfen, line.to_vec())],
                Err(Refusal::Unreadable(_) | Refusal::NoAnswer | Refusal::NotUnique) => Vec::new(),
            }
        }
        GameKind::Chess4 => match prove::chess4_tactic(position, rules) {
            Ok(tactic) => vec![make(
                Kind::Chess4Tactic,
                position.to_string(),
                vec![tactic.mv],
            )],
            Err(_) => Vec::new(),
        },
        GameKind::Shogi4 => Vec::new(),
    }
}

/// The SFEN with its move number set to 1: a puzzle starts afresh, and two
/// games reaching one position at different moves give one puzzle.
fn shogi_first_move(sfen: &str) -> String {
    let mut fields: Vec<&str> = sfen.split_whitespace().collect();
    if fields.len() == 4 {
        fields[3] = "1";
    }
    fields.join(" ")
}

/// A data file: a header saying how it was made, then one puzzle a line.
fn file_text(kind: Kind, options: &Options, puzzles: &[Puzzle]) -> String {
    let mut text = format!(
        "# banmen puzzles: {} ({} found). Written by `banmen puzzles generate \
         --games {} --seed {}` (docs/puzzles.md);\n# every line proved by \
         src/learn/puzzles/prove.rs. Fields: position | line | rules | source.\n",
        kind.name(),
        puzzles.len(),
        options.games,
        options.seed
    );
    for puzzle in puzzles {
        text.push_str(&puzzle.to_line());
        text.push('\n');
    }
    text
}
