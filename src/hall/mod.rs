//! The game hall: the directory of rooms, the lobby list, invite codes,
//! resume codes and game exports. Where the product's rules about people
//! live (docs/rules.md §4).
//!
//! Design: each room is a short-locked `Mutex<RoomState>` plus a `watch`
//! channel of immutable [`RoomView`] snapshots, rather than an actor task.
//! Every operation is a few microseconds of rules work under the lock (and
//! the durable write of its event, see `state.rs`), so a lock is simpler
//! than a command queue with replies, and sessions still only ever see
//! published snapshots. CPU moves are searched off the runtime, on the
//! hall's bounded CPU thread pool ([`crate::cpu::pool::Pool`]; a busy pool
//! shortens each search): the search runs on a copy of the game, without
//! the lock, and its move is applied under the lock only if the game has
//! not moved on meanwhile (a search about a position the game has left is
//! told to stop). Timers (turn time, grace periods, expiry) are checked by
//! one ticker for the whole hall against [`Clock`].

pub mod admin;
pub mod bots;
pub mod clock;
pub(crate) mod cluster;
pub mod codes;
mod due;
pub mod events;
pub mod import;
pub mod journal;
pub mod learn;
mod listing;
mod load;
pub mod names;
mod quota;
pub mod ranked;
pub mod review;
pub mod room;
pub mod settings;
mod state;
pub mod time_control;
pub mod view;

pub use clock::Clock;
pub use load::LoadReport;
pub use room::{Room, RoomHandle};
pub use view::{
    AwayPolicy, Entry, Identity, Lobby, Mode, Occupant, OnTime, Phase, PlayedMove, Privacy,
    RoomSettings, RoomSummary, RoomView, ServerAddress, TimeLimit,
};

use crate::cpu::pool::Pool;
use crate::i18n::Msg;
use crate::msg;
use crate::rules::{AnyGame, GameKind, RulesError};
use crate::store::memory::MemoryStore;
use crate::store::{Appended, SeatToken, Store, StoreError};
use rand::Rng;
use room::Fate;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use state::RoomState;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Why the hall refused a request. Its words are in the catalogs
/// ([`HallError::msg`]); `Display` gives the English ones, for logs and
/// for callers without a reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HallError {
    /// No room has this invite code or id.
    NoSuchRoom(String),
    /// No game has this id.
    NoSuchGame(String),
    /// Every seat is taken.
    RoomFull,
    /// A person holds that seat.
    SeatTaken,
    /// Only the host may do that.
    NotHost,
    /// It is not this player's turn, or they have no seat.
    NotYourTurn,
    /// The room is not in the phase this needs: the key of the message
    /// that says why (`phase-…` in `locales/*/hall.ftl`).
    WrongPhase(&'static str),
    /// The rules engine refused.
    Rules(RulesError),
    /// A join or watch by code failed: no such code, or the room is full,
    /// private (reached only by its code) or closed. One answer for all,
    /// so that it tells a guesser nothing about which codes exist.
    NoEntry,
    /// Too many failed joins or watches by code from this address or
    /// identity: the next is allowed after this many seconds.
    TooManyAttempts(u64),
    /// The game has no export in this format; the formats it has.
    BadFormat(String, String),
    /// No seat has this resume code.
    NoSuchCode,
    /// The store failed: the change was not made.
    Storage(StoreError),
    /// A stored log does not replay.
    Replay(String),
    /// The player hosts as many open rooms as `[limits] rooms_per_player`.
    RoomsPerPlayer(usize),
    /// The address hosts as many open rooms as `[limits] rooms_per_ip`.
    RoomsPerAddress(usize),
    /// The hall holds `[limits] max_rooms` rooms.
    HallFull(usize),
    /// The room's owner refused, saying this (a hall of several nodes).
    Remote(Msg),
    /// The node that owns the room cannot be reached now (it is being
    /// replaced, or this node lost its link to the others).
    Unreachable,
    /// A bot's name must be 1–16 letters, digits, `-` or `_`, and not one
    /// only the server gives.
    BadBotName(String),
    /// A bot of that name or key is registered already.
    BotExists,
    /// No bot of that name is registered (or connected, for a challenge).
    NoSuchBot(String),
    /// The bot has as many challenges waiting or games going as it may.
    BotBusy(String),
    /// The bot has no open challenge of that id.
    NoSuchChallenge(String),
}

impl HallError {
    /// What to tell the player, in any language.
    pub fn msg(&self) -> Msg {
        use HallError::*;
        match self {
            NoSuchRoom(code) => msg!("error-no-such-room", code = code),
            NoSuchGame(id) => msg!("error-no-such-game", id = id),
            RoomFull => msg!("error-room-full"),
            SeatTaken => msg!("error-seat-taken"),
            NotHost => msg!("error-not-host"),
            NotYourTurn => msg!("error-not-your-turn"),
            WrongPhase(key) => Msg::new(*key),
            Rules(e) => e.msg(),
            NoEntry => msg!("error-no-entry"),
            TooManyAttempts(seconds) => msg!("error-too-many-attempts", seconds = *seconds),
            BadFormat(asked, formats) => {
                msg!("error-bad-format", format = asked, formats = formats)
            }
            NoSuchCode => msg!("error-no-such-code"),
            Storage(_) => msg!("error-storage"),
            Replay(detail) => msg!("error-replay", detail = detail),
            RoomsPerPlayer(n) => msg!("error-rooms-per-player", count = *n),
            RoomsPerAddress(n) => msg!("error-rooms-per-address", count = *n),
            HallFull(n) => msg!("error-hall-full", count = *n),
            Remote(msg) => msg.clone(),
            Unreachable => msg!("error-unreachable"),
            BadBotName(name) => msg!("error-bad-bot-name", name = format!("{name:?}")),
            BotExists => msg!("error-bot-exists"),
            NoSuchBot(name) => msg!("error-no-such-bot", name = format!("{name:?}")),
            BotBusy(name) => msg!("error-bot-busy", name = name),
            NoSuchChallenge(id) => msg!("error-no-such-challenge", id = format!("{id:?}")),
        }
    }
}

impl std::fmt::Display for HallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // The store's own words say what failed, for the logs.
            HallError::Storage(e) => write!(f, "{e}"),
            other => f.write_str(&crate::i18n::Lang::En.text(&other.msg())),
        }
    }
}

impl std::error::Error for HallError {}

impl From<RulesError> for HallError {
    fn from(e: RulesError) -> HallError {
        HallError::Rules(e)
    }
}

impl From<StoreError> for HallError {
    fn from(e: StoreError) -> HallError {
        HallError::Storage(e)
    }
}

/// Timings of the hall (from `config.toml`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HallOptions {
    /// CPU level of the CPU that plays for away players and timed-out turns.
    pub takeover_level: u8,
    /// How long an away player's seat waits before the CPU plays it (ms).
    pub grace_ms: u64,
    /// How long a room nobody is in lives without activity (ms).
    pub expire_ms: u64,
    /// How long a room nobody is in lives without activity when no person
    /// has moved in it (ms): a game against the CPU left at once.
    pub abandoned_ms: u64,
    /// Open rooms one identity may host.
    pub rooms_per_player: usize,
    /// Open rooms hosted from one address (see [`Hall::from_address`]).
    pub rooms_per_ip: usize,
    /// Open rooms in the whole hall.
    pub max_rooms: usize,
    /// How long the CPU thinks about a move at the strongest level (ms).
    pub think_ms: u64,
    /// Failed joins or watches by code an address or identity may make at
    /// once, before it is slowed.
    pub join_failures_free: u32,
    /// After those, the failed attempts allowed per minute.
    pub join_failures_per_minute: u32,
    /// Game records one player may import in an hour.
    pub imports_per_player_hour: usize,
    /// Game records the whole hall takes in an hour (the store grows by
    /// each one kept).
    pub imports_per_hour: usize,
}

impl Default for HallOptions {
    fn default() -> Self {
        HallOptions {
            takeover_level: 1,
            grace_ms: 60_000,
            expire_ms: 7 * 24 * 3600 * 1000,
            abandoned_ms: 6 * 3600 * 1000,
            rooms_per_player: 5,
            rooms_per_ip: 20,
            max_rooms: 10_000,
            think_ms: 1000,
            join_failures_free: 10,
            join_failures_per_minute: 4,
            imports_per_player_hour: 20,
            imports_per_hour: 300,
        }
    }
}

/// What every room shares with the hall.
pub(crate) struct Shared {
    pub(crate) store: Arc<dyn Store>,
    pub(crate) clock: Clock,
    pub(crate) options: HallOptions,
    pub(crate) takeover_level: u8,
    /// The threads CPU searches run on.
    pub(crate) pool: Pool,
    /// How long the CPU thinks about a move.
    pub(crate) think_time: Duration,
}

/// A finished game as kept in the store: its record in every format, and
/// who may read it (games kept before privacy was stored read as public).
#[derive(Serialize, Deserialize)]
struct KeptGame {
    formats: Vec<(String, String)>,
    /// From a private room: only its players may export it.
    #[serde(default)]
    private: bool,
    /// The identities who played it.
    #[serde(default)]
    players: Vec<String>,
    /// What the game is replayed from for its review (`review.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    replay: Option<review::Replay>,
    /// Its review, once one has run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    review: Option<crate::cpu::review::Review>,
}

/// `game`'s record in every format it offers, with the players' `names`:
/// what a finished game is kept as, and what `export` chooses from.
fn every_export(game: &AnyGame, names: &[String]) -> Vec<(String, String)> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let offered = game.export_formats().iter();
    offered
        .filter_map(|f| Some((f.to_string(), game.export(f, &names)?)))
        .collect()
}

/// The record `export` gives when no format is asked, among a game's
/// `formats`: KIF in UTF-8 where the game has it (two-player shogi: shogi
/// GUIs open it, and unlike CP932 `kif` it reads on the terminal that
/// asked), else the game's first (SFEN4, PGN4).
fn usual_format(formats: &[(String, String)]) -> Option<&str> {
    let mut names = formats.iter().map(|(name, _)| name.as_str());
    names
        .clone()
        .find(|f| *f == "kifu")
        .or_else(|| names.next())
}

/// A game kept before `kifu` and `csa` were formats has only `kif` (then
/// UTF-8 and headerless): its `kifu` is made from that, and its `csa` from
/// the game the KIF reads back as (see [`import::csa_of_kif`]).
fn with_new_formats(mut formats: Vec<(String, String)>) -> Vec<(String, String)> {
    let has = |f: &str| formats.iter().any(|(name, _)| name == f);
    let (kifu, csa) = (has("kifu"), has("csa"));
    let Some((_, kif)) = formats.iter().find(|(name, _)| name == "kif") else {
        return formats;
    };
    let mut made = Vec::new();
    if !kifu {
        made.push(("kifu".to_string(), crate::rules::shogi::kif::to_kifu(kif)));
    }
    if !csa {
        made.extend(import::csa_of_kif(kif).map(|csa| ("csa".to_string(), csa)));
    }
    formats.extend(made);
    formats
}

/// Whether `reader` may read a game: an admin always; a player when the
/// game is public, when they played it, or when `watcher` says they watch
/// it by the room's code.
fn may_read(
    reader: Reader,
    private: bool,
    players: &[String],
    watcher: impl Fn(&Identity) -> bool,
) -> bool {
    match reader {
        Reader::Admin => true,
        Reader::Player(who) => !private || players.contains(&who.id) || watcher(who),
    }
}

/// A finished or running game kept for export.
#[derive(Clone, Debug)]
struct GameRecord {
    game: AnyGame,
    names: Vec<String>,
    /// From a private room (see [`Hall::export`] for who may read it).
    private: bool,
    /// The identities seated in it.
    players: Vec<String>,
}

/// Who asks for a game's record (see [`Hall::export`]).
#[derive(Clone, Copy, Debug)]
pub enum Reader<'a> {
    /// An admin (or the server's own tools): every game.
    Admin,
    /// A player or guest: public games, and private ones they are in.
    Player(&'a Identity),
}

/// The shared directory; [`Hall`] is a cheap handle to it.
pub(crate) struct HallInner {
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    codes: Mutex<HashMap<String, String>>,
    games: Mutex<HashMap<String, GameRecord>>,
    /// Reviews running, by game id (see `review.rs`).
    reviews: Mutex<HashMap<String, review::SharedReview>>,
    lobby: watch::Sender<Lobby>,
    /// The lobby's lines, room by room (what `lobby` is made from).
    listing: Mutex<listing::Listing>,
    /// When each room next needs the ticker.
    due: Mutex<due::DueRooms>,
    /// Open rooms by who hosted them.
    quota: Mutex<quota::Quota>,
    /// The imports of the last hour (see `import.rs`).
    imports: Mutex<import::RecentImports>,
    /// Display names remembered per keyed identity.
    names: Mutex<HashMap<String, String>>,
    shared: Arc<Shared>,
    /// When the last heartbeat was stored (ms).
    heartbeat: AtomicU64,
    /// SSH connections open (see [`Hall::connection`]).
    connections: AtomicUsize,
    /// Terminal sessions open per identity (see [`Hall::open_session`]).
    sessions: Mutex<HashMap<String, usize>>,
    /// Everyone's ratings and the rated games (see `ranked.rs`).
    ranked: Mutex<ranked::Ranked>,
    /// Registered and connected bots, and their challenges.
    bots: Mutex<bots::Bots>,
    /// When the hall opened (for `stats`).
    started: Instant,
    /// Failed joins and watches by code, per address and per identity.
    attempts: codes::Attempts,
    /// The link to the other nodes, in a hall several serve.
    cluster: std::sync::OnceLock<Arc<cluster::Cluster>>,
    /// Whether this server can reach the rest of its hall.
    reach: watch::Sender<bool>,
}

/// A handle to the hall, cloned into every session.
#[derive(Clone)]
pub struct Hall {
    inner: Arc<HallInner>,
    /// The address the handle's requests come from (see
    /// [`Hall::from_address`]); `None` in tools and tests.
    address: Option<std::net::IpAddr>,
}

/// Seconds a quick-play room waits before a bot is asked to play.
pub const QUICK_BOT_AFTER: u32 = 60;

/// Letters for invite codes and room ids: no 0/O, 1/I/L.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

fn random_code(len: usize) -> String {
    let mut rng = rand::rng();
    (0..len)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A resume code: 16 letters of 31 (about 79 bits), in groups of four.
fn new_resume_code() -> String {
    codes::grouped(&random_code(16))
}

/// The stored hash of a resume code; case, dashes and spaces do not count.
fn code_hash(code: &str) -> [u8; 32] {
    Sha256::digest(codes::normalize(code).as_bytes()).into()
}

/// A new guest id, random so it never repeats across restarts.
pub fn guest_id() -> String {
    format!("{}{}", names::GUEST_ID, random_code(12).to_lowercase())
}

/// Locks a mutex, recovering the data if a panicking thread poisoned it (a
/// room must outlive a bug in one request).
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Hall {
    /// An empty hall in memory (nothing is kept on disk), on the system
    /// clock; `takeover_level` is the CPU level used for away players and
    /// timed-out turns.
    pub fn new(takeover_level: u8) -> Hall {
        let options = HallOptions {
            takeover_level,
            ..HallOptions::default()
        };
        Hall::with_store(Arc::new(MemoryStore::new()), options, Clock::system())
    }

    /// An empty hall on `store` (which must hold no rooms: see
    /// [`Hall::open`] to rebuild them).
    pub fn with_store(store: Arc<dyn Store>, options: HallOptions, clock: Clock) -> Hall {
        let (lobby, _) = watch::channel(Arc::new(Vec::new()));
        let attempts =
            codes::Attempts::new(options.join_failures_free, options.join_failures_per_minute);
        let shared = Arc::new(Shared {
            store,
            clock,
            takeover_level: options.takeover_level,
            pool: Pool::for_this_machine(),
            think_time: Duration::from_millis(options.think_ms),
            options,
        });
        Hall {
            inner: Arc::new(HallInner {
                rooms: Mutex::new(HashMap::new()),
                codes: Mutex::new(HashMap::new()),
                games: Mutex::new(HashMap::new()),
                reviews: Mutex::new(HashMap::new()),
                lobby,
                listing: Mutex::new(listing::Listing::default()),
                due: Mutex::new(due::DueRooms::default()),
                quota: Mutex::new(quota::Quota::default()),
                imports: Mutex::default(),
                names: Mutex::new(HashMap::new()),
                shared,
                heartbeat: AtomicU64::new(0),
                connections: AtomicUsize::new(0),
                sessions: Mutex::new(HashMap::new()),
                ranked: Mutex::new(ranked::Ranked::default()),
                bots: Mutex::new(bots::Bots::default()),
                started: Instant::now(),
                attempts,
                cluster: std::sync::OnceLock::new(),
                reach: watch::channel(true).0,
            }),
            address: None,
        }
    }

    /// The same hall, for requests that come from `address`: failed joins
    /// and watches by code are counted against it too, and so are the
    /// rooms it creates.
    pub fn from_address(&self, address: std::net::IpAddr) -> Hall {
        Hall {
            inner: self.inner.clone(),
            address: Some(address),
        }
    }

    /// The hall's clock.
    pub fn clock(&self) -> &Clock {
        &self.inner.shared.clock
    }

    /// The lobby list; changes whenever a public room does.
    pub fn lobby(&self) -> watch::Receiver<Lobby> {
        self.inner.lobby.subscribe()
    }

    /// Creates a room with `host` in it and returns the host's handle,
    /// unless the host, the address or the hall has as many open rooms as
    /// allowed (see `quota.rs`).
    pub fn create_room(
        &self,
        host: &Identity,
        settings: RoomSettings,
    ) -> Result<RoomHandle, HallError> {
        let id = loop {
            let id = random_code(6).to_lowercase();
            // A closed room's kept games cannot clash with a new room of the
            // same id: their ids end in tags drawn from different codes.
            if !lock(&self.inner.rooms).contains_key(&id) {
                break id;
            }
        };
        let options = &self.inner.shared.options;
        let reserve = || lock(&self.inner.quota).reserve(&id, &host.id, self.address, options);
        match reserve() {
            Err(HallError::RoomsPerPlayer(_)) if self.recycle_left_room(host) => reserve()?,
            other => other?,
        }
        let made = self.make_room(id.clone(), host, settings);
        if made.is_err() {
            lock(&self.inner.quota).release(&id);
        }
        made
    }

    /// Makes way for a new room of `host`'s, who has as many as allowed, by
    /// closing the oldest one they left alone (nobody in it, nobody but
    /// them playing: a game against the CPU they walked away from, which
    /// they could not find again from the lobby anyway); `false` if there
    /// is none.
    fn recycle_left_room(&self, host: &Identity) -> bool {
        let ids = lock(&self.inner.quota).rooms_of(&host.id);
        let rooms: Vec<Arc<Room>> = {
            let open = lock(&self.inner.rooms);
            ids.iter().filter_map(|id| open.get(id).cloned()).collect()
        };
        let left = rooms
            .into_iter()
            .filter_map(|r| Some((r.left_alone_by(&host.id)?, r)));
        let Some((_, oldest)) = left.min_by_key(|(at, _)| *at) else {
            return false;
        };
        self.inner
            .close_room(&oldest, "closed", msg!("closed-host-moved-on"));
        true
    }

    /// Makes and stores room `id` (counted already) with `host` in it.
    fn make_room(
        &self,
        id: String,
        host: &Identity,
        settings: RoomSettings,
    ) -> Result<RoomHandle, HallError> {
        let code = loop {
            let code = random_code(codes::INVITE_LEN);
            if !lock(&self.inner.codes).contains_key(&code) {
                break code;
            }
        };
        let shared = &self.inner.shared;
        let at = shared.clock.now_ms();
        let created = events::Record {
            at,
            event: events::Event::Created {
                code: code.clone(),
                host: host.clone(),
                settings: events::SettingsRecord::from(&settings),
            },
        };
        let mut state = RoomState::create(id.clone(), code.clone(), host, settings, at)?;
        if let Some(cluster) = self.inner.cluster() {
            cluster.claim_new(&id)?;
        }
        let event = created.encode();
        shared.store.commit(&[Appended {
            room: id.clone(),
            seq: 0,
            event: event.clone(),
            line: journal::line(&state, &state, &created, 0).encode(),
        }])?;
        state
            .outbox
            .push(String::from_utf8(event).unwrap_or_default());
        let room = Room::new(state, Arc::downgrade(&self.inner), shared.clone());
        lock(&self.inner.rooms).insert(id.clone(), room.clone());
        lock(&self.inner.codes).insert(code, id);
        room.join(host, None)
    }

    /// The room with this invite code (in any case, with or without
    /// dashes and spaces) or id, and whether it was found by its code.
    fn locate(&self, code_or_id: &str) -> (Option<Arc<Room>>, bool) {
        let code = lock(&self.inner.codes)
            .get(&codes::normalize(code_or_id))
            .cloned();
        let by_code = code.is_some();
        let id = code.unwrap_or_else(|| code_or_id.trim().to_lowercase());
        (lock(&self.inner.rooms).get(&id).cloned(), by_code)
    }

    fn find(&self, code_or_id: &str) -> Result<Arc<Room>, HallError> {
        self.locate(code_or_id)
            .0
            .ok_or_else(|| HallError::NoSuchRoom(code_or_id.trim().to_string()))
    }

    /// The keys failed attempts are counted against: the address the
    /// request comes from (if known) and the identity.
    fn attempt_keys(&self, who: &Identity) -> Vec<String> {
        let mut keys = vec![format!("id:{}", who.id)];
        keys.extend(self.address.map(|ip| format!("ip:{ip}")));
        keys
    }

    /// Refuses an attempt by code when the address or the identity has
    /// used up its allowance of failures (without looking the code up).
    fn admit(&self, who: &Identity) -> Result<(), HallError> {
        let now = self.inner.shared.clock.now_ms();
        self.inner
            .attempts
            .check(&self.attempt_keys(who), now)
            .map_err(HallError::TooManyAttempts)
    }

    /// Counts a failed attempt by code; the one answer to every failure.
    fn failed(&self, who: &Identity) -> HallError {
        let now = self.inner.shared.clock.now_ms();
        let keys = self.attempt_keys(who);
        self.inner.attempts.failed(&keys, now);
        if let Some(cluster) = self.inner.cluster() {
            cluster.tell_failed(keys, now);
        }
        tracing::debug!(id = %who.id, address = ?self.address, "join or watch by code failed");
        HallError::NoEntry
    }

    /// Joins a room by invite code (or, for public rooms, by id); a player
    /// who already has a seat there gets it back. Every failure by code
    /// (no such code, a full, private or closed room) is the same
    /// [`HallError::NoEntry`] and counts against the address and the
    /// identity; past their allowance the answer is
    /// [`HallError::TooManyAttempts`].
    pub fn join(&self, code_or_id: &str, who: &Identity) -> Result<RoomHandle, HallError> {
        let (room, by_code) = self.locate(code_or_id);
        if let Some(room) = &room {
            if room.has_player(&who.id) || (!by_code && !room.is_private()) {
                return room.join(who, None);
            }
        }
        self.admit(who)?;
        match room {
            Some(room) if by_code => match room.join(who, None) {
                Err(HallError::Storage(e)) => Err(HallError::Storage(e)),
                Err(_) => Err(self.failed(who)),
                ok => ok,
            },
            _ => Err(self.failed(who)),
        }
    }

    /// Takes a keyless player's seat back with its resume code: returns the
    /// seat's identity (the session plays as it from now on) and the room.
    pub fn resume(&self, code: &str) -> Result<(Identity, RoomHandle), HallError> {
        let token = self
            .inner
            .shared
            .store
            .token(&code_hash(code))?
            .ok_or(HallError::NoSuchCode)?;
        let room = lock(&self.inner.rooms)
            .get(&token.room)
            .cloned()
            .ok_or(HallError::NoSuchCode)?;
        let who = Identity {
            id: token.identity,
            name: token.name,
            keyed: false,
        };
        let handle = room.join(&who, Some(code.trim().to_uppercase()))?;
        Ok((who, handle))
    }

    /// The id of a room where `who` holds a seat in a game going on (a
    /// returning player goes straight back to it).
    pub fn seat_room(&self, who: &Identity) -> Option<String> {
        let rooms: Vec<Arc<Room>> = lock(&self.inner.rooms).values().cloned().collect();
        rooms
            .iter()
            .find(|r| r.plays_in(&who.id))
            .map(|r| r.id_and_code().0)
    }

    /// Watches a room read-only as `who`: public rooms by id, private ones
    /// by code (or by id for a player seated there). Failures by code are
    /// answered and counted as in [`Hall::join`].
    pub fn watch(&self, code_or_id: &str, who: &Identity) -> Result<RoomHandle, HallError> {
        let (room, by_code) = self.locate(code_or_id);
        if let Some(room) = &room {
            if !by_code && (!room.is_private() || room.has_player(&who.id)) {
                return room.spectate();
            }
        }
        self.admit(who)?;
        match room {
            Some(room) if by_code => {
                room.add_code_watcher(&who.id);
                room.spectate()
            }
            _ => Err(self.failed(who)),
        }
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
        let mut settings = RoomSettings::new(kind);
        // A person who waits a minute gets a bot, if one is connected.
        if !bots::is_bot_id(&who.id) {
            settings.bot_after = Some(QUICK_BOT_AFTER);
        }
        self.create_room(who, settings)
    }

    /// A game's record in `format` (one of the game's export formats;
    /// `None`: the game's usual record, see [`usual_format`]): a game going
    /// on or kept in memory, else a finished game from the store.
    ///
    /// A public room's games are anyone's. A private room's game going on
    /// is its players' and its watchers' who came in by the invite code; a
    /// finished one only its players'. To anyone else a private game reads
    /// as no game at all ([`HallError::NoSuchGame`]), like a wrong id.
    pub fn export(
        &self,
        game_id: &str,
        format: Option<&str>,
        reader: Reader,
    ) -> Result<String, HallError> {
        let id = game_id.trim();
        let missing = || HallError::NoSuchGame(game_id.to_string());
        let live = lock(&self.inner.games).get(id).cloned();
        let formats = match live {
            Some(record) => {
                let over = record.game.outcome().is_some();
                let watcher = |who: &Identity| !over && self.inner.watched_by_code(id, &who.id);
                if !may_read(reader, record.private, &record.players, watcher) {
                    return Err(missing());
                }
                every_export(&record.game, &record.names)
            }
            None => {
                let kept = self.inner.kept_game(id)?.ok_or_else(missing)?;
                if !may_read(reader, kept.private, &kept.players, |_| false) {
                    return Err(missing());
                }
                with_new_formats(kept.formats)
            }
        };
        let format = format.or_else(|| usual_format(&formats)).unwrap_or("kifu");
        if let Some((_, text)) = formats.iter().find(|(name, _)| name == format) {
            return Ok(text.clone());
        }
        let offered: Vec<&str> = formats.iter().map(|(name, _)| name.as_str()).collect();
        Err(HallError::BadFormat(format.to_string(), offered.join(", ")))
    }

    /// Remembers a keyed player's display name, or recalls it: when the
    /// player chose a name (`chosen`), it is stored for their key; when they
    /// did not, a name stored earlier replaces the derived one. Guests are
    /// returned unchanged. A name already remembered is not written again
    /// (most logins choose the name they had), so the names lock is held
    /// across a store write only when a name changes.
    pub fn remember(&self, mut who: Identity, chosen: bool) -> Identity {
        if !who.keyed {
            return who;
        }
        let mut names = lock(&self.inner.names);
        if chosen {
            if names.get(&who.id) == Some(&who.name) {
                return who;
            }
            names.insert(who.id.clone(), who.name.clone());
            if let Err(e) = self.inner.shared.store.put_identity(&who.id, &who.name) {
                tracing::warn!("could not store the name of {}: {e}", who.id);
            }
        } else if let Some(name) = names.get(&who.id) {
            who.name = name.clone();
        }
        who
    }

    /// How many rooms are open.
    pub fn room_count(&self) -> usize {
        lock(&self.inner.rooms).len()
    }

    /// Checks the timers of the rooms with one due now (what the ticker
    /// does); returns how many rooms it looked at.
    pub fn tick(&self) -> usize {
        let now = self.inner.shared.clock.now_ms();
        self.lapse_challenges(now);
        let due = lock(&self.inner.due).take_due(now);
        for (at, id) in &due {
            let Some(room) = lock(&self.inner.rooms).get(id).cloned() else {
                continue;
            };
            let options = &self.inner.shared.options;
            match room.tick(now, *at) {
                Fate::Stays => {}
                Fate::Empty => self.inner.close_room(&room, "closed", msg!("closed-empty")),
                Fate::Expired => {
                    let days = options.expire_ms / 86_400_000;
                    let why = msg!("closed-expired", days = days);
                    self.inner.close_room(&room, "expired", why)
                }
                Fate::Abandoned => {
                    let hours = options.abandoned_ms / 3_600_000;
                    let why = msg!("closed-abandoned", hours = hours);
                    self.inner.close_room(&room, "expired", why)
                }
            }
        }
        // Once a second is enough: it only bounds how long a turn clock
        // is thought to have run before a crash.
        let last = self.inner.heartbeat.load(Ordering::Relaxed);
        if now.saturating_sub(last) >= 1000 {
            self.fall_back_to_bots(now);
            self.inner.heartbeat.store(now, Ordering::Relaxed);
            if let Err(e) = self.inner.shared.store.heartbeat(now) {
                tracing::warn!("heartbeat not stored: {e}");
            }
        }
        due.len()
    }

    /// A node of a hall several serve stops cleanly: it gives its rooms
    /// up so the other nodes take them at once. Nothing for a hall's only
    /// server.
    pub fn leave_cluster(&self) {
        if let Some(cluster) = self.inner.cluster() {
            cluster.leave();
        }
    }

    /// The name of this node, in a hall several serve.
    pub fn node(&self) -> Option<String> {
        self.inner.cluster().map(|c| c.node().to_string())
    }

    /// Whether this server can reach the rest of its hall (always, for a
    /// hall's only server): a node cut off shows "reconnecting…".
    pub fn reachable(&self) -> bool {
        *self.inner.reach.borrow()
    }

    /// Whether this node owns room `id` (applies its commands); always
    /// true for a hall's only server, for the rooms it has.
    pub fn owns(&self, id: &str) -> bool {
        lock(&self.inner.rooms).get(id).is_some_and(|r| r.owned())
    }

    /// Changes of [`Hall::reachable`].
    pub fn reach(&self) -> watch::Receiver<bool> {
        self.inner.reach.subscribe()
    }

    /// Runs [`Hall::tick`] five times a second until the hall is dropped
    /// (each tick costs only the rooms with something due).
    pub fn spawn_ticker(&self) {
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(200));
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            loop {
                every.tick().await;
                let Some(inner) = weak.upgrade() else {
                    return;
                };
                Hall {
                    inner,
                    address: None,
                }
                .tick();
            }
        });
    }
}

impl HallInner {
    /// The link to the other nodes, in a hall several serve.
    pub(crate) fn cluster(&self) -> Option<Arc<cluster::Cluster>> {
        self.cluster.get().cloned()
    }

    /// Sends the lobby its list as the rooms' lines make it.
    pub(crate) fn refresh_lobby(&self) {
        let list = lock(&self.listing).list();
        self.lobby.send_replace(Arc::new(list));
    }

    /// After a change to room `s` (called under the room's lock, so that
    /// changes arrive in order): moves its due time from `old` and puts its
    /// lobby line; the lobby is sent a new list only when the line changed
    /// and `send` (a restart sends once, after every room).
    /// `retry` is a time the room asked to be looked at again (its CPU
    /// could not move: see `Room::schedule`).
    pub(crate) fn room_changed(
        &self,
        s: &RoomState,
        old: Option<u64>,
        retry: Option<u64>,
        send: bool,
    ) -> Option<u64> {
        let next = due::next_due(s, &self.shared.options);
        let next = next.into_iter().chain(retry).min();
        lock(&self.due).reschedule(&s.id, old, next);
        let mut listing = lock(&self.listing);
        if listing.put(s) && send {
            self.lobby.send_replace(Arc::new(listing.list()));
        }
        next
    }

    /// Keeps the room's current game for export under its id.
    pub(crate) fn record_game(&self, s: &RoomState) {
        let record = GameRecord {
            game: s.game.clone(),
            names: s.names(),
            private: s.is_private(),
            players: s.human_ids(),
        };
        lock(&self.games).insert(s.game_id(), record);
    }

    /// Whether `who` watches the room of game `game_id` having come in by
    /// its invite code.
    fn watched_by_code(&self, game_id: &str, who: &str) -> bool {
        let room_id = game_id.split('-').next().unwrap_or_default();
        let room = lock(&self.rooms).get(room_id).cloned();
        room.is_some_and(|r| r.watched_by_code(who))
    }

    /// Keeps a finished game in the store, in every format, for export
    /// after the room is gone.
    pub(crate) fn keep_finished(&self, s: &RoomState) {
        let kept = KeptGame {
            formats: every_export(&s.game, &s.names()),
            private: s.is_private(),
            players: s.human_ids(),
            replay: Some(review::Replay::of(
                &s.opening,
                &s.settings.rules,
                s.moves.iter().map(|m| m.text.clone()).collect(),
            )),
            review: None,
        };
        if let Err(e) = self.put_kept(&s.game_id(), &kept) {
            tracing::warn!(game = %s.game_id(), "could not keep the finished game: {e}");
        }
    }

    /// Writes the kept record of the finished game `id` (a game just
    /// finished, its review, an imported record).
    fn put_kept(&self, id: &str, kept: &KeptGame) -> Result<(), HallError> {
        let bytes = serde_json::to_vec(kept).map_err(|e| HallError::Replay(e.to_string()))?;
        self.shared.store.put_game(id, &bytes)?;
        Ok(())
    }

    /// The kept record of the finished game `id`, if the store has one.
    fn kept_game(&self, id: &str) -> Result<Option<KeptGame>, HallError> {
        let Some(bytes) = self.shared.store.game(id)? else {
            return Ok(None);
        };
        let kept = serde_json::from_slice(&bytes)
            .map_err(|e| HallError::Replay(format!("game {id}: {e}")))?;
        Ok(Some(kept))
    }

    /// Keeps a finished game unless the store has it already: after a
    /// restart, only a server stopped between a game's last move and
    /// keeping it left one missing, so the exports are not all recomputed.
    pub(crate) fn keep_finished_if_missing(&self, s: &RoomState) {
        match self.shared.store.game(&s.game_id()) {
            Ok(Some(_)) => {}
            _ => self.keep_finished(s),
        }
    }

    /// Issues a resume code for `who`'s seat in `room` and stores its hash.
    pub(crate) fn new_resume_code(&self, room: &Room, who: &Identity) -> String {
        let code = new_resume_code();
        let token = SeatToken {
            room: room.id_and_code().0,
            identity: who.id.clone(),
            name: who.name.clone(),
        };
        if let Err(e) = self.shared.store.put_token(&code_hash(&code), &token) {
            tracing::warn!("could not store a resume code: {e}");
        }
        code
    }

    /// Closes a room: its sessions are told `why`, and it is gone from the
    /// hall and from the store, with its seat tokens (finished games stay
    /// in the store for export). The journal says so with `event`:
    /// `expired`, or `closed` (emptied, or by an admin).
    pub(crate) fn close_room(&self, room: &Arc<Room>, event: &str, why: Msg) {
        if !room.owned() {
            // Its owner closes it, and every node hears of it.
            if let Err(e) = room.command(cluster::wire::Command::Close { why }) {
                tracing::warn!("the room's owner was not told to close it: {e}");
            }
            return;
        }
        // The journal is read by admins in English.
        let text = crate::i18n::Lang::En.text(&why);
        let Some((id, code, game)) = room.close(why) else {
            return;
        };
        self.forget_room(&id, &code);
        if let Some(cluster) = self.cluster() {
            cluster.release(&id);
        }
        if let Err(e) = self.shared.store.remove_room(&id) {
            tracing::warn!(room = %id, "could not remove the room's log: {e}");
        }
        let mut line = journal::LogLine::new(&id, self.shared.clock.now_ms(), event);
        line.game = game;
        line.text = Some(text);
        if let Err(e) = self.shared.store.note(&line.encode()) {
            tracing::warn!(room = %id, "could not journal the room's closing: {e}");
        }
    }
}

impl HallInner {
    /// Puts a rebuilt room (`owned` by this server, or a replica) in the
    /// hall's maps and counts it for its host (from `address`, if known).
    pub(crate) fn add_room(
        self: &Arc<Self>,
        state: RoomState,
        address: Option<std::net::IpAddr>,
        owned: bool,
    ) -> Arc<Room> {
        let (id, code) = (state.id.clone(), state.code.clone());
        lock(&self.quota).add(&id, &state.host.id, address);
        let room = Room::with_owner(state, Arc::downgrade(self), self.shared.clone(), owned);
        lock(&self.rooms).insert(id.clone(), room.clone());
        lock(&self.codes).insert(codes::normalize(&code), id);
        room
    }

    /// Takes a closed room out of the hall's maps (the lobby, the codes,
    /// the counts, its games in memory).
    pub(crate) fn forget_room(&self, id: &str, code: &str) {
        lock(&self.rooms).remove(id);
        lock(&self.quota).release(id);
        lock(&self.codes).remove(&codes::normalize(code));
        let prefix = format!("{id}-");
        lock(&self.games).retain(|game, _| !game.starts_with(&prefix));
    }
}

/// The hall as a weak pointer, as rooms hold it.
pub(crate) type HallRef = Weak<HallInner>;
