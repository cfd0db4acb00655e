//! [`Lang`], the languages, and [`Pieces`], how pieces are drawn: the two
//! settings a player chooses (saved with a keyed player's identity).

use serde::{Deserialize, Serialize};

/// A language of the hall.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// English, the fallback.
    #[default]
    En = 0,
    /// Japanese.
    Ja = 1,
    /// Polish.
    Pl = 2,
    /// Tagalog.
    Tl = 3,
}

impl Lang {
    /// Every language, in the picker's order.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Ja, Lang::Pl, Lang::Tl];

    /// The language's code (`ja`).
    pub fn code(self) -> &'static str {
        ["en", "ja", "pl", "tl"][self as usize]
    }

    /// The language's name in itself, as the picker lists it.
    pub fn native_name(self) -> &'static str {
        ["English", "日本語", "Polski", "Tagalog"][self as usize]
    }

    /// The language a code names: `ja`, or a locale such as `ja_JP.UTF-8`,
    /// `pl_PL@euro` or `fil_PH` (Filipino is read as Tagalog). Anything
    /// else (`C`, `POSIX`, an unknown language, a long or odd value) is
    /// `None`: the caller falls back to English.
    pub fn parse(text: &str) -> Option<Lang> {
        if text.len() > 64 || !text.bytes().all(|b| b.is_ascii_graphic()) {
            return None;
        }
        let language = text.split(['_', '.', '@', '-']).next()?;
        match language.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "ja" => Some(Lang::Ja),
            "pl" => Some(Lang::Pl),
            "tl" | "fil" => Some(Lang::Tl),
            _ => None,
        }
    }

    /// The piece style players of this language expect; see [`Pieces`]
    /// (English keeps kanji, which the hall has always shown).
    pub fn default_pieces(self) -> Pieces {
        match self {
            Lang::En | Lang::Ja => Pieces::default(),
            Lang::Pl | Lang::Tl => Pieces {
                shogi: ShogiStyle::Western,
                chess: ChessStyle::Letters,
            },
        }
    }
}

/// The locale variables an SSH client sent (`env` requests), as far as
/// they choose a language: `LC_ALL`, then `LC_MESSAGES`, then `LANG`, as
/// the C library reads them. The first one set decides, even for a
/// language the hall lacks (English then). Only the parsed language is
/// kept, so a client sending many or huge values costs nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClientLocale {
    /// Per variable, in the order above: `None` if not sent, else what it
    /// names (`None` inside for an unknown or odd value).
    sent: [Option<Option<Lang>>; 3],
}

impl ClientLocale {
    /// The variables read, in the order they decide.
    pub const NAMES: [&'static str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

    /// Records one variable; `false` if it is not a locale variable (the
    /// request is then refused, as OpenSSH's server refuses what its
    /// `AcceptEnv` does not list).
    pub fn set(&mut self, name: &str, value: &str) -> bool {
        let Some(i) = Self::NAMES.iter().position(|n| *n == name) else {
            return false;
        };
        // An empty variable counts as unset, as for the C library.
        self.sent[i] = (!value.is_empty()).then(|| Lang::parse(value));
        true
    }

    /// The language the client asks for, if any.
    pub fn lang(&self) -> Option<Lang> {
        self.sent.iter().find_map(|sent| *sent).flatten()
    }
}

/// How pieces are drawn, beside the language.
///
/// Japanese players read kanji. The Polish and Tagalog rule pages name the
/// pieces in words of their own language or English (wieża, goniec;
/// rook, bishop, pilak) and never show a kanji, so players of those
/// languages get Western letters, as Western shogi books print them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pieces {
    /// Two-player and four-player shogi.
    pub shogi: ShogiStyle,
    /// Four-player chess.
    pub chess: ChessStyle,
}

/// How shogi pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShogiStyle {
    /// One kanji per piece (歩, promoted と), gote's marked `v`.
    #[default]
    Kanji,
    /// Western letters (P L N S G B R K, promoted +P), gote's marked `v`.
    Western,
    /// Letters only ASCII terminals show: gote's in lower case.
    Ascii,
}

/// How four-player chess pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChessStyle {
    /// An owner mark (● ▲ ■ ◆) and a letter.
    #[default]
    Letters,
    /// An owner mark and a chess symbol (♚♛♜♝♞♟).
    Symbols,
    /// An owner letter (r b y g) and a letter: ASCII only.
    Ascii,
}

impl ShogiStyle {
    /// Every style, in the picker's order.
    pub const ALL: [ShogiStyle; 3] = [ShogiStyle::Kanji, ShogiStyle::Western, ShogiStyle::Ascii];
}

impl ChessStyle {
    /// Every style, in the picker's order.
    pub const ALL: [ChessStyle; 3] = [ChessStyle::Letters, ChessStyle::Symbols, ChessStyle::Ascii];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_name_their_language() {
        assert_eq!(Lang::parse("ja_JP.UTF-8"), Some(Lang::Ja));
        assert_eq!(Lang::parse("pl_PL@euro"), Some(Lang::Pl));
        assert_eq!(Lang::parse("fil_PH.UTF-8"), Some(Lang::Tl));
        assert_eq!(Lang::parse("tl"), Some(Lang::Tl));
        assert_eq!(Lang::parse("EN_gb"), Some(Lang::En));
    }

    #[test]
    fn hostile_or_unknown_locales_are_none() {
        for bad in [
            "",
            "C",
            "POSIX",
            "de_DE.UTF-8",
            "ja\u{1b}[2J",
            "ja JP",
            "\u{0}",
        ] {
            assert_eq!(Lang::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Lang::parse(&format!("ja_{}", "X".repeat(100))), None);
    }

    fn locale(vars: &[(&str, &str)]) -> ClientLocale {
        let mut locale = ClientLocale::default();
        for (name, value) in vars {
            locale.set(name, value);
        }
        locale
    }

    #[test]
    fn lc_all_wins_over_lang() {
        let both = locale(&[("LANG", "pl_PL.UTF-8"), ("LC_ALL", "ja_JP.UTF-8")]);
        assert_eq!(both.lang(), Some(Lang::Ja));
        let c = locale(&[("LANG", "ja_JP.UTF-8"), ("LC_ALL", "C")]);
        assert_eq!(c.lang(), None, "LC_ALL=C asks for English");
        let empty = locale(&[("LANG", "tl_PH.UTF-8"), ("LC_ALL", "")]);
        assert_eq!(empty.lang(), Some(Lang::Tl), "an empty LC_ALL is unset");
        let messages = locale(&[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "pl_PL")]);
        assert_eq!(messages.lang(), Some(Lang::Pl));
    }

    #[test]
    fn other_variables_are_refused() {
        let mut locale = ClientLocale::default();
        assert!(!locale.set("PATH", "/bin"));
        assert!(
            !locale.set("LC_CTYPE", "ja_JP.UTF-8"),
            "only messages choose"
        );
        assert!(locale.set("LANG", &"x".repeat(100_000)));
        assert_eq!(locale.lang(), None);
    }
}
