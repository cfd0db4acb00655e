//! The commands a client may give instead of a shell
//! (`ssh -p 2222 play@host CMD`):
//!
//! - `join CODE`, `watch CODE`: open the UI at that room (needs `ssh -t`);
//! - `resume CODE`: a keyless player takes their seat back (needs `ssh -t`);
//! - `review GAME-ID`: open the review of a finished game (needs `ssh -t`);
//! - `export GAME-ID [--format FORMAT]`: print a game record on stdout
//!   (the game's usual one by default: KIF in UTF-8, SFEN4, PGN4; `kif`
//!   is written in CP932, see [`export_bytes`]) and exit 0, or an error on
//!   stderr and exit 1; works without a terminal, for scripts;
//! - `import < FILE`: read a record (KIF in UTF-8 or CP932, KIFU, CSA, USI)
//!   from standard input and keep it as a finished game of the player's,
//!   printing its id (see `docs/records.md`);
//! - admins only (`ssh -p 2222 admin@host …`): `logs [--follow] [--room ID]
//!   [--game ID] [--since TIME] [--json]`, `rooms [--json]`, `close ROOM`,
//!   `stats [--json]`, `ratings rebuild` (see `admin.rs`).
//!
//! Any of them may carry `--lang LANG` (or `--lang=LANG`), before or after
//! its words: the language of what it prints for people (see
//! [`CommandLine::lang`]). Records print as their format defines them
//! whatever the language.
//!
//! Anything else is a usage error (exit status 2), one line in the
//! player's language (`locales/*/exec.ftl`).

use crate::hall::view::Entry;
use crate::i18n::{Lang, Msg};
use crate::msg;

/// Exit status of a usage error (as `banmen`'s own command line).
pub const USAGE_STATUS: u32 = 2;

/// The bytes `export` writes for a record asked in `format`: a `kif` in
/// CP932 with CRLF line ends, as a `.kif` file is by convention (Japanese
/// GUIs refuse or garble it in UTF-8); any other record as it is, ending
/// with a line end.
pub fn export_bytes(format: Option<&str>, mut record: String) -> Vec<u8> {
    if format == Some("kif") {
        return crate::rules::shogi::kif::to_cp932(&record);
    }
    if !record.ends_with('\n') {
        record.push('\n');
    }
    record.into_bytes()
}

/// Why a command line was refused: one line, ending with the usage it
/// broke, and without control characters (a word of the client's is
/// echoed clipped, cleaned and quoted). Its words are in the catalogs
/// ([`ExecError::msg`]); `Display` gives the English ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExecError {
    /// The command line is not UTF-8.
    NotUtf8,
    /// The command line is empty.
    NoCommand,
    /// The first word is no command (the word, clipped and cleaned).
    UnknownCommand(String),
    /// An admin command with arguments it does not take.
    AdminArguments,
    /// `export` with arguments it does not take.
    ExportArguments,
    /// A `logs` flag given without its value (the flag).
    MissingValue(String),
    /// A `logs` option that does not exist (clipped and cleaned).
    UnknownLogsOption(String),
    /// `--lang` as the last word, without a language.
    LangMissing,
    /// `--lang` naming no language the hall speaks (clipped and cleaned).
    UnknownLang(String),
}

impl ExecError {
    /// What to tell the client, in any language.
    pub fn msg(&self) -> Msg {
        let usage = || msg!("exec-usage");
        let admin_usage = || msg!("exec-admin-usage");
        match self {
            ExecError::NotUtf8 => msg!("exec-not-utf8"),
            ExecError::NoCommand => msg!("exec-no-command", usage = usage()),
            ExecError::UnknownCommand(word) => {
                msg!("exec-unknown-command", word = quoted(word), usage = usage())
            }
            ExecError::AdminArguments => msg!("exec-bad-arguments", usage = admin_usage()),
            ExecError::ExportArguments => msg!("exec-bad-export-arguments", usage = usage()),
            ExecError::MissingValue(flag) => {
                msg!("exec-missing-value", flag = flag, usage = admin_usage())
            }
            ExecError::UnknownLogsOption(option) => msg!(
                "exec-unknown-logs-option",
                option = quoted(option),
                usage = admin_usage()
            ),
            ExecError::LangMissing => msg!("exec-lang-missing"),
            ExecError::UnknownLang(lang) => msg!("exec-unknown-lang", lang = quoted(lang)),
        }
    }
}

impl std::fmt::Display for ExecError {
    /// The message in English (for logs and tests).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Lang::En.text(&self.msg()))
    }
}

impl std::error::Error for ExecError {}

/// What `logs` was asked for (the time as typed: it is read against the
/// hall's clock when the command runs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogsArgs {
    /// Keep streaming new lines.
    pub follow: bool,
    /// Only this room.
    pub room: Option<String>,
    /// Only this game.
    pub game: Option<String>,
    /// Only lines since this time or age.
    pub since: Option<String>,
    /// JSON lines instead of text.
    pub json: bool,
}

/// An admin command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdminCommand {
    /// The journal.
    Logs(LogsArgs),
    /// The rooms; JSON lines when `true`.
    Rooms(bool),
    /// Close a room by id or invite code.
    Close(String),
    /// The hall's figures; JSON when `true`.
    Stats(bool),
    /// Recompute every rating from the rated games.
    RebuildRatings,
    /// Register a bot: its name and its public key's line.
    AddBot(String, String),
    /// The registered bots; JSON lines when `true`.
    Bots(bool),
    /// Forget a bot.
    RemoveBot(String),
}

/// A parsed exec command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExecCommand {
    /// Open the UI at this entry.
    Open(Entry),
    /// Print a game record.
    Export {
        /// The game's id.
        game: String,
        /// The format asked for (`--format`); `None`: the game's usual
        /// record (KIF for two-player shogi).
        format: Option<String>,
    },
    /// Read a game record from standard input and keep it as a finished
    /// game in the player's history.
    Import,
    /// An admin command (refused unless the key is an admin's).
    Admin(AdminCommand),
}

/// A command line as the client sent it: the language asked for and the
/// command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// The language `--lang` asked for (it wins over the player's saved
    /// one and the client's locale); `None` when not given, or when it
    /// named no language (then `command` says so).
    pub lang: Option<Lang>,
    /// The command, or why the line was refused.
    pub command: Result<ExecCommand, ExecError>,
}

/// Parses the command line a client sent: `--lang` anywhere in it (before
/// or after the command's words), and the command.
pub fn parse_line(raw: &[u8]) -> CommandLine {
    let refused = |e| CommandLine {
        lang: None,
        command: Err(e),
    };
    let Ok(text) = std::str::from_utf8(raw) else {
        return refused(ExecError::NotUtf8);
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    match take_lang(words) {
        Ok((lang, words)) => CommandLine {
            lang,
            command: parse_words(&words),
        },
        Err(e) => refused(e),
    }
}

/// Parses the command line a client sent; `Err` is a one-line message.
/// A `--lang` in it is checked and left out (see [`parse_line`]).
pub fn parse(raw: &[u8]) -> Result<ExecCommand, ExecError> {
    parse_line(raw).command
}

/// Takes `--lang LANG` and `--lang=LANG` out of `words` (the last one
/// given wins): the language, and the other words in their order. A
/// value naming no language is refused (echoed clipped and cleaned: it
/// may be huge or hold escape sequences).
fn take_lang(words: Vec<&str>) -> Result<(Option<Lang>, Vec<&str>), ExecError> {
    let mut lang = None;
    let mut rest = Vec::with_capacity(words.len());
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let value = match word.strip_prefix("--lang") {
            Some("") => words.next().ok_or(ExecError::LangMissing)?,
            Some(tail) if tail.starts_with('=') => &tail[1..],
            _ => {
                rest.push(word);
                continue;
            }
        };
        let chosen = Lang::parse(value).ok_or_else(|| ExecError::UnknownLang(clip(value)))?;
        lang = Some(chosen);
    }
    Ok((lang, rest))
}

/// The command the words (without `--lang`) ask for.
fn parse_words(words: &[&str]) -> Result<ExecCommand, ExecError> {
    match words {
        // An invite code may come in groups with spaces: `join K7QX M2P9 TD`.
        ["join", code @ ..] if !code.is_empty() => {
            Ok(ExecCommand::Open(Entry::Join(code.concat())))
        }
        ["watch", code @ ..] if !code.is_empty() => {
            Ok(ExecCommand::Open(Entry::Watch(code.concat())))
        }
        ["resume", code] => Ok(ExecCommand::Open(Entry::Resume(code.to_string()))),
        ["review", id] => Ok(ExecCommand::Open(Entry::Review(id.to_string()))),
        ["export", rest @ ..] => parse_export(rest),
        ["import"] => Ok(ExecCommand::Import),
        ["logs", rest @ ..] => parse_logs(rest).map(|a| ExecCommand::Admin(AdminCommand::Logs(a))),
        ["rooms"] => Ok(ExecCommand::Admin(AdminCommand::Rooms(false))),
        ["rooms", "--json"] => Ok(ExecCommand::Admin(AdminCommand::Rooms(true))),
        ["close", room] => Ok(ExecCommand::Admin(AdminCommand::Close(room.to_string()))),
        ["stats"] => Ok(ExecCommand::Admin(AdminCommand::Stats(false))),
        ["stats", "--json"] => Ok(ExecCommand::Admin(AdminCommand::Stats(true))),
        ["ratings", "rebuild"] => Ok(ExecCommand::Admin(AdminCommand::RebuildRatings)),
        ["bots", "add", name, key @ ..] => match key.join(" ").trim_matches('"').trim() {
            "" => Err(ExecError::AdminArguments),
            key => Ok(ExecCommand::Admin(AdminCommand::AddBot(
                name.to_string(),
                key.to_string(),
            ))),
        },
        ["bots"] | ["bots", "list"] => Ok(ExecCommand::Admin(AdminCommand::Bots(false))),
        ["bots", "list", "--json"] => Ok(ExecCommand::Admin(AdminCommand::Bots(true))),
        ["bots", "remove", name] => Ok(ExecCommand::Admin(AdminCommand::RemoveBot(
            name.to_string(),
        ))),
        ["rooms" | "close" | "stats" | "ratings" | "bots", ..] => Err(ExecError::AdminArguments),
        [] => Err(ExecError::NoCommand),
        [first, ..] => Err(ExecError::UnknownCommand(clip(first))),
    }
}

fn parse_export(words: &[&str]) -> Result<ExecCommand, ExecError> {
    let export = |game: &str, format: Option<&str>| ExecCommand::Export {
        game: game.to_string(),
        format: format.map(str::to_string),
    };
    match words {
        [game] => Ok(export(game, None)),
        [game, "--format", format] | ["--format", format, game] => Ok(export(game, Some(format))),
        [game, flag] if flag.starts_with("--format=") => Ok(export(game, Some(&flag[9..]))),
        _ => Err(ExecError::ExportArguments),
    }
}

/// `logs`'s flags, in any order; `--flag=value` works too.
fn parse_logs(words: &[&str]) -> Result<LogsArgs, ExecError> {
    let mut args = LogsArgs::default();
    let mut words = words.iter().flat_map(|w| match w.split_once('=') {
        Some((flag, value)) if flag.starts_with("--") => vec![flag, value],
        _ => vec![*w],
    });
    while let Some(word) = words.next() {
        let mut value = |flag: &str| {
            words
                .next()
                .map(str::to_string)
                .ok_or_else(|| ExecError::MissingValue(flag.to_string()))
        };
        match word {
            "--follow" | "-f" => args.follow = true,
            "--json" => args.json = true,
            "--room" => args.room = Some(value(word)?),
            "--game" => args.game = Some(value(word)?),
            "--since" => args.since = Some(value(word)?),
            other => return Err(ExecError::UnknownLogsOption(clip(other))),
        }
    }
    Ok(args)
}

/// Keeps an echoed word short and printable.
fn clip(word: &str) -> String {
    word.chars().filter(|c| !c.is_control()).take(32).collect()
}

/// A clipped word as messages echo it: quoted, with anything that could
/// move the cursor or turn text around escaped (`"\u{202e}"`).
fn quoted(word: &str) -> String {
    format!("{word:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        assert_eq!(
            parse(b"join ABC123"),
            Ok(ExecCommand::Open(Entry::Join("ABC123".into())))
        );
        assert_eq!(
            parse(b" watch  xyz "),
            Ok(ExecCommand::Open(Entry::Watch("xyz".into())))
        );
        assert_eq!(
            parse(b"review ab12cd-3-xyz789"),
            Ok(ExecCommand::Open(Entry::Review("ab12cd-3-xyz789".into())))
        );
        assert_eq!(
            parse(b"join k7qx m2p9 td"),
            Ok(ExecCommand::Open(Entry::Join("k7qxm2p9td".into())))
        );
        let usi = ExecCommand::Export {
            game: "g1".into(),
            format: Some("usi".into()),
        };
        assert_eq!(parse(b"export g1 --format usi"), Ok(usi.clone()));
        assert_eq!(parse(b"export --format usi g1"), Ok(usi.clone()));
        assert_eq!(parse(b"export g1 --format=usi"), Ok(usi));
        assert!(matches!(
            parse(b"export g1"),
            Ok(ExecCommand::Export { format: None, .. })
        ));
    }

    #[test]
    fn bad_commands_are_one_line_errors() {
        for bad in [
            &b"rm -rf /"[..],
            b"",
            b"join",
            b"export",
            b"export a b c",
            b"\xff",
        ] {
            let err = parse(bad).unwrap_err().to_string();
            assert!(!err.contains('\n'), "{err}");
        }
        let echoed = parse(b"\x1b[2Jx").unwrap_err().to_string();
        assert!(
            echoed.contains("[2Jx") && !echoed.contains('\x1b'),
            "{echoed}"
        );
    }

    #[test]
    fn admin_commands_parse() {
        let logs = |raw: &[u8]| match parse(raw) {
            Ok(ExecCommand::Admin(AdminCommand::Logs(args))) => args,
            other => panic!("{other:?}"),
        };
        assert_eq!(logs(b"logs"), LogsArgs::default());
        let all = logs(b"logs -f --room abc --game=abc-2 --since 10m --json");
        assert!(all.follow && all.json);
        assert_eq!(all.room.as_deref(), Some("abc"));
        assert_eq!(all.game.as_deref(), Some("abc-2"));
        assert_eq!(all.since.as_deref(), Some("10m"));
        assert!(parse(b"logs --room").is_err());
        assert!(parse(b"logs --bogus").is_err());
        assert_eq!(
            parse(b"close XYZ"),
            Ok(ExecCommand::Admin(AdminCommand::Close("XYZ".into())))
        );
        assert_eq!(
            parse(b"stats --json"),
            Ok(ExecCommand::Admin(AdminCommand::Stats(true)))
        );
        assert!(parse(b"rooms please").is_err());
        assert!(parse(b"close").is_err());
    }

    #[test]
    fn lang_is_taken_before_or_after_the_command() {
        let export = ExecCommand::Export {
            game: "g-1".into(),
            format: None,
        };
        for raw in [
            &b"--lang ja export g-1"[..],
            b"export g-1 --lang ja",
            b"export g-1 --lang=ja",
            b"--lang=ja_JP.UTF-8 export g-1",
            b"--lang pl --lang ja export g-1",
        ] {
            let line = parse_line(raw);
            assert_eq!(line.lang, Some(Lang::Ja), "{raw:?}");
            assert_eq!(line.command, Ok(export.clone()), "{raw:?}");
        }
        let usi = parse_line(b"export g-1 --format usi --lang tl");
        assert_eq!(usi.lang, Some(Lang::Tl));
        assert!(
            matches!(usi.command, Ok(ExecCommand::Export { format: Some(f), .. }) if f == "usi")
        );
        let join = parse_line(b"--lang=pl join K7QX M2P9");
        assert_eq!(join.lang, Some(Lang::Pl));
        assert_eq!(
            join.command,
            Ok(ExecCommand::Open(Entry::Join("K7QXM2P9".into())))
        );
        let none = parse_line(b"export g-1");
        assert_eq!((none.lang, none.command), (None, Ok(export)));
        // A language alone is still no command.
        let alone = parse_line(b"--lang ja");
        assert_eq!(
            (alone.lang, alone.command),
            (Some(Lang::Ja), Err(ExecError::NoCommand))
        );
        // Words that merely start alike are the command's.
        assert_eq!(
            parse(b"--language ja"),
            Err(ExecError::UnknownCommand("--language".into()))
        );
    }

    #[test]
    fn a_bad_lang_is_a_one_line_error() {
        let huge = format!("export g-1 --lang {}", "x".repeat(100_000));
        for raw in [
            &b"export g-1 --lang"[..],
            b"--lang",
            b"--lang xx export g-1",
            b"--lang= export g-1",
            b"--lang export g-1",
            b"join ABC --lang C",
            huge.as_bytes(),
            "export g-1 --lang=ja\u{1b}[2J\u{202e}x".as_bytes(),
        ] {
            let line = parse_line(raw);
            assert_eq!(line.lang, None, "{raw:?}");
            let err = line.command.unwrap_err();
            assert!(
                matches!(err, ExecError::LangMissing | ExecError::UnknownLang(_)),
                "{err:?}"
            );
            for lang in Lang::ALL {
                let text = lang.text(&err.msg());
                assert!(
                    !text.contains('\n') && !text.chars().any(char::is_control),
                    "{text:?}"
                );
                assert!(text.contains("--lang"), "{text}");
                assert!(text.len() < 400, "{} long", text.len());
                assert!(!text.contains('\u{202e}'), "{text:?}");
            }
        }
        assert_eq!(parse(b"--lang"), Err(ExecError::LangMissing));
        assert_eq!(
            parse(b"--lang xx join ABC"),
            Err(ExecError::UnknownLang("xx".into()))
        );
    }

    #[test]
    fn errors_read_in_each_language() {
        let unknown = parse(b"frobnicate").unwrap_err();
        assert!(
            unknown
                .to_string()
                .starts_with("unknown command \"frobnicate\"; usage: ")
        );
        let ja = Lang::Ja.text(&unknown.msg());
        assert!(
            ja.contains("\"frobnicate\"") && ja.contains("使い方"),
            "{ja}"
        );
        let pl = Lang::Pl.text(&ExecError::ExportArguments.msg());
        assert!(pl.contains("export") && pl.contains("użycie"), "{pl}");
    }
}
