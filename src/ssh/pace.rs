//! How often a session draws: at most one frame per interval (`[limits]
//! frame_ms`) sustained, with a small burst so that a key typed soon
//! after another frame (a clock tick, the previous key of a typed move)
//! is still drawn at once. What changes in between is not drawn
//! separately: the frame drawn when the pace allows shows the latest
//! state, so a resize storm or a busy lobby costs one frame an interval.
//!
//! A token bucket kept as one instant (GCRA): `due` is when the bucket
//! would be empty again had every frame been paced.

use std::time::Duration;
use tokio::time::Instant;

/// Frames that may be drawn back to back after a quiet time (a typed
/// move is a few keys, each answered before the next).
pub const BURST: u32 = 8;

/// A session's frame pacing.
#[derive(Clone, Debug)]
pub struct Pace {
    interval: Duration,
    /// How far `due` may run ahead of now: the burst.
    slack: Duration,
    due: Instant,
}

impl Pace {
    /// One frame per `interval`, [`BURST`] at once after a quiet time.
    pub fn new(interval: Duration, now: Instant) -> Pace {
        Pace {
            interval,
            slack: interval * (BURST - 1),
            due: now,
        }
    }

    /// When the next frame may be drawn (now, or in the past, after a
    /// quiet time).
    pub fn next(&self) -> Instant {
        self.due.checked_sub(self.slack).unwrap_or(self.due)
    }

    /// Counts a frame drawn at `now`.
    pub fn drew(&mut self, now: Instant) {
        self.due = self.due.max(now) + self.interval;
    }
}

#[cfg(test)]
mod tests {
    //! On made-up instants: the pace is a function of the times given.
    use super::*;

    const MS30: Duration = Duration::from_millis(30);

    /// Draws whenever allowed from `start` for `span` (something always
    /// changes); returns the frames drawn.
    fn draw_for(pace: &mut Pace, start: Instant, span: Duration) -> u32 {
        let end = start + span;
        let mut frames = 0;
        loop {
            let at = pace.next().max(start);
            if at >= end {
                return frames;
            }
            pace.drew(at);
            frames += 1;
        }
    }

    #[test]
    fn a_busy_session_gets_one_frame_per_interval_after_its_burst() {
        let t0 = Instant::now();
        let mut pace = Pace::new(MS30, t0);
        let second = Duration::from_secs(3);
        assert_eq!(draw_for(&mut pace, t0, second), BURST + 100 - 1);
        let sustained = draw_for(&mut pace, t0 + second, second);
        assert_eq!(sustained, 100, "one per 30 ms");
    }

    #[test]
    fn a_key_after_a_quiet_time_is_drawn_at_once() {
        let t0 = Instant::now();
        let mut pace = Pace::new(MS30, t0);
        let busy_end = t0 + Duration::from_secs(1);
        draw_for(&mut pace, t0, Duration::from_secs(1));
        assert!(pace.next() > busy_end, "busy: the next frame waits");
        // Quiet for two seconds: a typed move's keys, 2 ms apart, are each
        // drawn at once.
        let quiet = busy_end + Duration::from_secs(2);
        let mut now = quiet;
        for _ in 0..BURST {
            assert!(pace.next() <= now);
            pace.drew(now);
            now += Duration::from_millis(2);
        }
        assert!(pace.next() > now, "then the pace applies");
        // A key 30 ms after a lone frame (a clock tick) is not delayed.
        let tick = now + Duration::from_secs(1);
        pace.drew(tick);
        assert!(pace.next() <= tick + MS30);
        assert!(pace.next() <= tick, "nor one right after it");
    }
}
