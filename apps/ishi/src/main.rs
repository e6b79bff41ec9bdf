//! Ishi's entry point: launches the app on the platform the build's feature chose.

/// The desktop: the app's window with its icon, its menu bar and the place it had last time.
#[cfg(feature = "desktop")]
fn main() {
    ishi::desktop::launch();
}

/// On the web the same WASM module runs twice: in the page, where it is the app, and in the
/// computer player's Web Worker (`public/worker/worker.js`), which loads it to call its
/// `think_json` export and has no window to launch an app in. One module, one download (the
/// Othello weights apart: the worker fetches them after the first board).
///
/// In the web's split build the saved state is read by a lazy part, which the app waits for
/// before it starts (from the offline cache after a first visit; a first visit has nothing
/// saved and starts at once).
#[cfg(not(feature = "desktop"))]
fn main() {
    #[cfg(target_arch = "wasm32")]
    if web_sys::window().is_none() {
        return;
    }
    #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
    wasm_bindgen_futures::spawn_local(async {
        match ishi::storage::prepare().await {
            Ok(()) => dioxus::launch(ishi::components::App),
            Err(_) => dioxus::launch(ishi::components::Unrestored),
        }
    });
    #[cfg(not(all(feature = "wasm-split", target_arch = "wasm32")))]
    dioxus::launch(ishi::components::App);
}
