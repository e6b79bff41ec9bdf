//! "Online games": the games this device holds a seat in, whose turn it is in each, a link
//! to open, the name shown to others and (on the desktop) the game server's address.

use dioxus::prelude::*;
use ishi_online::Phase;
use ishi_online::protocol::{GameId, Summary};

use crate::app::{use_app, use_tr};
use crate::components::dialog::Dialog;
use crate::components::new_game::NameField;
use crate::i18n::{Field, Tr};
use crate::state::online::kind_of;
use crate::state::{AppAction, OnlineAction, Overlay};

/// The game id in a link (`…#online=ID`) or the id itself.
fn game_in(text: &str) -> Option<GameId> {
    let id = text.trim().rsplit("online=").next()?.trim();
    GameId::try_from(id.to_owned()).ok()
}

/// A line of the list: "Go 9×9 · vs Bo · Your turn".
fn describe(tr: Tr, line: &Summary) -> String {
    let board = match &line.setup {
        ishi_online::GameSetup::Othello { board } => board.to_string(),
        ishi_online::GameSetup::Go { size, .. } => format!("{size}×{size}"),
    };
    let other = line.names[!line.you]
        .clone()
        .unwrap_or_else(|| tr.player(!line.you).to_owned());
    let state = match line.phase {
        Phase::Waiting => tr.waiting_line().to_owned(),
        Phase::Playing if line.turn == Some(line.you) => tr.your_turn().to_owned(),
        Phase::Playing => tr.their_turn(&other),
        Phase::Counting => tr.counting_line().to_owned(),
        Phase::Over => line.result.map(|r| r.to_string()).unwrap_or_default(),
    };
    format!(
        "{} {board} · {} · {state}",
        tr.game(kind_of(&line.setup)),
        tr.versus(&other)
    )
}

/// The sheet.
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]).
#[component]
pub fn OnlineGames() -> Element {
    crate::components::parts::part!(ONLINE_GAMES, online_games_part, ())
}

crate::lazy::loader!(ONLINE_GAMES = "online_games" fn online_games_part(()));

/// What [`OnlineGames`] shows, once its code is there.
fn online_games_part(_: ()) -> Element {
    let app = use_app();
    let tr = use_tr();
    use_hook(move || app.send(AppAction::Online(OnlineAction::RefreshList)));
    let state = app.read();
    let lines = state.lines().to_vec();
    let name = state.settings().name.clone();
    let server = state.settings().server.clone();
    drop(state);
    let mut pasted = use_signal(String::new);
    let mut bad_link = use_signal(|| false);
    let open = move |_| match game_in(&pasted()) {
        Some(game) => app.send(AppAction::Online(OnlineAction::Open(game))),
        None => bad_link.set(true),
    };
    rsx! {
        Dialog { title_id: "online-title", title: tr.online_games(), class: "online-sheet",
            if lines.is_empty() {
                p { class: "empty", {tr.no_online_games()} }
            }
            ul { class: "online-list",
                for line in lines {
                    li { key: "{line.game}",
                        "data-turn": if line.phase == Phase::Playing && line.turn == Some(line.you) { "you" },
                        span { class: "what", {describe(tr, &line)} }
                        button {
                            class: "open",
                            onclick: {
                                let game = line.game.clone();
                                move |_| app.send(AppAction::Online(OnlineAction::Open(game.clone())))
                            },
                            {tr.open()}
                        }
                    }
                }
            }
            h2 { {tr.open_link()} }
            div { class: "row",
                input {
                    class: "link-input",
                    name: "link",
                    placeholder: tr.link_hint(),
                    value: "{pasted}",
                    oninput: move |e| {
                        bad_link.set(false);
                        pasted.set(e.value());
                    },
                }
                button { class: "primary open-link", onclick: open, {tr.open()} }
            }
            if bad_link() {
                p { class: "error", role: "alert", {tr.not_a_link()} }
            }
            NameField { name, tr }
            if cfg!(not(target_arch = "wasm32")) {
                label { class: "field",
                    span { {tr.field(Field::Server)} }
                    input {
                        name: "server",
                        placeholder: "https://ishi.example",
                        value: "{server}",
                        onchange: move |e| app.send(AppAction::Online(OnlineAction::SetServer(e.value()))),
                    }
                }
            }
            div { class: "dialog-buttons",
                button { class: "secondary", onclick: move |_| app.send(AppAction::Show(Overlay::None)), {tr.close()} }
            }
        }
    }
}
