//! The room rules of two-player shogi (docs/rules.md §1) and their table for the
//! room-setup screen and `--rule NAME=VALUE`.

use crate::rules::RulesError;
use crate::rules::room_rules::{Choices, RuleSpec, RuleValues};

/// Handicap starts (`駒落ち`): gote, the stronger player, removes pieces
/// and moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Handicap {
    /// An even game (`平手`).
    #[default]
    None,
    /// Gote's left lance removed (`香落ち`).
    Lance,
    /// Bishop removed (`角落ち`).
    Bishop,
    /// Rook removed (`飛車落ち`).
    Rook,
    /// Rook and left lance removed (`飛香落ち`).
    RookLance,
    /// Rook and bishop removed (`二枚落ち`).
    TwoPiece,
    /// Rook, bishop and both lances removed (`四枚落ち`).
    FourPiece,
    /// Rook, bishop, lances and knights removed (`六枚落ち`).
    SixPiece,
}

const HANDICAPS: [(&str, Handicap); 8] = [
    ("none", Handicap::None),
    ("lance", Handicap::Lance),
    ("bishop", Handicap::Bishop),
    ("rook", Handicap::Rook),
    ("rook-lance", Handicap::RookLance),
    ("2-piece", Handicap::TwoPiece),
    ("4-piece", Handicap::FourPiece),
    ("6-piece", Handicap::SixPiece),
];

impl Handicap {
    /// The handicap's name in room rules.
    pub fn name(self) -> &'static str {
        HANDICAPS
            .iter()
            .find(|(_, h)| *h == self)
            .map_or("none", |(n, _)| n)
    }
}

/// The room rules of two-player shogi, with docs/rules.md's defaults.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShogiRules {
    /// Entering-king declaration allowed (on by default).
    pub declaration: bool,
    /// Total moves after which the game is drawn (`None`: no limit).
    pub move_limit: Option<u32>,
    /// The 24-point impasse claim allowed (off by default).
    pub impasse: bool,
    /// The handicap start (none by default).
    pub handicap: Handicap,
    /// Sides swap each game (on by default; the hall applies it between games).
    pub swap_sides: bool,
}

impl Default for ShogiRules {
    fn default() -> Self {
        ShogiRules {
            declaration: true,
            move_limit: None,
            impasse: false,
            handicap: Handicap::None,
            swap_sides: true,
        }
    }
}

/// The room rules a host can set for two-player shogi.
pub static SPECS: [RuleSpec; 5] = [
    RuleSpec {
        name: "declaration",
        about_key: "rule-declaration-about",
        choices: Choices::OnOff,
        default: "on",
    },
    RuleSpec {
        name: "move-limit",
        about_key: "rule-move-limit-about-shogi",
        choices: Choices::NoneOrCount,
        default: "none",
    },
    RuleSpec {
        name: "impasse",
        about_key: "rule-impasse-about",
        choices: Choices::OnOff,
        default: "off",
    },
    RuleSpec {
        name: "handicap",
        about_key: "rule-handicap-about",
        choices: Choices::OneOf(&[
            "none",
            "lance",
            "bishop",
            "rook",
            "rook-lance",
            "2-piece",
            "4-piece",
            "6-piece",
        ]),
        default: "none",
    },
    RuleSpec {
        name: "swap-sides",
        about_key: "rule-swap-sides-about",
        choices: Choices::OnOff,
        default: "on",
    },
];

impl ShogiRules {
    /// Reads the typed rules from validated values.
    pub fn from_values(values: &RuleValues) -> Result<ShogiRules, RulesError> {
        let handicap_name = values.get("handicap");
        let handicap = HANDICAPS
            .iter()
            .find(|(n, _)| *n == handicap_name)
            .map(|(_, h)| *h)
            .ok_or_else(|| RulesError::BadRule {
                name: "handicap".to_string(),
                value: handicap_name.to_string(),
                reason: "unknown handicap".to_string(),
            })?;
        Ok(ShogiRules {
            declaration: values.is_on("declaration"),
            move_limit: values.count("move-limit"),
            impasse: values.is_on("impasse"),
            handicap,
            swap_sides: values.is_on("swap-sides"),
        })
    }

    /// The rules as `NAME=VALUE` values (for storage and display).
    pub fn to_values(&self) -> RuleValues {
        let on = |b: bool| if b { "on" } else { "off" };
        let mut values = RuleValues::defaults(&SPECS);
        let limit = self
            .move_limit
            .map_or("none".to_string(), |n| n.to_string());
        let settings = [
            ("declaration", on(self.declaration).to_string()),
            ("move-limit", limit),
            ("impasse", on(self.impasse).to_string()),
            ("handicap", self.handicap.name().to_string()),
            ("swap-sides", on(self.swap_sides).to_string()),
        ];
        for (name, value) in settings {
            values
                .set(name, &value)
                .expect("typed rules are valid values");
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_rule_book_and_round_trip() {
        let values = RuleValues::defaults(&SPECS);
        assert_eq!(
            ShogiRules::from_values(&values).unwrap(),
            ShogiRules::default()
        );
        let rules = ShogiRules {
            declaration: false,
            move_limit: Some(256),
            impasse: true,
            handicap: Handicap::SixPiece,
            swap_sides: false,
        };
        assert_eq!(ShogiRules::from_values(&rules.to_values()).unwrap(), rules);
    }
}
