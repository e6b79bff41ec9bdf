//! The one dialog scaffold: a scrim that closes the overlay when tapped, and a sheet with a
//! title that names it for screen readers. Only lazy parts show it ([`crate::lazy`]): its
//! stylesheet comes with it (`sheet.css`), and the first board's keeps only the stand-in for
//! a part that could not be loaded (`dialog.css`).

use dioxus::prelude::*;

use crate::app::use_app;
use crate::state::{AppAction, Overlay};

/// A modal sheet over the app, titled `title`; tapping outside it closes the overlay.
#[component]
pub fn Dialog(
    /// The title element's id, which labels the dialog.
    title_id: &'static str,
    /// The title.
    title: String,
    /// Extra classes of the sheet (`more-sheet`).
    #[props(default)]
    class: &'static str,
    /// An alert dialog (a question that needs an answer) rather than a plain one.
    #[props(default)]
    alert: bool,
    /// The sheet's content below the title.
    children: Element,
) -> Element {
    let app = use_app();
    let class = if class.is_empty() {
        "dialog".to_owned()
    } else {
        format!("dialog {class}")
    };
    rsx! {
        div { class: "scrim", onclick: move |_| app.send(AppAction::Show(Overlay::None)),
            div {
                class,
                role: if alert { "alertdialog" } else { "dialog" },
                "aria-modal": "true",
                "aria-labelledby": title_id,
                onclick: move |e| e.stop_propagation(),
                h2 { id: title_id, {title} }
                {children}
            }
        }
        style { {SHEET_CSS} }
    }
}

/// The scaffold's stylesheet (`sheet.css`): every sheet is a lazy part or in one, so it comes
/// with them, not with the first board.
const SHEET_CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/sheet.css"));
