//! Why a game record could not be read or replayed.

use std::fmt;

use ishi_rules::go::{HandicapError, Move, SetupError};
use ishi_rules::{IllegalReason, Player};

use crate::sgf::{Position, SgfError, SgfErrorKind};

/// A Go record that could not be read or replayed, with where the trouble is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Where in the text: the property at fault, or the syntax error. `None` for trouble in a
    /// record built or changed in code.
    pub position: Option<Position>,
    /// What went wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong with a Go record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// The text is not SGF.
    Syntax(SgfErrorKind),
    /// A collection or game tree without a node.
    Empty,
    /// No game tree of the collection is Go: the `GM` value of the first one.
    NotGo(String),
    /// A value that does not mean what its property needs.
    BadValue {
        /// The property.
        id: String,
        /// Its value.
        value: String,
        /// What it should be.
        expected: Expected,
    },
    /// A value that is not a point of the board.
    Point {
        /// The property.
        id: String,
        /// Its value.
        value: String,
        /// The board side.
        size: usize,
    },
    /// A property that takes one value with another number of them.
    ValueCount {
        /// The property.
        id: String,
        /// How many values it has.
        count: usize,
    },
    /// A property given twice where it may appear once.
    Duplicate(String),
    /// A node with more than one move (`B` and `W`).
    TwoMoves,
    /// A setup property (`AB`, `AW`, `AE`) after the first move.
    SetupAfterMoves(String),
    /// A handicap (`HA`) without setup stones that the board cannot take.
    Handicap(HandicapError),
    /// Setup stones that are not a position.
    Setup(SetupError),
    /// A move the rules refuse in the position it is played in.
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// Who plays it.
        player: Player,
        /// The move.
        mv: Move,
        /// Why it is refused.
        reason: IllegalReason,
    },
}

/// What a property's value should be, when it is not.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// `FF`: an SGF version from 1 to 4.
    SgfVersion,
    /// `SZ`: a square board (`19`, not `19:13`).
    SquareBoard,
    /// `SZ`: a board size from 5 to 19.
    BoardSize,
    /// `SZ`: a number.
    SizeNumber,
    /// `KM`: a komi in whole or half points.
    Komi,
    /// `HA`: a number of handicap stones.
    HandicapStones,
    /// `PL`: `B` or `W`.
    Player,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::SgfVersion => "an SGF version from 1 to 4",
            Expected::SquareBoard => "a square board size: rectangular boards are not supported",
            Expected::BoardSize => "a board size from 5 to 19",
            Expected::SizeNumber => "a board size like 19",
            Expected::Komi => "a komi in whole or half points, like 6.5",
            Expected::HandicapStones => "a number of handicap stones",
            Expected::Player => "a player, B or W",
        })
    }
}

/// `value` cut to a length fit for a message.
fn short(value: &str) -> String {
    const MAX: usize = 24;
    if value.chars().count() > MAX {
        format!("{}...", value.chars().take(MAX).collect::<String>())
    } else {
        value.to_owned()
    }
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::Syntax(kind) => kind.fmt(f),
            RecordErrorKind::Empty => f.write_str("no game to read: the record has no node"),
            RecordErrorKind::NotGo(game) => write!(
                f,
                "GM[{}] is not a Go record: only GM[1] games are read",
                short(game)
            ),
            RecordErrorKind::BadValue {
                id,
                value,
                expected,
            } => write!(f, "{id}[{}] is not {expected}", short(value)),
            RecordErrorKind::Point { id, value, size } => write!(
                f,
                "{id}[{}] is not a point of a {size}x{size} board",
                short(value)
            ),
            RecordErrorKind::ValueCount { id, count } => {
                write!(f, "{id} takes one value, not {count}")
            }
            RecordErrorKind::Duplicate(id) => write!(f, "{id} is given twice"),
            RecordErrorKind::TwoMoves => f.write_str("a node with two moves: one B or W per node"),
            RecordErrorKind::SetupAfterMoves(id) => write!(
                f,
                "{id} after the first move: setup in the middle of a game is not supported"
            ),
            RecordErrorKind::Handicap(e) => e.fmt(f),
            RecordErrorKind::Setup(e) => write!(f, "the setup stones are not a position: {e}"),
            RecordErrorKind::Illegal {
                number,
                player,
                mv,
                reason,
            } => write!(f, "move {number} ({player} {mv}) is illegal: {reason}"),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(position) = self.position {
            write!(f, "{position}: ")?;
        }
        self.kind.fmt(f)
    }
}

impl std::error::Error for RecordError {}

impl From<SgfError> for RecordError {
    fn from(e: SgfError) -> RecordError {
        RecordError {
            position: Some(e.position),
            kind: RecordErrorKind::Syntax(e.kind),
        }
    }
}
