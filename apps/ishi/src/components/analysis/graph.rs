//! The evaluation graph: an SVG of each analysed position's worth to Black (Othello in discs,
//! Go in win rate with the score lead lighter), the moves that lost something as dots, the
//! position on screen as a line; a tap or a drag goes to the move under the finger. A table
//! of the same figures is there for screen readers.

use dioxus::prelude::*;

use super::view::{AnalysisView, point_text};
use crate::app::use_app;
use crate::i18n::Tr;
use crate::model::{Action, GameKind};
use crate::state::AppAction;

/// The drawing's size in its own units (it is scaled to the width it is given).
const WIDTH: f32 = 320.0;
const HEIGHT: f32 = 120.0;
/// Room around the first and last positions and the extreme values, so that their dots
/// (radius 4) are drawn whole.
const PAD: f32 = 6.0;

/// How the graph maps positions and values onto the drawing.
#[derive(Copy, Clone, Debug)]
struct Scale {
    last: usize,
    /// The value at the top (the bottom is its opposite); Go's win rate spans 0 to 1.
    top: f32,
    kind: GameKind,
}

impl Scale {
    fn of(view: &AnalysisView) -> Scale {
        let widest = view
            .points
            .iter()
            .map(|p| p.value.abs())
            .fold(0.0f32, f32::max);
        Scale {
            last: view.last.max(1),
            // Othello: the widest margin, in steps of 8 discs, from 8 to 64.
            top: ((widest / 8.0).ceil() * 8.0).clamp(8.0, 64.0),
            kind: view.kind,
        }
    }

    fn x(&self, index: usize) -> f32 {
        PAD + (WIDTH - 2.0 * PAD) * index as f32 / self.last as f32
    }

    fn y(&self, value: f32) -> f32 {
        let share = match self.kind {
            GameKind::Othello => 0.5 - value.clamp(-self.top, self.top) / (2.0 * self.top),
            GameKind::Go => 1.0 - value.clamp(0.0, 1.0),
        };
        PAD + (HEIGHT - 2.0 * PAD) * share
    }

    /// The index under `x`, a share of the drawing's width from 0 to 1.
    fn index_at(&self, share: f64) -> usize {
        let x = share as f32 * WIDTH;
        let i = ((x - PAD) / (WIDTH - 2.0 * PAD) * self.last as f32).round();
        (i.max(0.0) as usize).min(self.last)
    }

    /// Go's lead, drawn on its own scale: the widest lead in steps of 10 points.
    fn lead_y(&self, lead: f32, widest: f32) -> f32 {
        let top = ((widest / 10.0).ceil() * 10.0).max(10.0);
        PAD + (HEIGHT - 2.0 * PAD) * (0.5 - lead.clamp(-top, top) / (2.0 * top))
    }
}

/// The graph's left edge and width on the page, in whole CSS pixels (whole numbers: parsing
/// a float would link Rust's float parser and its 10 KB table of powers of five into the
/// download, for a precision a finger does not have).
async fn graph_box() -> Option<(f64, f64)> {
    let text = crate::js::call(
        "",
        "const r = document.getElementById('graph')?.getBoundingClientRect();
         return r ? `${Math.round(r.left)} ${Math.round(r.width)}` : null;",
        &[],
    )
    .await?;
    let (left, width) = text.split_once(' ')?;
    let (left, width): (i32, i32) = (left.parse().ok()?, width.parse().ok()?);
    Some((f64::from(left), f64::from(width)))
}

/// The polyline of consecutive analysed positions, as SVG path data.
fn path(
    points: impl Iterator<Item = (usize, f32)>,
    scale: &Scale,
    y: impl Fn(f32) -> f32,
) -> String {
    let mut data = String::new();
    let mut previous: Option<usize> = None;
    for (index, value) in points {
        let command = if previous.is_some_and(|p| p + 1 == index) {
            'L'
        } else {
            'M'
        };
        data.push_str(&format!("{command}{:.1},{:.1} ", scale.x(index), y(value)));
        previous = Some(index);
    }
    data
}

/// The graph.
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]).
#[component]
pub fn Graph(view: AnalysisView, tr: Tr) -> Element {
    crate::components::parts::part!(GRAPH, graph_part, GraphProps { view, tr })
}

/// The graph's stylesheet, rendered with it (`css::PARTS`): the first board does without it.
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/graph.css"));

crate::lazy::loader!(GRAPH = "graph" fn graph_part(GraphProps));

/// What [`Graph`] shows, once its code is there.
fn graph_part(GraphProps { view, tr }: GraphProps) -> Element {
    let app = use_app();
    // The graph stands aside for a practice, which it would push off a phone's first screen.
    let practising = use_memo(move || app.read().practice().is_some());
    let scale = Scale::of(&view);
    let mut dragging = use_signal(|| false);
    let go_to = move |x: f64| async move {
        if let Some((left, width)) = graph_box().await {
            let index = scale.index_at((x - left) / width.max(1.0));
            app.send(AppAction::Match(Action::GoTo(index)));
        }
    };
    let worth = path(
        view.points.iter().map(|p| (p.index, p.value)),
        &scale,
        |v| scale.y(v),
    );
    let widest_lead = view
        .points
        .iter()
        .filter_map(|p| p.lead)
        .map(f32::abs)
        .fold(0.0, f32::max);
    let lead = path(
        view.points.iter().filter_map(|p| Some((p.index, p.lead?))),
        &scale,
        |v| scale.lead_y(v, widest_lead),
    );
    let value_at = |index: usize| {
        view.points
            .iter()
            .find(|p| p.index == index)
            .map(|p| p.value)
    };
    let middle = scale.y(if view.kind == GameKind::Go { 0.5 } else { 0.0 });
    rsx! {
        figure { class: "graph", hidden: practising(),
            svg {
                view_box: "0 0 {WIDTH} {HEIGHT}",
                role: "img",
                "aria-label": tr.graph_label(view.kind),
                id: "graph",
                onpointerdown: move |e| {
                    dragging.set(true);
                    go_to(e.client_coordinates().x)
                },
                onpointermove: move |e| async move {
                    if dragging() {
                        go_to(e.client_coordinates().x).await;
                    }
                },
                onpointerup: move |_| dragging.set(false),
                onpointercancel: move |_| dragging.set(false),
                line { class: "middle", x1: "0", x2: "{WIDTH}", y1: "{middle}", y2: "{middle}" }
                if !lead.is_empty() {
                    path { class: "lead", d: "{lead}" }
                }
                path { class: "worth", d: "{worth}" }
                line {
                    class: "cursor",
                    x1: "{scale.x(view.cursor)}",
                    x2: "{scale.x(view.cursor)}",
                    y1: "0",
                    y2: "{HEIGHT}",
                }
                for dot in view.dots.iter() {
                    circle {
                        key: "{dot.index}",
                        class: "dot {dot.class.name()}",
                        "data-index": "{dot.index}",
                        cx: "{scale.x(dot.index)}",
                        cy: "{scale.y(value_at(dot.index).unwrap_or(0.0))}",
                        r: "4",
                    }
                }
            }
            {table(&view, tr)}
        }
        style { {CSS} }
    }
}

/// The graph's figures as a table, for screen readers. Hidden in a box of its own: a table
/// is as wide as its cells whatever its width says, and it made a phone's page wider than
/// the screen (521 px at 360 px: the sheets, fixed to the page, came out wider than the screen).
fn table(view: &AnalysisView, tr: Tr) -> Element {
    rsx! {
        div { class: "visually-hidden",
            table {
                caption { {tr.graph_label(view.kind)} }
                tr {
                    th { scope: "col", {tr.move_number()} }
                    th { scope: "col", {tr.worth_for_black()} }
                }
                for point in view.points.iter() {
                    tr { key: "{point.index}",
                        td { "{point.index}" }
                        td { {point_text(view.kind, point)} }
                    }
                }
            }
        }
    }
}
