//! What each cell of the board shows, worked out from the match: plain data, compared by
//! the board's memo so that only changed cells render again.

use ishi_rules::Player;
use ishi_scoring::Ownership;

use crate::components::analysis::value_text;
use crate::i18n::{CellFact, Tr};
use crate::model::{Cell, GameKind, Match, ValueUnit, go_point};
use crate::state::{HintValue, Hints};

/// Go shows the candidates with at least this share of the best one's playouts...
const GO_HINT_SHARE: u32 = 10;
/// ... and at most this many of them.
const GO_HINTS: usize = 5;

/// The computer's value of a move, on its cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellHint {
    /// Othello: the value in discs for the player to move (`+3`); Go with Monte Carlo: the
    /// win rate in % (`62`); Go on the network: points of score (`+3.5`).
    pub text: String,
    /// Go: the playouts or visits through the move (`340`, `1.2k`).
    pub detail: Option<String>,
    /// Go on the network: the win rate in % (`62`), for the cell's label.
    pub win_rate: Option<String>,
    /// The best move (or one as good).
    pub best: bool,
    /// Othello: the value is proved.
    pub exact: bool,
}

/// A value per cell of a board of side `size`, row by row from the top: the cells' sets and
/// maps of one render, as plain vectors (a `HashMap` would bring SipHash and its tables into
/// the first board, which nothing else there uses).
struct PerCell<T> {
    size: usize,
    values: Vec<T>,
}

impl<T: Clone + Default> PerCell<T> {
    /// `T::default()` on every cell.
    fn new(size: usize) -> PerCell<T> {
        PerCell {
            size,
            values: vec![T::default(); size * size],
        }
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        let (col, row) = (usize::from(cell.col), usize::from(cell.row));
        (col < self.size && row < self.size).then_some(row * self.size + col)
    }

    /// Sets `cell`'s value (a cell off the board is ignored).
    fn set(&mut self, cell: Cell, value: T) {
        if let Some(i) = self.index(cell) {
            self.values[i] = value;
        }
    }

    /// `cell`'s value (the default off the board).
    fn get(&self, cell: Cell) -> T {
        self.index(cell)
            .map(|i| self.values[i].clone())
            .unwrap_or_default()
    }
}

/// The number of the latest move that placed a stone on each cell, up to the cursor (passes
/// counted, so the numbers are the game record's), on a board of side `size`.
fn move_numbers(m: &Match, size: usize) -> PerCell<Option<usize>> {
    let mut numbers = PerCell::new(size);
    let played = m.line().iter().filter_map(|s| s.played.as_ref());
    for (i, played) in played.enumerate() {
        if let Some(cell) = played.mv.point() {
            numbers.set(cell, Some(i + 1));
        }
    }
    numbers
}

/// Everything a cell shows, worked out once per render.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellView {
    /// The cell.
    pub cell: Cell,
    /// Its name: `d4` or `D4`.
    pub name: String,
    /// Whether it is on the board (not a hole of a shaped Othello board).
    pub playable: bool,
    /// The stone or disc on it.
    pub stone: Option<Player>,
    /// A legal move: Othello, for a person to move, shown as a hint; Go, for whoever is to
    /// move.
    pub legal: bool,
    /// The last move.
    pub last: bool,
    /// Go, in review with the numbers shown: the number of the move that placed the stone.
    pub number: Option<usize>,
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
    /// The hint's value of the move here, when hints are on.
    pub hint: Option<CellHint>,
    /// Go, with the ownership shown: who owns the point at the end of the playouts, and how
    /// surely, in tenths (2 to 10).
    pub area: Option<(Player, u8)>,
    /// Go on the network, with the policy shown, on an empty point without a hint: the
    /// network's probability of the move here, in per cent (1 or more).
    pub policy: Option<u8>,
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
        if let Some(hint) = &self.hint {
            if hint.best {
                facts.push(CellFact::Best);
            }
            facts.push(CellFact::Value {
                text: hint.text.clone(),
                exact: hint.exact,
                visits: hint.detail.clone(),
                win_rate: hint.win_rate.clone(),
            });
        }
        if let Some(percent) = self.policy {
            facts.push(CellFact::Policy(percent));
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

/// The hint of each valued move: every one in Othello, the most visited in Go.
fn cell_hints(kind: GameKind, hints: &Hints) -> Vec<(Cell, CellHint)> {
    let best = hints.values.first().map_or(0.0, |v| v.value);
    let shown: Vec<&HintValue> = match kind {
        GameKind::Othello => hints.values.iter().collect(),
        GameKind::Go => {
            let most = hints.values.iter().map(|v| v.visits).max().unwrap_or(0);
            hints
                .values
                .iter()
                .filter(|v| v.visits > 0 && v.visits * GO_HINT_SHARE >= most)
                .take(GO_HINTS)
                .collect()
        }
    };
    shown
        .into_iter()
        .filter_map(|v| {
            let cell = v.mv.point()?;
            let (text, detail) = match (kind, v.win_rate) {
                (GameKind::Othello, _) => (value_text(ValueUnit::Discs, v.value), None),
                (GameKind::Go, None) => (format!("{:.0}", v.value), Some(playouts(v.visits))),
                (GameKind::Go, Some(_)) => (score_hint(v.value), Some(playouts(v.visits))),
            };
            let hint = CellHint {
                text,
                detail,
                win_rate: v.win_rate.map(|w| format!("{w:.0}")),
                best: best - v.value <= ishi_analysis::LOSS_EPSILON,
                exact: v.exact,
            };
            Some((cell, hint))
        })
        .collect()
}

/// Points of score as a Go hint writes them, four characters at most to fit in its circle:
/// `+3.5`, `-0.5`, `+12`.
fn score_hint(value: f32) -> String {
    if value.abs() < 9.95 {
        value_text(ValueUnit::Score, value)
    } else {
        format!("{value:+.0}")
    }
}

/// Playouts as hints write them: `340`, `1.2k`, `12k`.
fn playouts(visits: u32) -> String {
    match visits {
        0..1_000 => visits.to_string(),
        1_000..10_000 => format!("{:.1}k", f64::from(visits) / 1000.0),
        _ => format!("{}k", visits / 1000),
    }
}

/// Who owns the point of `cell` and how surely, from `ownership` (in `Go::points` order);
/// none below a fifth of certainty.
fn area(ownership: &[f32], cell: Cell, size: usize) -> Option<(Player, u8)> {
    let p = go_point(cell, size)?;
    let own = *ownership.get(usize::from(p.row()) * size + usize::from(p.col()))?;
    let tenths = (own.abs() * 10.0).round() as u8;
    (tenths >= 2).then(|| {
        (
            if own > 0.0 {
                Player::Black
            } else {
                Player::White
            },
            tenths.min(10),
        )
    })
}

/// The network's policy at `cell`, from `policy` (in `Go::points` order), in per cent; none
/// below half a per cent.
fn policy_percent(policy: &[f32], cell: Cell, size: usize) -> Option<u8> {
    let p = go_point(cell, size)?;
    let share = *policy.get(usize::from(p.row()) * size + usize::from(p.col()))?;
    let percent = (share * 100.0).round();
    (percent >= 1.0).then(|| percent.min(100.0) as u8)
}

/// What the board shades besides the stones: the values of the moves, Go's ownership and
/// Go's policy, each when shown.
#[derive(Copy, Clone, Default)]
pub struct Shading<'a> {
    /// The values of the moves, when they are of this position.
    pub values: Option<&'a Hints>,
    /// Go: who owns each point, from -1 (White) to 1 (Black), in `Go::points` order.
    pub owners: Option<&'a [f32]>,
    /// Go on the network: each point's probability, in `Go::points` order.
    pub policy: Option<&'a [f32]>,
}

/// The views of every cell of `m`'s current position, row by row from the top, with what
/// `shading` holds (the values when they are of this position, Go's ownership and policy).
/// In `review`, either side's move may be tried (a variation), so Othello's legal squares are
/// marked whoever is to move.
pub fn cell_views(
    m: &Match,
    hints: bool,
    shading: Shading<'_>,
    numbers: bool,
    review: bool,
) -> Vec<CellView> {
    let Shading {
        values,
        owners,
        policy,
    } = shading;
    let position = m.position();
    let size = position.size();
    let numbers = if numbers && position.kind() == GameKind::Go {
        move_numbers(m, size)
    } else {
        PerCell::new(size)
    };
    let snapshot = m.current();
    let human_to_move = m.human_to_move();
    let may_move = human_to_move || (review && !m.is_over() && !m.is_counting());
    // Othello marks the legal squares for a person to move, with hints on. Go shows no mark,
    // but names its legal points (`data-legal`, the spoken label) for whoever is to move, the
    // computer included: the turn passing to the computer then changes no cell, and a move
    // renders again only the rows it changed (`BoardRow`), not all nineteen.
    let go_playing = position.kind() == GameKind::Go && !m.is_over() && !m.is_counting();
    let mut legal = PerCell::new(size);
    if go_playing || (may_move && hints) {
        for cell in position.legal_cells() {
            legal.set(cell, true);
        }
    }
    let played = snapshot.played.as_ref().filter(|p| !p.forced);
    let last = played.and_then(|p| p.mv.point());
    let mut flipped = PerCell::new(size);
    for &cell in played.map_or(&[][..], |p| &p.flipped[..]) {
        flipped.set(cell, true);
    }
    let ko = position.ko();
    let count = m.count();
    let mut hinted = values
        .filter(|_| human_to_move)
        .map(|h| cell_hints(position.kind(), h))
        .unwrap_or_default();
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
                legal: legal.get(cell),
                last: last == Some(cell),
                number: position.stone(cell).and_then(|_| numbers.get(cell)),
                flipped: flipped.get(cell),
                ko: ko == Some(cell),
                star: position.is_star(cell),
                owner,
                dead,
                hint: hinted
                    .iter()
                    .position(|(c, _)| *c == cell)
                    .map(|i| hinted.swap_remove(i).1),
                area: owners.and_then(|own| area(own, cell, size)),
                policy: None,
            });
            let view = views
                .last_mut()
                .filter(|v| v.stone.is_none() && v.hint.is_none());
            if let (Some(view), Some(policy)) = (view, policy) {
                view.policy = policy_percent(policy, cell, size);
            }
        }
    }
    views
}

/// Go grid edges: which sides of a cell have no line beyond the centre.
pub fn edge_class(cell: Cell, size: usize) -> String {
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

/// The colour's name in `data-*` attributes and classes.
pub fn player_name(p: Player) -> &'static str {
    p.fold("black", "white")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_hints_in_points_fit_in_four_characters() {
        assert_eq!(score_hint(3.54), "+3.5");
        assert_eq!(score_hint(-0.5), "-0.5");
        assert_eq!(score_hint(0.01), "0");
        assert_eq!(score_hint(9.96), "+10");
        assert_eq!(score_hint(-35.4), "-35");
        assert_eq!(playouts(1_234), "1.2k");
    }

    #[test]
    fn the_policy_shows_from_one_per_cent_in_whole_per_cents() {
        // 3x3, row by row from the bottom: A1 B1 C1, A2 B2 C2, A3 B3 C3.
        let policy = [0.004, 0.006, 0.0, 0.0, 0.874, 0.0, 0.0, 0.0, 1.2];
        let cell = |name: &str| crate::model::go_cell(name.parse().unwrap(), 3);
        let percent = |name: &str| policy_percent(&policy, cell(name), 3);
        assert_eq!(percent("A1"), None);
        assert_eq!(percent("B1"), Some(1));
        assert_eq!(percent("B2"), Some(87));
        assert_eq!(percent("C3"), Some(100));
        assert_eq!(percent("A3"), None);
    }
}
