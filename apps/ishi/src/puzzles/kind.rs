//! What the puzzle screen needs of a game's puzzles ([`Kind`]), for Othello's and Go's
//! libraries (`ishi_puzzles::othello`, `ishi_puzzles::go`): one [`Session`](super::Session)
//! and one [`Library`](super::Library) serve both.
//!
//! **The two games differ in what a value is.** An Othello puzzle lists every legal move
//! with its exact final disc margin; a Go puzzle lists the answer and the best two or so
//! alternatives with a deep search's expected score, in tenths of a point. Any other Go move
//! is judged wrong without a value: the library's checks put the answer
//! [`ishi_puzzles::go::MARGIN`] ahead of every move they searched, and the moves they did not
//! search were the ones the first search thought worse still.

use std::fmt::{Debug, Display};

use ishi_puzzles::{go, othello};
use ishi_rules::Game;
use ishi_rules::Player;
use ishi_rules::go::{Go, Point};
use ishi_rules::othello::{Move, Othello, Square};

/// The games with puzzles.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PuzzleGame {
    /// Othello's endgames.
    Othello,
    /// Go's whole boards and corners.
    Go,
}

impl PuzzleGame {
    /// Both, in the order the screen lists them.
    pub const ALL: [PuzzleGame; 2] = [PuzzleGame::Othello, PuzzleGame::Go];
}

/// A Go position in a puzzle: equal to another when its stones, side to move, ko point,
/// prisoners and move number are (`Go` itself has no equality: its superko history is
/// shared between positions, and two histories are not worth comparing in a puzzle's few
/// moves, which all come from the same game).
#[derive(Clone, Debug)]
pub struct GoPosition(pub Go);

impl PartialEq for GoPosition {
    fn eq(&self, other: &GoPosition) -> bool {
        let (a, b) = (&self.0, &other.0);
        (
            a.hash(),
            a.ko_point(),
            a.captures(),
            a.move_number(),
            a.size(),
        ) == (
            b.hash(),
            b.ko_point(),
            b.captures(),
            b.move_number(),
            b.size(),
        )
    }
}

/// A game's puzzle, as the screen plays it.
pub trait Kind: Clone + PartialEq + Debug + 'static {
    /// A position of the game.
    type Position: Clone + PartialEq + Debug + 'static;
    /// Where a stone goes.
    type Point: Copy + PartialEq + Debug + Display + 'static;

    /// Which game.
    const GAME: PuzzleGame;

    /// Where the web app fetches the library (`scripts/build-web` copies it there).
    const URL: &'static str;

    /// The library the native app carries.
    #[cfg(not(target_arch = "wasm32"))]
    const LIBRARY: &'static str;

    /// The puzzles of a library's text; the first line that is not one, and why.
    fn parse(text: &str) -> Result<Vec<Self>, String>;

    /// The estimated difficulty, on the Glicko-2 scale.
    fn rating(&self) -> u16;

    /// The number saved progress knows it by.
    fn id(&self) -> u64;

    /// The position to solve.
    fn start(&self) -> Self::Position;

    /// The move to find.
    fn answer(&self) -> Self::Point;

    /// The listed value of `point` for the side to move, best first: Othello's every legal
    /// move (exact, in discs), Go's answer and checked alternatives (in tenths of a point).
    fn values(&self) -> Vec<(Self::Point, i32)>;

    /// The engine's line from the answer, passes not written.
    fn line(&self) -> &[Self::Point];

    /// `point` (a pass for `None`) played in `position`, if legal.
    fn play(position: &Self::Position, point: Option<Self::Point>) -> Option<Self::Position>;

    /// Whether the side to move in `position` can only pass (Othello): the pass is played
    /// for it.
    fn must_pass(position: &Self::Position) -> bool;

    /// The side to move.
    fn turn(position: &Self::Position) -> Player;

    /// Whether the game is over.
    fn is_over(position: &Self::Position) -> bool;

    /// A listed value as the board writes it: `+6` (discs), `+12.4` (points).
    fn value_text(value: i32) -> String;

    /// The listed value of `point`, if listed.
    fn value(&self, point: Self::Point) -> Option<i32> {
        self.values()
            .into_iter()
            .find(|&(p, _)| p == point)
            .map(|(_, v)| v)
    }
}

impl Kind for othello::Puzzle {
    type Position = Othello;
    type Point = Square;
    const GAME: PuzzleGame = PuzzleGame::Othello;
    const URL: &'static str = "puzzles/othello.txt";
    #[cfg(not(target_arch = "wasm32"))]
    const LIBRARY: &'static str = include_str!("../../../../crates/ishi-puzzles/data/othello.txt");

    fn parse(text: &str) -> Result<Vec<Self>, String> {
        othello::parse(text).map_err(|e| e.to_string())
    }

    fn rating(&self) -> u16 {
        self.rating
    }

    fn id(&self) -> u64 {
        othello::Puzzle::id(self)
    }

    fn start(&self) -> Othello {
        self.position
    }

    fn answer(&self) -> Square {
        othello::Puzzle::answer(self)
    }

    fn values(&self) -> Vec<(Square, i32)> {
        self.values.clone()
    }

    fn line(&self) -> &[Square] {
        &self.line
    }

    fn play(position: &Othello, point: Option<Square>) -> Option<Othello> {
        position.play(point.map_or(Move::Pass, Move::Place)).ok()
    }

    fn must_pass(position: &Othello) -> bool {
        !position.is_over() && position.legal_moves() == [Move::Pass]
    }

    fn turn(position: &Othello) -> Player {
        position.turn()
    }

    fn is_over(position: &Othello) -> bool {
        position.is_over()
    }

    fn value_text(value: i32) -> String {
        super::margin_text(value)
    }
}

impl Kind for go::Puzzle {
    type Position = GoPosition;
    type Point = Point;
    const GAME: PuzzleGame = PuzzleGame::Go;
    const URL: &'static str = "puzzles/go.txt";
    #[cfg(not(target_arch = "wasm32"))]
    const LIBRARY: &'static str = include_str!("../../../../crates/ishi-puzzles/data/go.txt");

    fn parse(text: &str) -> Result<Vec<Self>, String> {
        go::parse(text).map_err(|e| e.to_string())
    }

    fn rating(&self) -> u16 {
        self.rating
    }

    fn id(&self) -> u64 {
        go::Puzzle::id(self)
    }

    fn start(&self) -> GoPosition {
        GoPosition(self.game.position().clone())
    }

    fn answer(&self) -> Point {
        go::Puzzle::answer(self)
    }

    /// The listed moves but a pass (the board cannot show one).
    fn values(&self) -> Vec<(Point, i32)> {
        self.values
            .iter()
            .filter_map(|&(mv, v)| match mv {
                ishi_rules::go::Move::Place(p) => Some((p, v)),
                ishi_rules::go::Move::Pass => None,
            })
            .collect()
    }

    fn line(&self) -> &[Point] {
        &self.line
    }

    fn play(position: &GoPosition, point: Option<Point>) -> Option<GoPosition> {
        use ishi_rules::go::Move;
        let next = position
            .0
            .play(point.map_or(Move::Pass, Move::Place))
            .ok()?;
        Some(GoPosition(next))
    }

    fn must_pass(_: &GoPosition) -> bool {
        false
    }

    fn turn(position: &GoPosition) -> Player {
        position.0.turn()
    }

    fn is_over(position: &GoPosition) -> bool {
        position.0.is_over()
    }

    fn value_text(value: i32) -> String {
        super::points_text(value)
    }
}
