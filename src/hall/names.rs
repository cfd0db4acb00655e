//! Players' display names: what is taken out of a name a client sends,
//! which names only the server may give, and how guests are shown
//! (docs/protocols.md, docs/rules.md §4 "Seats…").

use finl_unicode::categories::CharacterCategories;

/// Characters never kept in a name or drawn from one: control characters
/// (Unicode category Cc), format characters (Cf: right-to-left overrides
/// and isolates, zero-width spaces and joiners, the byte order mark, tags…)
/// and the line and paragraph separators (Zl, Zp). They are invisible or
/// move the cursor, so they let one name pass for another.
pub fn is_hidden(c: char) -> bool {
    c.is_control() || c.is_format() || c.is_separator_line() || c.is_separator_paragraph()
}

/// `text` without its [hidden](is_hidden) characters.
pub fn visible(text: &str) -> String {
    text.chars().filter(|&c| !is_hidden(c)).collect()
}

/// How the names only the server gives begin, after [`folded`]: the CPU's
/// seats, the server and its admins, and the `guest-N` names of guests.
const RESERVED: [&str; 7] = [
    "cpu",
    "admin",
    "banmen",
    "system",
    "server",
    "guest",
    "moderator",
];

/// Whether a name chosen by a player reads as one only the server gives:
/// it begins, ignoring case, spaces, punctuation and common look-alikes,
/// with `cpu`, `admin`, `banmen`, `system`, `server`, `guest` or
/// `moderator` (so `CPU (level 5)`, `Adm1n`, `g u e s t-3` and a Cyrillic
/// `сpu` are all refused).
pub fn is_reserved(name: &str) -> bool {
    is_server_name(name) || ends_like_a_bot(name)
}

/// Whether a name reads as one of the server's own (`cpu…`, `admin…`,
/// `guest…`, …): refused to people and bots alike.
pub fn is_server_name(name: &str) -> bool {
    let folded = folded(name);
    RESERVED.iter().any(|r| folded.starts_with(r))
}

/// Whether a name's last word reads `bot` (`alice BOT`, `x-b0t`): a bot's
/// name is shown with that mark, so no person may end theirs with it.
fn ends_like_a_bot(name: &str) -> bool {
    let last = name
        .rsplit(|c: char| c.is_whitespace() || c == '-' || c == '_' || c == '.')
        .find(|w| !w.is_empty())
        .unwrap_or_default();
    last != name.trim() && folded(last) == "bot"
}

/// A name reduced for comparison: full-width forms to ASCII, lower case,
/// Greek and Cyrillic letters that look like Latin ones to those, digits
/// that look like letters to them, and everything but ASCII letters left
/// out.
fn folded(name: &str) -> String {
    name.chars()
        .map(|c| match u32::from(c) {
            // Full-width ASCII (U+FF01–U+FF5E).
            0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'а' | 'α' => 'a',
            'в' | 'β' => 'b',
            'с' | 'ϲ' => 'c',
            'ԁ' => 'd',
            'е' | 'ε' => 'e',
            'һ' => 'h',
            'і' | 'ι' | 'ӏ' | 'l' | '1' | '!' | '|' => 'i',
            'ј' => 'j',
            'к' | 'κ' => 'k',
            'м' | 'μ' => 'm',
            'н' | 'η' => 'n',
            'о' | 'ο' | '0' => 'o',
            'р' | 'ρ' => 'p',
            'ѕ' | '5' | '$' => 's',
            'т' | 'τ' | '7' => 't',
            'у' | 'υ' => 'u',
            'ν' => 'v',
            'х' | 'χ' => 'x',
            '3' => 'e',
            '4' | '@' => 'a',
            other => other,
        })
        .filter(char::is_ascii_lowercase)
        .collect()
}

/// Longest display name kept.
pub const MAX_NAME_CHARS: usize = 16;

/// A display name typed by a client: [hidden](is_hidden) characters
/// removed (a name is drawn on other players' screens), trimmed, at most
/// [`MAX_NAME_CHARS`]; `None` if nothing is left or the name is one only
/// the server gives ([`is_reserved`]: `cpu…`, `admin…`, `guest-…`), so the
/// caller falls back to the name it would give anyway.
pub fn clean_name(raw: &str) -> Option<String> {
    let name: String = raw
        .chars()
        .filter(|&c| !is_hidden(c))
        .take(MAX_NAME_CHARS)
        .collect();
    let name = name.trim();
    (!name.is_empty() && !is_reserved(name)).then(|| name.to_string())
}

/// The name the server gives the `n`th guest who chose none.
pub fn guest_name(n: u64) -> String {
    format!("guest-{n}")
}

/// Whether `name` is one the server gave a guest ([`guest_name`]): no
/// player can choose one (`guest` is [reserved](is_reserved)), so a guest
/// with such a name has not chosen yet.
pub fn is_given_guest_name(name: &str) -> bool {
    name.starts_with("guest-")
}

/// How a guest's identity id begins (the rest is random).
pub(crate) const GUEST_ID: &str = "guest:";

/// Whether an identity id is a guest's (no SSH key).
pub fn is_guest_id(id: &str) -> bool {
    id.starts_with(GUEST_ID)
}

/// A player's name as others see it: a guest is marked `name (guest)`,
/// unless the server named them (`guest-N`, which says so already and
/// which no player can choose); a bot is marked `name BOT`.
pub fn shown(id: &str, name: &str) -> String {
    if is_guest_id(id) && !is_given_guest_name(name) {
        format!("{name} (guest)")
    } else if super::bots::is_bot_id(id) {
        format!("{name} BOT")
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_characters_are_hidden() {
        for c in ['\u{202E}', '\u{202A}', '\u{2066}', '\u{200B}', '\u{200D}'] {
            assert!(is_hidden(c), "{:04X}", u32::from(c));
        }
        for c in ['\u{200E}', '\u{2060}', '\u{2064}', '\u{FEFF}', '\u{E0041}'] {
            assert!(is_hidden(c), "{:04X}", u32::from(c));
        }
        assert!(is_hidden('\u{2028}') && is_hidden('\u{1b}'));
        assert_eq!(visible("ev\u{202E}il\u{200B}"), "evil");
        assert_eq!(visible("将棋 ok-é"), "将棋 ok-é");
    }

    #[test]
    fn server_names_are_reserved() {
        for name in [
            "CPU (level 5)",
            "cpu",
            "Admin",
            "adm1n",
            "A D M I N",
            "banmen",
            "System",
            "server-bot",
            "guest-3",
            "g u e s t 3",
            "Guest",
            "moderator",
            "\u{0441}pu",
            "ＣＰＵ",
            "c.p.u.",
        ] {
            assert!(is_reserved(name), "{name}");
        }
        for name in ["alice", "tanaka", "将棋", "player-abc123", "the cpu", "bob"] {
            assert!(!is_reserved(name), "{name}");
        }
    }

    #[test]
    fn guests_are_marked() {
        assert_eq!(shown("guest:abc", "alice"), "alice (guest)");
        assert_eq!(shown("guest:abc", "guest-4"), "guest-4");
        assert_eq!(shown("key:SHA256:x", "alice"), "alice");
    }

    #[test]
    fn bots_are_marked_and_the_mark_is_theirs() {
        assert_eq!(shown("bot:randy", "randy"), "randy BOT");
        for name in ["alice BOT", "x-b0t", "eve_bot", "mallory  Bot "] {
            assert!(is_reserved(name), "{name}");
        }
        for name in ["Botvinnik", "abbot", "robot", "bot"] {
            assert!(!is_reserved(name), "{name}");
        }
    }
}
