//! The players' languages: English (the fallback), Japanese, Polish and
//! Tagalog, from Project Fluent catalogs (`locales/<lang>/*.ftl`, compiled
//! in by `build.rs`).
//!
//! Code never holds a sentence a person reads: it names a message with
//! [`msg!`] (a [`Msg`]: a key and its arguments, plain data that the hall
//! can keep in a room's status and send to other nodes), and the screen
//! turns it into text in the reader's language with [`Lang::text`]. So a
//! status line written by the hall is read in Japanese by one spectator and
//! in Polish by another, and changes language with the picker.

mod lang;
mod msg;

pub use lang::{ChessStyle, ClientLocale, Lang, Pieces, ShogiStyle};
pub use msg::{Arg, Msg};

use crate::msg;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::OnceLock;

/// Each language's catalog, in [`Lang::ALL`] order, as `build.rs` joined it.
const SOURCES: [&str; 4] = [
    include_str!(concat!(env!("OUT_DIR"), "/en.ftl")),
    include_str!(concat!(env!("OUT_DIR"), "/ja.ftl")),
    include_str!(concat!(env!("OUT_DIR"), "/pl.ftl")),
    include_str!(concat!(env!("OUT_DIR"), "/tl.ftl")),
];

/// One compiled bundle per language.
struct Catalogs {
    bundles: Vec<FluentBundle<FluentResource>>,
}

fn catalogs() -> &'static Catalogs {
    static CATALOGS: OnceLock<Catalogs> = OnceLock::new();
    CATALOGS.get_or_init(|| Catalogs {
        bundles: Lang::ALL
            .iter()
            .zip(SOURCES)
            .map(|(lang, source)| bundle(*lang, source))
            .collect(),
    })
}

/// A bundle of `source`; a catalog with errors keeps the messages that
/// read (the tests fail on any error, so a release has none).
fn bundle(lang: Lang, source: &str) -> FluentBundle<FluentResource> {
    let id = lang.code().parse().expect("language codes are valid");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // The invisible isolation marks Fluent puts around placeables would
    // break every width measured on a terminal.
    bundle.set_use_isolating(false);
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
    let _ = bundle.add_resource(resource);
    bundle
}

impl Lang {
    /// `msg` in this language (English where this catalog lacks it; the
    /// key itself where English lacks it too).
    pub fn text(self, msg: &Msg) -> String {
        let catalogs = catalogs();
        let args = self.args(msg);
        for lang in [self, Lang::En] {
            let bundle = &catalogs.bundles[lang as usize];
            if let Some(pattern) = bundle.get_message(&msg.key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
                if !errors.is_empty() {
                    tracing::debug!(key = %msg.key, lang = lang.code(), "message: {errors:?}");
                }
                return text.into_owned();
            }
        }
        tracing::debug!(key = %msg.key, "no such message");
        msg.key.to_string()
    }

    /// The text of a message without arguments.
    pub fn t(self, key: &'static str) -> String {
        self.text(&Msg::new(key))
    }

    /// The message's arguments as Fluent values; nested messages and lists
    /// are put into words first, in this language.
    fn args(self, msg: &Msg) -> FluentArgs<'static> {
        let mut args = FluentArgs::new();
        for (name, arg) in &msg.args {
            let value = match arg {
                Arg::Num(n) => FluentValue::from(*n),
                other => FluentValue::from(self.arg_text(other)),
            };
            args.set(name.to_string(), value);
        }
        args
    }

    fn arg_text(self, arg: &Arg) -> String {
        match arg {
            Arg::Text(text) => text.clone(),
            Arg::Num(n) => n.to_string(),
            Arg::Msg(msg) => self.text(msg),
            Arg::List(items) => {
                let items: Vec<String> = items.iter().map(|a| self.arg_text(a)).collect();
                self.join(&items)
            }
        }
    }

    /// `items` as a list in this language ("a, b and c").
    fn join(self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => {
                let separator = self.t("list-separator");
                let head = rest.join(&separator);
                self.text(&msg!("list-and", head = head, last = last.clone()))
            }
        }
    }
}

/// The raw catalog text of each language, for the tests that check the
/// catalogs against each other.
pub fn sources() -> impl Iterator<Item = (Lang, &'static str)> {
    Lang::ALL.into_iter().zip(SOURCES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_joined_in_each_language() {
        let list = |lang: Lang, n: usize| {
            let names = ["ann", "bo", "cy"][..n].iter().map(|s| Arg::from(*s));
            lang.text(&msg!("test-list", names = Arg::List(names.collect())))
        };
        assert_eq!(list(Lang::En, 1), "ann");
        assert_eq!(list(Lang::En, 2), "ann and bo");
        assert_eq!(list(Lang::En, 3), "ann, bo and cy");
        assert_eq!(list(Lang::Ja, 3), "ann、boとcy");
        assert_eq!(list(Lang::Pl, 2), "ann i bo");
        assert_eq!(list(Lang::Tl, 2), "ann at bo");
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_to_its_key() {
        assert_eq!(Lang::Ja.t("test-english-only"), "only in English");
        assert_eq!(
            Lang::Pl.t("no-such-message-anywhere"),
            "no-such-message-anywhere"
        );
    }
}
