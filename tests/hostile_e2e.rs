//! Hostile clients against the real server and UI: too many connections
//! from one address, too many sessions for one player, random bytes as
//! keys, input floods, resize storms, a client that stops reading, garbage
//! and hang-ups in the middle of the SSH handshake, a player dropped in
//! the middle of typing a move, ten connections racing for one seat, and
//! the requests the server refuses (port forwarding, subsystems, nonsense
//! commands). Each test asserts the server survives and keeps serving
//! others promptly. Every wait is bounded.

mod common;
use banmen::hall::Hall;
use banmen::ssh::ServerOptions;
use common::*;
use russh::keys::PrivateKeyWithHashAlg;
use russh::{ChannelMsg, client};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinSet;

const LOBBY: &str = "Open public rooms";

/// How long another client's key may take to be answered while someone
/// misbehaves.
const PROMPT: Duration = Duration::from_secs(2);

/// A small fixed-seed PRNG (xorshift64*): the same garbage on every run.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// A real server (the real UI) on a hall the test keeps a handle to.
async fn server(configure: impl FnOnce(&mut ServerOptions)) -> (TestServer, Hall) {
    let dir = temp_dir();
    let hall = Hall::new(1);
    let server = TestServer::start_options(
        &dir.join("host_key"),
        banmen::ui::App::new,
        hall.clone(),
        configure,
    )
    .await;
    (server, hall)
}

/// Connects and logs in with key `seed`, or says why it could not.
async fn try_login(addr: SocketAddr, seed: u8) -> Result<client::Handle<Client>, String> {
    let config = Arc::new(client::Config::default());
    let attempt = async {
        let mut session = client::connect(config, addr, Client)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let key = PrivateKeyWithHashAlg::new(Arc::new(client_key(seed)), None);
        let auth = session
            .authenticate_publickey("play", key)
            .await
            .map_err(|e| format!("auth: {e}"))?;
        if !auth.success() {
            return Err(format!("auth refused: {auth:?}"));
        }
        Ok(session)
    };
    tokio::time::timeout(WAIT, attempt)
        .await
        .map_err(|_| "timed out".to_string())?
}

/// Ends a connection politely (the server frees its place at once).
async fn hang_up(session: client::Handle<Client>) {
    let _ = session
        .disconnect(russh::Disconnect::ByApplication, "bye", "en")
        .await;
}

/// Reads whatever the server sends until it has been quiet for `quiet`
/// (bounded by [`WAIT`]).
async fn drain(term: &mut Term, quiet: Duration) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while !term.closed && tokio::time::Instant::now() < deadline {
        match tokio::time::timeout(quiet, term.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => term.screen.process(&data),
            Ok(Some(ChannelMsg::ExitStatus { exit_status })) => term.exit = Some(exit_status),
            Ok(Some(ChannelMsg::Close)) | Ok(None) => term.closed = true,
            Ok(Some(_)) => {}
            Err(_) => break,
        }
    }
}

/// Sends one key and times until `needle` shows on the screen.
async fn answered_in(term: &mut Term, key: &[u8], needle: &str) -> Duration {
    let start = Instant::now();
    term.send(key).await;
    term.wait_text(needle).await;
    start.elapsed()
}

/// Everything a pty channel got: stdout, stderr, exit status.
struct Output {
    out: String,
    err: String,
    status: Option<u32>,
}

impl Output {
    /// The output as text (garbage in, so not necessarily UTF-8).
    fn lossy((out, err, status): (Vec<u8>, Vec<u8>, Option<u32>)) -> Output {
        let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
        Output {
            out: text(out),
            err: text(err),
            status,
        }
    }
}

/// Opens a pty channel running a shell (or `command`) and reads it to its
/// close; for sessions the server refuses.
async fn run_refused(
    session: &client::Handle<Client>,
    command: Option<&str>,
) -> Result<Output, String> {
    let mut channel = session
        .channel_open_session()
        .await
        .map_err(|e| format!("open: {e}"))?;
    channel
        .request_pty(true, "xterm", 80, 24, 0, 0, &[])
        .await
        .map_err(|e| e.to_string())?;
    match command {
        Some(c) => channel.exec(true, c).await,
        None => channel.request_shell(true).await,
    }
    .map_err(|e| e.to_string())?;
    let (mut out, mut err, mut status) = (Vec::new(), Vec::new(), None);
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        match tokio::time::timeout_at(deadline, channel.wait()).await {
            Err(_) => return Err("the refused session did not close".into()),
            Ok(Some(ChannelMsg::Data { data })) => out.extend_from_slice(&data),
            Ok(Some(ChannelMsg::ExtendedData { data, ext: 1 })) => err.extend_from_slice(&data),
            Ok(Some(ChannelMsg::ExitStatus { exit_status })) => status = Some(exit_status),
            Ok(Some(ChannelMsg::Close)) | Ok(None) => break,
            Ok(Some(_)) => {}
        }
    }
    Ok(Output::lossy((out, err, status)))
}

/// A new client (key `seed`) gets the lobby: the server still serves.
async fn still_serves(addr: SocketAddr, seed: u8) {
    let ssh = try_login(addr, seed)
        .await
        .unwrap_or_else(|e| panic!("a new client cannot log in: {e}"));
    let mut term = Term::open(&ssh, 80, 24).await;
    term.wait_text(LOBBY).await;
    hang_up(ssh).await;
}

// 1. Connections per address.

/// A login that failed in the SSH handshake (the socket was closed before
/// the banners), not in authentication.
fn refused_at_the_door(login: Result<client::Handle<Client>, String>) {
    match login {
        Ok(_) => panic!("a connection over the limit got in"),
        Err(e) => assert!(e.starts_with("connect:"), "refused late: {e}"),
    }
}

/// A client that finishes the SSH handshake and never logs in is closed
/// after `[limits] auth_timeout_seconds` (here one second), and frees its
/// place; one that logged in stays past it.
#[tokio::test]
async fn a_connection_that_never_logs_in_is_closed() {
    let (server, _hall) = server(|o| {
        o.limits.auth_timeout = Duration::from_secs(1);
        o.limits.per_ip = 2;
    })
    .await;
    let silent = connect(server.addr).await;
    let logged_in = try_login(server.addr, 1).await.expect("a login");
    let deadline = Instant::now() + WAIT;
    while !silent.is_closed() {
        assert!(Instant::now() < deadline, "still open after {WAIT:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Its place is free again, and the logged-in client still works.
    let again = loop {
        match try_login(server.addr, 2).await {
            Ok(session) => break session,
            Err(e) if Instant::now() > deadline => panic!("the place stays taken: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    assert!(!logged_in.is_closed());
    let (_, err, status) = exec_command(&logged_in, "nonsense").await;
    assert_eq!(status, Some(2), "{err}");
    hang_up(again).await;
    server.stop().await;
}

#[tokio::test]
async fn an_address_gets_its_connections_and_no_more() {
    let (server, _hall) = server(|o| o.limits.per_ip = 3).await;
    let mut open = Vec::new();
    for seed in 1..=3 {
        open.push(
            try_login(server.addr, seed)
                .await
                .expect("within the limit"),
        );
    }
    let refused = try_login(server.addr, 4).await;
    refused_at_the_door(refused);
    // Those that got in still work.
    let (_, err, status) = exec_command(&open[0], "nonsense").await;
    assert_eq!(status, Some(2), "{err}");

    // One leaves: its place is free again (once the server has noticed).
    hang_up(open.pop().unwrap()).await;
    let deadline = Instant::now() + WAIT;
    let back = loop {
        match try_login(server.addr, 4).await {
            Ok(session) => break session,
            Err(e) if Instant::now() > deadline => panic!("the freed place stays taken: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    let mut term = Term::open(&back, 80, 24).await;
    term.wait_text(LOBBY).await;
    refused_at_the_door(try_login(server.addr, 5).await);
    server.stop().await;
}

#[tokio::test]
async fn new_connections_per_minute_are_limited() {
    let (server, _hall) = server(|o| {
        o.limits.per_ip = 1000;
        o.limits.new_per_ip_per_minute = 5;
    })
    .await;
    // Five short connections, each closed at once: they still count.
    for seed in 1..=5 {
        let session = try_login(server.addr, seed).await.expect("within the rate");
        hang_up(session).await;
    }
    refused_at_the_door(try_login(server.addr, 6).await);
    server.stop().await;
}

// 2. Sessions per player.

#[tokio::test]
async fn a_player_gets_its_sessions_and_no_more() {
    let (server, hall) = server(|o| o.limits.sessions_per_player = 2).await;
    let first_ssh = with_key_seed(server.addr, "eve", 20).await;
    let mut first = Term::open(&first_ssh, 80, 24).await;
    first.wait_text(LOBBY).await;
    let second_ssh = with_key_seed(server.addr, "eve", 20).await;
    let mut second = Term::open(&second_ssh, 80, 24).await;
    second.wait_text(LOBBY).await;

    // A third, shell or command, on its own connection or on one already
    // open: one line on stderr (extended data), exit status 1, closed.
    let third_ssh = with_key_seed(server.addr, "eve", 20).await;
    for (session, command) in [
        (&third_ssh, None),
        (&third_ssh, Some("watch NOSUCH")),
        (&first_ssh, None),
    ] {
        let refused = run_refused(session, command).await.unwrap();
        assert_eq!(refused.status, Some(1), "{command:?}: {}", refused.err);
        assert_eq!(
            refused.err,
            "banmen: you have 2 sessions open already; close one first\n"
        );
        assert!(refused.out.is_empty(), "{:?}", refused.out);
    }
    assert_eq!(hall.stats().sessions, 2);
    // Another player is not affected.
    still_serves(server.addr, 21).await;

    // One quits: a new session may open.
    first.send(b"q").await;
    first
        .wait_for("the first session to end", |t| t.closed)
        .await;
    assert_eq!(first.exit, Some(0));
    let deadline = Instant::now() + WAIT;
    while hall.stats().sessions > 1 {
        assert!(Instant::now() < deadline, "the session is still counted");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut third = Term::open(&third_ssh, 80, 24).await;
    third.wait_text(LOBBY).await;
    second.send(b"?").await;
    second.wait_text("Esc").await;
    server.stop().await;
}

// 3. Random bytes as keys.

/// 64 KiB of random bytes as keys (without Ctrl-C and `q`, which quit),
/// in chunks of 1..4096 bytes; `seven_bit` keeps them ASCII. The session
/// and a newcomer must both still be answered.
async fn random_keys(seven_bit: bool) {
    // Let every byte through: the decoder and the UI get all of them.
    let (server, _hall) = server(|o| {
        o.limits.input_bytes_per_second = 1 << 20;
        o.limits.input_burst_bytes = 1 << 20;
    })
    .await;
    let ssh = with_key_seed(server.addr, "chaos", 30).await;
    let mut term = Term::open(&ssh, 80, 24).await;
    term.wait_text(LOBBY).await;

    // The output is read as it comes, so the client never stalls.
    let mut rng = Rng::new(0x5eed_0003);
    let mut sent = 0;
    while sent < 64 * 1024 && !term.closed {
        let len = 1 + rng.below(4096) as usize;
        let chunk: Vec<u8> = rng
            .bytes(len)
            .into_iter()
            .map(|b| if seven_bit { b & 0x7f } else { b })
            .filter(|b| *b != 0x03 && *b != b'q')
            .collect();
        sent += chunk.len();
        if term.channel.data_bytes(chunk).await.is_err() {
            break;
        }
        drain(&mut term, Duration::from_millis(5)).await;
    }
    drain(&mut term, Duration::from_millis(300)).await;
    assert!(!term.closed, "the garbage session ended:\n{}", term.text());

    // Another client is served as ever, keys included.
    let other_ssh = with_key_seed(server.addr, "calm", 31).await;
    let mut other = Term::open(&other_ssh, 80, 24).await;
    other.wait_text(LOBBY).await;
    let took = answered_in(&mut other, b"?", "Esc closes").await;
    assert!(took < PROMPT, "a newcomer's key took {took:?}");

    // The garbage session still draws: a new size gets a whole frame...
    term.channel.window_change(100, 30, 0, 0).await.unwrap();
    let mut fresh = vt100::Parser::new(30u16.try_into().unwrap(), 100u16.try_into().unwrap(), 0);
    let deadline = tokio::time::Instant::now() + WAIT;
    while !fresh.screen().contents().contains("banmen ·") {
        match tokio::time::timeout_at(deadline, term.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => fresh.process(&data),
            Ok(Some(_)) => {}
            other => panic!("no frame after the garbage: {other:?}\n{}", term.text()),
        }
    }
    // ...and still answers keys: Ctrl-C, from wherever the garbage left
    // it, ends it cleanly.
    term.send(b"\x03").await;
    term.wait_for("the session to end", |t| t.closed).await;
    assert_eq!(term.exit, Some(0));
    server.stop().await;
}

#[tokio::test]
async fn random_ascii_as_keys_does_not_hurt() {
    random_keys(true).await;
}

#[tokio::test]
async fn random_bytes_as_keys_do_not_hurt() {
    random_keys(false).await;
}

#[tokio::test]
async fn one_bad_byte_from_one_client_does_not_silence_the_others() {
    let (server, _hall) = server(|_| {}).await;
    let mallory_ssh = with_key_seed(server.addr, "mallory", 32).await;
    let mut mallory = Term::open(&mallory_ssh, 80, 24).await;
    mallory.wait_text(LOBBY).await;
    let alice_ssh = with_key_seed(server.addr, "alice", 33).await;
    let mut alice = Term::open(&alice_ssh, 80, 24).await;
    alice.wait_text(LOBBY).await;
    // 0xff never starts a UTF-8 character (a Latin-1 terminal's lone
    // 0xe9, "é", does the same once the escape timeout flushes it).
    mallory.send(b"\xff").await;
    drain(&mut mallory, Duration::from_millis(100)).await;
    alice.send(b"?").await;
    alice.wait_text("Esc closes").await;
    server.stop().await;
}

// 4. Input floods.

/// A server with a small input allowance, a victim in the lobby's
/// invite-code field and a bystander in the lobby.
async fn flood_setup() -> (TestServer, [client::Handle<Client>; 2], Term, Term) {
    let (server, _hall) = server(|o| {
        o.limits.input_bytes_per_second = 1000;
        o.limits.input_burst_bytes = 2000;
    })
    .await;
    let victim_ssh = with_key_seed(server.addr, "flood", 40).await;
    let mut victim = Term::open(&victim_ssh, 80, 24).await;
    victim.wait_text(LOBBY).await;
    let other_ssh = with_key_seed(server.addr, "other", 41).await;
    let mut other = Term::open(&other_ssh, 80, 24).await;
    other.wait_text(LOBBY).await;
    victim.send(b"i").await;
    victim.wait_text("cancel").await;
    (server, [victim_ssh, other_ssh], victim, other)
}

/// After the paste: the bystander is answered promptly, the flooded
/// session lives and, once its allowance refills, answers keys again.
async fn after_flood(victim: &mut Term, other: &mut Term) {
    let took = answered_in(other, b"?", "Esc").await;
    assert!(took < PROMPT, "a bystander's key took {took:?}");
    other.send(b"\x1b").await;
    other.wait_text(LOBBY).await;

    drain(victim, Duration::from_millis(300)).await;
    assert!(
        !victim.closed,
        "the flooded session died:\n{}",
        victim.text()
    );
    // The allowance refills at 1000 bytes/s.
    tokio::time::sleep(Duration::from_millis(500)).await;
    victim.send(b"\x1b").await; // leaves the code field
    victim
        .wait_for("the code field to close", |t| {
            t.text().contains("create") && !t.text().contains("cancel")
        })
        .await;
    let took = answered_in(victim, b"?", "Esc closes").await;
    assert!(took < PROMPT, "the flooded session's key took {took:?}");
}

#[tokio::test]
async fn a_200_kib_paste_is_cut_and_everyone_stays_responsive() {
    let (server, _ssh, mut victim, mut other) = flood_setup().await;
    // 200 KiB of letters and digits in one go (a terminal without
    // bracketed paste): the first 2000 bytes type, the rest is cut.
    let alphabet = b"ABCDEFGHJKLMNPRSTUVWXYZ23456789";
    let mut rng = Rng::new(4);
    let paste: Vec<u8> = (0..200 * 1024)
        .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
        .collect();
    // The field shows what it kept in groups of four, as codes are shown.
    let expected = banmen::hall::codes::grouped(std::str::from_utf8(&paste[..12]).unwrap());
    victim.send(&paste).await;
    victim.wait_text(&expected).await;
    after_flood(&mut victim, &mut other).await;
    server.stop().await;
}

#[tokio::test]
async fn a_200_kib_bracketed_paste_is_cut_and_the_session_still_answers() {
    let (server, _ssh, mut victim, mut other) = flood_setup().await;
    let mut paste = b"\x1b[200~".to_vec();
    paste.extend(std::iter::repeat_n(b'K', 200 * 1024));
    paste.extend_from_slice(b"\x1b[201~");
    victim.send(&paste).await;
    after_flood(&mut victim, &mut other).await;
    server.stop().await;
}

// 5. Resize storms.

#[tokio::test]
async fn a_resize_storm_leaves_a_working_session_of_the_last_size() {
    let (server, _hall) = server(|_| {}).await;
    let ssh = with_key_seed(server.addr, "storm", 50).await;
    let mut term = Term::open(&ssh, 80, 24).await;
    term.wait_text(LOBBY).await;

    let mut rng = Rng::new(5);
    let extremes = [
        (0, 0),
        (1, 1),
        (65535, 65535),
        (u32::MAX, u32::MAX),
        (0, 65535),
        (65535, 1),
        (59, 19),
    ];
    for i in 0..2000 {
        let (cols, rows) = match i {
            1999 => (80, 24),
            1998 => (0, 0),
            _ if i % 3 == 0 => extremes[rng.below(extremes.len() as u64) as usize],
            _ => (rng.below(600) as u32, rng.below(300) as u32),
        };
        term.channel
            .window_change(cols, rows, 0, 0)
            .await
            .expect("window-change sent");
        if i % 25 == 0 {
            drain(&mut term, Duration::from_millis(1)).await;
        }
    }
    drain(&mut term, Duration::from_millis(500)).await;
    assert!(!term.closed, "the session ended in the storm");

    // A key answers with a frame of the lobby.
    term.send(b"?").await;
    term.wait_text("Esc closes").await;
    term.send(b"\x1b").await;
    term.wait_text(LOBBY).await;

    // The same size again draws nothing; the next frame fits 80×24.
    term.channel.window_change(80, 24, 0, 0).await.unwrap();
    let raw = read_until(&mut term, |screen| screen.contains("Esc closes"), b"?").await;
    let (rows, cols) = max_cursor_move(&raw);
    assert!(
        (1..=24).contains(&rows) && (1..=80).contains(&cols),
        "drawn up to row {rows} column {cols}"
    );
    still_serves(server.addr, 51).await;
    server.stop().await;
}

/// Sends `key`, then reads (bounded) until the screen satisfies `done`;
/// the raw bytes read.
async fn read_until(term: &mut Term, done: impl Fn(&str) -> bool, key: &[u8]) -> Vec<u8> {
    term.send(key).await;
    let mut raw = Vec::new();
    let deadline = tokio::time::Instant::now() + WAIT;
    while !done(&term.text()) {
        match tokio::time::timeout_at(deadline, term.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                term.screen.process(&data);
                raw.extend_from_slice(&data);
            }
            Ok(Some(_)) => {}
            other => panic!("not shown: {other:?}\n{}", term.text()),
        }
    }
    raw
}

/// Everything the server sends until it has been quiet for `quiet`
/// (bounded by [`WAIT`]).
async fn read_quiet(term: &mut Term, quiet: Duration) -> Vec<u8> {
    let mut raw = Vec::new();
    let deadline = tokio::time::Instant::now() + WAIT;
    while tokio::time::Instant::now() < deadline {
        match tokio::time::timeout(quiet, term.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => raw.extend_from_slice(&data),
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(_) => break,
        }
    }
    raw
}

/// What ratatui sends to clear the screen before a full redraw: home,
/// then erase below.
const CLEAR: &[u8] = b"\x1b[1;1H\x1b[J";

/// How many times `raw` clears the whole screen (a full redraw each).
fn full_redraws(raw: &[u8]) -> usize {
    raw.windows(CLEAR.len()).filter(|w| *w == CLEAR).count()
}

#[tokio::test]
async fn a_window_change_to_the_same_size_draws_nothing() {
    let (server, _hall) = server(|_| {}).await;
    let ssh = with_key_seed(server.addr, "same", 52).await;
    let mut term = Term::open(&ssh, 80, 24).await;
    term.wait_text(LOBBY).await;
    read_quiet(&mut term, Duration::from_millis(500)).await;
    for _ in 0..100 {
        term.channel.window_change(80, 24, 0, 0).await.unwrap();
    }
    let raw = read_quiet(&mut term, Duration::from_millis(500)).await;
    // Nothing at all; on a loaded machine a late frame of the lobby could
    // come, but never a full redraw.
    assert_eq!(full_redraws(&raw), 0, "redrawn for no change");
    assert!(
        raw.is_empty(),
        "{} bytes sent for no change: {:?}",
        raw.len(),
        String::from_utf8_lossy(&raw[..raw.len().min(300)])
    );
    server.stop().await;
}

#[tokio::test]
async fn a_resize_storm_is_drawn_a_few_times_and_ends_at_its_last_size() {
    let (server, _hall) = server(|_| {}).await;
    let ssh = with_key_seed(server.addr, "storm2", 53).await;
    let mut term = Term::open(&ssh, 80, 24).await;
    term.wait_text(LOBBY).await;
    read_quiet(&mut term, Duration::from_millis(300)).await;
    const STORM: usize = 2000;
    let mut raw = Vec::new();
    for i in 0..STORM {
        // Two sizes in turn, each sent twice (the repeat is no change).
        let (cols, rows) = if i / 2 % 2 == 0 { (100, 30) } else { (120, 40) };
        term.channel.window_change(cols, rows, 0, 0).await.unwrap();
        if i % 25 == 0 {
            // Read what came, so the client's queue never fills.
            raw.extend(read_quiet(&mut term, Duration::from_millis(1)).await);
        }
    }
    term.channel.window_change(90, 28, 0, 0).await.unwrap();
    raw.extend(read_quiet(&mut term, Duration::from_millis(500)).await);
    let redraws = full_redraws(&raw);
    eprintln!(
        "{STORM} resizes: {redraws} full redraws, {} bytes",
        raw.len()
    );
    assert!(
        (1..=STORM / 20).contains(&redraws),
        "{redraws} full redraws for {STORM} resizes"
    );
    // The last full redraw is the lobby at 90×28.
    let last = raw
        .windows(CLEAR.len())
        .rposition(|w| w == CLEAR)
        .unwrap_or(0);
    let mut screen = vt100::Parser::new(28u16.try_into().unwrap(), 90u16.try_into().unwrap(), 0);
    screen.process(&raw[last..]);
    assert!(
        screen.screen().contents().contains(LOBBY),
        "{}",
        screen.screen().contents()
    );
    let (rows, cols) = max_cursor_move(&raw[last..]);
    assert!(
        rows <= 28 && cols <= 90 && (rows, cols) != (0, 0),
        "the last frame drawn up to row {rows} column {cols}"
    );
    still_serves(server.addr, 54).await;
    server.stop().await;
}

/// The largest row and column of the `CSI row ; col H` moves in `raw`.
fn max_cursor_move(raw: &[u8]) -> (u32, u32) {
    let (mut rows, mut cols) = (0, 0);
    let mut i = 0;
    while i + 2 < raw.len() {
        if raw[i] == 0x1b && raw[i + 1] == b'[' {
            let start = i + 2;
            let end = (start..raw.len())
                .find(|&j| (0x40..=0x7e).contains(&raw[j]))
                .unwrap_or(raw.len());
            if raw.get(end) == Some(&b'H') {
                let params = String::from_utf8_lossy(&raw[start..end]);
                let mut it = params.split(';').map(|p| p.parse::<u32>().unwrap_or(1));
                rows = rows.max(it.next().unwrap_or(1));
                cols = cols.max(it.next().unwrap_or(1));
            }
            i = end;
        } else {
            i += 1;
        }
    }
    (rows, cols)
}

// 6. A client that stops reading.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_does_not_stall_the_others() {
    // Frames unpaced, so that carol's storm fills her client quickly (at
    // the usual 30 ms it would take many seconds).
    let (server, _hall) = server(|o| o.limits.frame_interval = Duration::from_millis(1)).await;
    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 80, 24).await;
    let code = create_private_room(&mut alice).await;
    let bob_ssh = with_key_seed(server.addr, "bob", 2).await;
    let mut bob = Term::open_command(&bob_ssh, 80, 24, &format!("join {code}")).await;
    bob.wait_text("gote bob (you)").await;
    alice.wait_text("Your move.").await;
    let dave_ssh = with_key_seed(server.addr, "dave", 4).await;
    let mut dave = Term::open(&dave_ssh, 80, 24).await;
    dave.wait_text(LOBBY).await;

    // Carol watches on the largest window drawn and never reads; her
    // window keeps changing, so the server keeps wanting to send her whole
    // screens.
    let carol_ssh = with_key_seed(server.addr, "carol", 3).await;
    let carol = Term::open_command(&carol_ssh, 300, 100, &format!("watch {code}")).await;
    let stop = Arc::new(AtomicBool::new(false));
    let stuck = Arc::new(AtomicUsize::new(0));
    let storm = {
        let (stop, stuck) = (stop.clone(), stuck.clone());
        tokio::spawn(async move {
            let carol = carol;
            let mut i = 0u32;
            while !stop.load(Ordering::Relaxed) {
                let size = if i % 2 == 0 { (300, 100) } else { (280, 90) };
                let sent = tokio::time::timeout(
                    Duration::from_millis(100),
                    carol.channel.window_change(size.0, size.1, 0, 0),
                )
                .await;
                if sent.is_err() {
                    stuck.fetch_add(1, Ordering::Relaxed);
                }
                i += 1;
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            carol
        })
    };
    tokio::time::sleep(Duration::from_secs(1)).await;

    let moves = ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e"];
    for (i, mv) in moves.into_iter().enumerate() {
        let (player, other) = if i % 2 == 0 {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        player.wait_text("Your move.").await;
        let start = Instant::now();
        type_move(player, mv).await;
        player.wait_text(mv).await;
        other.wait_text(mv).await;
        let took = start.elapsed();
        assert!(took < PROMPT, "move {mv} took {took:?} to show");
        let took = answered_in(&mut dave, b"?", "Esc closes").await;
        assert!(took < PROMPT, "a lobby key took {took:?}");
        dave.send(b"\x1b").await;
        dave.wait_text(LOBBY).await;
    }
    stop.store(true, Ordering::Relaxed);
    let carol = tokio::time::timeout(WAIT, storm)
        .await
        .expect("the storm ends")
        .unwrap();
    assert!(
        stuck.load(Ordering::Relaxed) > 0,
        "carol's client never filled up: the test did not test anything"
    );
    drop(carol);
    drop(carol_ssh);
    still_serves(server.addr, 5).await;
    server.stop().await;
}

// 7. Garbage and hang-ups in the handshake.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_and_hangups_in_the_handshake_leave_no_trace() {
    let (server, hall) = server(|o| {
        o.limits.per_ip = 1000;
        o.limits.new_per_ip_per_minute = 1000;
    })
    .await;
    let addr = server.addr;
    let mut tasks = JoinSet::new();
    for i in 0..80u64 {
        tasks.spawn(async move {
            let mut rng = Rng::new(700 + i);
            let Ok(mut socket) = TcpStream::connect(addr).await else {
                return;
            };
            let _ = socket.set_nodelay(true);
            match i % 4 {
                // (a) connect and close at once.
                0 => {}
                // (b) a banner, then random bytes.
                1 => {
                    let _ = socket.write_all(b"SSH-2.0-evil\r\n").await;
                    let _ = socket.write_all(&rng.bytes(64 * 1024)).await;
                }
                // (c) 1 MiB of random bytes, no banner.
                2 => {
                    for _ in 0..16 {
                        if socket.write_all(&rng.bytes(64 * 1024)).await.is_err() {
                            break;
                        }
                    }
                }
                // (d) a valid banner, read the server's, then close.
                _ => {
                    let _ = socket.write_all(b"SSH-2.0-OpenSSH_9.6\r\n").await;
                    let mut banner = [0u8; 8];
                    let _ = socket.read_exact(&mut banner).await;
                    assert_eq!(&banner, b"SSH-2.0-", "the server's banner");
                }
            }
            drop(socket);
        });
    }
    let all = async {
        while let Some(done) = tasks.join_next().await {
            done.expect("a raw client");
        }
    };
    tokio::time::timeout(Duration::from_secs(20), all)
        .await
        .expect("the raw clients finish");

    // Every one of those connections is gone from the server's count.
    let deadline = Instant::now() + WAIT;
    while hall.stats().connections > 0 {
        assert!(
            Instant::now() < deadline,
            "{} garbage connections still open",
            hall.stats().connections
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    still_serves(addr, 70).await;
    server.stop().await;
}

// 8. Dropped in the middle of typing a move.

#[tokio::test]
async fn a_player_dropped_mid_move_comes_back_to_the_seat() {
    let (server, hall) = server(|_| {}).await;
    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 80, 24).await;
    let code = create_private_room(&mut alice).await;
    let bob_ssh = with_key_seed(server.addr, "bob", 2).await;
    let mut bob = Term::open_command(&bob_ssh, 80, 24, &format!("join {code}")).await;
    bob.wait_text("gote bob (you)").await;
    alice.wait_text("Your move.").await;

    // Half a move typed, then the connection is gone (no goodbye).
    alice.send_split(b"m7g").await;
    alice.wait_text("7g").await;
    drop(alice);
    drop(alice_ssh);
    bob.wait_text("alice (away)").await;
    let rooms = hall.rooms_report();
    assert_eq!(rooms[0].moves, 0, "half a move was played");

    // The same key again: straight back to the seat, and a whole move.
    let back_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut back = Term::open(&back_ssh, 80, 24).await;
    back.wait_text("Your move.").await;
    bob.wait_for("alice back", |t| !t.text().contains("(away)"))
        .await;
    type_move(&mut back, "7g7f").await;
    back.wait_text("7g7f").await;
    bob.wait_text("7g7f").await;
    bob.wait_text("Your move.").await;
    server.stop().await;
}

// 9. Ten connections race for one seat.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_connections_race_for_one_seat_and_strangers_are_refused() {
    let (server, hall) = server(|o| o.limits.sessions_per_player = 16).await;
    let addr = server.addr;
    let alice_ssh = with_key_seed(addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 80, 24).await;
    let code = create_private_room(&mut alice).await;

    // Ten connections of bob's key, each `join CODE`, all at once.
    let mut racers = JoinSet::new();
    for _ in 0..10 {
        let command = format!("join {code}");
        racers.spawn(async move {
            let ssh = with_key_seed(addr, "bob", 2).await;
            let term = Term::open_command(&ssh, 80, 24, &command).await;
            (ssh, term)
        });
    }
    let mut bobs = Vec::new();
    while let Some(done) = racers.join_next().await {
        bobs.push(done.expect("a racer"));
    }
    // All but one are told and closed; one holds the seat.
    let deadline = Instant::now() + WAIT;
    loop {
        for (_, term) in bobs.iter_mut() {
            drain(term, Duration::from_millis(10)).await;
        }
        let closed = bobs.iter().filter(|(_, t)| t.closed).count();
        if closed == 9 {
            break;
        }
        assert!(
            Instant::now() < deadline && closed < 10,
            "{closed} of 10 closed"
        );
    }
    for (_, term) in bobs.iter_mut() {
        if term.closed {
            assert!(
                term.text().contains("You connected again elsewhere"),
                "{}",
                term.text()
            );
            assert_eq!(term.exit, Some(0));
        } else {
            term.wait_text("gote bob (you)").await;
        }
    }
    alice.wait_text("Your move.").await;
    let seated = |hall: &Hall| {
        let rooms = hall.rooms_report();
        assert_eq!(rooms.len(), 1);
        let who: Vec<String> = rooms[0].seats.iter().map(|s| s.who.clone()).collect();
        assert_eq!(who, ["alice", "bob"]);
        assert!(rooms[0].seats.iter().all(|s| s.connected));
    };
    seated(&hall);

    // Five strangers at once: each is told what an unknown code gets.
    let mut strangers = JoinSet::new();
    for seed in 60..65u8 {
        let command = format!("join {code}");
        strangers.spawn(async move {
            let ssh = with_key_seed(addr, "stranger", seed).await;
            let mut term = Term::open_command(&ssh, 80, 24, &command).await;
            let refusal = banmen::i18n::Lang::En.t("error-no-entry");
            term.wait_text(&refusal).await;
            term.wait_text(LOBBY).await;
            (ssh, term)
        });
    }
    let mut kept = Vec::new();
    while let Some(done) = strangers.join_next().await {
        kept.push(done.expect("a stranger refused"));
    }
    seated(&hall);
    // The seated bob plays on.
    let (_, bob) = bobs.iter_mut().find(|(_, t)| !t.closed).unwrap();
    let (alice, bob) = (&mut alice, bob);
    type_move(alice, "7g7f").await;
    bob.wait_text("7g7f").await;
    server.stop().await;
}

// 10. What the server refuses.

#[tokio::test]
async fn forwarding_subsystems_and_nonsense_commands_are_refused() {
    let (server, _hall) = server(|_| {}).await;
    let ssh = with_key_seed(server.addr, "mallory", 90).await;

    // ssh -L
    let direct = tokio::time::timeout(
        WAIT,
        ssh.channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 40000),
    )
    .await
    .expect("an answer to direct-tcpip");
    assert!(direct.is_err(), "a direct-tcpip channel was opened");
    // ssh -R
    let remote = tokio::time::timeout(WAIT, ssh.tcpip_forward("127.0.0.1", 0))
        .await
        .expect("an answer to tcpip-forward");
    assert!(remote.is_err(), "tcpip-forward granted: {remote:?}");
    // sftp
    let mut channel = ssh.channel_open_session().await.unwrap();
    channel.request_subsystem(true, "sftp").await.unwrap();
    let answer = tokio::time::timeout(WAIT, channel.wait())
        .await
        .expect("an answer to the subsystem request");
    assert!(
        matches!(answer, Some(ChannelMsg::Failure)),
        "sftp: {answer:?}"
    );
    drop(channel);

    // Random bytes as a command: exit status 2 and one line on stderr.
    let mut rng = Rng::new(10);
    for len in [1, 7, 64, 1000, 20_000] {
        for printable in [false, true] {
            let mut command = rng.bytes(len);
            if printable {
                for b in command.iter_mut() {
                    *b = b"ab \n\r\t\"\\;|$`'x\x1b\x07"[usize::from(*b) % 16];
                }
                command[0] = b'z';
            }
            let channel = ssh.channel_open_session().await.unwrap();
            channel.exec(true, command).await.unwrap();
            let out = Output::lossy(read_to_close(channel).await);
            assert_eq!(out.status, Some(2), "{len} bytes: {}", out.err);
            assert!(out.out.is_empty(), "{:?}", out.out);
            assert!(
                out.err.starts_with("banmen: ")
                    && out.err.ends_with('\n')
                    && out.err.lines().count() == 1
                    && !out.err.contains('\x1b'),
                "{len} bytes: {:?}",
                out.err
            );
            assert!(out.err.len() < 400, "{len} bytes: {} long", out.err.len());
        }
    }
    // The connection still works.
    let mut term = Term::open(&ssh, 80, 24).await;
    term.wait_text(LOBBY).await;
    server.stop().await;
}

#[tokio::test]
async fn a_session_idle_in_the_lobby_is_closed_and_a_player_in_a_room_is_not() {
    let (server, _hall) = server(|o| o.limits.lobby_idle = Duration::from_millis(700)).await;
    let idle_ssh = with_key_seed(server.addr, "idle", 1).await;
    let mut idle = Term::open(&idle_ssh, 80, 24).await;
    idle.wait_text(LOBBY).await;
    let host_ssh = with_key_seed(server.addr, "host", 2).await;
    let mut host = Term::open(&host_ssh, 80, 24).await;
    let _code = create_private_room(&mut host).await;
    idle.wait_for("the idle session to close", |t| t.closed)
        .await;
    assert_eq!(idle.exit, Some(0));
    assert!(
        idle.text().contains("without a key in the lobby"),
        "{}",
        idle.text()
    );
    // The host waits in their room much longer than the limit.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(!host.closed);
    answered_in(&mut host, b"?", "help").await;
    server.stop().await;
}

// 11. The language of exec commands.

/// Runs `command` without a pty on a new channel of `ssh`, after sending
/// `env` as SSH env requests: stdout, stderr and exit status.
async fn exec_with_env(
    ssh: &client::Handle<Client>,
    env: &[(&str, &str)],
    command: &[u8],
) -> Output {
    let channel = ssh.channel_open_session().await.unwrap();
    for (name, value) in env {
        channel.set_env(true, *name, *value).await.unwrap();
    }
    channel.exec(true, command.to_vec()).await.unwrap();
    Output::lossy(read_to_close(channel).await)
}

/// `--lang` before or after a command, then the player's saved language,
/// then the client's `LANG`, then English: usage errors and refusals read
/// in the language chosen; a junk `--lang` is one line, whatever its size.
#[tokio::test]
async fn exec_commands_answer_in_the_language_asked_for() {
    use banmen::hall::settings::Settings;
    use banmen::i18n::Lang;
    let (server, hall) = server(|_| {}).await;
    let ssh = with_key_seed(server.addr, "lang", 30).await;
    let no_env: &[(&str, &str)] = &[];
    let terminal = |lang: Lang| format!("banmen: {}\n", lang.t("exec-needs-terminal"));

    // `--lang ja` before and after, `--lang=ja`: Japanese.
    for command in [
        "--lang ja join ABC123",
        "join ABC123 --lang ja",
        "--lang=ja join ABC",
    ] {
        let out = exec_with_env(&ssh, no_env, command.as_bytes()).await;
        assert_eq!(out.err, terminal(Lang::Ja), "{command}");
        assert!(out.err.contains("端末が必要です"), "{}", out.err);
        assert_eq!(out.status, Some(1), "{command}");
    }
    let unknown = exec_with_env(&ssh, no_env, b"frobnicate now --lang ja").await;
    assert!(
        unknown.err.starts_with("banmen: 不明なコマンドです"),
        "{}",
        unknown.err
    );
    assert!(unknown.err.contains("使い方: ") && unknown.err.lines().count() == 1);
    assert_eq!(unknown.status, Some(2));
    let export = exec_with_env(&ssh, no_env, b"--lang pl export NOPE").await;
    let expected = Lang::Pl.text(&banmen::hall::HallError::NoSuchGame("NOPE".into()).msg());
    assert_eq!(export.err, format!("banmen: {expected}\n"));
    assert!(export.out.is_empty() && export.status == Some(1));

    // No `--lang`: the client's locale (an SSH env request) decides.
    let japanese = [("LANG", "ja_JP.UTF-8")];
    let out = exec_with_env(&ssh, &japanese, b"join ABC123").await;
    assert_eq!(out.err, terminal(Lang::Ja));
    let out = exec_with_env(&ssh, &japanese, b"join ABC123 --lang en").await;
    assert_eq!(out.err, terminal(Lang::En), "--lang wins over LANG");
    let c_locale = [("LANG", "ja_JP.UTF-8"), ("LC_ALL", "C")];
    let out = exec_with_env(&ssh, &c_locale, b"join ABC123").await;
    assert_eq!(out.err, "banmen: this needs a terminal: use ssh -t\n");

    // A junk `--lang`: one line, exit status 2, in the language otherwise
    // chosen; nothing of the junk's escapes comes back.
    let huge = format!("export g-1 --lang {}", "x".repeat(30_000));
    for junk in [
        &b"export g-1 --lang"[..],
        b"--lang klingon export g-1",
        b"--lang=ja\x1b[2J\xe2\x80\xae export g-1",
        huge.as_bytes(),
    ] {
        let out = exec_with_env(&ssh, &japanese, junk).await;
        assert_eq!(out.status, Some(2), "{}", out.err);
        assert!(out.out.is_empty(), "{:?}", out.out);
        assert!(
            out.err.starts_with("banmen: --lang ")
                && out.err.ends_with('\n')
                && out.err.lines().count() == 1
                && !out.err.contains('\x1b')
                && !out.err.contains('\u{202e}')
                && out.err.len() < 400,
            "{:?}",
            out.err
        );
        assert!(
            out.err.contains("ja（日本語）") || out.err.contains("言語を指定"),
            "{}",
            out.err
        );
    }

    // A keyed player's saved language wins over the locale, not over
    // `--lang`.
    let me = banmen::ssh::keys::key_identity("lang", client_key(30).public_key());
    hall.save_settings(&me, Settings::for_lang(Lang::Pl))
        .unwrap();
    let out = exec_with_env(&ssh, &japanese, b"join ABC123").await;
    assert_eq!(out.err, terminal(Lang::Pl));
    let out = exec_with_env(&ssh, &japanese, b"--lang tl join ABC123").await;
    assert_eq!(out.err, terminal(Lang::Tl));

    // With a pty, `--lang` reaches the session: a join that fails lands
    // in the lobby, drawn in Japanese (for a player with no saved one).
    let guest = as_guest(server.addr, "hanako").await;
    let mut term = Term::open_command(&guest, 80, 24, "join NOSUCH --lang ja").await;
    term.wait_text(&Lang::Ja.t("lobby-title")).await;
    server.stop().await;
}
