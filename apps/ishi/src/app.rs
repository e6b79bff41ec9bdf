//! The one way components reach the app's state: [`use_app`] gives an [`AppHandle`], which
//! reads the [`AppState`] and dispatches [`AppAction`]s, saving when an action says so.
//!
//! The services below it (the link to the game server, the storage, the moves' sounds, the
//! computer's driver) know nothing of the handle: they read the state through a read-only
//! signal ([`AppHandle::state`]) and report back through a callback
//! ([`AppHandle::dispatcher`], or a `failed` of their own), so that the arrows between the
//! modules point down, from the handle to them.

use dioxus::prelude::*;

use crate::i18n::{self, Tr};
use crate::settings::Language;
use crate::state::{AppAction, AppError, AppState, Effects};
use crate::{feedback, net, storage};

/// The app's state as components hold it: a signal of [`AppState`], the system's language
/// (the one used unless the settings choose one), and a count of the changes to save.
#[derive(Copy, Clone, PartialEq)]
pub struct AppHandle {
    state: Signal<AppState>,
    system: Language,
    unsaved: Signal<u64>,
}

impl AppHandle {
    /// The state, subscribing the caller: a component or memo that reads it runs again when
    /// it changes. The shell derives what the screen shows from it in one memo
    /// (`components::view`), so that the parts of the screen render again only when what
    /// they show changes; the sheets, open for a moment, read it directly.
    pub fn read(&self) -> ReadableRef<'_, Signal<AppState>> {
        self.state.read()
    }

    /// The state without subscribing: for event handlers and tasks.
    pub fn peek(&self) -> ReadableRef<'_, Signal<AppState>> {
        self.state.peek()
    }

    /// Applies `action` ([`AppState::apply`]) and carries out its [`Effects`]: saving, which
    /// [`use_saving`] does once the screen shows the change (so that a tap's answer does not
    /// wait for the storage), the messages to the game server, and the sound and vibration
    /// of a move played.
    ///
    /// # Errors
    ///
    /// The action's [`AppError`], which the state's notice shows too. The effects given back
    /// have been carried out; their messages have gone (taken, not copied).
    pub fn dispatch(&self, action: AppAction) -> Result<Effects, AppError> {
        let app = *self;
        let mut state = self.state;
        let mut result = state.write().apply(action);
        if let Ok(effects) = &mut result {
            if effects.save {
                let mut unsaved = self.unsaved;
                *unsaved.write() += 1;
            }
            net::send(std::mem::take(&mut effects.send), move || {
                app.send(AppAction::Report(AppError::Unavailable));
            });
            if let Some(played) = effects.feedback {
                feedback::play(played, state.peek().settings());
            }
        }
        result
    }

    /// [`dispatch`](AppHandle::dispatch), for callers with nothing to do on failure: the
    /// state's notice shows the error.
    pub fn send(&self, action: AppAction) {
        // Already the notice.
        let _ = self.dispatch(action);
    }

    /// The state, read-only: for the services below the components, which read it (and
    /// subscribe to it) as components do, and change it only through their callback. It is
    /// the signal itself behind a read-only face: a boxed `ReadSignal` would add code to the
    /// first board's module for nothing.
    pub fn state(&self) -> impl Readable<Target = AppState> + Copy + 'static {
        self.state
    }

    /// [`send`](AppHandle::send) as a callback, for the services below the components.
    pub fn dispatcher(&self) -> impl Fn(AppAction) + Copy + 'static {
        let app = *self;
        move |action| app.send(action)
    }

    /// The system's language, used unless the settings choose one.
    pub fn system_language(&self) -> Language {
        self.system
    }

    /// The language in use, subscribing the caller to the state.
    pub fn language(&self) -> Language {
        self.read().language(self.system)
    }
}

/// Provides the state `init` makes to every component below, and returns its handle.
pub fn use_app_provider(init: impl FnOnce() -> AppState) -> AppHandle {
    let state = use_signal(init);
    let unsaved = use_signal(|| 0);
    use_context_provider(|| AppHandle {
        state,
        system: i18n::system_language(),
        unsaved,
    })
}

/// Saves the state after the changes [`AppHandle::dispatch`] counted, once they are on the
/// screen.
pub fn use_saving(app: AppHandle) {
    use_effect(move || {
        if (app.unsaved)() > 0 {
            storage::save(&app.peek(), move || {
                app.send(AppAction::Report(AppError::Unavailable));
            });
        }
    });
}

/// The app's state, from context.
pub fn use_app() -> AppHandle {
    use_context()
}

/// The words of the language in use, for the sheets (which read the state while they are
/// open); the parts of the screen get theirs with their view.
pub fn use_tr() -> Tr {
    Tr(use_app().language())
}
