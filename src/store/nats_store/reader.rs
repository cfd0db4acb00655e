//! Reading many stored messages at once: an ephemeral pull consumer that
//! delivers what the stream held when it was made (its pending count then)
//! and no more, so a read always ends.

use super::fail;
use crate::store::StoreError;
use async_nats::HeaderMap;
use async_nats::jetstream::consumer::{AckPolicy, DeliverPolicy, pull};
use async_nats::jetstream::stream::Stream;
use bytes::Bytes;
use futures_util::StreamExt;
use std::time::Duration;

/// One stored message.
pub(super) struct Stored {
    /// Its sequence in the stream.
    pub seq: u64,
    /// Its subject.
    pub subject: String,
    /// Its headers, if any.
    pub headers: Option<HeaderMap>,
    /// Its body.
    pub payload: Bytes,
}

impl Stored {
    /// The header `name`'s value, if present.
    pub(super) fn header(&self, name: &str) -> Option<&str> {
        self.headers.as_ref()?.get(name).map(|v| v.as_str())
    }
}

/// Messages read in stream order, ending at the last one the stream held
/// when the reader was made.
pub(super) struct Reader {
    messages: Option<pull::Stream>,
    left: u64,
}

/// Messages per pull request.
const BATCH: usize = 1000;

impl Reader {
    /// A reader of `stream`'s messages on `filter` (a subject or wildcard),
    /// from where `policy` says.
    pub(super) async fn new(
        stream: &Stream,
        filter: String,
        policy: DeliverPolicy,
    ) -> Result<Reader, StoreError> {
        let consumer = stream
            .create_consumer(pull::Config {
                deliver_policy: policy,
                ack_policy: AckPolicy::None,
                filter_subject: filter,
                inactive_threshold: Duration::from_secs(30),
                memory_storage: true,
                ..Default::default()
            })
            .await
            .map_err(fail("cannot read the stream"))?;
        let left = consumer.cached_info().num_pending;
        let messages = if left == 0 {
            None
        } else {
            let messages = consumer
                .stream()
                .max_messages_per_batch(BATCH)
                .messages()
                .await
                .map_err(fail("cannot read the stream"))?;
            Some(messages)
        };
        Ok(Reader { messages, left })
    }

    /// The next message, or `None` once every message there was is read.
    pub(super) async fn next(&mut self) -> Result<Option<Stored>, StoreError> {
        if self.left == 0 {
            return Ok(None);
        }
        let Some(messages) = self.messages.as_mut() else {
            return Ok(None);
        };
        let message = match messages.next().await {
            Some(Ok(message)) => message,
            Some(Err(e)) => return Err(StoreError::Io(format!("reading the stream: {e}"))),
            None => return Err(StoreError::Io("the stream's reader ended early".into())),
        };
        let info = message
            .info()
            .map_err(|e| StoreError::Io(format!("a message without its sequence: {e}")))?;
        self.left = info.pending;
        let seq = info.stream_sequence;
        let message = message.message;
        Ok(Some(Stored {
            seq,
            subject: message.subject.to_string(),
            headers: message.headers,
            payload: message.payload,
        }))
    }
}
