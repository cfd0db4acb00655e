//! The journal read from the stream: lines on the journal subject, each
//! numbered by its stream sequence.
//!
//! A read runs on the store's runtime and hands lines over through a small
//! channel, so a scan of the whole journal holds a few lines at a time. A
//! waiter is a consumer of new journal lines: it delivers only what the
//! stream has stored, so a reader it wakes finds the line committed.

use super::reader::Reader;
use super::{Inner, NatsStore};
use crate::store::{JournalIter, JournalLine, JournalWaiter, StoreError, blocking};
use async_nats::jetstream::consumer::{AckPolicy, DeliverPolicy, pull};
use futures_util::StreamExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::time::Duration;

/// Lines read ahead of the caller.
const READ_AHEAD: usize = 256;

/// The journal's lines numbered above `after`, read lazily.
pub(super) fn lines(store: &NatsStore, after: Option<u64>) -> JournalIter<'_> {
    let (tx, rx) = sync_channel(READ_AHEAD);
    let inner = store.inner.clone();
    store.bridge.handle().spawn(async move {
        if let Err(e) = send_lines(&inner, after, &tx).await {
            let _ = tx.send(Err(e));
        }
    });
    Box::new(Lines(rx))
}

/// Reads lines into `tx` until the end or until the reader is gone.
async fn send_lines(
    inner: &Inner,
    after: Option<u64>,
    tx: &SyncSender<Result<JournalLine, StoreError>>,
) -> Result<(), StoreError> {
    let policy = match after {
        None => DeliverPolicy::All,
        Some(n) => DeliverPolicy::ByStartSequence {
            start_sequence: n.saturating_add(1),
        },
    };
    let mut reader = Reader::new(&inner.stream, inner.names.journal(), policy).await?;
    while let Some(m) = reader.next().await? {
        let line = Ok((m.seq, m.payload.to_vec()));
        // The channel is small and its reader a blocking thread.
        if tokio::task::block_in_place(|| tx.send(line)).is_err() {
            break;
        }
    }
    Ok(())
}

/// The receiving end of a read.
struct Lines(Receiver<Result<JournalLine, StoreError>>);

impl Iterator for Lines {
    type Item = Result<JournalLine, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        blocking(|| self.0.recv()).ok()
    }
}

/// A waiter woken by each journal line stored from now on. Its consumer
/// exists when this returns, so a line stored after it is not missed.
pub(super) fn waiter(store: &NatsStore) -> Box<dyn JournalWaiter> {
    let (tx, rx) = sync_channel(1);
    let gone = Arc::new(AtomicBool::new(false));
    let inner = store.inner.clone();
    let made = store.bridge.run(inner.timeout, {
        let inner = inner.clone();
        async move { follow(&inner).await }
    });
    let watching = gone.clone();
    store.bridge.handle().spawn(async move {
        let mut messages = made;
        while !watching.load(Ordering::SeqCst) {
            let result = match messages {
                Ok(m) => watch(m, &tx, &watching).await,
                Err(e) => Err(e),
            };
            let Err(e) = result else { break };
            tracing::warn!("following the journal: {e}; trying again");
            // A line may have come meanwhile: wake the reader.
            let _ = tx.try_send(());
            tokio::time::sleep(Duration::from_secs(1)).await;
            messages = follow(&inner).await;
        }
    });
    Box::new(Waiter { rx, gone })
}

/// A consumer of the journal lines stored from now on.
async fn follow(inner: &Inner) -> Result<pull::Stream, StoreError> {
    let consumer = inner
        .stream
        .create_consumer(pull::Config {
            deliver_policy: DeliverPolicy::New,
            ack_policy: AckPolicy::None,
            filter_subject: inner.names.journal(),
            inactive_threshold: Duration::from_secs(30),
            memory_storage: true,
            ..Default::default()
        })
        .await
        .map_err(super::fail("cannot follow the journal"))?;
    consumer
        .messages()
        .await
        .map_err(super::fail("cannot follow the journal"))
}

/// Signals `tx` for every new journal line until the waiter is gone.
async fn watch(
    mut messages: pull::Stream,
    tx: &SyncSender<()>,
    gone: &AtomicBool,
) -> Result<(), StoreError> {
    while !gone.load(Ordering::SeqCst) {
        match tokio::time::timeout(Duration::from_secs(1), messages.next()).await {
            Err(_) => continue,
            Ok(None) => return Err(StoreError::Io("the journal's consumer ended".into())),
            Ok(Some(Err(e))) => return Err(StoreError::Io(e.to_string())),
            Ok(Some(Ok(_))) => match tx.try_send(()) {
                Ok(()) | Err(TrySendError::Full(())) => {}
                Err(TrySendError::Disconnected(())) => return Ok(()),
            },
        }
    }
    Ok(())
}

/// A journal waiter on a consumer of new lines.
struct Waiter {
    rx: Receiver<()>,
    gone: Arc<AtomicBool>,
}

impl JournalWaiter for Waiter {
    fn wait(&mut self, timeout: Duration) -> bool {
        match self.rx.recv_timeout(timeout) {
            Ok(()) => {
                while self.rx.try_recv().is_ok() {}
                true
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => false,
        }
    }
}

impl Drop for Waiter {
    fn drop(&mut self) {
        self.gone.store(true, Ordering::SeqCst);
    }
}
