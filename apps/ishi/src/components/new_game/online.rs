//! The new-game sheet's fields for a game with a friend online: the creator's colour and the
//! clock.

use dioxus::prelude::*;
use ishi_online::SeatChoice;

use super::form::{NewGameForm, OnlineForm};
use crate::i18n::{ClockKind, Field, Tr};

/// Who is the opponent: someone at this device (or the computer), or a friend online.
pub(super) fn opponent_choice(mut form: Signal<NewGameForm>, tr: Tr) -> Element {
    let friend = form.read().friend;
    rsx! {
        div { class: "field modes opponent", role: "radiogroup", "aria-label": tr.opponent_label(),
            for online in [false, true] {
                button {
                    key: "{online}",
                    class: "mode",
                    role: "radio",
                    "data-friend": if online { "true" } else { "false" },
                    "aria-checked": if friend == online { "true" } else { "false" },
                    onclick: move |_| form.write().friend = online,
                    if online { {tr.play_friend()} } else { {tr.this_device()} }
                }
            }
        }
    }
}

/// The colour, the clock and the name, for a game with a friend.
pub(super) fn online_fields(mut form: Signal<NewGameForm>, name: String, tr: Tr) -> Element {
    let f = form.read().clone();
    let o = f.online.clone();
    let number = move |field: &'static str, value: String, set: fn(&mut OnlineForm, String)| {
        rsx! {
            input {
                name: field,
                r#type: "number",
                min: "0",
                inputmode: "numeric",
                value: "{value}",
                oninput: move |e| set(&mut form.write().online, e.value()),
            }
        }
    };
    rsx! {
        label { class: "field",
            span { {tr.your_colour()} }
            select {
                name: "colour",
                onchange: move |e| {
                    form.write().online.colour = match e.value().as_str() {
                        "black" => SeatChoice::Black,
                        "white" => SeatChoice::White,
                        _ => SeatChoice::Random,
                    };
                },
                option { value: "random", selected: o.colour == SeatChoice::Random, {tr.random_colour()} }
                option { value: "black", selected: o.colour == SeatChoice::Black, {tr.player(ishi_rules::Player::Black)} }
                option { value: "white", selected: o.colour == SeatChoice::White, {tr.player(ishi_rules::Player::White)} }
            }
        }
        label { class: "field",
            span { {tr.field(Field::Clock)} }
            select {
                name: "clock",
                onchange: move |e| form.write().online.clock = clock_of(&e.value()),
                for kind in ClockKind::offered(f.kind).iter().copied() {
                    option { key: "{clock_id(kind)}", value: clock_id(kind), selected: o.clock == kind, {tr.clock_kind(kind)} }
                }
            }
        }
        if matches!(o.clock, ClockKind::Fischer | ClockKind::ByoYomi) {
            label { class: "field",
                span { {tr.field(Field::MainTime)} }
                {number("main", o.main_min.clone(), |f, v| f.main_min = v)}
            }
        }
        if o.clock == ClockKind::Fischer {
            label { class: "field",
                span { {tr.field(Field::Increment)} }
                {number("increment", o.increment_s.clone(), |f, v| f.increment_s = v)}
            }
        }
        if o.clock == ClockKind::ByoYomi {
            label { class: "field",
                span { {tr.field(Field::Periods)} }
                {number("periods", o.periods.clone(), |f, v| f.periods = v)}
            }
            label { class: "field",
                span { {tr.field(Field::PeriodTime)} }
                {number("period", o.period_s.clone(), |f, v| f.period_s = v)}
            }
        }
        if o.clock == ClockKind::Correspondence {
            label { class: "field",
                span { {tr.field(Field::Days)} }
                {number("days", o.days.clone(), |f, v| f.days = v)}
            }
        }
        NameField { name, tr }
    }
}

/// The name shown to the other player, saved as it is typed.
#[component]
pub fn NameField(name: String, tr: Tr) -> Element {
    let app = crate::app::use_app();
    rsx! {
        label { class: "field",
            span { {tr.field(Field::Name)} }
            input {
                name: "player-name",
                maxlength: "40",
                autocomplete: "nickname",
                placeholder: "Player",
                value: "{name}",
                oninput: move |e| app.send(crate::state::AppAction::Online(
                    crate::state::OnlineAction::SetName(e.value()),
                )),
            }
        }
    }
}

/// The value of `kind`'s option in the clock's select.
fn clock_id(kind: ClockKind) -> &'static str {
    match kind {
        ClockKind::None => "none",
        ClockKind::Fischer => "fischer",
        ClockKind::ByoYomi => "byo_yomi",
        ClockKind::Correspondence => "correspondence",
    }
}

/// The clock of the select's value `id`: none for a value that names no clock.
fn clock_of(id: &str) -> ClockKind {
    match id {
        "fischer" => ClockKind::Fischer,
        "byo_yomi" => ClockKind::ByoYomi,
        "correspondence" => ClockKind::Correspondence,
        _ => ClockKind::None,
    }
}
