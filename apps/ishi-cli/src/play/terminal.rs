//! What the terminal games share: names, input lines, undo to the last human decision.

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use ishi_ai::LevelId;
use ishi_rules::{ByColor, Game, Move, Player};

use super::Controller;

/// `Black` or `White`.
pub(crate) fn title(player: Player) -> &'static str {
    player.fold("Black", "White")
}

/// Who a controller is, for the opening line.
pub(crate) fn describe<Id: LevelId>(controller: Controller<Id>) -> String {
    match controller {
        Controller::Human => "a human".to_owned(),
        Controller::Computer(id) => format!("the computer ({})", id.level().name),
    }
}

/// One line of input (invalid UTF-8 replaced), or `None` at its end.
pub(crate) fn read_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// Takes back moves until a human is to move in a position where `decision` holds (a real
/// choice, not a forced pass), before the current position. Returns how many moves were taken
/// back, or `None` if there is no such point.
pub(crate) fn undo<G: Game, Id: LevelId>(
    history: &mut Vec<G>,
    controllers: &ByColor<Controller<Id>>,
    decision: impl Fn(&G) -> bool,
) -> Option<usize> {
    let target = history[..history.len().saturating_sub(1)]
        .iter()
        .rposition(|p| controllers[p.turn()] == Controller::Human && decision(p))?;
    let taken = history.len() - 1 - target;
    history.truncate(target + 1);
    Some(taken)
}

/// What a line typed at the prompt asks for.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Input<P> {
    /// A move: a point, or `pass`.
    Play(Move<P>),
    /// Resign the game.
    Resign,
    /// Take back the last decision.
    Undo,
    /// List the legal moves.
    Moves,
    /// Show the commands.
    Help,
    /// End the program.
    Quit,
    /// Nothing.
    Blank,
}

/// Reads a command or a point (`P`'s own names) from a line.
pub(crate) fn parse_input<P: FromStr>(line: &str) -> Result<Input<P>, String>
where
    P::Err: Display,
{
    let word = line.trim();
    Ok(match word.to_ascii_lowercase().as_str() {
        "" => Input::Blank,
        "pass" | "p" => Input::Play(Move::Pass),
        "resign" => Input::Resign,
        "undo" | "u" => Input::Undo,
        "moves" | "m" | "?" => Input::Moves,
        "help" | "h" => Input::Help,
        "quit" | "exit" | "q" => Input::Quit,
        _ => Input::Play(Move::Place(word.parse::<P>().map_err(|e| e.to_string())?)),
    })
}

/// Prompts until the human enters a legal move or a command; `None` at end of input. Help
/// prints `help`; malformed and illegal entries get their reason and the prompt again.
pub(crate) fn ask<P, G>(
    input: &mut impl BufRead,
    out: &mut impl Write,
    position: &G,
    help: &str,
) -> io::Result<Option<Input<P>>>
where
    P: FromStr + Copy + Display,
    P::Err: Display,
    G: Game<Move = Move<P>>,
{
    let player = position.turn();
    loop {
        write!(
            out,
            "{} ({}) to move > ",
            title(player),
            player.fold('X', 'O')
        )?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            return Ok(None);
        };
        match parse_input::<P>(&line) {
            Err(e) => writeln!(out, "{e}. Type \"help\" for commands.")?,
            Ok(Input::Blank) => {}
            Ok(Input::Help) => writeln!(out, "{help}")?,
            Ok(Input::Moves) => {
                let moves: Vec<String> = position
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                writeln!(out, "Legal moves: {}", moves.join(" "))?;
            }
            Ok(Input::Play(mv)) => match position.check(mv) {
                Ok(()) => return Ok(Some(Input::Play(mv))),
                Err(reason) => writeln!(out, "{mv} is not legal: {reason}.")?,
            },
            Ok(other) => return Ok(Some(other)),
        }
    }
}
