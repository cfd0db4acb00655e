//! A room's state and the one function that changes it: [`RoomState::apply`]
//! takes a logged [`Record`] and makes it true. Live changes are committed
//! ([`RoomState::commit`]: applied to a copy, written durably, then kept)
//! and a restart replays the stored log through the same `apply`, so a
//! rebuilt room is exactly the room that was, checked move by move by the
//! rules engine.

use super::HallError;
use super::events::{Event, Record};
use super::names;
use super::time_control::{SeatClock, TimeControl};
use super::view::{
    AwayPolicy, Identity, Mode, Occupant, OnTime, Phase, PlayedMove, RoomSettings, RoomView,
};
use crate::i18n::{Arg, Lang, Msg};
use crate::msg;
use crate::rules::AnyGame;
use crate::rules::vocab::{self, Seat, SeatSet, Verdict};
use crate::store::{Appended, Store};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The turn time of the seat to move (when the room has a limit).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TurnClock {
    /// Whose turn.
    pub seat: Seat,
    /// Time left when the clock last started or stopped.
    pub remaining_ms: u64,
    /// When the clock started running; `None` while the game is paused.
    pub since: Option<u64>,
}

impl TurnClock {
    /// The wall time the turn runs out, if the clock runs.
    pub fn deadline(&self) -> Option<u64> {
        self.since.map(|s| s + self.remaining_ms)
    }

    /// Time left at `now`.
    pub fn left_at(&self, now: u64) -> u64 {
        match self.since {
            Some(since) => self.remaining_ms.saturating_sub(now.saturating_sub(since)),
            None => self.remaining_ms,
        }
    }
}

/// The state of a room. The part above `spectators` is rebuilt from the
/// log; the rest describes live connections and starts empty after a
/// restart.
#[derive(Clone)]
pub(crate) struct RoomState {
    pub id: String,
    pub code: String,
    pub settings: RoomSettings,
    pub host: Identity,
    pub seats: Vec<Occupant>,
    pub phase: Phase,
    pub game: AnyGame,
    /// The position the current game began in (bots rebuild the game
    /// from it and the moves).
    pub opening: Arc<AnyGame>,
    pub moves: Vec<PlayedMove>,
    pub last_move: Option<vocab::Move>,
    pub game_number: u32,
    pub new_round: SeatSet,
    pub status: Msg,
    pub clock: Option<TurnClock>,
    /// Each seat's game clock between its moves (rooms with a clock).
    pub seat_clocks: Vec<SeatClock>,
    /// The running turn's allowance when it began: what the turn clock
    /// had then, so a move is charged what it took.
    pub turn_allowance: u64,
    /// A seat whose turn timed out: the CPU plays this one turn.
    pub cpu_turn: Option<Seat>,
    /// Since when each away player has been away (ms).
    pub away_since: Vec<(String, u64)>,
    pub created: u64,
    /// The time of the last logged event, a restart excepted.
    pub last_activity: u64,
    /// Whether a person (not the CPU for them) has moved in this room, in
    /// any of its games: a room nobody played in closes sooner.
    pub human_moved: bool,
    /// The number of the next event in the log.
    pub seq: u64,
    pub spectators: usize,
    /// Connected sessions per identity id.
    pub connections: Vec<(String, usize)>,
    /// The newest handle number per identity (older handles are replaced).
    pub holders: Vec<(String, u64)>,
    pub next_handle: u64,
    /// Since when nobody has been connected (ms), if nobody is.
    pub idle_since: Option<u64>,
    /// Why the room was closed, once it is (nothing more is committed).
    pub closed: Option<Msg>,
    /// Moves of the current game per seat: made by its player, and made
    /// by the CPU for them (away, timed out); a seat the CPU played most
    /// of is not rated.
    pub moves_by: Vec<(u32, u32)>,
    /// Events committed since the room last published (encoded as
    /// logged): what its owner sends the hall's other nodes.
    pub outbox: Vec<String>,
}

/// A log that does not replay.
fn replay(why: impl Into<String>) -> HallError {
    HallError::Replay(why.into())
}

impl RoomState {
    /// A new room as its `Created` event describes it, with the host seated
    /// according to the mode (a table that needs nobody else starts).
    pub fn create(
        id: String,
        code: String,
        host: &Identity,
        settings: RoomSettings,
        at: u64,
    ) -> Result<RoomState, HallError> {
        let game = AnyGame::new(settings.kind, &settings.rules, None)?;
        let count = game.seats().count() as usize;
        let human = Occupant::Human {
            id: host.id.clone(),
            name: host.name.clone(),
            connected: true,
            cpu: false,
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
            opening: Arc::new(game.clone()),
            game,
            moves: Vec::new(),
            last_move: None,
            game_number: 0,
            new_round: SeatSet::EMPTY,
            status: msg!("status-waiting"),
            clock: None,
            seat_clocks: Vec::new(),
            turn_allowance: 0,
            cpu_turn: None,
            away_since: Vec::new(),
            created: at,
            last_activity: at,
            human_moved: false,
            seq: 1,
            spectators: 0,
            connections: Vec::new(),
            holders: Vec::new(),
            next_handle: 0,
            idle_since: None,
            closed: None,
            moves_by: vec![(0, 0); count],
            outbox: Vec::new(),
        };
        if state.settings.mode != Mode::Online {
            state.start(at)?;
        }
        Ok(state)
    }

    /// Rebuilds a room from its stored log (event 0 must be `Created`).
    pub fn replay_log(id: &str, log: &[Vec<u8>]) -> Result<RoomState, HallError> {
        let mut records = log.iter().enumerate().map(|(i, bytes)| {
            Record::decode(bytes).map_err(|e| replay(format!("event {i} does not read: {e}")))
        });
        let first = records.next().ok_or_else(|| replay("the log is empty"))??;
        let Event::Created {
            code,
            host,
            settings,
        } = first.event
        else {
            return Err(replay("the log does not start with the room's creation"));
        };
        let settings = settings.settings().map_err(|e| replay(e.to_string()))?;
        let mut state = RoomState::create(id.to_string(), code, &host, settings, first.at)?;
        for (i, record) in records.enumerate() {
            let record = record?;
            state
                .apply(&record)
                .map_err(|e| replay(format!("event {}: {e}", i + 1)))?;
            state.seq += 1;
        }
        Ok(state)
    }

    /// Applies `record` to a copy, writes it durably, then keeps the copy:
    /// a change nobody could read back after a crash is never made. When
    /// the change ends the game, the result is logged too.
    pub fn commit(&mut self, store: &dyn Store, event: Event, at: u64) -> Result<(), HallError> {
        let record = Record { at, event };
        let mut next = self.clone();
        next.apply(&record)?;
        let line = super::journal::line(self, &next, &record, self.seq);
        let event = record.encode();
        store.commit(&[Appended {
            room: self.id.clone(),
            seq: self.seq,
            event: event.clone(),
            line: line.encode(),
        }])?;
        next.seq += 1;
        next.outbox
            .push(String::from_utf8(event).unwrap_or_default());
        let ended = self.phase != Phase::Finished && next.phase == Phase::Finished;
        *self = next;
        if ended {
            // The log keeps the result in English words, for its readers.
            let result = Lang::En.text(&self.status);
            self.commit(store, Event::Ended { result }, at)?;
        }
        Ok(())
    }

    /// Makes one logged event true (live or in replay).
    pub fn apply(&mut self, record: &Record) -> Result<(), HallError> {
        let at = record.at;
        match &record.event {
            Event::Created { .. } => return Err(replay("the room is created twice")),
            Event::Joined { seat, who } => self.seat_player(*seat, who, at)?,
            Event::Left { seat } => self.free_seat(*seat)?,
            Event::Started => match self.phase {
                Phase::Waiting => self.start(at)?,
                _ => return Err(HallError::WrongPhase("phase-started")),
            },
            Event::Moved { seat, text } => self.play(Seat(*seat), text, at)?,
            Event::TimedOut { seat } => self.time_out(Seat(*seat), at)?,
            Event::Resigned { seat } => {
                self.playing()?;
                self.game.resign(Seat(*seat))?;
                self.after_change(at);
            }
            Event::Claimed { seat, claim } => {
                self.on_turn(Seat(*seat))?;
                self.game.claim((*claim).into())?;
                self.after_change(at);
            }
            Event::Away { id } => self.set_present(id, false, at),
            Event::Back { id } => self.set_present(id, true, at),
            Event::CpuTakeover { seat } => self.set_cpu(Seat(*seat), true, at)?,
            Event::TookBack { seat } => self.set_cpu(Seat(*seat), false, at)?,
            Event::Restarted { remaining_ms } => self.restarted(*remaining_ms, at),
            Event::Ended { result } => {
                if self.phase != Phase::Finished {
                    return Err(replay(format!(
                        "the log says the game ended {result:?}, the replay says it goes on"
                    )));
                }
            }
            Event::Agreed { id } => self.agree(id, at)?,
            Event::SeatCpu { seat, level } => self.seat_cpu(Seat(*seat), *level)?,
        }
        // A restart is the server's doing, not the players'.
        if !matches!(record.event, Event::Restarted { .. }) {
            self.last_activity = at;
        }
        Ok(())
    }

    fn seat_player(&mut self, seat: u8, who: &Identity, at: u64) -> Result<(), HallError> {
        if self.phase != Phase::Waiting {
            return Err(HallError::RoomFull);
        }
        match self.seats.get_mut(seat as usize) {
            Some(o @ Occupant::Empty) => {
                *o = Occupant::Human {
                    id: who.id.clone(),
                    name: who.name.clone(),
                    connected: true,
                    cpu: false,
                }
            }
            _ => return Err(HallError::RoomFull),
        }
        self.status = msg!("status-joined", name = names::shown(&who.id, &who.name));
        if self.seats.iter().all(|o| *o != Occupant::Empty) {
            self.start(at)?;
        }
        Ok(())
    }

    fn free_seat(&mut self, seat: u8) -> Result<(), HallError> {
        if self.phase != Phase::Waiting {
            return Err(HallError::WrongPhase("phase-started"));
        }
        let Some(o) = self.seats.get_mut(seat as usize) else {
            return Err(replay("no such seat"));
        };
        if let Occupant::Human { id, name, .. } = o {
            self.status = msg!("status-left", name = names::shown(id, name));
        }
        *o = Occupant::Empty;
        Ok(())
    }

    /// The next game: in four-player rooms whose rule says so, the first
    /// turn moves one seat clockwise from game to game (docs/rules.md §4).
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
    fn start(&mut self, at: u64) -> Result<(), HallError> {
        let level = self.settings.cpu_level;
        for o in &mut self.seats {
            if *o == Occupant::Empty {
                *o = Occupant::Cpu { level };
            }
        }
        self.game = self.new_game()?;
        self.opening = Arc::new(self.game.clone());
        self.moves.clear();
        self.moves_by = vec![(0, 0); self.seats.len()];
        self.last_move = None;
        self.new_round = SeatSet::EMPTY;
        self.phase = Phase::Playing;
        self.game_number += 1;
        self.seat_clocks = match &self.settings.clock {
            Some(tc) => vec![tc.start(); self.seats.len()],
            None => Vec::new(),
        };
        self.after_change(at);
        Ok(())
    }

    fn playing(&self) -> Result<(), HallError> {
        match self.phase {
            Phase::Playing => Ok(()),
            _ => Err(HallError::WrongPhase("phase-no-game")),
        }
    }

    fn on_turn(&self, seat: Seat) -> Result<(), HallError> {
        self.playing()?;
        match self.game.to_move() {
            Some(s) if s == seat => Ok(()),
            _ => Err(HallError::NotYourTurn),
        }
    }

    fn play(&mut self, seat: Seat, text: &str, at: u64) -> Result<(), HallError> {
        self.on_turn(seat)?;
        let (mv, text) = self.game.play_written(text)?;
        let by_cpu = self.cpu_turn == Some(seat)
            || matches!(
                self.seats.get(seat.index()),
                Some(Occupant::Human { cpu: true, .. })
            );
        if let Some((human, cpu)) = self.moves_by.get_mut(seat.index()) {
            *if by_cpu { cpu } else { human } += 1;
        }
        let person = matches!(self.seats.get(seat.index()), Some(Occupant::Human { .. }));
        self.human_moved |= person && !by_cpu;
        self.moves.push(PlayedMove {
            seat,
            text,
            by_cpu: by_cpu && person,
        });
        self.last_move = Some(mv);
        self.cpu_turn = None;
        self.charge_clock(seat, at);
        self.after_change(at);
        Ok(())
    }

    /// Charges `seat`'s game clock for the move it made at `at`: what its
    /// running turn clock used. A move the server took after the flag
    /// fell (the timer not yet run) leaves it no time.
    fn charge_clock(&mut self, seat: Seat, at: u64) {
        let (Some(tc), Some(clock)) = (self.settings.clock, self.clock) else {
            return;
        };
        if clock.seat != seat {
            return;
        }
        let used = self.turn_allowance.saturating_sub(clock.left_at(at));
        if let Some(c) = self.seat_clocks.get_mut(seat.index()) {
            *c = c.charge(&tc, used).unwrap_or(SeatClock {
                main_ms: 0,
                periods: 0,
            });
        }
    }

    fn time_out(&mut self, seat: Seat, at: u64) -> Result<(), HallError> {
        self.on_turn(seat)?;
        if let Some(tc) = self.settings.clock {
            return self.flag_fell(seat, tc, at);
        }
        self.cpu_turn = Some(seat);
        self.clock = None;
        self.status = msg!("status-timed-out", name = self.seat_label(seat));
        Ok(())
    }

    /// `seat`'s game clock ran out: it loses on time where the room says
    /// so and the game has resignation; else the CPU moves for it this
    /// turn, and from then on it has one byoyomi period (or its
    /// increment) a move.
    fn flag_fell(&mut self, seat: Seat, tc: TimeControl, at: u64) -> Result<(), HallError> {
        // A ranked game is lost on time whatever the host chose.
        let lose = self.settings.on_time == OnTime::Lose || self.settings.ranked;
        let loses = lose && self.game.kind().has_resignation();
        // A lost game shows the fallen flag (0:00); a seat the CPU moves
        // for has a period (or its increment) a move from now on.
        let after = match loses {
            true => SeatClock {
                main_ms: 0,
                periods: 0,
            },
            false => SeatClock {
                main_ms: tc.increment_ms,
                periods: u8::from(tc.byoyomi_ms > 0),
            },
        };
        if let Some(c) = self.seat_clocks.get_mut(seat.index()) {
            *c = after;
        }
        if loses {
            self.game.lose_on_time(seat)?;
            self.after_change(at);
            self.status = msg!("status-lost-on-time", name = self.seat_label(seat));
            return Ok(());
        }
        self.cpu_turn = Some(seat);
        self.clock = None;
        self.status = msg!("status-timed-out", name = self.seat_label(seat));
        Ok(())
    }

    fn set_present(&mut self, id: &str, present: bool, at: u64) {
        for o in &mut self.seats {
            if let Occupant::Human {
                id: who, connected, ..
            } = o
            {
                if who == id {
                    *connected = present;
                }
            }
        }
        self.away_since.retain(|(who, _)| who != id);
        if !present {
            self.away_since.push((id.to_string(), at));
        }
        self.sync_pause(at);
        self.refresh_turn_status();
    }

    fn set_cpu(&mut self, seat: Seat, on: bool, at: u64) -> Result<(), HallError> {
        match self.seats.get_mut(seat.index()) {
            Some(Occupant::Human { cpu, .. }) => *cpu = on,
            _ => return Err(replay("only a person's seat is taken over")),
        }
        if self.game.to_move() == Some(seat) {
            self.reset_clock(at);
        }
        self.refresh_turn_status();
        Ok(())
    }

    /// The host's choice for a seat: a CPU at `level` in an empty or CPU
    /// seat before the game, a new level for a CPU seat at any time, or
    /// an empty seat again (`None`) before the game.
    fn seat_cpu(&mut self, seat: Seat, level: Option<u8>) -> Result<(), HallError> {
        if level.is_some_and(|l| !(1..=crate::cpu::MAX_LEVEL).contains(&l)) {
            return Err(replay("no such CPU level"));
        }
        let waiting = self.phase == Phase::Waiting;
        let slot = self
            .seats
            .get_mut(seat.index())
            .ok_or(replay("no such seat"))?;
        *slot = match (&*slot, level) {
            (Occupant::Empty, Some(level)) if waiting => Occupant::Cpu { level },
            (Occupant::Cpu { .. }, Some(level)) => Occupant::Cpu { level },
            (Occupant::Cpu { .. }, None) if waiting => Occupant::Empty,
            (Occupant::Human { .. }, _) => return Err(HallError::SeatTaken),
            _ => return Err(HallError::WrongPhase("phase-started")),
        };
        let name = self.game.kind().seat_msg(seat);
        self.status = match level {
            Some(level) => msg!("status-seat-cpu", seat = name, level = level),
            None => msg!("status-seat-open", seat = name),
        };
        self.refresh_turn_status();
        Ok(())
    }

    /// After a restart: everybody is away; the turn clock keeps the time
    /// it had when the server stopped.
    fn restarted(&mut self, remaining_ms: Option<u64>, at: u64) {
        self.everyone_away(at);
        if let (Some(clock), Some(left)) = (&mut self.clock, remaining_ms) {
            clock.remaining_ms = left;
            clock.since = clock.since.map(|_| at);
        }
    }

    /// Marks every seated person away since `at` (nobody is connected
    /// when a server starts).
    pub fn everyone_away(&mut self, at: u64) {
        for id in self.human_ids() {
            self.set_present(&id, false, at);
        }
    }

    fn agree(&mut self, id: &str, at: u64) -> Result<(), HallError> {
        if self.phase != Phase::Finished {
            return Err(HallError::WrongPhase("phase-not-over"));
        }
        self.new_round = SeatSet(self.new_round.0 | self.seats_of(id).0);
        let all = (0..self.seats.len())
            .filter(|i| matches!(self.seats[*i], Occupant::Human { .. }))
            .all(|i| self.new_round.contains(Seat(i as u8)));
        if !all {
            let name = self.name_of(id);
            self.status = msg!("status-wants-new-round", name = name);
            return Ok(());
        }
        if self.settings.rules.is_on("swap-sides") {
            self.seats.rotate_right(1);
        }
        self.start(at)
    }

    /// The ids of the people seated here, each once.
    pub fn human_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for o in &self.seats {
            if let Occupant::Human { id, .. } = o {
                if !ids.contains(id) {
                    ids.push(id.clone());
                }
            }
        }
        ids
    }

    fn name_of(&self, id: &str) -> String {
        self.seats
            .iter()
            .find_map(|o| match o {
                Occupant::Human { id: who, name, .. } if who == id => Some(names::shown(id, name)),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// Whether the game waits for away players (nobody moves, no clock
    /// runs): someone seated is away, and either the room's policy is to
    /// wait or nobody seated is here at all. The CPU plays for the away
    /// only so that the people who stayed are not kept waiting; with
    /// nobody here it would just play their game out without them (one
    /// person against the CPU, a same-device table, everybody gone).
    pub fn paused(&self) -> bool {
        if self.phase != Phase::Playing {
            return false;
        }
        let (mut away, mut here) = (false, false);
        for o in &self.seats {
            if let Occupant::Human { connected, .. } = o {
                here |= *connected;
                away |= !*connected;
            }
        }
        away && (!here || self.settings.away_policy() == AwayPolicy::Wait)
    }

    /// Stops or restarts the turn clock as the pause requires.
    fn sync_pause(&mut self, at: u64) {
        let paused = self.paused();
        if let Some(clock) = &mut self.clock {
            match (paused, clock.since) {
                (true, Some(_)) => {
                    clock.remaining_ms = clock.left_at(at);
                    clock.since = None;
                }
                (false, None) => clock.since = Some(at),
                _ => {}
            }
        }
    }

    /// A fresh turn clock for the seat to move, if the room has a game
    /// clock, or a person plays it and the room has a turn limit.
    fn reset_clock(&mut self, at: u64) {
        self.clock = None;
        if self.phase != Phase::Playing {
            return;
        }
        let Some(seat) = self.game.to_move() else {
            return;
        };
        let allowance = match &self.settings.clock {
            Some(tc) => self.seat_clocks.get(seat.index()).map(|c| c.allowance(tc)),
            None => self.settings.time_limit.seconds().map(|s| s * 1000),
        };
        let Some(allowance) = allowance else {
            return;
        };
        // A game clock runs for every seat, the CPU's and bots' too; the
        // turn limit of rooms without one is for people only.
        let person = matches!(
            self.seats.get(seat.index()),
            Some(Occupant::Human { cpu: false, .. })
        );
        if person || self.settings.clock.is_some() {
            self.turn_allowance = allowance;
            self.clock = Some(TurnClock {
                seat,
                remaining_ms: allowance,
                since: (!self.paused()).then_some(at),
            });
        }
    }

    /// Updates phase, status and clock after the game changed.
    fn after_change(&mut self, at: u64) {
        self.clock = None;
        if let Some(outcome) = self.game.outcome() {
            self.phase = Phase::Finished;
            let reason = outcome.reason;
            let label = |s: Seat| self.seat_label(s);
            let reason = reason.msg();
            self.status = match &outcome.verdict {
                Verdict::Win(set) => {
                    let names = Arg::List(set.iter().map(label).collect());
                    msg!("status-won", names = names, reason = reason)
                }
                Verdict::Draw => msg!("status-draw", reason = reason),
                Verdict::Placings(places) => {
                    let list = places
                        .iter()
                        .map(|p| msg!("status-place", place = p.place, name = label(p.seat)).into())
                        .collect();
                    msg!("status-placings", reason = reason, places = Arg::List(list))
                }
            };
            return;
        }
        self.refresh_turn_status();
        self.reset_clock(at);
    }

    /// Says whose turn it is (after a move, or when a player comes or goes).
    pub fn refresh_turn_status(&mut self) {
        if self.phase != Phase::Playing {
            return;
        }
        if self.paused() {
            let away: Vec<Arg> = self
                .seats
                .iter()
                .filter_map(|o| match o {
                    Occupant::Human {
                        id,
                        name,
                        connected: false,
                        ..
                    } => Some(names::shown(id, name).into()),
                    _ => None,
                })
                .collect();
            self.status = msg!("status-paused", names = Arg::List(away));
        } else if let Some(seat) = self.game.to_move() {
            self.status = msg!("status-to-move", name = self.seat_label(seat));
        }
    }

    /// Who sits in `seat`, as the status line names them: the occupant's
    /// name, or the seat's name where that name would not tell seats apart
    /// (one person at every seat of a same-device table, several CPUs).
    pub fn seat_label(&self, seat: Seat) -> Arg {
        let Some(occupant) = self.seats.get(seat.index()) else {
            return Arg::Text(String::new());
        };
        let name = occupant.label();
        let shared = self.seats.iter().filter(|o| o.label() == name).count() > 1;
        let seat_name = self.game.kind().seat_msg(seat);
        match (shared, occupant) {
            (false, _) => name.into(),
            (true, Occupant::Human { .. }) => seat_name.into(),
            (true, _) => msg!("status-seat-label", seat = seat_name, name = name).into(),
        }
    }

    /// The CPU level to play the seat to move with, when the CPU plays it:
    /// its own seat, a seat taken over while its player is away, or a
    /// turn whose time ran out (at `takeover`'s level).
    pub fn cpu_to_move(&self, takeover: u8) -> Option<u8> {
        if self.phase != Phase::Playing || self.paused() {
            return None;
        }
        let seat = self.game.to_move()?;
        match self.seats.get(seat.index())? {
            Occupant::Cpu { level } => Some(*level),
            Occupant::Human { cpu: true, .. } => Some(takeover),
            Occupant::Human { .. } if self.cpu_turn == Some(seat) => Some(takeover),
            _ => None,
        }
    }

    /// How long the CPU may think for the seat to move at `now` under
    /// the room's game clock ([`SeatClock::move_share`], kept inside the
    /// turn's time less a margin for committing the move); `None` without
    /// a game clock.
    pub fn cpu_clock_budget(&self, now: u64) -> Option<Duration> {
        /// Left for storing and sending the move before the flag.
        const MARGIN_MS: u64 = 300;
        let (tc, clock) = (self.settings.clock?, self.clock?);
        let seat = self.seat_clocks.get(clock.seat.index())?;
        let left = clock.left_at(now).saturating_sub(MARGIN_MS);
        Some(Duration::from_millis(seat.move_share(&tc).min(left)))
    }

    /// The current game's id: the room's id, the game's number and its
    /// [tag](super::codes::game_tag) (`ambtte-2-k3x9qz`).
    pub fn game_id(&self) -> String {
        let tag = super::codes::game_tag(&self.code, self.game_number);
        format!("{}-{}-{tag}", self.id, self.game_number)
    }

    /// Whether only the people in the room may see its games.
    pub fn is_private(&self) -> bool {
        self.settings.privacy == super::view::Privacy::Private
    }

    /// The names records carry (in English: records are language-free).
    pub fn names(&self) -> Vec<String> {
        let label = |o: &Occupant| Lang::En.text(&o.label());
        self.seats.iter().map(label).collect()
    }

    pub fn seats_of(&self, id: &str) -> SeatSet {
        super::view::seats_held(&self.seats, id)
    }

    /// Counts a session of `id` in or out; returns how many it has now.
    pub fn count_connection(&mut self, id: &str, delta: isize, now: u64) -> usize {
        let entry = match self.connections.iter_mut().find(|(who, _)| who == id) {
            Some(entry) => entry,
            None => {
                self.connections.push((id.to_string(), 0));
                self.connections.last_mut().expect("just pushed")
            }
        };
        entry.1 = entry.1.saturating_add_signed(delta);
        let left = entry.1;
        self.refresh_idle(now);
        left
    }

    /// Notes since when nobody (player or spectator) has been here.
    pub fn refresh_idle(&mut self, now: u64) {
        let nobody = self.connections.iter().all(|(_, n)| *n == 0) && self.spectators == 0;
        self.idle_since = match (nobody, self.idle_since) {
            (true, Some(since)) => Some(since),
            (true, None) => Some(now),
            (false, _) => None,
        };
    }

    /// The snapshot sessions render; `now` turns the turn clock into an
    /// `Instant` for countdowns.
    pub fn view(&self, now: u64) -> RoomView {
        let deadline = self
            .clock
            .and_then(|c| c.deadline())
            .map(|d| Instant::now() + Duration::from_millis(d.saturating_sub(now)));
        RoomView {
            id: self.id.clone(),
            code: super::codes::grouped(&self.code),
            settings: self.settings.clone(),
            host_id: self.host.id.clone(),
            host_name: self.host.name.clone(),
            seats: self.seats.clone(),
            phase: self.phase,
            game: self.game.clone(),
            opening: self.opening.clone(),
            moves: self.moves.clone(),
            last_move: self.last_move,
            game_id: self.game_id(),
            deadline,
            new_round: self.new_round,
            status: self.status.clone(),
            spectators: self.spectators,
            paused: self.paused(),
            holders: self.holders.clone(),
            closed: self.closed.clone(),
            seat_clocks: self.seat_clocks.clone(),
            turn_clock: self
                .clock
                .map(|c| (c.seat, self.turn_allowance, c.left_at(now))),
        }
    }
}
