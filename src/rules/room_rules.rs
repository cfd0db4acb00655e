//! Room rules: each game lists the rules a host may set (name, choices,
//! default) as [`RuleSpec`]s, and reads the values back from a validated
//! [`RuleValues`]. The CLI's `--rule NAME=VALUE`, the room-setup screen and
//! storage all go through this one table.

use super::RulesError;
use crate::i18n::Msg;
use crate::msg;
use std::collections::BTreeMap;

/// The values a rule accepts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choices {
    /// `on` or `off`.
    OnOff,
    /// One of the listed words.
    OneOf(&'static [&'static str]),
    /// `none`, or a positive whole number.
    NoneOrCount,
}

/// One room rule a host may set.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RuleSpec {
    /// The name used in `--rule NAME=VALUE` and storage; the screens show
    /// [`RuleSpec::label`] (`rule-<name>` in the catalogs).
    pub name: &'static str,
    /// The catalog key of the one-line explanation the room-setup screen
    /// shows (`rule-<name>-about`, or a game's own where games differ).
    pub about_key: &'static str,
    /// What values it accepts.
    pub choices: Choices,
    /// The value when the host sets nothing.
    pub default: &'static str,
}

/// "show legal moves", a rule of both four-player games (docs/rules.md).
pub const SHOW_LEGAL_MOVES: RuleSpec = RuleSpec {
    name: "show-legal-moves",
    about_key: "rule-show-legal-moves-about",
    choices: Choices::OnOff,
    default: "on",
};

/// "rotate first player", a rule of both four-player games (docs/rules.md).
pub const ROTATE_FIRST_PLAYER: RuleSpec = RuleSpec {
    name: "rotate-first-player",
    about_key: "rule-rotate-first-player-about",
    choices: Choices::OnOff,
    default: "on",
};

impl RuleSpec {
    /// The rule's name as the reader's language says it (`rule-<name>`).
    pub fn label(&self) -> Msg {
        Msg::new(format!("rule-{}", self.name))
    }

    /// The rule explained in one line (its `about_key`).
    pub fn about_msg(&self) -> Msg {
        Msg::new(self.about_key)
    }

    /// One of the rule's values as the reader's language says it: `on`
    /// and `off` (`choice-on`, `choice-off`), `none` (`choice-none`), a
    /// count as it is, a word of a one-of rule as `rule-<name>-<value>`
    /// (its meaning depends on the rule: the handicap `none` is an even
    /// game).
    pub fn value_msg(&self, value: &str) -> Msg {
        match self.choices {
            Choices::OnOff if value == "on" => msg!("choice-on"),
            Choices::OnOff => msg!("choice-off"),
            Choices::OneOf(_) => Msg::new(format!("rule-{}-{value}", self.name)),
            Choices::NoneOrCount if value == "none" => msg!("choice-none"),
            Choices::NoneOrCount => msg!("choice-count", count = value),
        }
    }

    /// Whether `value` is one of the rule's values.
    fn accepts(&self, value: &str) -> bool {
        match self.choices {
            Choices::OnOff => matches!(value, "on" | "off"),
            Choices::OneOf(words) => words.contains(&value),
            Choices::NoneOrCount => value == "none" || value.parse::<u32>().is_ok_and(|n| n > 0),
        }
    }

    /// What the rule accepts, as said when a value is refused.
    fn expected(&self) -> String {
        match self.choices {
            Choices::OnOff => "expected on or off".to_string(),
            Choices::OneOf(words) => format!("expected one of {}", words.join(", ")),
            Choices::NoneOrCount => "expected none or a positive number".to_string(),
        }
    }
}

/// Validated values of a game's room rules; unset rules read as their
/// defaults (and equal a rule set to its default explicitly).
#[derive(Clone, Debug)]
pub struct RuleValues {
    specs: &'static [RuleSpec],
    values: BTreeMap<&'static str, String>,
}

impl PartialEq for RuleValues {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for RuleValues {}

impl RuleValues {
    /// Every rule at its default.
    pub fn defaults(specs: &'static [RuleSpec]) -> RuleValues {
        RuleValues {
            specs,
            values: BTreeMap::new(),
        }
    }

    /// Reads `NAME=VALUE` settings, refusing unknown names and bad values.
    pub fn parse<S: AsRef<str>>(
        specs: &'static [RuleSpec],
        settings: &[S],
    ) -> Result<RuleValues, RulesError> {
        let mut rules = RuleValues::defaults(specs);
        for setting in settings {
            let setting = setting.as_ref();
            let (name, value) = setting.split_once('=').ok_or_else(|| RulesError::BadRule {
                name: setting.to_string(),
                value: String::new(),
                reason: "expected NAME=VALUE".to_string(),
            })?;
            rules.set(name.trim(), value.trim())?;
        }
        Ok(rules)
    }

    /// Sets one rule.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let bad = |reason: String| RulesError::BadRule {
            name: name.to_string(),
            value: value.to_string(),
            reason,
        };
        let spec = self.spec(name).ok_or_else(|| {
            let known: Vec<_> = self.specs.iter().map(|s| s.name).collect();
            bad(format!("unknown rule; this game has {}", known.join(", ")))
        })?;
        if !spec.accepts(value) {
            return Err(bad(spec.expected()));
        }
        self.values.insert(spec.name, value.to_string());
        Ok(())
    }

    fn spec(&self, name: &str) -> Option<&'static RuleSpec> {
        self.specs.iter().find(|s| s.name == name)
    }

    /// The value of `name` (its default when unset).
    pub fn get(&self, name: &str) -> &str {
        match self.values.get(name) {
            Some(v) => v,
            None => self.spec(name).map_or("", |s| s.default),
        }
    }

    /// Whether an on/off rule is on.
    pub fn is_on(&self, name: &str) -> bool {
        self.get(name) == "on"
    }

    /// A none-or-count rule: `None` for `none`.
    pub fn count(&self, name: &str) -> Option<u32> {
        self.get(name).parse().ok()
    }

    /// Every rule with its value, in the game's order (for display and storage).
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.specs.iter().map(|s| (s.name, self.get(s.name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPECS: [RuleSpec; 2] = [
        RuleSpec {
            name: "flag",
            about_key: "rule-flag-about",
            choices: Choices::OnOff,
            default: "on",
        },
        RuleSpec {
            name: "limit",
            about_key: "rule-limit-about",
            choices: Choices::NoneOrCount,
            default: "none",
        },
    ];

    /// Whether the catalog text `source` defines `key`.
    fn defined(source: &str, key: &str) -> bool {
        source
            .lines()
            .any(|l| l.split_once('=').is_some_and(|(k, _)| k.trim_end() == key))
    }

    #[test]
    fn every_rule_its_explanation_and_its_values_are_in_every_catalog() {
        use crate::i18n::{Lang, sources};
        use crate::rules::GameKind;
        for (lang, source) in sources() {
            for kind in GameKind::ALL {
                for spec in kind.rule_specs() {
                    let mut keys = vec![spec.label().key, spec.about_msg().key];
                    let values: Vec<&str> = match spec.choices {
                        Choices::OnOff => vec!["on", "off"],
                        Choices::OneOf(words) => words.to_vec(),
                        Choices::NoneOrCount => vec!["none", "200"],
                    };
                    keys.extend(values.iter().map(|v| spec.value_msg(v).key));
                    for key in keys {
                        assert!(defined(source, &key), "{}: no {key}", lang.code());
                    }
                    if lang == Lang::En {
                        // English says the words of `--rule NAME=VALUE`.
                        assert_eq!(Lang::En.text(&spec.label()), spec.name);
                        for value in values {
                            assert_eq!(Lang::En.text(&spec.value_msg(value)), value);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn defaults_settings_and_errors() {
        let rules = RuleValues::parse(&SPECS, &["limit=300"]).unwrap();
        assert!(rules.is_on("flag"));
        assert_eq!(rules.count("limit"), Some(300));
        assert!(RuleValues::parse(&SPECS, &["flag=maybe"]).is_err());
        assert!(RuleValues::parse(&SPECS, &["limit=0"]).is_err());
        assert!(RuleValues::parse(&SPECS, &["nope=on"]).is_err());
        assert!(RuleValues::parse(&SPECS, &["flag"]).is_err());
    }
}
