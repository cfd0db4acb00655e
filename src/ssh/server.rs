//! The listener: binds the port, loads the host key, accepts connections
//! (within [`Limits`]: in total and per address) and runs one russh
//! handler per connection until shutdown.
//!
//! Shutdown: the caller's future resolves (SIGINT/SIGTERM in `serve`);
//! the accept loop stops, every session sees the shutdown signal, shows
//! [`super::session::SHUTDOWN_NOTICE`] in a last frame, restores the
//! player's terminal and closes its channel; then (or after
//! [`DRAIN_TIMEOUT`] at most) the connection is disconnected.

use super::admins::AdminKeys;
use super::app::{AppFactory, SessionApp};
use super::handler::{Handler, offered_methods};
use super::keys::{KeyError, fingerprint, load_or_create_host_key};
use super::limits::{Admitted, Gate, Limits, address_group};
use super::screen::ScreenCells;
use crate::hall::Hall;
use crate::hall::admin::Counted;
use crate::hall::view::ServerAddress;
use crate::i18n::Lang;
use russh::keys::PrivateKey;
use std::marker::PhantomData;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use thiserror::Error;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

/// How long shutdown waits for sessions to say goodbye.
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a new connection may take to finish the SSH handshake start.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(20);

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The host key could not be loaded or created.
    #[error(transparent)]
    Key(#[from] KeyError),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// `listen:port`.
        addr: String,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    /// Address to listen on.
    pub listen: String,
    /// Port (0: any free port, see [`Listening::local_addr`]).
    pub port: u16,
    /// Host key file, created if missing.
    pub host_key: PathBuf,
    /// How players reach the server, for the commands shown to them (see
    /// [`ServerOptions::set_public`]; a port of 0 becomes the bound port).
    pub address: ServerAddress,
    /// What an address, a connection, a player and a session may take.
    pub limits: Limits,
    /// Keepalive interval; three unanswered keepalives drop the connection
    /// (freeing the player's seat for the grace timer).
    pub keepalive: Duration,
    /// A connection with no traffic at all for this long is dropped.
    pub inactivity_timeout: Duration,
    /// The keys that may use the admin commands and screen.
    pub admins: AdminKeys,
}

impl ServerOptions {
    /// Defaults for everything but where to listen and the key.
    pub fn new(listen: &str, port: u16, host_key: PathBuf) -> ServerOptions {
        ServerOptions {
            listen: listen.to_string(),
            port,
            host_key,
            address: ServerAddress {
                host: public_host(listen),
                port,
            },
            limits: Limits::default(),
            keepalive: Duration::from_secs(30),
            inactivity_timeout: Duration::from_secs(3600),
            admins: AdminKeys::default(),
        }
    }

    /// The host and port players type (`[server] public_host` and
    /// `public_port`), for when they differ from the listen address and
    /// port: a name in DNS, a firewall or NAT forwarding another port.
    /// An empty `host` or a `port` of 0 keeps what [`ServerOptions::new`]
    /// chose.
    pub fn set_public(&mut self, host: &str, port: u16) {
        if !host.is_empty() {
            self.address.host = host.to_string();
        }
        if port != 0 {
            self.address.port = port;
        }
    }
}

/// The host name shown in invite commands: the listen address if it is a
/// specific one, else this machine's name.
fn public_host(listen: &str) -> String {
    if listen != "0.0.0.0" && listen != "::" {
        return listen.to_string();
    }
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".to_string())
}

/// What every connection of one server shares (cheap to clone via `Arc`).
pub(crate) struct Shared<A, F> {
    pub(crate) hall: Hall,
    pub(crate) factory: F,
    pub(crate) address: ServerAddress,
    pub(crate) shutdown: watch::Receiver<bool>,
    pub(crate) admins: AdminKeys,
    pub(crate) limits: Limits,
    /// The screen cells each address's sessions hold.
    pub(crate) cells: Arc<ScreenCells>,
    guests: AtomicU64,
    _app: PhantomData<fn() -> A>,
}

impl<A, F> Shared<A, F> {
    /// The next guest number (1, 2, …).
    pub(crate) fn next_guest(&self) -> u64 {
        self.guests.fetch_add(1, Ordering::Relaxed) + 1
    }
}

/// A bound, not yet serving, server.
pub struct Listening {
    listener: TcpListener,
    key: PrivateKey,
    options: ServerOptions,
    /// Whether the host key was created by this start.
    pub key_created: bool,
}

/// Binds the port and loads (or creates) the host key. Commands shown to
/// players name the bound port when [`ServerOptions::address`]'s is 0.
pub async fn bind(mut options: ServerOptions) -> Result<Listening, ServeError> {
    let (key, key_created) = load_or_create_host_key(&options.host_key)?;
    let addr = format!("{}:{}", options.listen, options.port);
    let listener = TcpListener::bind(&addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    if options.address.port == 0 {
        if let Ok(bound) = listener.local_addr() {
            options.address.port = bound.port();
        }
    }
    Ok(Listening {
        listener,
        key,
        options,
        key_created,
    })
}

impl Listening {
    /// The bound address (to learn the port when binding port 0).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// How players reach the server, as the commands shown to them say.
    pub fn public_address(&self) -> &ServerAddress {
        &self.options.address
    }

    /// The host key's `SHA256:` fingerprint, for the log.
    pub fn host_fingerprint(&self) -> String {
        fingerprint(self.key.public_key())
    }

    /// Serves until `shutdown` resolves, then drains the sessions.
    pub async fn run<A, F>(self, hall: Hall, factory: F, shutdown: impl Future<Output = ()>)
    where
        A: SessionApp,
        F: AppFactory<A>,
    {
        let (stop_tx, stop_rx) = watch::channel(false);
        hall.spawn_ticker();
        let max = self.options.limits.max_connections.max(1);
        let gate = Gate::new(&self.options.limits);
        let shared = Arc::new(Shared {
            hall,
            factory,
            address: self.options.address.clone(),
            shutdown: stop_rx,
            admins: self.options.admins.clone(),
            limits: self.options.limits.clone(),
            cells: ScreenCells::new(
                self.options.limits.cells_per_ip,
                self.options.limits.max_size,
            ),
            guests: AtomicU64::new(0),
            _app: PhantomData,
        });
        let config = Arc::new(self.russh_config());
        let slots = Arc::new(Semaphore::new(max));
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                // SIGINT/SIGTERM (or the test's signal): stop accepting.
                _ = &mut shutdown => break,
                accepted = self.listener.accept() => match accepted {
                    Ok((socket, peer)) => {
                        let Ok(permit) = slots.clone().try_acquire_owned() else {
                            tracing::warn!(%peer, "connection limit reached; refused");
                            continue;
                        };
                        // Per address (an IPv6 client by its prefix): closed
                        // before the handshake costs anything (debug only: a
                        // flood must not flood the log).
                        let group = address_group(peer.ip(), shared.limits.ipv6_prefix);
                        let elsewhere = shared.hall.connections_elsewhere(group);
                        let now = std::time::Instant::now();
                        let admitted = match gate.admit_with(group, now, elsewhere) {
                            Ok(admitted) => admitted,
                            Err(why) => {
                                tracing::debug!(%peer, ?why, "connection refused");
                                continue;
                            }
                        };
                        let peer = Peer { addr: peer, group };
                        let counted = shared.hall.count_connection_from(group);
                        let slots = (permit, admitted, counted);
                        let conn = connection(socket, peer, config.clone(), shared.clone(), slots);
                        tokio::spawn(conn);
                    }
                    // Transient (e.g. too many open files): keep serving.
                    Err(e) => {
                        tracing::warn!("accept failed: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                },
            }
        }
        tracing::info!("shutting down");
        let _ = stop_tx.send(true);
        let all = u32::try_from(max).unwrap_or(u32::MAX);
        let drained = tokio::time::timeout(DRAIN_TIMEOUT * 2, slots.acquire_many(all)).await;
        if drained.is_err() {
            tracing::warn!("some connections did not close in time");
        }
    }

    fn russh_config(&self) -> russh::server::Config {
        russh::server::Config {
            methods: offered_methods(),
            auth_rejection_time: Duration::from_millis(300),
            // OpenSSH always probes "none" first: answer it at once.
            auth_rejection_time_initial: Some(Duration::ZERO),
            keys: vec![self.key.clone()],
            inactivity_timeout: Some(self.options.inactivity_timeout),
            keepalive_interval: Some(self.options.keepalive),
            keepalive_max: 3,
            max_auth_attempts: self.options.limits.auth_attempts.max(1),
            nodelay: true,
            ..Default::default()
        }
    }
}

/// Where a connection comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peer {
    /// The client's address and port, for the log.
    pub(crate) addr: SocketAddr,
    /// The address the per-address limits count it as (see
    /// [`address_group`]).
    pub(crate) group: std::net::IpAddr,
}

/// Serves one connection, holding a slot of the connection cap.
async fn connection<A: SessionApp, F: AppFactory<A>>(
    socket: TcpStream,
    from: Peer,
    config: Arc<russh::server::Config>,
    shared: Arc<Shared<A, F>>,
    _slots: (OwnedSemaphorePermit, Admitted, Counted),
) {
    let peer = from.addr;
    let mut stop = shared.shutdown.clone();
    let auth_deadline = tokio::time::Instant::now() + shared.limits.auth_timeout;
    // Sessions hold clones of `live`; the handler only a weak reference.
    let live = Arc::new(());
    let authenticated = Arc::new(AtomicBool::new(false));
    let handler = Handler::new(shared, from, Arc::downgrade(&live), authenticated.clone());
    let start = russh::server::run_stream(config, socket, handler);
    let mut running = match tokio::time::timeout(HANDSHAKE_TIMEOUT, start).await {
        Ok(Ok(running)) => running,
        Ok(Err(e)) => return tracing::debug!(%peer, "handshake failed: {e}"),
        Err(_) => return tracing::debug!(%peer, "handshake timed out"),
    };
    let handle = running.handle();
    // Fires once the deadline passes without authentication; never after.
    let unauthenticated = async {
        tokio::time::sleep_until(auth_deadline).await;
        if authenticated.load(Ordering::Relaxed) {
            std::future::pending::<()>().await;
        }
    };
    let shutting_down = tokio::select! {
        // The client left (or the connection failed).
        result = &mut running => {
            if let Err(e) = result {
                tracing::debug!(%peer, "connection ended: {e}");
            }
            return;
        }
        // Shutdown: sessions say goodbye on their own; wait for them.
        _ = stop.wait_for(|stopping| *stopping) => true,
        // No login within `auth_timeout`: no session to wait for.
        _ = unauthenticated => false,
    };
    let reason = if shutting_down {
        let sessions_done = async {
            while Arc::strong_count(&live) > 1 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        };
        let _ = tokio::time::timeout(DRAIN_TIMEOUT, sessions_done).await;
        "ssh-shutting-down"
    } else {
        tracing::debug!(%peer, "not authenticated in time");
        "ssh-auth-timeout"
    };
    // In English: the connection's language is its channels' (each may
    // have its own) and a client not logged in has none. Sessions have
    // said goodbye in their players' languages already.
    let lang = Lang::En;
    let reason = lang.t(reason);
    let _ = handle
        .disconnect(
            russh::Disconnect::ByApplication,
            reason,
            lang.code().to_string(),
        )
        .await;
    let _ = tokio::time::timeout(Duration::from_secs(1), &mut running).await;
}
