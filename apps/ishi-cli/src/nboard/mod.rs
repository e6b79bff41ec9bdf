//! `nboard`: Ishi as an Othello engine speaking the NBoard protocol, for the NBoard GUI and
//! the GUIs that drive Edax the same way.
//!
//! The protocol (Chris Welty's, version 2) is one command a line from the GUI; the engine
//! answers only where a command asks for it, one line at a time, flushed. What Ishi does:
//!
//! | GUI sends | Ishi answers |
//! | --- | --- |
//! | `nboard 2` | `set myname Ishi` |
//! | `set depth N` (1 to 60) | nothing: the midgame searches go N plies deep, and positions with at most 2N empty squares (at most 20) are solved exactly |
//! | `set game GGF` | nothing: the position is the end of that game (see `ishi_records::ggf`) |
//! | `set contempt N` | nothing: accepted and ignored (Ishi scores a draw as 0) |
//! | `move F5/eval/time` or `F5` | nothing: the move is played; `PA` passes |
//! | `hint N` | `status Ishi is thinking`, a `search PV EVAL 0 DEPTH` line for each of the N best moves (best first), `nodestats NODES SECONDS`, `status Ishi is waiting` |
//! | `go` | `status Ishi is thinking`, `nodestats`, `=== MOVE/EVAL/SECONDS`, `status Ishi is waiting`; the move is not played until the GUI sends it back with `move` |
//! | `analyze` | `status Ishi is analysing`, then `analysis K EVAL` for each position of the game from the last back to the start (K moves played, passes counted), then `status Ishi is waiting` |
//! | `ping N` | `pong N` |
//! | `learn` | nothing: Ishi keeps no opening book, so there is nothing to learn |
//! | `quit`, or the end of input | ends the engine |
//!
//! As in Edax: moves are written lowercase (`d3`, passes `PA`), a PV is its moves run
//! together (`d3c3c4`), evaluations are in discs from the point of view of the player to
//! move with two decimals, and the depth of an exact result is `100%`. A command that
//! cannot be carried out (a malformed game or move, an illegal move, an unknown command) is
//! reported on standard error as `Error: ...` and changes nothing, as Edax does; the engine
//! goes on.
//!
//! This file reads the commands and keeps the game; `search.rs` searches and words the
//! answers. GGF, the game format of `set game`, is `ishi_records::ggf`.

mod search;

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use ishi_ai::othello::{Engine, Weights};
use ishi_records::ggf;
use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// The depth until the GUI sets one.
const DEFAULT_DEPTH: u32 = 10;

/// Why a command was not carried out.
enum Failure {
    /// The command cannot be carried out; it changed nothing and the session goes on.
    Refused(String),
    /// Writing to the GUI failed: the session ends.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Refused(message)
    }
}

/// The engine's state between commands.
struct NBoard {
    /// The game: its start first, the current position last.
    positions: Vec<Othello>,
    depth: u32,
    engine: Engine,
    rng: SmallRng,
}

impl NBoard {
    fn current(&self) -> Othello {
        // `positions` always holds the start.
        self.positions
            .last()
            .copied()
            .unwrap_or_else(Othello::standard)
    }

    /// Carries out one command line, writing answers to `out`; `Ok(false)` to quit.
    fn command(&mut self, line: &str, out: &mut impl Write) -> Result<bool, Failure> {
        let line = line.trim();
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match name {
            "" | "learn" => {}
            "quit" => return Ok(false),
            "nboard" => {
                rest.parse::<u32>()
                    .map_err(|_| format!("{rest:?} is not a protocol version"))?;
                say(out, "set myname Ishi")?;
            }
            "set" => self.set(rest)?,
            "move" => self.play(rest)?,
            "ping" => {
                let n: i64 = rest
                    .parse()
                    .map_err(|_| format!("{rest:?} is not a ping number"))?;
                say(out, &format!("pong {n}"))?;
            }
            "hint" => {
                let n: usize = rest
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("{rest:?} is not a number of hints"))?;
                self.hint(n, out)?;
            }
            "go" => self.go(out)?,
            "analyze" => self.analyze(out)?,
            // NBoard 1.1 sent a move alone, without `move`.
            _ if ggf::parse_move(name).is_some() && rest.is_empty() => self.play(name)?,
            _ => return Err(format!("unknown command {line:?}").into()),
        }
        Ok(true)
    }

    fn set(&mut self, rest: &str) -> Result<(), String> {
        let (variable, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match variable {
            "depth" => {
                self.depth = value
                    .parse()
                    .ok()
                    .filter(|d| (1..=60).contains(d))
                    .ok_or_else(|| format!("{value:?} is not a depth from 1 to 60"))?;
            }
            "game" => {
                self.positions =
                    ggf::parse(value).map_err(|e| format!("cannot read the game: {e}"))?;
            }
            "contempt" => {
                value
                    .parse::<i32>()
                    .map_err(|_| format!("{value:?} is not a contempt in centidiscs"))?;
            }
            _ => return Err(format!("unknown variable {variable:?}")),
        }
        Ok(())
    }

    /// `move`: the side to move plays (after the other side's pass, when it had to pass).
    fn play(&mut self, item: &str) -> Result<(), String> {
        let mv = ggf::parse_move(item).ok_or_else(|| format!("{item:?} is not a move"))?;
        let current = self.current();
        let mover = if mv != Move::Pass && current.legal_moves() == [Move::Pass] {
            !current.turn()
        } else {
            current.turn()
        };
        let next = ggf::play_as(&current, mover, mv)
            .map_err(|mv| format!("{mv} is not legal in this position"))?;
        self.positions.extend(next);
        Ok(())
    }
}

/// Writes one line and flushes it.
fn say(out: &mut impl Write, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

/// Runs an NBoard session until `quit` or the end of input; errors in commands go to
/// `errors` as `Error: ...` lines.
///
/// # Errors
///
/// Failures to read the input or to write.
pub(crate) fn serve(
    mut input: impl BufRead,
    mut out: impl Write,
    mut errors: impl Write,
) -> io::Result<()> {
    let mut session = NBoard {
        positions: vec![Othello::standard()],
        depth: DEFAULT_DEPTH,
        engine: Engine::new(Arc::new(Weights::embedded())),
        rng: SmallRng::seed_from_u64(1),
    };
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&bytes);
        match session.command(&line, &mut out) {
            Ok(true) => {}
            Ok(false) => return Ok(()),
            Err(Failure::Io(e)) => return Err(e),
            Err(Failure::Refused(e)) => {
                writeln!(errors, "Error: {e}")?;
                errors.flush()?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Lines a GUI, or a broken script, might send.
    fn line() -> impl Strategy<Value = String> {
        let command = prop::sample::select(vec![
            "nboard",
            "set depth",
            "set game",
            "set contempt",
            "set",
            "move",
            "hint",
            "go",
            "analyze",
            "ping",
            "learn",
            "f5",
            "PA",
            "bogus",
            "",
        ]);
        let arg = prop_oneof![
            prop::sample::select(vec![
                "2", "1", "0", "-1", "61", "x", "d3", "F5/1.0/2.0", "PA", "--", "z9",
                "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)",
                "(;GM[Othello]BO[8", "(;GM[Go];)",
            ])
            .prop_map(str::to_owned),
            "[ -~]{0,8}",
            "\\PC{0,4}",
        ];
        (command, prop::collection::vec(arg, 0..3))
            .prop_map(|(command, args)| format!("{command} {}", args.join(" ")))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn no_input_ends_the_session_but_quit(lines in prop::collection::vec(line(), 1..30)) {
            let input: String = std::iter::once("set depth 1".to_owned())
                .chain(lines)
                .chain(std::iter::once("ping 77".to_owned()))
                .map(|l| format!("{l}\n"))
                .collect();
            let (mut out, mut errors) = (Vec::new(), Vec::new());
            serve(input.as_bytes(), &mut out, &mut errors).unwrap();
            let out = String::from_utf8(out).unwrap();
            prop_assert_eq!(out.lines().last(), Some("pong 77"), "{}", out);
            let errors = String::from_utf8(errors).unwrap();
            prop_assert!(errors.lines().all(|l| l.starts_with("Error: ")), "{}", errors);
        }
    }
}
