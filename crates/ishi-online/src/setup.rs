//! What an online game is made of: the board and rules, the clock, and the creator's seat.

use ishi_rules::any::Position;
use ishi_rules::go::{self, Go, GoRules, HandicapError};
use ishi_rules::othello::{Othello, Shape};
use serde::{Deserialize, Serialize};

/// The board and rules of an online game, as the app's set-up offers them.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameSetup {
    /// Othello on a board shape (`"8x8"`, or a named shape).
    Othello {
        /// The board.
        board: Shape,
    },
    /// Go.
    Go {
        /// The board side, 5 to 19.
        size: usize,
        /// The rules preset and the komi.
        rules: GoRules,
        /// Handicap stones (0 for an even game).
        handicap: u8,
    },
}

/// Why a set-up cannot start a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// The Go board is not one the rules can play.
    Go(go::SetupError),
    /// The Go board cannot take this handicap.
    Handicap(HandicapError),
    /// The clock's numbers are out of range.
    Time(TimeError),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Go(e) => e.fmt(f),
            SetupError::Handicap(e) => e.fmt(f),
            SetupError::Time(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

impl GameSetup {
    /// The start position.
    ///
    /// # Errors
    ///
    /// [`SetupError`] for a Go size or handicap the rules refuse.
    pub fn start(&self) -> Result<Position, SetupError> {
        match *self {
            GameSetup::Othello { board } => Ok(Position::Othello(Othello::new(board))),
            GameSetup::Go {
                size,
                rules,
                handicap,
            } => {
                let empty = Go::new(size, rules).map_err(SetupError::Go)?;
                if handicap < 2 {
                    return Ok(Position::Go(Box::new(empty)));
                }
                let handicapped = go::handicap::fixed_handicap(size, handicap)
                    .and_then(|points| empty.with_handicap(&points))
                    .map_err(SetupError::Handicap)?;
                Ok(Position::Go(Box::new(handicapped)))
            }
        }
    }
}

/// How long the players may think. Seconds on the wire, milliseconds inside.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// No clock.
    None,
    /// Main time, and an increment added after each move (Fischer).
    Fischer {
        /// Each player's time at the start, in seconds.
        main_s: u32,
        /// Added after each of the player's moves, in seconds.
        increment_s: u32,
    },
    /// Main time, then periods: a move made within a period keeps it whole; a period used up
    /// is gone; the last one used up loses on time (Japanese byo-yomi).
    ByoYomi {
        /// Each player's main time, in seconds.
        main_s: u32,
        /// The number of periods.
        periods: u32,
        /// A period's length, in seconds.
        period_s: u32,
    },
    /// Correspondence: every move within this many days.
    Correspondence {
        /// Days a move.
        days: u32,
    },
}

/// The largest main time: ten hours.
pub const MAX_MAIN_S: u32 = 10 * 3600;
/// The largest increment or period: an hour.
pub const MAX_STEP_S: u32 = 3600;
/// The most byo-yomi periods.
pub const MAX_PERIODS: u32 = 30;
/// The most days a correspondence move.
pub const MAX_DAYS: u32 = 30;

/// A clock set-up out of range.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TimeError;

impl std::fmt::Display for TimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the clock is out of range (main time up to {MAX_MAIN_S} s, at least 1 s with an \
             increment, increments and periods 1 to {MAX_STEP_S} s, 1 to {MAX_PERIODS} \
             periods, 1 to {MAX_DAYS} days a move)"
        )
    }
}

impl std::error::Error for TimeError {}

impl TimeControl {
    /// Whether the numbers are in range: a clock that can run out gives at least a second
    /// for the first move (Fischer's increment comes only after it).
    ///
    /// # Errors
    ///
    /// [`TimeError`] otherwise.
    pub fn check(self) -> Result<TimeControl, TimeError> {
        let ok = match self {
            TimeControl::None => true,
            TimeControl::Fischer {
                main_s,
                increment_s,
            } => (1..=MAX_MAIN_S).contains(&main_s) && increment_s <= MAX_STEP_S,
            TimeControl::ByoYomi {
                main_s,
                periods,
                period_s,
            } => {
                main_s <= MAX_MAIN_S
                    && (1..=MAX_PERIODS).contains(&periods)
                    && (1..=MAX_STEP_S).contains(&period_s)
            }
            TimeControl::Correspondence { days } => (1..=MAX_DAYS).contains(&days),
        };
        if ok { Ok(self) } else { Err(TimeError) }
    }

    /// Whether a player can run out of time (every control but [`TimeControl::None`]).
    pub fn has_clock(self) -> bool {
        !matches!(self, TimeControl::None)
    }
}

/// The seat the creator of a game takes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// Black.
    Black,
    /// White.
    White,
    /// Drawn by the server (nigiri).
    Random,
}
