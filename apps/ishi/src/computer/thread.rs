//! The desktop's (and the tests') computer player: one thread that owns a
//! [`Worker`] with the models the native build carries, and answers the requests sent to it
//! in order. Cancelling raises the stop flag of the search under way, which then ends at once;
//! its answer is dropped. A search that panics (a bug) answers [`WorkerError::Stopped`] with
//! the panic's message, and the thread goes on with a fresh worker.

use std::cell::RefCell;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;

use ishi_ai::Stop;
use ishi_worker::{Reply, Request, Worker, WorkerError};

/// A request for the thread, the flag that stops it, and where its answer goes.
type Job = (Request, Stop, futures_channel::oneshot::Sender<Reply>);

thread_local! {
    /// The way to the computer's thread, started on the first request, and the stop flag of
    /// the search under way.
    static THREAD: RefCell<(Option<mpsc::Sender<Job>>, Option<Stop>)> =
        const { RefCell::new((None, None)) };
}

/// The computer's thread: the worker is made there, on its first request, so the app's
/// start does not wait for its models.
fn start() -> mpsc::Sender<Job> {
    let (jobs, inbox) = mpsc::channel::<Job>();
    std::thread::spawn(move || {
        let mut worker = Worker::with_embedded_models();
        for (request, stop, answer) in inbox {
            if stop.is_requested() {
                continue;
            }
            let epoch = request.epoch;
            let thought =
                std::panic::catch_unwind(AssertUnwindSafe(|| worker.think(&request, &stop)));
            let reply = thought.unwrap_or_else(|panic| {
                // The worker may be half-way through a change: start afresh.
                worker = Worker::with_embedded_models();
                let detail = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a search panicked".to_owned());
                Reply::failed(epoch, WorkerError::Stopped(detail))
            });
            if !stop.is_requested() {
                let _ = answer.send(reply);
            }
        }
    });
    jobs
}

pub(super) async fn think(request: Request) -> Option<Reply> {
    let stop = Stop::new();
    let epoch = request.epoch;
    let (answer, reply) = futures_channel::oneshot::channel();
    let sent = THREAD.with(|thread| {
        let mut thread = thread.borrow_mut();
        thread.1 = Some(stop.clone());
        let jobs = thread.0.get_or_insert_with(start);
        jobs.send((request, stop.clone(), answer)).is_ok()
    });
    if !sent {
        // The thread has ended: the next request starts another.
        THREAD.with(|thread| thread.borrow_mut().0 = None);
        return Some(Reply::failed(epoch, ended()));
    }
    match reply.await {
        Ok(reply) => Some(reply),
        // No answer: cancelled, or the thread ended while it thought.
        Err(_) if stop.is_requested() => None,
        Err(_) => {
            THREAD.with(|thread| thread.borrow_mut().0 = None);
            Some(Reply::failed(epoch, ended()))
        }
    }
}

/// The failure of a request whose thread ended without an answer.
fn ended() -> WorkerError {
    WorkerError::Stopped("the computer's thread ended".to_owned())
}

pub(super) fn cancel() {
    if let Some(stop) = THREAD.with(|thread| thread.borrow_mut().1.take()) {
        stop.request();
    }
}

/// Nothing to start ahead: the thread starts with the first request.
pub(super) fn warm_up() {}
