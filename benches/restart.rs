//! `cargo bench --bench restart`: how long a restart takes to rebuild
//! 1,000 unfinished games from their logs (goal: under 2 s on sled, under
//! 5 s on NATS JetStream), on each backend `BENCH_BACKENDS` names (all by
//! default: `sled,nats1,nats1-nosync,nats3,nats3-nosync`, see
//! benches/store_backends).
//!
//! The logs are made once by a real hall (same-device tables of the three
//! games, 40 moves each, chosen by a fixed rule) on an in-memory store,
//! copied into a fresh store of each backend, which is closed; then the
//! store's opening and `Hall::open` are timed: reading every log,
//! replaying every move through the rules engine, and writing one
//! `Restarted` event per game. A NATS server stays up across the restart
//! (banmen restarts, its NATS does not).

#[path = "../tests/nats_support/mod.rs"]
mod nats_support;
mod store_backends;

use banmen::hall::{Clock, Hall, HallOptions, Identity, Mode, Phase, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::memory::MemoryStore;
use banmen::store::{RoomLog, Store};
use std::sync::Arc;
use std::time::Instant;
use store_backends::{Backend, Kind};

const GAMES: usize = 1000;
const MOVES: usize = 40;

/// The defaults, but one host may open every room.
fn options() -> HallOptions {
    HallOptions {
        rooms_per_player: usize::MAX,
        ..HallOptions::default()
    }
}

fn host() -> Identity {
    Identity {
        id: "key:bench".into(),
        name: "bench".into(),
        keyed: true,
    }
}

/// The logs of `GAMES` unfinished games, played on an in-memory store.
fn played(clock: &Clock) -> Vec<RoomLog> {
    let memory = Arc::new(MemoryStore::new());
    let hall = Hall::with_store(memory.clone(), options(), clock.clone());
    let host = host();
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
    memory.logs().expect("logs")
}

fn main() {
    let clock = Clock::manual(1_700_000_000_000);
    let logs = played(&clock);
    let events: usize = logs.iter().map(|(_, log)| log.len()).sum();
    println!("restart; load average {}", store_backends::load());
    for kind in store_backends::selected("restart") {
        let mut backend = Backend::start(kind);
        restart(&mut backend, &logs, events, &clock);
    }
    println!("load average {}", store_backends::load());
}

/// Copies `logs` into a fresh store, then times its reopening and the
/// hall's rebuild.
fn restart(backend: &mut Backend, logs: &[RoomLog], events: usize, clock: &Clock) {
    let kind = backend.kind;
    let store = backend.fresh("restart");
    let batch: Vec<(String, u64, Vec<u8>)> = logs
        .iter()
        .flat_map(|(room, log)| {
            log.iter()
                .enumerate()
                .map(|(seq, e)| (room.clone(), seq as u64, e.clone()))
        })
        .collect();
    store.append_batch(&batch).expect("copied");
    drop(store);

    let start = Instant::now();
    let store = backend.open("restart");
    let opened = start.elapsed().as_secs_f64();
    let (hall, report) = Hall::open(store.clone(), options(), clock.clone()).expect("restarted");
    let took = start.elapsed().as_secs_f64();
    assert!(report.failed.is_empty(), "{report:?}");
    // What reading the logs alone costs (now with one more event a game).
    let read = Instant::now();
    store.logs().expect("logs");
    let read = read.elapsed().as_secs_f64();
    let goal = if kind == Kind::Sled { "2 s" } else { "5 s" };
    println!(
        "{:<13}restart: {} rooms ({} games going on, {events} events) rebuilt in {took:.3} s \
         (store open {opened:.3} s; reading the logs alone {read:.3} s; {:.0} µs per game; \
         goal: 1,000 games under {goal}) [{}]",
        kind.name(),
        report.rooms,
        report.playing,
        took * 1e6 / report.rooms.max(1) as f64,
        kind.describe(),
    );
    move_latency(kind, &hall, &host());
}

/// Times 1,000 moves played through the rebuilt hall: the whole commit of
/// a move (legality, the event written and made durable, the new snapshot
/// published), as a player's keypress pays it.
fn move_latency(kind: Kind, hall: &Hall, host: &Identity) {
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
        "{:<13}move commit through the hall (durable before shown): n={} p50 {:.2} ms, \
         p99 {:.2} ms, max {:.2} ms (goal: p99 under 10 ms)",
        kind.name(),
        took.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}
