//! What an analysis found of a position of the match: its worth for the evaluation graph, its
//! best move, and how the move played from it compares.

use ishi_analysis::{Class, WinRateLoss, Worth};
use ishi_rules::any::CellMove;

/// The analysis of one snapshot's position.
#[derive(Clone, PartialEq, Debug)]
pub struct Annotation {
    /// The position's [`fingerprint`](ishi_rules::any::Position::fingerprint): an annotation is filed
    /// only for the position it was made of.
    pub key: u64,
    /// What the position is worth to Black.
    pub worth: Worth,
    /// What the values count.
    pub unit: ValueUnit,
    /// The best move and its value for the player to move, in [`unit`](Annotation::unit);
    /// none when the game is over there.
    pub best: Option<(CellMove, f32)>,
    /// The move the match went on with from here when it was analysed; none at the end of
    /// the line.
    pub next: Option<CellMove>,
    /// That move judged (none when the analysis could not value it).
    pub played: Option<Judged>,
    /// Whether the deep budget made it.
    pub deep: bool,
}

/// A move judged against the best move of the same analysis.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Judged {
    /// The move.
    pub mv: CellMove,
    /// Its value for the player who played it.
    pub value: f32,
    /// What it lost against the best move (the annotation's unit).
    pub loss: f32,
    /// The loss's class.
    pub class: Class,
    /// Go on the network: its win rate and what it lost of it, beside the points.
    pub win_rate: Option<WinRateLoss>,
}

/// What an analysis's values count.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueUnit {
    /// Othello: discs of the final margin.
    Discs,
    /// Go with Monte Carlo (the web build, until the network comes): the win rate, in points
    /// from 0 to 100.
    WinRate,
    /// Go on KataGo's network: points of the expected score.
    Score,
}
