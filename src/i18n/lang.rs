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

    /// The language an SSH client's environment asks for: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`, as the C library reads them; the first
    /// one set decides, even to a language the hall lacks (English then).
    pub fn from_env<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Option<Lang> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|name| get(name).filter(|v| !v.is_empty()))
            .and_then(Lang::parse)
    }

    /// The piece style players of this language expect; see [`Pieces`].
    pub fn default_pieces(self) -> Pieces {
        match self {
            Lang::Ja => Pieces::default(),
            _ => Pieces {
                shogi: ShogiStyle::Western,
                chess: ChessStyle::Letters,
            },
        }
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

    #[test]
    fn lc_all_wins_over_lang() {
        let env = [("LANG", "pl_PL.UTF-8"), ("LC_ALL", "ja_JP.UTF-8")];
        let get = |name: &str| env.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
        assert_eq!(Lang::from_env(get), Some(Lang::Ja));
        let c = [("LANG", "ja_JP.UTF-8"), ("LC_ALL", "C")];
        let get = |name: &str| c.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
        assert_eq!(Lang::from_env(get), None, "LC_ALL=C asks for English");
    }
}
