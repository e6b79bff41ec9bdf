//! An Othello position on some geometry: the rules, once for both bitboard widths.

use crate::game::{Game, IllegalReason, Outcome};
use crate::{ByColor, Player};

use super::geometry::{Bits, Geometry, Shaped, Standard};
use super::{Move, Score, Setup, SetupError, Shape, Square, zobrist};

/// An Othello position: discs, side to move and hash, on the geometry `G`.
///
/// Use [`Othello8`] for the standard board and [`OthelloN`] for any size and shape, or the
/// [`Othello`](super::Othello) enum, which picks one of them for a shape.
///
/// The discs are stored from the mover's point of view (the mover's and the opponent's), as
/// search wants them; the colours follow from [`turn`](Game::turn).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board<G: Geometry> {
    geometry: G,
    mover: G::Bits,
    waiter: G::Bits,
    turn: Player,
    hash: u64,
}

/// Othello on the standard 8x8 board, on `u64` bitboards.
pub type Othello8 = Board<Standard>;

/// Othello on any supported size and shape, on `u128` bitboards.
pub type OthelloN = Board<Shaped>;

impl Othello8 {
    /// The standard start: White d4 and e5, Black e4 and d5, Black to move.
    pub fn new() -> Othello8 {
        Board::start(Standard)
    }

    /// The position with these discs (bit `8 * row + col`, `a1` = bit 0) and side to move.
    ///
    /// # Errors
    ///
    /// [`SetupError::Overlap`] when a square holds both colours.
    pub fn from_bits(discs: ByColor<u64>, turn: Player) -> Result<Othello8, SetupError> {
        Board::from_discs(Standard, discs, turn)
    }

    /// The position `setup` describes.
    ///
    /// # Errors
    ///
    /// When the shape is not the standard board, a disc is off it or two discs share a square.
    pub fn from_setup(setup: &Setup) -> Result<Othello8, SetupError> {
        if setup.shape != Shape::STANDARD {
            return Err(SetupError::NotStandard(setup.shape));
        }
        Board::from_setup_with(Standard, setup)
    }
}

impl Default for Othello8 {
    fn default() -> Othello8 {
        Othello8::new()
    }
}

impl OthelloN {
    /// The start position on `shape`: the four centre discs placed as in standard Othello.
    pub fn new(shape: Shape) -> OthelloN {
        Board::start(Shaped::new(shape))
    }

    /// The position `setup` describes, on the general path whatever its shape.
    ///
    /// # Errors
    ///
    /// When a disc is off the board or two discs share a square.
    pub fn from_setup(setup: &Setup) -> Result<OthelloN, SetupError> {
        Board::from_setup_with(Shaped::new(setup.shape), setup)
    }
}

impl<G: Geometry> Board<G> {
    fn start(geometry: G) -> Board<G> {
        let shape = geometry.shape();
        let [d4, e4, d5, e5] = shape
            .centre()
            .map(|sq| G::Bits::bit(sq.index(shape.size())));
        let discs = ByColor::new(e4 | d5, d4 | e5);
        Board {
            geometry,
            mover: discs.black,
            waiter: discs.white,
            turn: Player::Black,
            hash: zobrist::hash(discs, Player::Black),
        }
    }

    fn from_discs(
        geometry: G,
        discs: ByColor<G::Bits>,
        turn: Player,
    ) -> Result<Board<G>, SetupError> {
        let shape = geometry.shape();
        let overlap = discs.black & discs.white;
        if overlap != G::Bits::ZERO {
            return Err(SetupError::Overlap(Square::from_index(
                overlap.lowest(),
                shape.size(),
            )));
        }
        let outside = (discs.black | discs.white) & !geometry.cells();
        if outside != G::Bits::ZERO {
            return Err(SetupError::OffBoard(Square::from_index(
                outside.lowest(),
                shape.size(),
            )));
        }
        let (mover, waiter) = turn.fold((discs.black, discs.white), (discs.white, discs.black));
        Ok(Board {
            geometry,
            mover,
            waiter,
            turn,
            hash: zobrist::hash(discs, turn),
        })
    }

    fn from_setup_with(geometry: G, setup: &Setup) -> Result<Board<G>, SetupError> {
        let shape = geometry.shape();
        let mut discs = ByColor::new(G::Bits::ZERO, G::Bits::ZERO);
        for &(sq, player) in &setup.discs {
            if !shape.contains(sq) {
                return Err(SetupError::OffBoard(sq));
            }
            let bit = G::Bits::bit(sq.index(shape.size()));
            if (discs.black | discs.white) & bit != G::Bits::ZERO {
                return Err(SetupError::Overlap(sq));
            }
            discs[player] = discs[player] | bit;
        }
        Board::from_discs(geometry, discs, setup.turn)
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.geometry.shape()
    }

    /// The discs of each colour as bits `row * size + col`.
    pub fn discs(&self) -> ByColor<G::Bits> {
        match self.turn {
            Player::Black => ByColor::new(self.mover, self.waiter),
            Player::White => ByColor::new(self.waiter, self.mover),
        }
    }

    /// The discs of the player to move and of the opponent, as search wants them.
    #[inline]
    pub fn mover_and_waiter(&self) -> (G::Bits, G::Bits) {
        (self.mover, self.waiter)
    }

    /// The disc on `sq`, if any.
    pub fn disc_at(&self, sq: Square) -> Option<Player> {
        let shape = self.shape();
        if !shape.contains(sq) {
            return None;
        }
        let i = sq.index(shape.size());
        if self.mover.has(i) {
            Some(self.turn)
        } else if self.waiter.has(i) {
            Some(!self.turn)
        } else {
            None
        }
    }

    /// The number of discs of each colour.
    pub fn disc_count(&self) -> ByColor<u32> {
        self.discs().map(Bits::count)
    }

    /// The disc counts and empty squares, for the final score.
    pub fn score(&self) -> Score {
        Score {
            discs: self.disc_count(),
            empties: self.empty_count(),
        }
    }

    /// The number of empty playable squares.
    pub fn empty_count(&self) -> u32 {
        (self.geometry.cells() & !(self.mover | self.waiter)).count()
    }

    /// The Zobrist hash, kept up to date move by move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the discs and the side to move alone.
    pub fn recomputed_hash(&self) -> u64 {
        zobrist::hash(self.discs(), self.turn)
    }

    /// The squares where the player to move may place a disc.
    #[inline]
    pub fn move_bits(&self) -> G::Bits {
        self.geometry.moves(self.mover, self.waiter)
    }

    /// The discs that flip if the player to move places a disc on `sq` (empty if none, or if
    /// `sq` is not an empty playable square).
    pub fn flips(&self, sq: Square) -> Vec<Square> {
        let shape = self.shape();
        if !shape.contains(sq) || self.disc_at(sq).is_some() {
            return Vec::new();
        }
        let mut set = self
            .geometry
            .flips(self.mover, self.waiter, sq.index(shape.size()));
        let mut squares = Vec::new();
        while set != G::Bits::ZERO {
            squares.push(Square::from_index(set.lowest(), shape.size()));
            set = set.without_lowest();
        }
        squares
    }

    /// The unvalidated description of this position.
    pub fn setup(&self) -> Setup {
        let shape = self.shape();
        Setup {
            shape,
            discs: shape
                .squares()
                .filter_map(|sq| self.disc_at(sq).map(|p| (sq, p)))
                .collect(),
            turn: self.turn,
        }
    }

    fn index_of(&self, sq: Square) -> Option<usize> {
        let shape = self.shape();
        shape.contains(sq).then(|| sq.index(shape.size()))
    }

    fn opponent_can_move(&self) -> bool {
        self.geometry.moves(self.waiter, self.mover) != G::Bits::ZERO
    }
}

impl<G: Geometry> Game for Board<G> {
    type Move = Move;

    #[inline]
    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut set = self.move_bits();
        if set == G::Bits::ZERO {
            return if self.opponent_can_move() {
                vec![Move::Pass]
            } else {
                Vec::new()
            };
        }
        let size = self.shape().size();
        let mut moves = Vec::with_capacity(set.count() as usize);
        while set != G::Bits::ZERO {
            moves.push(Move::Place(Square::from_index(set.lowest(), size)));
            set = set.without_lowest();
        }
        moves
    }

    fn check(&self, mv: Move) -> Result<(), IllegalReason> {
        let moves = self.move_bits();
        let can_place = moves != G::Bits::ZERO;
        if !can_place && !self.opponent_can_move() {
            return Err(IllegalReason::GameOver);
        }
        match mv {
            Move::Pass if can_place => Err(IllegalReason::CannotPass),
            Move::Pass => Ok(()),
            Move::Place(sq) => {
                let i = self.index_of(sq).ok_or(IllegalReason::OffBoard)?;
                if (self.mover | self.waiter).has(i) {
                    Err(IllegalReason::Occupied)
                } else if !can_place {
                    Err(IllegalReason::MustPass)
                } else if moves.has(i) {
                    Ok(())
                } else {
                    Err(IllegalReason::NoFlip)
                }
            }
        }
    }

    /// # Panics
    ///
    /// Places a disc only when `mv` is legal; an off-board square may panic, an unchecked
    /// placement that flips nothing leaves a disc that brackets nothing.
    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Place(sq) => {
                let i = sq.index(self.shape().size());
                let flipped = self.geometry.flips(self.mover, self.waiter, i);
                let mover = self.mover ^ flipped ^ G::Bits::bit(i);
                self.mover = self.waiter ^ flipped;
                self.waiter = mover;
                self.hash ^= zobrist::place_delta(self.turn, i, flipped);
            }
            Move::Pass => {
                std::mem::swap(&mut self.mover, &mut self.waiter);
                self.hash ^= zobrist::pass_delta();
            }
        }
        self.turn = !self.turn;
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.move_bits() != G::Bits::ZERO || self.opponent_can_move() {
            None
        } else {
            Some(self.score().outcome())
        }
    }
}
