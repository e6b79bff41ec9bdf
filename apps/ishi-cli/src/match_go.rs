//! `match`: games of Go between two GTP engines, alternating colours, refereed by Ishi.
//!
//! Each engine is a command line (split on whitespace, no shell), started once per game and
//! sent `boardsize`, `clear_board`, `komi` and, when it knows the command,
//! `kata-set-rules`. The runner keeps the game itself: a move the rules refuse forfeits the
//! game, `resign` loses it, two passes end it, and so does the move cap (then counted as
//! it stands). The count is Ishi's: dead stones read from 1,000 playouts of the final
//! position (`ishi_ai::go::ownership`), then `ishi_scoring::score`.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;

use clap::Args;
use ishi_ai::go::ownership;
use ishi_rules::go::{Go, GoRules, Komi, Move, Point};
use ishi_rules::{ByColor, Game, Player};
use ishi_scoring::{GameResult, WinBy, guess_dead_stones_with, score};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Playouts that read the dead stones of a finished game.
const COUNT_PLAYOUTS: u32 = 1000;

/// Options of `match`.
#[derive(Args, Debug, Clone)]
pub(crate) struct MatchArgs {
    /// The first engine's command line, e.g. "ishi-cli gtp --playouts 40000".
    #[arg(long, value_name = "COMMAND")]
    engine_a: String,
    /// The second engine's command line, e.g. "gnugo --mode gtp --level 10".
    #[arg(long, value_name = "COMMAND")]
    engine_b: String,
    /// Games to play; the first engine takes Black in the odd ones.
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u32,
    /// Board side, 5 to 19.
    #[arg(long, value_name = "N", default_value_t = 9)]
    size: usize,
    /// Rules: japanese, chinese or tromp-taylor, sent with kata-set-rules to the engines that
    /// know it (tell the others on their command line, e.g. gnugo --chinese-rules).
    #[arg(long, value_name = "NAME", default_value = "chinese")]
    rules: String,
    /// Komi in points, a multiple of 0.5 (default: the rules' komi).
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    komi: Option<String>,
    /// Seed of the playouts that count the games.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,
}

/// A GTP engine in a child process.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(command: &str) -> io::Result<Engine> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty engine command"))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("cannot start {program:?}: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(io::Error::other("the engine's pipes are missing"));
        };
        Ok(Engine {
            child,
            input,
            output: BufReader::new(output),
        })
    }

    /// Sends `command` and reads the answer: `Ok(text)` for `=`, `Err(text)` for `?`.
    fn send(&mut self, command: &str) -> io::Result<Result<String, String>> {
        writeln!(self.input, "{command}")?;
        self.input.flush()?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!("the engine stopped answering at {command:?}"),
                ));
            }
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        let answer = answer.trim();
        let text = answer
            .get(1..)
            .unwrap_or_default()
            .trim_start_matches(|c: char| c.is_ascii_digit());
        let text = text.trim().to_owned();
        match answer.chars().next() {
            Some('=') => Ok(Ok(text)),
            Some('?') => Ok(Err(text)),
            _ => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("not a GTP answer to {command:?}: {answer:?}"),
            )),
        }
    }

    /// Sends `command`, which must succeed.
    fn must(&mut self, command: &str) -> io::Result<String> {
        self.send(command)?.map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the engine refused {command:?}: {e}"),
            )
        })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Best effort: the engine may be gone already.
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// How one game ended.
struct Finished {
    result: GameResult,
    moves: usize,
    note: &'static str,
}

/// Plays one game with the engines as `players` (Black, White).
fn play(
    args: &MatchArgs,
    rules: GoRules,
    players: ByColor<&str>,
    seed: u64,
) -> io::Result<Finished> {
    let mut engines = ByColor::new(Engine::start(players.black)?, Engine::start(players.white)?);
    for player in [Player::Black, Player::White] {
        let engine = &mut engines[player];
        engine.must(&format!("boardsize {}", args.size))?;
        engine.must("clear_board")?;
        if let Some(name) = rules.name()
            && engine.must("known_command kata-set-rules")? == "true"
        {
            engine.must(&format!("kata-set-rules {name}"))?;
        }
        engine.must(&format!("komi {}", rules.komi))?;
    }
    let mut go =
        Go::new(args.size, rules).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let cap = 3 * args.size * args.size;
    let mut moves = 0;
    while !go.is_over() {
        if moves >= cap {
            break;
        }
        let player = go.turn();
        let answer = engines[player].must(&format!("genmove {}", player.name()))?;
        if answer.eq_ignore_ascii_case("resign") {
            return Ok(Finished {
                result: GameResult::Win {
                    winner: !player,
                    by: WinBy::Resignation,
                },
                moves,
                note: "",
            });
        }
        let mv = if answer.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            match answer.parse::<Point>() {
                Ok(p) => Move::Place(p),
                Err(_) => return Ok(forfeit(player, moves)),
            }
        };
        if go.check(mv).is_err() {
            return Ok(forfeit(player, moves));
        }
        go.play_unchecked(mv);
        moves += 1;
        engines[!player].must(&format!("play {} {mv}", player.name()))?;
    }
    let owners = ownership(&go, COUNT_PLAYOUTS, &mut SmallRng::seed_from_u64(seed));
    let dead = guess_dead_stones_with(&go, &owners).unwrap_or_default();
    Ok(Finished {
        result: score(&go, &dead).result(),
        moves,
        note: if go.is_over() { "" } else { " (move cap)" },
    })
}

fn forfeit(player: Player, moves: usize) -> Finished {
    Finished {
        result: GameResult::Win {
            winner: !player,
            by: WinBy::Forfeit,
        },
        moves,
        note: " (illegal move)",
    }
}

/// Runs the match and prints a line per game, then the tally.
pub(crate) fn run(args: &MatchArgs, mut out: impl Write) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let mut rules = GoRules::from_str(&args.rules).map_err(|e| invalid(e.to_string()))?;
    if let Some(komi) = &args.komi {
        rules = rules.with_komi(Komi::from_str(komi).map_err(|e| invalid(e.to_string()))?);
    }
    let (mut wins, mut draws) = (0u32, 0u32);
    for game in 1..=args.games {
        let a_black = game % 2 == 1;
        let players = if a_black {
            ByColor::new(args.engine_a.as_str(), args.engine_b.as_str())
        } else {
            ByColor::new(args.engine_b.as_str(), args.engine_a.as_str())
        };
        let played = play(
            args,
            rules,
            players,
            args.seed.wrapping_add(u64::from(game)),
        )?;
        let a = if a_black {
            Player::Black
        } else {
            Player::White
        };
        let verdict = match played.result.winner() {
            Some(winner) if winner == a => {
                wins += 1;
                "A wins"
            }
            Some(_) => "B wins",
            None => {
                draws += 1;
                "draw"
            }
        };
        writeln!(
            out,
            "game {game}: A plays {}, {} in {} moves{}: {verdict}",
            a.name(),
            played.result,
            played.moves,
            played.note,
        )?;
        out.flush()?;
    }
    let score = f64::from(wins) + f64::from(draws) / 2.0;
    let n = f64::from(args.games.max(1));
    let rate = score / n;
    writeln!(
        out,
        "A {wins} - {} B, {draws} draws: A scores {:.1}% (± {:.1}% at 95%)",
        args.games - wins - draws,
        100.0 * rate,
        100.0 * 1.96 * (rate * (1.0 - rate) / n).sqrt(),
    )
}
