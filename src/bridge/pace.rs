//! The bridge's own pace for commands, under the hall's limits (`hello`'s
//! `commands_per_second` and `burst`, docs/bots.md §5). Two fast players
//! move many times a second; a command over the limits is refused
//! (`flood`), so the bridge waits its turn rather than be refused.

use serde_json::Value;
use std::time::Duration;
use tokio::time::Instant;

/// The share of the hall's rate used: clocks and networks are not exact.
const RATE_SHARE: f64 = 0.9;
/// Commands kept back from the hall's burst, for the same reason.
const BURST_SPARE: f64 = 2.0;

/// A token bucket: `burst` commands at once, then `rate` a second.
#[derive(Debug, Clone)]
pub struct Pace {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Pace {
    /// A bucket under the hall's `limits` (the doc's 5 a second, burst
    /// 20, where a field is missing), full at `now`.
    pub fn from_limits(limits: &Value, now: Instant) -> Pace {
        let rate = limits["commands_per_second"].as_f64().unwrap_or(5.0);
        let burst = limits["burst"].as_f64().unwrap_or(20.0);
        let rate = (rate * RATE_SHARE).max(0.1);
        let burst = (burst - BURST_SPARE).max(1.0);
        Pace {
            rate,
            burst,
            tokens: burst,
            at: now,
        }
    }

    /// How long to wait from `now` before the next command may go; the
    /// command is counted as sent then.
    pub fn wait(&mut self, now: Instant) -> Duration {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        self.at = now;
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / self.rate)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_burst_goes_at_once_then_the_rate_holds() {
        let now = Instant::now();
        let limits = json!({"commands_per_second": 5.0, "burst": 20.0});
        let mut pace = Pace::from_limits(&limits, now);
        for _ in 0..18 {
            assert_eq!(pace.wait(now), Duration::ZERO);
        }
        // 4.5 a second after that: one every 222 ms, the waits adding up.
        let first = pace.wait(now).as_millis();
        let second = pace.wait(now).as_millis();
        assert!((221..=223).contains(&first), "{first}");
        assert!((443..=445).contains(&second), "{second}");
    }

    #[test]
    fn time_refills_the_bucket() {
        let now = Instant::now();
        let limits = json!({"commands_per_second": 2, "burst": 3});
        let mut pace = Pace::from_limits(&limits, now);
        assert_eq!(pace.wait(now), Duration::ZERO);
        assert!(pace.wait(now) > Duration::ZERO);
        let later = now + Duration::from_secs(10);
        assert_eq!(pace.wait(later), Duration::ZERO);
    }

    #[test]
    fn missing_limits_take_the_documented_ones() {
        let now = Instant::now();
        let mut pace = Pace::from_limits(&Value::Null, now);
        let free = (0..30).take_while(|_| pace.wait(now).is_zero()).count();
        assert_eq!(free, 18);
    }
}
