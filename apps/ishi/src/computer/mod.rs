//! The computer player's driver: works out what the state asks for ([`AppState::job`])
//! without ever blocking the page, and hands the answer back as an action to the caller's
//! `dispatch`.
//!
//! The computer is an [`ishi_worker::Worker`] behind typed messages. On the web it runs in a
//! Web Worker (`public/worker/worker.js`, running this app's own WASM module; `web.rs`, the
//! one file that speaks JSON to it): the page keeps painting and taking taps however long
//! the search takes, and cancelling ends the worker at once. On the desktop it runs on a
//! thread of its own (`thread.rs`) and cancelling raises the search's stop flag. Whenever the job
//! changes (a move was played, play was paused, the review bar opened) the search under way
//! is cancelled; an answer that comes anyway is for an older state, and the state drops it.
//!
//! [`AppState::job`]: crate::state::AppState::job

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;
use ishi_worker::{GameLine, Reply, Request, Task};

use crate::model::Match;
use crate::state::{AppAction, AppState, Job, JobTask};

#[cfg(not(target_arch = "wasm32"))]
mod thread;
#[cfg(any(target_arch = "wasm32", test))]
mod web;

#[cfg(not(target_arch = "wasm32"))]
use thread as platform;
#[cfg(target_arch = "wasm32")]
use web as platform;
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub(crate) use web::preload;
#[cfg(target_arch = "wasm32")]
pub use web::{load_model, think_json};

/// The request for `task` in the position of the snapshot at `index` of `m`'s history (the
/// cursor's for the game's own jobs; any for the analysis of a whole game): the game's start
/// and the moves up to there.
pub fn request(m: &Match, index: usize, task: Task, seed: u64) -> Request {
    let line = &m.history()[..=index.min(m.history().len() - 1)];
    let moves = line.iter().filter_map(|s| s.played.as_ref()).map(|p| p.mv);
    Request {
        epoch: m.epoch(),
        seed,
        game: GameLine::new(&line[0].position, moves),
        task,
    }
}

/// Runs the jobs of `state` for as long as the app lives, and hands each answer to
/// `dispatch`, with (on the web) the news of Go's network as it loads.
pub fn use_computer(
    state: impl Readable<Target = AppState> + Copy + 'static,
    dispatch: impl Fn(AppAction) + Copy + 'static,
) {
    #[cfg(target_arch = "wasm32")]
    {
        use_hook(|| web::listen_network(move |status| dispatch(AppAction::Network(status))));
        // Go's network, fetched once a Go game is on screen (asked of the workers once: later
        // calls do nothing). Not a memo of the game's kind: `use_memo` would add 1.5 KB gzip
        // to the first board, for a comparison at each change of the state.
        use_effect(move || {
            if state.read().current().kind() == crate::model::GameKind::Go {
                web::want_network();
            }
        });
    }
    let job = use_memo(move || state.read().job());
    let running = use_hook(|| Rc::new(RefCell::new(None::<dioxus::core::Task>)));
    use_effect(move || {
        let job = job();
        if let Some(task) = running.borrow_mut().take() {
            task.cancel();
            cancel();
        }
        let Some(job) = job else {
            return;
        };
        let slot = running.clone();
        let task = spawn(async move {
            let action = run(state, job).await;
            slot.borrow_mut().take();
            if let Some(action) = action {
                dispatch(action);
            }
        });
        *running.borrow_mut() = Some(task);
    });
}

/// Works `job` out: the action that answers it, or `None` when the state moved on first or
/// the search was cancelled.
async fn run(state: impl Readable<Target = AppState>, job: Job) -> Option<AppAction> {
    if let JobTask::Move { delay_ms, .. } = job.task {
        crate::js::sleep(delay_ms).await;
    }
    let request = {
        let state = state.peek();
        let m = state.current();
        let (index, task) = match job.task {
            JobTask::Move { level, .. } => (m.cursor(), Task::Move { level }),
            JobTask::Ownership { playouts } => (m.cursor(), Task::Ownership { playouts }),
            JobTask::Hints { budget } => (m.cursor(), Task::Hints { budget }),
            JobTask::Analyse {
                index,
                played,
                deep,
            } => {
                m.history().get(index)?;
                (index, Task::Analyse { played, deep })
            }
        };
        // A job is for the state it was asked in: the match's epoch, or (for the analysis
        // of a whole game, which the review steps through) the position's fingerprint.
        let current = match job.task {
            JobTask::Analyse { .. } => m.history()[index].position.fingerprint() == job.epoch,
            _ => m.epoch() == job.epoch,
        };
        if !current {
            return None;
        }
        request(m, index, task, seed())
    };
    let reply = think(request).await?;
    let epoch = job.epoch;
    Some(match job.task {
        JobTask::Move { .. } => AppAction::ComputerMove { epoch, reply },
        JobTask::Ownership { .. } => AppAction::Ownership { epoch, reply },
        JobTask::Hints { .. } => AppAction::Hints { epoch, reply },
        JobTask::Analyse { index, .. } => AppAction::Analysed {
            index,
            key: epoch,
            reply,
        },
    })
}

/// A fresh seed for the search's randomness, from the system (the browser's crypto API on
/// the web). A clock-derived seed stands in on the odd system without one.
fn seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| {
        web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    })
}

/// Asks for a move; `None` when the search was cancelled or failed.
pub async fn think(request: Request) -> Option<Reply> {
    platform::think(request).await
}

/// Cancels the search under way, if any.
pub fn cancel() {
    platform::cancel();
}

/// Has the computer fetch Go's network, if it has not (the puzzle screen's Go puzzles, which
/// the game on screen did not ask for). Only the web fetches it; the native app carries it.
pub fn want_network() {
    #[cfg(target_arch = "wasm32")]
    web::want_network();
}

/// Gets the computer ready ahead of its first move: on the web, starts its worker, which
/// fetches the engines' module and the Othello weights (called soon after the first board).
pub fn warm_up() {
    platform::warm_up();
}
