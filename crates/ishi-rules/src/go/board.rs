//! The stones of a Go board, their chains and pseudo-liberties, kept up to date per stone.
//!
//! Points live in one array laid out for the largest board, rows of [`STRIDE`] cells with one
//! sentinel column between rows and a sentinel row above and below: the neighbours of index
//! `i` are always `i ± 1` and `i ± STRIDE`, whatever the board size, and every cell off the
//! board holds [`BORDER`], so no move needs a bounds test. A smaller board uses the lower-left
//! corner of the array.
//!
//! Each chain keeps its stones in a circular list (`next`), and each stone the index of its
//! chain's head, where the chain's counters live. Liberties are *pseudo-liberties*: an empty
//! point counts once per adjacent stone of the chain. A chain is captured when the count drops
//! to 0; it is in atari (one real liberty) exactly when all its pseudo-liberties are the same
//! point, which `count * Σ(index²) = (Σ index)²` tells without a set.

use crate::Player;

use super::{MAX_SIZE, Point, zobrist};

/// Cells per row of the padded array: the widest board plus one shared sentinel column.
pub(crate) const STRIDE: usize = MAX_SIZE + 1;
/// Cells in the padded array: the widest board's rows, a sentinel row below and above, and
/// one more cell for the upper-right diagonal of the top-right corner.
pub(crate) const LEN: usize = STRIDE * (MAX_SIZE + 2) + 1;
/// The arrays' length: a power of two above [`LEN`], so that an index masked with
/// `CAPACITY - 1` is in bounds without a check.
const CAPACITY: usize = LEN.next_power_of_two();

/// A cell without a stone.
pub(crate) const EMPTY: u8 = 0;
/// A cell with a Black stone.
pub(crate) const BLACK: u8 = 1;
/// A cell with a White stone.
pub(crate) const WHITE: u8 = 2;
/// A cell off the board.
pub(crate) const BORDER: u8 = 3;

/// What a cell adds to its neighbours' counts in `around`, by cell value: 4 bits per kind.
const FIELD: [u16; 4] = [1, 1 << 4, 1 << 8, 0];
/// The bits of `around` that count empty neighbours.
const EMPTY_MASK: u16 = 0xf;
/// The bits of `around` that count a colour's stones, by cell value.
const STONE_MASK: [u16; 3] = [0, 0xf0, 0xf00];

/// Steps to the four neighbours.
const DIRS: [isize; 4] = [1, -1, STRIDE as isize, -(STRIDE as isize)];
/// Steps to the four diagonal neighbours.
const DIAGONALS: [isize; 4] = [
    STRIDE as isize + 1,
    STRIDE as isize - 1,
    -(STRIDE as isize) + 1,
    -(STRIDE as isize) - 1,
];

/// The eight cells around a point, for [`Board::neighbourhood`]: the row above from left to
/// right, the left and right neighbours, then the row below from left to right.
pub(crate) const AROUND: [isize; 8] = [
    STRIDE as isize - 1,
    STRIDE as isize,
    STRIDE as isize + 1,
    -1,
    1,
    -(STRIDE as isize) - 1,
    -(STRIDE as isize),
    -(STRIDE as isize) + 1,
];

/// The most liberties [`Board::liberties_after`] counts.
pub(crate) const LIBERTY_LIMIT: usize = 8;

/// A few distinct points, for counting liberties.
#[derive(Default)]
struct Points {
    items: [usize; LIBERTY_LIMIT],
    len: usize,
}

impl Points {
    /// Adds `i` unless it is there already; whether `limit` points are there now.
    #[inline(always)]
    fn insert(&mut self, i: usize, limit: usize) -> bool {
        if !self.items[..self.len].contains(&i) {
            self.items[self.len] = i;
            self.len += 1;
        }
        self.len >= limit
    }
}

/// The cell value of `player`'s stones.
#[inline(always)]
pub(crate) fn cell_of(player: Player) -> u8 {
    match player {
        Player::Black => BLACK,
        Player::White => WHITE,
    }
}

/// The player whose stones have cell value `cell`, if it is a stone.
#[inline]
pub(crate) fn player_of(cell: u8) -> Option<Player> {
    match cell {
        BLACK => Some(Player::Black),
        WHITE => Some(Player::White),
        _ => None,
    }
}

/// The padded index of `p` (on any board: a point off a small board lands on a border cell).
#[inline(always)]
pub(crate) fn index(p: Point) -> usize {
    (p.row() as usize + 1) * STRIDE + p.col() as usize + 1
}

/// The point at padded index `i`, which must be a point of the largest board.
#[inline(always)]
pub(crate) fn point(i: usize) -> Point {
    // Indices come from `index`, so both coordinates are below 19 and `new` succeeds.
    Point::new((i % STRIDE) as u8 - 1, (i / STRIDE) as u8 - 1)
        .unwrap_or_else(|| unreachable!("padded index {i} is not a point"))
}

/// The points at the padded indices `indices`, each once, in [`Point`] order: indices run row
/// by row from the bottom, as points order. A scan of a mask rather than a sort, whose code
/// the web app's first download would carry for this alone (docs/web-size.md).
pub(crate) fn points_in_order(indices: impl IntoIterator<Item = usize>) -> Vec<Point> {
    let mut marked = [false; CAPACITY];
    for i in indices {
        marked[i & (CAPACITY - 1)] = true;
    }
    (0..CAPACITY).filter(|&i| marked[i]).map(point).collect()
}

/// The neighbour of `i` one `step` away.
#[inline(always)]
fn step(i: usize, step: isize) -> usize {
    i.wrapping_add_signed(step)
}

/// An array indexed by padded index. Indexing masks the index to the array's power-of-two
/// length, which the compiler sees is in bounds: the hot loops go without bounds checks,
/// and no `unsafe` is needed. Indices come from `index` and the neighbour steps, all below
/// [`LEN`], so the mask never changes one.
#[derive(Clone)]
struct Grid<T>([T; CAPACITY]);

impl<T: Copy> Grid<T> {
    fn filled(value: T) -> Grid<T> {
        Grid([value; CAPACITY])
    }

    #[inline(always)]
    fn swap(&mut self, a: usize, b: usize) {
        self.0.swap(a & (CAPACITY - 1), b & (CAPACITY - 1));
    }
}

impl<T> std::ops::Index<usize> for Grid<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        &self.0[i & (CAPACITY - 1)]
    }
}

impl<T> std::ops::IndexMut<usize> for Grid<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[i & (CAPACITY - 1)]
    }
}

/// Counters of one chain, kept at its head's index.
#[derive(Copy, Clone, Default, Debug)]
struct Chain {
    /// Pseudo-liberties: adjacent (stone, empty point) pairs.
    libs: u16,
    /// Stones in the chain.
    size: u16,
    /// The sum of the pseudo-liberties' indices.
    lib_sum: u32,
    /// The sum of their squares.
    lib_sum_sq: u32,
}

impl Chain {
    /// Whether all pseudo-liberties are one point: the chain has exactly one liberty.
    #[inline(always)]
    fn in_atari(self) -> bool {
        let sum = u64::from(self.lib_sum);
        u64::from(self.libs) * u64::from(self.lib_sum_sq) == sum * sum
    }
}

/// What a placement did.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Placed {
    /// Opponent stones removed.
    pub(crate) captured: u32,
    /// The mover's own stones removed (a suicide), the new stone included.
    pub(crate) suicided: u32,
    /// The simple-ko point for the opponent: the single stone just captured, when the new
    /// stone alone could be captured back there at once.
    pub(crate) ko: Option<usize>,
}

/// A chain's liberties other than one point ([`Board::liberties_besides`]).
enum Besides {
    None,
    One(usize),
    Several,
}

/// Why a placement is refused by the board alone (ko is the position's business).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Refusal {
    /// Not an empty point of the board.
    Occupied,
    /// The stone's chain would have no liberties.
    Suicide,
}

/// Stones, chains, pseudo-liberties, the list of empty points and the board's Zobrist hash.
#[derive(Clone)]
pub(crate) struct Board {
    size: u8,
    /// `EMPTY`, `BLACK`, `WHITE` or `BORDER` per padded index.
    cells: Grid<u8>,
    /// The head of the chain of each stone (stale on empty cells).
    head: Grid<u16>,
    /// The next stone of the same chain, circularly (stale on empty cells).
    next: Grid<u16>,
    /// Chain counters, at the head's index.
    chains: Grid<Chain>,
    /// The empty points, in no particular order.
    empties: Grid<u16>,
    /// How many entries of `empties` are in use.
    empty_count: u16,
    /// Where each empty point is in `empties` (stale on stones).
    empty_slot: Grid<u16>,
    /// Neighbours of each cell by kind: empty, Black and White counts in 4 bits each.
    around: Grid<u16>,
    /// XOR of the keys of the stones.
    hash: u64,
}

impl Board {
    /// An empty board of side `size` (5..=19, checked by the caller).
    pub(crate) fn new(size: usize) -> Board {
        let mut board = Board {
            size: size as u8,
            cells: Grid::filled(BORDER),
            head: Grid::filled(0),
            next: Grid::filled(0),
            chains: Grid::filled(Chain::default()),
            empties: Grid::filled(0),
            empty_count: 0,
            empty_slot: Grid::filled(0),
            around: Grid::filled(0),
            hash: 0,
        };
        for row in 0..size {
            for col in 0..size {
                let i = (row + 1) * STRIDE + col + 1;
                board.set_cell(i, EMPTY);
                board.push_empty(i);
            }
        }
        board
    }

    /// The board side.
    #[inline]
    pub(crate) fn size(&self) -> usize {
        self.size as usize
    }

    /// The cell value at `i`.
    #[inline(always)]
    pub(crate) fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The Zobrist hash of the stones.
    #[inline]
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The number of empty points.
    #[inline(always)]
    pub(crate) fn empty_count(&self) -> usize {
        self.empty_count as usize
    }

    /// The padded index of the `n`th empty point (`n < empty_count()`).
    #[inline(always)]
    pub(crate) fn empty_at(&self, n: usize) -> usize {
        self.empties[n] as usize
    }

    /// The head of the chain through the stone on `i`.
    #[inline(always)]
    fn head(&self, i: usize) -> usize {
        self.head[i] as usize
    }

    /// The stones of the chain through the stone on `i`, in list order.
    pub(crate) fn chain_stones(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let mut at = Some(i);
        std::iter::from_fn(move || {
            let s = at?;
            let n = self.next[s] as usize;
            at = (n != i).then_some(n);
            Some(s)
        })
    }

    /// The neighbours of `i`.
    #[inline(always)]
    pub(crate) fn neighbours(i: usize) -> [usize; 4] {
        DIRS.map(|d| step(i, d))
    }

    /// The only liberty of the chain through the stone on `i`, when it has exactly one.
    #[inline(always)]
    pub(crate) fn atari_liberty(&self, i: usize) -> Option<usize> {
        let chain = self.chains[self.head(i)];
        (chain.libs > 0 && chain.in_atari())
            .then(|| (chain.lib_sum / u32::from(chain.libs)) as usize)
    }

    /// The two liberties of the chain through the stone on `i` when it has exactly two, in
    /// the order the walk of its stones meets them.
    pub(crate) fn two_liberties(&self, i: usize) -> Option<[usize; 2]> {
        let mut found = Points::default();
        for s in self.chain_stones(i) {
            for n in Board::neighbours(s) {
                if self.cells[n] == EMPTY && found.insert(n, 3) {
                    return None;
                }
            }
        }
        (found.len == 2).then(|| [found.items[0], found.items[1]])
    }

    /// The liberty of an opponent chain in atari next to the chain through the stone on `i`
    /// (the first the walk meets): where that chain's owner captures and so gains liberties.
    pub(crate) fn neighbour_in_atari(&self, i: usize) -> Option<usize> {
        let other = BLACK + WHITE - self.cells[i];
        self.chain_stones(i).find_map(|s| {
            Board::neighbours(s)
                .into_iter()
                .filter(|&n| self.cells[n] == other)
                .find_map(|n| self.atari_liberty(n))
        })
    }

    /// The liberties the chain of a stone `cell` on the empty `i` would have once the
    /// opponent chains it takes the last liberty of are captured, counted up to `limit` (at
    /// most [`LIBERTY_LIMIT`]); 0 when `i` is not empty or the stone would have none.
    pub(crate) fn liberties_after(&self, i: usize, cell: u8, limit: usize) -> usize {
        let limit = limit.min(LIBERTY_LIMIT);
        if self.cells[i] != EMPTY || limit == 0 {
            return 0;
        }
        // The empty neighbours are liberties whatever else happens: most placements stop here.
        if usize::from(self.around[i] & EMPTY_MASK) >= limit {
            return limit;
        }
        let mut found = Points::default();
        for n in Board::neighbours(i) {
            if self.cells[n] == EMPTY && found.insert(n, limit) {
                return limit;
            }
        }
        // The heads of the chains the stone joins: up to four.
        let mut friends = [usize::MAX; 4];
        for (k, n) in Board::neighbours(i).into_iter().enumerate() {
            if self.cells[n] == cell && !friends.contains(&self.head(n)) {
                friends[k] = self.head(n);
            }
        }
        for &h in friends.iter().filter(|&&h| h != usize::MAX) {
            if limit <= 2 {
                // Two liberties are all that is asked: the chain's counters tell without a walk.
                match self.liberties_besides(h, i) {
                    Besides::None => {}
                    Besides::One(l) => {
                        if found.insert(l, limit) {
                            return limit;
                        }
                    }
                    Besides::Several => return limit,
                }
                continue;
            }
            for s in self.chain_stones(h) {
                for n in Board::neighbours(s) {
                    if n != i && self.cells[n] == EMPTY && found.insert(n, limit) {
                        return limit;
                    }
                }
            }
        }
        let other = BLACK + WHITE - cell;
        let mut captured = [usize::MAX; 4];
        for (k, n) in Board::neighbours(i).into_iter().enumerate() {
            if self.cells[n] != other || captured.contains(&self.head(n)) {
                continue;
            }
            let h = self.head(n);
            if self.atari_liberty(h) != Some(i) {
                continue;
            }
            captured[k] = h;
            // A captured stone becomes a liberty where it touches the new chain.
            for s in self.chain_stones(h) {
                let touches = Board::neighbours(s)
                    .into_iter()
                    .any(|m| m == i || (self.cells[m] == cell && friends.contains(&self.head(m))));
                if touches && found.insert(s, limit) {
                    return limit;
                }
            }
        }
        found.len
    }

    /// The liberties of the chain with head `h` other than the empty `i`, from the chain's
    /// counters alone: the pseudo-liberties on `i` (one for each of the chain's stones next
    /// to it) taken away, the rest are one point when `count * Σ(index²) = (Σ index)²`.
    #[inline(always)]
    fn liberties_besides(&self, h: usize, i: usize) -> Besides {
        let chain = self.chains[h];
        let on_i = Board::neighbours(i)
            .into_iter()
            .filter(|&n| self.cells[n] == self.cells[h] && self.head(n) == h)
            .count() as u64;
        let i = i as u64;
        let count = u64::from(chain.libs) - on_i;
        let sum = u64::from(chain.lib_sum) - on_i * i;
        let sum_sq = u64::from(chain.lib_sum_sq) - on_i * i * i;
        if count == 0 {
            Besides::None
        } else if count * sum_sq == sum * sum {
            Besides::One((sum / count) as usize)
        } else {
            Besides::Several
        }
    }

    /// The stones in atari on `i` and on the eight cells around it, in the order of `i`, then
    /// [`AROUND`]: each stone's index and cell, and its chain's liberty.
    #[inline(always)]
    pub(crate) fn ataris_around(&self, i: usize) -> impl Iterator<Item = (usize, u8, usize)> + '_ {
        std::iter::once(0).chain(AROUND).filter_map(move |d| {
            let j = step(i, d);
            let cell = self.cells[j];
            if cell != BLACK && cell != WHITE {
                return None;
            }
            self.atari_liberty(j).map(|liberty| (j, cell, liberty))
        })
    }

    /// The empty cells among the eight around `i`, in the order of [`AROUND`], each with its
    /// [`neighbourhood`](Board::neighbourhood).
    #[inline(always)]
    pub(crate) fn empties_around(&self, i: usize) -> impl Iterator<Item = (usize, u16)> + '_ {
        AROUND.into_iter().filter_map(move |d| {
            let j = step(i, d);
            (self.cells[j] == EMPTY).then(|| (j, self.neighbourhood(j)))
        })
    }

    /// The cells around `i`, two bits each (the cell values), in the order of
    /// [`AROUND`], the first in the lowest bits.
    #[inline(always)]
    pub(crate) fn neighbourhood(&self, i: usize) -> u16 {
        AROUND.iter().enumerate().fold(0, |code, (k, &d)| {
            code | u16::from(self.cells[step(i, d)]) << (2 * k)
        })
    }

    /// Whether `i` is an eye of the stones `cell`: empty, every on-board neighbour such a
    /// stone, and at most one opponent stone on the diagonals (none on the edge).
    #[inline(always)]
    pub(crate) fn is_eye(&self, i: usize, cell: u8) -> bool {
        let other = BLACK + WHITE - cell;
        if self.cells[i] != EMPTY || self.around[i] & (EMPTY_MASK | STONE_MASK[other as usize]) != 0
        {
            return false;
        }
        let mut faults = 0;
        let mut edge = 0;
        for d in DIAGONALS {
            match self.cells[step(i, d)] {
                BORDER => edge = 1,
                c if c == other => faults += 1,
                _ => {}
            }
        }
        faults + edge < 2
    }

    /// Whether a random playout may put a stone `cell` on the empty `i`: not the point `ko`,
    /// not an own eye, and legal for the board.
    #[inline(always)]
    pub(crate) fn playout_candidate(&self, i: usize, cell: u8, suicide: bool, ko: usize) -> bool {
        i != ko && !self.is_eye(i, cell) && self.check(i, cell, suicide).is_ok()
    }

    /// Whether a stone `cell` on `i` would be legal for the board alone: `i` empty, and the
    /// stone's chain left with a liberty, by capturing or by its neighbours. A chain without
    /// liberties is allowed (and removed) when `suicide` is, unless it is the lone new stone.
    #[inline(always)]
    pub(crate) fn check(&self, i: usize, cell: u8, suicide: bool) -> Result<(), Refusal> {
        if self.cells[i] != EMPTY {
            return Err(Refusal::Occupied);
        }
        if self.around[i] & EMPTY_MASK != 0 {
            return Ok(());
        }
        let mut own = false;
        for n in Board::neighbours(i) {
            let c = self.cells[n];
            if c == EMPTY {
                return Ok(());
            }
            if c == BORDER {
                continue;
            }
            let atari = self.chains[self.head(n)].in_atari();
            if c == cell {
                if !atari {
                    return Ok(());
                }
                own = true;
            } else if atari {
                return Ok(());
            }
        }
        if own && suicide {
            Ok(())
        } else {
            Err(Refusal::Suicide)
        }
    }

    /// The hash of the stones after a stone `cell` on `i`, a placement [`check`](Self::check)
    /// allows.
    pub(crate) fn hash_after(&self, i: usize, cell: u8) -> u64 {
        let mut hash = self.hash ^ zobrist::stone(cell, i);
        let mut seen = [usize::MAX; 4];
        let mut captures = false;
        let mut own_left = false;
        for (k, n) in Board::neighbours(i).into_iter().enumerate() {
            let c = self.cells[n];
            if c != BLACK && c != WHITE {
                continue;
            }
            let h = self.head(n);
            let chain = self.chains[h];
            if c == cell {
                own_left |= !chain.in_atari();
                continue;
            }
            if chain.in_atari() && !seen.contains(&h) {
                seen[k] = h;
                captures = true;
                for s in self.chain_stones(h) {
                    hash ^= zobrist::stone(c, s);
                }
            }
        }
        let has_liberty = Board::neighbours(i).iter().any(|&n| self.cells[n] == EMPTY);
        if !captures && !own_left && !has_liberty {
            // A suicide: the new stone and the chains it joins leave the board.
            hash ^= zobrist::stone(cell, i);
            let mut gone = [usize::MAX; 4];
            for (k, n) in Board::neighbours(i).into_iter().enumerate() {
                if self.cells[n] == cell && !gone.contains(&self.head(n)) {
                    gone[k] = self.head(n);
                    for s in self.chain_stones(gone[k]) {
                        hash ^= zobrist::stone(cell, s);
                    }
                }
            }
        }
        hash
    }

    /// Places a stone `cell` on the empty point `i`, removes the opponent chains left without
    /// liberties, then the stone's own chain if it has none.
    ///
    /// # Panics
    ///
    /// When `i` is not an empty point of the board.
    pub(crate) fn place(&mut self, i: usize, cell: u8) -> Placed {
        assert_eq!(
            self.cells[i], EMPTY,
            "a stone can only be placed on an empty point"
        );
        let other = BLACK + WHITE - cell;
        let enemies = self.around[i] & STONE_MASK[other as usize] != 0;
        self.lay(i, cell);
        let mut captured = 0;
        let mut last_captured = 0;
        if enemies {
            for n in Board::neighbours(i) {
                if self.cells[n] == other && self.chains[self.head(n)].libs == 0 {
                    captured += self.remove_chain(self.head(n));
                    last_captured = n;
                }
            }
        }
        let own = self.head(i);
        let chain = self.chains[own];
        let mut suicided = 0;
        if chain.libs == 0 {
            suicided = self.remove_chain(own);
        }
        let ko = (captured == 1 && chain.size == 1 && chain.in_atari()).then_some(last_captured);
        Placed {
            captured,
            suicided,
            ko,
        }
    }

    /// Places stones without captures or checks, for building a position from a setup.
    /// Returns `false` (placing nothing) when `i` is not an empty point. Chains may be left
    /// without liberties: the caller checks once every stone is down.
    pub(crate) fn put(&mut self, i: usize, cell: u8) -> bool {
        let empty = self.cells[i] == EMPTY;
        if empty {
            self.lay(i, cell);
        }
        empty
    }

    /// Puts a stone `cell` on the empty `i`: takes the point from its neighbours' liberties,
    /// gives the stone its empty neighbours as liberties and joins it to its friends.
    #[inline(always)]
    fn lay(&mut self, i: usize, cell: u8) {
        let friends = self.around[i] & STONE_MASK[cell as usize] != 0;
        let stones = self.around[i] & (STONE_MASK[BLACK as usize] | STONE_MASK[WHITE as usize]);
        self.remove_empty(i);
        self.set_cell(i, cell);
        self.hash ^= zobrist::stone(cell, i);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.chains[i] = Chain {
            size: 1,
            ..Chain::default()
        };
        let neighbours = Board::neighbours(i);
        if stones == 0 {
            // A stone alone: no chain to touch.
            for n in neighbours {
                if self.cells[n] == EMPTY {
                    self.add_lib(i, n);
                }
            }
            return;
        }
        for n in neighbours {
            match self.cells[n] {
                EMPTY => self.add_lib(i, n),
                BLACK | WHITE => {
                    let h = self.head(n);
                    self.remove_lib(h, i);
                }
                _ => {}
            }
        }
        if friends {
            for n in neighbours {
                if self.cells[n] == cell {
                    let (a, b) = (self.head(i), self.head(n));
                    if a != b {
                        self.merge(a, b);
                    }
                }
            }
        }
    }

    /// A stone of some chain without liberties, if there is one.
    pub(crate) fn chain_without_liberties(&self) -> Option<usize> {
        (0..LEN).find(|&i| {
            matches!(self.cells[i], BLACK | WHITE) && self.chains[self.head(i)].libs == 0
        })
    }

    /// Joins the chains with heads `a` and `b`, the smaller into the larger.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.chains[a].size >= self.chains[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        let from = self.chains[small];
        let to = &mut self.chains[big];
        to.libs += from.libs;
        to.size += from.size;
        to.lib_sum += from.lib_sum;
        to.lib_sum_sq += from.lib_sum_sq;
    }

    /// Takes the chain with head `h` off the board and returns its size.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let cell = self.cells[h];
        let mut s = h;
        loop {
            self.set_cell(s, EMPTY);
            self.hash ^= zobrist::stone(cell, s);
            self.push_empty(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        loop {
            for n in Board::neighbours(s) {
                if matches!(self.cells[n], BLACK | WHITE) {
                    let nh = self.head(n);
                    self.add_lib(nh, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        u32::from(self.chains[h].size)
    }

    /// Puts `value` on cell `i` and updates the neighbours' counts.
    #[inline(always)]
    fn set_cell(&mut self, i: usize, value: u8) {
        let change = FIELD[value as usize].wrapping_sub(FIELD[self.cells[i] as usize]);
        self.cells[i] = value;
        for n in Board::neighbours(i) {
            self.around[n] = self.around[n].wrapping_add(change);
        }
    }

    #[inline(always)]
    fn add_lib(&mut self, h: usize, lib: usize) {
        let c = &mut self.chains[h];
        c.libs += 1;
        c.lib_sum += lib as u32;
        c.lib_sum_sq += (lib * lib) as u32;
    }

    #[inline(always)]
    fn remove_lib(&mut self, h: usize, lib: usize) {
        let c = &mut self.chains[h];
        c.libs -= 1;
        c.lib_sum -= lib as u32;
        c.lib_sum_sq -= (lib * lib) as u32;
    }

    #[inline(always)]
    fn push_empty(&mut self, i: usize) {
        let n = self.empty_count;
        self.empties[n as usize] = i as u16;
        self.empty_slot[i] = n;
        self.empty_count = n + 1;
    }

    #[inline(always)]
    fn remove_empty(&mut self, i: usize) {
        let slot = self.empty_slot[i] as usize;
        let last = self.empties[self.empty_count as usize - 1];
        self.empties[slot] = last;
        self.empty_slot[last as usize] = slot as u16;
        self.empty_count -= 1;
    }
}

impl Board {
    /// Empty points that reach only one colour's stones, per colour: territory when every
    /// stone is alive.
    pub(crate) fn territory(&self) -> [u32; 3] {
        let mut counts = [0; 3];
        let mut seen = [false; LEN];
        let mut stack = [0u16; MAX_SIZE * MAX_SIZE];
        for k in 0..self.empty_count() {
            let start = self.empties[k] as usize;
            let around = self.around[start];
            if around & EMPTY_MASK == 0 {
                // A region of one point: its neighbours tell.
                let black = around & STONE_MASK[BLACK as usize] != 0;
                let white = around & STONE_MASK[WHITE as usize] != 0;
                if black != white {
                    counts[if black { BLACK } else { WHITE } as usize] += 1;
                }
                continue;
            }
            if seen[start] {
                continue;
            }
            seen[start] = true;
            stack[0] = start as u16;
            let (mut top, mut region, mut reached) = (1, 0, 0u8);
            while top > 0 {
                top -= 1;
                let i = stack[top] as usize;
                region += 1;
                for n in Board::neighbours(i) {
                    match self.cells[n] {
                        EMPTY if !seen[n] => {
                            seen[n] = true;
                            stack[top] = n as u16;
                            top += 1;
                        }
                        c @ (BLACK | WHITE) => reached |= c,
                        _ => {}
                    }
                }
            }
            if reached == BLACK || reached == WHITE {
                counts[reached as usize] += region;
            }
        }
        counts
    }

    /// The stones of each colour, by cell value.
    pub(crate) fn stone_counts(&self) -> [u32; 3] {
        let mut counts = [0; 3];
        for &c in &self.cells.0 {
            if c == BLACK || c == WHITE {
                counts[c as usize] += 1;
            }
        }
        counts
    }
}
