//! The engine subprocess: USI for two-player shogi, the four-player
//! dialect of `banmen engine` (`uci`, `ucinewgame`, same `position` / `go`
//! / `bestmove` shape) for the others. Every wait for the engine is
//! bounded, so a hung engine costs a turn, never the bridge.

use super::go::Go;
use crate::rules::GameKind;
use std::process::Stdio;
use std::time::Duration;
use thiserror::Error;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::timeout;

/// Time for `usiok`/`uciok` after starting.
const HELLO_WAIT: Duration = Duration::from_secs(10);
/// Time for `readyok`: engines load their evaluation files here.
const READY_WAIT: Duration = Duration::from_secs(30);
/// How long an overrunning search is waited for.
#[derive(Debug, Clone, Copy)]
struct Waits {
    /// Time past the answer's due time (`movetime`, or what the clock
    /// leaves the mover) before the engine is told to `stop`…
    grace: Duration,
    /// …and after `stop` before it is given up.
    stop: Duration,
}

impl Default for Waits {
    fn default() -> Self {
        Waits {
            grace: Duration::from_secs(3),
            stop: Duration::from_secs(2),
        }
    }
}
/// Time to exit after `quit` before it is killed (some engines spin at
/// the end of their input instead of exiting).
const QUIT_WAIT: Duration = Duration::from_millis(500);

/// Why the engine gave no answer.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The command line is empty or its quotes do not close.
    #[error("the engine command {0:?} does not split into words")]
    Command(String),
    /// The program could not be started.
    #[error("cannot start {program}: {error}")]
    Spawn {
        /// The program's name.
        program: String,
        /// Why.
        error: std::io::Error,
    },
    /// Writing to or reading from the engine failed.
    #[error("engine i/o: {0}")]
    Io(#[from] std::io::Error),
    /// The engine closed its output (it exited).
    #[error("the engine exited")]
    Exited,
    /// No `what` in time.
    #[error("no {0} from the engine in time")]
    Timeout(&'static str),
}

/// Which protocol the engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// USI, for two-player shogi.
    Usi,
    /// The four-player dialect (`uci`, `uciok`, `ucinewgame`).
    Uci,
}

impl Dialect {
    /// The dialect for a game: USI for two-player shogi only.
    pub fn for_game(kind: GameKind) -> Dialect {
        match kind {
            GameKind::Shogi => Dialect::Usi,
            GameKind::Shogi4 | GameKind::Chess4 => Dialect::Uci,
        }
    }

    fn hello(self) -> (&'static str, &'static str) {
        match self {
            Dialect::Usi => ("usi", "usiok"),
            Dialect::Uci => ("uci", "uciok"),
        }
    }

    fn new_game(self) -> &'static str {
        match self {
            Dialect::Usi => "usinewgame",
            Dialect::Uci => "ucinewgame",
        }
    }
}

/// Splits an engine command line into words as a shell would, without a
/// shell (`'my engine' --threads 2` is two words after the program).
pub fn split_command(line: &str) -> Result<Vec<String>, EngineError> {
    shlex::split(line)
        .filter(|words| !words.is_empty())
        .ok_or_else(|| EngineError::Command(line.to_string()))
}

/// A running engine that has answered the handshake.
#[derive(Debug)]
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
    dialect: Dialect,
    /// The game the engine was last told of (`usinewgame`).
    game: Option<String>,
    waits: Waits,
}

impl Engine {
    /// Starts `command` (program and arguments) and handshakes: `usi` or
    /// `uci`, then `isready`. The engine's stderr stays the bridge's.
    pub async fn start(command: &[String], dialect: Dialect) -> Result<Engine, EngineError> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| EngineError::Command(String::new()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|error| EngineError::Spawn {
                program: program.clone(),
                error,
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout")).lines();
        let mut engine = Engine {
            child,
            stdin,
            stdout,
            dialect,
            game: None,
            waits: Waits::default(),
        };
        match engine.handshake().await {
            Ok(()) => Ok(engine),
            Err(e) => {
                engine.quit().await;
                Err(e)
            }
        }
    }

    async fn handshake(&mut self) -> Result<(), EngineError> {
        let (hello, ok) = self.dialect.hello();
        self.send(hello).await?;
        self.wait_for(ok, HELLO_WAIT).await?;
        self.ready().await
    }

    async fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready").await?;
        self.wait_for("readyok", READY_WAIT).await.map(drop)
    }

    /// Tells the engine of a new game, after its `options` (`setoption`
    /// lines), when `game_id` is not the one it last played (games in
    /// several rooms take turns on one engine).
    pub async fn new_game(&mut self, game_id: &str, options: &[String]) -> Result<(), EngineError> {
        if self.game.as_deref() == Some(game_id) {
            return Ok(());
        }
        for option in options {
            self.send(option).await?;
        }
        self.ready().await?;
        self.send(self.dialect.new_game()).await?;
        self.game = Some(game_id.to_string());
        Ok(())
    }

    /// The engine's move for `position` (a whole `position …` line) in
    /// `movetime`: the word after `bestmove`. An engine that overruns is
    /// told to `stop`, and given up if that does not help either.
    pub async fn best_move(
        &mut self,
        position: &str,
        movetime: Duration,
    ) -> Result<String, EngineError> {
        self.search(position, &Go::movetime(movetime)).await
    }

    /// The engine's move for `position` after `go` (a `go movetime` or
    /// the game clock): the word after `bestmove`. An engine still
    /// thinking a grace after `go.due` is told to `stop`, and given up if
    /// that does not help either.
    pub async fn search(&mut self, position: &str, go: &Go) -> Result<String, EngineError> {
        self.send(position).await?;
        self.send(&go.line).await?;
        let line = match self
            .wait_for("bestmove", go.due.saturating_add(self.waits.grace))
            .await
        {
            Err(EngineError::Timeout(_)) => {
                self.send("stop").await?;
                self.wait_for("bestmove", self.waits.stop).await?
            }
            other => other?,
        };
        Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
    }

    /// Ends the engine: `quit`, its input closed, a short wait, then kill.
    pub async fn quit(mut self) {
        let _ = self.send("quit").await;
        drop(self.stdin);
        if timeout(QUIT_WAIT, self.child.wait()).await.is_err() {
            let _ = self.child.kill().await;
        }
    }

    async fn send(&mut self, line: &str) -> Result<(), EngineError> {
        tracing::trace!("engine < {line}");
        let written = async {
            self.stdin.write_all(format!("{line}\n").as_bytes()).await?;
            self.stdin.flush().await
        };
        written.await.map_err(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => EngineError::Exited,
            _ => EngineError::Io(e),
        })
    }

    /// Reads until a line whose first word is `word`, and returns it;
    /// other lines (`info`, `id`, `option`) are passed over.
    async fn wait_for(
        &mut self,
        word: &'static str,
        wait: Duration,
    ) -> Result<String, EngineError> {
        let read = async {
            loop {
                let line = self.stdout.next_line().await?.ok_or(EngineError::Exited)?;
                tracing::trace!("engine > {line}");
                if line.split_whitespace().next() == Some(word) {
                    return Ok(line);
                }
            }
        };
        timeout(wait, read)
            .await
            .map_err(|_| EngineError::Timeout(word))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_splits_like_a_shell_without_one() {
        let words = split_command("banmen engine --game chess4 --level 3").unwrap();
        assert_eq!(
            words,
            ["banmen", "engine", "--game", "chess4", "--level", "3"]
        );
        let words = split_command(r#"'/opt/my engine/run' --eval "a b.nnue" x\ y"#).unwrap();
        assert_eq!(words, ["/opt/my engine/run", "--eval", "a b.nnue", "x y"]);
        assert!(split_command("").is_err());
        assert!(split_command("   ").is_err());
        assert!(split_command("engine 'unclosed").is_err());
        // No shell: its operators are plain words.
        let words = split_command("engine; rm -rf x | y").unwrap();
        assert_eq!(words, ["engine;", "rm", "-rf", "x", "|", "y"]);
    }

    #[test]
    fn the_dialect_follows_the_game() {
        assert_eq!(Dialect::for_game(GameKind::Shogi), Dialect::Usi);
        assert_eq!(Dialect::for_game(GameKind::Shogi4), Dialect::Uci);
        assert_eq!(Dialect::for_game(GameKind::Chess4), Dialect::Uci);
    }

    /// A fake engine in `sh`: the handshake, then `bestmove` or silence.
    fn script(body: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), body.into()]
    }

    const FAKE_USI: &str = r#"while read -r cmd rest; do case "$cmd" in
        usi) echo "id name fake"; echo usiok;; isready) echo readyok;;
        go) echo "info string thinking"; echo "bestmove 7g7f ponder 3c3d";;
        quit) exit 0;; esac; done"#;

    #[tokio::test]
    async fn a_scripted_engine_answers_its_bestmove() {
        let mut engine = Engine::start(&script(FAKE_USI), Dialect::Usi)
            .await
            .unwrap();
        engine.new_game("g1", &[]).await.unwrap();
        let mv = engine
            .best_move("position startpos", Duration::from_millis(100))
            .await
            .unwrap();
        assert_eq!(mv, "7g7f");
        engine.quit().await;
    }

    #[tokio::test]
    async fn a_missing_program_or_handshake_fails() {
        let missing = vec!["/nonexistent/engine".to_string()];
        let err = Engine::start(&missing, Dialect::Usi).await.unwrap_err();
        assert!(matches!(err, EngineError::Spawn { .. }), "{err}");
        let mute = script("exit 0");
        let err = Engine::start(&mute, Dialect::Uci).await.unwrap_err();
        assert!(matches!(err, EngineError::Exited), "{err}");
    }

    #[tokio::test]
    async fn quit_kills_an_engine_that_spins_at_the_end_of_its_input() {
        // `read` fails at once at the end of input, so this loops forever.
        let spin = r#"while true; do read -r cmd rest; case "$cmd" in
            usi) echo usiok;; isready) echo readyok;; esac; done"#;
        let engine = Engine::start(&script(spin), Dialect::Usi).await.unwrap();
        let pid = engine.child.id().unwrap();
        let began = std::time::Instant::now();
        engine.quit().await;
        assert!(began.elapsed() < Duration::from_secs(2));
        assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
    }

    /// Short waits, with room for a loaded test machine to answer `stop`.
    const SHORT: Waits = Waits {
        grace: Duration::from_millis(200),
        stop: Duration::from_secs(1),
    };

    #[tokio::test]
    async fn an_overrunning_engine_is_told_to_stop() {
        let slow = r#"while read -r cmd rest; do case "$cmd" in
            uci) echo uciok;; isready) echo readyok;; stop) echo "bestmove h2-h3";; esac; done"#;
        let mut engine = Engine::start(&script(slow), Dialect::Uci).await.unwrap();
        engine.waits = SHORT;
        let mv = engine
            .best_move("position fen X", Duration::from_millis(100))
            .await;
        assert_eq!(mv.unwrap(), "h2-h3");
        engine.quit().await;
    }

    #[tokio::test]
    async fn an_engine_that_never_answers_is_given_up() {
        let silent = r#"while read -r cmd rest; do case "$cmd" in
            usi) echo usiok;; isready) echo readyok;; esac; done"#;
        let mut engine = Engine::start(&script(silent), Dialect::Usi).await.unwrap();
        engine.waits = SHORT;
        let err = engine
            .best_move("position startpos", Duration::from_millis(100))
            .await
            .unwrap_err();
        assert!(matches!(err, EngineError::Timeout("bestmove")), "{err}");
        engine.quit().await;
    }
}
