//! Othello puzzles: the library's lines, read and checked, and what the generator needs to
//! write one (the uniqueness rule and the themes).
//!
//! A line is six fields apart by tabs:
//!
//! ```text
//! BOARD SIDE <tab> VALUES <tab> LINE <tab> RATING <tab> THEMES <tab> SOURCE
//! ```
//!
//! - the position as a board string (`ishi_rules::othello::notation`), the side to move
//!   to find the move;
//! - every legal move with its exact value, best first: `c4:+6,d3:-2,f5:-10` (the final disc
//!   margin for the side to move with best play, empty squares to the winner);
//! - the engine's line from the answer, squares apart by spaces, passes not written (as in a
//!   transcript: a side with no move passes);
//! - the puzzle's rating, its estimated difficulty on the Glicko-2 scale;
//! - its themes, apart by commas, or `-`;
//! - where it came from (for credit and for checking: `eothello 1056798, move 41`).
//!
//! Lines that start with `#` and empty lines are comments.

use std::fmt;

use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello, Square, notation, transcript};

/// How far ahead of the second move the best must be when both reach the same result (a win,
/// a draw or a loss), in discs.
pub const MARGIN: i32 = 10;

/// Whether a position whose best move is worth `best` and second best `second` is a puzzle:
/// the best is the only move to reach its result, or ahead by [`MARGIN`] discs.
pub fn is_unique(best: i32, second: i32) -> bool {
    best.signum() != second.signum() || best - second >= MARGIN
}

/// One puzzle: find the move that keeps the best result.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The position, the side to move to find the move.
    pub position: Othello,
    /// Every legal move and its exact value for the side to move, best first.
    pub values: Vec<(Square, i32)>,
    /// The engine's line from the answer, passes not written.
    pub line: Vec<Square>,
    /// The estimated difficulty, on the Glicko-2 scale.
    pub rating: u16,
    /// What the puzzle is about, where a program can tell.
    pub themes: Vec<Theme>,
    /// Where it came from.
    pub source: String,
}

/// What a puzzle is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The answer takes a corner.
    Corner,
    /// The answer is on an edge, not a corner.
    Edge,
    /// The answer's line takes every disc of the other side.
    WipeOut,
    /// The answer's line makes the other side pass: a tempo gained.
    Pass,
    /// The answer plays into an odd region of empty squares, where another move plays into an
    /// even one: the last move of a region is worth having.
    Parity,
}

impl Theme {
    /// Every theme, in the order a line lists them.
    pub const ALL: [Theme; 5] = [
        Theme::Corner,
        Theme::Edge,
        Theme::WipeOut,
        Theme::Pass,
        Theme::Parity,
    ];

    /// The theme's name in the library.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Corner => "corner",
            Theme::Edge => "edge",
            Theme::WipeOut => "wipe-out",
            Theme::Pass => "pass",
            Theme::Parity => "parity",
        }
    }
}

impl Puzzle {
    /// The move to find.
    pub fn answer(&self) -> Square {
        self.values[0].0
    }

    /// The exact value of `square` for the side to move, if it is a legal move.
    pub fn value(&self, square: Square) -> Option<i32> {
        self.values
            .iter()
            .find(|&&(s, _)| s == square)
            .map(|&(_, v)| v)
    }

    /// The puzzle's number, the same in every library that holds its position: a hash of the
    /// board string (FNV-1a), for saved progress.
    pub fn id(&self) -> u64 {
        notation::print_board(&self.position)
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
    }
}

impl fmt::Display for Puzzle {
    /// The puzzle's line in the library, without its newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\t", notation::print_board(&self.position))?;
        for (i, (square, value)) in self.values.iter().enumerate() {
            let comma = if i == 0 { "" } else { "," };
            write!(f, "{comma}{square}:{value:+}")?;
        }
        f.write_str("\t")?;
        for (i, square) in self.line.iter().enumerate() {
            let space = if i == 0 { "" } else { " " };
            write!(f, "{space}{square}")?;
        }
        write!(f, "\t{}\t", self.rating)?;
        if self.themes.is_empty() {
            f.write_str("-")?;
        }
        for (i, theme) in self.themes.iter().enumerate() {
            let comma = if i == 0 { "" } else { "," };
            write!(f, "{comma}{}", theme.name())?;
        }
        write!(f, "\t{}", self.source)
    }
}

/// A library line that is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: Reason,
}

/// What is wrong with a library line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Not six fields apart by tabs.
    Fields(usize),
    /// The board string is not a position.
    Board(notation::BoardStringError),
    /// The game is over, or the side to move must pass: there is no move to find.
    NoMove,
    /// A value that is not `square:+N` with a margin from -64 to 64.
    Value(String),
    /// The values do not list every legal move once: this one is missing, illegal or twice.
    Moves(String),
    /// The values are not best first, or the best is not the only move to reach its result.
    NotUnique,
    /// The line does not start with the answer, or plays an illegal move.
    Line(String),
    /// The rating is not a number from 0 to 4000.
    Rating(String),
    /// A theme with no name of this version.
    Theme(String),
}

impl fmt::Display for LibraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle library, line {}: ", self.line)?;
        match &self.reason {
            Reason::Fields(n) => write!(f, "{n} fields; a puzzle has 6, apart by tabs"),
            Reason::Board(e) => e.fmt(f),
            Reason::NoMove => f.write_str("the side to move has no move to find"),
            Reason::Value(v) => write!(f, "{v:?} is not a move and its value (\"c4:+6\")"),
            Reason::Moves(m) => write!(f, "the values do not list every legal move once ({m})"),
            Reason::NotUnique => f.write_str(
                "the values are not best first, or more than one move reaches the best result",
            ),
            Reason::Line(m) => write!(f, "the line is not the answer's, or {m} is illegal in it"),
            Reason::Rating(r) => write!(f, "{r:?} is not a rating from 0 to 4000"),
            Reason::Theme(t) => write!(f, "{t:?} is not a theme"),
        }
    }
}

impl std::error::Error for LibraryError {}

/// Reads a library: its puzzles in order.
///
/// # Errors
///
/// [`LibraryError`] for the first line that is not a puzzle (see [`Reason`]).
pub fn parse(text: &str) -> Result<Vec<Puzzle>, LibraryError> {
    crate::fields::puzzles(text, parse_line).map_err(|(line, reason)| LibraryError { line, reason })
}

/// One line's puzzle.
fn parse_line(text: &str) -> Result<Puzzle, Reason> {
    let fields: Vec<&str> = text.split('\t').collect();
    let [board, values, line, rating, themes, source] = fields[..] else {
        return Err(Reason::Fields(fields.len()));
    };
    let position = notation::parse_board(board).map_err(Reason::Board)?;
    let legal: Vec<Square> = position
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Place(s) => Some(s),
            Move::Pass => None,
        })
        .collect();
    if legal.is_empty() {
        return Err(Reason::NoMove);
    }
    let values = values
        .split(',')
        .map(|v| {
            let bad = || Reason::Value(v.to_owned());
            let (square, value) = v.split_once(':').ok_or_else(bad)?;
            let square: Square = square.parse().map_err(|_| bad())?;
            if !value.starts_with(['+', '-']) {
                return Err(bad());
            }
            let value: i32 = value.parse().map_err(|_| bad())?;
            if value.abs() > 64 {
                return Err(bad());
            }
            Ok((square, value))
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (i, &(square, _)) in values.iter().enumerate() {
        if !legal.contains(&square) || values[..i].iter().any(|&(s, _)| s == square) {
            return Err(Reason::Moves(square.to_string()));
        }
    }
    if let Some(missing) = legal.iter().find(|s| !values.iter().any(|(v, _)| v == *s)) {
        return Err(Reason::Moves(missing.to_string()));
    }
    let best_first = values.windows(2).all(|w| w[0].1 >= w[1].1);
    if !best_first || (values.len() > 1 && !is_unique(values[0].1, values[1].1)) {
        return Err(Reason::NotUnique);
    }
    let line = line
        .split(' ')
        .map(|s| s.parse::<Square>().map_err(|_| Reason::Line(s.to_owned())))
        .collect::<Result<Vec<_>, _>>()?;
    if line.first() != Some(&values[0].0) {
        return Err(Reason::Line(
            line.first().map_or(String::new(), |s| s.to_string()),
        ));
    }
    replay(&position, &line).map_err(|s| Reason::Line(s.to_string()))?;
    let rating = crate::fields::rating(rating).ok_or_else(|| Reason::Rating(rating.to_owned()))?;
    let themes = crate::fields::themes(themes, &Theme::ALL, Theme::name).map_err(Reason::Theme)?;
    Ok(Puzzle {
        position,
        values,
        line,
        rating,
        themes,
        source: source.to_owned(),
    })
}

/// The positions along `line` from `position` (the position after each move), a side with no
/// move passing (`transcript::replay`); the first illegal square otherwise.
pub fn replay(position: &Othello, line: &[Square]) -> Result<Vec<Othello>, Square> {
    let moves: Vec<Move> = line.iter().map(|&s| Move::Place(s)).collect();
    let game = transcript::replay(position, &moves)
        .map_err(|e| line[e.offset.min(line.len().saturating_sub(1))])?;
    Ok(game
        .moves
        .iter()
        .zip(&game.positions[1..])
        .filter(|(mv, _)| **mv != Move::Pass)
        .map(|(_, after)| *after)
        .collect())
}

/// The themes of a puzzle whose answer `answer` is worth `value` and whose line is `line`
/// (from the answer), in [`Theme::ALL`]'s order. The pass is the other side's, within the
/// line; the parity compares the empty regions (squares joined by their sides and corners) of
/// the answer and of the other legal moves.
pub fn themes(position: &Othello, answer: Square, value: i32, line: &[Square]) -> Vec<Theme> {
    let size = position.shape().size();
    let (row, col) = (usize::from(answer.row()), usize::from(answer.col()));
    let last = size - 1;
    let on_edge = |r: usize, c: usize| r == 0 || c == 0 || r == last || c == last;
    let corner = (row == 0 || row == last) && (col == 0 || col == last);
    let mut themes = Vec::new();
    if corner {
        themes.push(Theme::Corner);
    } else if on_edge(row, col) {
        themes.push(Theme::Edge);
    }
    if value == 64 {
        themes.push(Theme::WipeOut);
    }
    let solver = position.turn();
    let mut now = *position;
    let mut passed = false;
    for &square in line {
        if now.legal_moves() == [Move::Pass] {
            passed |= now.turn() != solver;
            now.play_unchecked(Move::Pass);
        }
        if now.play(Move::Place(square)).map(|p| now = p).is_err() {
            break;
        }
    }
    if passed
        || (now.outcome().is_none() && now.legal_moves() == [Move::Pass] && now.turn() != solver)
    {
        themes.push(Theme::Pass);
    }
    let region = |square: Square| region_size(position, square);
    let others_even = position.legal_moves().into_iter().any(|m| match m {
        Move::Place(s) => s != answer && region(s) % 2 == 0,
        Move::Pass => false,
    });
    if region(answer) % 2 == 1 && others_even {
        themes.push(Theme::Parity);
    }
    themes
}

/// The number of empty squares joined to `square` (itself included) by sides and corners.
fn region_size(position: &Othello, square: Square) -> usize {
    let shape = position.shape();
    let size = shape.size();
    let empty = |r: usize, c: usize| {
        Square::from_coords(c as u8, r as u8)
            .is_some_and(|s| shape.contains(s) && position.disc_at(s).is_none())
    };
    let (row, col) = (usize::from(square.row()), usize::from(square.col()));
    let mut seen = vec![false; size * size];
    let mut stack = vec![(row, col)];
    seen[row * size + col] = true;
    let mut count = 0;
    while let Some((r, c)) = stack.pop() {
        count += 1;
        for (dr, dc) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            if nr < 0 || nc < 0 || nr >= size as isize || nc >= size as isize {
                continue;
            }
            let (nr, nc) = (nr as usize, nc as usize);
            if !seen[nr * size + nc] && empty(nr, nc) {
                seen[nr * size + nc] = true;
                stack.push((nr, nc));
            }
        }
    }
    count
}

#[cfg(test)]
mod tests;
