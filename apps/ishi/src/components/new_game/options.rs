//! The options: language, theme, coordinates, hints, move and pass confirmation, sound and
//! vibration, and the pace of computer-only games. They apply at once.

use dioxus::prelude::*;

use crate::app::AppHandle;
use crate::i18n::Field;
use crate::i18n::Tr;
use crate::settings::{Confirm, Language, Theme, WATCH_PACES};
use crate::state::{AppAction, SettingsChange};

/// The options' fieldset.
pub(super) fn options(app: AppHandle, tr: Tr) -> Element {
    let current = app.read().settings().clone();
    let change = move |change: SettingsChange| app.send(AppAction::Settings(change));
    rsx! {
        fieldset { class: "options",
            legend { {tr.field(Field::Options)} }
            label { class: "field",
                span { {tr.field(Field::Language)} }
                select {
                    name: "language",
                    onchange: move |e| change(SettingsChange::Language(Language::from_code(&e.value()))),
                    option { value: "auto", selected: current.language.is_none(), {tr.automatic_language()} }
                    for language in Language::ALL {
                        option {
                            key: "{language.code()}",
                            value: language.code(),
                            lang: language.code(),
                            selected: current.language == Some(language),
                            {language.name()}
                        }
                    }
                }
            }
            label { class: "field",
                span { {tr.field(Field::Theme)} }
                select {
                    name: "theme",
                    onchange: move |e| {
                        if let Some(theme) = Theme::ALL.into_iter().find(|t| t.as_str() == e.value()) {
                            change(SettingsChange::Theme(theme));
                        }
                    },
                    for theme in Theme::ALL {
                        option { key: "{theme.as_str()}", value: theme.as_str(), selected: current.theme == theme, {tr.theme(theme)} }
                    }
                }
            }
            {toggle(app, tr, OnOff::Coordinates, current.coordinates)}
            {toggle(app, tr, OnOff::Hints, current.hints)}
            {toggle(app, tr, OnOff::Values, current.values)}
            {toggle(app, tr, OnOff::Ownership, current.ownership)}
            {toggle(app, tr, OnOff::ConfirmPass, current.confirm_pass)}
            {toggle(app, tr, OnOff::Sound, current.sound)}
            {toggle(app, tr, OnOff::Vibration, current.vibration)}
            label { class: "field",
                span { {tr.field(Field::Confirm)} }
                select {
                    name: "confirm",
                    onchange: move |e| {
                        let chosen = e.value().parse::<usize>().ok().and_then(|i| Confirm::ALL.get(i));
                        if let Some(confirm) = chosen {
                            change(SettingsChange::Confirm(*confirm));
                        }
                    },
                    for (i, confirm) in Confirm::ALL.into_iter().enumerate() {
                        option { key: "{i}", value: "{i}", selected: current.confirm == confirm, {tr.confirm_choice(confirm)} }
                    }
                }
            }
            label { class: "field",
                span { {tr.field(Field::Pace)} }
                select {
                    name: "pace",
                    onchange: move |e| {
                        if let Ok(ms) = e.value().parse() {
                            change(SettingsChange::WatchDelay(ms));
                        }
                    },
                    for ms in WATCH_PACES {
                        option { key: "{ms}", value: "{ms}", selected: current.watch_delay_ms == ms, "{ms} ms" }
                    }
                }
            }
        }
    }
}

/// The options that are on or off.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum OnOff {
    Coordinates,
    Hints,
    Values,
    Ownership,
    ConfirmPass,
    Sound,
    Vibration,
}

impl OnOff {
    fn field(self) -> Field {
        match self {
            OnOff::Coordinates => Field::Coordinates,
            OnOff::Hints => Field::Hints,
            OnOff::Values => Field::Values,
            OnOff::Ownership => Field::Ownership,
            OnOff::ConfirmPass => Field::ConfirmPass,
            OnOff::Sound => Field::Sound,
            OnOff::Vibration => Field::Vibration,
        }
    }

    fn name(self) -> &'static str {
        match self {
            OnOff::Coordinates => "coordinates",
            OnOff::Hints => "hints",
            OnOff::Values => "values",
            OnOff::Ownership => "ownership",
            OnOff::ConfirmPass => "confirm-pass",
            OnOff::Sound => "sound",
            OnOff::Vibration => "vibration",
        }
    }

    fn change(self, on: bool) -> SettingsChange {
        match self {
            OnOff::Coordinates => SettingsChange::Coordinates(on),
            OnOff::Hints => SettingsChange::Hints(on),
            OnOff::Values => SettingsChange::Values(on),
            OnOff::Ownership => SettingsChange::Ownership(on),
            OnOff::ConfirmPass => SettingsChange::ConfirmPass(on),
            OnOff::Sound => SettingsChange::Sound(on),
            OnOff::Vibration => SettingsChange::Vibration(on),
        }
    }
}

/// An option that is on or off: a labelled checkbox.
fn toggle(app: AppHandle, tr: Tr, option: OnOff, on: bool) -> Element {
    rsx! {
        label { class: "field check",
            span { {tr.field(option.field())} }
            input {
                r#type: "checkbox",
                name: option.name(),
                checked: on,
                onchange: move |e| app.send(AppAction::Settings(option.change(e.checked()))),
            }
        }
    }
}
