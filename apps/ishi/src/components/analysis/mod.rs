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

use crate::app::use_app;
use crate::i18n::Tr;
use crate::state::{AnalysisRun, AppAction};

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

/// What [`AnalysisBar`] shows, once its code is there.
fn analysis_bar_part(AnalysisBarProps { view, tr }: AnalysisBarProps) -> Element {
    let app = use_app();
    let (done, total) = view.progress;
    rsx! {
        div { class: "analysis-bar",
            if let Some(note) = &view.note {
                p { class: "note", "aria-live": "polite", {tr.analysis_note(note)} }
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
