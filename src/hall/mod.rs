//! The game hall: the directory of rooms, the lobby list, invite codes and
//! game exports. Where the product's rules about people live (RULES.md §4).
//!
//! Design: each room is a short-locked `Mutex<RoomState>` plus a `watch`
//! channel of immutable [`RoomView`] snapshots, rather than an actor task.
//! Every operation is a few microseconds of rules work under the lock, so a
//! lock is simpler than a command queue with replies, and sessions still
//! only ever see published snapshots. CPU moves are computed off the
//! runtime (`spawn_blocking`) and applied under the lock only if the game
//! has not moved on meanwhile.

pub mod room;
pub mod view;

pub use room::{Room, RoomHandle};
pub use view::{
    Entry, Identity, Lobby, Mode, Occupant, Phase, PlayedMove, Privacy, RoomSettings, RoomSummary,
    RoomView, ServerAddress, TimeLimit,
};

use crate::rules::{AnyGame, GameKind, RulesError};
use rand::Rng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use thiserror::Error;
use tokio::sync::watch;

/// Why the hall refused a request.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HallError {
    /// No room has this invite code or id.
    #[error("no room with code or id {0:?}")]
    NoSuchRoom(String),
    /// No game has this id.
    #[error("no game with id {0:?}")]
    NoSuchGame(String),
    /// Every seat is taken.
    #[error("the room is full (you can watch instead)")]
    RoomFull,
    /// Only the host may do that.
    #[error("only the host can do that")]
    NotHost,
    /// It is not this player's turn, or they have no seat.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The room is not in the phase this needs.
    #[error("{0}")]
    WrongPhase(&'static str),
    /// The rules engine refused.
    #[error("{0}")]
    Rules(#[from] RulesError),
    /// The room is private: watch by invite code only.
    #[error("that room is private")]
    Private,
    /// The export format is not known.
    #[error("unknown export format {0:?} (use usi or kif)")]
    BadFormat(String),
}

/// A finished or running game kept for export.
#[derive(Clone, Debug)]
struct GameRecord {
    game: AnyGame,
    names: Vec<String>,
}

/// The shared directory; [`Hall`] is a cheap handle to it.
pub(crate) struct HallInner {
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    codes: Mutex<HashMap<String, String>>,
    games: Mutex<HashMap<String, GameRecord>>,
    lobby: watch::Sender<Lobby>,
    /// Display names remembered per keyed identity.
    names: Mutex<HashMap<String, String>>,
    /// CPU level of the CPU that plays on timeouts.
    pub(crate) takeover_level: u8,
}

/// A handle to the hall, cloned into every session.
#[derive(Clone)]
pub struct Hall {
    inner: Arc<HallInner>,
}

/// Letters for invite codes and room ids: no 0/O, 1/I/L.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

fn random_code(len: usize) -> String {
    let mut rng = rand::rng();
    (0..len)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Locks a mutex, recovering the data if a panicking thread poisoned it (a
/// room must outlive a bug in one request).
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Hall {
    /// An empty hall; `takeover_level` is the CPU level used when a turn
    /// times out.
    pub fn new(takeover_level: u8) -> Hall {
        let (lobby, _) = watch::channel(Arc::new(Vec::new()));
        Hall {
            inner: Arc::new(HallInner {
                rooms: Mutex::new(HashMap::new()),
                codes: Mutex::new(HashMap::new()),
                games: Mutex::new(HashMap::new()),
                lobby,
                names: Mutex::new(HashMap::new()),
                takeover_level,
            }),
        }
    }

    /// The lobby list; changes whenever a public room does.
    pub fn lobby(&self) -> watch::Receiver<Lobby> {
        self.inner.lobby.subscribe()
    }

    /// Creates a room with `host` in it and returns the host's handle.
    pub fn create_room(
        &self,
        host: &Identity,
        settings: RoomSettings,
    ) -> Result<RoomHandle, HallError> {
        let id = loop {
            let id = random_code(6).to_lowercase();
            if !lock(&self.inner.rooms).contains_key(&id) {
                break id;
            }
        };
        let code = loop {
            let code = random_code(6);
            if !lock(&self.inner.codes).contains_key(&code) {
                break code;
            }
        };
        let room = Room::create(
            id.clone(),
            code.clone(),
            host,
            settings,
            Arc::downgrade(&self.inner),
        )?;
        lock(&self.inner.rooms).insert(id.clone(), room.clone());
        lock(&self.inner.codes).insert(code, id);
        let handle = room.join(host)?;
        self.inner.refresh_lobby();
        Ok(handle)
    }

    fn find(&self, code_or_id: &str) -> Result<Arc<Room>, HallError> {
        let key = code_or_id.trim();
        let id = lock(&self.inner.codes)
            .get(&key.to_uppercase())
            .cloned()
            .unwrap_or_else(|| key.to_lowercase());
        lock(&self.inner.rooms)
            .get(&id)
            .cloned()
            .ok_or_else(|| HallError::NoSuchRoom(key.to_string()))
    }

    /// Joins a room by invite code (or, for public rooms, by id); a player
    /// who already has a seat there gets it back.
    pub fn join(&self, code_or_id: &str, who: &Identity) -> Result<RoomHandle, HallError> {
        let room = self.find(code_or_id)?;
        let by_code = lock(&self.inner.codes).contains_key(&code_or_id.trim().to_uppercase());
        if !by_code && room.is_private() && !room.has_player(&who.id) {
            return Err(HallError::Private);
        }
        room.join(who)
    }

    /// Watches a room read-only: public rooms by id, private ones by code.
    pub fn watch(&self, code_or_id: &str) -> Result<RoomHandle, HallError> {
        let room = self.find(code_or_id)?;
        let by_code = lock(&self.inner.codes).contains_key(&code_or_id.trim().to_uppercase());
        if !by_code && room.is_private() {
            return Err(HallError::Private);
        }
        Ok(room.spectate())
    }

    /// Quick play: the oldest public online room of `kind` that waits for a
    /// player, or a new public room.
    pub fn quick_play(&self, who: &Identity, kind: GameKind) -> Result<RoomHandle, HallError> {
        let lobby = self.inner.lobby.borrow().clone();
        for summary in lobby.iter().rev() {
            let open = summary.kind == kind
                && summary.phase == Phase::Waiting
                && summary.taken < summary.total;
            if open {
                if let Ok(handle) = self.join(&summary.id, who) {
                    return Ok(handle);
                }
            }
        }
        self.create_room(who, RoomSettings::new(kind))
    }

    /// A game's record, as `usi` (`position sfen … moves …`) or `kif`.
    pub fn export(&self, game_id: &str, format: &str) -> Result<String, HallError> {
        let record = lock(&self.inner.games)
            .get(game_id.trim())
            .cloned()
            .ok_or_else(|| HallError::NoSuchGame(game_id.to_string()))?;
        let names: Vec<&str> = record.names.iter().map(String::as_str).collect();
        record
            .game
            .export(format, &names)
            .ok_or_else(|| HallError::BadFormat(format.to_string()))
    }

    /// Remembers a keyed player's display name, or recalls it: when the
    /// player chose a name (`chosen`), it is stored for their key; when they
    /// did not, a name stored earlier replaces the derived one. Guests are
    /// returned unchanged.
    pub fn remember(&self, mut who: Identity, chosen: bool) -> Identity {
        if !who.keyed {
            return who;
        }
        let mut names = lock(&self.inner.names);
        if chosen {
            names.insert(who.id.clone(), who.name.clone());
        } else if let Some(name) = names.get(&who.id) {
            who.name = name.clone();
        }
        who
    }

    /// How many rooms are open.
    pub fn room_count(&self) -> usize {
        lock(&self.inner.rooms).len()
    }
}

impl HallInner {
    /// Rebuilds the lobby list from the public rooms, newest first.
    pub(crate) fn refresh_lobby(&self) {
        let rooms: Vec<Arc<Room>> = lock(&self.rooms).values().cloned().collect();
        let mut list: Vec<(std::time::Instant, RoomSummary)> =
            rooms.iter().filter_map(|r| r.summary()).collect();
        list.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.id.cmp(&b.1.id)));
        let list: Vec<RoomSummary> = list.into_iter().map(|(_, s)| s).collect();
        self.lobby.send_if_modified(|old| {
            if **old == list {
                return false;
            }
            *old = Arc::new(list);
            true
        });
    }

    /// Keeps a game for export under its id.
    pub(crate) fn record_game(&self, game_id: &str, game: &AnyGame, names: Vec<String>) {
        let record = GameRecord {
            game: game.clone(),
            names,
        };
        lock(&self.games).insert(game_id.to_string(), record);
    }

    /// Forgets a room that nobody is in any more.
    pub(crate) fn remove_room(&self, id: &str, code: &str) {
        lock(&self.rooms).remove(id);
        lock(&self.codes).remove(code);
        self.refresh_lobby();
    }
}

/// The hall as a weak pointer, as rooms hold it.
pub(crate) type HallRef = Weak<HallInner>;
