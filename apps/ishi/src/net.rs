//! The link to the game server: one WebSocket, opened while the state wants it
//! ([`AppState::wants_link`](crate::state::AppState::wants_link)), reconnected by itself.
//!
//! The socket lives in the page's JavaScript (`BRIDGE`), on the web and in the desktop's
//! webview alike: it reconnects with a growing pause (0.3 s to 8 s), at once when the
//! system says it is online again, and it pings the server every 5 s, taking a link that has
//! been silent for 15 s for dead. It tells the app `up`, `down`, `noserver` (the desktop
//! with no server set) and each message (`m` + JSON), which become
//! [`OnlineAction`]s, handed to the caller's `dispatch`.

use dioxus::prelude::*;
use futures_util::StreamExt;
use ishi_online::protocol::{ClientMessage, PATH, ServerMessage};

use crate::js;
use crate::state::online::Incoming;
use crate::state::{AppAction, AppError, AppState, OnlineAction};

/// The page's side of the link (see the module's doc). Its words cost the first download as
/// text, so they are here: offline, `connect` makes no attempt bound to fail (the "online"
/// event brings the link back).
const BRIDGE: &str = r#"
const net = { socket: null, url: "", wanted: false, retry: 0, timer: 0, last: 0 };
const address = () => {
    if (net.url) return net.url;
    const { protocol, host } = location;
    if (protocol !== "http:" && protocol !== "https:") return "";
    return (protocol === "https:" ? "wss://" : "ws://") + host + PATH;
};
const drop = () => {
    const socket = net.socket;
    if (!socket) return;
    net.socket = null;
    socket.close();
    send("down");
    later();
};
const later = () => {
    clearTimeout(net.timer);
    if (!net.wanted) return;
    net.timer = setTimeout(connect, Math.min(8000, 300 * 2 ** net.retry++));
};
const connect = () => {
    clearTimeout(net.timer);
    if (!net.wanted || net.socket || navigator.onLine === false) return;
    const url = address();
    if (!url) { send("noserver"); return; }
    let socket;
    try { socket = new WebSocket(url); } catch (e) { send("down"); later(); return; }
    net.socket = socket;
    socket.onopen = () => { net.retry = 0; net.last = Date.now(); send("up"); };
    socket.onmessage = event => { net.last = Date.now(); send("m" + event.data); };
    socket.onclose = () => {
        if (net.socket !== socket) return;
        net.socket = null;
        send("down");
        later();
    };
};
window.ishiNet = {
    want(on, url) {
        const changed = url !== net.url;
        net.url = url;
        if (!on) {
            net.wanted = false;
            clearTimeout(net.timer);
            const socket = net.socket;
            net.socket = null;
            if (socket) socket.close();
            return;
        }
        if (changed && net.socket) drop();
        net.wanted = true;
        if (!net.socket) { net.retry = 0; connect(); }
    },
    send(text) {
        const socket = net.socket;
        if (!socket || socket.readyState !== 1) return false;
        socket.send(text);
        return true;
    },
};
setInterval(() => {
    const socket = net.socket;
    if (!socket || socket.readyState !== 1) return;
    if (Date.now() - net.last > 15000) { drop(); return; }
    socket.send(JSON.stringify({ type: "ping", t: Date.now() }));
}, 5000);
addEventListener("online", () => {
    if (net.wanted && !net.socket) { net.retry = 0; connect(); }
});
addEventListener("offline", drop);
"#;

/// The WebSocket's address for a server address the player typed (`ishi.example`,
/// `https://ishi.example:8443/`), or `""` for the page's own server.
pub fn socket_url(server: &str) -> String {
    let server = server.trim().trim_end_matches('/');
    if server.is_empty() {
        return String::new();
    }
    let (scheme, rest) = match server.split_once("://") {
        Some(("https" | "wss", rest)) => ("wss", rest),
        Some((_, rest)) => ("ws", rest),
        None => ("wss", server),
    };
    format!("{scheme}://{rest}{PATH}")
}

/// The device's clock in ms since the Unix epoch (as JavaScript's `Date.now()`).
pub fn now_ms() -> f64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Keeps the link open while `state` wants it, and turns what comes over it into actions for
/// `dispatch`, in the order it came: a message waits for its decoding (`decode`).
pub fn use_link(
    state: impl Readable<Target = AppState> + Copy + 'static,
    dispatch: impl Fn(AppAction) + Copy + 'static,
) {
    use_hook(move || {
        let (events, mut queue) = futures_channel::mpsc::unbounded::<(String, f64)>();
        spawn(async move {
            while let Some((event, at_ms)) = queue.next().await {
                if let Some(action) = link_action(dispatch, &event, at_ms).await {
                    dispatch(AppAction::Online(action));
                }
            }
        });
        let body: &'static str =
            Box::leak(format!("const PATH = {PATH:?};\n{BRIDGE}").into_boxed_str());
        js::listen(body, move |event| {
            let _ = events.unbounded_send((event, now_ms()));
        });
    });
    let wanted = use_memo(move || {
        let state = state.read();
        (state.wants_link(), socket_url(&state.settings().server))
    });
    use_effect(move || {
        let (on, url) = wanted();
        js::run(
            "on, url",
            "window.ishiNet?.want(on === 'true', url);",
            &[if on { "true" } else { "false" }, &url],
        );
    });
}

/// The action for what the link said at `at_ms`; `None` for a message not of this protocol.
/// What goes wrong meanwhile is reported through `dispatch`.
async fn link_action(
    dispatch: impl Fn(AppAction),
    event: &str,
    at_ms: f64,
) -> Option<OnlineAction> {
    Some(match event {
        "up" | "down" => {
            let up = event == "up";
            if let Some(watcher) = WATCHER.get() {
                watcher(up);
            }
            OnlineAction::Link(up)
        }
        "noserver" => {
            dispatch(AppAction::Report(AppError::NoServer));
            OnlineAction::Link(false)
        }
        text => OnlineAction::Received {
            message: decode(dispatch, text.strip_prefix('m')?.to_owned()).await?,
            at_ms,
        },
    })
}

/// What the reducer takes of a server message, from its JSON, or `None`. In the web's
/// release build (feature `wasm-split`) the protocol's decoding is a module of its own
/// ([`crate::lazy`]), fetched after the first board or with the first message: a first board
/// that is not online does without it. A module that does not come in time is reported
/// through `dispatch` (the messages wait for it).
async fn decode(dispatch: impl Fn(AppAction), json: String) -> Option<Incoming> {
    #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
    {
        if !crate::lazy::load_within(&DECODE).await {
            dispatch(AppAction::Report(AppError::Unavailable));
            // It may still come: the messages wait for it, in order.
            if !DECODE.load().await {
                return None;
            }
        }
        DECODE.call(json).ok().flatten()
    }
    #[cfg(not(all(feature = "wasm-split", target_arch = "wasm32")))]
    {
        let _ = dispatch;
        decode_now(json)
    }
}

crate::lazy::function!(DECODE = "online" fn decode_now(String) -> Option<Incoming>);

/// What the reducer takes of a server message's JSON ([`Incoming::of`]), or `None`; the whole
/// message goes first to whoever asked for every one ([`follow`]).
fn decode_now(json: String) -> Option<Incoming> {
    let message = serde_json::from_str::<ServerMessage>(&json).ok()?;
    if let Some(reader) = READER.get() {
        reader(&message);
    }
    Incoming::of(message)
}

thread_local! {
    /// Who reads every server message besides the reducer ([`follow`]).
    static READER: std::cell::Cell<Option<fn(&ServerMessage)>> = const { std::cell::Cell::new(None) };
    /// Who is told of the link going up (`true`) and down ([`follow`]).
    static WATCHER: std::cell::Cell<Option<fn(bool)>> = const { std::cell::Cell::new(None) };
}

/// Hands every server message from now on to `reader` too, before the reducer gets its part
/// of it, and tells `watcher` of each time the link goes up or down, before the reducer
/// hears of it: for the club (`crate::club`), which lives above this module and in the web
/// build's lazy parts, so that the first board's module carries none of its code.
pub fn follow(reader: fn(&ServerMessage), watcher: fn(bool)) {
    READER.set(Some(reader));
    WATCHER.set(Some(watcher));
}

/// Sends `messages` over the link, in order; dropped while it is down (the state sends
/// what matters again when it is back). In the web's split build the protocol's encoding is
/// a lazy part ([`crate::lazy`], loaded soon after the first board): until it has come the
/// messages wait for it, in order, in a task of their own; if it cannot be loaded they are
/// dropped and `failed` runs. Must be called inside the Dioxus runtime.
pub fn send(messages: Vec<ClientMessage>, failed: impl FnOnce() + 'static) {
    if messages.is_empty() {
        return;
    }
    #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
    crate::lazy::call_soon(&SENDING, &ENCODE, messages, transmit_encoded, failed);
    #[cfg(not(all(feature = "wasm-split", target_arch = "wasm32")))]
    {
        drop(failed);
        for message in messages {
            transmit_encoded(encode_now(message));
        }
    }
}

/// Sends a message's JSON, if it could be written.
fn transmit_encoded(text: Option<String>) {
    if let Some(text) = text {
        transmit(&text);
    }
}

#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
thread_local! {
    /// The messages waiting for the encoding's part, in order.
    static SENDING: crate::lazy::Waiting<ClientMessage> = const { crate::lazy::Waiting::all() };
}

crate::lazy::function!(ENCODE = "online_send" fn encode_now(ClientMessage) -> Option<String>);

/// A client message's JSON, `None` if it cannot be written (no message fails to).
fn encode_now(message: ClientMessage) -> Option<String> {
    serde_json::to_string(&message).ok()
}

/// Sends `text` over the link.
fn transmit(text: &str) {
    js::run("text", "window.ishiNet?.send(text);", &[text]);
}

/// Opens the game of a link the page was opened with (`…#online=ID`), and of any such link
/// followed later; the link's part is taken off the address, so a reload does not join again
/// (the state opens the game on screen again by itself). The game's opening goes to
/// `dispatch`.
pub fn use_game_links(dispatch: impl Fn(AppAction) + 'static) {
    use_hook(move || {
        js::listen(
            r#"
const check = () => {
    const found = location.hash.match(/^#online=([0-9a-f]{16})$/);
    if (!found) return;
    history.replaceState(null, "", location.pathname + location.search);
    send(found[1]);
};
check();
addEventListener("hashchange", check);
"#,
            move |id| {
                if let Ok(game) = ishi_online::protocol::GameId::try_from(id) {
                    dispatch(AppAction::Online(OnlineAction::Open(game)));
                }
            },
        );
    });
}
