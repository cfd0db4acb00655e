//! The hall's journal: one line per committed event, written with the event
//! (`Store::commit`), plus lines of the hall's own (a room expired, an
//! admin closed it). It is what admins read (`logs`) and follow live
//! (`logs --follow`, the admin screen).
//!
//! A room's log says what changed for the room to be rebuilt; a journal
//! line says what happened for a person to read: the player in the seat,
//! the seats a move mated, the game's id. It is written from the room's
//! state before and after the event, so nothing has to be replayed to read
//! it, and it outlives the room (room logs are removed with their rooms).

use super::events::{Event, Record};
use super::names;
use super::state::RoomState;
use super::view::Occupant;
use crate::rules::vocab::Seat;
use serde::{Deserialize, Serialize};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use thiserror::Error;

/// Why a journal line or a `--since` time could not be read.
#[derive(Debug, Error)]
pub enum JournalError {
    /// Stored bytes are not a journal line.
    #[error("{0}")]
    Decode(#[from] serde_json::Error),
    /// `--since` is neither a time, a date nor an age (the text, trimmed).
    #[error("--since {0:?}: give a time (2026-11-30T08:00:00Z), a date or an age (10m, 2h)")]
    BadSince(String),
}

/// One line of the journal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The journal's number for the line (ascending in commit order; set
    /// when the line is read, not stored).
    #[serde(default)]
    pub n: u64,
    /// When, in ms since the Unix epoch.
    pub at: u64,
    /// The same time as RFC 3339 (UTC).
    pub time: String,
    /// The room's id.
    pub room: String,
    /// The game's id (room id and round), once the room has a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The event's number in the room's log (lines of the hall's own have
    /// none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// What happened: the event's name (`moved`, `joined`, …) or
    /// `expired`, `closed`.
    pub event: String,
    /// The seat concerned, by number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// The seat's name in the game (Sente, South, Red, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat_name: Option<String>,
    /// Who: a player's name, or the CPU and its level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The move, the result, the room's settings: the event's own words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The seats this move checkmated (four-player games), as "seat
    /// (player)".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mated: Vec<String>,
}

impl LogLine {
    /// A line about `room` at `at`, saying `event`; the rest left empty.
    pub fn new(room: &str, at: u64, event: &str) -> LogLine {
        LogLine {
            n: 0,
            at,
            time: rfc3339(at),
            room: room.to_string(),
            game: None,
            seq: None,
            event: event.to_string(),
            seat: None,
            seat_name: None,
            player: None,
            text: None,
            mated: Vec::new(),
        }
    }

    /// The stored bytes (JSON).
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// Reads stored bytes as line number `n`.
    pub fn decode(n: u64, bytes: &[u8]) -> Result<LogLine, JournalError> {
        let mut line: LogLine = serde_json::from_slice(bytes)?;
        line.n = n;
        Ok(line)
    }

    /// One JSON object on one line (for `--json`, `| jq`).
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// One line for people: time, room, game, event number, what, who.
    pub fn human(&self) -> String {
        let mut out = format!(
            "{} {} {:<9} {:>5} {:<12}",
            &self.time,
            self.room,
            self.game.as_deref().unwrap_or("-"),
            self.seq.map_or("-".to_string(), |s| format!("#{s}")),
            self.event
        );
        let who = [self.seat_name.as_deref(), self.player.as_deref()];
        for part in who.into_iter().flatten().chain(self.text.as_deref()) {
            out.push(' ');
            out.push_str(part);
        }
        if !self.mated.is_empty() {
            out.push_str(" mates ");
            out.push_str(&self.mated.join(", "));
        }
        clean(&out)
    }

    /// A shorter line for the admin screen: the time of day, the room and
    /// what happened.
    pub fn short(&self) -> String {
        let clock = self.time.get(11..19).unwrap_or(&self.time);
        let full = self.human();
        let rest = full.get(self.time.len()..).unwrap_or("");
        format!("{clock}{rest}")
    }

    /// Fills in the seat and who holds it in `state`.
    fn at_seat(mut self, state: &RoomState, seat: u8) -> LogLine {
        self.seat = Some(seat);
        self.seat_name = Some(state.game.kind().seat_name(Seat(seat)).to_string());
        self.player = state.seats.get(usize::from(seat)).map(player);
        self
    }
}

/// Who sits in a seat, for the journal: the name (a guest's marked, as on
/// the screens) without their "(away)", and whether the CPU plays for them.
fn player(occupant: &Occupant) -> String {
    match occupant {
        Occupant::Empty => "(empty)".to_string(),
        Occupant::Human {
            id,
            name,
            cpu: true,
            ..
        } => format!("{} (CPU plays)", names::shown(id, name)),
        Occupant::Human { id, name, .. } => names::shown(id, name),
        Occupant::Cpu { level } => format!("CPU level {level}"),
    }
}

/// Control and format characters out ([`names::visible`]), so a name can
/// never move an admin's cursor or reverse the rest of the line.
fn clean(text: &str) -> String {
    names::visible(text)
}

/// `at` (ms since the epoch) as RFC 3339 in UTC, to the millisecond.
pub fn rfc3339(at: u64) -> String {
    let time = UNIX_EPOCH + Duration::from_millis(at);
    humantime::format_rfc3339_millis(time).to_string()
}

/// The name of an identity id in the room (a seat holder's), or the id.
fn name_of(state: &RoomState, id: &str) -> String {
    state
        .seats
        .iter()
        .find_map(|o| match o {
            Occupant::Human { id: i, name, .. } if i == id => Some(names::shown(id, name)),
            _ => None,
        })
        .unwrap_or_else(|| id.to_string())
}

/// The journal line of `record`, committed as event `seq` of the room that
/// was `before` and is now `after`.
pub(crate) fn line(before: &RoomState, after: &RoomState, record: &Record, seq: u64) -> LogLine {
    let mut line = LogLine::new(&after.id, record.at, event_name(&record.event));
    line.seq = Some(seq);
    if after.game_number > 0 {
        line.game = Some(after.game_id());
    }
    match &record.event {
        Event::Created { host, settings, .. } => {
            line.player = Some(names::shown(&host.id, &host.name));
            // The stored names (`vs_computer`, `private`), as in the log.
            let word = |v: serde_json::Value| v.as_str().unwrap_or("?").replace('_', " ");
            line.text = Some(format!(
                "{}, {}, {}",
                settings.game,
                word(serde_json::json!(settings.mode)),
                word(serde_json::json!(settings.privacy))
            ));
            line
        }
        Event::Joined { seat, .. }
        | Event::TimedOut { seat }
        | Event::Resigned { seat }
        | Event::CpuTakeover { seat }
        | Event::TookBack { seat }
        | Event::Claimed { seat, .. } => line.at_seat(after, *seat),
        Event::Left { seat } => line.at_seat(before, *seat),
        Event::SeatCpu { seat, level } => {
            let mut line = line.at_seat(after, *seat);
            line.text = Some(level.map_or("seat emptied".into(), |l| format!("level {l}")));
            line
        }
        Event::Moved { seat, text } => {
            let mut line = line.at_seat(before, *seat);
            line.text = Some(text.clone());
            line.mated = mated(before, after);
            line
        }
        Event::Away { id } | Event::Back { id } | Event::Agreed { id } => {
            line.player = Some(name_of(after, id));
            line
        }
        Event::Ended { result } => {
            line.text = Some(result.clone());
            line
        }
        Event::Started => {
            let seats: Vec<String> = (0..after.seats.len() as u8)
                .map(|s| {
                    let name = after.game.kind().seat_name(Seat(s));
                    format!("{name} {}", player(&after.seats[usize::from(s)]))
                })
                .collect();
            line.text = Some(seats.join(", "));
            line
        }
        Event::Restarted { .. } => line,
    }
}

/// The seats a move eliminated, as "seat (player)".
fn mated(before: &RoomState, after: &RoomState) -> Vec<String> {
    let out = after.game.seats().eliminated();
    let was = before.game.seats().eliminated();
    (0..after.seats.len() as u8)
        .map(Seat)
        .filter(|s| out.contains(*s) && !was.contains(*s))
        .map(|s| {
            let name = after.game.kind().seat_name(s);
            format!("{name} ({})", player(&before.seats[s.index()]))
        })
        .collect()
}

/// The event's name as stored (`moved`, `cpu_takeover`, …).
fn event_name(event: &Event) -> &'static str {
    match event {
        Event::Created { .. } => "created",
        Event::Joined { .. } => "joined",
        Event::Left { .. } => "left",
        Event::Started => "started",
        Event::Moved { .. } => "moved",
        Event::TimedOut { .. } => "timed_out",
        Event::Resigned { .. } => "resigned",
        Event::Claimed { .. } => "claimed",
        Event::Away { .. } => "away",
        Event::Back { .. } => "back",
        Event::CpuTakeover { .. } => "cpu_takeover",
        Event::TookBack { .. } => "took_back",
        Event::Restarted { .. } => "restarted",
        Event::Ended { .. } => "ended",
        Event::Agreed { .. } => "agreed",
        Event::SeatCpu { .. } => "seat_cpu",
    }
}

/// Which lines a reader wants.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogQuery {
    /// Only this room (its id or invite code, any case).
    pub room: Option<String>,
    /// Only this game (`ROOM-N`).
    pub game: Option<String>,
    /// Only lines at or after this time (ms since the epoch).
    pub since: Option<u64>,
    /// Keep reading new lines as they are committed.
    pub follow: bool,
}

impl LogQuery {
    /// Whether `line` is wanted (`room` is an id here: the hall turns an
    /// invite code into its room's id first).
    pub fn wants(&self, line: &LogLine) -> bool {
        let room = self.room.as_deref().is_none_or(|r| r == line.room);
        let game = self.game.as_deref().is_none_or(|g| {
            line.game
                .as_deref()
                .is_some_and(|lg| lg.eq_ignore_ascii_case(g))
        });
        let since = self.since.is_none_or(|s| line.at >= s);
        room && game && since
    }
}

/// Parses `--since`: an RFC 3339 time (`2026-11-30T08:00:00Z`, the `T` and
/// `Z` optional), a date (`2026-11-30`, midnight UTC), or an age (`10m`,
/// `2h`, `1day`) counted back from `now_ms`.
pub fn parse_since(text: &str, now_ms: u64) -> Result<u64, JournalError> {
    let text = text.trim();
    if let Ok(age) = humantime::parse_duration(text) {
        return Ok(now_ms.saturating_sub(age.as_millis() as u64));
    }
    let full = if text.len() == 10 {
        format!("{text}T00:00:00Z")
    } else {
        text.to_string()
    };
    let time = humantime::parse_rfc3339_weak(&full)
        .map_err(|_| JournalError::BadSince(text.to_string()))?;
    let since = time
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    Ok(since.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_parse_as_dates_times_and_ages() {
        let now = 1_800_000_000_000;
        let since = |text| parse_since(text, now).ok();
        assert_eq!(since("10m"), Some(now - 600_000));
        assert_eq!(since("2026-11-30"), Some(1_795_996_800_000));
        assert_eq!(since("2026-11-30T00:00:01Z"), Some(1_795_996_801_000));
        assert_eq!(since("2026-11-30 00:00:01"), Some(1_795_996_801_000));
        let err = parse_since(" yesterday-ish ", now).unwrap_err().to_string();
        assert_eq!(
            err,
            "--since \"yesterday-ish\": give a time (2026-11-30T08:00:00Z), a date or an age (10m, 2h)"
        );
        assert_eq!(rfc3339(1_795_996_801_000), "2026-11-30T00:00:01.000Z");
    }

    #[test]
    fn a_human_line_has_no_control_characters() {
        let mut line = LogLine::new("abc", 0, "joined");
        line.player = Some("eve\x1b[2J".into());
        assert!(!line.human().contains('\x1b'));
        line.player = Some("eve\u{202E}\u{200B}lin".into());
        assert!(
            line.human().ends_with("joined       evelin"),
            "{}",
            line.human()
        );
        let mut moved = LogLine::new("abc", 1_795_996_801_000, "moved");
        moved.seat_name = Some("gote".into());
        moved.text = Some("3c3d".into());
        assert!(moved.human().starts_with("2026-11-30T00:00:01.000Z abc"));
        assert!(moved.human().ends_with("moved        gote 3c3d"));
        assert!(
            moved.short().starts_with("00:00:01 abc"),
            "{}",
            moved.short()
        );
        let back = LogLine::decode(7, &line.encode()).expect("decodes");
        assert_eq!(back.n, 7);
        assert_eq!(back.player, line.player);
    }
}
