//! The game clock, kept by the server: what each player has left, and since when the player to
//! move has been thinking. Times are milliseconds since the Unix epoch, given by the caller,
//! so the clock is a plain value that replays exactly from a game's records.

use ishi_rules::{ByColor, Player};
use serde::{Deserialize, Serialize};

use crate::TimeControl;

/// What one player has left at the start of their turn.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Left {
    /// Main time (Fischer, byo-yomi) or the time for this move (correspondence), in ms.
    pub main_ms: i64,
    /// Byo-yomi periods left (0 with other controls).
    pub periods: u32,
}

/// The player to move used up their time.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TimeUp;

/// Both players' clocks.
///
/// ```
/// use ishi_online::{Clock, TimeControl};
/// use ishi_rules::Player;
///
/// let mut clock = Clock::new(TimeControl::Fischer { main_s: 60, increment_s: 5 });
/// clock.start(1_000);
/// clock.charge(Player::Black, 11_000)?; // Black thought 10 s and gains 5
/// assert_eq!(clock.left(Player::Black).main_ms, 55_000);
/// assert_eq!(clock.deadline(Player::White), Some(11_000 + 60_000));
/// # Ok::<(), ishi_online::TimeUp>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Clock {
    control: TimeControl,
    left: ByColor<Left>,
    /// When the running turn began; `None` while the clock is stopped.
    since: Option<i64>,
}

const SECOND: i64 = 1000;
const DAY: i64 = 24 * 3600 * SECOND;

impl Clock {
    /// Both players' full time, stopped.
    pub fn new(control: TimeControl) -> Clock {
        let full = match control {
            TimeControl::None => Left::default(),
            TimeControl::Fischer { main_s, .. } => Left {
                main_ms: i64::from(main_s) * SECOND,
                periods: 0,
            },
            TimeControl::ByoYomi {
                main_s, periods, ..
            } => Left {
                main_ms: i64::from(main_s) * SECOND,
                periods,
            },
            TimeControl::Correspondence { days } => Left {
                main_ms: i64::from(days) * DAY,
                periods: 0,
            },
        };
        Clock {
            control,
            left: ByColor::new(full, full),
            since: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// What `player` had at the start of the running turn (or has, when it is not theirs).
    pub fn left(&self, player: Player) -> Left {
        self.left[player]
    }

    /// When the running turn began, or `None` when the clock is stopped.
    pub fn since(&self) -> Option<i64> {
        self.since
    }

    /// Starts (or restarts) the turn of the player to move at `at`.
    pub fn start(&mut self, at: i64) {
        self.since = Some(at);
    }

    /// Stops the clock (a finished game, a count).
    pub fn stop(&mut self) {
        self.since = None;
    }

    /// When `player`, to move, runs out of time; `None` without a clock or while stopped.
    pub fn deadline(&self, player: Player) -> Option<i64> {
        let since = self.since?;
        let left = self.left[player];
        match self.control {
            TimeControl::None => None,
            TimeControl::Fischer { .. } | TimeControl::Correspondence { .. } => {
                Some(since + left.main_ms)
            }
            TimeControl::ByoYomi { period_s, .. } => {
                Some(since + left.main_ms + i64::from(left.periods) * i64::from(period_s) * SECOND)
            }
        }
    }

    /// Ends `player`'s turn at `at`: their thinking time is taken off, the increment added or
    /// the period renewed, and the next turn starts at `at`. With the clock stopped, only the
    /// next turn starts.
    ///
    /// # Errors
    ///
    /// [`TimeUp`] when `at` is at or past `player`'s deadline; nothing changed.
    pub fn charge(&mut self, player: Player, at: i64) -> Result<(), TimeUp> {
        let Some(since) = self.since else {
            self.since = Some(at);
            return Ok(());
        };
        if self.deadline(player).is_some_and(|deadline| at >= deadline) {
            return Err(TimeUp);
        }
        let used = (at - since).max(0);
        let left = &mut self.left[player];
        match self.control {
            TimeControl::None => {}
            TimeControl::Fischer { increment_s, .. } => {
                left.main_ms = left.main_ms - used + i64::from(increment_s) * SECOND;
            }
            TimeControl::ByoYomi { period_s, .. } => {
                let over = used - left.main_ms;
                left.main_ms = (-over).max(0);
                if over > 0 {
                    // Periods used up whole are gone; the one the move was made in is kept.
                    let spent = over / (i64::from(period_s) * SECOND);
                    left.periods -= u32::try_from(spent).unwrap_or(u32::MAX).min(left.periods);
                }
            }
            TimeControl::Correspondence { .. } => {}
        }
        self.since = Some(at);
        Ok(())
    }
}
