//! `banmen bot` (the bridge) against the real server: an engine brought
//! in as a bot plays a four-player chess teams game to its end with a
//! person on a vt100 terminal and two CPU seats; a shogi bot killed
//! mid-game is away like a person, and the CPU plays for it after the
//! grace period.

mod common;
use banmen::hall::{Clock, Hall, HallOptions, Phase, RoomSettings};
use banmen::rules::GameKind;
use banmen::rules::vocab::Seat;
use banmen::store::memory::MemoryStore;
use common::*;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A hall whose away players get `grace_ms` before the CPU plays for them.
fn hall(grace_ms: u64) -> Hall {
    let options = HallOptions {
        takeover_level: 1,
        grace_ms,
        think_ms: 100,
        ..HallOptions::default()
    };
    Hall::with_store(Arc::new(MemoryStore::new()), options, Clock::system())
}

/// The bridge, killed when dropped.
struct Bridge(Child);

impl Drop for Bridge {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `banmen bot` for the engine `engine` (arguments of the banmen
/// binary itself), its log in `dir`.
fn bridge(server: &TestServer, key: &Path, game: &str, engine: &str, dir: &Path) -> Bridge {
    let exe = env!("CARGO_BIN_EXE_banmen");
    let log = std::fs::File::create(dir.join(format!("bridge-{game}.log"))).unwrap();
    let child = Command::new(exe)
        .args(["bot", "--host", "127.0.0.1", "--port"])
        .arg(server.addr.port().to_string())
        .arg("--key")
        .arg(key)
        .args(["--game", game, "--movetime", "200", "--engine"])
        .arg(format!("{exe} {engine}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    Bridge(child)
}

/// Waits until the bot `name` is connected.
async fn connected(hall: &Hall, name: &str, dir: &Path) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !hall.connected_bots().iter().any(|b| b.name == name) {
        let log = logs(dir);
        assert!(Instant::now() < deadline, "{name} did not connect\n{log}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bridged_engine_plays_a_teams_game_with_a_person_and_two_cpus() {
    let dir = temp_dir();
    let hall = hall(60_000);
    let server = hall_server(&hall, &dir).await;
    let key = register_bot(&hall, "anchor", 61, &dir);
    let _bridge = bridge(
        &server,
        &key,
        "chess4",
        "engine --game chess4 --level 1",
        &dir,
    );
    connected(&hall, "anchor", &dir).await;

    // Alice challenges the bot from the lobby: `b`, Enter, the form's game
    // row to four-player chess, create.
    let alice = with_key_seed(server.addr, "alice", 1).await;
    let mut term = Term::open(&alice, 100, 30).await;
    term.wait_text("Open public rooms").await;
    term.send_split(b"b").await;
    term.wait_text("anchor BOT").await;
    term.send_split(b"\r").await;
    term.wait_text("Create a room").await;
    term.send_split(b" ").await;
    term.send_split(b" ").await;
    term.wait_text("four-player chess").await;
    term.send_split(b"c").await;
    term.wait_text("anchor BOT").await;
    let id = hall.rooms_report()[0].id.clone();
    let mut watch = hall.watch(&id, &common::player("referee")).unwrap();
    wait_for(&mut watch, |v| v.seats_of("bot:anchor").contains(Seat(1))).await;
    term.send_split(b"s").await; // the other seats: CPU
    wait_for(&mut watch, |v| v.phase == Phase::Playing).await;

    // Alice (Red) plays the CPU's level-1 move each turn, typed.
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        let view = watch.view();
        if view.phase == Phase::Finished {
            break;
        }
        assert!(Instant::now() < deadline, "the game did not end in time");
        let played = view.moves.len();
        if view.game.to_move() == Some(Seat(0)) {
            let mv = banmen::cpu::choose_move(&view.game, 1).expect("a move");
            let text = view.game.clone().play(&mv).unwrap();
            type_move(&mut term, &text).await;
        }
        let watched = &watch;
        term.wait_for("the next move", |_| {
            let now = watched.view();
            now.moves.len() > played || now.phase == Phase::Finished
        })
        .await;
    }
    let view = watch.view();
    let by_bot = view
        .moves
        .iter()
        .filter(|m| m.seat == Seat(1) && !m.by_cpu)
        .count();
    assert!(by_bot >= 3, "the bot played its own moves ({by_bot})");
    assert!(view.game.outcome().is_some());
    term.wait_text("Game over").await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_killed_shogi_bot_is_played_for_by_the_cpu_after_the_grace_period() {
    let dir = temp_dir();
    let hall = hall(1_000);
    let server = hall_server(&hall, &dir).await;
    let key = register_bot(&hall, "kifu", 62, &dir);
    let mut bridge = bridge(
        &server,
        &key,
        "shogi",
        "engine --game shogi --level 1",
        &dir,
    );
    connected(&hall, "kifu", &dir).await;

    let mut alice = hall
        .create_room(&common::player("alice"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    hall.challenge_bot(&alice, 1, "kifu").unwrap();
    wait_for(&mut alice, |v| v.phase == Phase::Playing).await;
    for ply in [0, 2] {
        let mv = banmen::cpu::choose_move(&alice.view().game, 1).unwrap();
        alice.play(&mv).unwrap();
        wait_for(&mut alice, |v| v.moves.len() > ply + 1).await;
        let reply = &alice.view().moves[ply + 1];
        assert!(!reply.by_cpu, "the bot answered itself");
    }

    // Killed: away, then after the grace period the CPU plays its seat.
    bridge.0.kill().unwrap();
    bridge.0.wait().unwrap();
    let mv = banmen::cpu::choose_move(&alice.view().game, 1).unwrap();
    alice.play(&mv).unwrap();
    let killed = Instant::now();
    wait_for(&mut alice, |v| v.moves.len() >= 6).await;
    let reply = &alice.view().moves[5];
    assert!(reply.by_cpu, "the CPU played for the bot");
    assert!(
        killed.elapsed() >= Duration::from_millis(900),
        "not before the grace period"
    );
    server.stop().await;
}

/// What the bridges wrote to their logs.
fn logs(dir: &Path) -> String {
    let read = |game: &str| std::fs::read_to_string(dir.join(format!("bridge-{game}.log")));
    ["shogi", "chess4"]
        .map(|g| read(g).unwrap_or_default())
        .join("\n")
}
