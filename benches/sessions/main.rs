//! `cargo bench --bench sessions`: what the SSH server costs per player.
//!
//! The server is the real `banmen` binary (bench profile) in its own
//! process on a loopback port; the players are in-process russh clients.
//! Prints, each beside its goal:
//!
//! 1. key press → frame latency with 100 concurrent sessions, measured at
//!    the client (a round trip, so an upper bound on the server's part);
//! 2. bytes and data messages (≈ frames) the client receives per key;
//! 3. the server's resident memory per idle 80×24 session in the lobby.
//!
//! Everything is bounded; the whole run ends by itself within two minutes.

mod client;
mod heap;
mod report;
mod server;

use client::{Player, Read};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use report::Summary;
use server::ServerProcess;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Barrier, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// Concurrent sessions while keys are pressed.
const LATENCY_SESSIONS: u32 = 100;
/// Keys each of them presses.
const KEYS_PER_SESSION: usize = 300;
/// Pause between two keys of one session (uniform, milliseconds).
const KEY_GAP_MS: std::ops::RangeInclusive<u64> = 50..=100;
/// Public rooms opened first so that Up/Down move a visible selection.
const ROOMS: u32 = 2;
/// Idle sessions opened for the memory figure (the server takes 256
/// connections at most).
const IDLE_SESSIONS: u32 = 200;
/// Handshakes in flight at once while sessions are opened.
const CONNECT_PARALLEL: usize = 10;
/// A key whose frame has not arrived after this is counted as lost.
const FRAME_TIMEOUT: Duration = Duration::from_secs(2);
/// The whole benchmark, setup included.
const TOTAL_TIMEOUT: Duration = Duration::from_secs(110);

/// Text of the lobby's first frame.
const LOBBY: &str = "Open public rooms";
const DOWN: &[u8] = b"\x1b[B";
const UP: &[u8] = b"\x1b[A";

#[global_allocator]
static ALLOCATOR: heap::Counting = heap::Counting;

fn main() {
    // Before any other thread exists, so the counts are the parts' alone.
    let parts = heap::measure_parts(client::COLS, client::ROWS);
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    println!("banmen session benchmarks");
    println!("  server: {} (its own process)", server::binary().display());
    println!("  clients: russh in this process; machine: {cores} cores shared by both\n");
    let run = async {
        latency().await;
        memory().await;
        parts.print();
    };
    if runtime
        .block_on(async { tokio::time::timeout(TOTAL_TIMEOUT, run).await })
        .is_err()
    {
        eprintln!("benchmark timed out after {TOTAL_TIMEOUT:?}");
        std::process::exit(1);
    }
}

/// Opens players `first..first + count`, [`CONNECT_PARALLEL`] at a time.
async fn open_players(addr: SocketAddr, first: u32, count: u32) -> Vec<Player> {
    let gate = Arc::new(Semaphore::new(CONNECT_PARALLEL));
    let mut set = JoinSet::new();
    for n in first..first + count {
        let gate = gate.clone();
        set.spawn(async move {
            let _permit = gate.acquire_owned().await;
            Player::connect(addr, n, LOBBY).await
        });
    }
    let mut players = Vec::new();
    while let Some(joined) = set.join_next().await {
        players.push(
            joined
                .expect("connect task")
                .unwrap_or_else(|e| panic!("{e}")),
        );
    }
    players
}

/// One key press as the client saw it.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// Key sent → first output bytes back.
    pub first: Option<Duration>,
    /// Key sent → the screen shows the moved selection.
    pub shown: Option<Duration>,
    /// Output bytes received until the next key.
    pub bytes: usize,
    /// Data messages received until the next key.
    pub messages: usize,
}

async fn latency() {
    let mut server = ServerProcess::start("latency");
    let addr = server.addr;
    // Hosts: each creates a public online room (`c` opens the form, `c`
    // creates it) and stays, so the lobby lists rooms.
    let hosts = open_players(addr, 100_000, ROOMS).await;
    for host in &hosts {
        host.send(b"c").await.expect("host key");
        tokio::time::sleep(Duration::from_millis(100)).await;
        host.send(b"c").await.expect("host key");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let players = open_players(addr, 0, LATENCY_SESSIONS).await;
    server.assert_alive();
    for p in &players {
        assert!(p.selected_row().is_some(), "no rooms listed:\n{}", p.text());
    }
    let cpu_before = report::cpu_seconds(server.pid());
    let started = Instant::now();
    let barrier = Arc::new(Barrier::new(players.len()));
    let mut set = JoinSet::new();
    for (i, player) in players.into_iter().enumerate() {
        let barrier = barrier.clone();
        set.spawn(press_keys(player, i as u64, barrier));
    }
    let mut samples = Vec::new();
    while let Some(joined) = set.join_next().await {
        samples.extend(joined.expect("player task"));
    }
    let wall = started.elapsed();
    let cpu = report::cpu_seconds(server.pid()) - cpu_before;
    server.assert_alive();
    drop(hosts);
    Summary::new(&samples).print(LATENCY_SESSIONS, KEYS_PER_SESSION, wall, cpu);
}

/// One session's keys: Down and Up in turn, a jittered gap apart; each
/// timed to its first output bytes and to the screen showing the move.
async fn press_keys(mut player: Player, seed: u64, start: Arc<Barrier>) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(seed);
    let top = player.selected_row().expect("a selected room");
    start.wait().await;
    // Spread the sessions over one gap so they do not press in lockstep.
    tokio::time::sleep(Duration::from_millis(rng.random_range(KEY_GAP_MS))).await;
    let mut samples = Vec::with_capacity(KEYS_PER_SESSION);
    for k in 0..KEYS_PER_SESSION {
        let (key, want) = if k % 2 == 0 {
            (DOWN, top + 1)
        } else {
            (UP, top)
        };
        let next = Instant::now() + Duration::from_millis(rng.random_range(KEY_GAP_MS));
        let mut sample = Sample {
            first: None,
            shown: None,
            bytes: 0,
            messages: 0,
        };
        let sent = Instant::now();
        if player.send(key).await.is_err() {
            break;
        }
        // Until the frame is on screen (bounded), then until the next key.
        let frame_deadline = sent + FRAME_TIMEOUT;
        while sample.shown.is_none() {
            match player.read(frame_deadline).await {
                Read::Data(n) => {
                    sample.first.get_or_insert_with(|| sent.elapsed());
                    sample.bytes += n;
                    sample.messages += 1;
                    if player.selected_row() == Some(want) {
                        sample.shown = Some(sent.elapsed());
                    }
                }
                Read::Timeout => break,
                Read::Closed => return samples,
            }
        }
        while let Read::Data(n) = player.read(next).await {
            sample.bytes += n;
            sample.messages += 1;
        }
        samples.push(sample);
        tokio::time::sleep_until(next).await;
    }
    samples
}

async fn memory() {
    let mut server = ServerProcess::start("memory");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = server.rss_kib();
    let players = open_players(server.addr, 0, IDLE_SESSIONS).await;
    // Let the last frames be written and freed.
    tokio::time::sleep(Duration::from_secs(1)).await;
    server.assert_alive();
    let fresh = server.rss_kib();
    // Idle sessions release their screen buffers after 5 s (src/ssh/session.rs).
    tokio::time::sleep(Duration::from_secs(7)).await;
    server.assert_alive();
    let idle = server.rss_kib();
    report::print_memory(IDLE_SESSIONS, before, fresh, idle);
    drop(players);
}
