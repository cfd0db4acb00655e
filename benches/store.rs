//! `cargo bench --bench store`: the commit latency of a store, for a move
//! event of about 120 bytes, on each backend `BENCH_BACKENDS` names (all by
//! default: `sled,nats1,nats1-nosync,nats3,nats3-nosync`, see
//! benches/store_backends): 2,000 appends (events without journal lines)
//! from one thread, then 2,000 commits of an event with its journal line
//! from one thread (what a move costs), then 4 threads appending 500 each
//! to their own rooms at once (sled's flushes can share their work; NATS's
//! requests can be in flight together), then `ROOMS`
//! (1,000) rooms committing at once: a tokio task per room on a
//! multi-thread runtime (as the server's sessions commit), each committing
//! `MOVES` (10) move events with their journal lines back to back. Prints
//! p50, p99 and max latency and commits per second for each; for the rooms
//! also when each room's last commit returned, counted from the start (a
//! commit waiting for a Tokio worker is not in its latency, but it is in
//! this).
//!
//! A sled append returns after sled's flush and an fdatasync; a NATS
//! commit (one JetStream atomic batch of the event and its journal line)
//! after JetStream's acknowledgement: stored (and fsynced with
//! `sync_interval: always`) on one server, or on two of three with R=3.
//!
//! `BANMEN_FSYNC_DELAY_MS=5` (read when a sled store opens) adds 5 ms to
//! every sled flush, standing for a slow disk.

#[path = "../tests/nats_support/mod.rs"]
mod nats_support;
mod store_backends;

use banmen::store::{Appended, Store};
use std::sync::Arc;
use std::time::{Duration, Instant};
use store_backends::{Backend, Kind};

const SEQUENTIAL: u64 = 2_000;
const THREADS: usize = 4;
const PER_THREAD: u64 = 500;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A move event as the hall might encode it (about 120 bytes).
fn event(room: &str, seq: u64) -> Vec<u8> {
    format!(
        r#"{{"kind":"move","room":"{room}","seq":{seq},"seat":"sente","move":{{"from":[2,6],"to":[2,5]}},"at":1767225600000}}"#
    )
    .into_bytes()
}

/// Appends `count` events to `room`, returning each append's latency.
fn append_all(store: &dyn Store, room: &str, count: u64) -> Vec<Duration> {
    (0..count)
        .map(|seq| {
            let event = event(room, seq);
            let start = Instant::now();
            store.append(room, seq, &event).expect("append");
            start.elapsed()
        })
        .collect()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn report(kind: Kind, name: &str, mut latencies: Vec<Duration>, wall: Duration) {
    if latencies.is_empty() {
        println!("{:<13}{name:<28} n=0", kind.name());
        return;
    }
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
    let rate = latencies.len() as f64 / wall.as_secs_f64();
    println!(
        "{:<13}{name:<28} n={:<5} p50 {:>6.2} ms  p99 {:>6.2} ms  max {:>6.2} ms  {rate:>7.0} commits/s",
        kind.name(),
        latencies.len(),
        ms(at(0.50)),
        ms(at(0.99)),
        ms(at(1.0)),
    );
}

fn sequential(backend: &mut Backend) {
    let store = backend.fresh("seq");
    let start = Instant::now();
    let latencies = append_all(&*store, "room", SEQUENTIAL);
    report(backend.kind, "1 thread x 2000", latencies, start.elapsed());
}

/// Commits `count` events with their journal lines to `room` (a move as
/// the hall commits it), returning each commit's latency.
fn commit_all(store: &dyn Store, room: &str, count: u64) -> Vec<Duration> {
    (0..count)
        .map(|seq| {
            let appended = Appended {
                room: room.to_string(),
                seq,
                event: event(room, seq),
                line: format!("{room} move {seq}").into_bytes(),
            };
            let start = Instant::now();
            store.commit(&[appended]).expect("commit");
            start.elapsed()
        })
        .collect()
}

fn sequential_lines(backend: &mut Backend) {
    let store = backend.fresh("lines");
    let start = Instant::now();
    let latencies = commit_all(&*store, "room", SEQUENTIAL);
    report(
        backend.kind,
        "1 thread x 2000, with lines",
        latencies,
        start.elapsed(),
    );
}

fn concurrent(backend: &mut Backend) {
    let store = backend.fresh("par");
    let start = Instant::now();
    let latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let store = &*store;
                scope.spawn(move || append_all(store, &format!("room{t}"), PER_THREAD))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("appender thread"))
            .collect()
    });
    report(
        backend.kind,
        "4 threads x 500 (own rooms)",
        latencies,
        start.elapsed(),
    );
}

/// What one room's task saw: each commit's latency, and the error that
/// stopped it, if one did.
struct RoomRun {
    latencies: Vec<Duration>,
    error: Option<String>,
}

/// Commits `moves` events with journal lines to `room`, each awaited
/// from a tokio task as a session does; stops at a failed commit (the hall
/// would refuse that move).
async fn commit_moves(store: Arc<dyn Store>, room: String, moves: u64) -> RoomRun {
    let mut latencies = Vec::with_capacity(moves as usize);
    for seq in 0..moves {
        let appended = Appended {
            room: room.clone(),
            seq,
            event: event(&room, seq),
            line: format!("{room} move {seq}").into_bytes(),
        };
        let start = Instant::now();
        if let Err(e) = store.commit(&[appended]) {
            return RoomRun {
                latencies,
                error: Some(e.to_string()),
            };
        }
        latencies.push(start.elapsed());
        tokio::task::yield_now().await;
    }
    RoomRun {
        latencies,
        error: None,
    }
}

/// p50 and p99 of the times at which the rooms finished.
fn report_done(kind: Kind, mut done: Vec<Duration>) {
    done.sort();
    let at = |q: f64| done[((done.len() - 1) as f64 * q).round() as usize];
    println!(
        "{:<13}{:<28} p50 {:>8.1} ms  p99 {:>8.1} ms  max {:>8.1} ms",
        kind.name(),
        "  rooms done (from start)",
        ms(at(0.50)),
        ms(at(0.99)),
        ms(at(1.0)),
    );
}

fn many_rooms(backend: &mut Backend) {
    let (rooms, moves) = (env("ROOMS", 1_000), env("MOVES", 10));
    let store = backend.fresh("rooms");
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    let start = Instant::now();
    let (latencies, done, errors) = runtime.block_on(async {
        let tasks: Vec<_> = (0..rooms)
            .map(|r| {
                let room = commit_moves(store.clone(), format!("room{r}"), moves);
                tokio::spawn(async move { (room.await, start.elapsed()) })
            })
            .collect();
        let (mut all, mut done, mut errors) = (Vec::new(), Vec::new(), Vec::new());
        for task in tasks {
            let (run, at) = task.await.expect("room task");
            all.extend(run.latencies);
            match run.error {
                None => done.push(at),
                Some(e) => errors.push(e),
            }
        }
        (all, done, errors)
    });
    report(
        backend.kind,
        &format!("{rooms} rooms x {moves} (tokio)"),
        latencies,
        start.elapsed(),
    );
    if !done.is_empty() {
        report_done(backend.kind, done);
    }
    if !errors.is_empty() {
        let mut kinds: Vec<(String, usize)> = Vec::new();
        for e in &errors {
            match kinds.iter_mut().find(|(k, _)| k == e) {
                Some((_, n)) => *n += 1,
                None => kinds.push((e.clone(), 1)),
            }
        }
        kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
        println!(
            "{:<13}  {} of {rooms} rooms stopped at a failed commit (not in the latencies):",
            backend.kind.name(),
            errors.len(),
        );
        for (e, n) in kinds.iter().take(3) {
            println!("{:<13}    {n} x {e}", backend.kind.name());
        }
    }
}

fn main() {
    println!(
        "store commits; sled in {}, BANMEN_FSYNC_DELAY_MS={}; load average {}",
        std::env::temp_dir().display(),
        std::env::var("BANMEN_FSYNC_DELAY_MS").unwrap_or_else(|_| "unset".into()),
        store_backends::load(),
    );
    for kind in store_backends::selected("store") {
        println!("{:<13}{}", kind.name(), kind.describe());
        let mut backend = Backend::start(kind);
        sequential(&mut backend);
        sequential_lines(&mut backend);
        concurrent(&mut backend);
        many_rooms(&mut backend);
    }
    println!(
        "p99 goal: under 10 ms (sled; NATS R=1 with sync_interval: always); load average {}",
        store_backends::load()
    );
}
