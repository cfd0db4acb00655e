//! `cargo bench --bench resize_storm`: what a resize storm costs in output.
//! One player in the lobby (a real server and UI in this process, on
//! loopback) sends 2,000 window changes as fast as its client can:
//!
//! 1. **alternating**: two sizes in turn (100×30, 120×40), then 90×28;
//! 2. **repeats**: 2,000 times the size it already has.
//!
//! Prints the bytes the client received until the server was quiet for
//! 500 ms, the data packets and the full redraws (ratatui's clear). The
//! figures are bytes and counts, not times; the build profile barely
//! matters (`--profile dev` builds in a fraction of the time).

use banmen::hall::Hall;
use banmen::ssh::{ServerOptions, bind};
use russh::client;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, Disconnect};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::{Instant, timeout};

/// Window changes per storm.
const STORM: usize = 2000;
/// The storm is over when the server has sent nothing for this long.
const QUIET: Duration = Duration::from_millis(500);
/// No wait is longer.
const WAIT: Duration = Duration::from_secs(20);
/// What ratatui sends before a full redraw: home, erase below.
const CLEAR: &[u8] = b"\x1b[1;1H\x1b[J";
const LOBBY: &str = "Open public rooms";

struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// What the client received.
#[derive(Default)]
struct Received {
    bytes: usize,
    packets: usize,
    redraws: usize,
}

/// Reads until the server has been quiet for [`QUIET`].
async fn read_quiet(channel: &mut russh::Channel<client::Msg>) -> Received {
    let mut got = Received::default();
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline {
        match timeout(QUIET, channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                got.bytes += data.len();
                got.packets += 1;
                got.redraws += data.windows(CLEAR.len()).filter(|w| *w == CLEAR).count();
            }
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => break,
        }
    }
    got
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run());
}

async fn run() {
    let dir = std::env::temp_dir().join(format!("banmen-resize-storm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = ServerOptions::new("127.0.0.1", 0, dir.join("host_key"));
    let listening = bind(options).await.expect("bind");
    let addr = listening.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        let signal = async {
            let _ = stopped.await;
        };
        listening
            .run(Hall::new(1), banmen::ui::App::new, signal)
            .await;
    });

    let config = Arc::new(client::Config::default());
    let mut ssh = client::connect(config, addr, Client)
        .await
        .expect("connect");
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]));
    let key = PrivateKeyWithHashAlg::new(Arc::new(key), None);
    let auth = ssh
        .authenticate_publickey("storm", key)
        .await
        .expect("auth");
    assert!(auth.success(), "{auth:?}");
    let mut channel = ssh.channel_open_session().await.expect("channel");
    channel
        .request_pty(true, "xterm-256color", 80, 24, 0, 0, &[])
        .await
        .expect("pty");
    channel.request_shell(true).await.expect("shell");
    let mut screen = vt100::Parser::new(
        24u16.try_into().expect("24"),
        80u16.try_into().expect("80"),
        0,
    );
    let deadline = Instant::now() + WAIT;
    while !screen.screen().contents().contains(LOBBY) {
        match timeout(deadline - Instant::now(), channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => screen.process(&data),
            Ok(Some(_)) => {}
            other => panic!("no lobby: {other:?}"),
        }
    }
    read_quiet(&mut channel).await;

    println!("resize_storm: {STORM} window changes from one client in the lobby");
    let start = Instant::now();
    for i in 0..STORM {
        let (cols, rows) = if i % 2 == 0 { (100, 30) } else { (120, 40) };
        channel.window_change(cols, rows, 0, 0).await.expect("sent");
    }
    channel.window_change(90, 28, 0, 0).await.expect("sent");
    let sent = start.elapsed();
    let got = read_quiet(&mut channel).await;
    report("alternating 100×30 / 120×40, then 90×28", sent, &got);

    let start = Instant::now();
    for _ in 0..STORM {
        channel.window_change(90, 28, 0, 0).await.expect("sent");
    }
    let sent = start.elapsed();
    let got = read_quiet(&mut channel).await;
    report("the same size (90×28) again", sent, &got);

    let _ = ssh.disconnect(Disconnect::ByApplication, "", "en").await;
    let _ = stop.send(());
    let _ = timeout(WAIT, server).await;
    let _ = std::fs::remove_dir_all(&dir);
}

fn report(what: &str, sent: Duration, got: &Received) {
    println!(
        "  {what}: sent in {:.0} ms; received {} bytes ({:.1} KiB) in {} packets, {} full redraws",
        sent.as_secs_f64() * 1000.0,
        got.bytes,
        got.bytes as f64 / 1024.0,
        got.packets,
        got.redraws
    );
}
