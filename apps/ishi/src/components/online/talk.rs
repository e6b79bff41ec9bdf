//! Under the online bar: the game's chat (the players' for a seat, the watchers' for a
//! watcher, who must be logged in to write), with a switch that hides the opponent's lines,
//! and the rematch of a finished game ([`crate::club`]).

use dioxus::prelude::*;
use ishi_online::protocol::{ClientMessage, GameId};
use ishi_rules::{ByColor, Player};

use crate::app::use_app;
use crate::club::{CLUB, send};
use crate::i18n::Tr;

/// The chat and the rematch of `game`, where this device holds seat `you` (none: watching).
#[component]
pub fn Talk(
    game: GameId,
    you: Option<Player>,
    over: bool,
    names: ByColor<Option<String>>,
    tr: Tr,
) -> Element {
    let app = use_app();
    use_hook(move || crate::club::ensure_started(app));
    let mut text = use_signal(String::new);
    let club = CLUB.read();
    let chat = club.chat(&game);
    let lines = chat.map(|c| c.lines.clone()).unwrap_or_default();
    let refused = chat.and_then(|c| c.refused);
    let hide = club.kept.hide_chat;
    let logged_in = club.account().is_some();
    let offered_by = club
        .offers
        .iter()
        .find(|(g, by)| *g == game && Some(*by) != you)
        .map(|(_, by)| *by);
    let offering = club.is_mine(&game);
    drop(club);
    let token = app
        .peek()
        .seats()
        .iter()
        .find(|s| s.game == game)
        .map(|s| s.token.clone());
    let shown: Vec<_> = lines
        .iter()
        .filter(|l| !(hide && you.is_some() && l.seat.is_some() && l.seat != you))
        .collect();
    let hidden = lines.len() - shown.len();
    let can_write = you.is_some() || logged_in;
    let name_of = move |player: Player| {
        names[player]
            .clone()
            .unwrap_or_else(|| tr.player(player).to_owned())
    };
    let chat_game = game.clone();
    let chat_token = token.clone();
    let say = move |e: FormEvent| {
        e.prevent_default();
        let line = text().trim().to_owned();
        if line.is_empty() {
            return;
        }
        if let Some(chat) = CLUB.write().chats.iter_mut().find(|c| c.game == chat_game) {
            chat.refused = None;
        }
        send(
            app,
            ClientMessage::Chat {
                game: chat_game.clone(),
                token: chat_token.clone().filter(|_| you.is_some()),
                text: line,
            },
        );
        text.set(String::new());
    };
    let rematch_game = game.clone();
    let rematch = move |_| {
        let Some(token) = token.clone() else {
            return;
        };
        CLUB.write().awaiting_seat = offered_by.is_some();
        send(
            app,
            ClientMessage::Rematch {
                ticket: ishi_online::protocol::Ticket {
                    game: rematch_game.clone(),
                    token,
                },
            },
        );
    };
    rsx! {
        if over && you.is_some() {
            div { class: "rematch",
                if let Some(by) = offered_by {
                    p { class: "note rematch-offered", {tr.rematch_offered(&name_of(by))} }
                }
                if offering {
                    p { class: "note rematch-waiting", role: "status", {tr.rematch_waiting()} }
                } else {
                    button { class: "action rematch-button", onclick: rematch, {tr.rematch()} }
                }
            }
        }
        // Folded at first, so that the board keeps its room on a phone; the latest line
        // shows on the fold.
        details { class: "chat",
            summary {
                span { class: "title",
                    if you.is_some() { {tr.chat()} } else { {tr.watchers_chat()} }
                    if !lines.is_empty() { " ({lines.len()})" }
                }
                if let Some(line) = shown.last() {
                    span { class: "last", strong { "{line.name}" } " {line.text}" }
                }
            }
            ol { class: "chat-lines", "aria-live": "polite",
                for (i, line) in shown.iter().enumerate() {
                    li { key: "{i}", "data-seat": line.seat.map(|s| s.name()),
                        "data-you": if line.seat.is_some() && line.seat == you { "true" },
                        strong { "{line.name}" }
                        " "
                        // Text, never markup: Dioxus writes it as a text node.
                        span { class: "text", "{line.text}" }
                    }
                }
            }
            if hidden > 0 {
                p { class: "note", {tr.chat_hidden(hidden)} }
            }
            if you.is_some() {
                label { class: "check hide-chat",
                    input {
                        r#type: "checkbox",
                        checked: hide,
                        onchange: move |e| {
                            CLUB.write().kept.hide_chat = e.checked();
                            crate::club::save();
                        },
                    }
                    span { {tr.hide_chat()} }
                }
            }
            if let Some(reason) = refused {
                p { class: "error", role: "alert", {tr.server_refusal(reason)} }
            }
            if can_write {
                form { class: "row chat-form", onsubmit: say,
                    input {
                        name: "chat",
                        maxlength: "200",
                        autocomplete: "off",
                        placeholder: tr.say_something(),
                        "aria-label": tr.say_something(),
                        value: "{text}",
                        oninput: move |e| text.set(e.value()),
                    }
                    button { r#type: "submit", class: "secondary send-chat", {tr.send_chat()} }
                }
            } else {
                p { class: "note", {tr.log_in_to_chat()} }
            }
        }
    }
}
