//! The lazily loaded parts on screen ([`crate::lazy`]): `part!` renders one, and
//! [`Unavailable`] stands in for a part whose module could not be fetched (offline on a first
//! visit, or a newer build on the server whose modules have other names), with a button that
//! reloads the page. Its style is the dialogs' (`dialog.css`).

use dioxus::prelude::*;

use crate::app::use_tr;
use crate::i18n::Tr;

/// Renders the lazy part of `$loader` (its function `$body`) with `$props`: through
/// `crate::lazy::show` in the split build, by calling `$body` elsewhere. A part that could
/// not be loaded shows [`Unavailable`]; with `or $otherwise` (a function giving an
/// `Element`) that stands in instead: for a part the app can do without.
macro_rules! part {
    ($loader:ident, $body:ident, $props:expr) => {
        $crate::components::parts::part!(
            $loader,
            $body,
            $props,
            or $crate::components::parts::unavailable_part
        )
    };
    ($loader:ident, $body:ident, $props:expr, or $otherwise:expr) => {{
        #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
        let part = $crate::lazy::show(&$loader, $props, $otherwise);
        #[cfg(not(all(feature = "wasm-split", target_arch = "wasm32")))]
        let part = $body($props);
        part
    }};
}
pub(crate) use part;

/// The message in place of a part that could not be loaded ([`Unavailable`]).
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub fn unavailable_part() -> Element {
    rsx! { Unavailable {} }
}

/// In place of a part that could not be loaded: why, and a button that reloads the page.
#[component]
pub fn Unavailable() -> Element {
    unavailable(use_tr())
}

/// Why a part is missing, in `tr`'s words, and the button that reloads the page.
pub(crate) fn unavailable(tr: Tr) -> Element {
    rsx! {
        div { class: "unavailable", role: "alert",
            p { {tr.unavailable()} }
            button {
                class: "action",
                onclick: move |_| crate::js::run("", "location.reload();", &[]),
                {tr.reload()}
            }
        }
    }
}
