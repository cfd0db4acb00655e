//! `cargo bench --bench restart`: how long a restart takes to rebuild
//! 1,000 unfinished games from their logs on sled (goal: under 2 s).
//!
//! The logs are made by a real hall (same-device tables of the three games,
//! 40 moves each, chosen by a fixed rule) on an in-memory store, copied into
//! a fresh sled store, and then `Hall::open` is timed: reading every log,
//! replaying every move through the rules engine, and writing one
//! `Restarted` event per game.

use banmen::hall::{Clock, Hall, HallOptions, Identity, Mode, Phase, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::Store;
use banmen::store::memory::MemoryStore;
use banmen::store::sled_store::SledStore;
use std::sync::Arc;
use std::time::Instant;

const GAMES: usize = 1000;
const MOVES: usize = 40;

/// The defaults, but one host may open every room.
fn options() -> HallOptions {
    HallOptions {
        rooms_per_player: usize::MAX,
        ..HallOptions::default()
    }
}

fn main() {
    let memory = Arc::new(MemoryStore::new());
    let clock = Clock::manual(1_700_000_000_000);
    let hall = Hall::with_store(memory.clone(), options(), clock.clone());
    let host = Identity {
        id: "key:bench".into(),
        name: "bench".into(),
        keyed: true,
    };
    let mut tables = Vec::new();
    for i in 0..GAMES {
        let mut settings = RoomSettings::new(GameKind::HALL[i % 3]);
        settings.mode = Mode::SameDevice;
        let table = hall.create_room(&host, settings).expect("a room");
        for ply in 0..MOVES {
            let view = table.view();
            let legal = view.game.legal_moves();
            if view.phase != Phase::Playing || legal.is_empty() {
                break;
            }
            table
                .play(&legal[(ply * 7 + i) % legal.len()])
                .expect("a legal move");
        }
        tables.push(table);
    }
    drop(tables);
    drop(hall);

    let dir = std::env::temp_dir().join(format!("banmen-bench-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let sled = SledStore::open(&dir).expect("a sled store");
    let mut events = 0;
    let mut batch = Vec::new();
    for (room, log) in memory.logs().expect("logs") {
        events += log.len();
        batch.extend(
            log.into_iter()
                .enumerate()
                .map(|(seq, e)| (room.clone(), seq as u64, e)),
        );
    }
    sled.append_batch(&batch).expect("copied");
    drop(sled);

    let start = Instant::now();
    let store = SledStore::open(&dir).expect("reopened");
    let opened = start.elapsed().as_secs_f64();
    let (hall, report) = Hall::open(Arc::new(store), options(), clock).expect("restarted");
    let took = start.elapsed().as_secs_f64();
    assert!(report.failed.is_empty(), "{report:?}");
    println!(
        "restart: {} rooms ({} games going on, {events} events) rebuilt in {took:.3} s \
         (sled open {opened:.3} s; {:.0} µs per game; goal: 1,000 games under 2 s)",
        report.rooms,
        report.playing,
        took * 1e6 / report.rooms.max(1) as f64
    );
    move_latency(&hall, &host);
    drop(hall);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Times 1,000 moves played through the sled-backed hall: the whole
/// commit of a move (legality, the event written and flushed, the new
/// snapshot published), as a player's keypress pays it.
fn move_latency(hall: &Hall, host: &Identity) {
    let mut took = Vec::new();
    while took.len() < 1000 {
        let mut settings = RoomSettings::new(GameKind::Shogi);
        settings.mode = Mode::SameDevice;
        let table = hall.create_room(host, settings).expect("a room");
        for ply in 0..100 {
            let view = table.view();
            let legal = view.game.legal_moves();
            if view.phase != Phase::Playing || legal.is_empty() {
                break;
            }
            let mv = legal[(ply * 13) % legal.len()];
            let start = Instant::now();
            table.play(&mv).expect("a legal move");
            took.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    took.sort_by(f64::total_cmp);
    let at = |q: f64| took[((took.len() - 1) as f64 * q) as usize];
    println!(
        "move commit through the hall (sled, flushed before shown): n={} p50 {:.2} ms, \
         p99 {:.2} ms, max {:.2} ms (goal: p99 under 10 ms)",
        took.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}
