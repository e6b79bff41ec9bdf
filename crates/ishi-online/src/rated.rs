//! What makes an online game rated: the rating classes (a Glicko-2 rating each, per player),
//! which finished games count and for whom, and the standard pools of quick pairing.
//!
//! **Which games count.** A rated game counts once it is over with a winner or a draw,
//! whether by the count, a resignation or the clock (a player who leaves loses on time, as
//! a player who abandons should). A game in which a side has not made a move of its own
//! (a forced Othello pass is not one) is *aborted*: it changes nobody's rating, so that
//! walking away from a pairing at once, or losing to someone who did, costs nothing and
//! gains nothing. A `Void` or unknown result never counts.

use ishi_rules::{ByColor, Player};
use ishi_scoring::GameResult;
use serde::{Deserialize, Serialize};

use crate::{GameSetup, Table, TimeControl};

/// A class of games with a rating of its own: Othello on 8x8, Go on 9x9, 13x13 and 19x19
/// (even games; a handicap game is not rated).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RatingClass {
    /// Othello, 8x8.
    Othello,
    /// Go, 9x9.
    Go9,
    /// Go, 13x13.
    Go13,
    /// Go, 19x19.
    Go19,
}

impl RatingClass {
    /// Every class, in the order a profile lists them.
    pub const ALL: [RatingClass; 4] = [
        RatingClass::Othello,
        RatingClass::Go9,
        RatingClass::Go13,
        RatingClass::Go19,
    ];

    /// The class of games set up as `setup`, if such games are rated.
    pub fn of(setup: &GameSetup) -> Option<RatingClass> {
        match *setup {
            GameSetup::Othello { board } => {
                (board == ishi_rules::othello::Shape::STANDARD).then_some(RatingClass::Othello)
            }
            GameSetup::Go {
                size, handicap: 0, ..
            } => match size {
                9 => Some(RatingClass::Go9),
                13 => Some(RatingClass::Go13),
                19 => Some(RatingClass::Go19),
                _ => None,
            },
            GameSetup::Go { .. } => None,
        }
    }

    /// The class's name in the store and on the wire.
    pub fn name(self) -> &'static str {
        match self {
            RatingClass::Othello => "othello",
            RatingClass::Go9 => "go9",
            RatingClass::Go13 => "go13",
            RatingClass::Go19 => "go19",
        }
    }

    /// The class named `name`.
    pub fn from_name(name: &str) -> Option<RatingClass> {
        RatingClass::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// What a finished game gives each player's rating: 1 a win, 0 a loss, ½ a draw; `None`
/// while it is not over, and for a game that does not count (aborted, void: the module says
/// which).
pub fn scores(table: &Table) -> Option<ByColor<f64>> {
    let result = table.result()?;
    let moved = |player: Player| {
        table
            .moves()
            .iter()
            .any(|played| played.player == player && !played.forced)
    };
    if !moved(Player::Black) || !moved(Player::White) {
        return None;
    }
    match result {
        GameResult::Win { winner, .. } => Some(ByColor::new(
            f64::from(u8::from(winner == Player::Black)),
            f64::from(u8::from(winner == Player::White)),
        )),
        GameResult::Draw => Some(ByColor::new(0.5, 0.5)),
        GameResult::Void | GameResult::Unknown => None,
    }
}

/// A standard pool of quick pairing: a game and a clock players seek together.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Pool {
    /// Othello 8x8, 3 minutes + 2 seconds a move.
    #[serde(rename = "othello-3+2")]
    Othello3Plus2,
    /// Go 9x9, 5 minutes + 5 seconds a move, Japanese rules.
    #[serde(rename = "go9-5+5")]
    Go9Fischer5Plus5,
    /// Go 19x19, 20 minutes and 5 periods of 30 seconds, Japanese rules.
    #[serde(rename = "go19-byoyomi")]
    Go19ByoYomi,
    /// Othello 8x8 by correspondence, 3 days a move.
    #[serde(rename = "othello-correspondence")]
    OthelloCorrespondence,
    /// Go 19x19 by correspondence, 3 days a move, Japanese rules.
    #[serde(rename = "go19-correspondence")]
    Go19Correspondence,
}

impl Pool {
    /// Every pool, in the order the lobby lists them.
    pub const ALL: [Pool; 5] = [
        Pool::Othello3Plus2,
        Pool::Go9Fischer5Plus5,
        Pool::Go19ByoYomi,
        Pool::OthelloCorrespondence,
        Pool::Go19Correspondence,
    ];

    /// The pool's games: the set-up and the clock. Every pool is rated.
    pub fn game(self) -> (GameSetup, TimeControl) {
        let othello = || GameSetup::Othello {
            board: ishi_rules::othello::Shape::STANDARD,
        };
        let go = |size| GameSetup::Go {
            size,
            rules: ishi_rules::go::GoRules::JAPANESE,
            handicap: 0,
        };
        match self {
            Pool::Othello3Plus2 => (
                othello(),
                TimeControl::Fischer {
                    main_s: 180,
                    increment_s: 2,
                },
            ),
            Pool::Go9Fischer5Plus5 => (
                go(9),
                TimeControl::Fischer {
                    main_s: 300,
                    increment_s: 5,
                },
            ),
            Pool::Go19ByoYomi => (
                go(19),
                TimeControl::ByoYomi {
                    main_s: 1200,
                    periods: 5,
                    period_s: 30,
                },
            ),
            Pool::OthelloCorrespondence => (othello(), TimeControl::Correspondence { days: 3 }),
            Pool::Go19Correspondence => (go(19), TimeControl::Correspondence { days: 3 }),
        }
    }

    /// The pool's name, as on the wire (`othello-3+2`).
    pub fn name(self) -> &'static str {
        match self {
            Pool::Othello3Plus2 => "othello-3+2",
            Pool::Go9Fischer5Plus5 => "go9-5+5",
            Pool::Go19ByoYomi => "go19-byoyomi",
            Pool::OthelloCorrespondence => "othello-correspondence",
            Pool::Go19Correspondence => "go19-correspondence",
        }
    }

    /// The rating class its games count in.
    pub fn class(self) -> RatingClass {
        match self {
            Pool::Othello3Plus2 | Pool::OthelloCorrespondence => RatingClass::Othello,
            Pool::Go9Fischer5Plus5 => RatingClass::Go9,
            Pool::Go19ByoYomi | Pool::Go19Correspondence => RatingClass::Go19,
        }
    }
}

/// How far apart two seekers' ratings may be to be paired, after the longer of them has
/// waited `waited_ms`: 100 points at once, 50 more every 5 seconds, anyone after a minute.
pub fn pairing_range(waited_ms: i64) -> f64 {
    if waited_ms >= 60_000 {
        f64::INFINITY
    } else {
        100.0 + 50.0 * (waited_ms.max(0) / 5_000) as f64
    }
}
