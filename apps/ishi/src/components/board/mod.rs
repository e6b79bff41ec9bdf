//! The board: an HTML `<table>` whose cells carry their state as `data-*` attributes.
//!
//! Every cell says what it is (`data-point="d4"`, `data-stone="black"`, `data-legal`,
//! `data-last`, `data-ko`, `data-star`, `data-owner`, `data-dead`, `data-ghost`), so the CSS
//! draws from the attributes and the browser tests read them. A move commits on pointer
//! release over the cell it started on; with move confirmation the first tap shows a ghost
//! stone and a second tap on it plays.

use std::collections::HashSet;

use dioxus::prelude::*;
use ishi_rules::Player;
use ishi_scoring::Ownership;

use crate::components::{use_handles, use_tr};
use crate::i18n::{CellFact, Tr};
use crate::model::{Action, Cell, GameKind, Match, Position, go_point};

/// The board's stylesheet.
pub const CSS: &str = include_str!("board.css");

/// How far (CSS pixels) a finger may slide between press and release for a tap to count.
const TAP_SLOP: f64 = 12.0;

/// Everything a cell shows, worked out once per render.
#[derive(Clone, PartialEq, Debug)]
pub struct CellView {
    /// The cell.
    pub cell: Cell,
    /// Its name: `d4` or `D4`.
    pub name: String,
    /// Whether it is on the board (not a hole of a shaped Othello board).
    pub playable: bool,
    /// The stone or disc on it.
    pub stone: Option<Player>,
    /// A legal move for the person to move, shown as a hint.
    pub legal: bool,
    /// The last move.
    pub last: bool,
    /// Flipped by the last move (Othello).
    pub flipped: bool,
    /// Forbidden by a ko (Go).
    pub ko: bool,
    /// A star point (Go).
    pub star: bool,
    /// While counting: who the point counts for, and whether its stone is dead.
    pub owner: Option<Player>,
    /// While counting: the stone is marked dead.
    pub dead: bool,
    /// The ghost stone of a move waiting for confirmation.
    pub ghost: Option<Player>,
}

impl CellView {
    /// The cell's spoken description: its name, what is on it and whether it is a legal move.
    pub fn aria_label(&self, tr: Tr) -> String {
        if !self.playable {
            return tr.cell_label(&self.name, &[CellFact::OffBoard]);
        }
        let mut facts = Vec::with_capacity(4);
        match self.stone {
            Some(p) => {
                facts.push(CellFact::Stone(p));
                if self.dead {
                    facts.push(CellFact::Dead);
                }
            }
            None => facts.push(CellFact::Empty),
        }
        if self.legal {
            facts.push(CellFact::Legal);
        }
        if self.last {
            facts.push(CellFact::Last);
        }
        if self.ko {
            facts.push(CellFact::Ko);
        }
        if let (None, Some(owner)) = (self.stone, self.owner) {
            facts.push(CellFact::Territory(owner));
        }
        tr.cell_label(&self.name, &facts)
    }
}

/// The views of every cell of `m`'s current position, row by row from the top.
pub fn cell_views(m: &Match, hints: bool, ghost: Option<Cell>) -> Vec<CellView> {
    let position = m.position();
    let size = position.size();
    let snapshot = m.current();
    let human_to_move = m.side_to_move().is_human() && !m.is_over() && !m.is_counting();
    let legal: HashSet<Cell> = if human_to_move && (hints || position.kind() == GameKind::Go) {
        position.legal_cells().into_iter().collect()
    } else {
        HashSet::new()
    };
    let played = snapshot.played.as_ref().filter(|p| !p.forced);
    let last = played.and_then(|p| p.mv.point());
    let flipped: HashSet<Cell> = played
        .map(|p| p.flipped.iter().copied().collect())
        .unwrap_or_default();
    let ko = position.ko();
    let count = m.count();
    let mut views = Vec::with_capacity(size * size);
    for row in 0..size as u8 {
        for col in 0..size as u8 {
            let cell = Cell::new(col, row);
            let ownership = count.as_ref().and_then(|c| {
                let p = go_point(cell, size)?;
                c.ownership.get(p)
            });
            let (owner, dead) = match ownership {
                Some(Ownership::Territory(p)) => (Some(p), false),
                Some(Ownership::Dead { counts_for, .. }) => (counts_for, true),
                _ => (None, false),
            };
            views.push(CellView {
                cell,
                name: position.cell_name(cell),
                playable: position.has_cell(cell),
                stone: position.stone(cell),
                legal: legal.contains(&cell),
                last: last == Some(cell),
                flipped: flipped.contains(&cell),
                ko: ko == Some(cell),
                star: position.is_star(cell),
                owner,
                dead,
                ghost: (ghost == Some(cell) && legal.contains(&cell)).then(|| position.turn()),
            });
        }
    }
    views
}

/// Column labels: `a b c ...` (Othello) or `A B ... T` without `I` (Go).
fn column_label(kind: GameKind, col: usize) -> String {
    match kind {
        GameKind::Othello => char::from(b'a' + col as u8).to_string(),
        GameKind::Go => {
            let letters = b"ABCDEFGHJKLMNOPQRST";
            letters
                .get(col)
                .map(|&b| char::from(b).to_string())
                .unwrap_or_default()
        }
    }
}

/// Row labels: from the top for Othello (`1` first), from the bottom for Go.
fn row_label(kind: GameKind, row: usize, size: usize) -> String {
    match kind {
        GameKind::Othello => (row + 1).to_string(),
        GameKind::Go => (size - row).to_string(),
    }
}

fn player_name(p: Player) -> &'static str {
    p.fold("black", "white")
}

/// The board of the current match.
#[component]
pub fn Board() -> Element {
    let handles = use_handles();
    let tr = use_tr();
    let game = handles.game;
    let settings = handles.settings;
    let mut ghost = use_signal(|| None::<Cell>);
    let mut pressed = use_signal(|| None::<(Cell, f64, f64)>);
    let mut cursor = use_signal(|| None::<Cell>);

    let m = game.read();
    let position: &Position = m.position();
    let kind = position.kind();
    let size = position.size();
    let settings_now = settings.read();
    let coords = settings_now.coordinates;
    let views = cell_views(&m, settings_now.hints, ghost());
    let counting = m.is_counting();
    // The dead stones are still being read from playouts: the marks may change once.
    let guessing = m.needs_ownership();
    let kind_name = match kind {
        GameKind::Othello => "othello",
        GameKind::Go => "go",
    };
    let flip_phase = if m.cursor().is_multiple_of(2) {
        "a"
    } else {
        "b"
    };
    let middle = Cell::new(size as u8 / 2, size as u8 / 2);
    let focus = cursor().filter(|c| (c.col as usize) < size && (c.row as usize) < size);
    let focus_name = position.cell_name(focus.unwrap_or(middle));
    let confirm = settings_now.confirm;
    drop(settings_now);

    let mut tap = move |cell: Cell, pointer_type: String| {
        let m = game.peek();
        if m.is_counting() {
            drop(m);
            handles.dispatch(Action::ToggleDead(cell));
            return;
        }
        let kind = m.position().kind();
        let needs_confirm = confirm.needed(kind, &pointer_type);
        let legal = m.position().check(ishi_rules::Move::Place(cell));
        drop(m);
        if needs_confirm && ghost() != Some(cell) && legal.is_ok() {
            ghost.set(Some(cell));
            return;
        }
        ghost.set(None);
        handles.dispatch(Action::Play(cell));
    };

    rsx! {
        table {
            class: "board {kind_name}",
            "data-size": "{size}",
            "data-counting": if counting { "true" },
            "aria-busy": if guessing { "true" },
            "data-coordinates": if coords { "true" },
            style: "--n: {size}",
            "aria-label": tr.board_label(kind, size),
            role: "grid",
            tabindex: "0",
            "aria-activedescendant": "cell-{focus_name}",
            onkeydown: move |e: KeyboardEvent| {
                let at = cursor().unwrap_or(middle);
                let last = size as u8 - 1;
                let moved = match e.key() {
                    Key::ArrowUp => Some(Cell::new(at.col, at.row.saturating_sub(1))),
                    Key::ArrowDown => Some(Cell::new(at.col, (at.row + 1).min(last))),
                    Key::ArrowLeft => Some(Cell::new(at.col.saturating_sub(1), at.row)),
                    Key::ArrowRight => Some(Cell::new((at.col + 1).min(last), at.row)),
                    Key::Enter => {
                        e.prevent_default();
                        tap(at, "keyboard".to_owned());
                        None
                    }
                    Key::Character(c) if c == " " => {
                        e.prevent_default();
                        tap(at, "keyboard".to_owned());
                        None
                    }
                    _ => None,
                };
                if let Some(next) = moved {
                    e.prevent_default();
                    cursor.set(Some(next));
                }
            },
            if coords {
                thead {
                    tr {
                        th { class: "corner" }
                        for col in 0..size {
                            th { key: "{col}", scope: "col", "{column_label(kind, col)}" }
                        }
                        th { class: "corner" }
                    }
                }
            }
            tbody {
                for row in 0..size {
                    tr { key: "{row}",
                        if coords {
                            th { scope: "row", "{row_label(kind, row, size)}" }
                        }
                        for view in views[row * size..(row + 1) * size].iter().cloned() {
                            td {
                                key: "{view.cell.col}",
                                id: "cell-{view.name}",
                                class: edge_class(view.cell, size),
                                "data-cursor": if focus == Some(view.cell) { "true" },
                                "data-point": "{view.name}",
                                "data-stone": view.stone.map(player_name),
                                "data-legal": if view.legal { "true" },
                                "data-last": if view.last { "true" },
                                "data-flip": if view.flipped { flip_phase },
                                "data-ko": if view.ko { "true" },
                                "data-star": if view.star { "true" },
                                "data-owner": view.owner.map(player_name),
                                "data-dead": if view.dead { "true" },
                                "data-ghost": view.ghost.map(player_name),
                                "data-hole": if !view.playable { "true" },
                                "aria-label": view.aria_label(tr),
                                role: "gridcell",
                                onpointerdown: move |e: PointerEvent| {
                                    let p = e.client_coordinates();
                                    pressed.set(Some((view.cell, p.x, p.y)));
                                },
                                onpointercancel: move |_| pressed.set(None),
                                onpointerup: move |e: PointerEvent| {
                                    let p = e.client_coordinates();
                                    let down = pressed.take();
                                    let on_cell = down.is_some_and(|(c, x, y)| {
                                        c == view.cell && (p.x - x).hypot(p.y - y) <= TAP_SLOP
                                    });
                                    if on_cell && view.playable {
                                        tap(view.cell, e.pointer_type());
                                    }
                                },
                                if let Some(p) = view.stone {
                                    span { class: "stone {player_name(p)}" }
                                } else if let Some(p) = view.ghost {
                                    span { class: "stone ghost {player_name(p)}" }
                                }
                            }
                        }
                        if coords {
                            th { scope: "row", "{row_label(kind, row, size)}" }
                        }
                    }
                }
            }
            if coords {
                tfoot {
                    tr {
                        th { class: "corner" }
                        for col in 0..size {
                            th { key: "{col}", scope: "col", "{column_label(kind, col)}" }
                        }
                        th { class: "corner" }
                    }
                }
            }
        }
    }
}

/// Go grid edges: which sides of a cell have no line beyond the centre.
fn edge_class(cell: Cell, size: usize) -> String {
    let last = size as u8 - 1;
    let mut class = String::new();
    for (on, name) in [
        (cell.row == 0, "t"),
        (cell.row == last, "b"),
        (cell.col == 0, "l"),
        (cell.col == last, "r"),
    ] {
        if on {
            if !class.is_empty() {
                class.push(' ');
            }
            class.push_str(name);
        }
    }
    class
}
