//! One room: its state behind a short lock, every change committed to the
//! store before it is published as a new [`RoomView`] snapshot, and the
//! room's timers (turn time, grace period, idleness, expiry) checked by
//! [`Room::tick`].

use super::cluster::wire::{Command, Live, Presence};
use super::events::Event;
use super::state::RoomState;
use super::view::{Identity, Occupant, Phase, Privacy, RoomView};
use super::{HallError, HallRef, Shared, lock};
use crate::cpu::Budget;
use crate::i18n::Msg;
use crate::msg;
use crate::rules::vocab::{self, SeatSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

mod commands;
mod handle;
mod replica;

/// A room of the hall.
pub struct Room {
    /// The state; the hall's admin reports read it too.
    pub(super) state: Mutex<RoomState>,
    /// The search going on, if any.
    thinking: Mutex<Option<Thinking>>,
    /// Who came in to watch by the invite code (they may export the game
    /// going on in a private room); not kept across restarts.
    code_watchers: Mutex<std::collections::HashSet<String>>,
    views: watch::Sender<Arc<RoomView>>,
    hall: HallRef,
    shared: Arc<Shared>,
    /// When the ticker next looks at the room ([`NOT_DUE`]: never), as
    /// entered in the hall's due rooms; changed under the state's lock.
    due: AtomicU64,
    /// Whether this server applies the room's commands: always for a
    /// hall's only server; in a hall of several nodes, only on the node
    /// that owns the room (the others keep a replica, see `cluster`).
    owned: AtomicBool,
    /// This server's handles on the room: who (`None`: a spectator) and
    /// the handle's number (told to a new owner after a failover).
    local: Mutex<Vec<(Option<Identity>, u64)>>,
    /// The CPU was to move but could not (this node could not act, or
    /// its move was not stored): the ticker asks it again.
    cpu_retry: AtomicBool,
}

/// How soon a CPU that could not move is asked again.
const CPU_RETRY_MS: u64 = 1000;

/// The room has no timer running.
const NOT_DUE: u64 = u64::MAX;

/// A search going on: the position it is about (game number, moves
/// played) and the flag that stops it.
type Thinking = ((u32, usize), Arc<AtomicBool>);

/// A session's hold on a room: the seats it plays (none for spectators,
/// every seat on a same-device table) and its stream of snapshots. Dropping
/// it marks the player away (or frees their seat before the game starts).
pub struct RoomHandle {
    room: Arc<Room>,
    who: Option<Identity>,
    views: watch::Receiver<Arc<RoomView>>,
    /// This connection's number among the identity's connections.
    number: u64,
    /// The seat's resume code, for a keyless player.
    resume_code: Option<String>,
}

/// What a timer check decided for a room.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// The room stays.
    Stays,
    /// The room is closed: nobody is in it and no game is going on.
    Empty,
    /// The room is closed: nobody has been in it for the expiry time.
    Expired,
    /// The room is closed: nobody has been in it for the abandoned time,
    /// and no person ever moved in it.
    Abandoned,
}

impl Room {
    /// A room around a state (new, or rebuilt from its log).
    pub(crate) fn new(state: RoomState, hall: HallRef, shared: Arc<Shared>) -> Arc<Room> {
        Room::with_owner(state, hall, shared, true)
    }

    /// A room this server owns (`owned`) or keeps a replica of.
    pub(crate) fn with_owner(
        state: RoomState,
        hall: HallRef,
        shared: Arc<Shared>,
        owned: bool,
    ) -> Arc<Room> {
        let (views, _) = watch::channel(Arc::new(state.view(shared.clock.now_ms())));
        Arc::new(Room {
            state: Mutex::new(state),
            thinking: Mutex::new(None),
            code_watchers: Mutex::default(),
            views,
            hall,
            shared,
            due: AtomicU64::new(NOT_DUE),
            owned: AtomicBool::new(owned),
            local: Mutex::default(),
            cpu_retry: AtomicBool::new(false),
        })
    }

    /// Whether this server owns the room.
    pub(crate) fn owned(&self) -> bool {
        self.owned.load(Ordering::SeqCst)
    }

    /// Makes this server the room's owner, or a replica's keeper.
    pub(crate) fn set_owned(&self, owned: bool) {
        self.owned.store(owned, Ordering::SeqCst);
        if !owned {
            self.stop_thinking();
        }
    }

    /// Whether this server may act for the room now: it owns it and, in a
    /// hall of several nodes, can reach the others (a node cut off must
    /// stop before its lease can expire).
    pub(crate) fn acts(&self) -> bool {
        self.owned()
            && self
                .hall
                .upgrade()
                .is_none_or(|h| h.cluster().is_none_or(|c| c.healthy()))
    }

    /// This server's handles on the room.
    pub(crate) fn local_handles(&self) -> Vec<(Option<Identity>, u64)> {
        lock(&self.local).clone()
    }

    /// Enters a rebuilt room's timers and lobby line in the hall (the
    /// lobby is sent once every room is in).
    pub(crate) fn enlist(&self) {
        let s = lock(&self.state);
        self.tell_hall(&s, false);
    }

    /// Tells the hall when the room is next due and its lobby line.
    fn tell_hall(&self, s: &RoomState, send: bool) {
        let Some(hall) = self.hall.upgrade() else {
            return;
        };
        let old = Some(self.due.load(Ordering::Relaxed)).filter(|d| *d != NOT_DUE);
        let retry = (self.cpu_retry.load(Ordering::Relaxed))
            .then(|| self.shared.clock.now_ms() + CPU_RETRY_MS);
        let next = hall.room_changed(s, old, retry, send);
        self.due.store(next.unwrap_or(NOT_DUE), Ordering::Relaxed);
    }

    pub(crate) fn id_and_code(&self) -> (String, String) {
        let s = lock(&self.state);
        (s.id.clone(), s.code.clone())
    }

    pub(crate) fn is_private(&self) -> bool {
        lock(&self.state).settings.privacy == Privacy::Private
    }

    /// Notes that `id` watches by the invite code.
    pub(crate) fn add_code_watcher(&self, id: &str) {
        lock(&self.code_watchers).insert(id.to_string());
    }

    /// Whether `id` came in to watch by the invite code.
    pub(crate) fn watched_by_code(&self, id: &str) -> bool {
        lock(&self.code_watchers).contains(id)
    }

    /// When nobody is in the room and no one but `host` plays in it (a
    /// game against the CPU its host left), the time of its last logged
    /// event; else `None`.
    pub(crate) fn left_alone_by(&self, host: &str) -> Option<u64> {
        let s = lock(&self.state);
        let alone = s.idle_since.is_some() && s.human_ids().iter().all(|id| id == host);
        alone.then_some(s.last_activity)
    }

    pub(crate) fn has_player(&self, id: &str) -> bool {
        lock(&self.state).seats_of(id) != SeatSet::EMPTY
    }

    /// Whether the room's game is over (or the room closed).
    pub(crate) fn finished(&self) -> bool {
        let s = lock(&self.state);
        s.phase == Phase::Finished || s.closed.is_some()
    }

    /// Whether `id` holds a seat in a game that is going on.
    pub(crate) fn plays_in(&self, id: &str) -> bool {
        let s = lock(&self.state);
        s.phase == Phase::Playing && s.seats_of(id) != SeatSet::EMPTY
    }

    /// Commits `event` to the room's log (durably) and applies it.
    fn commit(&self, s: &mut RoomState, event: Event) -> Result<(), HallError> {
        if s.closed.is_some() {
            return Err(HallError::WrongPhase("phase-closed"));
        }
        if !self.acts() {
            return Err(HallError::Unreachable);
        }
        let was_finished = s.phase == Phase::Finished;
        if let Err(e) = s.commit(&*self.shared.store, event, self.shared.clock.now_ms()) {
            if matches!(e, HallError::Storage(crate::store::StoreError::Stale(_))) {
                // Another node owns the room now: its changes will come.
                self.set_owned(false);
            }
            return Err(e);
        }
        if !was_finished && s.phase == Phase::Finished {
            if let Some(hall) = self.hall.upgrade() {
                hall.keep_finished(s);
                hall.rate_finished(s);
            }
        }
        Ok(())
    }

    /// Takes a seat (or the player's own seats back) and connects. A
    /// keyless player gets a resume code for the seat (`code`, when they
    /// came back with one).
    pub(crate) fn join(
        self: &Arc<Self>,
        who: &Identity,
        code: Option<String>,
    ) -> Result<RoomHandle, HallError> {
        self.join_at(who, code, None)
    }

    /// [`Room::join`] at `seat` when given (a bot taking the seat it was
    /// challenged for), else at the first free seat.
    pub(crate) fn join_at(
        self: &Arc<Self>,
        who: &Identity,
        code: Option<String>,
        seat: Option<u8>,
    ) -> Result<RoomHandle, HallError> {
        let command = Command::Join {
            who: who.clone(),
            seat,
        };
        let number = self.command(command)?;
        let resume_code = match (who.keyed, code) {
            (true, _) => None,
            (false, Some(code)) => Some(code),
            (false, None) => self.hall.upgrade().map(|h| h.new_resume_code(self, who)),
        };
        Ok(self.handle(Some(who.clone()), number, resume_code))
    }

    /// A handle of this server's on the room.
    fn handle(
        self: &Arc<Self>,
        who: Option<Identity>,
        number: u64,
        resume_code: Option<String>,
    ) -> RoomHandle {
        lock(&self.local).push((who.clone(), number));
        RoomHandle {
            room: self.clone(),
            who,
            views: self.views.subscribe(),
            number,
            resume_code,
        }
    }

    /// Seats `who` (or gives them their seats back) as the owner: the new
    /// handle's number.
    fn seat(self: &Arc<Self>, who: &Identity, wanted: Option<u8>) -> Result<u64, HallError> {
        let number = {
            let mut s = lock(&self.state);
            let mine = s.seats_of(&who.id);
            if mine == SeatSet::EMPTY {
                let free = match wanted {
                    Some(seat) => match s.seats.get(usize::from(seat)) {
                        Some(Occupant::Empty) => Some(usize::from(seat)),
                        Some(_) => return Err(HallError::SeatTaken),
                        None => None,
                    },
                    None => s.seats.iter().position(|o| *o == Occupant::Empty),
                };
                let seat = free.ok_or(HallError::RoomFull)?;
                if s.phase != Phase::Waiting {
                    return Err(HallError::RoomFull);
                }
                let who = who.clone();
                self.commit(
                    &mut s,
                    Event::Joined {
                        seat: seat as u8,
                        who,
                    },
                )?;
            } else {
                self.come_back(&mut s, &who.id, mine)?;
            }
            let number = s.next_handle;
            s.next_handle += 1;
            s.holders.retain(|(id, _)| *id != who.id);
            s.holders.push((who.id.clone(), number));
            s.count_connection(&who.id, 1, self.shared.clock.now_ms());
            s.refresh_turn_status();
            self.publish(&mut s);
            number
        };
        self.after_publish();
        Ok(number)
    }

    /// A seated player connects again: back from away, and their seats
    /// taken back from the CPU (their turn is theirs again).
    fn come_back(&self, s: &mut RoomState, id: &str, mine: SeatSet) -> Result<(), HallError> {
        let away = s
            .seats
            .iter()
            .any(|o| matches!(o, Occupant::Human { id: who, connected: false, .. } if who == id));
        if away {
            self.commit(s, Event::Back { id: id.to_string() })?;
        }
        for seat in mine.iter() {
            if matches!(s.seats[seat.index()], Occupant::Human { cpu: true, .. }) {
                self.commit(s, Event::TookBack { seat: seat.0 })?;
            }
        }
        Ok(())
    }

    /// A read-only handle for a spectator.
    pub(crate) fn spectate(self: &Arc<Self>) -> Result<RoomHandle, HallError> {
        self.command(Command::Watch)?;
        Ok(self.handle(None, 0, None))
    }

    /// Says `status` on the room's status line without logging it (a
    /// challenge sent to a bot, its answer): it lasts until the next
    /// change says something else.
    pub(crate) fn note(&self, status: Msg) {
        let mut s = lock(&self.state);
        if s.closed.is_none() {
            s.status = status;
            self.publish(&mut s);
        }
    }

    /// The seat `seat` is free and the room waits for players.
    pub(crate) fn seat_open(&self, seat: u8) -> bool {
        let s = lock(&self.state);
        s.phase == Phase::Waiting
            && s.closed.is_none()
            && matches!(s.seats.get(usize::from(seat)), Some(Occupant::Empty))
    }

    /// The latest snapshot of the room.
    pub(crate) fn snapshot(&self) -> Arc<RoomView> {
        self.views.borrow().clone()
    }

    /// The seat a bot should be asked to fill at `now` (the room's
    /// `bot_after`: a public online room whose host is a person, waiting
    /// that long since its last change with a seat open), if any.
    pub(crate) fn seat_for_a_bot(&self, now: u64) -> Option<u8> {
        let s = lock(&self.state);
        let wait = u64::from(s.settings.bot_after?) * 1000;
        let open = s.phase == Phase::Waiting
            && s.closed.is_none()
            && s.settings.mode == crate::hall::Mode::Online
            && s.settings.privacy == Privacy::Public
            && !super::bots::is_bot_id(&s.host.id)
            && now.saturating_sub(s.last_activity) >= wait;
        let seat = s.seats.iter().position(|o| *o == Occupant::Empty)?;
        open.then_some(seat as u8)
    }

    /// One spectator more, as the owner.
    fn add_spectator(&self) {
        let mut s = lock(&self.state);
        s.spectators += 1;
        s.idle_since = None;
        self.publish(&mut s);
    }

    /// Publishes a snapshot of `s` and tells the hall (called with the
    /// lock held, so snapshots go out in the order the changes happened);
    /// the owner of a room of a hall of several nodes publishes the change
    /// to the others.
    fn publish(&self, s: &mut RoomState) {
        let events = std::mem::take(&mut s.outbox);
        if self.owned() {
            self.send_live(s, events);
        }
        self.show(s);
    }

    /// Sends the others the events committed since the last change and
    /// the presence.
    fn send_live(&self, s: &RoomState, events: Vec<String>) {
        let Some(hall) = self.hall.upgrade() else {
            return;
        };
        let Some(cluster) = hall.cluster() else {
            return;
        };
        let first = s.seq - events.len() as u64;
        let address = match first {
            0 => lock(&hall.quota).address_of(&s.id),
            _ => None,
        };
        let live = Live {
            owner: cluster.node().to_string(),
            first,
            events,
            presence: Presence::of(s),
            closed: s.closed.clone(),
            address,
        };
        cluster.publish(&s.id, &live);
    }

    /// Shows a snapshot of `s` to this server's sessions and tells the hall.
    pub(crate) fn show(&self, s: &RoomState) {
        self.views
            .send_replace(Arc::new(s.view(self.shared.clock.now_ms())));
        if let Some(hall) = self.hall.upgrade() {
            if s.phase != Phase::Waiting {
                hall.record_game(s);
            }
        }
        self.tell_hall(s, true);
    }

    /// After a change: let the CPU move.
    fn after_publish(self: &Arc<Self>) {
        self.schedule();
    }

    /// Starts the CPU's search when the CPU plays the seat to move (unless
    /// it is already thinking about this very position), on the hall's
    /// bounded pool; a search about a position the game has left is told
    /// to stop.
    pub(crate) fn schedule(self: &Arc<Self>) {
        // The game is copied only when the CPU is to move: this runs
        // after every published change.
        let (game, level, plies, time) = {
            let s = lock(&self.state);
            let level = s
                .cpu_to_move(self.shared.takeover_level)
                .filter(|_| s.closed.is_none());
            if level.is_some() && !self.acts() {
                // A node cut off from the others: ask again once it may.
                self.retry_cpu(&s);
                return;
            }
            let game = level.map(|_| s.game.clone());
            let now = self.shared.clock.now_ms();
            let time = (s.cpu_clock_budget(now)).map_or(self.shared.think_time, |clock| {
                clock.min(self.shared.think_time)
            });
            (game, level, (s.game_number, s.moves.len()), time)
        };
        let mut thinking = lock(&self.thinking);
        if let (Some(_), Some((about, _))) = (level, &*thinking) {
            if *about == plies {
                return;
            }
        }
        if let Some((_, stop)) = thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
        let (Some(level), Some(game)) = (level, game) else {
            return;
        };
        let mut budget = Budget::new(time);
        *thinking = Some((plies, budget.stop.clone()));
        let room = self.clone();
        self.shared.pool.submit(move || {
            // Measured when the search starts: a busy hall shortens it.
            budget.time = room.shared.pool.share(budget.time);
            let found = match budget.stopped() {
                true => None,
                false => crate::cpu::think(&game, level, &budget),
            };
            room.done_thinking(plies);
            if let Some(mv) = found {
                room.apply_if_current(plies, &mv);
            }
        });
    }

    /// Forgets the search about `plies` once it has answered.
    fn done_thinking(&self, plies: (u32, usize)) {
        let mut thinking = lock(&self.thinking);
        if thinking.as_ref().is_some_and(|(about, _)| *about == plies) {
            *thinking = None;
        }
    }

    /// Stops any search for this room (it is closing).
    /// Marks the room closed (`why` is what its sessions are told),
    /// publishes that and stops the CPU; its id, code and game id (if it
    /// had a game), or `None` if it was closed already.
    pub(crate) fn close(&self, why: Msg) -> Option<(String, String, Option<String>)> {
        let ids = {
            let mut s = lock(&self.state);
            if s.closed.is_some() {
                return None;
            }
            s.closed = Some(why);
            self.publish(&mut s);
            let game = (s.game_number > 0).then(|| s.game_id());
            (s.id.clone(), s.code.clone(), game)
        };
        self.stop_thinking();
        Some(ids)
    }

    pub(crate) fn stop_thinking(&self) {
        if let Some((_, stop)) = lock(&self.thinking).take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Plays `mv` for the CPU unless the game moved on since it was asked,
    /// or the seat's player took it back meanwhile.
    fn apply_if_current(self: &Arc<Self>, plies: (u32, usize), mv: &vocab::Move) {
        {
            let mut s = lock(&self.state);
            let current = (s.game_number, s.moves.len()) == plies;
            if !current || s.cpu_to_move(self.shared.takeover_level).is_none() {
                return;
            }
            if let Err(e) = self.play_locked(&mut s, mv) {
                tracing::warn!(room = %s.id, "the CPU's move was not kept: {e}");
                self.retry_cpu(&s);
                return;
            }
            self.publish(&mut s);
        }
        self.after_publish();
    }

    /// Asks the ticker to let the CPU try again soon, while this server
    /// owns the room (a node that lost it leaves the CPU to the owner).
    fn retry_cpu(&self, s: &RoomState) {
        if self.owned() && !self.cpu_retry.swap(true, Ordering::Relaxed) {
            self.tell_hall(s, false);
        }
    }

    /// Commits a move for the seat to move.
    fn play_locked(&self, s: &mut RoomState, mv: &vocab::Move) -> Result<(), HallError> {
        let seat = s
            .game
            .to_move()
            .ok_or(HallError::WrongPhase("phase-over"))?;
        let text = s.game.clone().play(mv)?;
        self.commit(s, Event::Moved { seat: seat.0, text })
    }

    /// Runs `f` under the lock, publishes, and schedules what follows.
    fn update<T>(
        self: &Arc<Self>,
        f: impl FnOnce(&Room, &mut RoomState) -> Result<T, HallError>,
    ) -> Result<T, HallError> {
        let result = {
            let mut s = lock(&self.state);
            let result = f(self, &mut s)?;
            self.publish(&mut s);
            result
        };
        self.after_publish();
        Ok(result)
    }

    /// A handle of this server's was dropped: the owner is told.
    fn drop_handle(self: &Arc<Self>, who: Option<&Identity>, number: u64) {
        {
            let mut local = lock(&self.local);
            if let Some(i) = local
                .iter()
                .position(|(w, n)| w.as_ref() == who && *n == number)
            {
                local.swap_remove(i);
            }
        }
        let leave = Command::Leave { who: who.cloned() };
        if self.owned() {
            let _ = self.command(leave);
            return;
        }
        // The owner is another node: not waited for here (a drop must not
        // block the session that drops it).
        let room = Arc::downgrade(self);
        std::thread::spawn(move || {
            if let Some(room) = room.upgrade() {
                if let Err(e) = room.command(leave) {
                    tracing::debug!("a departure was not told to the room's owner: {e}");
                }
            }
        });
    }

    fn disconnect(self: &Arc<Self>, who: Option<&Identity>) {
        let now = self.shared.clock.now_ms();
        let closes = {
            let mut s = lock(&self.state);
            match who {
                None => {
                    s.spectators = s.spectators.saturating_sub(1);
                    s.refresh_idle(now);
                }
                Some(who) => {
                    if s.count_connection(&who.id, -1, now) == 0 {
                        self.leave(&mut s, who);
                    }
                }
            }
            self.publish(&mut s);
            s.idle_since.is_some() && s.phase != Phase::Playing
        };
        if let (true, Some(hall)) = (closes, self.hall.upgrade()) {
            hall.close_room(self, "closed", msg!("closed-everybody-left"));
        }
        self.schedule();
    }

    /// A player's last connection closed: before the game they give up
    /// their seat (except the host); after it starts they are away.
    fn leave(&self, s: &mut RoomState, who: &Identity) {
        let mine = s.seats_of(&who.id);
        let result = if s.phase == Phase::Waiting && who.id != s.host.id {
            mine.iter()
                .try_for_each(|seat| self.commit(s, Event::Left { seat: seat.0 }))
        } else if mine != SeatSet::EMPTY {
            self.commit(s, Event::Away { id: who.id.clone() })
        } else {
            Ok(())
        };
        if let Err(e) = result {
            tracing::warn!(room = %s.id, "could not record that {} left: {e}", who.name);
        }
    }

    /// Checks the room's timers at `now`, the hall having taken out its
    /// entry due `at`: a turn out of time goes to the CPU; away players
    /// past the grace period are played by the CPU; a room nobody is in
    /// closes after the grace period when no game is going on, and any
    /// room nobody is in closes after its lifetime (see `due.rs`).
    pub(crate) fn tick(self: &Arc<Self>, now: u64, at: u64) -> Fate {
        let retry = self.cpu_retry.swap(false, Ordering::Relaxed);
        if retry {
            // The CPU asks again; it asks for a retry again if it still
            // cannot move.
            self.schedule();
        }
        if !self.acts() {
            // The owner keeps the room's timers; the entry comes back with
            // the room's next change.
            let _ = self
                .due
                .compare_exchange(at, NOT_DUE, Ordering::Relaxed, Ordering::Relaxed);
            return Fate::Stays;
        }
        let (changed, fate) = {
            let mut s = lock(&self.state);
            // The entry taken out is gone; a newer one (a change since)
            // stays where it is.
            let _ = self
                .due
                .compare_exchange(at, NOT_DUE, Ordering::Relaxed, Ordering::Relaxed);
            let seq = s.seq;
            if let Err(e) = self.run_timers(&mut s, now) {
                tracing::warn!(room = %s.id, "a timer could not be recorded: {e}");
            }
            let fate = super::due::fate(&s, now, &self.shared.options);
            if s.seq != seq {
                self.publish(&mut s);
            } else {
                self.tell_hall(&s, true);
            }
            (s.seq != seq, fate)
        };
        if changed {
            self.after_publish();
        }
        fate
    }

    fn run_timers(&self, s: &mut RoomState, now: u64) -> Result<(), HallError> {
        if s.phase != Phase::Playing || s.paused() {
            return Ok(());
        }
        if let Some(clock) = s.clock {
            if clock.deadline().is_some_and(|d| d <= now) {
                self.commit(s, Event::TimedOut { seat: clock.seat.0 })?;
            }
        }
        let grace = self.shared.options.grace_ms;
        let due: Vec<String> = s
            .away_since
            .iter()
            .filter(|(_, since)| now.saturating_sub(*since) >= grace)
            .map(|(id, _)| id.clone())
            .collect();
        for id in due {
            for seat in s.seats_of(&id).iter() {
                if matches!(s.seats[seat.index()], Occupant::Human { cpu: false, .. }) {
                    self.commit(s, Event::CpuTakeover { seat: seat.0 })?;
                }
            }
        }
        Ok(())
    }
}
