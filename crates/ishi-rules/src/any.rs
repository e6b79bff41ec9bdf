//! One type for a position of either game, in the board's own coordinates: what front ends
//! (the app, the game server) hold when they do not care which game is played.
//!
//! ```
//! use ishi_rules::any::{GameKind, Position};
//! use ishi_rules::othello::Othello;
//!
//! let start = Position::Othello(Othello::standard());
//! let mv = start.parse_move("f5")?;
//! let next = start.play(mv).expect("f5 is legal at the start");
//! assert_eq!(next.kind(), GameKind::Othello);
//! assert_eq!(next.counts().black, 4);
//! # Ok::<(), ishi_rules::any::MoveNameError>(())
//! ```

use crate::go::{self, Go};
use crate::othello::{self, Othello, Square};
use crate::{ByColor, Game, IllegalReason, Move, Player};

/// A cell of the board as drawn: column from the left, row from the top, both from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell {
    /// Column from the left.
    pub col: u8,
    /// Row from the top.
    pub row: u8,
}

impl Cell {
    /// The cell at column `col`, row `row`.
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }
}

/// Which game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameKind {
    /// Othello (Reversi).
    Othello,
    /// Go.
    Go,
}

/// A position of either game.
#[derive(Clone, Debug)]
pub enum Position {
    /// An Othello position.
    Othello(Othello),
    /// A Go position.
    Go(Box<Go>),
}

/// A move in board coordinates.
pub type CellMove = Move<Cell>;

/// A move's name that is not a move of the position's board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveNameError {
    /// The text names no square (Othello: `f5`) or point (Go: `D4`), nor `pass`.
    Malformed(String),
    /// A point beyond the board's side.
    OffBoard(String),
}

impl std::fmt::Display for MoveNameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveNameError::Malformed(text) => write!(f, "{text:?} is not a move"),
            MoveNameError::OffBoard(text) => write!(f, "{text} is off the board"),
        }
    }
}

impl std::error::Error for MoveNameError {}

/// Go positions are equal when everything that decides the next moves is: stones and side to
/// move (the hash), prisoners, ko, passes, rules and size.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        match (self, other) {
            (Position::Othello(a), Position::Othello(b)) => a == b,
            (Position::Go(a), Position::Go(b)) => {
                a.size() == b.size()
                    && a.hash() == b.hash()
                    && a.captures() == b.captures()
                    && a.ko_point() == b.ko_point()
                    && a.consecutive_passes() == b.consecutive_passes()
                    && a.rules() == b.rules()
            }
            _ => false,
        }
    }
}

impl Position {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            Position::Othello(_) => GameKind::Othello,
            Position::Go(_) => GameKind::Go,
        }
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        match self {
            Position::Othello(o) => o.shape().size(),
            Position::Go(g) => g.size(),
        }
    }

    /// The player to move.
    pub fn turn(&self) -> Player {
        match self {
            Position::Othello(o) => o.turn(),
            Position::Go(g) => g.turn(),
        }
    }

    /// Whether the game has ended by the rules (Othello: nobody can move; Go: two passes).
    pub fn is_over(&self) -> bool {
        match self {
            Position::Othello(o) => o.is_over(),
            Position::Go(g) => g.is_over(),
        }
    }

    /// Whether the only legal move is a pass (Othello's forced pass).
    pub fn must_pass(&self) -> bool {
        match self {
            Position::Othello(o) => o.legal_moves() == [Move::Pass],
            Position::Go(_) => false,
        }
    }

    /// Whether `cell` is a point of the board (not outside it, not a hole).
    pub fn has_cell(&self, cell: Cell) -> bool {
        match self {
            Position::Othello(o) => square(cell).is_some_and(|s| o.shape().contains(s)),
            Position::Go(g) => go_point(cell, g.size()).is_some(),
        }
    }

    /// The stone or disc on `cell`.
    pub fn stone(&self, cell: Cell) -> Option<Player> {
        match self {
            Position::Othello(o) => square(cell).and_then(|s| o.disc_at(s)),
            Position::Go(g) => go_point(cell, g.size()).and_then(|p| g.stone_at(p)),
        }
    }

    /// The cells where the player to move may place a stone or disc.
    pub fn legal_cells(&self) -> Vec<Cell> {
        let size = self.size();
        match self {
            Position::Othello(o) => o
                .legal_moves()
                .into_iter()
                .filter_map(|m| m.point().map(|s| Cell::new(s.col(), s.row())))
                .collect(),
            Position::Go(g) => g
                .legal_moves()
                .into_iter()
                .filter_map(|m| m.point().map(|p| go_cell(p, size)))
                .collect(),
        }
    }

    /// Why `mv` may not be played, or `Ok`.
    ///
    /// # Errors
    ///
    /// The rules' reason.
    pub fn check(&self, mv: CellMove) -> Result<(), IllegalReason> {
        match self {
            Position::Othello(o) => o.check(to_othello(mv).ok_or(IllegalReason::OffBoard)?),
            Position::Go(g) => g.check(to_go(mv, g.size()).ok_or(IllegalReason::OffBoard)?),
        }
    }

    /// The position after `mv`, or why it is refused.
    ///
    /// # Errors
    ///
    /// The rules' reason.
    pub fn play(&self, mv: CellMove) -> Result<Position, IllegalReason> {
        self.check(mv)?;
        let mut next = self.clone();
        match &mut next {
            Position::Othello(o) => {
                if let Some(m) = to_othello(mv) {
                    o.play_unchecked(m);
                }
            }
            Position::Go(g) => {
                let size = g.size();
                if let Some(m) = to_go(mv, size) {
                    g.play_unchecked(m);
                }
            }
        }
        Ok(next)
    }

    /// Othello: the discs `cell` would flip for the player to move.
    pub fn flips(&self, cell: Cell) -> Vec<Cell> {
        match (self, square(cell)) {
            (Position::Othello(o), Some(s)) => o
                .flips(s)
                .into_iter()
                .map(|f| Cell::new(f.col(), f.row()))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Go: the cell a simple ko forbids to the player to move.
    pub fn ko(&self) -> Option<Cell> {
        match self {
            Position::Go(g) => g.ko_point().map(|p| go_cell(p, g.size())),
            Position::Othello(_) => None,
        }
    }

    /// Othello: discs of each colour; Go: prisoners taken by each player.
    pub fn counts(&self) -> ByColor<u32> {
        match self {
            Position::Othello(o) => o.disc_count(),
            Position::Go(g) => g.captures(),
        }
    }

    /// Go: the star points, to draw as dots.
    pub fn is_star(&self, cell: Cell) -> bool {
        match self {
            Position::Go(g) => go_point(cell, g.size())
                .is_some_and(|p| go::handicap::star_points(g.size()).contains(&p)),
            Position::Othello(_) => false,
        }
    }

    /// The name of `cell` as players write it: `d3` (Othello, rows from the top) or `D4`
    /// (Go, rows from the bottom, no `I`).
    pub fn cell_name(&self, cell: Cell) -> String {
        match self {
            Position::Othello(_) => square(cell).map(|s| s.to_string()).unwrap_or_default(),
            Position::Go(g) => go_point(cell, g.size())
                .map(|p| p.to_string())
                .unwrap_or_default(),
        }
    }

    /// A number that differs between positions (the rules' position hash: stones or discs
    /// and the side to move): what an analysis of this position is filed under.
    pub fn fingerprint(&self) -> u64 {
        match self {
            Position::Othello(o) => o.hash(),
            Position::Go(g) => g.hash(),
        }
    }

    /// The move named `name` as players write it (`f5`, `D4`, `pass`), in board
    /// coordinates: the one reader of the names that [`move_name`](Position::move_name)
    /// writes, for saved games and the computer's answers. Whether the move is legal is
    /// [`check`](Position::check)'s business.
    ///
    /// # Errors
    ///
    /// [`MoveNameError`] for a name that is no square or point of this board.
    pub fn parse_move(&self, name: &str) -> Result<CellMove, MoveNameError> {
        let malformed = || MoveNameError::Malformed(name.to_owned());
        match self {
            Position::Othello(_) => name
                .parse::<othello::Move>()
                .map(from_othello)
                .map_err(|_| malformed()),
            Position::Go(g) => match name.parse::<go::Move>().map_err(|_| malformed())? {
                Move::Place(p) if !p.is_on(g.size()) => {
                    Err(MoveNameError::OffBoard(name.to_owned()))
                }
                mv => Ok(from_go(mv, g.size())),
            },
        }
    }

    /// The name of `mv` as players write it: [`cell_name`](Position::cell_name), or `pass`.
    pub fn move_name(&self, mv: CellMove) -> String {
        match mv {
            Move::Place(cell) => self.cell_name(cell),
            Move::Pass => "pass".to_owned(),
        }
    }

    /// The Othello position, if this is one.
    pub fn othello(&self) -> Option<&Othello> {
        match self {
            Position::Othello(o) => Some(o),
            Position::Go(_) => None,
        }
    }

    /// The Go position, if this is one.
    pub fn go(&self) -> Option<&Go> {
        match self {
            Position::Go(g) => Some(g),
            Position::Othello(_) => None,
        }
    }
}

/// The Othello square of a cell (rows from the top in both).
fn square(cell: Cell) -> Option<Square> {
    Square::from_coords(cell.col, cell.row)
}

/// The Go point of a cell on a board of side `size` (Go rows count from the bottom).
pub fn go_point(cell: Cell, size: usize) -> Option<go::Point> {
    let row = size.checked_sub(1 + cell.row as usize)?;
    go::Point::new(cell.col, u8::try_from(row).ok()?).filter(|p| p.is_on(size))
}

/// The cell of a Go point on a board of side `size`.
pub fn go_cell(p: go::Point, size: usize) -> Cell {
    Cell::new(p.col(), (size - 1 - p.row() as usize) as u8)
}

/// The Othello move of a move in board coordinates; `None` off the largest board.
pub fn to_othello(mv: CellMove) -> Option<othello::Move> {
    match mv {
        Move::Place(c) => square(c).map(Move::Place),
        Move::Pass => Some(Move::Pass),
    }
}

/// The Go move of a move in board coordinates on a board of side `size`; `None` off it.
pub fn to_go(mv: CellMove, size: usize) -> Option<go::Move> {
    match mv {
        Move::Place(c) => go_point(c, size).map(Move::Place),
        Move::Pass => Some(Move::Pass),
    }
}

/// The move in board coordinates of an Othello move.
pub fn from_othello(mv: othello::Move) -> CellMove {
    match mv {
        Move::Place(s) => Move::Place(Cell::new(s.col(), s.row())),
        Move::Pass => Move::Pass,
    }
}

/// The move in board coordinates of a Go move.
pub fn from_go(mv: go::Move, size: usize) -> CellMove {
    match mv {
        Move::Place(p) => Move::Place(go_cell(p, size)),
        Move::Pass => Move::Pass,
    }
}
