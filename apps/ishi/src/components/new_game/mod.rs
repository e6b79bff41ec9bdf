//! The new-game sheet: game, board, who plays each side, and Go's rules, komi and handicap.

use dioxus::prelude::*;
use ishi_rules::ByColor;
use ishi_rules::go::{GoRules, Komi, handicap};
use ishi_rules::othello::{PRESETS, Shape};

use super::{Overlay, use_handles, use_tr};
use crate::i18n::{Field, Tr};
use crate::model::{Action, GameKind, GameSetup, MatchConfig, Side};
use crate::settings::{Confirm, Language, levels};

/// The sheet's stylesheet.
pub const CSS: &str = include_str!("new_game.css");

/// The Othello boards offered: the square sizes, then the shaped presets.
fn othello_boards(tr: Tr) -> Vec<(String, String)> {
    let squares = [8, 4, 6, 10].map(|n| (format!("{n}x{n}"), format!("{n}×{n}")));
    squares
        .into_iter()
        .chain(
            PRESETS
                .iter()
                .map(|p| (p.name.to_owned(), tr.shape_name(p.name).to_owned())),
        )
        .collect()
}

/// The value a side's select shows: `human` or a level id.
fn side_value(side: Side) -> String {
    match side {
        Side::Human => "human".to_owned(),
        Side::Computer(level) => level.id.to_owned(),
    }
}

fn side_from(kind: GameKind, value: &str) -> Side {
    levels(kind)
        .iter()
        .find(|l| l.id == value)
        .map_or(Side::Human, Side::Computer)
}

/// The new-game sheet.
#[component]
pub fn NewGame() -> Element {
    let handles = use_handles();
    let tr = use_tr();
    let settings = handles.settings.peek().clone();
    let current = handles.game.peek().position().kind();
    let mut kind = use_signal(|| current);
    let mut othello_board = use_signal(|| match &settings.othello.setup {
        GameSetup::Othello { shape } => shape.to_string(),
        GameSetup::OthelloFrom { .. } | GameSetup::Go { .. } => "8x8".to_owned(),
    });
    let (go_size0, go_rules0, go_handicap0) = match settings.go.setup {
        GameSetup::Go {
            size,
            rules,
            handicap,
        } => (size, rules, handicap),
        GameSetup::Othello { .. } | GameSetup::OthelloFrom { .. } => (9, GoRules::JAPANESE, 0),
    };
    let mut go_size = use_signal(|| go_size0);
    let mut go_rules = use_signal(|| go_rules0);
    let mut go_handicap = use_signal(|| go_handicap0);
    let mut komi = use_signal(|| go_rules0.komi.to_string());
    let mut othello_sides = use_signal(|| settings.othello.sides);
    let mut go_sides = use_signal(|| settings.go.sides);
    let mut error = use_signal(String::new);
    let mut overlay = handles.overlay;

    let k = kind();
    let sides_of = move |k: GameKind| match k {
        GameKind::Othello => othello_sides(),
        GameKind::Go => go_sides(),
    };
    let shown_sides: ByColor<Side> = sides_of(k);
    let max_handicap = handicap::max_fixed_handicap(go_size());

    let start = move |_| {
        let k = kind();
        let setup = match k {
            GameKind::Othello => match othello_board().parse::<Shape>() {
                Ok(shape) => GameSetup::Othello { shape },
                Err(e) => {
                    error.set(e.to_string());
                    return;
                }
            },
            GameKind::Go => match komi().parse::<Komi>() {
                Ok(komi) => GameSetup::Go {
                    size: go_size(),
                    rules: go_rules().with_komi(komi),
                    handicap: go_handicap(),
                },
                Err(e) => {
                    error.set(e.to_string());
                    return;
                }
            },
        };
        let config = MatchConfig {
            setup,
            sides: sides_of(k),
        };
        let mut settings = handles.settings;
        match k {
            GameKind::Othello => settings.write().othello = config.clone(),
            GameKind::Go => settings.write().go = config.clone(),
        }
        let mut parked = handles.parked;
        if handles.game.peek().position().kind() != k {
            parked.set(super::Parked(Some(handles.game.peek().clone())));
        }
        let mut paused = handles.paused;
        paused.set(false);
        handles.dispatch(Action::NewGame(config));
        overlay.set(Overlay::None);
    };

    let mut set_side = move |color: ishi_rules::Player, value: String| {
        let k = kind();
        let side = side_from(k, &value);
        match k {
            GameKind::Othello => othello_sides.write()[color] = side,
            GameKind::Go => go_sides.write()[color] = side,
        }
    };

    let mut reset_komi = move |rules: GoRules, stones: u8| {
        komi.set(rules.default_komi(stones).to_string());
    };

    rsx! {
        div { class: "scrim", onclick: move |_| overlay.set(Overlay::None),
            div {
                class: "dialog new-game-sheet",
                role: "dialog",
                "aria-modal": "true",
                "aria-labelledby": "new-game-title",
                onclick: move |e| e.stop_propagation(),
                h2 { id: "new-game-title", {tr.new_game()} }
                div { class: "field modes", role: "radiogroup", "aria-label": tr.game_label(),
                    for (value, label) in [GameKind::Othello, GameKind::Go].map(|k| (k, tr.game(k))) {
                        button {
                            key: "{value:?}",
                            class: "mode",
                            role: "radio",
                            "aria-checked": if k == value { "true" } else { "false" },
                            onclick: move |_| kind.set(value),
                            "{label}"
                        }
                    }
                }
                if k == GameKind::Othello {
                    label { class: "field",
                        span { {tr.field(Field::Board)} }
                        select {
                            name: "board",
                            value: "{othello_board}",
                            onchange: move |e| othello_board.set(e.value()),
                            for (value, label) in othello_boards(tr) {
                                option { key: "{value}", value: "{value}", selected: othello_board() == value, "{label}" }
                            }
                        }
                    }
                } else {
                    label { class: "field",
                        span { {tr.field(Field::Board)} }
                        select {
                            name: "size",
                            onchange: move |e| {
                                let size: usize = e.value().parse().unwrap_or(9);
                                go_size.set(size);
                                let stones = go_handicap().min(handicap::max_fixed_handicap(size));
                                go_handicap.set(stones);
                                reset_komi(go_rules(), stones);
                            },
                            for size in [9usize, 13, 19] {
                                option { key: "{size}", value: "{size}", selected: go_size() == size, "{size}×{size}" }
                            }
                        }
                    }
                    label { class: "field",
                        span { {tr.field(Field::Rules)} }
                        select {
                            name: "rules",
                            onchange: move |e| {
                                let rules = e.value().parse().unwrap_or(GoRules::JAPANESE);
                                go_rules.set(rules);
                                reset_komi(rules, go_handicap());
                            },
                            for (name, rules) in GoRules::PRESETS {
                                option { key: "{name}", value: "{name}", selected: go_rules().name() == rules.name(), {tr.rules_name(name)} }
                            }
                        }
                    }
                    label { class: "field",
                        span { {tr.field(Field::Handicap)} }
                        select {
                            name: "handicap",
                            onchange: move |e| {
                                let stones: u8 = e.value().parse().unwrap_or(0);
                                go_handicap.set(stones);
                                reset_komi(go_rules(), stones);
                            },
                            option { value: "0", selected: go_handicap() < 2, {tr.no_handicap()} }
                            for stones in 2..=max_handicap {
                                option { key: "{stones}", value: "{stones}", selected: go_handicap() == stones, {tr.stones(stones)} }
                            }
                        }
                    }
                    label { class: "field",
                        span { {tr.field(Field::Komi)} }
                        input {
                            name: "komi",
                            r#type: "number",
                            step: "0.5",
                            inputmode: "decimal",
                            value: "{komi}",
                            oninput: move |e| komi.set(e.value()),
                        }
                    }
                }
                for color in ishi_rules::Player::ALL {
                    label { class: "field", key: "{color}",
                        span { {tr.player(color)} }
                        select {
                            name: "{color}",
                            onchange: move |e| set_side(color, e.value()),
                            option { value: "human", selected: shown_sides[color].is_human(), {tr.human()} }
                            for level in levels(k) {
                                option {
                                    key: "{level.id}",
                                    value: "{level.id}",
                                    selected: side_value(shown_sides[color]) == level.id,
                                    {tr.computer(level.id, level.name)}
                                }
                            }
                        }
                    }
                }
                Options {}
                if !error().is_empty() {
                    p { class: "error", role: "alert", "{error}" }
                }
                div { class: "dialog-buttons",
                    button { class: "secondary", onclick: move |_| overlay.set(Overlay::None), {tr.cancel()} }
                    button { class: "primary start", onclick: start, {tr.start()} }
                }
            }
        }
    }
}

/// The board options, applied at once: coordinates, hints, move confirmation, and the pace
/// of computer-only games.
#[component]
fn Options() -> Element {
    let mut settings = use_handles().settings;
    let tr = use_tr();
    let current = settings.read().clone();
    let language_value = current.language.map_or("auto", |l| l.code());
    let confirm_value = match current.confirm {
        Confirm::Auto => "auto",
        Confirm::Always => "always",
        Confirm::Never => "never",
    };
    rsx! {
        fieldset { class: "options",
            legend { {tr.field(Field::Options)} }
            label { class: "field",
                span { {tr.field(Field::Language)} }
                select {
                    name: "language",
                    onchange: move |e| settings.write().language = Language::from_code(&e.value()),
                    option { value: "auto", selected: language_value == "auto", {tr.automatic_language()} }
                    for language in Language::ALL {
                        option {
                            key: "{language.code()}",
                            value: language.code(),
                            lang: language.code(),
                            selected: language_value == language.code(),
                            {language.name()}
                        }
                    }
                }
            }
            label { class: "field check",
                span { {tr.field(Field::Coordinates)} }
                input {
                    r#type: "checkbox",
                    name: "coordinates",
                    checked: current.coordinates,
                    onchange: move |e| settings.write().coordinates = e.checked(),
                }
            }
            label { class: "field check",
                span { {tr.field(Field::Hints)} }
                input {
                    r#type: "checkbox",
                    name: "hints",
                    checked: current.hints,
                    onchange: move |e| settings.write().hints = e.checked(),
                }
            }
            label { class: "field",
                span { {tr.field(Field::Confirm)} }
                select {
                    name: "confirm",
                    onchange: move |e| {
                        settings.write().confirm = match e.value().as_str() {
                            "always" => Confirm::Always,
                            "never" => Confirm::Never,
                            _ => Confirm::Auto,
                        };
                    },
                    for value in ["auto", "always", "never"] {
                        option { key: "{value}", value, selected: confirm_value == value, {tr.confirm_choice(value)} }
                    }
                }
            }
            label { class: "field",
                span { {tr.field(Field::Pace)} }
                select {
                    name: "pace",
                    onchange: move |e| settings.write().watch_delay_ms = e.value().parse().unwrap_or(800),
                    for ms in [200u32, 800, 2000] {
                        option {
                            key: "{ms}",
                            value: "{ms}",
                            selected: current.watch_delay_ms == ms,
                            "{ms} ms"
                        }
                    }
                }
            }
        }
    }
}
