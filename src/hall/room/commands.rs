//! A room's commands: run here by its owner, or sent to the node that
//! owns it (a hall of several nodes).

use super::super::cluster::wire::Command;
use super::super::events::Event;
use super::super::state::RoomState;
use super::super::view::{Identity, Occupant, Phase};
use super::super::{HallError, lock};
use super::Room;
use crate::rules::vocab::Seat;
use std::sync::Arc;

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
            Command::Join { who, seat } => self.seat(&who, seat),
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
                    hall.close_room(self, "closed", why);
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
                    return Err(HallError::WrongPhase("phase-moved-on"));
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
            _ => Err(HallError::WrongPhase("phase-not-a-game-command")),
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
            None => return Err(HallError::WrongPhase("phase-no-such-seat")),
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
            return Err(HallError::WrongPhase("phase-no-game"));
        }
        let mine = s.seats_of(&who.id);
        let seat = match s.game.to_move() {
            Some(seat) if mine.contains(seat) => seat,
            _ => mine.iter().next().ok_or(HallError::NotYourTurn)?,
        };
        s.game.clone().resign(seat)?;
        self.commit(s, Event::Resigned { seat: seat.0 })
    }
}

/// Refuses anyone but the room's host.
fn host_only(s: &RoomState, who: &Identity) -> Result<(), HallError> {
    match who.id == s.host.id {
        true => Ok(()),
        false => Err(HallError::NotHost),
    }
}

/// The seat to move, if `who` holds it and may move now.
pub(super) fn my_turn(who: &Identity, s: &RoomState) -> Result<Seat, HallError> {
    if s.phase != Phase::Playing {
        return Err(HallError::WrongPhase("phase-no-game"));
    }
    if s.paused() {
        return Err(HallError::WrongPhase("phase-paused"));
    }
    let seat = s.game.to_move().ok_or(HallError::NotYourTurn)?;
    if s.seats_of(&who.id).contains(seat) && s.cpu_turn != Some(seat) {
        Ok(seat)
    } else {
        Err(HallError::NotYourTurn)
    }
}
