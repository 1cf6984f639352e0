//! The editor's pool: a few threads of their own that play scenarios typed
//! in the editor, with a short queue in front of them.
//!
//! ```text
//! POST /exemples/essai ──try_run──▶ queue (EDITOR_QUEUE) ──▶ EDITOR_THREADS threads ──▶ oneshot ──▶ the handler
//!                          └─ queue full: Busy (503 with Retry-After)
//! ```
//!
//! Scenarios never run on the threads that serve rule and search pages,
//! nor on actix's blocking pool (which grows to hundreds of threads): however
//! many scenarios are posted, at most `threads` are played at once, `queue`
//! wait, and the others are refused at once. A job that waits past its
//! deadline is dropped unplayed, and a job that runs stops at its deadline
//! ([`crate::engine::run_until`]): the work ends with the answer.

use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of threads and a bounded queue.
pub struct Pool {
    sender: SyncSender<Job>,
}

/// The queue is full: try again later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

impl Pool {
    /// Starts `threads` threads (at least one) behind a queue of `queue` jobs.
    pub fn new(name: &str, threads: usize, queue: usize) -> Pool {
        let (sender, receiver) = sync_channel::<Job>(queue);
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..threads.max(1) {
            let receiver = Arc::clone(&receiver);
            std::thread::Builder::new()
                .name(format!("{name}-{i}"))
                .spawn(move || work(&receiver))
                .expect("the system gives a thread at start-up");
        }
        Pool { sender }
    }

    /// Queues `f`; its result comes through the receiver. `Busy` when the
    /// queue is full.
    pub fn try_run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<T>, Busy> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            // The handler may have given up waiting: the result is dropped.
            let _ = tx.send(f());
        });
        match self.sender.try_send(job) {
            Ok(()) => Ok(rx),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => Err(Busy),
        }
    }
}

/// A thread's loop: one job at a time until the pool is dropped. A job
/// that panics is caught, so the thread lives on (its handler sees the
/// result channel closed).
fn work(receiver: &Mutex<Receiver<Job>>) {
    loop {
        let job = match receiver.lock() {
            Ok(r) => r.recv(),
            Err(_) => return,
        };
        match job {
            Ok(job) => {
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            }
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_full_queue_refuses_and_a_panic_does_not_kill_the_thread() {
        let pool = Pool::new("essai", 1, 1);
        let (hold, wait) = std::sync::mpsc::channel::<()>();
        let running = pool.try_run(move || wait.recv_timeout(Duration::from_secs(5)).is_ok()).unwrap();
        // The thread may not have taken the first job yet: fill until refused.
        let mut queued = Vec::new();
        let refused = loop {
            match pool.try_run(|| 1) {
                Ok(rx) => queued.push(rx),
                Err(Busy) => break true,
            }
            assert!(queued.len() <= 2, "a queue of one holds at most two jobs with the running one");
        };
        assert!(refused);
        hold.send(()).unwrap();
        assert!(running.blocking_recv().unwrap());
        for rx in queued {
            assert_eq!(rx.blocking_recv().unwrap(), 1);
        }
        let panicked = pool.try_run(|| -> u8 { panic!("essai") }).unwrap();
        assert!(panicked.blocking_recv().is_err());
        assert_eq!(pool.try_run(|| 2).unwrap().blocking_recv().unwrap(), 2);
    }
}
