//! How an Othello board stores its discs: the 8x8 fast path on `u64` and the general path on
//! `u128` for every size and shape.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use super::{Shape, bitboard};

/// A set of squares as the bits of an unsigned integer (`u64` or `u128`).
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + private::Sealed
{
    /// The empty set.
    const ZERO: Self;
    /// The set of the one square `index`.
    fn bit(index: usize) -> Self;
    /// The number of squares.
    fn count(self) -> u32;
    /// The lowest square index of a non-empty set.
    fn lowest(self) -> usize;
    /// The set without its lowest square.
    #[must_use]
    fn without_lowest(self) -> Self;
    /// Whether square `index` is in the set.
    fn has(self, index: usize) -> bool;
    /// The set widened to 128 bits.
    fn widen(self) -> u128;
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl private::Sealed for $t {}

        impl Bits for $t {
            const ZERO: $t = 0;

            #[inline(always)]
            fn bit(index: usize) -> $t {
                1 << index
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }

            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn has(self, index: usize) -> bool {
                self >> index & 1 == 1
            }

            #[inline(always)]
            fn widen(self) -> u128 {
                u128::from(self)
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// The board a position is played on, and the kernels that move discs on it.
///
/// Square index `row * size + col` is the bit of a square in [`Geometry::Bits`].
pub trait Geometry: Copy + Eq + Hash + Debug + Send + Sync + 'static + private::Sealed {
    /// The bit set type.
    type Bits: Bits;

    /// The playable squares.
    fn shape(self) -> Shape;

    /// The squares where the owner of `p` may place a disc against `o`.
    fn moves(self, p: Self::Bits, o: Self::Bits) -> Self::Bits;

    /// The discs of `o` that flip when the owner of `p` places a disc on `index`.
    fn flips(self, p: Self::Bits, o: Self::Bits, index: usize) -> Self::Bits;

    /// The playable squares as bits.
    fn cells(self) -> Self::Bits;
}

/// The standard 8x8 board on `u64` bitboards: the fast path.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Standard;

impl private::Sealed for Standard {}

impl Geometry for Standard {
    type Bits = u64;

    #[inline(always)]
    fn shape(self) -> Shape {
        Shape::STANDARD
    }

    #[inline(always)]
    fn moves(self, p: u64, o: u64) -> u64 {
        bitboard::moves(p, o)
    }

    #[inline(always)]
    fn flips(self, p: u64, o: u64, index: usize) -> u64 {
        bitboard::flips(p, o, index)
    }

    #[inline(always)]
    fn cells(self) -> u64 {
        u64::MAX
    }
}

/// Any size and shape on `u128` bitboards: the general path.
///
/// Kogge-Stone floods like the fast path, with shifts by 1, `size - 1`, `size` and `size + 1`,
/// edge columns masked out of the opponent discs a line may run through, and as many doubling
/// steps as the longest line of the size needs.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Shaped {
    shape: Shape,
    /// Squares not in the first or last column.
    inner_cols: u128,
    /// Doubling steps the flood needs after its two single steps.
    doublings: u32,
}

impl private::Sealed for Shaped {}

impl Shaped {
    /// The general path for `shape`.
    pub fn new(shape: Shape) -> Shaped {
        let size = shape.size();
        let mut inner_cols = 0u128;
        for row in 0..size {
            for col in 1..size - 1 {
                inner_cols |= 1 << (row * size + col);
            }
        }
        // A line holds at most size - 2 opponent discs; the single steps cover 2, each doubling 2.
        let doublings = (size as u32 - 2).saturating_sub(2).div_ceil(2);
        Shaped {
            shape,
            inner_cols,
            doublings,
        }
    }

    /// The flood of `fill` for one axis: squares one step past runs of `mask` discs next to `p`,
    /// in both senses of the shift `dir`.
    #[inline]
    fn fill(self, p: u128, mask: u128, dir: u32) -> u128 {
        let mut up = mask & (p << dir);
        let mut down = mask & (p >> dir);
        up |= mask & (up << dir);
        down |= mask & (down >> dir);
        let pair_up = mask & (mask << dir);
        let pair_down = pair_up >> dir;
        for _ in 0..self.doublings {
            up |= pair_up & (up << (2 * dir));
            down |= pair_down & (down >> (2 * dir));
        }
        (up << dir) | (down >> dir)
    }

    /// The four axes as (shift, mask of discs a line may run through).
    #[inline]
    fn axes(self, o: u128) -> [(u32, u128); 4] {
        let size = self.shape.size() as u32;
        let inner = o & self.inner_cols;
        [(1, inner), (size - 1, inner), (size, o), (size + 1, inner)]
    }
}

impl Geometry for Shaped {
    type Bits = u128;

    #[inline]
    fn shape(self) -> Shape {
        self.shape
    }

    fn moves(self, p: u128, o: u128) -> u128 {
        let reach = self
            .axes(o)
            .into_iter()
            .fold(0, |acc, (dir, mask)| acc | self.fill(p, mask, dir));
        reach & !(p | o) & self.shape.cells()
    }

    fn flips(self, p: u128, o: u128, index: usize) -> u128 {
        let x = 1u128 << index;
        let mut flipped = 0;
        for (dir, mask) in self.axes(o) {
            // The run of `mask` discs next to `x`, grown one square at a time: at most 8 steps.
            let (mut up, mut down) = (mask & (x << dir), mask & (x >> dir));
            for _ in 0..self.doublings * 2 + 1 {
                up |= mask & (up << dir);
                down |= mask & (down >> dir);
            }
            if (up << dir) & p != 0 {
                flipped |= up;
            }
            if (down >> dir) & p != 0 {
                flipped |= down;
            }
        }
        flipped
    }

    #[inline]
    fn cells(self) -> u128 {
        self.shape.cells()
    }
}

mod private {
    pub trait Sealed {}
}
