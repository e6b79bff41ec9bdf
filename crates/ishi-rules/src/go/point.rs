//! Go points and their names: GTP's (columns `A` to `T` without `I`, rows counted from the
//! bottom) and SGF's. [`column_letter`] is the one table of the column letters, which the
//! diagrams and the app's coordinates read too.

use std::fmt;
use std::str::FromStr;

use super::MAX_SIZE;

/// Column letters of GTP and most Go software: `A` to `T`, skipping `I`.
const COLUMNS: &[u8; MAX_SIZE] = b"ABCDEFGHJKLMNOPQRST";

/// The letter of column `col` (0 for the left column) in GTP and most Go software: `A` to
/// `T`, skipping `I`; `None` from column 19 on, past the largest board.
///
/// ```
/// use ishi_rules::go::column_letter;
///
/// assert_eq!(column_letter(0), Some('A'));
/// assert_eq!(column_letter(8), Some('J'));
/// assert_eq!(column_letter(18), Some('T'));
/// assert_eq!(column_letter(19), None);
/// ```
pub fn column_letter(col: u8) -> Option<char> {
    COLUMNS.get(usize::from(col)).map(|&b| char::from(b))
}

/// The column that `letter` names, in either case: the inverse of [`column_letter`].
fn column_of(letter: u8) -> Option<u8> {
    let letter = letter.to_ascii_uppercase();
    COLUMNS
        .iter()
        .position(|&c| c == letter)
        .map(|col| col as u8)
}

/// A point of a Go board: column from the left and row from the bottom, both from 0.
///
/// Named as GTP names it: a column letter `A`..`T` without `I`, then the row number counted
/// from the bottom, so `A1` is the bottom-left corner and `T19` the top-right one of a 19x19
/// board. The name does not depend on the board size.
///
/// ```
/// use ishi_rules::go::Point;
///
/// let p: Point = "d4".parse()?;
/// assert_eq!((p.col(), p.row()), (3, 3));
/// assert_eq!(Point::new(8, 0).map(|p| p.to_string()), Some("J1".to_owned()));
/// assert!("I5".parse::<Point>().is_err());
/// # Ok::<(), ishi_rules::go::ParsePointError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point {
    // Row first: points order row by row from the bottom.
    row: u8,
    col: u8,
}

impl Point {
    /// The point in column `col` and row `row` (row 0 at the bottom), if both are below 19.
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if (col as usize) < MAX_SIZE && (row as usize) < MAX_SIZE {
            Some(Point { row, col })
        } else {
            None
        }
    }

    /// The column, 0 for `A`.
    #[inline]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The row, 0 for the bottom row `1`.
    #[inline]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// Whether the point lies on a board of side `size`.
    #[inline]
    pub const fn is_on(self, size: usize) -> bool {
        (self.col as usize) < size && (self.row as usize) < size
    }

    /// The SGF name on a board of side `size`: column and row letters from the top-left,
    /// `aa` being the top-left corner.
    pub fn to_sgf(self, size: usize) -> String {
        let row = size.saturating_sub(1 + self.row as usize) as u8;
        [b'a' + self.col, b'a' + row]
            .iter()
            .map(|&b| char::from(b))
            .collect()
    }

    /// The point an SGF name gives on a board of side `size`, or `None` if it names no point
    /// of that board (an empty value, `tt` for a pass, or a point outside).
    pub fn from_sgf(text: &str, size: usize) -> Option<Point> {
        let [c, r] = text.as_bytes() else {
            return None;
        };
        let col = c.checked_sub(b'a')?;
        let row_from_top = r.checked_sub(b'a')? as usize;
        if row_from_top >= size {
            return None;
        }
        Point::new(col, (size - 1 - row_from_top) as u8).filter(|p| p.is_on(size))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = column_letter(self.col).ok_or(fmt::Error)?;
        write!(f, "{letter}{}", self.row + 1)
    }
}

/// Text that does not name a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointError {
    text: String,
}

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a point: expected a column letter A-T (no I) and a row number 1-19, \
             like \"D4\"",
            self.text
        )
    }
}

impl std::error::Error for ParsePointError {}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads a GTP point in either case: `D4`, `q16`.
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let error = || ParsePointError { text: s.to_owned() };
        let (&letter, digits) = s.as_bytes().split_first().ok_or_else(error)?;
        let col = column_of(letter).ok_or_else(error)?;
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(error());
        }
        let row: u8 = std::str::from_utf8(digits)
            .ok()
            .and_then(|d| d.parse().ok())
            .ok_or_else(error)?;
        row.checked_sub(1)
            .and_then(|row| Point::new(col, row))
            .ok_or_else(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_round_trips_through_gtp_and_sgf_names() {
        for size in [5, 9, 13, 19] {
            for row in 0..size as u8 {
                for col in 0..size as u8 {
                    let p = Point::new(col, row).unwrap();
                    assert_eq!(p.to_string().parse(), Ok(p));
                    assert_eq!(p.to_string().to_lowercase().parse(), Ok(p));
                    assert_eq!(Point::from_sgf(&p.to_sgf(size), size), Some(p));
                }
            }
        }
    }

    #[test]
    fn names_follow_gtp_and_sgf_conventions() {
        let q16 = Point::new(15, 15).unwrap();
        assert_eq!(q16.to_string(), "Q16");
        assert_eq!(q16.to_sgf(19), "pd");
        assert_eq!(Point::from_sgf("aa", 9), Point::new(0, 8));
        assert_eq!(Point::from_sgf("tt", 19), None);
        assert_eq!(Point::from_sgf("jj", 9), None);
        assert_eq!(Point::from_sgf("", 9), None);
    }

    #[test]
    fn malformed_points_are_refused() {
        for bad in [
            "", "D", "4", "I4", "D0", "D20", "U1", "D4x", "DD4", "D-1", "D04x", "é4",
        ] {
            assert!(bad.parse::<Point>().is_err(), "{bad:?} parsed");
        }
        assert!(
            "Z9".parse::<Point>()
                .unwrap_err()
                .to_string()
                .contains("\"Z9\"")
        );
    }
}
