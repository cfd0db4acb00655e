//! What the end-to-end tests share: the real server on a loopback port
//! and an in-process russh client whose screen `vt100` reads. Every wait is
//! bounded so a broken server fails the test, not CI. And what the tests of
//! the hall without SSH share: players, a hall on a store, moves and waits
//! on a room.
#![allow(dead_code)] // each test file uses its own part

use banmen::hall::{Clock, Hall, HallOptions, Identity, RoomHandle, RoomView};
use banmen::ssh::admins::AdminKeys;
use banmen::ssh::app::{AppFactory, SessionApp};
use banmen::ssh::echo::EchoApp;
use banmen::ssh::{ServerOptions, bind};
use banmen::store::Store;
use banmen::store::memory::MemoryStore;
use russh::ChannelMsg;
use russh::client;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

#[path = "../nats_support/mod.rs"]
pub mod nats_support;
pub mod stores;
#[path = "../temp_support/mod.rs"]
pub mod temp_support;
pub use temp_support::TempDir;

pub const WAIT: Duration = Duration::from_secs(10);

/// A fresh directory under the system temp dir, removed when dropped.
pub fn temp_dir() -> TempDir {
    TempDir::created("e2e")
}

/// A running server and the means to stop it.
pub struct TestServer {
    pub addr: SocketAddr,
    pub key_created: bool,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl TestServer {
    pub async fn start(host_key: &Path) -> TestServer {
        TestServer::start_with(host_key, EchoApp::new).await
    }

    /// A server whose sessions run the app `factory` builds.
    pub async fn start_with<A: SessionApp>(
        host_key: &Path,
        factory: impl AppFactory<A>,
    ) -> TestServer {
        TestServer::start_admin(host_key, factory, Hall::new(1), AdminKeys::default()).await
    }

    /// A server on `hall` whose admins hold `admins`.
    pub async fn start_admin<A: SessionApp>(
        host_key: &Path,
        factory: impl AppFactory<A>,
        hall: Hall,
        admins: AdminKeys,
    ) -> TestServer {
        TestServer::start_options(host_key, factory, hall, |o| o.admins = admins).await
    }

    /// A server on `hall` with options `configure` changes from the
    /// defaults (limits, admins, timeouts).
    pub async fn start_options<A: SessionApp>(
        host_key: &Path,
        factory: impl AppFactory<A>,
        hall: Hall,
        configure: impl FnOnce(&mut ServerOptions),
    ) -> TestServer {
        let mut options = ServerOptions::new("127.0.0.1", 0, host_key.to_path_buf());
        configure(&mut options);
        let listening = bind(options).await.unwrap();
        let addr = listening.local_addr().unwrap();
        let key_created = listening.key_created;
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let signal = async {
                let _ = stopped.await;
            };
            listening.run(hall, factory, signal).await;
        });
        TestServer {
            addr,
            key_created,
            stop: Some(stop),
            task,
        }
    }

    /// Stops the server and waits (bounded) until it has drained.
    pub async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        tokio::time::timeout(Duration::from_secs(15), self.task)
            .await
            .expect("server stops in time")
            .unwrap();
    }
}

/// The client side: trusts any host key (tests only).
pub struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

pub async fn connect(addr: SocketAddr) -> client::Handle<Client> {
    let config = Arc::new(client::Config::default());
    tokio::time::timeout(WAIT, client::connect(config, addr, Client))
        .await
        .expect("connect in time")
        .expect("connect")
}

/// A keyless guest, logged in as SSH user `user` (`play`, or the name
/// they want): keyboard-interactive lets guests in at once, without a
/// prompt (a name is asked in the UI, and not at all on `resume`).
pub async fn as_guest(addr: SocketAddr, user: &str) -> client::Handle<Client> {
    let mut session = connect(addr).await;
    let reply = session
        .authenticate_keyboard_interactive_start(user, None)
        .await
        .unwrap();
    match reply {
        client::KeyboardInteractiveAuthResponse::Success => session,
        other => panic!("a guest is let in without a prompt, got {other:?}"),
    }
}

pub fn client_key(seed: u8) -> PrivateKey {
    PrivateKey::from(Ed25519Keypair::from_seed(&[seed; 32]))
}

pub async fn with_key(addr: SocketAddr, user: &str) -> client::Handle<Client> {
    with_key_seed(addr, user, 9).await
}

/// Logs in with the Ed25519 key made from `seed` (one seed, one player).
pub async fn with_key_seed(addr: SocketAddr, user: &str, seed: u8) -> client::Handle<Client> {
    let mut session = connect(addr).await;
    let key = PrivateKeyWithHashAlg::new(Arc::new(client_key(seed)), None);
    let auth = session.authenticate_publickey(user, key).await.unwrap();
    assert!(auth.success(), "{auth:?}");
    session
}

/// A channel with a pty and what its screen shows.
pub struct Term {
    pub channel: russh::Channel<client::Msg>,
    pub screen: vt100::Parser,
    pub exit: Option<u32>,
    pub closed: bool,
}

impl Term {
    pub async fn open(session: &client::Handle<Client>, cols: u16, rows: u16) -> Term {
        Term::open_with(session, cols, rows, None).await
    }

    /// A channel with a pty running `command` (`join CODE`, `watch CODE`).
    pub async fn open_command(
        session: &client::Handle<Client>,
        cols: u16,
        rows: u16,
        command: &str,
    ) -> Term {
        Term::open_with(session, cols, rows, Some(command)).await
    }

    /// A channel with a pty running a shell, or `command`.
    async fn open_with(
        session: &client::Handle<Client>,
        cols: u16,
        rows: u16,
        command: Option<&str>,
    ) -> Term {
        let channel = session.channel_open_session().await.unwrap();
        channel
            .request_pty(true, "xterm-256color", cols.into(), rows.into(), 0, 0, &[])
            .await
            .unwrap();
        match command {
            Some(command) => channel.exec(true, command).await.unwrap(),
            None => channel.request_shell(true).await.unwrap(),
        }
        let screen = vt100::Parser::new(rows.try_into().unwrap(), cols.try_into().unwrap(), 0);
        Term {
            channel,
            screen,
            exit: None,
            closed: false,
        }
    }

    /// Sends `bytes` one byte per packet: the server must parse input as a
    /// stream, whatever the packet boundaries.
    pub async fn send_split(&self, bytes: &[u8]) {
        for b in bytes {
            self.send(std::slice::from_ref(b)).await;
        }
    }

    /// Reads output until `done` holds for the screen (or panics after
    /// [`WAIT`], showing the screen).
    pub async fn wait_for(&mut self, what: &str, done: impl Fn(&Term) -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !done(self) {
            let msg = tokio::time::timeout_at(deadline, self.channel.wait()).await;
            let Ok(msg) = msg else {
                panic!("timed out waiting for: {what}\n{}", self.text());
            };
            if !self.take(msg) {
                assert!(done(self), "channel closed before: {what}\n{}", self.text());
            }
        }
    }

    /// Reads output for `time`, so that the screen is the latest one
    /// drawn (a check that something is *not* shown needs it).
    pub async fn read_for(&mut self, time: Duration) {
        let deadline = tokio::time::Instant::now() + time;
        while let Ok(msg) = tokio::time::timeout_at(deadline, self.channel.wait()).await {
            if !self.take(msg) {
                return;
            }
        }
    }

    /// Takes one message of the channel in; `false` once it has closed.
    fn take(&mut self, msg: Option<ChannelMsg>) -> bool {
        match msg {
            Some(ChannelMsg::Data { data }) => self.screen.process(&data),
            Some(ChannelMsg::ExitStatus { exit_status }) => self.exit = Some(exit_status),
            Some(ChannelMsg::Close) | None => {
                self.closed = true;
                return false;
            }
            Some(_) => {}
        }
        true
    }

    pub async fn wait_text(&mut self, needle: &str) {
        let needle_owned = needle.to_string();
        self.wait_for(needle, move |t| t.text().contains(&needle_owned))
            .await;
    }

    pub fn text(&self) -> String {
        self.screen.screen().contents()
    }

    pub async fn send(&self, bytes: &[u8]) {
        self.channel.data_bytes(bytes.to_vec()).await.unwrap();
    }
}

/// Runs `command` without a pty; returns stdout, stderr and the exit status.
pub async fn exec_command(
    session: &client::Handle<Client>,
    command: &str,
) -> (String, String, Option<u32>) {
    let channel = session.channel_open_session().await.unwrap();
    channel.exec(true, command).await.unwrap();
    let (out, err, status) = read_to_close(channel).await;
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (text(out), text(err), status)
}

/// Reads a command channel to its close (each wait bounded by [`WAIT`]):
/// stdout, stderr and the exit status.
pub async fn read_to_close(
    mut channel: russh::Channel<client::Msg>,
) -> (Vec<u8>, Vec<u8>, Option<u32>) {
    let (mut out, mut err, mut status) = (Vec::new(), Vec::new(), None);
    loop {
        match tokio::time::timeout(WAIT, channel.wait())
            .await
            .expect("the command ends in time")
        {
            Some(ChannelMsg::Data { data }) => out.extend_from_slice(&data),
            Some(ChannelMsg::ExtendedData { data, ext: 1 }) => err.extend_from_slice(&data),
            Some(ChannelMsg::ExitStatus { exit_status }) => status = Some(exit_status),
            Some(ChannelMsg::Close) | None => break,
            Some(_) => {}
        }
    }
    (out, err, status)
}

/// The invite code after "Invite code: " on the screen (`K7QX-M2P9-TD`).
pub fn invite_code(screen: &str) -> String {
    let at = screen
        .find("Invite code: ")
        .expect("an invite code on screen")
        + 13;
    screen[at..]
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string()
}

/// The game id after "game " in the title line.
pub fn game_id(screen: &str) -> String {
    let at = screen.find("· game ").expect("a game id on screen") + 7;
    screen[at..].split_whitespace().next().unwrap().to_string()
}

/// In the lobby: creates a private two-player shogi room through the form
/// (Tab to the privacy line, Space, `c`) and returns its invite code. Tab
/// moves like Down in one byte: an arrow's escape sequence sent a byte at
/// a time can be cut by the server's lone-Escape timeout on a busy machine.
pub async fn create_private_room(term: &mut Term) -> String {
    term.wait_text("Open public rooms").await;
    term.send_split(b"c").await;
    term.wait_text("Create a room").await;
    for _ in 0..6 {
        term.send_split(b"\t").await;
    }
    term.send_split(b" ").await; // public -> private
    term.wait_text("private").await;
    term.send_split(b"c").await;
    term.wait_text("Invite code: ").await;
    invite_code(&term.text())
}

/// Plays `text` as a typed move: the move prompt (`m`), the move, Enter.
pub async fn type_move(term: &mut Term, text: &str) {
    term.send_split(b"m").await;
    term.send_split(text.as_bytes()).await;
    term.send_split(b"\r").await;
}

// ---- the hall without SSH ----

/// A keyed player called `name` (the screen tests' `ui_support::me`).
pub fn player(name: &str) -> Identity {
    Identity {
        id: format!("key:{name}"),
        name: name.to_string(),
        keyed: true,
    }
}

/// A guest (no key) called `name`.
pub fn guest(name: &str) -> Identity {
    Identity {
        id: format!("guest:{name}"),
        name: name.to_string(),
        keyed: false,
    }
}

/// A hall on `store` (its rooms rebuilt, none failing), on `clock`, CPU
/// level 1.
pub fn open_hall(store: &impl AsStore, clock: &Clock) -> Hall {
    let (hall, report) =
        Hall::open(store.as_store(), HallOptions::default(), clock.clone()).unwrap();
    assert!(report.failed.is_empty(), "{report:?}");
    hall
}

/// Plays `text` for the handle's seat.
pub fn play(handle: &RoomHandle, text: &str) {
    let mv = handle.view().game.parse_text(text).unwrap();
    handle.play(&mv).unwrap();
}

/// Waits (bounded by [`WAIT`]) until the room's view satisfies `done`.
pub async fn wait_for(handle: &mut RoomHandle, done: impl Fn(&RoomView) -> bool) {
    tokio::time::timeout(WAIT, async {
        while !done(&handle.view()) {
            assert!(handle.changed().await, "the room closed");
        }
    })
    .await
    .expect("the room reached the expected state in time");
}

/// A shared store, as the hall takes it.
pub trait AsStore {
    fn as_store(&self) -> Arc<dyn Store>;
}

impl AsStore for Arc<MemoryStore> {
    fn as_store(&self) -> Arc<dyn Store> {
        self.clone()
    }
}

impl AsStore for Arc<dyn Store> {
    fn as_store(&self) -> Arc<dyn Store> {
        self.clone()
    }
}

// ---- bots ----

/// The real SSH server and UI on `hall`, its host key in `dir`.
pub async fn hall_server(hall: &Hall, dir: &Path) -> TestServer {
    let admins = AdminKeys::default();
    TestServer::start_admin(
        &dir.join("host"),
        banmen::ui::App::new,
        hall.clone(),
        admins,
    )
    .await
}

/// Registers the key made from `seed` as the bot `name`, and writes its
/// private key (mode 0600, as OpenSSH wants) to a file in `dir`.
pub fn register_bot(hall: &Hall, name: &str, seed: u8, dir: &Path) -> PathBuf {
    let key = client_key(seed);
    let public = key.public_key();
    let fingerprint = banmen::ssh::keys::fingerprint(public);
    let line = public.to_openssh().unwrap();
    hall.add_bot(name, &line, &fingerprint, "test").unwrap();
    let path = dir.join(format!("{name}_key"));
    let text = key
        .to_openssh(russh::keys::ssh_key::LineEnding::LF)
        .unwrap();
    std::fs::write(&path, text.as_bytes()).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    path
}
