//! The profile's tab: a player's ratings with the graph of their history, their results, and
//! their recent games, each to open and review.

use dioxus::prelude::*;
use ishi_online::protocol::{ClassRating, ClientMessage, RecentGame};

use crate::app::AppHandle;
use crate::club::{CLUB, send};
use crate::i18n::Tr;
use crate::state::{AppAction, OnlineAction};

/// The tab: the logged-in player's profile at first.
#[component]
pub(super) fn Profile(app: AppHandle, tr: Tr) -> Element {
    let own = CLUB.peek().account().map(str::to_owned);
    let mut name = use_signal(|| own.clone().unwrap_or_default());
    use_hook(move || {
        if let Some(own) = own {
            send(app, ClientMessage::Profile { name: own });
        }
    });
    let profile = CLUB.read().profile.clone();
    rsx! {
        form {
            class: "row profile-find",
            onsubmit: move |e| {
                e.prevent_default();
                let wanted = name().trim().to_owned();
                if !wanted.is_empty() {
                    send(app, ClientMessage::Profile { name: wanted });
                }
            },
            input {
                name: "profile-name",
                "aria-label": tr.player_name(),
                placeholder: tr.player_name(),
                value: "{name}",
                oninput: move |e| name.set(e.value()),
            }
            button { r#type: "submit", class: "secondary", {tr.show_profile()} }
        }
        if let Some(p) = profile {
            div { class: "profile", "data-name": "{p.name}",
                h3 {
                    "{p.name}"
                    if p.deleted { " {tr.deleted_player()}" }
                }
                if p.ratings.is_empty() {
                    p { class: "empty", {tr.no_rated_games()} }
                }
                for r in p.ratings.iter() {
                    {rating(tr, r)}
                }
                if !p.recent.is_empty() {
                    h3 { {tr.recent_online()} }
                    ul { class: "recent-online",
                        for g in p.recent.iter() {
                            {recent(app, tr, g)}
                        }
                    }
                }
            }
        }
    }
}

/// A class's rating, results and graph.
fn rating(tr: Tr, r: &ClassRating) -> Element {
    let class = tr.class_name(r.class);
    rsx! {
        section { class: "rating", key: "{r.class.name()}", "data-class": r.class.name(),
            p { class: "rating-line",
                strong { "{class} " }
                span { class: "value", {tr.rating_line(r.rating, r.deviation, r.provisional)} }
            }
            p { class: "results", {tr.results(r.games, r.wins, r.losses, r.draws)} }
            {graph(tr, &class, &from_start(r))}
        }
    }
}

/// The rating's history to draw: from a new player's rating when it holds every rated game
/// of the class (a first game then draws a line, not a point).
fn from_start(r: &ClassRating) -> Vec<(i64, f64)> {
    let mut history = r.history.clone();
    if usize::try_from(r.games).is_ok_and(|games| games == history.len()) {
        let start = history.first().map_or(0, |h| h.0);
        history.insert(0, (start, ishi_rating::Rating::default().rating()));
    }
    history
}

/// The graph's size in its own units.
const W: f64 = 300.0;
const H: f64 = 90.0;
/// Room for the labels on the left.
const LEFT: f64 = 34.0;

/// The rating after each game as a line, the lowest and highest written beside it; nothing
/// before two games.
fn graph(tr: Tr, class: &str, history: &[(i64, f64)]) -> Element {
    let (Some(first), Some(last)) = (history.first(), history.last()) else {
        return rsx! {};
    };
    if history.len() < 2 {
        return rsx! {};
    }
    let low = history.iter().map(|h| h.1).fold(f64::INFINITY, f64::min);
    let high = history
        .iter()
        .map(|h| h.1)
        .fold(f64::NEG_INFINITY, f64::max);
    // At least 50 points of height, so that a flat history stays flat and readable.
    let middle = (low + high) / 2.0;
    let half = ((high - low) / 2.0).max(25.0);
    let (bottom, top) = (middle - half, middle + half);
    let step = (W - LEFT - 4.0) / (history.len() - 1) as f64;
    let points: Vec<String> = history
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let x = LEFT + i as f64 * step;
            let y = 4.0 + (top - h.1) / (top - bottom) * (H - 8.0);
            format!("{x:.1},{y:.1}")
        })
        .collect();
    let label = tr.rating_graph(class, first.1, last.1);
    rsx! {
        svg {
            class: "rating-graph",
            role: "img",
            "aria-label": "{label}",
            view_box: "0 0 {W} {H}",
            line { class: "axis", x1: "{LEFT}", y1: "{H - 1.0}", x2: "{W}", y2: "{H - 1.0}" }
            text { class: "label", x: "2", y: "12", "{top.round()}" }
            text { class: "label", x: "2", y: "{H - 4.0}", "{bottom.round()}" }
            polyline { class: "history", points: points.join(" ") }
        }
    }
}

/// A recent game in a line, with the button that opens it.
fn recent(app: AppHandle, tr: Tr, g: &RecentGame) -> Element {
    // "vs Bo"; a game nobody joined yet waits for its friend.
    let other = match g.names[!g.seat].as_deref() {
        Some(name) => tr.versus(name),
        None if g.phase == ishi_online::Phase::Waiting => tr.waiting_line().to_owned(),
        None => tr.versus(tr.player(!g.seat)),
    };
    // "won (W+R)": the result as the player lived it, then as recorded.
    let result = g.result.map_or_else(String::new, |r| {
        let won = r.winner().map(|w| w == g.seat);
        match r {
            ishi_scoring::GameResult::Void | ishi_scoring::GameResult::Unknown => r.to_string(),
            _ => format!("{} ({r})", tr.outcome(won)),
        }
    });
    let colour = tr.player(g.seat);
    // A rated game over whose result changed nothing was aborted (or called off).
    let kind = match (g.rated, g.phase == ishi_online::Phase::Over && !g.counted) {
        (true, true) => tr.not_counted(),
        (true, false) => tr.rated(),
        (false, _) => tr.casual(),
    };
    let game = g.game.clone();
    rsx! {
        li { key: "{g.game}",
            span { class: "what",
                "{tr.setup_text(&g.setup)} · {colour} · {other} · {kind}"
                if !result.is_empty() { " · {result}" }
            }
            // A game still waiting for its second player opens from its link only: opened
            // from here it would seat whoever looks at the profile.
            if g.phase != ishi_online::Phase::Waiting {
                button {
                    class: "secondary open-recent",
                    onclick: move |_| app.send(AppAction::Online(OnlineAction::Open(game.clone()))),
                    {tr.open()}
                }
            }
        }
    }
}
