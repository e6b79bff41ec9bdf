//! "Online games": the games this device holds a seat in, whose turn it is in each, a link
//! to open, the name shown to others and (on the desktop) the game server's address. The
//! games that wait for the player's move come first, the nearest deadline first, and one
//! close to its deadline says so ([`ordered`], [`is_urgent`]).

use dioxus::prelude::*;
use ishi_online::Phase;
use ishi_online::protocol::{GameId, Summary};

use crate::app::{use_app, use_tr};
use crate::components::dialog::Dialog;
use crate::components::new_game::NameField;
use crate::i18n::{Field, Tr};
use crate::state::online::kind_of;
use crate::state::{AppAction, OnlineAction, Overlay, SettingsChange};

/// The game id in a link (`…#online=ID`) or the id itself.
fn game_in(text: &str) -> Option<GameId> {
    let id = text.trim().rsplit("online=").next()?.trim();
    GameId::try_from(id.to_owned()).ok()
}

/// The lines as the player wants them: the games waiting for their move first (a count to
/// accept counts as one), the nearest deadline first; then the other player's turns, the
/// nearest deadline first; the links nobody opened yet; the finished games last, in the
/// server's order.
fn ordered(mut lines: Vec<Summary>) -> Vec<Summary> {
    let rank = |line: &Summary| match line.phase {
        Phase::Playing if line.turn == Some(line.you) => 0,
        Phase::Counting => 1,
        Phase::Playing => 2,
        Phase::Waiting => 3,
        Phase::Over => 4,
    };
    lines.sort_by_key(|line| (rank(line), line.deadline_ms.unwrap_or(i64::MAX)));
    lines
}

/// Whether the player's move in `line` is close to its deadline at `now_ms`: within a day
/// by correspondence, a minute on a live clock.
fn is_urgent(line: &Summary, now_ms: i64) -> bool {
    let Some(deadline) = line.deadline_ms.filter(|_| line.turn == Some(line.you)) else {
        return false;
    };
    let close = match line.time {
        ishi_online::TimeControl::Correspondence { .. } => 24 * 3_600_000,
        _ => 60_000,
    };
    deadline - now_ms < close
}

/// A line of the list: "Go 9×9 · vs Bo · Your turn · 5 h left".
fn describe(tr: Tr, line: &Summary, now_ms: i64) -> String {
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
    let left = match (line.phase, line.deadline_ms) {
        (Phase::Playing, Some(deadline)) => format!(" · {}", tr.time_left(deadline - now_ms)),
        _ => String::new(),
    };
    format!(
        "{} {board} · {} · {state}{left}",
        tr.game(kind_of(&line.setup)),
        tr.versus(&other)
    )
}

/// Asks the player's permission for notifications (the browser asks once; later the answer
/// given stands); whether they are allowed.
async fn ask_permission() -> bool {
    crate::js::call(
        "",
        r#"
if (!("Notification" in window)) return "no";
const answer = Notification.permission === "default"
    ? await Notification.requestPermission()
    : Notification.permission;
return answer;
"#,
        &[],
    )
    .await
    .as_deref()
        == Some("granted")
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
    use_hook(move || crate::club::ensure_started(app));
    let state = app.read();
    let lines = ordered(state.lines().to_vec());
    let now = crate::net::now_ms() as i64;
    let name = state.settings().name.clone();
    let server = state.settings().server.clone();
    let notify = state.settings().notify;
    drop(state);
    let mut blocked = use_signal(|| false);
    let mut pasted = use_signal(String::new);
    let mut bad_link = use_signal(|| false);
    let open = move |_| match game_in(&pasted()) {
        Some(game) => app.send(AppAction::Online(OnlineAction::Open(game))),
        None => bad_link.set(true),
    };
    rsx! {
        Dialog { title_id: "online-title", title: tr.online_games(), class: "online-sheet",
            div { class: "row",
                button {
                    class: "primary play-online",
                    // Its own look here, not in the stylesheet the first board loads.
                    style: "background: var(--accent); border: 1px solid var(--accent); color: #fff; border-radius: 10px; font: inherit",
                    onclick: move |_| app.send(AppAction::Show(Overlay::Club)), {tr.play_online()} }
            }
            label { class: "field check notify",
                span { {tr.notify_moves()} }
                input {
                    r#type: "checkbox",
                    name: "notify",
                    style: "width: 24px; height: 24px",
                    checked: notify,
                    onchange: move |e| {
                        let on = e.checked();
                        blocked.set(false);
                        if !on {
                            app.send(AppAction::Settings(SettingsChange::Notify(false)));
                            return;
                        }
                        spawn(async move {
                            let allowed = ask_permission().await;
                            blocked.set(!allowed);
                            app.send(AppAction::Settings(SettingsChange::Notify(allowed)));
                            // The games being played are followed from now on (if the link
                            // is not up yet, its coming up lists them).
                            let list = crate::club::Club::relist(app.peek().seats(), allowed);
                            crate::club::carry_out(app, list);
                        });
                    },
                }
            }
            if blocked() {
                p { class: "error", role: "alert", {tr.notify_blocked()} }
            }
            if lines.is_empty() {
                p { class: "empty", {tr.no_online_games()} }
            }
            ul { class: "online-list",
                for line in lines {
                    li { key: "{line.game}",
                        "data-turn": if line.phase == Phase::Playing && line.turn == Some(line.you) { "you" },
                        "data-urgent": if is_urgent(&line, now) { "true" },
                        span {
                            class: "what",
                            // Its own colour here, not in the stylesheet the first board loads.
                            style: if is_urgent(&line, now) { "color: #c0392b" },
                            {describe(tr, &line, now)}
                        }
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
        style { {super::SHEETS_CSS} }
    }
}

#[cfg(test)]
mod tests {
    use ishi_online::protocol::GameId;
    use ishi_online::{GameSetup, TimeControl};
    use ishi_rules::{ByColor, Player};

    use super::*;

    fn line(
        n: u8,
        phase: Phase,
        mine: bool,
        deadline_ms: Option<i64>,
        time: TimeControl,
    ) -> Summary {
        Summary {
            game: GameId::from_bytes([n; 8]),
            setup: GameSetup::Othello {
                board: ishi_rules::othello::Shape::STANDARD,
            },
            time,
            you: Player::Black,
            names: ByColor::new(Some("Ann".into()), Some("Bo".into())),
            phase,
            turn: (phase == Phase::Playing).then_some(if mine {
                Player::Black
            } else {
                Player::White
            }),
            moves: 3,
            deadline_ms,
            result: None,
        }
    }

    #[test]
    fn the_games_waiting_for_the_player_come_first_the_nearest_deadline_first() {
        let days = TimeControl::Correspondence { days: 3 };
        let lines = vec![
            line(1, Phase::Over, false, None, days),
            line(2, Phase::Playing, false, Some(5), days),
            line(3, Phase::Playing, true, Some(90), days),
            line(4, Phase::Waiting, false, None, days),
            line(5, Phase::Playing, true, Some(40), days),
            line(6, Phase::Counting, false, None, days),
            line(7, Phase::Playing, true, None, TimeControl::None),
        ];
        let order: Vec<u8> = ordered(lines)
            .iter()
            .map(|l| u8::from_str_radix(&l.game.as_str()[..2], 16).unwrap())
            .collect();
        assert_eq!(order, [5, 3, 7, 6, 2, 4, 1]);
    }

    #[test]
    fn a_move_close_to_its_deadline_is_urgent() {
        let days = TimeControl::Correspondence { days: 3 };
        let hour = 3_600_000;
        assert!(is_urgent(
            &line(1, Phase::Playing, true, Some(23 * hour), days),
            0
        ));
        assert!(!is_urgent(
            &line(1, Phase::Playing, true, Some(25 * hour), days),
            0
        ));
        assert!(
            !is_urgent(&line(1, Phase::Playing, false, Some(hour), days), 0),
            "their turn"
        );
        let blitz = TimeControl::Fischer {
            main_s: 180,
            increment_s: 2,
        };
        assert!(is_urgent(
            &line(1, Phase::Playing, true, Some(59_000), blitz),
            0
        ));
        assert!(!is_urgent(
            &line(1, Phase::Playing, true, Some(61_000), blitz),
            0
        ));
        assert!(!is_urgent(
            &line(1, Phase::Playing, true, None, TimeControl::None),
            0
        ));
    }
}
