//! `othello`: tools for engine developers: `perft.rs` counts the leaves of the game tree,
//! `solve.rs` solves the endgames of an `.obf` file, `puzzles.rs` makes and proves the app's
//! puzzle library (rating them by `difficulty.rs`).

mod difficulty;
mod perft;
mod puzzles;
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
    /// Make puzzles from games: positions where one move alone keeps the best result, every
    /// move's value proved by the exact solver.
    ///
    /// Prints the library (scripts/make-puzzles makes crates/ishi-puzzles/data/othello.txt so)
    /// and a summary on standard error.
    Puzzles(puzzles::MakeArgs),
    /// Prove a puzzle library again: every move's value solved, every line replayed.
    ///
    /// Prints each puzzle that does not hold and a summary; the exit status is non-zero if
    /// any does not.
    CheckPuzzles(puzzles::CheckArgs),
    /// Rate a puzzle library's puzzles again, as a player would find them: from how weak
    /// players (greedy, minimax-4, casual, club) fare on each.
    ///
    /// Prints the library with the new ratings, easiest first, and how many puzzles fall in
    /// each band of 100 on standard error.
    RatePuzzles(puzzles::RateArgs),
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
        OthelloCommand::Puzzles(args) => puzzles::make(args, out, errors),
        OthelloCommand::CheckPuzzles(args) => puzzles::check(args, out),
        OthelloCommand::RatePuzzles(args) => puzzles::rate(args, out, errors),
    }
}
