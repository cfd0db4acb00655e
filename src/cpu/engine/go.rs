//! The words of `go`, which both dialects share but for the clocks'
//! names: USI names two sides (`btime`, `wtime`), the four-player dialect
//! four seats (`rtime`, `btime`, `ytime`, `gtime`). So the seats' letters
//! are the parser's argument and everything else is read the same way.

use std::time::Duration;

/// The parameters of a `go` command.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Go {
    /// Remaining time per seat, in the dialect's seat order.
    pub(crate) time: [Option<Duration>; 4],
    /// Increment per move per seat.
    pub(crate) inc: [Option<Duration>; 4],
    pub(crate) byoyomi: Option<Duration>,
    pub(crate) movetime: Option<Duration>,
    /// Plies at most (`go depth N`).
    pub(crate) depth: Option<u32>,
    pub(crate) infinite: bool,
    pub(crate) ponder: bool,
    pub(crate) mate: bool,
}

impl Go {
    /// Reads `go`'s words, the clocks named by `seats` (`b` and `w` make
    /// `btime`, `binc`, `wtime`, `winc`); unknown words and bad numbers
    /// are skipped, as a GUI's newer words should not stop the engine.
    pub(crate) fn parse(words: &[&str], seats: &[char]) -> Go {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let number = words.get(i + 1).and_then(|s| s.parse::<i64>().ok());
            let used = match number {
                Some(n) => go.take(words[i], n, seats),
                None => false,
            };
            if used {
                i += 2;
                continue;
            }
            match words[i] {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "mate" => go.mate = true,
                _ => {}
            }
            i += 1;
        }
        go
    }

    /// Stores `word`'s number `n` (negative read as 0); `false` when
    /// `word` takes no number.
    fn take(&mut self, word: &str, n: i64, seats: &[char]) -> bool {
        let time = Duration::from_millis(n.max(0) as u64);
        let seat = |suffix: &str| {
            let letter = word.strip_suffix(suffix)?;
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return None;
            };
            seats.iter().position(|s| *s == c).filter(|s| *s < 4)
        };
        if let Some(s) = seat("time") {
            self.time[s] = Some(time);
        } else if let Some(s) = seat("inc") {
            self.inc[s] = Some(time);
        } else {
            match word {
                "byoyomi" => self.byoyomi = Some(time),
                "movetime" => self.movetime = Some(time),
                "depth" => self.depth = Some(n.clamp(0, i64::from(u32::MAX)) as u32),
                _ => return false,
            }
        }
        true
    }

    /// The time to think for `seat` (its index in the dialect's seat
    /// order), or `None` when `go` gave none (`infinite`, `ponder`, or no
    /// time at all: the caller picks).
    ///
    /// `movetime` is used as given, less a small margin for the answer to
    /// travel. Otherwise a share of the remaining time (1/30) plus most of
    /// the increment, plus the byoyomi, less a safety margin, and never
    /// more than the clock holds.
    pub(crate) fn budget(&self, seat: usize) -> Option<Duration> {
        const FLOOR: Duration = Duration::from_millis(10);
        if self.infinite || self.ponder {
            return None;
        }
        if let Some(t) = self.movetime {
            let margin = (t / 10).min(Duration::from_millis(50));
            return Some((t - margin).max(FLOOR));
        }
        let seat = seat.min(3);
        let (time, inc, byoyomi) = (self.time[seat], self.inc[seat], self.byoyomi);
        if time.is_none() && inc.is_none() && byoyomi.is_none() {
            return None;
        }
        let time = time.unwrap_or_default();
        let inc = inc.unwrap_or_default();
        let byoyomi = byoyomi.unwrap_or_default();
        // What the clock holds for this move, and a margin off it for the
        // answer's travel and the GUI's lag.
        let holds = time + inc + byoyomi;
        let margin = (holds / 10).clamp(Duration::from_millis(20), Duration::from_millis(300));
        let want = time / 30 + inc * 4 / 5 + byoyomi;
        Some(want.min(holds.saturating_sub(margin)).max(FLOOR))
    }

    /// Whether [`budget`](Self::budget)'s time is lost if not used: a
    /// `movetime`, or a byoyomi once the main time and increment are gone
    /// (never while it waits for `stop`, when there is no budget).
    pub(crate) fn spend_all(&self, seat: usize) -> bool {
        if self.infinite || self.ponder {
            return false;
        }
        let seat = seat.min(3);
        let spent = |t: Option<Duration>| t.is_none_or(|t| t.is_zero());
        let byoyomi_only =
            self.byoyomi.is_some() && spent(self.time[seat]) && spent(self.inc[seat]);
        self.movetime.is_some() || byoyomi_only
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const USI: &[char] = &['b', 'w'];
    const FOUR: &[char] = &['r', 'b', 'y', 'g'];

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn go_reads_clocks_and_skips_junk() {
        let go = Go::parse(
            &[
                "btime", "60000", "wtime", "x", "byoyomi", "1000", "junk", "binc", "-5",
            ],
            USI,
        );
        assert_eq!(go.time, [Some(ms(60_000)), None, None, None]);
        assert_eq!(go.byoyomi, Some(ms(1000)));
        assert_eq!(go.inc, [Some(ms(0)), None, None, None]);
        assert!(!go.infinite);
        // A seat the dialect does not have is junk.
        assert_eq!(Go::parse(&["rtime", "5"], USI), Go::default());
    }

    #[test]
    fn four_seats_and_depth() {
        let words = [
            "rtime", "1000", "btime", "2000", "ytime", "3000", "gtime", "4000", "ginc", "500",
            "depth", "3",
        ];
        let go = Go::parse(&words, FOUR);
        assert_eq!(go.time, [1000, 2000, 3000, 4000].map(|n| Some(ms(n))));
        assert_eq!(go.inc, [None, None, None, Some(ms(500))]);
        assert_eq!(go.depth, Some(3));
        // Green's clock: a thirtieth of it and most of its increment.
        let want = Duration::from_millis(4000) / 30 + ms(400);
        assert_eq!(go.budget(3), Some(want));
        assert_eq!(Go::parse(&["depth", "-1"], FOUR).depth, Some(0));
        assert!(Go::parse(&["infinite"], FOUR).infinite);
    }

    #[test]
    fn only_time_lost_if_unused_is_spent_whole() {
        let spend_all = |words: &[&str], side| Go::parse(words, USI).spend_all(side);
        assert!(spend_all(&["movetime", "1000"], 0));
        assert!(spend_all(
            &["btime", "0", "wtime", "0", "byoyomi", "1000"],
            1
        ));
        // Black still has main time: what it saves now it can use later.
        let words = ["btime", "60000", "wtime", "0", "byoyomi", "1000"];
        assert!(!spend_all(&words, 0));
        assert!(spend_all(&words, 1));
        assert!(!spend_all(&["btime", "0", "binc", "2000"], 0));
        assert!(!spend_all(&["btime", "60000"], 0));
        assert!(!spend_all(&["infinite"], 0));
        assert!(!spend_all(&["ponder", "movetime", "1000"], 0));
    }

    #[test]
    fn budgets() {
        let budget = |words: &[&str], side| Go::parse(words, USI).budget(side);
        assert_eq!(budget(&["movetime", "200"], 0), Some(ms(180)));
        assert_eq!(budget(&["movetime", "5000"], 1), Some(ms(4950)));
        assert_eq!(budget(&["infinite"], 0), None);
        assert_eq!(budget(&[], 0), None);
        // Byoyomi only: all of it less the margin.
        assert_eq!(
            budget(&["btime", "0", "wtime", "0", "byoyomi", "1000"], 0),
            Some(ms(900))
        );
        // Sudden death: a thirtieth of the clock.
        assert_eq!(
            budget(&["btime", "30000", "wtime", "3000"], 0),
            Some(ms(1000))
        );
        assert_eq!(
            budget(&["btime", "30000", "wtime", "3000"], 1),
            Some(ms(100))
        );
        // Almost out of time: never more than the clock less the margin.
        assert_eq!(budget(&["btime", "15", "wtime", "15"], 0), Some(ms(10)));
        // Increment: most of it.
        assert_eq!(
            budget(
                &["btime", "0", "wtime", "0", "binc", "1000", "winc", "1000"],
                0
            ),
            Some(ms(800))
        );
    }
}
