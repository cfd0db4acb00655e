//! What a session holds of a room: its snapshots, and its player's
//! commands.

use super::super::cluster::wire::Command;
use super::super::events::ClaimRecord;
use super::super::view::{Identity, RoomView};
use super::super::{HallError, lock};
use super::RoomHandle;
use super::commands::my_turn;
use crate::rules::Claim;
use crate::rules::vocab::{self, Seat, SeatSet};
use std::sync::Arc;

impl RoomHandle {
    /// The latest snapshot.
    pub fn view(&self) -> Arc<RoomView> {
        self.views.borrow().clone()
    }

    /// Waits for the next snapshot; `false` once the room is gone.
    pub async fn changed(&mut self) -> bool {
        self.views.changed().await.is_ok()
    }

    /// The room itself (the hall's bots reach it through the handle).
    pub(crate) fn room(&self) -> &Arc<super::Room> {
        &self.room
    }

    /// A stream of the room's snapshots of its own (a bot's session waits
    /// on several rooms at once).
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<Arc<RoomView>> {
        self.room.views.subscribe()
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
