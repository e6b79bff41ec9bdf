//! The analysis of the game on screen: the evaluation graph (each position's worth to Black,
//! with a dot at every move that lost something), the review's note on the move played from
//! the position on screen, and the button that analyses the game, with its progress.

mod graph;
mod view;

use dioxus::prelude::*;

#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub(crate) use graph::GRAPH;
pub use graph::Graph;
pub use view::{AnalysisView, Dot, Point, value_text};

use ishi_analysis::accuracy::{accuracy, win_chance};
use ishi_rules::ByColor;
use ishi_rules::any::CellMove;

use crate::app::use_app;
use crate::i18n::Tr;
use crate::model::{Action, GameKind, Match, ValueUnit};
use crate::state::{AnalysisRun, AppAction, PracticeAction, Practise, exercises};

/// The note on the position on screen, and the button that analyses the game (or its
/// progress and a stop).
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]).
#[component]
pub fn AnalysisBar(view: AnalysisView, tr: Tr) -> Element {
    crate::components::parts::part!(
        ANALYSIS_BAR,
        analysis_bar_part,
        AnalysisBarProps { view, tr }
    )
}

/// The bar's stylesheet, rendered with it (`css::PARTS`): the first board does without it.
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/analysis.css"));

crate::lazy::loader!(ANALYSIS_BAR = "analysis_bar" fn analysis_bar_part(AnalysisBarProps));

/// What [`AnalysisBar`] shows, once its code is there: the note, the steps to the previous
/// and the next move that lost something (the graph's dots), each player's accuracy once the
/// whole game is analysed, and the buttons that analyse it.
fn analysis_bar_part(AnalysisBarProps { view, tr }: AnalysisBarProps) -> Element {
    let app = use_app();
    let (done, total) = view.progress;
    let previous = view
        .dots
        .iter()
        .rev()
        .find(|d| d.index < view.cursor)
        .map(|d| d.index);
    let next = view
        .dots
        .iter()
        .find(|d| d.index > view.cursor)
        .map(|d| d.index);
    let go = move |index: Option<usize>| {
        if let Some(index) = index {
            app.send(AppAction::Match(Action::GoTo(index)));
        }
    };
    let accuracy = (total > 0 && done == total).then(|| players_accuracy(app.read().current()));
    // Whether the game on screen has mistakes of a person to practise, none under way.
    let practice = accuracy.is_some() && {
        let state = app.read();
        let m = state.current();
        m.line_on() == 0 && state.practice().is_none() && !exercises(m).is_empty()
    };
    rsx! {
        div { class: "analysis-bar",
            if let Some(note) = &view.note {
                p { class: "note", "aria-live": "polite", {tr.analysis_note(note)} }
            }
            if !view.dots.is_empty() || accuracy.is_some() {
                div { class: "mistakes",
                    button {
                        class: "mistake previous",
                        title: tr.previous_mistake(),
                        "aria-label": tr.previous_mistake(),
                        disabled: previous.is_none(),
                        onclick: move |_| go(previous),
                        "◀"
                    }
                    if let Some(a) = accuracy {
                        span { class: "accuracy", title: tr.accuracy_how(), {tr.accuracy(a.black, a.white)} }
                    } else {
                        span { class: "accuracy", {tr.mistakes()} }
                    }
                    button {
                        class: "mistake next",
                        title: tr.next_mistake(),
                        "aria-label": tr.next_mistake(),
                        disabled: next.is_none(),
                        onclick: move |_| go(next),
                        "▶"
                    }
                }
            }
            if accuracy.is_some() && practice {
                button {
                    class: "practise",
                    title: tr.practise_how(),
                    onclick: move |_| app.send(AppAction::Practise(Practise::new(PracticeAction::Start))),
                    {tr.practise()}
                }
            }
            if view.running.is_some() {
                progress { max: "{total}", value: "{done}", "aria-label": tr.analysing(done, total) }
                button {
                    class: "stop-analysis",
                    onclick: move |_| app.send(AppAction::Analyse(None)),
                    {tr.stop()}
                }
            } else if done < total {
                button {
                    class: "analyse",
                    onclick: move |_| app.send(AppAction::Analyse(Some(AnalysisRun { deep: false }))),
                    {tr.analyse_game()}
                }
                button {
                    class: "analyse deep",
                    onclick: move |_| app.send(AppAction::Analyse(Some(AnalysisRun { deep: true }))),
                    {tr.analyse_deeply()}
                }
            }
        }
        style { {CSS} }
    }
}

/// Each player's accuracy over the analysed moves of `m` ([`ishi_analysis::accuracy`]): a
/// move's loss in chance to win is its win rate's loss on Go's network, its loss itself on
/// Monte Carlo (counted in win rate), and for Othello the difference of [`win_chance`] between
/// the best move's margin and the played one's. Othello's passes are forced and not counted.
fn players_accuracy(m: &Match) -> ByColor<Option<f32>> {
    let othello = m.kind() == GameKind::Othello;
    accuracy((0..m.history().len()).filter_map(|index| {
        let a = m.annotation(index)?;
        let played = a.played?;
        if othello && played.mv == CellMove::Pass {
            return None;
        }
        let loss = match a.unit {
            ValueUnit::Discs => win_chance(a.best?.1) - win_chance(played.value),
            ValueUnit::WinRate => played.loss,
            ValueUnit::Score => played.win_rate?.loss,
        };
        Some((m.history()[index].position.turn(), loss.max(0.0)))
    }))
}
