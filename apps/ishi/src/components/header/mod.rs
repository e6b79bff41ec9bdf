//! The header: the app's name, the Othello | Go switch and the new-game button.

use dioxus::prelude::*;

use super::{Overlay, use_handles, use_tr};
use crate::model::GameKind;

/// The header's stylesheet.
pub const CSS: &str = include_str!("header.css");

/// The header bar.
#[component]
pub fn Header() -> Element {
    let handles = use_handles();
    let tr = use_tr();
    let kind = handles.game.read().position().kind();
    let mut overlay = handles.overlay;
    rsx! {
        header { class: "header",
            h1 { class: "title", "Ishi", span { class: "kanji", lang: "ja", "石" } }
            div { class: "modes", role: "group", "aria-label": tr.game_label(),
                for (k, label) in [GameKind::Othello, GameKind::Go].map(|k| (k, tr.game(k))) {
                    button {
                        key: "{k:?}",
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
                {tr.new_game()}
            }
            button {
                class: "more",
                "aria-haspopup": "dialog",
                "aria-label": tr.more(),
                title: tr.more(),
                onclick: move |_| overlay.set(Overlay::More),
                "⋯"
            }
        }
    }
}
