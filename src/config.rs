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
    /// A setting's value is refused (shown escaped: one line, however
    /// the value was written).
    #[error("{path}: {key} = {value:?}: {reason}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The setting, with its section: `[server] public_host`.
        key: &'static str,
        /// The value given.
        value: String,
        /// What a value must be.
        reason: &'static str,
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
    /// `[limits]`: what one address, connection, player and session may take.
    pub limits: LimitsConfig,
    /// `[cluster]`: this server as one node of a hall served by several.
    pub cluster: ClusterConfig,
}

/// `[cluster]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct ClusterConfig {
    /// This node's name, unique in the hall; empty: the only server of
    /// its hall.
    pub node: String,
    /// How long a node's lease (and so its rooms) outlives its last
    /// renewal.
    pub lease_seconds: u64,
}

impl Default for ClusterConfig {
    fn default() -> Self {
        ClusterConfig {
            node: String::new(),
            lease_seconds: 3,
        }
    }
}

/// `[limits]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct LimitsConfig {
    /// SSH connections open at once, in total.
    pub max_connections: usize,
    /// SSH connections open at once from one address.
    pub per_ip: usize,
    /// New connections from one address within a minute.
    pub new_per_ip_per_minute: usize,
    /// Authentication attempts per connection.
    pub auth_attempts: usize,
    /// Seconds a connection may take to authenticate before it is closed.
    pub auth_timeout_seconds: u64,
    /// Terminal sessions one player may have open at once.
    pub sessions_per_player: usize,
    /// Minutes without input after which a session in the lobby is closed.
    pub lobby_idle_minutes: u64,
    /// Input bytes per second a session may send (more is dropped).
    pub input_bytes_per_second: u32,
    /// Input bytes a session may send at once, such as a paste.
    pub input_burst_bytes: u32,
    /// Seconds between keepalives; three unanswered drop the connection.
    pub keepalive_seconds: u64,
    /// Minutes without any traffic after which a connection is dropped.
    pub idle_connection_minutes: u64,
    /// Failed joins or watches by invite code one address or player may
    /// make at once before being slowed.
    pub join_failures_free: u32,
    /// After those, failed joins or watches allowed per minute.
    pub join_failures_per_minute: u32,
    /// Open rooms one player (key or guest) may host.
    pub rooms_per_player: usize,
    /// Open rooms hosted from one address.
    pub rooms_per_ip: usize,
    /// Open rooms in the whole hall.
    pub max_rooms: usize,
    /// Game records one player may import in an hour.
    pub imports_per_player_hour: usize,
    /// Game records the whole hall takes in an hour.
    pub imports_per_hour: usize,
    /// Commands (exec and shell requests) one connection may make before
    /// it is closed.
    pub commands_per_connection: usize,
    /// Leading bits of an IPv6 address that count as one address for the
    /// per-address limits (1 to 128).
    #[serde(deserialize_with = "ipv6_prefix")]
    pub ipv6_prefix: u8,
    /// The widest screen drawn; a wider window is asked to shrink.
    pub max_columns: u16,
    /// The tallest screen drawn; a taller window is asked to shrink.
    pub max_rows: u16,
    /// Screen cells (columns × rows) the sessions of one address share.
    pub cells_per_ip: u64,
    /// The shortest time between two frames of one session, sustained.
    pub frame_ms: u64,
}

/// `ipv6_prefix`, refused with a message that names it and its range.
fn ipv6_prefix<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let n = i64::deserialize(d)?;
    u8::try_from(n)
        .ok()
        .filter(|n| (1..=128).contains(n))
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "[limits] ipv6_prefix = {n}: expected a prefix length, 1 to 128 \
                 (64: the clients of one /64 count as one address)"
            ))
        })
}

impl Default for LimitsConfig {
    fn default() -> Self {
        let l = crate::ssh::limits::Limits::default();
        let h = crate::hall::HallOptions::default();
        LimitsConfig {
            max_connections: l.max_connections,
            per_ip: l.per_ip,
            new_per_ip_per_minute: l.new_per_ip_per_minute,
            auth_attempts: l.auth_attempts,
            auth_timeout_seconds: l.auth_timeout.as_secs(),
            sessions_per_player: l.sessions_per_player,
            lobby_idle_minutes: l.lobby_idle.as_secs() / 60,
            input_bytes_per_second: l.input_bytes_per_second,
            input_burst_bytes: l.input_burst_bytes,
            keepalive_seconds: 30,
            idle_connection_minutes: 60,
            join_failures_free: h.join_failures_free,
            join_failures_per_minute: h.join_failures_per_minute,
            rooms_per_player: h.rooms_per_player,
            rooms_per_ip: h.rooms_per_ip,
            max_rooms: h.max_rooms,
            imports_per_player_hour: h.imports_per_player_hour,
            imports_per_hour: h.imports_per_hour,
            commands_per_connection: l.commands_per_connection,
            ipv6_prefix: l.ipv6_prefix,
            max_columns: l.max_size.0,
            max_rows: l.max_size.1,
            cells_per_ip: l.cells_per_ip,
            frame_ms: l.frame_interval.as_millis() as u64,
        }
    }
}

impl LimitsConfig {
    /// The server's limits.
    pub fn limits(&self) -> crate::ssh::limits::Limits {
        crate::ssh::limits::Limits {
            max_connections: self.max_connections,
            per_ip: self.per_ip,
            new_per_ip_per_minute: self.new_per_ip_per_minute,
            auth_attempts: self.auth_attempts,
            auth_timeout: std::time::Duration::from_secs(self.auth_timeout_seconds.max(1)),
            sessions_per_player: self.sessions_per_player,
            lobby_idle: std::time::Duration::from_secs(self.lobby_idle_minutes.saturating_mul(60)),
            input_bytes_per_second: self.input_bytes_per_second,
            input_burst_bytes: self.input_burst_bytes,
            commands_per_connection: self.commands_per_connection.max(1),
            ipv6_prefix: self.ipv6_prefix,
            max_size: (self.max_columns, self.max_rows),
            cells_per_ip: self.cells_per_ip,
            frame_interval: std::time::Duration::from_millis(self.frame_ms),
        }
    }
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
    /// The host name players type, in the commands shown to them; empty:
    /// the listen address, or this machine's name when listening on all.
    pub public_host: String,
    /// The port players connect to, in the commands shown to them; 0: the
    /// port the server listens on.
    #[serde(deserialize_with = "public_port")]
    pub public_port: u16,
}

/// `public_port`, refused with a message that names it (toml's own says
/// only "expected u16").
fn public_port<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u16, D::Error> {
    let n = i64::deserialize(d)?;
    u16::try_from(n).map_err(|_| {
        serde::de::Error::custom(format!(
            "[server] public_port = {n}: expected 0 (the port listened on) or a port, 1 to 65535"
        ))
    })
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            listen: "0.0.0.0".to_string(),
            port: 2222,
            host_key: PathBuf::from("keys/host_ed25519"),
            public_host: String::new(),
            public_port: 0,
        }
    }
}

impl ServerConfig {
    /// Why `public_host` is refused, if it is: it is pasted into players'
    /// shells as part of `ssh … play@HOST`, so only a host name or an IP
    /// address (letters, digits, `.`, `-`, `_`, `:`) passes.
    fn public_host_problem(&self) -> Option<&'static str> {
        let host = self.public_host.as_str();
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ':');
        if host.is_empty() {
            None
        } else if host.len() > 253 {
            Some("a host name has at most 253 characters")
        } else if !host.chars().all(allowed) || host.starts_with(['-', '.']) {
            Some(
                "expected a host name or IP address (letters, digits, '.', '-', '_', ':'), \
                 or \"\" for this machine's name",
            )
        } else {
            None
        }
    }
}

/// `[storage]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct StorageConfig {
    /// Where the hall is stored: on this disk, or in NATS JetStream.
    pub backend: BackendName,
    /// Directory of the sled database.
    pub data_dir: PathBuf,
    /// The NATS server (`backend = "nats"`).
    pub nats_url: String,
    /// A NATS credentials file; empty for none.
    pub nats_credentials: PathBuf,
    /// Copies NATS keeps of the hall's stream and buckets.
    #[serde(deserialize_with = "replicas")]
    pub replicas: usize,
}

/// `[storage] backend`.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum BackendName {
    /// sled in `data_dir`.
    #[default]
    Sled,
    /// NATS JetStream at `nats_url`.
    Nats,
}

/// `replicas`, refused with a message that names it and its range.
fn replicas<'de, D: serde::Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    let n = i64::deserialize(d)?;
    usize::try_from(n)
        .ok()
        .filter(|n| (1..=5).contains(n))
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "[storage] replicas = {n}: expected 1 to 5 (1 for one NATS server, 3 in a cluster)"
            ))
        })
}

impl Default for StorageConfig {
    fn default() -> Self {
        StorageConfig {
            backend: BackendName::Sled,
            data_dir: PathBuf::from("./data"),
            nats_url: "nats://127.0.0.1:4222".into(),
            nats_credentials: PathBuf::new(),
            replicas: 1,
        }
    }
}

impl Config {
    /// The store `[storage]` names, as node `[cluster] node` of its hall
    /// when one is named.
    pub fn store_backend(&self) -> crate::store::Backend {
        match self.storage.backend() {
            crate::store::Backend::Nats(mut options) if !self.cluster.node.is_empty() => {
                let lease = std::time::Duration::from_secs(self.cluster.lease_seconds);
                options.node = Some((self.cluster.node.clone(), lease));
                crate::store::Backend::Nats(options)
            }
            other => other,
        }
    }
}

impl StorageConfig {
    /// The store these settings name.
    pub fn backend(&self) -> crate::store::Backend {
        use crate::store::{Backend, nats_store::NatsOptions};
        match self.backend {
            BackendName::Sled => Backend::Sled(self.data_dir.clone()),
            BackendName::Nats => {
                let mut options = NatsOptions::new(&self.nats_url);
                options.replicas = self.replicas;
                let credentials = &self.nats_credentials;
                options.credentials =
                    (!credentials.as_os_str().is_empty()).then(|| credentials.clone());
                Backend::Nats(options)
            }
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
    /// Hours a room nobody is in lives without activity when no person
    /// has moved in it.
    pub abandoned_hours: u64,
}

impl Default for SeatsConfig {
    fn default() -> Self {
        SeatsConfig {
            grace_seconds: 60,
            expire_days: 7,
            abandoned_hours: 6,
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
            abandoned_ms: self.seats.abandoned_hours.saturating_mul(3600 * 1000),
            rooms_per_player: self.limits.rooms_per_player,
            rooms_per_ip: self.limits.rooms_per_ip,
            max_rooms: self.limits.max_rooms,
            think_ms: self.cpu.think_ms,
            join_failures_free: self.limits.join_failures_free,
            join_failures_per_minute: self.limits.join_failures_per_minute,
            imports_per_player_hour: self.limits.imports_per_player_hour,
            imports_per_hour: self.limits.imports_per_hour,
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

    /// Parses the text of a config file and checks the values toml's
    /// types do not; `path` only names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: path.to_path_buf(),
            message: one_line(&e),
        })?;
        if let Some(reason) = config.server.public_host_problem() {
            return Err(ConfigError::Invalid {
                path: path.to_path_buf(),
                key: "[server] public_host",
                value: config.server.public_host,
                reason,
            });
        }
        let attempts = [
            (
                "[limits] join_failures_free",
                config.limits.join_failures_free,
                "expected at least 1 failed attempt before slowing down",
            ),
            (
                "[limits] join_failures_per_minute",
                config.limits.join_failures_per_minute,
                "expected 1 to 60 attempts a minute",
            ),
        ];
        for (key, n, reason) in attempts {
            let bad = n == 0 || (key.ends_with("per_minute") && n > 60);
            if bad {
                return Err(ConfigError::Invalid {
                    path: path.to_path_buf(),
                    key,
                    value: n.to_string(),
                    reason,
                });
            }
        }
        config.rooms_problem(path)?;
        config.screen_problem(path)?;
        config.cluster_problem(path)?;
        Ok(config)
    }

    /// `[cluster]`: a node needs NATS, a plain name, and a lease of 2 to
    /// 60 seconds (renewed every third of it).
    fn cluster_problem(&self, path: &Path) -> Result<(), ConfigError> {
        let c = &self.cluster;
        let invalid = |key, value: String, reason| ConfigError::Invalid {
            path: path.to_path_buf(),
            key,
            value,
            reason,
        };
        let plain = |ch: char| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_';
        if c.node.len() > 32 || !c.node.chars().all(plain) {
            let reason = "expected up to 32 letters, digits, - and _";
            return Err(invalid("[cluster] node", c.node.clone(), reason));
        }
        if !c.node.is_empty() && self.storage.backend != BackendName::Nats {
            let reason = "a node of a hall needs [storage] backend = \"nats\"";
            return Err(invalid("[cluster] node", c.node.clone(), reason));
        }
        if !(2..=60).contains(&c.lease_seconds) {
            let reason = "expected 2 to 60 seconds";
            return Err(invalid(
                "[cluster] lease_seconds",
                c.lease_seconds.to_string(),
                reason,
            ));
        }
        Ok(())
    }

    /// Screens: at least one 80×24 screen per address and a maximum that
    /// holds it, at most 1000×1000 (a screen buffer's cost grows with it);
    /// frames 1 ms to 1 s apart.
    fn screen_problem(&self, path: &Path) -> Result<(), ConfigError> {
        let l = &self.limits;
        let settings = [
            (
                "[limits] max_columns",
                u64::from(l.max_columns),
                80..=1000,
                "expected 80 to 1000",
            ),
            (
                "[limits] max_rows",
                u64::from(l.max_rows),
                24..=1000,
                "expected 24 to 1000",
            ),
            (
                "[limits] cells_per_ip",
                l.cells_per_ip,
                1920..=u64::from(u32::MAX),
                "expected at least 1920 (one 80×24 screen)",
            ),
            (
                "[limits] frame_ms",
                l.frame_ms,
                1..=1000,
                "expected 1 to 1000 milliseconds",
            ),
        ];
        match settings.into_iter().find(|(_, n, ok, _)| !ok.contains(n)) {
            Some((key, n, _, reason)) => Err(ConfigError::Invalid {
                path: path.to_path_buf(),
                key,
                value: n.to_string(),
                reason,
            }),
            None => Ok(()),
        }
    }

    /// The room limits and the abandoned time must be at least 1: a 0
    /// would refuse every room, or close a game the moment its player's
    /// connection drops.
    fn rooms_problem(&self, path: &Path) -> Result<(), ConfigError> {
        let l = &self.limits;
        let settings = [
            ("[limits] rooms_per_player", l.rooms_per_player as u64),
            ("[limits] rooms_per_ip", l.rooms_per_ip as u64),
            ("[limits] max_rooms", l.max_rooms as u64),
            ("[seats] abandoned_hours", self.seats.abandoned_hours),
        ];
        match settings.into_iter().find(|(_, n)| *n == 0) {
            Some((key, n)) => Err(ConfigError::Invalid {
                path: path.to_path_buf(),
                key,
                value: n.to_string(),
                reason: "expected at least 1",
            }),
            None => Ok(()),
        }
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
    fn join_failure_limits_are_checked() {
        let c = parse("[limits]\njoin_failures_free = 3\njoin_failures_per_minute = 2\n").unwrap();
        assert_eq!(c.hall_options().join_failures_free, 3);
        assert_eq!(c.hall_options().join_failures_per_minute, 2);
        assert_eq!(Config::default().hall_options().join_failures_free, 10);
        for bad in [
            "join_failures_free = 0",
            "join_failures_per_minute = 0",
            "join_failures_per_minute = 61",
        ] {
            let err = parse(&format!("[limits]\n{bad}\n"))
                .unwrap_err()
                .to_string();
            assert!(err.contains("[limits] join_failures_"), "{err}");
            assert!(!err.contains('\n'), "{err}");
        }
    }

    #[test]
    fn room_limits_are_read_and_checked() {
        let text = "[limits]\nrooms_per_player = 2\nrooms_per_ip = 3\nmax_rooms = 4\n\
                    [seats]\nabandoned_hours = 5\n";
        let o = parse(text).unwrap().hall_options();
        assert_eq!((o.rooms_per_player, o.rooms_per_ip, o.max_rooms), (2, 3, 4));
        assert_eq!(o.abandoned_ms, 5 * 3600 * 1000);
        let d = Config::default().hall_options();
        assert_eq!(
            (d.rooms_per_player, d.rooms_per_ip, d.max_rooms),
            (5, 20, 10_000)
        );
        assert_eq!(d.abandoned_ms, 6 * 3600 * 1000);
        for bad in [
            "[limits]\nrooms_per_player = 0",
            "[limits]\nrooms_per_ip = 0",
            "[limits]\nmax_rooms = 0",
            "[seats]\nabandoned_hours = 0",
        ] {
            let err = parse(bad).unwrap_err().to_string();
            let key = bad.replace('\n', " ").replace(" = 0", "");
            assert!(err.contains(&key) && err.contains("at least 1"), "{err}");
            assert!(!err.contains('\n'), "{err}");
        }
        assert!(parse("[limits]\nrooms_per_ip = -1\n").is_err());
    }

    #[test]
    fn ipv6_prefix_and_commands_per_connection() {
        let c = parse("[limits]\nipv6_prefix = 48\ncommands_per_connection = 7\n").unwrap();
        assert_eq!(c.limits.limits().ipv6_prefix, 48);
        assert_eq!(c.limits.limits().commands_per_connection, 7);
        assert_eq!(Config::default().limits.limits().ipv6_prefix, 64);
        assert_eq!(Config::default().limits.commands_per_connection, 100);
        for bad in ["0", "129", "256", "-1"] {
            let err = parse(&format!("[limits]\nipv6_prefix = {bad}\n"))
                .unwrap_err()
                .to_string();
            let start = format!("config.toml: [limits] ipv6_prefix = {bad}: ");
            assert!(err.starts_with(&start), "{err}");
            assert!(err.contains("1 to 128") && !err.contains('\n'), "{err}");
        }
        let err = parse("[limits]\nipv6_prefix = \"64\"\n").unwrap_err();
        assert!(!err.to_string().contains('\n'), "{err}");
    }

    #[test]
    fn screen_limits_are_read_and_checked() {
        let text =
            "[limits]\nmax_columns = 200\nmax_rows = 60\ncells_per_ip = 50000\nframe_ms = 20\n";
        let l = parse(text).unwrap().limits.limits();
        assert_eq!(l.max_size, (200, 60));
        assert_eq!(l.cells_per_ip, 50_000);
        assert_eq!(l.frame_interval, std::time::Duration::from_millis(20));
        for bad in [
            "max_columns = 79",
            "max_rows = 2000",
            "cells_per_ip = 100",
            "frame_ms = 0",
        ] {
            let err = parse(&format!("[limits]\n{bad}\n"))
                .unwrap_err()
                .to_string();
            let key = bad.split(' ').next().unwrap();
            assert!(err.contains(&format!("[limits] {key}")), "{err}");
            assert!(!err.contains('\n'), "one line: {err}");
        }
        assert!(parse("[limits]\nmax_rows = 70000\n").is_err());
    }

    #[test]
    fn a_node_needs_nats_a_plain_name_and_a_lease_in_range() {
        let nats = "[storage]\nbackend = \"nats\"\n";
        let c = parse(&format!(
            "{nats}[cluster]\nnode = \"b-2\"\nlease_seconds = 4\n"
        ))
        .unwrap();
        let crate::store::Backend::Nats(options) = c.store_backend() else {
            panic!("a NATS backend");
        };
        let lease = std::time::Duration::from_secs(4);
        assert_eq!(options.node, Some(("b-2".to_string(), lease)));
        assert!(parse("").unwrap().cluster.node.is_empty());
        for (bad, key) in [
            ("[cluster]\nnode = \"a\"\n".to_string(), "[cluster] node"),
            (
                format!("{nats}[cluster]\nnode = \"a.b\"\n"),
                "[cluster] node",
            ),
            (
                format!("{nats}[cluster]\nlease_seconds = 1\n"),
                "[cluster] lease_seconds",
            ),
        ] {
            let err = parse(&bad).unwrap_err().to_string();
            assert!(err.contains(key), "{err}");
            assert!(!err.contains('\n'), "one line: {err}");
        }
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
    fn public_host_and_port() {
        let c = parse("[server]\npublic_host = \"games.example\"\npublic_port = 22\n").unwrap();
        assert_eq!(c.server.public_host, "games.example");
        assert_eq!(c.server.public_port, 22);
        let d = Config::default();
        assert_eq!(
            (d.server.public_host.as_str(), d.server.public_port),
            ("", 0)
        );
        for ok in [
            "192.0.2.7",
            "2001:db8::1",
            "shogi-club.example.org",
            "my_box",
        ] {
            let text = format!("[server]\npublic_host = {ok:?}\n");
            assert_eq!(parse(&text).unwrap().server.public_host, ok);
        }
        // As written in TOML (its escapes, not Rust's).
        for bad in [
            r#""games example""#,
            r#""games.example\n""#,
            r#""\u001b[2Jgames""#,
            r#""-oProxyCommand=x""#,
            r#""host;rm""#,
            r#""ホスト""#,
        ] {
            let text = format!("[server]\npublic_host = {bad}\n");
            let err = parse(&text).unwrap_err().to_string();
            assert!(
                err.starts_with("config.toml: [server] public_host = "),
                "{err}"
            );
            assert!(!err.contains(['\n', '\u{1b}']), "{err}");
        }
        for bad in ["public_port = 65536", "public_port = -1"] {
            let text = format!("[server]\n{bad}\n");
            let err = parse(&text).unwrap_err().to_string();
            let start = format!("config.toml: [server] {bad}: ");
            assert!(err.starts_with(&start), "{err}");
            assert!(err.contains("1 to 65535") && !err.contains('\n'), "{err}");
        }
        let err = parse("[server]\npublic_port = \"x\"\n").unwrap_err();
        let err = err.to_string();
        assert!(
            err.starts_with("config.toml: ") && !err.contains('\n'),
            "{err}"
        );
        assert!(parse("[server]\npublic_hostname = \"x\"\n").is_err());
    }

    #[test]
    fn a_missing_file_is_the_defaults() {
        let c = Config::load(Path::new("/nonexistent/banmen.toml")).unwrap();
        assert_eq!(c, Config::default());
    }
}
