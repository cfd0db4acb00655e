//! The bridge's main loop: connects (again and again, with back-off),
//! feeds the hall's events to the [`Bot`], carries out its actions, and
//! passes turns to the engine's task and its answers back.

use super::BotArgs;
use super::backoff::Backoff;
use super::engine::{Dialect, Engine, split_command};
use super::link::{HostKey, Link, Target, load_key};
use super::pace::Pace;
use super::play::{Action, Bot, Policy};
use super::worker::{Job, Report, Worker};
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// How often the bot is asked whether to seek.
const TICK: Duration = Duration::from_secs(5);
/// A connection that lasted this long worked: the next wait starts over
/// at 1 s.
const STABLE: Duration = Duration::from_secs(30);

/// How a connection ended.
enum Ended {
    /// Ctrl-C or SIGTERM.
    Stopped,
    /// Dropped or failed: connect again.
    Dropped(String),
    /// Not worth connecting again.
    Fatal(String),
}

/// The turns' way to the engine and the answers' way back.
struct Engines {
    jobs: mpsc::UnboundedSender<Job>,
    reports: mpsc::UnboundedReceiver<Report>,
}

type Stop<'a> = Pin<&'a mut (dyn Future<Output = ()> + Send)>;

/// Runs `banmen bot` until `stop` resolves (Ok) or the engine cannot be
/// kept running. A bad key or an engine that does not start is an error at
/// once, before any connection.
pub async fn run(args: BotArgs, stop: impl Future<Output = ()> + Send) -> anyhow::Result<()> {
    let mut stop: Stop = std::pin::pin!(stop);
    let command = split_command(&args.engine)?;
    let key = load_key(&args.key).map_err(anyhow::Error::msg)?;
    let dialect = Dialect::for_game(args.game);
    let engine = tokio::select! {
        _ = stop.as_mut() => return Ok(()),
        engine = Engine::start(&command, dialect) => engine.map_err(|e| anyhow::anyhow!("engine: {e}"))?,
    };
    tracing::info!(engine = %args.engine, game = %args.game, "engine ready");
    let cap = args.movetime.map(Duration::from_millis);
    let (jobs, jobs_rx) = mpsc::unbounded_channel();
    let (reports_tx, reports) = mpsc::unbounded_channel();
    let (shutdown, shutdown_rx) = oneshot::channel();
    let worker = Worker::new(command, dialect, cap, engine);
    let worker = tokio::spawn(worker.run(jobs_rx, reports_tx, shutdown_rx));
    let target = Target {
        host: args.host.clone(),
        port: args.port,
        key,
        host_key: HostKey::new(args.known_host_key.as_deref()),
    };
    let bot = Bot::new(Policy {
        game: args.game,
        accept: args.accept,
        seek: args.seek,
    });
    let mut engines = Engines { jobs, reports };
    let result = connect_forever(&target, bot, &mut engines, stop).await;
    let _ = shutdown.send(());
    let _ = worker.await;
    tracing::info!("stopped");
    result
}

/// Connects, plays until the connection ends, waits, and again.
async fn connect_forever(
    target: &Target,
    mut bot: Bot,
    engines: &mut Engines,
    mut stop: Stop<'_>,
) -> anyhow::Result<()> {
    let mut backoff = Backoff::connection();
    loop {
        tracing::info!(host = %target.host, port = target.port, "connecting");
        let began = Instant::now();
        let ended = tokio::select! {
            _ = stop.as_mut() => Ended::Stopped,
            link = Link::connect(target) => match link {
                Ok(link) => play(link, &mut bot, engines, stop.as_mut()).await,
                Err(e) => Ended::Dropped(format!("cannot connect: {e}")),
            },
        };
        bot.on_disconnect();
        let why = match ended {
            Ended::Stopped => return Ok(()),
            Ended::Fatal(why) => anyhow::bail!("{why}"),
            Ended::Dropped(why) => why,
        };
        if began.elapsed() >= STABLE {
            backoff.reset();
        }
        let wait = backoff.next_delay();
        tracing::warn!("{why}; connecting again in {} s", wait.as_secs());
        tokio::select! {
            _ = stop.as_mut() => return Ok(()),
            _ = tokio::time::sleep(wait) => {}
        }
    }
}

/// One connection: events to the bot, its actions out, until it ends.
async fn play(mut link: Link, bot: &mut Bot, engines: &mut Engines, mut stop: Stop<'_>) -> Ended {
    tracing::info!("connected");
    let mut pace = Pace::from_limits(&serde_json::Value::Null, Instant::now());
    let mut tick = tokio::time::interval_at(Instant::now() + TICK, TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let actions = tokio::select! {
            _ = stop.as_mut() => {
                link.close().await;
                return Ended::Stopped;
            }
            event = link.next_event() => match event {
                Some(event) if event["event"] == "hello" => {
                    pace = Pace::from_limits(&event["limits"], Instant::now());
                    bot.on_event(&event)
                }
                Some(event) => bot.on_event(&event),
                None => return Ended::Dropped("the connection ended".to_string()),
            },
            report = engines.reports.recv() => match report {
                Some(Report::Answer(think, answer)) => bot.on_answer(&think, answer),
                Some(Report::Fatal(why)) => Vec::from([Action::Stop(why)]),
                None => Vec::from([Action::Stop("the engine's task ended".to_string())]),
            },
            _ = tick.tick() => bot.on_tick(),
        };
        if let Err(ended) = act(&link, actions, engines, &mut pace).await {
            if matches!(ended, Ended::Fatal(_)) {
                link.close().await;
            }
            return ended;
        }
    }
}

/// Carries out the bot's actions in order, commands at the hall's pace;
/// `Err` ends the connection.
async fn act(
    link: &Link,
    actions: Vec<Action>,
    engines: &Engines,
    pace: &mut Pace,
) -> Result<(), Ended> {
    for action in actions {
        match action {
            Action::Send(command) => {
                tokio::time::sleep(pace.wait(Instant::now())).await;
                link.send(&command)
                    .await
                    .map_err(|e| Ended::Dropped(format!("cannot write to the hall: {e}")))?
            }
            Action::Think(think) => {
                let job = Job {
                    think,
                    asked: Instant::now(),
                };
                // The worker only ends with the bridge, so this cannot fail
                // while it runs.
                let _ = engines.jobs.send(job);
            }
            Action::Stop(why) => return Err(Ended::Fatal(why)),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Accept;
    use crate::bridge::fake_hall::{self, key};
    use crate::rules::GameKind;
    use crate::rules::shogi::START;
    use russh::keys::ssh_key::LineEnding;
    use serde_json::json;
    use std::path::PathBuf;
    use std::sync::atomic::Ordering;

    /// A USI engine in `sh` that always answers 8c8d.
    const ENGINE: &str = r#"while read -r cmd rest; do case "$cmd" in
        usi) echo usiok;; isready) echo readyok;; go) echo "bestmove 8c8d";;
        quit) exit 0;; esac; done"#;

    /// The bot's key in a file of its own.
    fn key_file(name: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("banmen-bridge-{}-{name}", std::process::id()));
        let text = key(2).to_openssh(LineEnding::LF).unwrap();
        std::fs::write(&path, text.as_bytes()).unwrap();
        path
    }

    fn args(port: u16, key: PathBuf, engine: &str) -> BotArgs {
        BotArgs {
            host: "127.0.0.1".to_string(),
            port,
            key,
            engine: engine.to_string(),
            game: GameKind::Shogi,
            accept: Accept::Any,
            movetime: Some(100),
            seek: false,
            known_host_key: None,
        }
    }

    #[tokio::test]
    async fn the_bridge_plays_the_engine_s_move_and_comes_back_after_a_drop() {
        let script = vec![
            json!({"event": "hello", "name": "t"}),
            json!({"event": "game_start", "room": "r", "game_id": "r-1", "game": "shogi",
                   "rules": {}, "start": START, "moves": ["7g7f"], "you": [1]}),
            json!({"event": "your_turn", "room": "r", "seat": 1, "ply": 1, "position": "…",
                   "legal": ["3c3d", "8c8d"], "time_left_ms": 5000}),
        ];
        // The hall drops the connection after each move.
        let mut hall = fake_hall::start(script, "move").await;
        let key = key_file("plays");
        let engine = format!("sh -c {}", shlex::try_quote(ENGINE).unwrap());
        let mut args = args(hall.port, key.clone(), &engine);
        args.known_host_key = Some(hall.fingerprint.clone());
        let (stop, stopped) = oneshot::channel::<()>();
        let bridge = tokio::spawn(run(args, async {
            let _ = stopped.await;
        }));
        for connection in 1..=2 {
            let command = hall.commands.recv().await.unwrap();
            assert_eq!(command["cmd"], "move");
            assert_eq!(command["room"], "r");
            assert_eq!(command["move"], "8c8d");
            assert_eq!(hall.connections.load(Ordering::SeqCst), connection);
        }
        stop.send(()).unwrap();
        bridge.await.unwrap().unwrap();
        let _ = std::fs::remove_file(key);
    }

    #[tokio::test]
    async fn a_bad_key_or_engine_stops_the_bridge_at_once() {
        let engine = format!("sh -c {}", shlex::try_quote(ENGINE).unwrap());
        let missing = PathBuf::from("/nonexistent/key");
        let err = run(args(1, missing, &engine), std::future::pending()).await;
        assert!(err.unwrap_err().to_string().contains("/nonexistent/key"));
        let key = key_file("bad-engine");
        let err = run(
            args(1, key.clone(), "/nonexistent/engine"),
            std::future::pending(),
        )
        .await;
        assert!(err.unwrap_err().to_string().contains("/nonexistent/engine"));
        let err = run(
            args(1, key.clone(), "engine 'unclosed"),
            std::future::pending(),
        )
        .await;
        assert!(err.is_err());
        let _ = std::fs::remove_file(key);
    }
}
