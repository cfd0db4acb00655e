//! The engine's task: takes turns from the connection one at a time (one
//! engine plays every room the bot sits in), answers each, and starts the
//! engine again when it fails. It outlives connections, so a reconnection
//! does not restart the engine.

use super::backoff::Backoff;
use super::engine::{Dialect, Engine};
use super::go::{Go, clock_go};
use super::play::{Answer, Think};
use super::position::movetime;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// Failures in a row (starts or turns) after which the bridge gives up:
/// an engine that keeps failing would only play random moves.
const MAX_FAILURES: u32 = 8;

/// A turn for the engine, and when it was asked: the time waited behind
/// other rooms' turns comes off its time.
#[derive(Debug)]
pub struct Job {
    /// The turn.
    pub think: Think,
    /// When the turn came.
    pub asked: Instant,
}

/// What the task sends back.
#[derive(Debug)]
pub enum Report {
    /// The answer to a turn.
    Answer(Think, Answer),
    /// The engine cannot be kept running: the bridge stops.
    Fatal(String),
}

/// The engine and what is needed to start it again.
#[derive(Debug)]
pub struct Worker {
    command: Vec<String>,
    dialect: Dialect,
    /// `--movetime`.
    cap: Option<Duration>,
    engine: Option<Engine>,
    failures: u32,
    retry_at: Option<Instant>,
    backoff: Backoff,
}

impl Worker {
    /// A worker for `engine`, already started from `command`.
    pub fn new(
        command: Vec<String>,
        dialect: Dialect,
        cap: Option<Duration>,
        engine: Engine,
    ) -> Worker {
        Worker {
            command,
            dialect,
            cap,
            engine: Some(engine),
            failures: 0,
            retry_at: None,
            backoff: Backoff::new(Duration::from_secs(1), Duration::from_secs(30)),
        }
    }

    /// Answers jobs until `shutdown` fires (or the connection's side is
    /// gone), then ends the engine.
    pub async fn run(
        mut self,
        mut jobs: mpsc::UnboundedReceiver<Job>,
        reports: mpsc::UnboundedSender<Report>,
        mut shutdown: oneshot::Receiver<()>,
    ) {
        loop {
            let job = tokio::select! {
                _ = &mut shutdown => break,
                job = jobs.recv() => match job {
                    Some(job) => job,
                    None => break,
                },
            };
            let report = tokio::select! {
                _ = &mut shutdown => break,
                answer = self.answer(&job) => match answer {
                    Ok(answer) => Report::Answer(job.think, answer),
                    Err(fatal) => Report::Fatal(fatal),
                },
            };
            let fatal = matches!(report, Report::Fatal(_));
            if reports.send(report).is_err() || fatal {
                break;
            }
        }
        if let Some(engine) = self.engine.take() {
            engine.quit().await;
        }
    }

    /// The engine's answer to one turn; `Failed` while it is down. `Err`
    /// when it has failed too often.
    async fn answer(&mut self, job: &Job) -> Result<Answer, String> {
        let go = self.go(job);
        let Some(engine) = self.engine().await? else {
            return Ok(Answer::Failed);
        };
        let result = match engine
            .new_game(&job.think.game_id, &job.think.options)
            .await
        {
            Ok(()) => engine.search(&job.think.position, &go).await,
            Err(e) => Err(e),
        };
        match result {
            Ok(mv) => {
                self.failures = 0;
                self.backoff.reset();
                Ok(Answer::Best(mv))
            }
            Err(e) => {
                tracing::warn!(room = %job.think.room, "engine: {e}; starting it again");
                if let Some(engine) = self.engine.take() {
                    engine.quit().await;
                }
                self.failed()?;
                Ok(Answer::Failed)
            }
        }
    }

    /// The `go` for a job, its time since it was asked taken off: the
    /// room's game clock when it has one and `--movetime` is not set (an
    /// engine spends a clock better than any fixed time per move), else
    /// `go movetime`.
    fn go(&self, job: &Job) -> Go {
        let elapsed = job.asked.elapsed();
        if let (Some(clocks), None) = (&job.think.clocks, self.cap) {
            return clock_go(self.dialect, clocks, elapsed);
        }
        let left = job.think.time_left.map(|t| t.saturating_sub(elapsed));
        Go::movetime(movetime(left, self.cap))
    }

    /// The engine, started again if it is gone and its wait is over;
    /// `None` while it is down.
    async fn engine(&mut self) -> Result<Option<&mut Engine>, String> {
        let due = self.retry_at.is_none_or(|at| Instant::now() >= at);
        if self.engine.is_none() && due {
            match Engine::start(&self.command, self.dialect).await {
                Ok(engine) => {
                    tracing::info!("engine started again");
                    self.engine = Some(engine);
                }
                Err(e) => {
                    tracing::warn!("engine: {e}");
                    self.failed()?;
                }
            }
        }
        Ok(self.engine.as_mut())
    }

    /// Counts a failure and sets the wait before the next start.
    fn failed(&mut self) -> Result<(), String> {
        self.failures += 1;
        if self.failures >= MAX_FAILURES {
            return Err(format!(
                "the engine failed {} times in a row",
                self.failures
            ));
        }
        self.retry_at = Some(Instant::now() + self.backoff.next_delay());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that answers one move, then exits.
    fn one_shot() -> Vec<String> {
        let body = r#"while read -r cmd rest; do case "$cmd" in
            usi) echo usiok;; isready) echo readyok;; go) echo "bestmove 7g7f"; exit 0;; esac; done"#;
        vec!["sh".into(), "-c".into(), body.into()]
    }

    fn job(ply: u64) -> Job {
        let think = Think {
            room: "r".into(),
            game_id: "r-1".into(),
            options: Vec::new(),
            ply,
            position: "position startpos".into(),
            time_left: None,
            clocks: None,
        };
        Job {
            think,
            asked: Instant::now(),
        }
    }

    #[tokio::test]
    async fn an_engine_that_exits_is_started_again_after_a_wait() {
        let command = one_shot();
        let engine = Engine::start(&command, Dialect::Usi).await.unwrap();
        let cap = Some(Duration::from_millis(100));
        let (jobs, jobs_rx) = mpsc::unbounded_channel();
        let (reports_tx, mut reports) = mpsc::unbounded_channel();
        let (stop, stop_rx) = oneshot::channel();
        let task = tokio::spawn(
            Worker::new(command, Dialect::Usi, cap, engine).run(jobs_rx, reports_tx, stop_rx),
        );
        let mut ask = async |ply| {
            jobs.send(job(ply)).unwrap();
            match reports.recv().await.unwrap() {
                Report::Answer(think, answer) => {
                    assert_eq!(think.ply, ply);
                    answer
                }
                Report::Fatal(e) => panic!("{e}"),
            }
        };
        assert_eq!(ask(0).await, Answer::Best("7g7f".into()));
        assert_eq!(ask(1).await, Answer::Failed, "it exited");
        assert_eq!(ask(2).await, Answer::Failed, "waiting to start it again");
        tokio::time::sleep(Duration::from_millis(1100)).await;
        assert_eq!(ask(3).await, Answer::Best("7g7f".into()), "started again");
        stop.send(()).unwrap();
        task.await.unwrap();
    }
}
