//! Othello squares and their names.

use std::fmt;
use std::str::FromStr;

use super::shape::MAX_SIZE;

/// A square of an Othello board, named by column letter and row number counted from the top:
/// `a1` is the top-left corner, `h8` the bottom-right one of an 8x8 board (as in Edax, the FFO
/// test suite and the seeds). Boards up to 10x10 use columns `a`..`j` and rows `1`..`10`.
///
/// ```
/// use ishi_rules::othello::Square;
///
/// let sq: Square = "d3".parse()?;
/// assert_eq!((sq.col(), sq.row()), (3, 2));
/// assert_eq!("3D".parse::<Square>()?, sq);
/// assert_eq!(Square::from_coords(9, 9).map(|s| s.to_string()), Some("j10".to_owned()));
/// # Ok::<(), ishi_rules::othello::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square {
    // Row first, so that squares order a1, b1, .., a2, .. like the board strings.
    row: u8,
    col: u8,
}

impl Square {
    /// The square in column `col` and row `row` (both from 0), if both are below 10.
    pub const fn from_coords(col: u8, row: u8) -> Option<Square> {
        if (col as usize) < MAX_SIZE && (row as usize) < MAX_SIZE {
            Some(Square { row, col })
        } else {
            None
        }
    }

    /// The column, 0 for `a`.
    #[inline]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The row, 0 for the top row `1`.
    #[inline]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The square with index `row * size + col` on a board of side `size`.
    pub(crate) const fn from_index(index: usize, size: usize) -> Square {
        Square {
            row: (index / size) as u8,
            col: (index % size) as u8,
        }
    }

    /// `row * size + col`: the bit of this square on a board of side `size`.
    #[inline]
    pub(crate) const fn index(self, size: usize) -> usize {
        self.row as usize * size + self.col as usize
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col), self.row + 1)
    }
}

/// One of the eight ways to turn or mirror a square board onto itself.
///
/// ```
/// use ishi_rules::othello::{Square, Symmetry};
///
/// let f5: Square = "f5".parse()?;
/// let images: Vec<String> = Symmetry::ALL.iter().map(|s| s.apply(f5, 8).to_string()).collect();
/// assert_eq!(images, ["f5", "d6", "c4", "e3", "c5", "f4", "e6", "d3"]);
/// # Ok::<(), ishi_rules::othello::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// Every square where it is.
    Identity,
    /// A quarter turn clockwise.
    Turn90,
    /// A half turn.
    Turn180,
    /// A quarter turn anticlockwise.
    Turn270,
    /// Left and right swapped.
    MirrorColumns,
    /// Top and bottom swapped.
    MirrorRows,
    /// Mirrored in the diagonal from the top-left corner (a1-h8): columns and rows swapped.
    MainDiagonal,
    /// Mirrored in the other diagonal (h1-a8).
    AntiDiagonal,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Turn90,
        Symmetry::Turn180,
        Symmetry::Turn270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::MainDiagonal,
        Symmetry::AntiDiagonal,
    ];

    /// The image of `sq` on a square board of side `size` (`sq` must lie on it).
    pub fn apply(self, sq: Square, size: usize) -> Square {
        let last = size.saturating_sub(1) as u8;
        let (c, r) = (sq.col.min(last), sq.row.min(last));
        let (col, row) = match self {
            Symmetry::Identity => (c, r),
            Symmetry::Turn90 => (last - r, c),
            Symmetry::Turn180 => (last - c, last - r),
            Symmetry::Turn270 => (r, last - c),
            Symmetry::MirrorColumns => (last - c, r),
            Symmetry::MirrorRows => (c, last - r),
            Symmetry::MainDiagonal => (r, c),
            Symmetry::AntiDiagonal => (last - r, last - c),
        };
        Square { row, col }
    }
}

/// Text that does not name a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a square: expected a column letter a-j and a row number 1-10, like \"f5\"",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `f5`, `F5` or `5f`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let error = || ParseSquareError { text: s.to_owned() };
        let (letter, digits) = match s.as_bytes() {
            [c, rest @ ..] if c.is_ascii_alphabetic() => (*c, rest),
            [rest @ .., c] if c.is_ascii_alphabetic() => (*c, rest),
            _ => return Err(error()),
        };
        let row: u8 = std::str::from_utf8(digits)
            .ok()
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse().ok())
            .ok_or_else(error)?;
        let col = letter.to_ascii_lowercase().wrapping_sub(b'a');
        row.checked_sub(1)
            .and_then(|row| Square::from_coords(col, row))
            .ok_or_else(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips_through_its_name() {
        for row in 0..10 {
            for col in 0..10 {
                let sq = Square::from_coords(col, row).unwrap();
                assert_eq!(sq.to_string().parse(), Ok(sq));
                assert_eq!(sq.to_string().to_uppercase().parse(), Ok(sq));
                let reversed: String = sq.to_string().chars().rev().collect();
                if row < 9 {
                    assert_eq!(reversed.parse(), Ok(sq), "{reversed}");
                }
            }
        }
    }

    #[test]
    fn malformed_names_are_refused() {
        for bad in [
            "", "f", "5", "f0", "k1", "a11", "ff", "f5x", "f 5", "f+5", "é5", "f05x", "55",
        ] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
        let e = "z9".parse::<Square>().unwrap_err();
        assert!(e.to_string().contains("\"z9\""));
    }

    #[test]
    fn squares_order_like_board_strings() {
        let a2: Square = "a2".parse().unwrap();
        let h1: Square = "h1".parse().unwrap();
        assert!(h1 < a2);
    }
}
