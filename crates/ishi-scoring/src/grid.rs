//! A plain copy of a board to count on: one cell per point, indexed row by row from the bottom
//! as [`Go::points`] lists them.
//!
//! Scoring asks questions of boards that never occur in play (dead stones lifted, dame filled
//! by nobody in particular), so it works on this copy rather than on the position: chains,
//! liberties and empty regions are recomputed by flood fill, which at 361 points is cheap.

use std::collections::VecDeque;

use ishi_rules::go::{Go, Point};
use ishi_rules::{ByColor, Player};

/// What a point of a [`Grid`] holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Cell {
    /// No stone.
    Empty,
    /// A stone.
    Stone(Player),
    /// A dame point taken by nobody in particular: it blocks without being anyone's liberty
    /// (seki detection fills dame this way).
    Filled,
}

/// The cells of a board.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    size: usize,
    cells: Vec<Cell>,
}

/// A chain: stones of one colour connected along the lines.
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    /// The colour of its stones.
    pub(crate) color: Player,
    /// Its stones, in index order.
    pub(crate) stones: Vec<usize>,
    /// Its liberties (empty neighbours), in index order.
    pub(crate) liberties: Vec<usize>,
}

/// Every chain of a grid.
#[derive(Clone, Debug)]
pub(crate) struct Chains {
    /// The chain of each point, `None` where there is no stone.
    pub(crate) of: Vec<Option<usize>>,
    /// The chains, by the index of their first stone.
    pub(crate) list: Vec<Chain>,
}

/// A region: empty points connected along the lines.
#[derive(Clone, Debug)]
pub(crate) struct Region {
    /// Its points, in index order.
    pub(crate) points: Vec<usize>,
    /// Whether it touches stones of each colour.
    pub(crate) border: ByColor<bool>,
}

impl Region {
    /// The colour of the only stones the region touches; `None` when it touches both or none.
    pub(crate) fn owner(&self) -> Option<Player> {
        match (self.border.black, self.border.white) {
            (true, false) => Some(Player::Black),
            (false, true) => Some(Player::White),
            _ => None,
        }
    }
}

/// Every region of a grid.
#[derive(Clone, Debug)]
pub(crate) struct Regions {
    /// The region of each point, `None` where the point is not empty.
    pub(crate) of: Vec<Option<usize>>,
    /// The regions, by the index of their first point.
    pub(crate) list: Vec<Region>,
}

impl Grid {
    /// The stones of `go`.
    pub(crate) fn of(go: &Go) -> Grid {
        Grid {
            size: go.size(),
            cells: go
                .points()
                .map(|p| go.stone_at(p).map_or(Cell::Empty, Cell::Stone))
                .collect(),
        }
    }

    /// The board side.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// The number of points.
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The point at index `i`.
    pub(crate) fn point(&self, i: usize) -> Option<Point> {
        let col = u8::try_from(i % self.size).ok()?;
        let row = u8::try_from(i / self.size).ok()?;
        Point::new(col, row)
    }

    /// The cell at `i`.
    pub(crate) fn cell(&self, i: usize) -> Cell {
        self.cells[i]
    }

    /// The colour of the stone at `i`, if any.
    pub(crate) fn stone(&self, i: usize) -> Option<Player> {
        match self.cells[i] {
            Cell::Stone(p) => Some(p),
            Cell::Empty | Cell::Filled => None,
        }
    }

    /// Puts `cell` at `i`.
    pub(crate) fn set(&mut self, i: usize, cell: Cell) {
        self.cells[i] = cell;
    }

    /// The neighbours of `i` along the lines.
    pub(crate) fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let n = self.size;
        let (row, col) = (i / n, i % n);
        [
            (col > 0).then(|| i - 1),
            (col + 1 < n).then(|| i + 1),
            (row > 0).then(|| i - n),
            (row + 1 < n).then(|| i + n),
        ]
        .into_iter()
        .flatten()
    }

    /// The diagonal neighbours of `i`.
    pub(crate) fn diagonals(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let n = self.size;
        let (row, col) = (i / n, i % n);
        let (left, right, down, up) = (col > 0, col + 1 < n, row > 0, row + 1 < n);
        [
            (left && down).then(|| i - n - 1),
            (right && down).then(|| i - n + 1),
            (left && up).then(|| i + n - 1),
            (right && up).then(|| i + n + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Whether `i` is on the first line.
    pub(crate) fn on_edge(&self, i: usize) -> bool {
        let n = self.size;
        let (row, col) = (i / n, i % n);
        row == 0 || col == 0 || row + 1 == n || col + 1 == n
    }

    /// The points connected to `start` through cells for which `inside` holds (`start`
    /// included, whatever it holds), in index order; marks them in `seen`.
    pub(crate) fn component(
        &self,
        start: usize,
        inside: impl Fn(Cell) -> bool,
        seen: &mut [bool],
    ) -> Vec<usize> {
        let mut found = vec![start];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            for n in self.neighbours(i) {
                if !seen[n] && inside(self.cells[n]) {
                    seen[n] = true;
                    found.push(n);
                    stack.push(n);
                }
            }
        }
        self.in_index_order(found)
    }

    /// The empty neighbours of `stones`, in index order.
    pub(crate) fn liberties(&self, stones: &[usize]) -> Vec<usize> {
        self.in_index_order(
            stones
                .iter()
                .flat_map(|&s| self.neighbours(s))
                .filter(|&n| self.cells[n] == Cell::Empty),
        )
    }

    /// The points `indices`, each once, in index order. A scan of a mask rather than a sort,
    /// whose code the web app's first download would carry for this alone
    /// (docs/web-size.md).
    fn in_index_order(&self, indices: impl IntoIterator<Item = usize>) -> Vec<usize> {
        let mut marked = vec![false; self.cells.len()];
        for i in indices {
            marked[i] = true;
        }
        (0..marked.len()).filter(|&i| marked[i]).collect()
    }

    /// Every chain.
    pub(crate) fn chains(&self) -> Chains {
        let mut of = vec![None; self.len()];
        let mut list = Vec::new();
        let mut seen = vec![false; self.len()];
        for start in 0..self.len() {
            let Some(color) = self.stone(start) else {
                continue;
            };
            if seen[start] {
                continue;
            }
            let stones = self.component(start, |c| c == Cell::Stone(color), &mut seen);
            for &s in &stones {
                of[s] = Some(list.len());
            }
            let liberties = self.liberties(&stones);
            list.push(Chain {
                color,
                stones,
                liberties,
            });
        }
        Chains { of, list }
    }

    /// Every region of empty points.
    pub(crate) fn regions(&self) -> Regions {
        let mut of = vec![None; self.len()];
        let mut list = Vec::new();
        let mut seen = vec![false; self.len()];
        for start in 0..self.len() {
            if self.cells[start] != Cell::Empty || seen[start] {
                continue;
            }
            let points = self.component(start, |c| c == Cell::Empty, &mut seen);
            let mut border = ByColor::new(false, false);
            for &i in &points {
                of[i] = Some(list.len());
                for n in self.neighbours(i) {
                    if let Some(p) = self.stone(n) {
                        border[p] = true;
                    }
                }
            }
            list.push(Region { points, border });
        }
        Regions { of, list }
    }

    /// The number of steps from each point to the nearest stone of `player` moving through
    /// empty points only; `u32::MAX` where no such path exists.
    pub(crate) fn distances(&self, player: Player) -> Vec<u32> {
        let mut distance = vec![u32::MAX; self.len()];
        let mut queue = VecDeque::new();
        for (i, d) in distance.iter_mut().enumerate() {
            if self.cells[i] == Cell::Stone(player) {
                *d = 0;
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            for n in self.neighbours(i) {
                if self.cells[n] == Cell::Empty && distance[n] == u32::MAX {
                    distance[n] = distance[i] + 1;
                    queue.push_back(n);
                }
            }
        }
        distance
    }
}
