//! The server under test: the `banmen` binary cargo built for this bench
//! (the bench profile, optimised like `--release`), started as its own
//! process so that its memory and CPU are not the clients'.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the server may take to start listening.
const START_TIMEOUT: Duration = Duration::from_secs(10);

/// A running `banmen serve` in a temporary directory of its own.
pub struct ServerProcess {
    child: Child,
    dir: PathBuf,
    /// Where it listens (loopback).
    pub addr: SocketAddr,
}

/// The binary under test.
pub fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_banmen"))
}

impl ServerProcess {
    /// Writes a config (loopback, a free port, host key and data in a
    /// fresh temp dir) and starts the server; returns once it accepts TCP.
    pub fn start(name: &str) -> ServerProcess {
        ServerProcess::start_with(name, |_| String::new())
    }

    /// [`ServerProcess::start`], after `prepare` (given the temp dir; the
    /// data lives in `data` under it) wrote what it needs; it returns more
    /// config sections (not `[limits]`, which loopback clients need raised).
    pub fn start_with(name: &str, prepare: impl FnOnce(&Path) -> String) -> ServerProcess {
        let dir = std::env::temp_dir().join(format!("banmen-bench-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let extra = prepare(&dir);
        let port = free_port();
        // Every client comes from loopback: one address may hold them all.
        let config = format!(
            "[server]\nlisten = \"127.0.0.1\"\nport = {port}\nhost_key = \"{}\"\n\n\
             [storage]\ndata_dir = \"{}\"\n\n[limits]\nmax_connections = 12000\n\
             per_ip = 12000\nnew_per_ip_per_minute = 1000000\nrooms_per_ip = 12000\n\
             cells_per_ip = 100000000\n{extra}",
            dir.join("host_ed25519").display(),
            dir.join("data").display(),
        );
        let config_path = dir.join("config.toml");
        std::fs::write(&config_path, config).expect("write config");
        let log = std::fs::File::create(dir.join("server.log")).expect("log file");
        let child = Command::new(binary())
            .arg("serve")
            .arg("--config")
            .arg(&config_path)
            .current_dir(&dir)
            // Warnings only: per-connection info lines are not what we measure.
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("start the banmen binary");
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let mut server = ServerProcess { child, dir, addr };
        server.wait_listening();
        server
    }

    fn wait_listening(&mut self) {
        let deadline = Instant::now() + START_TIMEOUT;
        while TcpStream::connect_timeout(&self.addr, Duration::from_millis(200)).is_err() {
            self.assert_alive();
            assert!(Instant::now() < deadline, "server did not start listening");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Panics (with the server's log) if the process has exited.
    pub fn assert_alive(&mut self) {
        if let Ok(Some(status)) = self.child.try_wait() {
            let log = std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default();
            panic!("server exited ({status}):\n{log}");
        }
    }

    /// The server's resident set size in KiB (`VmRSS` of `/proc/PID/status`).
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .expect("read /proc/PID/status (Linux only)");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS in /proc/PID/status")
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A loopback port nobody listens on (free when this returns; the server
/// binds it right after).
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    listener.local_addr().expect("local addr").port()
}
