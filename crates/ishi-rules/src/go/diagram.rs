//! Board diagrams: the rows of `X`, `O`, `.` and `+` that [`Go`]'s `Display` draws, and
//! reading them back.

use std::fmt;

use crate::{ByColor, Game, Player};

use super::{Go, GoRules, MAX_SIZE, MIN_SIZE, Point, Setup, SetupError, column_letter, handicap};

/// A diagram that does not describe a position. Lines count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramError {
    /// A character that is not a cell (`X`, `O`, `.`, `+`) on a row.
    BadChar {
        /// The line of the row.
        line: usize,
        /// The character.
        found: char,
    },
    /// A row whose number of cells is not the number of rows.
    Width {
        /// The line of the row.
        line: usize,
        /// Its cells.
        cells: usize,
        /// The number of rows, which is the board side.
        size: usize,
    },
    /// A row numbered otherwise than its place from the bottom.
    RowNumber {
        /// The line of the row.
        line: usize,
        /// The number written.
        found: String,
        /// Its place counted from the bottom row, 1.
        expected: usize,
    },
    /// No rows at all.
    NoRows,
    /// The rows draw no valid position: a size outside 5..=19, a chain without liberties.
    Setup(SetupError),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::BadChar { line, found } => write!(
                f,
                "line {line}: {found:?} is not a cell: use X for black, O for white, . or + for \
                 an empty point"
            ),
            DiagramError::Width { line, cells, size } => write!(
                f,
                "line {line}: a row of {cells} cells on a board of {size} rows"
            ),
            DiagramError::RowNumber {
                line,
                found,
                expected,
            } => write!(f, "line {line}: row number {found}, expected {expected}"),
            DiagramError::NoRows => f.write_str("the diagram has no rows"),
            DiagramError::Setup(e) => write!(f, "the diagram is not a position: {e}"),
        }
    }
}

impl std::error::Error for DiagramError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DiagramError::Setup(e) => Some(e),
            _ => None,
        }
    }
}

/// One row as written: its line, optional row numbers and cells.
struct Row<'a> {
    line: usize,
    numbers: Vec<&'a str>,
    cells: Vec<Option<Player>>,
}

/// Whether `text` is a line of column letters in order from `A` (`A B C ...` or `ABC...`).
fn is_header(text: &str) -> bool {
    let mut letters = text.split_whitespace().flat_map(str::chars).peekable();
    letters.peek().is_some()
        && letters
            .enumerate()
            .all(|(col, letter)| u8::try_from(col).ok().and_then(column_letter) == Some(letter))
}

/// Reads a row line, or says which character is not a cell.
fn row(line: usize, text: &str) -> Result<Row<'_>, DiagramError> {
    let mut tokens: Vec<&str> = text.split_whitespace().collect();
    let is_number = |t: &&str| t.bytes().all(|b| b.is_ascii_digit());
    let mut numbers = Vec::new();
    if tokens.first().is_some_and(is_number) {
        numbers.push(tokens.remove(0));
    }
    if tokens.last().is_some_and(is_number) {
        numbers.extend(tokens.pop());
    }
    let cells = tokens
        .iter()
        .flat_map(|t| t.chars())
        .map(|c| match c {
            'X' => Ok(Some(Player::Black)),
            'O' => Ok(Some(Player::White)),
            '.' | '+' => Ok(None),
            found => Err(DiagramError::BadChar { line, found }),
        })
        .collect::<Result<_, _>>()?;
    Ok(Row {
        line,
        numbers,
        cells,
    })
}

impl Setup {
    /// The position drawn in `diagram`, unvalidated, with `turn` to move and no prisoners.
    /// The format is [`Go::from_diagram`](super::Go::from_diagram)'s.
    ///
    /// # Errors
    ///
    /// [`DiagramError`] with the line when the text is not a square board of 5 to 19 rows of
    /// cells (chains are not checked: [`Go::from_setup`](super::Go::from_setup) does that).
    pub fn from_diagram(
        diagram: &str,
        rules: GoRules,
        turn: Player,
    ) -> Result<Setup, DiagramError> {
        let mut rows = Vec::new();
        for (k, text) in diagram.lines().enumerate() {
            let text = text.trim();
            if text.starts_with(|c: char| c.is_lowercase()) {
                break;
            }
            if text.is_empty() || is_header(text) {
                continue;
            }
            rows.push(row(k + 1, text)?);
        }
        let size = rows.len();
        if size == 0 {
            return Err(DiagramError::NoRows);
        }
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(DiagramError::Setup(SetupError::Size(size)));
        }
        let mut stones = Vec::new();
        for (k, r) in rows.iter().enumerate() {
            let number = size - k;
            if r.cells.len() != size {
                return Err(DiagramError::Width {
                    line: r.line,
                    cells: r.cells.len(),
                    size,
                });
            }
            if let Some(found) = r.numbers.iter().find(|n| n.parse() != Ok(number)) {
                return Err(DiagramError::RowNumber {
                    line: r.line,
                    found: (*found).to_owned(),
                    expected: number,
                });
            }
            for (col, cell) in r.cells.iter().enumerate() {
                let p = Point::new(col as u8, (number - 1) as u8);
                if let (Some(p), Some(player)) = (p, *cell) {
                    stones.push((p, player));
                }
            }
        }
        stones.sort_unstable();
        Ok(Setup {
            size,
            rules,
            stones,
            turn,
            captures: ByColor::default(),
        })
    }
}

/// Draws the board with GTP coordinates, the top row first: `X` Black, `O` White, `.` empty,
/// `+` an empty star point; then a status line.
///
/// ```text
///    A B C D E F G H J
///  9 . . . . . . . . . 9
///  8 . . . . . . . . . 8
///  7 . . + . . . + . . 7
///  6 . . . . . . . . . 6
///  5 . . . X + . . . . 5
///  4 . . . . O . . . . 4
///  3 . . + . . . + . . 3
///  2 . . . . . . . . . 2
///  1 . . . . . . . . . 1
///    A B C D E F G H J
/// black to move; captures: black 0, white 0
/// ```
///
/// The status line names the side to move and the ko point if any, or, after two passes,
/// the result with every stone alive (`game over, W+4.5 with every stone alive`).
impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size();
        let stars = handicap::star_points(size);
        let letters: String = (0..size as u8)
            .filter_map(column_letter)
            .map(|letter| format!(" {letter}"))
            .collect();
        writeln!(f, "  {letters}")?;
        for row in (0..size as u8).rev() {
            write!(f, "{:>2}", row + 1)?;
            for col in 0..size as u8 {
                let p = Point::new(col, row).ok_or(fmt::Error)?;
                let c = match self.stone_at(p) {
                    Some(Player::Black) => 'X',
                    Some(Player::White) => 'O',
                    None if stars.contains(&p) => '+',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " {}", row + 1)?;
        }
        writeln!(f, "  {letters}")?;
        if self.is_over() {
            let margin = self.margin();
            let (points, halves) = (margin.unsigned_abs() / 2, margin.unsigned_abs() % 2);
            let winner = if margin > 0 { 'B' } else { 'W' };
            match (margin, halves) {
                (0, _) => f.write_str("game over, a draw")?,
                (_, 0) => write!(f, "game over, {winner}+{points}")?,
                _ => write!(f, "game over, {winner}+{points}.5")?,
            }
            f.write_str(" with every stone alive")?;
        } else {
            write!(f, "{} to move", self.turn)?;
            if let Some(ko) = self.ko {
                write!(f, ", ko at {ko}")?;
            }
        }
        write!(
            f,
            "; captures: black {}, white {}",
            self.captures.black, self.captures.white
        )
    }
}

/// The rules, the move number and the diagram.
impl fmt::Debug for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Go {{ rules: {:?}, moves: {}, last: {:?} }}",
            self.rules, self.moves, self.last_move
        )?;
        fmt::Display::fmt(self, f)
    }
}
