//! The review's bars above the steps ([`ReviewBars`], a lazy part: a module of its own in the
//! web's release build, [`crate::lazy`]): the practice of a game's mistakes (the exercise, its
//! verdict, a hint, another try, the solution, the next one) or the variation on screen
//! (where it leaves the game, back to it, delete it). The part reads the state itself, so the
//! first board's module knows nothing of either.

use dioxus::prelude::*;
use ishi_analysis::Class;

use crate::app::{AppHandle, use_app};
use crate::i18n::Tr;
use crate::model::{Action, Match, ValueUnit};
use crate::state::{AppAction, AppState, DeleteLine, PracticeAction, Practise, Stage};

/// Their stylesheet, rendered with each (`css::PARTS`).
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/practice.css"));

/// The practice under way, or else the variation on screen, in review.
#[component]
pub fn ReviewBars(tr: Tr) -> Element {
    crate::components::parts::part!(REVIEW_BARS, review_bars_part, ReviewBarsProps { tr })
}

crate::lazy::loader!(REVIEW_BARS = "review_bars" fn review_bars_part(ReviewBarsProps));

/// What [`ReviewBars`] shows, once its code is there.
fn review_bars_part(ReviewBarsProps { tr }: ReviewBarsProps) -> Element {
    let app = use_app();
    let state = app.read();
    let bar = if state.practice().is_some() {
        practice_bar(app, &state, tr)
    } else {
        variation_bar(app, state.current(), tr)
    };
    rsx! {
        {bar}
        style { {CSS} }
    }
}

/// The name of `mv` played from the snapshot at `index` of the game.
fn move_name(m: &Match, index: usize, mv: crate::model::CellMove) -> String {
    m.snapshots_of(0)
        .and_then(|game| game.get(index))
        .map(|s| s.position.move_name(mv))
        .unwrap_or_default()
}

/// The practice's bar: its exercise, what came of the move tried, and its buttons.
fn practice_bar(app: AppHandle, state: &AppState, tr: Tr) -> Element {
    let Some(practice) = state.practice() else {
        return rsx! {};
    };
    let m = state.current();
    let exercise = practice.exercise();
    let name = |mv| move_name(m, exercise.index, mv);
    let loss = |loss: f32| tr.loss(exercise.unit, loss);
    let mover = m
        .snapshots_of(0)
        .and_then(|game| game.get(exercise.index))
        .map(|s| s.position.turn())
        .unwrap_or(ishi_rules::Player::Black);
    let stage = practice.stage;
    let verdict = match stage {
        Stage::Asking => None,
        Stage::Judging(mv) => Some(tr.practice_judging(&name(mv))),
        Stage::Right(mv, l) => {
            let small = (l > 0.0).then(|| loss(l));
            Some(tr.practice_right(&name(mv), small.as_deref()))
        }
        Stage::Wrong(mv, l, class) => {
            Some(tr.practice_wrong(&name(mv), class, &loss(l), practice.tries))
        }
        Stage::Solution(_) => exercise.best.map(|best| tr.practice_solution(&name(best))),
        Stage::Done => {
            let (solved, total) = practice.score(m);
            Some(tr.practice_done(solved, total))
        }
    };
    let verdict_class = match stage {
        Stage::Right(..) => "verdict right",
        Stage::Wrong(..) => "verdict wrong",
        _ => "verdict",
    };
    let hint = practice.hint(m).map(|h| tr.practice_hint(h));
    let asking = stage == Stage::Asking;
    let can_hint = asking && !practice.hinted && exercise.best.is_some();
    let can_retry = practice.can_retry();
    let can_solve = matches!(stage, Stage::Asking | Stage::Wrong(..) | Stage::Judging(_))
        && exercise.best.is_some();
    let last = practice.current + 1 == practice.exercises.len();
    let done = stage == Stage::Done;
    let send = move |action| app.send(AppAction::Practise(Practise::new(action)));
    rsx! {
        section { class: "practice-bar", "aria-label": tr.practise(),
            h2 { {tr.practice_title(practice.current + 1, practice.exercises.len())} }
            if !done {
                p { class: "exercise",
                    {tr.exercise(exercise.index + 1, mover, &name(exercise.played), exercise.class, &loss(exercise.loss))}
                }
            }
            if let Some(hint) = hint.filter(|_| !done) {
                p { class: "hint", {hint} }
            }
            if let Some(verdict) = verdict {
                p { class: verdict_class, role: "status", {verdict} }
            }
            div { class: "practice-buttons",
                if can_hint {
                    button { class: "hint", onclick: move |_| send(PracticeAction::Hint), {tr.hint()} }
                }
                if can_retry {
                    button { class: "retry primary", onclick: move |_| send(PracticeAction::Retry), {tr.try_again()} }
                }
                if can_solve {
                    button { class: "solution", onclick: move |_| send(PracticeAction::Solution), {tr.solution()} }
                }
                if !done {
                    button {
                        class: if asking { "next" } else { "next primary" },
                        onclick: move |_| send(PracticeAction::Next),
                        if last { {tr.finish()} } else { {tr.next_exercise()} }
                    }
                }
                button { class: "stop", onclick: move |_| send(PracticeAction::Stop), {tr.close()} }
            }
        }
    }
}

/// The variation on screen's bar: where it leaves the game, and the way back; nothing on the
/// game.
fn variation_bar(app: AppHandle, m: &Match, tr: Tr) -> Element {
    let Some(from) = m.leaves_game_at() else {
        return rsx! {};
    };
    let line = m.line_on();
    let note = m
        .annotation(from)
        .and_then(|a| a.played)
        .filter(|j| {
            m.history()
                .get(from + 1)
                .and_then(|s| s.played.as_ref())
                .is_some_and(|p| p.mv == j.mv)
        })
        .map(|j| {
            let unit = m.annotation(from).map_or(ValueUnit::Discs, |a| a.unit);
            let name = m.history()[from].position.move_name(j.mv);
            match j.class {
                Class::Best => format!("{name}: {}", tr.class(j.class)),
                class => format!("{name}: {} ({})", tr.class(class), tr.loss(unit, j.loss)),
            }
        });
    rsx! {
        div { class: "variation-bar", role: "group", "aria-label": tr.variation_from(from + 1),
            p { class: "where",
                strong { {tr.variation_from(from + 1)} }
                if let Some(note) = note {
                    " · {note}"
                }
            }
            button {
                class: "back",
                onclick: move |_| app.send(AppAction::Match(Action::ToLine { line: 0, index: from })),
                {tr.back_to_game()}
            }
            button {
                class: "delete",
                onclick: move |_| app.send(AppAction::DeleteLine(DeleteLine::new(line))),
                {tr.delete_variation()}
            }
        }
    }
}
