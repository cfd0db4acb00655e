//! `cargo bench --bench cpu_load`: does the CPU thinking in a hundred rooms
//! slow the screens of the people playing? (Issue 7: searches run on a
//! bounded pool, never on the async runtime.)
//!
//! One process holds the hall, the SSH server on a loopback port and the
//! clients (russh, pty 80×24). The key-press figure of `cargo bench --bench
//! sessions` is measured twice, 100 sessions pressing Down/Up in the lobby:
//! first with the hall otherwise idle, then with 100 four-player chess
//! rooms against the CPU at level 5 (three CPU seats each, a full second
//! per move; the host is a bot that answers at once), so the search pool is
//! never idle. Prints both, and the CPU moves played meanwhile (a busy
//! pool shortens each search, down to a tenth: `Pool::share`).

#[path = "sessions/client.rs"]
mod client;
#[path = "sessions/keys.rs"]
mod keys;
#[allow(dead_code)]
#[path = "sessions/report.rs"]
mod report;

use banmen::hall::{Hall, Identity, Mode, Phase, Privacy, RoomHandle, RoomSettings};
use banmen::rules::GameKind;
use banmen::ssh::{ServerOptions, bind};
use keys::{KEYS_PER_SESSION, open_players, press_all};
use rand::Rng;
use report::Summary;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::time::Instant;

/// Sessions pressing keys.
const SESSIONS: u32 = 100;
/// Rooms whose CPU players keep the search pool busy.
const CPU_ROOMS: u32 = 100;
/// The whole benchmark, setup included.
const TOTAL_TIMEOUT: Duration = Duration::from_secs(150);

fn main() {
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    println!("banmen: key presses while the CPU thinks");
    println!("  hall, server and clients in one process; machine: {cores} cores\n");
    let run = async {
        let hall = Hall::new(3);
        let addr = serve(&hall).await;
        // Two public rooms so that Up/Down move a visible selection.
        let _listed: Vec<RoomHandle> = (0..2)
            .map(|n| {
                let host = bot(&format!("host{n}"));
                hall.create_room(&host, RoomSettings::new(GameKind::Shogi))
                    .expect("a public room")
            })
            .collect();
        println!("A. Idle hall");
        measure(addr, 0).await;
        let moves = Arc::new(AtomicU64::new(0));
        for n in 0..CPU_ROOMS {
            tokio::spawn(cpu_room(hall.clone(), n, moves.clone()));
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        println!("B. {CPU_ROOMS} rooms of four-player chess against the CPU (level 5, 1 s a move)");
        let before = moves.load(Ordering::Relaxed);
        let started = Instant::now();
        measure(addr, 1000).await;
        let played = moves.load(Ordering::Relaxed) - before;
        let wall = started.elapsed().as_secs_f64();
        println!(
            "   CPU moves played meanwhile: {played} in {wall:.1} s ({:.2} per second)",
            played as f64 / wall
        );
    };
    if runtime
        .block_on(async { tokio::time::timeout(TOTAL_TIMEOUT, run).await })
        .is_err()
    {
        eprintln!("benchmark timed out after {TOTAL_TIMEOUT:?}");
        std::process::exit(1);
    }
}

/// Starts the SSH server for `hall` on a loopback port.
async fn serve(hall: &Hall) -> SocketAddr {
    let dir = std::env::temp_dir().join(format!("banmen-cpu-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let mut options = ServerOptions::new("127.0.0.1", 0, dir.join("host_key"));
    // Every session comes from loopback: one address may hold them all.
    options.limits.per_ip = 1000;
    options.limits.new_per_ip_per_minute = 100_000;
    options.limits.cells_per_ip = 100_000_000;
    let listening = bind(options).await.expect("bind");
    let addr = listening.local_addr().expect("address");
    let hall = hall.clone();
    tokio::spawn(async move {
        listening
            .run(hall, banmen::ui::App::new, std::future::pending())
            .await;
    });
    addr
}

/// 100 sessions (players `first..`) press their keys; prints the figures.
async fn measure(addr: SocketAddr, first: u32) {
    let players = open_players(addr, first, SESSIONS).await;
    let started = Instant::now();
    let samples = press_all(players).await;
    Summary::new(&samples).print(SESSIONS, KEYS_PER_SESSION, started.elapsed(), None);
}

fn bot(name: &str) -> Identity {
    Identity {
        id: format!("key:{name}"),
        name: name.to_string(),
        keyed: true,
    }
}

/// A four-player chess room against three level-5 CPUs whose host plays a
/// random legal move as soon as its turn comes, and agrees to a new round
/// when a game ends; counts every move made by the CPU.
async fn cpu_room(hall: Hall, n: u32, moves: Arc<AtomicU64>) {
    let me = bot(&format!("cpu-room{n}"));
    let mut settings = RoomSettings::new(GameKind::Chess4);
    settings.mode = Mode::VsComputer;
    settings.privacy = Privacy::Private;
    settings.cpu_level = 5;
    let Ok(mut handle) = hall.create_room(&me, settings) else {
        return;
    };
    let mut seen = 0;
    loop {
        let view = handle.view();
        let mine = handle.seats();
        let played = view.moves.len();
        let by_cpu = view.moves[seen.min(played)..]
            .iter()
            .filter(|m| !mine.contains(m.seat))
            .count();
        moves.fetch_add(by_cpu as u64, Ordering::Relaxed);
        seen = played;
        match view.phase {
            Phase::Finished => {
                seen = 0;
                let _ = handle.new_round();
            }
            _ if view.game.to_move().is_some_and(|s| mine.contains(s)) => {
                let legal = view.game.legal_moves();
                let pick = rand::rng().random_range(0..legal.len().max(1));
                if let Some(mv) = legal.get(pick) {
                    let _ = handle.play(mv);
                }
            }
            _ => {}
        }
        if !handle.changed().await {
            return;
        }
    }
}
