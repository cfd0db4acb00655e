//! Admins over SSH with the real server and UI: an admin follows the
//! journal (`logs --follow --json`) while two players play, and sees every
//! move in order with the player and seat; `rooms`, `stats` and `close`
//! answer; Ctrl-C ends a follow; the admin screen shows the journal; and a
//! key that is not an admin's is refused everything.

mod common;
use banmen::hall::Hall;
use banmen::ssh::admins::AdminKeys;
use common::*;
use russh::ChannelMsg;
use serde_json::Value;

/// The admin's key seed (players use 1 and 2).
const ADMIN: u8 = 50;

/// A server whose only admin key is the one made from [`ADMIN`].
async fn server() -> TestServer {
    let dir = temp_dir();
    let mut admins = AdminKeys::default();
    let line = client_key(ADMIN).public_key().to_openssh().unwrap();
    admins.add(&line, "test").unwrap();
    TestServer::start_admin(
        &dir.join("host_key"),
        banmen::ui::App::new,
        Hall::new(1),
        admins,
    )
    .await
}

/// A command's output as it streams in.
struct Stream {
    channel: russh::Channel<russh::client::Msg>,
    out: String,
    status: Option<u32>,
    closed: bool,
}

impl Stream {
    async fn exec(session: &russh::client::Handle<Client>, command: &str) -> Stream {
        let channel = session.channel_open_session().await.unwrap();
        channel.exec(true, command).await.unwrap();
        Stream {
            channel,
            out: String::new(),
            status: None,
            closed: false,
        }
    }

    /// Reads until `done` holds for the output (bounded by `WAIT`).
    async fn wait_for(&mut self, what: &str, done: impl Fn(&Stream) -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !done(self) {
            let msg = tokio::time::timeout_at(deadline, self.channel.wait())
                .await
                .unwrap_or_else(|_| panic!("timed out waiting for {what}; output:\n{}", self.out));
            match msg {
                Some(ChannelMsg::Data { data }) => {
                    self.out.push_str(&String::from_utf8_lossy(&data))
                }
                Some(ChannelMsg::ExitStatus { exit_status }) => self.status = Some(exit_status),
                Some(ChannelMsg::Close) | None => {
                    self.closed = true;
                    assert!(done(self), "closed before {what}; output:\n{}", self.out);
                }
                Some(_) => {}
            }
        }
    }

    /// The JSON lines so far.
    fn events(&self) -> Vec<Value> {
        self.out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
            .collect()
    }
}

#[tokio::test]
async fn an_admin_follows_every_move_live_and_others_are_refused() {
    let server = server().await;
    let admin_ssh = with_key_seed(server.addr, "admin", ADMIN).await;
    let mut follow = Stream::exec(&admin_ssh, "logs --follow --json").await;

    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 80, 24).await;
    let code = create_private_room(&mut alice).await;
    let bob_ssh = with_key_seed(server.addr, "bob", 2).await;
    let mut bob = Term::open_command(&bob_ssh, 80, 24, &format!("join {code}")).await;
    alice.wait_text("Your move.").await;
    for (i, mv) in ["7g7f", "3c3d", "2g2f"].into_iter().enumerate() {
        let player = if i % 2 == 0 { &mut alice } else { &mut bob };
        player.wait_text("Your move.").await;
        type_move(player, mv).await;
        player.wait_text(mv).await;
    }
    bob.send_split(b"r").await;
    bob.send_split(b"y").await;
    follow
        .wait_for("the game's end", |s| s.out.contains("\"event\":\"ended\""))
        .await;

    let events = follow.events();
    let numbers: Vec<u64> = events.iter().map(|e| e["n"].as_u64().unwrap()).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    let moves: Vec<(String, String, String)> = events
        .iter()
        .filter(|e| e["event"] == "moved")
        .map(|e| {
            let text = |k: &str| e[k].as_str().unwrap().to_string();
            (text("text"), text("seat_name"), text("player"))
        })
        .collect();
    let expected = [
        ("7g7f", "sente", "alice"),
        ("3c3d", "gote", "bob"),
        ("2g2f", "sente", "alice"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(moves, expected);
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    let order = ["created", "joined", "moved", "resigned", "ended"];
    let mut at = 0;
    for kind in &kinds {
        if order.get(at) == Some(kind) {
            at += 1;
        }
    }
    assert_eq!(at, order.len(), "{kinds:?}");
    let room = events[0]["room"].as_str().unwrap().to_string();
    assert!(events.iter().all(|e| e["room"] == room.as_str()));

    // The same lines for people, and filtered by game.
    let game = events.last().unwrap()["game"].as_str().unwrap().to_string();
    let (text, _, status) = exec_command(&admin_ssh, &format!("logs --game {game}")).await;
    assert_eq!(status, Some(0));
    assert!(
        text.contains("moved") && text.contains("gote bob 3c3d"),
        "{text}"
    );
    assert!(!text.contains("created"), "{text}");

    // rooms and stats answer; an unknown room is an error.
    let (rooms, _, status) = exec_command(&admin_ssh, "rooms").await;
    assert_eq!(status, Some(0));
    assert!(
        rooms.contains(&room) && rooms.contains("alice") && rooms.contains("bob"),
        "{rooms}"
    );
    let (stats, _, _) = exec_command(&admin_ssh, "stats --json").await;
    let stats: Value = serde_json::from_str(&stats).unwrap();
    assert!(stats["connections"].as_u64().unwrap() >= 3, "{stats}");
    assert_eq!(stats["rooms"], 1);
    let (_, err, status) = exec_command(&admin_ssh, "close NOSUCH").await;
    assert_eq!(status, Some(1));
    assert!(err.contains("NOSUCH") && err.lines().count() == 1, "{err}");

    // A player's key is refused every admin command and the screen.
    for command in [
        "logs",
        "logs --follow",
        "rooms",
        "stats",
        &format!("close {code}"),
    ] {
        let (out, err, status) = exec_command(&bob_ssh, command).await;
        assert_eq!(status, Some(1), "{command}");
        assert!(out.is_empty(), "{command}: {out}");
        assert!(err.contains("admin key"), "{command}: {err}");
    }
    let not_admin = with_key_seed(server.addr, "admin", 2).await;
    let mut screen = Term::open(&not_admin, 80, 24).await;
    screen.wait_for("the refusal", |t| t.closed).await;
    assert!(rooms_still_open(&admin_ssh, &room).await);

    alice.send_split(b"\x1b").await;
    server.stop().await;
}

async fn rooms_still_open(admin: &russh::client::Handle<Client>, room: &str) -> bool {
    exec_command(admin, "rooms").await.0.contains(room)
}

#[tokio::test]
async fn closing_a_room_sends_its_players_to_the_lobby_and_is_journaled() {
    let server = server().await;
    let admin_ssh = with_key_seed(server.addr, "admin", ADMIN).await;
    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 80, 24).await;
    let code = create_private_room(&mut alice).await;

    let (out, err, status) = exec_command(&admin_ssh, &format!("close {code}")).await;
    assert_eq!(status, Some(0), "{err}");
    assert!(out.starts_with("closed room"), "{out}");
    alice.wait_text("closed by an admin").await;
    alice.wait_text("Open public rooms").await;

    let (log, _, _) = exec_command(&admin_ssh, "logs --json").await;
    let last: Value = serde_json::from_str(log.lines().last().unwrap()).unwrap();
    assert_eq!(last["event"], "closed");
    assert!(last["text"].as_str().unwrap().contains("admin"), "{last}");
    let (rooms, _, _) = exec_command(&admin_ssh, "rooms").await;
    assert_eq!(rooms.trim(), "no rooms");
    server.stop().await;
}

#[tokio::test]
async fn ctrl_c_ends_a_follow_and_the_admin_screen_shows_the_journal() {
    let server = server().await;
    let admin_ssh = with_key_seed(server.addr, "admin", ADMIN).await;
    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 80, 24).await;
    let code = create_private_room(&mut alice).await;

    let mut screen = Term::open(&admin_ssh, 120, 30).await;
    screen.wait_text("banmen · admin").await;
    screen.wait_text("created").await;
    screen.wait_text(&code).await;

    let mut follow = Term::open_command(&admin_ssh, 120, 30, "logs --follow").await;
    follow.wait_text("created").await;
    follow.send(b"\x03").await;
    follow.wait_for("the follow to end", |t| t.closed).await;
    assert_eq!(follow.exit, Some(0));

    // The admin screen closes the selected room with x, y.
    screen.send_split(b"x").await;
    screen.wait_text("Close room").await;
    screen.send_split(b"y").await;
    alice.wait_text("closed by an admin").await;
    screen.wait_text("No rooms.").await;
    screen.send_split(b"q").await;
    screen.wait_for("the screen to close", |t| t.closed).await;
    server.stop().await;
}
