//! The server's host key and the identities of players' keys.
//!
//! The host key is an Ed25519 key in OpenSSH format (so `ssh-keygen -lf`
//! reads it), created with mode 0600 on first start and reused afterwards:
//! a new key on every start would make every client's `known_hosts` cry
//! "REMOTE HOST IDENTIFICATION HAS CHANGED".

use crate::hall::Identity;
use crate::hall::names::clean_name;
use russh::keys::ssh_key::{LineEnding, private::Ed25519Keypair};
use russh::keys::{HashAlg, PrivateKey, PublicKey};
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why the host key could not be loaded or created.
#[derive(Debug, Error)]
pub enum KeyError {
    /// Reading, creating or writing the file failed.
    #[error("host key {path}: {source}")]
    Io {
        /// The key file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not an OpenSSH private key we can use.
    #[error("host key {path}: {message}")]
    Format {
        /// The key file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
}

/// Loads the host key at `path`, creating it (and its directory) first if
/// there is none. Returns the key and whether it was created.
pub fn load_or_create_host_key(path: &Path) -> Result<(PrivateKey, bool), KeyError> {
    let io = |source| KeyError::Io {
        path: path.to_path_buf(),
        source,
    };
    let format = |e: &dyn std::fmt::Display| KeyError::Format {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    match std::fs::read_to_string(path) {
        Ok(text) => PrivateKey::from_openssh(text.as_bytes())
            .map(|k| (k, false))
            .map_err(|e| format(&e)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = PrivateKey::from(Ed25519Keypair::from_seed(&rand::random()));
            let text = key.to_openssh(LineEnding::LF).map_err(|e| format(&e))?;
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(io)?;
            }
            write_private(path, text.as_bytes()).map_err(io)?;
            Ok((key, true))
        }
        Err(e) => Err(io(e)),
    }
}

/// Creates `path` readable by its owner only; never overwrites a file.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// `SHA256:…`, as `ssh-keygen -l` prints it.
pub fn fingerprint(key: &PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

/// The identity of a player who proved they hold `key`. The display name is
/// the SSH user name, unless it is the generic `play`, in which case a
/// short name is derived from the fingerprint (stable for that key).
pub fn key_identity(user: &str, key: &PublicKey) -> Identity {
    let fp = fingerprint(key);
    let name = clean_name(user)
        .filter(|n| n != "play")
        .unwrap_or_else(|| name_from_fingerprint(&fp));
    Identity {
        id: format!("key:{fp}"),
        name,
        keyed: true,
    }
}

/// `player-` and the first six letters or digits of the fingerprint's hash.
fn name_from_fingerprint(fp: &str) -> String {
    let hash = fp.strip_prefix("SHA256:").unwrap_or(fp);
    let short: String = hash
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(6)
        .collect();
    format!("player-{short}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::names::MAX_NAME_CHARS;

    #[test]
    fn names_come_from_the_user_unless_it_is_play() {
        let key = PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]));
        let alice = key_identity("alice", key.public_key());
        assert_eq!(alice.name, "alice");
        assert!(alice.id.starts_with("key:SHA256:"));
        assert!(alice.keyed);
        let play = key_identity("play", key.public_key());
        assert_eq!(play.id, alice.id);
        assert!(play.name.starts_with("player-"), "{}", play.name);
        assert_eq!(play.name.len(), "player-".len() + 6);
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("  bob\x1b[2J "), Some("bob[2J".to_string()));
        assert_eq!(clean_name("\t\n"), None);
        assert_eq!(clean_name(&"x".repeat(40)).unwrap().len(), MAX_NAME_CHARS);
    }

    #[test]
    fn format_characters_are_removed_from_names() {
        let rtl = "bob\u{202E}evil\u{200B}\u{2060}\u{FEFF}";
        assert_eq!(clean_name(rtl), Some("bobevil".to_string()));
        assert_eq!(clean_name("\u{200B}\u{200F}"), None);
    }

    #[test]
    fn reserved_names_are_refused() {
        for name in [
            "CPU (level 5)",
            "admin",
            "Banmen",
            "guest-2",
            "Ｓｙｓｔｅｍ",
        ] {
            assert_eq!(clean_name(name), None, "{name}");
        }
        assert_eq!(clean_name("alice"), Some("alice".to_string()));
        // A keyed player who asks for a reserved name gets the key's.
        let key = PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]));
        let cpu = key_identity("cpu", key.public_key());
        assert!(cpu.name.starts_with("player-"), "{}", cpu.name);
    }
}
