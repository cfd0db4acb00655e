//! A restart: every room in the store is rebuilt by replaying its log
//! through the rules engine. A log that does not replay is reported and
//! left untouched in the store (an admin can look at it); the other rooms
//! open as they were, with every player away and the turn clocks holding
//! the time they had when the server stopped. A restart is not activity:
//! a room's last activity is its last logged event before it, so rooms
//! expire on time however often the server restarts.

use super::events::{Event, Record};
use super::state::RoomState;
use super::view::Phase;
use super::{Clock, Hall, HallError, HallOptions, lock};
use crate::store::{Appended, RoomLog, Store};
use std::sync::Arc;

/// What a restart found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    /// Rooms rebuilt.
    pub rooms: usize,
    /// Of those, rooms with a game going on.
    pub playing: usize,
    /// Rooms whose log does not replay: id and why (left in the store).
    pub failed: Vec<(String, String)>,
}

impl Hall {
    /// The hall on `store`, with every stored room rebuilt.
    pub fn open(
        store: Arc<dyn Store>,
        options: HallOptions,
        clock: Clock,
    ) -> Result<(Hall, LoadReport), HallError> {
        let hall = Hall::with_store(store.clone(), options, clock.clone());
        let now = clock.now_ms();
        let stopped = store.last_heartbeat()?;
        if let Some(link) = store.link() {
            return hall.open_node(link);
        }
        for (id, name) in store.identities()? {
            lock(&hall.inner.names).insert(id, name);
        }
        *lock(&hall.inner.ranked) = super::ranked::Ranked::load(&store.rated()?);
        *lock(&hall.inner.bots) = super::bots::Bots::load(store.bots()?);
        let mut report = LoadReport::default();
        let mut restarts = Vec::new();
        for (id, replayed) in replay_all(store.logs()?) {
            let rebuilt = replayed.and_then(|state| reopen(state, stopped, now, &mut restarts));
            match rebuilt {
                Ok(state) => {
                    report.rooms += 1;
                    report.playing += usize::from(state.phase == Phase::Playing);
                    hall.insert_room(state);
                }
                Err(e) => {
                    tracing::error!(room = %id, "room not reopened: {e}");
                    report.failed.push((id, e.to_string()));
                }
            }
        }
        store.commit(&restarts)?;
        hall.inner.refresh_lobby();
        Ok((hall, report))
    }

    /// A node of a hall several serve: every room is rebuilt as a
    /// replica, and the rooms nobody owns are claimed by the cluster's
    /// keeper (reopened as after a restart if the whole hall was down).
    fn open_node(
        self,
        link: Arc<dyn crate::store::link::Link>,
    ) -> Result<(Hall, LoadReport), HallError> {
        let store = self.inner.shared.store.clone();
        for (id, name) in store.identities()? {
            lock(&self.inner.names).insert(id, name);
        }
        *lock(&self.inner.ranked) = super::ranked::Ranked::load(&store.rated()?);
        *lock(&self.inner.bots) = super::bots::Bots::load(store.bots()?);
        let mut report = LoadReport::default();
        for (id, replayed) in replay_all(store.logs()?) {
            match replayed {
                Ok(state) => {
                    report.rooms += 1;
                    report.playing += usize::from(state.phase == Phase::Playing);
                    self.insert_replica(state);
                }
                Err(e) => report.failed.push((id, e.to_string())),
            }
        }
        super::cluster::Cluster::start(&self.inner, link)?;
        self.inner.refresh_lobby();
        Ok((self, report))
    }

    /// A room another node may own, kept as a replica until the keeper
    /// decides.
    fn insert_replica(&self, state: RoomState) {
        self.inner.add_room(state, None, false).enlist();
    }

    fn insert_room(&self, mut state: RoomState) {
        if state.phase == Phase::Finished {
            self.inner.keep_finished_if_missing(&state);
            // A server stopped between a ranked game's end and its rating
            // rates it now (a game rated already is left alone).
            self.inner.rate_finished(&mut state);
        }
        let room = self.inner.add_room(state, None, true);
        room.enlist();
        room.schedule();
    }
}

/// Replays every log, on as many threads as there are cores (a restart
/// with a thousand games is mostly move generation).
fn replay_all(logs: Vec<RoomLog>) -> Vec<(String, Result<RoomState, HallError>)> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = logs.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = logs
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|(id, log)| (id.clone(), RoomState::replay_log(id, log)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join().unwrap_or_else(|_| {
                    vec![(
                        String::new(),
                        Err(HallError::Replay("a replay thread panicked".into())),
                    )]
                })
            })
            .collect()
    })
}

/// Opens a replayed room at `now`: everybody away; a game going on logs a
/// `Restarted` event (queued in `restarts`) whose turn clock lost only the
/// time until the server stopped (its last heartbeat), not the downtime.
fn reopen(
    mut state: RoomState,
    stopped: Option<u64>,
    now: u64,
    restarts: &mut Vec<Appended>,
) -> Result<RoomState, HallError> {
    if state.phase == Phase::Playing {
        let remaining_ms = state.clock.map(|c| {
            let since = c.since.unwrap_or(0);
            c.left_at(stopped.unwrap_or(state.last_activity).max(since))
        });
        let record = Record {
            at: now,
            event: Event::Restarted { remaining_ms },
        };
        let before = state.clone();
        state.apply(&record)?;
        restarts.push(Appended {
            room: state.id.clone(),
            seq: state.seq,
            event: record.encode(),
            line: super::journal::line(&before, &state, &record, state.seq).encode(),
        });
        state.seq += 1;
    } else {
        state.everyone_away(now);
    }
    state.idle_since = Some(now);
    Ok(state)
}
