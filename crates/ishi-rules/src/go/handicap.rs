//! Star points and fixed handicap placement.
//!
//! Ishi places fixed handicap stones as the GTP specification (section 4.1.1) and GNU Go do:
//! the third stone goes to the upper-left star point (D16 on 19x19), not the lower-right one
//! that traditional placement and Pachi use (Q4). One convention everywhere keeps Ishi's
//! `fixed_handicap` answers identical to GNU Go's, which the differential tests rely on.

use std::fmt;

use super::Point;

/// The line (from 0) of the corner star points, or `None` for boards too small to have them.
fn corner_line(size: usize) -> Option<usize> {
    match size {
        12.. => Some(3),
        7..=11 => Some(2),
        _ => None,
    }
}

/// The points at these coordinates; coordinates past the largest board are left out.
fn points(coords: impl IntoIterator<Item = (usize, usize)>) -> Vec<Point> {
    coords
        .into_iter()
        .filter_map(|(col, row)| Point::new(u8::try_from(col).ok()?, u8::try_from(row).ok()?))
        .collect()
}

/// The star points (hoshi) of a board of side `size`, drawn as dots on the board.
///
/// ```
/// use ishi_rules::go::handicap::star_points;
///
/// let names: Vec<String> = star_points(9).iter().map(|p| p.to_string()).collect();
/// assert_eq!(names, ["C3", "G3", "E5", "C7", "G7"]);
/// assert_eq!(star_points(19).len(), 9);
/// ```
pub fn star_points(size: usize) -> Vec<Point> {
    let mid = size / 2;
    let odd = size % 2 == 1;
    let mut coords = Vec::new();
    if let Some(c) = corner_line(size) {
        let far = size - 1 - c;
        let sides = odd && size >= 15;
        for row in [c, mid, far] {
            for col in [c, mid, far] {
                let corner = row != mid && col != mid;
                let centre = row == mid && col == mid && odd;
                let side = (row == mid) != (col == mid) && sides;
                if corner || centre || side {
                    coords.push((col, row));
                }
            }
        }
    } else if odd {
        coords.push((mid, mid));
    }
    points(coords)
}

/// The largest fixed handicap a board of side `size` takes.
pub fn max_fixed_handicap(size: usize) -> u8 {
    match size {
        0..7 => 0,
        _ if size.is_multiple_of(2) => 4,
        7..=11 => 5,
        _ => 9,
    }
}

/// A handicap that the board cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// The number of stones is not in 2..=max for this board.
    Count {
        /// The stones asked for.
        stones: u8,
        /// The board side.
        size: usize,
    },
    /// A free placement names a point twice or off the board.
    BadPoint(Point),
    /// Handicap stones go on an empty board before the first move.
    NotEmpty,
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::Count { stones, size } => {
                let max = max_fixed_handicap(*size);
                if max < 2 {
                    write!(f, "a {size}x{size} board takes no handicap stones")
                } else {
                    write!(
                        f,
                        "{stones} handicap stones: a {size}x{size} board takes 2 to {max}"
                    )
                }
            }
            HandicapError::BadPoint(p) => {
                write!(f, "handicap point {p} is off the board or given twice")
            }
            HandicapError::NotEmpty => {
                f.write_str("handicap stones can only be placed on an empty board")
            }
        }
    }
}

impl std::error::Error for HandicapError {}

/// The points of a fixed handicap of `stones` stones on a board of side `size`, in the order
/// of the GTP specification.
///
/// ```
/// use ishi_rules::go::handicap::fixed_handicap;
///
/// let three: Vec<String> = fixed_handicap(19, 3)?.iter().map(|p| p.to_string()).collect();
/// assert_eq!(three, ["D4", "Q16", "D16"]);
/// # Ok::<(), ishi_rules::go::handicap::HandicapError>(())
/// ```
///
/// # Errors
///
/// [`HandicapError::Count`] unless `stones` is in 2..=[`max_fixed_handicap`]`(size)`.
pub fn fixed_handicap(size: usize, stones: u8) -> Result<Vec<Point>, HandicapError> {
    let count_error = HandicapError::Count { stones, size };
    if stones < 2 || stones > max_fixed_handicap(size) {
        return Err(count_error);
    }
    let c = corner_line(size).ok_or(count_error)?;
    let (far, mid) = (size - 1 - c, size / 2);
    let corners = [(c, c), (far, far), (c, far), (far, c)];
    let left_right = [(c, mid), (far, mid)];
    let bottom_top = [(mid, c), (mid, far)];
    let centre = (mid, mid);
    let mut spots: Vec<(usize, usize)> = match stones {
        2..=4 => corners[..stones as usize].to_vec(),
        5 => [&corners[..], &[centre]].concat(),
        6 | 7 => [&corners[..], &left_right[..]].concat(),
        _ => [&corners[..], &left_right[..], &bottom_top[..]].concat(),
    };
    if stones % 2 == 1 && stones > 5 {
        spots.push(centre);
    }
    Ok(points(spots))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Point]) -> Vec<String> {
        points.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn fixed_handicap_follows_the_gtp_table_on_19x19() {
        let table = [
            (2, "D4 Q16"),
            (3, "D4 Q16 D16"),
            (4, "D4 Q16 D16 Q4"),
            (5, "D4 Q16 D16 Q4 K10"),
            (6, "D4 Q16 D16 Q4 D10 Q10"),
            (7, "D4 Q16 D16 Q4 D10 Q10 K10"),
            (8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
            (9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
        ];
        for (stones, expected) in table {
            assert_eq!(
                names(&fixed_handicap(19, stones).unwrap()).join(" "),
                expected
            );
        }
    }

    #[test]
    fn smaller_boards_use_their_own_star_points() {
        assert_eq!(
            names(&fixed_handicap(9, 5).unwrap()),
            ["C3", "G7", "C7", "G3", "E5"]
        );
        assert_eq!(
            names(&fixed_handicap(13, 9).unwrap()).join(" "),
            "D4 K10 D10 K4 D7 K7 G4 G10 G7"
        );
        assert_eq!(
            fixed_handicap(9, 6),
            Err(HandicapError::Count { stones: 6, size: 9 })
        );
        assert_eq!(
            fixed_handicap(19, 1),
            Err(HandicapError::Count {
                stones: 1,
                size: 19
            })
        );
        assert!(fixed_handicap(5, 2).is_err());
        assert_eq!(fixed_handicap(10, 4).unwrap().len(), 4);
        assert!(fixed_handicap(10, 5).is_err());
    }

    #[test]
    fn corner_and_centre_handicap_stones_are_on_star_points() {
        for size in 5..=19 {
            let stars = star_points(size);
            for stones in 2..=max_fixed_handicap(size).min(5) {
                for p in fixed_handicap(size, stones).unwrap() {
                    assert!(stars.contains(&p), "{p} on {size}");
                }
            }
        }
        let stars = star_points(19);
        assert!(
            fixed_handicap(19, 9)
                .unwrap()
                .iter()
                .all(|p| stars.contains(p))
        );
    }

    #[test]
    fn star_points_per_size() {
        assert_eq!(
            names(&star_points(19)),
            ["D4", "K4", "Q4", "D10", "K10", "Q10", "D16", "K16", "Q16"]
        );
        assert_eq!(names(&star_points(13)), ["D4", "K4", "G7", "D10", "K10"]);
        assert_eq!(names(&star_points(5)), ["C3"]);
        assert_eq!(star_points(8).len(), 4);
        assert!(star_points(6).is_empty());
    }
}
