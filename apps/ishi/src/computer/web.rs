//! The web's computer player: a Web Worker running this app's own WASM module, and the one
//! file that speaks JSON to it. Both sides of the boundary are here: the page's (start the
//! worker, post a request, read the reply) and the worker's (the module's exports
//! [`think_json`] and [`load_model`], which `public/worker/worker.js` calls). The messages are
//! [`ishi_worker`]'s typed values; JSON is only how they cross.
//!
//! The worker keeps one [`Worker`], which starts with no model: `worker.js` fetches each
//! model's file (the build does not carry them, to keep the first download light) and hands
//! it over with a typed load message ([`Model`] by name, and the bytes) before it answers a
//! request. A request that needs a model that did not come gets
//! [`WorkerError::ModelMissing`].
//!
//! **Why the page's own module.** The page hands the worker its compiled module and the
//! worker instantiates it again, so the rules, the allocator, the formatting and `serde_json`
//! are downloaded and compiled once. A worker module of its own repeated them: on 2026-11-24
//! the two weighed 496 KB gzip, the one 438 KB. In the split build the engines, reachable
//! only from [`think_json`], are a lazily loaded module that only the worker fetches, on its
//! first request (`docs/web-size.md`, "Split modules", has its size).
//!
//! The codec ([`encode_request`] and the rest) is also compiled for the tests, which check the
//! messages' JSON natively.

use ishi_worker::{Model, Reply, Request, WorkerError};

/// A request's JSON for the worker.
fn encode_request(request: &Request) -> Option<String> {
    serde_json::to_string(request).ok()
}

/// The request of the worker's message `json`.
fn decode_request(json: &str) -> Result<Request, WorkerError> {
    serde_json::from_str(json).map_err(|_| WorkerError::BadRequest)
}

/// A reply's JSON for the page.
fn encode_reply(reply: &Reply) -> String {
    // A reply is numbers, names and enums: it always encodes.
    serde_json::to_string(reply).unwrap_or_default()
}

/// The worker's reply from its JSON; `None` if it is not a reply.
fn decode_reply(json: &str) -> Option<Reply> {
    serde_json::from_str(json).ok()
}

#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub(crate) use page::preload;
/// The models the web worker fetches after the first board: all of them. Go's network comes
/// with the module that runs its layers with WebAssembly SIMD, and only where the browser has
/// SIMD (`public/worker/worker.js`); until it has come, and where it cannot, the web's Go
/// levels of the network play their Monte Carlo fallback (`ishi_ai::go::GoLevel::fallback`)
/// and its hints and analysis are the Monte Carlo engine's.
#[cfg(any(target_arch = "wasm32", test))]
const FETCHED: [Model; 3] = [Model::OthelloWeights, Model::GoMoves, Model::GoNetwork];

#[cfg(target_arch = "wasm32")]
pub(super) use page::{cancel, listen_network, think, want_network, warm_up};
#[cfg(target_arch = "wasm32")]
pub use worker::{load_model, think_json};

/// The page's side: the worker started, asked and ended.
#[cfg(target_arch = "wasm32")]
mod page {
    use wasm_bindgen::prelude::*;

    use super::*;
    use crate::js;
    use crate::state::NetworkStatus;

    #[wasm_bindgen]
    extern "C" {
        /// The URL of this module's wasm-bindgen glue (dx's hashed `assets/ishi-*.js`).
        #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
        static GLUE: String;
    }

    /// The page's workers (`public/worker/worker.js`), defined once per page
    /// ([`share_source`]). `ishiStart()` returns the worker that answers,
    /// `window.ishiWorker`, starting it unless it runs: each is handed this very WASM module,
    /// compiled, and the glue's URL (`window.ishiSource`), and instantiates it again and calls
    /// its `think_json`, with no second download or compilation. It also gets the URL of each
    /// model's file (`worker/NAME.bin` for the names of `ishiSource.models`, [`Model::name`];
    /// `scripts/build-web` puts the files there), which it fetches and loads at once, with the
    /// engines' module.
    ///
    /// **A spare.** Cancelling a search ends its worker, and a new worker spends some 130 ms
    /// (Go, Chromium, 2026-11-29: the engines' module, the models, the network from the
    /// service worker's cache) before it can think. So once a worker has answered, the page
    /// starts a second one, `window.ishiSpare` (`ishiSpareUp()`), which loads in the
    /// background and takes over at the next request after a cancel: a move played during
    /// the hints' search is answered by a worker that is ready (it starts half a second after
    /// the reply, which the page draws first). The cost is the second
    /// worker's memory and, once per cancel, its loading on another core. A spare waits for
    /// Go's network to be settled (loaded or failed) and starts then, so that a first visit
    /// never downloads it twice, and it is silent: the status line hears only the worker that
    /// answers, and, once the network is settled, no more of its loading.
    ///
    /// In the script (its words cost the first download, so they are here): a worker gets Go's
    /// network once a Go game has been on screen (`want_network`); until a request listens, a
    /// worker that fails is dropped and the next request starts another, whose failure it
    /// hears; `ishiTold` hears how Go's network is coming (a worker's messages that are not
    /// replies); the spare starts half a second after a reply, so that its loading keeps off
    /// the cores while the page draws the answer, and a Go game opened meanwhile puts it off
    /// (`spareDue`) until the network is settled.
    const WORKERS: &str = r#"
const settled = ["ready", "failed", "no-simd"];
let network = null;
const make = () => {
    const worker = new Worker(new URL("worker/worker.js", document.baseURI), { type: "module" });
    const { module, glue, models } = window.ishiSource;
    const files = models.map(name => [name, new URL(`worker/${name}.bin`, document.baseURI).href]);
    worker.postMessage({ module, glue, models: files, network: !!window.ishiWantNetwork });
    worker.onmessage = event => window.ishiTold(worker, event.data);
    worker.onerror = event => {
        event.preventDefault();
        if (window.ishiWorker === worker) window.ishiWorker = null;
        if (window.ishiSpare === worker) window.ishiSpare = null;
    };
    return worker;
};
let spareDue = false;
const spare = () => {
    spareDue = false;
    if (!window.ishiSpare) window.ishiSpare = make();
};
window.ishiTold = (worker, data) => {
    if (worker !== window.ishiWorker || typeof data === "string") return;
    if (settled.includes(network) && data.network.startsWith("loading")) return;
    network = data.network;
    if (window.ishiNetworkState) window.ishiNetworkState(network);
    if (spareDue && settled.includes(network)) spare();
};
window.ishiStart = () => {
    if (!window.ishiWorker) {
        window.ishiWorker = window.ishiSpare || make();
        window.ishiSpare = null;
    }
    return window.ishiWorker;
};
window.ishiSpareUp = () => setTimeout(() => {
    if (!window.ishiWantNetwork || settled.includes(network)) spare();
    else spareDue = true;
}, 500);
"#;

    /// Starts the worker if need be (`ishiStart`, [`WORKERS`]), then asks it to think about
    /// `request`: its reply's JSON, `null` when cancelled, and when the worker failed
    /// [`FAILED`] followed by the script error's message. A reply starts the spare.
    const START: &str = r#"
const worker = window.ishiStart();
return await new Promise(resolve => {
    window.ishiCancel = () => resolve(null);
    worker.onmessage = event => {
        if (typeof event.data !== "string") return window.ishiTold(worker, event.data);
        resolve(event.data);
        window.ishiSpareUp();
    };
    worker.onerror = event => {
        event.preventDefault();
        window.ishiWorker = null;
        resolve("\u0000" + (event.message || "the worker failed"));
    };
    worker.postMessage(request);
});
"#;

    /// What begins `START`'s answer when the worker failed: no reply's JSON begins so.
    const FAILED: char = '\u{0}';

    /// Starts the worker ahead of the first request.
    const WARM: &str = "window.ishiStart();";

    /// Asks the workers for Go's network from now on (and any worker started later).
    const WANT_NETWORK: &str = r#"
window.ishiWantNetwork = true;
for (const worker of [window.ishiWorker, window.ishiSpare]) {
    if (worker) worker.postMessage({ network: true });
}
"#;

    /// Ends the worker that thinks; the spare, if one is ready, answers the next request.
    const CANCEL: &str = r#"
if (window.ishiWorker) { window.ishiWorker.terminate(); window.ishiWorker = null; }
if (window.ishiCancel) { const cancel = window.ishiCancel; window.ishiCancel = null; cancel(); }
"#;

    thread_local! {
        /// Whether `window.ishiSource` is set: once per page.
        static SHARED: bool = share_source().is_some();
        /// Whether the workers have been asked for Go's network.
        static WANTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// Puts what the workers need where [`WORKERS`] finds it: `window.ishiSource`, holding
    /// `module` (this WASM module, compiled), `glue` (its glue's URL) and `models` (the
    /// models' names); then defines the page's workers ([`WORKERS`]).
    fn share_source() -> Option<()> {
        let window = web_sys::window()?;
        let source = js_sys::Object::new();
        js_sys::Reflect::set(&source, &"module".into(), &wasm_bindgen::module()).ok()?;
        let glue = GLUE.with(|url| JsValue::from_str(url));
        js_sys::Reflect::set(&source, &"glue".into(), &glue).ok()?;
        let models: js_sys::Array = FETCHED
            .iter()
            .map(|model| JsValue::from_str(model.name()))
            .collect();
        js_sys::Reflect::set(&source, &"models".into(), &models).ok()?;
        js_sys::Reflect::set(&window, &"ishiSource".into(), &source).ok()?;
        // The script runs at once, within the call: there is nothing to wait for.
        drop(js::call("", WORKERS, &[]));
        Some(())
    }

    /// Asks the worker; `None` when cancelled. A worker that fails makes a
    /// [`WorkerError::Stopped`] reply with the script error's message. The request's and the
    /// reply's JSON are written and read by lazy parts in the split build ([`crate::lazy`]),
    /// loaded with the engines after the first board and named for them (`engines_request`,
    /// `engines_reply`: the page's side of the computer player): a part that cannot be loaded
    /// makes a [`WorkerError::Unavailable`] reply.
    pub(crate) async fn think(request: Request) -> Option<Reply> {
        if !SHARED.with(|shared| *shared) {
            return None;
        }
        let epoch = request.epoch;
        #[cfg(feature = "wasm-split")]
        {
            let unavailable = || Some(Reply::failed(epoch, WorkerError::Unavailable));
            let Some(json) = crate::lazy::call(&ENCODE_REQUEST, request).await else {
                return unavailable();
            };
            let reply = js::call("request", START, &[&json?]).await?;
            if let Some(detail) = reply.strip_prefix(FAILED) {
                return Some(Reply::failed(
                    epoch,
                    WorkerError::Stopped(detail.to_owned()),
                ));
            }
            crate::lazy::call(&DECODE_REPLY, reply)
                .await
                .unwrap_or_else(unavailable)
        }
        #[cfg(not(feature = "wasm-split"))]
        {
            let reply = js::call("request", START, &[&engines_request(request)?]).await?;
            if let Some(detail) = reply.strip_prefix(FAILED) {
                return Some(Reply::failed(
                    epoch,
                    WorkerError::Stopped(detail.to_owned()),
                ));
            }
            engines_reply(reply)
        }
    }

    crate::lazy::function!(ENCODE_REQUEST = "engines_request" fn engines_request(Request) -> Option<String>);
    crate::lazy::function!(DECODE_REPLY = "engines_reply" fn engines_reply(String) -> Option<Reply>);

    /// A request's JSON for the worker.
    fn engines_request(request: Request) -> Option<String> {
        encode_request(&request)
    }

    /// The worker's reply from its JSON; `None` if it is not a reply.
    fn engines_reply(json: String) -> Option<Reply> {
        decode_reply(&json)
    }

    /// Loads the parts that write the worker's requests and read its replies (the split
    /// build), for the app's fetching of every lazy part ahead.
    #[cfg(feature = "wasm-split")]
    pub(crate) async fn preload() {
        ENCODE_REQUEST.load().await;
        DECODE_REPLY.load().await;
    }

    /// Hands `on` what the worker says of Go's network (`worker.js`'s `network` messages,
    /// read by [`NetworkStatus::parse`]). Called once, in a hook.
    pub(crate) fn listen_network(on: impl Fn(NetworkStatus) + 'static) {
        js::listen("window.ishiNetworkState = send;", move |word| {
            if let Some(status) = NetworkStatus::parse(&word) {
                on(status);
            }
        });
    }

    pub(crate) fn cancel() {
        // The script runs at once, within the call: there is nothing to wait for.
        drop(js::call("", CANCEL, &[]));
    }

    /// Has the workers fetch Go's network (a Go game is on screen): at once where they run,
    /// at their start otherwise. Othello's players never download it into a worker. Only the
    /// first call does anything.
    pub(crate) fn want_network() {
        if !WANTED.with(|wanted| wanted.replace(true)) {
            drop(js::call("", WANT_NETWORK, &[]));
        }
    }

    pub(crate) fn warm_up() {
        if SHARED.with(|shared| *shared) {
            drop(js::call("", WARM, &[]));
        }
    }
}

/// The worker's side: the module's exports that `public/worker/worker.js` calls. In the
/// release build (feature `wasm-split`, `dx build --wasm-split`) the engines are a WASM module
/// of their own, which the worker fetches on its first call: the page's first download does
/// not carry them.
#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;

    #[cfg(feature = "wasm-split")]
    use dioxus::wasm_split::{self, wasm_split};
    use ishi_ai::Stop;
    use ishi_worker::Worker;

    use super::*;

    thread_local! {
        /// The web worker's one computer player, with the models it has been handed.
        static WORKER: RefCell<Worker> = RefCell::new(Worker::new());
    }

    /// What the worker's script hands over.
    enum Message {
        /// A request's JSON.
        Think(String),
        /// A model's name and its file's bytes.
        Load(String, Vec<u8>),
    }

    /// The engines: the one entry of their module in the split build.
    #[cfg_attr(feature = "wasm-split", wasm_split(engines))]
    async fn engines(message: Message) -> String {
        match message {
            Message::Think(json) => {
                let reply = match decode_request(&json) {
                    Ok(request) => WORKER.with(|w| w.borrow_mut().think(&request, &Stop::new())),
                    Err(error) => Reply::failed(0, error),
                };
                encode_reply(&reply)
            }
            Message::Load(name, bytes) => match Model::from_name(&name) {
                Some(model) => WORKER
                    .with(|w| w.borrow_mut().load(model, &bytes))
                    .map_or_else(|error| format!("{name}: {error}"), |()| String::new()),
                None => format!("{name}: not a model of this version"),
            },
        }
    }

    /// What the worker calls for each request: the request's JSON in, the reply's out.
    #[wasm_bindgen::prelude::wasm_bindgen]
    pub async fn think_json(request: String) -> String {
        engines(Message::Think(request)).await
    }

    /// What the worker calls with each model's file once it has fetched it: the model's name
    /// (as [`Model`] reads it) and the bytes. Returns what was wrong, or `""`; the worker keeps
    /// what it had.
    #[wasm_bindgen::prelude::wasm_bindgen]
    pub async fn load_model(model: String, bytes: Vec<u8>) -> String {
        engines(Message::Load(model, bytes)).await
    }
}

#[cfg(test)]
mod tests {
    use ishi_ai::go::GoLevel;
    use ishi_ai::othello::OthelloLevel;
    use ishi_rules::any::{CellMove, Position};
    use ishi_rules::go::{Go, GoRules};
    use ishi_rules::othello::Othello;
    use ishi_worker::{Answer, GameLine, Task};

    use super::*;

    fn go_request(level: GoLevel) -> Request {
        let start = Go::new(9, GoRules::CHINESE).unwrap();
        let e5 = ishi_rules::any::from_go(ishi_rules::Move::Place("E5".parse().unwrap()), 9);
        Request {
            epoch: 3,
            seed: 0,
            game: GameLine::new(&Position::Go(Box::new(start)), [e5, CellMove::Pass]),
            task: Task::Move {
                level: level.into(),
            },
        }
    }

    #[test]
    fn requests_and_replies_cross_as_json_and_read_back() {
        let request = go_request(GoLevel::Mcts100);
        let json = encode_request(&request).unwrap();
        assert!(
            json.contains(r#""task":{"move":{"level":{"go":"mcts-100"}}}"#),
            "{json}"
        );
        assert!(json.contains(r#""moves":[[4,4],"pass"]"#), "{json}");
        assert_eq!(decode_request(&json), Ok(request.clone()));
        let mut worker = ishi_worker::Worker::with_embedded_models();
        let reply = worker.think(&request, &ishi_ai::Stop::new());
        let json = encode_reply(&reply);
        assert_eq!(decode_reply(&json), Some(reply.clone()));
        assert!(matches!(reply.answer, Ok(Answer::Move(_))));
        let othello = Request {
            game: GameLine::new(&Position::Othello(Othello::standard()), []),
            task: Task::Move {
                level: OthelloLevel::Random.into(),
            },
            ..request
        };
        assert_eq!(
            decode_request(&encode_request(&othello).unwrap()),
            Ok(othello)
        );
    }

    /// The reply that `tests/e2e/app.test.mjs`'s false worker writes ("an illegal answer from
    /// the computer"): a move a1, which the page must read as a move and then refuse.
    #[test]
    fn the_e2e_false_workers_reply_reads_as_a_move_to_a1() {
        let json = r#"{"epoch":7,"answer":{"Ok":{"move":{"mv":[0,0],"eval":"none","depth":0,"nodes":0,"millis":0}}}}"#;
        let reply = decode_reply(json).expect("a reply");
        assert_eq!(reply.epoch, 7);
        let Ok(Answer::Move(played)) = reply.answer else {
            panic!("not a move: {reply:?}");
        };
        let a1 = ishi_rules::Move::Place(ishi_rules::any::Cell::new(0, 0));
        assert_eq!(played.mv, a1);
    }

    #[test]
    fn bad_requests_and_replies_are_refused_not_a_panic() {
        assert_eq!(decode_request("{not json"), Err(WorkerError::BadRequest));
        assert_eq!(decode_request(""), Err(WorkerError::BadRequest));
        let json = encode_request(&go_request(GoLevel::Mcts100))
            .unwrap()
            .replace("mcts-100", "grandmaster-9000");
        assert_eq!(decode_request(&json), Err(WorkerError::BadRequest));
        assert_eq!(decode_reply("{\"epoch\":1}"), None);
        let failed = Reply::failed(2, WorkerError::ModelMissing(Model::OthelloWeights));
        assert_eq!(decode_reply(&encode_reply(&failed)), Some(failed));
    }

    #[test]
    fn the_web_fetches_every_model() {
        assert_eq!(FETCHED, Model::ALL);
    }

    #[test]
    fn a_models_name_is_its_json_and_reads_back() {
        assert_eq!(
            Model::from_name("othello-weights"),
            Some(Model::OthelloWeights)
        );
        assert_eq!(Model::from_name("weights"), None);
        for model in Model::ALL {
            let json = serde_json::to_value(model).unwrap();
            assert_eq!(json.as_str(), Some(model.name()));
            assert_eq!(Model::from_name(model.name()), Some(model));
        }
    }
}
