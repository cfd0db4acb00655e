//! One room: its seats, its game and its timers, behind a short lock, with
//! every change published as a new [`RoomView`] snapshot.

use super::view::{
    Identity, Mode, Occupant, Phase, PlayedMove, Privacy, RoomSettings, RoomSummary, RoomView,
};
use super::{HallError, HallRef, lock};
use crate::rules::vocab::{self, Seat, SeatSet, Verdict};
use crate::rules::{AnyGame, Claim};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The live state of a room (only ever touched under its lock).
struct RoomState {
    id: String,
    code: String,
    settings: RoomSettings,
    host: Identity,
    seats: Vec<Occupant>,
    phase: Phase,
    game: AnyGame,
    moves: Vec<PlayedMove>,
    last_move: Option<vocab::Move>,
    game_number: u32,
    deadline: Option<Instant>,
    new_round: SeatSet,
    status: String,
    spectators: usize,
    /// Connected sessions per identity id.
    connections: Vec<(String, usize)>,
    created: Instant,
}

/// A room of the hall.
pub struct Room {
    state: Mutex<RoomState>,
    views: watch::Sender<Arc<RoomView>>,
    hall: HallRef,
}

/// A session's hold on a room: the seats it plays (none for spectators,
/// every seat on a same-device table) and its stream of snapshots. Dropping
/// it marks the player away (or frees their seat before the game starts).
pub struct RoomHandle {
    room: Arc<Room>,
    who: Option<Identity>,
    views: watch::Receiver<Arc<RoomView>>,
}

impl RoomState {
    fn view(&self) -> RoomView {
        RoomView {
            id: self.id.clone(),
            code: self.code.clone(),
            settings: self.settings.clone(),
            host_id: self.host.id.clone(),
            host_name: self.host.name.clone(),
            seats: self.seats.clone(),
            phase: self.phase,
            game: self.game.clone(),
            moves: self.moves.clone(),
            last_move: self.last_move,
            game_id: self.game_id(),
            deadline: self.deadline,
            new_round: self.new_round,
            status: self.status.clone(),
            spectators: self.spectators,
        }
    }

    fn game_id(&self) -> String {
        format!("{}-{}", self.id, self.game_number)
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(Occupant::label).collect()
    }

    fn seats_of(&self, id: &str) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for (i, o) in self.seats.iter().enumerate() {
            if matches!(o, Occupant::Human { id: who, .. } if who == id) {
                set = set.with(Seat(i as u8));
            }
        }
        set
    }

    fn set_connected(&mut self, id: &str, delta: isize) {
        let entry = match self.connections.iter_mut().find(|(who, _)| who == id) {
            Some(entry) => entry,
            None => {
                self.connections.push((id.to_string(), 0));
                self.connections.last_mut().expect("just pushed")
            }
        };
        entry.1 = entry.1.saturating_add_signed(delta);
        let connected = entry.1 > 0;
        for o in &mut self.seats {
            if let Occupant::Human {
                id: who,
                connected: c,
                ..
            } = o
            {
                if who == id {
                    *c = connected;
                }
            }
        }
    }

    /// The next game: in four-player rooms whose rule says so, the first
    /// turn moves one seat clockwise from game to game (RULES.md §4).
    fn new_game(&self) -> Result<AnyGame, HallError> {
        let rotate = self.settings.rules.is_on("rotate-first-player");
        let seats = self.seats.len().max(1) as u32;
        let first = if rotate { self.game_number % seats } else { 0 };
        Ok(AnyGame::starting(
            self.settings.kind,
            &self.settings.rules,
            first as u8,
        )?)
    }

    /// Starts a game: empty seats become CPU players.
    fn start(&mut self) -> Result<(), HallError> {
        let level = self.settings.cpu_level;
        for o in &mut self.seats {
            if *o == Occupant::Empty {
                *o = Occupant::Cpu { level };
            }
        }
        self.game = self.new_game()?;
        self.moves.clear();
        self.last_move = None;
        self.new_round = SeatSet::EMPTY;
        self.phase = Phase::Playing;
        self.game_number += 1;
        self.after_change();
        Ok(())
    }

    /// Updates phase, status and deadline after the game changed.
    fn after_change(&mut self) {
        self.deadline = None;
        if let Some(outcome) = self.game.outcome() {
            self.phase = Phase::Finished;
            let reason = outcome.reason;
            let label = |s: Seat| self.seat_label(s);
            self.status = match &outcome.verdict {
                Verdict::Win(set) => {
                    let names: Vec<String> = set.iter().map(label).collect();
                    format!("Game over: {} won by {reason}.", names.join(" and "))
                }
                Verdict::Draw => format!("Game over: draw by {reason}."),
                Verdict::Placings(places) => {
                    let list: Vec<String> = places
                        .iter()
                        .map(|p| format!("{} {}", p.ordinal(), label(p.seat)))
                        .collect();
                    format!("Game over ({reason}): {}.", list.join(", "))
                }
            };
            return;
        }
        if self.phase != Phase::Playing {
            return;
        }
        self.refresh_turn_status();
        if let Some(seat) = self.game.to_move() {
            let human = matches!(self.seats.get(seat.index()), Some(Occupant::Human { .. }));
            if let (true, Some(secs)) = (human, self.settings.time_limit.seconds()) {
                self.deadline = Some(Instant::now() + Duration::from_secs(secs));
            }
        }
    }

    /// Says whose turn it is (after a move, or when a player comes or goes).
    fn refresh_turn_status(&mut self) {
        if self.phase != Phase::Playing {
            return;
        }
        if let Some(seat) = self.game.to_move() {
            self.status = format!("{} to move.", self.seat_label(seat));
        }
    }

    /// Who sits in `seat`, as the status line names them: the occupant's
    /// name, or the seat's name where that name would not tell seats apart
    /// (one person at every seat of a same-device table, several CPUs).
    fn seat_label(&self, seat: Seat) -> String {
        let Some(occupant) = self.seats.get(seat.index()) else {
            return String::new();
        };
        let name = occupant.label();
        let shared = self.seats.iter().filter(|o| o.label() == name).count() > 1;
        let seat_name = self.game.kind().seat_name(seat);
        match (shared, occupant) {
            (false, _) => name,
            (true, Occupant::Human { .. }) => seat_name.to_string(),
            (true, _) => format!("{seat_name} ({name})"),
        }
    }

    /// Whether the seat to move is played by the CPU (its own seat), and at
    /// which level.
    fn cpu_to_move(&self) -> Option<u8> {
        if self.phase != Phase::Playing {
            return None;
        }
        match self.seats.get(self.game.to_move()?.index()) {
            Some(Occupant::Cpu { level }) => Some(*level),
            _ => None,
        }
    }
}

impl Room {
    /// A new room, with the host seated according to the mode.
    pub(crate) fn create(
        id: String,
        code: String,
        host: &Identity,
        settings: RoomSettings,
        hall: HallRef,
    ) -> Result<Arc<Room>, HallError> {
        let game = AnyGame::new(settings.kind, &settings.rules, None)?;
        let count = game.seats().count() as usize;
        let human = Occupant::Human {
            id: host.id.clone(),
            name: host.name.clone(),
            connected: false,
        };
        let seats: Vec<Occupant> = (0..count)
            .map(|i| match (settings.mode, i) {
                (_, 0) | (Mode::SameDevice, _) => human.clone(),
                (Mode::VsComputer, _) => Occupant::Cpu {
                    level: settings.cpu_level,
                },
                _ => Occupant::Empty,
            })
            .collect();
        let mut state = RoomState {
            id,
            code,
            settings,
            host: host.clone(),
            seats,
            phase: Phase::Waiting,
            game,
            moves: Vec::new(),
            last_move: None,
            game_number: 0,
            deadline: None,
            new_round: SeatSet::EMPTY,
            status: "Waiting for players.".to_string(),
            spectators: 0,
            connections: Vec::new(),
            created: Instant::now(),
        };
        if state.settings.mode != Mode::Online {
            state.start()?;
        }
        let (views, _) = watch::channel(Arc::new(state.view()));
        Ok(Arc::new(Room {
            state: Mutex::new(state),
            views,
            hall,
        }))
    }

    pub(crate) fn is_private(&self) -> bool {
        lock(&self.state).settings.privacy == Privacy::Private
    }

    pub(crate) fn has_player(&self, id: &str) -> bool {
        lock(&self.state).seats_of(id) != SeatSet::EMPTY
    }

    /// The lobby line of a public room, with its creation time for sorting.
    pub(crate) fn summary(&self) -> Option<(Instant, RoomSummary)> {
        let s = lock(&self.state);
        if s.settings.privacy != Privacy::Public || s.settings.mode != Mode::Online {
            return None;
        }
        let summary = RoomSummary {
            id: s.id.clone(),
            kind: s.settings.kind,
            rules: s.settings.rules_summary(),
            taken: s.seats.iter().filter(|o| **o != Occupant::Empty).count(),
            total: s.seats.len(),
            host: s.host.name.clone(),
            phase: s.phase,
        };
        Some((s.created, summary))
    }

    /// Takes a seat (or the player's own seats back) and connects.
    pub(crate) fn join(self: &Arc<Self>, who: &Identity) -> Result<RoomHandle, HallError> {
        {
            let mut s = lock(&self.state);
            if s.seats_of(&who.id) == SeatSet::EMPTY {
                if s.phase != Phase::Waiting {
                    return Err(HallError::RoomFull);
                }
                let free = s.seats.iter().position(|o| *o == Occupant::Empty);
                let seat = free.ok_or(HallError::RoomFull)?;
                s.seats[seat] = Occupant::Human {
                    id: who.id.clone(),
                    name: who.name.clone(),
                    connected: true,
                };
                s.status = format!("{} joined.", who.name);
                if s.seats.iter().all(|o| *o != Occupant::Empty) {
                    s.start()?;
                }
            }
            s.set_connected(&who.id, 1);
            s.refresh_turn_status();
            self.publish(&s);
        }
        self.after_publish();
        Ok(RoomHandle {
            room: self.clone(),
            who: Some(who.clone()),
            views: self.views.subscribe(),
        })
    }

    /// A read-only handle for a spectator.
    pub(crate) fn spectate(self: &Arc<Self>) -> RoomHandle {
        let mut s = lock(&self.state);
        s.spectators += 1;
        self.publish(&s);
        RoomHandle {
            room: self.clone(),
            who: None,
            views: self.views.subscribe(),
        }
    }

    /// Publishes a snapshot of `s` (called with the lock held, so snapshots
    /// go out in the order the changes happened).
    fn publish(&self, s: &RoomState) {
        self.views.send_replace(Arc::new(s.view()));
        if let Some(hall) = self.hall.upgrade() {
            if s.phase != Phase::Waiting {
                hall.record_game(&s.game_id(), &s.game, s.names());
            }
        }
    }

    /// After a change: refresh the lobby, let the CPU move, arm the timer.
    fn after_publish(self: &Arc<Self>) {
        if let Some(hall) = self.hall.upgrade() {
            hall.refresh_lobby();
        }
        self.schedule();
    }

    /// Starts the CPU's search when a CPU seat is to move, or the turn timer
    /// when the seat to move has a deadline.
    fn schedule(self: &Arc<Self>) {
        let (game, level, deadline, plies) = {
            let s = lock(&self.state);
            (
                s.game.clone(),
                s.cpu_to_move(),
                s.deadline,
                (s.game_number, s.moves.len()),
            )
        };
        if let Some(level) = level {
            let room = self.clone();
            tokio::spawn(async move {
                let found =
                    tokio::task::spawn_blocking(move || crate::cpu::choose_move(&game, level))
                        .await;
                if let Ok(Some(mv)) = found {
                    room.apply_if_current(plies, &mv);
                }
            });
        } else if let Some(deadline) = deadline {
            let room = self.clone();
            let level = self.hall.upgrade().map_or(1, |h| h.takeover_level);
            tokio::spawn(async move {
                tokio::time::sleep_until(deadline.into()).await;
                let game = lock(&room.state).game.clone();
                let found =
                    tokio::task::spawn_blocking(move || crate::cpu::choose_move(&game, level))
                        .await;
                if let Ok(Some(mv)) = found {
                    room.apply_if_current(plies, &mv);
                }
            });
        }
    }

    /// Plays `mv` for the CPU unless the game moved on since it was asked.
    fn apply_if_current(self: &Arc<Self>, plies: (u32, usize), mv: &vocab::Move) {
        {
            let mut s = lock(&self.state);
            if (s.game_number, s.moves.len()) != plies || s.phase != Phase::Playing {
                return;
            }
            if Self::play_locked(&mut s, mv).is_err() {
                return;
            }
            self.publish(&s);
        }
        self.after_publish();
    }

    fn play_locked(s: &mut RoomState, mv: &vocab::Move) -> Result<(), HallError> {
        let seat = s
            .game
            .to_move()
            .ok_or(HallError::WrongPhase("the game is over"))?;
        let text = s.game.play(mv)?;
        s.moves.push(PlayedMove { seat, text });
        s.last_move = Some(*mv);
        s.after_change();
        Ok(())
    }

    /// Runs `f` under the lock, publishes, and schedules what follows.
    fn update<T>(
        self: &Arc<Self>,
        f: impl FnOnce(&mut RoomState) -> Result<T, HallError>,
    ) -> Result<T, HallError> {
        let result = {
            let mut s = lock(&self.state);
            let result = f(&mut s)?;
            self.publish(&s);
            result
        };
        self.after_publish();
        Ok(result)
    }

    fn disconnect(self: &Arc<Self>, who: Option<&Identity>) {
        let empty_now = {
            let mut s = lock(&self.state);
            match who {
                None => s.spectators = s.spectators.saturating_sub(1),
                Some(who) => {
                    s.set_connected(&who.id, -1);
                    s.refresh_turn_status();
                    let gone = !s.connections.iter().any(|(id, n)| *id == who.id && *n > 0);
                    if gone && s.phase == Phase::Waiting && who.id != s.host.id {
                        for o in &mut s.seats {
                            if matches!(o, Occupant::Human { id, .. } if *id == who.id) {
                                *o = Occupant::Empty;
                            }
                        }
                        s.status = format!("{} left.", who.name);
                    }
                }
            }
            self.publish(&s);
            let nobody = s.connections.iter().all(|(_, n)| *n == 0);
            (nobody && s.phase != Phase::Playing).then(|| (s.id.clone(), s.code.clone()))
        };
        match (empty_now, self.hall.upgrade()) {
            (Some((id, code)), Some(hall)) => hall.remove_room(&id, &code),
            (_, Some(hall)) => hall.refresh_lobby(),
            _ => {}
        }
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
        self.room.update(|s| match s.phase {
            Phase::Waiting => s.start(),
            _ => Err(HallError::WrongPhase("the game has already started")),
        })
    }

    fn my_turn(&self, s: &RoomState) -> Result<Seat, HallError> {
        let who = self.who.as_ref().ok_or(HallError::NotYourTurn)?;
        if s.phase != Phase::Playing {
            return Err(HallError::WrongPhase("no game is being played"));
        }
        let seat = s.game.to_move().ok_or(HallError::NotYourTurn)?;
        if s.seats_of(&who.id).contains(seat) {
            Ok(seat)
        } else {
            Err(HallError::NotYourTurn)
        }
    }

    /// Plays a move for the seat to move, if this handle holds it.
    pub fn play(&self, mv: &vocab::Move) -> Result<(), HallError> {
        self.room.update(|s| {
            self.my_turn(s)?;
            Room::play_locked(s, mv)
        })
    }

    /// Resigns (the seat to move on a same-device table, else the player's seat).
    pub fn resign(&self) -> Result<(), HallError> {
        self.room.update(|s| {
            let who = self.who.as_ref().ok_or(HallError::NotYourTurn)?;
            if s.phase != Phase::Playing {
                return Err(HallError::WrongPhase("no game is being played"));
            }
            let mine = s.seats_of(&who.id);
            let seat = match s.game.to_move() {
                Some(seat) if mine.contains(seat) => seat,
                _ => mine.iter().next().ok_or(HallError::NotYourTurn)?,
            };
            s.game.resign(seat)?;
            s.after_change();
            Ok(())
        })
    }

    /// Makes a claim (declaration, impasse) on this player's turn.
    pub fn claim(&self, claim: Claim) -> Result<(), HallError> {
        self.room.update(|s| {
            self.my_turn(s)?;
            s.game.claim(claim)?;
            s.after_change();
            Ok(())
        })
    }

    /// Agrees to a new round; it starts once every human has agreed, with
    /// sides swapped when the room's rules say so.
    pub fn new_round(&self) -> Result<(), HallError> {
        self.room.update(|s| {
            let who = self.who.as_ref().ok_or(HallError::NotYourTurn)?;
            if s.phase != Phase::Finished {
                return Err(HallError::WrongPhase("the game is not over"));
            }
            s.new_round = SeatSet(s.new_round.0 | s.seats_of(&who.id).0);
            let humans = (0..s.seats.len())
                .filter(|i| matches!(s.seats[*i], Occupant::Human { .. }))
                .all(|i| s.new_round.contains(Seat(i as u8)));
            if !humans {
                s.status = format!("{} wants a new round.", who.name);
                return Ok(());
            }
            if s.settings.rules.is_on("swap-sides") {
                s.seats.rotate_right(1);
            }
            s.start()
        })
    }
}

impl Drop for RoomHandle {
    fn drop(&mut self) {
        self.room.disconnect(self.who.as_ref());
    }
}
