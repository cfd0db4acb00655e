//! The pressing side shared by the session benchmarks: opening players
//! and timing each key press to the frame that shows it.

use crate::client::{Player, Read};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Barrier, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// Keys each session presses.
pub const KEYS_PER_SESSION: usize = 300;
/// Pause between two keys of one session (uniform, milliseconds).
const KEY_GAP_MS: std::ops::RangeInclusive<u64> = 50..=100;
/// Handshakes in flight at once while sessions are opened.
const CONNECT_PARALLEL: usize = 10;
/// A key whose frame has not arrived after this is counted as lost.
const FRAME_TIMEOUT: Duration = Duration::from_secs(2);

/// Text of the lobby's first frame.
pub const LOBBY: &str = "Open public rooms";
const DOWN: &[u8] = b"\x1b[B";
const UP: &[u8] = b"\x1b[A";

/// Opens players `first..first + count`, [`CONNECT_PARALLEL`] at a time.
pub async fn open_players(addr: SocketAddr, first: u32, count: u32) -> Vec<Player> {
    let (players, failed) = try_open_players(addr, first, count, CONNECT_PARALLEL).await;
    if let Some(e) = failed.first() {
        panic!("{e}");
    }
    players
}

/// Opens players `first..first + count`, `parallel` handshakes at a time;
/// the players, and why the others failed.
pub async fn try_open_players(
    addr: SocketAddr,
    first: u32,
    count: u32,
    parallel: usize,
) -> (Vec<Player>, Vec<String>) {
    let gate = Arc::new(Semaphore::new(parallel));
    let mut set = JoinSet::new();
    for n in first..first + count {
        let gate = gate.clone();
        set.spawn(async move {
            let _permit = gate.acquire_owned().await;
            Player::connect(addr, n, LOBBY).await
        });
    }
    let (mut players, mut failed) = (Vec::new(), Vec::new());
    while let Some(joined) = set.join_next().await {
        match joined.expect("connect task") {
            Ok(player) => players.push(player),
            Err(e) => failed.push(e),
        }
    }
    (players, failed)
}

/// One key press as the client saw it.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// Key sent → first output bytes back.
    pub first: Option<Duration>,
    /// Key sent → the screen shows the moved selection.
    pub shown: Option<Duration>,
    /// Output bytes received until the next key.
    pub bytes: usize,
    /// Data messages received until the next key.
    pub messages: usize,
}

/// Every player presses its keys at once (after a barrier); all samples.
pub async fn press_all(players: Vec<Player>) -> Vec<Sample> {
    let barrier = Arc::new(Barrier::new(players.len()));
    let mut set = JoinSet::new();
    for (i, player) in players.into_iter().enumerate() {
        let barrier = barrier.clone();
        set.spawn(press_keys(player, i as u64, barrier));
    }
    let mut samples = Vec::new();
    while let Some(joined) = set.join_next().await {
        samples.extend(joined.expect("player task"));
    }
    samples
}

/// One session's keys: Down and Up in turn, a jittered gap apart; each
/// timed to its first output bytes and to the screen showing the move.
async fn press_keys(mut player: Player, seed: u64, start: Arc<Barrier>) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(seed);
    let top = player.selected_row().expect("a selected room");
    start.wait().await;
    // Spread the sessions over one gap so they do not press in lockstep.
    tokio::time::sleep(Duration::from_millis(rng.random_range(KEY_GAP_MS))).await;
    let mut samples = Vec::with_capacity(KEYS_PER_SESSION);
    for k in 0..KEYS_PER_SESSION {
        let (key, want) = if k % 2 == 0 {
            (DOWN, top + 1)
        } else {
            (UP, top)
        };
        let next = Instant::now() + Duration::from_millis(rng.random_range(KEY_GAP_MS));
        let mut sample = Sample {
            first: None,
            shown: None,
            bytes: 0,
            messages: 0,
        };
        let sent = Instant::now();
        if player.send(key).await.is_err() {
            break;
        }
        // Until the frame is on screen (bounded), then until the next key.
        let frame_deadline = sent + FRAME_TIMEOUT;
        while sample.shown.is_none() {
            match player.read(frame_deadline).await {
                Read::Data(n) => {
                    sample.first.get_or_insert_with(|| sent.elapsed());
                    sample.bytes += n;
                    sample.messages += 1;
                    if player.selected_row() == Some(want) {
                        sample.shown = Some(sent.elapsed());
                    }
                }
                Read::Timeout => break,
                Read::Closed => return samples,
            }
        }
        while let Read::Data(n) = player.read(next).await {
            sample.bytes += n;
            sample.messages += 1;
        }
        samples.push(sample);
        tokio::time::sleep_until(next).await;
    }
    samples
}
