//! Several nodes of one hall in one process: each node is a `Hall` on its
//! own NATS store (node a, b, c) over one NATS cluster, as separate
//! banmen processes would be. Players on different nodes play through
//! one room; a spectator on a third node sees every move; two nodes
//! racing for a room whose owner is gone: exactly one wins.

mod common;
#[path = "nats_support/mod.rs"]
mod nats_support;

use banmen::hall::{Clock, Hall, HallOptions, Mode, Phase, Privacy, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::Store;
use banmen::store::nats_store::{NatsOptions, NatsStore};
use common::{play, player, wait_for};
use nats_support::NatsServer;
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
    let (a, b, c) = (
        open(node(&url, "a")),
        open(node(&url, "b")),
        open(node(&url, "c")),
    );
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
    assert!(c.rooms_report().iter().any(|r| r.id == id));
}
