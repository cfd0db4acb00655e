//! `cargo bench --bench loadtest`: the hall under load, against the `banmen`
//! binary (bench profile) as its own process on loopback, from russh
//! clients in this process, each a real SSH session with a pty.
//!
//! 1. **burst**: 500 new connections at once (handshake, key, pty, lobby);
//!    how many were accepted and how fast.
//! 2. **play**: 2,000 sessions in 1,000 two-player rooms, each pair playing
//!    legal moves (typed: `m`, the move, Enter) at a steady pace for a
//!    minute; key → frame latency of every key, frames and bytes per move
//!    (both players), the server's CPU and memory per session.
//! 3. **idle**: 10,000 sessions in the lobby; the server's memory.
//!
//! `PHASES=burst,play,idle`, `BURST=500`, `PLAYERS=2000`, `SECS=60`,
//! `MOVE_MS=3000` (each pair's time between moves), `IDLE=10000` change it.
//! The server's `[limits]` are raised for one address (loopback) to hold
//! them all; per-address limits are what a real hall would keep low.

#[path = "sessions/client.rs"]
#[allow(dead_code)]
mod client;
#[path = "sessions/games.rs"]
mod games;
#[path = "sessions/keys.rs"]
#[allow(dead_code)]
mod keys;
#[path = "sessions/report.rs"]
#[allow(dead_code)]
mod report;
#[path = "sessions/server.rs"]
#[allow(dead_code)]
mod server;

use client::{Player, Read};
use keys::{LOBBY, try_open_players};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use server::ServerProcess;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tokio::time::Instant;

/// Whose turn it is, on the player's own screen.
const YOUR_MOVE: &str = "Your move.";
/// Plies of each game before the side to move resigns and a new round
/// starts.
const PLIES: usize = 40;
/// A wait for a frame longer than this counts the key as lost.
const FRAME_WAIT: Duration = Duration::from_secs(5);

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let phases = std::env::var("PHASES").unwrap_or_else(|_| "burst,play,idle".into());
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    println!("banmen load test (server: {})", server::binary().display());
    for phase in phases.split(',') {
        match phase.trim() {
            "burst" => runtime.block_on(burst(env("BURST", 500) as u32)),
            "play" => runtime.block_on(play(env("PLAYERS", 2000) as u32 / 2 * 2)),
            "idle" => runtime.block_on(idle(env("IDLE", 10_000) as u32)),
            other => eprintln!("unknown phase {other:?} (burst, play, idle)"),
        }
    }
}

/// Phase 1: `count` connections at once.
async fn burst(count: u32) {
    let server = ServerProcess::start("burst");
    let started = Instant::now();
    let (players, failed) = try_open_players(server.addr, 0, count, count as usize).await;
    let wall = started.elapsed();
    println!(
        "burst: {count} new connections at once: {} in the lobby, {} refused or failed, \
         in {:.2} s ({:.0} connections/s, handshake + key + pty + first frame) (goal: none refused)",
        players.len(),
        failed.len(),
        wall.as_secs_f64(),
        players.len() as f64 / wall.as_secs_f64()
    );
    if let Some(e) = failed.first() {
        println!("  first failure: {e}");
    }
}

/// Phase 3: `count` sessions idle in the lobby.
async fn idle(count: u32) {
    let server = ServerProcess::start("idle");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = server.rss_kib();
    let started = Instant::now();
    let (players, failed) = try_open_players(server.addr, 0, count, 100).await;
    let opened = started.elapsed();
    // Idle sessions release their screen buffers after 5 s.
    tokio::time::sleep(Duration::from_secs(8)).await;
    let after = server.rss_kib();
    let per = (after.saturating_sub(before)) as f64 / players.len().max(1) as f64;
    println!(
        "idle: {} sessions in the lobby ({} failed), opened in {:.1} s; server RSS {:.0} MiB \
         ({:.0} KiB per session; goal: 10,000 under 2 GiB)",
        players.len(),
        failed.len(),
        opened.as_secs_f64(),
        after as f64 / 1024.0,
        per
    );
}

/// What one pair measured.
#[derive(Default)]
struct PairStats {
    /// Key → first frame back, every key the mover typed.
    latencies: Vec<Duration>,
    /// Keys whose frame never came.
    lost: usize,
    moves: usize,
    /// Data messages and bytes both players received for the moves.
    frames: usize,
    bytes: usize,
}

/// Phase 2: `players` sessions in rooms of two, playing.
async fn play(players: u32) {
    let server = ServerProcess::start("play");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = server.rss_kib();
    let pairs = players / 2;
    let setup = Instant::now();
    let rooms = open_rooms(server.addr, pairs).await;
    let rss = server.rss_kib();
    println!(
        "play: {} rooms of two opened in {:.1} s; server RSS {:.0} MiB ({:.0} KiB per session)",
        rooms.len(),
        setup.elapsed().as_secs_f64(),
        rss as f64 / 1024.0,
        rss.saturating_sub(before) as f64 / (2 * rooms.len()).max(1) as f64
    );
    let secs = env("SECS", 60);
    let pace = Duration::from_millis(env("MOVE_MS", 3000));
    let moves = Arc::new(games::legal_game(7, PLIES));
    let cpu_before = report::cpu_seconds(server.pid());
    let started = Instant::now();
    let until = started + Duration::from_secs(secs);
    let mut set = JoinSet::new();
    for (i, pair) in rooms.into_iter().enumerate() {
        set.spawn(play_pair(pair, moves.clone(), pace, until, i as u64));
    }
    let mut all = PairStats::default();
    while let Some(joined) = set.join_next().await {
        let stats = joined.expect("pair task");
        all.latencies.extend(stats.latencies);
        all.lost += stats.lost;
        all.moves += stats.moves;
        all.frames += stats.frames;
        all.bytes += stats.bytes;
    }
    let wall = started.elapsed().as_secs_f64();
    let cpu = report::cpu_seconds(server.pid()) - cpu_before;
    print_play(&all, players, wall, cpu);
}

fn print_play(all: &PairStats, players: u32, wall: f64, cpu: f64) {
    let mut lat = all.latencies.clone();
    lat.sort_unstable();
    let at = |q: f64| {
        lat.get(((lat.len().max(1) - 1) as f64 * q).round() as usize)
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "play: {players} sessions, {} moves in {wall:.0} s ({:.0} moves/s, {} keys): key → frame \
         p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms, {} lost (goal: p99 < 50 ms)",
        all.moves,
        all.moves as f64 / wall,
        lat.len(),
        at(0.5),
        at(0.99),
        at(1.0),
        all.lost
    );
    println!(
        "play: per move (both players) {:.1} frames, {:.0} bytes; server CPU {:.1} s in {wall:.0} s \
         ({:.0}% of one core)",
        all.frames as f64 / all.moves.max(1) as f64,
        all.bytes as f64 / all.moves.max(1) as f64,
        cpu,
        100.0 * cpu / wall
    );
}

/// Opens `pairs` private rooms: a host creates each, a guest joins it by
/// its invite code; the game starts when the guest sits down.
async fn open_rooms(addr: SocketAddr, pairs: u32) -> Vec<[Player; 2]> {
    let gate = Arc::new(Semaphore::new(50));
    let mut set = JoinSet::new();
    for i in 0..pairs {
        let gate = gate.clone();
        set.spawn(async move {
            let _permit = gate.acquire_owned().await;
            let mut host = Player::connect(addr, 2 * i, LOBBY).await?;
            let code = create_room(&mut host).await?;
            let join = format!("join {code}");
            let guest = Player::connect_command(addr, 2 * i + 1, Some(&join), "(you)").await?;
            Ok::<_, String>([host, guest])
        });
    }
    let mut rooms = Vec::new();
    while let Some(joined) = set.join_next().await {
        match joined.expect("room task") {
            Ok(pair) => rooms.push(pair),
            Err(e) => eprintln!("a room could not be opened: {e}"),
        }
    }
    rooms
}

/// Reads until the screen shows `text`.
async fn wait_for(player: &mut Player, text: &str) -> Result<(), String> {
    let deadline = Instant::now() + FRAME_WAIT;
    while !player.text().contains(text) {
        if let Read::Closed | Read::Timeout = player.read(deadline).await {
            return Err(format!("no {text:?} on screen:\n{}", player.text()));
        }
    }
    Ok(())
}

/// In the lobby: a private room through the form; its invite code.
async fn create_room(host: &mut Player) -> Result<String, String> {
    host.send(b"c").await?;
    wait_for(host, "Create a room").await?;
    for _ in 0..6 {
        host.send(b"\t").await?;
    }
    host.send(b" ").await?;
    wait_for(host, "private").await?;
    host.send(b"c").await?;
    wait_for(host, "Invite code: ").await?;
    let text = host.text();
    let at = text.find("Invite code: ").expect("shown") + 13;
    // Grouped, as shown (`K7QX-M2P9-TD`): up to the next space.
    let code = text[at..].split_whitespace().next().unwrap_or_default();
    Ok(code.to_string())
}

/// Drains what has arrived; (messages, bytes).
async fn drain(player: &mut Player) -> (usize, usize) {
    let (mut frames, mut bytes) = (0, 0);
    while let Read::Data(n) = player.read(Instant::now()).await {
        frames += 1;
        bytes += n;
    }
    (frames, bytes)
}

/// One room until `until`: the player to move types the next move a key
/// at a time (each timed to its frame), the other waits for its turn;
/// after [`PLIES`] moves the side to move resigns and both agree to a new
/// round.
async fn play_pair(
    mut pair: [Player; 2],
    moves: Arc<Vec<String>>,
    pace: Duration,
    until: Instant,
    seed: u64,
) -> PairStats {
    let mut stats = PairStats::default();
    let mut rng = StdRng::seed_from_u64(seed);
    // Spread the pairs over the first pace.
    tokio::time::sleep(pace.mul_f64(rng.random::<f64>())).await;
    let (mut ply, mut turn) = (0, None);
    while Instant::now() < until {
        // Whose turn: known after each move; read off the screens at the
        // start of a game (the sides change with each round).
        let Some(mover) = turn.or_else(|| (0..2).find(|&i| pair[i].text().contains(YOUR_MOVE)))
        else {
            for p in pair.iter_mut() {
                drain(p).await;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let next = Instant::now() + pace.mul_f64(0.5 + rng.random::<f64>());
        if ply == PLIES {
            if new_round(&mut pair, mover).await.is_err() {
                break;
            }
            (ply, turn) = (0, None);
            continue;
        }
        let keys = format!("m{}\r", moves[ply]);
        if type_move(&mut pair, mover, keys.as_bytes(), &mut stats)
            .await
            .is_err()
        {
            break;
        }
        (ply, turn) = (ply + 1, Some(1 - mover));
        tokio::time::sleep_until(next).await;
    }
    stats
}

/// The mover types `keys`, each timed to the first frame back; then both
/// screens are read until the other player's turn shows.
async fn type_move(
    pair: &mut [Player; 2],
    mover: usize,
    keys: &[u8],
    stats: &mut PairStats,
) -> Result<(), String> {
    for p in pair.iter_mut() {
        drain(p).await;
    }
    for key in keys {
        let sent = Instant::now();
        pair[mover].send(&[*key]).await?;
        match pair[mover].read(sent + FRAME_WAIT).await {
            Read::Data(n) => {
                stats.latencies.push(sent.elapsed());
                stats.frames += 1;
                stats.bytes += n;
            }
            _ => stats.lost += 1,
        }
    }
    let other = 1 - mover;
    let deadline = Instant::now() + FRAME_WAIT;
    while !pair[other].text().contains(YOUR_MOVE) {
        match pair[other].read(deadline).await {
            Read::Data(n) => {
                stats.frames += 1;
                stats.bytes += n;
            }
            _ => return Err("the other player never got the turn".into()),
        }
    }
    let (frames, bytes) = drain(&mut pair[mover]).await;
    stats.frames += frames;
    stats.bytes += bytes;
    stats.moves += 1;
    Ok(())
}

/// The side to move resigns; both agree to a new round.
async fn new_round(pair: &mut [Player; 2], mover: usize) -> Result<(), String> {
    pair[mover].send(b"r").await?;
    pair[mover].send(b"y").await?;
    wait_for(&mut pair[mover], "resignation").await?;
    for p in pair.iter_mut() {
        p.send(b"n").await?;
    }
    for p in pair.iter_mut() {
        drain(p).await;
    }
    Ok(())
}
