//! Game clocks as shogi players know them: a main time, then byoyomi (each
//! move within a period; a period overrun is spent, the last one loses),
//! or a Fischer increment instead. This is the clocks' arithmetic alone,
//! in milliseconds of the hall's clock: what a move costs a seat, when a
//! running seat runs out, and what its clock shows at a moment.
//!
//! A room with a clock ([`super::RoomSettings::clock`]) runs its turn
//! clock for the seat's [`SeatClock::allowance`] and charges each move
//! what it used (`state.rs`); the flag falls when the turn clock runs out.

use crate::i18n::Msg;
use crate::msg;
use serde::{Deserialize, Serialize};

/// A room's clock for every seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// The main time per seat.
    pub main_ms: u64,
    /// A byoyomi period (0: none).
    pub byoyomi_ms: u64,
    /// How many byoyomi periods (at least 1 when there is byoyomi).
    pub periods: u8,
    /// Added after each move (Fischer; rooms use it instead of byoyomi).
    pub increment_ms: u64,
}

/// The presets the room form offers, as players name them: main time in
/// minutes, byoyomi in seconds, periods, increment in seconds.
pub const PRESETS: [(u64, u64, u8, u64); 11] = [
    (0, 10, 1, 0),
    (0, 30, 1, 0),
    (0, 30, 3, 0),
    (1, 10, 1, 0),
    (3, 10, 1, 0),
    (5, 30, 1, 0),
    (10, 30, 1, 0),
    (15, 60, 1, 0),
    (30, 60, 1, 0),
    (3, 0, 0, 2),
    (10, 0, 0, 5),
];

impl TimeControl {
    /// The clock of a preset row (see [`PRESETS`]).
    pub fn preset(minutes: u64, byoyomi_s: u64, periods: u8, increment_s: u64) -> TimeControl {
        TimeControl {
            main_ms: minutes * 60_000,
            byoyomi_ms: byoyomi_s * 1000,
            periods: if byoyomi_s > 0 { periods.max(1) } else { 0 },
            increment_ms: increment_s * 1000,
        }
    }

    /// Whether a room may have this clock: something to run, byoyomi
    /// with at least one period, and nothing absurd (3 h main time, 10
    /// min byoyomi or increment, 10 periods at most).
    pub fn is_valid(&self) -> bool {
        let some = self.main_ms > 0 || self.byoyomi_ms > 0 || self.increment_ms > 0;
        let periods_fit = (self.byoyomi_ms > 0) == (self.periods > 0);
        some && periods_fit
            && self.main_ms <= 3 * 3_600_000
            && self.byoyomi_ms <= 600_000
            && self.increment_ms <= 600_000
            && self.periods <= 10
    }

    /// How players name it: `10 min + 30 s byoyomi`, `3 × 30 s
    /// byoyomi`, `10 min + 5 s/move`.
    pub fn label(&self) -> Msg {
        let minutes = self.main_ms / 60_000;
        let seconds = self.byoyomi_ms / 1000;
        match (self.byoyomi_ms > 0, self.increment_ms > 0) {
            (true, _) if self.periods > 1 => msg!(
                "clock-periods",
                minutes = minutes,
                periods = self.periods,
                seconds = seconds
            ),
            (true, _) => msg!("clock-byoyomi", minutes = minutes, seconds = seconds),
            (false, true) => msg!(
                "clock-increment",
                minutes = minutes,
                seconds = self.increment_ms / 1000
            ),
            (false, false) => msg!("clock-sudden-death", minutes = minutes),
        }
    }

    /// A seat's clock at the start of a game.
    pub fn start(&self) -> SeatClock {
        SeatClock {
            main_ms: self.main_ms,
            periods: if self.byoyomi_ms > 0 { self.periods } else { 0 },
        }
    }
}

/// One seat's clock between its moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatClock {
    /// Main time left.
    pub main_ms: u64,
    /// Byoyomi periods left.
    pub periods: u8,
}

/// What the seat's clock shows while it runs: main time, or the time left
/// in the current byoyomi period and the periods left counting it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Showing {
    /// In main time: this much left.
    Main(u64),
    /// In byoyomi: this much left of the period, `periods` left in all.
    Byoyomi { left_ms: u64, periods: u8 },
    /// Out of time.
    Flagged,
}

impl SeatClock {
    /// How long the seat may think, from the start of its turn, before it
    /// loses on time: its main time and every period it has left.
    pub fn allowance(&self, tc: &TimeControl) -> u64 {
        self.main_ms + tc.byoyomi_ms * u64::from(self.periods)
    }

    /// Charges a move made `elapsed` ms into the turn: main time first,
    /// then whole byoyomi periods overrun (a move within a period keeps
    /// it), then the increment. `None` when the move came after the
    /// allowance: the seat lost on time.
    pub fn charge(&self, tc: &TimeControl, elapsed: u64) -> Option<SeatClock> {
        if elapsed > self.allowance(tc) {
            return None;
        }
        let mut next = *self;
        if elapsed <= self.main_ms {
            next.main_ms -= elapsed;
        } else {
            let over = elapsed - self.main_ms;
            next.main_ms = 0;
            // (0, b] spends no period, (b, 2b] one, and so on.
            let spent = over.div_ceil(tc.byoyomi_ms.max(1)) - 1;
            next.periods = self.periods - u8::try_from(spent).unwrap_or(u8::MAX);
        }
        next.main_ms += tc.increment_ms;
        Some(next)
    }

    /// The time a move should take with this clock: a twentieth of the
    /// main time left, plus most of a byoyomi period (or of the
    /// increment), so that the main time lasts and no period is spent.
    pub fn move_share(&self, tc: &TimeControl) -> u64 {
        let extra = match tc.byoyomi_ms {
            0 => tc.increment_ms,
            b => b,
        };
        // Saturating: a bot's bridge reads these from the network.
        (self.main_ms / 20).saturating_add(extra / 10 * 9)
    }

    /// What the clock shows `elapsed` ms into the seat's turn.
    pub fn showing(&self, tc: &TimeControl, elapsed: u64) -> Showing {
        if elapsed < self.main_ms {
            return Showing::Main(self.main_ms - elapsed);
        }
        if elapsed >= self.allowance(tc) || tc.byoyomi_ms == 0 {
            return Showing::Flagged;
        }
        let over = elapsed - self.main_ms;
        let spent = over / tc.byoyomi_ms;
        Showing::Byoyomi {
            left_ms: tc.byoyomi_ms - over % tc.byoyomi_ms,
            periods: self.periods - u8::try_from(spent).unwrap_or(u8::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    #[test]
    fn main_time_is_spent_first_then_a_move_within_byoyomi_keeps_the_period() {
        let tc = TimeControl::preset(10, 30, 1, 0);
        let c = tc.start();
        let c = c.charge(&tc, 9 * MIN).unwrap();
        assert_eq!(
            c,
            SeatClock {
                main_ms: MIN,
                periods: 1
            }
        );
        // The last minute and 29 s of byoyomi: within the period.
        let c = c.charge(&tc, MIN + 29_000).unwrap();
        assert_eq!(
            c,
            SeatClock {
                main_ms: 0,
                periods: 1
            }
        );
        // Exactly 30 s is still in time; a millisecond more is not.
        assert!(c.charge(&tc, 30_000).is_some());
        assert_eq!(c.charge(&tc, 30_001), None);
    }

    #[test]
    fn each_period_overrun_is_spent_and_the_last_one_loses() {
        let tc = TimeControl::preset(0, 10, 3, 0);
        let c = tc.start();
        assert_eq!(c.allowance(&tc), 30_000);
        let c = c.charge(&tc, 15_000).unwrap();
        assert_eq!(c.periods, 2, "one period spent");
        let c = c.charge(&tc, 20_000).unwrap();
        assert_eq!(c.periods, 1, "one more");
        assert_eq!(c.charge(&tc, 10_001), None);
    }

    #[test]
    fn an_increment_is_added_after_each_move_and_main_time_alone_can_flag() {
        let tc = TimeControl::preset(1, 0, 0, 5);
        let c = tc.start().charge(&tc, 20_000).unwrap();
        assert_eq!(c.main_ms, 45_000);
        assert_eq!(c.showing(&tc, 45_000), Showing::Flagged);
        assert_eq!(c.charge(&tc, 45_001), None);
    }

    #[test]
    fn every_preset_is_valid_and_nonsense_is_not() {
        for (m, b, p, i) in PRESETS {
            assert!(
                TimeControl::preset(m, b, p, i).is_valid(),
                "{m} {b} {p} {i}"
            );
        }
        let none = TimeControl::preset(0, 0, 0, 0);
        assert!(!none.is_valid());
        let mut no_period = TimeControl::preset(1, 30, 1, 0);
        no_period.periods = 0;
        assert!(!no_period.is_valid());
        assert!(!TimeControl::preset(1000, 0, 0, 0).is_valid());
    }

    #[test]
    fn the_clock_shows_main_time_then_the_period_and_periods_left() {
        let tc = TimeControl::preset(1, 30, 2, 0);
        let c = tc.start();
        assert_eq!(c.showing(&tc, 10_000), Showing::Main(50_000));
        let first = Showing::Byoyomi {
            left_ms: 20_000,
            periods: 2,
        };
        assert_eq!(c.showing(&tc, 70_000), first);
        let second = Showing::Byoyomi {
            left_ms: 25_000,
            periods: 1,
        };
        assert_eq!(c.showing(&tc, 95_000), second);
        assert_eq!(c.showing(&tc, 120_000), Showing::Flagged);
    }
}
