//! When each room next needs the ticker, so that a tick touches only the
//! rooms with something due (a turn clock, a grace period, a room to close)
//! and ten thousand idle rooms cost it nothing. Each room computes its next
//! deadline from its state ([`next_due`]) whenever it publishes a change,
//! and moves its entry in [`DueRooms`]; [`fate`] is the same rule, asked at
//! the deadline.

use super::HallOptions;
use super::room::Fate;
use super::state::RoomState;
use super::view::{Occupant, Phase};
use std::collections::BTreeSet;

/// Rooms by the time their next timer is due, earliest first.
#[derive(Default)]
pub(crate) struct DueRooms {
    set: BTreeSet<(u64, String)>,
}

impl DueRooms {
    /// Moves `room`'s entry from `old` to `new` (either may be none).
    pub fn reschedule(&mut self, room: &str, old: Option<u64>, new: Option<u64>) {
        if old == new {
            return;
        }
        if let Some(at) = old {
            self.set.remove(&(at, room.to_string()));
        }
        if let Some(at) = new {
            self.set.insert((at, room.to_string()));
        }
    }

    /// Takes out the rooms due at or before `now`, with their due times.
    pub fn take_due(&mut self, now: u64) -> Vec<(u64, String)> {
        let mut due = Vec::new();
        while self.set.first().is_some_and(|(at, _)| *at <= now) {
            due.extend(self.set.pop_first());
        }
        due
    }
}

/// How long a room nobody is in lives without activity: the abandoned
/// time when no person has moved in it (a game against the CPU left at
/// once, made again and again, must not stay for days), else the expiry.
pub(crate) fn lifetime(s: &RoomState, o: &HallOptions) -> u64 {
    match s.human_moved {
        true => o.expire_ms,
        false => o.abandoned_ms.min(o.expire_ms),
    }
}

/// The next time the ticker must look at the room, if ever: the turn
/// clock's end, an away player's grace period, or, while nobody is in it,
/// the time it closes (after the grace period without a game going on,
/// after its lifetime since the last logged event in any case).
pub(crate) fn next_due(s: &RoomState, o: &HallOptions) -> Option<u64> {
    if s.closed.is_some() {
        return None;
    }
    let mut times = Vec::new();
    if s.phase == Phase::Playing && !s.paused() {
        times.extend(s.clock.and_then(|c| c.deadline()));
        let grace = s
            .away_since
            .iter()
            .filter(|(id, _)| played_by_person(s, id))
            .map(|(_, since)| since.saturating_add(o.grace_ms));
        times.extend(grace);
    }
    if let Some(idle) = s.idle_since {
        if s.phase != Phase::Playing {
            times.push(idle.saturating_add(o.grace_ms));
        }
        times.push(s.last_activity.saturating_add(lifetime(s, o)));
    }
    times.into_iter().min()
}

/// Whether `id` holds a seat the CPU does not play yet (a grace period
/// still to run out).
fn played_by_person(s: &RoomState, id: &str) -> bool {
    s.seats_of(id)
        .iter()
        .any(|seat| matches!(s.seats[seat.index()], Occupant::Human { cpu: false, .. }))
}

/// Whether the room closes at `now`: nobody in it, and either no game
/// going on for the grace period, or nothing logged for its lifetime.
pub(crate) fn fate(s: &RoomState, now: u64, o: &HallOptions) -> Fate {
    let Some(idle_since) = s.idle_since else {
        return Fate::Stays;
    };
    let quiet = now.saturating_sub(s.last_activity);
    if s.phase != Phase::Playing && now.saturating_sub(idle_since) >= o.grace_ms {
        Fate::Empty
    } else if quiet >= o.expire_ms {
        Fate::Expired
    } else if quiet >= lifetime(s, o) {
        Fate::Abandoned
    } else {
        Fate::Stays
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_move_and_come_out_in_time_order() {
        let mut due = DueRooms::default();
        due.reschedule("a", None, Some(30));
        due.reschedule("b", None, Some(10));
        due.reschedule("a", Some(30), Some(20));
        due.reschedule("c", None, Some(50));
        due.reschedule("c", Some(50), None);
        assert_eq!(due.take_due(5), vec![]);
        assert_eq!(
            due.take_due(20),
            vec![(10, "b".to_string()), (20, "a".to_string())]
        );
        assert_eq!(due.take_due(u64::MAX), vec![]);
    }
}
