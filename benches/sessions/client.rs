//! The players: in-process russh clients, one connection and one
//! interactive channel (pty 80×24, shell) each, with `vt100` keeping what
//! the player's screen shows.

use russh::client::{self, Handle};
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::{Channel, ChannelMsg};
use std::net::SocketAddr;
use std::num::NonZeroU16;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// Bound on every single wait of the setup (connect, auth, first frame).
pub const WAIT: Duration = Duration::from_secs(20);

/// Terminal size of every session.
pub const COLS: u16 = 80;
pub const ROWS: u16 = 24;

/// Trusts any host key (a benchmark against its own server).
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// One player: the connection, its channel and the screen.
pub struct Player {
    /// Kept so the connection stays open.
    _handle: Handle<Trusting>,
    channel: Channel<client::Msg>,
    pub screen: vt100::Parser,
}

/// What one read of the channel brought.
pub enum Read {
    /// Output bytes (already applied to the screen); their count.
    Data(usize),
    /// Nothing before the deadline.
    Timeout,
    /// The channel closed or the server said something unexpected.
    Closed,
}

/// A distinct Ed25519 key per player, so each is its own identity.
fn player_key(n: u32) -> PrivateKey {
    let mut seed = [7u8; 32];
    seed[..4].copy_from_slice(&n.to_le_bytes());
    PrivateKey::from(Ed25519Keypair::from_seed(&seed))
}

impl Player {
    /// Connects as player `n`, opens a pty and a shell, and waits until the
    /// screen shows `ready` (the first frame).
    pub async fn connect(addr: SocketAddr, n: u32, ready: &str) -> Result<Player, String> {
        Player::connect_command(addr, n, None, ready).await
    }

    /// [`Player::connect`], running `command` (such as `join CODE`) with
    /// the pty instead of a shell when given.
    pub async fn connect_command(
        addr: SocketAddr,
        n: u32,
        command: Option<&str>,
        ready: &str,
    ) -> Result<Player, String> {
        tokio::time::timeout(WAIT, Self::connect_inner(addr, n, command, ready))
            .await
            .map_err(|_| format!("player {n}: setup timed out"))?
    }

    async fn connect_inner(
        addr: SocketAddr,
        n: u32,
        command: Option<&str>,
        ready: &str,
    ) -> Result<Player, String> {
        let err = |what: &str, e: russh::Error| format!("player {n}: {what}: {e}");
        let config = Arc::new(client::Config {
            // As OpenSSH does for interactive sessions: no Nagle delay.
            nodelay: true,
            ..Default::default()
        });
        let mut handle = client::connect(config, addr, Trusting)
            .await
            .map_err(|e| err("connect", e))?;
        let key = PrivateKeyWithHashAlg::new(Arc::new(player_key(n)), None);
        let auth = handle
            .authenticate_publickey(format!("bench{n}"), key)
            .await
            .map_err(|e| err("auth", e))?;
        if !auth.success() {
            return Err(format!("player {n}: key refused"));
        }
        let channel = handle
            .channel_open_session()
            .await
            .map_err(|e| err("channel", e))?;
        channel
            .request_pty(true, "xterm-256color", COLS.into(), ROWS.into(), 0, 0, &[])
            .await
            .map_err(|e| err("pty", e))?;
        match command {
            Some(command) => channel.exec(true, command).await,
            None => channel.request_shell(true).await,
        }
        .map_err(|e| err("shell", e))?;
        let mut player = Player {
            _handle: handle,
            channel,
            screen: vt100::Parser::new(
                NonZeroU16::new(ROWS).expect("rows"),
                NonZeroU16::new(COLS).expect("cols"),
                0,
            ),
        };
        let deadline = Instant::now() + WAIT;
        while !player.text().contains(ready) {
            if let Read::Closed | Read::Timeout = player.read(deadline).await {
                return Err(format!("player {n}: no first frame:\n{}", player.text()));
            }
        }
        Ok(player)
    }

    /// Reads one message (or gives up at `deadline`).
    pub async fn read(&mut self, deadline: Instant) -> Read {
        loop {
            match tokio::time::timeout_at(deadline, self.channel.wait()).await {
                Err(_) => return Read::Timeout,
                Ok(Some(ChannelMsg::Data { data })) => {
                    self.screen.process(&data);
                    return Read::Data(data.len());
                }
                Ok(Some(ChannelMsg::Close | ChannelMsg::Eof) | None) => return Read::Closed,
                Ok(Some(_)) => {}
            }
        }
    }

    /// Sends bytes as if typed.
    pub async fn send(&self, bytes: &[u8]) -> Result<(), String> {
        self.channel
            .data_bytes(bytes.to_vec())
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// The screen as text.
    pub fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// The screen row whose text starts with the selection marker `> `.
    pub fn selected_row(&self) -> Option<usize> {
        self.text()
            .lines()
            .position(|l| l.trim_start().starts_with("> "))
    }
}
