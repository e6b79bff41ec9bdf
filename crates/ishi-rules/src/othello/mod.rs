//! Othello (Reversi) on the standard board and on boards of other sizes and shapes.
//!
//! ```
//! use ishi_rules::Game;
//! use ishi_rules::othello::{Othello, transcript};
//!
//! // The shortest game that ends with White wiped out.
//! let moves = transcript::parse("e6f4e3d6c5f6e7f5g5")?;
//! let end = transcript::replay(&Othello::standard(), &moves)?.last_position();
//! assert!(end.is_over());
//! assert_eq!(end.disc_count().white, 0);
//! assert_eq!(end.score().to_string(), "B+64");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The standard board takes the fast path: [`Othello8`], discs on two `u64` bitboards, moves
//! and flips by branch-free kernels ([`bitboard`]). Every other size (4, 6, 10) and every shape
//! takes the general path, [`OthelloN`] on `u128`, with the same rules code. [`Othello`] is
//! the one type front ends hold: it dispatches to either path, so the standard game never pays
//! for the others.
//!
//! Around the rules: [`transcript`] reads and writes move lists, [`notation`] board strings,
//! and [`openings`] names the standard opening a game is in.

pub mod bitboard;
mod board;
mod geometry;
pub mod notation;
pub mod openings;
mod perft;
mod shape;
mod square;
pub mod transcript;
mod zobrist;

use std::fmt;

use crate::game::{Game, IllegalReason, Outcome};
use crate::{ByColor, Player};

pub use board::{Board, Othello8, OthelloN};
pub use geometry::{Bits, Geometry, Shaped, Standard};
pub use perft::perft;
pub use shape::{MAX_SIZE, MIN_SIZE, PRESETS, Preset, Shape, ShapeError};
pub use square::{ParseSquareError, Square, Symmetry};

/// An Othello move: a disc on a square, or a pass.
pub type Move = crate::Move<Square>;

/// An Othello position on any supported board. Front ends hold this; search code may take the
/// concrete [`Othello8`] or [`OthelloN`] for speed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Othello {
    /// The standard 8x8 board, on the fast path.
    Standard(Othello8),
    /// Any other size or shape.
    General(OthelloN),
}

macro_rules! dispatch {
    ($self:expr, $b:ident => $e:expr) => {
        match $self {
            Othello::Standard($b) => $e,
            Othello::General($b) => $e,
        }
    };
}

impl Othello {
    /// The standard 8x8 start position.
    pub fn standard() -> Othello {
        Othello::Standard(Othello8::new())
    }

    /// The start position on `shape`: the standard board takes the fast path.
    pub fn new(shape: Shape) -> Othello {
        if shape == Shape::STANDARD {
            Othello::standard()
        } else {
            Othello::General(OthelloN::new(shape))
        }
    }

    /// The position `setup` describes.
    ///
    /// # Errors
    ///
    /// When a disc is off the board or two discs share a square.
    pub fn from_setup(setup: &Setup) -> Result<Othello, SetupError> {
        if setup.shape == Shape::STANDARD {
            Othello8::from_setup(setup).map(Othello::Standard)
        } else {
            OthelloN::from_setup(setup).map(Othello::General)
        }
    }

    /// The unvalidated description of this position.
    pub fn setup(&self) -> Setup {
        dispatch!(self, b => b.setup())
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        dispatch!(self, b => b.shape())
    }

    /// The position turned or mirrored by `symmetry`, the same player to move; `None` when
    /// the board's shape does not map onto itself that way.
    ///
    /// ```
    /// use ishi_rules::othello::{Othello, Symmetry};
    ///
    /// let start = Othello::standard();
    /// // The start maps onto itself by a half turn and the two diagonals.
    /// assert_eq!(start.transformed(Symmetry::Turn180), Some(start));
    /// assert_ne!(start.transformed(Symmetry::Turn90), Some(start));
    /// ```
    pub fn transformed(&self, symmetry: Symmetry) -> Option<Othello> {
        let setup = self.setup();
        let size = setup.shape.size();
        let image = |sq| symmetry.apply(sq, size);
        if !setup
            .shape
            .squares()
            .all(|sq| setup.shape.contains(image(sq)))
        {
            return None;
        }
        let discs = setup.discs.iter().map(|&(sq, p)| (image(sq), p)).collect();
        Othello::from_setup(&Setup { discs, ..setup }).ok()
    }

    /// The disc on `sq`, if any.
    pub fn disc_at(&self, sq: Square) -> Option<Player> {
        dispatch!(self, b => b.disc_at(sq))
    }

    /// The number of discs of each colour.
    pub fn disc_count(&self) -> ByColor<u32> {
        dispatch!(self, b => b.disc_count())
    }

    /// Disc counts and empty squares.
    pub fn score(&self) -> Score {
        dispatch!(self, b => b.score())
    }

    /// The Zobrist hash, kept up to date move by move.
    pub fn hash(&self) -> u64 {
        dispatch!(self, b => b.hash())
    }

    /// The hash computed from scratch.
    pub fn recomputed_hash(&self) -> u64 {
        dispatch!(self, b => b.recomputed_hash())
    }

    /// The discs that flip if the player to move places a disc on `sq`.
    pub fn flips(&self, sq: Square) -> Vec<Square> {
        dispatch!(self, b => b.flips(sq))
    }
}

impl Default for Othello {
    fn default() -> Othello {
        Othello::standard()
    }
}

impl Game for Othello {
    type Move = Move;

    fn turn(&self) -> Player {
        dispatch!(self, b => b.turn())
    }

    fn legal_moves(&self) -> Vec<Move> {
        dispatch!(self, b => b.legal_moves())
    }

    fn check(&self, mv: Move) -> Result<(), IllegalReason> {
        dispatch!(self, b => b.check(mv))
    }

    fn play_unchecked(&mut self, mv: Move) {
        dispatch!(self, b => b.play_unchecked(mv));
    }

    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, b => b.outcome())
    }
}

/// Draws the board: `X` Black, `O` White, `-` empty, a blank for a hole; coordinates around.
///
/// ```text
///   a b c d e f g h
/// 1 - - - - - - - -
/// 2 - - - - - - - -
/// 3 - - - - - - - -
/// 4 - - - O X - - -
/// 5 - - - X O - - -
/// 6 - - - - - - - -
/// 7 - - - - - - - -
/// 8 - - - - - - - -
/// black to move
/// ```
impl fmt::Display for Othello {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.shape();
        let size = shape.size();
        f.write_str("  ")?;
        for col in 0..size {
            write!(f, " {}", char::from(b'a' + col as u8))?;
        }
        writeln!(f)?;
        for row in 0..size as u8 {
            write!(f, "{:>2}", row + 1)?;
            for col in 0..size as u8 {
                let sq = Square::from_coords(col, row).ok_or(fmt::Error)?;
                let c = match self.disc_at(sq) {
                    _ if !shape.contains(sq) => ' ',
                    Some(Player::Black) => 'X',
                    Some(Player::White) => 'O',
                    None => '-',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        match self.outcome() {
            Some(_) => write!(f, "game over: {}", self.score()),
            None => write!(f, "{} to move", self.turn()),
        }
    }
}

/// An unvalidated position: pub fields to fill in, then [`Othello::from_setup`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The board.
    pub shape: Shape,
    /// The discs on it.
    pub discs: Vec<(Square, Player)>,
    /// The side to move.
    pub turn: Player,
}

impl Setup {
    /// The start position of `shape`.
    pub fn start(shape: Shape) -> Setup {
        Othello::new(shape).setup()
    }
}

/// A [`Setup`] that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A disc on a square the board does not have.
    OffBoard(Square),
    /// Two discs on one square.
    Overlap(Square),
    /// The fast path holds only the standard board.
    NotStandard(Shape),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OffBoard(sq) => write!(f, "{sq} is not a square of this board"),
            SetupError::Overlap(sq) => write!(f, "two discs on {sq}"),
            SetupError::NotStandard(shape) => {
                write!(f, "the 8x8 fast path cannot hold a {shape} board")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Disc counts at some point of a game, and the score they give.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Score {
    /// Discs of each colour.
    pub discs: ByColor<u32>,
    /// Empty playable squares.
    pub empties: u32,
}

impl Score {
    /// Black's margin in the standard scoring of Edax and the FFO: disc difference, with the
    /// empty squares counted for the winner (none for a draw).
    pub fn margin(self) -> i32 {
        let diff = self.discs.black as i32 - self.discs.white as i32;
        diff + diff.signum() * self.empties as i32
    }

    /// The outcome if the game ended here.
    pub fn outcome(self) -> Outcome {
        Outcome::from_margin(Player::Black, self.margin())
    }
}

/// `B+10`, `W+2` or `Draw`, from the [`margin`](Score::margin).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome() {
            Outcome::Win(p) => write!(f, "{}+{}", p.letter(), self.margin().abs()),
            Outcome::Draw => f.write_str("Draw"),
        }
    }
}

#[cfg(test)]
mod tests;
