//! The bot protocol's lines (docs/bots.md): reading a command, writing
//! the answers. Every line is one JSON object.

use crate::rules::GameKind;
use serde_json::{Value, json};

/// A command a bot sent.
#[derive(Clone, Debug, PartialEq)]
pub enum BotCommand {
    /// Take the seat of a challenge.
    Accept {
        /// The challenge's id.
        challenge: String,
    },
    /// Refuse a challenge, saying why (or not).
    Decline {
        /// The challenge's id.
        challenge: String,
        /// Shown to the player who asked.
        reason: String,
    },
    /// Join a public room of this game waiting for a player, or open one.
    Seek {
        /// The game.
        game: GameKind,
    },
    /// Play a move in a room.
    Move {
        /// The room's id.
        room: String,
        /// The move in the game's notation.
        text: String,
    },
    /// Resign in a room.
    Resign {
        /// The room's id.
        room: String,
    },
    /// Give up a seat before the game starts.
    Leave {
        /// The room's id.
        room: String,
    },
    /// Answered `ok`.
    Ping,
}

/// A refusal: its code and words (English: bots read them, not people).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// `bad-json`, `illegal-move`, `flood`, …
    pub code: &'static str,
    /// What was wrong.
    pub message: String,
}

impl Refusal {
    /// A refusal with `code` saying `message`.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// A line read: the command's name and `id` (echoed in the answer) and
/// the command, or why it was refused.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The `cmd` given (empty when there was none).
    pub to: String,
    /// The `id` given, if any.
    pub id: Option<Value>,
    /// The command, or its refusal.
    pub command: Result<BotCommand, Refusal>,
}

/// Reads one line.
pub fn read(line: &str) -> Request {
    let refused = |to: String, id, e| Request {
        to,
        id,
        command: Err(e),
    };
    let value: Value = match serde_json::from_str(line) {
        Ok(value) => value,
        Err(e) => return refused(String::new(), None, Refusal::new("bad-json", e.to_string())),
    };
    let Some(object) = value.as_object() else {
        let e = Refusal::new("bad-json", "a command is a JSON object");
        return refused(String::new(), None, e);
    };
    let id = object.get("id").cloned();
    let Some(to) = object.get("cmd").and_then(Value::as_str) else {
        return refused(String::new(), id, Refusal::new("bad-json", "no \"cmd\""));
    };
    let to: String = to.chars().take(32).collect();
    Request {
        command: command(&to, &value),
        to,
        id,
    }
}

/// The command `cmd` with the fields of `value`.
fn command(cmd: &str, value: &Value) -> Result<BotCommand, Refusal> {
    let field = |name: &str| text(value, name);
    Ok(match cmd {
        "accept" => BotCommand::Accept {
            challenge: field("challenge")?,
        },
        "decline" => BotCommand::Decline {
            challenge: field("challenge")?,
            reason: text(value, "reason").unwrap_or_default(),
        },
        "seek" => BotCommand::Seek {
            game: field("game")?
                .parse()
                .map_err(|_| Refusal::new("bad-field", "game must be shogi, shogi4 or chess4"))?,
        },
        "move" => BotCommand::Move {
            room: field("room")?,
            text: field("move")?,
        },
        "resign" => BotCommand::Resign {
            room: field("room")?,
        },
        "leave" => BotCommand::Leave {
            room: field("room")?,
        },
        "ping" => BotCommand::Ping,
        other => {
            let shown: String = other.chars().filter(|c| !c.is_control()).collect();
            return Err(Refusal::new(
                "unknown-command",
                format!("unknown cmd {shown:?}"),
            ));
        }
    })
}

/// The text field `name` of `value` (at most 256 characters kept).
fn text(value: &Value, name: &str) -> Result<String, Refusal> {
    match value.get(name) {
        Some(Value::String(s)) => Ok(s.chars().take(256).collect()),
        Some(_) => Err(Refusal::new(
            "bad-field",
            format!("{name} must be a string"),
        )),
        None => Err(Refusal::new("bad-field", format!("{name} is missing"))),
    }
}

/// The `ok` answer to `request`, with `extra` fields (an object or null).
pub fn ok(request: &Request, extra: Value) -> Value {
    let mut answer = json!({"event": "ok", "to": request.to});
    if let Some(id) = &request.id {
        answer["id"] = id.clone();
    }
    if let (Some(answer), Value::Object(extra)) = (answer.as_object_mut(), extra) {
        answer.extend(extra);
    }
    answer
}

/// The `error` answer to `request` (or to a line that was no request:
/// `to` empty).
pub fn error(to: &str, id: Option<&Value>, refusal: &Refusal) -> Value {
    let mut answer = json!({"event": "error", "code": refusal.code, "message": refusal.message});
    if !to.is_empty() {
        answer["to"] = json!(to);
    }
    if let Some(id) = id {
        answer["id"] = id.clone();
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read() {
        let r = read(r#"{"cmd":"move","room":"abc","move":"7g7f","id":3}"#);
        assert_eq!(r.to, "move");
        assert_eq!(r.id, Some(json!(3)));
        assert_eq!(
            r.command,
            Ok(BotCommand::Move {
                room: "abc".into(),
                text: "7g7f".into()
            })
        );
        let seek = read(r#"{"cmd":"seek","game":"chess4"}"#).command;
        assert_eq!(
            seek,
            Ok(BotCommand::Seek {
                game: GameKind::Chess4
            })
        );
        assert_eq!(read(r#"{"cmd":"ping"}"#).command, Ok(BotCommand::Ping));
    }

    #[test]
    fn bad_lines_are_refusals_with_codes() {
        let code = |line: &str| read(line).command.unwrap_err().code;
        assert_eq!(code("{not json"), "bad-json");
        assert_eq!(code("[1,2]"), "bad-json");
        assert_eq!(code(r#"{"room":"x"}"#), "bad-json");
        assert_eq!(code(r#"{"cmd":"fly"}"#), "unknown-command");
        assert_eq!(code(r#"{"cmd":"move","room":"x"}"#), "bad-field");
        assert_eq!(code(r#"{"cmd":"move","room":1,"move":"x"}"#), "bad-field");
        assert_eq!(code(r#"{"cmd":"seek","game":"go"}"#), "bad-field");
    }

    #[test]
    fn answers_echo_the_id() {
        let r = read(r#"{"cmd":"accept","challenge":"c1","id":"x"}"#);
        let answer = ok(&r, json!({"room": "abc"}));
        assert_eq!(
            answer,
            json!({"event":"ok","to":"accept","id":"x","room":"abc"})
        );
        let refusal = Refusal::new("flood", "slow down");
        let e = error("move", None, &refusal);
        assert_eq!(
            e,
            json!({"event":"error","to":"move","code":"flood","message":"slow down"})
        );
    }
}
