//! `cargo bench --bench admin_logs`: an admin's `logs` over journals of
//! 10,000, 100,000 and 1,000,000 lines (the rooms they were about have
//! been closed since, as in a hall that has run for a while), against the
//! `banmen` binary as its own process. Prints how soon the first line
//! arrives, how long the whole stream takes, and how much the server's
//! resident memory grew while streaming: bounded means the growth levels
//! off (at sled's page cache) instead of following the journal.
//! `LINES=a,b,…` changes the sizes.

// The sessions bench's server process and client handler; the rest of
// those files is the sessions bench's own.
#[path = "sessions/client.rs"]
#[allow(dead_code)]
mod players;
#[path = "sessions/server.rs"]
#[allow(dead_code)]
mod server;

use banmen::hall::journal::LogLine;
use banmen::store::sled_store::SledStore;
use banmen::store::{Appended, Store};
use players::Trusting;
use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use server::ServerProcess;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Rooms the events are spread over.
const ROOMS: u64 = 100;

fn admin_key() -> PrivateKey {
    PrivateKey::from(Ed25519Keypair::from_seed(&[42; 32]))
}

/// Writes `lines` move events (with their journal lines) over [`ROOMS`]
/// rooms into `dir/data`, and the admin key; returns the `[admin]` config.
fn prepare(dir: &Path, lines: u64) -> String {
    let store = SledStore::open(&dir.join("data")).expect("open the store");
    let mut batch = Vec::new();
    for i in 0..lines {
        let room = format!("r{:05}", i % ROOMS);
        let seq = i / ROOMS;
        let mut line = LogLine::new(&room, 1_796_000_000_000 + i, "moved");
        line.seq = Some(seq);
        line.game = Some(format!("{room}-1"));
        line.seat = Some((seq % 2) as u8);
        line.seat_name = Some(if seq % 2 == 0 { "sente" } else { "gote" }.into());
        line.player = Some(format!("player{}", i % 7));
        line.text = Some("7g7f".into());
        batch.push(Appended {
            room,
            seq,
            event: br#"{"at":0,"event":"moved","seat":0,"text":"7g7f"}"#.to_vec(),
            line: line.encode(),
        });
        if batch.len() == 1000 {
            store.commit(&batch).expect("commit");
            batch.clear();
        }
    }
    store.commit(&batch).expect("commit");
    for room in 0..ROOMS {
        store.remove_room(&format!("r{room:05}")).expect("remove");
    }
    let keys = dir.join("admins");
    let public = admin_key().public_key().to_openssh().expect("openssh");
    std::fs::write(&keys, format!("{public} bench\n")).expect("admin keys");
    format!("\n[admin]\nauthorized_keys = \"{}\"\n", keys.display())
}

/// One run's figures.
struct Run {
    first_line: Duration,
    total: Duration,
    lines: u64,
    bytes: u64,
    rss_before_kib: u64,
    rss_peak_kib: u64,
}

/// Streams `logs` from a server over a journal of `lines` lines.
async fn run(lines: u64) -> Run {
    let server = ServerProcess::start_with(&format!("logs{lines}"), |dir| prepare(dir, lines));
    let pid = server.pid();
    let rss = move || {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0u64)
    };
    let config = Arc::new(client::Config::default());
    let mut session: Handle<Trusting> = client::connect(config, server.addr, Trusting)
        .await
        .expect("connect");
    let key = PrivateKeyWithHashAlg::new(Arc::new(admin_key()), None);
    let auth = session
        .authenticate_publickey("admin", key)
        .await
        .expect("auth");
    assert!(auth.success(), "the admin key is refused");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_before_kib = rss();
    let peak = Arc::new(AtomicU64::new(rss_before_kib));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (peak, done) = (peak.clone(), done.clone());
        tokio::spawn(async move {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(rss(), Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
    };
    let start = Instant::now();
    let mut channel = session.channel_open_session().await.expect("channel");
    channel.exec(true, "logs").await.expect("exec");
    let (mut first_line, mut bytes, mut count) = (None, 0u64, 0u64);
    while let Some(msg) = channel.wait().await {
        match msg {
            ChannelMsg::Data { data } => {
                first_line.get_or_insert_with(|| start.elapsed());
                bytes += data.len() as u64;
                count += data.iter().filter(|b| **b == b'\n').count() as u64;
            }
            ChannelMsg::ExitStatus { exit_status } => assert_eq!(exit_status, 0),
            ChannelMsg::Close => break,
            _ => {}
        }
    }
    let total = start.elapsed();
    done.store(true, Ordering::Relaxed);
    let _ = sampler.await;
    assert_eq!(count, lines, "every line arrives");
    Run {
        first_line: first_line.unwrap_or(total),
        total,
        lines: count,
        bytes,
        rss_before_kib,
        rss_peak_kib: peak.load(Ordering::Relaxed),
    }
}

fn main() {
    let sizes: Vec<u64> = std::env::var("LINES")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![10_000, 100_000, 1_000_000]);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    for lines in sizes {
        let r = runtime.block_on(run(lines));
        println!(
            "logs over {:>7} lines: first line after {:>6.1} ms, all {} lines ({:.1} MB) in {:.2} s \
             ({:.0} lines/s); server RSS {} KiB before, peak {} KiB (+{} KiB)",
            lines,
            r.first_line.as_secs_f64() * 1000.0,
            r.lines,
            r.bytes as f64 / 1e6,
            r.total.as_secs_f64(),
            r.lines as f64 / r.total.as_secs_f64(),
            r.rss_before_kib,
            r.rss_peak_kib,
            r.rss_peak_kib.saturating_sub(r.rss_before_kib)
        );
    }
}
