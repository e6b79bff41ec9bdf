//! Board strings: a whole position on one line, as Edax and the FFO `.obf` files write it.
//!
//! The squares `a1 b1 .. h1 a2 .. h8` one character each (`X` Black, `O` White, `-` empty),
//! then the side to move: `---------------------------OX------XO--------------------------- X`.
//! Edax's other spellings are read too (`x`, `*`, `B`, `b` for Black; `o`, `W`, `w` for White;
//! `.` for empty), and whitespace between the squares is ignored. The length gives the size:
//! 16, 36, 64 or 100 squares. Ishi adds `#` for a square cut out of a shaped board.
//!
//! An `.obf` line may end with `; comment` (the FFO files list best moves and scores there):
//! [`parse_obf_line`] splits it off.

use std::fmt;

use crate::Player;

use super::{MAX_SIZE, Othello, Setup, SetupError, Shape, ShapeError, Square};

/// A board string that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardStringError {
    /// Where in the text, in characters from 0.
    pub offset: usize,
    /// What went wrong.
    pub kind: BoardStringErrorKind,
}

/// What went wrong in a board string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardStringErrorKind {
    /// A character that is not a square or a side.
    BadChar(char),
    /// The number of squares is not 16, 36, 64 or 100.
    SquareCount(usize),
    /// The side to move is missing.
    MissingSide,
    /// The holes cut out a centre square.
    Shape(ShapeError),
    /// The discs do not fit the board.
    Setup(SetupError),
}

impl fmt::Display for BoardStringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board string, character {}: ", self.offset + 1)?;
        match &self.kind {
            BoardStringErrorKind::BadChar(c) => write!(
                f,
                "{c:?} is not a square ('X' black, 'O' white, '-' empty, '#' hole)"
            ),
            BoardStringErrorKind::SquareCount(n) => write!(
                f,
                "{n} squares before the side to move; a board has 16, 36, 64 or 100"
            ),
            BoardStringErrorKind::MissingSide => {
                f.write_str("the side to move ('X' or 'O') is missing")
            }
            BoardStringErrorKind::Shape(e) => e.fmt(f),
            BoardStringErrorKind::Setup(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BoardStringError {}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Cell {
    Disc(Player),
    Empty,
    Hole,
}

fn cell(c: char) -> Option<Cell> {
    match c {
        'X' | 'x' | '*' | 'B' | 'b' => Some(Cell::Disc(Player::Black)),
        'O' | 'o' | 'W' | 'w' => Some(Cell::Disc(Player::White)),
        '-' | '.' => Some(Cell::Empty),
        '#' => Some(Cell::Hole),
        _ => None,
    }
}

/// Whether `text` looks like a board string rather than a transcript (`f5d6c3`): only the
/// characters of squares and sides, and more of them than a 4x4 board has. What imports use to
/// tell the two apart before reading either.
///
/// ```
/// use ishi_rules::othello::notation::looks_like_board;
///
/// assert!(looks_like_board("---------------------------OX------XO--------------------------- X"));
/// assert!(!looks_like_board("f5d6c3d3c4"));
/// ```
pub fn looks_like_board(text: &str) -> bool {
    let cells = || text.chars().filter(|c| !c.is_whitespace());
    cells().all(|c| "XOxo-.*#BbWw".contains(c)) && cells().count() > 16
}

/// Reads a board string.
///
/// ```
/// use ishi_rules::Game;
/// use ishi_rules::othello::{Othello, notation};
///
/// let text = "---------------------------OX------XO--------------------------- X";
/// let start = notation::parse_board(text)?;
/// assert_eq!(start, Othello::standard());
/// assert_eq!(notation::print_board(&start), text);
/// # Ok::<(), notation::BoardStringError>(())
/// ```
///
/// # Errors
///
/// [`BoardStringError`] with the offset of the first character that does not fit.
pub fn parse_board(text: &str) -> Result<Othello, BoardStringError> {
    let error = |offset, kind| BoardStringError { offset, kind };
    let mut cells = Vec::with_capacity(MAX_SIZE * MAX_SIZE + 1);
    for (offset, c) in text.chars().enumerate().filter(|(_, c)| !c.is_whitespace()) {
        let cell = cell(c).ok_or_else(|| error(offset, BoardStringErrorKind::BadChar(c)))?;
        cells.push((offset, cell));
    }
    let Some((side_offset, side)) = cells.pop() else {
        return Err(error(0, BoardStringErrorKind::MissingSide));
    };
    let turn = match side {
        Cell::Disc(p) => p,
        Cell::Empty | Cell::Hole => {
            return Err(error(side_offset, BoardStringErrorKind::MissingSide));
        }
    };
    let size = cells.len().isqrt();
    if size * size != cells.len() || Shape::square(size).is_err() {
        return Err(error(
            side_offset,
            BoardStringErrorKind::SquareCount(cells.len()),
        ));
    }
    let rows: Vec<String> = cells
        .chunks(size)
        .map(|row| {
            row.iter()
                .map(|(_, c)| if *c == Cell::Hole { '#' } else { '.' })
                .collect()
        })
        .collect();
    let shape = Shape::from_rows(&rows).map_err(|e| error(0, BoardStringErrorKind::Shape(e)))?;
    let discs = cells
        .iter()
        .enumerate()
        .filter_map(|(i, (_, c))| match c {
            Cell::Disc(p) => Some((Square::from_index(i, size), *p)),
            Cell::Empty | Cell::Hole => None,
        })
        .collect();
    Othello::from_setup(&Setup { shape, discs, turn })
        .map_err(|e| error(0, BoardStringErrorKind::Setup(e)))
}

/// The board string of `position`: squares, a space, the side to move.
pub fn print_board(position: &Othello) -> String {
    use crate::Game;

    let shape = position.shape();
    let mut s: String = (0..shape.size() * shape.size())
        .map(|i| {
            let sq = Square::from_index(i, shape.size());
            match position.disc_at(sq) {
                _ if !shape.contains(sq) => '#',
                Some(Player::Black) => 'X',
                Some(Player::White) => 'O',
                None => '-',
            }
        })
        .collect();
    s.push(' ');
    s.push(position.turn().fold('X', 'O'));
    s
}

/// Reads one line of an `.obf` file: a board string, then maybe `;` and a comment, which is
/// returned trimmed.
///
/// # Errors
///
/// As [`parse_board`], for the part before the `;`.
pub fn parse_obf_line(line: &str) -> Result<(Othello, Option<&str>), BoardStringError> {
    match line.split_once(';') {
        Some((board, comment)) => Ok((parse_board(board)?, Some(comment.trim()))),
        None => Ok((parse_board(line)?, None)),
    }
}
