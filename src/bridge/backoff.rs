//! Doubling waits between retries: the connection's 1, 2, 4, … 60 s and
//! the engine's restarts. A server that restarts is back within seconds,
//! one that is down for long is not knocked on more than once a minute.

use std::time::Duration;

/// The next wait, doubling from `first` up to `max`.
#[derive(Debug, Clone)]
pub struct Backoff {
    first: Duration,
    max: Duration,
    next: Duration,
}

impl Backoff {
    /// Waits of `first`, twice that, … never more than `max`.
    pub fn new(first: Duration, max: Duration) -> Backoff {
        Backoff {
            first,
            max,
            next: first,
        }
    }

    /// The reconnection waits of docs/bots.md §7: 1, 2, 4, … 60 s.
    pub fn connection() -> Backoff {
        Backoff::new(Duration::from_secs(1), Duration::from_secs(60))
    }

    /// The wait before the next try, and the one after it doubled.
    pub fn next_delay(&mut self) -> Duration {
        let delay = self.next;
        self.next = (self.next * 2).min(self.max);
        delay
    }

    /// Back to the first wait, after a try that worked.
    pub fn reset(&mut self) {
        self.next = self.first;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connection_waits_double_up_to_a_minute() {
        let mut backoff = Backoff::connection();
        let secs: Vec<u64> = (0..9).map(|_| backoff.next_delay().as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }

    #[test]
    fn reset_starts_over() {
        let mut backoff = Backoff::connection();
        for _ in 0..5 {
            backoff.next_delay();
        }
        backoff.reset();
        assert_eq!(backoff.next_delay(), Duration::from_secs(1));
        assert_eq!(backoff.next_delay(), Duration::from_secs(2));
    }
}
