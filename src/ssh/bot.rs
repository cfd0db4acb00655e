//! `ssh bot@host` with a registered bot's key: the bot protocol
//! (`crate::bot_protocol`, docs/bots.md) on the channel. Lines go out as
//! the client reads them (`output.rs`); a bot that stops reading is given
//! up on like anyone.

use super::output::{end_channel, send_or_give_up};
use crate::bot_protocol::{self, BotIo};
use crate::hall::{Hall, Identity};
use russh::ChannelWriteHalf;
use russh::server::Msg;
use tokio::sync::{mpsc, watch};

/// The user name that asks for the bot protocol.
pub const BOT_USER: &str = "bot";

/// Lines queued for the bot before the session waits for the client.
const OUTPUT_QUEUE: usize = 64;

/// Runs the protocol for `who` on a channel until the bot goes, then ends
/// the channel.
pub async fn run(
    hall: Hall,
    who: Identity,
    write: ChannelWriteHalf<Msg>,
    input: mpsc::Receiver<Vec<u8>>,
    shutdown: watch::Receiver<bool>,
) {
    let (output, mut lines) = mpsc::channel::<String>(OUTPUT_QUEUE);
    let io = BotIo {
        input,
        output,
        shutdown,
    };
    let session = tokio::spawn(bot_protocol::run(hall, who, io));
    while let Some(first) = lines.recv().await {
        let mut text = first;
        text.push('\n');
        // Lines already queued go in the same message.
        while let Ok(more) = lines.try_recv() {
            text.push_str(&more);
            text.push('\n');
        }
        if !send_or_give_up(&write, text.into_bytes()).await {
            session.abort();
            return;
        }
    }
    let _ = session.await;
    end_channel(&write, 0).await;
}

/// The one line a key that is no registered bot gets.
pub fn not_a_bot() -> String {
    let line = serde_json::json!({
        "event": "error",
        "code": "not-a-bot",
        "message": "this key is not a registered bot; an admin adds bots with `bots add`",
    });
    format!("{line}\n")
}
