//! Huge terminals from one address: 80 guest sessions (20 connections of 4
//! channels, the most one address may open) asking for the largest
//! screens. Each costs the server its screen buffers (about 80 bytes a
//! cell); before `[limits] max_columns`, `max_rows` and `cells_per_ip`,
//! 80 sessions at 512×256 held about 1 GiB. Now a window over 300×100
//! is asked to shrink (a note in a buffer of a few hundred cells) and the
//! sessions of one address share 200,000 cells (about 16 MiB), so the
//! process grows by tens of MiB, not hundreds.
//!
//! The only test in this file: it measures this process's memory (the
//! server runs in it), which other tests running beside it would blur.

mod common;
use banmen::hall::Hall;
use common::*;
use russh::ChannelMsg;
use russh::client;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinSet;

/// How much this process may grow with the 80 sessions open: the address's
/// screen cells (200,000 × 2 buffers ≈ 16 MiB), the notes (80 × 432 cells),
/// the 80 apps and both ends of 20 SSH connections (a few hundred KiB
/// each, in this process), with room for the allocator's slack. Before
/// the limits, the same sessions grew it by about 600 MiB.
const MAX_GROWTH_MIB: u64 = 64;

/// What a session shows first, as raw bytes: the note asking to shrink,
/// the note saying the address's screens are full, the lobby, or the
/// name question.
const SCREENS: [&str; 4] = [
    "banmen draws up to 300×100",
    "screens open from your address",
    "Open public rooms",
    "Your name:",
];

/// This process's resident memory, in KiB.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .expect("a VmRSS line");
    line.split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("VmRSS in kB")
}

/// Opens a pty of `cols`×`rows` with a shell and reads (bounded) until one
/// of [`SCREENS`] arrives; returns the channel (kept open) and which one.
/// Only a short tail of the bytes is kept: a terminal emulator of that
/// size here would cost this process what the server is meant to save.
async fn open_screen(
    ssh: &client::Handle<Client>,
    cols: u32,
    rows: u32,
) -> (russh::Channel<client::Msg>, usize) {
    let mut channel = ssh.channel_open_session().await.unwrap();
    channel
        .request_pty(true, "xterm-256color", cols, rows, 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(true).await.unwrap();
    let screen = wait_screen(&mut channel, cols, rows).await;
    (channel, screen)
}

/// The text in `raw` with escape sequences taken out, a cursor move read
/// as a space and spaces run together: ratatui skips blank cells, so the
/// words of a line arrive with a move between each.
fn flatten(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        if chars.next() == Some('[') {
            let end = chars.by_ref().find(|c| ('\x40'..='\x7e').contains(c));
            if end == Some('H') {
                out.push(' ');
            }
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Reads (bounded) until one of [`SCREENS`] arrives; which one.
async fn wait_screen(channel: &mut russh::Channel<client::Msg>, cols: u32, rows: u32) -> usize {
    let mut tail: Vec<u8> = Vec::new();
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        match tokio::time::timeout_at(deadline, channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                tail.extend_from_slice(&data);
                let text = flatten(&tail);
                if let Some(i) = SCREENS.iter().position(|s| text.contains(s)) {
                    return i;
                }
                let keep = tail.len().saturating_sub(256);
                tail.drain(..keep);
            }
            Ok(Some(_)) => {}
            other => panic!(
                "no screen for a {cols}×{rows} window: {other:?}; last bytes {:?}",
                String::from_utf8_lossy(&tail)
            ),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eighty_huge_sessions_from_one_address_stay_small_and_each_gets_a_screen() {
    let dir = temp_dir();
    let server = TestServer::start_options(
        &dir.join("host_key"),
        banmen::ui::App::new,
        Hall::new(1),
        |_| {},
    )
    .await;
    // One session first, so that what every server and connection needs
    // once is not counted.
    let first = Arc::new(as_guest(server.addr, "first").await);
    let (mut warm, _) = open_screen(&first, 80, 24).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = rss_kib();

    // It grows to 512×256 too, and 79 more open: 20 connections of 4.
    warm.window_change(512, 256, 0, 0).await.unwrap();
    let warm_shown = wait_screen(&mut warm, 512, 256).await;
    let mut set = JoinSet::new();
    for c in 0..20usize {
        let (addr, first) = (server.addr, first.clone());
        set.spawn(async move {
            let ssh = match c {
                0 => first,
                _ => Arc::new(as_guest(addr, &format!("big{c}")).await),
            };
            let mut shown = Vec::new();
            for s in (c == 0) as usize..4 {
                // Half ask for 512×256 (over the maximum), half for the
                // largest drawn, 300×100 (over the address's cells).
                let (cols, rows) = if (c + s) % 2 == 0 {
                    (512, 256)
                } else {
                    (300, 100)
                };
                shown.push((cols, open_screen(&ssh, cols, rows).await));
            }
            (ssh, shown)
        });
    }
    let (mut kept, mut connections) = (vec![warm], Vec::new());
    let (mut counts, mut big_drawn) = ([0usize; SCREENS.len()], 0);
    while let Some(joined) = set.join_next().await {
        let (ssh, shown) = joined.expect("a connection's sessions");
        for (cols, (channel, screen)) in shown {
            big_drawn += usize::from(cols == 512 && screen != 0);
            counts[screen] += 1;
            kept.push(channel);
        }
        connections.push(ssh);
    }
    // Let the sessions settle (frames sent, queues empty).
    tokio::time::sleep(Duration::from_millis(500)).await;
    let grown_mib = rss_kib().saturating_sub(before) / 1024;
    eprintln!(
        "80 sessions: grown {grown_mib} MiB; besides the first, notes to shrink {}, address full {}, \
         lobby {}, name {}",
        counts[0], counts[1], counts[2], counts[3]
    );
    assert!(
        grown_mib <= MAX_GROWTH_MIB,
        "80 huge sessions grew the process by {grown_mib} MiB (at most {MAX_GROWTH_MIB})"
    );
    assert_eq!(counts.iter().sum::<usize>(), 79);
    assert_eq!(big_drawn, 0, "every 512×256 window is asked to shrink");
    assert_eq!(
        warm_shown, 0,
        "a window grown to 512×256 is asked to shrink"
    );
    assert!(
        counts[2] + counts[3] >= 6,
        "six 300×100 boards fit: {counts:?}"
    );
    drop((kept, connections));
    server.stop().await;
}
