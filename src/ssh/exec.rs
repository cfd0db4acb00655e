//! The commands a client may give instead of a shell
//! (`ssh -p 2222 play@host CMD`):
//!
//! - `join CODE`, `watch CODE`: open the UI at that room (needs `ssh -t`);
//! - `resume CODE`: a keyless player takes their seat back (needs `ssh -t`);
//! - `export GAME-ID [--format usi|kif]`: print a game record on stdout
//!   (KIF by default) and exit 0, or an error on stderr and exit 1; works
//!   without a terminal, for scripts.
//!
//! Anything else is a usage error (exit status 2).

use crate::hall::view::Entry;

/// Exit status of a usage error (as `banmen`'s own command line).
pub const USAGE_STATUS: u32 = 2;

/// The usage line shown with errors.
pub const USAGE: &str =
    "usage: join CODE | watch CODE | resume CODE | export GAME-ID [--format usi|kif]";

/// A parsed exec command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExecCommand {
    /// Open the UI at this entry.
    Open(Entry),
    /// Print a game record.
    Export {
        /// The game's id.
        game: String,
        /// `usi` or `kif`.
        format: String,
    },
}

/// Parses the command line a client sent; `Err` is a one-line message.
pub fn parse(raw: &[u8]) -> Result<ExecCommand, String> {
    let text = std::str::from_utf8(raw).map_err(|_| "the command is not UTF-8".to_string())?;
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["join", code] => Ok(ExecCommand::Open(Entry::Join(code.to_string()))),
        ["watch", code] => Ok(ExecCommand::Open(Entry::Watch(code.to_string()))),
        ["resume", code] => Ok(ExecCommand::Open(Entry::Resume(code.to_string()))),
        ["export", rest @ ..] => parse_export(rest),
        [] => Err(format!("no command; {USAGE}")),
        [first, ..] => Err(format!("unknown command {:?}; {USAGE}", clip(first))),
    }
}

fn parse_export(words: &[&str]) -> Result<ExecCommand, String> {
    let export = |game: &str, format: &str| ExecCommand::Export {
        game: game.to_string(),
        format: format.to_string(),
    };
    match words {
        [game] => Ok(export(game, "kif")),
        [game, "--format", format] | ["--format", format, game] => Ok(export(game, format)),
        [game, flag] if flag.starts_with("--format=") => Ok(export(game, &flag[9..])),
        _ => Err(format!("bad export arguments; {USAGE}")),
    }
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
        let usi = ExecCommand::Export {
            game: "g1".into(),
            format: "usi".into(),
        };
        assert_eq!(parse(b"export g1 --format usi"), Ok(usi.clone()));
        assert_eq!(parse(b"export --format usi g1"), Ok(usi.clone()));
        assert_eq!(parse(b"export g1 --format=usi"), Ok(usi));
        assert!(
            matches!(parse(b"export g1"), Ok(ExecCommand::Export { format, .. }) if format == "kif")
        );
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
            let err = parse(bad).unwrap_err();
            assert!(!err.contains('\n'), "{err}");
        }
        assert!(parse(b"\x1b[2Jx").unwrap_err().contains("[2Jx"));
    }
}
