//! The options more than one subcommand takes: `--game` of `gtp` and of `match`.

use clap::ValueEnum;

/// The game a subcommand plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum GameKind {
    /// Go, on a square board of 5 to 19.
    Go,
    /// Othello on the 8x8 board.
    Othello,
}
