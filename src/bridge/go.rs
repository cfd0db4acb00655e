//! The `go` line for a turn in a room with a game clock: engines manage
//! their own time when they are told every side's clock, so the bridge
//! passes the hall's clocks on (`go btime … wtime … byoyomi …` in USI,
//! `go rtime … btime … ytime … gtime …` in the four-player dialect)
//! instead of choosing a `movetime` for them.
//!
//! Only the mover's time is cut: by what passed since the turn began
//! and a margin for the answer to reach the hall before its flag falls.

use super::engine::Dialect;
use super::position::{MARGIN, MIN_THINK};
use serde_json::Value;
use std::time::Duration;

/// One seat's clock as the turn began (`clocks` of `your_turn`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatTime {
    /// Main time left.
    pub main: Duration,
    /// Byoyomi periods left.
    pub periods: u64,
}

/// A turn's game clock, read from `your_turn`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    /// Every seat's clock, in seat order.
    pub seats: Vec<SeatTime>,
    /// The seat to move (an index into `seats`).
    pub mover: usize,
    /// The room's byoyomi period (zero: none).
    pub byoyomi: Duration,
    /// The room's increment per move (zero: none).
    pub increment: Duration,
    /// What the hall said was left of the turn (`time_left_ms`): less than
    /// the mover's clock when the event came late in the turn (after a
    /// reconnection), so it also counts as time spent.
    pub left: Option<Duration>,
}

/// What the engine is told to do, and when its answer is due: past that
/// (and a grace) it is told to `stop`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Go {
    /// The whole `go …` line.
    pub line: String,
    /// How long the engine may think.
    pub due: Duration,
}

impl Go {
    /// `go movetime`, due when the time is up.
    pub fn movetime(time: Duration) -> Go {
        Go {
            line: format!("go movetime {}", time.as_millis()),
            due: time,
        }
    }
}

impl Clocks {
    /// The clocks of a `your_turn` event; `None` without a game clock or
    /// from a hall that does not send `clocks`.
    pub fn from_event(event: &Value) -> Option<Clocks> {
        let ms = |v: &Value, name: &str| v[name].as_u64().map(Duration::from_millis);
        let clock = &event["clock"];
        let seats = (event["clocks"].as_array()?.iter())
            .map(|c| {
                let main = ms(c, "main_ms")?;
                let periods = c["periods"].as_u64().unwrap_or(0);
                Some(SeatTime { main, periods })
            })
            .collect::<Option<Vec<_>>>()?;
        let mover = usize::try_from(event["seat"].as_u64()?).ok()?;
        (mover < seats.len()).then_some(Clocks {
            seats,
            mover,
            byoyomi: ms(clock, "byoyomi_ms").unwrap_or_default(),
            increment: ms(clock, "increment_ms").unwrap_or_default(),
            left: ms(event, "time_left_ms"),
        })
    }

    /// All the mover has before its flag falls, as its turn began: main
    /// time and every period left.
    fn allowance(&self) -> Duration {
        let mover = self.seats[self.mover];
        let periods = u32::try_from(mover.periods).unwrap_or(u32::MAX);
        // Saturating: the numbers come over the network.
        let byoyomi = self.byoyomi.checked_mul(periods).unwrap_or(Duration::MAX);
        mover.main.saturating_add(byoyomi)
    }

    /// What comes off the mover's clock: the turn's time already gone
    /// when the event was written, `elapsed` since, and the margin.
    fn charge(&self, elapsed: Duration) -> Duration {
        let gone = self
            .left
            .map_or(Duration::ZERO, |left| self.allowance().saturating_sub(left));
        gone.saturating_add(elapsed).saturating_add(MARGIN)
    }

    /// The time the mover really has, less the charge: when the answer
    /// is due.
    fn due(&self, elapsed: Duration) -> Duration {
        (self.allowance().saturating_sub(self.charge(elapsed))).max(MIN_THINK)
    }
}

/// The `go` line giving the engine the game clock, `elapsed` after the
/// turn came: USI's two sides or the four-player dialect's four seats.
pub fn clock_go(dialect: Dialect, clocks: &Clocks, elapsed: Duration) -> Go {
    let charge = clocks.charge(elapsed);
    let line = match dialect {
        Dialect::Usi => usi_go(clocks, charge),
        Dialect::Uci => four_player_go(clocks, charge),
    };
    Go {
        line,
        due: clocks.due(elapsed),
    }
}

/// `go btime B wtime W` and `byoyomi`, or `binc winc`, or nothing more
/// (sudden death). Seat 0 is sente (b). The charge comes off the mover's
/// main time, and what main time cannot take off the byoyomi.
fn usi_go(clocks: &Clocks, charge: Duration) -> String {
    let mut main: Vec<Duration> = clocks.seats.iter().map(|s| s.main).collect();
    let mover = &mut main[clocks.mover];
    let over = charge.saturating_sub(*mover);
    *mover = mover.saturating_sub(charge);
    // A hall that sent fewer than two clocks gets zeros, not a panic.
    let side = |i: usize| ms(main.get(i).copied().unwrap_or_default());
    let mut line = format!("go btime {} wtime {}", side(0), side(1));
    if !clocks.byoyomi.is_zero() {
        let byoyomi = clocks.byoyomi.saturating_sub(over);
        line += &format!(" byoyomi {}", ms(byoyomi));
    } else if !clocks.increment.is_zero() {
        let inc = ms(clocks.increment);
        line += &format!(" binc {inc} winc {inc}");
    }
    line
}

/// `go rtime R btime B ytime Y gtime G`, and `rinc … ginc` with an
/// increment. The dialect has no byoyomi, so a seat with a period left is
/// given it with its main time: all it can spend without losing one.
fn four_player_go(clocks: &Clocks, charge: Duration) -> String {
    let mut line = "go".to_string();
    for (i, (seat, letter)) in clocks.seats.iter().zip("rbyg".chars()).enumerate() {
        let period = if seat.periods > 0 {
            clocks.byoyomi
        } else {
            Duration::ZERO
        };
        let mut time = seat.main.saturating_add(period);
        if i == clocks.mover {
            time = time.saturating_sub(charge);
        }
        line += &format!(" {letter}time {}", ms(time));
    }
    if !clocks.increment.is_zero() {
        let inc = ms(clocks.increment);
        for letter in "rbyg".chars().take(clocks.seats.len()) {
            line += &format!(" {letter}inc {inc}");
        }
    }
    line
}

fn ms(time: Duration) -> u128 {
    time.as_millis()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A `your_turn` for `seat` with these clocks (main, periods) and
    /// the room's byoyomi and increment, all the turn's time left.
    fn turn(seat: u64, seats: &[(u64, u64)], byoyomi: u64, increment: u64) -> Clocks {
        let clocks: Vec<Value> = (seats.iter())
            .map(|(main, periods)| json!({"main_ms": main, "periods": periods}))
            .collect();
        let (main, periods) = seats[seat as usize];
        let event = json!({"event": "your_turn", "seat": seat,
            "time_left_ms": main + byoyomi * periods,
            "clock": {"main_ms": main, "byoyomi_ms": byoyomi, "periods": periods,
                      "increment_ms": increment},
            "clocks": clocks});
        Clocks::from_event(&event).unwrap()
    }

    fn usi(clocks: &Clocks, elapsed: u64) -> Go {
        clock_go(Dialect::Usi, clocks, ms(elapsed))
    }

    #[test]
    fn byoyomi_goes_as_usi_byoyomi_with_the_margin_off_the_mover() {
        // 10 min + 30 s byoyomi, gote to move.
        let clocks = turn(1, &[(598_000, 1), (600_000, 1)], 30_000, 0);
        let go = usi(&clocks, 0);
        assert_eq!(go.line, "go btime 598000 wtime 599500 byoyomi 30000");
        assert_eq!(go.due, ms(629_500));
        // Sente to move: the other side's clock is left alone.
        let clocks = turn(0, &[(600_000, 1), (600_000, 1)], 30_000, 0);
        let go = usi(&clocks, 0);
        assert_eq!(go.line, "go btime 599500 wtime 600000 byoyomi 30000");
    }

    #[test]
    fn with_no_main_time_left_the_margin_comes_off_the_byoyomi() {
        let clocks = turn(0, &[(0, 1), (200_000, 1)], 30_000, 0);
        assert_eq!(
            usi(&clocks, 0).line,
            "go btime 0 wtime 200000 byoyomi 29500"
        );
        // Main time that cannot take all the charge gives the rest.
        let clocks = turn(1, &[(5_000, 1), (300, 1)], 10_000, 0);
        let go = usi(&clocks, 1_000);
        assert_eq!(go.line, "go btime 5000 wtime 0 byoyomi 8800");
        assert_eq!(go.due, ms(8_800));
    }

    #[test]
    fn an_increment_goes_as_binc_and_winc() {
        let clocks = turn(1, &[(180_000, 0), (175_000, 0)], 0, 2_000);
        assert_eq!(
            usi(&clocks, 0).line,
            "go btime 180000 wtime 174500 binc 2000 winc 2000"
        );
    }

    #[test]
    fn sudden_death_is_the_two_clocks_alone_never_below_zero() {
        let clocks = turn(0, &[(60_000, 0), (45_000, 0)], 0, 0);
        assert_eq!(usi(&clocks, 0).line, "go btime 59500 wtime 45000");
        let clocks = turn(0, &[(400, 0), (45_000, 0)], 0, 0);
        let go = usi(&clocks, 0);
        assert_eq!(go.line, "go btime 0 wtime 45000");
        assert_eq!(go.due, MIN_THINK, "the engine still gets a moment");
    }

    #[test]
    fn the_time_since_the_turn_came_is_charged_to_the_mover() {
        let clocks = turn(0, &[(600_000, 1), (600_000, 1)], 30_000, 0);
        let go = usi(&clocks, 2_000);
        assert_eq!(go.line, "go btime 597500 wtime 600000 byoyomi 30000");
        assert_eq!(go.due, ms(627_500));
        // A turn told late (`time_left_ms` under the clock) is charged too.
        let mut late = clocks.clone();
        late.left = Some(ms(620_000));
        let go = usi(&late, 2_000);
        assert_eq!(go.line, "go btime 587500 wtime 600000 byoyomi 30000");
        assert_eq!(go.due, ms(617_500));
    }

    #[test]
    fn four_players_get_a_period_with_their_main_time() {
        // Blue to move; yellow has no period left.
        let seats = [(60_000, 1), (50_000, 2), (0, 0), (0, 1)];
        let clocks = turn(1, &seats, 10_000, 0);
        let go = clock_go(Dialect::Uci, &clocks, ms(1_000));
        assert_eq!(go.line, "go rtime 70000 btime 58500 ytime 0 gtime 10000");
        assert_eq!(go.due, ms(68_500), "both of blue's periods");
    }

    #[test]
    fn four_players_get_their_increments() {
        let seats = [(30_000, 0), (40_000, 0), (50_000, 0), (60_000, 0)];
        let clocks = turn(3, &seats, 0, 5_000);
        let go = clock_go(Dialect::Uci, &clocks, ms(0));
        assert_eq!(
            go.line,
            "go rtime 30000 btime 40000 ytime 50000 gtime 59500 \
             rinc 5000 binc 5000 yinc 5000 ginc 5000"
        );
    }

    #[test]
    fn absurd_numbers_from_the_network_do_not_panic() {
        let huge = u64::MAX / 2;
        let event = |seats: usize, increment: u64| {
            let clocks = vec![json!({"main_ms": huge, "periods": huge}); seats];
            json!({"event": "your_turn", "seat": 0, "time_left_ms": 1,
                "clock": {"main_ms": huge, "byoyomi_ms": huge, "periods": huge,
                          "increment_ms": increment},
                "clocks": clocks})
        };
        let two = Clocks::from_event(&event(2, 0)).unwrap();
        let go = usi(&two, u64::MAX / 4);
        assert!(go.line.starts_with("go btime "), "{}", go.line);
        let one = Clocks::from_event(&event(1, 0)).unwrap();
        assert!(
            usi(&one, 0).line.contains(" wtime 0 "),
            "{}",
            usi(&one, 0).line
        );
        let four = Clocks::from_event(&event(4, huge)).unwrap();
        let four = clock_go(Dialect::Uci, &four, ms(0));
        assert!(four.line.contains(" ginc "), "{}", four.line);
    }

    #[test]
    fn no_clocks_no_clock_go() {
        let event = json!({"event": "your_turn", "seat": 1, "time_left_ms": 29_998,
            "clock": null, "clocks": null});
        assert_eq!(Clocks::from_event(&event), None);
        // An older hall sends `clock` only.
        let event = json!({"event": "your_turn", "seat": 0, "time_left_ms": 1000,
            "clock": {"main_ms": 1000, "byoyomi_ms": 0, "periods": 0, "increment_ms": 0}});
        assert_eq!(Clocks::from_event(&event), None);
        assert_eq!(Go::movetime(ms(900)).line, "go movetime 900");
    }
}
