//! A room kept by a node that does not own it (a hall of several nodes):
//! the owner's changes applied to it, and what happens when this node
//! takes it over.

use super::super::cluster::wire::Live;
use super::super::events::{Event, Record};
use super::super::view::{Identity, Occupant, Phase};
use super::super::{HallError, lock};
use super::Room;
use crate::rules::vocab::SeatSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;

impl Room {
    /// Another node's handles, told to this new owner: their connections
    /// count again, and a seated player marked away meanwhile is back.
    pub(super) fn attach(self: &Arc<Self>, handles: &[(Option<Identity>, u64)]) {
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
            let record = match Record::decode(text.as_bytes()) {
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
            let record = Record::decode(bytes).map_err(|e| HallError::Replay(e.to_string()))?;
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
