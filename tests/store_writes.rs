//! How the sled store writes (docs/architecture.md "Storage"): commits
//! share flushes through one flusher thread (group commit) and none returns
//! before a flush that began after its write; a failed flush fails every
//! commit waiting for it; seat tokens are found by room, and data written
//! before that index existed still opens and works.

use banmen::store::sled_store::{FlushHook, SledOptions, SledStore};
use banmen::store::{Appended, SeatToken, Store, StoreError};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Barrier, Mutex};
use std::time::Duration;

mod temp_support;
use temp_support::TempDir;

/// A move of `room` with its journal line, as the hall commits it.
fn moved(room: &str, seq: u64) -> Appended {
    Appended {
        room: room.into(),
        seq,
        event: format!("{room} event {seq}").into_bytes(),
        line: format!("{room} line {seq}").into_bytes(),
    }
}

fn token(room: &str, who: &str) -> SeatToken {
    SeatToken {
        room: room.into(),
        identity: format!("guest:{who}"),
        name: who.into(),
    }
}

fn slow(delay_ms: u64, hook: Option<FlushHook>) -> SledOptions {
    SledOptions {
        fsync_delay: Duration::from_millis(delay_ms),
        before_flush: hook,
    }
}

/// Opens the database with sled itself (as an earlier build or a damaged
/// disk would leave it), once the store's lock is released.
fn raw_sled(dir: &Path) -> sled::Db {
    for _ in 0..100 {
        if let Ok(db) = sled::open(dir) {
            return db;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("the database stayed locked");
}

#[test]
fn concurrent_commits_share_flushes() {
    const WRITERS: usize = 16;
    let dir = TempDir::new("share");
    let store = SledStore::open_with(dir.path(), slow(20, None)).expect("open");
    let before = store.flushes();
    let start = Barrier::new(WRITERS);
    std::thread::scope(|scope| {
        for w in 0..WRITERS {
            let (store, start) = (&store, &start);
            scope.spawn(move || {
                start.wait();
                store.commit(&[moved(&format!("r{w}"), 0)]).expect("commit");
            });
        }
    });
    let flushes = store.flushes() - before;
    assert!(
        flushes < WRITERS as u64,
        "{WRITERS} concurrent commits made {flushes} flushes"
    );
    let logs = store.logs().expect("logs");
    assert_eq!(logs.len(), WRITERS);
    let lines = store.journal(None).count();
    assert_eq!(lines, WRITERS);
}

#[test]
fn a_failed_flush_fails_every_commit_waiting_for_it() {
    const WRITERS: usize = 8;
    let dir = TempDir::new("fail");
    let failing = Arc::new(AtomicU64::new(0));
    let hook: FlushHook = {
        let failing = failing.clone();
        Arc::new(move |_| match failing.load(Ordering::SeqCst) {
            0 => Ok(()),
            _ => Err("the disk is gone".into()),
        })
    };
    let store = SledStore::open_with(dir.path(), slow(20, Some(hook))).expect("open");
    failing.store(1, Ordering::SeqCst);
    let start = Barrier::new(WRITERS);
    let results: Vec<Result<(), StoreError>> = std::thread::scope(|scope| {
        let writers: Vec<_> = (0..WRITERS)
            .map(|w| {
                let (store, start) = (&store, &start);
                scope.spawn(move || {
                    start.wait();
                    store.commit(&[moved(&format!("r{w}"), 0)])
                })
            })
            .collect();
        writers
            .into_iter()
            .map(|w| w.join().expect("writer"))
            .collect()
    });
    for result in results {
        let error = result.expect_err("a commit returned Ok without a good flush");
        assert!(error.to_string().contains("the disk is gone"), "{error}");
    }
    failing.store(0, Ordering::SeqCst);
    store
        .commit(&[moved("r0", 1)])
        .expect("the next flush works");
}

/// The flush numbered `hold` waits in the hook until the test says go;
/// flushes after `fail_after` (when not 0) fail.
struct Gate {
    hold: AtomicU64,
    fail_after: AtomicU64,
    started: Mutex<mpsc::Sender<u64>>,
    go: Mutex<mpsc::Receiver<()>>,
}

impl Gate {
    fn check(&self, number: u64) -> Result<(), String> {
        if number == self.hold.load(Ordering::SeqCst) {
            let _ = self.started.lock().unwrap().send(number);
            let go = self.go.lock().unwrap();
            go.recv_timeout(Duration::from_secs(10))
                .map_err(|_| "the test never said go".to_string())?;
        }
        let fail_after = self.fail_after.load(Ordering::SeqCst);
        if fail_after != 0 && number > fail_after {
            return Err("the flush after the held one fails".into());
        }
        Ok(())
    }
}

/// A commit whose write lands while a flush is already running is not
/// released by that flush (it may have started before the write): it waits
/// for the next one, and here that one fails, so the commit must fail.
#[test]
fn no_commit_is_released_by_a_flush_that_began_before_its_write() {
    let dir = TempDir::new("order");
    let (started_tx, started) = mpsc::channel();
    let (go, go_rx) = mpsc::channel();
    let gate = Arc::new(Gate {
        hold: AtomicU64::new(0),
        fail_after: AtomicU64::new(0),
        started: Mutex::new(started_tx),
        go: Mutex::new(go_rx),
    });
    let hook: FlushHook = {
        let gate = gate.clone();
        Arc::new(move |number| gate.check(number))
    };
    let store = SledStore::open_with(dir.path(), slow(0, Some(hook))).expect("open");
    gate.hold.store(store.flushes() + 1, Ordering::SeqCst);
    std::thread::scope(|scope| {
        let first = scope.spawn(|| store.commit(&[moved("a", 0)]));
        let held = started
            .recv_timeout(Duration::from_secs(10))
            .expect("the first commit's flush started");
        gate.fail_after.store(held, Ordering::SeqCst);
        let second = scope.spawn(|| store.commit(&[moved("b", 0)]));
        // Long enough for the second write to land while the flush is held.
        std::thread::sleep(Duration::from_millis(200));
        go.send(()).expect("go");
        assert_eq!(first.join().expect("first"), Ok(()));
        let second = second.join().expect("second");
        assert!(
            second.is_err(),
            "the second commit was released by a flush that began before its write"
        );
    });
}

#[test]
fn closing_a_room_reads_only_its_own_tokens() {
    let dir = TempDir::new("index");
    {
        let store = SledStore::open(dir.path()).expect("open");
        store.put_token(&[1; 32], &token("gone", "ann")).unwrap();
        store.put_token(&[2; 32], &token("keep", "bob")).unwrap();
        store.put_token(&[3; 32], &token("gone", "cy")).unwrap();
    }
    {
        // Another room's token that no longer decodes: a store that
        // decoded every token to close a room would fail on it.
        let db = raw_sled(dir.path());
        let tokens = db.open_tree("tokens").unwrap();
        tokens.insert([2u8; 32], b"not a token".as_slice()).unwrap();
        db.flush().unwrap();
    }
    let store = SledStore::open(dir.path()).expect("reopen");
    store.put_token(&[4; 32], &token("gone", "ann")).unwrap();
    assert_eq!(store.token(&[1; 32]).unwrap(), None, "ann's old code ended");
    store.remove_room("gone").expect("close the room");
    assert_eq!(store.token(&[3; 32]).unwrap(), None);
    assert_eq!(store.token(&[4; 32]).unwrap(), None);
    assert!(
        matches!(store.token(&[2; 32]), Err(StoreError::Corrupt { .. })),
        "the other room's token is still there, untouched"
    );
}

/// Data written before `token_rooms` existed: tokens only in `tokens`, no
/// mark in `meta`. It opens, its codes work, and closing a room or giving
/// a seat a new code still ends the old codes.
#[test]
fn tokens_written_before_the_index_still_work() {
    let dir = TempDir::new("upgrade");
    {
        let store = SledStore::open(dir.path()).expect("open");
        store.put_token(&[1; 32], &token("r1", "ann")).unwrap();
        store.put_token(&[2; 32], &token("r1", "bob")).unwrap();
        store.put_token(&[3; 32], &token("r2", "cy")).unwrap();
    }
    {
        let db = raw_sled(dir.path());
        db.drop_tree("token_rooms").unwrap();
        db.open_tree("meta").unwrap().remove("token_rooms").unwrap();
        db.flush().unwrap();
    }
    let store = SledStore::open(dir.path()).expect("open the earlier data");
    assert_eq!(store.token(&[1; 32]).unwrap(), Some(token("r1", "ann")));
    store.put_token(&[4; 32], &token("r1", "ann")).unwrap();
    assert_eq!(store.token(&[1; 32]).unwrap(), None, "ann's old code ended");
    store.remove_room("r1").unwrap();
    assert_eq!(store.token(&[2; 32]).unwrap(), None);
    assert_eq!(store.token(&[4; 32]).unwrap(), None);
    assert_eq!(store.token(&[3; 32]).unwrap(), Some(token("r2", "cy")));
}
