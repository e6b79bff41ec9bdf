//! The new-game sheet's fields for a game with a friend online: the creator's colour and the
//! clock.

use dioxus::prelude::*;
use ishi_online::{GameSetup, SeatChoice, TimeControl, TimeError};

use super::NewGameForm;
use crate::i18n::{Field, Tr};
use crate::model::{GameKind, SetupError};
use crate::state::AppError;

/// The kinds of clock offered.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ClockKind {
    /// No clock.
    None,
    /// Main time and an increment.
    Fischer,
    /// Main time and byo-yomi periods (Go).
    ByoYomi,
    /// Days a move.
    Correspondence,
}

impl ClockKind {
    /// The kinds a game offers: byo-yomi is Go's.
    pub fn offered(kind: GameKind) -> &'static [ClockKind] {
        match kind {
            GameKind::Othello => &[
                ClockKind::Fischer,
                ClockKind::Correspondence,
                ClockKind::None,
            ],
            GameKind::Go => &[
                ClockKind::ByoYomi,
                ClockKind::Fischer,
                ClockKind::Correspondence,
                ClockKind::None,
            ],
        }
    }

    fn id(self) -> &'static str {
        match self {
            ClockKind::None => "none",
            ClockKind::Fischer => "fischer",
            ClockKind::ByoYomi => "byo_yomi",
            ClockKind::Correspondence => "correspondence",
        }
    }

    fn from_id(id: &str) -> ClockKind {
        match id {
            "fischer" => ClockKind::Fischer,
            "byo_yomi" => ClockKind::ByoYomi,
            "correspondence" => ClockKind::Correspondence,
            _ => ClockKind::None,
        }
    }
}

/// The online fields as typed.
#[derive(Clone, PartialEq, Debug)]
pub struct OnlineForm {
    /// The creator's colour.
    pub colour: SeatChoice,
    /// The clock's kind.
    pub clock: ClockKind,
    /// Main time in minutes.
    pub main_min: String,
    /// Fischer's increment in seconds.
    pub increment_s: String,
    /// Byo-yomi periods.
    pub periods: String,
    /// A period's length in seconds.
    pub period_s: String,
    /// Correspondence: days a move.
    pub days: String,
}

impl Default for OnlineForm {
    fn default() -> OnlineForm {
        OnlineForm {
            colour: SeatChoice::Random,
            clock: ClockKind::Fischer,
            main_min: "10".into(),
            increment_s: "5".into(),
            periods: "5".into(),
            period_s: "30".into(),
            days: "3".into(),
        }
    }
}

impl OnlineForm {
    /// The clock as set up.
    ///
    /// # Errors
    ///
    /// [`TimeError`] for a number that does not read or is out of range.
    pub fn time(&self) -> Result<TimeControl, TimeError> {
        let number = |text: &str| text.trim().parse::<f64>().map_err(|_| TimeError);
        let whole = |text: &str| text.trim().parse::<u32>().map_err(|_| TimeError);
        let main_s = || {
            let minutes = number(&self.main_min)?;
            if (0.0..=f64::from(ishi_online::MAX_MAIN_S) / 60.0).contains(&minutes) {
                Ok((minutes * 60.0).round() as u32)
            } else {
                Err(TimeError)
            }
        };
        let time = match self.clock {
            ClockKind::None => TimeControl::None,
            ClockKind::Fischer => TimeControl::Fischer {
                main_s: main_s()?,
                increment_s: whole(&self.increment_s)?,
            },
            ClockKind::ByoYomi => TimeControl::ByoYomi {
                main_s: main_s()?,
                periods: whole(&self.periods)?,
                period_s: whole(&self.period_s)?,
            },
            ClockKind::Correspondence => TimeControl::Correspondence {
                days: whole(&self.days)?,
            },
        };
        time.check()
    }
}

impl NewGameForm {
    /// The online game as set up: board and rules, and the clock.
    ///
    /// # Errors
    ///
    /// [`AppError`] for a komi or a clock that does not read.
    pub fn online_setup(&self) -> Result<(GameSetup, TimeControl), AppError> {
        let setup = match self.kind {
            GameKind::Othello => GameSetup::Othello {
                board: self.othello_board,
            },
            GameKind::Go => {
                let komi = self
                    .komi
                    .trim()
                    .parse()
                    .map_err(|e| AppError::Setup(SetupError::Komi(e)))?;
                GameSetup::Go {
                    size: self.go_size,
                    rules: self.go_rules.with_komi(komi),
                    handicap: self.go_handicap,
                }
            }
        };
        let time = self
            .online
            .time()
            .map_err(|e| AppError::OnlineSetup(ishi_online::SetupError::Time(e)))?;
        Ok((setup, time))
    }
}

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
                onchange: move |e| form.write().online.clock = ClockKind::from_id(&e.value()),
                for kind in ClockKind::offered(f.kind).iter().copied() {
                    option { key: "{kind.id()}", value: kind.id(), selected: o.clock == kind, {tr.clock_kind(kind)} }
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
