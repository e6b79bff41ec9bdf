//! The controls: game actions (pass, resign, count, review, hints, pause) and, apart from them
//! at the bottom within thumb reach, the large Undo and Redo buttons.

use dioxus::prelude::*;

use crate::app::{use_app, use_tr};
use crate::components::dialog::Dialog;
use crate::i18n::Tr;
use crate::model::{Action, GameKind};
use crate::state::{AnalysisRun, AppAction, AppState, Overlay, SettingsChange};

/// Which controls are offered, and their states.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ControlsView {
    kind: GameKind,
    human_turn: bool,
    counting: bool,
    /// A computer-only game going on.
    watching: bool,
    can_undo: bool,
    can_redo: bool,
    hints: bool,
    /// The computer's values on the cells.
    values: bool,
    /// Go's ownership, shaded.
    ownership: bool,
    /// Go's policy, shaded.
    policy: bool,
    paused: bool,
    reviewing: bool,
    /// A game against the computer has just finished and is not analysed yet.
    offer_analysis: bool,
    /// An online game is on screen: undo is a request, redo and the computer's help are
    /// not offered while it is played.
    online: bool,
    /// Online: this device holds a seat and the game is not over.
    seated: bool,
    /// Ask before a pass made with a finger.
    confirm_pass: bool,
}

impl ControlsView {
    /// The controls of `state`.
    pub fn of(state: &AppState) -> ControlsView {
        let m = state.current();
        let (analysed, positions) = state.analysis_progress();
        let online = state.online();
        let seated = online.is_some_and(|o| o.you().is_some()) && !m.is_over();
        ControlsView {
            kind: m.kind(),
            human_turn: match online {
                Some(o) => o.my_turn(),
                None => m.human_to_move(),
            },
            counting: m.is_counting() && (online.is_none() || seated),
            online: online.is_some(),
            seated,
            confirm_pass: state.settings().confirm_pass,
            watching: m.config().is_watched() && !m.is_over(),
            can_undo: state.can_undo(),
            can_redo: state.can_redo(),
            hints: state.settings().hints,
            values: state.settings().values,
            ownership: state.settings().ownership,
            policy: state.settings().policy,
            paused: state.paused(),
            reviewing: state.reviewing(),
            offer_analysis: m.is_over()
                && !m.config().sides().iter().all(|(_, s)| s.is_human())
                && !state.reviewing()
                && state.analysing().is_none()
                && analysed < positions,
        }
    }
}

/// The action row and the undo bar.
#[component]
pub fn Controls(view: ControlsView, tr: Tr) -> Element {
    let app = use_app();
    let v = view;
    let play = move |action: Action| app.send(AppAction::Match(action));
    let pressed = |on: bool| if on { "true" } else { "false" };
    // Whether the last press on Pass was a finger's.
    let mut touch = use_signal(|| false);
    rsx! {
        div { class: "actions",
            if v.kind == GameKind::Go && v.human_turn {
                button {
                    class: "action pass",
                    onpointerdown: move |e| touch.set(e.pointer_type() == "touch"),
                    onclick: move |_| {
                        if v.confirm_pass && touch() {
                            app.send(AppAction::Show(Overlay::ConfirmPass));
                        } else {
                            play(Action::Pass);
                        }
                    },
                    {tr.pass()}
                }
            }
            if v.counting {
                button { class: "action accept", onclick: move |_| play(Action::AcceptCount), {tr.accept_count()} }
            }
            if v.human_turn || (v.online && v.seated) {
                button {
                    class: "action resign",
                    "aria-haspopup": "dialog",
                    onclick: move |_| app.send(AppAction::Show(Overlay::ConfirmResign)),
                    {tr.resign()}
                }
            }
            if v.watching {
                button {
                    class: "action pause",
                    "aria-pressed": pressed(v.paused),
                    onclick: move |_| app.send(AppAction::SetPaused(!v.paused)),
                    if v.paused { {tr.resume()} } else { {tr.pause()} }
                }
            }
            if v.offer_analysis {
                button {
                    class: "action analyse-offer",
                    onclick: move |_| {
                        app.send(AppAction::SetReviewing(true));
                        app.send(AppAction::Analyse(Some(AnalysisRun { deep: false })));
                    },
                    {tr.analyse_game()}
                }
            }
            button {
                class: "action moves",
                "aria-haspopup": "dialog",
                onclick: move |_| app.send(AppAction::Show(Overlay::Moves)),
                {tr.moves()}
            }
            button {
                class: "action review-toggle",
                "aria-pressed": pressed(v.reviewing),
                onclick: move |_| app.send(AppAction::SetReviewing(!v.reviewing)),
                {tr.review()}
            }
            if v.kind == GameKind::Othello {
                button {
                    class: "action hints",
                    "aria-pressed": pressed(v.hints),
                    onclick: move |_| app.send(AppAction::Settings(SettingsChange::Hints(!v.hints))),
                    {tr.hints()}
                }
            }
            if v.kind == GameKind::Go && !(v.online && v.seated) {
                button {
                    class: "action ownership",
                    "aria-pressed": pressed(v.ownership),
                    onclick: move |_| app.send(AppAction::Settings(SettingsChange::Ownership(!v.ownership))),
                    {tr.ownership()}
                }
                button {
                    class: "action policy",
                    "aria-pressed": pressed(v.policy),
                    title: tr.policy_title(),
                    onclick: move |_| app.send(AppAction::Settings(SettingsChange::Policy(!v.policy))),
                    {tr.policy()}
                }
            }
            if !(v.online && v.seated) {
            button {
                class: "action values",
                "aria-pressed": pressed(v.values),
                onclick: move |_| app.send(AppAction::Settings(SettingsChange::Values(!v.values))),
                {tr.values()}
            }
            }
        }
        nav { class: "undo-bar", "aria-label": tr.history(),
            button {
                class: "undo",
                disabled: !v.can_undo,
                "aria-keyshortcuts": "Control+Z",
                onclick: move |_| play(Action::Undo),
                span { class: "icon", "aria-hidden": "true", "↶" }
                if v.online { {tr.ask_undo()} } else { {tr.undo()} }
            }
            button {
                class: "redo",
                disabled: !v.can_redo,
                "aria-keyshortcuts": "Control+Shift+Z",
                onclick: move |_| play(Action::Redo),
                {tr.redo()}
                span { class: "icon", "aria-hidden": "true", "↷" }
            }
        }
    }
}

/// "Pass?", asked of a pass made with a finger (an option, on at first).
#[component]
pub fn ConfirmPass() -> Element {
    crate::components::parts::part!(QUESTION, question_part, Ask::Pass)
}

/// "Resign this game?", asked before resigning.
#[component]
pub fn ConfirmResign() -> Element {
    crate::components::parts::part!(QUESTION, question_part, Ask::Resign)
}

/// Which question to ask before an action.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ask {
    /// "Pass?"
    Pass,
    /// "Resign this game?"
    Resign,
}

crate::lazy::loader!(QUESTION = "question" fn question_part(Ask));

/// The question `ask`, once its code is there: a lazy part ([`crate::lazy`]), as no first
/// board asks one.
fn question_part(ask: Ask) -> Element {
    let tr = use_tr();
    match ask {
        Ask::Pass => rsx! {
            Question {
                title_id: "pass-title",
                title: tr.pass_question(),
                class: "primary confirm-pass",
                label: tr.pass(),
                action: Action::Pass,
            }
        },
        Ask::Resign => rsx! {
            Question {
                title_id: "resign-title",
                title: tr.resign_question(),
                class: "danger",
                label: tr.resign(),
                action: Action::Resign,
            }
        },
    }
}

/// A question before an action on the match: Keep playing (the default), or `label`, which
/// closes the dialog and does `action`.
#[component]
fn Question(
    title_id: &'static str,
    title: &'static str,
    class: &'static str,
    label: &'static str,
    action: Action,
) -> Element {
    let app = use_app();
    let tr = use_tr();
    rsx! {
        Dialog { title_id, title, alert: true,
            div { class: "dialog-buttons",
                button {
                    class: "secondary",
                    autofocus: true,
                    onclick: move |_| app.send(AppAction::Show(Overlay::None)),
                    {tr.keep_playing()}
                }
                button {
                    class,
                    onclick: move |_| {
                        app.send(AppAction::Show(Overlay::None));
                        app.send(AppAction::Match(action.clone()));
                    },
                    {label}
                }
            }
        }
    }
}
