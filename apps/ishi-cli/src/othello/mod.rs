//! `othello`: tools for engine developers: `perft.rs` counts the leaves of the game tree,
//! `solve.rs` solves the endgames of an `.obf` file.

mod perft;
mod solve;

use std::io::{self, Write};

use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub(crate) enum OthelloCommand {
    /// Count the leaves of the game tree DEPTH plies deep and time it.
    ///
    /// Prints one line: depth=D nodes=N seconds=S nps=X (leaves per second). Forced passes
    /// count as plies and finished games as leaves, the convention of the published counts.
    Perft(perft::PerftArgs),
    /// Solve the positions of an .obf file exactly and time it.
    ///
    /// Prints one line per position: LINE MOVE SCORE nodes=N seconds=S, where SCORE is the
    /// final disc difference for the side to move with best play (empty squares to the
    /// winner), then a total line. A line that is not a position is reported on standard
    /// error with its number and skipped; the exit status is then non-zero.
    Solve(solve::SolveArgs),
}

/// Runs the tool `command` asks for, writing its lines to `out` and the lines it skips to
/// `errors`.
///
/// # Errors
///
/// Those of the tool: see [`perft::run`] and [`solve::run`].
pub(crate) fn run(command: &OthelloCommand, out: impl Write, errors: impl Write) -> io::Result<()> {
    match command {
        OthelloCommand::Perft(args) => perft::run(args, out),
        OthelloCommand::Solve(args) => solve::run(args, out, errors),
    }
}
