//! The bot's decisions, apart from the network and the engine so that
//! they can be tested line by line: [`Bot::on_event`] reads one event of
//! docs/bots.md §3 and says what to do ([`Action`]); [`Bot::on_answer`]
//! turns the engine's `bestmove` into a command.
//!
//! Every command carries a numeric `id`, because an `error` names the
//! command it refuses only by `to` and `id`: that is how a refused move is
//! traced back to its room.

use super::Accept;
use super::go::Clocks;
use super::position::{clock_budget, engine_options, position_line};
use crate::rules::GameKind;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// What the bot plays and accepts (`--game`, `--accept`, `--seek`).
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// The only game it plays.
    pub game: GameKind,
    /// Which challenges it takes, by the room being ranked or not.
    pub accept: Accept,
    /// Whether it looks for a game whenever it has none.
    pub seek: bool,
}

/// What the bot wants done.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Write this command to the hall.
    Send(Value),
    /// Ask the engine for a move; its answer goes to [`Bot::on_answer`].
    Think(Think),
    /// Give up the connection for good, for this reason.
    Stop(String),
}

/// One question for the engine: a turn of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Think {
    /// The room the turn is in.
    pub room: String,
    /// The game in that room, so that an engine can be told of a new game.
    pub game_id: String,
    /// The `setoption` lines for that game's rules, sent with a new game.
    pub options: Vec<String>,
    /// Moves played before this turn: tells a late answer from a current one.
    pub ply: u64,
    /// The engine's `position …` line.
    pub position: String,
    /// What is left of the turn's time when it was asked (`None`: no limit).
    pub time_left: Option<Duration>,
    /// The room's game clock, every seat's (`None`: none), for engines
    /// that manage their own time.
    pub clocks: Option<Clocks>,
}

/// What the engine made of a [`Think`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The word after `bestmove`: a move, or `resign`, `win`, `(none)`.
    Best(String),
    /// No answer (the engine failed, timed out or is restarting).
    Failed,
}

/// A game the bot sits in.
#[derive(Debug)]
struct Room {
    kind: GameKind,
    game_id: String,
    options: Vec<String>,
    /// The position `moves` start from: the game's start, or a position
    /// taken from `your_turn` when a move was missed.
    start: String,
    /// The ply `start` is at.
    base: u64,
    moves: Vec<String>,
    turn: Option<Turn>,
}

impl Room {
    fn ply(&self) -> u64 {
        self.base + self.moves.len() as u64
    }
}

/// The bot's open turn in a room.
#[derive(Debug)]
struct Turn {
    ply: u64,
    legal: Vec<String>,
    /// A move (or resignation) was sent for it.
    sent: bool,
    /// Random moves sent after refusals.
    fallbacks: u8,
}

/// A command waiting for its `ok` or `error`: what it was for, and the
/// command itself, to be sent again after a `flood` refusal.
#[derive(Debug, Clone)]
struct Sent {
    what: What,
    command: Value,
    resends: u8,
}

/// What a command was for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum What {
    /// A move or resignation for the turn at `ply` in `room`.
    Turn {
        room: String,
        ply: u64,
    },
    Accept,
    Seek,
    Other,
}

/// The bot's state over one connection.
#[derive(Debug)]
pub struct Bot {
    policy: Policy,
    /// After `hello`, until the connection drops.
    connected: bool,
    rooms: HashMap<String, Room>,
    /// Rooms taken (by `accept` or `seek`) whose game has not started.
    waiting: HashSet<String>,
    /// A `seek` was sent and not yet answered.
    seeking: bool,
    sent: HashMap<u64, Sent>,
    next_id: u64,
}

impl Bot {
    /// A bot that is not connected yet.
    pub fn new(policy: Policy) -> Bot {
        Bot {
            policy,
            connected: false,
            rooms: HashMap::new(),
            waiting: HashSet::new(),
            seeking: false,
            sent: HashMap::new(),
            next_id: 1,
        }
    }

    /// The connection dropped: what it knew ends with it (a new one starts
    /// with `hello` and the games again).
    pub fn on_disconnect(&mut self) {
        *self = Bot::new(self.policy);
    }

    /// What to do about one event from the hall. Unknown events, and
    /// events about rooms the bot does not know, ask for nothing.
    pub fn on_event(&mut self, event: &Value) -> Vec<Action> {
        match text(event, "event") {
            "hello" => self.on_hello(event),
            "challenge" => self.on_challenge(event),
            "challenge_gone" => {
                tracing::info!(challenge = %event["challenge"], reason = text(event, "reason"), "challenge gone");
                Vec::new()
            }
            "game_start" => self.on_game_start(event),
            "move" => self.on_move(event),
            "your_turn" => self.on_your_turn(event),
            "game_end" => self.on_game_end(event),
            "ok" => self.on_ok(event),
            "error" => self.on_error(event),
            _ => Vec::new(),
        }
    }

    /// Called now and then: a `seek` that was refused (or a game that
    /// never came) is tried again here rather than at once, so a refusal
    /// cannot turn into a flood.
    pub fn on_tick(&mut self) -> Vec<Action> {
        self.seek_if_idle()
    }

    /// The engine's answer to `think`; nothing when the turn is no longer
    /// open (played by the CPU meanwhile, the game over, a reconnection).
    pub fn on_answer(&mut self, think: &Think, answer: Answer) -> Vec<Action> {
        let Some(room) = self.rooms.get(&think.room) else {
            return Vec::new();
        };
        let open = room
            .turn
            .as_ref()
            .is_some_and(|t| t.ply == think.ply && !t.sent);
        if room.game_id != think.game_id || !open {
            return Vec::new();
        }
        match answer {
            Answer::Best(mv) if is_no_move(&mv) => {
                tracing::info!(room = %think.room, "the engine gives up ({mv})");
                self.give_up(&think.room)
            }
            Answer::Best(mv) => self.play(&think.room, mv),
            Answer::Failed => {
                tracing::warn!(room = %think.room, "no move from the engine: playing a random one");
                self.play_random(&think.room)
            }
        }
    }

    fn on_hello(&mut self, event: &Value) -> Vec<Action> {
        *self = Bot::new(self.policy);
        self.connected = true;
        tracing::info!(name = text(event, "name"), "in the hall");
        // No seek yet: the games the bot already sits in come next, and
        // the first tick seeks if there are none.
        Vec::new()
    }

    fn on_challenge(&mut self, event: &Value) -> Vec<Action> {
        let challenge = event["challenge"].clone();
        let (from, game) = (text(event, "from"), text(event, "game"));
        let ranked = event["ranked"].as_bool().unwrap_or(false);
        match judge(&self.policy, game, ranked) {
            Ok(()) => {
                tracing::info!(%from, %game, ranked, "accepting a challenge");
                vec![self.command(
                    json!({"cmd": "accept", "challenge": challenge}),
                    What::Accept,
                )]
            }
            Err(reason) => {
                tracing::info!(%from, %game, ranked, "declining a challenge: {reason}");
                let cmd = json!({"cmd": "decline", "challenge": challenge, "reason": reason});
                vec![self.command(cmd, What::Other)]
            }
        }
    }

    fn on_game_start(&mut self, event: &Value) -> Vec<Action> {
        let name = text(event, "room").to_string();
        let Ok(kind) = text(event, "game").parse::<GameKind>() else {
            tracing::warn!(room = %name, game = text(event, "game"), "a game of an unknown kind");
            return Vec::new();
        };
        let moves = strings(&event["moves"]);
        tracing::info!(room = %name, game = %kind, game_id = text(event, "game_id"), ply = moves.len(), "game started");
        self.waiting.remove(&name);
        let room = Room {
            kind,
            game_id: text(event, "game_id").to_string(),
            options: engine_options(kind, &event["rules"]),
            start: text(event, "start").to_string(),
            base: 0,
            moves,
            turn: None,
        };
        self.rooms.insert(name, room);
        Vec::new()
    }

    fn on_move(&mut self, event: &Value) -> Vec<Action> {
        let Some(room) = self.rooms.get_mut(text(event, "room")) else {
            return Vec::new();
        };
        let ply = event["ply"].as_u64().unwrap_or(0);
        if ply == room.ply() + 1 {
            room.moves.push(text(event, "move").to_string());
        } else if ply > room.ply() + 1 {
            // A gap: the next `your_turn` brings the position itself.
            tracing::warn!(room = text(event, "room"), ply, "a move was missed");
        }
        if event["by_cpu"].as_bool() == Some(true) {
            tracing::info!(room = text(event, "room"), seat = %event["seat"], "the CPU moved for a seat");
        }
        if room.turn.as_ref().is_some_and(|t| t.ply < ply) {
            room.turn = None;
        }
        Vec::new()
    }

    fn on_your_turn(&mut self, event: &Value) -> Vec<Action> {
        let name = text(event, "room").to_string();
        let ply = event["ply"].as_u64().unwrap_or(0);
        let kind = self.policy.game;
        let room = self.rooms.entry(name.clone()).or_insert_with(|| Room {
            kind,
            game_id: String::new(),
            options: Vec::new(),
            start: String::new(),
            base: ply,
            moves: Vec::new(),
            turn: None,
        });
        if room.ply() != ply || room.start.is_empty() {
            // Out of step with the hall: start over from its position.
            room.start = text(event, "position").to_string();
            room.base = ply;
            room.moves.clear();
        }
        room.turn = Some(Turn {
            ply,
            legal: strings(&event["legal"]),
            sent: false,
            fallbacks: 0,
        });
        vec![Action::Think(Think {
            room: name,
            game_id: room.game_id.clone(),
            options: room.options.clone(),
            ply,
            position: position_line(room.kind, &room.start, &room.moves),
            time_left: time_to_use(event),
            clocks: Clocks::from_event(event),
        })]
    }

    fn on_game_end(&mut self, event: &Value) -> Vec<Action> {
        let name = text(event, "room");
        tracing::info!(room = %name, result = text(event, "result"), "game over");
        self.rooms.remove(name);
        self.waiting.remove(name);
        self.seek_if_idle()
    }

    fn on_ok(&mut self, event: &Value) -> Vec<Action> {
        let what = self.answered(event).map(|s| s.what);
        if what == Some(What::Seek) {
            self.seeking = false;
        }
        if matches!(what, Some(What::Accept | What::Seek)) {
            let room = text(event, "room");
            if !room.is_empty() && !self.rooms.contains_key(room) {
                self.waiting.insert(room.to_string());
            }
        }
        Vec::new()
    }

    fn on_error(&mut self, event: &Value) -> Vec<Action> {
        let (code, message) = (text(event, "code"), text(event, "message"));
        let sent = self.answered(event);
        tracing::warn!(to = text(event, "to"), %code, "the hall refused: {message}");
        let Some(sent) = sent else {
            return match code {
                "replaced" => vec![Action::Stop(
                    "another connection with this bot's key took its place".to_string(),
                )],
                _ => Vec::new(),
            };
        };
        match (code, &sent.what) {
            ("flood", _) => self.resend(sent),
            ("illegal-move", What::Turn { room, ply }) => {
                let (room, ply) = (room.clone(), *ply);
                self.retry(&room, ply)
            }
            (_, What::Seek) => {
                self.seeking = false;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }
}

/// Whether a challenge fits the policy; the reason shown to the
/// challenger when it does not.
pub fn judge(policy: &Policy, game: &str, ranked: bool) -> Result<(), String> {
    if game != policy.game.name() {
        return Err(format!("this bot plays only {}", policy.game.name()));
    }
    match (policy.accept, ranked) {
        (Accept::Rated, false) => Err("this bot plays only rated games".to_string()),
        (Accept::Casual, true) => Err("this bot plays only casual games".to_string()),
        _ => Ok(()),
    }
}

/// USI's and the four-player dialect's ways of saying "no move".
fn is_no_move(mv: &str) -> bool {
    matches!(mv, "resign" | "win" | "(none)" | "none" | "0000" | "")
}

/// A string field, or "" when absent.
fn text<'a>(event: &'a Value, field: &str) -> &'a str {
    event[field].as_str().unwrap_or("")
}

/// An array of strings (other items skipped; absent: empty).
fn strings(value: &Value) -> Vec<String> {
    let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
    items
        .iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect()
}

/// The time a turn may use: the time left, or with a game clock the
/// share of it a move should take ([`clock_budget`]).
fn time_to_use(event: &Value) -> Option<Duration> {
    let left = event["time_left_ms"].as_u64().map(Duration::from_millis);
    match (left, clock_budget(&event["clock"])) {
        (Some(left), Some(share)) => Some(left.min(share)),
        (left, _) => left,
    }
}

#[path = "play_send.rs"]
mod send;

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;
