//! End to end over SSH: the real server in-process on a loopback port, an
//! in-process russh client, and `vt100` reading what the player would see.
//! Every wait is bounded so a broken server fails the test, not CI.

use russh::MethodKind;
use russh::client::AuthResult;
use std::net::SocketAddr;
use std::time::Duration;

mod common;
use common::*;

#[tokio::test]
async fn a_key_user_gets_the_app_in_the_alternate_screen() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("keys/host_ed25519")).await;
    let session = with_key(server.addr, "alice").await;
    let mut term = Term::open(&session, 80, 24).await;
    term.wait_text("Hello, alice!").await;
    assert!(term.screen.screen().alternate_screen());
    assert!(term.screen.screen().hide_cursor());
    assert!(term.text().contains("Size: 80x24"));

    // An arrow key and a two-byte character, one byte per packet.
    for b in b"\x1b[A\xc3\xa9" {
        term.send(std::slice::from_ref(b)).await;
    }
    term.wait_text("Events: 2").await;
    assert!(term.text().contains("Last: Char('é')"), "{}", term.text());
    // A mouse report cut in two.
    term.send(b"\x1b[<0;12").await;
    term.send(b";5M").await;
    term.wait_text("Last: mouse 12,5").await;

    term.channel.window_change(100, 30, 0, 0).await.unwrap();
    term.screen
        .screen_mut()
        .set_size(30.try_into().unwrap(), 100.try_into().unwrap());
    term.wait_text("Size: 100x30").await;

    term.send(b"q").await;
    term.wait_for("quit", |t| t.closed).await;
    assert!(!term.screen.screen().alternate_screen());
    assert!(!term.screen.screen().hide_cursor());
    assert_eq!(term.exit, Some(0));
    server.stop().await;
}

#[tokio::test]
async fn ctrl_c_ends_the_session_not_the_server() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("host_key")).await;
    let session = with_key(server.addr, "play").await;
    let mut term = Term::open(&session, 80, 24).await;
    term.wait_text("Hello, player-").await;
    term.send(b"\x03").await;
    term.wait_for("quit", |t| t.closed).await;
    // The server still serves.
    let session = with_key(server.addr, "bob").await;
    let mut term = Term::open(&session, 80, 24).await;
    term.wait_text("Hello, bob!").await;
    server.stop().await;
}

/// Guests are let in without a prompt: the SSH user names them (`play`
/// leaves the naming to the UI, or to the seat a `resume` takes back).
#[tokio::test]
async fn guests_are_let_in_without_a_prompt() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("host_key")).await;
    for (user, hello) in [("Hanako", "Hello, Hanako!"), ("play", "Hello, guest-")] {
        let session = as_guest(server.addr, user).await;
        let mut term = Term::open(&session, 80, 24).await;
        term.wait_text(hello).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn auth_none_is_rejected_offering_keys_and_guests() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("host_key")).await;
    let mut session = connect(server.addr).await;
    let started = std::time::Instant::now();
    let auth = session.authenticate_none("play").await.unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "answered at once, without a delay"
    );
    let AuthResult::Failure {
        remaining_methods, ..
    } = auth
    else {
        panic!("none must be rejected");
    };
    assert!(remaining_methods.contains(&MethodKind::PublicKey));
    assert!(remaining_methods.contains(&MethodKind::KeyboardInteractive));
    assert!(!remaining_methods.contains(&MethodKind::Password));
    server.stop().await;
}

/// Runs an exec command without a pty: (stdout, stderr, exit status).
async fn exec(addr: SocketAddr, command: &str) -> (String, String, Option<u32>) {
    let session = with_key(addr, "script").await;
    exec_command(&session, command).await
}

#[tokio::test]
async fn exec_commands_answer_without_a_pty() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("host_key")).await;

    let (out, err, status) = exec(server.addr, "export NOPE").await;
    assert_eq!(out, "");
    assert!(err.starts_with("banmen: No game has the id"), "{err}");
    assert_eq!(err.lines().count(), 1);
    assert!(matches!(status, Some(s) if s != 0), "{status:?}");

    let (_, err, status) = exec(server.addr, "frobnicate now").await;
    assert!(err.contains("unknown command"), "{err}");
    assert_eq!(status, Some(2));

    let (_, err, status) = exec(server.addr, "join ABCDEF").await;
    assert!(err.contains("ssh -t"), "{err}");
    assert!(matches!(status, Some(s) if s != 0));
    server.stop().await;
}

#[tokio::test]
async fn join_with_a_pty_opens_the_app_at_that_room() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("host_key")).await;
    let session = with_key(server.addr, "carol").await;
    let channel = session.channel_open_session().await.unwrap();
    channel
        .request_pty(true, "xterm", 80, 24, 0, 0, &[])
        .await
        .unwrap();
    channel.exec(true, "join ABC123").await.unwrap();
    let mut term = Term {
        channel,
        screen: vt100::Parser::new(24.try_into().unwrap(), 80.try_into().unwrap(), 0),
        exit: None,
        closed: false,
    };
    term.wait_text("Entry: Join(\"ABC123\")").await;
    server.stop().await;
}

#[tokio::test]
async fn the_host_key_is_created_once_and_reused() {
    let dir = temp_dir();
    let path = dir.join("keys/host_ed25519");
    let server = TestServer::start(&path).await;
    assert!(server.key_created);
    let first = std::fs::read_to_string(&path).unwrap();
    assert!(first.starts_with("-----BEGIN OPENSSH PRIVATE KEY-----"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    server.stop().await;
    let server = TestServer::start(&path).await;
    assert!(!server.key_created);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    server.stop().await;
}

#[tokio::test]
async fn shutdown_says_goodbye_and_restores_the_terminal() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("host_key")).await;
    let session = with_key(server.addr, "dave").await;
    let mut term = Term::open(&session, 80, 24).await;
    term.wait_text("Hello, dave!").await;
    let stopping = tokio::spawn(server.stop());
    term.wait_for("close", |t| t.closed).await;
    assert!(!term.screen.screen().alternate_screen());
    assert!(
        term.text().contains("The server is shutting down."),
        "{}",
        term.text()
    );
    assert_eq!(term.exit, Some(0));
    stopping.await.unwrap();
}

#[tokio::test]
async fn an_idle_session_redraws_in_full_after_its_buffers_are_released() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("host_key")).await;
    let session = with_key(server.addr, "idle").await;
    let mut term = Term::open(&session, 80, 24).await;
    term.wait_text("Hello, idle!").await;
    // Longer than the session's idle release (5 s): the screen buffers go.
    tokio::time::sleep(Duration::from_secs(6)).await;
    // A fresh client screen shows what the next frame draws: all of it.
    term.screen = vt100::Parser::new(24.try_into().unwrap(), 80.try_into().unwrap(), 0);
    term.send(b"x").await;
    term.wait_text("Last: Char('x')").await;
    assert!(term.text().contains("Hello, idle!"), "{}", term.text());
    server.stop().await;
}

/// Runs `import` with `record` on its standard input (then EOF).
async fn import(addr: SocketAddr, record: &[u8]) -> (String, String, Option<u32>) {
    let session = with_key(addr, "script").await;
    let channel = session.channel_open_session().await.unwrap();
    channel.exec(true, "import").await.unwrap();
    // In pieces, as a pipe sends a file.
    for piece in record.chunks(700) {
        channel.data(piece).await.unwrap();
    }
    channel.eof().await.unwrap();
    let (out, err, status) = read_to_close(channel).await;
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (text(out), text(err), status)
}

#[tokio::test]
async fn import_reads_a_shift_jis_kif_from_stdin_and_the_game_exports_again() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("host_key")).await;
    let kif = "手合割：平手\n先手：alice\n後手：bob\n手数----指手---------消費時間--\n\
               1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角成(88)\n4 同　銀(31)\n5 投了\n";
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(kif);
    let (out, err, status) = import(server.addr, &sjis).await;
    assert_eq!(status, Some(0), "{err}");
    let id = out.trim();
    assert!(id.starts_with("imp-"), "{out:?}");
    let (usi, err, _) = exec(server.addr, &format!("export {id} --format usi")).await;
    assert!(
        usi.ends_with("moves 7g7f 3c3d 8h2b+ 3a2b\n"),
        "{usi:?} {err}"
    );

    let (out, err, status) = import(server.addr, b"position startpos moves 7g7f 7g7f\n").await;
    assert_eq!(out, "");
    assert!(err.contains("line 1") && err.contains("7g7f"), "{err}");
    assert_eq!(status, Some(1));

    // A guest is refused at once, before sending the record.
    let guest = as_guest(server.addr, "play").await;
    let (out, err, status) = exec_command(&guest, "import").await;
    assert_eq!(out, "");
    assert!(err.contains("cannot import"), "{err}");
    assert_eq!(status, Some(1));
    server.stop().await;
}
