//! The features of the learned 8x8 evaluation: which weights a position selects.
//!
//! The evaluation is a sum of weights, one set per stage of the game (ten empties a stage), each
//! position's value a blend of the two stages nearest it ([`blend`]). A position selects, in each
//! of the board's four rotations, one weight per pattern: the edge with its two X-squares (10
//! squares), the 3x3 corner, the second, third and fourth lines, the diagonals of 8, 7, 6, 5 and 4
//! squares (each main diagonal is read twice, once from each end, so that turning the board does
//! not change the sum), and the 2x5 corner, once along each of the corner's two edges. A pattern's
//! weight is chosen by the pattern's squares read as a base-3 number (0 empty, 1 the mover's, 2 the
//! opponent's). Then come the mover's and the opponent's numbers of moves (up to 32), the parity of
//! the empty squares, and four counts (up to 40) of the kind Egaroucid adds to its patterns: each
//! side's frontier discs (next to an empty square) and the empty squares next to each side's discs
//! (where the other side may one day move). They lowered the error of the fit on the positions it
//! held out by 0.03 to 0.08 disc rms at every stage (`docs/strength.md`).
//!
//! The weight trainer (`examples/othello_train.rs`) includes this file too, so training and
//! play read positions the same way; it depends on nothing else of the crate.

use ishi_rules::othello::bitboard;

/// Stages of the game: sets of weights for 5, 15, .., 55 empty squares (see [`blend`]).
pub(crate) const PHASES: usize = 6;

/// Weights are stored in units of 1/`SCALE` disc.
pub(crate) const SCALE: i32 = 8;

/// Weights of one stage.
pub(crate) const WEIGHTS: usize = POTENTIAL_O + COUNTS;

const EDGE_2X: usize = 0;
const CORNER_3X3: usize = EDGE_2X + 59049;
const LINE_2: usize = CORNER_3X3 + 19683;
const LINE_3: usize = LINE_2 + 6561;
const LINE_4: usize = LINE_3 + 6561;
const DIAG_8: usize = LINE_4 + 6561;
const DIAG_7: usize = DIAG_8 + 6561;
const DIAG_6: usize = DIAG_7 + 2187;
const DIAG_5: usize = DIAG_6 + 729;
const DIAG_4: usize = DIAG_5 + 243;
const CORNER_2X5: usize = DIAG_4 + 81;
const MOVES_P: usize = CORNER_2X5 + 59049;
const MOVES_O: usize = MOVES_P + 33;
const PARITY: usize = MOVES_O + 33;
const FRONTIER_P: usize = PARITY + 2;
const FRONTIER_O: usize = FRONTIER_P + COUNTS;
const POTENTIAL_P: usize = FRONTIER_O + COUNTS;
const POTENTIAL_O: usize = POTENTIAL_P + COUNTS;
/// Counts of frontier discs and of squares next to them are capped at `COUNTS - 1`.
const COUNTS: usize = 41;

/// `TERNARY[bits]`: the bits read as base-3 digits.
static TERNARY: [u16; 1024] = {
    let mut table = [0u16; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let (mut value, mut power, mut i) = (0u16, 1u16, 0);
        while i < 10 {
            if bits >> i & 1 == 1 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

/// The value of a position blends two stages' weights: each stage's set is the value of its middle
/// (5, 15, .., 55 empties), and a position between two middles takes both sets, the nearer one more
/// (`(k, r)`: set `k` with share `BLEND - r`, set `k + 1` with share `r`, in `BLEND`ths: the
/// middles are ten empties apart, so a tenth a move). So the value changes a little with each move
/// rather than all at once every ten, and each set learns from the positions of twenty empties
/// around its middle: fit to the same games, the blend erred 0.16 disc less at depth 0 than the
/// stages alone (see `docs/strength.md`).
pub(crate) const BLEND: i32 = 10;

/// The two stages `(p, o)` blends and the second one's share in `BLEND`ths (see [`BLEND`]).
#[inline(always)]
pub(crate) fn blend(p: u64, o: u64) -> (usize, i32) {
    let from_first_middle = ((p | o).count_zeros() as i32 - 5).clamp(0, (PHASES as i32 - 1) * 10);
    let k = (from_first_middle / 10).min(PHASES as i32 - 2);
    (k as usize, from_first_middle - 10 * k)
}

/// The board mirrored along the a1-h8 diagonal.
#[inline(always)]
pub(crate) fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// The board turned a quarter.
#[inline(always)]
fn rotate(x: u64) -> u64 {
    transpose(x).swap_bytes()
}

/// The squares of `mask` (at most one per column) gathered into a byte by column.
#[inline(always)]
fn gather(b: u64, mask: u64) -> usize {
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// The pattern instances of one rotation.
#[inline(always)]
fn rotation(p: u64, o: u64, visit: &mut impl FnMut(usize)) {
    let index = |pb: usize, ob: usize| usize::from(TERNARY[pb]) + 2 * usize::from(TERNARY[ob]);
    let edge = |b: u64| (b & 0xff | (b >> 1) & 0x100 | (b >> 5) & 0x200) as usize;
    visit(EDGE_2X + index(edge(p), edge(o)));
    let corner = |b: u64| (b & 7 | (b >> 5) & 0x38 | (b >> 10) & 0x1c0) as usize;
    visit(CORNER_3X3 + index(corner(p), corner(o)));
    let line = |b: u64, row: u32| ((b >> (8 * row)) & 0xff) as usize;
    visit(LINE_2 + index(line(p, 1), line(o, 1)));
    visit(LINE_3 + index(line(p, 2), line(o, 2)));
    visit(LINE_4 + index(line(p, 3), line(o, 3)));
    let mask = 0x8040_2010_0804_0201;
    visit(DIAG_8 + index(gather(p, mask), gather(o, mask)));
    for (offset, mask, shift) in [
        (DIAG_7, 0x0080_4020_1008_0402, 1),
        (DIAG_6, 0x0000_8040_2010_0804, 2),
        (DIAG_5, 0x0000_0080_4020_1008, 3),
        (DIAG_4, 0x0000_0000_8040_2010, 4),
    ] {
        visit(offset + index(gather(p, mask) >> shift, gather(o, mask) >> shift));
    }
    // The 2x5 corner along the first row, and along the first column read in the mirrored
    // order (so that a mirrored board selects the same weights).
    let block = |b: u64| (b & 0x1f | (b >> 3) & 0x3e0) as usize;
    visit(CORNER_2X5 + index(block(p), block(o)));
    let (tp, to) = (transpose(p), transpose(o));
    visit(CORNER_2X5 + index(block(tp), block(to)));
}

/// Calls `visit` with the index (within a stage) of every weight `(p, o)` selects.
#[inline(always)]
pub(crate) fn features(p: u64, o: u64, mut visit: impl FnMut(usize)) {
    let (mut rp, mut ro) = (p, o);
    for _ in 0..4 {
        rotation(rp, ro, &mut visit);
        rp = rotate(rp);
        ro = rotate(ro);
    }
    let moves_p = bitboard::moves(p, o).count_ones().min(32) as usize;
    let moves_o = bitboard::moves(o, p).count_ones().min(32) as usize;
    visit(MOVES_P + moves_p);
    visit(MOVES_O + moves_o);
    visit(PARITY + ((p | o).count_zeros() & 1) as usize);
    let empty = !(p | o);
    let count = |b: u64| (b.count_ones() as usize).min(COUNTS - 1);
    let next_to_empty = neighbours(empty);
    visit(FRONTIER_P + count(p & next_to_empty));
    visit(FRONTIER_O + count(o & next_to_empty));
    visit(POTENTIAL_P + count(empty & neighbours(o)));
    visit(POTENTIAL_O + count(empty & neighbours(p)));
}

/// The squares next to (any of the eight ways) a square of `b` on the 8x8 board; the search
/// uses it too.
#[inline(always)]
pub(crate) const fn neighbours(b: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let sides = (b << 1) & NOT_A | (b >> 1) & NOT_H;
    let row = b | sides;
    sides | row << 8 | row >> 8
}

/// `count` boards of discs strewn at random (any counts, any shapes; not positions of games),
/// the same ones every time: for tests that need many boards.
#[cfg(test)]
pub(crate) fn random_boards(count: usize) -> impl Iterator<Item = (u64, u64)> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..count).map(move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x & x.rotate_left(17), !x & x.rotate_left(29))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn selected(p: u64, o: u64) -> Vec<usize> {
        let mut all = Vec::new();
        features(p, o, |i| all.push(i));
        all.sort_unstable();
        all
    }

    #[test]
    fn a_turned_board_selects_the_same_weights() {
        for (p, o) in random_boards(1000) {
            let all = selected(p, o);
            assert_eq!(all.len(), 4 * 12 + 7);
            assert!(all.iter().all(|&i| i < WEIGHTS));
            assert_eq!(selected(rotate(p), rotate(o)), all);
            assert_eq!(selected(transpose(p), transpose(o)).len(), all.len());
        }
    }

    #[test]
    fn patterns_read_their_squares_in_base_3() {
        // The mover on a1, the opponent on b1: edge digits 1 and 2, and so on.
        let all = selected(1, 2);
        assert!(all.contains(&(EDGE_2X + 1 + 2 * 3)));
        assert!(all.contains(&(CORNER_3X3 + 1 + 2 * 3)));
        assert!(all.contains(&(DIAG_8 + 1)));
        // The 2x5 corner reads a1-e1 then a2-e2; along the first column, a1-a5 then b1-b5.
        assert!(all.contains(&(CORNER_2X5 + 1 + 2 * 3)));
        assert!(all.contains(&(CORNER_2X5 + 1 + 2 * 243)));
        // The mover can take c1, the opponent has no move; 62 empties: even.
        assert!(all.contains(&(MOVES_P + 1)) && all.contains(&MOVES_O));
        assert!(all.contains(&PARITY));
        // Both discs are frontier discs; c1, a2, b2 and c2 are next to the opponent's, a2
        // and b2 next to the mover's.
        assert!(all.contains(&(FRONTIER_P + 1)) && all.contains(&(FRONTIER_O + 1)));
        assert!(all.contains(&(POTENTIAL_P + 4)) && all.contains(&(POTENTIAL_O + 2)));
    }
}
