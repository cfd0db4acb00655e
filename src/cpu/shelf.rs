//! Search tables kept from one search to the next: the next search of a
//! game finds most of what it needs in the last one's table (the
//! positions a move or two on from the last root), and a table costs
//! more to build than the search of a quick move.

use std::sync::{Mutex, MutexGuard};

/// At most `room` things kept, the oldest dropped first. Searches running
/// at once each take their own; a search that finds none that fits
/// builds a new one.
pub struct Shelf<T> {
    kept: Mutex<Vec<T>>,
    room: usize,
}

impl<T> Shelf<T> {
    /// An empty shelf with room for `room` things.
    pub const fn new(room: usize) -> Shelf<T> {
        Shelf {
            kept: Mutex::new(Vec::new()),
            room,
        }
    }

    /// The latest thing kept that `fits`, taken off the shelf.
    pub fn take(&self, fits: impl Fn(&T) -> bool) -> Option<T> {
        let mut kept = self.lock();
        let i = kept.iter().rposition(fits)?;
        Some(kept.remove(i))
    }

    /// Keeps `thing`, dropping the oldest beyond the room.
    pub fn give(&self, thing: T) {
        let mut kept = self.lock();
        if kept.len() >= self.room {
            kept.remove(0);
        }
        kept.push(thing);
    }

    /// The things kept (a search that panicked left them whole: a table
    /// is only written entry by entry).
    fn lock(&self) -> MutexGuard<'_, Vec<T>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::Shelf;

    #[test]
    fn the_latest_fitting_thing_comes_back_until_the_room_is_full() {
        let shelf = Shelf::new(2);
        shelf.give((3, "a"));
        shelf.give((4, "b"));
        shelf.give((3, "c"));
        // (3, "a") was the oldest and made room for (3, "c").
        assert_eq!(shelf.take(|t| t.0 == 3), Some((3, "c")));
        assert_eq!(shelf.take(|t| t.0 == 3), None);
        assert_eq!(shelf.take(|t| t.0 == 4), Some((4, "b")));
        assert_eq!(shelf.take(|_| true), None);
    }
}
