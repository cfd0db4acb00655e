//! One room: its state behind a short lock, every change committed to the
//! store before it is published as a new [`RoomView`] snapshot, and the
//! room's timers (turn time, grace period, idleness, expiry) checked by
//! [`Room::tick`].

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
        let (views, _) = watch::channel(Arc::new(state.view(shared.clock.now_ms())));
        Arc::new(Room {
            state: Mutex::new(state),
            thinking: Mutex::new(None),
            code_watchers: Mutex::default(),
            views,
            hall,
            shared,
            due: AtomicU64::new(NOT_DUE),
        })
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
        let was_finished = s.phase == Phase::Finished;
        s.commit(&*self.shared.store, event, self.shared.clock.now_ms())?;
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
            self.publish(&s);
            number
        };
        let resume_code = match (who.keyed, code) {
            (true, _) => None,
            (false, Some(code)) => Some(code),
            (false, None) => self.hall.upgrade().map(|h| h.new_resume_code(self, who)),
        };
        self.after_publish();
        Ok(RoomHandle {
            room: self.clone(),
            who: Some(who.clone()),
            views: self.views.subscribe(),
            number,
            resume_code,
        })
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
    pub(crate) fn spectate(self: &Arc<Self>) -> RoomHandle {
        let mut s = lock(&self.state);
        s.spectators += 1;
        s.idle_since = None;
        self.publish(&s);
        RoomHandle {
            room: self.clone(),
            who: None,
            views: self.views.subscribe(),
            number: 0,
            resume_code: None,
        }
    }

    /// Publishes a snapshot of `s` and tells the hall (called with the
    /// lock held, so snapshots go out in the order the changes happened).
    fn publish(&self, s: &RoomState) {
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
                .filter(|_| s.closed.is_none());
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
            self.publish(&s);
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
            self.publish(&s);
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
            self.publish(&s);
            result
        };
        self.after_publish();
        Ok(result)
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
            self.publish(&s);
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
                self.publish(&s);
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
            .any(|(id, n)| *id == who.id && *n != self.number)
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

    /// The host starts the game now; empty seats become CPU players.
    pub fn start(&self) -> Result<(), HallError> {
        if !self.is_host() {
            return Err(HallError::NotHost);
        }
        self.room.update(|room, s| room.commit(s, Event::Started))
    }

    /// The host's next CPU choice for `seat`: before the game an empty
    /// seat becomes a CPU at level 1, each press raises the level, and
    /// after the strongest the seat is open again; during the game a CPU
    /// seat's level goes round from the strongest back to 1.
    pub fn cycle_cpu(&self, seat: Seat) -> Result<(), HallError> {
        if !self.is_host() {
            return Err(HallError::NotHost);
        }
        self.room.update(|room, s| {
            let waiting = s.phase == Phase::Waiting;
            let level = match s.seats.get(seat.index()) {
                Some(Occupant::Empty) => Some(1),
                Some(Occupant::Cpu { level }) if *level < crate::cpu::MAX_LEVEL => Some(level + 1),
                Some(Occupant::Cpu { .. }) if waiting => None,
                Some(Occupant::Cpu { .. }) => Some(1),
                Some(Occupant::Human { .. }) => return Err(HallError::SeatTaken),
                None => return Err(HallError::WrongPhase("the room has no such seat")),
            };
            room.commit(
                s,
                Event::SeatCpu {
                    seat: seat.0,
                    level,
                },
            )
        })
    }

    fn my_turn(&self, s: &RoomState) -> Result<Seat, HallError> {
        let who = self.who.as_ref().ok_or(HallError::NotYourTurn)?;
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

    /// Plays a move for the seat to move, if this handle holds it.
    pub fn play(&self, mv: &vocab::Move) -> Result<(), HallError> {
        self.room.update(|room, s| {
            self.my_turn(s)?;
            room.play_locked(s, mv)
        })
    }

    /// Resigns (the seat to move on a same-device table, else the player's seat).
    pub fn resign(&self) -> Result<(), HallError> {
        self.room.update(|room, s| {
            let who = self.who.as_ref().ok_or(HallError::NotYourTurn)?;
            if s.phase != Phase::Playing {
                return Err(HallError::WrongPhase("no game is being played"));
            }
            let mine = s.seats_of(&who.id);
            let seat = match s.game.to_move() {
                Some(seat) if mine.contains(seat) => seat,
                _ => mine.iter().next().ok_or(HallError::NotYourTurn)?,
            };
            s.game.clone().resign(seat)?;
            room.commit(s, Event::Resigned { seat: seat.0 })
        })
    }

    /// Makes a claim (declaration, impasse) on this player's turn.
    pub fn claim(&self, claim: Claim) -> Result<(), HallError> {
        self.room.update(|room, s| {
            let seat = self.my_turn(s)?;
            let claim = ClaimRecord::from(claim);
            room.commit(
                s,
                Event::Claimed {
                    seat: seat.0,
                    claim,
                },
            )
        })
    }

    /// Agrees to a new round; it starts once every human has agreed, with
    /// sides swapped when the room's rules say so.
    pub fn new_round(&self) -> Result<(), HallError> {
        self.room.update(|room, s| {
            let who = self.who.as_ref().ok_or(HallError::NotYourTurn)?;
            room.commit(s, Event::Agreed { id: who.id.clone() })
        })
    }
}

impl Drop for RoomHandle {
    fn drop(&mut self) {
        self.room.disconnect(self.who.as_ref());
    }
}
