//! Kernels of the 8x8 fast path: move generation and flips on `u64` bitboards.
//!
//! Bit `8 * row + col` is the square in column `col` and row `row` counted from the top, so `a1`
//! is bit 0, `h1` bit 7 and `h8` bit 63 (the layout of Edax). Every function takes the discs of
//! the player to move (`p`) and of the opponent (`o`), which must not overlap.
//!
//! Both kernels are branch-free:
//! - [`moves`] floods from the mover's discs through opponent discs in the eight directions at
//!   once, the Kogge-Stone way (two plain steps, then two doubling steps cover the longest line
//!   of six opponent discs).
//! - [`flips`] looks along the eight rays from the new disc. On a ray that runs towards higher
//!   bits the first square that is not an opponent disc is the lowest set bit of `!o & ray`; on
//!   a ray towards lower bits it is the highest one, found with one leading-zero count. When that
//!   square holds a disc of the mover, the squares in between flip.

/// Squares not in column a.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Squares not in column h.
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Squares of columns b to g.
const INNER_COLS: u64 = NOT_A & NOT_H;

/// The 8 directions as (column step, row step); the first four run towards higher bits.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// `RAYS[sq][d]`: the squares seen from `sq` in direction `d`, up to the edge.
static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = DIRECTIONS[d];
            let mut col = (sq % 8) as i32 + dc;
            let mut row = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while col >= 0 && col < 8 && row >= 0 && row < 8 {
                ray |= 1 << (row * 8 + col);
                col += dc;
                row += dr;
            }
            table[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    table
}

/// The squares where the player owning `p` may place a disc.
///
/// ```
/// use ishi_rules::othello::bitboard;
///
/// // The standard start, Black to move: d3, c4, f5 and e6.
/// let black = 1 << 28 | 1 << 35; // e4, d5
/// let white = 1 << 27 | 1 << 36; // d4, e5
/// assert_eq!(bitboard::moves(black, white), 1 << 19 | 1 << 26 | 1 << 37 | 1 << 44);
/// ```
#[inline(always)]
#[must_use]
pub fn moves(p: u64, o: u64) -> u64 {
    let empty = !(p | o);
    let inner = o & INNER_COLS;
    (fill(p, inner, 1) | fill(p, inner, 7) | fill(p, o, 8) | fill(p, inner, 9)) & empty
}

/// The squares one step past a run of `mask` discs that starts next to a disc of `p`, in both
/// senses of the direction given by the bit shift `dir`.
#[inline(always)]
fn fill(p: u64, mask: u64, dir: u32) -> u64 {
    let mut up = mask & (p << dir);
    let mut down = mask & (p >> dir);
    up |= mask & (up << dir);
    down |= mask & (down >> dir);
    let pair_up = mask & (mask << dir);
    let pair_down = pair_up >> dir;
    let dir2 = dir + dir;
    up |= pair_up & (up << dir2);
    down |= pair_down & (down >> dir2);
    up |= pair_up & (up << dir2);
    down |= pair_down & (down >> dir2);
    (up << dir) | (down >> dir)
}

/// The opponent discs that flip when the mover places a disc on square index `sq` (0..64).
///
/// Empty when the placement brackets nothing. Whether `sq` is empty is not checked.
///
/// # Panics
///
/// If `sq >= 64`.
#[inline(always)]
#[must_use]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let rays = &RAYS[sq];
    let mut flipped = 0;
    for ray in &rays[..4] {
        let stop = !o & ray;
        let outflank = stop & stop.wrapping_neg() & p;
        flipped |= outflank.wrapping_sub(u64::from(outflank != 0)) & ray;
    }
    for ray in &rays[4..] {
        let stop = !o & ray;
        let outflank = (1u64 << 63).wrapping_shr(stop.leading_zeros()) & stop & p;
        flipped |= (outflank.wrapping_neg() << 1) & ray;
    }
    flipped
}

/// Leaf count of the perft tree below the position `(p, o)`, `p` to move.
///
/// A forced pass counts as a ply; a position where neither side can move counts as one leaf at
/// any remaining depth. Counting is done in bulk at the last ply.
///
/// On x86-64 processors with AVX2 (and so `popcnt` and `lzcnt`, which the baseline target
/// lacks) a copy of the search compiled for them runs, chosen at run time: the same binary
/// still runs on older processors.
#[must_use]
pub fn perft(p: u64, o: u64, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi2")
    {
        // SAFETY: the processor has the features `perft_x86_64_v3` is compiled for.
        return unsafe { perft_x86_64_v3(p, o, depth, false) };
    }
    perft_portable(p, o, depth, false)
}

/// [`perft`] without the run-time choice of processor features: the code every x86-64 (or
/// other) processor runs. The baseline of the perft benchmark.
#[must_use]
pub fn perft_baseline(p: u64, o: u64, depth: u32) -> u64 {
    perft_portable(p, o, depth, false)
}

/// Defines a perft recursion; instantiated once portable and once per feature level, so that
/// the inlined kernels are compiled for the features of each copy.
macro_rules! perft_recursion {
    ($(#[$attr:meta])* fn $name:ident) => {
        $(#[$attr])*
        fn $name(p: u64, o: u64, depth: u32, passed: bool) -> u64 {
            if depth == 0 {
                return 1;
            }
            let mut todo = moves(p, o);
            if todo == 0 {
                return if passed || depth == 1 {
                    1
                } else {
                    $name(o, p, depth - 1, true)
                };
            }
            if depth == 1 {
                return u64::from(todo.count_ones());
            }
            let mut total = 0;
            while todo != 0 {
                let sq = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let f = flips(p, o, sq);
                let (np, no) = (o ^ f, p ^ f ^ (1 << sq));
                total += if depth == 2 {
                    u64::from(moves(np, no).count_ones().max(1))
                } else {
                    $name(np, no, depth - 1, false)
                };
            }
            total
        }
    };
}

perft_recursion!(fn perft_portable);
perft_recursion!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn perft_x86_64_v3
);

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks square by square: the definition the kernels must agree with.
    fn naive_flips(p: u64, o: u64, sq: usize) -> u64 {
        let mut flipped = 0;
        for (dc, dr) in DIRECTIONS {
            let (mut col, mut row) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            let mut line = 0u64;
            while (0..8).contains(&col) && (0..8).contains(&row) {
                let bit = 1u64 << (row * 8 + col);
                if o & bit != 0 {
                    line |= bit;
                } else {
                    if p & bit != 0 {
                        flipped |= line;
                    }
                    break;
                }
                col += dc;
                row += dr;
            }
        }
        flipped
    }

    fn naive_moves(p: u64, o: u64) -> u64 {
        (0..64)
            .filter(|&sq| (p | o) >> sq & 1 == 0 && naive_flips(p, o, sq) != 0)
            .fold(0, |m, sq| m | 1 << sq)
    }

    /// A cheap deterministic stream of disjoint boards, dense and sparse.
    fn boards() -> impl Iterator<Item = (u64, u64)> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        std::iter::repeat_with(move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occupied = x | x.rotate_left(23);
            let split = x.rotate_right(11) ^ x.wrapping_mul(0x2545_f491_4f6c_dd1d);
            (occupied & split, occupied & !split)
        })
        .take(20_000)
    }

    #[test]
    fn kernels_agree_with_square_by_square_walk() {
        for (p, o) in boards() {
            assert_eq!(moves(p, o), naive_moves(p, o), "moves of p={p:#x} o={o:#x}");
            for sq in 0..64 {
                if (p | o) >> sq & 1 == 0 {
                    assert_eq!(flips(p, o, sq), naive_flips(p, o, sq), "flips at {sq}");
                }
            }
        }
    }

    #[test]
    fn full_lines_flip_across_the_board() {
        // Black a1, White b1..g1, empty h1: h1 flips six discs.
        let p = 1;
        let o = 0x7e;
        assert_eq!(flips(p, o, 7), 0x7e);
        assert_eq!(moves(p, o), 1 << 7);
    }
}
