//! The app's components, one folder each with its own stylesheet.

pub mod board;
pub mod controls;
pub mod header;
pub mod more;
pub mod new_game;
pub mod review;
pub mod status;

use dioxus::prelude::*;

use crate::computer::{Computer, use_computer};
use crate::i18n::{self, Tr};
use crate::js;
use crate::model::saved::SavedMatch;
use crate::model::{Action, GameKind, Match, Refusal};
use crate::settings::{Language, Settings};
use crate::storage::{self, RecentGame, Restored, SavedApp};

/// The whole stylesheet: the app's own, then each component's.
pub fn stylesheet() -> String {
    [
        include_str!("app.css"),
        board::CSS,
        controls::CSS,
        header::CSS,
        more::CSS,
        new_game::CSS,
        review::CSS,
        status::CSS,
    ]
    .concat()
}

/// A message for the status line that is not derived from the match itself.
#[derive(Clone, PartialEq, Debug, Default)]
pub enum Notice {
    /// Nothing to say.
    #[default]
    None,
    /// The last action was refused, and why.
    Refused(Refusal),
    /// The saved game could not be read, and why; a new game started.
    Unreadable(String),
}

/// Which overlay is open.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Overlay {
    /// None: the board.
    #[default]
    None,
    /// The new-game sheet.
    NewGame,
    /// "Resign this game?"
    ConfirmResign,
    /// Records, import and recent games.
    More,
}

/// The game put aside by the mode switch, to come back to.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Parked(pub Option<Match>);

/// Applies `action` to the match in `game`, reporting a refusal on the status line; undo in a
/// game without people pauses it, so the watcher can look.
pub fn dispatch(
    mut game: Signal<Match>,
    mut notice: Signal<Notice>,
    mut paused: Signal<bool>,
    action: Action,
) {
    let undoing = matches!(action, Action::Undo | Action::Redo);
    let result = game.write().apply(action);
    match result {
        Ok(()) => {
            notice.set(Notice::None);
            let sides = game.peek().config().sides;
            if undoing && !sides.black.is_human() && !sides.white.is_human() {
                paused.set(true);
            }
        }
        Err(refusal) => notice.set(Notice::Refused(refusal)),
    }
}

/// The handles every component reaches for, from context.
#[derive(Copy, Clone)]
pub struct Handles {
    /// The match.
    pub game: Signal<Match>,
    /// The status-line notice.
    pub notice: Signal<Notice>,
    /// Whether a computer-only game is paused.
    pub paused: Signal<bool>,
    /// The open overlay.
    pub overlay: Signal<Overlay>,
    /// The computer's state.
    pub computer: Signal<Computer>,
    /// The settings.
    pub settings: Signal<Settings>,
    /// The game the mode switch put aside.
    pub parked: Signal<Parked>,
    /// Finished games, the latest first.
    pub recent: Signal<Vec<RecentGame>>,
    /// The system's language, used unless the settings choose one.
    pub system: Language,
    /// The review bar is open (the computer waits meanwhile).
    pub reviewing: Signal<bool>,
}

impl Handles {
    /// Applies `action`; see [`dispatch`].
    pub fn dispatch(&self, action: Action) {
        dispatch(self.game, self.notice, self.paused, action);
    }

    /// Switches to `kind`: back to the game put aside, or a new one as last set up.
    pub fn switch_to(&self, kind: GameKind) {
        let mut game = self.game;
        let mut parked = self.parked;
        if game.peek().position().kind() == kind {
            return;
        }
        let back = parked.write().0.take();
        let current = game.peek().clone();
        let next = back.filter(|m| m.position().kind() == kind).or_else(|| {
            let settings = self.settings.peek();
            let config = match kind {
                GameKind::Othello => settings.othello.clone(),
                GameKind::Go => settings.go.clone(),
            };
            Match::new(config).ok()
        });
        if let Some(next) = next {
            game.set(next);
            parked.set(Parked(Some(current)));
            let mut notice = self.notice;
            notice.set(Notice::None);
        }
    }
}

/// The handles from context.
pub fn use_handles() -> Handles {
    use_context()
}

/// Provides the app's state to every component below: the match, the settings, the recent
/// games (all from `init`), the notice, the computer's state and the overlays.
pub fn use_app_state(init: impl FnOnce() -> Restored) -> Handles {
    let restored = use_hook(move || std::rc::Rc::new(init()));
    let settings = use_context_provider(|| Signal::new(restored.settings.clone()));
    let game = use_context_provider(|| Signal::new(restored.current.clone()));
    let notice = use_context_provider(|| {
        Signal::new(
            restored
                .problem
                .clone()
                .map_or(Notice::None, Notice::Unreadable),
        )
    });
    let paused = use_signal(|| false);
    let computer = use_signal(Computer::default);
    let overlay = use_signal(|| Overlay::None);
    let parked = use_signal(|| Parked(restored.parked.clone()));
    let recent = use_signal(|| restored.recent.clone());
    let reviewing = use_signal(|| false);
    use_context_provider(|| Handles {
        game,
        notice,
        paused,
        overlay,
        computer,
        settings,
        parked,
        recent,
        system: i18n::system_language(),
        reviewing,
    })
}

/// The words of the language in use.
pub fn use_tr() -> Tr {
    let handles = use_handles();
    let chosen = handles.settings.read().language;
    Tr(chosen.unwrap_or(handles.system))
}

/// The match a new player finds: Othello against the computer.
pub fn first_match(settings: &Settings) -> Match {
    Match::new(settings.othello.clone())
        .unwrap_or_else(|_| unreachable!("the standard Othello board is playable"))
}

/// Saves after every change, and adds each finished game to the recent list once.
fn use_saving(handles: Handles) {
    let Handles {
        game,
        parked,
        settings,
        mut recent,
        ..
    } = handles;
    use_effect(move || {
        let m = game.read();
        let Some(result) = m.result() else {
            return;
        };
        let saved = SavedMatch::of(&m);
        let known = recent
            .peek()
            .first()
            .is_some_and(|r| r.game.events == saved.events);
        if !known {
            let mut list = recent.write();
            list.insert(
                0,
                RecentGame {
                    game: saved,
                    result: result.to_string(),
                },
            );
            list.truncate(storage::RECENT_GAMES);
        }
    });
    use_effect(move || {
        let state = SavedApp::of(
            &game.read(),
            parked.read().0.as_ref(),
            &settings.read(),
            &recent.read(),
        );
        storage::save(&state);
    });
}

/// The app: the state, the computer, the keyboard shortcuts and the [`Shell`].
#[component]
pub fn App() -> Element {
    let handles = use_app_state(storage::restore);
    use_computer(
        handles.game,
        handles.computer,
        handles.paused,
        handles.reviewing,
    );
    use_shortcuts(handles);
    use_saving(handles);
    use_page_language(handles);
    rsx! { Shell {} }
}

/// What the app shows: header, status line, board, and the controls within thumb reach at
/// the bottom, with the open overlay on top.
#[component]
pub fn Shell() -> Element {
    let handles = use_handles();
    let css = stylesheet();
    rsx! {
        style { {css} }
        div { class: "app",
            header::Header {}
            status::Status {}
            main { class: "stage",
                board::Board {}
            }
            if (handles.reviewing)() {
                review::Review {}
            }
            controls::Controls {}
            match (handles.overlay)() {
                Overlay::NewGame => rsx! { new_game::NewGame {} },
                Overlay::ConfirmResign => rsx! { controls::ConfirmResign {} },
                Overlay::More => rsx! { more::More {} },
                Overlay::None => rsx! {},
            }
        }
    }
}

/// Keeps the page's `lang` attribute on the language in use, for screen readers and fonts.
fn use_page_language(handles: Handles) {
    use_effect(move || {
        let lang = handles.settings.read().language.unwrap_or(handles.system);
        js::run(
            "lang",
            "document.documentElement.lang = lang;",
            &[lang.code()],
        );
    });
}

/// Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac), wherever the focus is.
fn use_shortcuts(handles: Handles) {
    use_hook(move || {
        js::listen(
            r#"
            document.addEventListener("keydown", event => {
                if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
                const key = event.key.toLowerCase();
                if (key === "z") {
                    event.preventDefault();
                    send(event.shiftKey ? "redo" : "undo");
                } else if (key === "y") {
                    event.preventDefault();
                    send("redo");
                }
            });
            "#,
            move |key| {
                handles.dispatch(if key == "undo" {
                    Action::Undo
                } else {
                    Action::Redo
                })
            },
        );
    });
}
