//! The words of the desktop's menu bar.

use super::Tr;

impl Tr {
    /// The menu of the games: new, open, save, quit.
    pub fn menu_game(self) -> &'static str {
        self.pick("Game", "対局")
    }

    /// "New game…", which opens the new-game sheet.
    pub fn menu_new_game(self) -> &'static str {
        self.pick("New game…", "新しい対局…")
    }

    /// "Open record…", which opens the records sheet to read a record from a file or a paste.
    pub fn menu_open_record(self) -> &'static str {
        self.pick("Open record…", "棋譜を開く…")
    }

    /// "Save record…", which saves the record of the game on screen.
    pub fn menu_save_record(self) -> &'static str {
        self.pick("Save record…", "棋譜を保存…")
    }

    /// "Quit".
    pub fn menu_quit(self) -> &'static str {
        self.pick("Quit", "終了")
    }

    /// The menu of undo and redo.
    pub fn menu_edit(self) -> &'static str {
        self.pick("Edit", "編集")
    }
}
