//! Appending room events (with their journal lines) as JetStream atomic
//! batches, and settling commits whose answer never came.
//!
//! Each event is a message on its room's subject with the header
//! `Banmen-Seq` (its number in the room's log); its journal line, if any,
//! follows it in the same batch on the journal subject, with the header
//! `Banmen-For` (`room/seq`). The first event of each room in a batch
//! carries `Nats-Expected-Last-Subject-Sequence`: the stream sequence of
//! the room's last event as this store knows it (its *tip*), so an append
//! never lands on a log that changed behind this store's back, and two
//! writers can never both append event 31.
//!
//! **Doubtful commits.** When NATS does not answer (it went away, or
//! answered too late), the commit fails but its messages may still be
//! stored: sent before the connection broke, or queued by the client and
//! sent when it reconnects. The hall has refused the change, so such an
//! event must not stay. The store remembers the room and seq as doubtful;
//! the room's next append then either succeeds (nothing landed: the
//! doubt is cleared) or is refused as "wrong last sequence" (it landed),
//! and then the doubtful events and their lines are deleted and the append
//! is tried again. Messages of one connection reach the stream in order,
//! so nothing doubtful can land after that later append. A doubtful room
//! creation (seq 0) is settled after the next successful commit of any
//! room, since that room is never written again.

use super::{Inner, Tip, fail, names};
use crate::store::{Appended, StoreError};
use async_nats::HeaderMap;
use async_nats::jetstream::stream::LastRawMessageErrorKind;
use bytes::Bytes;
use rand::Rng;
use serde::Deserialize;
use std::collections::HashMap;

/// The header of an event's number in its room's log.
pub(super) const SEQ: &str = "Banmen-Seq";
/// The header naming the store that wrote an event (its lease's tag):
/// only a store's own doubtful events are ever deleted, never another
/// node's.
const WRITER: &str = "Banmen-Writer";
/// The header of a journal line: the event it is for (`room/seq`).
const FOR: &str = "Banmen-For";
/// Events per batch (with a line each: the server takes up to 1,000
/// messages in one atomic batch).
pub(super) const EVENTS_PER_BATCH: usize = 400;

/// One message to publish.
struct Outgoing {
    subject: String,
    headers: HeaderMap,
    payload: Bytes,
}

/// JetStream's answer to a publish.
#[derive(Deserialize)]
struct Ack {
    #[serde(default)]
    seq: u64,
    error: Option<AckError>,
}

#[derive(Deserialize)]
struct AckError {
    #[serde(default)]
    err_code: u64,
    #[serde(default)]
    description: String,
}

/// JetStream's error code for a failed expected-last-sequence check.
const WRONG_LAST_SEQUENCE: u64 = 10071;

/// Why a publish failed.
enum Refused {
    /// A room's log is not where this store thought.
    WrongLast,
    /// JetStream said no: nothing was stored.
    Definite(StoreError),
    /// No answer: the messages may or may not be stored.
    Doubtful(StoreError),
}

impl Inner {
    /// Appends `events` and their lines, in batches, each durable when
    /// JetStream acknowledges it.
    pub(super) async fn commit(&self, events: &[Appended]) -> Result<(), StoreError> {
        self.check_lease()?;
        for chunk in events.chunks(EVENTS_PER_BATCH) {
            self.commit_batch(chunk).await?;
        }
        self.settle_creations().await;
        Ok(())
    }

    pub(super) async fn commit_batch(&self, events: &[Appended]) -> Result<(), StoreError> {
        let mut settled = false;
        loop {
            let messages = self.plan(events).await?;
            let count = messages.len() as u64;
            match self.publish(messages).await {
                Ok(last) => {
                    self.advance(events, last + 1 - count);
                    return Ok(());
                }
                Err(Refused::WrongLast) if !settled => {
                    settled = true;
                    for room in rooms_of(events) {
                        self.settle(room).await?;
                    }
                }
                Err(Refused::WrongLast) => {
                    let rooms = rooms_of(events).join(", ");
                    return Err(StoreError::Stale(rooms));
                }
                Err(Refused::Definite(e)) => return Err(e),
                Err(Refused::Doubtful(e)) => {
                    self.doubt(events);
                    return Err(e);
                }
            }
        }
    }

    /// The messages for `events`, checked against the rooms' tips.
    async fn plan(&self, events: &[Appended]) -> Result<Vec<Outgoing>, StoreError> {
        let mut next: HashMap<&str, u64> = HashMap::new();
        let mut messages = Vec::with_capacity(events.len() * 2);
        for e in events {
            let mut headers = HeaderMap::new();
            headers.insert(SEQ, e.seq.to_string().as_str());
            headers.insert(WRITER, self.lease.tag());
            if !next.contains_key(e.room.as_str()) {
                let tip = self.tip(&e.room, e.seq).await?;
                let expected = tip.map_or(0, |t| t.stream_seq);
                headers.insert(
                    "Nats-Expected-Last-Subject-Sequence",
                    expected.to_string().as_str(),
                );
                next.insert(&e.room, tip.map_or(0, |t| t.seq + 1));
            }
            let expected = next.get_mut(e.room.as_str()).expect("set above");
            check_order(e, *expected)?;
            *expected += 1;
            messages.push(Outgoing {
                subject: self.names.room(&e.room),
                headers,
                payload: Bytes::copy_from_slice(&e.event),
            });
            if !e.line.is_empty() {
                let mut headers = HeaderMap::new();
                headers.insert(FOR, for_header(&e.room, e.seq).as_str());
                messages.push(Outgoing {
                    subject: self.names.journal(),
                    headers,
                    payload: Bytes::copy_from_slice(&e.line),
                });
            }
        }
        Ok(messages)
    }

    /// The room's tip: known, or read from the stream. A room this store
    /// has not seen that starts at event 0 is taken to be new (if it is
    /// not, the append is refused and the tip read then).
    async fn tip(&self, room: &str, seq: u64) -> Result<Option<Tip>, StoreError> {
        if let Some(tip) = self.tips().get(room) {
            return Ok(Some(*tip));
        }
        if seq == 0 {
            return Ok(None);
        }
        self.read_tip(room).await
    }

    /// The room's last event as stored.
    async fn read_tip(&self, room: &str) -> Result<Option<Tip>, StoreError> {
        let subject = self.names.room(room);
        match self.stream.get_last_raw_message_by_subject(&subject).await {
            Ok(message) => {
                let seq = message
                    .headers
                    .get(SEQ)
                    .and_then(|v| v.as_str().parse().ok())
                    .ok_or_else(|| self.corrupt(format!("an event of room {room} has no seq")))?;
                let writer = message.headers.get(WRITER).map(|v| v.as_str());
                let tip = Tip {
                    stream_seq: message.sequence,
                    seq,
                    ours: writer == Some(self.lease.tag()),
                };
                self.tips().insert(room.to_string(), tip);
                Ok(Some(tip))
            }
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => {
                self.tips().remove(room);
                Ok(None)
            }
            Err(e) => Err(fail("cannot read a room's last event")(e)),
        }
    }

    /// Records the stored batch: the rooms' new tips (the batch's
    /// messages have consecutive stream sequences from `first`), and that
    /// their doubts are cleared.
    fn advance(&self, events: &[Appended], first: u64) {
        let mut stream_seq = first;
        let mut tips = self.tips();
        let mut doubts = self.doubts();
        for e in events {
            tips.insert(
                e.room.clone(),
                Tip {
                    stream_seq,
                    seq: e.seq,
                    ours: true,
                },
            );
            doubts.remove(&e.room);
            stream_seq += if e.line.is_empty() { 1 } else { 2 };
        }
    }

    /// Remembers the events of a commit without an answer as doubtful.
    fn doubt(&self, events: &[Appended]) {
        let mut doubts = self.doubts();
        for e in events {
            doubts.entry(e.room.clone()).or_insert(e.seq);
        }
    }

    /// Reads the room's tip again and deletes its doubtful events (those
    /// from its first doubtful seq on) with their journal lines.
    async fn settle(&self, room: &str) -> Result<(), StoreError> {
        let doubtful = self.doubts().get(room).copied();
        while let Some(tip) = self.read_tip(room).await? {
            match doubtful {
                Some(from) if tip.seq >= from && tip.ours => self.delete_event(room, tip).await?,
                _ => break,
            }
        }
        self.doubts().remove(room);
        Ok(())
    }

    /// Deletes a doubtful event and its journal line.
    async fn delete_event(&self, room: &str, tip: Tip) -> Result<(), StoreError> {
        tracing::warn!(
            room,
            seq = tip.seq,
            "removing an event stored after its commit failed"
        );
        let line_seq = tip.stream_seq + 1;
        if let Ok(line) = self.stream.get_raw_message(line_seq).await
            && line.headers.get(FOR).map(|v| v.as_str()) == Some(for_header(room, tip.seq).as_str())
        {
            self.stream
                .delete_message(line_seq)
                .await
                .map_err(fail("cannot delete a doubtful journal line"))?;
        }
        self.stream
            .delete_message(tip.stream_seq)
            .await
            .map_err(fail("cannot delete a doubtful event"))?;
        self.tips().remove(room);
        Ok(())
    }

    /// Settles doubtful room creations (see the module doc).
    pub(super) async fn settle_creations(&self) {
        let rooms: Vec<String> = {
            let tips = self.tips();
            let doubts = self.doubts();
            doubts
                .iter()
                .filter(|(room, seq)| **seq == 0 && !tips.contains_key(*room))
                .map(|(room, _)| room.clone())
                .collect()
        };
        for room in rooms {
            if let Err(e) = self.settle(&room).await {
                tracing::warn!(%room, "a doubtful room creation is not settled yet: {e}");
            }
        }
    }

    /// Publishes `messages`, as one atomic batch if there are several;
    /// the stream sequence of the last one.
    async fn publish(&self, messages: Vec<Outgoing>) -> Result<u64, Refused> {
        let doubtful = |e: String| Refused::Doubtful(StoreError::Io(e));
        let batch = format!("{:016x}", rand::rng().random::<u64>());
        let total = messages.len();
        let mut answer = None;
        for (i, mut m) in messages.into_iter().enumerate() {
            if total > 1 {
                m.headers.insert("Nats-Batch-Id", batch.as_str());
                m.headers
                    .insert("Nats-Batch-Sequence", (i + 1).to_string().as_str());
            }
            if i + 1 < total {
                self.client
                    .publish_with_headers(m.subject, m.headers, m.payload)
                    .await
                    .map_err(|e| doubtful(format!("cannot publish to NATS: {e}")))?;
                continue;
            }
            if total > 1 {
                m.headers.insert("Nats-Batch-Commit", "1");
            }
            let request = async_nats::Request::new()
                .headers(m.headers)
                .payload(m.payload)
                .timeout(Some(self.timeout));
            let reply = self
                .client
                .send_request(m.subject, request)
                .await
                .map_err(|e| doubtful(format!("NATS did not acknowledge the commit: {e}")))?;
            answer = Some(reply.payload);
        }
        let payload = answer.ok_or_else(|| Refused::Definite(StoreError::Io("nothing".into())))?;
        let ack: Ack = serde_json::from_slice(&payload)
            .map_err(|e| doubtful(format!("JetStream's answer does not read: {e}")))?;
        match ack.error {
            None => Ok(ack.seq),
            Some(e) if e.err_code == WRONG_LAST_SEQUENCE => Err(Refused::WrongLast),
            Some(e) => Err(Refused::Definite(StoreError::Io(format!(
                "JetStream refused the commit: {}",
                e.description
            )))),
        }
    }
}

/// The rooms of `events`, each once.
fn rooms_of(events: &[Appended]) -> Vec<&str> {
    let mut rooms: Vec<&str> = Vec::new();
    for e in events {
        if !rooms.contains(&e.room.as_str()) {
            rooms.push(&e.room);
        }
    }
    rooms
}

/// Refuses an event that is not the next of its room's log.
fn check_order(e: &Appended, expected: u64) -> Result<(), StoreError> {
    if e.seq < expected {
        return Err(StoreError::Io(format!(
            "room {}: event {} already exists",
            e.room, e.seq
        )));
    }
    if e.seq > expected {
        return Err(StoreError::Io(format!(
            "room {}: event {} out of order (the next is {expected})",
            e.room, e.seq
        )));
    }
    Ok(())
}

/// The `Banmen-For` header of `room`'s event `seq`.
fn for_header(room: &str, seq: u64) -> String {
    format!("{}/{seq}", names::encode(room))
}
