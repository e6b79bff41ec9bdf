//! The new-game sheet's fields as the player sets them: plain data, turned into a
//! [`MatchConfig`] when the player starts (or, for a game with a friend online, the server's
//! set-up and clock).

use ishi_ai::AnyLevel;
use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_online::{GameSetup, SeatChoice, TimeControl, TimeError};
use ishi_rules::go::{GoRules, Komi, handicap};
use ishi_rules::othello::Shape;
use ishi_rules::{ByColor, Player};

use crate::i18n::ClockKind;
use crate::model::{
    GameKind, GoConfig, MatchConfig, OthelloConfig, OthelloStart, SetupError, Side,
};
use crate::settings::Settings;
use crate::state::AppError;

/// The Go board sides offered.
pub const GO_SIZES: [usize; 3] = [9, 13, 19];

/// The sheet's fields.
#[derive(Clone, PartialEq, Debug)]
pub struct NewGameForm {
    /// Which game.
    pub kind: GameKind,
    /// Othello: the board.
    pub othello_board: Shape,
    /// Othello: who plays each side.
    pub othello_sides: ByColor<Side<OthelloLevel>>,
    /// Go: the board side.
    pub go_size: usize,
    /// Go: the rules preset.
    pub go_rules: GoRules,
    /// Go: handicap stones (0 or 2 and more).
    pub go_handicap: u8,
    /// Go: the komi as typed.
    pub komi: String,
    /// Go: who plays each side.
    pub go_sides: ByColor<Side<GoLevel>>,
    /// A game with a friend online rather than at this device.
    pub friend: bool,
    /// The online game's colour and clock.
    pub online: OnlineForm,
}

impl NewGameForm {
    /// The fields as the last games of each kind were set up, showing `kind`.
    pub fn new(settings: &Settings, kind: GameKind) -> NewGameForm {
        let othello_board = match settings.othello.start {
            OthelloStart::Shape(shape) => shape,
            OthelloStart::Position(_) => Shape::STANDARD,
        };
        let go = &settings.go;
        NewGameForm {
            kind,
            othello_board,
            othello_sides: settings.othello.sides,
            go_size: go.size,
            go_rules: go.rules,
            go_handicap: go.handicap,
            komi: go.rules.komi.to_string(),
            go_sides: go.sides,
            friend: false,
            online: OnlineForm::default(),
        }
    }

    /// The largest handicap the Go board takes.
    pub fn max_handicap(&self) -> u8 {
        handicap::max_fixed_handicap(self.go_size)
    }

    /// Go: another board side; the handicap shrinks to what it takes, and the komi follows.
    pub fn set_go_size(&mut self, size: usize) {
        self.go_size = size;
        self.go_handicap = self.go_handicap.min(self.max_handicap());
        self.reset_komi();
    }

    /// Go: other rules, and their komi.
    pub fn set_go_rules(&mut self, rules: GoRules) {
        self.go_rules = rules;
        self.reset_komi();
    }

    /// Go: another handicap, and its komi.
    pub fn set_handicap(&mut self, stones: u8) {
        self.go_handicap = stones;
        self.reset_komi();
    }

    fn reset_komi(&mut self) {
        self.komi = self.go_rules.default_komi(self.go_handicap).to_string();
    }

    /// The side shown for `player` in the game being set up.
    pub fn side(&self, player: Player) -> Side<AnyLevel> {
        match self.kind {
            GameKind::Othello => self.othello_sides[player].any(),
            GameKind::Go => self.go_sides[player].any(),
        }
    }

    /// Sets `player`'s side from a select's value; a value that names no side of the game
    /// changes nothing.
    pub fn set_side(&mut self, player: Player, value: &str) {
        match self.kind {
            GameKind::Othello => {
                if let Ok(side) = Side::parse(value) {
                    self.othello_sides[player] = side;
                }
            }
            GameKind::Go => {
                if let Ok(side) = Side::parse(value) {
                    self.go_sides[player] = side;
                }
            }
        }
    }

    /// The game the fields describe.
    ///
    /// # Errors
    ///
    /// [`SetupError::Komi`] when the komi is not a whole or half number.
    pub fn config(&self) -> Result<MatchConfig, SetupError> {
        Ok(match self.kind {
            GameKind::Othello => MatchConfig::Othello(OthelloConfig {
                start: OthelloStart::Shape(self.othello_board),
                sides: self.othello_sides,
            }),
            GameKind::Go => {
                let komi: Komi = self.komi.trim().parse().map_err(SetupError::Komi)?;
                MatchConfig::Go(GoConfig {
                    size: self.go_size,
                    rules: self.go_rules.with_komi(komi),
                    handicap: self.go_handicap,
                    sides: self.go_sides,
                })
            }
        })
    }
}

/// The online fields as typed.
#[derive(Clone, PartialEq, Debug)]
pub struct OnlineForm {
    /// The creator's colour.
    pub colour: SeatChoice,
    /// The clock's kind.
    pub clock: ClockKind,
    /// Main time in minutes.
    pub main_min: String,
    /// Fischer's increment in seconds.
    pub increment_s: String,
    /// Byo-yomi periods.
    pub periods: String,
    /// A period's length in seconds.
    pub period_s: String,
    /// Correspondence: days a move.
    pub days: String,
}

impl Default for OnlineForm {
    fn default() -> OnlineForm {
        OnlineForm {
            colour: SeatChoice::Random,
            clock: ClockKind::Fischer,
            main_min: "10".into(),
            increment_s: "5".into(),
            periods: "5".into(),
            period_s: "30".into(),
            days: "3".into(),
        }
    }
}

impl OnlineForm {
    /// The clock as set up.
    ///
    /// # Errors
    ///
    /// [`TimeError`] for a number that does not read or is out of range.
    pub fn time(&self) -> Result<TimeControl, TimeError> {
        let number = |text: &str| text.trim().parse::<f64>().map_err(|_| TimeError);
        let whole = |text: &str| text.trim().parse::<u32>().map_err(|_| TimeError);
        let main_s = || {
            let minutes = number(&self.main_min)?;
            if (0.0..=f64::from(ishi_online::MAX_MAIN_S) / 60.0).contains(&minutes) {
                Ok((minutes * 60.0).round() as u32)
            } else {
                Err(TimeError)
            }
        };
        let time = match self.clock {
            ClockKind::None => TimeControl::None,
            ClockKind::Fischer => TimeControl::Fischer {
                main_s: main_s()?,
                increment_s: whole(&self.increment_s)?,
            },
            ClockKind::ByoYomi => TimeControl::ByoYomi {
                main_s: main_s()?,
                periods: whole(&self.periods)?,
                period_s: whole(&self.period_s)?,
            },
            ClockKind::Correspondence => TimeControl::Correspondence {
                days: whole(&self.days)?,
            },
        };
        time.check()
    }
}

impl NewGameForm {
    /// The online game as set up: board and rules, and the clock.
    ///
    /// # Errors
    ///
    /// [`AppError`] for a komi or a clock that does not read.
    pub fn online_setup(&self) -> Result<(GameSetup, TimeControl), AppError> {
        let setup = match self.kind {
            GameKind::Othello => GameSetup::Othello {
                board: self.othello_board,
            },
            GameKind::Go => {
                let komi = self
                    .komi
                    .trim()
                    .parse()
                    .map_err(|e| AppError::Setup(SetupError::Komi(e)))?;
                GameSetup::Go {
                    size: self.go_size,
                    rules: self.go_rules.with_komi(komi),
                    handicap: self.go_handicap,
                }
            }
        };
        let time = self
            .online
            .time()
            .map_err(|e| AppError::OnlineSetup(ishi_online::SetupError::Time(e)))?;
        Ok((setup, time))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_starts_from_the_last_setups_and_makes_their_config() {
        let settings = Settings::default();
        let form = NewGameForm::new(&settings, GameKind::Go);
        assert_eq!(form.config(), Ok(MatchConfig::Go(settings.go.clone())));
        let form = NewGameForm {
            kind: GameKind::Othello,
            ..form
        };
        assert_eq!(
            form.config(),
            Ok(MatchConfig::Othello(settings.othello.clone()))
        );
    }

    #[test]
    fn a_smaller_board_takes_fewer_handicap_stones_and_the_komi_follows() {
        let mut form = NewGameForm::new(&Settings::default(), GameKind::Go);
        form.set_go_size(19);
        form.set_handicap(9);
        assert_eq!(form.komi, "0.5");
        form.set_go_size(9);
        assert_eq!(form.go_handicap, form.max_handicap());
        form.set_go_rules(GoRules::CHINESE);
        assert_eq!(
            form.komi,
            GoRules::CHINESE.default_komi(form.go_handicap).to_string()
        );
    }

    #[test]
    fn sides_are_set_from_select_values_of_the_game() {
        let mut form = NewGameForm::new(&Settings::default(), GameKind::Othello);
        form.set_side(Player::White, "master");
        assert_eq!(
            form.side(Player::White),
            Side::Computer(AnyLevel::Othello(OthelloLevel::Master))
        );
        form.set_side(Player::White, "mcts-2000");
        assert_eq!(
            form.othello_sides.white,
            Side::Computer(OthelloLevel::Master),
            "a Go level is no Othello side"
        );
        form.set_side(Player::White, "human");
        assert_eq!(form.side(Player::White), Side::Human);
    }

    #[test]
    fn a_komi_that_is_not_a_number_is_refused() {
        let mut form = NewGameForm::new(&Settings::default(), GameKind::Go);
        form.komi = "six".to_owned();
        assert!(matches!(form.config(), Err(SetupError::Komi(_))));
    }
}
