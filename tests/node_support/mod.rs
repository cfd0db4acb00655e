//! The real `banmen` binary as a test runs it: started in a directory on
//! a free loopback port, its log collected, killed with `kill -9` (and
//! when dropped); and a TCP proxy a test can cut, to take one node off
//! NATS while its players stay connected.
#![allow(dead_code)] // each test file uses its own part

use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// A running server; killed when dropped.
pub struct Node {
    child: Child,
    pub addr: SocketAddr,
    log: Arc<Mutex<String>>,
}

impl Node {
    /// Starts `banmen` in `dir` on a free loopback port and waits up to
    /// `wait` for its `listening` log line.
    pub fn start(dir: &Path, wait: Duration) -> Node {
        let mut child = Command::new(env!("CARGO_BIN_EXE_banmen"))
            .current_dir(dir)
            .args(["--listen", "127.0.0.1", "--port", "0"])
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn banmen");
        let stderr = child.stderr.take().unwrap();
        let log = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = mpsc::channel::<SocketAddr>();
        let thread_log = log.clone();
        // Reads stderr to the end (so the server never blocks on a full
        // pipe); the first `listening` line's address goes to `rx`.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let line = strip_ansi(&line);
                if line.contains("listening")
                    && let Some(addr) = listen_addr(&line)
                {
                    let _ = tx.send(addr);
                }
                let mut log = thread_log.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let mut node = Node {
            child,
            addr: "127.0.0.1:0".parse().unwrap(),
            log,
        };
        match rx.recv_timeout(wait) {
            Ok(addr) => node.addr = addr,
            Err(e) => panic!("the server did not start ({e}):\n{}", node.log()),
        }
        node
    }

    /// Everything it logged so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// `kill -9` (what `Child::kill` sends on unix), and waits until the
    /// process is gone.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        let start = Instant::now();
        while self.child.try_wait().unwrap().is_none() {
            assert!(start.elapsed() < Duration::from_secs(20), "still running");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The line without its terminal colour codes.
pub fn strip_ansi(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ params final-byte
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `addr=127.0.0.1:PORT` in a log line.
fn listen_addr(line: &str) -> Option<SocketAddr> {
    let at = line.find("addr=")? + 5;
    line[at..].split_whitespace().next()?.parse().ok()
}

/// A TCP proxy on a free loopback port to `target`; [`Proxy::cut`] drops
/// every connection through it and refuses new ones until
/// [`Proxy::mend`].
pub struct Proxy {
    pub port: u16,
    open: Arc<AtomicBool>,
    streams: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    pub fn start(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the proxy");
        let port = listener.local_addr().unwrap().port();
        let open = Arc::new(AtomicBool::new(true));
        let streams: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let (accept_open, accept_streams) = (open.clone(), streams.clone());
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if !accept_open.load(Ordering::SeqCst) {
                    drop(client);
                    continue;
                }
                let Ok(server) = TcpStream::connect(target) else {
                    continue;
                };
                let mut kept = accept_streams.lock().unwrap();
                kept.push(client.try_clone().unwrap());
                kept.push(server.try_clone().unwrap());
                pipe(client.try_clone().unwrap(), server.try_clone().unwrap());
                pipe(server, client);
            }
        });
        Proxy {
            port,
            open,
            streams,
        }
    }

    /// Cuts every connection and refuses new ones.
    pub fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        for s in self.streams.lock().unwrap().drain(..) {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }

    /// Lets connections through again.
    pub fn mend(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

/// Copies `from` to `to` on a thread until either closes.
fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from, &mut to);
        let _ = to.shutdown(std::net::Shutdown::Both);
    });
}
