//! The store's own async runtime: the [`Store`](crate::store::Store)
//! trait is synchronous (the hall calls it under a room's lock), the NATS
//! client is async. Each call runs its future on this runtime and waits
//! for the answer in [`blocking`], so it works from a tokio worker of the
//! hall's runtime as well as from a plain thread.

use crate::store::{StoreError, blocking};
use std::future::Future;
use std::time::Duration;
use tokio::runtime::{Handle, Runtime};

/// A small runtime for the NATS client and the store's background tasks.
pub(super) struct Bridge {
    runtime: Option<Runtime>,
}

impl Bridge {
    /// Starts the runtime (two threads: the client's connection and the
    /// calls waiting on it).
    pub(super) fn start() -> Result<Bridge, StoreError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("banmen-nats")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Io(format!("cannot start the NATS runtime: {e}")))?;
        Ok(Bridge {
            runtime: Some(runtime),
        })
    }

    /// The runtime, for spawning background tasks.
    pub(super) fn handle(&self) -> &Handle {
        self.runtime.as_ref().expect("runtime until drop").handle()
    }

    /// Runs `future` on the runtime and waits for it, at most `limit`.
    pub(super) fn run<T, F>(&self, limit: Duration, future: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.handle().spawn(async move {
            let result = match tokio::time::timeout(limit, future).await {
                Ok(result) => result,
                Err(_) => Err(StoreError::Io(format!(
                    "NATS did not answer within {} s",
                    limit.as_secs_f64()
                ))),
            };
            let _ = tx.send(result);
        });
        blocking(|| rx.recv())
            .unwrap_or_else(|_| Err(StoreError::Io("the NATS call was cancelled".into())))
    }
}

impl Drop for Bridge {
    /// Stops without waiting: dropping a runtime from inside another one
    /// (the hall's) would panic.
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}
