//! `play`: a game in the terminal, human or computer on each side.

pub(crate) mod go;
mod go_score;
pub(crate) mod othello;
pub(crate) mod terminal;
