//! Several nodes of one hall in one process: each node is a `Hall` on its
//! own NATS store (node a, b, c) over one NATS cluster, as separate
//! banmen processes would be. Players on different nodes play through
//! one room; a spectator on a third node sees every move; two nodes
//! racing for a room whose owner is gone: exactly one wins.

mod common;

use banmen::hall::{AwayPolicy, Clock, Hall, HallOptions, Mode, Phase, Privacy, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::Store;
use banmen::store::nats_store::{NatsOptions, NatsStore};
use common::nats_support::NatsServer;
use common::{play, player, wait_for};
use std::sync::Arc;
use std::time::Duration;

/// Node `name` of the hall at `url`.
fn node(url: &str, name: &str) -> Arc<dyn Store> {
    let mut options = NatsOptions::new(url);
    options.node = Some((name.to_string(), Duration::from_secs(2)));
    Arc::new(NatsStore::open(&options).expect("open a node's store"))
}

fn open(store: Arc<dyn Store>) -> Hall {
    let (hall, report) = Hall::open(store, HallOptions::default(), Clock::system()).unwrap();
    assert!(report.failed.is_empty(), "{report:?}");
    hall
}

/// Nodes a, b and c of the hall at `url`.
fn three_nodes(url: &str) -> (Hall, Hall, Hall) {
    (
        open(node(url, "a")),
        open(node(url, "b")),
        open(node(url, "c")),
    )
}

fn private_shogi() -> RoomSettings {
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.mode = Mode::Online;
    settings.privacy = Privacy::Private;
    settings
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn players_on_two_nodes_play_through_one_room_and_a_third_watches() {
    let Some(nats) = NatsServer::start("cluster_hall") else {
        return;
    };
    let url = nats.url();
    let (a, b, c) = three_nodes(&url);
    let alice = player("alice");
    let mut on_a = a.create_room(&alice, private_shogi()).unwrap();
    let (id, code) = (on_a.view().id.clone(), on_a.view().code.clone());

    // The room reaches node b's replica, and Bob joins there by code.
    let bob = player("bob");
    let mut on_b = None;
    for _ in 0..100 {
        if let Ok(handle) = b.join(&code, &bob) {
            on_b = Some(handle);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut on_b = on_b.expect("bob joins on node b");
    wait_for(&mut on_a, |v| v.phase == Phase::Playing).await;
    let watcher = player("carol");
    let mut on_c = c.watch(&code, &watcher).expect("carol watches on node c");

    let moves = ["7g7f", "3c3d", "8h2b+", "3a2b"];
    for (i, mv) in moves.iter().enumerate() {
        let mover = if i % 2 == 0 { &on_a } else { &on_b };
        play(mover, mv);
        let n = i + 1;
        wait_for(&mut on_a, |v| v.moves.len() == n).await;
        wait_for(&mut on_b, |v| v.moves.len() == n).await;
        wait_for(&mut on_c, |v| v.moves.len() == n).await;
    }
    on_b.resign().unwrap();
    for handle in [&mut on_a, &mut on_b, &mut on_c] {
        wait_for(handle, |v| v.phase == Phase::Finished).await;
        assert_eq!(handle.view().moves.len(), moves.len());
    }
    assert_eq!(on_c.view().spectators, 1);
    assert_eq!(a.node().as_deref(), Some("a"));
    assert!(
        a.stats()
            .text(banmen::i18n::Lang::En)
            .contains("node a, owning 1 of the rooms"),
        "{}",
        a.stats().text(banmen::i18n::Lang::En)
    );
    assert!(
        c.stats()
            .text(banmen::i18n::Lang::En)
            .contains("node c, owning 0 of the rooms"),
        "{}",
        c.stats().text(banmen::i18n::Lang::En)
    );
    assert!(c.rooms_report().iter().any(|r| r.id == id));
}

/// A hall on `store` with short timers: away players are played by the
/// CPU after half a second, and it thinks briefly.
fn open_quick(store: Arc<dyn Store>) -> Hall {
    let options = HallOptions {
        grace_ms: 500,
        think_ms: 50,
        ..HallOptions::default()
    };
    let hall = Hall::open(store, options, Clock::system()).unwrap().0;
    hall.spawn_ticker();
    hall
}

/// Waits (bounded) until `check` holds.
async fn until(what: &str, check: impl Fn() -> bool) {
    let start = std::time::Instant::now();
    while !check() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out: {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_nodes_racing_for_a_room_whose_owner_is_gone_one_wins() {
    let Some(nats) = NatsServer::start("cluster_hall") else {
        return;
    };
    let url = nats.url();
    let (b, c) = (node(&url, "b"), node(&url, "c"));
    let (link_b, link_c) = (b.link().unwrap(), c.link().unwrap());
    for i in 0..20 {
        let room = format!("race{i}");
        // A record naming node a, which is gone.
        let seen = {
            let a = node(&url, &format!("a{i}"));
            a.link().unwrap().claim(&room, None).unwrap().unwrap()
        };
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let racers: Vec<_> = [link_b.clone(), link_c.clone()]
            .into_iter()
            .map(|link| {
                let (barrier, room) = (barrier.clone(), room.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    link.claim(&room, Some(seen)).unwrap()
                })
            })
            .collect();
        let won: Vec<Option<u64>> = racers.into_iter().map(|r| r.join().unwrap()).collect();
        assert_eq!(won.iter().filter(|w| w.is_some()).count(), 1, "{won:?}");
    }
    // And through the halls: the room of a node that left goes to exactly
    // one of the others, and play goes on there.
    let (hb, hc) = (open_quick(b), open_quick(c));
    let a = open_quick(node(&url, "a"));
    let alice = player("alice");
    // The CPU plays for a player who left: the game does not wait for
    // alice.
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.mode = Mode::Online;
    settings.away = Some(AwayPolicy::Cpu);
    let on_a = a.create_room(&alice, settings).unwrap();
    let (id, code) = (on_a.view().id.clone(), on_a.view().code.clone());
    until("the room reaches node b", || {
        hb.rooms_report().iter().any(|r| r.id == id)
    })
    .await;
    let mut on_b = hb.join(&code, &player("bob")).unwrap();
    play(&on_a, "7g7f");
    wait_for(&mut on_b, |v| v.moves.len() == 1).await;
    // A clean stop: node a gives its rooms up while its lease still
    // lives, and another node takes them without waiting for the lease.
    drop(on_a);
    let left = std::time::Instant::now();
    a.leave_cluster();
    until("another node owns the room", || {
        hb.owns(&id) || hc.owns(&id)
    })
    .await;
    let lease = Duration::from_secs(2);
    assert!(left.elapsed() < lease, "{:?}", left.elapsed());
    drop(a);
    for _ in 0..20 {
        assert!(hb.owns(&id) != hc.owns(&id), "one owner, never two");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    play(&on_b, "3c3d");
    wait_for(&mut on_b, |v| v.moves.len() == 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_node_with_the_name_of_a_live_one_does_not_start() {
    let Some(nats) = NatsServer::start("cluster_hall") else {
        return;
    };
    let _a = node(&nats.url(), "a");
    let mut options = NatsOptions::new(&nats.url());
    options.node = Some(("a".to_string(), Duration::from_secs(2)));
    let refused = NatsStore::open(&options).err().expect("refused");
    assert!(refused.to_string().contains("in use"), "{refused}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn after_a_failover_the_grace_period_runs_and_the_cpu_plays_for_the_lost_player() {
    let Some(nats) = NatsServer::start("cluster_hall") else {
        return;
    };
    let url = nats.url();
    let b = open_quick(node(&url, "b"));
    let a = open_quick(node(&url, "a"));
    let alice = player("alice");
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.mode = Mode::Online;
    settings.away = Some(AwayPolicy::Cpu);
    let on_a = a.create_room(&alice, settings).unwrap();
    let id = on_a.view().id.clone();
    until("the room reaches node b", || {
        b.rooms_report().iter().any(|r| r.id == id)
    })
    .await;
    let mut on_b = b.join(&id, &player("bob")).unwrap();
    wait_for(&mut on_b, |v| v.phase == Phase::Playing).await;
    play(&on_a, "7g7f");
    wait_for(&mut on_b, |v| v.moves.len() == 1).await;
    // Node a goes with alice's connection: b takes the room, marks her
    // away, and after the grace period the CPU plays her side.
    drop(on_a);
    drop(a);
    until("node b owns the room", || b.owns(&id)).await;
    play(&on_b, "3c3d");
    let start = std::time::Instant::now();
    while on_b.view().moves.len() < 3 {
        let v = on_b.view();
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{} moves, {:?}, seats {:?}",
            v.moves.len(),
            v.status,
            v.seats
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_journal_followed_on_one_node_has_every_nodes_moves_in_commit_order() {
    let Some(nats) = NatsServer::start("cluster_hall") else {
        return;
    };
    let url = nats.url();
    let (a, b, c) = three_nodes(&url);
    let mut follow = c.journal(banmen::hall::journal::LogQuery {
        follow: true,
        ..Default::default()
    });
    let (alice, bob) = (player("alice"), player("bob"));
    let on_a = a.create_room(&alice, private_shogi()).unwrap();
    let on_b = b.create_room(&bob, private_shogi()).unwrap();
    let (room_a, room_b) = (on_a.view().id.clone(), on_b.view().id.clone());
    for handle in [&on_a, &on_b] {
        handle.cycle_cpu(banmen::rules::vocab::Seat(1)).unwrap();
        handle.start().unwrap();
    }
    for (handle, mv) in [
        (&on_a, "7g7f"),
        (&on_b, "2g2f"),
        (&on_a, "2g2f"),
        (&on_b, "7g7f"),
    ] {
        let before = handle.view().moves.len();
        play(handle, mv);
        let replied = async {
            while handle.view().moves.len() < before + 2 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        };
        tokio::time::timeout(Duration::from_secs(30), replied)
            .await
            .expect("the CPU replied");
    }
    let mut last = 0;
    let mut moved = Vec::new();
    while moved.len() < 8 {
        let line = tokio::time::timeout(Duration::from_secs(10), follow.recv())
            .await
            .expect("a journal line in time")
            .expect("the journal goes on")
            .expect("a line that reads");
        assert!(line.n > last, "commit order: {} after {last}", line.n);
        last = line.n;
        if line.event == "moved" {
            moved.push(line.room.clone());
        }
    }
    assert_eq!(moved.iter().filter(|r| **r == room_a).count(), 4);
    assert_eq!(moved.iter().filter(|r| **r == room_b).count(), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sessions_per_player_and_connections_per_address_count_across_nodes() {
    let Some(nats) = NatsServer::start("cluster_hall") else {
        return;
    };
    let url = nats.url();
    let (a, b) = (open(node(&url, "a")), open(node(&url, "b")));
    let first = a.open_session("key:x", 2).expect("one session");
    let second = a.open_session("key:x", 2).expect("two sessions");
    until("node b counts node a's sessions", || {
        b.open_session("key:x", 2).is_none()
    })
    .await;
    let address: std::net::IpAddr = "192.0.2.7".parse().unwrap();
    let counted = a.count_connection_from(address);
    until("node b counts node a's connections", || {
        b.connections_elsewhere(address) == 1
    })
    .await;
    drop((first, second, counted));
    until("node b sees them end", || {
        b.connections_elsewhere(address) == 0 && b.open_session("key:x", 2).is_some()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_node_back_under_its_name_takes_its_rooms_back() {
    let Some(nats) = NatsServer::start("cluster_hall") else {
        return;
    };
    let url = nats.url();
    let a = open_quick(node(&url, "a"));
    let on_a = a.create_room(&player("alice"), private_shogi()).unwrap();
    let id = on_a.view().id.clone();
    on_a.cycle_cpu(banmen::rules::vocab::Seat(1)).unwrap();
    on_a.start().unwrap();
    drop(on_a);
    drop(a);
    // At once, before any other node could claim the room: the record
    // still names "a", and "a" is alive again.
    let a = open_quick(node(&url, "a"));
    until("the new node a owns its room", || a.owns(&id)).await;
    let mut back = a.join(&id, &player("alice")).unwrap();
    play(&back, "7g7f");
    wait_for(&mut back, |v| v.moves.len() == 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn open_rooms_per_player_count_across_nodes() {
    let Some(nats) = NatsServer::start("cluster_hall") else {
        return;
    };
    let url = nats.url();
    let (a, b) = (open(node(&url, "a")), open(node(&url, "b")));
    let alice = player("alice");
    let most = HallOptions::default().rooms_per_player;
    let held: Vec<_> = (0..most)
        .map(|_| a.create_room(&alice, private_shogi()).unwrap())
        .collect();
    until("node b has alice's rooms", || b.room_count() == most).await;
    let refused = b.create_room(&alice, private_shogi()).err();
    assert!(
        matches!(refused, Some(banmen::hall::HallError::RoomsPerPlayer(_))),
        "{refused:?}"
    );
    drop(held);
    until("the rooms close on node b too", || b.room_count() == 0).await;
    assert!(b.create_room(&alice, private_shogi()).is_ok());
}
