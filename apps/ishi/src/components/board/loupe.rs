//! The loupe: while a finger is down on a Go board of 13x13 or more, a magnified view of the
//! point under it and its neighbours shows above the finger (beside it near the top of the
//! screen), with the point's name. Sliding the finger moves the loupe and the ghost stone;
//! lifting it leaves the ghost where it was lifted, for the confirming tap. A touch that
//! starts and ends on the ghost already there is that confirming tap; without confirmation
//! (an option) lifting plays.
//!
//! The finger is followed by a few lines of JavaScript on the page's touch events: a touch
//! pointer is captured by the cell it went down on, so only `elementFromPoint` knows which
//! cell is under it now. They report a change of cell, not every pixel, as one line of text
//! ([`TouchReport::parse`]). The cells' own pointer handlers leave touches on such a board
//! to it.

use std::rc::Rc;

use dioxus::prelude::*;

use super::cells::{CellView, edge_class, player_name};
use super::tap::tap;
use crate::app::AppHandle;
use crate::js;
use crate::model::{Cell, GameKind};

/// The smallest Go board that gets the loupe: below it a cell is wide enough for a finger.
pub(super) const MIN_SIZE: usize = 13;

/// How many points the loupe shows from the one under the finger to its edge.
const REACH: i32 = 2;
/// The loupe's outer size in CSS pixels: (2 * REACH + 1) cells of 30 px, padding, border.
const SIDE: i32 = 5 * 30 + 2 * 6 + 2 * 2;
/// How far from the point under the finger the loupe keeps, so the fingertip hides none of
/// it.
const CLEAR: i32 = 44;
/// The loupe's margin from the screen's edges.
const MARGIN: i32 = 4;

/// Whether a board of this game and size gets the loupe.
pub(super) fn wanted(kind: GameKind, size: usize) -> bool {
    kind == GameKind::Go && size >= MIN_SIZE
}

/// One line from the page's touch listener.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum TouchReport {
    /// A finger went down (`first`) or slid onto another cell: the point's name (`None` off
    /// the points), the centre of its cell and the screen's size, in CSS pixels.
    Over {
        first: bool,
        point: Option<String>,
        at: Screen,
    },
    /// The finger was lifted over the point named (`None`: off the points).
    Up(Option<String>),
    /// The system took the touch (a gesture, a second finger).
    Cancel,
}

/// A place on the screen and the screen's size, in CSS pixels.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Screen {
    pub(super) x: i32,
    pub(super) y: i32,
    pub(super) width: i32,
    pub(super) height: i32,
}

impl TouchReport {
    /// Reads `down NAME X Y WIDTH HEIGHT`, `move …` (the same), `up NAME` and `cancel`, where
    /// NAME is `-` off the points. Anything else is `None`.
    pub(super) fn parse(line: &str) -> Option<TouchReport> {
        let mut words = line.split(' ');
        let kind = words.next()?;
        let point = |word: &str| (word != "-").then(|| word.to_owned());
        let report = match kind {
            "down" | "move" => {
                let point = point(words.next()?);
                let mut number = || words.next()?.parse::<i32>().ok();
                let at = Screen {
                    x: number()?,
                    y: number()?,
                    width: number()?,
                    height: number()?,
                };
                TouchReport::Over {
                    first: kind == "down",
                    point,
                    at,
                }
            }
            "up" => TouchReport::Up(point(words.next()?)),
            "cancel" => TouchReport::Cancel,
            _ => return None,
        };
        words.next().is_none().then_some(report)
    }
}

/// Where the loupe's top left corner goes for a point whose cell is centred at `at`: above
/// it, centred, when there is room; otherwise beside it, on the side with room. Always
/// within the screen when the screen is larger than the loupe.
pub(super) fn placement(at: Screen) -> (i32, i32) {
    let clamp = |v: i32, most: i32| v.min(most).max(MARGIN);
    let above = at.y - CLEAR - SIDE;
    if above >= MARGIN {
        return (clamp(at.x - SIDE / 2, at.width - SIDE - MARGIN), above);
    }
    let right = at.x + CLEAR;
    let left = if right + SIDE + MARGIN <= at.width {
        right
    } else {
        at.x - CLEAR - SIDE
    };
    (
        clamp(left, at.width - SIDE - MARGIN),
        clamp(at.y - SIDE / 2, at.height - SIDE - MARGIN),
    )
}

/// A finger on the board.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Touch {
    /// The point under it, if it is over one.
    pub(super) at: Option<Cell>,
    /// The centre of that point's cell, and the screen.
    pub(super) screen: Screen,
    /// The ghost stone before the finger went down: a touch that ends on it confirms it.
    pub(super) before: Option<Cell>,
}

/// Listens to the page's touches on a board with the loupe, for as long as the page lives.
/// A board rendered again hands the listener its own signals. In the script (whose words
/// would cost the first download): a touch that ends over the board is handled there, its
/// default prevented, so that no click follows it.
pub(super) fn use_touches(
    app: AppHandle,
    ghost: Signal<Option<Cell>>,
    touch: Signal<Option<Touch>>,
) {
    use_hook(move || {
        js::listen(
            r#"
if (window.ishiLoupe) {
    window.ishiLoupe.send = send;
    return;
}
const state = window.ishiLoupe = { send, id: null, last: null };
const BOARD = "table.board[data-loupe]";
const over = (t) => {
    const element = document.elementFromPoint(t.clientX, t.clientY);
    return element && element.closest(BOARD + " td[data-point]");
};
const report = (kind, t) => {
    const cell = over(t);
    state.last = cell;
    if (!cell) return state.send(`${kind} - 0 0 ${innerWidth} ${innerHeight}`);
    const box = cell.getBoundingClientRect();
    const x = Math.round(box.left + box.width / 2);
    const y = Math.round(box.top + box.height / 2);
    state.send(`${kind} ${cell.dataset.point} ${x} ${y} ${innerWidth} ${innerHeight}`);
};
const mine = (e) => [...e.changedTouches].find((t) => t.identifier === state.id);
const cancel = () => {
    if (state.id === null) return;
    state.id = null;
    state.send("cancel");
};
document.addEventListener("touchstart", (e) => {
    if (e.touches.length !== 1) return cancel();
    const t = e.changedTouches[0];
    if (!(t.target instanceof Element) || !t.target.closest(BOARD)) return;
    state.id = t.identifier;
    report("down", t);
}, { passive: true });
document.addEventListener("touchmove", (e) => {
    const t = mine(e);
    if (t && over(t) !== state.last) report("move", t);
}, { passive: true });
document.addEventListener("touchend", (e) => {
    const t = mine(e);
    if (!t) return;
    if (e.cancelable) e.preventDefault();
    state.id = null;
    const cell = over(t);
    state.send(`up ${cell ? cell.dataset.point : "-"}`);
}, { passive: false });
document.addEventListener("touchcancel", (e) => {
    if (mine(e)) cancel();
}, { passive: true });
"#,
            move |line| {
                if let Some(report) = TouchReport::parse(&line) {
                    on_report(app, ghost, touch, report);
                }
            },
        );
    });
}

/// Follows the finger: the loupe and the ghost while it is down, the tap when it is lifted.
fn on_report(
    app: AppHandle,
    mut ghost: Signal<Option<Cell>>,
    mut touch: Signal<Option<Touch>>,
    report: TouchReport,
) {
    let cell_of = |name: &str| {
        let state = app.peek();
        match state.current().position().parse_move(name) {
            Ok(ishi_rules::Move::Place(cell)) => Some(cell),
            _ => None,
        }
    };
    match report {
        TouchReport::Over {
            first,
            point,
            at: screen,
        } => {
            let before = match *touch.peek() {
                Some(t) if !first => t.before,
                _ => *ghost.peek(),
            };
            let at = point.as_deref().and_then(cell_of);
            touch.set(Some(Touch { at, screen, before }));
            let counting = app.peek().current().is_counting();
            if let Some(cell) = at.filter(|_| !counting) {
                ghost.set(Some(cell));
            }
        }
        TouchReport::Up(point) => {
            let Some(down) = touch.take() else { return };
            if let Some(cell) = point.as_deref().and_then(cell_of) {
                // The ghost as it was before this touch: a tap on it confirms it.
                ghost.set(down.before);
                tap(app, ghost, cell, "touch");
            }
        }
        TouchReport::Cancel => {
            if let Some(down) = touch.take() {
                ghost.set(down.before);
            }
        }
    }
}

/// The loupe for `touch` over the board's `cells`, with the ghost stone (of `turn`'s
/// colour) where it stands.
pub(super) fn loupe(
    touch: Touch,
    cells: &Rc<[CellView]>,
    size: usize,
    ghost: Option<(Cell, &'static str)>,
) -> Element {
    let Some(at) = touch.at else {
        return rsx! {};
    };
    let Some(centre) = cells.get(usize::from(at.row) * size + usize::from(at.col)) else {
        return rsx! {};
    };
    let (left, top) = placement(touch.screen);
    let cell_at = |dc: i32, dr: i32| {
        let col = i32::from(at.col) + dc;
        let row = i32::from(at.row) + dr;
        let inside = (0..size as i32).contains(&col) && (0..size as i32).contains(&row);
        inside
            .then(|| cells.get(row as usize * size + col as usize))
            .flatten()
    };
    rsx! {
        div {
            class: "loupe",
            "data-at": "{centre.name}",
            "aria-hidden": "true",
            style: "left: {left}px; top: {top}px",
            table { class: "go",
                tbody {
                    for dr in -REACH..=REACH {
                        tr { key: "{dr}",
                            for dc in -REACH..=REACH {
                                if let Some(cell) = cell_at(dc, dr) {
                                    {loupe_cell(cell, size, ghost, dc == 0 && dr == 0)}
                                } else {
                                    td { key: "{dc}", class: "off" }
                                }
                            }
                        }
                    }
                }
            }
            span { class: "name", "{centre.name}" }
        }
    }
}

/// One point in the loupe: its lines, star, stone or ghost, the last move's mark.
fn loupe_cell(
    cell: &CellView,
    size: usize,
    ghost: Option<(Cell, &'static str)>,
    centre: bool,
) -> Element {
    let ghost = ghost.filter(|&(c, _)| c == cell.cell && cell.stone.is_none());
    rsx! {
        td {
            key: "{cell.cell.col}",
            class: edge_class(cell.cell, size),
            "data-star": if cell.star { "true" },
            "data-last": if cell.last { "true" },
            "data-centre": if centre { "true" },
            "data-stone": cell.stone.map(player_name),
            "data-ghost": ghost.map(|(_, colour)| colour),
            if let Some(p) = cell.stone {
                span { class: "stone {player_name(p)}" }
            } else if let Some((_, colour)) = ghost {
                span { class: "stone ghost {colour}" }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PHONE: Screen = Screen {
        x: 0,
        y: 0,
        width: 360,
        height: 740,
    };

    #[test]
    fn reports_are_read_and_anything_else_is_refused() {
        assert_eq!(
            TouchReport::parse("down D4 120 300 360 740"),
            Some(TouchReport::Over {
                first: true,
                point: Some("D4".to_owned()),
                at: Screen {
                    x: 120,
                    y: 300,
                    ..PHONE
                },
            })
        );
        assert_eq!(
            TouchReport::parse("move - 0 0 360 740"),
            Some(TouchReport::Over {
                first: false,
                point: None,
                at: PHONE,
            })
        );
        assert_eq!(
            TouchReport::parse("up Q16"),
            Some(TouchReport::Up(Some("Q16".to_owned())))
        );
        assert_eq!(TouchReport::parse("up -"), Some(TouchReport::Up(None)));
        assert_eq!(TouchReport::parse("cancel"), Some(TouchReport::Cancel));
        for bad in [
            "",
            "down",
            "down D4 1 2 3",
            "down D4 1 2 3 x",
            "down D4 1 2 3 4 5",
            "up",
            "up D4 D5",
            "lift D4",
        ] {
            assert_eq!(TouchReport::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_loupe_goes_above_the_finger_when_there_is_room() {
        let (left, top) = placement(Screen {
            x: 180,
            y: 400,
            ..PHONE
        });
        assert_eq!(top, 400 - CLEAR - SIDE);
        assert_eq!(left, 180 - SIDE / 2);
    }

    #[test]
    fn near_the_top_the_loupe_goes_beside_the_finger() {
        // On the left half: to the right of the finger.
        let (left, top) = placement(Screen {
            x: 40,
            y: 60,
            ..PHONE
        });
        assert_eq!(left, 40 + CLEAR);
        assert_eq!(top, MARGIN);
        // On the right edge: to its left.
        let (left, _) = placement(Screen {
            x: 340,
            y: 60,
            ..PHONE
        });
        assert_eq!(left, 340 - CLEAR - SIDE);
    }

    #[test]
    fn the_loupe_stays_on_the_screen() {
        let landscape = Screen {
            x: 0,
            y: 0,
            width: 740,
            height: 360,
        };
        for x in (0..740).step_by(7) {
            for y in (0..360).step_by(7) {
                let (left, top) = placement(Screen { x, y, ..landscape });
                assert!(
                    left >= MARGIN && left + SIDE + MARGIN <= 740,
                    "{x},{y}: {left}"
                );
                assert!(
                    top >= MARGIN && top + SIDE + MARGIN <= 360,
                    "{x},{y}: {top}"
                );
                // It never covers the point under the finger.
                let covers = (left..left + SIDE).contains(&x) && (top..top + SIDE).contains(&y);
                assert!(
                    !covers,
                    "{x},{y}: the loupe covers the finger at {left},{top}"
                );
            }
        }
    }

    #[test]
    fn only_large_go_boards_get_the_loupe() {
        assert!(wanted(GameKind::Go, 19));
        assert!(wanted(GameKind::Go, 13));
        assert!(!wanted(GameKind::Go, 9));
        assert!(!wanted(GameKind::Othello, 8));
    }
}
