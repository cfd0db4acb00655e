//! Group commit: commits that arrive while a batch is on its way go out
//! together in the next one.
//!
//! JetStream's cost is per atomic batch, not per message: a single server
//! stages each batch on disk before applying it, one batch at a time, so
//! 1,000 rooms committing one batch each wait behind each other for
//! seconds. Gathered, they cost one batch per few hundred events. One
//! task (the *leader*) publishes while commits queue; each commit waits
//! for its group's answer.
//!
//! A group fails as a whole only when NATS gave no answer (every event in
//! it is then doubtful, see the `rooms` module). Any other failure is one
//! commit's own (an event out of order, a log that moved): the group's
//! commits are then tried one by one, so only the faulty one fails. An
//! event without a journal line is one plain message, cheaper alone, and
//! is not grouped; nor is a commit as large as a batch.

use super::Inner;
use super::rooms::EVENTS_PER_BATCH;
use crate::store::{Appended, StoreError};
use std::sync::{Arc, MutexGuard};
use tokio::sync::oneshot;

/// A commit waiting for its group.
struct Waiting {
    events: Vec<Appended>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// Commits waiting to be published, and whether a leader is publishing.
#[derive(Default)]
pub(super) struct Queue {
    waiting: Vec<Waiting>,
    leading: bool,
}

impl Inner {
    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Commits `events`, with the other commits waiting now when that pays.
    pub(super) async fn commit_grouped(
        self: Arc<Self>,
        events: Vec<Appended>,
    ) -> Result<(), StoreError> {
        self.check_lease()?;
        if events.is_empty() {
            return Ok(());
        }
        let plain = events.len() == 1 && events[0].line.is_empty();
        if plain || events.len() >= EVENTS_PER_BATCH {
            return self.commit(&events).await;
        }
        let (done, answer) = oneshot::channel();
        let lead = {
            let mut queue = self.queue();
            queue.waiting.push(Waiting { events, done });
            !std::mem::replace(&mut queue.leading, true)
        };
        if lead {
            tokio::spawn(self.clone().lead());
        }
        answer
            .await
            .unwrap_or_else(|_| Err(StoreError::Io("the commit was dropped".into())))
    }

    /// Publishes the waiting commits, a group at a time, until none wait.
    async fn lead(self: Arc<Self>) {
        while let Some(group) = self.next_group() {
            let all: Vec<Appended> = group.iter().flat_map(|w| w.events.clone()).collect();
            match self.commit_batch(&all).await {
                Ok(()) => {
                    // Before answering: a commit that returned has settled
                    // what went before it.
                    self.settle_creations().await;
                    group.into_iter().for_each(|w| {
                        let _ = w.done.send(Ok(()));
                    });
                }
                Err(e) if group.len() == 1 || self.doubted(&all) => {
                    group.into_iter().for_each(|w| {
                        let _ = w.done.send(Err(e.clone()));
                    });
                }
                Err(_) => {
                    for w in group {
                        let result = self.commit_batch(&w.events).await;
                        let _ = w.done.send(result);
                    }
                }
            }
        }
    }

    /// The next group (up to a batch of events, at least one commit), or
    /// `None` when nothing waits (and the leader then stops).
    fn next_group(&self) -> Option<Vec<Waiting>> {
        let mut queue = self.queue();
        if queue.waiting.is_empty() {
            queue.leading = false;
            return None;
        }
        let mut count = 0;
        let take = queue
            .waiting
            .iter()
            .take_while(|w| {
                count += w.events.len();
                count <= EVENTS_PER_BATCH
            })
            .count()
            .max(1);
        Some(queue.waiting.drain(..take).collect())
    }

    /// Whether the failed batch of `events` got no answer (its events were
    /// marked doubtful).
    fn doubted(&self, events: &[Appended]) -> bool {
        let doubts = self.doubts();
        events
            .iter()
            .any(|e| doubts.get(&e.room).is_some_and(|first| *first <= e.seq))
    }
}
