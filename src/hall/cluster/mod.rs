//! Several banmen nodes serving one hall (docs/architecture.md, "Several
//! nodes, one hall").
//!
//! Every node keeps a replica of every room and draws its own players'
//! screens from it. Each room is *owned* by one node, recorded in the
//! link's owner records: the owner alone applies the room's commands,
//! runs its timers and CPU, commits its events (each append expects the
//! log's last sequence, so a stale owner can never append) and then
//! publishes the change. The other nodes forward their players' commands
//! to the owner and apply its published changes to their replicas.
//!
//! An owner record counts only while its node's lease lives. When a node
//! dies, the others see its lease gone; each of its rooms is claimed
//! (compare-and-set on the record: one node wins), caught up from the log
//! and carried on. The nodes whose players are in the room tell the new
//! owner their handles; a seated player nobody holds a handle for is
//! marked away once that had time to happen. A node stopped cleanly gives
//! its rooms up first.

mod inbox;
mod keeper;
mod tally;
pub(crate) mod wire;

use super::room::Room;
use super::{HallError, HallInner, lock};
use crate::msg;
use crate::store::link::{Link, LinkError, Owner};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak, mpsc};
use std::time::{Duration, Instant};
use wire::{Answer, Command, Envelope, Failed, Live};

/// How long a command waits for an answer from a room's owner.
const ANSWER_WAIT: Duration = Duration::from_secs(3);

/// One node's part in a hall of several.
pub(crate) struct Cluster {
    link: Arc<dyn Link>,
    hall: Weak<HallInner>,
    /// Each room's owner as last recorded.
    owners: Mutex<HashMap<String, Owner>>,
    /// Rooms to look at at once (their owner gave them up or died).
    claims: Mutex<mpsc::Sender<String>>,
    /// Rooms taken over, and when to mark away whoever did not come back.
    settling: Mutex<Vec<(String, Instant)>>,
    /// Set when the node stops: nothing is claimed any more.
    stopping: AtomicBool,
    /// Connections per address and sessions per identity, hall-wide.
    tally: tally::Tally,
}

impl Cluster {
    /// Joins the hall over `link`: replicas of every room are in `hall`
    /// already; the link starts delivering and the keeper starts claiming
    /// rooms nobody owns.
    pub(crate) fn start(
        hall: &Arc<HallInner>,
        link: Arc<dyn Link>,
    ) -> Result<Arc<Cluster>, HallError> {
        let (claims, wanted) = mpsc::channel();
        let cluster = Arc::new(Cluster {
            link: link.clone(),
            hall: Arc::downgrade(hall),
            owners: Mutex::default(),
            claims: Mutex::new(claims),
            settling: Mutex::default(),
            stopping: AtomicBool::new(false),
            tally: tally::Tally::default(),
        });
        let _ = hall.cluster.set(cluster.clone());
        let inbox = inbox::Inbox::start(Arc::downgrade(&cluster));
        link.start(inbox)?;
        keeper::spawn(Arc::downgrade(&cluster), wanted);
        Ok(cluster)
    }

    /// This node's name.
    pub(crate) fn node(&self) -> &str {
        self.link.node()
    }

    /// Whether this node can act for its rooms now.
    pub(crate) fn healthy(&self) -> bool {
        self.link.healthy()
    }

    fn hall(&self) -> Option<Arc<HallInner>> {
        self.hall.upgrade()
    }

    /// The room's owner as last recorded.
    fn owner_of(&self, room: &str) -> Option<Owner> {
        lock(&self.owners).get(room).cloned()
    }

    /// Records this node as the owner of a room it is creating.
    pub(crate) fn claim_new(&self, room: &str) -> Result<(), HallError> {
        match self.link.claim(room, None)? {
            Some(revision) => {
                let owner = Owner {
                    node: self.node().to_string(),
                    revision,
                };
                lock(&self.owners).insert(room.to_string(), owner);
                Ok(())
            }
            None => Err(HallError::WrongPhase("phase-id-taken")),
        }
    }

    /// Gives up the record of a room this node closed.
    pub(crate) fn release(&self, room: &str) {
        let owner = lock(&self.owners).remove(room);
        if let Some(owner) = owner.filter(|o| o.node == self.node()) {
            if let Err(e) = self.link.release(room, owner.revision) {
                tracing::warn!(%room, "the room's owner record was not removed: {e}");
            }
        }
    }

    /// Publishes a change of a room this node owns.
    pub(crate) fn publish(&self, room: &str, live: &Live) {
        let body = serde_json::to_vec(live).unwrap_or_default();
        self.link.publish(room, body);
    }

    /// Tells every node of a failed join or watch by code.
    pub(crate) fn tell_failed(&self, keys: Vec<String>, at: u64) {
        let failed = Failed {
            node: self.node().to_string(),
            keys,
            at,
        };
        let body = serde_json::to_vec(&failed).unwrap_or_default();
        self.link.broadcast("failed", body);
    }

    /// Runs `command` on the owner of `room` (here, if this node comes to
    /// own it meanwhile): the number it gives and the log's length after
    /// it. While a room changes owner the command waits, up to the lease's
    /// life and a little more, then fails as [`HallError::Unreachable`].
    pub(crate) fn forward(
        &self,
        room: &Arc<Room>,
        id: &str,
        command: Command,
    ) -> Result<(u64, u64), HallError> {
        let deadline = Instant::now() + self.link.lease() + Duration::from_secs(2);
        let body = serde_json::to_vec(&Envelope {
            room: id.to_string(),
            command: command.clone(),
        })
        .map_err(|e| HallError::Remote(msg!("error-remote", detail = e.to_string())))?;
        loop {
            if !self.healthy() {
                return Err(HallError::Unreachable);
            }
            if room.owned() {
                let number = room.execute(command)?;
                return Ok((number, 0));
            }
            let owner = self.owner_of(id).filter(|o| o.node != self.node());
            if let Some(owner) = owner {
                match self.link.request(&owner.node, body.clone(), ANSWER_WAIT) {
                    Ok(answer) => match serde_json::from_slice(&answer) {
                        Ok(Answer::Done { number, seq }) => return Ok((number, seq)),
                        Ok(Answer::Refused { storage, text, msg }) => {
                            return Err(Answer::error(storage, text, msg));
                        }
                        Ok(Answer::NotOwner) => {}
                        Err(e) => {
                            return Err(HallError::Remote(msg!(
                                "error-remote",
                                detail = e.to_string()
                            )));
                        }
                    },
                    Err(LinkError::Gone(_)) => self.claim_soon(id),
                    // The owner may have died with the request: if the
                    // room has changed hands meanwhile, ask the new owner.
                    Err(LinkError::NoAnswer(_)) if self.owner_of(id) == Some(owner) => {
                        return Err(HallError::Unreachable);
                    }
                    Err(LinkError::NoAnswer(_)) => {}
                }
            }
            if Instant::now() >= deadline {
                return Err(HallError::Unreachable);
            }
            crate::store::blocking(|| std::thread::sleep(Duration::from_millis(50)));
        }
    }

    /// This node's counts for the hall-wide limits.
    pub(crate) fn tally(&self) -> &tally::Tally {
        &self.tally
    }

    /// The other live nodes' count of `key` (see `tally`).
    pub(crate) fn elsewhere(&self, key: &str) -> usize {
        self.tally.elsewhere(key, self.link.lease() * 3)
    }

    /// Tells the others what this node's counts are (`all`) or what
    /// changed since the last time.
    fn tell_counts(&self, all: bool) {
        if let Some(counts) = self.tally.report(self.node(), all) {
            let body = serde_json::to_vec(&counts).unwrap_or_default();
            self.link.broadcast("tally", body);
        }
    }

    /// Asks the keeper to look at `room` now.
    fn claim_soon(&self, room: &str) {
        let _ = lock(&self.claims).send(room.to_string());
    }

    /// A clean stop: this node's rooms are given up, so that the others
    /// take them at once instead of waiting for the lease.
    pub(crate) fn leave(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        let Some(hall) = self.hall() else { return };
        let rooms: Vec<Arc<Room>> = lock(&hall.rooms).values().cloned().collect();
        for room in rooms.into_iter().filter(|r| r.owned()) {
            room.set_owned(false);
            let id = room.id_and_code().0;
            self.release(&id);
        }
    }
}
