//! [`Msg`]: a message named by its catalog key, with its arguments.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A message to show someone: its key in the catalogs and its arguments.
/// Plain data, so the hall can store it (a room's status line) and send it
/// to other nodes; each reader sees it in their own language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Msg {
    /// The message's id in `locales/*/*.ftl`.
    pub key: Cow<'static, str>,
    /// Named arguments (`{ $name }` in the catalogs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// One argument of a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arg {
    /// Shown as it is (a name, a code, a move in notation).
    Text(String),
    /// A number: the catalogs choose plural forms by it.
    Num(i64),
    /// Another message, put into the reader's language first (a reason,
    /// a game's name).
    Msg(Msg),
    /// A list, joined as the reader's language joins lists.
    List(Vec<Arg>),
}

impl Msg {
    /// A message without arguments.
    pub fn new(key: impl Into<Cow<'static, str>>) -> Msg {
        Msg {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((Cow::Borrowed(name), value.into()));
        self
    }

    /// Whether this is the empty message (nothing to show).
    pub fn is_empty(&self) -> bool {
        self.key.is_empty()
    }
}

impl Default for Msg {
    /// The empty message: shows as nothing.
    fn default() -> Msg {
        Msg::new("")
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

impl From<Msg> for Arg {
    fn from(msg: Msg) -> Arg {
        Arg::Msg(msg)
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            #[allow(clippy::cast_possible_wrap, clippy::cast_lossless)]
            fn from(n: $t) -> Arg {
                Arg::Num(n as i64)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i32, i64);

/// A [`Msg`]: `msg!("room-full")`, `msg!("wait-seconds", seconds = 30)`.
/// The tests read these calls in the source to check that every key and
/// argument named here exists in the catalogs.
#[macro_export]
macro_rules! msg {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Msg::new($key)$(.arg(stringify!($name), $value))*
    };
}

/// A message's text in a language: `tr!(theme, "room-full")`, where the
/// first argument is a [`Lang`](crate::i18n::Lang) or anything else with a
/// `text(&Msg)` method (the UI's theme).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $lang.text(&$crate::msg!($key $(, $name = $value)*))
    };
}

impl std::fmt::Display for Msg {
    /// The message in English: for logs and for tests.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::i18n::Lang::En.text(self))
    }
}
