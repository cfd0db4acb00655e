//! The connection to the hall: SSH as user `bot` with the bot's key, a
//! shell channel without a terminal, JSON lines both ways (docs/bots.md
//! §2).

use super::lines::{LineBuffer, TooLong};
use russh::keys::{HashAlg, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{ChannelMsg, Disconnect, client};
use serde_json::Value;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use thiserror::Error;
use tokio::time::timeout;

/// Time to connect, log in and open the channel.
const CONNECT_WAIT: Duration = Duration::from_secs(30);
/// The longest line read from the hall (a four-player `legal` list is a
/// few kilobytes).
const MAX_LINE: usize = 1 << 20;

/// Why a connection failed.
#[derive(Debug, Error)]
pub enum LinkError {
    /// SSH failed (network, handshake, host key refused).
    #[error("{0}")]
    Ssh(#[from] russh::Error),
    /// The hall did not answer in time.
    #[error("no answer from the hall in time")]
    Timeout,
    /// The key was not accepted for user `bot`.
    #[error("the hall refused the key for user bot")]
    Refused,
}

/// Reads the bot's private key (it must not be passphrase-protected: the
/// bridge runs unattended).
pub fn load_key(path: &Path) -> Result<Arc<PrivateKey>, String> {
    russh::keys::load_secret_key(path, None)
        .map(Arc::new)
        .map_err(|e| format!("cannot read the key {}: {e}", path.display()))
}

/// The hall's host key as the bridge trusts it: the one given with
/// `--known-host-key`, else the first one seen; after that a different key
/// is refused, as `ssh` refuses a changed host key.
#[derive(Debug, Clone, Default)]
pub struct HostKey(Arc<Mutex<Option<String>>>);

impl HostKey {
    /// Trusts `fingerprint` (`SHA256:…`, the prefix may be left out) only,
    /// or the first key seen when `None`.
    pub fn new(fingerprint: Option<&str>) -> HostKey {
        let known = fingerprint.map(|f| match f.strip_prefix("SHA256:") {
            Some(_) => f.to_string(),
            None => format!("SHA256:{f}"),
        });
        HostKey(Arc::new(Mutex::new(known)))
    }

    /// Whether the key with this fingerprint is the hall's.
    pub fn check(&self, fingerprint: &str) -> bool {
        let mut known = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match known.as_deref() {
            Some(trusted) if trusted == fingerprint => true,
            Some(trusted) => {
                tracing::error!(%trusted, seen = %fingerprint, "the hall's host key is not the one trusted");
                false
            }
            None => {
                tracing::info!(host_key = %fingerprint, "trusting the hall's host key");
                *known = Some(fingerprint.to_string());
                true
            }
        }
    }
}

/// Where to connect and as whom.
#[derive(Debug, Clone)]
pub struct Target {
    /// The hall's host.
    pub host: String,
    /// Its SSH port.
    pub port: u16,
    /// The bot's key.
    pub key: Arc<PrivateKey>,
    /// The host key trusted.
    pub host_key: HostKey,
}

/// russh's client side: checks the host key.
struct Trust(HostKey);

impl client::Handler for Trust {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        let fingerprint = match key {
            PublicKeyOrCertificate::PublicKey { key, .. } => key.fingerprint(HashAlg::Sha256),
            PublicKeyOrCertificate::Certificate(cert) => {
                cert.public_key().fingerprint(HashAlg::Sha256)
            }
        };
        Ok(self.0.check(&fingerprint.to_string()))
    }
}

/// An open bot connection.
pub struct Link {
    session: client::Handle<Trust>,
    channel: russh::Channel<client::Msg>,
    lines: LineBuffer,
}

impl Link {
    /// Connects, logs in as `bot` and asks for the bot protocol (a shell
    /// without a terminal), all within [`CONNECT_WAIT`].
    pub async fn connect(target: &Target) -> Result<Link, LinkError> {
        timeout(CONNECT_WAIT, Link::open(target))
            .await
            .map_err(|_| LinkError::Timeout)?
    }

    async fn open(target: &Target) -> Result<Link, LinkError> {
        let config = Arc::new(client::Config {
            // A hall that vanished without closing is noticed in minutes.
            keepalive_interval: Some(Duration::from_secs(30)),
            keepalive_max: 3,
            inactivity_timeout: None,
            ..Default::default()
        });
        let address = (target.host.as_str(), target.port);
        let trust = Trust(target.host_key.clone());
        let mut session = client::connect(config, address, trust).await?;
        let hash = match target.key.algorithm().is_rsa() {
            true => session.best_supported_rsa_hash().await?.flatten(),
            false => None,
        };
        let key = PrivateKeyWithHashAlg::new(target.key.clone(), hash);
        if !session.authenticate_publickey("bot", key).await?.success() {
            return Err(LinkError::Refused);
        }
        let channel = session.channel_open_session().await?;
        channel.request_shell(true).await?;
        Ok(Link {
            session,
            channel,
            lines: LineBuffer::new(MAX_LINE),
        })
    }

    /// The next event, `None` when the connection is over. Lines that are
    /// not JSON objects are logged and passed over. Cancel-safe: bytes
    /// read stay in the buffer for the next call.
    pub async fn next_event(&mut self) -> Option<Value> {
        loop {
            while let Some(line) = self.lines.next_line() {
                match line.map(|l| (serde_json::from_str::<Value>(&l), l)) {
                    Ok((Ok(event), line)) if event.is_object() => {
                        tracing::trace!("< {line}");
                        return Some(event);
                    }
                    Ok((_, line)) => tracing::warn!("not a JSON object from the hall: {line}"),
                    Err(TooLong) => tracing::warn!("a line too long from the hall was dropped"),
                }
            }
            match self.channel.wait().await? {
                ChannelMsg::Data { data } => self.lines.push(&data),
                ChannelMsg::ExtendedData { data, .. } => {
                    tracing::warn!("hall: {}", String::from_utf8_lossy(&data).trim_end());
                }
                ChannelMsg::ExitStatus { exit_status } => {
                    tracing::info!(exit_status, "the hall ended the session");
                }
                ChannelMsg::Eof | ChannelMsg::Close => return None,
                _ => {}
            }
        }
    }

    /// Writes one command as a JSON line.
    pub async fn send(&self, command: &Value) -> Result<(), LinkError> {
        tracing::debug!("> {command}");
        let mut line = command.to_string().into_bytes();
        line.push(b'\n');
        Ok(self.channel.data_bytes(line).await?)
    }

    /// Says goodbye: the end of the channel's input, then the SSH
    /// disconnect.
    pub async fn close(self) {
        let _ = self.channel.eof().await;
        let _ = self
            .session
            .disconnect(Disconnect::ByApplication, "bye", "en")
            .await;
    }
}

#[cfg(test)]
#[path = "link_tests.rs"]
mod hall_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_host_key_is_trusted_then_held_to() {
        let host_key = HostKey::new(None);
        assert!(host_key.check("SHA256:abc"));
        assert!(host_key.check("SHA256:abc"));
        assert!(!host_key.check("SHA256:xyz"));
    }

    #[test]
    fn a_given_host_key_is_the_only_one_trusted() {
        for given in ["SHA256:abc", "abc"] {
            let host_key = HostKey::new(Some(given));
            assert!(!host_key.check("SHA256:xyz"));
            assert!(host_key.check("SHA256:abc"));
        }
    }

    #[test]
    fn a_missing_key_file_is_a_clear_error() {
        let err = load_key(Path::new("/nonexistent/bot_key")).unwrap_err();
        assert!(err.contains("/nonexistent/bot_key"), "{err}");
    }
}
