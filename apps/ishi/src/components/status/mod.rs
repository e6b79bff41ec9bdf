//! The status line: who plays each side, whose turn, disc counts or captures, notices and
//! the result.

use dioxus::prelude::*;
use ishi_rules::{Move, Player};

use super::{Notice, use_handles, use_tr};
use crate::computer::Computer;
use crate::i18n::Tr;
use crate::model::Match;

/// The status line's stylesheet.
pub const CSS: &str = include_str!("status.css");

/// The sentence the status line shows for `m`, given the notice and the computer's state.
pub fn message(tr: Tr, m: &Match, notice: &Notice, computer: &Computer, paused: bool) -> String {
    if let Some(result) = m.result() {
        let text = result.to_string();
        return match result.winner() {
            Some(p) => tr.wins(p, &text),
            None => tr.draw(&text),
        };
    }
    if let Some(count) = m.count() {
        return tr.counting(&count.result().to_string());
    }
    match notice {
        Notice::Refused(refusal) => return tr.refusal(refusal),
        Notice::Unreadable(why) => return tr.unreadable(why),
        Notice::None => {}
    }
    let turn = m.position().turn();
    let pass = m
        .line()
        .last()
        .and_then(|s| s.played.as_ref())
        .filter(|p| p.mv == Move::Pass);
    let pass_note = match pass {
        Some(p) if p.forced => tr.forced_pass(p.player),
        Some(p) => tr.passed(p.player),
        None => String::new(),
    };
    let action = if paused && m.computer_to_move().is_some() {
        tr.paused().to_owned()
    } else if computer.thinking {
        tr.thinking(turn)
    } else if failure(m, computer).is_some() {
        tr.computer_failed().to_owned()
    } else {
        tr.to_move(turn)
    };
    format!("{pass_note}{action}")
}

/// Why the computer, to move in `m`, made no move, if it failed.
fn failure<'a>(m: &Match, computer: &'a Computer) -> Option<&'a str> {
    let to_move = m.computer_to_move().is_some() && !m.is_over() && !computer.thinking;
    computer.failure.as_deref().filter(|_| to_move)
}

/// The status line.
#[component]
pub fn Status() -> Element {
    let handles = use_handles();
    let tr = use_tr();
    let m = handles.game.read();
    let notice = handles.notice.read();
    let computer = handles.computer.read();
    let text = message(tr, &m, &notice, &computer, (handles.paused)());
    let counts = m.position().counts();
    let kind = m.position().kind();
    let turn = m.position().turn();
    let over = m.is_over() || m.is_counting();
    let sides = m.config().sides;
    rsx! {
        div { class: "status",
            div { class: "scores",
                span {
                    class: "score black",
                    "data-turn": if turn == Player::Black && !over { "true" },
                    "aria-label": "{tr.count_label(kind, Player::Black, counts.black)} ({tr.side_name(sides.black)})",
                    span { class: "swatch black" }
                    span { class: "count", "{counts.black}" }
                    span { class: "who", {tr.side_name(sides.black)} }
                }
                span {
                    class: "score white",
                    "data-turn": if turn == Player::White && !over { "true" },
                    "aria-label": "{tr.count_label(kind, Player::White, counts.white)} ({tr.side_name(sides.white)})",
                    span { class: "swatch white" }
                    span { class: "count", "{counts.white}" }
                    span { class: "who", {tr.side_name(sides.white)} }
                }
            }
            p {
                class: "message",
                role: "status",
                "aria-live": "polite",
                "data-thinking": if computer.thinking { "true" },
                title: failure(&m, &computer),
                "data-long": if matches!(*notice, Notice::Unreadable(_)) { "true" },
                "{text}"
            }
        }
    }
}
