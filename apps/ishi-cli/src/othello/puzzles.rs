//! `othello puzzles` and `othello check-puzzles`: the app's Othello puzzle library made from
//! game records, every answer proved by the exact solver, and proved again.
//!
//! **Making.** From each game of a CSV of transcripts (eOthello's, `game_id,winner,moves`),
//! `--per-game` positions: those with a number of empty squares between `--min-empties` and
//! `--max-empties` that the game's number picks, so that the library spreads over them. Every
//! legal move is played and the position after it solved exactly; the position is a puzzle
//! when one move alone reaches the best result ([`othello::is_unique`]) and the side to move
//! has at least two moves. A solve that passes `--seconds` is given up (the position too).
//! Positions where a 6-ply search finds the best move less than 3 discs ahead of the second
//! are not tried: few of them have one answer, and trying costs a solve of every move.
//! The puzzle's rating is how weak players fare on it ([`super::difficulty`]).
//!
//! **Rating again** (`othello rate-puzzles`): a library's puzzles printed again with the
//! ratings this version gives, easiest first.
//!
//! **Checking.** Every puzzle of a library (or `--sample N` of them, spread over it): each
//! legal move solved again, the values compared with the library's, the answer's line
//! replayed. Any difference is an error.

use std::collections::HashSet;
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Args;
use ishi_ai::othello::{Engine, Weights};
use ishi_ai::{Eval, Limits, Stop};
use ishi_puzzles::othello::{self, Puzzle};
use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello, Square, notation, transcript};

use rand::SeedableRng;

use super::difficulty::Rater;

/// Options of `othello puzzles`.
#[derive(Args, Debug)]
pub(crate) struct MakeArgs {
    /// The games: a CSV with a header line and the columns `game_id,winner,moves`, the moves
    /// a transcript (`f5d6c3...`, passes not written).
    #[arg(value_name = "CSV")]
    games: PathBuf,
    /// Stop after this many puzzles.
    #[arg(long, default_value_t = 3000)]
    count: usize,
    /// The fewest empty squares of a puzzle.
    #[arg(long, default_value_t = 10)]
    min_empties: u32,
    /// The most empty squares of a puzzle.
    #[arg(long, default_value_t = 26)]
    max_empties: u32,
    /// Give a position up when its solves take longer than this.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// Take the games whose number (from 0) is this modulo `--stride`: to share the work
    /// between processes.
    #[arg(long, default_value_t = 0)]
    offset: usize,
    /// See `--offset`.
    #[arg(long, default_value_t = 1)]
    stride: usize,
    /// Positions to try from each game (each with its own number of empty squares).
    #[arg(long, default_value_t = 1)]
    per_game: usize,
}

/// Options of `othello check-puzzles`.
#[derive(Args, Debug)]
pub(crate) struct CheckArgs {
    /// The library.
    #[arg(value_name = "FILE")]
    library: PathBuf,
    /// Check this many puzzles, spread over the library, rather than all of them.
    #[arg(long)]
    sample: Option<usize>,
    /// Check only the puzzles with at most this many empty squares (the quick ones).
    #[arg(long)]
    max_empties: Option<u32>,
}

/// Prints a library's lines for the games of `args.games` (a header comment, then one puzzle
/// a line as it is proved), and a summary on `errors`.
///
/// # Errors
///
/// A file that cannot be read, a games line that is not a game (with its number), or a
/// failure to write.
pub(crate) fn make(args: &MakeArgs, mut out: impl Write, mut errors: impl Write) -> io::Result<()> {
    let text = read(&args.games)?;
    let mut prover = Prover::new();
    let mut rater = Engine::new(Arc::new(Weights::embedded()));
    let mut difficulty = Rater::new();
    let mut seen = HashSet::new();
    let (mut made, mut tried, mut given_up) = (0usize, 0usize, 0usize);
    let start = Instant::now();
    writeln!(
        out,
        "# Ishi's Othello puzzles: board, every move's exact value, the line, rating, themes, source"
    )?;
    let span = args.max_empties.saturating_sub(args.min_empties) + 1;
    for (index, line) in text.lines().skip(1).enumerate() {
        if made >= args.count {
            break;
        }
        if index % args.stride.max(1) != args.offset {
            continue;
        }
        let (id, game) = game_line(line).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "{}, line {}: not a game: {line:?}",
                    args.games.display(),
                    index + 2
                ),
            )
        })?;
        for k in 0..args.per_game {
            if made >= args.count {
                break;
            }
            let pick = mix((index * args.per_game + k) as u64);
            let empties = args.min_empties + (pick % u64::from(span)) as u32;
            let Some((position, ply)) = position_at(&game, empties) else {
                continue;
            };
            if !seen.insert(notation::print_board(&position)) || !promising(&mut rater, &position) {
                continue;
            }
            tried += 1;
            match prove(&mut prover, &mut difficulty, &position, args.seconds) {
                Proved::Puzzle(puzzle) => {
                    let puzzle = Puzzle {
                        source: format!("eothello {id}, move {}", ply + 1),
                        ..*puzzle
                    };
                    writeln!(out, "{puzzle}")?;
                    out.flush()?;
                    made += 1;
                }
                Proved::NotOne => {}
                Proved::GivenUp => given_up += 1,
            }
        }
    }
    writeln!(
        errors,
        "{made} puzzles from {tried} positions ({given_up} given up), {:.0} s",
        start.elapsed().as_secs_f64()
    )
}

/// What proving a position gave.
enum Proved {
    /// A puzzle (its source to fill in).
    Puzzle(Box<Puzzle>),
    /// More than one move reaches the best result, or there are not two moves.
    NotOne,
    /// A solve took longer than allowed.
    GivenUp,
}

/// Solves every move of `position` within `seconds`, and makes the puzzle if there is one.
fn prove(prover: &mut Prover, rater: &mut Rater, position: &Othello, seconds: f64) -> Proved {
    let Some(values) = prover.values(position, Duration::from_secs_f64(seconds)) else {
        return Proved::GivenUp;
    };
    let [(answer, best), (_, second), ..] = values[..] else {
        return Proved::NotOne;
    };
    if !othello::is_unique(best, second) {
        return Proved::NotOne;
    }
    let Some(line) = prover.line(position, answer) else {
        return Proved::GivenUp;
    };
    Proved::Puzzle(Box::new(Puzzle {
        position: *position,
        themes: othello::themes(position, answer, best, &line),
        rating: rater.rating(position, answer),
        line,
        values,
        source: String::new(),
    }))
}
/// Proves every puzzle of the library (or those `args` choose), printing a line for each difference and
/// a summary.
///
/// # Errors
///
/// A library that cannot be read or is not one, [`io::ErrorKind::InvalidData`] when a puzzle's
/// values or line do not hold, failures to write.
pub(crate) fn check(args: &CheckArgs, mut out: impl Write) -> io::Result<()> {
    let (_, puzzles) = library(&args.library)?;
    let within: Vec<usize> = (0..puzzles.len())
        .filter(|&i| {
            args.max_empties
                .is_none_or(|e| puzzles[i].position.score().empties <= e)
        })
        .collect();
    let chosen: Vec<usize> = match args.sample {
        Some(n) if n < within.len() => (0..n).map(|i| within[i * within.len() / n]).collect(),
        _ => within,
    };
    let mut prover = Prover::new();
    let start = Instant::now();
    let mut wrong = 0;
    for &i in &chosen {
        if let Err(why) = prover.check(&puzzles[i]) {
            wrong += 1;
            writeln!(out, "puzzle {} ({}): {why}", i + 1, puzzles[i].source)?;
        }
    }
    writeln!(
        out,
        "{} of {} puzzles proved, {wrong} wrong, {:.1} s",
        chosen.len() - wrong,
        chosen.len(),
        start.elapsed().as_secs_f64()
    )?;
    if wrong > 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{wrong} puzzles of {} do not hold", args.library.display()),
        ));
    }
    Ok(())
}

/// Options of `othello rate-puzzles`.
#[derive(Args, Debug)]
pub(crate) struct RateArgs {
    /// The library, whose puzzles are printed again with their ratings as this version
    /// computes them, easiest first.
    #[arg(value_name = "FILE")]
    library: PathBuf,
}

/// Prints the library of `args` (its comment lines, then its puzzles re-rated, sorted by
/// rating and position) and, on `errors`, how many puzzles fall in each band of 100.
///
/// # Errors
///
/// A library that cannot be read or is not one, failures to write.
pub(crate) fn rate(args: &RateArgs, mut out: impl Write, mut errors: impl Write) -> io::Result<()> {
    let (text, puzzles) = library(&args.library)?;
    let mut rater = Rater::new();
    let mut rated: Vec<Puzzle> = puzzles
        .into_iter()
        .map(|p| Puzzle {
            rating: rater.rating(&p.position, p.answer()),
            ..p
        })
        .collect();
    rated.sort_by_key(|p| (p.rating, notation::print_board(&p.position)));
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        writeln!(out, "{line}")?;
    }
    for puzzle in &rated {
        writeln!(out, "{puzzle}")?;
    }
    let mut bands = std::collections::BTreeMap::new();
    for puzzle in &rated {
        *bands.entry(puzzle.rating / 100 * 100).or_insert(0usize) += 1;
    }
    for (band, count) in bands {
        writeln!(errors, "{band}-{}: {count}", band + 99)?;
    }
    Ok(())
}

/// The exact solver, with a time limit per position.
struct Prover {
    engine: Engine,
}

impl Prover {
    fn new() -> Prover {
        Prover {
            engine: Engine::with_table_bytes(Arc::new(Weights::embedded()), 64 << 20),
        }
    }

    /// Every legal move of `position` and its exact value, best first (ties in the order of
    /// the squares); `None` when the side to move must pass or a solve passes `limit`.
    fn values(&mut self, position: &Othello, limit: Duration) -> Option<Vec<(Square, i32)>> {
        let stop = Stop::new();
        let (done, wait) = mpsc::channel::<()>();
        let watchdog = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                if wait.recv_timeout(limit) == Err(mpsc::RecvTimeoutError::Timeout) {
                    stop.request();
                }
            })
        };
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let Move::Place(square) = mv else {
                break;
            };
            let mut child = *position;
            child.play_unchecked(mv);
            match self.engine.solve(&child, &stop).eval {
                Eval::Exact(v) => values.push((square, -v)),
                _ => break,
            }
        }
        drop(done);
        watchdog.join().ok()?;
        let complete = !stop.is_requested() && values.len() == position.legal_moves().len();
        values.sort_by_key(|&(square, value)| (std::cmp::Reverse(value), square));
        (complete && !values.is_empty()).then_some(values)
    }

    /// The engine's line from `answer`: the answer, then the best reply's line, passes left
    /// out.
    fn line(&mut self, position: &Othello, answer: Square) -> Option<Vec<Square>> {
        let child = position.play(Move::Place(answer)).ok()?;
        let reply = self.engine.solve(&child, &Stop::new());
        let rest = reply.pv.into_iter().filter_map(|m| match m {
            Move::Place(s) => Some(s),
            Move::Pass => None,
        });
        Some(std::iter::once(answer).chain(rest).collect())
    }

    /// Whether `puzzle` holds: its values solved again, its line legal.
    fn check(&mut self, puzzle: &Puzzle) -> Result<(), String> {
        let values = self
            .values(&puzzle.position, Duration::from_secs(3600))
            .ok_or("no move to solve")?;
        if values != puzzle.values {
            return Err(format!(
                "values {values:?}, the library says {:?}",
                puzzle.values
            ));
        }
        othello::replay(&puzzle.position, &puzzle.line)
            .map_err(|s| format!("{s} is illegal in the line"))?;
        Ok(())
    }
}

/// Whether a shallow search (6 plies, every move) finds the best move 3 discs ahead of the
/// second: most positions where it does not have no unique answer, and proving that costs
/// an exact solve of every move, so they are not tried.
fn promising(engine: &mut Engine, position: &Othello) -> bool {
    let limits = Limits {
        depth: Some(6),
        ..Limits::NONE
    };
    let mut rng = rand::rngs::SmallRng::seed_from_u64(0);
    let hundredths = |eval: Eval| match eval {
        Eval::Exact(v) => 100 * v,
        Eval::Estimate(v) => v,
        Eval::WinRate(_) | Eval::None => 0,
    };
    match &engine.best_moves(position, 2, limits, &mut rng, &Stop::new())[..] {
        [best, second] => hundredths(best.eval) - hundredths(second.eval) >= 300,
        _ => false,
    }
}

/// A games line's id and its game replayed (`transcript::load`, forced passes made explicit).
fn game_line(line: &str) -> Option<(&str, transcript::Replay)> {
    let mut fields = line.trim().split(',');
    let (id, _winner, moves) = (fields.next()?, fields.next()?, fields.next()?);
    Some((id, transcript::load(&Othello::standard(), moves).ok()?))
}

/// The position of `game` with `empties` empty squares and a move to make for the side to
/// move, and the number of moves before it (forced passes not counted); `None` if the game
/// never has it.
fn position_at(game: &transcript::Replay, empties: u32) -> Option<(Othello, usize)> {
    let mut placed = 0;
    for (position, mv) in game.positions.iter().zip(&game.moves) {
        if *mv == Move::Pass {
            continue;
        }
        if position.score().empties == empties {
            return Some((*position, placed));
        }
        placed += 1;
    }
    None
}

/// A 64-bit mix (SplitMix64's finaliser).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The text of `path`, or an error naming it.
/// The library at `path`: its text and its puzzles.
fn library(path: &PathBuf) -> io::Result<(String, Vec<Puzzle>)> {
    let text = read(path)?;
    let puzzles = othello::parse(&text).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {e}", path.display()),
        )
    })?;
    Ok((text, puzzles))
}

fn read(path: &PathBuf) -> io::Result<String> {
    fs::read_to_string(path)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display())))
}
