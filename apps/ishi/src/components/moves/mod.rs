//! The move list: every move of the game with its number (Othello squares, Go points, passes),
//! beside the board in landscape (screens 500 px high or more) and in a sheet otherwise; a tap goes to that move in the
//! review. Moves past the review's cursor (the redo line) are listed too, fainter.

use std::rc::Rc;

use dioxus::prelude::*;
use ishi_rules::Player;

use crate::app::{use_app, use_tr};
use crate::components::dialog::Dialog;
use crate::i18n::Tr;
use crate::model::Action;
use crate::state::{AppAction, AppState, Overlay};

/// One move of the list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveEntry {
    /// The snapshot the move led to, in the match's history.
    pub index: usize,
    /// Its number, from 1.
    pub number: usize,
    /// Who played it.
    pub player: Player,
    /// Its name: `f5`, `D4`, `pass`.
    pub name: String,
    /// An Othello pass the rules forced.
    pub forced: bool,
}

/// The moves of the match on screen and the review's cursor.
#[derive(Clone, PartialEq, Debug)]
pub struct MovesView {
    /// Every move, the redo line included.
    pub moves: Rc<[MoveEntry]>,
    /// The snapshot on screen.
    pub cursor: usize,
}

impl MovesView {
    /// The move list of `state`'s match.
    pub fn of(state: &AppState) -> MovesView {
        let m = state.current();
        let history = m.history();
        let moves = history
            .iter()
            .enumerate()
            .skip(1)
            .filter_map(|(index, snapshot)| {
                let played = snapshot.played.as_ref()?;
                Some((index, played))
            })
            .enumerate()
            .map(|(n, (index, played))| MoveEntry {
                index,
                number: n + 1,
                player: played.player,
                name: history[index - 1].position.move_name(played.mv),
                forced: played.forced,
            })
            .collect();
        MovesView {
            moves,
            cursor: m.cursor(),
        }
    }
}

/// The list: a button a move, which goes to it in the review.
#[component]
pub fn MoveList(view: MovesView, tr: Tr, in_sheet: bool) -> Element {
    let app = use_app();
    let go = move |index: usize| {
        if in_sheet {
            app.send(AppAction::Show(Overlay::None));
        }
        app.send(AppAction::SetReviewing(true));
        app.send(AppAction::Match(Action::GoTo(index)));
    };
    rsx! {
        if view.moves.is_empty() {
            p { class: "empty", {tr.no_moves()} }
        }
        ol { class: "move-list", "aria-label": tr.moves(),
            for entry in view.moves.iter().cloned() {
                li { key: "{entry.index}",
                    button {
                        class: "move",
                        "data-player": entry.player.name(),
                        "data-index": "{entry.index}",
                        "data-forced": if entry.forced { "true" },
                        "data-later": if entry.index > view.cursor { "true" },
                        "aria-current": if entry.index == view.cursor { "step" },
                        onclick: move |_| go(entry.index),
                        span { class: "number", "{entry.number}" }
                        span { class: "move-stone", "aria-label": tr.player(entry.player) }
                        span { class: "name", "{entry.name}" }
                    }
                }
            }
        }
    }
}

/// The move list in a sheet, for phones.
#[component]
pub fn MovesSheet() -> Element {
    let app = use_app();
    let tr = use_tr();
    let view = MovesView::of(&app.read());
    rsx! {
        Dialog { title_id: "moves-title", title: tr.moves(), class: "moves-sheet",
            MoveList { view, tr, in_sheet: true }
            div { class: "dialog-buttons",
                button { class: "secondary", onclick: move |_| app.send(AppAction::Show(Overlay::None)), {tr.close()} }
            }
        }
    }
}
