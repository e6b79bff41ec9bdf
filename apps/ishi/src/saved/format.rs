//! The saved format of this version ([`VERSION`]): everything saved, as it is written,
//! down to the seats this device holds in online games ([`OnlineSeat`]), which the state
//! keeps in this very form.

use ishi_online::protocol::{GameId, Ticket, Token};
use ishi_rules::Player;
use ishi_scoring::GameResult;
use serde::{Deserialize, Serialize};

use super::game::SavedMatch;
use crate::model::Match;
use crate::settings::Settings;

/// The saved format's version.
pub const VERSION: u32 = 2;

/// A game in the recent list: finished, or put aside unfinished by opening another.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RecentGame {
    /// The game, to review or continue.
    pub game: SavedMatch,
    /// Its result, as records write it (`B+12`, `W+R`); none while unfinished.
    pub result: Option<GameResult>,
}

/// Everything saved.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SavedApp {
    /// The format's version, [`VERSION`].
    pub version: u32,
    /// The match on screen.
    pub current: SavedMatch,
    /// The match of the other game, put aside by the game switch.
    pub parked: Option<SavedMatch>,
    /// The settings.
    pub settings: Settings,
    /// Recent games, the latest first.
    pub recent: Vec<RecentGame>,
    /// The seats this device holds in online games, the latest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<OnlineSeat>,
    /// The online game on screen, opened again at the next start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<GameId>,
}

/// A seat this device holds, kept between visits: the game, its token, and enough to list it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct OnlineSeat {
    /// The game.
    pub game: GameId,
    /// The seat's token: the only way to play it.
    pub token: Token,
    /// The seat.
    pub seat: Player,
}

impl OnlineSeat {
    /// The ticket the server reads.
    pub fn ticket(&self) -> Ticket {
        Ticket {
            game: self.game.clone(),
            token: self.token.clone(),
        }
    }
}

impl SavedApp {
    /// The saved form of the app's state.
    pub fn of(
        current: &Match,
        parked: Option<&Match>,
        settings: &Settings,
        recent: &[RecentGame],
    ) -> SavedApp {
        SavedApp {
            version: VERSION,
            current: SavedMatch::of(current),
            parked: parked.map(SavedMatch::of),
            settings: settings.clone(),
            recent: recent.to_vec(),
            seats: Vec::new(),
            online: None,
        }
    }
}
