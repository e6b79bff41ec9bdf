//! The menu bar's commands as plain data: their ids, their words, the app's actions they are,
//! and which of them can act in a state. The menu itself (`muda`) is built from these.

use crate::i18n::Tr;
use crate::model::Action;
use crate::settings::Language;
use crate::state::{AppAction, AppState, Overlay};

/// A command of the menu bar.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Open the new-game sheet.
    NewGame,
    /// Open the records sheet, to read a record from a file or a paste.
    OpenRecord,
    /// Save the record of the game on screen.
    SaveRecord,
    /// Quit.
    Quit,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
}

impl Command {
    /// Every command, in the menus' order.
    pub const ALL: [Command; 6] = [
        Command::NewGame,
        Command::OpenRecord,
        Command::SaveRecord,
        Command::Quit,
        Command::Undo,
        Command::Redo,
    ];

    /// The menu item's id.
    pub fn id(self) -> &'static str {
        match self {
            Command::NewGame => "ishi-new-game",
            Command::OpenRecord => "ishi-open-record",
            Command::SaveRecord => "ishi-save-record",
            Command::Quit => "ishi-quit",
            Command::Undo => "ishi-undo",
            Command::Redo => "ishi-redo",
        }
    }

    /// The command of a menu item's id, if it is one of Ishi's.
    pub fn from_id(id: &str) -> Option<Command> {
        Command::ALL.into_iter().find(|c| c.id() == id)
    }

    /// The menu item's words.
    pub fn label(self, tr: Tr) -> &'static str {
        match self {
            Command::NewGame => tr.menu_new_game(),
            Command::OpenRecord => tr.menu_open_record(),
            Command::SaveRecord => tr.menu_save_record(),
            Command::Quit => tr.menu_quit(),
            Command::Undo => tr.undo(),
            Command::Redo => tr.redo(),
        }
    }

    /// The app's action the command is, the same as its button's; `None` for saving the
    /// record and quitting, which the window does.
    pub fn action(self) -> Option<AppAction> {
        match self {
            Command::NewGame => Some(AppAction::Show(Overlay::NewGame)),
            Command::OpenRecord => Some(AppAction::Show(Overlay::More)),
            Command::Undo => Some(AppAction::Match(Action::Undo)),
            Command::Redo => Some(AppAction::Match(Action::Redo)),
            Command::SaveRecord | Command::Quit => None,
        }
    }
}

/// What the menu bar shows of the state: its language, and whether Undo and Redo can act.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MenuView {
    /// The words.
    pub tr: Tr,
    can_undo: bool,
    can_redo: bool,
}

impl MenuView {
    /// The menu bar of `state`, whose language is `system`'s unless the settings choose one.
    pub fn of(state: &AppState, system: Language) -> MenuView {
        MenuView {
            tr: Tr(state.language(system)),
            can_undo: state.can_undo(),
            can_redo: state.can_redo(),
        }
    }

    /// Whether `command` can act (the others are shown disabled).
    pub fn enabled(self, command: Command) -> bool {
        match command {
            Command::Undo => self.can_undo,
            Command::Redo => self.can_redo,
            Command::NewGame | Command::OpenRecord | Command::SaveRecord | Command::Quit => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;
    use crate::settings::Language;
    use crate::state::{Notice, SettingsChange};

    #[test]
    fn every_command_is_found_by_its_id() {
        for command in Command::ALL {
            assert_eq!(Command::from_id(command.id()), Some(command));
        }
        assert_eq!(Command::from_id("dioxus-toggle-dev-tools"), None);
    }

    #[test]
    fn the_menu_follows_the_apps_language() {
        let mut state = AppState::fresh(Notice::None);
        let view = MenuView::of(&state, Language::English);
        assert_eq!(Command::OpenRecord.label(view.tr), "Open record…");
        state
            .apply(AppAction::Settings(SettingsChange::Language(Some(
                Language::Japanese,
            ))))
            .unwrap();
        let view = MenuView::of(&state, Language::English);
        assert_eq!(Command::OpenRecord.label(view.tr), "棋譜を開く…");
        assert_eq!(Command::Undo.label(view.tr), "戻す");
        assert_eq!(view.tr.menu_game(), "対局");
    }

    #[test]
    fn undo_and_redo_are_enabled_when_they_act() {
        let mut state = AppState::fresh(Notice::None);
        let view = MenuView::of(&state, Language::English);
        assert!(!view.enabled(Command::Undo) && !view.enabled(Command::Redo));
        assert!(view.enabled(Command::NewGame) && view.enabled(Command::Quit));
        state
            .apply(AppAction::Match(Action::Play(Cell::new(5, 4))))
            .unwrap();
        let view = MenuView::of(&state, Language::English);
        assert!(view.enabled(Command::Undo) && !view.enabled(Command::Redo));
        state.apply(Command::Undo.action().unwrap()).unwrap();
        let view = MenuView::of(&state, Language::English);
        assert!(!view.enabled(Command::Undo) && view.enabled(Command::Redo));
    }

    #[test]
    fn the_sheets_open_as_their_buttons_open_them() {
        let mut state = AppState::fresh(Notice::None);
        state.apply(Command::NewGame.action().unwrap()).unwrap();
        assert_eq!(state.overlay(), Overlay::NewGame);
        state.apply(Command::OpenRecord.action().unwrap()).unwrap();
        assert_eq!(state.overlay(), Overlay::More);
    }
}
