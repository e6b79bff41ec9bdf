//! Go on square boards from 5x5 to 19x19, under rule sets given as data.
//!
//! ```
//! use ishi_rules::{Game, Move, Outcome, Player};
//! use ishi_rules::go::{Go, GoRules};
//!
//! let mut game = Go::new(9, GoRules::CHINESE)?;
//! // Black surrounds White's E5 and takes it; White plays on the edge meanwhile.
//! for name in ["D5", "E5", "F5", "J1", "E4", "J2", "E6", "pass", "pass"] {
//!     let mv = if name == "pass" { Move::Pass } else { Move::Place(name.parse()?) };
//!     game = game.play(mv)?;
//! }
//! assert_eq!(game.captures().black, 1);
//! assert!(game.legal_moves().is_empty()); // two passes end the game
//! // Area scoring with every stone alive: Black 4 stones and E5, White 2 stones and 7.5 komi.
//! assert_eq!(game.area().black, 5);
//! assert_eq!(game.outcome(), Some(Outcome::Win(Player::White)));
//! println!("{game}"); // the board, "game over, W+4.5 with every stone alive; ..."
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Go`] is a position: [`Game::play`] returns the next one and leaves its input alone, and
//! refused moves come back with the reason as data ([`IllegalReason`]).
//!
//! **Representation.** The board is one array of cells laid out for 19x19, padded with a
//! sentinel border (one shared column between rows, a row below and above), whatever the board
//! size. The neighbours of a point are then fixed offsets (±1, ±20) that never leave the
//! array, and the border is a colour of its own, so move code tests no coordinates and one
//! code path serves every size (the arrays have a power-of-two length and indices are masked,
//! so the compiler drops bounds checks without `unsafe`). Chains are circular linked lists of stones with a head per
//! stone, and each chain counts *pseudo-liberties* (with their sum and sum of squares, which
//! tell "exactly one liberty" without a set): a move touches only its neighbours, and a
//! capture costs the size of the captured chain. These are the structures of fast Monte Carlo
//! engines (libego, Pachi), chosen because random playouts are what the AI spends its time
//! on: see [`Go::play_fast`] and its companions. A position is a few kilobytes of plain
//! arrays, so a snapshot is one copy; the positions superko needs form an `Arc`-linked list of
//! hashes that snapshots share, so no move copies the history.
//!
//! **Rules.** A move places a stone, removes the opponent chains it leaves without liberties,
//! then its own chain if that has none and the rules allow suicide (the opponent takes the
//! prisoners). A lone stone's suicide is always refused, as in KataGo: it would only hand
//! over the turn, and under positional superko it repeats the position anyway. A simple-ko
//! retake is refused as [`IllegalReason::Ko`] under every ko rule; other repetitions as
//! [`IllegalReason::Superko`], by Zobrist hashes of the stones (positional) or of the stones
//! and the side to move (situational). Two passes in a row end the game.
//!
//! [`Go::from_diagram`] reads the diagrams that [`Display`](fmt::Display) draws, for tests and
//! fixtures.

mod board;
mod diagram;
pub mod handicap;
mod history;
mod playout;
mod point;
mod rules;
mod zobrist;

use std::fmt;

use crate::game::{Game, IllegalReason, Outcome};
use crate::{ByColor, Player};

use board::{BLACK, Board, EMPTY, Refusal, WHITE, cell_of, index, player_of};
use history::History;

pub use diagram::DiagramError;
pub use handicap::HandicapError;
pub use point::{ParsePointError, Point, column_letter};
pub use rules::{GoRules, KoRule, Komi, ParseKomiError, ParseRulesError, Scoring};

/// The smallest board side.
pub const MIN_SIZE: usize = 5;
/// The largest board side.
pub const MAX_SIZE: usize = 19;

/// A Go move: a stone on a point, or a pass.
pub type Move = crate::Move<Point>;

/// A Go position: the board, the side to move, prisoners, ko state and the history of earlier
/// positions that superko needs (shared between snapshots, never copied per move).
///
/// Under [`KoRule::Simple`] no history is kept at all: the ko point is enough.
#[derive(Clone)]
pub struct Go {
    board: Board,
    rules: GoRules,
    turn: Player,
    captures: ByColor<u32>,
    ko: Option<Point>,
    passes: u32,
    last_move: Option<Move>,
    moves: u32,
    history: History,
}

/// An unvalidated Go position: pub fields to fill in, then [`Go::from_setup`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The board side, 5..=19.
    pub size: usize,
    /// The rules, komi included.
    pub rules: GoRules,
    /// The stones on the board.
    pub stones: Vec<(Point, Player)>,
    /// The side to move.
    pub turn: Player,
    /// Prisoners taken so far by each player (they count under territory scoring).
    pub captures: ByColor<u32>,
}

/// A [`Setup`] that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The board side is outside 5..=19.
    Size(usize),
    /// A stone off the board.
    OffBoard(Point),
    /// Two stones on one point.
    Overlap(Point),
    /// A chain without liberties.
    NoLiberties(Point),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Size(n) => write!(
                f,
                "board size {n} is not supported: use a size from {MIN_SIZE} to {MAX_SIZE}"
            ),
            SetupError::OffBoard(p) => write!(f, "{p} is not a point of this board"),
            SetupError::Overlap(p) => write!(f, "two stones on {p}"),
            SetupError::NoLiberties(p) => write!(f, "the chain at {p} has no liberties"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Go {
    /// An empty board of side `size`, Black to move.
    ///
    /// # Errors
    ///
    /// [`SetupError::Size`] unless `size` is in 5..=19.
    pub fn new(size: usize, rules: GoRules) -> Result<Go, SetupError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SetupError::Size(size));
        }
        Ok(Go::start(
            Board::new(size),
            rules,
            Player::Black,
            ByColor::default(),
        ))
    }

    /// A position with no moves played yet, its only history itself.
    fn start(board: Board, rules: GoRules, turn: Player, captures: ByColor<u32>) -> Go {
        let mut go = Go {
            board,
            rules,
            turn,
            captures,
            ko: None,
            passes: 0,
            last_move: None,
            moves: 0,
            history: History::default(),
        };
        go.record();
        go
    }

    /// Adds the current position to the history, when the ko rule needs it.
    fn record(&mut self) {
        if self.rules.ko != KoRule::Simple {
            self.history.push(self.board.hash(), self.turn);
        }
    }

    /// The position `setup` describes, with no history before it.
    ///
    /// # Errors
    ///
    /// When the size is unsupported, a stone is off the board, two stones share a point or a
    /// chain has no liberties.
    pub fn from_setup(setup: &Setup) -> Result<Go, SetupError> {
        let size = setup.size;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SetupError::Size(size));
        }
        let mut board = Board::new(size);
        for &(p, player) in &setup.stones {
            if !p.is_on(size) {
                return Err(SetupError::OffBoard(p));
            }
            if !board.put(index(p), cell_of(player)) {
                return Err(SetupError::Overlap(p));
            }
        }
        if let Some(i) = board.chain_without_liberties() {
            return Err(SetupError::NoLiberties(board::point(i)));
        }
        Ok(Go::start(board, setup.rules, setup.turn, setup.captures))
    }

    /// The position drawn in `diagram`, with `turn` to move, under `rules`.
    ///
    /// The diagram is rows of cells, the top row first: `X` Black, `O` White, `.` or `+`
    /// empty, with or without spaces between them, optionally numbered and framed by lines of
    /// column letters, as [`Display`](fmt::Display) prints a position. Blank lines are
    /// skipped; a line starting with a lowercase letter ends the diagram (the status line of
    /// `Display`) and the rest of the text is not read.
    ///
    /// ```
    /// use ishi_rules::{Game, Player};
    /// use ishi_rules::go::{Go, GoRules, Point};
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . . . .
    ///     . X O . .
    ///     X O . O .
    ///     . X O . .
    ///     . . . . .
    ///     ",
    ///     GoRules::JAPANESE,
    ///     Player::Black,
    /// )?;
    /// let c3: Point = "C3".parse()?;
    /// assert_eq!(go.size(), 5);
    /// assert_eq!(go.liberties("B3".parse()?), [c3]);
    /// assert_eq!(Go::from_diagram(&go.to_string(), GoRules::JAPANESE, Player::Black)?.hash(), go.hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DiagramError`] with the line when the text is not a square board of 5 to 19 rows of
    /// cells, or when the position has a chain without liberties.
    pub fn from_diagram(diagram: &str, rules: GoRules, turn: Player) -> Result<Go, DiagramError> {
        let setup = Setup::from_diagram(diagram, rules, turn)?;
        Go::from_setup(&setup).map_err(DiagramError::Setup)
    }

    /// The unvalidated description of this position (its history is not part of it).
    pub fn setup(&self) -> Setup {
        Setup {
            size: self.size(),
            rules: self.rules,
            stones: self
                .points()
                .filter_map(|p| Some((p, self.stone_at(p)?)))
                .collect(),
            turn: self.turn,
            captures: self.captures,
        }
    }

    /// This empty-board start with handicap stones on `points` for Black and White to move.
    ///
    /// ```
    /// use ishi_rules::{Game, Player};
    /// use ishi_rules::go::{Go, GoRules, handicap::fixed_handicap};
    ///
    /// let rules = GoRules::JAPANESE.with_komi(GoRules::JAPANESE.default_komi(4));
    /// let go = Go::new(19, rules)?.with_handicap(&fixed_handicap(19, 4)?)?;
    /// assert_eq!(go.turn(), Player::White);
    /// assert_eq!(go.stone_at("Q16".parse()?), Some(Player::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`HandicapError::NotEmpty`] after the first move or on a non-empty board;
    /// [`HandicapError::BadPoint`] for a point off the board or given twice;
    /// [`HandicapError::Count`] for fewer than 2 points (or for as many as the board has).
    pub fn with_handicap(&self, points: &[Point]) -> Result<Go, HandicapError> {
        let size = self.size();
        if self.moves != 0 || self.board.empty_count() != size * size {
            return Err(HandicapError::NotEmpty);
        }
        if points.len() < 2 || points.len() >= size * size {
            return Err(HandicapError::Count {
                stones: u8::try_from(points.len()).unwrap_or(u8::MAX),
                size,
            });
        }
        let mut board = self.board.clone();
        for &p in points {
            if !p.is_on(size) || !board.put(index(p), BLACK) {
                return Err(HandicapError::BadPoint(p));
            }
        }
        // Black stones alone on a board with an empty point all reach it: no chain is without
        // liberties.
        Ok(Go::start(board, self.rules, Player::White, self.captures))
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The rules this game is played under.
    pub fn rules(&self) -> &GoRules {
        &self.rules
    }

    /// Every point of the board, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size() as u8;
        (0..size).flat_map(move |row| (0..size).filter_map(move |col| Point::new(col, row)))
    }

    /// The number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.board.empty_count()
    }

    /// The empty points, in the order of [`empty_point`](Go::empty_point).
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.empty_count()).map(|n| board::point(self.board.empty_at(n)))
    }

    /// The stone on `p`, if any (`None` off the board too).
    pub fn stone_at(&self, p: Point) -> Option<Player> {
        if p.is_on(self.size()) {
            player_of(self.board.cell(index(p)))
        } else {
            None
        }
    }

    /// The stones of the chain through `p`, in [`points`](Go::points) order; empty if there
    /// is no stone on `p`.
    pub fn chain(&self, p: Point) -> Vec<Point> {
        if self.stone_at(p).is_none() {
            return Vec::new();
        }
        board::points_in_order(self.board.chain_stones(index(p)))
    }

    /// The liberties of the chain through `p`, in [`points`](Go::points) order; empty if
    /// there is no stone on `p`.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        if self.stone_at(p).is_none() {
            return Vec::new();
        }
        board::points_in_order(
            self.board
                .chain_stones(index(p))
                .flat_map(Board::neighbours)
                .filter(|&n| self.board.cell(n) == EMPTY),
        )
    }

    /// Prisoners taken by each player: opponent stones captured in play.
    pub fn captures(&self) -> ByColor<u32> {
        self.captures
    }

    /// The point the player to move may not play because of a simple ko, if any.
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// Consecutive passes that ended the move sequence so far (two end the game).
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// Moves played since the setup.
    pub fn move_number(&self) -> u32 {
        self.moves
    }

    /// The Zobrist hash of the board and side to move, kept up to date move by move.
    /// Situational superko compares positions by it.
    pub fn hash(&self) -> u64 {
        self.board.hash() ^ zobrist::side(self.turn)
    }

    /// The Zobrist hash of the stones alone, whoever is to move: what positional superko
    /// compares.
    pub fn board_hash(&self) -> u64 {
        self.board.hash()
    }

    /// The hash computed from the stones and the side to move alone.
    pub fn recomputed_hash(&self) -> u64 {
        self.points()
            .filter_map(|p| {
                let i = index(p);
                player_of(self.board.cell(i)).map(|player| zobrist::stone(cell_of(player), i))
            })
            .fold(zobrist::side(self.turn), |h, key| h ^ key)
    }

    /// Area counted as Tromp-Taylor counts it, with every stone alive: each player's stones
    /// plus the empty points that reach only that player's stones.
    pub fn area(&self) -> ByColor<u32> {
        let stones = self.board.stone_counts();
        let territory = self.territory();
        ByColor::new(
            stones[BLACK as usize] + territory.black,
            stones[WHITE as usize] + territory.white,
        )
    }

    /// Territory with every stone alive: the empty points that reach only one player's stones.
    pub fn territory(&self) -> ByColor<u32> {
        let counts = self.board.territory();
        ByColor::new(counts[BLACK as usize], counts[WHITE as usize])
    }

    /// Black's lead in half-points if the game ended here with every stone alive, by the
    /// rules' scoring: area, or territory plus prisoners; komi counts for White.
    ///
    /// ```
    /// use ishi_rules::go::{Go, GoRules};
    ///
    /// let empty = Go::new(9, GoRules::JAPANESE)?;
    /// assert_eq!(empty.margin(), -13); // no territory for anyone, komi 6.5
    /// # Ok::<(), ishi_rules::go::SetupError>(())
    /// ```
    pub fn margin(&self) -> i32 {
        let points = match self.rules.scoring {
            Scoring::Area => self.area(),
            Scoring::Territory => {
                let territory = self.territory();
                ByColor::new(
                    territory.black.saturating_add(self.captures.black),
                    territory.white.saturating_add(self.captures.white),
                )
            }
        };
        // In i64, so that no setup's prisoner counts or komi can overflow it.
        let margin = 2 * (i64::from(points.black) - i64::from(points.white))
            - i64::from(self.rules.komi.half_points());
        margin.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// Plays `mv` like [`play_unchecked`](Game::play_unchecked) but without recording the new
    /// position in the superko history: the fast path for playouts, on copies that are
    /// thrown away. Later superko checks of this position do not know the positions reached
    /// this way (the simple ko point is kept up to date).
    ///
    /// # Panics
    ///
    /// When `mv` places a stone on a point that is not empty or not on the board. Any other
    /// illegal move is played as the board allows: a forbidden suicide removes the chain, a
    /// ko is retaken, a move after the end is made.
    #[inline]
    pub fn play_fast(&mut self, mv: Move) {
        match mv {
            Move::Pass => {
                self.passes = self.passes.saturating_add(1);
                self.ko = None;
            }
            Move::Place(p) => {
                assert!(p.is_on(self.size()), "{p} is not on the board");
                let placed = self.board.place(index(p), cell_of(self.turn));
                let captures = &mut self.captures;
                captures[self.turn] = captures[self.turn].saturating_add(placed.captured);
                captures[!self.turn] = captures[!self.turn].saturating_add(placed.suicided);
                self.ko = placed.ko.map(board::point);
                self.passes = 0;
            }
        }
        self.last_move = Some(mv);
        self.moves = self.moves.saturating_add(1);
        self.turn = !self.turn;
    }
}

impl Game for Go {
    type Move = Move;

    fn turn(&self) -> Player {
        self.turn
    }

    /// Every legal placement, row by row from the bottom, then the pass; nothing once two
    /// passes have ended the game.
    fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        self.points()
            .map(Move::Place)
            .filter(|&mv| self.check(mv).is_ok())
            .chain([Move::Pass])
            .collect()
    }

    /// Refuses, in this order: any move once the game is over, a point off the board, an
    /// occupied point, the retaking of a simple ko ([`IllegalReason::Ko`], under every ko
    /// rule), a suicide the rules forbid (a lone stone's suicide always: it would change
    /// nothing but the turn), and under superko a move that repeats an earlier position.
    /// Passing is always legal while the game goes on.
    fn check(&self, mv: Move) -> Result<(), IllegalReason> {
        if self.is_over() {
            return Err(IllegalReason::GameOver);
        }
        let Move::Place(p) = mv else {
            return Ok(());
        };
        if !p.is_on(self.size()) {
            return Err(IllegalReason::OffBoard);
        }
        let (i, cell) = (index(p), cell_of(self.turn));
        if self.board.cell(i) != EMPTY {
            return Err(IllegalReason::Occupied);
        }
        if self.ko == Some(p) {
            return Err(IllegalReason::Ko);
        }
        self.board
            .check(i, cell, self.rules.suicide)
            .map_err(|refusal| match refusal {
                Refusal::Occupied => IllegalReason::Occupied,
                Refusal::Suicide => IllegalReason::Suicide,
            })?;
        let turn_after = match self.rules.ko {
            KoRule::Simple => return Ok(()),
            KoRule::PositionalSuperko => None,
            KoRule::SituationalSuperko => Some(!self.turn),
        };
        if self
            .history
            .contains(self.board.hash_after(i, cell), turn_after)
        {
            return Err(IllegalReason::Superko);
        }
        Ok(())
    }

    /// # Panics
    ///
    /// When `mv` places a stone on a point that is not empty or not on the board. Other
    /// illegal moves are played as the board allows (see [`Go::play_fast`]).
    fn play_unchecked(&mut self, mv: Move) {
        self.play_fast(mv);
        self.record();
    }

    fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// After two consecutive passes: the result with every stone alive, by the rules' scoring
    /// and komi. Agreeing on dead stones is the business of `ishi-scoring`.
    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::from_margin(Player::Black, self.margin()))
    }
}

#[cfg(test)]
mod tests;
