//! A restart: the real `banmen` binary in a temp dir, two players in a
//! private shogi room playing over SSH, then `kill -9` and a new server in
//! the same dir. Both players reconnect with their keys, land straight back
//! in the game and see the same moves and side to move; the USI export is
//! the same text as before the kill, and the game goes on. A second kill
//! right after a move shows on screen checks that the committed move
//! survives. Every wait is bounded, and the servers are killed on panic.
//! The scenario runs on sled (the default) and again with the hall in NATS
//! JetStream, where the killed server's lease must expire before the next
//! one takes the hall.

mod common;
use common::*;
#[path = "node_support/mod.rs"]
mod node_support;
use node_support::Node;

use std::path::Path;
use std::time::{Duration, Instant};

/// The USI export's start: the start position as an SFEN, then the moves.
const START: &str =
    "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves";

/// The real server binary in `dir` (killed when dropped); a hall in NATS
/// waits for the killed server's lease (5 s).
fn start(dir: &Path) -> Node {
    Node::start(dir, WAIT * 2)
}

/// The move list on screen: entries `  N ☗7g7f` / `  N ☖3c3d`, in order.
/// `None` unless the numbers run 1, 2, … without a gap.
fn screen_moves(screen: &str) -> Option<Vec<String>> {
    let mut found: Vec<(usize, String)> = Vec::new();
    for line in screen.lines() {
        let chars: Vec<char> = line.chars().collect();
        for i in 0..chars.len() {
            if !matches!(chars[i], '☗' | '☖') || i < 2 || chars[i - 1] != ' ' {
                continue;
            }
            let digits_start = (0..i - 1)
                .rev()
                .take_while(|&j| chars[j].is_ascii_digit())
                .last();
            let Some(start) = digits_start else { continue };
            let n: usize = chars[start..i - 1]
                .iter()
                .collect::<String>()
                .parse()
                .ok()?;
            let text: String = chars[i + 1..]
                .iter()
                .take_while(|c| !c.is_whitespace())
                .collect();
            if !text.is_empty() {
                found.push((n, text));
            }
        }
    }
    found.sort();
    found.dedup();
    for (i, (n, _)) in found.iter().enumerate() {
        if *n != i + 1 {
            return None;
        }
    }
    Some(found.into_iter().map(|(_, t)| t).collect())
}

/// The board as drawn (the screen's left 57 columns, where the side panel
/// is not), without the cursor's brackets.
fn board(term: &Term) -> String {
    let rows: Vec<String> = term
        .screen
        .screen()
        .rows(0, 57)
        .skip(1) // the title line
        .map(|row| row.replace(['[', ']'], " ").trim_end().to_string())
        .collect();
    rows.join("\n")
}

/// Waits until the screen's move list is exactly `moves`.
async fn wait_moves(term: &mut Term, moves: &[&str]) {
    let want: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    term.wait_for(&format!("moves {moves:?}"), move |t| {
        screen_moves(&t.text()).as_ref() == Some(&want)
    })
    .await;
}

/// Types `mv` at the `m` prompt and plays it.
async fn play(term: &mut Term, mv: &str) {
    term.wait_text("Your move.").await;
    term.send_split(b"m").await;
    term.wait_text("Move (").await;
    term.send_split(mv.as_bytes()).await;
    term.send_split(b"\r").await;
}

/// The export's text, which must succeed.
async fn export_usi(ssh: &russh::client::Handle<Client>, id: &str) -> String {
    let (out, err, status) = exec_command(ssh, &format!("export {id} --format usi")).await;
    assert_eq!(status, Some(0), "export failed: {err}");
    out
}

/// Alice and Bob back in after a restart: each lands straight in the game
/// (shell session, no command) and sees `moves`; the game resumes once both
/// are back.
async fn reconnect(
    server: &Node,
    moves: &[&str],
) -> (
    russh::client::Handle<Client>,
    Term,
    russh::client::Handle<Client>,
    Term,
) {
    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 100, 30).await;
    wait_moves(&mut alice, moves).await;
    assert!(
        !alice.text().contains("Open public rooms"),
        "{}",
        alice.text()
    );
    // Bob is still away: a private two-player room waits for him.
    alice.wait_text("Paused until bob returns.").await;
    alice.wait_text("gote bob (away)").await;

    let bob_ssh = with_key_seed(server.addr, "bob", 2).await;
    let mut bob = Term::open(&bob_ssh, 100, 30).await;
    wait_moves(&mut bob, moves).await;
    for term in [&mut alice, &mut bob] {
        term.wait_for("the game resumed", |t| {
            !t.text().contains("Paused") && !t.text().contains("(away)")
        })
        .await;
    }
    (alice_ssh, alice, bob_ssh, bob)
}

/// Sente (alice) moves after an even number of moves.
async fn assert_turn(alice: &mut Term, bob: &mut Term, moves: usize) {
    let (mover, other) = if moves % 2 == 0 {
        (alice, bob)
    } else {
        (bob, alice)
    };
    mover.wait_text("Your move.").await;
    other.wait_text("Waiting for the opponent.").await;
    assert!(!mover.text().contains("Waiting for the opponent."));
    assert!(!other.text().contains("Your move."));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_kill_9_and_goes_on() {
    tokio::time::timeout(Duration::from_secs(60), scenario(None))
        .await
        .expect("the restart scenario finishes in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_nats_hall_survives_kill_9_and_goes_on() {
    let Some(nats) = nats_support::NatsServer::start("restart-e2e") else {
        return;
    };
    tokio::time::timeout(Duration::from_secs(90), scenario(Some(nats.url())))
        .await
        .expect("the restart scenario finishes in time");
}

/// The scenario, with the hall on sled or, given its address, in NATS.
async fn scenario(nats: Option<String>) {
    let started = Instant::now();
    let dir = temp_dir();
    if let Some(url) = &nats {
        let config = format!("[storage]\nbackend = \"nats\"\nnats_url = \"{url}\"\n");
        std::fs::write(dir.join("config.toml"), config).unwrap();
    }
    let server = start(&dir);

    // Alice creates a private two-player shogi room; Bob joins by code.
    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 100, 30).await;
    let code = create_private_room(&mut alice).await;

    let bob_ssh = with_key_seed(server.addr, "bob", 2).await;
    let mut bob = Term::open_command(&bob_ssh, 100, 30, &format!("join {code}")).await;
    bob.wait_text("gote bob (you)").await;
    alice.wait_text("Your move.").await;
    let id = game_id(&alice.text());

    let mut moves: Vec<&str> = Vec::new();
    for (i, mv) in ["7g7f", "3c3d", "2g2f", "8c8d"].into_iter().enumerate() {
        let mover = if i % 2 == 0 { &mut alice } else { &mut bob };
        play(mover, mv).await;
        moves.push(mv);
        wait_moves(&mut alice, &moves).await;
        wait_moves(&mut bob, &moves).await;
    }
    assert_turn(&mut alice, &mut bob, moves.len()).await;
    let before = export_usi(&alice_ssh, &id).await;
    assert_eq!(before.trim_end(), format!("{START} 7g7f 3c3d 2g2f 8c8d"));
    let screen_before = screen_moves(&alice.text()).unwrap();
    let (alice_board, bob_board) = (board(&alice), board(&bob));
    assert!(alice_board.contains("歩"), "{alice_board}");

    // kill -9, and a new server on the same data.
    server.kill();
    drop((alice, bob, alice_ssh, bob_ssh));
    let server = start(&dir);
    assert!(server.log().contains("rooms reopened"), "{}", server.log());
    let store = nats.as_deref().unwrap_or("sled:");
    assert!(server.log().contains(store), "{}", server.log());

    let (alice_ssh, mut alice, _bob_ssh, mut bob) = reconnect(&server, &moves).await;
    assert_eq!(screen_moves(&alice.text()).unwrap(), screen_before);
    assert_eq!(screen_moves(&bob.text()).unwrap(), screen_before);
    assert_eq!(game_id(&alice.text()), id);
    assert_eq!(game_id(&bob.text()), id);
    assert_eq!(board(&alice), alice_board);
    assert_eq!(board(&bob), bob_board);
    assert_turn(&mut alice, &mut bob, moves.len()).await;
    assert_eq!(export_usi(&alice_ssh, &id).await, before);

    // The game goes on: one more move each way.
    play(&mut alice, "2f2e").await;
    moves.push("2f2e");
    wait_moves(&mut alice, &moves).await;
    wait_moves(&mut bob, &moves).await;

    // Bob moves, and the server dies as soon as his screen shows it.
    play(&mut bob, "8d8e").await;
    moves.push("8d8e");
    wait_moves(&mut bob, &moves).await;
    server.kill();
    drop((alice, bob, alice_ssh));
    let server = start(&dir);

    let (alice_ssh, mut alice, _bob_ssh, mut bob) = reconnect(&server, &moves).await;
    assert_turn(&mut alice, &mut bob, moves.len()).await;
    assert_eq!(
        export_usi(&alice_ssh, &id).await.trim_end(),
        format!("{START} 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e")
    );

    // And still goes on after the second restart.
    play(&mut alice, "7f7e").await;
    moves.push("7f7e");
    wait_moves(&mut alice, &moves).await;
    wait_moves(&mut bob, &moves).await;

    drop(server);
    eprintln!("restart scenario took {:?}", started.elapsed());
}
