//! `play`: a game in the terminal, human or computer on each side. This file holds the
//! subcommands and who plays a side ([`Controller`]); `othello.rs` and `go.rs` the two games,
//! `go_score.rs` the count at the end of a Go game, `terminal.rs` the prompt both share.

mod go;
mod go_score;
mod othello;
mod terminal;

use std::io::{self, IsTerminal};

use clap::Subcommand;
use ishi_ai::LevelId;
use ishi_rules::ByColor;

#[derive(Subcommand, Debug)]
pub(crate) enum PlayCommand {
    /// Play Othello: type a square like "f5" (also "F5" or "5f") to place a disc.
    ///
    /// At the prompt, "moves" lists the legal moves, "undo" takes back your last move (and the
    /// computer's answer), "help" lists the commands and "quit" ends the game. A player with no
    /// legal move passes automatically. End of input ends the game cleanly.
    Othello(othello::OthelloPlay),
    /// Play Go: type a point like "D4" (columns A-T without I, rows from the bottom).
    ///
    /// At the prompt, "pass" passes, "resign" resigns, "undo" takes back your last move (and
    /// the computer's answer), "moves" lists the legal moves and "quit" ends. After two passes
    /// the dead stones are guessed; type a point of a chain to mark or unmark it, then "done"
    /// for the score. End of input ends the game cleanly.
    Go(go::GoPlay),
}

/// Plays the game `command` asks for on standard input and output.
///
/// # Errors
///
/// Bad options as [`io::ErrorKind::InvalidInput`]; failures to write.
pub(crate) fn run(command: &PlayCommand) -> io::Result<()> {
    match command {
        PlayCommand::Othello(args) => {
            let stdin = io::stdin();
            let color =
                !args.plain && io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            othello::run(args, stdin.lock(), io::stdout().lock(), color)
        }
        PlayCommand::Go(args) => go::run(args, io::stdin().lock(), io::stdout().lock()),
    }
}

/// Who decides the moves of one side of a game whose level ids are `Id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Controller<Id> {
    /// A person typing moves.
    Human,
    /// The computer at a level of the game.
    Computer(Id),
}

impl<Id: LevelId> Controller<Id> {
    /// `human`, or the id of one of the game's levels, in any case.
    fn parse(text: &str) -> Result<Controller<Id>, String> {
        if text.eq_ignore_ascii_case("human") {
            return Ok(Controller::Human);
        }
        text.to_ascii_lowercase()
            .parse::<Id>()
            .map(Controller::Computer)
            .map_err(|e| {
                format!(
                    "{text:?} is neither human nor a computer level ({})",
                    e.known.join(", ")
                )
            })
    }

    /// Black's and White's controllers from the command line's words.
    pub(crate) fn pair(black: &str, white: &str) -> Result<ByColor<Controller<Id>>, String> {
        Ok(ByColor::new(
            Controller::parse(black).map_err(|e| format!("--black: {e}"))?,
            Controller::parse(white).map_err(|e| format!("--white: {e}"))?,
        ))
    }
}
