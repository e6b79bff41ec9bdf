//! The move list: every move of the game with its number (Othello squares, Go points, passes),
//! beside the board in landscape (screens 500 px high or more) and in a sheet otherwise; a tap goes to that move in the
//! review. Moves past the review's cursor (the redo line) are listed too, fainter. The line on
//! screen may be a variation; the other lines leave it as branches, listed after the move
//! they leave from (a tap opens one), and the game's moves practised are marked.
//!
//! A lazy part ([`crate::lazy`]): the list derives its own view from the state (a memo), so
//! that neither its code nor its view's is in the first board's module; the board's first
//! screen has no move to list anyway.

use std::rc::Rc;

use dioxus::prelude::*;
use ishi_rules::Player;

use crate::app::{use_app, use_tr};
use crate::components::dialog::Dialog;
use crate::i18n::Tr;
use crate::model::{Action, Match, Outcome};
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
    /// Practised ("Practise"): whether a better move was found.
    pub practised: Option<bool>,
}

/// Another line, where it leaves the line on screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BranchEntry {
    /// The line.
    pub line: usize,
    /// The snapshot it leaves from.
    pub from: usize,
    /// Its first moves, numbered: `8. f3 e3 d2 c5…`.
    pub moves: String,
}

/// How many moves of a branch the list names.
const BRANCH_MOVES: usize = 4;

/// The branches of `m`'s line on screen.
fn branches(m: &Match) -> Vec<BranchEntry> {
    m.branches()
        .into_iter()
        .filter_map(|b| {
            let snapshots = m.snapshots_of(b.line)?;
            let mut moves = format!("{}.", b.from + 1);
            let mut named = 0;
            for (i, s) in snapshots.iter().enumerate().skip(b.from + 1) {
                let Some(p) = s.played.as_ref().filter(|p| !p.forced) else {
                    continue;
                };
                if named == BRANCH_MOVES {
                    moves.push('…');
                    break;
                }
                moves.push(' ');
                moves.push_str(&snapshots[i - 1].position.move_name(p.mv));
                named += 1;
            }
            Some(BranchEntry {
                line: b.line,
                from: b.from,
                moves,
            })
        })
        .collect()
}

/// The moves of the match on screen and the review's cursor.
#[derive(Clone, PartialEq, Debug)]
pub struct MovesView {
    /// Every move, the redo line included.
    pub moves: Rc<[MoveEntry]>,
    /// The snapshot on screen.
    pub cursor: usize,
    /// The line on screen.
    pub line: usize,
    /// The other lines, where they leave the one on screen.
    pub branches: Rc<[BranchEntry]>,
}

impl MovesView {
    /// The move list of `state`'s match.
    pub fn of(state: &AppState) -> MovesView {
        let m = state.current();
        let history = m.history();
        let practised = |index: usize| {
            let on_game = m.line_on() == 0;
            m.practised()
                .iter()
                .find(|p| on_game && p.index + 1 == index)
                .map(|p| matches!(p.outcome, Outcome::Solved { .. }))
        };
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
                practised: practised(index),
            })
            .collect();
        MovesView {
            moves,
            cursor: m.cursor(),
            line: m.line_on(),
            branches: branches(m).into(),
        }
    }
}

/// The list: a button a move, which goes to it in the review.
#[component]
pub fn MoveList(tr: Tr, in_sheet: bool) -> Element {
    crate::components::parts::part!(MOVE_LIST, move_list_part, MoveListProps { tr, in_sheet })
}

crate::lazy::loader!(MOVE_LIST = "move_list" fn move_list_part(MoveListProps));

/// The list's stylesheet, rendered with it (`css::PARTS`).
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/list.css"));

/// What [`MoveList`] shows, once its code is there.
fn move_list_part(MoveListProps { tr, in_sheet }: MoveListProps) -> Element {
    let app = use_app();
    let view = use_memo(move || MovesView::of(&app.read()));
    // The move on screen stays in sight in the list beside the board, which scrolls (a list
    // that is not shown has no size and scrolls nothing).
    use_effect(move || {
        // Runs again when the line or the move on screen changes.
        let _on_screen = (view.read().line, view.read().cursor);
        crate::js::run(
            "",
            "document.querySelector('.moves-side [aria-current]')?.scrollIntoView({ block: 'nearest' });",
            &[],
        );
    });
    let view = view.read();
    let show = move |action: Action| {
        if in_sheet {
            app.send(AppAction::Show(Overlay::None));
        }
        app.send(AppAction::SetReviewing(true));
        app.send(AppAction::Match(action));
    };
    let go = move |index: usize| show(Action::GoTo(index));
    let branch = move |b: &BranchEntry| {
        let (line, index) = (b.line, b.from + 1);
        rsx! {
            li { key: "b{b.line}", class: "branch",
                button {
                    class: "branch",
                    "data-line": "{line}",
                    "aria-label": tr.branch(&b.moves),
                    onclick: move |_| show(Action::ToLine { line, index }),
                    "↳ {b.moves}"
                }
            }
        }
    };
    rsx! {
        if view.moves.is_empty() {
            p { class: "empty", {tr.no_moves()} }
        }
        ol { class: "move-list", "aria-label": tr.moves(),
            for b in view.branches.iter().filter(|b| b.from == 0) {
                {branch(b)}
            }
            for entry in view.moves.iter().cloned() {
                li { key: "{entry.index}",
                    button {
                        class: "move",
                        "data-player": entry.player.name(),
                        "data-index": "{entry.index}",
                        "data-forced": if entry.forced { "true" },
                        "data-later": if entry.index > view.cursor { "true" },
                        "aria-current": if entry.index == view.cursor { "step" },
                        "data-practised": entry.practised.map(|found| if found { "found" } else { "missed" }),
                        title: entry.practised.map(|found| tr.practised(found)),
                        onclick: move |_| go(entry.index),
                        span { class: "number", "{entry.number}" }
                        span { class: "move-stone", "aria-label": tr.player(entry.player) }
                        span { class: "name", "{entry.name}" }
                    }
                }
                for b in view.branches.iter().filter(|b| b.from == entry.index) {
                    {branch(b)}
                }
            }
        }
        style { {CSS} }
    }
}

/// The move list in a sheet, for phones.
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]), so that no sheet's code is in the first board's.
#[component]
pub fn MovesSheet() -> Element {
    crate::components::parts::part!(MOVES_SHEET, moves_sheet_part, ())
}

crate::lazy::loader!(MOVES_SHEET = "moves_sheet" fn moves_sheet_part(()));

/// What [`MovesSheet`] shows, once its code is there.
fn moves_sheet_part(_: ()) -> Element {
    let app = use_app();
    let tr = use_tr();
    rsx! {
        Dialog { title_id: "moves-title", title: tr.moves(), class: "moves-sheet",
            MoveList { tr, in_sheet: true }
            div { class: "dialog-buttons",
                button { class: "secondary", onclick: move |_| app.send(AppAction::Show(Overlay::None)), {tr.close()} }
            }
        }
    }
}
