//! Bots (docs/bots.md): identities an admin registered (an SSH key under a
//! name), the bots connected to this server now, and the challenges that
//! wait for a bot's answer.
//!
//! The registry is in the store (it outlives restarts); who is connected
//! and the challenges live only here. A bot sits in a seat like a person
//! (`Occupant::Human` with the id `bot:NAME`), so being away, the grace
//! period and the CPU playing for it all work as for anyone.

use super::names;
use super::room::Room;
use super::room::RoomHandle;
use super::view::{Identity, Phase};
use super::{Hall, HallError, journal, lock};
use crate::msg;
use crate::rules::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::mpsc;

/// How a bot's identity id begins; the rest is its registered name.
pub const BOT_ID: &str = "bot:";

/// Challenges a bot may have waiting for its answer at once.
pub const OPEN_CHALLENGES: usize = 4;

/// Rooms a bot may sit in at once (games over do not count).
pub const MAX_GAMES: usize = 4;

/// How long a challenge waits for an answer.
pub const CHALLENGE_MS: u64 = 60_000;

/// Notices queued for a bot's session before more are dropped.
const NOTICES: usize = 64;

/// A registered bot, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotRecord {
    /// Its name (unique).
    pub name: String,
    /// Its public key, as `authorized_keys` writes it.
    pub key: String,
    /// The key's fingerprint (`SHA256:…`): how a connection is known.
    pub fingerprint: String,
    /// The admin who added it.
    pub added_by: String,
    /// When (ms since the epoch).
    pub added_at: u64,
}

impl BotRecord {
    /// The identity the bot plays as.
    pub fn identity(&self) -> Identity {
        Identity {
            id: bot_id(&self.name),
            name: self.name.clone(),
            keyed: true,
        }
    }
}

/// A challenge to a bot: a seat in a waiting room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id (`c1`, `c2`, …), what the bot answers with.
    pub id: String,
    /// The room's id.
    pub room: String,
    /// The seat offered.
    pub seat: u8,
    /// Who asked (the host's name).
    pub from: String,
    /// The game and its rules (name, value).
    pub game: GameKind,
    /// The room's rules.
    pub rules: Vec<(String, String)>,
    /// Whether the room is ranked.
    pub ranked: bool,
    /// The room's time per move, if any.
    pub turn_seconds: Option<u64>,
    /// When it lapses (ms, the hall's clock).
    pub expires_at: u64,
}

/// What the hall tells a connected bot's session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotNotice {
    /// Someone asks the bot to play.
    Challenge(Challenge),
    /// A challenge ended without an answer: `withdrawn`, `expired` or
    /// `taken`.
    ChallengeGone {
        /// The challenge's id.
        id: String,
        /// Why.
        reason: &'static str,
    },
    /// A newer connection of the bot took over, or the bot was removed:
    /// this session ends.
    Ended(&'static str),
}

/// A connected bot, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotInfo {
    /// Its name.
    pub name: String,
    /// Rooms it plays in now.
    pub games: usize,
}

/// A session's hold on the bot's connection: dropped, the bot is gone.
pub struct BotLink {
    hall: Hall,
    id: String,
    number: u64,
    /// What the hall has to say to the session.
    pub notices: mpsc::Receiver<BotNotice>,
}

impl Drop for BotLink {
    fn drop(&mut self) {
        let mut bots = lock(&self.hall.inner.bots);
        if bots
            .connected
            .get(&self.id)
            .is_some_and(|c| c.number == self.number)
        {
            bots.connected.remove(&self.id);
            bots.challenges.retain(|_, (bot, _)| *bot != self.id);
        }
    }
}

/// A connected bot's line to its session.
struct Connected {
    name: String,
    number: u64,
    notices: mpsc::Sender<BotNotice>,
    games: usize,
}

/// The bots of this server.
#[derive(Default)]
pub(crate) struct Bots {
    /// Registered bots by key fingerprint (loaded when the hall opens).
    registered: HashMap<String, BotRecord>,
    /// Connected bots by identity id.
    connected: HashMap<String, Connected>,
    /// Open challenges by id: the bot's id and the challenge.
    challenges: HashMap<String, (String, Challenge)>,
    /// Numbers for challenges and connections.
    next: u64,
    /// Which bots were asked to fill a seat of which rooms (room, bot id):
    /// each is asked once.
    asked: std::collections::HashSet<(String, String)>,
}

impl Bots {
    /// From the stored records (one that does not read is left out).
    pub(crate) fn load(records: Vec<(String, Vec<u8>)>) -> Bots {
        let mut bots = Bots::default();
        for (name, bytes) in records {
            match serde_json::from_slice::<BotRecord>(&bytes) {
                Ok(record) => {
                    bots.registered.insert(record.fingerprint.clone(), record);
                }
                Err(e) => tracing::warn!(%name, "a bot's record does not read: {e}"),
            }
        }
        bots
    }

    fn number(&mut self) -> u64 {
        self.next += 1;
        self.next
    }
}

/// Whether `name` may be a bot's: 1 to 16 ASCII letters, digits, `-` or
/// `_`, and not a name only the server gives.
fn valid_name(name: &str) -> bool {
    (1..=names::MAX_NAME_CHARS).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && !names::is_server_name(name)
}

/// Whether an identity id is a bot's.
pub fn is_bot_id(id: &str) -> bool {
    id.starts_with(BOT_ID)
}

/// The identity id of the bot `name`.
pub fn bot_id(name: &str) -> String {
    format!("{BOT_ID}{name}")
}

/// The bot `name` as people see it: with its mark (`randy BOT`).
pub fn shown(name: &str) -> String {
    names::shown(&bot_id(name), name)
}

impl Hall {
    /// Registers a bot: `name` for the key `key` (its `authorized_keys`
    /// line) whose fingerprint is `fingerprint`, by the admin `admin`.
    pub fn add_bot(
        &self,
        name: &str,
        key: &str,
        fingerprint: &str,
        admin: &str,
    ) -> Result<BotRecord, HallError> {
        if !valid_name(name) {
            return Err(HallError::BadBotName(name.chars().take(32).collect()));
        }
        let record = BotRecord {
            name: name.to_string(),
            key: key.to_string(),
            fingerprint: fingerprint.to_string(),
            added_by: admin.to_string(),
            added_at: self.clock().now_ms(),
        };
        let mut bots = self.registry();
        let taken = bots.registered.values().any(|r| r.name == name);
        if taken || bots.registered.contains_key(fingerprint) {
            return Err(HallError::BotExists);
        }
        let bytes = serde_json::to_vec(&record).unwrap_or_default();
        self.inner.shared.store.put_bot(name, &bytes)?;
        bots.registered
            .insert(fingerprint.to_string(), record.clone());
        drop(bots);
        self.journal_bot("bot added", name, admin);
        Ok(record)
    }

    /// Forgets the bot `name` and ends its connection.
    pub fn remove_bot(&self, name: &str, admin: &str) -> Result<(), HallError> {
        let mut bots = self.registry();
        let found = bots.registered.iter().find(|(_, r)| r.name == name);
        let Some(fingerprint) = found.map(|(f, _)| f.clone()) else {
            return Err(HallError::NoSuchBot(name.chars().take(32).collect()));
        };
        self.inner.shared.store.remove_bot(name)?;
        bots.registered.remove(&fingerprint);
        if let Some(link) = bots.connected.remove(&bot_id(name)) {
            let _ = link.notices.try_send(BotNotice::Ended("removed"));
        }
        drop(bots);
        self.journal_bot("bot removed", name, admin);
        Ok(())
    }

    /// Every registered bot, by name.
    pub fn bots(&self) -> Vec<BotRecord> {
        let mut all: Vec<BotRecord> = self.registry().registered.values().cloned().collect();
        all.sort_by(|a, b| a.name.cmp(&b.name));
        all
    }

    /// The bot whose key has this fingerprint, if one is registered (as
    /// the store says now).
    pub fn bot_for_key(&self, fingerprint: &str) -> Option<Identity> {
        let bots = self.registry();
        bots.registered.get(fingerprint).map(BotRecord::identity)
    }

    /// The bots' lock, with the registered list read again from the store
    /// (another node of the hall may have changed it; if the store does
    /// not answer, the list this server knows stands).
    fn registry(&self) -> std::sync::MutexGuard<'_, Bots> {
        let stored = crate::store::blocking(|| self.inner.shared.store.bots());
        let mut bots = lock(&self.inner.bots);
        match stored {
            Ok(records) => bots.registered = Bots::load(records).registered,
            Err(e) => tracing::warn!("the bots' list was not read again: {e}"),
        }
        bots
    }

    /// Connects the bot `who`: a connection it had before ends.
    pub fn connect_bot(&self, who: &Identity) -> BotLink {
        let (tx, notices) = mpsc::channel(NOTICES);
        let mut bots = lock(&self.inner.bots);
        let number = bots.number();
        let link = Connected {
            name: who.name.clone(),
            number,
            notices: tx,
            games: 0,
        };
        if let Some(old) = bots.connected.insert(who.id.clone(), link) {
            let _ = old.notices.try_send(BotNotice::Ended("replaced"));
        }
        BotLink {
            hall: self.clone(),
            id: who.id.clone(),
            number,
            notices,
        }
    }

    /// The bots connected now, by name.
    pub fn connected_bots(&self) -> Vec<BotInfo> {
        let bots = lock(&self.inner.bots);
        let mut all: Vec<BotInfo> = bots
            .connected
            .values()
            .map(|c| BotInfo {
                name: c.name.clone(),
                games: c.games,
            })
            .collect();
        all.sort_by(|a, b| a.name.cmp(&b.name));
        all
    }

    /// Notes how many rooms a connected bot plays in (the lobby shows it,
    /// and a bot at [`MAX_GAMES`] is not challenged).
    pub fn set_bot_games(&self, link: &BotLink, games: usize) {
        let mut bots = lock(&self.inner.bots);
        if let Some(c) = bots.connected.get_mut(&link.id) {
            if c.number == link.number {
                c.games = games;
            }
        }
    }

    /// The host of `room` asks the bot `bot` to take `seat`; the room's
    /// status line says so until the bot answers.
    pub fn challenge_bot(&self, room: &RoomHandle, seat: u8, bot: &str) -> Result<(), HallError> {
        if room.identity().is_none() || !room.is_host() {
            return Err(HallError::NotHost);
        }
        self.offer(room.room(), seat, bot)
    }

    /// Offers `seat` of `room` to the bot `bot`: a challenge in the name of
    /// the room's host.
    fn offer(&self, room: &Arc<Room>, seat: u8, bot: &str) -> Result<(), HallError> {
        let view = room.snapshot();
        if view.phase != Phase::Waiting {
            return Err(HallError::WrongPhase("phase-started"));
        }
        if !room.seat_open(seat) {
            return Err(HallError::SeatTaken);
        }
        let bot_id = bot_id(bot);
        let expires_at = self.clock().now_ms() + CHALLENGE_MS;
        let mut bots = lock(&self.inner.bots);
        let waiting = bots
            .challenges
            .values()
            .filter(|(b, _)| *b == bot_id)
            .count();
        // One challenge at a time per room: a host cannot fill a bot's
        // list of challenges alone.
        if bots.challenges.values().any(|(_, c)| c.room == view.id) {
            return Err(HallError::BotBusy(bot.to_string()));
        }
        let id = format!("c{}", bots.number());
        let Some(link) = bots.connected.get(&bot_id) else {
            return Err(HallError::NoSuchBot(bot.chars().take(32).collect()));
        };
        if waiting >= OPEN_CHALLENGES || link.games >= MAX_GAMES {
            return Err(HallError::BotBusy(bot.to_string()));
        }
        let challenge = Challenge {
            id: id.clone(),
            room: view.id.clone(),
            seat,
            from: names::shown(&view.host_id, &view.host_name),
            game: view.settings.kind,
            rules: (view.settings.rules.iter())
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            ranked: view.settings.ranked,
            turn_seconds: view.settings.time_limit.seconds(),
            expires_at,
        };
        if link
            .notices
            .try_send(BotNotice::Challenge(challenge.clone()))
            .is_err()
        {
            return Err(HallError::BotBusy(bot.to_string()));
        }
        bots.challenges.insert(id, (bot_id.clone(), challenge));
        drop(bots);
        let seat_name = view.settings.kind.seat_msg(crate::rules::vocab::Seat(seat));
        let name = shown(bot);
        room.note(msg!("status-bot-challenged", name = name, seat = seat_name));
        Ok(())
    }

    /// Asks a connected bot to fill an empty seat of each room that has
    /// waited its `bot_after` (quick play's rooms): the bot with the
    /// fewest games that was not asked about that room before.
    pub(crate) fn fall_back_to_bots(&self, now: u64) {
        if lock(&self.inner.bots).connected.is_empty() {
            return;
        }
        let rooms: Vec<Arc<Room>> = lock(&self.inner.rooms).values().cloned().collect();
        let waiting = rooms
            .iter()
            .filter_map(|r| Some((r, r.seat_for_a_bot(now)?)));
        for (room, seat) in waiting {
            let id = room.id_and_code().0;
            if let Some(bot) = self.bot_to_ask(&id) {
                match self.offer(room, seat, &bot) {
                    Ok(()) => tracing::info!(room = %id, %bot, "a bot was asked to fill a seat"),
                    Err(e) => tracing::debug!(room = %id, %bot, "no bot for the seat: {e}"),
                }
            }
        }
        let mut bots = lock(&self.inner.bots);
        let open: std::collections::HashSet<String> =
            rooms.iter().map(|r| r.id_and_code().0).collect();
        bots.asked.retain(|(room, _)| open.contains(room));
    }

    /// The connected bot to ask about room `room`, noted as asked; none
    /// while a challenge about the room waits.
    fn bot_to_ask(&self, room: &str) -> Option<String> {
        let mut bots = lock(&self.inner.bots);
        if bots.challenges.values().any(|(_, c)| c.room == room) {
            return None;
        }
        let free = (bots.connected.iter())
            .filter(|(id, c)| {
                c.games < MAX_GAMES && !bots.asked.contains(&(room.to_string(), (*id).clone()))
            })
            .min_by_key(|(_, c)| (c.games, c.name.clone()))
            .map(|(id, c)| (id.clone(), c.name.clone()));
        let (id, name) = free?;
        bots.asked.insert((room.to_string(), id));
        Some(name)
    }

    /// The bot `who` takes the seat of its challenge `id`.
    pub fn accept_challenge(&self, who: &Identity, id: &str) -> Result<RoomHandle, HallError> {
        let challenge = self.take_challenge(who, id)?;
        let room = self.find(&challenge.room)?;
        room.join_at(who, None, Some(challenge.seat))
    }

    /// The bot `who` turns its challenge `id` down, saying `reason`.
    pub fn decline_challenge(
        &self,
        who: &Identity,
        id: &str,
        reason: &str,
    ) -> Result<(), HallError> {
        let challenge = self.take_challenge(who, id)?;
        let reason: String = names::visible(reason).chars().take(60).collect();
        let name = names::shown(&who.id, &who.name);
        let why = match reason.trim() {
            "" => msg!("status-bot-declined", name = name),
            reason => msg!("status-bot-declined-because", name = name, reason = reason),
        };
        if let Ok(room) = self.find(&challenge.room) {
            room.note(why);
        }
        Ok(())
    }

    /// Takes `who`'s open challenge `id` out of the list.
    fn take_challenge(&self, who: &Identity, id: &str) -> Result<Challenge, HallError> {
        let mut bots = lock(&self.inner.bots);
        match bots.challenges.get(id) {
            Some((bot, _)) if *bot == who.id => {}
            _ => return Err(HallError::NoSuchChallenge(id.chars().take(32).collect())),
        }
        let (_, challenge) = bots.challenges.remove(id).expect("checked above");
        Ok(challenge)
    }

    /// Ends the challenges that lapsed by `now`, or whose seat was taken
    /// or whose room closed meanwhile: their bots and rooms are told.
    pub(crate) fn lapse_challenges(&self, now: u64) {
        let ended: Vec<(String, Challenge, &'static str)> = {
            let mut bots = lock(&self.inner.bots);
            if bots.challenges.is_empty() {
                return;
            }
            let rooms = lock(&self.inner.rooms);
            let open = |c: &Challenge| rooms.get(&c.room).is_some_and(|r| r.seat_open(c.seat));
            let gone: Vec<(String, &'static str)> = (bots.challenges.iter())
                .filter_map(|(id, (_, c))| match (open(c), c.expires_at <= now) {
                    (false, _) => Some((id.clone(), "taken")),
                    (true, true) => Some((id.clone(), "expired")),
                    _ => None,
                })
                .collect();
            drop(rooms);
            gone.into_iter()
                .filter_map(|(id, why)| {
                    let (bot, c) = bots.challenges.remove(&id)?;
                    if let Some(link) = bots.connected.get(&bot) {
                        let gone = BotNotice::ChallengeGone { id, reason: why };
                        let _ = link.notices.try_send(gone);
                    }
                    Some((bot, c, why))
                })
                .collect()
        };
        for (bot, challenge, why) in ended {
            if why != "expired" {
                continue;
            }
            if let Ok(room) = self.find(&challenge.room) {
                let name = shown(bot.trim_start_matches(BOT_ID));
                room.note(msg!("status-bot-no-answer", name = name));
            }
        }
    }

    /// Every room where `who` sits in a game not over, or waits for one.
    pub fn rooms_of(&self, who: &Identity) -> Vec<String> {
        let rooms: Vec<Arc<Room>> = lock(&self.inner.rooms).values().cloned().collect();
        rooms
            .iter()
            .filter(|r| r.has_player(&who.id) && !r.finished())
            .map(|r| r.id_and_code().0)
            .collect()
    }

    /// A line in the admins' journal about a bot.
    fn journal_bot(&self, event: &str, name: &str, admin: &str) {
        let mut line = journal::LogLine::new("-", self.clock().now_ms(), event);
        line.player = Some(shown(name));
        line.text = Some(format!("by {admin}"));
        if let Err(e) = self.inner.shared.store.note(&line.encode()) {
            tracing::warn!(%name, "could not journal a bot change: {e}");
        }
        tracing::info!(%admin, bot = %name, "{event}");
    }
}
