//! The player's preferences, shared through context by [`use_settings`].

use dioxus::prelude::*;

use crate::model::{GameKind, GameSetup, MatchConfig, Side};
use ishi_rules::ByColor;
use ishi_rules::go::GoRules;
use ishi_rules::othello::Shape;

/// When a tap places a stone at once, and when it first shows a ghost stone to confirm.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Confirm {
    /// Confirm Go moves made with a finger; mouse clicks and Othello place at once.
    Auto,
    /// Always confirm.
    Always,
    /// Never confirm.
    Never,
}

impl Confirm {
    /// Whether a tap of this pointer type in this game needs a second tap.
    pub fn needed(self, kind: GameKind, pointer_type: &str) -> bool {
        match self {
            Confirm::Always => true,
            Confirm::Never => false,
            Confirm::Auto => kind == GameKind::Go && pointer_type == "touch",
        }
    }
}

/// The languages Ishi speaks.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Language {
    /// English.
    English,
    /// Japanese.
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
#[derive(Clone, PartialEq, Debug)]
pub struct Settings {
    /// Show the legal moves (Othello).
    pub hints: bool,
    /// Show the coordinates around the board.
    pub coordinates: bool,
    /// Confirm moves with a second tap.
    pub confirm: Confirm,
    /// Milliseconds between moves when the computer plays itself.
    pub watch_delay_ms: u32,
    /// The last Othello game set up, for the mode switch.
    pub othello: MatchConfig,
    /// The last Go game set up, for the mode switch.
    pub go: MatchConfig,
    /// The language chosen in the options; `None` follows the browser.
    pub language: Option<Language>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hints: true,
            coordinates: true,
            confirm: Confirm::Auto,
            watch_delay_ms: 800,
            othello: MatchConfig {
                setup: GameSetup::Othello {
                    shape: Shape::STANDARD,
                },
                sides: ByColor::new(
                    Side::Human,
                    Side::Computer(default_level(GameKind::Othello)),
                ),
            },
            go: MatchConfig {
                setup: GameSetup::Go {
                    size: 9,
                    rules: GoRules::JAPANESE,
                    handicap: 0,
                },
                sides: ByColor::new(Side::Human, Side::Computer(default_level(GameKind::Go))),
            },
            language: None,
        }
    }
}

/// The computer levels of a game, weakest first.
pub fn levels(kind: GameKind) -> &'static [ishi_ai::Level] {
    match kind {
        GameKind::Othello => ishi_ai::othello::levels(),
        GameKind::Go => ishi_ai::go::levels(),
    }
}

/// The level a new player meets first: the middle of the list.
///
/// # Panics
///
/// If the game has no level; `ishi-ai` lists several for each game (a test checks it).
pub fn default_level(kind: GameKind) -> &'static ishi_ai::Level {
    let all = levels(kind);
    &all[all.len() / 2]
}

/// The settings signal the app provides.
pub fn use_settings() -> Signal<Settings> {
    use_context()
}
