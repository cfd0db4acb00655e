//! `banmen engine --game chess4|shogi4`: the four-player CPU in the UCI
//! dialect four-player chess engines speak (docs/engine.md).
//!
//! Positions are `startpos`, a FEN4 (chess.com's format, one word) for
//! four-player chess or an SFEN4 (banmen's, several words) for
//! four-player shogi, then moves as `banmen moves` writes them. The
//! clocks of `go` are `rtime`, `btime`, `ytime` and `gtime` (and `…inc`)
//! by seat in turn order: Red, Blue, Yellow, Green, or in four-player
//! shogi South, West, North, East. Every bad input is reported, since a
//! four-player referee has no other way to learn why a move was refused.

use super::{Dialect, Output, Words, play_moves, report, split_moves};
use crate::cpu::Budget;
use crate::rules::room_rules::{Choices, RuleSpec};
use crate::rules::{AnyGame, GameKind, RuleValues};
use std::io::{self, BufRead, Write};

/// The most `Threads` accepted. The search runs on one thread whatever
/// the value: the option is there for GUIs that always set it.
const MAX_THREADS: u32 = 256;

/// The most `Hash` megabytes accepted; the search's tables keep their
/// own fixed size, so the value is accepted and not used.
const MAX_HASH: u32 = 1024;

/// The four-player dialect for one game, under its room rules (the
/// `Type` option sets the teams or free-for-all rule).
struct Uci4 {
    kind: GameKind,
    rules: RuleValues,
}

/// Runs the engine for `kind` on stdin and stdout until `quit` or the end
/// of input.
pub fn run_stdio(kind: GameKind, level: u8) -> io::Result<()> {
    run(kind, level, io::stdin().lock(), Box::new(io::stdout()))
}

/// Runs the engine for the four-player game `kind` at `level` (clamped
/// to 1..=[`MAX_LEVEL`](crate::cpu::MAX_LEVEL)), reading commands from
/// `input` and answering on `output`, until `quit` or the end of input.
/// Two-player shogi, which this dialect does not play, runs as USI.
pub fn run(
    kind: GameKind,
    level: u8,
    input: impl BufRead,
    output: Box<dyn Write + Send>,
) -> io::Result<()> {
    if kind == GameKind::Shogi {
        return super::usi::run(level, input, output);
    }
    let rules = RuleValues::defaults(kind.rule_specs());
    super::run(Uci4 { kind, rules }, level, input, output)
}

impl Uci4 {
    /// The room rule `Type` sets: chess4's `type` (teams, ffa) or
    /// shogi4's `format` (individual, pairs).
    fn type_rule(&self) -> &'static RuleSpec {
        let name = match self.kind {
            GameKind::Shogi4 => "format",
            _ => "type",
        };
        let specs = self.kind.rule_specs();
        specs
            .iter()
            .find(|s| s.name == name)
            .expect("the game has it")
    }

    /// The words of `Type`.
    fn type_values(&self) -> &'static [&'static str] {
        match self.type_rule().choices {
            Choices::OneOf(words) => words,
            _ => &[],
        }
    }

    /// The setup word and what it is called in errors.
    fn setup_word(&self) -> (&'static str, &'static str) {
        match self.kind {
            GameKind::Shogi4 => ("sfen4", "SFEN4"),
            _ => ("fen", "FEN4"),
        }
    }

    /// The game from the start, or from `position` in the game's notation.
    fn game(&self, position: Option<&str>) -> Result<AnyGame, String> {
        let (_, format) = self.setup_word();
        AnyGame::new(self.kind, &self.rules, position).map_err(|e| format!("bad {format}: {e}"))
    }
}

impl Dialect for Uci4 {
    const WORDS: Words = Words {
        hello: ("uci", "uciok"),
        new_game: "ucinewgame",
        no_move: "(none)",
        clocks: &['r', 'b', 'y', 'g'],
        mate: None,
        depth: true,
        strict: true,
    };

    fn options(&self) -> Vec<String> {
        let vars: String = self
            .type_values()
            .iter()
            .map(|v| format!(" var {v}"))
            .collect();
        let default = self.type_rule().default;
        vec![
            format!("option name Type type combo default {default}{vars}"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name Hash type spin default 16 min 1 max {MAX_HASH}"),
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<bool, String> {
        let spin = |max: u32| value.parse::<u32>().is_ok_and(|n| (1..=max).contains(&n));
        match name.to_ascii_lowercase().as_str() {
            "type" => {
                let value = value.to_ascii_lowercase();
                let changed = self.rules.get(self.type_rule().name) != value;
                self.rules
                    .set(self.type_rule().name, &value)
                    .map_err(|_| format!("Type must be {}", self.type_values().join(" or ")))?;
                Ok(changed)
            }
            "threads" if spin(MAX_THREADS) => Ok(false),
            "threads" => Err(format!("Threads must be 1 to {MAX_THREADS}")),
            "hash" if spin(MAX_HASH) => Ok(false),
            "hash" => Err(format!("Hash must be 1 to {MAX_HASH}")),
            _ => Err(format!("unknown option {name:?}")),
        }
    }

    /// `startpos`, `fen <FEN4>` (chess4: one word) or `sfen4 <SFEN4>`
    /// (shogi4: the words up to `moves`), then `moves …`.
    fn position(&self, words: &[&str]) -> Result<AnyGame, String> {
        let (setup, moves) = split_moves(words);
        let (word, format) = self.setup_word();
        let one_word = self.kind == GameKind::Chess4;
        let game = match setup.split_first() {
            Some((&"startpos", [])) => self.game(None)?,
            Some((w, [text])) if *w == word => self.game(Some(text))?,
            Some((w, text)) if *w == word && !text.is_empty() && !one_word => {
                self.game(Some(&text.join(" ")))?
            }
            _ => return Err(format!("position wants startpos or {word} <{format}>")),
        };
        play_moves(game, moves)
    }

    fn think(
        game: &AnyGame,
        level: u8,
        depth: Option<u32>,
        budget: &Budget,
        out: &Output,
    ) -> Option<String> {
        report::think(game, level, depth, budget, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dialect(kind: GameKind) -> Uci4 {
        Uci4 {
            kind,
            rules: RuleValues::defaults(kind.rule_specs()),
        }
    }

    #[test]
    fn chess4_positions() {
        let chess = dialect(GameKind::Chess4);
        assert!(chess.position(&["startpos"]).is_ok());
        assert!(
            chess
                .position(&["startpos", "moves", "h2-h3", "b7-c7"])
                .is_ok()
        );
        let fen = crate::rules::chess4::START_FEN4;
        assert!(chess.position(&["fen", fen, "moves", "h2-h3"]).is_ok());
        let error = chess.position(&["fen", "R-0"]).unwrap_err();
        assert!(error.starts_with("bad FEN4: "), "{error}");
        assert!(chess.position(&["fen", fen, "x"]).is_err());
        assert!(chess.position(&["startpos", "moves", "h2-h5"]).is_err());
        assert!(chess.position(&["sfen4", "x"]).is_err());
        assert!(chess.position(&[]).is_err());
    }

    #[test]
    fn shogi4_positions_take_the_words_up_to_moves() {
        let shogi = dialect(GameKind::Shogi4);
        let start = crate::rules::shogi4::START4;
        let words: Vec<&str> = std::iter::once("sfen4")
            .chain(start.split(' '))
            .chain(["moves", "e3e4"])
            .collect();
        assert!(shogi.position(&words).is_ok());
        assert!(shogi.position(&["startpos", "moves", "e3e4"]).is_ok());
        assert!(shogi.position(&["sfen4"]).is_err());
        assert!(shogi.position(&["fen", "x"]).is_err());
    }

    #[test]
    fn options_are_checked() {
        let mut chess = dialect(GameKind::Chess4);
        assert_eq!(chess.set_option("Type", "ffa"), Ok(true));
        assert_eq!(chess.set_option("type", "FFA"), Ok(false));
        assert!(chess.set_option("Type", "pairs").is_err());
        assert_eq!(chess.set_option("Threads", "4"), Ok(false));
        assert!(chess.set_option("Threads", "0").is_err());
        assert!(chess.set_option("Hash", "2000").is_err());
        assert!(chess.set_option("Ponder", "true").is_err());
        let shogi = dialect(GameKind::Shogi4);
        assert_eq!(
            shogi.options()[0],
            "option name Type type combo default individual var individual var pairs"
        );
    }
}
