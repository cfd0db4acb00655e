//! What the engine tests share: an engine process driven over pipes as a
//! GUI or a referee would (`banmen usi`, `banmen engine --game …`, or a
//! reference engine), its output lines read on a thread of their own.
//! Every wait is bounded so a stuck engine fails the test, not CI.
#![allow(dead_code)] // each test file uses its own part

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub const SECOND: Duration = Duration::from_secs(1);

/// A running engine with its input and its output lines.
pub struct Engine {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// `banmen ARGS`, e.g. `["usi"]` or `["engine", "--game", "chess4"]`.
    pub fn banmen(args: &[&str]) -> Engine {
        Engine::start(env!("CARGO_BIN_EXE_banmen"), args)
    }

    /// `program ARGS` on pipes (its errors dropped), named in failures by
    /// its file name and arguments.
    pub fn start(program: impl AsRef<OsStr>, args: &[&str]) -> Engine {
        let program = program.as_ref();
        let file = Path::new(program).file_name().unwrap_or(program);
        let name = std::iter::once(file.to_string_lossy().into_owned())
            .chain(args.iter().map(|a| a.to_string()))
            .collect::<Vec<_>>()
            .join(" ");
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
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
            name,
            child,
            stdin: Some(stdin),
            lines,
        }
    }

    /// The same engine, called `name` in failures.
    pub fn named(mut self, name: &str) -> Engine {
        self.name = name.to_string();
        self
    }

    /// What failures call the engine.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Writes `line` and a newline.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Writes `bytes` as they are (not necessarily UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Closes the engine's input: the end of input.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Lines up to and including the first that starts with `prefix`,
    /// waiting at most `within`; panics otherwise.
    pub fn until(&self, prefix: &str, within: Duration) -> Vec<String> {
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
                    panic!(
                        "{}: no {prefix:?} within {within:?}; saw {seen:?}",
                        self.name
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("{} ended before {prefix:?}; saw {seen:?}", self.name)
                }
            }
        }
    }

    /// The lines of one search, up to its `bestmove`, and the move.
    pub fn search(&self, within: Duration) -> (Vec<String>, String) {
        let lines = self.until("bestmove", within);
        let best = bestmove_of(&lines);
        (lines, best)
    }

    /// The move of the next `bestmove` line.
    pub fn bestmove(&self, within: Duration) -> String {
        self.search(within).1
    }

    /// `isready` answered (the engine still listens), with what came
    /// before `readyok`.
    pub fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok", 5 * SECOND);
        lines.pop();
        lines
    }

    /// `go infinite` from the start position, checked to still answer
    /// `isready` while it thinks and to end promptly on `stop`: the move
    /// it then gives.
    pub fn stop_go_infinite(&mut self) -> String {
        self.send("position startpos");
        self.send("go infinite");
        // Still listening while it thinks.
        let before = self.ready();
        assert!(
            !before.iter().any(|l| l.starts_with("bestmove")),
            "{before:?}"
        );
        std::thread::sleep(Duration::from_millis(300));
        let start = Instant::now();
        self.send("stop");
        let best = self.bestmove(5 * SECOND);
        assert!(start.elapsed() < 2 * SECOND, "took {:?}", start.elapsed());
        best
    }

    /// Sends `quit` and returns the exit code (at most 10 s).
    pub fn quit(mut self) -> Option<i32> {
        self.send("quit");
        self.exit_code()
    }

    /// The exit code once the engine ends (at most 10 s, else it is
    /// killed and the test fails).
    pub fn exit_code(&mut self) -> Option<i32> {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            if start.elapsed() > 10 * SECOND {
                let _ = self.child.kill();
                panic!("{} did not exit", self.name);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The move of the last of `lines`, a `bestmove` line ("" when it has
/// none).
pub fn bestmove_of(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.split_whitespace().nth(1).unwrap_or("").to_string()
}

impl Drop for Engine {
    /// `quit` first, if the input is still open (a reference engine may
    /// spin at full CPU at the end of its input), then killed if still
    /// running after 2 s.
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
        }
        let start = Instant::now();
        while start.elapsed() < 2 * SECOND {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
