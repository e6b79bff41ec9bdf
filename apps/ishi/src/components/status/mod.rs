//! The status line: who plays each side, whose turn, disc counts or captures, notices and
//! the result.

use dioxus::prelude::*;
use ishi_rules::{Move, Player};

use crate::components::board::player_name;
use crate::i18n::Tr;
use crate::model::{GameKind, MatchConfig, OthelloStart};
use crate::state::{AppError, AppState, NetworkStatus, Notice};
use ishi_analysis::Worth;
use ishi_rules::othello::{Othello, Shape, openings};

/// What the status line says: a sentence, or a notice whose words come with a lazy part
/// ([`NoticeText`]): the errors' sentences in two languages weigh on the first board, which
/// seldom has one to show.
#[derive(Clone, PartialEq, Debug)]
pub enum Message {
    /// The sentence itself.
    Text(String),
    /// A notice, put in words by [`NoticeText`].
    Notice(Notice),
}

/// What the status line says for `state`.
pub fn message(tr: Tr, state: &AppState) -> Message {
    let m = state.current();
    if let Some(result) = m.result() {
        let text = result.to_string();
        return Message::Text(match result.winner() {
            Some(p) => tr.wins(p, &text),
            None => tr.draw(&text),
        });
    }
    if m.needs_ownership() {
        return Message::Text(tr.finding_dead().to_owned());
    }
    if let Some(count) = m.count() {
        return Message::Text(tr.counting(&count.result().to_string()));
    }
    match state.notice() {
        // A move refused, the common case, is said at once.
        Notice::Error(AppError::Refused(refusal)) => return Message::Text(tr.refusal(refusal)),
        Notice::Error(error) if error.shown_in_sheet() => {}
        notice @ (Notice::Error(_) | Notice::Unreadable(_)) => {
            return Message::Notice(notice.clone());
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
        Some(p) if p.forced => tr.forced_pass(p.player),
        Some(p) => tr.passed(p.player),
        None => String::new(),
    };
    let action = if state.paused() && m.computer_to_move().is_some() {
        tr.paused().to_owned()
    } else if state.thinking() {
        tr.thinking(turn)
    } else if state.computer_failure().is_some() {
        tr.computer_failed().to_owned()
    } else {
        tr.to_move(turn)
    };
    Message::Text(format!("{pass_note}{action}"))
}

/// The words of a notice: the error's sentence, or why the saved games could not be read.
#[component]
pub fn NoticeText(notice: Notice, tr: Tr) -> Element {
    crate::components::parts::part!(
        NOTICE_TEXT,
        notice_text_part,
        NoticeTextProps { notice, tr }
    )
}

crate::lazy::loader!(NOTICE_TEXT = "notice_text" fn notice_text_part(NoticeTextProps));

fn notice_text_part(props: NoticeTextProps) -> Element {
    let text = match &props.notice {
        Notice::Error(error) => props.tr.error(error),
        Notice::Unreadable(why) => props.tr.unreadable(why),
        Notice::None => String::new(),
    };
    rsx! { "{text}" }
}

/// One side's chip: its colour, its count, who plays it, and whether it is to move.
#[derive(Clone, PartialEq, Debug)]
pub struct Chip {
    player: Player,
    count: u32,
    label: String,
    who: String,
    turn: bool,
}

/// Everything the status line shows.
#[derive(Clone, PartialEq, Debug)]
pub struct StatusView {
    message: Message,
    /// The words of the language in use, for a notice.
    tr: Tr,
    chips: [Chip; 2],
    thinking: bool,
    /// Why the computer made no move, for the message's tooltip.
    failure: Option<String>,
    /// A long notice, which the message scrolls.
    long: bool,
    /// A second, quieter line: the Othello opening the game is in, Go's network loading,
    /// or Go's estimated lead.
    detail: Detail,
    /// Where Go's network stands, as the status's `data-network` (for tests and measures):
    /// `loading`, `ready`, `no-simd`, `failed`, or nothing when nothing is known.
    network: Option<&'static str>,
}

/// The status line's second line.
#[derive(Clone, PartialEq, Debug)]
enum Detail {
    None,
    /// Go's estimated lead, in words.
    Text(String),
    /// Go's network is not there: why, in a few words (the browser lacks SIMD, the file
    /// did not come), or how far its download has come.
    Network(NetworkStatus),
    /// The name of the Othello opening the game is in (or reached, in review), put in words
    /// by [`OpeningText`]: the named lines and their lookup weigh on the first board, which
    /// shows the game's start.
    Opening {
        line: Vec<Othello>,
        reviewing: bool,
    },
}

impl StatusView {
    /// The status line of `state`, in the words of `tr`.
    pub fn of(tr: Tr, state: &AppState) -> StatusView {
        let m = state.current();
        let position = m.position();
        let (counts, kind, turn) = (position.counts(), position.kind(), position.turn());
        let over = m.is_over() || m.is_counting();
        let sides = m.config().sides();
        let chip = |player: Player| {
            // Online, the players' names (the server's); else a person or a level.
            let who = state
                .online()
                .and_then(|o| o.view.as_ref()?.names[player].clone())
                .unwrap_or_else(|| tr.side_name(sides[player]).to_owned());
            Chip {
                player,
                count: counts[player],
                label: format!("{} ({who})", tr.count_label(kind, player, counts[player])),
                who,
                turn: turn == player && !over,
            }
        };
        StatusView {
            message: message(tr, state),
            tr,
            chips: Player::ALL.map(chip),
            thinking: state.thinking(),
            failure: state.computer_failure().map(|f| tr.computer_failure(f)),
            long: matches!(state.notice(), Notice::Unreadable(_)),
            detail: opening_line(state)
                .or_else(|| network(state))
                .or_else(|| lead(tr, state).map(Detail::Text))
                .unwrap_or(Detail::None),
            network: match state.network() {
                NetworkStatus::Unknown => None,
                NetworkStatus::Loading(_) => Some("loading"),
                NetworkStatus::Ready => Some("ready"),
                NetworkStatus::NoSimd => Some("no-simd"),
                NetworkStatus::Failed => Some("failed"),
            },
        }
    }
}

/// The Othello positions of the game for its opening's name, on the standard board from its
/// start: the line the match holds, once it has as many moves as the shortest named line (so
/// that the part that names it is not fetched for the first board).
fn opening_line(state: &AppState) -> Option<Detail> {
    let m = state.current();
    let standard = OthelloStart::Shape(Shape::STANDARD);
    if !matches!(m.config(), MatchConfig::Othello(c) if c.start == standard) {
        return None;
    }
    let line: Vec<Othello> = m
        .line()
        .iter()
        .filter_map(|s| s.position.othello().copied())
        .collect();
    (line.len() > openings::FEWEST_MOVES).then(|| Detail::Opening {
        line,
        reviewing: state.reviewing(),
    })
}

/// The name of the Othello opening the game is in, or reached in review; nothing if its part
/// cannot be loaded (the status line does without it).
#[component]
pub fn OpeningText(line: Vec<Othello>, reviewing: bool, tr: Tr) -> Element {
    crate::components::parts::part!(
        OPENING_TEXT,
        opening_text_part,
        OpeningTextProps {
            line,
            reviewing,
            tr
        },
        or || rsx! {}
    )
}

crate::lazy::loader!(OPENING_TEXT = "opening" fn opening_text_part(OpeningTextProps));

fn opening_text_part(props: OpeningTextProps) -> Element {
    // The last named position the game went through, as `openings::reached` finds it.
    let opening = props.line.iter().filter_map(openings::named).next_back();
    let in_book = props.line.last().is_some_and(openings::on_line);
    let text = opening.filter(|_| props.reviewing || in_book);
    rsx! {
        if let Some(opening) = text {
            p { class: "detail", {props.tr.opening(opening)} }
        }
    }
}

/// While a Go game is on screen: that Go's network is loading or missing, if it is.
fn network(state: &AppState) -> Option<Detail> {
    let go = state.current().position().kind() == GameKind::Go;
    let status = state.network();
    let missing = !matches!(status, NetworkStatus::Unknown | NetworkStatus::Ready);
    (go && missing).then_some(Detail::Network(status))
}

/// Go's estimated lead, when the ownership is shown.
fn lead(tr: Tr, state: &AppState) -> Option<String> {
    match state.ownership()?.worth? {
        Worth::Go { lead, .. } => Some(tr.lead(lead)),
        Worth::Discs { .. } => None,
    }
}

/// The status line.
#[component]
pub fn Status(view: StatusView) -> Element {
    rsx! {
        div { class: "status", "data-network": view.network,
            div { class: "scores",
                {score_chip(&view.chips[0])}
                {score_chip(&view.chips[1])}
            }
            div { class: "texts",
                p {
                    class: "message",
                    role: "status",
                    "aria-live": "polite",
                    "data-thinking": if view.thinking { "true" },
                    title: view.failure.clone(),
                    "data-long": if view.long { "true" },
                    match &view.message {
                        Message::Text(text) => rsx! { "{text}" },
                        Message::Notice(notice) => rsx! { NoticeText { notice: notice.clone(), tr: view.tr } },
                    }
                }
                match &view.detail {
                    Detail::None => rsx! {},
                    Detail::Text(text) => rsx! { p { class: "detail", "{text}" } },
                    Detail::Network(status) => rsx! { p { class: "detail", {view.tr.network(*status)} } },
                    Detail::Opening { line, reviewing } => rsx! {
                        OpeningText { line: line.clone(), reviewing: *reviewing, tr: view.tr }
                    },
                }
            }
        }
    }
}

/// A side's score chip.
fn score_chip(chip: &Chip) -> Element {
    let colour = player_name(chip.player);
    rsx! {
        span {
            class: "score {colour}",
            "data-turn": if chip.turn { "true" },
            "aria-label": "{chip.label}",
            span { class: "swatch {colour}" }
            span { class: "count", "{chip.count}" }
            span { class: "who", "{chip.who}" }
        }
    }
}
