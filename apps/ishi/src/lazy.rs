//! The parts of the web build that load when first needed. In the web's release build
//! (feature `wasm-split`, `dx build --wasm-split`) each part declared with `loader!` (a
//! component's body) or `function!` (any function of one argument) is a WASM module of its
//! own: the first board does without it. Elsewhere (the desktop, tests, `dx serve`) a part is
//! a plain function call.
//!
//! Two things Dioxus' own `#[component(lazy)]` does not do are done here:
//! - a module that cannot be fetched (offline on a first visit, or a newer build on the
//!   server whose modules have other names) gives the caller's stand-in instead of nothing
//!   forever (dx's loader logs the failure and never answers) or a panic, which in WASM would
//!   end the app (`show`; `call` and `call_soon` say so too);
//! - a part can be fetched ahead (`Load`), so that once the first board has shown every part
//!   comes in the background: a sheet opens at once when asked for, and a page left open
//!   keeps working after the server has moved on to a newer build.
//!
//! It is the loading alone, below all it loads: the stand-in and the list of parts to fetch
//! ahead are the callers'.

#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
use dioxus::prelude::*;

/// Declares `static $name`, the loader of the lazy function `$body` (of one argument, with
/// any result), in the module `$module` (a name of its own per function). Only in the split
/// build; elsewhere callers call `$body` directly.
macro_rules! function {
    ($name:ident = $module:literal fn $body:ident($arg:ty) -> $ret:ty) => {
        #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
        pub(crate) static $name: dioxus::wasm_split::LazyLoader<$arg, $ret> = {
            use dioxus::wasm_split;
    wasm_split::lazy_loader!(extern $module fn $body(arg: $arg) -> $ret)
        };
    };
}
pub(crate) use function;

/// Declares `static $name`, the loader of the lazy part `$body`, a function of one argument
/// (the props) giving an `Element`, in the module `$module` (a name of its own per part).
/// Only in the split build; elsewhere the caller calls `$body` directly.
macro_rules! loader {
    ($name:ident = $module:literal fn $body:ident($props:ty)) => {
        $crate::lazy::function!($name = $module fn $body($props) -> dioxus::prelude::Element);
    };
}
pub(crate) use loader;

/// How long a part may take to come before `show` says it could not be loaded (it still
/// shows once it comes). dx's loader does not report a failed fetch: it never answers.
pub const PATIENCE_MS: u32 = 15_000;

/// The part of `loader` with `props`: nothing while its module comes, then the part;
/// `otherwise` if the loader failed or is still waiting after [`PATIENCE_MS`].
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub fn show<P: 'static>(
    loader: &'static dioxus::wasm_split::LazyLoader<P, Element>,
    props: P,
    otherwise: fn() -> Element,
) -> Element {
    match use_arrival(loader) {
        Some(true) => loader.call(props).unwrap_or_else(|_| otherwise()),
        Some(false) => otherwise(),
        None => rsx! {},
    }
}

/// A loader of any function's module: what waiting for it needs, without the function's
/// types, so that the code which waits is there once for every part and function, not once
/// for each (it was about 4 KB a part in the first board's module).
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub trait Load {
    /// Fetches the module, once; whether it came.
    fn load(&'static self) -> std::pin::Pin<Box<dyn Future<Output = bool>>>;
}

#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
impl<A, R> Load for dioxus::wasm_split::LazyLoader<A, R> {
    fn load(&'static self) -> std::pin::Pin<Box<dyn Future<Output = bool>>> {
        Box::pin(dioxus::wasm_split::LazyLoader::load(self))
    }
}

/// Whether the module of `loader` has come: `None` while it comes, `Some(false)` if it could
/// not be loaded or is still waiting after [`PATIENCE_MS`] (it may still come later).
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
#[inline(never)]
fn use_arrival(loader: &'static dyn Load) -> Option<bool> {
    let loaded = use_resource(move || loader.load());
    let mut waited = use_signal(|| false);
    use_hook(move || {
        spawn(async move {
            crate::js::sleep(PATIENCE_MS).await;
            waited.set(true);
        });
    });
    let loaded = *loaded.read();
    match loaded {
        None if waited() => Some(false),
        loaded => loaded,
    }
}

/// Whether the part of `loader` is there within [`PATIENCE_MS`] (it may still come later).
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub async fn load_within(loader: &'static dyn Load) -> bool {
    use futures_util::future::{Either, select};
    let load = std::pin::pin!(loader.load());
    let patience = std::pin::pin!(crate::js::sleep(PATIENCE_MS));
    match select(load, patience).await {
        Either::Left((loaded, _)) => loaded,
        Either::Right(_) => false,
    }
}

/// The lazy function of `loader` called with `arg`, once its module is there; `None` if it
/// could not be loaded within [`PATIENCE_MS`].
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub async fn call<A, R>(
    loader: &'static dioxus::wasm_split::LazyLoader<A, R>,
    arg: A,
) -> Option<R> {
    if !load_within(loader).await {
        return None;
    }
    loader.call(arg).ok()
}

/// The calls of a lazy function that wait for its module ([`call_soon`]): all of them in
/// order, or only the latest (a later one makes an earlier one pointless, as a save does).
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub struct Waiting<A> {
    args: std::cell::RefCell<std::collections::VecDeque<A>>,
    latest_only: bool,
    /// Whether the module has come: from then on calls are made at once.
    loaded: std::cell::Cell<bool>,
}

#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
impl<A> Waiting<A> {
    /// Every call waits, in order.
    pub const fn all() -> Waiting<A> {
        Waiting::new(false)
    }

    /// Only the latest call waits.
    pub const fn latest() -> Waiting<A> {
        Waiting::new(true)
    }

    const fn new(latest_only: bool) -> Waiting<A> {
        Waiting {
            args: std::cell::RefCell::new(std::collections::VecDeque::new()),
            latest_only,
            loaded: std::cell::Cell::new(false),
        }
    }

    /// Queues `args`; whether none waited before (no task is on its way to make them).
    fn push(&self, args: impl IntoIterator<Item = A>) -> bool {
        let mut waiting = self.args.borrow_mut();
        let idle = waiting.is_empty();
        if self.latest_only {
            if let Some(last) = args.into_iter().last() {
                waiting.clear();
                waiting.push_back(last);
            }
        } else {
            waiting.extend(args);
        }
        idle
    }

    fn pop(&self) -> Option<A> {
        self.args.borrow_mut().pop_front()
    }
}

/// Calls the lazy function of `loader` with each of `args` and hands each result to `done`,
/// without the caller waiting: at once when its module has come; otherwise the calls wait in
/// `waiting` (all or the latest, as it was made) for a task of their own, outside any
/// component's scope (one that closes would cancel it), to make them once the module comes.
/// If it cannot be loaded within [`PATIENCE_MS`] the waiting calls are dropped and `failed`
/// runs. Must be called inside the Dioxus runtime.
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub fn call_soon<A: 'static, R: 'static>(
    waiting: &'static std::thread::LocalKey<Waiting<A>>,
    loader: &'static dioxus::wasm_split::LazyLoader<A, R>,
    args: impl IntoIterator<Item = A>,
    done: fn(R),
    failed: impl FnOnce() + 'static,
) {
    let call = move |arg| {
        if let Ok(result) = loader.call(arg) {
            done(result);
        }
    };
    if waiting.with(|w| w.loaded.get()) {
        args.into_iter().for_each(call);
        return;
    }
    if waiting.with(|w| w.push(args)) {
        dioxus::dioxus_core::spawn_forever(async move {
            if !load_within(loader).await {
                waiting.with(|w| w.args.borrow_mut().clear());
                failed();
                return;
            }
            waiting.with(|w| w.loaded.set(true));
            while let Some(arg) = waiting.with(Waiting::pop) {
                call(arg);
            }
        });
    }
}
