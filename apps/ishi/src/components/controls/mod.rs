//! The controls: game actions (pass, resign, count, hints, pause) and, apart from them at the
//! bottom within thumb reach, the large Undo and Redo buttons.

use dioxus::prelude::*;

use super::{Overlay, use_handles, use_tr};
use crate::model::{Action, GameKind};

/// The controls' stylesheet.
pub const CSS: &str = include_str!("controls.css");

/// The action row and the undo bar.
#[component]
pub fn Controls() -> Element {
    let handles = use_handles();
    let tr = use_tr();
    let m = handles.game.read();
    let kind = m.position().kind();
    let human_turn = m.side_to_move().is_human() && !m.is_over() && !m.is_counting();
    let counting = m.is_counting();
    let sides = m.config().sides;
    let watching = !sides.black.is_human() && !sides.white.is_human() && !m.is_over();
    let can_undo = m.can_undo();
    let can_redo = m.can_redo();
    drop(m);
    let hints = handles.settings.read().hints;
    let paused = (handles.paused)();
    let mut overlay = handles.overlay;
    let mut settings = handles.settings;
    let mut paused_signal = handles.paused;
    let reviewing = (handles.reviewing)();
    let mut reviewing_signal = handles.reviewing;
    rsx! {
        div { class: "actions",
            if kind == GameKind::Go && human_turn {
                button { class: "action pass", onclick: move |_| handles.dispatch(Action::Pass), {tr.pass()} }
            }
            if counting {
                button {
                    class: "action accept",
                    onclick: move |_| handles.dispatch(Action::AcceptCount),
                    {tr.accept_count()}
                }
            }
            if human_turn {
                button {
                    class: "action resign",
                    "aria-haspopup": "dialog",
                    onclick: move |_| overlay.set(Overlay::ConfirmResign),
                    {tr.resign()}
                }
            }
            if watching {
                button {
                    class: "action pause",
                    "aria-pressed": if paused { "true" } else { "false" },
                    onclick: move |_| paused_signal.set(!paused),
                    if paused { {tr.resume()} } else { {tr.pause()} }
                }
            }
            button {
                class: "action review-toggle",
                "aria-pressed": if reviewing { "true" } else { "false" },
                onclick: move |_| reviewing_signal.set(!reviewing),
                {tr.review()}
            }
            if kind == GameKind::Othello {
                button {
                    class: "action hints",
                    "aria-pressed": if hints { "true" } else { "false" },
                    onclick: move |_| settings.write().hints = !hints,
                    {tr.hints()}
                }
            }
        }
        nav { class: "undo-bar", "aria-label": tr.history(),
            button {
                class: "undo",
                disabled: !can_undo,
                "aria-keyshortcuts": "Control+Z",
                onclick: move |_| handles.dispatch(Action::Undo),
                span { class: "icon", "aria-hidden": "true", "↶" }
                {tr.undo()}
            }
            button {
                class: "redo",
                disabled: !can_redo,
                "aria-keyshortcuts": "Control+Shift+Z",
                onclick: move |_| handles.dispatch(Action::Redo),
                {tr.redo()}
                span { class: "icon", "aria-hidden": "true", "↷" }
            }
        }
    }
}

/// "Resign this game?", asked before resigning.
#[component]
pub fn ConfirmResign() -> Element {
    let handles = use_handles();
    let tr = use_tr();
    let mut overlay = handles.overlay;
    rsx! {
        div { class: "scrim", onclick: move |_| overlay.set(Overlay::None),
            div {
                class: "dialog",
                role: "alertdialog",
                "aria-modal": "true",
                "aria-labelledby": "resign-title",
                onclick: move |e| e.stop_propagation(),
                h2 { id: "resign-title", {tr.resign_question()} }
                div { class: "dialog-buttons",
                    button {
                        class: "secondary",
                        autofocus: true,
                        onclick: move |_| overlay.set(Overlay::None),
                        {tr.keep_playing()}
                    }
                    button {
                        class: "danger",
                        onclick: move |_| {
                            overlay.set(Overlay::None);
                            handles.dispatch(Action::Resign);
                        },
                        {tr.resign()}
                    }
                }
            }
        }
    }
}
