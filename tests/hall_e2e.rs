//! The whole product over SSH: the real server and UI, three in-process SSH
//! clients. Alice creates a private room, Bob joins with the invite code
//! from Alice's screen, both play moves that both screens show, Carol
//! watches, Bob resigns, and the game exports. Keys are sent one byte per
//! packet, except escape sequences (arrows): split, a busy machine may leave
//! more than the lone-Esc timeout between their bytes, and Esc is a key.

mod common;
use common::*;

const UP: &[u8] = b"\x1b[A";
const ENTER: &[u8] = b"\r";

#[tokio::test]
async fn two_players_join_by_code_play_and_a_third_watches() {
    let dir = temp_dir();
    let server = TestServer::start_with(&dir.join("host_key"), banmen::ui::App::new).await;

    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 80, 24).await;
    let code = create_private_room(&mut alice).await;

    let bob_ssh = with_key_seed(server.addr, "bob", 2).await;
    let mut bob = Term::open_command(&bob_ssh, 100, 30, &format!("join {code}")).await;
    bob.wait_text("gote bob (you)").await;
    alice.wait_text("Your move.").await;

    // Alice (sente) plays 7g7f: the cursor starts on 7g.
    for key in [ENTER, UP, ENTER] {
        alice.send(key).await;
    }
    alice.wait_text("7g7f").await;
    bob.wait_text("7g7f").await;
    bob.wait_text("Your move.").await;

    let carol_ssh = with_key_seed(server.addr, "carol", 3).await;
    let mut carol = Term::open_command(&carol_ssh, 80, 24, &format!("watch {code}")).await;
    carol.wait_text("7g7f").await;
    carol.wait_text("watching").await;

    // Bob (gote) sees the board turned, his cursor on his own 3c.
    for key in [ENTER, UP, ENTER] {
        bob.send(key).await;
    }
    for term in [&mut alice, &mut bob, &mut carol] {
        term.wait_text("3c3d").await;
    }

    bob.send_split(b"r").await;
    bob.send_split(b"y").await;
    for term in [&mut alice, &mut bob, &mut carol] {
        term.wait_text("alice won by resignation").await;
    }

    let id = game_id(&alice.text());
    let (out, _, status) = exec_command(&alice_ssh, &format!("export {id} --format usi")).await;
    assert_eq!(status, Some(0));
    assert!(out.trim_end().ends_with("moves 7g7f 3c3d"), "{out}");

    alice.send_split(b"\x1b").await;
    server.stop().await;
}
