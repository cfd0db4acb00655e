//! A hall served by three real `banmen` nodes over a three-server NATS
//! cluster (JetStream, three replicas), played over SSH.
//!
//! - Four players on three nodes play four-player chess; the room's owner
//!   is killed with `kill -9` mid-game. Another node owns the room within
//!   a few seconds; the players on the surviving nodes go on without
//!   reconnecting; the dead node's player reconnects to another node and
//!   is back in her seat; the record holds every move once, in order.
//! - A node cut off from NATS (its players stay connected) commits
//!   nothing: its player reads "reconnecting…" and sees no move the hall
//!   did not commit, while the game goes on on the other side; when the
//!   link comes back, the node catches up.

mod common;
#[path = "node_support/mod.rs"]
mod node_support;

use common::nats_support::{NatsServer, Sync, skipped};
use common::*;
use node_support::{Node, Proxy};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long a node's lease lives in these tests.
const LEASE_SECONDS: u64 = 2;

/// A node's folder: its config names the NATS server at `url` and the
/// node's name. Left in place: the node outlives the function that
/// starts it.
fn node_dir(url: &str, name: &str) -> PathBuf {
    let dir = temp_dir().keep();
    let config = format!(
        "[storage]\nbackend = \"nats\"\nnats_url = \"{url}\"\nreplicas = 3\n\n\
         [cluster]\nnode = \"{name}\"\nlease_seconds = {LEASE_SECONDS}\n"
    );
    std::fs::write(dir.join("config.toml"), config).unwrap();
    dir
}

fn start(url: &str, name: &str) -> Node {
    Node::start(&node_dir(url, name), Duration::from_secs(30))
}

/// In the lobby: creates a four-player chess room (the game line changed
/// twice) and returns its invite code.
async fn create_chess4_room(term: &mut Term) -> String {
    term.wait_text("Open public rooms").await;
    term.send_split(b"c").await;
    term.wait_text("Create a room").await;
    term.send_split(b" ").await;
    term.send_split(b" ").await;
    term.wait_text("four-player chess").await;
    term.send_split(b"c").await;
    term.wait_text("Invite code: ").await;
    invite_code(&term.text())
}

/// A keyed player's terminal on `node`, straight into `command` (or the
/// shell when empty).
async fn player_on(node: &Node, name: &str, seed: u8, command: &str) -> Term {
    let ssh = with_key_seed(node.addr, name, seed).await;
    let term = match command {
        "" => Term::open(&ssh, 140, 50).await,
        command => Term::open_command(&ssh, 140, 50, command).await,
    };
    // The connection lives as long as the test needs the terminal.
    std::mem::forget(ssh);
    term
}

/// Plays `mv` for `mover` (its `nth` time in the game) and waits until
/// `next` shows it and is to move.
async fn play_then(mover: &mut Term, mv: &str, nth: usize, next: &mut Term) {
    mover.wait_text("Your move.").await;
    type_move(mover, mv).await;
    wait_move(next, mv, nth).await;
    next.wait_text("Your move.").await;
}

/// Waits until `term` shows `mv` `nth` times (a move played again shows
/// twice in the list).
async fn wait_move(term: &mut Term, mv: &str, nth: usize) {
    term.wait_for(&format!("{mv} shown {nth} times"), |t| {
        t.text().matches(mv).count() >= nth
    })
    .await;
}

/// Where each of `moves` is in `text`: every one found once more, after
/// the one before.
fn assert_in_order(text: &str, moves: &[&str]) {
    let mut from = 0;
    for mv in moves {
        let at = text[from..]
            .find(mv)
            .unwrap_or_else(|| panic!("{mv} missing after byte {from} in:\n{text}"));
        from += at + mv.len();
    }
    let rest = &text[from..];
    for mv in moves {
        assert!(!rest.contains(mv), "{mv} again in:\n{text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_owner_dies_mid_game_and_the_room_goes_on_on_another_node() {
    if skipped("cluster_e2e") {
        return;
    }
    let nats = NatsServer::cluster(3, Sync::Always);
    let a = start(&nats[0].url(), "a");
    let b = start(&nats[1].url(), "b");
    let c = start(&nats[2].url(), "c");

    let mut alice = player_on(&a, "alice", 1, "").await;
    let code = create_chess4_room(&mut alice).await;
    let join = format!("join {code}");
    let mut bob = player_on(&b, "bob", 2, &join).await;
    let mut carol = player_on(&c, "carol", 3, &join).await;
    let mut dave = player_on(&b, "dave", 4, &join).await;
    alice.wait_text("Your move.").await;
    let id = game_id(&alice.text());

    play_then(&mut alice, "d2-d4", 1, &mut bob).await;
    play_then(&mut bob, "a5-c6", 1, &mut carol).await;
    play_then(&mut carol, "e14-f12", 1, &mut dave).await;
    play_then(&mut dave, "n5-l6", 1, &mut alice).await;
    play_then(&mut alice, "d4-d5", 1, &mut bob).await;

    // The room's owner (alice's node, where it was made) dies.
    a.kill();
    let killed = Instant::now();
    drop(alice);
    loop {
        type_move(&mut bob, "c6-a5").await;
        let shown = tokio::time::timeout(
            Duration::from_millis(1500),
            wait_move(&mut carol, "c6-a5", 1),
        );
        if shown.await.is_ok() {
            break;
        }
        assert!(killed.elapsed() < Duration::from_secs(20), "{}", bob.text());
    }
    eprintln!("first move accepted {:?} after the kill", killed.elapsed());
    carol.wait_text("Your move.").await;
    play_then(&mut carol, "f12-e14", 1, &mut dave).await;
    type_move(&mut dave, "l6-n5").await;

    // Alice comes back through node c, straight into her seat.
    let mut alice = player_on(&c, "alice", 1, "").await;
    wait_move(&mut alice, "l6-n5", 1).await;
    alice.wait_text("Your move.").await;
    assert_eq!(game_id(&alice.text()), id);
    play_then(&mut alice, "d5-d6", 1, &mut bob).await;

    let ssh = with_key_seed(c.addr, "carol", 3).await;
    let (record, err, status) = exec_command(&ssh, &format!("export {id} --format pgn4")).await;
    assert_eq!(status, Some(0), "{err}");
    let moves = [
        "d2-d4", "a5-c6", "e14-f12", "n5-l6", "d4-d5", "c6-a5", "f12-e14", "l6-n5", "d5-d6",
    ];
    assert_in_order(&record, &moves);
    drop((b, c));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_node_cut_off_from_nats_commits_nothing_and_catches_up() {
    if skipped("cluster_e2e") {
        return;
    }
    let nats = NatsServer::cluster(3, Sync::Always);
    let a = start(&nats[0].url(), "a");
    let target = nats[1].url().trim_start_matches("nats://").parse().unwrap();
    let proxy = Proxy::start(target);
    let b = start(&format!("nats://127.0.0.1:{}", proxy.port), "b");

    let mut alice = player_on(&a, "alice", 1, "").await;
    let code = create_private_room(&mut alice).await;
    let mut bob = player_on(&b, "bob", 2, &format!("join {code}")).await;
    play_then(&mut alice, "7g7f", 1, &mut bob).await;
    play_then(&mut bob, "3c3d", 1, &mut alice).await;

    // Node b loses NATS; Bob stays connected to it.
    proxy.cut();
    bob.wait_text("lost its link").await;
    type_move(&mut alice, "2g2f").await;
    wait_move(&mut alice, "2g2f", 1).await;
    bob.read_for(Duration::from_millis(500)).await;
    assert!(!bob.text().contains("2g2f"), "{}", bob.text());
    // Bob's move cannot be committed, so it is not shown.
    type_move(&mut bob, "8c8d").await;
    bob.read_for(Duration::from_millis(500)).await;
    alice.read_for(Duration::from_millis(100)).await;
    assert!(!bob.text().contains("8c8d"), "{}", bob.text());
    assert!(!alice.text().contains("8c8d"), "{}", alice.text());

    // The link comes back: b catches up (a screen drawn after it has both
    // Alice's move and no "lost its link"; the notice about Bob's move
    // that did not go through may stay), and Bob plays on.
    proxy.mend();
    bob.wait_for("the link is back", |t| {
        t.text().contains("2g2f") && !t.text().contains("lost its link")
    })
    .await;
    play_then(&mut bob, "8c8d", 1, &mut alice).await;
    drop((a, b));
}
