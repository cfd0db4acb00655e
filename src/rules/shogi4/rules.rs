//! The room rules of four-player shogi (docs/rules.md §2's table) and their
//! table for the room-setup screen and `--rule NAME=VALUE`.

use super::position::{Format, Play4};
use crate::rules::room_rules::{
    Choices, ROTATE_FIRST_PLAYER, RuleSpec, RuleValues, SHOW_LEGAL_MOVES,
};

/// The room rules of four-player shogi, with docs/rules.md's defaults.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shogi4Rules {
    /// Format, ending and what happens to a mated player's pieces.
    pub play: Play4,
    /// Total moves after which the game ends (`None`: no limit).
    pub move_limit: Option<u32>,
    /// Legal destinations are marked in the UI.
    pub show_legal_moves: bool,
    /// The first turn moves one seat clockwise each new game (the hall applies it).
    pub rotate_first_player: bool,
}

impl Default for Shogi4Rules {
    fn default() -> Self {
        Shogi4Rules {
            play: Play4::default(),
            move_limit: None,
            show_legal_moves: true,
            rotate_first_player: true,
        }
    }
}

/// The room rules a host can set for four-player shogi.
pub static SPECS: [RuleSpec; 6] = [
    RuleSpec {
        name: "format",
        about_key: "rule-format-about",
        choices: Choices::OneOf(&["individual", "pairs"]),
        default: "individual",
    },
    RuleSpec {
        name: "ending",
        about_key: "rule-ending-about",
        choices: Choices::OneOf(&["two-mates", "last-player"]),
        default: "two-mates",
    },
    RuleSpec {
        name: "mated-pieces",
        about_key: "rule-mated-pieces-about",
        choices: Choices::OneOf(&["to-mater", "ownerless"]),
        default: "to-mater",
    },
    RuleSpec {
        name: "move-limit",
        about_key: "rule-move-limit-about-shogi4",
        choices: Choices::NoneOrCount,
        default: "none",
    },
    SHOW_LEGAL_MOVES,
    ROTATE_FIRST_PLAYER,
];

impl Shogi4Rules {
    /// Reads the typed rules from validated values.
    pub fn from_values(values: &RuleValues) -> Shogi4Rules {
        let pairs = values.get("format") == "pairs";
        let play = Play4 {
            format: if pairs {
                Format::Pairs
            } else {
                Format::Individual
            },
            mates_to_end: if values.get("ending") == "last-player" {
                3
            } else {
                2
            },
            ownerless: values.get("mated-pieces") == "ownerless",
        };
        Shogi4Rules {
            play,
            move_limit: values.count("move-limit"),
            show_legal_moves: values.is_on("show-legal-moves"),
            rotate_first_player: values.is_on("rotate-first-player"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_rule_book() {
        let values = RuleValues::defaults(&SPECS);
        assert_eq!(Shogi4Rules::from_values(&values), Shogi4Rules::default());
        let values =
            RuleValues::parse(&SPECS, &["format=pairs", "mated-pieces=ownerless"]).unwrap();
        let rules = Shogi4Rules::from_values(&values);
        assert_eq!(rules.play.format, Format::Pairs);
        assert!(rules.play.ownerless);
    }
}
