//! The room rules of four-player chess (docs/rules.md §3's table) and their
//! table for the room-setup screen and `--rule NAME=VALUE`.

use super::position::Variant;
use crate::rules::room_rules::{
    Choices, ROTATE_FIRST_PLAYER, RuleSpec, RuleValues, SHOW_LEGAL_MOVES,
};

/// The room rules of four-player chess, with docs/rules.md's defaults.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chess4Rules {
    /// Teams or free-for-all.
    pub variant: Variant,
    /// Total moves after which the game ends (`None`: no limit).
    pub move_limit: Option<u32>,
    /// Legal destinations are marked in the UI (on unless turned off).
    pub hide_legal_moves: bool,
    /// The first turn does not move one seat clockwise each new game.
    pub fixed_first_player: bool,
}

/// The room rules a host can set for four-player chess.
pub static SPECS: [RuleSpec; 4] = [
    RuleSpec {
        name: "type",
        about_key: "rule-type-about",
        choices: Choices::OneOf(&["teams", "ffa"]),
        default: "teams",
    },
    RuleSpec {
        name: "move-limit",
        about_key: "rule-move-limit-about-chess4",
        choices: Choices::NoneOrCount,
        default: "none",
    },
    SHOW_LEGAL_MOVES,
    ROTATE_FIRST_PLAYER,
];

impl Chess4Rules {
    /// Reads the typed rules from validated values.
    pub fn from_values(values: &RuleValues) -> Chess4Rules {
        Chess4Rules {
            variant: if values.get("type") == "ffa" {
                Variant::FreeForAll
            } else {
                Variant::Teams
            },
            move_limit: values.count("move-limit"),
            hide_legal_moves: !values.is_on("show-legal-moves"),
            fixed_first_player: !values.is_on("rotate-first-player"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_rule_book() {
        let values = RuleValues::defaults(&SPECS);
        assert_eq!(Chess4Rules::from_values(&values), Chess4Rules::default());
        let values = RuleValues::parse(&SPECS, &["type=ffa", "move-limit=200"]).unwrap();
        let rules = Chess4Rules::from_values(&values);
        assert_eq!(rules.variant, Variant::FreeForAll);
        assert_eq!(rules.move_limit, Some(200));
    }
}
