//! What a new match is made of: the board and rules, and who plays each side.
//!
//! A configuration is typed per game, so that an Othello game cannot name a Go level: each
//! game's sides hold that game's level enum. The same types are the saved form (serde), with
//! the rules' own forms for boards, positions and rules (`ishi-rules`' feature `serde`).

use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_ai::{AnyLevel, LevelId, UnknownLevel};
use ishi_rules::ByColor;
use ishi_rules::any::{GameKind, Position};
use ishi_rules::go::{self, Go, GoRules, HandicapError, ParseKomiError};
use ishi_rules::othello::{Othello, Shape, ShapeError};
use serde::{Deserialize, Serialize};

/// Who plays a side: a person, or the computer at a level `L` (a game's level enum, or
/// [`AnyLevel`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side<L> {
    /// A person at the device.
    Human,
    /// The computer at this level.
    Computer(L),
}

impl<L> Side<L> {
    /// Whether a person plays this side.
    pub fn is_human(&self) -> bool {
        matches!(self, Side::Human)
    }

    /// The same side with its level made an [`AnyLevel`].
    pub fn any(self) -> Side<AnyLevel>
    where
        L: Into<AnyLevel>,
    {
        match self {
            Side::Human => Side::Human,
            Side::Computer(level) => Side::Computer(level.into()),
        }
    }
}

/// The text of a side in forms and version 1 saves: `human`, or a level's id.
const HUMAN: &str = "human";

impl<L: Copy + Into<AnyLevel>> Side<L> {
    /// The side's text: `human`, or the level's id (`master`).
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Human => HUMAN,
            Side::Computer(level) => level.into().as_str(),
        }
    }
}

impl<L: LevelId> Side<L> {
    /// The side [`as_str`](Side::as_str) wrote.
    ///
    /// # Errors
    ///
    /// [`UnknownLevel`] for text that is neither `human` nor a level of the game.
    pub fn parse(text: &str) -> Result<Side<L>, UnknownLevel> {
        if text == HUMAN {
            Ok(Side::Human)
        } else {
            text.parse().map(Side::Computer)
        }
    }
}

/// Where an Othello game starts.
#[derive(Copy, Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OthelloStart {
    /// The usual start on a board shape.
    Shape(Shape),
    /// A given position, side to move included, as an imported board string starts.
    Position(Othello),
}

/// A new Othello game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct OthelloConfig {
    /// Where it starts.
    pub start: OthelloStart,
    /// Who plays Black and White.
    pub sides: ByColor<Side<OthelloLevel>>,
}

/// A new Go game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GoConfig {
    /// The board side.
    pub size: usize,
    /// The rules preset, komi included (saved as the preset's name and the komi).
    pub rules: GoRules,
    /// Handicap stones (0 for an even game).
    pub handicap: u8,
    /// Who plays Black and White.
    pub sides: ByColor<Side<GoLevel>>,
}

/// A new game of either kind; saved as `{"othello": {…}}` or `{"go": {…}}`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchConfig {
    /// Othello.
    Othello(OthelloConfig),
    /// Go.
    Go(GoConfig),
}

/// Why a new game cannot start. Nothing changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// The Othello board is not one the rules can play.
    Shape(ShapeError),
    /// The komi is not a whole or half number of points.
    Komi(ParseKomiError),
    /// The Go board is not one the rules can play.
    Go(go::SetupError),
    /// The Go board cannot take this handicap.
    Handicap(HandicapError),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Shape(e) => e.fmt(f),
            SetupError::Komi(e) => e.fmt(f),
            SetupError::Go(e) => e.fmt(f),
            SetupError::Handicap(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

impl MatchConfig {
    /// Which game.
    pub fn kind(&self) -> GameKind {
        match self {
            MatchConfig::Othello(_) => GameKind::Othello,
            MatchConfig::Go(_) => GameKind::Go,
        }
    }

    /// Who plays Black and White.
    pub fn sides(&self) -> ByColor<Side<AnyLevel>> {
        match self {
            MatchConfig::Othello(c) => c.sides.map(Side::any),
            MatchConfig::Go(c) => c.sides.map(Side::any),
        }
    }

    /// Whether nobody at the device plays: the computer plays itself, for watching.
    pub fn is_watched(&self) -> bool {
        let sides = self.sides();
        !sides.black.is_human() && !sides.white.is_human()
    }

    /// The start position.
    ///
    /// # Errors
    ///
    /// [`SetupError`] when the setup is not playable: a Go size or handicap the rules refuse.
    pub fn start(&self) -> Result<Position, SetupError> {
        match self {
            MatchConfig::Othello(c) => Ok(Position::Othello(match c.start {
                OthelloStart::Shape(shape) => Othello::new(shape),
                OthelloStart::Position(position) => position,
            })),
            MatchConfig::Go(c) => {
                let empty = Go::new(c.size, c.rules).map_err(SetupError::Go)?;
                if c.handicap < 2 {
                    return Ok(Position::Go(Box::new(empty)));
                }
                let handicapped = go::handicap::fixed_handicap(c.size, c.handicap)
                    .and_then(|points| empty.with_handicap(&points))
                    .map_err(SetupError::Handicap)?;
                Ok(Position::Go(Box::new(handicapped)))
            }
        }
    }
}

/// Two people, as an imported game is set up.
pub fn humans<L>() -> ByColor<Side<L>> {
    ByColor::new(Side::Human, Side::Human)
}
