//! The bot's commands: moves, resignations, seeks, each with its `id`
//! remembered until the hall answers, and what to do when it refuses one
//! (a random legal move after an illegal one, the same command again
//! after `flood`).

use super::{Action, Bot, Sent, Turn, What};
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

/// Random moves tried in one turn after the engine's move was refused,
/// before the turn is left to the hall's CPU.
pub(super) const MAX_FALLBACKS: u8 = 3;

/// Times one command is sent again after `flood` refusals (the bridge
/// paces its commands, so one is rare).
pub(super) const MAX_RESENDS: u8 = 5;

impl Bot {
    /// Which command an `ok` or `error` answers, if it is one of the bot's.
    pub(super) fn answered(&mut self, event: &Value) -> Option<Sent> {
        event["id"].as_u64().and_then(|id| self.sent.remove(&id))
    }

    /// Sends a command the hall refused as too many again (the bridge's
    /// pace delays it), unless its turn is over or it was refused too often.
    pub(super) fn resend(&mut self, sent: Sent) -> Vec<Action> {
        let stale = match &sent.what {
            What::Turn { room, ply } => self.turn(room).is_none_or(|t| t.ply != *ply),
            _ => false,
        };
        if stale || sent.resends >= MAX_RESENDS {
            if sent.what == What::Seek {
                // A later tick looks again.
                self.seeking = false;
            }
            return Vec::new();
        }
        let mut command = sent.command;
        if let Some(fields) = command.as_object_mut() {
            fields.remove("id");
        }
        vec![self.command_counted(command, sent.what, sent.resends + 1)]
    }

    /// A random legal move after the hall refused the last one for this
    /// turn, a few times at most.
    pub(super) fn retry(&mut self, room: &str, ply: u64) -> Vec<Action> {
        let Some(turn) = self.turn(room).filter(|t| t.ply == ply) else {
            return Vec::new();
        };
        if turn.fallbacks >= MAX_FALLBACKS {
            return Vec::new();
        }
        turn.fallbacks += 1;
        turn.sent = false;
        tracing::warn!(%room, "move refused: playing a random legal move");
        self.play_random(room)
    }

    /// The open turn in `room`, if any.
    pub(super) fn turn(&mut self, room: &str) -> Option<&mut Turn> {
        self.rooms.get_mut(room).and_then(|r| r.turn.as_mut())
    }

    /// Sends `mv` for the open turn in `room`.
    pub(super) fn play(&mut self, room: &str, mv: String) -> Vec<Action> {
        let Some(turn) = self.turn(room) else {
            return Vec::new();
        };
        turn.sent = true;
        let ply = turn.ply;
        let sent = What::Turn {
            room: room.to_string(),
            ply,
        };
        tracing::debug!(%room, ply, %mv, "playing");
        vec![self.command(json!({"cmd": "move", "room": room, "move": mv}), sent)]
    }

    /// A random move of the turn's `legal` list (resigning if it is empty).
    pub(super) fn play_random(&mut self, room: &str) -> Vec<Action> {
        let choice = self
            .turn(room)
            .and_then(|t| t.legal.choose(&mut rand::rng()).cloned());
        match choice {
            Some(mv) => self.play(room, mv),
            None => self.give_up(room),
        }
    }

    /// Resigns where the game allows it; four-player shogi has no
    /// resignation, so there a random legal move keeps the game going.
    pub(super) fn give_up(&mut self, room: &str) -> Vec<Action> {
        let Some(r) = self.rooms.get_mut(room) else {
            return Vec::new();
        };
        if !r.kind.has_resignation() {
            let legal = r.turn.as_ref().is_some_and(|t| !t.legal.is_empty());
            return if legal {
                self.play_random(room)
            } else {
                Vec::new()
            };
        }
        let Some(turn) = r.turn.as_mut() else {
            return Vec::new();
        };
        turn.sent = true;
        let what = What::Turn {
            room: room.to_string(),
            ply: turn.ply,
        };
        vec![self.command(json!({"cmd": "resign", "room": room}), what)]
    }

    /// A `seek` for the bot's game when it has none, is not waiting for
    /// one, and was asked to look.
    pub(super) fn seek_if_idle(&mut self) -> Vec<Action> {
        let idle = self.rooms.is_empty() && self.waiting.is_empty() && !self.seeking;
        if !(self.policy.seek && self.connected && idle) {
            return Vec::new();
        }
        self.seeking = true;
        tracing::info!(game = %self.policy.game, "looking for a game");
        vec![self.command(
            json!({"cmd": "seek", "game": self.policy.game.name()}),
            What::Seek,
        )]
    }

    /// `command` with the next `id`, remembered until answered.
    pub(super) fn command(&mut self, command: Value, what: What) -> Action {
        self.command_counted(command, what, 0)
    }

    /// [`Bot::command`] for a command sent `resends` times before.
    pub(super) fn command_counted(
        &mut self,
        mut command: Value,
        what: What,
        resends: u8,
    ) -> Action {
        let id = self.next_id;
        self.next_id += 1;
        command["id"] = id.into();
        let sent = Sent {
            what,
            command: command.clone(),
            resends,
        };
        self.sent.insert(id, sent);
        Action::Send(command)
    }
}
