//! The bot protocol's session (docs/bots.md): a registered bot connected
//! as `bot@host` reads events and writes commands, one JSON object per
//! line. The session turns commands into the hall's requests (as a
//! player's screen does) and the rooms' snapshots into events
//! (`follow.rs`). It knows nothing of SSH: bytes come in and lines go out
//! through channels, so tests drive it directly.

pub mod follow;
pub mod wire;

use crate::hall::bots::{BotLink, BotNotice, Challenge, MAX_GAMES, OPEN_CHALLENGES, is_bot_id};
use crate::hall::view::{Occupant, Phase};
use crate::hall::{Hall, HallError, Identity, RoomHandle};
use crate::i18n::Lang;
use follow::Follow;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::Instant;
use tokio::sync::{mpsc, watch};
use wire::{BotCommand, Refusal, Request};

/// The longest line a bot may send.
pub const LINE_BYTES: usize = 4096;

/// Commands a bot may send per second, sustained.
pub const PER_SECOND: f64 = 5.0;

/// Commands a bot may send at once after a quiet spell.
pub const BURST: f64 = 20.0;

/// The ends of a bot's connection the session uses.
pub struct BotIo {
    /// Bytes the bot sent; closed when it goes.
    pub input: mpsc::Receiver<Vec<u8>>,
    /// Lines for the bot (each one JSON object, without the newline).
    pub output: mpsc::Sender<String>,
    /// Becomes `true` when the server stops.
    pub shutdown: watch::Receiver<bool>,
}

/// A room the bot sits in.
struct Seated {
    handle: RoomHandle,
    follow: Follow,
    /// Tells the session when the room changes; stopped with the room.
    watcher: tokio::task::JoinHandle<()>,
}

impl Drop for Seated {
    fn drop(&mut self) {
        self.watcher.abort();
    }
}

/// A bot's session.
struct Session {
    hall: Hall,
    who: Identity,
    link: BotLink,
    rooms: HashMap<String, Seated>,
    changed_tx: mpsc::UnboundedSender<String>,
    output: mpsc::Sender<String>,
    bucket: Bucket,
}

/// Runs the session of the bot `who` until it leaves, is replaced or
/// removed, or the server stops.
pub async fn run(hall: Hall, who: Identity, mut io: BotIo) {
    let link = hall.connect_bot(&who);
    let (changed_tx, mut changed) = mpsc::unbounded_channel();
    let mut session = Session {
        hall,
        who,
        link,
        rooms: HashMap::new(),
        changed_tx,
        output: io.output.clone(),
        bucket: Bucket::new(Instant::now()),
    };
    if !session.hello().await {
        return;
    }
    let mut lines = Lines::default();
    loop {
        tokio::select! {
            bytes = io.input.recv() => {
                let Some(bytes) = bytes else { return };
                for line in lines.push(&bytes) {
                    if !session.line(line).await {
                        return;
                    }
                }
            }
            notice = session.link.notices.recv() => {
                let Some(notice) = notice else { return };
                if !session.notice(notice).await {
                    return;
                }
            }
            Some(room) = changed.recv() => {
                if !session.room_changed(&room).await {
                    return;
                }
            }
            _ = io.shutdown.changed() => return,
        }
    }
}

impl Session {
    /// Writes one event; `false` when the bot is gone.
    async fn send(&self, event: Value) -> bool {
        self.output.send(event.to_string()).await.is_ok()
    }

    /// `hello`, then the games the bot sits in (after a reconnect).
    async fn hello(&mut self) -> bool {
        let hello = json!({
            "event": "hello",
            "protocol": 1,
            "name": self.who.name,
            "id": self.who.id,
            "limits": {
                "commands_per_second": PER_SECOND as u32,
                "burst": BURST as u32,
                "line_bytes": LINE_BYTES,
                "open_challenges": OPEN_CHALLENGES,
                "games": MAX_GAMES,
            },
        });
        if !self.send(hello).await {
            return false;
        }
        for id in self.hall.rooms_of(&self.who) {
            match self.hall.join(&id, &self.who) {
                Ok(handle) => {
                    let view = handle.view();
                    if view.phase == Phase::Waiting {
                        // Not a game yet: the bot is told where it waits.
                        let kind = view.settings.kind.name();
                        let waiting = json!({"event": "waiting", "room": id, "game": kind});
                        if !self.send(waiting).await {
                            return false;
                        }
                    }
                    if !self.seat(handle).await {
                        return false;
                    }
                }
                Err(e) => tracing::debug!(room = %id, "a bot's room was not rejoined: {e}"),
            }
        }
        true
    }

    /// Follows a room the bot now sits in, telling it what is there.
    async fn seat(&mut self, handle: RoomHandle) -> bool {
        let id = handle.view().id.clone();
        let mut views = handle.subscribe();
        let tx = self.changed_tx.clone();
        let room = id.clone();
        let watcher = tokio::spawn(async move {
            while views.changed().await.is_ok() {
                if tx.send(room.clone()).is_err() {
                    return;
                }
            }
        });
        let seated = Seated {
            handle,
            follow: Follow::default(),
            watcher,
        };
        self.rooms.insert(id.clone(), seated);
        self.count_games();
        self.room_changed(&id).await
    }

    /// Tells the bot what changed in room `id`; a finished game nobody
    /// else is in any more, or a closed room, is let go.
    async fn room_changed(&mut self, id: &str) -> bool {
        let Some(seated) = self.rooms.get_mut(id) else {
            return true;
        };
        let view = seated.handle.view();
        let events = seated.follow.events(&view, &self.who.id, Instant::now());
        let ended = seated.follow.ended();
        let mine = view.seats_of(&self.who.id);
        // People still in the room may ask for another round; other bots
        // would wait for this one as it waits for them, so they do not count.
        let others_here = view
            .seats
            .iter()
            .any(|o| matches!(o, Occupant::Human { id, connected: true, .. } if !is_bot_id(id)));
        // A bot is always up for another round someone asked for.
        let asked = view.phase == Phase::Finished
            && view.new_round.0 != 0
            && view.new_round.0 & mine.0 == 0;
        if asked {
            let _ = seated.handle.new_round();
        }
        for event in events {
            if !self.send(event).await {
                return false;
            }
        }
        let done = view.closed.is_some() || (ended && !others_here && !asked);
        if done {
            self.rooms.remove(id);
        }
        self.count_games();
        true
    }

    /// Tells the hall how many games the bot plays.
    fn count_games(&self) {
        self.hall.set_bot_games(&self.link, self.playing());
    }

    /// The rooms the bot plays or waits in (finished games apart).
    fn playing(&self) -> usize {
        (self.rooms.values())
            .filter(|r| r.handle.view().phase != Phase::Finished)
            .count()
    }

    /// Passes on what the hall says; `false` ends the session.
    async fn notice(&mut self, notice: BotNotice) -> bool {
        match notice {
            BotNotice::Challenge(c) => self.send(challenge(&c)).await,
            BotNotice::ChallengeGone { id, reason } => {
                let gone = json!({"event": "challenge_gone", "challenge": id, "reason": reason});
                self.send(gone).await
            }
            BotNotice::Ended(why) => {
                let message = match why {
                    "removed" => "an admin removed this bot",
                    _ => "another connection of this bot took over",
                };
                let refusal = Refusal::new(why, message);
                let _ = self.send(wire::error("", None, &refusal)).await;
                false
            }
        }
    }

    /// Answers one line; `false` when the bot is gone.
    async fn line(&mut self, line: Line) -> bool {
        let request = match line {
            Line::TooLong => {
                let refusal = Refusal::new(
                    "line-too-long",
                    format!("lines are at most {LINE_BYTES} bytes"),
                );
                return self.send(wire::error("", None, &refusal)).await;
            }
            Line::Text(text) if text.trim().is_empty() => return true,
            Line::Text(text) => wire::read(&text),
        };
        if !self.bucket.take(Instant::now()) {
            let refusal = Refusal::new("flood", "too many commands; slow down");
            let answer = wire::error(&request.to, request.id.as_ref(), &refusal);
            return self.send(answer).await;
        }
        let (answer, seated) = self.answer(&request);
        if !self.send(answer).await {
            return false;
        }
        match seated {
            Some(handle) => self.seat(handle).await,
            None => true,
        }
    }

    /// The answer to `request`, and a room the bot took a seat in.
    fn answer(&mut self, request: &Request) -> (Value, Option<RoomHandle>) {
        let command = match &request.command {
            Ok(command) => command,
            Err(refusal) => return (wire::error(&request.to, request.id.as_ref(), refusal), None),
        };
        match self.execute(command) {
            Ok((extra, seated)) => (wire::ok(request, extra), seated),
            Err(refusal) => (
                wire::error(&request.to, request.id.as_ref(), &refusal),
                None,
            ),
        }
    }

    /// Does `command`: the answer's extra fields, and a room joined.
    fn execute(&mut self, command: &BotCommand) -> Result<(Value, Option<RoomHandle>), Refusal> {
        let none = |_| (Value::Null, None);
        match command {
            BotCommand::Ping => Ok((Value::Null, None)),
            BotCommand::Accept { challenge } => {
                self.room_for_one_more()?;
                let handle = (self.hall.accept_challenge(&self.who, challenge))
                    .map_err(|e| refusal(&e, "no-such-challenge"))?;
                Ok(joined(handle))
            }
            BotCommand::Decline { challenge, reason } => (self.hall)
                .decline_challenge(&self.who, challenge, reason)
                .map(none)
                .map_err(|e| refusal(&e, "no-such-challenge")),
            BotCommand::Seek { game } => {
                self.room_for_one_more()?;
                let handle =
                    (self.hall.quick_play(&self.who, *game)).map_err(|e| refusal(&e, "refused"))?;
                Ok(joined(handle))
            }
            BotCommand::Move { room, text } => self.play(room, text).map(none),
            BotCommand::Resign { room } => (self.seated(room)?.handle.resign())
                .map(none)
                .map_err(|e| refusal(&e, "refused")),
            BotCommand::Leave { room } => self.leave(room).map(none),
        }
    }

    /// Refuses a seat more when the bot plays as many games as it may.
    fn room_for_one_more(&self) -> Result<(), Refusal> {
        match self.playing() < MAX_GAMES {
            true => Ok(()),
            false => Err(Refusal::new(
                "too-many-games",
                format!("a bot plays at most {MAX_GAMES} games at once"),
            )),
        }
    }

    fn seated(&self, room: &str) -> Result<&Seated, Refusal> {
        self.rooms
            .get(room)
            .ok_or_else(|| Refusal::new("no-such-room", format!("no seat of yours in {room:?}")))
    }

    /// Plays `text` in `room`: an unreadable or illegal move is refused
    /// and the turn stays open.
    fn play(&self, room: &str, text: &str) -> Result<(), Refusal> {
        let handle = &self.seated(room)?.handle;
        let view = handle.view();
        let mine = view.seats_of(&self.who.id);
        let to_move = view.game.to_move().filter(|s| mine.contains(*s));
        if view.phase != Phase::Playing || to_move.is_none() {
            return Err(refusal(&HallError::NotYourTurn, "not-your-turn"));
        }
        let mv = (view.game.parse_text(text))
            .map_err(|e| Refusal::new("illegal-move", Lang::En.text(&e.msg())))?;
        handle.play(&mv).map_err(|e| match e {
            HallError::Rules(_) => refusal(&e, "illegal-move"),
            HallError::NotYourTurn => refusal(&e, "not-your-turn"),
            _ => refusal(&e, "refused"),
        })
    }

    /// Gives up a seat in a room whose game has not started.
    fn leave(&mut self, room: &str) -> Result<(), Refusal> {
        let phase = self.seated(room)?.handle.view().phase;
        if phase == Phase::Playing {
            let why = "the game has started: resign instead";
            return Err(Refusal::new("refused", why));
        }
        self.rooms.remove(room);
        self.count_games();
        Ok(())
    }
}

/// The answer to a join: the room's id, and the handle to follow it by.
fn joined(handle: RoomHandle) -> (Value, Option<RoomHandle>) {
    let room = handle.view().id.clone();
    (json!({ "room": room }), Some(handle))
}

/// A hall's refusal as the protocol says it: `code`, English words.
fn refusal(e: &HallError, code: &'static str) -> Refusal {
    Refusal::new(code, Lang::En.text(&e.msg()))
}

/// The `challenge` event.
fn challenge(c: &Challenge) -> Value {
    let rules = follow::rules(c.rules.iter().map(|(n, v)| (n, v)));
    json!({
        "event": "challenge",
        "challenge": c.id,
        "room": c.room,
        "from": c.from,
        "game": c.game.name(),
        "rules": rules,
        "seat": c.seat,
        "seat_name": c.game.seat_name(crate::rules::vocab::Seat(c.seat)),
        "ranked": c.ranked,
        "turn_seconds": c.turn_seconds,
        "expires_in_ms": crate::hall::bots::CHALLENGE_MS,
    })
}

/// A line of input, or one cut for its length.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    Text(String),
    TooLong,
}

/// Input bytes into lines; a line over [`LINE_BYTES`] is dropped whole.
#[derive(Default)]
struct Lines {
    partial: Vec<u8>,
    /// Dropping the rest of a line that was too long.
    skipping: bool,
}

impl Lines {
    /// The lines `bytes` completes.
    fn push(&mut self, bytes: &[u8]) -> Vec<Line> {
        let mut out = Vec::new();
        for &b in bytes {
            if b == b'\n' {
                if !std::mem::take(&mut self.skipping) {
                    let text = String::from_utf8_lossy(&self.partial).into_owned();
                    out.push(Line::Text(text));
                }
                self.partial.clear();
            } else if !self.skipping {
                self.partial.push(b);
                if self.partial.len() > LINE_BYTES {
                    self.partial.clear();
                    self.skipping = true;
                    out.push(Line::TooLong);
                }
            }
        }
        out
    }
}

/// A token bucket: [`PER_SECOND`] commands a second, [`BURST`] at once.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn new(now: Instant) -> Bucket {
        Bucket {
            tokens: BURST,
            at: now,
        }
    }

    /// Takes a token if there is one.
    fn take(&mut self, now: Instant) -> bool {
        let earned = now.saturating_duration_since(self.at).as_secs_f64() * PER_SECOND;
        self.tokens = (self.tokens + earned).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn lines_are_cut_at_newlines_and_long_ones_dropped() {
        let mut lines = Lines::default();
        assert_eq!(lines.push(b"{\"cmd\":"), vec![]);
        assert_eq!(
            lines.push(b"\"ping\"}\n{}\n"),
            vec![
                Line::Text("{\"cmd\":\"ping\"}".into()),
                Line::Text("{}".into())
            ]
        );
        let long = vec![b'x'; LINE_BYTES + 10];
        assert_eq!(lines.push(&long), vec![Line::TooLong]);
        assert_eq!(lines.push(b"yyy\nok\n"), vec![Line::Text("ok".into())]);
    }

    #[test]
    fn the_bucket_allows_a_burst_then_the_rate() {
        let start = Instant::now();
        let mut bucket = Bucket::new(start);
        let burst = (0..100).take_while(|_| bucket.take(start)).count();
        assert_eq!(burst, BURST as usize);
        assert!(!bucket.take(start));
        let later = start + Duration::from_secs(2);
        let more = (0..100).take_while(|_| bucket.take(later)).count();
        assert_eq!(more, (2.0 * PER_SECOND) as usize);
    }
}
