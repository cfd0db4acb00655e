//! Seats over SSH with the real UI: a second connection with the same key
//! takes the seat and the first terminal is told why and closed; a keyless
//! guest reads their resume code off the screen and takes the seat back
//! with `resume CODE` from a new connection.

mod common;
use common::*;

/// Answers the UI's name question with `name`.
async fn give_name(term: &mut Term, name: &str) {
    term.wait_text("Your name:").await;
    term.send(format!("{name}\r").as_bytes()).await;
    term.wait_text("Open public rooms").await;
}

/// The resume code after "resume code: " on the screen.
fn resume_code(screen: &str) -> String {
    let at = screen
        .find("resume code: ")
        .expect("a resume code on screen")
        + 13;
    screen[at..at + 19].to_string()
}

#[tokio::test]
async fn a_second_connection_takes_the_seat_and_the_first_is_told_why() {
    let dir = temp_dir();
    let server = TestServer::start_with(&dir.join("host_key"), banmen::ui::App::new).await;
    let first_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut first = Term::open(&first_ssh, 80, 24).await;
    first.wait_text("Open public rooms").await;
    first.send(b"v").await; // a room against the computer
    first.wait_text("Create a room").await;
    first.send(b"c").await;
    first.wait_text("Your move.").await;

    // The same key again: straight back into the game, not the lobby.
    let second_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut second = Term::open(&second_ssh, 80, 24).await;
    second.wait_text("Your move.").await;
    first
        .wait_for("the first session closes", |t| t.closed)
        .await;
    assert!(
        first.text().contains("You connected again elsewhere"),
        "{}",
        first.text()
    );
    assert_eq!(first.exit, Some(0));
    // The new session plays on.
    second.send(b"m7g7f\r").await;
    second.wait_text("7g7f").await;
    server.stop().await;
}

#[tokio::test]
async fn a_guest_takes_the_seat_back_with_the_resume_code_over_ssh() {
    let dir = temp_dir();
    let server = TestServer::start_with(&dir.join("host_key"), banmen::ui::App::new).await;
    let ann_ssh = as_guest(server.addr, "play").await;
    let mut ann = Term::open(&ann_ssh, 100, 30).await;
    give_name(&mut ann, "ann").await;
    ann.send(b"v").await;
    ann.wait_text("Create a room").await;
    ann.send(b"c").await;
    ann.wait_text("resume code: ").await;
    let code = resume_code(&ann.text());
    ann.send(b"m7g7f\r").await;
    ann.wait_text("7g7f").await;
    // The export panel says how to come back.
    ann.send(b"e").await;
    ann.wait_text(&format!("resume {code}")).await;
    drop(ann);
    drop(ann_ssh);

    // A new keyless connection with the code: the same seat, the same
    // game, and no question about a name (the seat has one).
    let back_ssh = as_guest(server.addr, "play").await;
    let mut back = Term::open_command(&back_ssh, 100, 30, &format!("resume {code}")).await;
    back.wait_text("7g7f").await;
    back.wait_text("ann").await;
    assert!(!back.text().contains("Your name"), "{}", back.text());
    // A wrong code is refused with a message, in the lobby.
    let other_ssh = as_guest(server.addr, "play").await;
    let mut other = Term::open_command(&other_ssh, 100, 30, "resume AAAA-BBBB-CCCC-DDDD").await;
    other.wait_text("No seat has that resume code").await;
    server.stop().await;
}

/// The commands the waiting room shows (invite, and a guest's resume)
/// name `[server] public_host` and `public_port` when they are set, and
/// else the listen address and the port actually bound.
#[tokio::test]
async fn the_waiting_room_commands_name_the_public_host_and_port() {
    let dir = temp_dir();
    let server = TestServer::start_options(
        &dir.join("host_key"),
        banmen::ui::App::new,
        banmen::hall::Hall::new(1),
        |options| options.set_public("games.example", 2200),
    )
    .await;
    let ann_ssh = as_guest(server.addr, "ann").await;
    let mut ann = Term::open(&ann_ssh, 100, 30).await;
    let invite = create_private_room(&mut ann).await;
    ann.wait_text("resume code: ").await;
    let resume = resume_code(&ann.text());
    for command in [
        format!("ssh -t -p 2200 play@games.example join {invite}"),
        format!("ssh -t -p 2200 play@games.example resume {resume}"),
    ] {
        ann.wait_text(&command).await;
    }
    assert!(!ann.text().contains("127.0.0.1"), "{}", ann.text());
    server.stop().await;

    let server = TestServer::start_with(&dir.join("host_key"), banmen::ui::App::new).await;
    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 100, 30).await;
    let invite = create_private_room(&mut alice).await;
    let port = server.addr.port();
    alice
        .wait_text(&format!("ssh -t -p {port} play@127.0.0.1 join {invite}"))
        .await;
    server.stop().await;
}
