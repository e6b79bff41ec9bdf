//! The lobby's tab (quick pairing, the open challenges, a new challenge) and the games to
//! watch.

use dioxus::prelude::*;
use ishi_online::protocol::{ChallengeView, ClientMessage};
use ishi_online::rated::Pool;
use ishi_online::{GameSetup, SeatChoice, TimeControl};
use ishi_rules::Player;
use ishi_rules::go::GoRules;
use ishi_rules::othello::Shape;

use super::ask;
use crate::app::AppHandle;
use crate::club::{Busy, CLUB, send};
use crate::i18n::{Field, Tr};
use crate::state::{AppAction, OnlineAction};

/// The boards a challenge offers: the rated classes' (a set-up with other boards or a
/// handicap is a friend's game, by link).
const BOARDS: [(&str, usize); 4] = [("othello", 8), ("go9", 9), ("go13", 13), ("go19", 19)];

/// The clocks a challenge offers.
const CLOCKS: [(&str, TimeControl); 7] = [
    (
        "3+2",
        TimeControl::Fischer {
            main_s: 180,
            increment_s: 2,
        },
    ),
    (
        "5+5",
        TimeControl::Fischer {
            main_s: 300,
            increment_s: 5,
        },
    ),
    (
        "10+5",
        TimeControl::Fischer {
            main_s: 600,
            increment_s: 5,
        },
    ),
    (
        "byo-yomi",
        TimeControl::ByoYomi {
            main_s: 1200,
            periods: 5,
            period_s: 30,
        },
    ),
    ("1d", TimeControl::Correspondence { days: 1 }),
    ("3d", TimeControl::Correspondence { days: 3 }),
    ("none", TimeControl::None),
];

/// The set-up of a board's id in [`BOARDS`].
fn setup_of(id: &str) -> GameSetup {
    match BOARDS.iter().find(|(b, _)| *b == id) {
        Some((_, size)) if *size != 8 => GameSetup::Go {
            size: *size,
            rules: GoRules::JAPANESE,
            handicap: 0,
        },
        _ => GameSetup::Othello {
            board: Shape::STANDARD,
        },
    }
}

/// A challenge in a line: "Othello 8x8 · 3+2 · Rated · Ann plays Black".
fn describe(tr: Tr, c: &ChallengeView) -> String {
    let kind = if c.rated { tr.rated() } else { tr.casual() };
    format!(
        "{} · {} · {kind} · {}",
        tr.setup_text(&c.setup),
        tr.clock_text(c.time),
        tr.creator_plays(&c.name, c.seat)
    )
}

/// The lobby's tab.
#[component]
pub(super) fn Lobby(app: AppHandle, tr: Tr, logged_in: bool, link_up: bool) -> Element {
    let club = CLUB.read();
    let challenges = club.lobby.clone().unwrap_or_default();
    let seeking = club.seeking.as_ref().map(|(pool, id)| (*pool, id.clone()));
    let mine: Vec<bool> = challenges
        .iter()
        .map(|c| club.is_mine(&c.challenge))
        .collect();
    // Nothing is sent while an answer is awaited, or while the link is down (it would be
    // lost).
    let blocked = club.busy.is_some() || !link_up;
    let can_play = logged_in && link_up;
    drop(club);
    rsx! {
        if !logged_in {
            p { class: "note log-in-first", {tr.log_in_to_play()} }
        }
        h3 { {tr.quick_pairing()} }
        if let Some((pool, id)) = seeking {
            div { class: "seeking", role: "status",
                p { {tr.seeking(pool)} }
                button {
                    class: "secondary withdraw-seek",
                    disabled: id.is_none(),
                    onclick: move |_| {
                        if let Some(id) = id.clone() {
                            CLUB.write().seeking = None;
                            send(app, ClientMessage::Cancel { challenge: id });
                        }
                    },
                    {tr.withdraw()}
                }
            }
        } else {
            div { class: "pools",
                for pool in Pool::ALL {
                    button {
                        key: "{pool.name()}",
                        class: "pool",
                        "data-pool": pool.name(),
                        disabled: !can_play,
                        onclick: move |_| {
                            CLUB.write().seeking = Some((pool, None));
                            send(app, ClientMessage::Seek { pool });
                        },
                        {tr.pool(pool)}
                    }
                }
            }
        }
        h3 { {tr.open_challenges()} }
        if challenges.is_empty() {
            p { class: "empty", {tr.no_challenges()} }
        }
        ul { class: "challenges",
            for (c, mine) in challenges.into_iter().zip(mine) {
                li { key: "{c.challenge}", "data-mine": if mine { "true" },
                    span { class: "who",
                        strong { "{c.name}" }
                        if let Some(rating) = c.rating {
                            " ({tr.rating_text(f64::from(rating), c.provisional)})"
                        }
                    }
                    span { class: "what", {describe(tr, &c)} }
                    if mine {
                        button {
                            class: "secondary withdraw",
                            onclick: {
                                let id = c.challenge.clone();
                                move |_| {
                                    CLUB.write().tokens.retain(|(t, _)| *t != id);
                                    send(app, ClientMessage::Cancel { challenge: id.clone() });
                                }
                            },
                            {tr.withdraw()}
                        }
                    } else {
                        button {
                            class: "primary accept-challenge",
                            disabled: !can_play || blocked,
                            onclick: {
                                let id = c.challenge.clone();
                                move |_| {
                                    CLUB.write().awaiting_seat = true;
                                    ask(app, Some(Busy::Accept), ClientMessage::Accept { challenge: id.clone() });
                                }
                            },
                            {tr.accept_challenge()}
                        }
                    }
                }
            }
        }
        if logged_in {
            NewChallenge { app, tr, blocked }
        }
    }
}

/// The form of a new challenge.
#[component]
fn NewChallenge(app: AppHandle, tr: Tr, blocked: bool) -> Element {
    let mut board = use_signal(|| "othello");
    let mut clock = use_signal(|| "10+5");
    let mut colour = use_signal(|| SeatChoice::Random);
    let mut rated = use_signal(|| true);
    let post = move |e: FormEvent| {
        e.prevent_default();
        let time = CLOCKS
            .iter()
            .find(|(id, _)| *id == clock())
            .map_or(TimeControl::None, |(_, t)| *t);
        ask(
            app,
            Some(Busy::Challenge),
            ClientMessage::Challenge {
                setup: setup_of(board()),
                time,
                seat: colour(),
                rated: rated(),
            },
        );
    };
    rsx! {
        form { class: "new-challenge", onsubmit: post,
            h3 { {tr.new_challenge()} }
            label { class: "field",
                span { {tr.field(Field::Board)} }
                select {
                    name: "challenge-board",
                    onchange: move |e| {
                        let value = e.value();
                        board.set(BOARDS.iter().find(|(b, _)| *b == value).map_or("othello", |(b, _)| b));
                    },
                    for (id, _) in BOARDS {
                        option { key: "{id}", value: id, selected: board() == id, {tr.setup_text(&setup_of(id))} }
                    }
                }
            }
            label { class: "field",
                span { {tr.field(Field::Clock)} }
                select {
                    name: "challenge-clock",
                    onchange: move |e| {
                        let value = e.value();
                        clock.set(CLOCKS.iter().find(|(c, _)| *c == value).map_or("none", |(c, _)| c));
                    },
                    for (id, time) in CLOCKS {
                        option { key: "{id}", value: id, selected: clock() == id, {tr.clock_text(time)} }
                    }
                }
            }
            label { class: "field",
                span { {tr.your_colour()} }
                select {
                    name: "challenge-colour",
                    onchange: move |e| colour.set(match e.value().as_str() {
                        "black" => SeatChoice::Black,
                        "white" => SeatChoice::White,
                        _ => SeatChoice::Random,
                    }),
                    option { value: "random", selected: colour() == SeatChoice::Random, {tr.random_colour()} }
                    option { value: "black", selected: colour() == SeatChoice::Black, {tr.player(Player::Black)} }
                    option { value: "white", selected: colour() == SeatChoice::White, {tr.player(Player::White)} }
                }
            }
            label { class: "check",
                input { r#type: "checkbox", name: "challenge-rated", checked: rated(), onchange: move |e| rated.set(e.checked()) }
                span { {tr.rated()} }
            }
            button { r#type: "submit", class: "primary post-challenge", disabled: blocked, {tr.new_challenge()} }
        }
    }
}

/// The games being played, to watch.
#[component]
pub(super) fn Watch(app: AppHandle, tr: Tr) -> Element {
    use_hook(move || send(app, ClientMessage::Playing));
    let games = CLUB.read().playing.clone();
    rsx! {
        div { class: "row",
            button { class: "secondary refresh-playing", onclick: move |_| send(app, ClientMessage::Playing), {tr.refresh()} }
        }
        match games {
            None => rsx! { p { class: "note", {tr.waiting_server()} } },
            Some(games) if games.is_empty() => rsx! { p { class: "empty", {tr.nobody_playing()} } },
            Some(games) => rsx! {
                ul { class: "playing",
                    for g in games {
                        li { key: "{g.game}",
                            span { class: "who", {tr.pairing(g.names[Player::Black].as_deref(), g.names[Player::White].as_deref())} }
                            span { class: "what",
                                "{tr.setup_text(&g.setup)} · {tr.clock_text(g.time)} · {tr.moves_count(g.moves)}"
                                if g.rated { " · {tr.rated()}" }
                            }
                            button {
                                class: "secondary watch-game",
                                onclick: {
                                    let game = g.game.clone();
                                    move |_| app.send(AppAction::Online(OnlineAction::Open(game.clone())))
                                },
                                {tr.watch()}
                            }
                        }
                    }
                }
            },
        }
    }
}
