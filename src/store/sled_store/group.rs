//! Group commit: one thread flushes for every writer.
//!
//! A writer inserts into sled (sled is thread-safe), then joins the open
//! *batch* and waits. The flusher thread seals the open batch (later
//! writers join a new one), flushes once — sled's flush covers every
//! insert made before it starts, so every write of the sealed batch — and
//! only then releases the batch's writers with the flush's result. So a
//! writer is never released before a flush that began after its insert,
//! and a failed flush fails every writer of its batch; while one flush
//! runs, the writers that arrive meanwhile gather into the next, so with a
//! slow disk N concurrent commits cost far fewer than N flushes.
//!
//! Waiting blocks the calling thread. Rooms commit from tokio tasks, so on
//! a multi-thread runtime the wait runs in `block_in_place`: the worker's
//! other tasks move to another thread and other sessions are still served.

use crate::store::{StoreError, blocking};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// Makes everything inserted so far durable; given the flush's number
/// (1, 2, …).
pub(super) type FlushFn = Box<dyn FnMut(u64) -> Result<(), StoreError> + Send>;

/// The flusher thread and the batch writers join.
pub(super) struct GroupFlush {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// What the writers and the flusher share.
struct Shared {
    state: Mutex<State>,
    /// Wakes the flusher when a writer joins the open batch (or at stop).
    wake: Condvar,
    /// Flushes finished (failed ones too).
    flushes: AtomicU64,
}

struct State {
    /// The batch that writers join now.
    open: Arc<Batch>,
    /// Whether a writer has joined `open`.
    pending: bool,
    /// Set when the store closes: the flusher ends once nothing is pending.
    stop: bool,
}

/// The writers of one flush wait here for its result.
#[derive(Default)]
struct Batch {
    result: Mutex<Option<Result<(), StoreError>>>,
    done: Condvar,
}

impl Batch {
    fn finish(&self, result: Result<(), StoreError>) {
        *lock(&self.result) = Some(result);
        self.done.notify_all();
    }

    fn wait(&self) -> Result<(), StoreError> {
        let guard = lock(&self.result);
        let guard = self
            .done
            .wait_while(guard, |r| r.is_none())
            .unwrap_or_else(|e| e.into_inner());
        guard.clone().unwrap_or(Ok(()))
    }
}

impl GroupFlush {
    /// Starts the flusher thread, which calls `flush` for each batch.
    pub(super) fn start(flush: FlushFn) -> Result<GroupFlush, StoreError> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                open: Arc::default(),
                pending: false,
                stop: false,
            }),
            wake: Condvar::new(),
            flushes: AtomicU64::new(0),
        });
        let thread = std::thread::Builder::new()
            .name("banmen-flush".into())
            .spawn({
                let shared = shared.clone();
                move || run(&shared, flush)
            })
            .map_err(|e| StoreError::Io(format!("cannot start the flusher thread: {e}")))?;
        Ok(GroupFlush {
            shared,
            thread: Some(thread),
        })
    }

    /// Waits until a flush that began after this call has finished: every
    /// write the caller made before calling is then durable. The flush's
    /// error, if it failed.
    pub(super) fn wait(&self) -> Result<(), StoreError> {
        let batch = {
            let mut state = lock(&self.shared.state);
            state.pending = true;
            self.shared.wake.notify_one();
            state.open.clone()
        };
        blocking(|| batch.wait())
    }

    /// How many flushes have finished.
    pub(super) fn flushes(&self) -> u64 {
        self.shared.flushes.load(Ordering::SeqCst)
    }
}

impl Drop for GroupFlush {
    /// Lets the flusher finish what is pending, then joins it.
    fn drop(&mut self) {
        lock(&self.shared.state).stop = true;
        self.shared.wake.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The flusher's loop: seal the open batch, flush, release its writers.
fn run(shared: &Shared, mut flush: FlushFn) {
    loop {
        let batch = {
            let state = lock(&shared.state);
            let mut state = shared
                .wake
                .wait_while(state, |s| !s.pending && !s.stop)
                .unwrap_or_else(|e| e.into_inner());
            if !state.pending {
                return;
            }
            state.pending = false;
            std::mem::take(&mut state.open)
        };
        let number = shared.flushes.load(Ordering::SeqCst) + 1;
        let result = catch_unwind(AssertUnwindSafe(|| flush(number)))
            .unwrap_or_else(|_| Err(StoreError::Io("the flush panicked".into())));
        shared.flushes.fetch_add(1, Ordering::SeqCst);
        batch.finish(result);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
