//! One connection against the commands (`ssh HOST export ID` and the
//! like): a client that never reads its answers (an SSH receive window of
//! 0) must not make the server queue them, a channel counts against the
//! connection's four until its output is taken, a channel runs one
//! command, and a connection runs at most `[limits]
//! commands_per_connection` of them.
//!
//! russh's client accepts a window of 0 (`client::Config::window_size`):
//! the server may then send nothing on the channel, and the client never
//! grows the window (it adjusts only as data arrives). The tests in this
//! file run one at a time: the first measures the process's memory, and
//! the server runs in this process.

mod common;
use banmen::hall::view::Privacy;
use banmen::hall::{Hall, RoomSettings};
use banmen::rules::GameKind;
use banmen::ssh::echo::EchoApp;
use common::*;
use russh::keys::PrivateKeyWithHashAlg;
use russh::{ChannelMsg, client};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// Taken by each test: the memory figure must be this file's one test's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::const_new(());

/// The process's resident memory, in KiB.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A server on a hall with a public shogi game of some moves; its id.
async fn server_with_a_game() -> (TestServer, String) {
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.privacy = Privacy::Public;
    settings.rules.set("swap-sides", "off").ok();
    let alice = hall.create_room(&player("alice"), settings).unwrap();
    let code = alice.view().code.clone();
    let bob = hall.join(&code, &player("bob")).unwrap();
    // Moves drawn from the legal ones (a fixed sequence, so that the
    // record is the same few KiB each run).
    let mut draw = 12345u64;
    for i in 0..240usize {
        let view = alice.view();
        if view.game.outcome().is_some() {
            break;
        }
        let moves = view.game.legal_moves();
        draw = draw
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = &moves[(draw >> 33) as usize % moves.len()];
        let mover = if i % 2 == 0 { &alice } else { &bob };
        mover.play(mv).unwrap();
    }
    let game = alice.view().game_id.clone();
    let dir = temp_dir();
    let server = TestServer::start_options(&dir.join("host_key"), EchoApp::new, hall, |_| {}).await;
    (server, game)
}

/// Logs in with a key on a client whose receive window is 0: it takes
/// nothing the server sends on a channel.
async fn never_reads(addr: SocketAddr) -> client::Handle<Client> {
    let config = client::Config {
        window_size: 0,
        ..Default::default()
    };
    let connect = client::connect(Arc::new(config), addr, Client);
    let mut ssh = tokio::time::timeout(WAIT, connect)
        .await
        .expect("connect in time")
        .expect("connect");
    let key = PrivateKeyWithHashAlg::new(Arc::new(client_key(5)), None);
    let auth = ssh.authenticate_publickey("reader", key).await.unwrap();
    assert!(auth.success(), "{auth:?}");
    ssh
}

/// The next answer to a request on `channel` (success or failure),
/// within [`WAIT`]; `None` when the channel or connection ended.
async fn reply(channel: &mut russh::Channel<client::Msg>) -> Option<bool> {
    loop {
        let msg = tokio::time::timeout(WAIT, channel.wait())
            .await
            .expect("an answer in time")?;
        match msg {
            ChannelMsg::Success => return Some(true),
            ChannelMsg::Failure => return Some(false),
            ChannelMsg::Close => return None,
            _ => {}
        }
    }
}

/// Whether the server closes `ssh` within [`WAIT`].
async fn closed_in_time(ssh: &client::Handle<Client>) -> bool {
    let deadline = tokio::time::Instant::now() + WAIT;
    while !ssh.is_closed() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    ssh.is_closed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_exports_to_a_client_that_never_reads_are_not_queued() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (server, game) = server_with_a_game().await;
    let record = {
        let ssh = with_key(server.addr, "alice").await;
        let (out, err, status) = exec_command(&ssh, &format!("export {game}")).await;
        assert_eq!(status, Some(0), "{err}");
        out.len()
    };
    assert!(record > 2048, "a record of a few KiB: {record} bytes");

    let before = rss_kib();
    let ssh = never_reads(server.addr).await;
    let mut channels = Vec::new();
    let command = format!("export {game}");
    for _ in 0..1000 {
        // A new channel while the server allows one, else the last again.
        let opened = tokio::time::timeout(WAIT, ssh.channel_open_session())
            .await
            .expect("an answer to the channel open in time");
        if let Ok(channel) = opened {
            channels.push(channel);
        }
        let Some(channel) = channels.last() else {
            break;
        };
        if ssh.is_closed() || channel.exec(false, command.as_str()).await.is_err() {
            break;
        }
    }
    // Let the server read what is on its way.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let growth = rss_kib().saturating_sub(before);
    eprintln!(
        "record {record} B, {} channels opened, RSS growth {growth} KiB",
        channels.len()
    );
    assert!(
        growth < 10 * 1024,
        "memory grew by {growth} KiB for {} channels",
        channels.len()
    );
    assert!(
        closed_in_time(&ssh).await,
        "the server closes the connection"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_counts_until_its_answer_is_taken() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (server, game) = server_with_a_game().await;
    let ssh = never_reads(server.addr).await;
    let mut waiting = Vec::new();
    for _ in 0..4 {
        let mut channel = ssh.channel_open_session().await.expect("one of four");
        channel.exec(true, format!("export {game}")).await.unwrap();
        assert_eq!(reply(&mut channel).await, Some(true));
        waiting.push(channel);
    }
    // Each server's answer (and so its close) waits on the client's
    // window: the channels are still the client's.
    let fifth = tokio::time::timeout(WAIT, ssh.channel_open_session())
        .await
        .expect("an answer in time");
    assert!(fifth.is_err(), "a fifth channel while four are held");

    // A client that reads gets its answers one after another, on one
    // connection: ended channels stop counting.
    let reader = with_key(server.addr, "alice").await;
    for _ in 0..10 {
        let (out, err, status) = exec_command(&reader, &format!("export {game}")).await;
        assert_eq!(status, Some(0), "{err}");
        assert!(!out.is_empty());
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_runs_one_command() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (server, game) = server_with_a_game().await;
    let ssh = never_reads(server.addr).await;
    let mut channel = ssh.channel_open_session().await.unwrap();
    channel.exec(true, format!("export {game}")).await.unwrap();
    assert_eq!(reply(&mut channel).await, Some(true), "the first command");
    channel.exec(true, format!("export {game}")).await.unwrap();
    assert_eq!(reply(&mut channel).await, Some(false), "a second exec");
    channel.request_shell(true).await.unwrap();
    assert_eq!(reply(&mut channel).await, Some(false), "a shell after it");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_runs_at_most_its_commands() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (server, game) = server_with_a_game().await;
    let ssh = with_key(server.addr, "alice").await;
    // The default cap: 100 commands on one connection.
    for _ in 0..100 {
        let (_, err, status) = exec_command(&ssh, &format!("export {game}")).await;
        assert_eq!(status, Some(0), "{err}");
    }
    let mut channel = ssh.channel_open_session().await.unwrap();
    channel.exec(true, format!("export {game}")).await.unwrap();
    assert_eq!(reply(&mut channel).await, None, "the 101st is not run");
    assert!(
        closed_in_time(&ssh).await,
        "the server closes the connection"
    );
    // The server is fine, and a new connection has its own count.
    let again = with_key(server.addr, "alice").await;
    let (_, err, status) = exec_command(&again, &format!("export {game}")).await;
    assert_eq!(status, Some(0), "{err}");
    server.stop().await;
}

/// A client that takes nothing is given up on after the write timeout
/// (30 s): its channels are closed and their answers dropped, and the
/// connection may open channels again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_has_its_channels_closed_after_30_s() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (server, game) = server_with_a_game().await;
    let ssh = never_reads(server.addr).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut channel = ssh.channel_open_session().await.expect("one of four");
        channel.exec(true, format!("export {game}")).await.unwrap();
        assert_eq!(reply(&mut channel).await, Some(true));
        held.push(channel);
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30) + WAIT;
    for channel in &mut held {
        loop {
            let msg = tokio::time::timeout_at(deadline, channel.wait())
                .await
                .expect("the server closes the channel in time");
            match msg {
                Some(ChannelMsg::Close) | None => break,
                Some(ChannelMsg::Data { .. }) => panic!("data beyond a window of 0"),
                Some(_) => {}
            }
        }
    }
    let again = tokio::time::timeout(WAIT, ssh.channel_open_session())
        .await
        .expect("an answer in time");
    assert!(again.is_ok(), "the closed channels no longer count");
    server.stop().await;
}
