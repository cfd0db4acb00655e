//! The server faces the internet: what one address, one connection, one
//! player and one session may take. Every figure is in `config.toml`
//! (`[limits]`); these are the mechanisms.
//!
//! - [`Gate`]: connections open per address and new connections per
//!   address per minute, checked at accept (a refused socket is closed
//!   before the SSH handshake costs anything);
//! - [`InputBudget`]: a token bucket on a session's input bytes, so a flood
//!   of keys or a huge paste is cut, never queued;
//! - [`clamp_size`]: terminal sizes from the wire as 1..=65535; how large
//!   a screen is drawn (at most [`Limits::max_size`], within the address's
//!   [`Limits::cells_per_ip`]) is `super::screen`'s choice.
//! - [`address_group`]: what "one address" means: an IPv6 client is its
//!   prefix (a /64 by default), since one host is given 2^64 addresses.

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest terminal drawn by default: 300 columns, 100 rows (a bigger
/// window is asked to shrink). A full-screen terminal on a 4K monitor with
/// a small font is about this size.
pub const MAX_SIZE: (u16, u16) = (300, 100);

/// The window over which new connections per address are counted.
const RATE_WINDOW: Duration = Duration::from_secs(60);

/// Addresses remembered before a sweep of idle ones.
const SWEEP_AT: usize = 4096;

/// The limits (see `config.toml`'s `[limits]` for what each protects).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// SSH connections open at once, in total.
    pub max_connections: usize,
    /// SSH connections open at once from one address.
    pub per_ip: usize,
    /// New connections from one address within a minute.
    pub new_per_ip_per_minute: usize,
    /// Authentication attempts per connection.
    pub auth_attempts: usize,
    /// How long a connection may take to authenticate; then it is closed
    /// (a client that stops mid-way must not hold a slot for an hour).
    pub auth_timeout: Duration,
    /// Terminal sessions one player (one key or guest) may have open.
    pub sessions_per_player: usize,
    /// A session this long without input in the lobby is closed.
    pub lobby_idle: Duration,
    /// Input bytes per second a session may send, sustained.
    pub input_bytes_per_second: u32,
    /// Input bytes a session may send at once (a paste), beyond the rate.
    pub input_burst_bytes: u32,
    /// Commands (exec and shell requests) one connection may make; over
    /// it the connection is closed. Each ended channel leaves russh a
    /// small record until the connection ends, so this bounds those too.
    pub commands_per_connection: usize,
    /// The bits of an IPv6 address that make "one address" for the
    /// per-address limits (see [`address_group`]).
    pub ipv6_prefix: u8,
    /// The largest screen drawn (columns, rows); a bigger window is asked
    /// to shrink.
    pub max_size: (u16, u16),
    /// Screen cells the sessions of one address share (each cell costs
    /// about 80 bytes of screen buffers).
    pub cells_per_ip: u64,
    /// The shortest time between two frames of a session, sustained (see
    /// `super::pace`).
    pub frame_interval: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 10_000,
            per_ip: 20,
            new_per_ip_per_minute: 60,
            auth_attempts: 6,
            auth_timeout: Duration::from_secs(30),
            sessions_per_player: 8,
            lobby_idle: Duration::from_secs(30 * 60),
            input_bytes_per_second: 4096,
            input_burst_bytes: 16 * 1024,
            commands_per_connection: 100,
            ipv6_prefix: 64,
            max_size: MAX_SIZE,
            cells_per_ip: 200_000,
            frame_interval: Duration::from_millis(30),
        }
    }
}

/// Why the gate refused a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The address has [`Limits::per_ip`] connections open.
    PerIp,
    /// The address opened [`Limits::new_per_ip_per_minute`] in the last
    /// minute.
    Rate,
}

/// What the gate knows of one address.
#[derive(Default)]
struct Seen {
    open: usize,
    /// When its recent connections were accepted, oldest first.
    recent: VecDeque<Instant>,
}

/// Admits connections per address.
pub struct Gate {
    per_ip: usize,
    per_minute: usize,
    seen: Mutex<HashMap<IpAddr, Seen>>,
}

/// An admitted connection: counted until dropped.
pub struct Admitted {
    gate: Arc<Gate>,
    ip: IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut seen = self.gate.lock();
        if let Some(entry) = seen.get_mut(&self.ip) {
            entry.open = entry.open.saturating_sub(1);
        }
    }
}

impl Gate {
    /// A gate for `limits`.
    pub fn new(limits: &Limits) -> Arc<Gate> {
        Arc::new(Gate {
            per_ip: limits.per_ip.max(1),
            per_minute: limits.new_per_ip_per_minute.max(1),
            seen: Mutex::new(HashMap::new()),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Seen>> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits a connection from `ip` at `now`, or says why not.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, now: Instant) -> Result<Admitted, Refusal> {
        self.admit_with(ip, now, 0)
    }

    /// [`Gate::admit`] when the address has `elsewhere` connections open
    /// on the hall's other nodes (they count against `per_ip` too).
    pub fn admit_with(
        self: &Arc<Self>,
        ip: IpAddr,
        now: Instant,
        elsewhere: usize,
    ) -> Result<Admitted, Refusal> {
        let mut seen = self.lock();
        if seen.len() >= SWEEP_AT {
            seen.retain(|_, s| {
                s.recent.retain(|t| now.duration_since(*t) < RATE_WINDOW);
                s.open > 0 || !s.recent.is_empty()
            });
        }
        let entry = seen.entry(ip).or_default();
        while entry
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= RATE_WINDOW)
        {
            entry.recent.pop_front();
        }
        if entry.open + elsewhere >= self.per_ip {
            return Err(Refusal::PerIp);
        }
        if entry.recent.len() >= self.per_minute {
            return Err(Refusal::Rate);
        }
        entry.open += 1;
        entry.recent.push_back(now);
        Ok(Admitted {
            gate: self.clone(),
            ip,
        })
    }

    /// Connections open from `ip`.
    pub fn open(&self, ip: IpAddr) -> usize {
        self.lock().get(&ip).map_or(0, |s| s.open)
    }
}

/// A session's input allowance: [`Limits::input_burst_bytes`] at once,
/// refilled at [`Limits::input_bytes_per_second`].
#[derive(Clone, Debug)]
pub struct InputBudget {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl InputBudget {
    /// A full allowance at `now`.
    pub fn new(limits: &Limits, now: Instant) -> InputBudget {
        let burst = f64::from(limits.input_burst_bytes.max(1));
        InputBudget {
            tokens: burst,
            burst,
            rate: f64::from(limits.input_bytes_per_second.max(1)),
            last: now,
        }
    }

    /// How many of `len` bytes arriving at `now` may pass (the rest are
    /// dropped: the start of a paste is kept, its tail is cut).
    pub fn take(&mut self, len: usize, now: Instant) -> usize {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        let allowed = (self.tokens.floor() as usize).min(len);
        self.tokens -= allowed as f64;
        allowed
    }
}

/// Terminal sizes from the wire, kept within 1..=65535 (what is drawn is
/// decided per session, see `super::screen`).
pub fn clamp_size(cols: u32, rows: u32) -> (u16, u16) {
    let fit = |n: u32| n.clamp(1, u32::from(u16::MAX)) as u16;
    (fit(cols), fit(rows))
}

/// The address the per-address limits count `ip` as: an IPv6 address
/// masked to its first `prefix` bits (one host is commonly given a whole
/// /64), an IPv4 address as it is, and an IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.7`, from a dual-stack listener) as its IPv4 address.
pub fn address_group(ip: IpAddr, prefix: u8) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u32::from(prefix.min(128));
                let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
                IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_ip: usize, per_minute: usize) -> Limits {
        Limits {
            per_ip,
            new_per_ip_per_minute: per_minute,
            ..Limits::default()
        }
    }

    #[test]
    fn an_address_gets_its_share_and_no_more() {
        let gate = Gate::new(&limits(2, 100));
        let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let now = Instant::now();
        let first = gate.admit(a, now).expect("first");
        let _second = gate.admit(a, now).expect("second");
        assert_eq!(gate.admit(a, now).err(), Some(Refusal::PerIp));
        assert!(
            gate.admit(b, now).is_ok(),
            "another address is not affected"
        );
        drop(first);
        assert_eq!(gate.open(a), 1);
        assert!(
            gate.admit(a, now).is_ok(),
            "a closed connection frees its place"
        );
    }

    #[test]
    fn new_connections_per_minute_are_counted_in_a_sliding_window() {
        let gate = Gate::new(&limits(100, 3));
        let ip = "10.0.0.1".parse().unwrap();
        let start = Instant::now();
        for i in 0..3 {
            drop(
                gate.admit(ip, start + Duration::from_secs(i))
                    .expect("within the rate"),
            );
        }
        let soon = start + Duration::from_secs(30);
        assert_eq!(gate.admit(ip, soon).err(), Some(Refusal::Rate));
        let later = start + Duration::from_secs(61);
        assert!(
            gate.admit(ip, later).is_ok(),
            "the first one left the window"
        );
    }

    #[test]
    fn a_flood_is_cut_and_typing_is_not() {
        let limits = Limits {
            input_bytes_per_second: 100,
            input_burst_bytes: 1000,
            ..Limits::default()
        };
        let start = Instant::now();
        let mut budget = InputBudget::new(&limits, start);
        assert_eq!(
            budget.take(4000, start),
            1000,
            "a paste is cut at the burst"
        );
        assert_eq!(budget.take(10, start), 0, "nothing left");
        let second = start + Duration::from_secs(1);
        assert_eq!(budget.take(500, second), 100, "the rate refills");
        let mut typing = InputBudget::new(&limits, start);
        for i in 0..1000 {
            let at = start + Duration::from_millis(50 * i);
            assert_eq!(typing.take(3, at), 3, "an arrow key every 50 ms");
        }
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn ipv6_addresses_are_grouped_by_their_prefix() {
        let group = |text, prefix| address_group(ip(text), prefix);
        assert_eq!(group("2001:db8:1:2:3:4:5:6", 64), ip("2001:db8:1:2::"));
        assert_eq!(group("2001:db8:1:2:ffff::1", 64), ip("2001:db8:1:2::"));
        assert_eq!(group("2001:db8:1:2:3:4:5:6", 48), ip("2001:db8:1::"));
        assert_eq!(group("2001:db8:1:2:3:4:5:6", 56), ip("2001:db8:1::"));
        assert_eq!(group("2001:db8:1:2ff:3::", 56), ip("2001:db8:1:200::"));
        assert_eq!(group("2001:db8::7", 128), ip("2001:db8::7"));
        assert_eq!(group("2001:db8::7", 1), ip("::"));
        assert_eq!(group("ffff::7", 1), ip("8000::"));
        assert_eq!(group("192.0.2.7", 64), ip("192.0.2.7"));
        assert_eq!(group("192.0.2.7", 1), ip("192.0.2.7"));
        assert_eq!(group("::ffff:192.0.2.7", 64), ip("192.0.2.7"));
        assert_eq!(group("::1", 64), ip("::"));
    }

    #[test]
    fn one_ipv6_prefix_shares_one_address_limit() {
        let gate = Gate::new(&limits(2, 100));
        let now = Instant::now();
        let admit = |text: &str| gate.admit(address_group(ip(text), 64), now);
        let _a = admit("2001:db8:0:1::1").expect("first");
        let _b = admit("2001:db8:0:1::2").expect("second");
        assert_eq!(
            admit("2001:db8:0:1:ffff:ffff:ffff:ffff").err(),
            Some(Refusal::PerIp),
            "a third address of the same /64 is the same client"
        );
        assert!(admit("2001:db8:0:2::1").is_ok(), "another /64 is not");
        let _c = admit("192.0.2.1").expect("IPv4 as before");
        let _d = admit("::ffff:192.0.2.1").expect("mapped: the same IPv4");
        assert_eq!(admit("192.0.2.1").err(), Some(Refusal::PerIp));
    }

    #[test]
    fn sizes_are_clamped() {
        assert_eq!(clamp_size(u32::MAX, 65536), (65535, 65535));
        assert_eq!(clamp_size(0, 0), (1, 1));
        assert_eq!(clamp_size(80, 24), (80, 24));
    }
}
