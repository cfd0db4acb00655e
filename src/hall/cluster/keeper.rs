//! The keeper: a thread that claims the rooms nobody owns (their node
//! died or gave them up), takes over the ones it wins, and marks away
//! the players who did not come back to a room taken over.

use super::Cluster;
use crate::hall::room::Room;
use crate::hall::{HallInner, lock};
use crate::store::link::Owner;
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak, mpsc};
use std::time::Instant;

/// Starts the keeper; it looks every sixth of the lease, and at once at
/// a room it is asked about.
pub(super) fn spawn(cluster: Weak<Cluster>, wanted: mpsc::Receiver<String>) {
    std::thread::Builder::new()
        .name("banmen-keeper".into())
        .spawn(move || run(cluster, wanted))
        .expect("start the cluster's keeper");
}

fn run(cluster: Weak<Cluster>, wanted: mpsc::Receiver<String>) {
    let mut passes: u64 = 0;
    loop {
        let period = match cluster.upgrade() {
            Some(c) if !c.stopping.load(Ordering::SeqCst) => c.link.lease() / 6,
            _ => return,
        };
        let asked = wanted.recv_timeout(period).ok();
        let Some(cluster) = cluster.upgrade() else {
            return;
        };
        if cluster.stopping.load(Ordering::SeqCst) {
            return;
        }
        if asked.is_some() {
            // A burst of rooms given up at once is looked at in one pass.
            while wanted.try_recv().is_ok() {}
        }
        cluster.pass();
        cluster.settle_due();
        // Every count about every five seconds, the changes at each pass.
        cluster.tell_counts(passes % 15 == 0);
        passes += 1;
    }
}

impl Cluster {
    /// One look at every room: claims those whose owner is gone.
    fn pass(&self) {
        let Some(hall) = self.hall() else { return };
        let healthy = self.healthy();
        hall.reach
            .send_if_modified(|reach| std::mem::replace(reach, healthy) != healthy);
        if !healthy {
            return;
        }
        // The records are read before the live nodes are listed: a record
        // written after the list (a node back under its name) then has
        // another revision, and a claim against the old one fails.
        let owners = lock(&self.owners).clone();
        let live: HashSet<String> = match self.link.live_nodes() {
            Ok(nodes) => nodes.into_iter().collect(),
            Err(e) => {
                tracing::debug!("the live nodes could not be listed: {e}");
                return;
            }
        };
        let rooms: Vec<(String, Arc<Room>)> = lock(&hall.rooms)
            .iter()
            .map(|(id, r)| (id.clone(), r.clone()))
            .collect();
        for (id, room) in rooms {
            let owner = owners.get(&id).cloned();
            let orphan = owner.as_ref().is_none_or(|o| !live.contains(&o.node));
            let mine = owner.as_ref().is_some_and(|o| o.node == self.node());
            // A record naming this node that it does not act on was left
            // by an earlier run under the same name: taken back too.
            if room.owned() || !(orphan || mine) {
                continue;
            }
            self.claim(&hall, &id, &room, owner);
        }
    }

    /// Claims a room whose owner is gone; on winning, takes it over.
    fn claim(&self, hall: &Arc<HallInner>, id: &str, room: &Arc<Room>, seen: Option<Owner>) {
        let won = match self.link.claim(id, seen.as_ref().map(|o| o.revision)) {
            Ok(Some(revision)) => revision,
            Ok(None) => return,
            Err(e) => {
                tracing::debug!(room = %id, "a room could not be claimed: {e}");
                return;
            }
        };
        let owner = Owner {
            node: self.node().to_string(),
            revision: won,
        };
        lock(&self.owners).insert(id.to_string(), owner);
        let taken = self.take(hall, id, room);
        if !taken {
            self.release(id);
        }
    }

    /// Takes over a room this node has just claimed: the replica catches
    /// up with the log, and the room goes on here. `false` if it could not.
    fn take(&self, hall: &Arc<HallInner>, id: &str, room: &Arc<Room>) -> bool {
        let log = match hall.shared.store.room_log(id) {
            Ok(log) => log,
            Err(e) => {
                tracing::warn!(room = %id, "a room to take over could not be read: {e}");
                return false;
            }
        };
        if log.is_empty() {
            // Closed meanwhile: its log is gone.
            let (id, code) = room.id_and_code();
            hall.forget_room(&id, &code);
            return false;
        }
        if let Err(e) = room.catch_up(&log) {
            tracing::error!(room = %id, "a room to take over does not replay: {e}");
            return false;
        }
        room.take();
        match self.hall_down_since(hall) {
            Some(stopped) => room.reopen(stopped),
            None => {
                let at = Instant::now() + self.link.lease();
                lock(&self.settling).push((id.to_string(), at));
            }
        }
        tracing::info!(room = %id, "took the room over");
        true
    }

    /// When the whole hall stopped, if it was down (no node wrote the
    /// heartbeat for two leases): then a room is reopened as after a
    /// restart, else it carries on from its log.
    fn hall_down_since(&self, hall: &Arc<HallInner>) -> Option<u64> {
        let now = hall.shared.clock.now_ms();
        let down = (self.link.lease() * 2).as_millis() as u64;
        match hall.shared.store.last_heartbeat() {
            Ok(Some(at)) => (now.saturating_sub(at) > down).then_some(at),
            Ok(None) => Some(now),
            Err(_) => None,
        }
    }

    /// Marks away the players who did not come back to the rooms taken
    /// over a lease ago.
    fn settle_due(&self) {
        let now = Instant::now();
        let due: Vec<String> = {
            let mut settling = lock(&self.settling);
            let (due, wait): (Vec<_>, Vec<_>) = settling.drain(..).partition(|(_, at)| *at <= now);
            *settling = wait;
            due.into_iter().map(|(id, _)| id).collect()
        };
        let Some(hall) = self.hall() else { return };
        for id in due {
            let room = lock(&hall.rooms).get(&id).cloned();
            if let Some(room) = room.filter(|r| r.acts()) {
                room.settle();
            }
        }
    }
}
