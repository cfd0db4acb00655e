//! Who is an admin: the holders of the keys listed in an OpenSSH
//! `authorized_keys` file and/or in `config.toml`. Keys are compared by
//! their SHA-256 fingerprint (the key itself, whatever its comment). A line
//! with options before its key (`from="…"`, `command=…`, `no-pty`, …) is
//! refused: they would not be enforced, and an admin restricted by them
//! would silently not be.

use super::keys::fingerprint;
use russh::keys::PublicKey;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why the admin keys could not be loaded.
#[derive(Debug, Error)]
pub enum AdminKeysError {
    /// The `authorized_keys` file exists but could not be read.
    #[error("admin keys {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A line is not an `authorized_keys` key.
    #[error("admin keys {origin}: line {line}: {problem}")]
    BadLine {
        /// Where the line is: the file, or `[admin] keys`.
        origin: String,
        /// The line's number (from 1).
        line: usize,
        /// What is wrong with it.
        problem: KeyLineError,
    },
}

/// What is wrong with an `authorized_keys` line.
#[derive(Debug, Error)]
pub enum KeyLineError {
    /// No word names a key algorithm.
    #[error("no key algorithm (ssh-ed25519, ssh-rsa, ecdsa-…)")]
    NoAlgorithm,
    /// Options come before the key; they would not be enforced.
    #[error("options before the key ({0}) are not supported: remove them or the line")]
    Options(String),
    /// The algorithm is the last word.
    #[error("the key's data is missing")]
    NoData,
    /// The key does not read.
    #[error("{0}")]
    Key(#[from] russh::keys::ssh_key::Error),
}

/// The admins' keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AdminKeys {
    fingerprints: HashSet<String>,
}

impl AdminKeys {
    /// The keys of `file` (none if it does not exist) and the `extra`
    /// lines (`authorized_keys` lines from the config). An unreadable file
    /// or a line that is not a key is an error naming it.
    pub fn load(file: &Path, extra: &[String]) -> Result<AdminKeys, AdminKeysError> {
        let mut keys = AdminKeys::default();
        match std::fs::read_to_string(file) {
            Ok(text) => keys.add(&text, &file.display().to_string())?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => {
                return Err(AdminKeysError::Read {
                    path: file.to_path_buf(),
                    source,
                });
            }
        }
        for line in extra {
            keys.add(line, "[admin] keys")?;
        }
        Ok(keys)
    }

    /// Adds the keys of `authorized_keys` text; `source` names it in errors.
    pub fn add(&mut self, text: &str, source: &str) -> Result<(), AdminKeysError> {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let key = parse_line(line).map_err(|problem| AdminKeysError::BadLine {
                origin: source.to_string(),
                line: i + 1,
                problem,
            })?;
            self.fingerprints.insert(fingerprint(&key));
        }
        Ok(())
    }

    /// Whether `key` is an admin's.
    pub fn contains(&self, key: &PublicKey) -> bool {
        self.fingerprints.contains(&fingerprint(key))
    }

    /// How many keys there are.
    pub fn len(&self) -> usize {
        self.fingerprints.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.fingerprints.is_empty()
    }
}

/// The key of one `authorized_keys` line: `algorithm base64 [comment]`;
/// a line with options before the key is refused.
fn parse_line(line: &str) -> Result<PublicKey, KeyLineError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let algorithm = |w: &&str| ["ssh-", "ecdsa-", "sk-"].iter().any(|p| w.starts_with(p));
    let at = words
        .iter()
        .position(algorithm)
        .ok_or(KeyLineError::NoAlgorithm)?;
    if at > 0 {
        let options: String = words[0].chars().take(40).collect();
        return Err(KeyLineError::Options(options));
    }
    let data = words.get(at + 1).ok_or(KeyLineError::NoData)?;
    Ok(PublicKey::from_openssh(&format!("{} {data}", words[at]))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use russh::keys::PrivateKey;
    use russh::keys::ssh_key::private::Ed25519Keypair;

    fn key(seed: u8) -> PublicKey {
        PrivateKey::from(Ed25519Keypair::from_seed(&[seed; 32]))
            .public_key()
            .clone()
    }

    #[test]
    fn authorized_keys_lines_with_comments() {
        let line = key(1).to_openssh().expect("openssh");
        let text = format!("# admins\n\n{line} alice@laptop\n  {line}\n");
        let mut keys = AdminKeys::default();
        keys.add(&text, "test").expect("parses");
        assert!(keys.contains(&key(1)));
        assert!(!keys.contains(&key(2)));
        assert_eq!(keys.len(), 1);
    }

    #[test]
    fn lines_with_options_are_refused() {
        let line = key(1).to_openssh().expect("openssh");
        for options in ["from=\"10.0.0.1\"", "command=\"echo hi\"", "no-pty"] {
            let text = format!("# admins\n{options} {line} alice\n");
            let err = AdminKeys::default().add(&text, "f").unwrap_err();
            assert!(
                matches!(err, AdminKeysError::BadLine { line: 2, .. }),
                "{err}"
            );
            let first = options.split(' ').next().unwrap();
            assert_eq!(
                err.to_string(),
                format!(
                    "admin keys f: line 2: options before the key ({first}) are not supported: remove them or the line"
                )
            );
        }
        let err = AdminKeys::load(
            Path::new("/nonexistent/admins"),
            &[format!("from=\"10.0.0.1\" {line}")],
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("admin keys [admin] keys: line 1: options before the key"),
            "{err}"
        );
    }

    #[test]
    fn garbage_is_an_error_and_a_missing_file_is_no_admins() {
        let mut keys = AdminKeys::default();
        let err = keys.add("ssh-ed25519 not-base64!", "f").unwrap_err();
        assert!(
            matches!(err, AdminKeysError::BadLine { line: 1, .. }),
            "{err}"
        );
        let err = err.to_string();
        assert!(err.starts_with("admin keys f: line 1: "), "{err}");
        let err = keys
            .add("# admins\nno key here", "f")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "admin keys f: line 2: no key algorithm (ssh-ed25519, ssh-rsa, ecdsa-…)"
        );
        let none = AdminKeys::load(Path::new("/nonexistent/admins"), &[]).expect("no file");
        assert!(none.is_empty());
    }
}
