//! One room: its state behind a short lock, every change committed to the
//! store before it is published as a new [`RoomView`] snapshot, and the
//! room's timers (turn time, grace period, idleness, expiry) checked by
//! [`Room::tick`].

use super::cluster::wire::{Command, Live, Presence};
use super::events::{ClaimRecord, Event};
use super::state::RoomState;
use super::view::{Identity, Occupant, Phase, Privacy, RoomView};
use super::{HallError, HallRef, Shared, lock};
use crate::cpu::Budget;
use crate::rules::Claim;
use crate::rules::vocab::{self, Seat, SeatSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

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
}

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
        let next = hall.room_changed(s, old, send);
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

    /// Whether `id` holds a seat in a game that is going on.
    pub(crate) fn plays_in(&self, id: &str) -> bool {
        let s = lock(&self.state);
        s.phase == Phase::Playing && s.seats_of(id) != SeatSet::EMPTY
    }

    /// Commits `event` to the room's log (durably) and applies it.
    fn commit(&self, s: &mut RoomState, event: Event) -> Result<(), HallError> {
        if s.closed.is_some() {
            return Err(HallError::WrongPhase("the room has been closed"));
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
        let number = self.command(Command::Join { who: who.clone() })?;
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
    fn seat(self: &Arc<Self>, who: &Identity) -> Result<u64, HallError> {
        let number = {
            let mut s = lock(&self.state);
            let mine = s.seats_of(&who.id);
            if mine == SeatSet::EMPTY {
                let free = s.seats.iter().position(|o| *o == Occupant::Empty);
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
        let Some(cluster) = self.hall.upgrade().and_then(|h| h.cluster()) else {
            return;
        };
        let live = Live {
            owner: cluster.node().to_string(),
            first: s.seq - events.len() as u64,
            events,
            presence: Presence::of(s),
            closed: s.closed.clone(),
            address: None,
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
        let (game, level, plies) = {
            let s = lock(&self.state);
            let level = s
                .cpu_to_move(self.shared.takeover_level)
                .filter(|_| s.closed.is_none() && self.acts());
            let game = level.map(|_| s.game.clone());
            (game, level, (s.game_number, s.moves.len()))
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
        let mut budget = Budget::new(self.shared.think_time);
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
    pub(crate) fn close(&self, why: &str) -> Option<(String, String, Option<String>)> {
        let ids = {
            let mut s = lock(&self.state);
            if s.closed.is_some() {
                return None;
            }
            s.closed = Some(why.to_string());
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
                return;
            }
            self.publish(&mut s);
        }
        self.after_publish();
    }

    /// Commits a move for the seat to move.
    fn play_locked(&self, s: &mut RoomState, mv: &vocab::Move) -> Result<(), HallError> {
        let seat = s
            .game
            .to_move()
            .ok_or(HallError::WrongPhase("the game is over"))?;
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
            hall.close_room(self, "closed", "everybody left");
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

impl Room {
    /// Runs `command` for the room: here if this server owns it, else on
    /// the node that does. The number the command gives (a join's handle
    /// number, else 0).
    pub(crate) fn command(self: &Arc<Self>, command: Command) -> Result<u64, HallError> {
        if self.owned() {
            return self.execute(command);
        }
        let cluster = self.hall.upgrade().and_then(|h| h.cluster());
        let cluster = cluster.ok_or(HallError::Unreachable)?;
        let id = self.id_and_code().0;
        let (number, seq) = cluster.forward(self, &id, command)?;
        self.await_seq(seq);
        Ok(number)
    }

    /// Waits (briefly) until the replica has the owner's changes up to
    /// `seq`, so the sender's next look shows what its command did.
    fn await_seq(&self, seq: u64) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_millis(500);
        crate::store::blocking(|| {
            while lock(&self.state).seq < seq && std::time::Instant::now() < deadline {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        });
    }

    /// Runs `command` as the room's owner.
    pub(crate) fn execute(self: &Arc<Self>, command: Command) -> Result<u64, HallError> {
        if !self.acts() {
            return Err(HallError::Unreachable);
        }
        match command {
            Command::Join { who } => self.seat(&who),
            Command::Watch => {
                self.add_spectator();
                Ok(0)
            }
            Command::Leave { who } => {
                self.disconnect(who.as_ref());
                Ok(0)
            }
            Command::Attach { handles } => {
                self.attach(&handles);
                Ok(0)
            }
            Command::Close { why } => {
                if let Some(hall) = self.hall.upgrade() {
                    hall.close_room(self, "closed", &why);
                }
                Ok(0)
            }
            other => self
                .update(|room, s| room.run_game_command(s, other))
                .map(|_| 0),
        }
    }

    /// The commands about the game, under the lock.
    fn run_game_command(&self, s: &mut RoomState, command: Command) -> Result<(), HallError> {
        match command {
            Command::Start { who } => {
                host_only(s, &who)?;
                self.commit(s, Event::Started)
            }
            Command::CycleCpu { who, seat } => {
                host_only(s, &who)?;
                self.cycle_cpu(s, Seat(seat))
            }
            Command::Play { who, text, at } => {
                let seat = my_turn(&who, s)?;
                if (s.game_number, s.moves.len()) != at {
                    return Err(HallError::WrongPhase("the game moved on; look again"));
                }
                let (_, text) = s.game.clone().play_written(&text)?;
                self.commit(s, Event::Moved { seat: seat.0, text })
            }
            Command::Resign { who } => self.resign(s, &who),
            Command::Claim { who, claim } => {
                let seat = my_turn(&who, s)?;
                self.commit(
                    s,
                    Event::Claimed {
                        seat: seat.0,
                        claim,
                    },
                )
            }
            Command::NewRound { who } => self.commit(s, Event::Agreed { id: who.id }),
            _ => Err(HallError::WrongPhase("not a game command")),
        }
    }

    /// The host's next CPU choice for `seat` (see [`RoomHandle::cycle_cpu`]).
    fn cycle_cpu(&self, s: &mut RoomState, seat: Seat) -> Result<(), HallError> {
        let waiting = s.phase == Phase::Waiting;
        let level = match s.seats.get(seat.index()) {
            Some(Occupant::Empty) => Some(1),
            Some(Occupant::Cpu { level }) if *level < crate::cpu::MAX_LEVEL => Some(level + 1),
            Some(Occupant::Cpu { .. }) if waiting => None,
            Some(Occupant::Cpu { .. }) => Some(1),
            Some(Occupant::Human { .. }) => return Err(HallError::SeatTaken),
            None => return Err(HallError::WrongPhase("the room has no such seat")),
        };
        let event = Event::SeatCpu {
            seat: seat.0,
            level,
        };
        self.commit(s, event)
    }

    /// Resigns the seat to move on a same-device table, else the player's.
    fn resign(&self, s: &mut RoomState, who: &Identity) -> Result<(), HallError> {
        if s.phase != Phase::Playing {
            return Err(HallError::WrongPhase("no game is being played"));
        }
        let mine = s.seats_of(&who.id);
        let seat = match s.game.to_move() {
            Some(seat) if mine.contains(seat) => seat,
            _ => mine.iter().next().ok_or(HallError::NotYourTurn)?,
        };
        s.game.clone().resign(seat)?;
        self.commit(s, Event::Resigned { seat: seat.0 })
    }

    /// Another node's handles, told to this new owner: their connections
    /// count again, and a seated player marked away meanwhile is back.
    fn attach(self: &Arc<Self>, handles: &[(Option<Identity>, u64)]) {
        {
            let mut s = lock(&self.state);
            let now = self.shared.clock.now_ms();
            for (who, number) in handles {
                let Some(who) = who else {
                    s.spectators += 1;
                    s.refresh_idle(now);
                    continue;
                };
                s.count_connection(&who.id, 1, now);
                match s.holders.iter_mut().find(|(id, _)| *id == who.id) {
                    Some(held) => held.1 = held.1.max(*number),
                    None => s.holders.push((who.id.clone(), *number)),
                }
                s.next_handle = s.next_handle.max(number + 1);
                let mine = s.seats_of(&who.id);
                if mine != SeatSet::EMPTY {
                    if let Err(e) = self.come_back(&mut s, &who.id, mine) {
                        tracing::warn!(room = %s.id, "a returning player was not recorded: {e}");
                    }
                }
            }
            s.refresh_turn_status();
            self.publish(&mut s);
        }
        self.after_publish();
    }

    /// After a failover, once the other nodes had time to attach their
    /// handles: a seated player nobody holds a handle for is away (their
    /// node died with their connection).
    pub(crate) fn settle(self: &Arc<Self>) {
        {
            let mut s = lock(&self.state);
            let gone: Vec<String> = s
                .seats
                .iter()
                .filter_map(|o| match o {
                    Occupant::Human {
                        id,
                        connected: true,
                        ..
                    } => Some(id.clone()),
                    _ => None,
                })
                .filter(|id| !s.connections.iter().any(|(who, n)| who == id && *n > 0))
                .collect();
            for id in dedup(gone) {
                if let Err(e) = self.commit(&mut s, Event::Away { id }) {
                    tracing::warn!(room = %s.id, "an away player was not recorded: {e}");
                }
            }
            let now = self.shared.clock.now_ms();
            s.refresh_idle(now);
            self.publish(&mut s);
        }
        self.after_publish();
    }

    /// Applies another node's change to this replica: the events it does
    /// not have yet (read from the log when some are missing), the
    /// presence, and the room's closing. `false` if the replica could not
    /// follow (it must be rebuilt from the log).
    pub(crate) fn follow(&self, live: Live) -> bool {
        if self.owned() {
            return true;
        }
        let mut s = lock(&self.state);
        if live.first > s.seq {
            return false;
        }
        let was_finished = s.phase == Phase::Finished;
        let skip = (s.seq - live.first) as usize;
        for text in live.events.iter().skip(skip) {
            let record = match super::events::Record::decode(text.as_bytes()) {
                Ok(record) => record,
                Err(_) => return false,
            };
            if s.apply(&record).is_err() {
                return false;
            }
            s.seq += 1;
        }
        if !was_finished && s.phase == Phase::Finished {
            if let Some(hall) = self.hall.upgrade() {
                hall.rate_replica(&mut s);
            }
        }
        live.presence.put(&mut s);
        if let Some(why) = live.closed {
            s.closed = Some(why);
        }
        self.show(&s);
        true
    }

    /// Catches the replica up with the stored log (`log`, read after this
    /// node took the room): the events it lacks are applied.
    pub(crate) fn catch_up(&self, log: &[Vec<u8>]) -> Result<(), HallError> {
        let mut s = lock(&self.state);
        for bytes in log.iter().skip(s.seq as usize) {
            let record = super::events::Record::decode(bytes)
                .map_err(|e| HallError::Replay(e.to_string()))?;
            s.apply(&record)?;
            s.seq += 1;
        }
        Ok(())
    }

    /// This node has just taken the room: the presence starts empty (the
    /// other nodes attach their handles, this node's own count at once),
    /// the room is published and the CPU and timers go on.
    pub(crate) fn take(self: &Arc<Self>) {
        {
            let mut s = lock(&self.state);
            s.connections.clear();
            s.spectators = 0;
            s.outbox.clear();
            self.owned.store(true, Ordering::SeqCst);
            let now = self.shared.clock.now_ms();
            for (who, _) in lock(&self.local).iter() {
                match who {
                    Some(who) => {
                        s.count_connection(&who.id, 1, now);
                    }
                    None => s.spectators += 1,
                }
            }
            s.refresh_idle(now);
            self.publish(&mut s);
        }
        self.after_publish();
    }
}

impl Room {
    /// A room this node took when the whole hall had been down since
    /// `stopped`: as after a restart, everybody is away and a game going
    /// on logs a `Restarted` whose turn clock lost only the time until the
    /// hall stopped.
    pub(crate) fn reopen(self: &Arc<Self>, stopped: u64) {
        {
            let mut s = lock(&self.state);
            let now = self.shared.clock.now_ms();
            if s.phase == Phase::Playing {
                let remaining_ms = s.clock.map(|c| {
                    let since = c.since.unwrap_or(0);
                    c.left_at(stopped.max(since))
                });
                if let Err(e) = self.commit(&mut s, Event::Restarted { remaining_ms }) {
                    tracing::warn!(room = %s.id, "the room's restart was not recorded: {e}");
                }
            } else {
                s.everyone_away(now);
            }
            s.refresh_idle(now);
            self.publish(&mut s);
        }
        self.after_publish();
    }
}

/// Each id once, in order.
fn dedup(mut ids: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(id.clone()));
    ids
}

/// Refuses anyone but the room's host.
fn host_only(s: &RoomState, who: &Identity) -> Result<(), HallError> {
    match who.id == s.host.id {
        true => Ok(()),
        false => Err(HallError::NotHost),
    }
}

/// The seat to move, if `who` holds it and may move now.
fn my_turn(who: &Identity, s: &RoomState) -> Result<Seat, HallError> {
    if s.phase != Phase::Playing {
        return Err(HallError::WrongPhase("no game is being played"));
    }
    if s.paused() {
        return Err(HallError::WrongPhase("the game is paused"));
    }
    let seat = s.game.to_move().ok_or(HallError::NotYourTurn)?;
    if s.seats_of(&who.id).contains(seat) && s.cpu_turn != Some(seat) {
        Ok(seat)
    } else {
        Err(HallError::NotYourTurn)
    }
}

impl RoomHandle {
    /// The latest snapshot.
    pub fn view(&self) -> Arc<RoomView> {
        self.views.borrow().clone()
    }

    /// Waits for the next snapshot; `false` once the room is gone.
    pub async fn changed(&mut self) -> bool {
        self.views.changed().await.is_ok()
    }

    /// The identity this handle plays as (`None` for spectators).
    pub fn identity(&self) -> Option<&Identity> {
        self.who.as_ref()
    }

    /// The seat's resume code (keyless players only): with it,
    /// `ssh … resume CODE` returns them to this seat.
    pub fn resume_code(&self) -> Option<&str> {
        self.resume_code.as_deref()
    }

    /// Whether a newer connection of the same player took this seat over.
    pub fn replaced(&self) -> bool {
        let Some(who) = &self.who else {
            return false;
        };
        self.views
            .borrow()
            .holders
            .iter()
            .any(|(id, n)| *id == who.id && *n > self.number)
    }

    /// The seats this handle plays (all of them on a same-device table).
    pub fn seats(&self) -> SeatSet {
        match &self.who {
            Some(who) => lock(&self.room.state).seats_of(&who.id),
            None => SeatSet::EMPTY,
        }
    }

    /// Whether this handle only watches.
    pub fn is_spectator(&self) -> bool {
        self.who.is_none()
    }

    /// Whether this handle's player is the room's host.
    pub fn is_host(&self) -> bool {
        self.who
            .as_ref()
            .is_some_and(|w| w.id == lock(&self.room.state).host.id)
    }

    /// Sends the room a command as this handle's player (spectators get
    /// `refused`).
    fn send(
        &self,
        refused: HallError,
        command: impl FnOnce(Identity) -> Command,
    ) -> Result<(), HallError> {
        let who = self.who.clone().ok_or(refused)?;
        self.room.command(command(who)).map(|_| ())
    }

    /// The host starts the game now; empty seats become CPU players.
    pub fn start(&self) -> Result<(), HallError> {
        self.send(HallError::NotHost, |who| Command::Start { who })
    }

    /// The host's next CPU choice for `seat`: before the game an empty
    /// seat becomes a CPU at level 1, each press raises the level, and
    /// after the strongest the seat is open again; during the game a CPU
    /// seat's level goes round from the strongest back to 1.
    pub fn cycle_cpu(&self, seat: Seat) -> Result<(), HallError> {
        self.send(HallError::NotHost, |who| Command::CycleCpu {
            who,
            seat: seat.0,
        })
    }

    /// Plays a move for the seat to move, if this handle holds it.
    pub fn play(&self, mv: &vocab::Move) -> Result<(), HallError> {
        let (text, at) = {
            let s = lock(&self.room.state);
            if let Some(who) = &self.who {
                my_turn(who, &s)?;
            }
            let text = s.game.clone().play(mv)?;
            (text, (s.game_number, s.moves.len()))
        };
        self.send(HallError::NotYourTurn, |who| Command::Play {
            who,
            text,
            at,
        })
    }

    /// Resigns (the seat to move on a same-device table, else the player's seat).
    pub fn resign(&self) -> Result<(), HallError> {
        self.send(HallError::NotYourTurn, |who| Command::Resign { who })
    }

    /// Makes a claim (declaration, impasse) on this player's turn.
    pub fn claim(&self, claim: Claim) -> Result<(), HallError> {
        let claim = ClaimRecord::from(claim);
        self.send(HallError::NotYourTurn, |who| Command::Claim { who, claim })
    }

    /// Agrees to a new round; it starts once every human has agreed, with
    /// sides swapped when the room's rules say so.
    pub fn new_round(&self) -> Result<(), HallError> {
        self.send(HallError::NotYourTurn, |who| Command::NewRound { who })
    }
}

impl Drop for RoomHandle {
    fn drop(&mut self) {
        self.room.drop_handle(self.who.as_ref(), self.number);
    }
}
