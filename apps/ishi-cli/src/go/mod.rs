//! `go`: tools for Go: `eval.rs` shows what the network thinks of a position, `puzzles.rs`
//! makes and checks the Go puzzle library (rating them by `difficulty.rs`).

mod difficulty;
mod eval;
mod puzzles;

use std::io::{self, Write};

use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub(crate) enum GoCommand {
    /// Show what Ishi's Go network thinks of a position of an SGF record, without a search.
    ///
    /// Prints the position, the player to move, the network's win rate and score lead (for
    /// the player to move and for Black), its score's mean and spread, its top policy moves
    /// (where a strong player would look first) and a map of who owns each point at the end:
    /// X and O for Black and White (upper case when above 0.6), x and o above 0.2, dots
    /// between. --json prints one JSON document instead: "size", "to_move" ("B" or "W"),
    /// "moves_played", "win_rate" and "lead" for the player to move, "black_win_rate",
    /// "black_lead", "score_mean", "score_stdev", "top" (objects of "move" and "policy"),
    /// and "ownership" (for Black, from -1 to 1, row by row from the top, columns A
    /// onwards).
    Eval(eval::EvalArgs),
    /// Make puzzles from Ishi's games with the network: positions where one move is clearly
    /// best, each listed move valued by a checking search deeper than the screening one.
    ///
    /// Prints the library's lines (scripts/make-go-puzzles makes
    /// crates/ishi-puzzles/data/go.txt so) and a summary on standard error.
    Puzzles(puzzles::MakeArgs),
    /// Check a Go puzzle library again: every listed move valued by the checking search.
    ///
    /// Prints each puzzle that does not hold and a summary; the exit status is non-zero if
    /// any does not.
    CheckPuzzles(puzzles::CheckArgs),
}

/// Runs the tool `command` asks for, writing to `out` and its summary to `errors`.
///
/// # Errors
///
/// Those of the tool: see [`eval::run`], [`puzzles::make`] and [`puzzles::check`].
pub(crate) fn run(command: &GoCommand, out: impl Write, errors: impl Write) -> io::Result<()> {
    match command {
        GoCommand::Eval(args) => eval::run(args, out),
        GoCommand::Puzzles(args) => puzzles::make(args, out, errors),
        GoCommand::CheckPuzzles(args) => puzzles::check(args, out),
    }
}
