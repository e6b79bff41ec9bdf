//! The status line: whose turn, disc counts or captures, notices and the result.

use dioxus::prelude::*;
use ishi_rules::{Move, Player};

use super::{Notice, use_handles};
use crate::model::{GameKind, Match, Refusal};

/// The status line's stylesheet.
pub const CSS: &str = include_str!("status.css");

/// The sentence the status line shows for `m`, given the notice and the computer's state.
pub fn message(m: &Match, notice: &Notice, thinking: bool, paused: bool) -> String {
    if let Some(result) = m.result() {
        return match result.winner() {
            Some(p) => format!("{} wins: {result}", title(p)),
            None => format!("Draw: {result}"),
        };
    }
    if let Some(count) = m.count() {
        return format!("Counting: tap dead chains. {}", count.result());
    }
    match notice {
        Notice::Refused(refusal) => return refused(refusal),
        Notice::Unreadable(why) => {
            return format!(
                "Your saved game could not be read: {why}. It was kept aside; here is a new game."
            );
        }
        Notice::None => {}
    }
    let turn = m.position().turn();
    let pass = m
        .line()
        .last()
        .and_then(|s| s.played.as_ref())
        .filter(|p| p.mv == Move::Pass);
    let pass_note = match pass {
        Some(p) if p.forced => format!("{} has no move and passes. ", title(p.player)),
        Some(p) => format!("{} passed. ", title(p.player)),
        None => String::new(),
    };
    let action = if paused && m.computer_to_move().is_some() {
        "paused".to_owned()
    } else if thinking {
        format!("{} is thinking…", title(turn))
    } else {
        format!("{} to move", title(turn))
    };
    format!("{pass_note}{action}")
}

fn refused(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Illegal(reason) => format!("Not there: {reason}."),
        Refusal::NotYourTurn => "Wait for your turn.".to_owned(),
        Refusal::NothingThere => "Nothing to undo or redo.".to_owned(),
        Refusal::Stale => String::new(),
        Refusal::NotCounting => "The game is not being counted.".to_owned(),
        Refusal::BadSetup(why) => format!("That game cannot start: {why}."),
    }
}

fn title(p: Player) -> &'static str {
    p.fold("Black", "White")
}

/// The status line.
#[component]
pub fn Status() -> Element {
    let handles = use_handles();
    let m = handles.game.read();
    let notice = handles.notice.read();
    let computer = handles.computer.read();
    let text = message(&m, &notice, computer.thinking, (handles.paused)());
    let counts = m.position().counts();
    let kind = m.position().kind();
    let turn = m.position().turn();
    let over = m.is_over() || m.is_counting();
    let (label_b, label_w) = match kind {
        GameKind::Othello => ("discs", "discs"),
        GameKind::Go => ("captures", "captures"),
    };
    rsx! {
        div { class: "status",
            div { class: "scores",
                span {
                    class: "score black",
                    "data-turn": if turn == Player::Black && !over { "true" },
                    "aria-label": "Black {label_b}: {counts.black}",
                    span { class: "swatch black" }
                    "{counts.black}"
                }
                span {
                    class: "score white",
                    "data-turn": if turn == Player::White && !over { "true" },
                    "aria-label": "White {label_w}: {counts.white}",
                    span { class: "swatch white" }
                    "{counts.white}"
                }
            }
            p {
                class: "message",
                role: "status",
                "aria-live": "polite",
                "data-thinking": if computer.thinking { "true" },
                "{text}"
            }
        }
    }
}
