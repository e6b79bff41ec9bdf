//! The app's state as saved between visits: versioned JSON, read and written here, stored by
//! [`crate::storage`].
//!
//! Everything in it is typed: the game's kind tags each configuration, levels are each game's
//! level enum, the confirm mode and the language are enums, a result is a
//! [`GameResult`](ishi_scoring::GameResult) or nothing. Values of the rules (boards, points,
//! results) are saved in the text form the rules print and read, through the `serde` features
//! of `ishi-rules` and `ishi-scoring`; `tests/data/save-v2.json` holds every form.
//!
//! The format's [`VERSION`] goes up when it changes. Older versions that can be read are
//! converted on load (version 1: [`v1`]); anything else is refused with a reason, and the app
//! keeps the text aside instead of misreading it.

mod format;
mod game;
pub mod v1;

use ishi_online::protocol::GameId;
use serde::Deserialize;

pub use format::{OnlineSeat, RecentGame, SavedApp, VERSION};
pub use game::{
    EventError, MatchLoadError, SavedAnnotation, SavedEvent, SavedMatch, SavedPractised,
    SavedVariation, VariationError,
};

use crate::model::Match;
use crate::settings::Settings;

/// The most recent games kept.
pub const RECENT_GAMES: usize = 20;

/// Why saved data cannot be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    /// The text is not the saved format (damaged, or not Ishi's): where reading stopped.
    Damaged {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// Saved in a format this version of Ishi does not read.
    Version {
        /// The format's version in the text.
        found: u32,
    },
    /// The match on screen, or the one put aside, cannot be replayed.
    Match(MatchLoadError),
    /// A version 1 save that cannot be converted.
    V1(v1::V1Error),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Damaged { line, column } => {
                write!(
                    f,
                    "the saved data is damaged (line {line}, column {column})"
                )
            }
            LoadError::Version { found } => write!(
                f,
                "saved by another version of Ishi (format {found}, this one reads {VERSION})"
            ),
            LoadError::Match(e) => e.fmt(f),
            LoadError::V1(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    fn damaged(e: &serde_json::Error) -> LoadError {
        LoadError::Damaged {
            line: e.line(),
            column: e.column(),
        }
    }
}

/// The app's state as saved data holds it: what a restore gives, and what a save takes
/// (taken from the app's state at once: the matches share their snapshots with it, so this is
/// cheap). The saved form ([`Contents::saved`]) is made by the lazy part that writes it
/// (`storage.rs`), so that its code, the variations' and the analyses' included, is that
/// part's module's, not the first board's.
#[derive(Clone, Debug)]
pub struct Contents {
    /// The match on screen.
    pub current: Match,
    /// The other game's match.
    pub parked: Option<Match>,
    /// The settings.
    pub settings: Settings,
    /// Recent games.
    pub recent: Vec<RecentGame>,
    /// The seats held in online games.
    pub seats: Vec<OnlineSeat>,
    /// The online game that was on screen.
    pub online: Option<GameId>,
}

impl Contents {
    /// The saved form.
    pub fn saved(&self) -> SavedApp {
        SavedApp {
            seats: self.seats.clone(),
            online: self.online.clone(),
            ..SavedApp::of(
                &self.current,
                self.parked.as_ref(),
                &self.settings,
                &self.recent,
            )
        }
    }
}

/// The saved state in `text`, of this version or converted from an older one.
///
/// # Errors
///
/// [`LoadError`]: what could not be read.
pub fn decode(text: &str) -> Result<SavedApp, LoadError> {
    #[derive(Deserialize)]
    struct Header {
        version: u32,
    }
    let header: Header = serde_json::from_str(text).map_err(|e| LoadError::damaged(&e))?;
    match header.version {
        VERSION => serde_json::from_str(text).map_err(|e| LoadError::damaged(&e)),
        1 => {
            let old: v1::SavedApp =
                serde_json::from_str(text).map_err(|e| LoadError::damaged(&e))?;
            old.migrate().map_err(LoadError::V1)
        }
        found => Err(LoadError::Version { found }),
    }
}

/// The text of `saved`; `None` if it cannot be written (no value of these types fails to,
/// but the caller then keeps what was saved before rather than writing nothing over it).
pub fn encode(saved: &SavedApp) -> Option<String> {
    serde_json::to_string(saved).ok()
}

impl SavedApp {
    /// The state this describes: both matches replayed, the settings checked. A recent game
    /// that no longer replays is left out rather than refusing the rest.
    ///
    /// # Errors
    ///
    /// [`LoadError::Match`] when the match on screen or the one put aside cannot be replayed.
    pub fn load(self) -> Result<Contents, LoadError> {
        let current = self.current.load().map_err(LoadError::Match)?;
        let parked = match &self.parked {
            Some(p) => Some(p.load().map_err(LoadError::Match)?),
            None => None,
        };
        let recent = self
            .recent
            .into_iter()
            .filter(|r| r.game.load().is_ok())
            .take(RECENT_GAMES)
            .collect();
        let mut settings = self.settings;
        settings.sanitize();
        Ok(Contents {
            current,
            parked,
            settings,
            recent,
            seats: self.seats,
            online: self.online,
        })
    }
}

#[cfg(test)]
mod tests;
