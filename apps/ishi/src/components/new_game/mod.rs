//! The new-game sheet: game, board, who plays each side, and Go's rules, komi and handicap;
//! then the options, which apply at once.

mod form;
mod online;
mod options;

use dioxus::prelude::*;
use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_ai::{AnyLevel, LevelId};
use ishi_rules::Player;
use ishi_rules::go::GoRules;
use ishi_rules::othello::{PRESETS, Shape};

pub use form::{GO_SIZES, NewGameForm, OnlineForm};
pub use online::NameField;

use crate::app::{use_app, use_tr};
use crate::components::dialog::Dialog;
use crate::i18n::{Field, Tr};
use crate::model::{GameKind, Side};
use crate::state::{AppAction, AppError, Notice, OnlineAction, Overlay};

/// The Othello boards offered: the square sizes, the usual one first, then the shaped
/// presets.
fn othello_boards(tr: Tr) -> Vec<(Shape, String)> {
    [8, 4, 6, 10]
        .into_iter()
        .filter_map(|n| Shape::square(n).ok().map(|s| (s, format!("{n}×{n}"))))
        .chain(
            PRESETS
                .iter()
                .map(|p| (p.shape(), tr.shape_name(p.name).to_owned())),
        )
        .collect()
}

/// The sheet.
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]).
#[component]
pub fn NewGame() -> Element {
    crate::components::parts::part!(NEW_GAME, new_game_part, ())
}

/// The sheet's stylesheet, rendered with it (`css::PARTS`): the first board does without it.
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/new_game.css"));

crate::lazy::loader!(NEW_GAME = "new_game" fn new_game_part(()));

/// What [`NewGame`] shows, once its code is there.
fn new_game_part(_: ()) -> Element {
    let app = use_app();
    let tr = use_tr();
    let form = use_signal(|| {
        let state = app.peek();
        NewGameForm::new(state.settings(), state.current().kind())
    });
    let error = match app.read().notice() {
        Notice::Error(e @ (AppError::Setup(_) | AppError::OnlineSetup(_))) => Some(tr.error(e)),
        _ => None,
    };
    let start = move |_| {
        let form = form.peek();
        if form.friend {
            match form.online_setup() {
                Ok((setup, time)) => app.send(AppAction::Online(OnlineAction::Create {
                    setup,
                    time,
                    seat: form.online.colour,
                })),
                Err(e) => app.send(AppAction::Report(e)),
            }
            return;
        }
        match form.config() {
            Ok(config) => app.send(AppAction::NewGame(config)),
            Err(e) => app.send(AppAction::Report(AppError::Setup(e))),
        }
    };
    let friend = form.read().friend;
    let name = app.read().settings().name.clone();
    rsx! {
        Dialog { title_id: "new-game-title", title: tr.new_game(), class: "new-game-sheet",
            {game_choice(form, tr)}
            if form.read().kind == GameKind::Othello {
                {othello_fields(form, tr)}
            } else {
                {go_fields(form, tr)}
            }
            {online::opponent_choice(form, tr)}
            if friend {
                {online::online_fields(form, name, tr)}
            } else {
                {side_fields(form, tr)}
            }
            {options::options(app, tr)}
            if let Some(error) = error {
                p { class: "error", role: "alert", "{error}" }
            }
            div { class: "dialog-buttons",
                button { class: "secondary", onclick: move |_| app.send(AppAction::Show(Overlay::None)), {tr.cancel()} }
                button { class: "primary start", onclick: start, if friend { {tr.create_link()} } else { {tr.start()} } }
            }
        }
        style { {CSS} }
    }
}

/// Othello or Go.
fn game_choice(mut form: Signal<NewGameForm>, tr: Tr) -> Element {
    let shown = form.read().kind;
    rsx! {
        div { class: "field modes", role: "radiogroup", "aria-label": tr.game_label(),
            for kind in [GameKind::Othello, GameKind::Go] {
                button {
                    key: "{kind:?}",
                    class: "mode",
                    role: "radio",
                    "aria-checked": if shown == kind { "true" } else { "false" },
                    onclick: move |_| form.write().kind = kind,
                    {tr.game(kind)}
                }
            }
        }
    }
}

/// Othello's board.
fn othello_fields(mut form: Signal<NewGameForm>, tr: Tr) -> Element {
    let board = form.read().othello_board;
    rsx! {
        label { class: "field",
            span { {tr.field(Field::Board)} }
            select {
                name: "board",
                value: "{board}",
                onchange: move |e| {
                    if let Ok(shape) = e.value().parse() {
                        form.write().othello_board = shape;
                    }
                },
                for (shape, label) in othello_boards(tr) {
                    option { key: "{shape}", value: "{shape}", selected: board == shape, "{label}" }
                }
            }
        }
    }
}

/// Go's board, rules, handicap and komi.
fn go_fields(mut form: Signal<NewGameForm>, tr: Tr) -> Element {
    let f = form.read().clone();
    rsx! {
        label { class: "field",
            span { {tr.field(Field::Board)} }
            select {
                name: "size",
                onchange: move |e| form.write().set_go_size(e.value().parse().unwrap_or(9)),
                for size in GO_SIZES {
                    option { key: "{size}", value: "{size}", selected: f.go_size == size, "{size}×{size}" }
                }
            }
        }
        label { class: "field",
            span { {tr.field(Field::Rules)} }
            select {
                name: "rules",
                onchange: move |e| form.write().set_go_rules(e.value().parse().unwrap_or(GoRules::JAPANESE)),
                for (name, rules) in GoRules::PRESETS {
                    option { key: "{name}", value: "{name}", selected: f.go_rules.name() == rules.name(), {tr.rules_name(name)} }
                }
            }
        }
        label { class: "field",
            span { {tr.field(Field::Handicap)} }
            select {
                name: "handicap",
                onchange: move |e| form.write().set_handicap(e.value().parse().unwrap_or(0)),
                option { value: "0", selected: f.go_handicap < 2, {tr.no_handicap()} }
                for stones in 2..=f.max_handicap() {
                    option { key: "{stones}", value: "{stones}", selected: f.go_handicap == stones, {tr.stones(stones)} }
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
                value: "{f.komi}",
                oninput: move |e| form.write().komi = e.value(),
            }
        }
    }
}

/// Who plays Black and White: a person, or one of the game's computer levels.
fn side_fields(mut form: Signal<NewGameForm>, tr: Tr) -> Element {
    let kind = form.read().kind;
    let levels = match kind {
        GameKind::Othello => level_choices::<OthelloLevel>(),
        GameKind::Go => level_choices::<GoLevel>(),
    };
    rsx! {
        for color in Player::ALL {
            label { class: "field", key: "{color}",
                span { {tr.player(color)} }
                select {
                    name: "{color}",
                    onchange: move |e| form.write().set_side(color, &e.value()),
                    option {
                        value: Side::<AnyLevel>::Human.as_str(),
                        selected: form.read().side(color) == Side::Human,
                        {tr.human()}
                    }
                    for level in levels.iter().copied() {
                        option {
                            key: "{level}",
                            value: level.as_str(),
                            selected: form.read().side(color) == Side::Computer(level),
                            {tr.computer(level)}
                        }
                    }
                }
            }
        }
    }
}

/// The computer levels of a game, weakest first.
fn level_choices<L: LevelId + Into<AnyLevel>>() -> Vec<AnyLevel> {
    L::levels().iter().map(|level| level.id.into()).collect()
}
