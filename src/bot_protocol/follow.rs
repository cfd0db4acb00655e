//! A room as a bot follows it: each new snapshot of the room becomes the
//! events the bot has not had yet (`game_start`, `move`, `your_turn`,
//! `game_end`), each said once.

use crate::hall::RoomView;
use crate::hall::bots::is_bot_id;
use crate::hall::view::{Occupant, Phase};
use crate::i18n::Lang;
use crate::rules::AnyGame;
use crate::rules::vocab::{Outcome, Seat, Verdict};
use serde_json::{Value, json};
use std::time::Instant;

/// What a bot has been told about one room.
#[derive(Default)]
pub struct Follow {
    /// The game the events are about (`None`: none told yet).
    game_id: Option<String>,
    /// Moves told.
    moves: usize,
    /// The game as the moves told left it (for the positions after them).
    replica: Option<AnyGame>,
    /// The ply whose `your_turn` was told.
    turn: Option<usize>,
    /// Whether `game_end` was told.
    ended: bool,
}

impl Follow {
    /// The events `view` holds for the bot `me` that it was not told.
    pub fn events(&mut self, view: &RoomView, me: &str, now: Instant) -> Vec<Value> {
        let mut out = Vec::new();
        if view.phase == Phase::Waiting {
            return out;
        }
        if self.game_id.as_deref() != Some(&view.game_id) {
            out.push(game_start(view, me));
            *self = Follow {
                game_id: Some(view.game_id.clone()),
                moves: view.moves.len(),
                replica: Some(view.game.clone()),
                ..Follow::default()
            };
        }
        for ply in self.moves..view.moves.len() {
            out.push(self.moved(view, ply));
        }
        self.moves = view.moves.len();
        if let Some(turn) = self.your_turn(view, me, now) {
            out.push(turn);
        }
        if view.phase == Phase::Finished && !self.ended {
            self.ended = true;
            out.push(game_end(view));
        }
        out
    }

    /// Whether the game followed is over and its end was told.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The `move` event of move number `ply` (from 0) of `view`.
    fn moved(&mut self, view: &RoomView, ply: usize) -> Value {
        let played = &view.moves[ply];
        let replica = self.replica.get_or_insert_with(|| view.game.clone());
        let position = match replica.play_written(&played.text) {
            Ok(_) => replica.position_text(),
            Err(_) => {
                // Never expected: the snapshot's own game says where it is.
                *replica = view.game.clone();
                replica.position_text()
            }
        };
        json!({
            "event": "move",
            "room": view.id,
            "seat": played.seat.0,
            "move": played.text,
            "ply": ply + 1,
            "position": position,
            "by_cpu": played.by_cpu,
        })
    }

    /// `your_turn` when a seat of `me`'s is to move now and was not told.
    fn your_turn(&mut self, view: &RoomView, me: &str, now: Instant) -> Option<Value> {
        if view.phase != Phase::Playing || view.paused {
            return None;
        }
        let seat = view.game.to_move()?;
        let mine = matches!(
            view.seats.get(seat.index()),
            Some(Occupant::Human { id, cpu: false, .. }) if id == me
        );
        let ply = view.moves.len();
        if !mine || self.turn == Some(ply) {
            return None;
        }
        self.turn = Some(ply);
        let legal = view.game.legal_move_texts();
        let left = view
            .deadline
            .map(|d| d.saturating_duration_since(now).as_millis() as u64);
        Some(json!({
            "event": "your_turn",
            "room": view.id,
            "seat": seat.0,
            "ply": ply,
            "position": view.game.position_text(),
            "legal_moves": legal.len(),
            "legal": legal,
            "time_left_ms": left,
            "clock": clock(view, seat),
            "clocks": clocks(view),
        }))
    }
}

/// `seat`'s game clock as its turn began, in a room with one (`null`
/// otherwise): main time left, the byoyomi period and periods left, the
/// increment. `time_left_ms` is all of it; this says how it is made up,
/// so that a bot does not spend its main time on one move.
fn clock(view: &RoomView, seat: Seat) -> Value {
    let (Some(tc), Some(c)) = (view.settings.clock, view.seat_clocks.get(seat.index())) else {
        return Value::Null;
    };
    json!({
        "main_ms": c.main_ms,
        "byoyomi_ms": tc.byoyomi_ms,
        "periods": c.periods,
        "increment_ms": tc.increment_ms,
    })
}

/// Every seat's clock as this turn began, in seat order (`null` without
/// a game clock): an engine is told its opponents' time too (`go btime
/// … wtime …`), and a bot cannot work it out from the moves alone.
fn clocks(view: &RoomView) -> Value {
    if view.settings.clock.is_none() {
        return Value::Null;
    }
    let seats: Vec<Value> = (view.seat_clocks.iter())
        .map(|c| json!({"main_ms": c.main_ms, "periods": c.periods}))
        .collect();
    Value::Array(seats)
}

/// The `game_start` event: the game from its start, and the seats.
fn game_start(view: &RoomView, me: &str) -> Value {
    let kind = view.settings.kind;
    let seats: Vec<Value> = (view.seats.iter().enumerate())
        .map(|(i, o)| {
            let (player, bot, cpu) = match o {
                Occupant::Human { id, name, cpu, .. } => (name.as_str(), is_bot_id(id), *cpu),
                _ => ("CPU", false, true),
            };
            json!({
                "seat": i,
                "name": kind.seat_name(Seat(i as u8)),
                "player": player,
                "bot": bot,
                "cpu": cpu,
            })
        })
        .collect();
    let you: Vec<u8> = view.seats_of(me).iter().map(|s| s.0).collect();
    let moves: Vec<&str> = view.moves.iter().map(|m| m.text.as_str()).collect();
    json!({
        "event": "game_start",
        "room": view.id,
        "game_id": view.game_id,
        "game": kind.name(),
        "rules": rules(view.settings.rules.iter()),
        "start": view.opening.position_text(),
        "moves": moves,
        "position": view.game.position_text(),
        "seats": seats,
        "you": you,
        "turn_seconds": view.settings.time_limit.seconds(),
    })
}

/// Room rules as an object of name → value (`game_start`, `challenge`).
pub fn rules<N: ToString, V: ToString>(pairs: impl Iterator<Item = (N, V)>) -> Value {
    let map: serde_json::Map<String, Value> = pairs
        .map(|(name, value)| (name.to_string(), Value::String(value.to_string())))
        .collect();
    Value::Object(map)
}

/// The `game_end` event.
fn game_end(view: &RoomView) -> Value {
    let seats = view.seats.len();
    let outcome = view.game.outcome();
    let (winners, placings) = outcome.map_or((vec![], vec![]), |o| places(o, seats));
    let reason = outcome.map_or(String::new(), |o| {
        let key = o.reason.msg().key;
        key.trim_start_matches("reason-").to_string()
    });
    json!({
        "event": "game_end",
        "room": view.id,
        "game_id": view.game_id,
        "reason": reason,
        "result": Lang::En.text(&view.status),
        "winners": winners,
        "placings": placings,
    })
}

/// The winning seats and every seat's place (1 = first) and points.
fn places(outcome: &Outcome, seats: usize) -> (Vec<u8>, Vec<Value>) {
    let all = 0..seats as u8;
    let place_of: Vec<(u8, u8, i32)> = match &outcome.verdict {
        Verdict::Draw => all.map(|s| (s, 1, 0)).collect(),
        Verdict::Win(won) => all
            .map(|s| (s, if won.contains(Seat(s)) { 1 } else { 2 }, 0))
            .collect(),
        Verdict::Placings(list) => list.iter().map(|p| (p.seat.0, p.place, p.points)).collect(),
    };
    let winners = match &outcome.verdict {
        Verdict::Draw => Vec::new(),
        _ => (place_of.iter())
            .filter(|(_, place, _)| *place == 1)
            .map(|(s, _, _)| *s)
            .collect(),
    };
    let placings = (place_of.iter())
        .map(|(seat, place, points)| json!({"seat": seat, "place": place, "points": points}))
        .collect();
    (winners, placings)
}
