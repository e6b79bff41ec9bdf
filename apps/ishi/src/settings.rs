//! The player's preferences: plain data, saved with the game ([`crate::saved`]).

use ishi_ai::LevelId;
use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_rules::ByColor;
use ishi_rules::go::GoRules;
use ishi_rules::othello::Shape;
use serde::{Deserialize, Serialize};

use crate::model::{GameKind, GoConfig, MatchConfig, OthelloConfig, OthelloStart, Side};

/// When a tap places a stone at once, and when it first shows a ghost stone to confirm.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Confirm {
    /// Confirm Go moves made with a finger; mouse clicks and Othello place at once.
    Auto,
    /// Always confirm.
    Always,
    /// Never confirm.
    Never,
}

impl Confirm {
    /// Every choice, in the order the options list them.
    pub const ALL: [Confirm; 3] = [Confirm::Auto, Confirm::Always, Confirm::Never];

    /// Whether a tap of this pointer type in this game needs a second tap.
    pub fn needed(self, kind: GameKind, pointer_type: &str) -> bool {
        match self {
            Confirm::Always => true,
            Confirm::Never => false,
            Confirm::Auto => kind == GameKind::Go && pointer_type == "touch",
        }
    }
}

/// Light or dark colours.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// As the system is set (and follows it when it changes).
    #[default]
    System,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

impl Theme {
    /// Every choice, in the order the options list them.
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// The name the page's script and the options' values use.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// The languages Ishi speaks.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Language {
    /// English.
    #[serde(rename = "en")]
    English,
    /// Japanese.
    #[serde(rename = "ja")]
    Japanese,
}

impl Language {
    /// Both, in the order the switch shows them.
    pub const ALL: [Language; 2] = [Language::English, Language::Japanese];

    /// The BCP 47 code: `en`, `ja`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Japanese => "ja",
        }
    }

    /// The language of a code like `ja` or `ja-JP` or `en-GB`, if Ishi speaks it.
    pub fn from_code(code: &str) -> Option<Language> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Language::English),
            "ja" => Some(Language::Japanese),
            _ => None,
        }
    }

    /// The language's own name, for the switch.
    pub fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Japanese => "日本語",
        }
    }
}

/// The player's preferences.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// Show the legal moves (Othello).
    pub hints: bool,
    /// Show the computer's value of each move on its cell while a person is to move.
    #[serde(default)]
    pub values: bool,
    /// Go: shade each point by who owns it at the end of the computer's playouts, with the
    /// estimated lead.
    #[serde(default)]
    pub ownership: bool,
    /// Go on the network: each empty point shaded by the network's policy, where a strong
    /// player would look.
    #[serde(default)]
    pub policy: bool,
    /// Show the coordinates around the board.
    pub coordinates: bool,
    /// Confirm moves with a second tap.
    pub confirm: Confirm,
    /// Milliseconds between moves when the computer plays itself.
    pub watch_delay_ms: u32,
    /// The last Othello game set up, for the game switch and the new-game sheet.
    pub othello: OthelloConfig,
    /// The last Go game set up.
    pub go: GoConfig,
    /// The language chosen in the options; `None` follows the browser.
    #[serde(default)]
    pub language: Option<Language>,
    /// Light or dark colours, or the system's.
    #[serde(default)]
    pub theme: Theme,
    /// Ask before a pass made with a finger (Go): an accidental pass can end a game.
    #[serde(default = "yes")]
    pub confirm_pass: bool,
    /// Go, in review: each stone shows the number of the move that placed it.
    #[serde(default)]
    pub move_numbers: bool,
    /// A quiet sound for each move that appears on the board during play.
    #[serde(default = "yes")]
    pub sound: bool,
    /// A short vibration when the person at the device places a stone (phones that have one).
    #[serde(default = "yes")]
    pub vibration: bool,
    /// The name shown to the other player in online games (empty: "Player").
    #[serde(default)]
    pub name: String,
    /// The game server's address (`https://ishi.example`), for the desktop app; the web app
    /// plays on the server it was loaded from.
    #[serde(default)]
    pub server: String,
    /// Whether the app tells the player that a move waits in an online game
    /// (`crate::club::notify`): the link to the server stays open for it while the device
    /// holds a seat. Written only when on, so that the saves of before read and write the
    /// same.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub notify: bool,
}

/// The pace of computer-only games the options offer, in milliseconds between moves.
pub const WATCH_PACES: [u32; 3] = [200, 800, 2000];

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hints: true,
            values: false,
            ownership: false,
            policy: false,
            coordinates: true,
            confirm: Confirm::Auto,
            watch_delay_ms: 800,
            othello: OthelloConfig {
                start: OthelloStart::Shape(Shape::STANDARD),
                sides: ByColor::new(Side::Human, Side::Computer(default_level::<OthelloLevel>())),
            },
            go: GoConfig {
                size: 9,
                rules: GoRules::JAPANESE,
                handicap: 0,
                sides: ByColor::new(Side::Human, Side::Computer(default_level::<GoLevel>())),
            },
            language: None,
            theme: Theme::System,
            confirm_pass: true,
            move_numbers: false,
            sound: true,
            vibration: true,
            notify: false,
            name: String::new(),
            server: String::new(),
        }
    }
}

/// `true`, for settings that are on unless saved off.
fn yes() -> bool {
    true
}

impl Settings {
    /// Brings values out of range back into it (saved data may have been edited by hand).
    pub fn sanitize(&mut self) {
        self.watch_delay_ms = self.watch_delay_ms.clamp(100, 10_000);
    }

    /// The last setup of `kind`: what the game switch starts when no game of that kind is put
    /// aside.
    pub fn last_setup(&self, kind: GameKind) -> MatchConfig {
        match kind {
            GameKind::Othello => MatchConfig::Othello(self.othello.clone()),
            GameKind::Go => MatchConfig::Go(self.go.clone()),
        }
    }

    /// Remembers `config` as the last setup of its game.
    pub fn remember(&mut self, config: &MatchConfig) {
        match config {
            MatchConfig::Othello(c) => self.othello = c.clone(),
            MatchConfig::Go(c) => self.go = c.clone(),
        }
    }
}

/// The level a new player meets first: the middle of the game's list.
pub fn default_level<L: LevelId>() -> L {
    let all = L::levels();
    all[all.len() / 2].id
}
