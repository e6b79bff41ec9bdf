//! `gtp`: Ishi as a Go or Othello engine speaking GTP version 2, for GUIs, match tools and
//! tests. This file holds the options, the framing and the argument helpers both engines
//! share; `go.rs` the Go commands, `othello.rs` the Othello commands, `time.rs` the clock.
//!
//! Framing follows the specification: an optional numeric id before the command, echoed in the
//! answer; answers start with `=` (success) or `?` (failure) and end with an empty line;
//! comments (`#` to the end of the line) and empty lines are ignored; control characters are
//! dropped and tabs read as spaces. No input, however malformed, ends the engine except end of
//! input or `quit`.

mod go;
mod othello;
mod time;

use std::io::{self, BufRead, Write};
use std::time::Duration;

use clap::Args;
use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_rules::Player;

use crate::args::GameKind;

/// Options of `gtp`.
#[derive(Args, Debug)]
pub(crate) struct GtpArgs {
    /// The game: go or othello.
    #[arg(long, value_enum, default_value_t = GameKind::Go)]
    game: GameKind,
    /// Seed for the engine's random choices, to reproduce a game.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// Strength. Go: random, mcts-100, net-t0.7, net-policy, net-16, net-128 or net-1024
    /// (the network's policy, then its search with that many visits a move). Othello:
    /// random, naive, minimax-4, casual, club, expert or master. Without it the engine plays
    /// its strongest level, or at full strength by the clock when the controller sends
    /// time_settings.
    #[arg(long, value_name = "ID")]
    level: Option<String>,
    /// Go: playouts (Monte Carlo levels) or visits (network levels) a move, instead of the
    /// level's or the clock's (time limits still cap them).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,
    /// Othello: nodes a move, instead of the level's (time limits still cap them). A node
    /// budget makes a test of two engines' evaluations independent of the machine's load.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Seconds a move, fractions allowed (e.g. 0.1): every move gets this time, whatever
    /// time_settings say, whose whole seconds are too coarse to test engines at a tenth of a
    /// second a move. The level's limits (or --playouts, --nodes) still cap the search.
    #[arg(long, value_name = "SECONDS", value_parser = move_seconds)]
    seconds: Option<Duration>,
}

/// `--seconds`: a positive, finite number of seconds.
fn move_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("expected seconds above 0, up to a day, not {text:?}"))
}

/// Runs the GTP engine `args` ask for, reading commands from `input` and answering on `output`.
///
/// # Errors
///
/// Options that do not fit the game as [`io::ErrorKind::InvalidInput`]; failures to read or
/// write.
pub(crate) fn run(args: &GtpArgs, input: impl BufRead, output: impl Write) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    match args.game {
        GameKind::Go => {
            if args.nodes.is_some() {
                return Err(invalid(
                    "--nodes is for Othello; Go counts --playouts".to_owned(),
                ));
            }
            let level = args.level.as_deref().map(str::parse::<GoLevel>).transpose();
            let level = level.map_err(|e| invalid(format!("--level: {e}")))?;
            let mut engine =
                go::GoEngine::new(args.seed, level, args.playouts).with_move_time(args.seconds);
            serve(&mut engine, input, output)
        }
        GameKind::Othello => {
            if args.playouts.is_some() {
                return Err(invalid("--playouts is for Go".to_owned()));
            }
            let level = args
                .level
                .as_deref()
                .map(str::parse::<OthelloLevel>)
                .transpose();
            let level = level.map_err(|e| invalid(format!("--level: {e}")))?;
            let mut engine = othello::OthelloEngine::new(args.seed, level, args.nodes)
                .with_move_time(args.seconds);
            serve(&mut engine, input, output)
        }
    }
}

/// One command line, split.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Request {
    pub(crate) id: Option<u64>,
    pub(crate) name: String,
    pub(crate) args: Vec<String>,
}

/// Cleans and splits a line: `None` when nothing is left of it.
pub(crate) fn parse_line(line: &str) -> Option<Request> {
    let cleaned: String = line
        .chars()
        .take_while(|&c| c != '#')
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = cleaned.split_whitespace();
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next().unwrap_or_default()),
        Err(_) => (None, first),
    };
    Some(Request {
        id,
        name: name.to_owned(),
        args: words.map(str::to_owned).collect(),
    })
}

/// What a command asks the session loop to do after answering.
pub(crate) enum Flow {
    Continue,
    Quit,
}

/// An engine: answers one request at a time.
pub(crate) trait Engine {
    /// The answer to `request`: `Ok(text)` for `=`, `Err(message)` for `?`.
    fn answer(&mut self, request: &Request) -> (Result<String, String>, Flow);
}

/// Runs a GTP session until `quit` or end of input.
pub(crate) fn serve(
    engine: &mut impl Engine,
    mut input: impl BufRead,
    mut out: impl Write,
) -> io::Result<()> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&bytes);
        let Some(request) = parse_line(&line) else {
            continue;
        };
        let (result, flow) = if request.name.is_empty() {
            (Err("syntax error".to_owned()), Flow::Continue)
        } else {
            engine.answer(&request)
        };
        let id = request.id.map(|id| id.to_string()).unwrap_or_default();
        let (mark, text) = match result {
            Ok(text) => ('=', text),
            Err(text) => ('?', text),
        };
        // An empty line inside an answer would end it early: drop any.
        let text: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let text = text.join("\n");
        if text.is_empty() {
            write!(out, "{mark}{id}\n\n")?;
        } else if text.contains('\n') {
            write!(out, "{mark}{id}\n{text}\n\n")?;
        } else {
            write!(out, "{mark}{id} {text}\n\n")?;
        }
        out.flush()?;
        if let Flow::Quit = flow {
            return Ok(());
        }
    }
}

/// The answer to a malformed command.
pub(crate) fn syntax_error() -> String {
    "syntax error".to_owned()
}

/// The single argument of a command.
pub(crate) fn one(args: &[String]) -> Result<&str, String> {
    match args {
        [arg] => Ok(arg),
        _ => Err(syntax_error()),
    }
}

/// Exactly `N` arguments, each a whole number.
pub(crate) fn numbers<const N: usize>(args: &[String]) -> Result<[u64; N], String> {
    let values: Vec<u64> = args
        .iter()
        .map(|a| a.parse::<u64>().map_err(|_| syntax_error()))
        .collect::<Result<_, _>>()?;
    values.try_into().map_err(|_| syntax_error())
}

/// A colour: `b`, `w`, `black` or `white`, in any case.
pub(crate) fn color(text: &str) -> Result<Player, String> {
    text.parse().map_err(|_| "invalid color".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_lose_comments_and_control_characters() {
        assert_eq!(parse_line("   # only a comment"), None);
        assert_eq!(parse_line(""), None);
        assert_eq!(
            parse_line("12 play\tblack D4 # move\r"),
            Some(Request {
                id: Some(12),
                name: "play".to_owned(),
                args: vec!["black".to_owned(), "D4".to_owned()],
            })
        );
        assert_eq!(
            parse_line("name\u{7}"),
            Some(Request {
                id: None,
                name: "name".to_owned(),
                args: vec![],
            })
        );
        assert_eq!(parse_line("7").map(|r| r.name), Some(String::new()));
    }

    struct Echo;

    impl Engine for Echo {
        fn answer(&mut self, request: &Request) -> (Result<String, String>, Flow) {
            match request.name.as_str() {
                "quit" => (Ok(String::new()), Flow::Quit),
                "multi" => (Ok("a\n\nb".to_owned()), Flow::Continue),
                "fail" => (Err("nope".to_owned()), Flow::Continue),
                _ => (Ok(request.args.join(" ")), Flow::Continue),
            }
        }
    }

    #[test]
    fn answers_are_framed_with_ids_and_blank_lines() {
        let input = "1 say hi\n\nfail\n2 multi\n3\nquit\nsay ignored\n";
        let mut out = Vec::new();
        serve(&mut Echo, input.as_bytes(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "=1 hi\n\n? nope\n\n=2\na\nb\n\n?3 syntax error\n\n=\n\n"
        );
    }
}
