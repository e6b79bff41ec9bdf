//! Version 1 of the saved format, read to convert it: the releases up to November 2026 wrote
//! it. Its configurations were strings and optional fields (`"game": "go"` with `size`,
//! `rules`, `komi` beside an unused `shape`), sides were `"human"` or a level id, and an
//! unfinished recent game had the result `""`. Events are the same as version 2's.
//!
//! `tests/data/save-v1.json` is a save of that release, loaded by the tests.

use ishi_ai::LevelId;
use ishi_rules::ByColor;
use ishi_rules::go::{GoRules, Komi, ParseRulesError};
use ishi_rules::othello::notation::{self, BoardStringError};
use ishi_rules::othello::{Shape, ShapeError};
use ishi_scoring::ParseResultError;
use serde::Deserialize;

use super::format::{self, RecentGame, VERSION};
use super::game::{SavedEvent, SavedMatch};
use crate::model::{GameKind, GoConfig, MatchConfig, OthelloConfig, OthelloStart, Side};
use crate::settings::{Confirm, Language, Settings};

/// A field of a version 1 configuration.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum V1Field {
    /// The Othello board shape.
    Shape,
    /// The Go board side.
    Size,
    /// The Go rules preset.
    Rules,
    /// The komi.
    Komi,
}

/// A version 1 save that does not convert.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum V1Error {
    /// A game other than `othello` and `go`.
    UnknownGame(String),
    /// A field the game needs is missing.
    Missing(V1Field),
    /// The Othello board shape is not one the rules know.
    Shape(ShapeError),
    /// The Othello start position is not a board string.
    Board(BoardStringError),
    /// The Go rules are not a preset.
    Rules(ParseRulesError),
    /// A side is neither `human` nor a level of the game.
    Player(String),
    /// A result is not one records write.
    Result(ParseResultError),
    /// The settings' last setup of a game is for the other game.
    WrongGame(GameKind),
    /// A match says it is of another version.
    Version(u32),
}

impl std::fmt::Display for V1Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            V1Error::UnknownGame(game) => write!(f, "unknown game {game:?}"),
            V1Error::Missing(field) => write!(f, "the saved game has no {field:?}"),
            V1Error::Shape(e) => e.fmt(f),
            V1Error::Board(e) => e.fmt(f),
            V1Error::Rules(e) => e.fmt(f),
            V1Error::Player(id) => write!(f, "unknown player {id:?}"),
            V1Error::Result(e) => e.fmt(f),
            V1Error::WrongGame(kind) => write!(f, "the saved {kind:?} setup is for another game"),
            V1Error::Version(v) => write!(f, "a match of format {v} in a save of format 1"),
        }
    }
}

impl std::error::Error for V1Error {}

/// A version 1 configuration.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct SavedConfig {
    game: String,
    #[serde(default)]
    shape: Option<String>,
    #[serde(default)]
    board: Option<String>,
    #[serde(default)]
    size: Option<usize>,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    komi: Option<i32>,
    #[serde(default)]
    handicap: Option<u8>,
    black: String,
    white: String,
}

/// A version 1 match.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct SavedMatch1 {
    version: u32,
    config: SavedConfig,
    events: Vec<SavedEvent>,
    played: usize,
}

/// Version 1 settings.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct SavedSettings {
    hints: bool,
    coordinates: bool,
    confirm: String,
    watch_delay_ms: u32,
    othello: SavedConfig,
    go: SavedConfig,
    #[serde(default)]
    language: Option<String>,
}

/// A version 1 recent game.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct RecentGame1 {
    game: SavedMatch1,
    result: String,
}

/// A version 1 save.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct SavedApp {
    current: SavedMatch1,
    #[serde(default)]
    parked: Option<SavedMatch1>,
    settings: SavedSettings,
    #[serde(default)]
    recent: Vec<RecentGame1>,
}

/// The side a version 1 name gives: `human` or one of the game's level ids.
fn side<L: LevelId>(name: &str) -> Result<Side<L>, V1Error> {
    Side::parse(name).map_err(|_| V1Error::Player(name.to_owned()))
}

impl SavedConfig {
    fn config(&self) -> Result<MatchConfig, V1Error> {
        let missing = V1Error::Missing;
        match self.game.as_str() {
            "othello" => {
                let start = match (&self.board, &self.shape) {
                    (Some(board), _) => OthelloStart::Position(
                        notation::parse_board(board).map_err(V1Error::Board)?,
                    ),
                    (None, Some(shape)) => {
                        OthelloStart::Shape(shape.parse::<Shape>().map_err(V1Error::Shape)?)
                    }
                    (None, None) => return Err(missing(V1Field::Shape)),
                };
                Ok(MatchConfig::Othello(OthelloConfig {
                    start,
                    sides: ByColor::new(side(&self.black)?, side(&self.white)?),
                }))
            }
            "go" => {
                let rules: GoRules = self
                    .rules
                    .as_deref()
                    .ok_or(missing(V1Field::Rules))?
                    .parse()
                    .map_err(V1Error::Rules)?;
                let komi = Komi::from_half_points(self.komi.ok_or(missing(V1Field::Komi))?);
                Ok(MatchConfig::Go(GoConfig {
                    size: self.size.ok_or(missing(V1Field::Size))?,
                    rules: rules.with_komi(komi),
                    handicap: self.handicap.unwrap_or(0),
                    sides: ByColor::new(side(&self.black)?, side(&self.white)?),
                }))
            }
            other => Err(V1Error::UnknownGame(other.to_owned())),
        }
    }
}

impl SavedMatch1 {
    fn migrate(self) -> Result<SavedMatch, V1Error> {
        if self.version != 1 {
            return Err(V1Error::Version(self.version));
        }
        Ok(SavedMatch {
            config: self.config.config()?,
            events: self.events,
            played: self.played,
            analysis: Vec::new(),
            variations: Vec::new(),
            line: 0,
            practised: Vec::new(),
        })
    }
}

impl SavedSettings {
    fn migrate(self) -> Result<Settings, V1Error> {
        let MatchConfig::Othello(othello) = self.othello.config()? else {
            return Err(V1Error::WrongGame(GameKind::Othello));
        };
        let MatchConfig::Go(go) = self.go.config()? else {
            return Err(V1Error::WrongGame(GameKind::Go));
        };
        Ok(Settings {
            hints: self.hints,
            values: false,
            ownership: false,
            policy: false,
            coordinates: self.coordinates,
            confirm: match self.confirm.as_str() {
                "always" => Confirm::Always,
                "never" => Confirm::Never,
                _ => Confirm::Auto,
            },
            watch_delay_ms: self.watch_delay_ms,
            othello,
            go,
            language: self.language.as_deref().and_then(Language::from_code),
            theme: crate::settings::Theme::System,
            confirm_pass: true,
            move_numbers: false,
            sound: true,
            vibration: true,
            name: String::new(),
            server: String::new(),
            notify: false,
        })
    }
}

impl RecentGame1 {
    fn migrate(self) -> Result<RecentGame, V1Error> {
        let result = match self.result.as_str() {
            "" => None,
            text => Some(text.parse().map_err(V1Error::Result)?),
        };
        Ok(RecentGame {
            game: self.game.migrate()?,
            result,
        })
    }
}

impl SavedApp {
    /// The same state in today's format. A recent game that does not convert is left out,
    /// as version 1 left out those that did not load.
    ///
    /// # Errors
    ///
    /// [`V1Error`] when the matches or the settings do not convert.
    pub fn migrate(self) -> Result<format::SavedApp, V1Error> {
        Ok(format::SavedApp {
            version: VERSION,
            current: self.current.migrate()?,
            parked: self.parked.map(SavedMatch1::migrate).transpose()?,
            settings: self.settings.migrate()?,
            recent: self
                .recent
                .into_iter()
                .filter_map(|r| r.migrate().ok())
                .collect(),
            seats: Vec::new(),
            online: None,
        })
    }
}
