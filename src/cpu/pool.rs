//! A bounded pool of threads for CPU searches. Searches never run on the
//! async runtime's threads, and never on more threads than the pool has,
//! so a hundred rooms with CPU seats queue here instead of taking every
//! core from the sessions that draw human players' screens.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A job: one search and what follows it.
type Job = Box<dyn FnOnce() + Send>;

/// The pool; dropping it lets its threads finish their queue and exit.
pub struct Pool {
    jobs: Mutex<Sender<Job>>,
    threads: usize,
    /// Jobs submitted and not yet started.
    waiting: Arc<AtomicUsize>,
    /// Jobs running now.
    busy: Arc<AtomicUsize>,
}

impl Pool {
    /// A pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> Pool {
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        let threads = threads.max(1);
        let waiting = Arc::new(AtomicUsize::new(0));
        let busy = Arc::new(AtomicUsize::new(0));
        for i in 0..threads {
            let queue = queue.clone();
            let counts = (waiting.clone(), busy.clone());
            let spawned = std::thread::Builder::new()
                .name(format!("cpu-{i}"))
                .spawn(move || work(&queue, &counts.0, &counts.1));
            if let Err(e) = spawned {
                tracing::warn!("cannot start a CPU thread: {e}");
            }
        }
        Pool {
            jobs: Mutex::new(jobs),
            threads,
            waiting,
            busy,
        }
    }

    /// A pool leaving one core to the sessions (one thread on one core).
    pub fn for_this_machine() -> Pool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Pool::new(cores.saturating_sub(1))
    }

    /// How many searches run at once.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Queues `job`.
    pub fn submit(&self, job: impl FnOnce() + Send + 'static) {
        let jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        self.waiting.fetch_add(1, Ordering::Relaxed);
        if jobs.send(Box::new(job)).is_err() {
            self.waiting.fetch_sub(1, Ordering::Relaxed);
            tracing::warn!("the CPU pool has no threads left");
        }
    }

    /// Jobs queued and not yet started.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Threads running a job now.
    pub fn busy(&self) -> usize {
        self.busy.load(Ordering::Relaxed)
    }

    /// The time a search starting now may take, out of `full`: all of it
    /// while no other search waits, less as the queue grows (each thread's
    /// share of the queue divides it), never under a tenth. So when a
    /// hundred rooms want the CPU at once, each still gets a move within
    /// seconds instead of waiting for a hundred full searches.
    pub fn share(&self, full: Duration) -> Duration {
        let behind = self.waiting() / self.threads;
        (full / (1 + behind as u32)).max(full / 10)
    }
}

/// A worker: runs jobs until the pool is dropped. A job that panics is
/// caught, so one bad search does not take a thread with it.
fn work(queue: &Mutex<Receiver<Job>>, waiting: &AtomicUsize, busy: &AtomicUsize) {
    loop {
        let job = {
            let queue = queue.lock().unwrap_or_else(|e| e.into_inner());
            queue.recv()
        };
        let Ok(job) = job else {
            return;
        };
        waiting.fetch_sub(1, Ordering::Relaxed);
        busy.fetch_add(1, Ordering::Relaxed);
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
            tracing::error!("a CPU search panicked");
        }
        busy.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn jobs_run_on_the_pool_and_a_panic_does_not_stop_it() {
        let pool = Pool::new(2);
        let done = Arc::new(AtomicUsize::new(0));
        pool.submit(|| panic!("a bad search"));
        for _ in 0..10 {
            let done = done.clone();
            pool.submit(move || {
                done.fetch_add(1, Ordering::SeqCst);
            });
        }
        for _ in 0..500 {
            if done.load(Ordering::SeqCst) == 10 {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("only {} of 10 jobs ran", done.load(Ordering::SeqCst));
    }

    #[test]
    fn a_long_queue_shortens_each_search_down_to_a_tenth() {
        let pool = Pool::new(1);
        let full = Duration::from_millis(1000);
        assert_eq!(pool.share(full), full);
        let (release, gate) = std::sync::mpsc::channel::<()>();
        // One job holds the thread; five more wait behind it.
        pool.submit(move || {
            let _ = gate.recv();
        });
        for _ in 0..5 {
            pool.submit(|| {});
        }
        for _ in 0..500 {
            if pool.waiting() == 5 {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(pool.waiting(), 5);
        assert_eq!(pool.share(full), full / 6);
        for _ in 0..50 {
            pool.submit(|| {});
        }
        assert_eq!(pool.share(full), full / 10);
        release.send(()).unwrap();
        for _ in 0..500 {
            if pool.waiting() == 0 {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("{} jobs never started", pool.waiting());
    }
}
