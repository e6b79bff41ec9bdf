//! Board shapes: which squares of a square board can hold discs.

use std::fmt;
use std::str::FromStr;

use super::Square;

/// The smallest board side.
pub const MIN_SIZE: usize = 4;
/// The largest board side: 100 squares fit the 128 bits of the general path.
pub const MAX_SIZE: usize = 10;

/// The playable squares of a board: a square of even side 4 to 10, maybe with squares cut out
/// (holes, cut corners, crosses), as the variant boards of the seed series play on.
///
/// The four centre squares are always playable: the game starts there. Squares outside the
/// shape never hold a disc, and lines of discs end at them like at the edge.
///
/// ```
/// use ishi_rules::othello::Shape;
///
/// let octagon: Shape = "octagon".parse()?;
/// assert_eq!(octagon.size(), 8);
/// assert_eq!(octagon.cell_count(), 64 - 4 * 3);
/// assert!(!octagon.contains("a1".parse()?));
/// assert_eq!(Shape::square(6)?.to_string(), "6x6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Shape {
    size: u8,
    /// Bit `row * size + col` is set for each playable square.
    cells: u128,
}

/// A named shape preset.
#[derive(Copy, Clone, Debug)]
pub struct Preset {
    /// The name used on the command line and in saved games.
    pub name: &'static str,
    /// A one-line description.
    pub description: &'static str,
    rows: &'static [&'static str],
}

impl Preset {
    /// The shape.
    pub fn shape(&self) -> Shape {
        // The presets are checked by a test; a broken one would fail it.
        Shape::from_rows(self.rows).unwrap_or(Shape::STANDARD)
    }
}

/// The shaped boards with names, besides the plain squares `4x4`, `6x6`, `8x8` and `10x10`.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "octagon",
        description: "8x8 with three squares cut from each corner",
        rows: &[
            "##....##", "#......#", "........", "........", "........", "........", "#......#",
            "##....##",
        ],
    },
    Preset {
        name: "cross",
        description: "8x8 without its four 2x2 corner blocks",
        rows: &[
            "##....##", "##....##", "........", "........", "........", "........", "##....##",
            "##....##",
        ],
    },
    Preset {
        name: "holes",
        description: "8x8 with the four X-squares (b2, g2, b7, g7) cut out",
        rows: &[
            "........", ".#....#.", "........", "........", "........", "........", ".#....#.",
            "........",
        ],
    },
    Preset {
        name: "diamond",
        description: "10x10 with a triangle of six squares cut from each corner",
        rows: &[
            "###....###",
            "##......##",
            "#........#",
            "..........",
            "..........",
            "..........",
            "..........",
            "#........#",
            "##......##",
            "###....###",
        ],
    },
];

/// A shape that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// The side is odd or outside 4..=10.
    Size(usize),
    /// A row of the picture has a different length than the number of rows.
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Its length.
        len: usize,
    },
    /// A character other than `.` (playable) and `#` (hole).
    Char {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        col: usize,
        /// The character.
        found: char,
    },
    /// A centre square is not playable.
    CentreMissing(Square),
    /// No preset has this name.
    UnknownName(String),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Size(n) => write!(
                f,
                "board size {n} is not supported: use an even size from {MIN_SIZE} to {MAX_SIZE}"
            ),
            ShapeError::RowLength { row, len } => {
                write!(f, "row {row} has {len} squares, but the board is square")
            }
            ShapeError::Char { row, col, found } => write!(
                f,
                "row {row}, column {col}: {found:?} is neither '.' (square) nor '#' (hole)"
            ),
            ShapeError::CentreMissing(sq) => {
                write!(
                    f,
                    "centre square {sq} must be playable: the game starts there"
                )
            }
            ShapeError::UnknownName(name) => {
                write!(f, "unknown board shape {name:?}; known shapes: ")?;
                let names: Vec<String> = Shape::names().collect();
                f.write_str(&names.join(", "))
            }
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// The standard 8x8 board.
    pub const STANDARD: Shape = Shape {
        size: 8,
        cells: (1 << 64) - 1,
    };

    /// The full square board of side `size`.
    ///
    /// # Errors
    ///
    /// [`ShapeError::Size`] unless `size` is even and in 4..=10.
    pub fn square(size: usize) -> Result<Shape, ShapeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) || !size.is_multiple_of(2) {
            return Err(ShapeError::Size(size));
        }
        Ok(Shape {
            size: size as u8,
            cells: (1u128 << (size * size)) - 1,
        })
    }

    /// A shape drawn as rows of `.` (playable) and `#` (hole), top row first.
    ///
    /// # Errors
    ///
    /// When the picture is not a supported square, has other characters, or cuts a centre square.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Shape, ShapeError> {
        let size = rows.len();
        let mut shape = Shape::square(size)?;
        for (r, line) in rows.iter().enumerate() {
            let line = line.as_ref();
            if line.chars().count() != size {
                return Err(ShapeError::RowLength {
                    row: r + 1,
                    len: line.chars().count(),
                });
            }
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => shape.cells &= !(1 << (r * size + c)),
                    found => {
                        return Err(ShapeError::Char {
                            row: r + 1,
                            col: c + 1,
                            found,
                        });
                    }
                }
            }
        }
        if let Some(sq) = shape.centre().into_iter().find(|&sq| !shape.contains(sq)) {
            return Err(ShapeError::CentreMissing(sq));
        }
        Ok(shape)
    }

    /// Every board the rules support: the full squares of side 4, 6, 8 and 10, then the
    /// [`PRESETS`] shapes in their order.
    ///
    /// ```
    /// use ishi_rules::othello::{PRESETS, Shape};
    ///
    /// let all = Shape::all();
    /// assert_eq!(all.len(), 4 + PRESETS.len());
    /// assert_eq!(all[0], Shape::square(4)?);
    /// assert!(all.contains(&Shape::STANDARD));
    /// assert!(all.contains(&"octagon".parse()?));
    /// # Ok::<(), ishi_rules::othello::ShapeError>(())
    /// ```
    pub fn all() -> Vec<Shape> {
        (MIN_SIZE..=MAX_SIZE)
            .step_by(2)
            .filter_map(|n| Shape::square(n).ok())
            .chain(PRESETS.iter().map(Preset::shape))
            .collect()
    }

    /// The side of the enclosing square.
    #[inline]
    pub const fn size(self) -> usize {
        self.size as usize
    }

    /// The playable squares as bits `row * size + col`.
    #[inline]
    pub const fn cells(self) -> u128 {
        self.cells
    }

    /// Whether `sq` can hold a disc.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        (sq.col() as usize) < self.size() && (sq.row() as usize) < self.size() && {
            self.cells >> sq.index(self.size()) & 1 == 1
        }
    }

    /// The number of playable squares.
    pub const fn cell_count(self) -> u32 {
        self.cells.count_ones()
    }

    /// Whether every square of the enclosing square is playable.
    pub fn is_full(self) -> bool {
        Shape::square(self.size()).is_ok_and(|s| s == self)
    }

    /// The playable squares, row by row from the top.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let size = self.size();
        (0..size * size)
            .filter(move |&i| self.cells >> i & 1 == 1)
            .map(move |i| Square::from_index(i, size))
    }

    /// The four centre squares in the order d4, e4, d5, e5 (for 8x8): White, Black, Black,
    /// White at the start.
    pub fn centre(self) -> [Square; 4] {
        let c = (self.size / 2) as usize;
        [(c - 1, c - 1), (c, c - 1), (c - 1, c), (c, c)]
            .map(|(col, row)| Square::from_index(row * self.size() + col, self.size()))
    }

    /// The preset name of this shape: `8x8` for full squares, else the name in [`PRESETS`];
    /// `None` for a custom shape.
    pub fn name(self) -> Option<String> {
        if self.is_full() {
            return Some(format!("{0}x{0}", self.size));
        }
        PRESETS
            .iter()
            .find(|p| p.shape() == self)
            .map(|p| p.name.to_owned())
    }

    /// Every name [`FromStr`] accepts for a shape: the names of [`Shape::all`], in its order.
    pub fn names() -> impl Iterator<Item = String> {
        Shape::all().into_iter().map(|shape| shape.to_string())
    }

    /// The shape as rows of `.` and `#`, the format of [`Shape::from_rows`].
    pub fn rows(self) -> Vec<String> {
        (0..self.size())
            .map(|r| {
                (0..self.size())
                    .map(|c| {
                        if self.cells >> (r * self.size() + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::STANDARD
    }
}

/// Prints the preset name, or the rows joined by `/` for a custom shape.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(&name),
            None => f.write_str(&self.rows().join("/")),
        }
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Reads a preset name (`8x8`, `8`, `octagon`, ...) or rows of `.` and `#` joined by `/`.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let s = s.trim();
        let lower = s.to_ascii_lowercase();
        if let Some(preset) = PRESETS.iter().find(|p| p.name == lower) {
            return Ok(preset.shape());
        }
        let side = lower
            .split_once('x')
            .map_or(lower.as_str(), |(a, b)| if a == b { a } else { "" });
        if let Ok(n) = side.parse::<usize>() {
            return Shape::square(n);
        }
        if s.contains('/') {
            let rows: Vec<&str> = s.split('/').collect();
            return Shape::from_rows(&rows);
        }
        Err(ShapeError::UnknownName(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_named_back() {
        for preset in PRESETS {
            let shape = Shape::from_rows(preset.rows).unwrap();
            assert!(!shape.is_full(), "{}", preset.name);
            assert_eq!(shape.name().as_deref(), Some(preset.name));
            assert_eq!(preset.name.parse::<Shape>(), Ok(shape));
        }
    }

    #[test]
    fn names_parse_and_print() {
        assert_eq!(
            Shape::names().collect::<Vec<_>>(),
            [
                "4x4", "6x6", "8x8", "10x10", "octagon", "cross", "holes", "diamond"
            ]
        );
        for name in Shape::names() {
            let shape: Shape = name.parse().unwrap();
            assert_eq!(shape.to_string(), name);
        }
        assert_eq!("6".parse::<Shape>(), Shape::square(6));
        assert_eq!("8X8".parse::<Shape>(), Ok(Shape::STANDARD));
        assert!(matches!(
            "8x6".parse::<Shape>(),
            Err(ShapeError::UnknownName(_))
        ));
        assert_eq!("12".parse::<Shape>(), Err(ShapeError::Size(12)));
        assert_eq!("5x5".parse::<Shape>(), Err(ShapeError::Size(5)));
    }

    #[test]
    fn custom_shapes_round_trip_through_rows() {
        let text = "#..#/..../..../#..#";
        let shape: Shape = text.parse().unwrap();
        assert_eq!(shape.cell_count(), 12);
        assert_eq!(shape.to_string(), text);
        assert_eq!(shape.to_string().parse(), Ok(shape));
    }

    #[test]
    fn bad_pictures_say_where() {
        assert_eq!(
            "..../..../...x/....".parse::<Shape>(),
            Err(ShapeError::Char {
                row: 3,
                col: 4,
                found: 'x'
            })
        );
        assert_eq!(
            "..../.../..../....".parse::<Shape>(),
            Err(ShapeError::RowLength { row: 2, len: 3 })
        );
        let missing = "..../.#../..../....".parse::<Shape>();
        assert_eq!(
            missing,
            Err(ShapeError::CentreMissing("b2".parse().unwrap()))
        );
    }

    #[test]
    fn centre_is_the_middle_two_by_two() {
        let names: Vec<String> = Shape::square(10)
            .unwrap()
            .centre()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(names, ["e5", "f5", "e6", "f6"]);
    }
}
