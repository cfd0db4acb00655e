//! Writing to a channel without letting a client make the server hold
//! more than it is sending: every write waits for the client's SSH window
//! (russh's write half sends only what the window admits, so nothing
//! queues inside russh), and a client that takes nothing for
//! [`WRITE_TIMEOUT`] is given up on: its channel is closed and what was
//! to be sent is dropped. Terminal sessions, `logs` and the answers of
//! commands (`export`, the admin answers, errors) all write through here.

use russh::ChannelWriteHalf;
use russh::server::Msg;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A client that takes no output for this long is given up on.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// How a write went.
enum Sent {
    /// The client's window took it all.
    Done,
    /// The channel or the connection is gone.
    Gone,
    /// The client took nothing for [`WRITE_TIMEOUT`].
    Stalled,
}

/// Waits (at most [`WRITE_TIMEOUT`]) for `write`, a send on a channel.
async fn send_within(write: impl Future<Output = Result<(), russh::Error>>) -> Sent {
    match tokio::time::timeout(WRITE_TIMEOUT, write).await {
        Ok(Ok(())) => Sent::Done,
        Ok(Err(_)) => Sent::Gone,
        Err(_) => Sent::Stalled,
    }
}

/// Closes the channel of a client that stopped reading.
async fn give_up(write: &ChannelWriteHalf<Msg>) {
    tracing::info!("client stopped reading; closing its channel");
    let _ = write.close().await;
}

/// Sends `bytes`, waiting for the client's window; `false` when the client
/// is gone, or took nothing for [`WRITE_TIMEOUT`] (its channel is closed).
pub(super) async fn send_or_give_up(write: &ChannelWriteHalf<Msg>, bytes: Vec<u8>) -> bool {
    match send_within(write.data_bytes(bytes)).await {
        Sent::Done => true,
        Sent::Gone => false,
        Sent::Stalled => {
            give_up(write).await;
            false
        }
    }
}

/// Ends a channel as a finished command does: exit status, EOF, close.
pub(super) async fn end_channel(write: &ChannelWriteHalf<Msg>, status: u32) {
    let _ = write.exit_status(status).await;
    let _ = write.eof().await;
    let _ = write.close().await;
}

/// A command's whole answer: text for stdout or stderr, and the exit
/// status.
#[derive(Debug)]
pub(super) struct Answer {
    /// Where the text goes.
    pub stderr: bool,
    /// The text, ending with a newline.
    pub text: Vec<u8>,
    /// The exit status.
    pub status: u32,
}

/// Writes `answer` as the client reads it, then ends the channel (or gives
/// up on a client that stopped reading). `ended` is set before the
/// channel's close goes out: from then on the server holds nothing of the
/// channel but russh's small record of it, so it no longer counts against
/// the connection's channels (the client could otherwise open its next
/// channel before the count knows).
pub(super) async fn answer(write: ChannelWriteHalf<Msg>, answer: Answer, ended: &AtomicBool) {
    let sent = if answer.stderr {
        send_within(write.extended_data_bytes(1, answer.text)).await
    } else {
        send_within(write.data_bytes(answer.text)).await
    };
    ended.store(true, Ordering::Release);
    match sent {
        Sent::Done => end_channel(&write, answer.status).await,
        Sent::Gone => {}
        Sent::Stalled => give_up(&write).await,
    }
}
