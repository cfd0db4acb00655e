//! The storage backends (docs/rules.md §4 "Persistence"): the same behaviour
//! from the memory and the sled store, and what only the disk can show:
//! data surviving a reopen and a `kill -9`, the lock against a second
//! server, and refusing directories that do not hold banmen data without
//! changing them.
//!
//! Tests that need a second process re-run this test binary on one of the
//! ignored `child_*` helpers with `BANMEN_STORE_CHILD` set; the helpers do
//! nothing without it.

use banmen::store::memory::MemoryStore;
use banmen::store::nats_store::{NatsOptions, NatsStore};
use banmen::store::sled_store::SledStore;
use banmen::store::{Appended, SCHEMA_VERSION, SeatToken, Store, StoreError};
use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod nats_support;
mod temp_support;
use nats_support::NatsServer;
use temp_support::TempDir;

fn open(dir: &TempDir) -> SledStore {
    SledStore::open(dir.path()).expect("open the sled store")
}

fn token(room: &str, who: &str) -> SeatToken {
    SeatToken {
        room: room.into(),
        identity: format!("guest:{who}"),
        name: who.into(),
    }
}

/// A move event as the hall might encode it (about 120 bytes).
fn event(room: &str, seq: u64) -> Vec<u8> {
    format!(
        r#"{{"kind":"move","room":"{room}","seq":{seq},"seat":"sente","move":{{"from":[2,6],"to":[2,5]}},"at":1767225600000}}"#
    )
    .into_bytes()
}

/// Every file under `dir` with its bytes (directories as `None`).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    let mut all = BTreeMap::new();
    for entry in fs::read_dir(dir).expect("read dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            all.insert(path.clone(), None);
            all.extend(snapshot(&path));
        } else {
            all.insert(path.clone(), Some(fs::read(&path).expect("read file")));
        }
    }
    all
}

// ---- behaviour shared by both backends ----

fn logs_in_order(store: &dyn Store) {
    for seq in 0..3 {
        for room in ["b", "a", "ab"] {
            store.append(room, seq, &event(room, seq)).expect("append");
        }
    }
    let logs = store.logs().expect("logs");
    let rooms: Vec<&str> = logs.iter().map(|(room, _)| room.as_str()).collect();
    assert_eq!(rooms, ["a", "ab", "b"]);
    for (room, events) in &logs {
        let expected: Vec<Vec<u8>> = (0..3).map(|seq| event(room, seq)).collect();
        assert_eq!(events, &expected, "room {room}");
    }
}

fn duplicates_refused(store: &dyn Store) {
    store.append("r", 0, b"first").expect("append 0");
    store.append("r", 1, b"second").expect("append 1");
    assert!(matches!(
        store.append("r", 1, b"again"),
        Err(StoreError::Io(_))
    ));
    assert!(matches!(
        store.append("r", 0, b"again"),
        Err(StoreError::Io(_))
    ));
    assert!(matches!(
        store.append("r", 5, b"gap"),
        Err(StoreError::Io(_))
    ));
    let expected = vec![("r".to_string(), vec![b"first".to_vec(), b"second".to_vec()])];
    assert_eq!(store.logs().expect("logs"), expected);
}

fn remove_room_only_that_room(store: &dyn Store) {
    for room in ["keep", "gone"] {
        store.append(room, 0, &event(room, 0)).expect("append");
        store.append(room, 1, &event(room, 1)).expect("append");
    }
    store
        .put_token(&[1; 32], &token("gone", "ann"))
        .expect("token");
    store
        .put_token(&[2; 32], &token("keep", "bob"))
        .expect("token");
    store
        .put_token(&[3; 32], &token("gone", "cy"))
        .expect("token");
    store.remove_room("gone").expect("remove");
    let logs = store.logs().expect("logs");
    assert_eq!(logs.len(), 1);
    assert_eq!(logs[0].0, "keep");
    assert_eq!(logs[0].1.len(), 2);
    assert_eq!(store.token(&[1; 32]).expect("token"), None);
    assert_eq!(store.token(&[3; 32]).expect("token"), None);
    assert_eq!(
        store.token(&[2; 32]).expect("token"),
        Some(token("keep", "bob"))
    );
    // The room can start again from event 0.
    store
        .append("gone", 0, b"new")
        .expect("append after removal");
}

fn a_new_token_replaces_the_seats_old_ones(store: &dyn Store) {
    store
        .put_token(&[1; 32], &token("r", "ann"))
        .expect("token");
    store
        .put_token(&[2; 32], &token("r", "bob"))
        .expect("token");
    store
        .put_token(&[3; 32], &token("s", "ann"))
        .expect("token");
    store
        .put_token(&[4; 32], &token("r", "ann"))
        .expect("token");
    assert_eq!(store.token(&[1; 32]).expect("token"), None);
    assert_eq!(
        store.token(&[4; 32]).expect("token"),
        Some(token("r", "ann"))
    );
    assert_eq!(
        store.token(&[2; 32]).expect("token"),
        Some(token("r", "bob"))
    );
    assert_eq!(
        store.token(&[3; 32]).expect("token"),
        Some(token("s", "ann"))
    );
}

fn write_the_rest(store: &dyn Store) {
    store
        .put_token(&[7; 32], &token("r", "ann"))
        .expect("token");
    store
        .put_identity("key:SHA256:abc", "Ann")
        .expect("identity");
    store
        .put_identity("key:SHA256:def", "Bob")
        .expect("identity");
    store
        .put_identity("key:SHA256:abc", "Anne")
        .expect("rename");
    store.put_game("g1", b"record one").expect("game");
    store.heartbeat(1_767_225_600_000).expect("heartbeat");
    store
        .put_settings("key:SHA256:abc", br#"{"lang":"Ja"}"#)
        .expect("settings");
    store
        .put_settings("key:SHA256:abc", br#"{"lang":"Pl"}"#)
        .expect("settings changed");
}

fn read_the_rest(store: &dyn Store) {
    assert_eq!(
        store.token(&[7; 32]).expect("token"),
        Some(token("r", "ann"))
    );
    assert_eq!(store.token(&[8; 32]).expect("token"), None);
    let ids = store.identities().expect("identities");
    let expected = [("key:SHA256:abc", "Anne"), ("key:SHA256:def", "Bob")];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(i, n)| (i.to_string(), n.to_string()))
        .collect();
    assert_eq!(ids, expected);
    assert_eq!(
        store.game("g1").expect("game"),
        Some(b"record one".to_vec())
    );
    assert_eq!(store.game("g2").expect("game"), None);
    assert_eq!(
        store.last_heartbeat().expect("heartbeat"),
        Some(1_767_225_600_000)
    );
    let polish = br#"{"lang":"Pl"}"#.to_vec();
    let abc = "key:SHA256:abc";
    assert_eq!(store.settings(abc).expect("settings"), Some(polish.clone()));
    assert_eq!(store.settings("key:SHA256:def").expect("settings"), None);
    let all = store.all_settings().expect("all settings");
    assert_eq!(all, [(abc.to_string(), polish)]);
}

/// Two bots registered, one registered again (replacing its record), one
/// removed: `bots` lists what is left by name.
fn bots_round_trip(store: &dyn Store) {
    assert!(store.bots().expect("bots").is_empty());
    store.put_bot("sente-bot", b"first").expect("a bot");
    store.put_bot("gote bot:2", b"other").expect("a bot");
    store
        .put_bot("sente-bot", b"again")
        .expect("registered again");
    let all = store.bots().expect("bots");
    let expected = vec![
        ("gote bot:2".to_string(), b"other".to_vec()),
        ("sente-bot".to_string(), b"again".to_vec()),
    ];
    assert_eq!(all, expected);
    assert!(store.remove_bot("gote bot:2").expect("removed"));
    assert!(!store.remove_bot("gote bot:2").expect("removed again"));
    assert!(!store.remove_bot("never-was").expect("never there"));
    let expected = vec![("sente-bot".to_string(), b"again".to_vec())];
    assert_eq!(store.bots().expect("bots"), expected);
    // A removed name can be registered anew.
    store.put_bot("gote bot:2", b"back").expect("back");
    let expected = vec![
        ("gote bot:2".to_string(), b"back".to_vec()),
        ("sente-bot".to_string(), b"again".to_vec()),
    ];
    assert_eq!(store.bots().expect("bots"), expected);
}

/// An event of `room` with a journal line saying so.
fn logged(room: &str, seq: u64) -> Appended {
    Appended {
        room: room.into(),
        seq,
        event: event(room, seq),
        line: format!("{room} {seq}").into_bytes(),
    }
}

/// The journal's lines after `after`, as text.
fn journal_text(store: &dyn Store, after: Option<u64>) -> Vec<(u64, String)> {
    store
        .journal(after)
        .map(|line| {
            let (n, bytes) = line.expect("a line");
            (n, String::from_utf8(bytes).expect("text"))
        })
        .collect()
}

fn journal_in_commit_order(store: &dyn Store) {
    store
        .commit(&[logged("b", 0), logged("a", 0)])
        .expect("commit");
    store.append("a", 1, b"no line").expect("append");
    store.note(b"a note").expect("note");
    store.commit(&[logged("a", 2)]).expect("commit");
    let all = journal_text(store, None);
    let texts: Vec<&str> = all.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(texts, ["b 0", "a 0", "a note", "a 2"]);
    assert!(all.windows(2).all(|w| w[0].0 < w[1].0), "{all:?}");
    let (second, _) = all[1];
    assert_eq!(journal_text(store, Some(second)), all[2..].to_vec());
    // A refused commit writes neither its events nor their lines.
    let bad = [logged("c", 0), logged("a", 2)];
    assert!(store.commit(&bad).is_err());
    assert_eq!(journal_text(store, None), all);
    assert!(
        store
            .logs()
            .expect("logs")
            .iter()
            .all(|(room, _)| room != "c")
    );
    // Removing a room keeps its journal.
    store.remove_room("a").expect("remove");
    assert_eq!(journal_text(store, None), all);
}

fn waiters_wake_on_new_lines(store: &dyn Store) {
    let mut waiter = store.journal_waiter();
    assert!(!waiter.wait(std::time::Duration::from_millis(20)));
    store.commit(&[logged("r", 0)]).expect("commit");
    assert!(waiter.wait(std::time::Duration::from_secs(5)));
    assert!(!waiter.wait(std::time::Duration::from_millis(20)));
    store.note(b"closed").expect("note");
    assert!(waiter.wait(std::time::Duration::from_secs(5)));
}

/// Runs a shared check on a memory store, on a fresh sled store and on a
/// fresh hall in NATS JetStream.
fn on_each(name: &str, check: fn(&dyn Store)) {
    check(&MemoryStore::new());
    let dir = TempDir::new(name);
    check(&open(&dir));
    if let Some(nats) = NatsServer::start(name) {
        check(&open_nats(&nats));
    }
}

fn open_nats(nats: &NatsServer) -> NatsStore {
    NatsStore::open(&NatsOptions::new(&nats.url())).expect("open the NATS store")
}

#[test]
fn appends_read_back_by_room_then_seq() {
    on_each("order", logs_in_order);
}

#[test]
fn an_existing_or_skipped_seq_is_refused() {
    on_each("dup", duplicates_refused);
}

#[test]
fn removing_a_room_removes_its_log_and_tokens_only() {
    on_each("remove", remove_room_only_that_room);
}

#[test]
fn a_seats_new_resume_code_ends_its_old_ones() {
    on_each("replace", a_new_token_replaces_the_seats_old_ones);
}

#[test]
fn tokens_identities_settings_games_and_heartbeat_round_trip() {
    on_each("rest", |store| {
        assert_eq!(store.last_heartbeat().expect("heartbeat"), None);
        write_the_rest(store);
        read_the_rest(store);
    });
}

#[test]
fn bots_are_registered_replaced_listed_by_name_and_removed() {
    on_each("bots", bots_round_trip);
}

#[test]
fn the_journal_keeps_commit_order_and_outlives_rooms() {
    on_each("journal", journal_in_commit_order);
}

#[test]
fn journal_waiters_wake_when_lines_are_added() {
    on_each("waiter", waiters_wake_on_new_lines);
}

// ---- the disk ----

#[test]
fn the_journal_survives_reopening_and_numbers_go_on() {
    let dir = TempDir::new("journal-reopen");
    journal_survives_reopening(|| Box::new(open(&dir)));
    if let Some(nats) = NatsServer::start("journal-reopen") {
        journal_survives_reopening(|| Box::new(open_nats(&nats)));
    }
}

fn journal_survives_reopening(open: impl Fn() -> Box<dyn Store>) {
    let before = {
        let store = open();
        store
            .commit(&[logged("r", 0), logged("r", 1)])
            .expect("commit");
        journal_text(&*store, None)
    };
    let store = open();
    assert_eq!(journal_text(&*store, None), before);
    store.note(b"after").expect("note");
    let after = journal_text(&*store, None);
    assert_eq!(after.len(), 3);
    assert!(after[2].0 > after[1].0);
}

#[test]
fn data_survives_closing_and_reopening() {
    let dir = TempDir::new("reopen");
    survives_reopening(|| Box::new(open(&dir)));
    if let Some(nats) = NatsServer::start("reopen") {
        survives_reopening(|| Box::new(open_nats(&nats)));
    }
}

fn survives_reopening(open: impl Fn() -> Box<dyn Store>) {
    {
        let store = open();
        store.append("r", 0, &event("r", 0)).expect("append");
        store.append("r", 1, &event("r", 1)).expect("append");
        write_the_rest(&*store);
        store.heartbeat(1_767_225_600_000).expect("heartbeat");
    }
    let store = open();
    read_the_rest(&*store);
    let logs = store.logs().expect("logs");
    assert_eq!(
        logs,
        vec![("r".to_string(), vec![event("r", 0), event("r", 1)])]
    );
    store
        .append("r", 2, &event("r", 2))
        .expect("append after reopen");
}

#[test]
fn registered_bots_survive_closing_and_reopening() {
    let dir = TempDir::new("bots-reopen");
    bots_survive_reopening(|| Box::new(open(&dir)));
    if let Some(nats) = NatsServer::start("bots-reopen") {
        bots_survive_reopening(|| Box::new(open_nats(&nats)));
    }
}

/// Bots registered and one removed, then the store closed: the reopened
/// store lists the one left, and a removal still tells.
fn bots_survive_reopening(open: impl Fn() -> Box<dyn Store>) {
    {
        let store = open();
        store.put_bot("kept", b"kept record").expect("a bot");
        store.put_bot("gone", b"gone record").expect("a bot");
        assert!(store.remove_bot("gone").expect("removed"));
    }
    let store = open();
    let expected = vec![("kept".to_string(), b"kept record".to_vec())];
    assert_eq!(store.bots().expect("bots"), expected);
    assert!(!store.remove_bot("gone").expect("gone already"));
    assert!(store.remove_bot("kept").expect("removed after reopening"));
    drop(store);
    assert!(open().bots().expect("bots").is_empty());
}

/// Starts this test binary running only `test` as a child with `role`.
fn child(test: &str, role: &str, dir: &Path) -> Command {
    let exe = std::env::current_exe().expect("test binary path");
    let mut command = Command::new(exe);
    command
        .args([
            test,
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("BANMEN_STORE_CHILD", role)
        .env("BANMEN_STORE_DIR", dir)
        .stdout(Stdio::piped());
    command
}

/// The child's directory, if this process is a child with `role`.
fn child_role(role: &str) -> Option<PathBuf> {
    let is_role = std::env::var("BANMEN_STORE_CHILD").is_ok_and(|r| r == role);
    is_role.then(|| PathBuf::from(std::env::var_os("BANMEN_STORE_DIR").expect("dir for the child")))
}

/// The store a child is given: a NATS address, or a sled directory.
fn open_place(place: &Path) -> Box<dyn Store> {
    let text = place.to_string_lossy();
    if text.starts_with("nats://") {
        Box::new(NatsStore::open(&NatsOptions::new(&text)).expect("child opens the NATS store"))
    } else {
        Box::new(SledStore::open(place).expect("child opens the store"))
    }
}

/// The events of room `r`.
fn room_r(store: &dyn Store) -> Vec<Vec<u8>> {
    let logs = store.logs().expect("logs");
    logs.into_iter()
        .find(|(room, _)| room == "r")
        .map_or_else(Vec::new, |(_, e)| e)
}

/// As a child: appends to room `r` until killed, printing each seq once
/// `append` has returned.
#[test]
#[ignore = "helper: run in a child process by appends_that_returned_survive_sigkill"]
fn child_writer() {
    let Some(dir) = child_role("writer") else {
        return;
    };
    let store = open_place(&dir);
    let first = room_r(&*store).len() as u64;
    for seq in first..first + 1_000_000 {
        store
            .append("r", seq, &event("r", seq))
            .expect("child append");
        println!("appended {seq}");
    }
}

/// The seq in a line the writer printed (libtest may put its own text
/// before it on the same line).
fn acknowledged_seq(line: &str) -> Option<u64> {
    let at = line.find("appended ")?;
    line[at + 9..].trim().parse().ok()
}

/// Runs a writer child, kills it with SIGKILL once it has acknowledged a
/// few appends, and returns every seq it acknowledged.
fn write_then_kill(dir: &Path) -> Vec<u64> {
    let mut writer = child("child_writer", "writer", dir).spawn().expect("spawn");
    let stdout = writer.stdout.take().expect("child stdout");
    let mut lines = BufReader::new(stdout).lines();
    let mut acknowledged = Vec::new();
    while acknowledged.len() < 40 {
        let line = lines.next().expect("the child ended early").expect("read");
        acknowledged.extend(acknowledged_seq(&line));
    }
    writer.kill().expect("SIGKILL the child");
    // Lines printed before the kill still count.
    acknowledged.extend(
        lines
            .map_while(Result::ok)
            .filter_map(|l| acknowledged_seq(&l)),
    );
    let status = writer.wait().expect("wait");
    assert!(!status.success(), "the child was killed, not finished");
    acknowledged
}

/// Writing and `kill -9` of the writer, twice, on a NATS hall: the
/// killed writer's lease expires, the next one takes the hall.
#[test]
fn appends_that_returned_survive_sigkill_on_nats() {
    let Some(nats) = NatsServer::start("kill-nats") else {
        return;
    };
    let url = PathBuf::from(nats.url());
    kill_rounds(2, &url, || Box::new(open_nats(&nats)));
}

/// `rounds` rounds of a writer child on `place` killed with SIGKILL; after
/// each, every append it acknowledged is read back from `open()`.
fn kill_rounds(rounds: usize, place: &Path, open: impl Fn() -> Box<dyn Store>) {
    for round in 0..rounds {
        let acknowledged = write_then_kill(place);
        let events = room_r(&*open());
        for &seq in &acknowledged {
            let got = events.get(seq as usize);
            assert_eq!(
                got,
                Some(&event("r", seq)),
                "round {round}: event {seq} lost"
            );
        }
    }
}

/// Three rounds of writing and `kill -9`, each resuming the same log.
#[test]
fn appends_that_returned_survive_sigkill() {
    let dir = TempDir::new("kill");
    kill_rounds(3, dir.path(), || Box::new(open(&dir)));
}

/// As a child: tries to open the store and prints what happened.
#[test]
#[ignore = "helper: run in a child process by a_second_process_finds_the_store_locked"]
fn child_opener() {
    let Some(dir) = child_role("opener") else {
        return;
    };
    let text = dir.to_string_lossy();
    let opened = if text.starts_with("nats://") {
        NatsStore::open(&NatsOptions::new(&text)).map(|_| ())
    } else {
        SledStore::open(&dir).map(|_| ())
    };
    match opened {
        Ok(()) => println!("outcome: opened"),
        Err(e) => println!("outcome: {e:?}"),
    }
}

/// What an opener child says of opening the store at `place`.
fn opener_says(place: &Path) -> String {
    let output = child("child_opener", "opener", place)
        .output()
        .expect("run child");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_second_process_finds_the_store_locked() {
    let dir = TempDir::new("lock");
    let store = open(&dir);
    store.append("r", 0, b"held").expect("append");
    let text = opener_says(dir.path());
    assert!(text.contains("outcome: Locked"), "child said: {text}");
    drop(store);
    let text = opener_says(dir.path());
    assert!(
        text.contains("outcome: opened"),
        "after closing, the child said: {text}"
    );
}

#[test]
fn a_second_server_on_the_same_nats_hall_is_refused() {
    let Some(nats) = NatsServer::start("lease") else {
        return;
    };
    let url = PathBuf::from(nats.url());
    let store = open_nats(&nats);
    store.append("r", 0, b"held").expect("append");
    let text = opener_says(&url);
    assert!(text.contains("outcome: InUse"), "child said: {text}");
    drop(store);
    let text = opener_says(&url);
    assert!(
        text.contains("outcome: opened"),
        "after closing, the child said: {text}"
    );
}

#[test]
fn a_second_open_in_the_same_process_is_locked_too() {
    let dir = TempDir::new("lock-self");
    let _store = open(&dir);
    let second = SledStore::open(dir.path());
    let path = dir.path().to_path_buf();
    assert_eq!(second.err(), Some(StoreError::Locked { path }));
}

// ---- directories that are not ours ----

#[test]
fn another_schema_version_is_refused_and_left_alone() {
    let dir = TempDir::new("version");
    open(&dir).append("r", 0, b"old data").expect("append");
    let other = (SCHEMA_VERSION + 1).to_be_bytes();
    {
        let raw = raw_sled(dir.path());
        raw.open_tree("meta")
            .expect("meta")
            .insert("schema", &other)
            .expect("insert");
        raw.flush().expect("flush");
    }
    let err = SledStore::open(dir.path()).err();
    let path = dir.path().to_path_buf();
    let found = SCHEMA_VERSION + 1;
    assert_eq!(
        err,
        Some(StoreError::Version {
            path,
            found,
            supported: SCHEMA_VERSION
        })
    );
    let raw = raw_sled(dir.path());
    let schema = raw
        .open_tree("meta")
        .expect("meta")
        .get("schema")
        .expect("get");
    assert_eq!(schema.as_deref(), Some(&other[..]));
    assert_eq!(raw.open_tree("events").expect("events").len(), 1);
}

/// The database opened with sled itself, waiting (up to a second) for the
/// lock a store just dropped: sled releases it from its flusher thread a
/// moment later, later still on a busy machine.
fn raw_sled(path: &Path) -> sled::Db {
    let start = std::time::Instant::now();
    loop {
        match sled::open(path) {
            Ok(db) => return db,
            Err(e) if start.elapsed() > std::time::Duration::from_secs(1) => {
                panic!("raw sled: {e}")
            }
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(20)),
        }
    }
}

/// Deterministic noise (xorshift), so a failure can be replayed.
fn noise(len: usize, mut state: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect()
}

fn assert_refused_untouched(dir: &TempDir, what: &str) {
    let before = snapshot(dir.path());
    let err = SledStore::open(dir.path()).err();
    assert!(
        matches!(
            err,
            Some(StoreError::Corrupt { .. } | StoreError::Foreign { .. })
        ),
        "{what}: got {err:?}"
    );
    assert_eq!(
        snapshot(dir.path()),
        before,
        "{what}: the directory changed"
    );
}

#[test]
fn garbage_sled_files_are_refused_untouched() {
    let dir = TempDir::new("garbage");
    fs::create_dir_all(dir.path()).expect("mkdir");
    fs::write(dir.path().join("db"), noise(64 * 1024, 0x9E37_79B9)).expect("db");
    fs::write(dir.path().join("conf"), noise(200, 0x1234_5678)).expect("conf");
    assert_refused_untouched(&dir, "random db and conf");
    fs::write(dir.path().join("conf"), b"").expect("empty conf");
    assert_refused_untouched(&dir, "empty conf");
    // A genuine config does not make a random `db` acceptable: sled would
    // start an empty database over it.
    let real = TempDir::new("garbage-real");
    open(&real).append("r", 0, b"x").expect("append");
    fs::copy(real.path().join("conf"), dir.path().join("conf")).expect("copy conf");
    assert_refused_untouched(&dir, "a sled conf and a random db");
}

#[test]
fn a_directory_of_other_files_is_refused_untouched() {
    let dir = TempDir::new("home");
    fs::create_dir_all(dir.path().join("Documents")).expect("mkdir");
    fs::write(dir.path().join(".bashrc"), b"export EDITOR=vi\n").expect("file");
    fs::write(
        dir.path().join("db"),
        b"a file that happens to be called db",
    )
    .expect("file");
    assert_refused_untouched(&dir, "a home directory");
    let err = SledStore::open(dir.path()).err();
    assert!(
        matches!(err, Some(StoreError::Foreign { .. })),
        "got {err:?}"
    );
}

#[test]
fn a_plain_file_is_refused() {
    let dir = TempDir::new("file");
    fs::create_dir_all(dir.path()).expect("mkdir");
    let file = dir.path().join("data");
    fs::write(&file, b"not a directory").expect("file");
    let err = SledStore::open(&file).err();
    assert!(
        matches!(err, Some(StoreError::Foreign { .. })),
        "got {err:?}"
    );
    assert_eq!(fs::read(&file).expect("read"), b"not a directory");
}

#[test]
fn a_foreign_sled_database_is_refused() {
    let dir = TempDir::new("foreign");
    {
        let raw = raw_sled(dir.path());
        raw.insert("hello", "world").expect("insert");
        raw.open_tree("users")
            .expect("tree")
            .insert("u1", "x")
            .expect("insert");
        raw.flush().expect("flush");
    }
    let err = SledStore::open(dir.path()).err();
    assert!(
        matches!(err, Some(StoreError::Foreign { .. })),
        "got {err:?}"
    );
    let raw = raw_sled(dir.path());
    let names: Vec<_> = raw.tree_names().into_iter().map(|n| n.to_vec()).collect();
    assert!(
        !names.contains(&b"meta".to_vec()),
        "no banmen tree was created"
    );
    assert_eq!(
        raw.get("hello").expect("get").as_deref(),
        Some(&b"world"[..])
    );
}

// ---- listing everything, for `banmen migrate` ----

/// `tokens`, `games` and `rated_keyed` list what the store holds in key
/// order: only usable resume codes (not those a seat's newer code ended,
/// nor a closed room's), every kept game, every rated game with its key.
fn listings(store: &dyn Store) {
    assert!(store.tokens().expect("tokens").is_empty());
    assert!(store.games().expect("games").is_empty());
    assert!(store.rated_keyed().expect("rated").is_empty());
    store.append("r", 0, b"created").expect("append");
    store.append("s", 0, b"created").expect("append");
    for (hash, room, who) in [
        (9, "r", "ann"),
        (3, "r", "bob"),
        (5, "r", "ann"),
        (6, "s", "cy"),
    ] {
        store
            .put_token(&[hash; 32], &token(room, who))
            .expect("token");
    }
    store.remove_room("s").expect("remove");
    let expected = vec![([3; 32], token("r", "bob")), ([5; 32], token("r", "ann"))];
    assert_eq!(store.tokens().expect("tokens"), expected);
    for id in ["g2", "g1"] {
        store.put_game(id, id.as_bytes()).expect("game");
    }
    let games = store.games().expect("games");
    let ids: Vec<&str> = games.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["g1", "g2"]);
    assert!(games.iter().all(|(id, record)| record == id.as_bytes()));
    store.put_rated("000000000001-b", b"second").expect("rated");
    store.put_rated("000000000000-a", b"first").expect("rated");
    store
        .put_rated("000000000001-b", b"second again")
        .expect("rated");
    let rated = store.rated_keyed().expect("rated");
    let expected = vec![
        ("000000000000-a".to_string(), b"first".to_vec()),
        ("000000000001-b".to_string(), b"second again".to_vec()),
    ];
    assert_eq!(rated, expected);
    let records: Vec<Vec<u8>> = rated.into_iter().map(|(_, r)| r).collect();
    assert_eq!(store.rated().expect("rated"), records);
}

#[test]
fn tokens_games_and_rated_games_are_listed_in_key_order() {
    on_each("listings", listings);
}
