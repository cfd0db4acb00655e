//! What the engine is told for a turn: the options of the game's rules,
//! the `position` line rebuilt from the game's start and moves, and the
//! time for `go movetime` (a room's game clock is passed on instead, by
//! [`super::go`]).
//!
//! The hall already writes moves in each engine's notation (USI for
//! shogi, the four-player games' coordinates for the others), so the
//! moves pass through unchanged.

use crate::hall::time_control::{SeatClock, TimeControl};
use crate::rules::GameKind;
use crate::rules::shogi::START;
use serde_json::Value;
use std::time::Duration;

/// Left unused of the time per move: the answer must still reach the
/// hall over the network before the turn runs out.
pub(super) const MARGIN: Duration = Duration::from_millis(500);

/// The least time an engine is given, however little is left: less would
/// make most engines answer nothing useful.
pub(super) const MIN_THINK: Duration = Duration::from_millis(100);

/// The time per move when the room has none and `--movetime` is not set.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// The `position` line for a game that began at `start` (the game's own
/// notation) and went on with `moves`: `position startpos …` for the
/// standard shogi start (every USI engine knows it), else `sfen`,
/// `sfen4` or `fen` and the start as given.
pub fn position_line(kind: GameKind, start: &str, moves: &[String]) -> String {
    let head = match kind {
        GameKind::Shogi if is_shogi_start(start) => "position startpos".to_string(),
        GameKind::Shogi => format!("position sfen {start}"),
        GameKind::Shogi4 => format!("position sfen4 {start}"),
        GameKind::Chess4 => format!("position fen {start}"),
    };
    if moves.is_empty() {
        head
    } else {
        format!("{head} moves {}", moves.join(" "))
    }
}

/// The `setoption` lines a game's room rules ask of the engine: the
/// four-player dialect's `Type` is four-player chess's `type` (teams or
/// free-for-all) and four-player shogi's `format` (individual or pairs),
/// which change the moves. USI has none: a shogi handicap is in the start.
pub fn engine_options(kind: GameKind, rules: &Value) -> Vec<String> {
    let rule = match kind {
        GameKind::Shogi => return Vec::new(),
        GameKind::Shogi4 => "format",
        GameKind::Chess4 => "type",
    };
    match rules[rule].as_str() {
        Some(value) => vec![format!("setoption name Type value {value}")],
        None => Vec::new(),
    }
}

/// Whether an SFEN is the standard start (the move number aside).
fn is_shogi_start(sfen: &str) -> bool {
    sfen.split_whitespace()
        .take(3)
        .eq(START.split_whitespace().take(3))
}

/// The engine's time for one move: a little under `time_left` when the
/// room has a limit (the less of 90 % and the time less half a second),
/// never more than `cap` (`--movetime`) when one is set, and
/// [`DEFAULT_MOVETIME`] when neither is; at least [`MIN_THINK`].
pub fn movetime(time_left: Option<Duration>, cap: Option<Duration>) -> Duration {
    let budget = match time_left {
        Some(left) => left.saturating_sub(MARGIN).min(left * 9 / 10),
        None => cap.unwrap_or(DEFAULT_MOVETIME),
    };
    budget.min(cap.unwrap_or(Duration::MAX)).max(MIN_THINK)
}

/// How long to think with a game clock (the `clock` of `your_turn`): a
/// twentieth of the main time left, plus most of a byoyomi period or of
/// the increment; `None` without one. [`movetime`] keeps it under the
/// time left.
pub fn clock_budget(clock: &serde_json::Value) -> Option<Duration> {
    let ms = |name: &str| clock[name].as_u64();
    let main_ms = ms("main_ms")?;
    let tc = TimeControl {
        main_ms,
        byoyomi_ms: ms("byoyomi_ms").unwrap_or(0),
        periods: 0,
        increment_ms: ms("increment_ms").unwrap_or(0),
    };
    let seat = SeatClock {
        main_ms,
        periods: 0,
    };
    Some(Duration::from_millis(seat.move_share(&tc)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn shogi_from_the_standard_start_is_startpos() {
        assert_eq!(
            position_line(GameKind::Shogi, START, &[]),
            "position startpos"
        );
        assert_eq!(
            position_line(GameKind::Shogi, START, &moves("7g7f 3c3d 8h2b+")),
            "position startpos moves 7g7f 3c3d 8h2b+"
        );
    }

    #[test]
    fn shogi_from_another_start_is_sfen() {
        let lance = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
        assert_eq!(
            position_line(GameKind::Shogi, lance, &moves("3c3d")),
            format!("position sfen {lance} moves 3c3d")
        );
    }

    #[test]
    fn four_player_games_use_their_keywords() {
        let sfen4 = crate::rules::shogi4::START4;
        assert_eq!(
            position_line(GameKind::Shogi4, sfen4, &moves("e3e4 c5d5")),
            format!("position sfen4 {sfen4} moves e3e4 c5d5")
        );
        let fen4 = crate::rules::chess4::fen4::START_FEN4;
        let line = position_line(GameKind::Chess4, fen4, &moves("h2-h3 b7-c7"));
        assert_eq!(line, format!("position fen {fen4} moves h2-h3 b7-c7"));
        // FEN4 is one word, so an engine can split the line on spaces.
        assert_eq!(line.split(' ').nth(2), Some(fen4));
    }

    #[test]
    fn the_rules_that_change_the_moves_become_the_type_option() {
        use serde_json::json;
        let rules = json!({"type": "ffa", "move-limit": "none"});
        assert_eq!(
            engine_options(GameKind::Chess4, &rules),
            ["setoption name Type value ffa"]
        );
        let rules = json!({"format": "pairs", "ending": "two-mates"});
        assert_eq!(
            engine_options(GameKind::Shogi4, &rules),
            ["setoption name Type value pairs"]
        );
        assert!(engine_options(GameKind::Chess4, &json!({})).is_empty());
        assert!(engine_options(GameKind::Shogi, &json!({"handicap": "rook"})).is_empty());
    }

    #[test]
    fn the_moves_the_hall_sends_replay_in_the_rules() {
        // What `legal` and `move` events carry is what the rules read back.
        use crate::rules::{AnyGame, RuleValues};
        for kind in GameKind::ALL {
            let rules = RuleValues::parse::<&str>(kind.rule_specs(), &[]).unwrap();
            let mut game = AnyGame::new(kind, &rules, None).unwrap();
            let start = game.position_text();
            let mut played = Vec::new();
            for _ in 0..8 {
                let mv = game.legal_move_texts()[0].clone();
                game.play_text(&mv).unwrap();
                played.push(mv);
            }
            let mut again = AnyGame::new(kind, &rules, Some(&start)).unwrap();
            for mv in &played {
                again.play_text(mv).unwrap();
            }
            assert_eq!(again.position_text(), game.position_text(), "{kind}");
            let line = position_line(kind, &start, &played);
            assert!(
                line.ends_with(&format!("moves {}", played.join(" "))),
                "{line}"
            );
        }
    }

    #[test]
    fn a_clock_is_spent_a_twentieth_at_a_time_plus_most_of_a_period() {
        let clock = serde_json::json!({"main_ms": 600_000, "byoyomi_ms": 30_000,
            "periods": 1, "increment_ms": 0});
        assert_eq!(clock_budget(&clock), Some(Duration::from_millis(57_000)));
        let fischer = serde_json::json!({"main_ms": 0, "byoyomi_ms": 0,
            "periods": 0, "increment_ms": 5_000});
        assert_eq!(clock_budget(&fischer), Some(Duration::from_millis(4_500)));
        assert_eq!(clock_budget(&serde_json::Value::Null), None);
    }

    #[test]
    fn movetime_is_a_little_under_the_time_left() {
        let ms = |n| Duration::from_millis(n);
        assert_eq!(movetime(Some(ms(30_000)), None), ms(27_000));
        assert_eq!(movetime(Some(ms(10_000)), None), ms(9_000));
        assert_eq!(movetime(Some(ms(4_000)), None), ms(3_500));
        assert_eq!(movetime(Some(ms(1_000)), None), ms(500));
        assert_eq!(movetime(Some(ms(300)), None), ms(100));
        assert_eq!(movetime(Some(ms(0)), None), ms(100));
    }

    #[test]
    fn movetime_without_a_limit_is_the_option_or_a_second() {
        let ms = |n| Duration::from_millis(n);
        assert_eq!(movetime(None, None), ms(1_000));
        assert_eq!(movetime(None, Some(ms(5_000))), ms(5_000));
        assert_eq!(movetime(None, Some(ms(20))), ms(100));
        // --movetime also caps a room's longer limit.
        assert_eq!(movetime(Some(ms(30_000)), Some(ms(2_000))), ms(2_000));
        assert_eq!(movetime(Some(ms(1_000)), Some(ms(2_000))), ms(500));
    }
}
