//! The header: the app's name, the Othello | Go switch and the new-game button.

use dioxus::prelude::*;

use crate::app::use_app;
use crate::i18n::Tr;
use crate::model::GameKind;
use crate::state::{AppAction, Overlay};

/// The header bar, `kind` the game on screen.
#[component]
pub fn Header(kind: GameKind, tr: Tr) -> Element {
    let app = use_app();
    rsx! {
        header { class: "header",
            h1 { class: "title", "Ishi", span { class: "kanji", lang: "ja", "石" } }
            div { class: "modes", role: "group", "aria-label": tr.game_label(),
                for k in [GameKind::Othello, GameKind::Go] {
                    button {
                        key: "{k:?}",
                        class: "mode",
                        "aria-pressed": if kind == k { "true" } else { "false" },
                        onclick: move |_| app.send(AppAction::SwitchGame(k)),
                        {tr.game(k)}
                    }
                }
            }
            button {
                class: "new-game",
                "aria-haspopup": "dialog",
                onclick: move |_| app.send(AppAction::Show(Overlay::NewGame)),
                {tr.new_game()}
            }
            button {
                class: "more",
                "aria-haspopup": "dialog",
                "aria-label": tr.more(),
                title: tr.more(),
                onclick: move |_| app.send(AppAction::Show(Overlay::More)),
                "⋯"
            }
        }
    }
}
