//! `banmen usi` driven over pipes as a GUI would: the handshake, legal
//! best moves, `stop` during `go infinite`, bad input survived, `quit`.
//! Every wait is bounded.

use banmen::rules::{AnyGame, GameKind, RuleValues};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running `banmen usi` with its input and its output lines.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_banmen"))
            .arg("usi")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin: Some(stdin),
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`,
    /// waiting at most `within`; panics otherwise.
    fn until(&self, prefix: &str, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no {prefix:?} within {within:?}; saw {seen:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine ended before {prefix:?}; saw {seen:?}")
                }
            }
        }
    }

    /// The move of the next `bestmove` line.
    fn bestmove(&self, within: Duration) -> String {
        let lines = self.until("bestmove", within);
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).unwrap_or("").to_string()
    }

    /// Sends `quit` and returns the exit code (at most 10 s).
    fn quit(mut self) -> Option<i32> {
        self.send("quit");
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            if start.elapsed() > Duration::from_secs(10) {
                let _ = self.child.kill();
                panic!("the engine did not quit");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn game_after(moves: &[&str]) -> AnyGame {
    let kind = GameKind::Shogi;
    let mut game = AnyGame::new(kind, &RuleValues::defaults(kind.rule_specs()), None).unwrap();
    for mv in moves {
        game.play_text(mv).unwrap();
    }
    game
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn handshake_then_quit_exits_0() {
    let mut engine = Engine::start();
    engine.send("usi");
    let lines = engine.until("usiok", 5 * SECOND);
    assert_eq!(
        lines,
        [
            "id name banmen",
            "id author banmen team",
            "option name Level type spin default 5 min 1 max 5",
            "usiok",
        ]
    );
    engine.send("isready");
    assert_eq!(engine.until("readyok", 5 * SECOND), ["readyok"]);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn go_movetime_answers_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("usi");
    engine.until("usiok", 5 * SECOND);
    engine.send("setoption name Level value 5");
    engine.send("usinewgame");
    engine.send("position startpos moves 7g7f");
    let start = Instant::now();
    engine.send("go movetime 200");
    let best = engine.bestmove(10 * SECOND);
    assert!(start.elapsed() < 5 * SECOND, "took {:?}", start.elapsed());
    let game = game_after(&["7g7f"]);
    assert!(game.parse_text(&best).is_ok(), "illegal bestmove {best}");
    // The same from an SFEN, with a clock instead of movetime.
    engine.send(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d",
    );
    engine.send("go btime 10000 wtime 10000 byoyomi 300");
    let best = engine.bestmove(10 * SECOND);
    let game = game_after(&["7g7f", "3c3d"]);
    assert!(game.parse_text(&best).is_ok(), "illegal bestmove {best}");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn stop_ends_go_infinite_promptly() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    // Still listening while it thinks.
    engine.send("isready");
    let before = engine.until("readyok", 5 * SECOND);
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    engine.send("stop");
    let best = engine.bestmove(5 * SECOND);
    assert!(start.elapsed() < 2 * SECOND, "took {:?}", start.elapsed());
    assert!(game_after(&[]).parse_text(&best).is_ok(), "{best}");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn quit_while_thinking_exits_0() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn bad_input_is_survived() {
    let mut engine = Engine::start();
    for line in [
        "",
        "   ",
        "hello world",
        "go btime banana",
        "setoption name Level value 99",
        "setoption",
        "position",
        "position sfen",
        "position sfen 9/9/9 b -",
        "position startpos moves 7g7f 7g7f",
        "position startpos moves zz",
        "\u{7f}\u{1b}[A ünïcödé",
        "stop",
        "ponderhit",
    ] {
        engine.send(line);
    }
    let stdin = engine.stdin.as_mut().unwrap();
    stdin.write_all(b"\xff\xfe position \xc3\n").unwrap();
    stdin.flush().unwrap();
    // `go btime banana` searched the start position until the next
    // `position` stopped it.
    let mut lines = engine.until("bestmove", 10 * SECOND);
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(game_after(&[]).parse_text(best).is_ok(), "{best}");
    engine.send("isready");
    lines.extend(engine.until("readyok", 5 * SECOND));
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error:"))
            .count()
            >= 5,
        "{lines:?}"
    );
    // The last good position stands; a mated side resigns.
    engine.send("position sfen 8k/7G1/7G1/9/9/9/9/9/K8 w - 1");
    engine.send("go movetime 100");
    assert_eq!(engine.bestmove(10 * SECOND), "resign");
    // A game that ended says how before resigning.
    engine.send("position sfen 8k/9/7G1/9/9/9/9/9/K8 b G 1 moves G*2b");
    engine.send("go movetime 100");
    let lines = engine.until("bestmove", 10 * SECOND);
    assert_eq!(
        lines,
        [
            "info string game over: sente wins by checkmate",
            "bestmove resign"
        ]
    );
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn end_of_input_exits_0() {
    let mut engine = Engine::start();
    engine.send("usi");
    engine.until("usiok", 5 * SECOND);
    engine.stdin = None;
    let start = Instant::now();
    let status = loop {
        if let Some(status) = engine.child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < 10 * SECOND, "no exit at end of input");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(0));
}
