//! The lobby's list kept up to date room by room: each room puts its own
//! line when it publishes a change, and the list sent to the lobby is
//! rebuilt only when a line changed (a move, a timer or a private room
//! changes nothing here), rather than collecting and sorting every room.

use super::names;
use super::state::RoomState;
use super::view::{Mode, Occupant, Privacy, RoomSummary};
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// The listed rooms, newest first (ties by id).
#[derive(Default)]
pub(crate) struct Listing {
    lines: BTreeMap<(Reverse<u64>, String), RoomSummary>,
}

impl Listing {
    /// Puts the room's line (`None`: not listed); whether the list changed.
    pub fn put(&mut self, s: &RoomState) -> bool {
        let key = (Reverse(s.created), s.id.clone());
        match line(s) {
            Some(line) if self.lines.get(&key) == Some(&line) => false,
            Some(line) => {
                self.lines.insert(key, line);
                true
            }
            None => self.lines.remove(&key).is_some(),
        }
    }

    /// The list as the lobby shows it.
    pub fn list(&self) -> Vec<RoomSummary> {
        self.lines.values().cloned().collect()
    }
}

/// The lobby line of a public online room that is open.
fn line(s: &RoomState) -> Option<RoomSummary> {
    let listed = s.settings.privacy == Privacy::Public && s.settings.mode == Mode::Online;
    if !listed || s.closed.is_some() {
        return None;
    }
    Some(RoomSummary {
        id: s.id.clone(),
        kind: s.settings.kind,
        rules: s.settings.rules_summary(),
        taken: s.seats.iter().filter(|o| **o != Occupant::Empty).count(),
        total: s.seats.len(),
        host: names::shown(&s.host.id, &s.host.name),
        phase: s.phase,
    })
}
