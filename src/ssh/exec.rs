//! The commands a client may give instead of a shell
//! (`ssh -p 2222 play@host CMD`):
//!
//! - `join CODE`, `watch CODE`: open the UI at that room (needs `ssh -t`);
//! - `resume CODE`: a keyless player takes their seat back (needs `ssh -t`);
//! - `export GAME-ID [--format FORMAT]`: print a game record on stdout
//!   (the game's usual one by default: KIF, SFEN4, PGN4) and exit 0, or an error on stderr and exit 1; works
//!   without a terminal, for scripts;
//! - admins only (`ssh -p 2222 admin@host …`): `logs [--follow] [--room ID]
//!   [--game ID] [--since TIME] [--json]`, `rooms [--json]`, `close ROOM`,
//!   `stats [--json]`, `ratings rebuild` (see `admin.rs`).
//!
//! Anything else is a usage error (exit status 2).

use crate::hall::view::Entry;
use thiserror::Error;

/// Exit status of a usage error (as `banmen`'s own command line).
pub const USAGE_STATUS: u32 = 2;

/// The usage line shown with errors.
pub const USAGE: &str =
    "usage: join CODE | watch CODE | resume CODE | export GAME-ID [--format FORMAT]";

/// The admin commands' usage line.
pub const ADMIN_USAGE: &str = "admin usage: logs [--follow] [--room ID] [--game ID] \
     [--since TIME] [--json] | rooms [--json] | close ROOM | stats [--json] | ratings rebuild";

/// Why a command line was refused: one line, ending with the usage it
/// broke, and without control characters (a word of the client's is
/// echoed clipped and cleaned).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExecError {
    /// The command line is not UTF-8.
    #[error("the command is not UTF-8")]
    NotUtf8,
    /// The command line is empty.
    #[error("no command; {USAGE}")]
    NoCommand,
    /// The first word is no command (the word, clipped and cleaned).
    #[error("unknown command {0:?}; {USAGE}")]
    UnknownCommand(String),
    /// An admin command with arguments it does not take.
    #[error("bad arguments; {ADMIN_USAGE}")]
    AdminArguments,
    /// `export` with arguments it does not take.
    #[error("bad export arguments; {USAGE}")]
    ExportArguments,
    /// A `logs` flag given without its value (the flag).
    #[error("{0} needs a value; {ADMIN_USAGE}")]
    MissingValue(String),
    /// A `logs` option that does not exist (clipped and cleaned).
    #[error("unknown logs option {0:?}; {ADMIN_USAGE}")]
    UnknownLogsOption(String),
}

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
    /// An admin command (refused unless the key is an admin's).
    Admin(AdminCommand),
}

/// Parses the command line a client sent; `Err` is a one-line message.
pub fn parse(raw: &[u8]) -> Result<ExecCommand, ExecError> {
    let text = std::str::from_utf8(raw).map_err(|_| ExecError::NotUtf8)?;
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        // An invite code may come in groups with spaces: `join K7QX M2P9 TD`.
        ["join", code @ ..] if !code.is_empty() => {
            Ok(ExecCommand::Open(Entry::Join(code.concat())))
        }
        ["watch", code @ ..] if !code.is_empty() => {
            Ok(ExecCommand::Open(Entry::Watch(code.concat())))
        }
        ["resume", code] => Ok(ExecCommand::Open(Entry::Resume(code.to_string()))),
        ["export", rest @ ..] => parse_export(rest),
        ["logs", rest @ ..] => parse_logs(rest).map(|a| ExecCommand::Admin(AdminCommand::Logs(a))),
        ["rooms"] => Ok(ExecCommand::Admin(AdminCommand::Rooms(false))),
        ["rooms", "--json"] => Ok(ExecCommand::Admin(AdminCommand::Rooms(true))),
        ["close", room] => Ok(ExecCommand::Admin(AdminCommand::Close(room.to_string()))),
        ["stats"] => Ok(ExecCommand::Admin(AdminCommand::Stats(false))),
        ["stats", "--json"] => Ok(ExecCommand::Admin(AdminCommand::Stats(true))),
        ["ratings", "rebuild"] => Ok(ExecCommand::Admin(AdminCommand::RebuildRatings)),
        ["rooms" | "close" | "stats" | "ratings", ..] => Err(ExecError::AdminArguments),
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
}
