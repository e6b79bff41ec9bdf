//! The one way components reach the app's state: [`use_app`] gives an [`AppHandle`], which
//! reads the [`AppState`] and dispatches [`AppAction`]s, saving when an action says so.

use dioxus::prelude::*;

use crate::i18n::{self, Tr};
use crate::settings::Language;
use crate::state::{AppAction, AppError, AppState, Effects};
use crate::storage;

/// The app's state as components hold it: a signal of [`AppState`], and the system's
/// language (the one used unless the settings choose one).
#[derive(Copy, Clone, PartialEq)]
pub struct AppHandle {
    state: Signal<AppState>,
    system: Language,
}

impl AppHandle {
    /// The state, subscribing the caller: a component or memo that reads it runs again when
    /// it changes. Components read it through `use_memo`, so that they render again only
    /// when what they show changes.
    pub fn read(&self) -> ReadableRef<'_, Signal<AppState>> {
        self.state.read()
    }

    /// The state without subscribing: for event handlers and tasks.
    pub fn peek(&self) -> ReadableRef<'_, Signal<AppState>> {
        self.state.peek()
    }

    /// Applies `action` ([`AppState::apply`]) and carries out its [`Effects`]: saving.
    ///
    /// # Errors
    ///
    /// The action's [`AppError`], which the state's notice shows too.
    pub fn dispatch(&self, action: AppAction) -> Result<Effects, AppError> {
        let mut state = self.state;
        let result = state.write().apply(action);
        if let Ok(Effects { save: true }) = result {
            storage::save(&state.peek());
        }
        result
    }

    /// [`dispatch`](AppHandle::dispatch), for callers with nothing to do on failure: the
    /// state's notice shows the error.
    pub fn send(&self, action: AppAction) {
        // Already the notice.
        let _ = self.dispatch(action);
    }

    /// The language in use, subscribing the caller.
    pub fn language(&self) -> Language {
        self.read().language(self.system)
    }

    /// The words of the language in use, subscribing the caller: for memos that put words
    /// together.
    pub fn tr(&self) -> Tr {
        Tr(self.language())
    }
}

/// Provides the state `init` makes to every component below, and returns its handle.
pub fn use_app_provider(init: impl FnOnce() -> AppState) -> AppHandle {
    use_context_provider(|| AppHandle {
        state: Signal::new(init()),
        system: i18n::system_language(),
    })
}

/// The app's state, from context.
pub fn use_app() -> AppHandle {
    use_context()
}

/// The words of the language in use; the caller renders again only when the language
/// changes.
pub fn use_tr() -> Tr {
    let app = use_app();
    let language = use_memo(move || app.language());
    Tr(language())
}
