//! The header: the app's name, the Othello | Go switch and the new-game button.

use dioxus::prelude::*;

use super::{Overlay, use_handles};
use crate::model::GameKind;

/// The header's stylesheet.
pub const CSS: &str = include_str!("header.css");

/// The header bar.
#[component]
pub fn Header() -> Element {
    let handles = use_handles();
    let kind = handles.game.read().position().kind();
    let mut overlay = handles.overlay;
    rsx! {
        header { class: "header",
            h1 { class: "title", "Ishi", span { class: "kanji", lang: "ja", "石" } }
            div { class: "modes", role: "group", "aria-label": "Game",
                for (k, label) in [(GameKind::Othello, "Othello"), (GameKind::Go, "Go")] {
                    button {
                        key: "{label}",
                        class: "mode",
                        "aria-pressed": if kind == k { "true" } else { "false" },
                        onclick: move |_| handles.switch_to(k),
                        "{label}"
                    }
                }
            }
            button {
                class: "new-game",
                "aria-haspopup": "dialog",
                onclick: move |_| overlay.set(Overlay::NewGame),
                "New game"
            }
        }
    }
}
