//! Online games on screen: the bar above the board (players, clocks, the link's state, an
//! undo request to answer, the chat and the rematch), the sheet with the link to share, and
//! the list of this device's games.

mod clock;
mod games;
mod share;
mod talk;

use dioxus::prelude::*;
use ishi_online::Phase;
use ishi_online::protocol::{ClockView, GameId};
use ishi_rules::{ByColor, Player};

pub use games::OnlineGames;
pub use share::Share;
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub(crate) use {games::ONLINE_GAMES, share::SHARE};

use crate::app::use_app;
use crate::i18n::Tr;
use crate::state::online::turn;
use crate::state::{AppAction, AppState, Link, OnlineAction, Overlay};

/// What the bar shows of the online game on screen.
#[derive(Clone, PartialEq, Debug)]
pub struct OnlineView {
    /// The game, once named.
    pub game: Option<GameId>,
    /// The players' names.
    pub names: ByColor<Option<String>>,
    /// This device's seat.
    pub you: Option<Player>,
    /// Where the game is.
    pub phase: Option<Phase>,
    /// Whose turn, while played.
    pub turn: Option<Player>,
    /// The link.
    pub link: Link,
    /// A move waits for the server.
    pub pending: bool,
    /// Who asked to take a move back.
    pub undo_request: Option<Player>,
    /// Go count: who accepted.
    pub accepted: ByColor<bool>,
    /// The clocks, and when they were sent (device ms) and the link's round trip.
    pub clock: Option<(ClockView, f64, f64)>,
    /// The byo-yomi period length, for the clocks.
    pub period_s: Option<u32>,
}

impl OnlineView {
    /// The online view of `state`, if an online game is on screen.
    pub fn of(state: &AppState) -> Option<OnlineView> {
        let online = state.online()?;
        let view = online.view.as_ref();
        Some(OnlineView {
            game: online.game.clone(),
            names: view.map(|v| v.names.clone()).unwrap_or_default(),
            you: online.you(),
            phase: view.map(|v| v.phase),
            turn: view.filter(|v| v.phase == Phase::Playing).map(turn),
            link: online.link,
            pending: online.pending.is_some(),
            undo_request: view.and_then(|v| v.undo_request),
            accepted: view.map(|v| v.accepted).unwrap_or_default(),
            clock: view
                .and_then(|v| v.clock)
                .map(|c| (c, online.received_ms, online.rtt_ms)),
            period_s: view.and_then(|v| match v.time {
                ishi_online::TimeControl::ByoYomi { period_s, .. } => Some(period_s),
                _ => None,
            }),
        })
    }

    fn name(&self, player: Player, tr: Tr) -> String {
        self.names[player]
            .clone()
            .unwrap_or_else(|| tr.player(player).to_owned())
    }
}

/// The bar above the board in an online game.
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]).
#[component]
pub fn OnlineBar(view: OnlineView, tr: Tr) -> Element {
    crate::components::parts::part!(ONLINE_BAR, online_bar_part, OnlineBarProps { view, tr })
}

crate::lazy::loader!(ONLINE_BAR = "online_bar" fn online_bar_part(OnlineBarProps));

/// What [`OnlineBar`] shows, once its code is there.
fn online_bar_part(OnlineBarProps { view, tr }: OnlineBarProps) -> Element {
    let app = use_app();
    let v = view;
    let asked = v
        .undo_request
        .filter(|&p| Some(p) != v.you && v.you.is_some());
    let banner = match v.link {
        Link::Connecting => Some(tr.connecting()),
        Link::Down => Some(tr.reconnecting()),
        Link::Up if v.pending => Some(tr.sending()),
        Link::Up => None,
    };
    rsx! {
        section { class: "online", "aria-label": tr.online_games(),
            "data-link": match v.link { Link::Up => "up", Link::Down => "down", Link::Connecting => "connecting" },
            div { class: "top",
                div { class: "players",
                    for player in Player::ALL {
                        div {
                            key: "{player}",
                            class: "player",
                            "data-player": player.name(),
                            "data-turn": if v.turn == Some(player) { "true" },
                            span { class: "seat-stone", "aria-hidden": "true" }
                            span { class: "name",
                                "{v.name(player, tr)}"
                                if v.you == Some(player) { " ({tr.you()})" }
                            }
                            if let Some((clock, received, rtt)) = v.clock {
                                clock::Clock { player, clock, received, rtt, period_s: v.period_s, tr }
                            }
                        }
                    }
                }
                div { class: "online-actions",
                    if v.phase == Some(Phase::Counting) && v.you.is_some() {
                        button { class: "action resume-play", onclick: move |_| app.send(AppAction::Online(OnlineAction::Resume)), {tr.resume_play()} }
                    }
                    button { class: "action leave-online", onclick: move |_| app.send(AppAction::Online(OnlineAction::Leave)), {tr.leave_online()} }
                }
            }
            if let Some(text) = banner {
                p { class: "banner", role: "status", "{text}" }
            }
            if v.you.is_none() && v.phase.is_some() {
                p { class: "note watching", {tr.watching()} }
            }
            if v.phase == Some(Phase::Waiting) {
                p { class: "note",
                    {tr.waiting_friend()}
                    " "
                    button { class: "action share-open", onclick: move |_| app.send(AppAction::Show(Overlay::Share)), {tr.share_link()} }
                }
            }
            if let Some(asker) = asked {
                div { class: "undo-question", role: "alertdialog", "aria-label": tr.undo_asked(&v.name(asker, tr)),
                    p { {tr.undo_asked(&v.name(asker, tr))} }
                    button { class: "action decline-undo", onclick: move |_| app.send(AppAction::Online(OnlineAction::AnswerUndo(false))), {tr.decline()} }
                    button { class: "action accept allow-undo", onclick: move |_| app.send(AppAction::Online(OnlineAction::AnswerUndo(true))), {tr.allow()} }
                }
            }
            if v.undo_request.is_some() && v.undo_request == v.you {
                p { class: "note", {tr.undo_waiting()} }
            }
            if v.phase == Some(Phase::Counting) && v.you.is_some() {
                div { class: "count-online",
                    for player in Player::ALL {
                        if v.accepted[player] && Some(player) != v.you {
                            p { key: "{player}", class: "note", {tr.count_accepted_by(&v.name(player, tr))} }
                        }
                    }
                    if v.you.is_some_and(|p| v.accepted[p]) {
                        p { class: "note", {tr.count_waiting()} }
                    }
                }
            }
            if let Some(game) = v.game.clone().filter(|_| v.phase.is_some_and(|p| p != Phase::Waiting)) {
                talk::Talk { game, you: v.you, over: v.phase == Some(Phase::Over), names: v.names.clone(), tr }
            }
        }
        style { {BAR_CSS} }
    }
}

/// The bar's own stylesheet (`bar.css`), in its module: the first board's carries only the
/// room it takes (`online.css`).
const BAR_CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/bar.css"));

/// The online sheets' stylesheet (`sheets.css`): the link to share and the list of games,
/// each in its own module (one of them is open at a time).
const SHEETS_CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/sheets.css"));
