//! Server settings read from `config.toml` (every key optional, every key
//! documented in the file at the top of the repository). Unknown keys are
//! refused so that a typo is an error rather than a silently ignored setting.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why the configuration could not be loaded.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file exists but could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not valid TOML or has unknown or mistyped keys.
    #[error("{path}: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// toml's message, folded onto one line.
        message: String,
    },
}

/// Every setting of `banmen serve`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// `[server]`: where to listen and the host key.
    pub server: ServerConfig,
    /// `[storage]`: where data lives.
    pub storage: StorageConfig,
    /// `[seats]`: how long seats wait for players who left.
    pub seats: SeatsConfig,
    /// `[cpu]`: the CPU that plays for absent players.
    pub cpu: CpuConfig,
    /// `[admin]`: whose keys may use the admin commands.
    pub admin: AdminConfig,
    /// `[log]`: the server's own log on stderr.
    pub log: LogConfig,
}

/// `[admin]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct AdminConfig {
    /// An OpenSSH `authorized_keys` file of admin keys (may be missing).
    pub authorized_keys: PathBuf,
    /// More admin keys, one `authorized_keys` line each.
    pub keys: Vec<String>,
}

impl Default for AdminConfig {
    fn default() -> Self {
        AdminConfig {
            authorized_keys: PathBuf::from("keys/admin_authorized_keys"),
            keys: Vec::new(),
        }
    }
}

/// `[log]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// A `tracing` filter (`info`, `debug`, `banmen=debug,russh=warn`);
    /// `RUST_LOG` overrides it.
    pub level: String,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            level: "info".to_string(),
        }
    }
}

/// `[server]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct ServerConfig {
    /// Address to listen on.
    pub listen: String,
    /// SSH port.
    pub port: u16,
    /// Ed25519 host key file (OpenSSH format), created on first start.
    pub host_key: PathBuf,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            listen: "0.0.0.0".to_string(),
            port: 2222,
            host_key: PathBuf::from("keys/host_ed25519"),
        }
    }
}

/// `[storage]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct StorageConfig {
    /// Directory of the database.
    pub data_dir: PathBuf,
}

impl Default for StorageConfig {
    fn default() -> Self {
        StorageConfig {
            data_dir: PathBuf::from("./data"),
        }
    }
}

/// `[seats]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct SeatsConfig {
    /// Seconds a disconnected player's seat waits before the CPU plays.
    pub grace_seconds: u64,
    /// Days a room nobody is in lives without activity.
    pub expire_days: u64,
}

impl Default for SeatsConfig {
    fn default() -> Self {
        SeatsConfig {
            grace_seconds: 60,
            expire_days: 7,
        }
    }
}

/// `[cpu]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct CpuConfig {
    /// Strength of the takeover CPU (1 = beginner).
    pub takeover_level: u8,
    /// Milliseconds the CPU thinks about a move at the strongest level.
    pub think_ms: u64,
}

impl Default for CpuConfig {
    fn default() -> Self {
        CpuConfig {
            takeover_level: 3,
            think_ms: 1000,
        }
    }
}

impl Config {
    /// The hall's timings from `[seats]` and `[cpu]`.
    pub fn hall_options(&self) -> crate::hall::HallOptions {
        crate::hall::HallOptions {
            takeover_level: self.cpu.takeover_level,
            grace_ms: self.seats.grace_seconds.saturating_mul(1000),
            expire_ms: self.seats.expire_days.saturating_mul(24 * 3600 * 1000),
            think_ms: self.cpu.think_ms,
        }
    }

    /// Reads `path`; a missing file means the defaults.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Config::parse(&text, path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Config::default()),
            Err(source) => Err(ConfigError::Read {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Parses the text of a config file; `path` only names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: path.to_path_buf(),
            message: one_line(&e),
        })
    }
}

/// toml's errors span several lines (with a source excerpt); keep the
/// message and the position.
fn one_line(e: &toml::de::Error) -> String {
    let message = e.message().trim().replace('\n', " ");
    match e.span() {
        Some(span) => format!("{message} (at byte {})", span.start),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(text, Path::new("config.toml"))
    }

    #[test]
    fn empty_file_is_the_defaults() {
        let c = parse("").unwrap();
        assert_eq!(c, Config::default());
        assert_eq!(c.server.port, 2222);
        assert_eq!(c.server.listen, "0.0.0.0");
        assert_eq!(c.server.host_key, PathBuf::from("keys/host_ed25519"));
        assert_eq!(c.seats.grace_seconds, 60);
        assert_eq!(c.cpu.takeover_level, 3);
        assert_eq!(c.log.level, "info");
        assert!(c.admin.keys.is_empty());
    }

    #[test]
    fn partial_sections_keep_the_other_defaults() {
        let c = parse("[server]\nport = 2299\n").unwrap();
        assert_eq!(c.server.port, 2299);
        assert_eq!(c.server.listen, "0.0.0.0");
        assert_eq!(c.storage.data_dir, PathBuf::from("./data"));
    }

    #[test]
    fn the_shipped_config_is_the_defaults() {
        let text = include_str!("../config.toml");
        assert_eq!(parse(text).unwrap(), Config::default());
    }

    #[test]
    fn unknown_keys_are_refused_on_one_line() {
        let err = parse("[server]\nprot = 1\n").unwrap_err().to_string();
        assert!(err.starts_with("config.toml: "), "{err}");
        assert!(err.contains("prot"), "{err}");
        assert!(!err.contains('\n'), "{err}");
        assert!(parse("[nope]\n").is_err());
    }

    #[test]
    fn malformed_values_name_the_file() {
        let err = parse("[server]\nport = \"x\"\n").unwrap_err().to_string();
        assert!(err.starts_with("config.toml: "), "{err}");
        assert!(!err.contains('\n'), "{err}");
        assert!(parse("[server\n").is_err());
    }

    #[test]
    fn a_missing_file_is_the_defaults() {
        let c = Config::load(Path::new("/nonexistent/banmen.toml")).unwrap();
        assert_eq!(c, Config::default());
    }
}
