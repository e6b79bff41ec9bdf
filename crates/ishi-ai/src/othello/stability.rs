//! Stable discs on the 8x8 board: discs that no sequence of moves can flip.
//!
//! As in Edax: the stable discs of each edge come from a table of all `3^8` edges, built once by
//! dynamic programming over the positions an edge can reach; inner discs are stable when each
//! of their four lines is full or passes through a stable disc of the same colour next to them.

use std::sync::OnceLock;

/// `table[p * 256 + o]`: the discs of `p` that are stable on an edge holding `p` and `o`.
pub(crate) type EdgeTable = [u8; 65536];

/// The edge table, built on first use (a few hundred microseconds).
pub(crate) fn edge_table() -> &'static EdgeTable {
    static TABLE: OnceLock<Box<EdgeTable>> = OnceLock::new();
    TABLE.get_or_init(build_edge_table)
}

/// The edge after `p` places a disc on the empty square `x`, flipping along the edge.
fn play_on_edge(p: u8, o: u8, x: u32) -> (u8, u8) {
    let mut flipped = 0u8;
    for step in [1i32, -1] {
        let mut line = 0u8;
        let mut y = x as i32 + step;
        while (0..8).contains(&y) && o >> y & 1 == 1 {
            line |= 1 << y;
            y += step;
        }
        if (0..8).contains(&y) && p >> y & 1 == 1 {
            flipped |= line;
        }
    }
    (p | flipped | 1 << x, o & !flipped)
}

fn build_edge_table() -> Box<EdgeTable> {
    let mut table: Box<EdgeTable> = vec![0u8; 65536]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has 65536 entries"));
    // Fill from the full edges down: every successor of an edge has one disc more.
    for filled in (0..=8u32).rev() {
        for occupied in 0..=255u8 {
            if occupied.count_ones() != filled {
                continue;
            }
            // Every split of the occupied squares between the two players.
            let mut p = occupied;
            loop {
                let o = occupied & !p;
                let mut stable = p;
                let mut empty = !occupied;
                while empty != 0 && stable != 0 {
                    let x = empty.trailing_zeros();
                    empty &= empty - 1;
                    let (np, no) = play_on_edge(p, o, x);
                    stable &= table[usize::from(np) << 8 | usize::from(no)];
                    let (no, np) = play_on_edge(o, p, x);
                    stable &= table[usize::from(np) << 8 | usize::from(no)];
                }
                table[usize::from(p) << 8 | usize::from(o)] = stable;
                if p == 0 {
                    break;
                }
                p = (p - 1) & occupied;
            }
        }
    }
    table
}

const COL_A: u64 = 0x0101_0101_0101_0101;

/// Column a as a byte, row 1 in bit 0.
#[inline(always)]
fn col_a_byte(b: u64) -> usize {
    ((b & COL_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// `COLUMN_A[byte]`: the byte spread down column a, bit 0 to row 1. (A multiplication would
/// carry where rows 1 and 8 are both set.)
static COLUMN_A: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut row = 0;
        while row < 8 {
            if byte >> row & 1 == 1 {
                table[byte] |= 1 << (8 * row);
            }
            row += 1;
        }
        byte += 1;
    }
    table
};

/// A byte spread down column a, bit 0 to row 1.
#[inline(always)]
fn byte_to_col_a(byte: u8) -> u64 {
    COLUMN_A[usize::from(byte)]
}

/// The stable discs of `p` on the four edges.
#[inline(always)]
pub(crate) fn edge_stable(edges: &EdgeTable, p: u64, o: u64) -> u64 {
    let top = edges[((p & 0xff) << 8 | (o & 0xff)) as usize];
    let bottom = edges[((p >> 56) << 8 | (o >> 56)) as usize];
    let left = edges[col_a_byte(p) << 8 | col_a_byte(o)];
    let right = edges[col_a_byte(p >> 7) << 8 | col_a_byte(o >> 7)];
    u64::from(top) | u64::from(bottom) << 56 | byte_to_col_a(left) | byte_to_col_a(right) << 7
}

/// The squares whose line in the direction of `shift` (with `mask` keeping the line from
/// wrapping around the board's sides) is full.
#[inline(always)]
fn full_lines(filled: u64, shift: u32, mask: u64) -> u64 {
    let mut holes = !filled;
    for _ in 0..7 {
        holes |= ((holes << shift) | (holes >> shift)) & mask;
    }
    !holes
}

/// The discs of `p` that can never flip: edge-stable discs, inner discs whose four lines are
/// full, and inner discs held by stable neighbours on every line that is not full.
pub(crate) fn stable_8(edges: &EdgeTable, p: u64, o: u64) -> u64 {
    const INNER_COLS: u64 = 0x7e7e_7e7e_7e7e_7e7e;
    const INNER: u64 = 0x007e_7e7e_7e7e_7e00;
    let filled = p | o;
    // Valid on inner squares, the only ones used.
    let full_h = full_lines(filled, 1, INNER_COLS);
    let full_v = full_lines(filled, 8, u64::MAX);
    let full_d7 = full_lines(filled, 7, INNER_COLS);
    let full_d9 = full_lines(filled, 9, INNER_COLS);
    let p_inner = p & INNER;
    let mut stable = edge_stable(edges, p, o) | (full_h & full_v & full_d7 & full_d9 & p_inner);
    if stable == 0 {
        return 0;
    }
    loop {
        let old = stable;
        let h = (stable >> 1) | (stable << 1) | full_h;
        let v = (stable >> 8) | (stable << 8) | full_v;
        let d7 = (stable >> 7) | (stable << 7) | full_d7;
        let d9 = (stable >> 9) | (stable << 9) | full_d9;
        stable |= h & v & d7 & d9 & p_inner;
        if stable == old {
            return stable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::othello::bitboard;

    /// A small xorshift stream, enough to play random games.
    fn next(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    /// Plays a random legal move for the side to move, or passes; false at the end.
    fn random_move(p: &mut u64, o: &mut u64, x: &mut u64) -> bool {
        let mut moves = bitboard::moves(*p, *o);
        if moves == 0 {
            if bitboard::moves(*o, *p) == 0 {
                return false;
            }
            std::mem::swap(p, o);
            return true;
        }
        for _ in 0..next(x) % u64::from(moves.count_ones()) {
            moves &= moves - 1;
        }
        let sq = moves.trailing_zeros() as usize;
        let flips = bitboard::flips(*p, *o, sq);
        (*p, *o) = (*o ^ flips, *p ^ flips | 1 << sq);
        true
    }

    #[test]
    fn stable_discs_never_flip_in_random_continuations() {
        let edges = edge_table();
        let mut x = 0x2545_f491_4f6c_dd1d;
        let mut found = 0;
        for game in 0..300 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            for _ in 0..20 + game % 40 {
                if !random_move(&mut p, &mut o, &mut x) {
                    break;
                }
            }
            let stable = stable_8(edges, p, o);
            assert_eq!(stable & !p, 0, "stable discs belong to p");
            found += stable.count_ones();
            for _ in 0..10 {
                // Follow the owner of the stable discs through the rest of a random game.
                let (mut q, mut r, mut owner_moves) = (p, o, true);
                loop {
                    let owner = if owner_moves { q } else { r };
                    assert_eq!(stable & !owner, 0, "a stable disc flipped");
                    let before = (q, r);
                    if !random_move(&mut q, &mut r, &mut x) {
                        break;
                    }
                    owner_moves = !owner_moves;
                    assert_ne!(before, (q, r));
                }
            }
        }
        assert!(found > 1000, "only {found} stable discs seen");
    }

    #[test]
    fn full_edges_and_corners_are_stable() {
        let edges = edge_table();
        // A full edge of mixed colours is stable whole; a lone corner disc too.
        assert_eq!(edges[0b1010_1010 << 8 | 0b0101_0101], 0b1010_1010);
        assert_eq!(edges[0b0000_0001 << 8], 0b0000_0001);
        // A disc next to an empty corner is not.
        assert_eq!(edges[0b0000_0010 << 8 | 0b0000_0100], 0);
    }
}
