//! The boards the search runs on: [`Std8`], the 8x8 fast path on `u64`, and [`Wide`], every
//! size and shape on `u128`. The search is written once over [`Arena`]; each implementation
//! brings its kernels, its square tables and its evaluation.

use ishi_rules::othello::{Bits, Geometry, Shape, Shaped, Square, bitboard};

use super::eval;
use super::patterns;
use super::stability::{self, EdgeTable};

/// What the search needs from a board: kernels, per-square tables and the evaluation.
///
/// Positions are `(p, o)`: the discs of the player to move and of the opponent.
pub(crate) trait Arena {
    /// The bit set type of the board.
    type B: Bits;

    /// The squares where `p` may place a disc.
    fn moves(&self, p: Self::B, o: Self::B) -> Self::B;
    /// The discs of `o` flipped by `p` placing on `sq`.
    fn flips(&self, p: Self::B, o: Self::B, sq: usize) -> Self::B;
    /// How many discs `p` flips by playing `x` when `x` is the board's last empty square
    /// (every other square holds a disc of `p` or of the opponent).
    #[inline(always)]
    fn last_flips(&self, p: Self::B, x: usize) -> u32 {
        let o = self.cells() & !(p | Self::B::bit(x));
        self.flips(p, o, x).count()
    }
    /// The playable squares.
    fn cells(&self) -> Self::B;
    /// The number of playable squares.
    fn cell_count(&self) -> i32;
    /// The board's side.
    fn size(&self) -> usize;
    /// The squares next to `sq` (the only places a disc that `sq` flips can start).
    fn neighbours_of(&self, sq: usize) -> Self::B;
    /// The quadrant bit of `sq` (1, 2, 4 or 8), for parity ordering.
    fn quadrant(&self, sq: usize) -> u32;
    /// A static ordering value of `sq`: corners high, squares next to corners low.
    fn square_value(&self, sq: usize) -> i32;
    /// The corners (squares whose discs never flip), counted twice in weighted mobility.
    fn corners(&self) -> Self::B;
    /// The empty squares next to a disc of `b`.
    fn frontier(&self, b: Self::B, empty: Self::B) -> Self::B;
    /// Discs of `p` that can never flip (a subset: edges and full lines), as far as this board
    /// knows; `Self::B::ZERO` when it does not compute stability.
    fn stable(&self, p: Self::B, o: Self::B) -> Self::B;
    /// The evaluation of `(p, o)` in hundredths of a disc, for the player to move.
    fn evaluate(&self, p: Self::B, o: Self::B) -> i32;
    /// A hash of the position for the transposition table.
    fn key(p: Self::B, o: Self::B) -> u64;
}

/// SplitMix64's finaliser: a strong 64-bit mix.
#[inline(always)]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The four corners of the 8x8 board.
pub(crate) const CORNERS_8: u64 = 0x8100_0000_0000_0081;

/// Edax's static square values (J.-C. Weill's), used to order moves near the end.
#[rustfmt::skip]
const SQUARE_VALUE_8: [i32; 64] = [
    18,  4, 16, 12, 12, 16,  4, 18,
     4,  2,  6,  8,  8,  6,  2,  4,
    16,  6, 14, 10, 10, 14,  6, 16,
    12,  8, 10,  0,  0, 10,  8, 12,
    12,  8, 10,  0,  0, 10,  8, 12,
    16,  6, 14, 10, 10, 14,  6, 16,
     4,  2,  6,  8,  8,  6,  2,  4,
    18,  4, 16, 12, 12, 16,  4, 18,
];

/// Column a: one bit in each byte.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Multiplying column a by this gathers its bits into the top byte, rank r at bit r: each
/// bit's products land on distinct bits, so there are no carries.
const FILE_TO_BYTE: u64 = 0x0102_0408_1020_4080;

/// `LINE_FLIPS[i][line]`: how many discs a disc placed at index `i` of a full line of eight
/// flips, the line's set bits being the mover's discs and the others the opponent's (index
/// `i` itself is the empty square). Bits beyond a shorter line's ends read as opponent discs
/// that no disc of the mover closes, so they flip nothing: one table serves every line.
static LINE_FLIPS: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut flips = 0;
            let mut j = i + 1;
            while j < 8 && line >> j & 1 == 0 {
                j += 1;
            }
            if j < 8 {
                flips += j - i - 1;
            }
            let mut j = i;
            while j > 0 && line >> (j - 1) & 1 == 0 {
                j -= 1;
            }
            if j > 0 {
                flips += i - j;
            }
            table[i][line] = flips as u8;
            line += 1;
        }
        i += 1;
    }
    table
};

/// The squares on the diagonal through each square that rises with the file.
static DIAGONALS: [u64; 64] = diagonals(1);
/// The squares on the diagonal through each square that falls with the file.
static ANTI_DIAGONALS: [u64; 64] = diagonals(-1);

/// For each square, the squares `(rank + k, file + slope * k)` for every `k` on the board.
const fn diagonals(slope: i32) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (rank, file) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut k = -7;
        while k <= 7 {
            let (r, f) = (rank + k, file + slope * k);
            if r >= 0 && r < 8 && f >= 0 && f < 8 {
                table[sq] |= 1 << (8 * r + f);
            }
            k += 1;
        }
        sq += 1;
    }
    table
}

static NEIGHBOURS_8: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = patterns::neighbours(1 << sq);
        sq += 1;
    }
    table
};

/// The standard board, on `u64` with the kernels of `ishi_rules::othello::bitboard`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Std8<'w> {
    edges: &'static EdgeTable,
    weights: &'w [i32],
}

impl Std8<'_> {
    pub(crate) fn new(weights: &eval::Weights) -> Std8<'_> {
        Std8 {
            edges: stability::edge_table(),
            weights: weights.packed(),
        }
    }
}

impl Arena for Std8<'_> {
    type B = u64;

    #[inline(always)]
    fn moves(&self, p: u64, o: u64) -> u64 {
        bitboard::moves(p, o)
    }

    #[inline(always)]
    fn flips(&self, p: u64, o: u64, sq: usize) -> u64 {
        bitboard::flips(p, o, sq)
    }

    /// Reads each of the four lines through `x` as one byte (a row directly, a column and the
    /// two diagonals by one multiplication each) and looks the flips up in [`LINE_FLIPS`].
    #[inline(always)]
    fn last_flips(&self, p: u64, x: usize) -> u32 {
        let (rank, file) = (x >> 3, x & 7);
        let row = (p >> (8 * rank)) as u8;
        let column = (((p >> file) & FILE_A).wrapping_mul(FILE_TO_BYTE) >> 56) as u8;
        let diagonal = ((p & DIAGONALS[x]).wrapping_mul(FILE_A) >> 56) as u8;
        let anti_diagonal = ((p & ANTI_DIAGONALS[x]).wrapping_mul(FILE_A) >> 56) as u8;
        u32::from(
            LINE_FLIPS[file][usize::from(row)]
                + LINE_FLIPS[rank][usize::from(column)]
                + LINE_FLIPS[file][usize::from(diagonal)]
                + LINE_FLIPS[file][usize::from(anti_diagonal)],
        )
    }

    #[inline(always)]
    fn cells(&self) -> u64 {
        u64::MAX
    }

    #[inline(always)]
    fn cell_count(&self) -> i32 {
        64
    }

    #[inline(always)]
    fn size(&self) -> usize {
        8
    }

    #[inline(always)]
    fn neighbours_of(&self, sq: usize) -> u64 {
        NEIGHBOURS_8[sq]
    }

    #[inline(always)]
    fn quadrant(&self, sq: usize) -> u32 {
        1 << (((sq >> 5) & 2) | ((sq >> 2) & 1))
    }

    #[inline(always)]
    fn square_value(&self, sq: usize) -> i32 {
        SQUARE_VALUE_8[sq]
    }

    #[inline(always)]
    fn corners(&self) -> u64 {
        CORNERS_8
    }

    #[inline(always)]
    fn frontier(&self, b: u64, empty: u64) -> u64 {
        patterns::neighbours(b) & empty
    }

    #[inline(always)]
    fn stable(&self, p: u64, o: u64) -> u64 {
        stability::stable_8(self.edges, p, o)
    }

    #[inline(always)]
    fn evaluate(&self, p: u64, o: u64) -> i32 {
        eval::evaluate_learned(self.weights, p, o)
    }

    #[inline(always)]
    fn key(p: u64, o: u64) -> u64 {
        mix(p ^ mix(o ^ 0x6a09_e667_f3bc_c909))
    }
}

/// Any size and shape on `u128`: the general path. Its tables are built from the shape.
#[derive(Clone, Debug)]
pub(crate) struct Wide {
    geometry: Shaped,
    size: usize,
    cells: u128,
    cell_count: i32,
    not_first_col: u128,
    not_last_col: u128,
    corners: u128,
    masks: eval::Masks<u128>,
    neighbours: [u128; 128],
    quadrants: [u8; 128],
    values: [i8; 128],
}

impl Wide {
    /// The tables of `shape`.
    pub(crate) fn new(shape: Shape) -> Wide {
        let size = shape.size();
        let cells = shape.cells();
        let at = |col: isize, row: isize| -> u128 {
            if (0..size as isize).contains(&col) && (0..size as isize).contains(&row) {
                cells & 1 << (row as usize * size + col as usize)
            } else {
                0
            }
        };
        let mut neighbours = [0u128; 128];
        let mut corners = 0u128;
        let mut edges = 0u128;
        for (sq, next) in neighbours.iter_mut().enumerate().take(size * size) {
            if cells >> sq & 1 == 0 {
                continue;
            }
            let (col, row) = ((sq % size) as isize, (sq / size) as isize);
            let mut open_lines = 0;
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let (a, b) = (at(col + dc, row + dr), at(col - dc, row - dr));
                *next |= a | b;
                if a != 0 && b != 0 {
                    open_lines += 1;
                }
            }
            // A disc that no line runs through can never flip: a corner of the shape.
            if open_lines == 0 {
                corners |= 1 << sq;
            }
            // A square next to a hole or the edge is an edge square.
            if next.count_ones() < 8 {
                edges |= 1 << sq;
            }
        }
        let mut x_squares = 0u128;
        let mut c_squares = 0u128;
        for sq in 0..size * size {
            if corners >> sq & 1 == 0 {
                continue;
            }
            let (col, row) = ((sq % size) as isize, (sq / size) as isize);
            for (dc, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                x_squares |= at(col + dc, row + dr) & !corners;
            }
            for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                c_squares |= at(col + dc, row + dr) & !corners;
            }
        }
        x_squares &= !c_squares;
        let mut quadrants = [0u8; 128];
        let mut values = [0i8; 128];
        let half = size / 2;
        for sq in 0..size * size {
            let (col, row) = (sq % size, sq / size);
            quadrants[sq] = 1 << (usize::from(row >= half) * 2 + usize::from(col >= half));
            let bit = 1u128 << sq;
            values[sq] = if corners & bit != 0 {
                18
            } else if x_squares & bit != 0 {
                2
            } else if c_squares & bit != 0 {
                4
            } else if edges & bit != 0 {
                12
            } else {
                8
            };
        }
        let mut not_first_col = 0u128;
        let mut not_last_col = 0u128;
        for row in 0..size {
            for col in 0..size {
                let bit = 1u128 << (row * size + col);
                if col != 0 {
                    not_first_col |= bit;
                }
                if col != size - 1 {
                    not_last_col |= bit;
                }
            }
        }
        Wide {
            geometry: Shaped::new(shape),
            size,
            cells,
            cell_count: shape.cell_count() as i32,
            not_first_col,
            not_last_col,
            corners,
            masks: eval::Masks {
                corners,
                x_squares,
                c_squares,
            },
            neighbours,
            quadrants,
            values,
        }
    }

    /// The squares next to the discs of `b`.
    #[inline(always)]
    fn neighbours(&self, b: u128) -> u128 {
        let h = ((b >> 1) & self.not_last_col) | ((b << 1) & self.not_first_col);
        let x = b | h;
        (h | (x << self.size as u32) | (x >> self.size as u32)) & self.cells
    }
}

impl Arena for Wide {
    type B = u128;

    #[inline(always)]
    fn moves(&self, p: u128, o: u128) -> u128 {
        self.geometry.moves(p, o)
    }

    #[inline(always)]
    fn flips(&self, p: u128, o: u128, sq: usize) -> u128 {
        self.geometry.flips(p, o, sq)
    }

    #[inline(always)]
    fn cells(&self) -> u128 {
        self.cells
    }

    #[inline(always)]
    fn cell_count(&self) -> i32 {
        self.cell_count
    }

    #[inline(always)]
    fn size(&self) -> usize {
        self.size
    }

    #[inline(always)]
    fn neighbours_of(&self, sq: usize) -> u128 {
        self.neighbours[sq]
    }

    #[inline(always)]
    fn quadrant(&self, sq: usize) -> u32 {
        u32::from(self.quadrants[sq])
    }

    #[inline(always)]
    fn square_value(&self, sq: usize) -> i32 {
        i32::from(self.values[sq])
    }

    #[inline(always)]
    fn corners(&self) -> u128 {
        self.corners
    }

    #[inline(always)]
    fn frontier(&self, b: u128, empty: u128) -> u128 {
        self.neighbours(b) & empty
    }

    #[inline(always)]
    fn stable(&self, p: u128, _o: u128) -> u128 {
        p & self.corners
    }

    #[inline(always)]
    fn evaluate(&self, p: u128, o: u128) -> i32 {
        eval::evaluate_general(self, &self.masks, p, o)
    }

    #[inline(always)]
    fn key(p: u128, o: u128) -> u64 {
        let (p_lo, p_hi) = (p as u64, (p >> 64) as u64);
        let (o_lo, o_hi) = (o as u64, (o >> 64) as u64);
        mix(p_lo ^ mix(p_hi ^ mix(o_lo ^ mix(o_hi ^ 0x6a09_e667_f3bc_c909))))
    }
}

/// The square named by index `sq` on a board of side `size`.
pub(crate) fn square_at(sq: usize, size: usize) -> Square {
    // Indexes come from bit sets of a board of at most 10x10, so the coordinates fit.
    Square::from_coords((sq % size) as u8, (sq / size) as u8)
        .unwrap_or_else(|| unreachable!("square index {sq} off a {size}x{size} board"))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The line tables count what the full flip kernel flips, on every full board with
        /// one empty square, for either side.
        #[test]
        fn last_flips_by_lines_match_the_flip_kernel(p: u64, x in 0usize..64) {
            let p = p & !(1 << x);
            let o = !p & !(1 << x);
            let weights = eval::Weights::embedded();
            let arena = Std8::new(&weights);
            prop_assert_eq!(arena.last_flips(p, x), bitboard::flips(p, o, x).count_ones());
            prop_assert_eq!(arena.last_flips(o, x), bitboard::flips(o, p, x).count_ones());
        }
    }

    #[test]
    fn last_flips_close_lines_in_every_direction() {
        // Square 27 (rank 3, file 3) empty, the mover on the far end of each of the eight lines
        // from it and the opponent everywhere else. Towards rank 0, file 0 or both, two discs
        // lie between; towards rank 7 or file 7, three; on the falling diagonal two each way.
        let x = 27;
        let ends = [24, 31, 3, 59, 0, 63, 6, 48];
        let p = ends.iter().fold(0u64, |b, &sq| b | 1 << sq);
        assert_eq!(
            Std8::new(&eval::Weights::embedded()).last_flips(p, x),
            2 + 3 + 2 + 3 + 2 + 3 + 2 + 2
        );
    }
}
