//! What the nodes of one hall say to each other, beside what they store:
//! the part of a shared backend (NATS) that lets several banmen nodes
//! serve one hall. The hall decides what the messages mean
//! (`hall/cluster`); a link only carries bytes and keeps two kinds of
//! record with compare-and-set:
//!
//! - **node leases**: each node holds one, renewed every third of its
//!   life; a node whose lease is gone is dead (and a node cannot start
//!   under the name of a live one);
//! - **room owners**: which node applies each room's commands. A claim
//!   names the revision it saw, so of two nodes racing for a room exactly
//!   one wins. A claim counts only while its node's lease lives.

use super::StoreError;
use std::sync::Arc;
use std::time::Duration;

/// Why a request to another node got no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// Nobody listens for that node: it is gone.
    #[error("node {0} is gone")]
    Gone(String),
    /// No answer in time, or this node cannot reach the others.
    #[error("no answer: {0}")]
    NoAnswer(String),
}

/// A room's owner as recorded: the node, and the record's revision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    /// The node's name; empty when the room was handed over.
    pub node: String,
    /// The record's revision (what a claim expects).
    pub revision: u64,
}

/// What a link delivers to the hall. Called from the link's own threads:
/// `command` may block (it commits); the others must return quickly.
pub trait Inbox: Send + Sync {
    /// A command sent to this node; the answer goes back to the sender.
    fn command(&self, body: &[u8]) -> Vec<u8>;
    /// A room's owner published a change (`room`'s subject).
    fn live(&self, room: &str, body: Vec<u8>);
    /// A room's owner record changed (`None`: removed).
    fn owner(&self, room: &str, owner: Option<Owner>);
    /// Another node's broadcast (`topic` as sent).
    fn broadcast(&self, topic: &str, body: Vec<u8>);
    /// The link came back after it was cut: what came meanwhile may be lost.
    fn reconnected(&self);
}

/// The messages and records of a hall's nodes.
pub trait Link: Send + Sync {
    /// This node's name.
    fn node(&self) -> &str;
    /// How long a node's lease lives without renewal.
    fn lease(&self) -> Duration;
    /// Starts delivering to `inbox`: commands for this node, every room's
    /// live changes, owner records (every current one first) and
    /// broadcasts.
    fn start(&self, inbox: Arc<dyn Inbox>) -> Result<(), StoreError>;
    /// Sends `body` to node `node` and waits for its answer.
    fn request(&self, node: &str, body: Vec<u8>, timeout: Duration) -> Result<Vec<u8>, LinkError>;
    /// Publishes a room's change to every node (not waited for).
    fn publish(&self, room: &str, body: Vec<u8>);
    /// Sends `body` to every node under `topic` (not waited for).
    fn broadcast(&self, topic: &str, body: Vec<u8>);
    /// Records this node as `room`'s owner if the record is still at
    /// `seen` (`None`: there is none); the new revision, or `None` if
    /// another claim came first.
    fn claim(&self, room: &str, seen: Option<u64>) -> Result<Option<u64>, StoreError>;
    /// Gives a room up (the record is removed if still at `revision`).
    fn release(&self, room: &str, revision: u64) -> Result<(), StoreError>;
    /// The names of the nodes whose lease lives.
    fn live_nodes(&self) -> Result<Vec<String>, StoreError>;
    /// Whether this node can reach the others and its lease is fresh: a
    /// node that cannot renew must stop acting for its rooms before its
    /// lease can expire.
    fn healthy(&self) -> bool;
}
