//! A stand-in hall for the tests: a russh server on a local port that
//! takes user `bot` with any key, writes a script of events in small
//! pieces (so lines cross packets), answers every command with `ok` and
//! hands it to the test. A command named `end_on` ends the session after
//! its `ok`; the next connection gets the script again.

use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey};
use russh::server::{self, Auth, ChannelOpenHandle, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::mpsc;

/// Bytes per data packet the hall writes.
const PIECE: usize = 7;

/// An Ed25519 key made from `seed`.
pub fn key(seed: u8) -> PrivateKey {
    PrivateKey::from(Ed25519Keypair::from_seed(&[seed; 32]))
}

/// A running stand-in hall.
pub struct Hall {
    /// Its port on 127.0.0.1.
    pub port: u16,
    /// Its host key's `SHA256:` fingerprint.
    pub fingerprint: String,
    /// The commands it received, in order, from every connection.
    pub commands: mpsc::UnboundedReceiver<Value>,
    /// Connections accepted so far (by the time a command is seen).
    pub connections: Arc<std::sync::atomic::AtomicUsize>,
}

/// Starts a hall that writes `script` to each connection and closes it
/// after the first `end_on` command.
pub async fn start(script: Vec<Value>, end_on: &'static str) -> Hall {
    let host_key = key(1);
    let fingerprint = host_key
        .public_key()
        .fingerprint(HashAlg::Sha256)
        .to_string();
    let config = Arc::new(server::Config {
        keys: vec![host_key],
        ..Default::default()
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (seen, commands) = mpsc::unbounded_channel();
    let connections = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = connections.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let handler = FakeHall {
                channel: None,
                input: Vec::new(),
                script: script.clone(),
                end_on,
                seen: seen.clone(),
            };
            let config = config.clone();
            tokio::spawn(async move {
                if let Ok(running) = server::run_stream(config, socket, handler).await {
                    let _ = running.await;
                }
            });
        }
    });
    Hall {
        port,
        fingerprint,
        commands,
        connections,
    }
}

/// One connection's side of the hall.
struct FakeHall {
    channel: Option<Channel<Msg>>,
    input: Vec<u8>,
    script: Vec<Value>,
    end_on: &'static str,
    seen: mpsc::UnboundedSender<Value>,
}

impl server::Handler for FakeHall {
    type Error = russh::Error;

    async fn auth_publickey(
        &mut self,
        user: &str,
        _: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(match user {
            "bot" => Auth::Accept,
            _ => Auth::reject(),
        })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channel = Some(channel);
        reply.accept().await;
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        let text: String = self.script.iter().map(|e| format!("{e}\n")).collect();
        for piece in text.as_bytes().chunks(PIECE) {
            session.data(channel, piece.to_vec())?;
        }
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input.extend_from_slice(data);
        while let Some(at) = self.input.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.input.drain(..=at).collect();
            let command: Value = serde_json::from_slice(&line).expect("a JSON line");
            let ok = json!({"event": "ok", "to": command["cmd"], "id": command["id"]});
            session.data(channel, format!("{ok}\n").into_bytes())?;
            let end = command["cmd"] == self.end_on;
            let _ = self.seen.send(command);
            if end {
                session.exit_status_request(channel, 0)?;
                session.eof(channel)?;
                session.close(channel)?;
            }
        }
        Ok(())
    }
}
