//! `play othello`: a game in the terminal, human or computer on each side.

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use clap::Args;
use ishi_ai::othello::{OthelloLevel, Weights, choose};
use ishi_ai::{LevelId, Stop};
use ishi_rules::othello::{Move, Othello, Shape, Square};
use ishi_rules::{ByColor, Game, Outcome};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::Controller;
use super::terminal::{Input, ask, describe, title, undo};

/// Options of `play othello`.
#[derive(Args, Debug, Clone)]
pub(crate) struct OthelloPlay {
    /// Board side for a square board: 4, 6, 8 or 10.
    #[arg(long, value_name = "N", conflicts_with = "shape")]
    size: Option<usize>,
    /// Board shape: 4x4, 6x6, 8x8, 10x10, octagon, cross, holes, diamond, or rows of '.'
    /// (square) and '#' (hole) joined by '/'.
    #[arg(long, value_name = "NAME")]
    shape: Option<String>,
    /// Who plays Black (moves first): human, or a computer level: random, naive, minimax-4,
    /// casual, club, expert, master.
    #[arg(long, value_name = "WHO", default_value = "human")]
    black: String,
    /// Who plays White: human or a computer level (see --black).
    #[arg(long, value_name = "WHO", default_value = "club")]
    white: String,
    /// Seed for the computer players, to replay the same game.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// Draw the board with plain ASCII characters and no colours, even on a terminal.
    #[arg(long)]
    pub(super) plain: bool,
}

const HELP: &str = "\
Type a square to place a disc: a column letter and a row number, like f5 (F5 and 5f work too).
Rows count from the top. Other commands:
  moves   list the legal moves (shown as * on the board)
  undo    take back your last move, and the computer's answer to it
  quit    end the game
A player who cannot place a disc passes automatically.";

/// Plays one game, reading a human's moves from `input`.
///
/// # Errors
///
/// Bad options (an unknown shape) as [`io::ErrorKind::InvalidInput`]; failures to write.
pub(crate) fn run(
    args: &OthelloPlay,
    mut input: impl BufRead,
    mut out: impl Write,
    color: bool,
) -> io::Result<()> {
    let shape = board_shape(args).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let controllers = Controller::<OthelloLevel>::pair(&args.black, &args.white)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let mut rng = match args.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    };
    let weights = Arc::new(Weights::embedded());
    let style = Style { color };
    let mut history = vec![Othello::new(shape)];
    let mut last_move: Option<Square> = None;
    writeln!(
        out,
        "Othello on {shape}: Black (X) is {}, White (O) is {}. Type \"help\" for commands.",
        describe(controllers.black),
        describe(controllers.white),
    )?;
    loop {
        let position = *history.last().unwrap_or(&Othello::new(shape));
        let player = position.turn();
        let human = controllers[player] == Controller::Human;
        style.board(&mut out, &position, last_move, human)?;
        if let Some(outcome) = position.outcome() {
            return write_result(&mut out, &position, outcome);
        }
        let mv = if position.legal_moves() == [Move::Pass] {
            writeln!(out, "{} has no legal move and passes.", title(player))?;
            Move::Pass
        } else if human {
            match human_turn(&mut input, &mut out, &mut history, &controllers)? {
                Turn::Play(mv) => mv,
                Turn::Again => {
                    last_move = None;
                    continue;
                }
                Turn::End => return Ok(()),
            }
        } else {
            let Controller::Computer(id) = controllers[player] else {
                continue;
            };
            let level = id.level();
            let Some(mv) = choose(level, &weights, &position, &mut rng, &Stop::new()).best else {
                continue;
            };
            writeln!(out, "{} ({}) plays {mv}.", title(player), level.name)?;
            mv
        };
        let mut next = position;
        next.play_unchecked(mv);
        last_move = mv.point();
        history.push(next);
    }
}

/// What a person's turn came to.
enum Turn {
    /// A move to play.
    Play(Move),
    /// Moves were taken back (or none could be): the turn starts again.
    Again,
    /// The game ended: resigned, abandoned, or the input ended.
    End,
}

/// Asks the person to move for a command and carries out all but a move.
fn human_turn(
    input: &mut impl BufRead,
    out: &mut impl Write,
    history: &mut Vec<Othello>,
    controllers: &ByColor<Controller<OthelloLevel>>,
) -> io::Result<Turn> {
    let Some(&position) = history.last() else {
        return Ok(Turn::End);
    };
    let player = position.turn();
    match ask(input, out, &position, HELP)? {
        Some(Input::Play(mv)) => Ok(Turn::Play(mv)),
        Some(Input::Resign) => {
            writeln!(
                out,
                "{} resigns. {} wins ({}+R).",
                title(player),
                title(!player),
                (!player).letter()
            )?;
            Ok(Turn::End)
        }
        Some(Input::Undo) => {
            match undo(history, controllers, |p| p.legal_moves() != [Move::Pass]) {
                Some(n) => writeln!(out, "Took back {n} move(s).")?,
                None => writeln!(out, "Nothing to undo.")?,
            }
            Ok(Turn::Again)
        }
        Some(_) => {
            writeln!(out, "Game abandoned.")?;
            Ok(Turn::End)
        }
        None => {
            writeln!(out, "\nEnd of input: game abandoned.")?;
            Ok(Turn::End)
        }
    }
}

fn board_shape(args: &OthelloPlay) -> Result<Shape, String> {
    match (&args.shape, args.size) {
        (Some(name), _) => name.parse().map_err(|e| format!("--shape: {e}")),
        (None, Some(size)) => Shape::square(size).map_err(|e| format!("--size: {e}")),
        (None, None) => Ok(Shape::STANDARD),
    }
}

fn write_result(out: &mut impl Write, position: &Othello, outcome: Outcome) -> io::Result<()> {
    let score = position.score();
    let discs = score.discs;
    let verdict = match outcome {
        Outcome::Win(p) => format!("{} wins by {}", title(p), score.margin().abs()),
        Outcome::Draw => "Draw".to_owned(),
    };
    writeln!(
        out,
        "Game over. Black {} - {} White. {verdict} ({score}).",
        discs.black, discs.white
    )
}

/// How the board is drawn: ASCII for pipes, colours and disc glyphs on a terminal.
struct Style {
    color: bool,
}

impl Style {
    fn board(
        &self,
        out: &mut impl Write,
        position: &Othello,
        last: Option<Square>,
        hints: bool,
    ) -> io::Result<()> {
        let shape = position.shape();
        let size = shape.size() as u8;
        let legal = if hints && !position.is_over() {
            position.legal_moves()
        } else {
            Vec::new()
        };
        write!(out, "\n   ")?;
        for col in 0..size {
            write!(out, " {} ", char::from(b'a' + col))?;
        }
        writeln!(out)?;
        for row in 0..size {
            write!(out, "{:>3}", row + 1)?;
            for col in 0..size {
                let Some(sq) = Square::from_coords(col, row) else {
                    continue;
                };
                let cell = if !shape.contains(sq) {
                    " "
                } else {
                    match position.disc_at(sq) {
                        Some(p) if self.color => p.fold("\u{25cf}", "\u{25cb}"),
                        Some(p) => p.fold("X", "O"),
                        None if legal.contains(&Move::Place(sq)) => "*",
                        None => ".",
                    }
                };
                let (open, close) = if last == Some(sq) {
                    ('[', ']')
                } else {
                    (' ', ' ')
                };
                if self.color && shape.contains(sq) {
                    write!(out, "\x1b[42;30m{open}{cell}{close}\x1b[0m")?;
                } else {
                    write!(out, "{open}{cell}{close}")?;
                }
            }
            writeln!(out)?;
        }
        let discs = position.disc_count();
        writeln!(out, "Black X {}  White O {}", discs.black, discs.white)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::terminal::parse_input;
    use ishi_rules::ByColor;

    #[test]
    fn input_accepts_squares_in_three_spellings_and_commands() {
        for text in ["f4", "F4", "4f", " f4 \n"] {
            let f4 = Input::Play(Move::Place("f4".parse().unwrap()));
            assert_eq!(parse_input::<Square>(text), Ok(f4), "{text:?}");
        }
        assert_eq!(parse_input::<Square>("UNDO"), Ok(Input::Undo));
        assert_eq!(parse_input::<Square>(""), Ok(Input::Blank));
        assert!(parse_input::<Square>("z9").unwrap_err().contains("\"z9\""));
    }

    fn after(moves: &[&str]) -> Vec<Othello> {
        let mut history = vec![Othello::standard()];
        for sq in moves {
            let mut next = *history.last().unwrap();
            next.play_unchecked(Move::Place(sq.parse().unwrap()));
            history.push(next);
        }
        history
    }

    fn not_forced(p: &Othello) -> bool {
        p.legal_moves() != [Move::Pass]
    }

    #[test]
    fn undo_against_the_computer_takes_back_its_reply_too() {
        let controllers = ByColor::new(
            Controller::Human,
            Controller::Computer(OthelloLevel::Random),
        );
        let mut history = after(&["f5", "d6"]);
        assert_eq!(undo(&mut history, &controllers, not_forced), Some(2));
        assert_eq!(history, vec![Othello::standard()]);
        assert_eq!(undo(&mut history, &controllers, not_forced), None);
    }

    #[test]
    fn undo_between_humans_takes_back_one_move() {
        let controllers = ByColor::new(Controller::<OthelloLevel>::Human, Controller::Human);
        let mut history = after(&["f5", "d6"]);
        assert_eq!(undo(&mut history, &controllers, not_forced), Some(1));
        assert_eq!(history.len(), 2);
    }
}
