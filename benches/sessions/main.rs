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
mod keys;
mod report;
mod server;

use keys::{KEYS_PER_SESSION, open_players, press_all};
use report::Summary;
use server::ServerProcess;
use std::time::Duration;
use tokio::time::Instant;

/// Concurrent sessions while keys are pressed.
const LATENCY_SESSIONS: u32 = 100;
/// Public rooms opened first so that Up/Down move a visible selection.
const ROOMS: u32 = 2;
/// Idle sessions opened for the memory figure (the load test opens
/// 10,000).
const IDLE_SESSIONS: u32 = 200;
/// The whole benchmark, setup included.
const TOTAL_TIMEOUT: Duration = Duration::from_secs(110);

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
    let samples = press_all(players).await;
    let wall = started.elapsed();
    let cpu = report::cpu_seconds(server.pid()) - cpu_before;
    server.assert_alive();
    drop(hosts);
    Summary::new(&samples).print(LATENCY_SESSIONS, KEYS_PER_SESSION, wall, Some(cpu));
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
