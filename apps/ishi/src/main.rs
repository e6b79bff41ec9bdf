//! Ishi's entry point: launches the app on the platform the build's feature chose.

#[cfg(feature = "desktop")]
fn main() {
    use dioxus::desktop::{Config, LogicalSize, WindowBuilder};

    // A phone-like portrait window without the default menu bar: the board and the controls
    // are the whole interface.
    let window = WindowBuilder::new()
        .with_title("Ishi")
        .with_inner_size(LogicalSize::new(520.0, 880.0))
        .with_min_inner_size(LogicalSize::new(340.0, 560.0));
    let config = Config::new().with_window(window).with_menu(None);
    dioxus::LaunchBuilder::desktop()
        .with_cfg(config)
        .launch(ishi::components::App);
}

/// On the web the same WASM module runs twice: in the page, where it is the app, and in the
/// computer player's Web Worker (`public/worker/worker.js`), which loads it to call its
/// `think_json` export and has no window to launch an app in. One module, one download.
#[cfg(not(feature = "desktop"))]
fn main() {
    #[cfg(target_arch = "wasm32")]
    if web_sys::window().is_none() {
        return;
    }
    dioxus::launch(ishi::components::App);
}
