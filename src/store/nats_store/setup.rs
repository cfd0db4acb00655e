//! Making a hall's stream and buckets when they are missing, and checking
//! the schema version of one that exists.

use super::fail;
use super::names::Names;
use crate::store::{SCHEMA_VERSION, StoreError};
use async_nats::jetstream::{self, kv, stream};
use std::path::PathBuf;
use std::time::Duration;

/// How long a server waits for a NATS cluster's JetStream to be ready
/// (a cluster started with it elects its leader first).
pub(super) const READY_WAIT: Duration = Duration::from_secs(30);

/// Runs `make` again while NATS fails (a cluster just started elects
/// its leaders and places its streams first), up to [`READY_WAIT`]; an
/// answer that is not a NATS failure (another server's lease, another
/// schema) ends it at once.
pub(super) async fn when_ready<T, F, Fut>(mut make: F) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, StoreError>>,
{
    let deadline = std::time::Instant::now() + READY_WAIT;
    loop {
        match make().await {
            Err(StoreError::Io(e)) if std::time::Instant::now() < deadline => {
                tracing::info!("waiting for NATS JetStream to be ready: {e}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            other => return other,
        }
    }
}

/// The hall's stream, made if missing.
pub(super) async fn make_stream(
    js: &jetstream::Context,
    names: &Names,
    replicas: usize,
) -> Result<stream::Stream, StoreError> {
    let config = stream::Config {
        name: names.stream(),
        subjects: vec![names.rooms(), names.journal()],
        storage: stream::StorageType::File,
        num_replicas: replicas,
        allow_atomic_publish: true,
        allow_direct: true,
        ..Default::default()
    };
    js.get_or_create_stream(config).await.map_err(fail(
        "cannot open the hall's stream (is JetStream enabled?)",
    ))
}

/// A bucket of one value per key, made if missing; its values live
/// `max_age` (zero: for ever).
pub(super) async fn make_bucket(
    js: &jetstream::Context,
    name: String,
    replicas: usize,
    max_age: Duration,
) -> Result<kv::Store, StoreError> {
    if let Ok(bucket) = js.get_key_value(&name).await {
        return Ok(bucket);
    }
    js.create_key_value(kv::Config {
        bucket: name,
        history: 1,
        max_age,
        num_replicas: replicas,
        storage: stream::StorageType::File,
        ..Default::default()
    })
    .await
    .map_err(fail("cannot make a bucket"))
}

/// Checks the stored schema version, writing it into a new hall. A hall
/// with events but no version is not banmen's.
pub(super) async fn check_schema(
    meta: &kv::Store,
    stream: &stream::Stream,
    hall: &str,
) -> Result<(), StoreError> {
    let path = PathBuf::from(hall);
    let found = meta
        .get("schema")
        .await
        .map_err(fail("cannot read the schema"))?;
    match found {
        Some(bytes) => {
            let found: u32 = std::str::from_utf8(&bytes)
                .ok()
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| StoreError::Corrupt {
                    path: path.clone(),
                    detail: format!("the schema version {bytes:?} does not read"),
                })?;
            if found != SCHEMA_VERSION {
                return Err(StoreError::Version {
                    path,
                    found,
                    supported: SCHEMA_VERSION,
                });
            }
        }
        None => {
            let mut stream = stream.clone();
            let info = stream
                .info()
                .await
                .map_err(fail("cannot read the stream"))?;
            if info.state.messages > 0 {
                return Err(StoreError::Foreign {
                    path,
                    detail: "its stream has messages but no banmen schema".into(),
                });
            }
            let version = SCHEMA_VERSION.to_string();
            meta.put("schema", version.into())
                .await
                .map_err(fail("cannot write the schema"))?;
        }
    }
    Ok(())
}
