//! `play go`: a game of Go in the terminal, human or computer on each side.

use std::io::{self, BufRead, Write};

use clap::Args;
use ishi_ai::go::{Engine, GoLevel, GoModels};
use ishi_ai::{LevelId, Stop};
use ishi_rules::go::{Go, GoRules, Komi, Move, handicap};
use ishi_rules::{ByColor, Game, Player};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::Controller;
use super::terminal::{Input, ask, describe, title, undo};

/// Options of `play go`.
#[derive(Args, Debug, Clone)]
pub(crate) struct GoPlay {
    /// Board side, 5 to 19.
    #[arg(long, value_name = "N", default_value_t = 9)]
    size: usize,
    /// Rules: japanese (territory, simple ko), chinese (area, superko) or tromp-taylor.
    #[arg(long, value_name = "NAME", default_value = "japanese")]
    rules: String,
    /// Komi in points, a multiple of 0.5 (default: the rules' komi, or 0.5 with handicap).
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    komi: Option<String>,
    /// Handicap stones for Black on the star points (2-9 on 13x13 and 19x19, 2-5 on 9x9).
    #[arg(long, value_name = "STONES", default_value_t = 0)]
    handicap: u8,
    /// Who plays Black (moves first, or second after handicap stones): human, or a computer
    /// level (`ishi-cli gtp --help` lists them), e.g. mcts-100 or net-policy.
    #[arg(long, value_name = "WHO", default_value = "human")]
    black: String,
    /// Who plays White: human or a computer level (see --black).
    #[arg(long, value_name = "WHO", default_value = "net-t0.7")]
    white: String,
    /// Seed for the computer players, to replay the same game.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
}

const HELP: &str = "\
Type a point to play a stone: a column letter (A-T, no I) and a row number counted from the
bottom, like D4. Other commands:
  pass     pass your turn; two passes in a row end the game
  resign   give up the game
  undo     take back your last move, and the computer's answer to it
  moves    list the legal moves
  quit     end the program
After two passes, mark dead stones by typing one of their points; \"done\" accepts the score.";

/// How a game ended.
enum End {
    Resigned(Player),
    Passed(Box<Go>),
    Abandoned,
}

/// Plays one game, reading a human's moves from `input`.
///
/// # Errors
///
/// Bad options as [`io::ErrorKind::InvalidInput`]; failures to write.
pub(crate) fn run(args: &GoPlay, mut input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let start = start_position(args).map_err(invalid)?;
    let controllers = Controller::<GoLevel>::pair(&args.black, &args.white).map_err(invalid)?;
    let mut rng = match args.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    };
    let rules = *start.rules();
    writeln!(
        out,
        "Go on {0}x{0}, {1} rules, komi {2}{3}. Black (X) is {4}, White (O) is {5}. Type \"help\" for commands.",
        start.size(),
        rules,
        rules.komi,
        match args.handicap {
            0 | 1 => String::new(),
            h => format!(", handicap {h}"),
        },
        describe(controllers.black),
        describe(controllers.white),
    )?;
    let end = play(&start, &controllers, &mut rng, &mut input, &mut out)?;
    match end {
        End::Resigned(loser) => writeln!(
            out,
            "{} resigns. {} wins ({}+R).",
            title(loser),
            title(!loser),
            (!loser).letter()
        ),
        End::Passed(position) => {
            super::go_score::count(&position, &controllers, &mut input, &mut out)
        }
        End::Abandoned => writeln!(out, "Game abandoned."),
    }
}

fn start_position(args: &GoPlay) -> Result<Go, String> {
    let rules: GoRules = args.rules.parse().map_err(|e| format!("--rules: {e}"))?;
    let komi = match &args.komi {
        Some(text) => text.parse::<Komi>().map_err(|e| format!("--komi: {e}"))?,
        None => rules.default_komi(args.handicap),
    };
    let empty = Go::new(args.size, rules.with_komi(komi)).map_err(|e| format!("--size: {e}"))?;
    if args.handicap < 2 {
        return Ok(empty);
    }
    let points = handicap::fixed_handicap(args.size, args.handicap)
        .map_err(|e| format!("--handicap: {e}"))?;
    empty
        .with_handicap(&points)
        .map_err(|e| format!("--handicap: {e}"))
}

fn play(
    start: &Go,
    controllers: &ByColor<Controller<GoLevel>>,
    rng: &mut StdRng,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<End> {
    let models = GoModels::embedded();
    // Each computer's engine, kept from move to move.
    let mut engines = (*controllers).map(|controller| match controller {
        Controller::Computer(id) => Some(Engine::new(id.level(), &models)),
        Controller::Human => None,
    });
    let mut history = vec![start.clone()];
    loop {
        let position = history.last().cloned().unwrap_or_else(|| start.clone());
        if position.is_over() {
            return Ok(End::Passed(Box::new(position)));
        }
        let player = position.turn();
        writeln!(out, "\n{position}")?;
        let mv = match (controllers[player], &mut engines[player]) {
            (Controller::Computer(id), Some(engine)) => {
                let level = id.level();
                let before = &history[..history.len() - 1];
                let result = engine.play(&position, before, level.limits, rng, &Stop::new());
                if engine.resigns(&result) {
                    writeln!(out, "{} ({}) resigns.", title(player), level.name)?;
                    return Ok(End::Resigned(player));
                }
                let mv = result.best.unwrap_or(Move::Pass);
                writeln!(out, "{} ({}) plays {mv}.", title(player), level.name)?;
                mv
            }
            _ => match ask(input, out, &position, HELP)? {
                Some(Input::Play(mv)) => mv,
                Some(Input::Resign) => return Ok(End::Resigned(player)),
                Some(Input::Undo) => {
                    match undo(&mut history, controllers, |_| true) {
                        Some(n) => writeln!(out, "Took back {n} move(s).")?,
                        None => writeln!(out, "Nothing to undo.")?,
                    }
                    continue;
                }
                Some(_) => return Ok(End::Abandoned),
                None => {
                    writeln!(out, "\nEnd of input.")?;
                    return Ok(End::Abandoned);
                }
            },
        };
        match position.play(mv) {
            Ok(next) => history.push(next),
            Err(e) => writeln!(out, "{e}")?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::terminal::parse_input;
    use ishi_rules::go::Point;

    #[test]
    fn input_reads_points_and_commands() {
        assert_eq!(
            parse_input::<Point>("d4\n"),
            Ok(Input::Play(Move::Place("D4".parse().unwrap())))
        );
        assert_eq!(parse_input::<Point>("PASS"), Ok(Input::Play(Move::Pass)));
        assert_eq!(parse_input::<Point>("resign"), Ok(Input::Resign));
        assert!(parse_input::<Point>("I9").unwrap_err().contains("\"I9\""));
    }
}
