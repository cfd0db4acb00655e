//! The admin commands over SSH (the handler has checked the key first):
//! `rooms`, `close ROOM`, `stats` and `bots …` answer at once; `logs` streams the
//! hall's journal down the channel, at the pace the client reads it, and
//! with `--follow` keeps streaming until Ctrl-C (a 0x03 byte, with `ssh
//! -t`), the client leaving, or the server stopping.

use super::exec::{AdminCommand, LogsArgs};
use super::output::{end_channel, send_or_give_up};
use crate::hall::journal::{JournalError, LogLine, LogQuery, parse_since};
use crate::hall::{Hall, HallError};
use crate::i18n::Lang;
use crate::msg;
use crate::store::StoreError;
use russh::ChannelWriteHalf;
use russh::keys::PublicKey;
use russh::server::Msg;
use thiserror::Error;
use tokio::sync::{mpsc, watch};

/// Why an admin command failed. Its words are in the catalogs
/// ([`AdminError::msg`]); `Display` gives the English ones, for logs.
#[derive(Debug, Error)]
pub enum AdminError {
    /// The hall refused (no such room) or failed (storage).
    #[error("{0}")]
    Hall(#[from] HallError),
    /// `logs`' `--since` does not read.
    #[error("{0}")]
    Since(#[from] JournalError),
    /// [`answer`] was given `logs`, which [`stream_logs`] answers.
    #[error("logs streams; this is a bug")]
    LogsStreams,
    /// `bots add` was given something that is no public key.
    #[error("{}", Lang::En.text(&self.msg()))]
    BadKey(String),
}

impl AdminError {
    /// What to tell the admin, in any language.
    pub fn msg(&self) -> crate::i18n::Msg {
        match self {
            AdminError::Hall(e) => e.msg(),
            AdminError::Since(JournalError::BadSince(since)) => {
                msg!("exec-bad-since", since = format!("{since:?}"))
            }
            AdminError::Since(e) => msg!("exec-journal-failed", detail = e.to_string()),
            AdminError::LogsStreams => msg!("exec-internal-error", detail = self.to_string()),
            AdminError::BadKey(detail) => msg!("exec-bot-bad-key", detail = detail),
        }
    }
}

/// Lines sent in one SSH data message at most (fewer messages, and the
/// queue of read lines never grows past the hall's read-ahead).
const BATCH: usize = 64;

/// Answers `rooms`, `close` and `stats` for the admin named `admin`, the
/// text for people in `lang` (JSON is data: the same in every language).
/// `logs` streams instead: see [`stream_logs`].
pub fn answer(
    hall: &Hall,
    command: &AdminCommand,
    admin: &str,
    lang: Lang,
) -> Result<String, AdminError> {
    match command {
        AdminCommand::Rooms(json) => {
            let rooms = hall.rooms_report();
            let lines: Vec<String> = match json {
                true => rooms.iter().map(to_json).collect(),
                false if rooms.is_empty() => vec![lang.t("exec-admin-no-rooms")],
                false => rooms.iter().map(|r| r.line(lang)).collect(),
            };
            Ok(lines.join("\n"))
        }
        AdminCommand::Close(room) => {
            let done = hall.close_by_admin(room, admin)?;
            tracing::info!(%admin, %room, "an admin closed a room");
            Ok(lang.text(&done))
        }
        AdminCommand::Stats(true) => Ok(to_json(&hall.stats())),
        AdminCommand::Stats(false) => Ok(hall.stats().text(lang)),
        AdminCommand::RebuildRatings => {
            let done = hall.rebuild_ratings()?;
            tracing::info!(%admin, "{done}");
            Ok(done)
        }
        AdminCommand::AddBot(name, key) => {
            let parsed = PublicKey::from_openssh(key)
                .map_err(|e| AdminError::BadKey(e.to_string().chars().take(80).collect()))?;
            let fingerprint = super::keys::fingerprint(&parsed);
            let line = parsed.to_openssh().unwrap_or_else(|_| key.clone());
            hall.add_bot(name, &line, &fingerprint, admin)?;
            let added = msg!(
                "exec-bot-added",
                name = name.as_str(),
                fingerprint = fingerprint
            );
            Ok(lang.text(&added))
        }
        AdminCommand::RemoveBot(name) => {
            hall.remove_bot(name, admin)?;
            Ok(lang.text(&msg!("exec-bot-removed", name = name.as_str())))
        }
        AdminCommand::Bots(json) => Ok(bots_list(hall, *json, lang)),
        AdminCommand::Logs(_) => Err(AdminError::LogsStreams),
    }
}

/// The registered bots, one per line (JSON lines when `json`), and
/// whether each is connected to this server.
fn bots_list(hall: &Hall, json: bool, lang: Lang) -> String {
    let connected: Vec<String> = hall.connected_bots().into_iter().map(|b| b.name).collect();
    let bots = hall.bots();
    if bots.is_empty() && !json {
        return lang.t("exec-bots-none");
    }
    let lines: Vec<String> = bots
        .iter()
        .map(|b| {
            let online = connected.contains(&b.name);
            match json {
                true => {
                    let mut value = serde_json::to_value(b).unwrap_or_default();
                    value["connected"] = serde_json::Value::Bool(online);
                    value.to_string()
                }
                false => lang.text(&msg!(
                    "exec-bot-line",
                    name = b.name.as_str(),
                    fingerprint = b.fingerprint.as_str(),
                    admin = b.added_by.as_str(),
                    time = crate::hall::journal::rfc3339(b.added_at),
                    connected = if online { "yes" } else { "no" }
                )),
            }
        })
        .collect();
    lines.join("\n")
}

fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The query `args` ask for, with `--since` read against the hall's clock.
pub fn query(hall: &Hall, args: &LogsArgs) -> Result<LogQuery, AdminError> {
    let since = args
        .since
        .as_deref()
        .map(|s| parse_since(s, hall.clock().now_ms()))
        .transpose()?;
    Ok(LogQuery {
        room: args.room.clone(),
        game: args.game.clone(),
        since,
        follow: args.follow,
    })
}

/// The ends of a command channel a stream needs.
pub struct StreamIo {
    /// The channel's sending half.
    pub write: ChannelWriteHalf<Msg>,
    /// Bytes the client types (Ctrl-C ends a follow); closed when the
    /// client goes.
    pub input: mpsc::Receiver<Vec<u8>>,
    /// Becomes `true` when the server stops.
    pub shutdown: watch::Receiver<bool>,
}

/// Streams the journal lines of `query` (JSON lines when `json`), then
/// ends the channel: status 0 when the stream ended (or the admin stopped
/// following), 1 after a read error (said in `lang`; the lines themselves
/// are the journal's, in English).
pub async fn stream_logs(hall: Hall, query: LogQuery, json: bool, lang: Lang, mut io: StreamIo) {
    let mut lines = hall.journal(query);
    let mut status = 0;
    loop {
        tokio::select! {
            first = lines.recv() => {
                let Some(first) = first else { break };
                let (text, error) = batch(first, &mut lines, json);
                if !text.is_empty() && !send_or_give_up(&io.write, text.into_bytes()).await {
                    return;
                }
                if let Some(error) = error {
                    let why = crate::tr!(lang, "exec-journal-failed", detail = error.to_string());
                    let message = format!("banmen: {why}\n");
                    let _ = io.write.extended_data_bytes(1, message.into_bytes()).await;
                    status = 1;
                    break;
                }
            }
            typed = io.input.recv() => match typed {
                Some(bytes) if bytes.contains(&3) || bytes.contains(&4) => break,
                Some(_) => {}
                None => return,
            },
            _ = io.shutdown.changed() => break,
        }
    }
    end_channel(&io.write, status).await;
}

/// `first` and the lines already queued after it (up to [`BATCH`]) as
/// text, and the error that ended the stream, if one came.
fn batch(
    first: Result<LogLine, StoreError>,
    lines: &mut mpsc::Receiver<Result<LogLine, StoreError>>,
    json: bool,
) -> (String, Option<StoreError>) {
    let mut text = String::new();
    let mut item = first;
    for taken in 1..=BATCH {
        match item {
            Ok(line) => {
                text.push_str(&if json { line.json() } else { line.human() });
                text.push('\n');
            }
            Err(e) => return (text, Some(e)),
        }
        if taken == BATCH {
            break;
        }
        match lines.try_recv() {
            Ok(next) => item = next,
            Err(_) => break,
        }
    }
    (text, None)
}
