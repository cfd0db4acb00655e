//! What the link delivers, handled in order: commands for rooms this node
//! owns (each on its own thread, since it commits), and on one worker
//! thread, in the order they came, the rooms' live changes, owner changes
//! and broadcasts.

use super::Cluster;
use super::wire::{Answer, Envelope, Failed, Live};
use crate::hall::room::Room;
use crate::hall::state::RoomState;
use crate::hall::{HallInner, lock};
use crate::store::link::{self, Owner};
use std::sync::{Arc, Mutex, Weak, mpsc};

/// How many times, and how far apart, the replicas whose logs could not
/// be read after a reconnection are read again.
const RESYNC_TRIES: usize = 20;
const RESYNC_PAUSE: std::time::Duration = std::time::Duration::from_millis(500);

/// One piece of work for the worker thread.
enum Work {
    Live(String, Vec<u8>),
    Owner(String, Option<Owner>),
    Failed(Vec<u8>),
    Tally(Vec<u8>),
    Reconnected,
}

/// The hall's side of the link.
pub(super) struct Inbox {
    cluster: Weak<Cluster>,
    work: Mutex<mpsc::Sender<Work>>,
}

impl Inbox {
    /// The inbox, with its worker thread running.
    pub(super) fn start(cluster: Weak<Cluster>) -> Arc<Inbox> {
        let (work, queue) = mpsc::channel();
        let worker = cluster.clone();
        std::thread::Builder::new()
            .name("banmen-cluster".into())
            .spawn(move || run(worker, queue))
            .expect("start the cluster's worker");
        Arc::new(Inbox {
            cluster,
            work: Mutex::new(work),
        })
    }

    fn push(&self, work: Work) {
        let _ = lock(&self.work).send(work);
    }
}

impl link::Inbox for Inbox {
    fn command(&self, body: &[u8]) -> Vec<u8> {
        let answer = match (
            self.cluster.upgrade(),
            serde_json::from_slice::<Envelope>(body),
        ) {
            (Some(cluster), Ok(envelope)) => cluster.answer(envelope),
            (_, Err(e)) => Answer::Refused {
                storage: false,
                text: format!("a command that does not read: {e}"),
                msg: None,
            },
            (None, _) => Answer::NotOwner,
        };
        serde_json::to_vec(&answer).unwrap_or_default()
    }

    fn live(&self, room: &str, body: Vec<u8>) {
        self.push(Work::Live(room.to_string(), body));
    }

    fn owner(&self, room: &str, owner: Option<Owner>) {
        self.push(Work::Owner(room.to_string(), owner));
    }

    fn broadcast(&self, topic: &str, body: Vec<u8>) {
        match topic {
            "failed" => self.push(Work::Failed(body)),
            "tally" => self.push(Work::Tally(body)),
            _ => {}
        }
    }

    fn reconnected(&self) {
        self.push(Work::Reconnected);
    }
}

/// The worker: every piece of work in order, until the cluster is gone.
fn run(cluster: Weak<Cluster>, queue: mpsc::Receiver<Work>) {
    while let Ok(work) = queue.recv() {
        let Some(cluster) = cluster.upgrade() else {
            return;
        };
        match work {
            Work::Live(room, body) => cluster.on_live(&room, &body),
            Work::Owner(room, owner) => cluster.on_owner(&room, owner),
            Work::Failed(body) => cluster.on_failed(&body),
            Work::Tally(body) => {
                if let Ok(counts) = serde_json::from_slice::<super::tally::Counts>(&body) {
                    if counts.node != cluster.node() {
                        cluster.tally.heard(counts);
                    }
                }
            }
            Work::Reconnected => cluster.resync_all(),
        }
    }
}

impl Cluster {
    /// Runs a command sent to this node, if it owns the room.
    fn answer(&self, envelope: Envelope) -> Answer {
        let room = self
            .hall()
            .and_then(|h| lock(&h.rooms).get(&envelope.room).cloned());
        match room {
            Some(room) if room.acts() => {
                let result = room.execute(envelope.command);
                let seq = lock(&room.state).seq;
                Answer::of(result, seq)
            }
            _ => Answer::NotOwner,
        }
    }

    /// A room's owner published a change.
    fn on_live(&self, id: &str, body: &[u8]) {
        let Ok(live) = serde_json::from_slice::<Live>(body) else {
            tracing::warn!(room = %id, "a live change that does not read was ignored");
            return;
        };
        if live.owner == self.node() {
            return;
        }
        let Some(hall) = self.hall() else { return };
        let room = lock(&hall.rooms).get(id).cloned();
        let closed = live.closed.is_some();
        match room {
            Some(room) => {
                if !room.follow(live) {
                    self.resync(&hall, id);
                }
                if closed && !room.owned() {
                    let (id, code) = room.id_and_code();
                    hall.forget_room(&id, &code);
                }
            }
            None if closed => {}
            None if live.first == 0 => {
                let log: Vec<Vec<u8>> = live.events.iter().map(|e| e.clone().into()).collect();
                match RoomState::replay_log(id, &log) {
                    Ok(mut state) => {
                        live.presence.put(&mut state);
                        add_replica(&hall, state, live.address);
                    }
                    Err(_) => {
                        self.resync(&hall, id);
                    }
                }
            }
            None => {
                self.resync(&hall, id);
            }
        }
    }

    /// Rebuilds a replica from the stored log (it missed a change);
    /// `false` when the log could not be read.
    pub(super) fn resync(&self, hall: &Arc<HallInner>, id: &str) -> bool {
        let log = match hall.shared.store.room_log(id) {
            Ok(log) => log,
            Err(e) => {
                tracing::warn!(room = %id, "a replica could not be read again: {e}");
                return false;
            }
        };
        let room = lock(&hall.rooms).get(id).cloned();
        match room {
            Some(room) if room.owned() => {}
            Some(room) => {
                if room.catch_up(&log).is_err() {
                    tracing::warn!(room = %id, "a replica does not follow its log");
                }
                room.show(&lock(&room.state));
            }
            None if log.is_empty() => {}
            None => match RoomState::replay_log(id, &log) {
                Ok(state) => add_replica(hall, state, None),
                Err(e) => tracing::warn!(room = %id, "a room's log does not replay: {e}"),
            },
        }
        true
    }

    /// Catches every replica up with the log (after the link was cut,
    /// changes may have been missed). Just after the link comes back a
    /// read may still fail; those rooms are read again, since a replica
    /// left behind would show a stale game until its next change, and
    /// that change may be waiting for a player who sees the stale one.
    fn resync_all(&self) {
        let Some(hall) = self.hall() else { return };
        let mut ids: Vec<String> = lock(&hall.rooms).keys().cloned().collect();
        for _ in 0..RESYNC_TRIES {
            ids.retain(|id| !self.resync(&hall, id));
            if ids.is_empty() {
                return;
            }
            std::thread::sleep(RESYNC_PAUSE);
        }
        tracing::warn!(
            rooms = ids.len(),
            "replicas stay behind their logs until they change"
        );
    }

    /// A room's owner record changed.
    fn on_owner(&self, id: &str, owner: Option<Owner>) {
        let before = match &owner {
            Some(owner) => lock(&self.owners).insert(id.to_string(), owner.clone()),
            None => lock(&self.owners).remove(id),
        };
        let room = self.hall().and_then(|h| lock(&h.rooms).get(id).cloned());
        let Some(room) = room else { return };
        let Some(owner) = owner else {
            self.claim_soon(id);
            return;
        };
        if owner.node == self.node() {
            return;
        }
        if room.owned() {
            tracing::warn!(room = %id, node = %owner.node, "another node took the room");
            room.set_owned(false);
        }
        let changed = before.is_none_or(|b| b.node != owner.node);
        if changed {
            attach_handles(&room);
        }
    }

    /// Counts another node's failed join or watch by code here too.
    fn on_failed(&self, body: &[u8]) {
        let Ok(failed) = serde_json::from_slice::<Failed>(body) else {
            return;
        };
        if let (Some(hall), true) = (self.hall(), failed.node != self.node()) {
            hall.attempts.failed(&failed.keys, failed.at);
        }
    }
}

/// Tells a room's new owner this node's handles on it (on a thread of
/// its own: the owner may still be taking the room).
fn attach_handles(room: &Arc<Room>) {
    let handles = room.local_handles();
    if handles.is_empty() {
        return;
    }
    let room = room.clone();
    std::thread::spawn(move || {
        let command = super::wire::Command::Attach { handles };
        if let Err(e) = room.command(command) {
            tracing::warn!("this node's players were not told to the room's new owner: {e}");
        }
    });
}

/// Adds a replica of a room another node made.
fn add_replica(hall: &Arc<HallInner>, state: RoomState, address: Option<std::net::IpAddr>) {
    let room = hall.add_room(state, address, false);
    room.show(&lock(&room.state));
}
