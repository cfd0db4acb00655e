//! `cargo bench --bench store`: the commit latency of `SledStore::append`
//! (each append returns after sled's flush and an fdatasync), for a move
//! event of about 120 bytes: 2,000 appends from one thread, then 4 threads
//! appending 500 each to their own rooms at once (sled's flushes can share
//! their work), then `ROOMS` (1,000) rooms committing at once: a tokio task
//! per room on a multi-thread runtime (as the server's sessions commit),
//! each committing `MOVES` (10) move events with their journal lines back
//! to back. Prints p50, p99 and max latency and commits per second for
//! each; for the rooms also when each room's last commit returned, counted
//! from the start (a commit waiting for a Tokio worker is not in its
//! latency, but it is in this).
//!
//! `BANMEN_FSYNC_DELAY_MS=5` (read when the store opens) adds 5 ms to every
//! flush, standing for a slow disk.

use banmen::store::sled_store::SledStore;
use banmen::store::{Appended, Store};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
fn append_all(store: &SledStore, room: &str, count: u64) -> Vec<Duration> {
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

fn report(name: &str, mut latencies: Vec<Duration>, wall: Duration) {
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
    let rate = latencies.len() as f64 / wall.as_secs_f64();
    println!(
        "{name:<28} n={:<5} p50 {:>6.2} ms  p99 {:>6.2} ms  max {:>6.2} ms  {rate:>7.0} commits/s",
        latencies.len(),
        ms(at(0.50)),
        ms(at(0.99)),
        ms(at(1.0)),
    );
}

/// A fresh directory for one run, removed afterwards.
struct Dir(PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn fresh_store(name: &str) -> (Dir, SledStore) {
    let path = std::env::temp_dir().join(format!("banmen-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    let store = SledStore::open(&path).expect("open the store");
    (Dir(path), store)
}

fn sequential() {
    let (_dir, store) = fresh_store("seq");
    let start = Instant::now();
    let latencies = append_all(&store, "room", SEQUENTIAL);
    report("1 thread x 2000", latencies, start.elapsed());
}

fn concurrent() {
    let (_dir, store) = fresh_store("par");
    let start = Instant::now();
    let latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let store = &store;
                scope.spawn(move || append_all(store, &format!("room{t}"), PER_THREAD))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("appender thread"))
            .collect()
    });
    report("4 threads x 500 (own rooms)", latencies, start.elapsed());
}

/// Commits `moves` events with journal lines to `room`, each awaited
/// from a tokio task as a session does.
async fn commit_moves(store: Arc<SledStore>, room: String, moves: u64) -> Vec<Duration> {
    let mut latencies = Vec::with_capacity(moves as usize);
    for seq in 0..moves {
        let appended = Appended {
            room: room.clone(),
            seq,
            event: event(&room, seq),
            line: format!("{room} move {seq}").into_bytes(),
        };
        let start = Instant::now();
        store.commit(&[appended]).expect("commit");
        latencies.push(start.elapsed());
        tokio::task::yield_now().await;
    }
    latencies
}

/// p50 and p99 of the times at which the rooms finished.
fn report_done(mut done: Vec<Duration>) {
    done.sort();
    let at = |q: f64| done[((done.len() - 1) as f64 * q).round() as usize];
    println!(
        "{:<28} p50 {:>8.1} ms  p99 {:>8.1} ms",
        "  rooms done (from start)",
        ms(at(0.50)),
        ms(at(0.99)),
    );
}

fn many_rooms() {
    let (rooms, moves) = (env("ROOMS", 1_000), env("MOVES", 10));
    let (_dir, store) = fresh_store("rooms");
    let store = Arc::new(store);
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    let start = Instant::now();
    let (latencies, done) = runtime.block_on(async {
        let tasks: Vec<_> = (0..rooms)
            .map(|r| {
                let room = commit_moves(store.clone(), format!("room{r}"), moves);
                tokio::spawn(async move { (room.await, start.elapsed()) })
            })
            .collect();
        let (mut all, mut done) = (Vec::new(), Vec::new());
        for task in tasks {
            let (latencies, at) = task.await.expect("room task");
            all.extend(latencies);
            done.push(at);
        }
        (all, done)
    });
    report(
        &format!("{rooms} rooms x {moves} (tokio)"),
        latencies,
        start.elapsed(),
    );
    report_done(done);
}

fn main() {
    println!(
        "sled append (flush + fdatasync) in {}, BANMEN_FSYNC_DELAY_MS={}",
        std::env::temp_dir().display(),
        std::env::var("BANMEN_FSYNC_DELAY_MS").unwrap_or_else(|_| "unset".into()),
    );
    sequential();
    concurrent();
    many_rooms();
    println!("p99 goal: under 10 ms");
}
