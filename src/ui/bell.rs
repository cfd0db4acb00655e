//! The terminal bell in the last ten seconds of a byoyomi period. Frames
//! are drawn whenever anything changes (a key, a snapshot, the second
//! timer), so ringing at each frame would ring at random: the bell rings
//! once for each second the clock counts, however many frames show it.

/// One second as a clock counts it down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The turn it belongs to (the moves played before it): a new turn
    /// counts afresh even from the same number.
    pub turn: usize,
    /// The byoyomi periods left (0 in main time): the next period counts
    /// afresh too.
    pub periods: u8,
    /// The seconds left, rounded up, as the status line shows them.
    pub seconds: u64,
}

/// Remembers the second last rung, so that each rings once.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ringer {
    last: Option<Count>,
}

impl Ringer {
    /// Whether a frame showing `now` (`None`: nothing counted) rings.
    /// Only a count lower than the last one rings within the same turn
    /// and period: a snapshot republished a millisecond off must not
    /// ring a second again.
    pub fn ring(&mut self, now: Option<Count>) -> bool {
        let ring = match (self.last, now) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(last), Some(now)) => {
                (last.turn, last.periods) != (now.turn, now.periods) || now.seconds < last.seconds
            }
        };
        if ring || now.is_none() {
            self.last = now;
        }
        ring
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(turn: usize, periods: u8, seconds: u64) -> Option<Count> {
        Some(Count {
            turn,
            periods,
            seconds,
        })
    }

    #[test]
    fn each_counted_second_rings_once_whatever_the_frames() {
        let mut ringer = Ringer::default();
        assert!(!ringer.ring(None), "nothing counted, no bell");
        assert!(ringer.ring(count(4, 1, 10)));
        assert!(!ringer.ring(count(4, 1, 10)), "a second frame, same second");
        assert!(!ringer.ring(count(4, 1, 10)));
        assert!(ringer.ring(count(4, 1, 9)));
        // A second no frame showed is not rung late.
        assert!(ringer.ring(count(4, 1, 7)));
        // A snapshot a millisecond off shows 8 again: no second ring.
        assert!(!ringer.ring(count(4, 1, 8)));
        assert!(!ringer.ring(count(4, 1, 7)));
        assert!(ringer.ring(count(4, 1, 6)));
    }

    #[test]
    fn a_new_turn_or_period_counts_afresh() {
        let mut ringer = Ringer::default();
        assert!(ringer.ring(count(4, 2, 1)));
        // The period ran out: the next one counts from 10.
        assert!(ringer.ring(count(4, 1, 10)));
        // The player moved; after the opponent's turn, theirs again.
        assert!(ringer.ring(count(6, 1, 10)));
        // The clock stopped (a pause, the other seat's turn): the same
        // count rings again once it runs.
        assert!(!ringer.ring(None));
        assert!(ringer.ring(count(6, 1, 10)));
    }
}
