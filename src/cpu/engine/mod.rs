//! `banmen engine` and `banmen usi`: the CPU as an engine on stdin and
//! stdout, for GUIs and match runners.
//!
//! Two dialects of one protocol family: USI for two-player shogi
//! ([`usi`]) and the UCI dialect four-player engines speak, for
//! four-player chess and four-player shogi ([`uci4`]). They differ in
//! their words, options, positions and answers, which each dialect gives
//! as a [`Dialect`]; the rest is here, once: the read loop, the output
//! shared with the search thread, `setoption`'s shape and the `Level`
//! option, `go`'s clocks ([`go`]) and the search thread itself.
//!
//! The loop reads commands on the caller's thread; `go` starts the search
//! on its own thread, so `stop`, `isready` and `quit` are answered while
//! it thinks. Bad input never stops the engine: a bad position or option
//! is one `info string error: …` line and the previous position stands.

mod go;
mod report;
pub mod uci4;
pub mod usi;

use super::{Budget, MAX_LEVEL};
use crate::rules::vocab::{Outcome, Verdict};
use crate::rules::{AnyGame, GameKind};
use go::Go;
use std::io::{self, BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where the engine writes: shared by the loop and the search thread, one
/// whole line at a time, flushed.
pub(crate) type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// The time to think on a `go` without any time (nor `infinite`, nor a
/// depth the dialect honours).
const NO_CLOCK: Duration = Duration::from_secs(5);

/// "Until told to stop": the time of `go infinite`, and of `go depth N`
/// without a clock (the depth ends it).
const UNTIL_STOPPED: Duration = Duration::from_secs(86_400);

/// Runs the engine for `kind` on stdin and stdout until `quit` or the end
/// of input: USI for two-player shogi, the four-player dialect otherwise.
pub fn run_stdio(kind: GameKind, level: u8) -> io::Result<()> {
    match kind {
        GameKind::Shogi => usi::run_stdio(level),
        _ => uci4::run_stdio(kind, level),
    }
}

/// Writes one line and flushes; a closed output is ignored (the GUI left).
pub(crate) fn say(out: &Output, line: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// The fixed words and habits of a dialect.
pub(crate) struct Words {
    /// The handshake command (`usi`) and the answer that ends it (`usiok`).
    pub(crate) hello: (&'static str, &'static str),
    /// The command that starts a new game from the start position.
    pub(crate) new_game: &'static str,
    /// What `bestmove` says when there is no move (`resign`).
    pub(crate) no_move: &'static str,
    /// The letters of the seats' clocks in `go` (`b`, `w`: `btime`, `winc`).
    pub(crate) clocks: &'static [char],
    /// The answer to `go mate`, when the dialect refuses it; `None`
    /// searches as usual.
    pub(crate) mate: Option<&'static str>,
    /// Whether `go depth N` limits the search (otherwise it is ignored).
    pub(crate) depth: bool,
    /// Whether unknown commands, unknown options and a malformed
    /// `setoption` are reported. USI GUIs send commands and options banmen
    /// does not have (`gameover`, `USI_Hash`) and expect silence; the
    /// four-player dialect reports all bad input.
    pub(crate) strict: bool,
}

/// What sets a dialect apart; the engine does the rest.
pub(crate) trait Dialect: 'static {
    /// Its fixed words.
    const WORDS: Words;

    /// The `option …` lines of the handshake after `Level`'s.
    fn options(&self) -> Vec<String>;

    /// Sets an option other than `Level`: `Ok(true)` when it changed the
    /// rules (the position is then read again under them), `Ok(false)`
    /// when nothing else changes, `Err` with the reason it was refused.
    fn set_option(&mut self, name: &str, value: &str) -> Result<bool, String>;

    /// The game a `position` command's words (after `position`) set up.
    fn position(&self, words: &[&str]) -> Result<AnyGame, String>;

    /// Searches `game` at `level` within `budget` (and `depth` plies, when
    /// given and the dialect honours it) on the search thread; may say
    /// `info` lines on `out`. The chosen move in the dialect's notation,
    /// `None` when there is none.
    fn think(
        game: &AnyGame,
        level: u8,
        depth: Option<u32>,
        budget: &Budget,
        out: &Output,
    ) -> Option<String>;
}

/// Runs `dialect` at `level` (clamped to 1..=[`MAX_LEVEL`]), reading
/// commands from `input` and answering on `output`, until `quit` or the
/// end of input. Only a failure to read input is an error; a closed output
/// ends the engine quietly.
pub(crate) fn run<D: Dialect>(
    dialect: D,
    level: u8,
    mut input: impl BufRead,
    output: Box<dyn Write + Send>,
) -> io::Result<()> {
    let mut engine = Engine::new(dialect, level, Arc::new(Mutex::new(output)));
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

/// The engine between commands.
struct Engine<D> {
    dialect: D,
    level: u8,
    game: AnyGame,
    /// The words of the position command that set `game` up, to read it
    /// again when an option changes the rules.
    setup: Vec<String>,
    out: Output,
    search: Option<Search>,
}

/// A running search: its budget (to stop it) and its thread.
struct Search {
    budget: Budget,
    thread: JoinHandle<()>,
}

impl<D: Dialect> Engine<D> {
    fn new(dialect: D, level: u8, out: Output) -> Engine<D> {
        let game = dialect
            .position(&["startpos"])
            .expect("the start position is valid");
        Engine {
            dialect,
            level: level.clamp(1, MAX_LEVEL),
            game,
            setup: vec!["startpos".to_string()],
            out,
            search: None,
        }
    }

    /// Handles one command line; `false` means quit.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&word, rest)) = words.split_first() else {
            return true;
        };
        let w = &D::WORDS;
        match word {
            _ if word == w.hello.0 => self.hello(),
            "isready" => say(&self.out, "readyok"),
            "setoption" => self.set_option(rest),
            _ if word == w.new_game => {
                self.finish_search();
                self.set_up(&["startpos"]);
            }
            "position" => {
                self.finish_search();
                self.set_up(rest);
            }
            "go" => self.go(rest),
            // Not advertised, but a ponder hit means "move now" well
            // enough: the search stops and answers.
            "stop" | "ponderhit" => self.finish_search(),
            "quit" => return false,
            _ if w.strict => self.error(&format!("unknown command {word:?}")),
            _ => {}
        }
        true
    }

    /// Says `info string error: {why}`.
    fn error(&self, why: &str) {
        say(&self.out, &format!("info string error: {why}"));
    }

    /// The handshake: names, options, and the closing word.
    fn hello(&self) {
        let w = &D::WORDS;
        let mut lines = vec![
            "id name banmen".to_string(),
            "id author banmen team".to_string(),
            format!("option name Level type spin default 5 min 1 max {MAX_LEVEL}"),
        ];
        lines.extend(self.dialect.options());
        lines.push(w.hello.1.to_string());
        for line in lines {
            say(&self.out, &line);
        }
    }

    /// Sets the game from a `position` command's words, or says why not
    /// (the previous position stands).
    fn set_up(&mut self, words: &[&str]) {
        match self.dialect.position(words) {
            Ok(game) => {
                self.game = game;
                self.setup = words.iter().map(|w| w.to_string()).collect();
            }
            Err(e) => self.error(&e),
        }
    }

    /// `setoption name N value V`: `Level` here, the others by the dialect.
    fn set_option(&mut self, words: &[&str]) {
        let Some((name, value)) = option_words(words) else {
            if D::WORDS.strict {
                self.error("setoption wants name <option> value <value>");
            }
            return;
        };
        if name.eq_ignore_ascii_case("Level") {
            match value.split_whitespace().next().map(str::parse::<u8>) {
                Some(Ok(level)) if (1..=MAX_LEVEL).contains(&level) => self.level = level,
                _ => self.error(&format!("Level must be 1 to {MAX_LEVEL}")),
            }
            return;
        }
        match self.dialect.set_option(&name, &value) {
            Ok(true) => self.read_again(),
            Ok(false) => {}
            Err(e) => self.error(&e),
        }
    }

    /// Reads the current position again under changed rules; when it no
    /// longer holds (a move its new rules refuse), back to the start.
    fn read_again(&mut self) {
        let words: Vec<&str> = self.setup.iter().map(String::as_str).collect();
        match self.dialect.position(&words) {
            Ok(game) => self.game = game,
            Err(e) => {
                self.error(&format!("{e}; back to the start position"));
                self.set_up(&["startpos"]);
            }
        }
    }

    /// `go …`: starts a search on its own thread; it says `bestmove`.
    fn go(&mut self, words: &[&str]) {
        self.finish_search();
        let w = &D::WORDS;
        let go = Go::parse(words, w.clocks);
        if let (true, Some(answer)) = (go.mate, w.mate) {
            say(&self.out, answer);
            return;
        }
        if let Some(outcome) = self.game.outcome() {
            // Free text a GUI shows and a referee reads: why no move follows.
            let why = ended(self.game.kind(), outcome);
            say(&self.out, &format!("info string game over: {why}"));
        }
        let seat = self.game.to_move().map_or(0, |s| s.index());
        let wait_for_stop = go.infinite || go.ponder;
        let depth = go.depth.filter(|_| w.depth);
        let time = match go.budget(seat) {
            Some(time) => time,
            None if wait_for_stop || depth.is_some() => UNTIL_STOPPED,
            None => NO_CLOCK,
        };
        let mut budget = Budget::new(time);
        budget.spend_all = go.spend_all(seat);
        let (game, level, out) = (self.game.clone(), self.level, self.out.clone());
        let searching = budget.clone();
        let thread = std::thread::spawn(move || {
            let best = D::think(&game, level, depth, &searching, &out);
            // `go infinite` answers only when stopped, even if done early.
            while wait_for_stop && !searching.stopped() {
                std::thread::sleep(Duration::from_millis(5));
            }
            let best = best.as_deref().unwrap_or(D::WORDS.no_move);
            say(&out, &format!("bestmove {best}"));
        });
        self.search = Some(Search { budget, thread });
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.budget.stop.store(true, Ordering::Relaxed);
            if search.thread.join().is_err() {
                // The search panicked: still answer, so the GUI is not stuck.
                say(&self.out, &format!("bestmove {}", D::WORDS.no_move));
            }
        }
    }
}

/// Splits a `position` command's words at `moves`: the setup before it,
/// the moves after it.
fn split_moves<'a>(words: &'a [&'a str]) -> (&'a [&'a str], &'a [&'a str]) {
    match words.iter().position(|w| *w == "moves") {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[]),
    }
}

/// Plays `moves`, written as the game writes them, from `game`; the first
/// that does not read or is illegal is the error, named.
fn play_moves(mut game: AnyGame, moves: &[&str]) -> Result<AnyGame, String> {
    for mv in moves {
        game.play_written(mv)
            .map_err(|error| format!("move {mv}: {error}"))?;
    }
    Ok(game)
}

/// The name and value of `setoption name N… value V…` (either may be
/// several words); `None` unless both keywords are there in that order.
fn option_words(words: &[&str]) -> Option<(String, String)> {
    let n = words.iter().position(|w| *w == "name")?;
    let v = words.iter().position(|w| *w == "value")?;
    (n < v).then(|| (words[n + 1..v].join(" "), words[v + 1..].join(" ")))
}

/// How a game ended, in words: `sente wins by checkmate`, `Red and Yellow
/// win by king captured`, `South places first by eliminations`, `draw by
/// repetition`.
fn ended(kind: GameKind, outcome: &Outcome) -> String {
    let names = |seats: Vec<_>| {
        let names: Vec<&str> = seats.into_iter().map(|s| kind.seat_name(s)).collect();
        (names.join(" and "), names.len() == 1)
    };
    let verdict = match &outcome.verdict {
        Verdict::Win(seats) => match names(seats.iter().collect()) {
            (who, true) => format!("{who} wins"),
            (who, false) => format!("{who} win"),
        },
        Verdict::Draw => "draw".to_string(),
        Verdict::Placings(places) => {
            let first = places.iter().filter(|p| p.place == 1).map(|p| p.seat);
            match names(first.collect()) {
                (who, true) => format!("{who} places first"),
                (who, false) => format!("{who} place first"),
            }
        }
    };
    format!("{verdict} by {}", outcome.reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::vocab::{EndReason, Placing, Seat, SeatSet};

    #[test]
    fn option_words_take_names_and_values_of_several_words() {
        let words = ["name", "Move", "Overhead", "value", "10", "ms"];
        let got = option_words(&words);
        assert_eq!(got, Some(("Move Overhead".into(), "10 ms".into())));
        assert_eq!(option_words(&["value", "1", "name", "Level"]), None);
        assert_eq!(option_words(&["name", "Level"]), None);
    }

    #[test]
    fn endings_name_the_seats() {
        let win = |seats, reason| Outcome {
            verdict: Verdict::Win(seats),
            reason,
        };
        let sente = win(SeatSet::one(Seat(0)), EndReason::Checkmate);
        assert_eq!(ended(GameKind::Shogi, &sente), "sente wins by checkmate");
        let red_yellow = win(SeatSet(0b0101), EndReason::KingCaptured);
        assert_eq!(
            ended(GameKind::Chess4, &red_yellow),
            "Red and Yellow win by king captured"
        );
        let placed = Outcome {
            verdict: Verdict::Placings(vec![
                Placing {
                    seat: Seat(1),
                    place: 1,
                    points: 0,
                },
                Placing {
                    seat: Seat(0),
                    place: 2,
                    points: 0,
                },
            ]),
            reason: EndReason::Eliminations,
        };
        assert_eq!(
            ended(GameKind::Shogi4, &placed),
            "West places first by eliminations"
        );
    }
}
