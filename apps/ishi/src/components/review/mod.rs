//! The review bar: step through the game move by move, with a slider and buttons; a move
//! played from any point starts a new line there.

use dioxus::prelude::*;

use crate::app::use_app;
use crate::i18n::ReviewStep;
use crate::i18n::Tr;
use crate::model::Action;
use crate::state::{AppAction, SettingsChange};

/// The review bar, shown while reviewing: `cursor` is the index of the snapshot on screen,
/// `last` the last index of the history; `numbers`, in Go, whether the stones show their
/// move numbers (a switch on the bar).
#[component]
pub fn Review(cursor: usize, last: usize, numbers: Option<bool>, tr: Tr) -> Element {
    let app = use_app();
    let go = move |index: usize| app.send(AppAction::Match(Action::GoTo(index)));
    rsx! {
        div { class: "review", role: "group", "aria-label": tr.review(),
            button {
                "aria-label": tr.review_step(ReviewStep::First),
                disabled: cursor == 0,
                onclick: move |_| go(0),
                "«"
            }
            button {
                "aria-label": tr.review_step(ReviewStep::Previous),
                disabled: cursor == 0,
                onclick: move |_| go(cursor.saturating_sub(1)),
                "◀"
            }
            input {
                r#type: "range",
                name: "review",
                min: "0",
                max: "{last}",
                value: "{cursor}",
                "aria-label": tr.move_of(cursor, last),
                oninput: move |e| go(e.value().parse().unwrap_or(cursor)),
            }
            button {
                "aria-label": tr.review_step(ReviewStep::Next),
                disabled: cursor == last,
                onclick: move |_| go((cursor + 1).min(last)),
                "▶"
            }
            button {
                "aria-label": tr.review_step(ReviewStep::Last),
                disabled: cursor == last,
                onclick: move |_| go(last),
                "»"
            }
            span { class: "where", "{tr.move_of(cursor, last)}" }
            if let Some(on) = numbers {
                button {
                    class: "numbers",
                    "aria-pressed": if on { "true" } else { "false" },
                    onclick: move |_| app.send(AppAction::Settings(SettingsChange::MoveNumbers(!on))),
                    {tr.move_numbers()}
                }
            }
        }
    }
}
