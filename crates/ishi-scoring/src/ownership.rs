//! What each point of a scored board is: the map the scoring view draws.

use std::fmt;

use ishi_rules::Player;
use ishi_rules::go::{Point, Scoring};

/// What a point is at the count.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ownership {
    /// An empty point that counts for the player: it touches only that player's living
    /// stones (and, under area scoring, that includes the eyes of a seki).
    Territory(Player),
    /// An empty point that counts for nobody: it touches living stones of both colours (or of
    /// neither, on a board without them), the shared liberties of a seki included.
    Dame,
    /// Territory scoring only: an empty point surrounded by the player's stones next to a
    /// seki, which is not territory (Japanese rules, article 8).
    SekiEye(Player),
    /// A living stone.
    Alive(Player),
    /// A living stone of a chain in seki.
    Seki(Player),
    /// A stone marked dead: removed before the count, a prisoner for the opponent.
    Dead {
        /// The colour of the stone.
        color: Player,
        /// Who the point counts for once the stone is lifted (its opponent, when the region
        /// is the opponent's), like an empty point of the same region.
        counts_for: Option<Player>,
    },
}

impl Ownership {
    /// The stone on the point as played, alive, in seki or dead.
    pub fn stone(self) -> Option<Player> {
        match self {
            Ownership::Alive(p) | Ownership::Seki(p) | Ownership::Dead { color: p, .. } => Some(p),
            Ownership::Territory(_) | Ownership::Dame | Ownership::SekiEye(_) => None,
        }
    }

    /// The player the point adds one point to under `scoring`: territory and the points of
    /// dead stones, and under area scoring the living stones too.
    pub fn counts_for(self, scoring: Scoring) -> Option<Player> {
        match self {
            Ownership::Territory(p) => Some(p),
            Ownership::Dead { counts_for, .. } => counts_for,
            Ownership::Alive(p) | Ownership::Seki(p) => (scoring == Scoring::Area).then_some(p),
            Ownership::Dame | Ownership::SekiEye(_) => None,
        }
    }

    /// The character [`OwnershipMap`] draws for the point.
    pub fn symbol(self) -> char {
        match self {
            Ownership::Territory(p) => p.fold('b', 'w'),
            Ownership::Dame => '.',
            Ownership::SekiEye(_) => ':',
            Ownership::Alive(p) => p.fold('X', 'O'),
            Ownership::Seki(p) => p.fold('#', '@'),
            Ownership::Dead { color, .. } => color.fold('x', 'o'),
        }
    }
}

/// The [`Ownership`] of every point of a board.
///
/// Displayed as a diagram, the top row first, one character per point separated by spaces:
///
/// ```text
/// X O  living stones           x o  dead stones
/// # @  stones in seki          b w  territory
/// .    dame                    :    seki eye, not counted (territory scoring)
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct OwnershipMap {
    size: usize,
    cells: Vec<Ownership>,
}

impl OwnershipMap {
    /// The map of a board of side `size` whose points, in [`Go::points`] order, are `cells`.
    ///
    /// [`Go::points`]: ishi_rules::go::Go::points
    pub(crate) fn new(size: usize, cells: Vec<Ownership>) -> OwnershipMap {
        OwnershipMap { size, cells }
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The ownership of `p`, or `None` when `p` is off the board.
    pub fn get(&self, p: Point) -> Option<Ownership> {
        p.is_on(self.size)
            .then(|| self.cells[p.row() as usize * self.size + p.col() as usize])
    }

    /// Every point with its ownership, row by row from the bottom.
    pub fn iter(&self) -> impl Iterator<Item = (Point, Ownership)> + '_ {
        self.cells.iter().enumerate().filter_map(|(i, &o)| {
            let col = u8::try_from(i % self.size).ok()?;
            let row = u8::try_from(i / self.size).ok()?;
            Some((Point::new(col, row)?, o))
        })
    }
}

impl fmt::Display for OwnershipMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, row) in self.cells.chunks(self.size.max(1)).rev().enumerate() {
            if k > 0 {
                writeln!(f)?;
            }
            for (j, o) in row.iter().enumerate() {
                if j > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{}", o.symbol())?;
            }
        }
        Ok(())
    }
}
