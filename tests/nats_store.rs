//! What only the NATS backend must show: writes that returned survive the
//! NATS server's SIGKILL, commits fail cleanly while it is away and work
//! again by themselves when it is back, a commit whose answer never came is
//! settled (its event removed, since the hall refused it), and a hall of
//! another schema version is refused. The backend-independent behaviour is
//! in tests/store.rs, run on every backend.

use banmen::store::nats_store::{NatsOptions, NatsStore};
use banmen::store::{Appended, Store, StoreError};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod nats_support;
mod ui_support;
use nats_support::NatsServer;

fn open(nats: &NatsServer) -> NatsStore {
    NatsStore::open(&NatsOptions::new(&nats.url())).expect("open the NATS store")
}

fn event(room: &str, seq: u64) -> Vec<u8> {
    format!("{room} event {seq}").into_bytes()
}

fn logged(room: &str, seq: u64, text: &str) -> Appended {
    Appended {
        room: room.into(),
        seq,
        event: text.as_bytes().to_vec(),
        line: format!("line of {text}").into_bytes(),
    }
}

fn room_log(store: &dyn Store, room: &str) -> Vec<Vec<u8>> {
    let logs = store.logs().expect("logs");
    logs.into_iter()
        .find(|(r, _)| r == room)
        .map_or_else(Vec::new, |(_, e)| e)
}

fn journal_texts(store: &dyn Store) -> Vec<String> {
    store
        .journal(None)
        .map(|l| String::from_utf8(l.expect("a line").1).expect("text"))
        .collect()
}

/// A writer thread appends to room `r` without end, retrying a seq whose
/// append failed; the NATS server is killed and restarted under it.
#[test]
fn appends_that_returned_survive_a_nats_sigkill_and_writes_resume_by_themselves() {
    let Some(mut nats) = NatsServer::start("nats-kill") else {
        return;
    };
    let store = Arc::new(open(&nats));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (store, stop) = (store.clone(), stop.clone());
        std::thread::spawn(move || {
            let (mut acknowledged, mut failed) = (Vec::new(), 0);
            let mut seq = 0;
            while !stop.load(Ordering::SeqCst) {
                match store.append("r", seq, &event("r", seq)) {
                    Ok(()) => {
                        acknowledged.push(seq);
                        seq += 1;
                    }
                    Err(_) => {
                        failed += 1;
                        std::thread::sleep(Duration::from_millis(50));
                    }
                }
            }
            (acknowledged, failed)
        })
    };
    let count = |store: &NatsStore| room_log(store, "r").len();
    wait_until(|| count(&store) >= 50);
    nats.kill();
    // Down for longer than a call waits (3 s): an append meanwhile fails,
    // rather than being answered after a quick reconnect.
    std::thread::sleep(Duration::from_secs(4));
    nats.restart();
    // The first read may come before the client is back: read until one
    // answers.
    let mut at_restart = 0;
    wait_until(|| {
        at_restart = count(&store);
        true
    });
    wait_until(|| count(&store) >= at_restart + 50);
    stop.store(true, Ordering::SeqCst);
    let (acknowledged, failed) = writer.join().expect("the writer");
    assert!(failed > 0, "the writer saw the server go away");
    let stored = room_log(&*store, "r");
    let expected: Vec<Vec<u8>> = acknowledged.iter().map(|&s| event("r", s)).collect();
    assert_eq!(
        stored, expected,
        "exactly the acknowledged events, in order"
    );
    drop(store);
    let reopened = open(&nats);
    assert_eq!(room_log(&reopened, "r"), expected);
}

/// Waits (at most 30 s) for `done`, which may fail while NATS is away.
fn wait_until(mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !std::panic::catch_unwind(std::panic::AssertUnwindSafe(&mut done)).unwrap_or(false) {
        assert!(Instant::now() < deadline, "timed out");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// With the server paused, a commit gets no answer and fails, but its
/// messages wait in the connection and are stored once the server goes
/// on. The hall refused that change, so the store removes it: the room's
/// next commit takes its place, and a room whose creation got no answer
/// is removed after the next commit of any room.
#[test]
fn a_commit_that_got_no_answer_is_settled_when_the_server_is_back() {
    let Some(nats) = NatsServer::start("doubtful") else {
        return;
    };
    let store = open(&nats);
    store.commit(&[logged("r", 0, "r0")]).expect("commit");
    nats.pause();
    let refused = store.commit(&[logged("r", 1, "refused move")]);
    let orphan = store.commit(&[logged("x", 0, "refused room")]);
    nats.resume();
    assert!(
        refused.is_err() && orphan.is_err(),
        "{refused:?} {orphan:?}"
    );
    // Both were stored after all once the server went on...
    std::thread::sleep(Duration::from_millis(300));
    let lines = journal_texts(&store);
    assert!(
        lines.contains(&"line of refused move".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"line of refused room".to_string()),
        "{lines:?}"
    );
    store
        .commit(&[logged("r", 1, "r1")])
        .expect("the room's next commit takes the place of the refused one");
    // ...and the store removed them: the log is what the hall saw.
    assert_eq!(room_log(&store, "r"), vec![b"r0".to_vec(), b"r1".to_vec()]);
    assert!(room_log(&store, "x").is_empty(), "the refused room is gone");
    assert_eq!(journal_texts(&store), ["line of r0", "line of r1"]);
}

#[test]
fn a_hall_of_another_schema_version_is_refused() {
    let Some(nats) = NatsServer::start("schema") else {
        return;
    };
    drop(open(&nats));
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let client = async_nats::connect(nats.url()).await.expect("connect");
        let js = async_nats::jetstream::new(client);
        let meta = js.get_key_value("banmen_meta").await.expect("meta bucket");
        meta.put("schema", "99".into()).await.expect("put");
    });
    match NatsStore::open(&NatsOptions::new(&nats.url())) {
        Err(StoreError::Version { found: 99, .. }) => {}
        other => panic!("expected a version error, got {:?}", other.err()),
    }
}

#[test]
fn an_unreachable_server_is_one_clear_error() {
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("nats://{}", free.local_addr().expect("addr"));
    drop(free);
    let err = NatsStore::open(&NatsOptions::new(&url))
        .err()
        .expect("refused");
    let text = err.to_string();
    assert!(
        text.contains("cannot reach NATS") && text.contains(&url),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1);
}

/// A player's move while NATS is away is refused on their screen and not
/// shown; once NATS is back the same move goes through without a restart
/// of the hall, and a hall opened afresh replays exactly the moves shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_while_nats_is_away_is_refused_on_screen_and_the_hall_goes_on() {
    use banmen::hall::view::Entry;
    use banmen::hall::{Clock, Hall, HallOptions};
    use banmen::ui::App;
    use termwiz::input::KeyCode;
    use ui_support::{address, chars, key, me, render};

    let Some(mut nats) = NatsServer::start("hall-nats-away") else {
        return;
    };
    let store: Arc<dyn Store> = Arc::new(open(&nats));
    let (hall, _) = Hall::open(store.clone(), HallOptions::default(), Clock::system()).unwrap();
    let mut app = App::new(hall.clone(), me("alice"), Entry::Lobby, address());
    chars(&mut app, "sc"); // a same-device shogi game
    let type_move = |app: &mut App, text: &str| {
        chars(app, "m");
        chars(app, text);
        key(app, KeyCode::Enter);
    };
    type_move(&mut app, "7g7f");
    assert!(render(&mut app, 80, 24).has("7g7f"));
    nats.kill();
    type_move(&mut app, "3c3d");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Not saved: the server's storage"), "{}", s.text());
    assert!(!s.has("3c3d"), "a refused move is not shown: {}", s.text());
    nats.restart();
    let mut tries = 0;
    while !render(&mut app, 80, 24).has("3c3d") {
        tries += 1;
        assert!(tries < 20, "the hall did not recover");
        tokio::time::sleep(Duration::from_millis(250)).await;
        type_move(&mut app, "3c3d");
    }
    type_move(&mut app, "2g2f");
    assert!(render(&mut app, 80, 24).has("2g2f"));
    drop((app, hall, store));
    let store: Arc<dyn Store> = Arc::new(open(&nats));
    let (hall, report) = Hall::open(store, HallOptions::default(), Clock::system()).unwrap();
    assert_eq!(report.rooms, 1);
    let id = hall.seat_room(&me("alice")).expect("alice's game");
    let room = hall.join(&id, &me("alice")).unwrap();
    let moves: Vec<String> = room.view().moves.iter().map(|m| m.text.clone()).collect();
    assert_eq!(moves, ["7g7f", "3c3d", "2g2f"]);
}

/// Commits from many rooms at once are published together; one commit
/// out of order among them fails alone and the others are stored.
#[test]
fn commits_made_together_are_stored_and_a_faulty_one_fails_alone() {
    let Some(nats) = NatsServer::start("grouped") else {
        return;
    };
    let store = Arc::new(open(&nats));
    let threads: Vec<_> = (0..16)
        .map(|i| {
            let store = store.clone();
            std::thread::spawn(move || {
                let room = format!("g{i}");
                let mut results = Vec::new();
                for seq in 0..20 {
                    let text = format!("{room} {seq}");
                    if i == 7 && seq == 10 {
                        // Room g7 tries event 11 before 10 once: out of order.
                        let early = logged(&room, 11, &format!("{room} 11"));
                        results.push(store.commit(&[early]).is_ok());
                    }
                    results.push(store.commit(&[logged(&room, seq, &text)]).is_ok());
                }
                results
            })
        })
        .collect();
    let results: Vec<Vec<bool>> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    for (i, r) in results.iter().enumerate() {
        let failed = r.iter().filter(|ok| !**ok).count();
        assert_eq!(failed, usize::from(i == 7), "room g{i}: {r:?}");
        let expected: Vec<Vec<u8>> = (0..20).map(|s| format!("g{i} {s}").into_bytes()).collect();
        assert_eq!(room_log(&*store, &format!("g{i}")), expected, "room g{i}");
    }
    assert_eq!(journal_texts(&*store).len(), 16 * 20);
}
