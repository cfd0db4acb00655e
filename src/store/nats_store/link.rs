//! The [`Link`] between the nodes of one hall, over the store's NATS
//! connection.
//!
//! - Commands to node `n`: requests on `H.cmd.<n>`, which only `n`
//!   listens to (so a dead node's commands get "no responders" at once).
//! - Rooms' live changes: `H.live.<room>`, which every node listens to;
//!   published in order through one queue, so one room's changes arrive
//!   in the order they were made (core NATS keeps one connection's order).
//! - Broadcasts: `H.cast.<topic>`.
//! - Owners: the `H_owners` bucket, `room.<room>` → node, watched with
//!   its history so a starting node learns every owner first.
//! - Node leases: the `H_nodes` bucket (the store's own lease).

use super::bridge::Bridge;
use super::lease::Lease;
use super::names::{self, Names};
use super::{Inner, fail};
use crate::store::StoreError;
use crate::store::link::{Inbox, Link, LinkError, Owner};
use async_nats::jetstream::kv::{self, CreateErrorKind, UpdateErrorKind};
use async_nats::{Client, RequestErrorKind};
use bytes::Bytes;
use futures_util::StreamExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// One node's link.
pub(super) struct NatsLink {
    node: String,
    life: Duration,
    client: Client,
    names: Names,
    owners: kv::Store,
    nodes: kv::Store,
    lease: Arc<Lease>,
    bridge: Arc<Bridge>,
    /// Live changes waiting to be published, in order.
    outgoing: mpsc::UnboundedSender<(String, Bytes)>,
}

impl NatsLink {
    /// The link of node `node` on the store's connection.
    pub(super) fn open(
        inner: &Arc<Inner>,
        bridge: Arc<Bridge>,
        node: &str,
        life: Duration,
    ) -> Result<Arc<NatsLink>, StoreError> {
        let (js, replicas) = (inner.js.clone(), inner.replicas);
        let owners_name = inner.names.bucket("owners");
        let nodes_name = inner.names.bucket("nodes");
        let (owners, nodes) = bridge.run(inner.timeout * 2, async move {
            let owners =
                super::setup::make_bucket(&js, owners_name, replicas, Duration::ZERO).await?;
            let nodes = js
                .get_key_value(&nodes_name)
                .await
                .map_err(fail("cannot open the nodes' bucket"))?;
            Ok((owners, nodes))
        })?;
        let (outgoing, mut queue) = mpsc::unbounded_channel::<(String, Bytes)>();
        let client = inner.client.clone();
        bridge.handle().spawn(async move {
            while let Some((subject, body)) = queue.recv().await {
                if let Err(e) = client.publish(subject, body).await {
                    tracing::debug!("a live change was not sent: {e}");
                }
            }
        });
        Ok(Arc::new(NatsLink {
            node: node.to_string(),
            life,
            client: inner.client.clone(),
            names: inner.names.clone(),
            owners,
            nodes,
            lease: inner.lease.clone(),
            bridge,
            outgoing,
        }))
    }

    /// Runs `future` on the store's runtime, waiting at most `limit`.
    fn run<T: Send + 'static>(
        &self,
        limit: Duration,
        future: impl Future<Output = Result<T, StoreError>> + Send + 'static,
    ) -> Result<T, StoreError> {
        self.bridge.run(limit, future)
    }

    /// Answers the commands sent to this node, each on a blocking thread.
    async fn serve_commands(self: Arc<Self>, inbox: Arc<dyn Inbox>) -> Result<(), StoreError> {
        let subject = self.names.command(&self.node);
        let mut commands = self
            .client
            .subscribe(subject)
            .await
            .map_err(fail("subscribe"))?;
        let client = self.client.clone();
        tokio::spawn(async move {
            while let Some(message) = commands.next().await {
                let (inbox, client) = (inbox.clone(), client.clone());
                tokio::spawn(async move {
                    let Some(reply) = message.reply else { return };
                    let body = message.payload;
                    let answer = tokio::task::spawn_blocking(move || inbox.command(&body)).await;
                    if let Ok(answer) = answer {
                        let _ = client.publish(reply, answer.into()).await;
                    }
                });
            }
        });
        Ok(())
    }

    /// Hands every message of `H.<kind>.*` to `deliver` with its token.
    async fn listen(
        &self,
        kind: &'static str,
        deliver: impl Fn(String, Vec<u8>) + Send + 'static,
    ) -> Result<(), StoreError> {
        let mut messages = self
            .client
            .subscribe(self.names.all(kind))
            .await
            .map_err(fail("subscribe"))?;
        let names = self.names.clone();
        tokio::spawn(async move {
            while let Some(m) = messages.next().await {
                if let Some(token) = names.token_of(kind, &m.subject) {
                    deliver(token, m.payload.to_vec());
                }
            }
        });
        Ok(())
    }

    /// Tells `inbox` every owner record, then every change to one.
    async fn watch_owners(&self, inbox: Arc<dyn Inbox>) -> Result<(), StoreError> {
        let mut watch = self
            .owners
            .watch_with_history(">")
            .await
            .map_err(fail("cannot watch the owners"))?;
        tokio::spawn(async move {
            while let Some(entry) = watch.next().await {
                let Ok(entry) = entry else { continue };
                let Some(room) = entry.key.strip_prefix("room.").and_then(names::decode) else {
                    continue;
                };
                let owner = (entry.operation == kv::Operation::Put).then(|| Owner {
                    node: String::from_utf8_lossy(&entry.value).into_owned(),
                    revision: entry.revision,
                });
                inbox.owner(&room, owner);
            }
        });
        Ok(())
    }

    /// Tells `inbox` when the connection comes back after a cut.
    fn watch_connection(&self, inbox: Arc<dyn Inbox>) {
        let client = self.client.clone();
        tokio::spawn(async move {
            let mut was_up = true;
            loop {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let up = client.connection_state() == async_nats::connection::State::Connected;
                if up && !was_up {
                    inbox.reconnected();
                }
                was_up = up;
            }
        });
    }
}

fn room_key(room: &str) -> String {
    format!("room.{}", names::encode(room))
}

impl Link for NatsLink {
    fn node(&self) -> &str {
        &self.node
    }

    fn lease(&self) -> Duration {
        self.life
    }

    fn start(&self, inbox: Arc<dyn Inbox>) -> Result<(), StoreError> {
        let me = Arc::new(NatsLink {
            node: self.node.clone(),
            life: self.life,
            client: self.client.clone(),
            names: self.names.clone(),
            owners: self.owners.clone(),
            nodes: self.nodes.clone(),
            lease: self.lease.clone(),
            bridge: self.bridge.clone(),
            outgoing: self.outgoing.clone(),
        });
        self.run(Duration::from_secs(10), async move {
            me.clone().serve_commands(inbox.clone()).await?;
            let live = inbox.clone();
            me.listen("live", move |room, body| live.live(&room, body))
                .await?;
            let cast = inbox.clone();
            me.listen("cast", move |topic, body| cast.broadcast(&topic, body))
                .await?;
            me.watch_owners(inbox.clone()).await?;
            me.watch_connection(inbox);
            Ok(())
        })
    }

    fn request(&self, node: &str, body: Vec<u8>, timeout: Duration) -> Result<Vec<u8>, LinkError> {
        let (client, subject, node) = (
            self.client.clone(),
            self.names.command(node),
            node.to_string(),
        );
        let asked = self.run(timeout + Duration::from_secs(1), async move {
            let request = async_nats::Request::new()
                .payload(body.into())
                .timeout(Some(timeout));
            Ok(match client.send_request(subject, request).await {
                Ok(reply) => Ok(reply.payload.to_vec()),
                Err(e) if e.kind() == RequestErrorKind::NoResponders => Err(LinkError::Gone(node)),
                Err(e) => Err(LinkError::NoAnswer(e.to_string())),
            })
        });
        asked.unwrap_or_else(|e| Err(LinkError::NoAnswer(e.to_string())))
    }

    fn publish(&self, room: &str, body: Vec<u8>) {
        let _ = self.outgoing.send((self.names.live(room), body.into()));
    }

    fn broadcast(&self, topic: &str, body: Vec<u8>) {
        let _ = self.outgoing.send((self.names.cast(topic), body.into()));
    }

    fn claim(&self, room: &str, seen: Option<u64>) -> Result<Option<u64>, StoreError> {
        let (owners, key, node) = (self.owners.clone(), room_key(room), self.node.clone());
        self.run(Duration::from_secs(5), async move {
            match seen {
                None => match owners.create(&key, node.into()).await {
                    Ok(revision) => Ok(Some(revision)),
                    Err(e) if e.kind() == CreateErrorKind::AlreadyExists => Ok(None),
                    Err(e) => Err(fail("cannot claim a room")(e)),
                },
                Some(seen) => match owners.update(&key, node.into(), seen).await {
                    Ok(revision) => Ok(Some(revision)),
                    Err(e) if e.kind() == UpdateErrorKind::WrongLastRevision => Ok(None),
                    Err(e) => Err(fail("cannot claim a room")(e)),
                },
            }
        })
    }

    fn release(&self, room: &str, revision: u64) -> Result<(), StoreError> {
        let (owners, key) = (self.owners.clone(), room_key(room));
        self.run(Duration::from_secs(5), async move {
            owners
                .delete_expect_revision(&key, Some(revision))
                .await
                .map_err(fail("cannot give a room up"))
        })
    }

    fn live_nodes(&self) -> Result<Vec<String>, StoreError> {
        let nodes = self.nodes.clone();
        self.run(Duration::from_secs(5), async move {
            let mut keys = nodes.keys().await.map_err(fail("cannot list the nodes"))?;
            let mut live = Vec::new();
            while let Some(key) = keys.next().await {
                let key = key.map_err(fail("cannot list the nodes"))?;
                if let Some(node) = key.strip_prefix("node.").and_then(names::decode) {
                    live.push(node);
                }
            }
            Ok(live)
        })
    }

    fn healthy(&self) -> bool {
        self.client.connection_state() == async_nats::connection::State::Connected
            && self.lease.fresh()
    }
}
