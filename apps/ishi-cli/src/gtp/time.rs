//! The clock of the GTP engines: `time_settings`, `time_left` and the time manager.
//!
//! Each move gets the time left divided by the moves the engine expects to play (its own
//! estimate from the position), or by the stones left in a byo-yomi period, less a margin for
//! lag; the byo-yomi time per stone is a floor while main time lasts. Without `time_left` the
//! engine counts its own time down. `time_settings 0 T 0` means no limit, as the GTP
//! specification says.

use std::time::Duration;

use ishi_rules::{ByColor, Player};

use crate::gtp::{color, numbers, syntax_error};

/// Seconds kept back from each move's share of the clock for the controller's lag.
const LAG_SECONDS: f64 = 0.05;

/// The clock as GTP's `time_settings` and `time_left` describe it, in seconds.
#[derive(Clone, Copy, Debug)]
struct TimeSettings {
    main: f64,
    byo_yomi: f64,
    stones: u64,
}

/// A player's time: in main time (`stones` 0) or in a byo-yomi period with `stones` to play.
#[derive(Clone, Copy, Debug)]
struct TimeLeft {
    time: f64,
    stones: u64,
}

/// Both players' clocks and the time manager.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clocks {
    settings: Option<TimeSettings>,
    left: ByColor<Option<TimeLeft>>,
    /// A fixed time for every move (the engines' `--seconds`), whatever the clocks say.
    move_time: Option<Duration>,
}

impl Clocks {
    /// Clocks that give every move `move_time`, when there is one, instead of a share of the
    /// time left: GTP's clock counts whole seconds, and a test of engines at a tenth of a
    /// second a move (`--seconds 0.1`) needs less.
    pub(crate) fn fixed(move_time: Option<Duration>) -> Clocks {
        Clocks {
            move_time,
            ..Clocks::default()
        }
    }

    /// `time_settings MAIN BYO_YOMI STONES`: new settings, both clocks full.
    pub(crate) fn settings_command(&mut self, args: &[String]) -> Result<String, String> {
        let [main, byo_yomi, stones] = numbers::<3>(args)?;
        *self = Clocks {
            settings: Some(TimeSettings {
                main: main as f64,
                byo_yomi: byo_yomi as f64,
                stones,
            }),
            left: ByColor::default(),
            move_time: self.move_time,
        };
        Ok(String::new())
    }

    /// `time_left COLOR TIME STONES`: what the controller's clock says.
    pub(crate) fn left_command(&mut self, args: &[String]) -> Result<String, String> {
        let [c, time, stones] = args else {
            return Err(syntax_error());
        };
        let player = color(c)?;
        let [time, stones] = numbers::<2>(&[time.clone(), stones.clone()])?;
        self.left[player] = Some(TimeLeft {
            time: time as f64,
            stones,
        });
        Ok(String::new())
    }

    /// The settings in force, `None` without a time limit.
    fn limited(&self) -> Option<TimeSettings> {
        self.settings.filter(|s| {
            let unlimited = s.byo_yomi > 0.0 && s.stones == 0;
            !unlimited && (s.main > 0.0 || s.byo_yomi > 0.0)
        })
    }

    fn left(&self, player: Player, settings: TimeSettings) -> TimeLeft {
        self.left[player].unwrap_or(TimeLeft {
            time: settings.main,
            stones: 0,
        })
    }

    /// The time `player` may spend on a move when it expects to play `moves` more moves in
    /// main time (or the fixed move time); `None` without a time limit.
    pub(crate) fn budget(&self, player: Player, moves: usize) -> Option<Duration> {
        if self.move_time.is_some() {
            return self.move_time;
        }
        let settings = self.limited()?;
        let left = self.left(player, settings);
        let share = if left.stones > 0 {
            left.time / left.stones as f64
        } else {
            let per_stone = if settings.stones > 0 {
                settings.byo_yomi / settings.stones as f64
            } else {
                0.0
            };
            (left.time / moves.max(1) as f64).max(per_stone)
        };
        Some(Duration::from_secs_f64(
            (share * 0.95 - LAG_SECONDS).max(0.01),
        ))
    }

    /// Counts `spent` off `player`'s clock, for controllers that send no `time_left`.
    pub(crate) fn spend(&mut self, player: Player, spent: Duration) {
        let Some(settings) = self.limited() else {
            return;
        };
        let mut left = self.left(player, settings);
        left.time -= spent.as_secs_f64();
        if left.stones > 0 {
            left.stones -= 1;
            if left.stones == 0 {
                left = TimeLeft {
                    time: settings.byo_yomi,
                    stones: settings.stones,
                };
            }
        } else if left.time <= 0.0 && settings.stones > 0 {
            left = TimeLeft {
                time: settings.byo_yomi,
                stones: settings.stones,
            };
        }
        self.left[player] = Some(left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn a_fixed_move_time_outlasts_time_settings() {
        let tenth = Duration::from_millis(100);
        let mut clocks = Clocks::fixed(Some(tenth));
        assert_eq!(clocks.budget(Player::White, 30), Some(tenth));
        clocks.settings_command(&args(&["60", "0", "0"])).unwrap();
        clocks.left_command(&args(&["w", "1", "0"])).unwrap();
        clocks.spend(Player::White, Duration::from_secs(5));
        assert_eq!(clocks.budget(Player::White, 30), Some(tenth));
        assert_eq!(clocks.budget(Player::Black, 1), Some(tenth));
    }

    #[test]
    fn the_time_manager_shares_the_clock_out_over_the_moves_left() {
        let seconds = |clocks: &Clocks| clocks.budget(Player::Black, 27).map(|d| d.as_secs_f64());
        let mut clocks = Clocks::default();
        assert_eq!(seconds(&clocks), None);
        clocks.settings_command(&args(&["60", "0", "0"])).unwrap();
        // 27 moves expected.
        let share = seconds(&clocks).unwrap();
        assert!(
            (share - (60.0 / 27.0 * 0.95 - LAG_SECONDS)).abs() < 1e-9,
            "{share}"
        );
        // In byo-yomi: the period's time over its stones.
        clocks.left_command(&args(&["b", "10", "5"])).unwrap();
        let share = seconds(&clocks).unwrap();
        assert!((share - (2.0 * 0.95 - LAG_SECONDS)).abs() < 1e-9, "{share}");
        // Main time nearly gone, then spent: byo-yomi begins, and its stones count down.
        clocks.settings_command(&args(&["60", "30", "10"])).unwrap();
        clocks.left_command(&args(&["black", "1", "0"])).unwrap();
        let share = seconds(&clocks).unwrap();
        assert!((share - (3.0 * 0.95 - LAG_SECONDS)).abs() < 1e-9, "{share}");
        clocks.spend(Player::Black, Duration::from_secs(2));
        let left = clocks.left.black.unwrap();
        assert_eq!((left.time, left.stones), (30.0, 10));
        clocks.spend(Player::Black, Duration::from_secs(3));
        let left = clocks.left.black.unwrap();
        assert_eq!((left.time, left.stones), (27.0, 9));
        // Byo-yomi time without stones: no limit, as the GTP specification says.
        clocks.settings_command(&args(&["0", "5", "0"])).unwrap();
        assert_eq!(seconds(&clocks), None);
        // Malformed commands change nothing.
        assert!(clocks.settings_command(&args(&["1", "2"])).is_err());
        assert!(clocks.left_command(&args(&["purple", "1", "0"])).is_err());
        assert!(clocks.left_command(&args(&["b", "-1", "0"])).is_err());
        assert_eq!(seconds(&clocks), None);
    }
}
