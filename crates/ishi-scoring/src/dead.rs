//! The stones the players agree are dead, marked chain by chain.

use std::collections::BTreeSet;

use ishi_rules::go::{Go, Point};

use crate::grid::Grid;

/// The points of the stones marked dead.
///
/// Marking works on whole chains: [`from_points`](DeadStones::from_points) and
/// [`toggle_chain`](DeadStones::toggle_chain) add or remove every stone of the chain through a
/// point, and [`score`](crate::score()) treats a chain as dead when any of its stones is listed,
/// so a list that names one stone per chain (as a GTP controller or an SGF record may) means
/// the same. Points that hold no stone, or lie off the board, are ignored everywhere.
///
/// ```
/// use ishi_rules::Player;
/// use ishi_rules::go::{Go, GoRules};
/// use ishi_scoring::DeadStones;
///
/// let go = Go::from_diagram(
///     "
///     . . X . .
///     . X O X .
///     . X O X .
///     . . . . .
///     . . . . .
///     ",
///     GoRules::CHINESE,
///     Player::Black,
/// )?;
/// let mut dead = DeadStones::new();
/// assert!(dead.toggle_chain(&go, "C4".parse()?)); // the two White stones C4 and C3
/// assert_eq!(dead.len(), 2);
/// assert!(!dead.toggle_chain(&go, "C3".parse()?)); // tapping again brings them back
/// assert!(dead.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash, Debug)]
pub struct DeadStones {
    points: BTreeSet<Point>,
}

impl DeadStones {
    /// No stone marked.
    pub fn new() -> DeadStones {
        DeadStones::default()
    }

    /// The chains through `points` in `go`, whole; points without a stone are ignored.
    pub fn from_points(go: &Go, points: impl IntoIterator<Item = Point>) -> DeadStones {
        let mut dead = DeadStones::new();
        for p in points {
            if !dead.contains(p) {
                dead.points.extend(go.chain(p));
            }
        }
        dead
    }

    /// [`from_points`](DeadStones::from_points) of the points `names` name (`"D4"`), as a
    /// GTP engine or a game server sends them; names that are no point are ignored.
    ///
    /// ```
    /// use ishi_rules::Player;
    /// use ishi_rules::go::{Go, GoRules};
    /// use ishi_scoring::DeadStones;
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . X . .
    ///     . X O X .
    ///     . X O X .
    ///     . . . . .
    ///     . . . . .
    ///     ",
    ///     GoRules::CHINESE,
    ///     Player::Black,
    /// )?;
    /// // C4 names the White chain C4-C3; Z9 is off the board, A1 holds no stone.
    /// let dead = DeadStones::from_names(&go, ["C4", "Z9", "", "A1"]);
    /// assert_eq!(dead.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["C3", "C4"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_names<S: AsRef<str>>(go: &Go, names: impl IntoIterator<Item = S>) -> DeadStones {
        DeadStones::from_points(
            go,
            names.into_iter().filter_map(|n| n.as_ref().parse().ok()),
        )
    }

    /// The stones marked in `dead` (one flag per point of `grid`).
    pub(crate) fn from_mask(grid: &Grid, dead: &[bool]) -> DeadStones {
        // Inserted one by one: collecting into the set would sort, and link a sort's code into
        // the web app's first download for this alone (docs/web-size.md).
        let mut points = BTreeSet::new();
        points.extend(
            (0..grid.len())
                .filter(|&i| dead[i])
                .filter_map(|i| grid.point(i)),
        );
        DeadStones { points }
    }

    /// Marks the chain through `p` dead if none of its stones is marked, and alive otherwise:
    /// what tapping a stone does in the scoring view. Returns whether the chain is dead now;
    /// on a point without a stone nothing changes and the answer is `false`.
    pub fn toggle_chain(&mut self, go: &Go, p: Point) -> bool {
        let chain = go.chain(p);
        if chain.iter().any(|s| self.points.contains(s)) {
            for s in &chain {
                self.points.remove(s);
            }
            false
        } else {
            let marked = !chain.is_empty();
            self.points.extend(chain);
            marked
        }
    }

    /// Whether the stone on `p` is marked (on its own: see [`DeadStones`] for chains).
    pub fn contains(&self, p: Point) -> bool {
        self.points.contains(&p)
    }

    /// The number of points marked.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether nothing is marked.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The marked points, in [`Go::points`] order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.points.iter().copied()
    }
}

impl<'a> IntoIterator for &'a DeadStones {
    type Item = Point;
    type IntoIter = std::iter::Copied<std::collections::btree_set::Iter<'a, Point>>;

    fn into_iter(self) -> Self::IntoIter {
        self.points.iter().copied()
    }
}
