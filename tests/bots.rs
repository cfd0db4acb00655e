//! The bot protocol against the hall, without SSH (docs/bots.md): a bot
//! is challenged, accepts, plays and is told everything it should be;
//! bad lines, illegal moves and floods are answered and survived; a bot
//! that leaves is played for by the CPU and gets its game back.

use banmen::hall::bots::BotRecord;
use banmen::hall::{Clock, Hall, HallOptions, Identity, Phase, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::memory::MemoryStore;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

mod bot_support;
mod common;
mod ui_support;
use bot_support::Bot;
use common::{player, wait_for};

/// A hall with the bot `randy` registered.
fn hall_with_bot(grace_ms: u64) -> (Hall, Identity) {
    let options = HallOptions {
        takeover_level: 1,
        grace_ms,
        think_ms: 50,
        ..HallOptions::default()
    };
    let hall = Hall::with_store(Arc::new(MemoryStore::new()), options, Clock::system());
    let record: BotRecord = hall
        .add_bot("randy", "ssh-ed25519 AAAA randy", "SHA256:randy", "root")
        .unwrap();
    (hall, record.identity())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_challenged_bot_plays_a_game_through_the_protocol() {
    let (hall, randy) = hall_with_bot(60_000);
    assert_eq!(randy.id, "bot:randy");
    let named = |name: &str| hall.add_bot(name, "k", &format!("SHA256:{name}"), "root");
    assert!(named("fsf-bot").is_ok(), "a bot's own name may end in bot");
    assert!(named("cpu-9").is_err() && named("a b").is_err() && named("").is_err());
    let mut bot = Bot::connect(&hall, &randy);
    let hello = bot.next().await;
    assert_eq!(hello["event"], "hello");
    assert_eq!(hello["name"], "randy");
    assert_eq!(hello["limits"]["games"], 4);
    assert_eq!(hello["limits"]["commands_per_second"], 5);
    assert_eq!(hello["limits"]["burst"], 20);

    let alice = hall
        .create_room(&player("alice"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    wait_until_listed(&hall, "randy").await;
    hall.challenge_bot(&alice, 1, "randy").unwrap();
    assert!(
        hall.challenge_bot(&alice, 0, "randy").is_err(),
        "a seat someone holds is not offered"
    );
    assert_eq!(
        hall.challenge_bot(&alice, 1, "randy"),
        Err(banmen::hall::HallError::BotBusy("randy".into())),
        "one challenge at a time per room"
    );
    let challenge = bot.next().await;
    assert_eq!(challenge["event"], "challenge");
    assert_eq!(challenge["game"], "shogi");
    assert_eq!(challenge["seat"], 1);
    assert_eq!(challenge["seat_name"], "gote");
    assert_eq!(challenge["from"], "alice");
    let id = challenge["challenge"].as_str().unwrap().to_string();

    bot.send(&json!({"cmd": "accept", "challenge": id, "id": 7}).to_string())
        .await;
    let ok = bot.next().await;
    assert_eq!(
        ok,
        json!({"event": "ok", "to": "accept", "id": 7, "room": alice.view().id})
    );
    let start = bot.next().await;
    assert_eq!(start["event"], "game_start");
    assert_eq!(start["you"], json!([1]));
    assert_eq!(start["seats"][1]["bot"], true);
    assert_eq!(start["seats"][0]["player"], "alice");
    assert_eq!(start["start"], start["position"]);
    assert_eq!(alice.view().phase, Phase::Playing);
    let shown = banmen::i18n::Lang::En.text(&alice.view().seats[1].label());
    assert_eq!(shown, "randy BOT");

    common::play(&alice, "7g7f");
    let moved = bot.next().await;
    assert_eq!(moved["event"], "move");
    assert_eq!(moved["move"], "7g7f");
    assert_eq!(moved["ply"], 1);
    assert_eq!(moved["by_cpu"], false);
    let turn = bot.next().await;
    assert_eq!(turn["event"], "your_turn");
    assert_eq!(turn["position"], moved["position"]);
    assert_eq!(turn["legal_moves"], 30);
    assert_eq!(turn["legal"].as_array().unwrap().len(), 30);
    let room = turn["room"].as_str().unwrap().to_string();

    // An illegal move is refused and the turn stays open.
    bot.send(&json!({"cmd": "move", "room": room, "move": "3c3e"}).to_string())
        .await;
    let refused = bot.next().await;
    assert_eq!(refused["event"], "error");
    assert_eq!(refused["code"], "illegal-move");
    bot.send(&json!({"cmd": "move", "room": room, "move": "3c3d"}).to_string())
        .await;
    assert_eq!(bot.next().await["event"], "ok");
    let mine = bot.next().await;
    assert_eq!(
        (mine["move"].clone(), mine["seat"].clone()),
        (json!("3c3d"), json!(1))
    );
    assert_eq!(alice.view().moves.len(), 2);

    // Out of turn.
    bot.send(&json!({"cmd": "move", "room": room, "move": "1c1d"}).to_string())
        .await;
    assert_eq!(bot.next().await["code"], "not-your-turn");

    alice.resign().unwrap();
    let end = bot.until("game_end").await.pop().unwrap();
    assert_eq!(end["winners"], json!([1]));
    assert_eq!(end["reason"], "resignation");
    assert_eq!(end["placings"][1]["place"], 1);
    bot.leave().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_lines_and_floods_are_answered_and_survived() {
    let (hall, randy) = hall_with_bot(60_000);
    let mut bot = Bot::connect(&hall, &randy);
    bot.next().await;
    for (line, code) in [
        ("{not json", "bad-json"),
        ("[1]", "bad-json"),
        (r#"{"cmd":"dance"}"#, "unknown-command"),
        (
            r#"{"cmd":"move","room":"nowhere","move":"7g7f"}"#,
            "no-such-room",
        ),
        (
            r#"{"cmd":"accept","challenge":"c999"}"#,
            "no-such-challenge",
        ),
        (r#"{"cmd":"seek","game":"go"}"#, "bad-field"),
    ] {
        bot.send(line).await;
        let answer = bot.next().await;
        assert_eq!(answer["event"], "error", "{line}");
        assert_eq!(answer["code"], code, "{line}");
    }
    let long = format!("{{\"cmd\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(5000));
    bot.send(&long).await;
    assert_eq!(bot.next().await["code"], "line-too-long");
    // Non-UTF-8 bytes are one bad line.
    bot.input
        .as_ref()
        .unwrap()
        .send(b"\xff\xfe\n".to_vec())
        .await
        .unwrap();
    assert_eq!(bot.next().await["code"], "bad-json");

    for n in 0..60 {
        bot.send(&json!({"cmd": "ping", "id": n}).to_string()).await;
    }
    let mut floods = 0;
    for n in 0..60 {
        let answer = bot.next().await;
        assert_eq!(answer["id"], n, "one answer per command, in order");
        floods += usize::from(answer["code"] == "flood");
    }
    assert!(floods >= 30, "a burst of 60 pings is cut ({floods} floods)");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    bot.send(r#"{"cmd":"ping"}"#).await;
    assert_eq!(bot.next().await["event"], "ok", "the session goes on");
    bot.leave().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_away_bot_is_played_for_and_gets_its_game_back() {
    let (hall, randy) = hall_with_bot(300);
    let mut bot = Bot::connect(&hall, &randy);
    bot.next().await;
    bot.send(r#"{"cmd":"seek","game":"shogi"}"#).await;
    let ok = bot.next().await;
    assert_eq!(ok["event"], "ok");
    let room = ok["room"].as_str().unwrap().to_string();
    let mut alice = hall.join(&room, &player("alice")).unwrap();
    assert_eq!(alice.view().phase, Phase::Playing);
    let start = bot.until("game_start").await.pop().unwrap();
    assert_eq!(start["you"], json!([0]), "the bot opened the room: sente");
    let turn = bot.next().await;
    assert_eq!(turn["event"], "your_turn");
    bot.leave().await;

    // Away past the grace period: the CPU moves for the bot.
    let ticker = hall.clone();
    let ticks = tokio::spawn(async move {
        loop {
            ticker.tick();
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    wait_for(&mut alice, |v| !v.moves.is_empty()).await;
    assert!(alice.view().moves[0].by_cpu, "the CPU played for the bot");
    common::play(&alice, "3c3d");
    wait_for(&mut alice, |v| v.moves.len() >= 3).await;

    // Back: the game again from its start, and its turn its own.
    let mut bot = Bot::connect(&hall, &randy);
    assert_eq!(bot.next().await["event"], "hello");
    let start = bot.next().await;
    assert_eq!(start["event"], "game_start");
    assert_eq!(start["room"], room.as_str());
    let moves = start["moves"].as_array().unwrap().len();
    assert!(moves >= 3, "{start}");
    ticks.abort();
    bot.leave().await;
}

/// Waits until the bot is listed as connected.
async fn wait_until_listed(hall: &Hall, name: &str) {
    for _ in 0..100 {
        if hall.connected_bots().iter().any(|b| b.name == name) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{name} is not listed");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_challenges_a_bot_from_the_lobby() {
    use termwiz::input::KeyCode;
    let (hall, randy) = hall_with_bot(60_000);
    let mut bot = Bot::connect(&hall, &randy);
    bot.next().await;
    wait_until_listed(&hall, "randy").await;
    let entry = banmen::hall::view::Entry::Lobby;
    let mut app = banmen::ui::App::new(hall.clone(), player("alice"), entry, ui_support::address());
    ui_support::chars(&mut app, "b");
    let panel = ui_support::render(&mut app, 80, 24);
    assert!(
        panel.has("randy BOT") && panel.has("free"),
        "{}",
        panel.text()
    );
    ui_support::key(&mut app, KeyCode::Enter);
    let form = ui_support::render(&mut app, 80, 24);
    assert!(form.has("bot after"), "the room form: {}", form.text());
    ui_support::chars(&mut app, "c");
    let room = ui_support::render(&mut app, 80, 24);
    assert!(room.has("Asked randy BOT to play gote"), "{}", room.text());

    let challenge = bot.next().await;
    assert_eq!(challenge["event"], "challenge");
    assert_eq!(challenge["from"], "alice");
    let id = challenge["challenge"].as_str().unwrap();
    bot.send(&json!({"cmd": "decline", "challenge": id, "reason": "shogi4 only"}).to_string())
        .await;
    assert_eq!(bot.next().await["event"], "ok");
    let room = ui_support::render(&mut app, 80, 24);
    assert!(
        room.has("randy BOT declined: shogi4 only"),
        "{}",
        room.text()
    );
    bot.leave().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn quick_play_falls_back_to_a_bot_and_challenges_lapse() {
    let clock = Clock::manual(1_000_000);
    let options = HallOptions {
        takeover_level: 1,
        ..HallOptions::default()
    };
    let hall = Hall::with_store(Arc::new(MemoryStore::new()), options, clock.clone());
    let randy = hall
        .add_bot("randy", "ssh-ed25519 AAAA randy", "SHA256:randy", "root")
        .unwrap()
        .identity();
    let mut bot = Bot::connect(&hall, &randy);
    bot.next().await;
    let alice = hall.quick_play(&player("alice"), GameKind::Chess4).unwrap();
    assert_eq!(alice.view().settings.bot_after, Some(60));
    clock.advance(30_000);
    hall.tick();
    clock.advance(31_000);
    hall.tick();
    let challenge = bot.next().await;
    assert_eq!(challenge["event"], "challenge");
    assert_eq!(challenge["game"], "chess4");
    assert_eq!(challenge["seat"], 1);
    // Unanswered, it lapses; the bot is not asked about that room again.
    clock.advance(61_000);
    hall.tick();
    let gone = bot.next().await;
    assert_eq!(gone["event"], "challenge_gone");
    assert_eq!(gone["reason"], "expired");
    assert!(
        banmen::i18n::Lang::En
            .text(&alice.view().status)
            .contains("did not answer")
    );
    clock.advance(61_000);
    hall.tick();
    assert!(
        tokio::time::timeout(Duration::from_millis(300), bot.output.recv())
            .await
            .is_err(),
        "asked once per room"
    );
    bot.leave().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn two_bots_meet_by_seeking_and_let_their_finished_room_go() {
    let (hall, randy) = hall_with_bot(60_000);
    let sue = hall
        .add_bot("sue", "ssh-ed25519 AAAA sue", "SHA256:sue", "root")
        .unwrap()
        .identity();
    let mut first = Bot::connect(&hall, &randy);
    first.next().await;
    first.send(r#"{"cmd":"seek","game":"chess4"}"#).await;
    let room = first.next().await["room"].as_str().unwrap().to_string();
    let alice = hall.join(&room, &player("alice")).unwrap();

    // Away and back while the room waits: told where it waits.
    first.leave().await;
    let mut first = Bot::connect(&hall, &randy);
    assert_eq!(first.next().await["event"], "hello");
    let waiting = first.next().await;
    assert_eq!(
        waiting,
        json!({"event": "waiting", "room": room, "game": "chess4"})
    );
    first
        .send(&json!({"cmd": "leave", "room": room}).to_string())
        .await;
    assert_eq!(first.next().await["event"], "ok");
    drop(alice);
    first.send(r#"{"cmd":"seek","game":"shogi"}"#).await;
    let room = first.next().await["room"].as_str().unwrap().to_string();

    let mut second = Bot::connect(&hall, &sue);
    second.next().await;
    second.send(r#"{"cmd":"seek","game":"shogi"}"#).await;
    assert_eq!(
        second.next().await["room"],
        room.as_str(),
        "the waiting room is joined"
    );
    first.until("your_turn").await;
    first
        .send(&json!({"cmd": "resign", "room": room}).to_string())
        .await;
    first.until("game_end").await;
    second.until("game_end").await;
    for _ in 0..100 {
        if hall.room_count() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(hall.room_count(), 0, "neither bot holds the finished room");
    first.leave().await;
    second.leave().await;
}
