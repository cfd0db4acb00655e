//! The hall's clock: wall time in milliseconds since the Unix epoch, the
//! unit every stored timestamp uses (turn clocks, grace periods, expiry).
//! Tests use a manual clock and move it forward by hand, so seven days of
//! expiry or a sixty-second grace period take no time at all.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Where the hall reads the time.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    manual: Option<Arc<AtomicU64>>,
}

impl Clock {
    /// The system's wall clock.
    pub fn system() -> Clock {
        Clock { manual: None }
    }

    /// A clock that stands at `start_ms` until [`Clock::advance`] moves it.
    pub fn manual(start_ms: u64) -> Clock {
        Clock {
            manual: Some(Arc::new(AtomicU64::new(start_ms))),
        }
    }

    /// Now, in milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> u64 {
        match &self.manual {
            Some(ms) => ms.load(Ordering::SeqCst),
            None => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
        }
    }

    /// Moves a manual clock forward (no effect on the system clock).
    pub fn advance(&self, ms: u64) {
        if let Some(now) = &self.manual {
            now.fetch_add(ms, Ordering::SeqCst);
        }
    }
}
