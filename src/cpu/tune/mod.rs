//! Fitting an evaluation's weights to game results ("Texel" tuning), for
//! every game whose evaluation is a sum of weights times features:
//! self-play writes quiet positions of the CPU's own games with their
//! results ([`run_games`] plays them on several threads), and [`fit`]
//! finds the weights under which the evaluation, through a logistic
//! curve, best predicts those results.
//!
//! The games themselves live with their CPUs: two-player shogi in
//! `cpu/shogi/tune/`, four-player chess in teams in
//! `cpu/four/teams/tune.rs`.

pub mod fit;

use rand::SeedableRng;
use rand::rngs::StdRng;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

/// An evaluation that [`fit`] can tune.
pub trait Tunable {
    /// The game's position.
    type Position;
    /// The weights compiled in, in [`Tunable::SCALE`]ths of a centipawn.
    const WEIGHTS: &'static [i16];
    /// The fraction of a centipawn the weights are kept in.
    const SCALE: i32;
    /// Where `banmen tune fit` writes the weights unless told otherwise.
    const WEIGHTS_PATH: &'static str;
    /// Calls `visit(index, value)` for each feature of `pos`, signed from
    /// the side whose result the data files give.
    fn visit(pos: &Self::Position, visit: &mut dyn FnMut(usize, i32));
    /// Reads a position in the notation the data files use.
    fn parse(text: &str) -> Option<Self::Position>;
}

/// The games `banmen tune` serves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TuneGame {
    /// Two-player shogi.
    Shogi,
    /// Four-player chess in teams (level 5's evaluation).
    Chess4,
}

/// `banmen tune selfplay`'s options (the same for every game).
#[derive(Clone, Debug, clap::Args)]
pub struct SelfplayOptions {
    /// The game to play.
    #[arg(long, value_enum, default_value_t = TuneGame::Shogi)]
    pub game: TuneGame,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u32,
    /// Search depth of each move after the opening.
    #[arg(long, default_value_t = 6)]
    pub depth: i32,
    /// Threads playing games at once.
    #[arg(long, default_value_t = 2)]
    pub threads: u32,
    /// Seeds the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The file the positions are appended to, one `POSITION;RESULT` per
    /// line (RESULT for the first side, sente or Red and Yellow: 1 won,
    /// 0.5 drawn, 0 lost).
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
}

impl SelfplayOptions {
    /// The random numbers of game `n`: the same seed replays the same
    /// games.
    pub fn rng(&self, n: u32) -> StdRng {
        StdRng::seed_from_u64(self.seed.wrapping_mul(1_000_003) ^ u64::from(n))
    }
}

/// Ends a self-play game early once its result is clear: a side ahead by
/// a margin for some plies in a row, or with a score that says the game
/// is decided (a mate seen), has won.
pub struct Adjudicator {
    margin: i32,
    plies: usize,
    decided: i32,
    /// The sign of the side ahead, and for how many plies in a row.
    streak: (i32, usize),
}

impl Adjudicator {
    /// Wins when ahead by `margin` for `plies` plies in a row, or by
    /// `decided` or more once.
    pub fn new((margin, plies): (i32, usize), decided: i32) -> Adjudicator {
        Adjudicator {
            margin,
            plies,
            decided,
            streak: (0, 0),
        }
    }

    /// Follows a search's `score`, from the first side's view (sente, or
    /// Red and Yellow): the first side's result once the game is clear.
    pub fn judge(&mut self, score: i32) -> Option<f64> {
        let sign = score.signum();
        if score.abs() < self.margin {
            self.streak = (0, 0);
            return None;
        }
        self.streak = match self.streak.0 == sign {
            true => (sign, self.streak.1 + 1),
            false => (sign, 1),
        };
        (self.streak.1 >= self.plies || score.abs() >= self.decided)
            .then_some(f64::from(sign.max(0)))
    }
}

/// Plays `options.games` games on `options.threads` threads, `play(n)`
/// giving game `n`'s lines, and appends each finished game's lines to
/// the output; returns games and positions written.
pub fn run_games(
    options: &SelfplayOptions,
    play: &(dyn Fn(u32) -> Vec<String> + Sync),
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<(u32, u64)> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&options.out)?;
    let out = Mutex::new(io::BufWriter::new(file));
    let next = AtomicU32::new(0);
    let written = Mutex::new((0u32, 0u64));
    let started = Instant::now();
    let game = || -> io::Result<()> {
        loop {
            let n = next.fetch_add(1, Ordering::Relaxed);
            if n >= options.games {
                return Ok(());
            }
            let lines = play(n);
            let mut out = out.lock().expect("writer lock");
            let stored = lines.iter().try_for_each(|line| writeln!(out, "{line}"));
            if let Err(e) = stored.and_then(|()| out.flush()) {
                // The other threads stop at their next game.
                next.store(options.games, Ordering::Relaxed);
                return Err(e);
            }
            let mut w = written.lock().expect("count lock");
            w.0 += 1;
            w.1 += lines.len() as u64;
            if w.0 % 50 == 0 {
                let secs = started.elapsed().as_secs();
                log(&format!("{} games, {} positions, {secs} s", w.0, w.1));
            }
        }
    };
    std::thread::scope(|s| {
        let threads: Vec<_> = (0..options.threads.max(1)).map(|_| s.spawn(game)).collect();
        threads.into_iter().try_for_each(|t| {
            t.join()
                .unwrap_or_else(|_| Err(io::Error::other("a self-play thread panicked")))
        })
    })?;
    let w = *written.lock().expect("count lock");
    Ok(w)
}

/// The positions of one self-play game at depth 1 from `play`, for the
/// games' tests, after checking that there are some and that all carry
/// the game's one result: a win, a draw or a loss.
#[cfg(test)]
pub fn one_game(
    game: TuneGame,
    play: impl Fn(&SelfplayOptions, u32) -> Vec<String>,
) -> Vec<String> {
    let options = SelfplayOptions {
        game,
        games: 1,
        depth: 1,
        threads: 1,
        seed: 3,
        out: PathBuf::new(),
    };
    let lines = play(&options, 0);
    assert!(!lines.is_empty(), "no quiet position in the game");
    let result = lines[0].split_once(';').expect("a result").1.to_string();
    assert!(["0", "0.5", "1"].contains(&result.as_str()), "{result}");
    let position = |line: &String| {
        let (pos, r) = line.split_once(';').expect("a result");
        assert_eq!(r, result, "one game, one result");
        pos.to_string()
    };
    lines.iter().map(position).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file that cannot be written ends the run with its error
    /// instead of playing on and reporting games that were not stored.
    #[test]
    fn an_output_that_cannot_be_written_is_an_error() {
        let options = SelfplayOptions {
            game: TuneGame::Chess4,
            games: 4,
            depth: 1,
            threads: 2,
            seed: 1,
            out: PathBuf::from("/dev/full"),
        };
        let played = AtomicU32::new(0);
        let play = |_: u32| {
            played.fetch_add(1, Ordering::Relaxed);
            vec!["a line".to_string()]
        };
        assert!(run_games(&options, &play, &|_| {}).is_err());
        assert!(
            played.load(Ordering::Relaxed) <= 2,
            "played on after the error"
        );
    }

    #[test]
    fn a_side_long_ahead_has_won() {
        let mut judge = Adjudicator::new((1500, 4), 999_000);
        assert_eq!(judge.judge(-2000), None);
        assert_eq!(judge.judge(2000), None);
        assert_eq!(judge.judge(2000), None);
        assert_eq!(judge.judge(2000), None);
        assert_eq!(judge.judge(2000), Some(1.0));
        assert_eq!(judge.judge(-999_000), Some(0.0));
    }

    #[test]
    fn a_lead_that_lapses_starts_counting_again() {
        let mut judge = Adjudicator::new((1500, 2), 999_000);
        assert_eq!(judge.judge(2000), None);
        assert_eq!(judge.judge(100), None);
        assert_eq!(judge.judge(2000), None);
        assert_eq!(judge.judge(-2000), None);
        assert_eq!(judge.judge(-2000), Some(0.0));
    }

    #[test]
    fn every_game_is_written_once() {
        let dir = std::env::temp_dir().join(format!("banmen-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let options = SelfplayOptions {
            game: TuneGame::Shogi,
            games: 7,
            depth: 1,
            threads: 3,
            seed: 1,
            out: dir.join("lines.txt"),
        };
        let play = |n: u32| vec![format!("game {n};1"), format!("game {n};1")];
        assert_eq!(run_games(&options, &play, &|_| {}).unwrap(), (7, 14));
        let mut text: Vec<String> = std::fs::read_to_string(&options.out)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        text.sort();
        text.dedup();
        assert_eq!(text.len(), 7);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
