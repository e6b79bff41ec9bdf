//! The computer player: asks `ishi-worker` for moves without ever blocking the page.
//!
//! On the web the search runs in a Web Worker (`public/worker/worker.js`, running this app's
//! own WASM module, which links `ishi-worker`'s `think_json`): the page keeps painting and
//! taking taps however long the search takes, and cancelling ends the worker at once. On the
//! desktop it runs on a thread and cancelling raises the search's stop flag. Either way a
//! late answer is dropped: the match only takes a move for the state it asked about
//! ([`Match::epoch`]).

use dioxus::prelude::*;
use ishi_rules::Move;
use ishi_rules::othello::notation;
use ishi_worker::{GameState, Reply, Request, Task};

use crate::model::{Action, CellMove, Match, Position, go_point};
use crate::settings::use_settings;

/// What the computer is doing, for the status line.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Computer {
    /// A search is under way.
    pub thinking: bool,
    /// Why the last search gave no move (the worker failed, the request was refused): the
    /// status line says so until the next search.
    pub failure: Option<String>,
}

/// The request for the computer's move in `m`'s current position.
pub fn request(m: &Match, level: &str, seed: u64) -> Request {
    let game = match m.position() {
        Position::Othello(o) => GameState::Othello {
            board: notation::print_board(o),
        },
        Position::Go(go) => {
            let start = m.line()[0].position.go().map(|g| g.setup());
            let setup = start.unwrap_or_else(|| go.setup());
            let size = setup.size;
            let moves = m
                .line()
                .iter()
                .filter_map(|s| s.played.as_ref())
                .map(|p| match p.mv {
                    Move::Place(cell) => go_point(cell, size)
                        .map(|pt| pt.to_string())
                        .unwrap_or_default(),
                    Move::Pass => "pass".to_owned(),
                })
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
        level: level.to_owned(),
        seed,
        task: Task::Move,
    }
}

/// The move of a reply, in board coordinates.
pub fn reply_move(position: &Position, reply: &Reply) -> Option<CellMove> {
    let text = reply.mv.as_deref()?;
    if text == "pass" {
        return Some(Move::Pass);
    }
    let size = position.size();
    match position {
        Position::Othello(_) => {
            let sq: ishi_rules::othello::Square = text.parse().ok()?;
            Some(Move::Place(crate::model::Cell::new(sq.col(), sq.row())))
        }
        Position::Go(_) => {
            let p: ishi_rules::go::Point = text.parse().ok()?;
            Some(Move::Place(crate::model::go_cell(p, size)))
        }
    }
}

/// Drives the computer: whenever it is a computer's turn and play is neither `paused` nor
/// being reviewed, asks for
/// its move (after a pause so people can follow) and plays it; cancels the search when the
/// state moves on.
pub fn use_computer(
    mut game: Signal<Match>,
    mut computer: Signal<Computer>,
    paused: Signal<bool>,
    reviewing: Signal<bool>,
) {
    let settings = use_settings();
    use_effect(move || {
        let m = game.read();
        let paused = paused() || reviewing();
        if computer.peek().thinking {
            cancel();
        }
        if m.needs_ownership() {
            let mut request = request(&m, "", seed());
            request.task = Task::Ownership {
                playouts: ownership_playouts(m.position().size()),
            };
            let epoch = m.epoch();
            drop(m);
            spawn(async move {
                // Cancelled: the state moved on, and a new estimate is asked for if needed.
                let Some(reply) = think(request).await else {
                    return;
                };
                // Failed: the static guess stands, and the count stops waiting for better.
                let dead = match (game.peek().position().go(), reply.ownership) {
                    (Some(go), Some(ownership)) => {
                        ishi_scoring::guess_dead_stones_with(go, &ownership).ok()
                    }
                    _ => None,
                };
                let dead = dead.or_else(|| game.peek().dead_stones().cloned());
                if let Some(dead) = dead {
                    let _ = game.write().apply(Action::RefineDead { epoch, dead });
                }
            });
            return;
        }
        let Some(level) = m.computer_to_move().filter(|_| !paused) else {
            computer.write().thinking = false;
            return;
        };
        let sides = m.config().sides;
        let watching = !sides.black.is_human() && !sides.white.is_human();
        let delay = if watching {
            settings.peek().watch_delay_ms
        } else {
            HUMAN_PACE_MS
        };
        let request = request(&m, level.id, seed());
        let epoch = m.epoch();
        drop(m);
        let mut state = computer.write();
        state.thinking = true;
        state.failure = None;
        drop(state);
        spawn(async move {
            crate::js::sleep(delay).await;
            if game.peek().epoch() != epoch {
                return;
            }
            let Some(reply) = think(request).await else {
                return;
            };
            if game.peek().epoch() != epoch {
                return;
            }
            let mv = reply_move(game.peek().position(), &reply);
            let mut state = computer.write();
            state.thinking = false;
            state.failure = reply.error.or_else(|| {
                mv.is_none().then(|| {
                    let answer = reply.mv.as_deref().unwrap_or_default();
                    format!("its answer {answer:?} is not a move here")
                })
            });
            drop(state);
            let Some(mv) = mv else {
                return;
            };
            // An illegal move is the computer's fault: reported, and the match is not written
            // to, which would start the same search again.
            if let Err(reason) = game.peek().position().play(mv) {
                computer.write().failure = Some(format!("its move was refused: {reason}"));
                return;
            }
            let _ = game.write().apply(Action::Computer { epoch, mv });
        });
    });
}

/// Playouts for the ownership estimate of a count: about half a second in a browser.
fn ownership_playouts(size: usize) -> u32 {
    match size {
        0..=9 => 3000,
        10..=13 => 1500,
        _ => 800,
    }
}

/// The least time between a person's move and the computer's answer, so the person sees
/// their own move land first.
const HUMAN_PACE_MS: u32 = 350;

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

    /// Starts the worker (`public/worker/worker.js`) on first use, handing it this very WASM
    /// module, compiled, and the glue's URL (`window.ishiSource`): the worker instantiates it
    /// again and calls its `think_json`, with no second download or compilation. Then asks
    /// it to think about `request`; `null` when cancelled.
    const START: &str = r#"
        if (!window.ishiWorker) {
            const worker = new Worker(new URL("worker/worker.js", document.baseURI), { type: "module" });
            worker.postMessage(window.ishiSource);
            window.ishiWorker = worker;
        }
        const worker = window.ishiWorker;
        return await new Promise(resolve => {
            window.ishiCancel = () => resolve(null);
            worker.onmessage = event => resolve(event.data);
            worker.onerror = event => {
                event.preventDefault();
                window.ishiWorker = null;
                resolve(JSON.stringify({ epoch: 0, mv: null, eval: "", depth: 0, nodes: 0,
                    millis: 0, error: "the computer stopped: " + event.message }));
            };
            worker.postMessage(request);
        });
    "#;

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

    pub(super) async fn think(request: Request) -> Option<Reply> {
        if !SHARED.with(|shared| *shared) {
            return None;
        }
        let json = serde_json::to_string(&request).ok()?;
        let reply = js::call("request", START, &[&json]).await?;
        serde_json::from_str(&reply).ok()
    }

    pub(super) fn cancel() {
        // The script runs at once, within the call: there is nothing to wait for.
        drop(js::call("", CANCEL, &[]));
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
        let (tx, rx) = futures_channel::oneshot::channel();
        std::thread::spawn(move || {
            let reply = ishi_worker::think_with(&request, &stop);
            let _ = tx.send((!stop.is_requested()).then_some(reply));
        });
        rx.await.ok().flatten()
    }

    pub(super) fn cancel() {
        if let Some(stop) = CURRENT.lock().ok().and_then(|mut current| current.take()) {
            stop.request();
        }
    }
}

/// Asks for a move; `None` when the search was cancelled or failed.
pub async fn think(request: Request) -> Option<Reply> {
    platform::think(request).await
}

/// Cancels the search under way, if any.
pub fn cancel() {
    platform::cancel();
}
