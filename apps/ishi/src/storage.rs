//! Nothing is lost: the matches, the settings and the recent games are saved after every
//! change (localStorage on the web, a file in the user's data directory on the desktop) and
//! restored at start.
//!
//! Saved data that cannot be read (an older format, a damaged file) never stops the app: it
//! starts fresh, says so, and keeps the unreadable text aside (the `ishi-unreadable`
//! localStorage key, or `state.unreadable.json` next to the state file).

use serde::{Deserialize, Serialize};

use crate::model::saved::{SavedConfig, SavedMatch, VERSION};
use crate::model::{GameKind, Match};
use crate::settings::{Confirm, Language, Settings};

/// The most recent finished games kept.
pub const RECENT_GAMES: usize = 20;

/// The saved settings.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedSettings {
    /// Legal-move hints.
    pub hints: bool,
    /// Coordinates around the board.
    pub coordinates: bool,
    /// `auto`, `always` or `never`.
    pub confirm: String,
    /// The pace of computer-only games.
    pub watch_delay_ms: u32,
    /// The last Othello setup.
    pub othello: SavedConfig,
    /// The last Go setup.
    pub go: SavedConfig,
    /// `en` or `ja`; none to follow the browser.
    #[serde(default)]
    pub language: Option<String>,
}

/// A finished game in the recent list.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RecentGame {
    /// The game, to review or continue.
    pub game: SavedMatch,
    /// Its result as written in records: `B+12`, `W+R`.
    pub result: String,
}

/// Everything saved.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedApp {
    /// The format's version.
    pub version: u32,
    /// The match on screen.
    pub current: SavedMatch,
    /// The match of the other game, put aside by the mode switch.
    #[serde(default)]
    pub parked: Option<SavedMatch>,
    /// The settings.
    pub settings: SavedSettings,
    /// Finished games, the latest first.
    #[serde(default)]
    pub recent: Vec<RecentGame>,
}

/// What the app starts with.
#[derive(Clone, Debug)]
pub struct Restored {
    /// The match on screen.
    pub current: Match,
    /// The other game's match.
    pub parked: Option<Match>,
    /// The settings.
    pub settings: Settings,
    /// Finished games.
    pub recent: Vec<RecentGame>,
    /// Why the saved data could not be used, if it could not.
    pub problem: Option<String>,
}

impl SavedSettings {
    /// The saved form of `settings`.
    pub fn of(settings: &Settings) -> SavedSettings {
        SavedSettings {
            hints: settings.hints,
            coordinates: settings.coordinates,
            confirm: match settings.confirm {
                Confirm::Auto => "auto",
                Confirm::Always => "always",
                Confirm::Never => "never",
            }
            .to_owned(),
            watch_delay_ms: settings.watch_delay_ms,
            othello: SavedConfig::of(&settings.othello),
            go: SavedConfig::of(&settings.go),
            language: settings.language.map(|l| l.code().to_owned()),
        }
    }

    fn settings(&self) -> Result<Settings, String> {
        let othello = self.othello.config().map_err(|e| e.0)?;
        let go = self.go.config().map_err(|e| e.0)?;
        if othello.setup.kind() != GameKind::Othello || go.setup.kind() != GameKind::Go {
            return Err("the saved setups are for the wrong games".to_owned());
        }
        Ok(Settings {
            hints: self.hints,
            coordinates: self.coordinates,
            confirm: match self.confirm.as_str() {
                "always" => Confirm::Always,
                "never" => Confirm::Never,
                _ => Confirm::Auto,
            },
            watch_delay_ms: self.watch_delay_ms.clamp(100, 10_000),
            othello,
            go,
            language: self.language.as_deref().and_then(Language::from_code),
        })
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
            settings: SavedSettings::of(settings),
            recent: recent.to_vec(),
        }
    }
}

/// The state saved as `text`, or why it cannot be used.
///
/// # Errors
///
/// A message for players: what could not be read.
pub fn decode(text: &str) -> Result<Restored, String> {
    let saved: SavedApp =
        serde_json::from_str(text).map_err(|e| format!("the saved data is damaged ({e})"))?;
    if saved.version != VERSION {
        return Err(format!(
            "it was saved by another version of Ishi (format {}, this one reads {VERSION})",
            saved.version
        ));
    }
    let settings = saved.settings.settings()?;
    let current = saved.current.load().map_err(|e| e.0)?;
    let parked = match &saved.parked {
        Some(p) => Some(p.load().map_err(|e| e.0)?),
        None => None,
    };
    let recent = saved
        .recent
        .into_iter()
        .filter(|r| r.game.load().is_ok())
        .take(RECENT_GAMES)
        .collect();
    Ok(Restored {
        current,
        parked,
        settings,
        recent,
        problem: None,
    })
}

/// A fresh start: default settings, a new match.
pub fn fresh(problem: Option<String>) -> Restored {
    let settings = Settings::default();
    Restored {
        current: crate::components::first_match(&settings),
        parked: None,
        settings,
        recent: Vec::new(),
        problem,
    }
}

/// What was saved, or a fresh start; unreadable data is kept aside and reported.
pub fn restore() -> Restored {
    let Some(text) = platform::read() else {
        return fresh(None);
    };
    match decode(&text) {
        Ok(restored) => restored,
        Err(why) => {
            platform::keep_aside(&text);
            fresh(Some(why))
        }
    }
}

/// Saves the app's state.
pub fn save(state: &SavedApp) {
    if let Ok(text) = serde_json::to_string(state) {
        platform::write(&text);
    }
}

#[cfg(target_arch = "wasm32")]
mod platform {
    /// The localStorage key.
    const KEY: &str = "ishi";

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok()?
    }

    pub(super) fn read() -> Option<String> {
        storage()?.get_item(KEY).ok()?
    }

    pub(super) fn write(text: &str) {
        if let Some(storage) = storage() {
            let _ = storage.set_item(KEY, text);
        }
    }

    pub(super) fn keep_aside(text: &str) {
        if let Some(storage) = storage() {
            let _ = storage.set_item(&format!("{KEY}-unreadable"), text);
            let _ = storage.remove_item(KEY);
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod platform {
    use std::path::PathBuf;

    /// The state file; `ISHI_DATA_DIR` overrides the user's data directory (tests use it).
    fn path(name: &str) -> Option<PathBuf> {
        let dir = std::env::var_os("ISHI_DATA_DIR")
            .map(PathBuf::from)
            .or_else(|| dirs::data_dir().map(|d| d.join("ishi")))?;
        Some(dir.join(format!("{name}.json")))
    }

    pub(super) fn read() -> Option<String> {
        std::fs::read_to_string(path("state")?).ok()
    }

    pub(super) fn write(text: &str) {
        let Some(file) = path("state") else {
            return;
        };
        if let Some(dir) = file.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        // Write then rename, so a crash mid-write never leaves half a file.
        let temporary = file.with_extension("json.tmp");
        if std::fs::write(&temporary, text).is_ok() {
            let _ = std::fs::rename(&temporary, &file);
        }
    }

    pub(super) fn keep_aside(text: &str) {
        if let Some(file) = path("state.unreadable") {
            let _ = std::fs::write(file, text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Action;

    fn state_with_moves() -> (Match, Settings) {
        let settings = Settings::default();
        let mut m = crate::components::first_match(&settings);
        let f5 = crate::model::Cell::new(5, 4);
        m.apply(Action::Play(f5)).unwrap();
        (m, settings)
    }

    #[test]
    fn the_whole_state_round_trips() {
        let (m, mut settings) = state_with_moves();
        settings.hints = false;
        settings.language = Some(Language::Japanese);
        let other = Match::new(settings.go.clone()).unwrap();
        let recent = vec![RecentGame {
            game: SavedMatch::of(&m),
            result: "B+2".to_owned(),
        }];
        let text =
            serde_json::to_string(&SavedApp::of(&m, Some(&other), &settings, &recent)).unwrap();
        let back = decode(&text).unwrap();
        assert_eq!(back.current.position(), m.position());
        assert_eq!(back.current.can_undo(), m.can_undo());
        assert_eq!(
            back.parked.map(|p| p.config().clone()),
            Some(other.config().clone())
        );
        assert_eq!(back.settings, settings);
        assert_eq!(back.recent, recent);
    }

    #[test]
    fn unreadable_data_says_why() {
        assert!(
            decode("{")
                .unwrap_err()
                .starts_with("the saved data is damaged")
        );
        assert!(
            decode("")
                .unwrap_err()
                .starts_with("the saved data is damaged")
        );
        let (m, settings) = state_with_moves();
        let mut saved = SavedApp::of(&m, None, &settings, &[]);
        saved.version = 0;
        let old = serde_json::to_string(&saved).unwrap();
        assert!(decode(&old).unwrap_err().contains("another version"));
        let mut saved = SavedApp::of(&m, None, &settings, &[]);
        saved.current.events = vec![crate::model::saved::SavedEvent::Move("z9".to_owned())];
        let broken = serde_json::to_string(&saved).unwrap();
        assert!(decode(&broken).unwrap_err().starts_with("event 1"));
    }

    #[test]
    fn the_desktop_file_is_written_read_and_kept_aside() {
        let dir = std::env::temp_dir().join(format!("ishi-storage-{}", std::process::id()));
        // SAFETY: this is the only test that reads or writes this variable.
        unsafe { std::env::set_var("ISHI_DATA_DIR", &dir) };
        let (m, settings) = state_with_moves();
        save(&SavedApp::of(&m, None, &settings, &[]));
        let restored = restore();
        assert!(restored.problem.is_none());
        assert_eq!(restored.current.position(), m.position());
        std::fs::write(dir.join("state.json"), "not json").unwrap();
        let restored = restore();
        assert!(restored.problem.unwrap().contains("damaged"));
        assert_eq!(
            std::fs::read_to_string(dir.join("state.unreadable.json")).unwrap(),
            "not json"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
