//! A small board for the feature computations: stones in a padded 21x21 array (rows from the
//! top, as KataGo lays its inputs), chains found by flood fill, and moves that a ladder
//! search plays on copies.
//!
//! `ishi_rules::go::Go` is built for playouts and keeps its incremental chains private; the
//! features need a different toolkit (liberty counts of any chain, moves tried and undone by
//! the thousand in ladder reading, Benson's regions), and a board this small copies in one
//! `memcpy`, which is how the ladder search undoes a move.

use ishi_rules::Player;
use ishi_rules::go::{Go, Point};

/// The padded side: a wall row and column around the largest board.
pub(crate) const STRIDE: usize = 21;
/// Cells in the padded array.
pub(crate) const CELLS: usize = STRIDE * STRIDE;

/// What a cell holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Cell {
    Empty,
    Stone(Player),
    Wall,
}

/// A board's stones and its simple-ko point.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    pub(crate) size: usize,
    cells: [Cell; CELLS],
    /// The point the next player may not take back, if a single stone was just taken in a ko.
    pub(crate) ko: Option<usize>,
}

/// The index of `(x, y)`, both counted from 0 at the top left.
pub(crate) fn loc(x: usize, y: usize) -> usize {
    (y + 1) * STRIDE + x + 1
}

/// The four neighbours of `l`.
pub(crate) fn neighbours(l: usize) -> [usize; 4] {
    [l - STRIDE, l - 1, l + 1, l + STRIDE]
}

/// Marks on the cells, cleared in O(1) by moving to a new generation.
#[derive(Clone, Debug)]
pub(crate) struct Marks {
    generation: u32,
    marks: [u32; CELLS],
}

impl Default for Marks {
    fn default() -> Marks {
        Marks {
            generation: 0,
            marks: [0; CELLS],
        }
    }
}

impl Marks {
    /// Forgets every mark.
    pub(crate) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks = [0; CELLS];
            self.generation = 1;
        }
    }

    /// Marks `l`; `false` if it was marked already.
    pub(crate) fn mark(&mut self, l: usize) -> bool {
        let fresh = self.marks[l] != self.generation;
        self.marks[l] = self.generation;
        fresh
    }

    pub(crate) fn is_marked(&self, l: usize) -> bool {
        self.marks[l] == self.generation
    }
}

impl Grid {
    /// The stones of `go`, rows from the top, and its ko point.
    pub(crate) fn from_go(go: &Go) -> Grid {
        let size = go.size();
        let mut cells = [Cell::Wall; CELLS];
        for y in 0..size {
            for x in 0..size {
                let point = Point::new(x as u8, (size - 1 - y) as u8);
                cells[loc(x, y)] = match point.and_then(|p| go.stone_at(p)) {
                    Some(player) => Cell::Stone(player),
                    None => Cell::Empty,
                };
            }
        }
        let ko = go
            .ko_point()
            .map(|p| loc(usize::from(p.col()), size - 1 - usize::from(p.row())));
        Grid { size, cells, ko }
    }

    pub(crate) fn cell(&self, l: usize) -> Cell {
        self.cells[l]
    }

    /// The colour of the stone on `l`, if any.
    pub(crate) fn stone(&self, l: usize) -> Option<Player> {
        match self.cells[l] {
            Cell::Stone(p) => Some(p),
            _ => None,
        }
    }

    /// Every on-board index, row by row from the top.
    pub(crate) fn locs(&self) -> impl Iterator<Item = usize> + use<> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| loc(x, y)))
    }

    /// The stones of the chain through `l` (a stone), appended to `out`; marks them in `marks`
    /// (cleared first).
    pub(crate) fn chain(&self, l: usize, marks: &mut Marks, out: &mut Vec<usize>) {
        marks.clear();
        let color = self.cells[l];
        let start = out.len();
        marks.mark(l);
        out.push(l);
        let mut next = start;
        while next < out.len() {
            let at = out[next];
            next += 1;
            for n in neighbours(at) {
                if self.cells[n] == color && marks.mark(n) {
                    out.push(n);
                }
            }
        }
    }

    /// The liberties of the chain through `l` (a stone), in the order a walk of the chain
    /// meets them, appended to `out`. `stones` is scratch space.
    pub(crate) fn liberties(
        &self,
        l: usize,
        marks: &mut Marks,
        stones: &mut Vec<usize>,
        out: &mut Vec<usize>,
    ) {
        stones.clear();
        self.chain(l, marks, stones);
        // The chain's stones are marked: liberties get marked too, so each comes once.
        for &s in stones.iter() {
            for n in neighbours(s) {
                if self.cells[n] == Cell::Empty && marks.mark(n) {
                    out.push(n);
                }
            }
        }
    }

    /// How many liberties the chain through `l` (a stone) has.
    pub(crate) fn liberty_count(
        &self,
        l: usize,
        marks: &mut Marks,
        stones: &mut Vec<usize>,
    ) -> usize {
        stones.clear();
        self.chain(l, marks, stones);
        let mut count = 0;
        for &s in stones.iter() {
            for n in neighbours(s) {
                if self.cells[n] == Cell::Empty && marks.mark(n) {
                    count += 1;
                }
            }
        }
        count
    }

    /// Whether `player` may put a stone on `l` with suicide of more than one stone forbidden
    /// (a lone stone's suicide always is) and the ko point refused.
    pub(crate) fn is_legal(
        &self,
        l: usize,
        player: Player,
        marks: &mut Marks,
        scratch: &mut Vec<usize>,
    ) -> bool {
        if self.cells[l] != Cell::Empty || self.ko == Some(l) {
            return false;
        }
        for n in neighbours(l) {
            match self.cells[n] {
                Cell::Empty => return true,
                Cell::Stone(p) if p == player => {
                    if self.liberty_count(n, marks, scratch) > 1 {
                        return true;
                    }
                }
                Cell::Stone(_) => {
                    if self.liberty_count(n, marks, scratch) == 1 {
                        return true;
                    }
                }
                Cell::Wall => {}
            }
        }
        false
    }

    /// Plays `player` on the empty point `l`: removes the opponent chains left without
    /// liberties, then the new chain if it has none, and sets the ko point when exactly one
    /// stone was taken by a lone stone left with one liberty.
    pub(crate) fn play(
        &mut self,
        l: usize,
        player: Player,
        marks: &mut Marks,
        scratch: &mut Vec<usize>,
    ) {
        self.cells[l] = Cell::Stone(player);
        let mut captured = 0;
        let mut ko = None;
        for n in neighbours(l) {
            if self.cells[n] == Cell::Stone(!player) && self.liberty_count(n, marks, scratch) == 0 {
                scratch.clear();
                self.chain(n, marks, scratch);
                captured += scratch.len();
                for &s in scratch.iter() {
                    self.cells[s] = Cell::Empty;
                }
                ko = Some(n);
            }
        }
        let lone = neighbours(l)
            .iter()
            .all(|&n| self.cells[n] != Cell::Stone(player));
        let libs = self.liberty_count(l, marks, scratch);
        self.ko = if captured == 1 && lone && libs == 1 {
            ko
        } else {
            None
        };
        if libs == 0 {
            scratch.clear();
            self.chain(l, marks, scratch);
            for &s in scratch.iter() {
                self.cells[s] = Cell::Empty;
            }
        }
    }
}
