//! The game clock reaches a bridged engine (`banmen bot`, docs/bots.md
//! §7) as engines expect it: a shogi game with 10 min + 30 s byoyomi is
//! played from the hall's own events through the bridge's decisions and
//! engine task to a recording engine, which is sent `go btime … wtime …
//! byoyomi 30000`; a four-player turn with a clock is sent `go rtime …
//! btime … ytime … gtime …`.

use banmen::bridge::Accept;
use banmen::bridge::engine::{Dialect, Engine, split_command};
use banmen::bridge::play::{Action, Bot, Policy, Think};
use banmen::bridge::worker::{Job, Report, Worker};
use banmen::hall::time_control::TimeControl;
use banmen::hall::{Clock, Hall, HallOptions, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::memory::MemoryStore;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

mod bot_support;
mod common;
use bot_support::Bot as Session;
use common::{player, temp_dir};

/// An engine in `sh` that writes every line it is sent to the file `$1`
/// and answers each `go` with `bestmove $2`.
const RECORDER: &str = r#"log="$1"; best="$2"
while read -r line; do
  echo "$line" >> "$log"
  case "$line" in
    usi) echo usiok;; uci) echo uciok;; isready) echo readyok;;
    go*) echo "bestmove $best";; quit) exit 0;;
  esac
done"#;

/// The recording engine's command line, as `--engine` would give it.
fn recorder(log: &Path, best: &str) -> Vec<String> {
    let line = format!(
        "sh -c {} sh {} {best}",
        shlex::try_quote(RECORDER).unwrap(),
        shlex::try_quote(log.to_str().unwrap()).unwrap()
    );
    split_command(&line).unwrap()
}

/// The bridge's engine task with the recording engine, no `--movetime`.
struct EngineSide {
    jobs: mpsc::UnboundedSender<Job>,
    reports: mpsc::UnboundedReceiver<Report>,
    _stop: oneshot::Sender<()>,
}

impl EngineSide {
    async fn start(command: Vec<String>, dialect: Dialect) -> EngineSide {
        let engine = Engine::start(&command, dialect).await.unwrap();
        let (jobs, jobs_rx) = mpsc::unbounded_channel();
        let (reports_tx, reports) = mpsc::unbounded_channel();
        let (stop, stop_rx) = oneshot::channel();
        let worker = Worker::new(command, dialect, None, engine);
        tokio::spawn(worker.run(jobs_rx, reports_tx, stop_rx));
        EngineSide {
            jobs,
            reports,
            _stop: stop,
        }
    }

    /// The engine's answer to `think`.
    async fn answer(&mut self, think: Think) -> Report {
        let asked = tokio::time::Instant::now();
        self.jobs.send(Job { think, asked }).unwrap();
        tokio::time::timeout(Duration::from_secs(10), self.reports.recv())
            .await
            .expect("an answer in time")
            .expect("the engine's task runs")
    }
}

/// The lines the recording engine was sent.
fn sent_lines(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines().map(String::from).collect()
}

/// The numbers after each word of a `go` line (`btime` → 600000).
fn go_words(line: &str) -> Vec<(String, u64)> {
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    (words.chunks(2))
        .map(|pair| (pair[0].to_string(), pair[1].parse().unwrap()))
        .collect()
}

/// Feeds hall events to the bridge's `bot`, carrying out its commands,
/// up to the event named `until`, or to the first one that asks the
/// engine to think: that event, and the `Think`.
async fn feed(session: &mut Session, bot: &mut Bot, until: &str) -> (Value, Option<Think>) {
    loop {
        let event = session.next().await;
        for action in bot.on_event(&event) {
            match action {
                Action::Send(command) => session.send(&command.to_string()).await,
                Action::Think(think) => return (event, Some(think)),
                Action::Stop(why) => panic!("the bot stopped: {why}"),
            }
        }
        if event["event"] == until {
            return (event, None);
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_byoyomi_room_s_clock_reaches_a_usi_engine() {
    let options = HallOptions {
        think_ms: 50,
        ..HallOptions::default()
    };
    let hall = Hall::with_store(Arc::new(MemoryStore::new()), options, Clock::system());
    let randy = hall
        .add_bot("randy", "ssh-ed25519 AAAA randy", "SHA256:randy", "root")
        .unwrap()
        .identity();
    let mut session = Session::connect(&hall, &randy);
    let mut bot = Bot::new(Policy {
        game: GameKind::Shogi,
        accept: Accept::Any,
        seek: false,
    });
    let dir = temp_dir();
    let log = dir.join("usi.log");
    let mut engine = EngineSide::start(recorder(&log, "3c3d"), Dialect::Usi).await;

    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.clock = Some(TimeControl::preset(10, 30, 1, 0));
    let alice = hall.create_room(&player("alice"), settings).unwrap();
    while !hall.connected_bots().iter().any(|b| b.name == "randy") {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    hall.challenge_bot(&alice, 1, "randy").unwrap();
    // The bridge accepts, the game starts, alice opens.
    feed(&mut session, &mut bot, "game_start").await;
    common::play(&alice, "7g7f");
    let (turn, think) = feed(&mut session, &mut bot, "your_turn").await;
    assert_eq!(turn["clocks"][1], json!({"main_ms": 600_000, "periods": 1}));
    assert_eq!(turn["clock"]["byoyomi_ms"], 30_000);
    let think = think.expect("the turn is thought over");
    assert!(think.clocks.is_some(), "{turn}");

    let Report::Answer(think, answer) = engine.answer(think).await else {
        panic!("the engine failed");
    };
    for action in bot.on_answer(&think, answer) {
        if let Action::Send(command) = action {
            session.send(&command.to_string()).await;
        }
    }
    let mut watch = alice;
    common::wait_for(&mut watch, |v| v.moves.len() == 2).await;
    assert_eq!(watch.view().moves[1].text, "3c3d");

    let lines = sent_lines(&log);
    let go = lines.iter().find(|l| l.starts_with("go ")).unwrap();
    assert!(!lines.iter().any(|l| l.contains("movetime")), "{lines:?}");
    let words = go_words(go);
    let names: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
    assert_eq!(names, ["btime", "wtime", "byoyomi"], "{go}");
    let (btime, wtime) = (words[0].1, words[1].1);
    // Sente's clock as alice's move left it; gote's less the margin.
    assert!((590_000..=600_000).contains(&btime), "{go}");
    assert!((590_000..=599_500).contains(&wtime), "{go}");
    assert_eq!(words[2].1, 30_000, "{go}");
}

#[tokio::test]
async fn a_four_player_clock_reaches_the_engine_seat_by_seat() {
    let dir = temp_dir();
    let log = dir.join("four.log");
    let mut engine = EngineSide::start(recorder(&log, "e3e4"), Dialect::Uci).await;
    let mut bot = Bot::new(Policy {
        game: GameKind::Shogi4,
        accept: Accept::Any,
        seek: false,
    });
    let start = banmen::rules::shogi4::START4;
    bot.on_event(&json!({"event": "hello", "name": "randy"}));
    bot.on_event(
        &json!({"event": "game_start", "room": "q", "game_id": "q-1",
        "game": "shogi4", "rules": {}, "start": start, "moves": [], "position": start,
        "you": [2], "turn_seconds": null}),
    );
    // 5 min + 10 s byoyomi; red has no period left; yellow (2) to move.
    let clocks = [(0, 0), (250_000, 1), (300_000, 1), (280_000, 1)]
        .map(|(main, periods)| json!({"main_ms": main, "periods": periods}));
    let turn = json!({"event": "your_turn", "room": "q", "seat": 2, "ply": 0,
        "position": start, "legal_moves": 1, "legal": ["e3e4"],
        "time_left_ms": 310_000,
        "clock": {"main_ms": 300_000, "byoyomi_ms": 10_000, "periods": 1,
                  "increment_ms": 0},
        "clocks": clocks});
    let think = match bot.on_event(&turn).as_slice() {
        [Action::Think(think)] => think.clone(),
        other => panic!("{other:?}"),
    };
    let Report::Answer(_, answer) = engine.answer(think).await else {
        panic!("the engine failed");
    };
    assert_eq!(answer, banmen::bridge::play::Answer::Best("e3e4".into()));
    let lines = sent_lines(&log);
    let go = lines.iter().find(|l| l.starts_with("go ")).unwrap();
    let words = go_words(go);
    let names: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
    assert_eq!(names, ["rtime", "btime", "ytime", "gtime"], "{go}");
    assert_eq!(words[0].1, 0, "{go}");
    assert_eq!(words[1].1, 260_000, "{go}");
    assert!((300_000..=309_500).contains(&words[2].1), "{go}");
    assert_eq!(words[3].1, 290_000, "{go}");
}
