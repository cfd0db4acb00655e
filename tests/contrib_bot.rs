//! `contrib/random_bot.py`, the example bot, against the real server
//! through the real OpenSSH client: it seeks a game, plays random legal
//! moves until its opponent resigns, and seeks again. Skipped (one line
//! says so) without `python3` or `ssh`, unless BANMEN_REQUIRE_OPENSSH=1.

mod common;
use banmen::hall::{Clock, Hall, HallOptions, Phase};
use banmen::rules::GameKind;
use banmen::rules::vocab::Seat;
use banmen::store::memory::MemoryStore;
use common::*;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn available(program: &str) -> bool {
    Command::new(program)
        .arg(if program == "ssh" { "-V" } else { "--version" })
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_python_random_bot_plays_through_the_protocol() {
    if !available("python3") || !available("ssh") {
        let required = std::env::var("BANMEN_REQUIRE_OPENSSH").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "python3 and ssh are required (BANMEN_REQUIRE_OPENSSH=1)"
        );
        println!("skipped: python3 or the OpenSSH client is not installed");
        return;
    }
    let dir = temp_dir();
    let options = HallOptions {
        takeover_level: 1,
        ..HallOptions::default()
    };
    let hall = Hall::with_store(Arc::new(MemoryStore::new()), options, Clock::system());
    let server = hall_server(&hall, &dir).await;
    let key_path = register_bot(&hall, "randy", 70, &dir);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/contrib/random_bot.py");
    let log = std::fs::File::create(dir.join("random_bot.log")).unwrap();
    let _bot = Killed(
        Command::new("python3")
            .arg(script)
            .arg("127.0.0.1")
            .arg(&key_path)
            .arg("shogi")
            .arg(server.addr.port().to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap(),
    );
    let log = || std::fs::read_to_string(dir.join("random_bot.log")).unwrap_or_default();

    // It seeks: a public shogi room of its own waits in the lobby.
    let deadline = Instant::now() + Duration::from_secs(30);
    let room = loop {
        let lobby = hall.lobby().borrow().clone();
        if let Some(room) = lobby.iter().find(|r| r.host.contains("randy")) {
            break room.id.clone();
        }
        assert!(Instant::now() < deadline, "no room from the bot\n{}", log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let mut alice = hall.join(&room, &player("alice")).unwrap();
    assert_eq!(alice.view().phase, Phase::Playing);
    assert_eq!(alice.view().settings.kind, GameKind::Shogi);

    // Alice (gote) answers until the bot has made five moves, then resigns.
    loop {
        let view = alice.view();
        let bot_moves = view.moves.iter().filter(|m| m.seat == Seat(0)).count();
        if bot_moves >= 5 {
            break;
        }
        if view.game.to_move() == Some(Seat(1)) {
            let mv = banmen::cpu::choose_move(&view.game, 1).unwrap();
            alice.play(&mv).unwrap();
        }
        let played = view.moves.len();
        wait_for(&mut alice, |v| v.moves.len() > played).await;
    }
    assert!(alice.view().moves.iter().all(|m| !m.by_cpu), "{}", log());
    alice.resign().unwrap();
    assert_eq!(alice.view().phase, Phase::Finished);

    // After the game it seeks again: a new room of its own.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let lobby = hall.lobby().borrow().clone();
        if lobby
            .iter()
            .any(|r| r.host.contains("randy") && r.id != room)
        {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the bot did not seek again\n{}",
            log()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(log().contains("game_end"), "{}", log());
    drop(alice);
    server.stop().await;
}
