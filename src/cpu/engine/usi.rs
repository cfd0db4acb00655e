//! `banmen usi` (and `banmen engine --game shogi`): the two-player shogi
//! CPU as a USI engine, for USI shogi GUIs and the match runner
//! (`scripts/match.py`).
//!
//! When the position is already over (mate, repetition), `go` says why in
//! `info string game over: …` before `bestmove resign`; a position with
//! no legal move answers `bestmove resign`. Unknown commands and options
//! are ignored, as USI GUIs send some banmen does not have.

use super::{Dialect, Output, Words, play_moves, report, split_moves};
use crate::cpu::Budget;
use crate::rules::{AnyGame, GameKind, RuleValues};
use std::io::{self, BufRead, Write};

/// The USI dialect: two-player shogi under the default rules.
struct Usi;

/// Runs the engine on stdin and stdout until `quit` or the end of input.
pub fn run_stdio(level: u8) -> io::Result<()> {
    run(level, io::stdin().lock(), Box::new(io::stdout()))
}

/// Runs the engine at `level` (clamped to 1..=[`MAX_LEVEL`](crate::cpu::MAX_LEVEL)),
/// reading commands from `input` and answering on `output`, until `quit`
/// or the end of input. Only a failure to read input is an error; a
/// closed output ends the engine quietly.
pub fn run(level: u8, input: impl BufRead, output: Box<dyn Write + Send>) -> io::Result<()> {
    super::run(Usi, level, input, output)
}

impl Dialect for Usi {
    const WORDS: Words = Words {
        hello: ("usi", "usiok"),
        new_game: "usinewgame",
        no_move: "resign",
        clocks: &['b', 'w'],
        mate: Some("checkmate notimplemented"),
        // The shogi search deepens by time alone.
        depth: false,
        strict: false,
    };

    fn options(&self) -> Vec<String> {
        Vec::new()
    }

    /// Only `Level` (the engine's) is advertised; others are ignored.
    fn set_option(&mut self, _name: &str, _value: &str) -> Result<bool, String> {
        Ok(false)
    }

    fn position(&self, words: &[&str]) -> Result<AnyGame, String> {
        parse_position(words)
    }

    fn think(
        game: &AnyGame,
        level: u8,
        _depth: Option<u32>,
        budget: &Budget,
        out: &Output,
    ) -> Option<String> {
        report::think(game, level, None, budget, out)
    }
}

/// A two-player shogi game under the default rules, from `sfen` or the start.
fn start_game(sfen: Option<&str>) -> Result<AnyGame, String> {
    let kind = GameKind::Shogi;
    let rules = RuleValues::defaults(kind.rule_specs());
    AnyGame::new(kind, &rules, sfen).map_err(|e| e.to_string())
}

/// `position startpos [moves …]` or `position sfen B S H [N] [moves …]`.
fn parse_position(words: &[&str]) -> Result<AnyGame, String> {
    let (setup, moves) = split_moves(words);
    let game = match setup.split_first() {
        Some((&"startpos", [])) => start_game(None)?,
        Some((&"sfen", sfen)) if !sfen.is_empty() => start_game(Some(&sfen.join(" ")))?,
        _ => return Err("position wants startpos or sfen".to_string()),
    };
    play_moves(game, moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions() {
        assert!(parse_position(&["startpos"]).is_ok());
        assert!(parse_position(&["startpos", "moves", "7g7f", "3c3d"]).is_ok());
        let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let words: Vec<&str> = std::iter::once("sfen")
            .chain(sfen.split(' '))
            .chain(["moves", "2g2f"])
            .collect();
        assert!(parse_position(&words).is_ok());
        assert!(parse_position(&[]).is_err());
        assert!(parse_position(&["sfen"]).is_err());
        assert!(parse_position(&["startpos", "moves", "7g7e"]).is_err());
        assert!(parse_position(&["sfen", "9/9", "b", "-"]).is_err());
    }
}
