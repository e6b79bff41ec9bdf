//! A tap on a cell of the board, or Enter on the cell the keyboard is on, or a finger lifted
//! over the loupe: what it does.

use dioxus::prelude::*;
use ishi_rules::Move;

use crate::app::AppHandle;
use crate::model::{Action, Cell};
use crate::state::AppAction;

/// A tap (or Enter) on `cell`: marks a chain dead while counting; otherwise plays there, or
/// first shows a ghost stone when the move needs confirming.
pub(super) fn tap(app: AppHandle, mut ghost: Signal<Option<Cell>>, cell: Cell, pointer_type: &str) {
    let action = {
        let state = app.peek();
        let m = state.current();
        if m.is_counting() {
            Action::ToggleDead(cell)
        } else {
            let needs_confirm = state.settings().confirm.needed(m.kind(), pointer_type);
            let legal = m.position().check(Move::Place(cell)).is_ok();
            if needs_confirm && legal && *ghost.peek() != Some(cell) {
                drop(state);
                ghost.set(Some(cell));
                return;
            }
            Action::Play(cell)
        }
    };
    ghost.set(None);
    app.send(AppAction::Match(action));
}
