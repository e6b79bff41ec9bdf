//! Nothing is lost: the app's state is saved after every change that matters (localStorage
//! on the web, a file in the user's data directory on the desktop) and restored at start.
//!
//! Saved data that cannot be read (a format this version does not read, a damaged file) never
//! stops the app: it starts fresh, says so, and keeps the unreadable text aside (the
//! `ishi-unreadable` localStorage key, or `state.unreadable.json` next to the state file).

use crate::saved;
use crate::state::{AppState, Notice};

/// The saved state, or a fresh start; unreadable data is kept aside and reported.
pub fn restore() -> AppState {
    let Some(text) = platform::read() else {
        return AppState::fresh(Notice::None);
    };
    match saved::decode(&text).and_then(saved::SavedApp::load) {
        Ok(loaded) => AppState::new(loaded),
        Err(why) => {
            platform::keep_aside(&text);
            AppState::fresh(Notice::Unreadable(why))
        }
    }
}

/// Saves `state`.
pub fn save(state: &AppState) {
    if let Some(text) = saved::encode(&state.saved()) {
        platform::write(&text);
    }
}

/// The desktop's other data files (the window's place), beside the state file.
#[cfg(not(target_arch = "wasm32"))]
pub use platform::{read_file, write_file};

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

    /// The file `name.json` in the app's data directory; `ISHI_DATA_DIR` overrides the
    /// user's data directory (tests use it).
    fn path(name: &str) -> Option<PathBuf> {
        let dir = std::env::var_os("ISHI_DATA_DIR")
            .map(PathBuf::from)
            .or_else(|| dirs::data_dir().map(|d| d.join("ishi")))?;
        Some(dir.join(format!("{name}.json")))
    }

    /// The text of the data file `name.json`, if it can be read.
    pub fn read_file(name: &str) -> Option<String> {
        std::fs::read_to_string(path(name)?).ok()
    }

    /// Writes `text` as the data file `name.json`, whole or not at all.
    pub fn write_file(name: &str, text: &str) {
        let Some(file) = path(name) else {
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

    pub(super) fn read() -> Option<String> {
        read_file("state")
    }

    pub(super) fn write(text: &str) {
        write_file("state", text);
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
    use crate::model::{Action, Cell};
    use crate::saved::LoadError;
    use crate::state::AppAction;

    #[test]
    fn the_desktop_file_is_written_read_and_kept_aside() {
        let dir = std::env::temp_dir().join(format!("ishi-storage-{}", std::process::id()));
        // SAFETY: this is the only test that reads or writes this variable.
        unsafe { std::env::set_var("ISHI_DATA_DIR", &dir) };
        let mut state = AppState::fresh(Notice::None);
        let f5 = Cell::new(5, 4);
        state.apply(AppAction::Match(Action::Play(f5))).unwrap();
        save(&state);
        let restored = restore();
        assert_eq!(restored.notice(), &Notice::None);
        assert_eq!(restored.current().position(), state.current().position());
        std::fs::write(dir.join("state.json"), "not json").unwrap();
        let restored = restore();
        assert!(matches!(
            restored.notice(),
            Notice::Unreadable(LoadError::Damaged { line: 1, .. })
        ));
        assert_eq!(
            std::fs::read_to_string(dir.join("state.unreadable.json")).unwrap(),
            "not json"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
