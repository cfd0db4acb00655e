//! Turning samples into the printed figures, each beside its goal.

use crate::keys::Sample;
use std::time::Duration;

/// Goal: p99 key → frame under this, server side.
const LATENCY_GOAL: Duration = Duration::from_millis(5);
/// Goal: resident memory per idle 80×24 session under this.
const MEMORY_GOAL_KIB: f64 = 256.0;

/// User + system CPU seconds the process `pid` has used
/// (`/proc/PID/stat`, in clock ticks of 1/100 s, Linux's `USER_HZ`).
pub fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after ')'.
    (ticks(11) + ticks(12)) / 100.0
}

/// Latency percentiles of one measure.
struct Percentiles {
    p50: Duration,
    p99: Duration,
    max: Duration,
    count: usize,
}

impl Percentiles {
    fn of(mut values: Vec<Duration>) -> Option<Percentiles> {
        values.sort_unstable();
        let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
        Some(Percentiles {
            p50: at(0.50),
            p99: at(0.99),
            max: *values.last()?,
            count: values.len(),
        })
    }

    fn line(&self, what: &str) -> String {
        format!(
            "{what:<22} p50 {:>7.3} ms   p99 {:>7.3} ms   max {:>8.3} ms   ({} samples)",
            ms(self.p50),
            ms(self.p99),
            ms(self.max),
            self.count
        )
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn verdict(met: bool) -> &'static str {
    if met { "goal met" } else { "GOAL MISSED" }
}

/// The key-press figures.
pub struct Summary<'a> {
    samples: &'a [Sample],
}

impl<'a> Summary<'a> {
    pub fn new(samples: &'a [Sample]) -> Summary<'a> {
        Summary { samples }
    }

    /// Prints the figures; `cpu` is the server's CPU seconds while keys
    /// were pressed, when the server runs alone in its process.
    pub fn print(&self, sessions: u32, keys: usize, wall: Duration, cpu: Option<f64>) {
        let s = self.samples;
        let first = Percentiles::of(s.iter().filter_map(|s| s.first).collect());
        let shown = Percentiles::of(s.iter().filter_map(|s| s.shown).collect());
        let lost = s.iter().filter(|s| s.shown.is_none()).count();
        println!(
            "1. Key press -> frame, {sessions} concurrent sessions (80x24, lobby), \
             Down/Up every 50-100 ms, {keys} keys each"
        );
        println!("   measured at the client: a full round trip (client encrypt, loopback,");
        println!("   server decrypt/update/render/encrypt, loopback, client decrypt), so an");
        println!("   upper bound on the server-side latency; clients and server share the CPUs.");
        println!(
            "   {} keys sent in {:.1} s ({:.0} keys/s); {lost} without their frame within 2 s",
            s.len(),
            wall.as_secs_f64(),
            s.len() as f64 / wall.as_secs_f64()
        );
        match &first {
            Some(p) => println!("   {}", p.line("first bytes of frame")),
            None => println!("   no frames received"),
        }
        if let Some(p) = &shown {
            println!("   {}", p.line("selection on screen"));
        }
        if let Some(p) = &first {
            let met = p.p99 < LATENCY_GOAL && lost == 0;
            println!(
                "   goal: p99 < {} ms server side -> {} (round-trip p99 {:.3} ms)",
                LATENCY_GOAL.as_millis(),
                verdict(met),
                ms(p.p99)
            );
        }
        let n = s.len().max(1) as f64;
        if let Some(cpu) = cpu {
            println!(
                "   server CPU while keys were pressed: {cpu:.2} s in {:.1} s ({:.0}% of one core), \
                 {:.0} us per key",
                wall.as_secs_f64(),
                100.0 * cpu / wall.as_secs_f64(),
                cpu * 1e6 / n
            );
        }
        let bytes: usize = s.iter().map(|s| s.bytes).sum();
        let messages: usize = s.iter().map(|s| s.messages).sum();
        println!();
        println!("2. Output per key press (client side)");
        println!(
            "   {:.1} bytes and {:.2} data messages (~frames) per key",
            bytes as f64 / n,
            messages as f64 / n
        );
        println!();
    }
}

/// The memory figures.
/// Prints the RSS growth per session just after the sessions opened
/// (`fresh_kib`) and once they have been idle long enough to release their
/// screen buffers (`idle_kib`, the figure the goal is about).
pub fn print_memory(sessions: u32, before_kib: u64, fresh_kib: u64, idle_kib: u64) {
    let per = |after: u64| after.saturating_sub(before_kib) as f64 / f64::from(sessions);
    println!("3. Memory per idle 80x24 session (server VmRSS, lobby with first frame drawn)");
    println!(
        "   RSS {before_kib} KiB after start, {fresh_kib} KiB with {sessions} new sessions, \
         {idle_kib} KiB after 7 s idle"
    );
    println!(
        "   just opened: {:.1} KiB per session; idle: {:.1} KiB per session (SSH connection included)",
        per(fresh_kib),
        per(idle_kib)
    );
    println!(
        "   goal: idle session < {MEMORY_GOAL_KIB:.0} KiB -> {}",
        verdict(per(idle_kib) < MEMORY_GOAL_KIB)
    );
}
