//! `cargo bench --bench rooms`: what 10,000 idle rooms cost the hall.
//!
//! Half are public four-player shogi rooms waiting with their host in them
//! (listed in the lobby), half are games against the CPU their player left
//! before moving (paused, waiting to expire); one of those is a table
//! played on one device instead. Printed: the time to open them all, the
//! hall's tick (run five times a second by the ticker), a change to the
//! lobby (a guest joins a listed room, then leaves it), and a move at the
//! table, each averaged over many runs on a manual clock.

use banmen::hall::{Clock, Hall, HallOptions, Identity, Mode, Phase, RoomHandle, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::memory::MemoryStore;
use std::sync::Arc;
use std::time::Instant;

const ROOMS: usize = 10_000;
const TICKS: u32 = 500;
const CHANGES: u32 = 500;
const MOVES: usize = 100;

fn who(n: usize) -> Identity {
    Identity {
        id: format!("key:bench{n}"),
        name: format!("b{n}"),
        keyed: true,
    }
}

/// Opens the idle rooms; returns the handles of the hosts who stay.
fn open_rooms(hall: &Hall) -> Vec<RoomHandle> {
    let mut staying = Vec::new();
    for n in 0..ROOMS {
        if n % 2 == 0 {
            let settings = RoomSettings::new(GameKind::Shogi4);
            staying.push(hall.create_room(&who(n), settings).expect("a room"));
        } else if n == 1 {
            let mut settings = RoomSettings::new(GameKind::Shogi);
            settings.mode = Mode::SameDevice;
            staying.push(hall.create_room(&who(n), settings).expect("a room"));
        } else {
            let mut settings = RoomSettings::new(GameKind::Shogi);
            settings.mode = Mode::VsComputer;
            drop(hall.create_room(&who(n), settings).expect("a room"));
        }
    }
    staying
}

fn main() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    println!("banmen: {ROOMS} idle rooms (machine: {cores} cores)");
    let clock = Clock::manual(1_700_000_000_000);
    let store = Arc::new(MemoryStore::new());
    let hall = Hall::with_store(store, HallOptions::default(), clock.clone());
    let start = Instant::now();
    let staying = open_rooms(&hall);
    let opened = start.elapsed().as_secs_f64();
    assert_eq!(hall.room_count(), ROOMS);
    println!("  opening them: {opened:.2} s");

    let start = Instant::now();
    for _ in 0..TICKS {
        clock.advance(200);
        hall.tick();
    }
    let per_tick = start.elapsed().as_secs_f64() * 1e6 / f64::from(TICKS);
    println!("  tick: {per_tick:.2} µs (the ticker runs it every 200 ms)");

    let listed = hall.lobby().borrow().len();
    let id = staying[0].view().id.clone();
    let start = Instant::now();
    for n in 0..CHANGES {
        let guest = who(ROOMS + n as usize);
        drop(hall.join(&id, &guest).expect("a free seat"));
    }
    let per_change = start.elapsed().as_secs_f64() * 1e6 / f64::from(2 * CHANGES);
    println!(
        "  lobby change ({listed} rooms listed; a guest joins or leaves one): {per_change:.1} µs"
    );
    assert_eq!(hall.room_count(), ROOMS);

    let table = &staying[1];
    let start = Instant::now();
    let mut moves = 0;
    while moves < MOVES {
        let view = table.view();
        let legal = view.game.legal_moves();
        if view.phase != Phase::Playing || legal.is_empty() {
            break;
        }
        table
            .play(&legal[(moves * 7) % legal.len()])
            .expect("a move");
        moves += 1;
    }
    let per_move = start.elapsed().as_secs_f64() * 1e6 / moves.max(1) as f64;
    println!("  a move at the table ({moves} moves): {per_move:.1} µs");
}
