//! What the terminal games share: names, input lines, undo to the last human decision.

use std::io::{self, BufRead};

use ishi_rules::{ByColor, Game, Player};

use crate::Controller;

/// `Black` or `White`.
pub(crate) fn title(player: Player) -> &'static str {
    player.fold("Black", "White")
}

/// Who a controller is, for the opening line.
pub(crate) fn describe(controller: Controller) -> String {
    match controller {
        Controller::Human => "a human".to_owned(),
        Controller::Computer(level) => format!("the computer ({})", level.name),
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
pub(crate) fn undo<G: Game>(
    history: &mut Vec<G>,
    controllers: &ByColor<Controller>,
    decision: impl Fn(&G) -> bool,
) -> Option<usize> {
    let target = history[..history.len().saturating_sub(1)]
        .iter()
        .rposition(|p| controllers[p.turn()] == Controller::Human && decision(p))?;
    let taken = history.len() - 1 - target;
    history.truncate(target + 1);
    Some(taken)
}
