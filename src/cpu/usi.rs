//! `banmen usi`: the two-player shogi CPU as a USI engine on stdin/stdout,
//! for USI shogi GUIs and the match runner (`scripts/match.py`).
//!
//! The loop reads commands on the caller's thread; `go` starts [`think`] on
//! a search thread, so `stop`, `isready` and `quit` are answered while it
//! thinks. When the position is already over (mate, repetition), `go`
//! says why in `info string game over: …` before `bestmove resign`. Bad
//! input never stops the engine: a bad position or option is
//! reported as `info string error: …` and unknown commands are ignored.

use super::{Budget, MAX_LEVEL, think};
use crate::rules::vocab::{Outcome, Seat, Verdict};
use crate::rules::{AnyGame, GameKind, RuleValues, RulesError};
use std::io::{self, BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use thiserror::Error;

/// Why a `position` command was refused (said as `info string error: …`).
#[derive(Debug, Error)]
enum PositionError {
    /// Neither `startpos` nor `sfen …` follows `position`.
    #[error("position wants startpos or sfen")]
    Setup,
    /// The SFEN does not read.
    #[error("{0}")]
    Sfen(#[from] RulesError),
    /// A move after `moves` does not read or is illegal.
    #[error("move {text}: {error}")]
    Move {
        /// The move as given.
        text: String,
        /// Why it was refused.
        error: RulesError,
    },
}

/// The time to think on a `go` without any time (nor `infinite`).
const NO_CLOCK: Duration = Duration::from_secs(5);

/// Where the engine writes: shared by the loop and the search thread, one
/// whole line at a time, flushed.
type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// Runs the engine on stdin and stdout until `quit` or the end of input.
pub fn run_stdio(level: u8) -> io::Result<()> {
    run(level, io::stdin().lock(), Box::new(io::stdout()))
}

/// Runs the engine at `level` (clamped to 1..=[`MAX_LEVEL`]), reading
/// commands from `input` and answering on `output`, until `quit` or the
/// end of input. Only a failure to read input is an error; a closed output
/// ends the engine quietly.
pub fn run(level: u8, mut input: impl BufRead, output: Box<dyn Write + Send>) -> io::Result<()> {
    let mut engine = Engine::new(level, Arc::new(Mutex::new(output)));
    let mut line = Vec::new();
    loop {
        line.clear();
        // Bytes, not `lines()`: a line that is not UTF-8 is one more
        // unknown command, not the end.
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if !engine.command(&String::from_utf8_lossy(&line)) {
            break;
        }
    }
    engine.finish_search();
    Ok(())
}

/// Writes one line and flushes; a closed output is ignored (the GUI left).
fn say(out: &Output, line: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// The engine between commands.
struct Engine {
    level: u8,
    game: AnyGame,
    out: Output,
    search: Option<Search>,
}

/// A running search: its budget (to stop it) and its thread.
struct Search {
    budget: Budget,
    thread: JoinHandle<()>,
}

impl Engine {
    fn new(level: u8, out: Output) -> Engine {
        Engine {
            level: level.clamp(1, MAX_LEVEL),
            game: start_game(None).expect("the start position is valid"),
            out,
            search: None,
        }
    }

    /// Handles one command line; `false` means quit.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match word {
            "usi" => {
                for line in [
                    "id name banmen".to_string(),
                    "id author banmen team".to_string(),
                    format!("option name Level type spin default 5 min 1 max {MAX_LEVEL}"),
                    "usiok".to_string(),
                ] {
                    say(&self.out, &line);
                }
            }
            "isready" => say(&self.out, "readyok"),
            "setoption" => self.set_option(&rest),
            "usinewgame" => {
                self.finish_search();
                self.game = start_game(None).expect("the start position is valid");
            }
            "position" => {
                self.finish_search();
                match parse_position(&rest) {
                    Ok(game) => self.game = game,
                    Err(e) => say(&self.out, &format!("info string error: {e}")),
                }
            }
            "go" => self.go(&rest),
            // Not advertised (no USI_Ponder), but a ponder hit means "move
            // now" well enough: the search stops and answers.
            "stop" | "ponderhit" => self.finish_search(),
            "quit" => return false,
            _ => {}
        }
        true
    }

    /// `setoption name Level value N`; other options are ignored.
    fn set_option(&mut self, words: &[&str]) {
        let name_at = words.iter().position(|w| *w == "name");
        let value_at = words.iter().position(|w| *w == "value");
        let (Some(n), Some(v)) = (name_at, value_at) else {
            return;
        };
        if n >= v || !words[n + 1..v].join(" ").eq_ignore_ascii_case("Level") {
            return;
        }
        match words.get(v + 1).and_then(|s| s.parse::<u8>().ok()) {
            Some(level) if (1..=MAX_LEVEL).contains(&level) => self.level = level,
            _ => say(
                &self.out,
                &format!("info string error: Level must be 1 to {MAX_LEVEL}"),
            ),
        }
    }

    /// `go …`: starts a search on its own thread; it prints `bestmove`.
    fn go(&mut self, words: &[&str]) {
        self.finish_search();
        let go = Go::parse(words);
        if go.mate {
            say(&self.out, "checkmate notimplemented");
            return;
        }
        if let Some(outcome) = self.game.outcome() {
            // Not USI proper, but free text a GUI shows and the match
            // referee reads: why `bestmove resign` follows.
            say(
                &self.out,
                &format!("info string game over: {}", ended(outcome)),
            );
        }
        let side = self.game.to_move().map_or(0, |s| s.index());
        let wait_for_stop = go.infinite || go.ponder;
        let time = match go.budget(side) {
            Some(time) => time,
            None if wait_for_stop => Duration::from_secs(86_400),
            None => NO_CLOCK,
        };
        let budget = Budget::new(time);
        let (game, level, out) = (self.game.clone(), self.level, self.out.clone());
        let searching = budget.clone();
        let thread = std::thread::spawn(move || {
            let best = think(&game, level, &searching);
            // `go infinite` answers only when stopped, even if done early.
            while wait_for_stop && !searching.stopped() {
                std::thread::sleep(Duration::from_millis(5));
            }
            say(&out, &format!("bestmove {}", best_text(&game, best)));
        });
        self.search = Some(Search { budget, thread });
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.budget.stop.store(true, Ordering::Relaxed);
            if search.thread.join().is_err() {
                // The search panicked: still answer, so the GUI is not stuck.
                say(&self.out, "bestmove resign");
            }
        }
    }
}

/// `sente wins by checkmate`, `draw by repetition` and the like.
fn ended(outcome: &Outcome) -> String {
    let verdict = match &outcome.verdict {
        Verdict::Win(seats) if seats.contains(Seat(0)) => "sente wins",
        Verdict::Win(_) => "gote wins",
        Verdict::Draw => "draw",
        _ => "over",
    };
    format!("{verdict} by {}", outcome.reason)
}

/// The USI text of the chosen move, or `resign` when there is none.
fn best_text(game: &AnyGame, best: Option<crate::rules::vocab::Move>) -> String {
    best.and_then(|mv| game.clone().play(&mv).ok())
        .unwrap_or_else(|| "resign".to_string())
}

/// A two-player shogi game under the default rules, from `sfen` or the start.
fn start_game(sfen: Option<&str>) -> Result<AnyGame, RulesError> {
    let kind = GameKind::Shogi;
    let rules = RuleValues::defaults(kind.rule_specs());
    AnyGame::new(kind, &rules, sfen)
}

/// `position startpos [moves …]` or `position sfen B S H [N] [moves …]`.
fn parse_position(words: &[&str]) -> Result<AnyGame, PositionError> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut game = match setup.split_first() {
        Some((&"startpos", [])) => start_game(None)?,
        Some((&"sfen", sfen)) if !sfen.is_empty() => start_game(Some(&sfen.join(" ")))?,
        _ => return Err(PositionError::Setup),
    };
    for mv in moves {
        game.play_written(mv).map_err(|error| PositionError::Move {
            text: mv.to_string(),
            error,
        })?;
    }
    Ok(game)
}

/// The parameters of a `go` command.
#[derive(Debug, Default, PartialEq)]
struct Go {
    /// Remaining time of sente and gote.
    time: [Option<Duration>; 2],
    /// Increment per move of sente and gote.
    inc: [Option<Duration>; 2],
    byoyomi: Option<Duration>,
    movetime: Option<Duration>,
    infinite: bool,
    ponder: bool,
    mate: bool,
}

impl Go {
    /// Reads `go`'s words; unknown words and bad numbers are skipped.
    fn parse(words: &[&str]) -> Go {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let value = words
                .get(i + 1)
                .and_then(|s| s.parse::<i64>().ok())
                .map(|n| Duration::from_millis(n.max(0) as u64));
            let slot = match words[i] {
                "btime" => &mut go.time[0],
                "wtime" => &mut go.time[1],
                "binc" => &mut go.inc[0],
                "winc" => &mut go.inc[1],
                "byoyomi" => &mut go.byoyomi,
                "movetime" => &mut go.movetime,
                flag => {
                    match flag {
                        "infinite" => go.infinite = true,
                        "ponder" => go.ponder = true,
                        "mate" => go.mate = true,
                        _ => {}
                    }
                    i += 1;
                    continue;
                }
            };
            match value {
                Some(value) => {
                    *slot = Some(value);
                    i += 2;
                }
                None => i += 1,
            }
        }
        go
    }

    /// The time to think for the side `side` (0 sente, 1 gote), or `None`
    /// when `go` gave none (`infinite`, `ponder`, or no time at all: the
    /// caller picks [`NO_CLOCK`] for the last).
    ///
    /// `movetime` is used as given, less a small margin for the answer to
    /// travel. Otherwise a share of the remaining time (1/30) plus most of
    /// the increment, plus the byoyomi, less a safety margin, and never
    /// more than the clock holds.
    fn budget(&self, side: usize) -> Option<Duration> {
        const FLOOR: Duration = Duration::from_millis(10);
        if self.infinite || self.ponder {
            return None;
        }
        if let Some(t) = self.movetime {
            let margin = (t / 10).min(Duration::from_millis(50));
            return Some((t - margin).max(FLOOR));
        }
        let side = side.min(1);
        let (time, inc, byoyomi) = (self.time[side], self.inc[side], self.byoyomi);
        if time.is_none() && inc.is_none() && byoyomi.is_none() {
            return None;
        }
        let time = time.unwrap_or_default();
        let inc = inc.unwrap_or_default();
        let byoyomi = byoyomi.unwrap_or_default();
        // What the clock holds for this move, and a margin off it for the
        // answer's travel and the GUI's lag.
        let holds = time + inc + byoyomi;
        let margin = (holds / 10).clamp(Duration::from_millis(20), Duration::from_millis(300));
        let want = time / 30 + inc * 4 / 5 + byoyomi;
        Some(want.min(holds.saturating_sub(margin)).max(FLOOR))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn go_reads_clocks_and_skips_junk() {
        let go = Go::parse(&[
            "btime", "60000", "wtime", "x", "byoyomi", "1000", "junk", "binc", "-5",
        ]);
        assert_eq!(go.time, [Some(ms(60_000)), None]);
        assert_eq!(go.byoyomi, Some(ms(1000)));
        assert_eq!(go.inc, [Some(ms(0)), None]);
        assert!(!go.infinite);
    }

    #[test]
    fn budgets() {
        let budget = |words: &[&str], side| Go::parse(words).budget(side);
        assert_eq!(budget(&["movetime", "200"], 0), Some(ms(180)));
        assert_eq!(budget(&["movetime", "5000"], 1), Some(ms(4950)));
        assert_eq!(budget(&["infinite"], 0), None);
        assert_eq!(budget(&[], 0), None);
        // Byoyomi only: all of it less the margin.
        assert_eq!(
            budget(&["btime", "0", "wtime", "0", "byoyomi", "1000"], 0),
            Some(ms(900))
        );
        // Sudden death: a thirtieth of the clock.
        assert_eq!(
            budget(&["btime", "30000", "wtime", "3000"], 0),
            Some(ms(1000))
        );
        assert_eq!(
            budget(&["btime", "30000", "wtime", "3000"], 1),
            Some(ms(100))
        );
        // Almost out of time: never more than the clock less the margin.
        assert_eq!(budget(&["btime", "15", "wtime", "15"], 0), Some(ms(10)));
        // Increment: most of it.
        assert_eq!(
            budget(
                &["btime", "0", "wtime", "0", "binc", "1000", "winc", "1000"],
                0
            ),
            Some(ms(800))
        );
    }

    #[test]
    fn positions() {
        assert!(parse_position(&["startpos"]).is_ok());
        assert!(parse_position(&["startpos", "moves", "7g7f", "3c3d"]).is_ok());
        let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let words: Vec<&str> = std::iter::once("sfen")
            .chain(sfen.split(' '))
            .chain(["moves", "2g2f"])
            .collect();
        assert!(parse_position(&words).is_ok());
        assert!(parse_position(&[]).is_err());
        assert!(parse_position(&["sfen"]).is_err());
        assert!(parse_position(&["startpos", "moves", "7g7e"]).is_err());
        assert!(parse_position(&["sfen", "9/9", "b", "-"]).is_err());
    }
}
