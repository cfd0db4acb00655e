//! Bots over the real SSH server: an admin registers a bot with `bots
//! add` (and lists and removes it); the bot's key logs in as `bot` and
//! speaks JSON lines without a terminal; a key that is no bot's gets one
//! `not-a-bot` line and exit status 1; removing the bot ends its
//! connection; the registration is journaled.

mod common;
use banmen::hall::Hall;
use banmen::ssh::admins::AdminKeys;
use common::*;
use russh::ChannelMsg;
use serde_json::Value;

const ADMIN: u8 = 50;
const BOT: u8 = 60;

async fn server(hall: Hall) -> TestServer {
    let dir = temp_dir();
    let mut admins = AdminKeys::default();
    let line = client_key(ADMIN).public_key().to_openssh().unwrap();
    admins.add(&line, "test").unwrap();
    TestServer::start_admin(&dir.join("host_key"), banmen::ui::App::new, hall, admins).await
}

/// The bot protocol on a channel: JSON lines in and out.
struct Line {
    channel: russh::Channel<russh::client::Msg>,
    buffer: String,
    status: Option<u32>,
}

impl Line {
    async fn open(session: &russh::client::Handle<Client>) -> Line {
        let channel = session.channel_open_session().await.unwrap();
        channel.request_shell(true).await.unwrap();
        Line {
            channel,
            buffer: String::new(),
            status: None,
        }
    }

    async fn send(&self, line: &str) {
        let bytes = format!("{line}\n").into_bytes();
        self.channel.data_bytes(bytes).await.unwrap();
    }

    /// The next event, or `None` once the channel closed.
    async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(at) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..=at).collect();
                return Some(serde_json::from_str(line.trim()).unwrap());
            }
            let msg = tokio::time::timeout(WAIT, self.channel.wait())
                .await
                .unwrap();
            match msg {
                Some(ChannelMsg::Data { data }) => {
                    self.buffer.push_str(&String::from_utf8_lossy(&data))
                }
                Some(ChannelMsg::ExitStatus { exit_status }) => self.status = Some(exit_status),
                Some(ChannelMsg::Close) | None => return None,
                Some(_) => {}
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_registers_a_bot_that_then_speaks_json_lines() {
    let hall = Hall::new(1);
    let server = server(hall.clone()).await;
    let admin = with_key_seed(server.addr, "root", ADMIN).await;
    let key = client_key(BOT).public_key().to_openssh().unwrap();

    let (out, err, status) = exec_command(&admin, &format!("bots add randy \"{key}\"")).await;
    assert_eq!(status, Some(0), "{err}");
    assert!(out.starts_with("bot randy added (SHA256:"), "{out}");
    let (_, err, status) = exec_command(&admin, &format!("bots add other {key}")).await;
    assert_eq!(status, Some(1));
    assert!(err.contains("registered already"), "{err}");
    let (_, err, status) = exec_command(&admin, "bots add x not-a-key").await;
    assert_eq!(status, Some(1));
    assert!(err.contains("not a public key"), "{err}");
    let (_, err, _) = exec_command(&admin, &format!("bots add cpu-9 {key}")).await;
    assert!(err.contains("Bot names"), "{err}");

    // A player's key may not list or add bots.
    let player = with_key_seed(server.addr, "alice", 1).await;
    let (_, err, status) = exec_command(&player, "bots list").await;
    assert_eq!(status, Some(1));
    assert!(err.contains("admin"), "{err}");
    // Nor speak as a bot.
    let impostor = with_key_seed(server.addr, "bot", 1).await;
    let mut refused = Line::open(&impostor).await;
    let answer = refused.next().await.expect("one line");
    assert_eq!(answer["code"], "not-a-bot");
    assert!(refused.next().await.is_none());
    assert_eq!(refused.status, Some(1));

    // The bot.
    let bot = with_key_seed(server.addr, "bot", BOT).await;
    let mut line = Line::open(&bot).await;
    let hello = line.next().await.unwrap();
    assert_eq!(hello["event"], "hello");
    assert_eq!(hello["id"], "bot:randy");
    line.send(r#"{"cmd":"ping","id":1}"#).await;
    assert_eq!(line.next().await.unwrap()["to"], "ping");
    line.send("garbage").await;
    assert_eq!(line.next().await.unwrap()["code"], "bad-json");

    let (out, _, _) = exec_command(&admin, "bots list").await;
    assert!(
        out.contains("randy SHA256:") && out.contains("connected: yes"),
        "{out}"
    );
    let (out, _, _) = exec_command(&admin, "bots list --json").await;
    let listed: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(listed["name"], "randy");
    assert_eq!(listed["connected"], true);

    // Removed: its connection is told and ends; the key is a bot no more.
    let (out, _, status) = exec_command(&admin, "bots remove randy").await;
    assert_eq!((out.trim(), status), ("bot randy removed", Some(0)));
    let removed = line.next().await.unwrap();
    assert_eq!(removed["code"], "removed");
    assert!(line.next().await.is_none());
    let (_, err, status) = exec_command(&admin, "bots remove randy").await;
    assert_eq!(status, Some(1));
    assert!(err.contains("No bot"), "{err}");
    let (out, _, _) = exec_command(&admin, "bots").await;
    assert_eq!(out.trim(), "no bots");

    let (journal, _, _) = exec_command(&admin, "logs --json").await;
    let events: Vec<String> = journal
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["event"].to_string())
        .collect();
    assert!(events.contains(&"\"bot added\"".to_string()), "{journal}");
    assert!(events.contains(&"\"bot removed\"".to_string()), "{journal}");
    server.stop().await;
}
