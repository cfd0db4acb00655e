//! One server per hall (the key `owner` in the hall's `lease` bucket), or
//! one node per name in a hall of several (`node.<name>` in its `nodes`
//! bucket).
//!
//! The bucket keeps a value as long as the lease lives (its `max_age`);
//! the holder writes it again every third of that, expecting its own last
//! revision, so a second server's `create` fails while the first lives. A
//! server killed without a goodbye leaves the key to expire: the next
//! start waits for that (at most the lease's life). A clean stop deletes
//! it.
//!
//! A holder whose renewal finds another server's revision has lost the
//! hall: from then on every write fails (the room logs are guarded anyway:
//! each append expects its room's last sequence).

use super::fail;
use crate::store::StoreError;
use async_nats::jetstream::kv::{self, CreateErrorKind, UpdateErrorKind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long the one-server lease lives without renewal.
pub(super) const LEASE: Duration = Duration::from_secs(5);
/// The key of the one-server lease.
pub(super) const KEY: &str = "owner";

/// A held lease: its bucket and key, its revision, and whether it was lost.
pub(super) struct Lease {
    bucket: kv::Store,
    key: String,
    /// How long it lives without renewal.
    life: Duration,
    revision: AtomicU64,
    lost: AtomicBool,
    /// Who this server is, as written in the lease.
    owner: String,
    /// When a renewal last succeeded (ms since `born`).
    renewed: AtomicU64,
    born: Instant,
}

impl Lease {
    /// Takes the lease, waiting up to [`LEASE`] for one left by a server
    /// that stopped without a goodbye; `InUse` if it stays held.
    pub(super) async fn take(
        bucket: kv::Store,
        key: &str,
        life: Duration,
        hall: &str,
    ) -> Result<Arc<Lease>, StoreError> {
        let owner = owner();
        let deadline = Instant::now() + life + Duration::from_secs(1);
        let mut waiting = false;
        loop {
            match bucket.create(key, owner.clone().into()).await {
                Ok(revision) => {
                    return Ok(Arc::new(Lease {
                        bucket,
                        key: key.to_string(),
                        life,
                        revision: AtomicU64::new(revision),
                        lost: AtomicBool::new(false),
                        owner,
                        renewed: AtomicU64::new(0),
                        born: Instant::now(),
                    }));
                }
                Err(e) if e.kind() == CreateErrorKind::AlreadyExists => {
                    if !waiting {
                        waiting = true;
                        tracing::info!(
                            "{key} is held by another server's lease; waiting up to {} s \
                             for it to expire (a server that was killed leaves one)",
                            life.as_secs()
                        );
                    }
                    if Instant::now() >= deadline {
                        let held = bucket.get(key).await.ok().flatten();
                        let held = held.map(|b| String::from_utf8_lossy(&b).into_owned());
                        return Err(StoreError::InUse {
                            hall: hall.into(),
                            owner: held.unwrap_or_else(|| "unknown".into()),
                        });
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => return Err(fail("cannot take the hall's lease")(e)),
            }
        }
    }

    /// Whether another server has taken the hall from this one.
    pub(super) fn lost(&self) -> bool {
        self.lost.load(Ordering::SeqCst)
    }

    /// Whether the last renewal is recent enough that the lease surely
    /// still lives (with a margin of a third of its life for clocks and
    /// delays): a holder that cannot say so must stop acting on it.
    pub(super) fn fresh(&self) -> bool {
        let now = self.born.elapsed().as_millis() as u64;
        let last = self.renewed.load(Ordering::SeqCst);
        !self.lost() && now.saturating_sub(last) < (self.life.as_millis() as u64) * 2 / 3
    }

    fn renewed_now(&self) {
        let now = self.born.elapsed().as_millis() as u64;
        self.renewed.store(now, Ordering::SeqCst);
    }

    /// Renews the lease until it is lost or the runtime stops. A renewal
    /// is given up once it has taken as long as the lease stays fresh (it
    /// was sent while NATS was away), so that the next one, sent once the
    /// link is back, is not held behind it; one that was applied after
    /// all is caught by `recover`.
    pub(super) async fn keep(self: Arc<Lease>) {
        loop {
            tokio::time::sleep(self.life / 3).await;
            match tokio::time::timeout(self.life * 2 / 3, self.renew()).await {
                Ok(true) => {}
                Ok(false) => {
                    tracing::error!("another banmen server has taken the hall; writes now fail");
                    self.lost.store(true, Ordering::SeqCst);
                    return;
                }
                Err(_) => {
                    tracing::warn!("the hall's lease was not renewed: NATS did not answer in time")
                }
            }
        }
    }

    /// One renewal; `false` when another server holds the lease. A NATS
    /// that does not answer is tried again at the next renewal.
    async fn renew(&self) -> bool {
        let revision = self.revision.load(Ordering::SeqCst);
        match self
            .bucket
            .update(&self.key, self.owner.clone().into(), revision)
            .await
        {
            Ok(revision) => {
                self.revision.store(revision, Ordering::SeqCst);
                self.renewed_now();
            }
            Err(e) if e.kind() == UpdateErrorKind::WrongLastRevision => {
                return self.recover().await;
            }
            Err(e) => tracing::warn!("the hall's lease was not renewed: {e}"),
        }
        true
    }

    /// After a renewal found another revision: the lease is still this
    /// server's if it names this server (an earlier renewal that timed out
    /// was applied after all), or is taken again if it expired while NATS
    /// was away; `false` if another server holds it.
    async fn recover(&self) -> bool {
        match self.bucket.entry(&self.key).await {
            Ok(Some(entry))
                if entry.operation == kv::Operation::Put
                    && entry.value == self.owner.as_bytes() =>
            {
                self.revision.store(entry.revision, Ordering::SeqCst);
                self.renewed_now();
                true
            }
            Ok(Some(entry)) if entry.operation == kv::Operation::Put => false,
            Ok(_) => match self
                .bucket
                .create(&self.key, self.owner.clone().into())
                .await
            {
                Ok(revision) => {
                    self.revision.store(revision, Ordering::SeqCst);
                    self.renewed_now();
                    true
                }
                Err(e) if e.kind() == CreateErrorKind::AlreadyExists => false,
                Err(e) => {
                    tracing::warn!("the hall's lease was not taken again: {e}");
                    true
                }
            },
            Err(e) => {
                tracing::warn!("the hall's lease was not read: {e}");
                true
            }
        }
    }

    /// The random tag that tells this holder from any other.
    pub(super) fn tag(&self) -> &str {
        let start = self.owner.rfind('(').map_or(0, |i| i + 1);
        self.owner[start..].trim_end_matches(')')
    }

    /// Gives the lease up (a clean stop), if still held.
    pub(super) async fn release(&self) {
        if self.lost() {
            return;
        }
        let revision = self.revision.load(Ordering::SeqCst);
        if let Err(e) = self
            .bucket
            .delete_expect_revision(&self.key, Some(revision))
            .await
        {
            tracing::warn!("the hall's lease was not released: {e}");
        }
    }
}

/// This server, as the lease names it: host, process and start time, and
/// a random tag that no other server's lease has.
fn owner() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "?".into());
    let since = humantime::format_rfc3339_seconds(std::time::SystemTime::now());
    let tag: u64 = rand::random();
    format!(
        "host {host}, pid {}, since {since} ({tag:016x})",
        std::process::id()
    )
}
