//! What admins ask of the hall: the journal (read and followed live), the
//! rooms with who is in them, closing a room, and the hall's figures. The
//! SSH layer decides who is an admin; the hall answers whoever asks.

use super::journal::{LogLine, LogQuery};
use super::room::Room;
use super::view::{Occupant, Phase};
use super::{Hall, HallError, lock};
use crate::i18n::{Lang, Msg};
use crate::msg;
use crate::rules::vocab::Seat;
use crate::store::{JournalWaiter, Store, StoreError};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::mpsc::{self, error::TrySendError};
use unicode_width::UnicodeWidthStr;

/// Lines read ahead of what the reader has taken: what a slow reader
/// costs in memory, whatever the journal's length.
const READ_AHEAD: usize = 256;

/// How often a follower with nothing new checks that its reader is still
/// there.
const IDLE_CHECK: Duration = Duration::from_millis(250);

/// One room as an admin sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoomReport {
    /// The room's id.
    pub id: String,
    /// Its invite code, in groups of four.
    pub code: String,
    /// The game (`shogi`, `shogi4`, `chess4`).
    pub game: String,
    /// `waiting`, `playing` or `finished`.
    pub phase: String,
    /// The current (or last) game's id, once there was one.
    pub game_id: Option<String>,
    /// Moves played in the current game.
    pub moves: usize,
    /// Each seat: its name, who sits there, and whether they are connected.
    pub seats: Vec<SeatReport>,
    /// Spectators connected.
    pub spectators: usize,
    /// The last change (ms since the epoch).
    pub last_activity: u64,
}

/// One seat of a [`RoomReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatReport {
    /// The seat's name in the game.
    pub seat: String,
    /// The player, "CPU level N" or "(empty)".
    pub who: String,
    /// The seat's name and who sits there, for a reader of any language.
    #[serde(skip)]
    pub shown: (Msg, Msg),
    /// Whether a person sits there and is connected.
    pub connected: bool,
}

impl RoomReport {
    /// One line as `rooms` and the admin screen show it, in `lang`: id,
    /// code, game, phase and game id in aligned columns, then the moves,
    /// the seats, watchers and the last activity.
    pub fn line(&self, lang: Lang) -> String {
        let seats: Vec<String> = self
            .seats
            .iter()
            .map(|s| format!("{}={}", lang.text(&s.shown.0), lang.text(&s.shown.1)))
            .collect();
        let game = match self.game.parse::<crate::rules::GameKind>() {
            Ok(kind) => lang.text(&kind.name_msg()),
            Err(_) => self.game.clone(),
        };
        let room = format!(
            "{} {} {} {} {:<9}",
            self.id,
            self.code,
            pad(&game, 10),
            phase(&self.phase, lang),
            self.game_id.as_deref().unwrap_or("-"),
        );
        lang.text(&msg!(
            "exec-admin-room",
            room = room,
            moves_shown = format!("{:>4}", self.moves),
            moves = self.moves,
            seats = seats.join(", "),
            watchers = self.spectators,
            last = super::journal::rfc3339(self.last_activity),
        ))
    }
}

/// A room's phase in `lang` (the report's word if it is none of the
/// three), padded to the widest of the three.
fn phase(word: &str, lang: Lang) -> String {
    const PHASES: [(&str, &str); 3] = [
        ("waiting", "exec-admin-phase-waiting"),
        ("playing", "exec-admin-phase-playing"),
        ("finished", "exec-admin-phase-finished"),
    ];
    let widest = PHASES.iter().map(|(_, key)| lang.t(key).width()).max();
    let shown = match PHASES.iter().find(|(w, _)| *w == word) {
        Some((_, key)) => lang.t(key),
        None => word.to_string(),
    };
    pad(&shown, widest.unwrap_or(0))
}

/// `text` and blanks up to `cells` terminal columns.
fn pad(text: &str, cells: usize) -> String {
    let fill = cells.saturating_sub(text.width());
    format!("{text}{}", " ".repeat(fill))
}

/// The hall's figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HallStats {
    /// SSH connections open.
    pub connections: usize,
    /// Terminal sessions open.
    pub sessions: usize,
    /// Rooms open.
    pub rooms: usize,
    /// Of those, rooms waiting for players, playing, and finished.
    pub waiting: usize,
    /// Rooms with a game going on.
    pub playing: usize,
    /// Rooms whose game is over.
    pub finished: usize,
    /// CPU search threads, and how many are searching now.
    pub cpu_threads: usize,
    /// Search threads busy now.
    pub cpu_busy: usize,
    /// Searches waiting for a thread.
    pub cpu_queued: usize,
    /// Seconds since the hall opened.
    pub uptime_s: u64,
    /// In a hall of several nodes: this node's name and how many of the
    /// rooms it owns (the others it keeps for its players' screens).
    pub node: Option<(String, usize)>,
}

impl HallStats {
    /// The figures, one per line, as `stats` prints them and the admin
    /// screen shows them, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let mut lines = vec![
            lang.text(&msg!(
                "exec-admin-stats-connections",
                connections = self.connections,
                sessions = self.sessions,
            )),
            lang.text(&msg!(
                "exec-admin-stats-rooms",
                rooms = self.rooms,
                waiting = self.waiting,
                playing = self.playing,
                finished = self.finished,
            )),
            lang.text(&msg!(
                "exec-admin-stats-cpu",
                threads = self.cpu_threads,
                busy = self.cpu_busy,
                queued = self.cpu_queued,
            )),
            lang.text(&msg!(
                "exec-admin-stats-uptime",
                uptime = uptime(self.uptime_s, lang)
            )),
        ];
        if let Some((node, owned)) = &self.node {
            lines.push(lang.text(&msg!("exec-admin-stats-node", node = node, owned = *owned)));
        }
        let mut text = lines.join("\n");
        text.push('\n');
        text
    }
}

/// A time up in `lang`: minutes and seconds, hours, minutes and seconds,
/// or days, hours and minutes.
fn uptime(seconds: u64, lang: Lang) -> String {
    let (days, hours) = (seconds / 86_400, seconds / 3600 % 24);
    let (minutes, seconds) = (seconds / 60 % 60, seconds % 60);
    let text = match (days, hours) {
        (0, 0) => msg!(
            "exec-admin-uptime-minutes",
            minutes = minutes,
            seconds = seconds
        ),
        (0, _) => msg!(
            "exec-admin-uptime-hours",
            hours = hours,
            minutes = minutes,
            seconds = seconds
        ),
        _ => msg!(
            "exec-admin-uptime-days",
            days = days,
            hours = hours,
            minutes = minutes
        ),
    };
    lang.text(&text)
}

/// Counts an SSH connection while it lives (see [`Hall::connection`]).
pub struct ConnectionGuard {
    hall: Hall,
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        self.hall.inner.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Counts a player's terminal session while it lives (see
/// [`Hall::open_session`]).
pub struct SessionGuard {
    hall: Hall,
    id: String,
    _counted: Counted,
}

impl Drop for SessionGuard {
    fn drop(&mut self) {
        let mut sessions = lock(&self.hall.inner.sessions);
        if let Some(n) = sessions.get_mut(&self.id) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                sessions.remove(&self.id);
            }
        }
    }
}

/// Counts something in the hall-wide tally while it lives (a hall of
/// several nodes; nothing otherwise).
pub struct Counted {
    hall: Hall,
    key: Option<String>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        if let (Some(key), Some(cluster)) = (&self.key, self.hall.inner.cluster()) {
            cluster.tally().add(key, -1);
        }
    }
}

impl Hall {
    /// Counts a terminal session of identity `id`, unless it has `max`
    /// open already (`None`).
    /// In a hall of several nodes the identity's sessions on the other
    /// nodes count too.
    pub fn open_session(&self, id: &str, max: usize) -> Option<SessionGuard> {
        let key = format!("id:{id}");
        let elsewhere = self.elsewhere(&key);
        let mut sessions = lock(&self.inner.sessions);
        let n = sessions.entry(id.to_string()).or_insert(0);
        if *n + elsewhere >= max {
            return None;
        }
        *n += 1;
        Some(SessionGuard {
            hall: self.clone(),
            id: id.to_string(),
            _counted: self.count(key),
        })
    }

    /// Connections open from `address` on the hall's other nodes.
    pub fn connections_elsewhere(&self, address: std::net::IpAddr) -> usize {
        self.elsewhere(&format!("ip:{address}"))
    }

    /// Counts a connection from `address` in the hall-wide tally while the
    /// guard lives.
    pub fn count_connection_from(&self, address: std::net::IpAddr) -> Counted {
        self.count(format!("ip:{address}"))
    }

    fn elsewhere(&self, key: &str) -> usize {
        self.inner.cluster().map_or(0, |c| c.elsewhere(key))
    }

    fn count(&self, key: String) -> Counted {
        let cluster = self.inner.cluster();
        if let Some(cluster) = &cluster {
            cluster.tally().add(&key, 1);
        }
        Counted {
            hall: self.clone(),
            key: cluster.map(|_| key),
        }
    }

    /// Counts a connection until the guard is dropped (for `stats`).
    pub fn connection(&self) -> ConnectionGuard {
        self.inner.connections.fetch_add(1, Ordering::Relaxed);
        ConnectionGuard { hall: self.clone() }
    }

    /// Every open room, oldest activity last.
    pub fn rooms_report(&self) -> Vec<RoomReport> {
        let rooms: Vec<Arc<Room>> = lock(&self.inner.rooms).values().cloned().collect();
        let mut reports: Vec<RoomReport> = rooms.iter().map(|r| r.report()).collect();
        reports.sort_by(|a, b| b.last_activity.cmp(&a.last_activity).then(a.id.cmp(&b.id)));
        reports
    }

    /// The hall's figures now.
    pub fn stats(&self) -> HallStats {
        // Only the phases: the rooms' full reports are not needed to count
        // them (the admin screen asks for both every second).
        let rooms: Vec<Arc<Room>> = lock(&self.inner.rooms).values().cloned().collect();
        let phases: Vec<Phase> = rooms.iter().map(|r| lock(&r.state).phase).collect();
        let count = |phase: Phase| phases.iter().filter(|p| **p == phase).count();
        let pool = &self.inner.shared.pool;
        HallStats {
            connections: self.inner.connections.load(Ordering::Relaxed),
            sessions: lock(&self.inner.sessions).values().sum(),
            rooms: rooms.len(),
            waiting: count(Phase::Waiting),
            playing: count(Phase::Playing),
            finished: count(Phase::Finished),
            cpu_threads: pool.threads(),
            cpu_busy: pool.busy(),
            cpu_queued: pool.waiting(),
            uptime_s: self.inner.started.elapsed().as_secs(),
            node: self
                .node()
                .map(|node| (node, rooms.iter().filter(|r| r.owned()).count())),
        }
    }

    /// Closes a room (by id or invite code) for admin `admin`: its players
    /// are told and go back to the lobby; the journal says who closed it.
    pub fn close_by_admin(&self, code_or_id: &str, admin: &str) -> Result<Msg, HallError> {
        let room = self.find(code_or_id)?;
        let why = msg!("closed-by-admin", admin = admin);
        self.inner.close_room(&room, "closed", why);
        Ok(msg!("admin-closed-room", room = room.id_and_code().0))
    }

    /// The journal lines `query` asks for, oldest first, read on a
    /// blocking thread into a queue of [`READ_AHEAD`] lines: memory stays
    /// bounded however long the journal and however slow the reader. With
    /// `follow`, new lines keep coming as they are committed, until the
    /// receiver is dropped. An error ends the stream with `Err`.
    pub fn journal(&self, mut query: LogQuery) -> mpsc::Receiver<Result<LogLine, StoreError>> {
        if let Some(room) = &query.room {
            query.room = Some(match self.find(room) {
                Ok(found) => found.id_and_code().0,
                Err(_) => room.to_lowercase(),
            });
        }
        let (tx, rx) = mpsc::channel(READ_AHEAD);
        let store = self.inner.shared.store.clone();
        tokio::task::spawn_blocking(move || read_journal(&*store, &query, &tx));
        rx
    }
}

impl Room {
    /// The room as an admin sees it.
    pub(crate) fn report(&self) -> RoomReport {
        let s = lock(&self.state);
        let seats = s
            .seats
            .iter()
            .enumerate()
            .map(|(i, o)| SeatReport {
                seat: s.game.kind().seat_name(Seat(i as u8)).to_string(),
                who: Lang::En.text(&o.label()),
                shown: (s.game.kind().seat_msg(Seat(i as u8)), o.label()),
                connected: matches!(
                    o,
                    Occupant::Human {
                        connected: true,
                        ..
                    }
                ),
            })
            .collect();
        RoomReport {
            id: s.id.clone(),
            code: super::codes::grouped(&s.code),
            game: s.settings.kind.name().to_string(),
            phase: s.phase.word().to_string(),
            game_id: (s.game_number > 0).then(|| s.game_id()),
            moves: s.moves.len(),
            seats,
            spectators: s.spectators,
            last_activity: s.last_activity,
        }
    }
}

/// Sends the journal's lines to `tx` as [`Hall::journal`] says.
fn read_journal(
    store: &dyn Store,
    query: &LogQuery,
    tx: &mpsc::Sender<Result<LogLine, StoreError>>,
) {
    // Made before the first read: a line committed while it runs wakes
    // the next read, so nothing falls between the two.
    let mut waiter = query.follow.then(|| store.journal_waiter());
    let mut after = None;
    loop {
        for item in store.journal(after) {
            let (n, bytes) = match item {
                Ok(line) => line,
                Err(e) => {
                    let _ = tx.blocking_send(Err(e));
                    return;
                }
            };
            after = Some(n);
            let line = match LogLine::decode(n, &bytes) {
                Ok(line) => line,
                Err(e) => {
                    tracing::warn!(line = n, "a journal line does not decode: {e}");
                    continue;
                }
            };
            if query.wants(&line) && !deliver(tx, Ok(line), &mut waiter) {
                return;
            }
        }
        let Some(waiter) = waiter.as_mut() else {
            return;
        };
        while !waiter.wait(IDLE_CHECK) {
            if tx.is_closed() {
                return;
            }
        }
    }
}

/// Queues `item`; `false` once the reader is gone. A follower waits for
/// room while draining its waiter (sled's writers must never wait on it);
/// a one-off read simply blocks.
fn deliver(
    tx: &mpsc::Sender<Result<LogLine, StoreError>>,
    mut item: Result<LogLine, StoreError>,
    waiter: &mut Option<Box<dyn JournalWaiter>>,
) -> bool {
    let Some(waiter) = waiter else {
        return tx.blocking_send(item).is_ok();
    };
    loop {
        match tx.try_send(item) {
            Ok(()) => return true,
            Err(TrySendError::Closed(_)) => return false,
            Err(TrySendError::Full(back)) => {
                item = back;
                waiter.wait(Duration::from_millis(20));
            }
        }
    }
}
