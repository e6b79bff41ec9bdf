//! Small pieces of JavaScript the app runs: timers, the page's language, keyboard shortcuts,
//! the clipboard and downloads, and (on the web) the computer player's Web Worker.
//!
//! Each piece is the body of an `async` JavaScript function. On the web it becomes one
//! through `Function` and is called with its arguments directly (wasm-bindgen), which spares
//! the web build Dioxus' `document` feature, 20 KB gzip of a generic evaluator and its
//! message channel. On the desktop, whose webview runs in another process, the same body
//! goes through `document::eval`, its arguments sent as a JSON array.

use std::future::Future;

/// Runs the JavaScript `body` as an async function of the parameters `params` (written as
/// in JavaScript: `"text, name"`) with the string `args`, at once; the future gives its
/// result: a string it returns, or `None` for anything else (nothing, another type, an
/// exception). Dropping the future does not stop the script.
pub fn call(
    params: &str,
    body: &str,
    args: &[&str],
) -> impl Future<Output = Option<String>> + use<> {
    platform::call(params, body, args)
}

/// [`call`] for the script's effect: the result is awaited in a task of its own, which keeps
/// the desktop's evaluation alive until the script ends. Must be called inside the Dioxus
/// runtime (a component, a hook or an event handler).
pub fn run(params: &str, body: &str, args: &[&str]) {
    let done = call(params, body, args);
    dioxus::prelude::spawn(async move {
        done.await;
    });
}

/// Runs the JavaScript `body` as an async function of `send`, a function of one string, and
/// calls `on` with every string it sends, for as long as the page lives. Must be called
/// inside the Dioxus runtime (a component or a hook): `on` runs in a task spawned there.
pub fn listen(body: &'static str, on: impl FnMut(String) + 'static) {
    // Boxed, so that the platform's listener (a channel, a closure, a task) is one function
    // for every caller, not a copy per callback (the app has six).
    platform::listen(body, Box::new(on));
}

/// Waits `ms` milliseconds without blocking (a JavaScript timer, on every platform).
pub async fn sleep(ms: u32) {
    let ms = ms.to_string();
    call(
        "ms",
        "await new Promise(resolve => setTimeout(resolve, Number(ms)));",
        &[&ms],
    )
    .await;
}

#[cfg(target_arch = "wasm32")]
mod platform {
    use super::Future;
    use dioxus::prelude::spawn;
    use futures_util::StreamExt;
    use wasm_bindgen::prelude::*;

    /// `body` as a JavaScript function of `params` that returns a promise.
    fn function(params: &str, body: &str) -> js_sys::Function {
        js_sys::Function::new_with_args(params, &format!("return (async () => {{ {body} }})();"))
    }

    pub(super) fn call(
        params: &str,
        body: &str,
        args: &[&str],
    ) -> impl Future<Output = Option<String>> + use<> {
        let args: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
        let promise = function(params, body).apply(&JsValue::NULL, &args);
        async move {
            let promise = js_sys::Promise::from(promise.ok()?);
            let value = wasm_bindgen_futures::JsFuture::from(promise).await.ok()?;
            value.as_string()
        }
    }

    pub(super) fn listen(body: &'static str, mut on: Box<dyn FnMut(String)>) {
        let (tx, mut rx) = futures_channel::mpsc::unbounded::<String>();
        // Lives as long as the page: the listener may call it at any time.
        let send = Closure::<dyn FnMut(String)>::new(move |text| {
            let _ = tx.unbounded_send(text);
        })
        .into_js_value();
        if function("send", body).call1(&JsValue::NULL, &send).is_err() {
            return;
        }
        spawn(async move {
            while let Some(text) = rx.next().await {
                on(text);
            }
        });
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod platform {
    use super::Future;
    use dioxus::prelude::*;

    pub(super) fn call(
        params: &str,
        body: &str,
        args: &[&str],
    ) -> impl Future<Output = Option<String>> + use<> {
        let eval = document::eval(&format!(
            "const [{params}] = await dioxus.recv();
             return (await (async () => {{ {body} }})()) ?? null;"
        ));
        let sent = eval.send(args).is_ok();
        async move {
            match eval.await.ok().filter(|_| sent)? {
                serde_json::Value::String(text) => Some(text),
                _ => None,
            }
        }
    }

    pub(super) fn listen(body: &'static str, mut on: Box<dyn FnMut(String)>) {
        spawn(async move {
            let mut eval = document::eval(&format!(
                "const send = text => dioxus.send(text); {body} await new Promise(() => {{}});"
            ));
            while let Ok(text) = eval.recv::<String>().await {
                on(text);
            }
        });
    }
}
