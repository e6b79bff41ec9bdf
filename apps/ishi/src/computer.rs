//! The computer player's driver: works out what the state asks for ([`AppState::job`])
//! without ever blocking the page, and hands the answer back as an action to the caller's
//! `dispatch`.
//!
//! On the web the search runs in a Web Worker (`public/worker/worker.js`, running this app's
//! own WASM module, which links `ishi-worker`'s `think_json`): the page keeps painting and
//! taking taps however long the search takes, and cancelling ends the worker at once. On the
//! desktop it runs on a thread and cancelling raises the search's stop flag. Whenever the job
//! changes (a move was played, play was paused, the review bar opened) the search under way
//! is cancelled; an answer that comes anyway is for an older state, and the state drops it.
//!
//! [`AppState::job`]: crate::state::AppState::job

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;
use ishi_rules::othello::notation;
use ishi_worker::{GameState, Reply, Request, Task};

use crate::model::{Match, Position, to_go};
use crate::state::{AppAction, AppState, Job, JobTask};

/// The request for `task` in the position of the snapshot at `index` of `m`'s history (the
/// cursor's for the game's own jobs; any for the analysis of a whole game).
pub fn request(m: &Match, index: usize, task: Task, seed: u64) -> Request {
    let line = &m.history()[..=index.min(m.history().len() - 1)];
    let game = match &line[line.len() - 1].position {
        Position::Othello(o) => GameState::Othello {
            board: notation::print_board(o),
        },
        Position::Go(go) => {
            let start = line[0].position.go().map(|g| g.setup());
            let setup = start.unwrap_or_else(|| go.setup());
            let size = setup.size;
            let moves = line
                .iter()
                .filter_map(|s| s.played.as_ref())
                .filter_map(|p| to_go(p.mv, size))
                .map(|mv| mv.to_string())
                .collect();
            GameState::Go {
                size,
                rules: setup.rules.name().unwrap_or("japanese").to_owned(),
                komi: setup.rules.komi.half_points(),
                stones: setup
                    .stones
                    .iter()
                    .map(|(p, c)| (p.to_string(), c.letter()))
                    .collect(),
                turn: setup.turn.letter(),
                captures: (setup.captures.black, setup.captures.white),
                moves,
            }
        }
    };
    Request {
        epoch: m.epoch(),
        game,
        seed,
        task,
    }
}

/// Runs the jobs of `state` for as long as the app lives, and hands each answer to
/// `dispatch`.
pub fn use_computer(
    state: impl Readable<Target = AppState> + Copy + 'static,
    dispatch: impl Fn(AppAction) + Copy + 'static,
) {
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
                let here = &m.history().get(index)?.position;
                let played = played.map(|mv| here.move_name(mv));
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

#[cfg(target_arch = "wasm32")]
mod platform {
    use super::*;
    use crate::js;
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        /// The URL of this module's wasm-bindgen glue (dx's hashed `assets/ishi-*.js`).
        #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
        static GLUE: String;
    }

    /// Starts the worker (`public/worker/worker.js`) unless it runs, handing it this very
    /// WASM module, compiled, and the glue's URL (`window.ishiSource`): the worker
    /// instantiates it again and calls its `think_json`, with no second download or
    /// compilation. It also gets the URLs of the Othello weights and the Go move model, which
    /// the module does not carry (`scripts/build-web` puts `weights.bin` and `moves.bin`
    /// there), and fetches them and the engines' module at once.
    macro_rules! spawn_worker {
        () => {
            r#"
            if (!window.ishiWorker) {
                const worker = new Worker(new URL("worker/worker.js", document.baseURI), { type: "module" });
                const weights = new URL("worker/othello-weights.bin", document.baseURI).href;
                const goWeights = new URL("worker/go-moves.bin", document.baseURI).href;
                worker.postMessage({ ...window.ishiSource, weights, goWeights });
                // Until a request listens: a worker that fails is dropped, and the next
                // request starts another, whose failure it hears.
                worker.onerror = event => {
                    event.preventDefault();
                    if (window.ishiWorker === worker) window.ishiWorker = null;
                };
                window.ishiWorker = worker;
            }
            "#
        };
    }

    /// Starts the worker if need be ([`spawn_worker`]), then asks it to think about
    /// `request`; `null` when cancelled.
    const START: &str = concat!(
        spawn_worker!(),
        r#"
        const worker = window.ishiWorker;
        return await new Promise(resolve => {
            window.ishiCancel = () => resolve(null);
            worker.onmessage = event => resolve(event.data);
            worker.onerror = event => {
                event.preventDefault();
                window.ishiWorker = null;
                resolve(JSON.stringify({ epoch: 0, mv: null, eval: "", depth: 0, nodes: 0,
                    millis: 0, error: event.message }));
            };
            worker.postMessage(request);
        });
    "#
    );

    /// Starts the worker ahead of the first request.
    const WARM: &str = spawn_worker!();

    const CANCEL: &str = r#"
        if (window.ishiWorker) { window.ishiWorker.terminate(); window.ishiWorker = null; }
        if (window.ishiCancel) { const cancel = window.ishiCancel; window.ishiCancel = null; cancel(); }
    "#;

    thread_local! {
        /// Whether `window.ishiSource` is set: once per page.
        static SHARED: bool = share_source().is_some();
    }

    /// Puts what the worker needs where `START` finds it: `window.ishiSource`, holding
    /// `module` (this WASM module, compiled) and `glue` (its glue's URL).
    fn share_source() -> Option<()> {
        let window = web_sys::window()?;
        let source = js_sys::Object::new();
        js_sys::Reflect::set(&source, &"module".into(), &wasm_bindgen::module()).ok()?;
        let glue = GLUE.with(|url| JsValue::from_str(url));
        js_sys::Reflect::set(&source, &"glue".into(), &glue).ok()?;
        js_sys::Reflect::set(&window, &"ishiSource".into(), &source).ok()?;
        Some(())
    }

    /// Asks the worker. The request's and the reply's JSON are written and read by lazy
    /// parts in the split build ([`crate::lazy`]), loaded with the engines after the first
    /// board and named for them (`engines_request`, `engines_reply`: the page's side of the
    /// computer player): a part that cannot be loaded makes a failed reply, as a worker that
    /// fails does.
    pub(super) async fn think(request: Request) -> Option<Reply> {
        if !SHARED.with(|shared| *shared) {
            return None;
        }
        #[cfg(feature = "wasm-split")]
        {
            let epoch = request.epoch;
            let unavailable = || Some(Reply::failed(epoch, crate::state::AppError::UNAVAILABLE));
            let Some(json) = crate::lazy::call(&ENCODE_REQUEST, request).await else {
                return unavailable();
            };
            let reply = js::call("request", START, &[&json?]).await?;
            crate::lazy::call(&DECODE_REPLY, reply)
                .await
                .unwrap_or_else(unavailable)
        }
        #[cfg(not(feature = "wasm-split"))]
        {
            let reply = js::call("request", START, &[&engines_request(request)?]).await?;
            engines_reply(reply)
        }
    }

    crate::lazy::function!(ENCODE_REQUEST = "engines_request" fn engines_request(Request) -> Option<String>);
    crate::lazy::function!(DECODE_REPLY = "engines_reply" fn engines_reply(String) -> Option<Reply>);

    /// A request's JSON for the worker.
    fn engines_request(request: Request) -> Option<String> {
        serde_json::to_string(&request).ok()
    }

    /// The worker's reply from its JSON; `None` if it is not a reply.
    fn engines_reply(json: String) -> Option<Reply> {
        serde_json::from_str(&json).ok()
    }

    pub(super) fn cancel() {
        // The script runs at once, within the call: there is nothing to wait for.
        drop(js::call("", CANCEL, &[]));
    }

    pub(super) fn warm_up() {
        if SHARED.with(|shared| *shared) {
            drop(js::call("", WARM, &[]));
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod platform {
    use super::*;
    use ishi_ai::Stop;
    use std::sync::Mutex;

    /// The stop flag of the search under way.
    static CURRENT: Mutex<Option<Stop>> = Mutex::new(None);

    pub(super) async fn think(request: Request) -> Option<Reply> {
        let stop = Stop::new();
        if let Ok(mut current) = CURRENT.lock() {
            *current = Some(stop.clone());
        }
        let epoch = request.epoch;
        let (tx, rx) = futures_channel::oneshot::channel();
        std::thread::spawn(move || {
            let reply = ishi_worker::think_with(&request, &stop);
            let _ = tx.send((!stop.is_requested()).then_some(reply));
        });
        // A thread that ends without an answer failed: say so, as the worker's error does.
        rx.await
            .unwrap_or_else(|_| Some(Reply::failed(epoch, "the search thread stopped")))
    }

    pub(super) fn cancel() {
        if let Some(stop) = CURRENT.lock().ok().and_then(|mut current| current.take()) {
            stop.request();
        }
    }

    /// Nothing to start ahead: a search is a thread of its own.
    pub(super) fn warm_up() {}
}

/// What the worker (`public/worker/worker.js`) calls for each request, JSON in and JSON out.
/// In the release build (feature `wasm-split`, `dx build --wasm-split`) the engines are a
/// WASM module of their own, which the worker fetches on its first call: the page's first
/// download does not carry them.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub async fn think_json(request: String) -> String {
    #[cfg(feature = "wasm-split")]
    use dioxus::wasm_split::{self, wasm_split};

    #[cfg_attr(feature = "wasm-split", wasm_split(engines))]
    async fn engines(request: String) -> String {
        ishi_worker::think_json(&request)
    }

    engines(request).await
}

/// Loads the parts that write the worker's requests and read its replies (the split build),
/// for the app's fetching of every lazy part ahead.
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub(crate) async fn preload() {
    platform::ENCODE_REQUEST.load().await;
    platform::DECODE_REPLY.load().await;
}

/// Asks for a move; `None` when the search was cancelled or failed.
pub async fn think(request: Request) -> Option<Reply> {
    platform::think(request).await
}

/// Cancels the search under way, if any.
pub fn cancel() {
    platform::cancel();
}

/// Gets the computer ready ahead of its first move: on the web, starts its worker, which
/// fetches the engines' module and the Othello weights (called soon after the first board).
pub fn warm_up() {
    platform::warm_up();
}
