//! The count at the end of a terminal Go game: dead stones guessed, then marked by the humans.

use std::io::{self, BufRead, Write};

use ishi_ai::go::GoLevel;
use ishi_rules::go::{Go, Point, Scoring};
use ishi_rules::{ByColor, Player};
use ishi_scoring::{Score, guess_dead_stones, score};

use super::Controller;
use super::terminal::{read_line, title};

const LEGEND: &str =
    "X O stones, x o dead stones, # @ stones in seki, b w territory, . dame, : seki eye";

/// Shows the count with the guessed dead stones; humans may toggle chains before accepting.
pub(crate) fn count(
    position: &Go,
    controllers: &ByColor<Controller<GoLevel>>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut dead = guess_dead_stones(position);
    let human = controllers.black == Controller::Human || controllers.white == Controller::Human;
    writeln!(out, "\nTwo passes: the game is over. Counting.")?;
    loop {
        let counted = score(position, &dead);
        draw(out, position, &counted)?;
        if !human {
            break;
        }
        write!(
            out,
            "Type a point of a chain to mark it dead or alive, \"done\" to accept > "
        )?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            writeln!(out)?;
            break;
        };
        let word = line.trim();
        if word.is_empty() || word.eq_ignore_ascii_case("done") {
            break;
        }
        match word.parse::<Point>() {
            Ok(p) if position.stone_at(p).is_some() => {
                dead.toggle_chain(position, p);
            }
            Ok(p) => writeln!(out, "There is no stone on {p}.")?,
            Err(e) => writeln!(out, "{e}.")?,
        }
    }
    let counted = score(position, &dead);
    writeln!(out, "Result: {}.", counted.result())
}

fn draw(out: &mut impl Write, position: &Go, counted: &Score) -> io::Result<()> {
    let size = position.size();
    let header: String = position
        .points()
        .take(size)
        .map(|p| format!(" {}", p.to_string().chars().next().unwrap_or(' ')))
        .collect();
    writeln!(out, "   {header}")?;
    for row in (0..size as u8).rev() {
        write!(out, "{:>3}", row + 1)?;
        for col in 0..size as u8 {
            let symbol = Point::new(col, row)
                .and_then(|p| counted.ownership.get(p))
                .map_or(' ', |o| o.symbol());
            write!(out, " {symbol}")?;
        }
        writeln!(out)?;
    }
    writeln!(out, "{LEGEND}")?;
    if counted.dead_ignored {
        writeln!(
            out,
            "These rules count the board as it stands: dead stones must be captured in play."
        )?;
    }
    for player in Player::ALL {
        let b = counted.breakdown[player];
        let counted_parts = match counted.scoring {
            Scoring::Area => format!("{} stones + {} territory", b.stones, b.territory),
            Scoring::Territory => format!("{} territory + {} prisoners", b.territory, b.prisoners),
        };
        writeln!(
            out,
            "{}: {counted_parts} + komi {} = {}",
            title(player),
            b.komi,
            f64::from(b.total) / 2.0
        )?;
    }
    Ok(())
}
