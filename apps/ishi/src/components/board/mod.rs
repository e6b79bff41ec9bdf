//! The board: an HTML `<table>` whose cells carry their state as `data-*` attributes.
//!
//! Every cell says what it is (`data-point="d4"`, `data-stone="black"`, `data-legal`,
//! `data-last`, `data-pending`, `data-ko`, `data-star`, `data-owner`, `data-dead`, `data-ghost`), so the CSS
//! draws from the attributes and the browser tests read them. A move commits on pointer
//! release over the cell it started on; with move confirmation the first tap shows a ghost
//! stone and a second tap on it plays. On Go boards of 13x13 and more a finger gets a loupe
//! (`loupe`). The board's view is a memo of the state, and each row is a component of
//! its own, compared on its cells: a move renders again only the rows it changed.

mod cells;
mod loupe;
mod tap;

use std::rc::Rc;

use dioxus::prelude::*;
use ishi_rules::Player;

pub use cells::{CellView, Shading, cell_views, edge_class, player_name};
use tap::tap;

use crate::app::{AppHandle, use_app};
use crate::i18n::Tr;
use crate::model::{Cell, GameKind};
use crate::state::AppState;

/// How far (CSS pixels) a finger may slide between press and release for a tap to count.
const TAP_SLOP: f64 = 12.0;

/// Everything the board shows, derived from the state.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardView {
    /// Which game.
    pub kind: GameKind,
    /// The board's side.
    pub size: usize,
    /// Coordinates around the board.
    pub coordinates: bool,
    /// A Go game is being counted.
    pub counting: bool,
    /// The dead stones are still being read from playouts: the marks may change once.
    pub guessing: bool,
    /// Alternates with every ply, so that the flip animation starts again.
    pub flip_phase: &'static str,
    /// The player to move: the colour of a ghost stone.
    pub turn: Player,
    /// In review: the best move of the position on screen, from the analysis.
    pub best_move: Option<Cell>,
    /// Online: the last move is this device's, sent and not yet taken by the server.
    pub pending: bool,
    /// Every cell, row by row from the top (shared: the shell hands the board the view
    /// without copying the cells).
    pub cells: Rc<[CellView]>,
}

impl BoardView {
    /// The board of `state`'s match.
    pub fn of(state: &AppState) -> BoardView {
        let m = state.current();
        let position = m.position();
        BoardView {
            kind: position.kind(),
            size: position.size(),
            coordinates: state.settings().coordinates,
            counting: m.is_counting(),
            guessing: m.needs_ownership(),
            flip_phase: if m.cursor().is_multiple_of(2) {
                "a"
            } else {
                "b"
            },
            turn: position.turn(),
            best_move: m
                .annotation(m.cursor())
                .filter(|_| state.reviewing() && state.reveals())
                .and_then(|a| a.best?.0.point()),
            pending: state.online().is_some_and(|o| o.pending.is_some()),
            cells: cell_views(
                m,
                state.settings().hints,
                Shading {
                    values: state.hints().filter(|_| state.reveals()),
                    owners: m
                        .count_ownership()
                        .or_else(|| state.ownership().and_then(|h| h.ownership.as_deref())),
                    policy: state.policy().filter(|_| !m.is_counting()),
                },
                state.reviewing() && state.settings().move_numbers,
                state.reviewing(),
            )
            .into(),
        }
    }
}

/// The board of the current match.
#[component]
pub fn Board(view: BoardView, tr: Tr) -> Element {
    let app = use_app();
    let ghost = use_signal(|| None::<Cell>);
    let pressed = use_signal(|| None::<(Cell, f64, f64)>);
    let cursor = use_signal(|| None::<Cell>);
    let touch = use_signal(|| None::<loupe::Touch>);
    loupe::use_touches(app, ghost, touch);
    use_keys(app, ghost, cursor);
    // The ghost stone of a move waiting for confirmation, on a cell where it is legal.
    let ghost_at = ghost().filter(|&c| {
        view.cells
            .get(cell_index(c, view.size))
            .is_some_and(|v| v.legal)
    });
    let (kind, size) = (view.kind, view.size);
    let middle = Cell::new(size as u8 / 2, size as u8 / 2);
    let focus = cursor().filter(|c| (c.col as usize) < size && (c.row as usize) < size);
    let focus_name = view
        .cells
        .get(cell_index(focus.unwrap_or(middle), size))
        .map(|c| c.name.clone())
        .unwrap_or_default();
    let with_loupe = loupe::wanted(kind, size);
    let kind_name = match kind {
        GameKind::Othello => "othello",
        GameKind::Go => "go",
    };
    let shared = Shared {
        app,
        tr,
        ghost,
        pressed,
        size,
        focus,
        ghost_at,
        turn: view.turn,
        flip_phase: view.flip_phase,
        best_move: view.best_move,
        pending: view.pending,
        with_loupe,
    };
    rsx! {
        table {
            class: "board {kind_name}",
            "data-size": "{size}",
            "data-counting": if view.counting { "true" },
            "aria-busy": if view.guessing { "true" },
            "data-coordinates": if view.coordinates { "true" },
            "data-loupe": if with_loupe { "true" },
            style: "--n: {size}",
            "aria-label": tr.board_label(kind, size),
            role: "grid",
            tabindex: "0",
            "aria-activedescendant": "cell-{focus_name}",
            if view.coordinates {
                thead { {coordinate_row(kind, size)} }
            }
            tbody {
                for row in 0..size {
                    BoardRow {
                        key: "{row}",
                        cells: view.cells.clone(),
                        row,
                        kind,
                        coordinates: view.coordinates,
                        shared,
                    }
                }
            }
            if view.coordinates {
                tfoot { {coordinate_row(kind, size)} }
            }
        }
        if let Some(t) = touch().filter(|_| with_loupe) {
            {loupe::loupe(t, &view.cells, size, ghost_at.map(|c| (c, player_name(view.turn))))}
        }
    }
}

/// One row of the board: a component of its own, so that a move renders again only the
/// rows whose cells it changed (on 19x19, a board of 361 cells of some twenty attributes and
/// three event handlers each, built, copied and compared whole on every move, was most of a
/// tap's time).
#[derive(Props, Clone)]
struct BoardRowProps {
    /// The whole board's cells (shared, not copied); the row shows its own.
    cells: Rc<[CellView]>,
    row: usize,
    kind: GameKind,
    coordinates: bool,
    shared: Shared,
}

impl BoardRowProps {
    fn own(&self) -> &[CellView] {
        let size = self.shared.size;
        self.cells
            .get(self.row * size..(self.row + 1) * size)
            .unwrap_or_default()
    }
}

impl PartialEq for BoardRowProps {
    /// Equal when the row would render the same: its cells, and what the board shares that
    /// bears on them.
    fn eq(&self, other: &Self) -> bool {
        let cells = self.own();
        (self.row, self.kind, self.coordinates) == (other.row, other.kind, other.coordinates)
            && cells == other.own()
            && self.shared.same_for(&other.shared, cells)
    }
}

#[component]
fn BoardRow(props: BoardRowProps) -> Element {
    let BoardRowProps {
        row,
        kind,
        coordinates,
        shared,
        ..
    } = props;
    let size = shared.size;
    rsx! {
        tr {
            if coordinates {
                th { scope: "row", "{row_label(kind, row, size)}" }
            }
            for cell in props.own().iter().cloned() {
                {board_cell(cell, shared)}
            }
            if coordinates {
                th { scope: "row", "{row_label(kind, row, size)}" }
            }
        }
    }
}

/// What the cells of one render of the board share.
#[derive(Copy, Clone)]
struct Shared {
    app: AppHandle,
    tr: Tr,
    ghost: Signal<Option<Cell>>,
    /// The cell a pointer went down on, and where.
    pressed: Signal<Option<(Cell, f64, f64)>>,
    size: usize,
    /// The keyboard's cursor.
    focus: Option<Cell>,
    /// Where the ghost stone of a move waiting for confirmation stands.
    ghost_at: Option<Cell>,
    turn: Player,
    flip_phase: &'static str,
    best_move: Option<Cell>,
    pending: bool,
    /// Touches are the loupe's (on large Go boards), not the cells'.
    with_loupe: bool,
}

impl Shared {
    /// Whether `cells` (one row's) render the same with `self` as with `other`: the board's
    /// own parts equal, the cursor, the ghost stone (with its colour) and the best move where
    /// they stand in the row, and the flip phase and the pending mark where they apply.
    fn same_for(&self, other: &Shared, cells: &[CellView]) -> bool {
        let row = cells.first().map(|c| c.cell.row);
        let here = |c: Option<Cell>| c.filter(|c| Some(c.row) == row);
        let ghost = |s: &Shared| here(s.ghost_at).map(|c| (c, s.turn));
        let flipped = cells.iter().any(|c| c.flipped);
        let last = cells.iter().any(|c| c.last);
        (
            self.app,
            self.tr,
            self.ghost,
            self.pressed,
            self.size,
            self.with_loupe,
        ) == (
            other.app,
            other.tr,
            other.ghost,
            other.pressed,
            other.size,
            other.with_loupe,
        ) && here(self.focus) == here(other.focus)
            && ghost(self) == ghost(other)
            && here(self.best_move) == here(other.best_move)
            && (!flipped || self.flip_phase == other.flip_phase)
            && (!last || self.pending == other.pending)
    }
}

/// One cell: its attributes, its stone, and the pointer events that make a tap (a release
/// over the cell the press started on, within [`TAP_SLOP`]).
fn board_cell(cell: CellView, shared: Shared) -> Element {
    let Shared {
        app,
        tr,
        ghost,
        mut pressed,
        size,
        focus,
        ghost_at,
        turn,
        flip_phase,
        best_move,
        pending,
        with_loupe,
    } = shared;
    let ghost_here = ghost_at == Some(cell.cell);
    rsx! {
        td {
            key: "{cell.cell.col}",
            id: "cell-{cell.name}",
            class: edge_class(cell.cell, size),
            "data-cursor": if focus == Some(cell.cell) { "true" },
            "data-point": "{cell.name}",
            "data-stone": cell.stone.map(player_name),
            "data-legal": if cell.legal { "true" },
            "data-last": if cell.last { "true" },
            "data-pending": if pending && cell.last { "true" },
            "data-flip": if cell.flipped { flip_phase },
            "data-ko": if cell.ko { "true" },
            "data-star": if cell.star { "true" },
            "data-owner": cell.owner.map(player_name),
            "data-dead": if cell.dead { "true" },
            "data-ghost": if ghost_here { player_name(turn) },
            "data-hole": if !cell.playable { "true" },
            "data-best-move": if best_move == Some(cell.cell) { "true" },
            "data-area": cell.area.map(|(p, _)| player_name(p)),
            "data-policy": cell.policy,
            style: shading_style(&cell),
            "data-hint": if cell.hint.is_some() { "true" },
            "data-best": if cell.hint.as_ref().is_some_and(|h| h.best) { "true" },
            "data-exact": if cell.hint.as_ref().is_some_and(|h| h.exact) { "true" },
            "aria-label": cell.aria_label(tr),
            role: "gridcell",
            onpointerdown: move |e: PointerEvent| {
                let p = e.client_coordinates();
                pressed.set(Some((cell.cell, p.x, p.y)));
            },
            onpointercancel: move |_| pressed.set(None),
            onpointerup: move |e: PointerEvent| {
                if with_loupe && e.pointer_type() == "touch" {
                    return;
                }
                let p = e.client_coordinates();
                let on_cell = pressed.take().is_some_and(|(c, x, y)| {
                    c == cell.cell && (p.x - x).hypot(p.y - y) <= TAP_SLOP
                });
                if on_cell && cell.playable {
                    tap(app, ghost, cell.cell, &e.pointer_type());
                }
            },
            if let Some(p) = cell.stone {
                span { class: "stone {player_name(p)}",
                    if let Some(n) = cell.number {
                        span { class: "move-number", "{n}" }
                    }
                }
            } else if ghost_here {
                span { class: "stone ghost {player_name(turn)}" }
            } else if let Some(hint) = &cell.hint {
                span { class: "hint", "aria-hidden": "true",
                    "{hint.text}"
                    if let Some(detail) = &hint.detail {
                        small { "{detail}" }
                    }
                }
            } else if let Some(percent) = cell.policy {
                span { class: "policy", "aria-hidden": "true",
                    if percent >= POLICY_NUMBER { "{percent}" }
                }
            }
        }
    }
}

/// Go's policy writes its per cent on a point from this many per cent on; below, a disc.
const POLICY_NUMBER: u8 = 3;

/// The cell's style: how surely its point is owned (`--own`), and the size of the policy's
/// disc (`--policy`: the square root of the move's share of half the policy, at most 1, so
/// that the disc's area follows the share).
fn shading_style(cell: &CellView) -> Option<String> {
    let own = cell
        .area
        .map(|(_, tenths)| format!("--own: {}", f32::from(tenths) / 10.0));
    let policy = cell.policy.map(|percent| {
        // In hundredths, written with integers: a float with a precision (`{:.2}`) would
        // link the float formatter's exact mode into the first board (1 KB gzip).
        let size = ((f32::from(percent) / 50.0).min(1.0).sqrt() * 100.0).round() as u32;
        format!("--policy: {}.{:02}", size / 100, size % 100)
    });
    match (own, policy) {
        (Some(own), Some(policy)) => Some(format!("{own}; {policy}")),
        (own, policy) => own.or(policy),
    }
}

/// The keyboard on the board: the arrows move a cursor over the cells, Enter and Space tap
/// the cell under it. The page's own listener reads the keys, not Dioxus' `onkeydown`: the
/// key of a Dioxus keyboard event is parsed into a `Key` of several hundred names, some 8 KB
/// gzip of the first download for the six keys the board reads. A board rendered again
/// hands the listener its own signals. The puzzles' board (`table.board.puzzle-board`, whose
/// legal moves are buttons) keeps its keys: Enter there plays the puzzle's move, not this
/// board's.
fn use_keys(app: AppHandle, ghost: Signal<Option<Cell>>, cursor: Signal<Option<Cell>>) {
    use_hook(move || {
        crate::js::listen(
            r#"
            if (window.ishiBoardKeys) {
                window.ishiBoardKeys.send = send;
                return;
            }
            const state = window.ishiBoardKeys = { send };
            const KEYS = new Map([["ArrowUp", "up"], ["ArrowDown", "down"], ["ArrowLeft", "left"],
                ["ArrowRight", "right"], ["Enter", "tap"], [" ", "tap"]]);
            document.addEventListener("keydown", event => {
                const key = KEYS.get(event.key);
                if (!key || event.altKey || event.ctrlKey || event.metaKey) return;
                if (!(event.target instanceof Element) || !event.target.closest("table.board:not(.puzzle-board)")) return;
                event.preventDefault();
                state.send(key);
            });
            "#,
            move |key| on_key(&key, app, ghost, cursor),
        );
    });
}

/// A key the board's listener sent ([`use_keys`]): `up`, `down`, `left`, `right` or `tap`.
fn on_key(
    key: &str,
    app: AppHandle,
    ghost: Signal<Option<Cell>>,
    mut cursor: Signal<Option<Cell>>,
) {
    let Some(n) = u8::try_from(app.peek().current().position().size())
        .ok()
        .filter(|&n| n > 0)
    else {
        return;
    };
    let (last, middle) = (n - 1, Cell::new(n / 2, n / 2));
    let at = cursor
        .peek()
        .filter(|c| c.col <= last && c.row <= last)
        .unwrap_or(middle);
    let moved = match key {
        "up" => Cell::new(at.col, at.row.saturating_sub(1)),
        "down" => Cell::new(at.col, (at.row + 1).min(last)),
        "left" => Cell::new(at.col.saturating_sub(1), at.row),
        "right" => Cell::new((at.col + 1).min(last), at.row),
        "tap" => return tap(app, ghost, at, "keyboard"),
        _ => return,
    };
    cursor.set(Some(moved));
}

/// The index of `cell` in a view's cells.
fn cell_index(cell: Cell, size: usize) -> usize {
    cell.row as usize * size + cell.col as usize
}

/// The row of column labels above and below the board.
fn coordinate_row(kind: GameKind, size: usize) -> Element {
    rsx! {
        tr {
            th { class: "corner" }
            for col in 0..size {
                th { key: "{col}", scope: "col", "{column_label(kind, col)}" }
            }
            th { class: "corner" }
        }
    }
}

/// Column labels: `a b c ...` (Othello) or `A B ... T` without `I` (Go).
fn column_label(kind: GameKind, col: usize) -> String {
    let col = u8::try_from(col).unwrap_or(u8::MAX);
    let letter = match kind {
        GameKind::Othello => ishi_rules::othello::Square::from_coords(col, 0)
            .and_then(|s| s.to_string().chars().next()),
        GameKind::Go => ishi_rules::go::column_letter(col),
    };
    letter.map(String::from).unwrap_or_default()
}

/// Row labels: from the top for Othello (`1` first), from the bottom for Go.
fn row_label(kind: GameKind, row: usize, size: usize) -> String {
    match kind {
        GameKind::Othello => (row + 1).to_string(),
        GameKind::Go => (size - row).to_string(),
    }
}
