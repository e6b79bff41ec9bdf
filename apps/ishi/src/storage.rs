//! Nothing is lost: the app's state is saved after every change that matters (localStorage
//! on the web, a file in the user's data directory on the desktop) and restored at start.
//!
//! Saved data that cannot be read (a format this version does not read, a damaged file) never
//! stops the app: it starts fresh, says so, and keeps the unreadable text aside (the
//! `ishi-unreadable` localStorage key, or `state.unreadable.json` next to the state file).
//!
//! In the web's split build the JSON is read and written by lazy parts ([`crate::lazy`]),
//! which the first board of a first visit does without. The one case where the app does not
//! start is when saved data exists and the part that reads it cannot be loaded: starting
//! fresh would write over it at the first save (`prepare`).

use crate::saved::{self, Contents, LoadError, SavedApp};
use crate::state::{AppState, Notice};

/// The saved state, or a fresh start; unreadable data is kept aside and reported.
///
/// In the web's split build the saved text is read by a lazy part (`prepare`, which
/// `main` awaits before the app starts): a first visit, with nothing saved, starts without
/// it. There this gives what `prepare` made, or a fresh start.
pub fn restore() -> AppState {
    #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
    return PREPARED
        .take()
        .unwrap_or_else(|| AppState::fresh(Notice::None));
    #[cfg(not(all(feature = "wasm-split", target_arch = "wasm32")))]
    match platform::read() {
        Some(text) => restored(read_saved(text.clone()), &text),
        None => AppState::fresh(Notice::None),
    }
}

/// The state `read` gives for the saved `text`: the saved one, or a fresh start that
/// reports why it could not be used, the text kept aside.
fn restored(read: Result<Contents, LoadError>, text: &str) -> AppState {
    match read {
        Ok(loaded) => AppState::new(loaded),
        Err(why) => {
            platform::keep_aside(text);
            AppState::fresh(Notice::Unreadable(why))
        }
    }
}

/// The state saved as `text`: decoded, converted from an older format, replayed. A lazy
/// part in the web's split build.
fn read_saved(text: String) -> Result<Contents, LoadError> {
    saved::decode(&text).and_then(SavedApp::load)
}

/// The text of `saved`, `None` if it cannot be written. A lazy part in the web's split
/// build.
fn write_saved(contents: Contents) -> Option<String> {
    saved::encode(&contents.saved())
}

crate::lazy::function!(READ_SAVED = "restore" fn read_saved(String) -> Result<Contents, LoadError>);
crate::lazy::function!(WRITE_SAVED = "save" fn write_saved(Contents) -> Option<String>);

#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
thread_local! {
    /// The state `prepare` restored, for [`restore`] to take.
    static PREPARED: std::cell::RefCell<Option<AppState>> = const { std::cell::RefCell::new(None) };
}

/// Restores the saved state ahead of the app's start, for [`restore`]: with nothing saved
/// (a first visit) at once, else once the lazy part that reads it has come (from the
/// offline cache after a first visit).
///
/// # Errors
///
/// [`crate::state::AppError::Unavailable`] when that part cannot be loaded: the app must
/// not start fresh then, or its first save would write over the saved games.
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub async fn prepare() -> Result<(), crate::state::AppError> {
    let state = match platform::read() {
        Some(text) => {
            let read = crate::lazy::call(&READ_SAVED, text.clone())
                .await
                .ok_or(crate::state::AppError::Unavailable)?;
            restored(read, &text)
        }
        None => AppState::fresh(Notice::None),
    };
    PREPARED.set(Some(state));
    Ok(())
}

/// Saves `state`. In the web's split build the writing is a lazy part (loaded soon after the
/// first board): until it has come, the text is written once it comes, in a task of its own,
/// and only the latest state of those that waited for it; `failed` runs if the part cannot
/// be loaded (nothing was saved). Must be called inside the Dioxus runtime.
pub fn save(state: &AppState, failed: impl FnOnce() + 'static) {
    let contents = state.contents();
    #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
    crate::lazy::call_soon(&SAVING, &WRITE_SAVED, [contents], write, failed);
    #[cfg(not(all(feature = "wasm-split", target_arch = "wasm32")))]
    {
        drop(failed);
        write(write_saved(contents));
    }
}

/// Writes the saved state's text, if it could be made.
fn write(text: Option<String>) {
    if let Some(text) = text {
        platform::write(&text);
    }
}

#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
thread_local! {
    /// The state to save next, while the part that writes it comes.
    static SAVING: crate::lazy::Waiting<Contents> = const { crate::lazy::Waiting::latest() };
}

/// The desktop's other data files (the window's place), beside the state file.
#[cfg(not(target_arch = "wasm32"))]
pub use platform::{read_file, write_file};

/// The text saved under `name`, apart from the app's state (the puzzles' progress): the
/// localStorage key `ishi-NAME` on the web, the file `NAME.json` on the desktop. On the web
/// through the page's script, not `web_sys`' `Storage`, whose functions the first board's
/// module would otherwise share with the puzzles' (and carry, once shared).
pub async fn read_named(name: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    return crate::js::call(
        "key",
        "return localStorage.getItem(key);",
        &[&format!("ishi-{name}")],
    )
    .await;
    #[cfg(not(target_arch = "wasm32"))]
    platform::read_file(name)
}

/// Saves `text` under `name` ([`read_named`]). Must be called inside the Dioxus runtime.
pub fn write_named(name: &str, text: &str) {
    #[cfg(target_arch = "wasm32")]
    crate::js::run(
        "key, text",
        "localStorage.setItem(key, text);",
        &[&format!("ishi-{name}"), text],
    );
    #[cfg(not(target_arch = "wasm32"))]
    platform::write_file(name, text);
}

/// Keeps the unreadable `text` of `name` aside (`ishi-NAME-unreadable`,
/// `NAME-unreadable.json`), for whoever wants to look at it, and removes it from `name`.
/// Must be called inside the Dioxus runtime.
pub fn keep_named_aside(name: &str, text: &str) {
    write_named(&format!("{name}-unreadable"), text);
    #[cfg(target_arch = "wasm32")]
    crate::js::run(
        "key",
        "localStorage.removeItem(key);",
        &[&format!("ishi-{name}")],
    );
    #[cfg(not(target_arch = "wasm32"))]
    platform::remove_file(name);
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

    /// Removes the data file `name.json`, if there is one.
    pub(super) fn remove_file(name: &str) {
        if let Some(file) = path(name) {
            let _ = std::fs::remove_file(file);
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
        save(&state, || {});
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
