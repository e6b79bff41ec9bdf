//! `go puzzles` and `go check-puzzles`: the Go puzzle library made from Ishi's own games with
//! the network, every answer checked by a deeper search than the one that found it, and
//! checked again.
//!
//! **Source games.** Game `n` (from `--first-game`) is self-play on the network's policy alone
//! at temperature 0.7 (the `net-t0.7` level: fast, varied, and with the mistakes that leave a
//! move clearly best), Chinese rules, komi 7.5, from the empty board, seeded by `n`.
//!
//! **Screening.** The positions of each game (after the first `size` moves, 60 for crops)
//! after a move
//! that lost [`SWING`] tenths of a point or more, as the network reads the positions
//! before and after it (a mistake, often with a clear punishment), `--per-game` of them,
//! the biggest mistakes first, are searched with [`SCREEN_VISITS`] visits (PUCT on KataGo's
//! network, `ishi_ai::go::puct`).
//! A position is a candidate when the most visited move is worth [`go::MARGIN`] (5 points)
//! more than each of the next [`ALTERNATIVES`] moves the search visited.
//!
//! **Checking.** The candidate's answer and those alternatives are each played and the
//! position after them searched on its own from an empty tree with [`CHECK_VISITS`] visits
//! (fewer only when the search's choice could no longer change): each move's value is minus
//! the expected final score of the other side there. The answer must come out best and
//! [`go::MARGIN`] ahead of every alternative ([`go::is_unique`]). The line is the answer and
//! the checking search's principal variation after it, up to [`LINE_MOVES`] moves, to the
//! first pass.
//!
//! **Crops** (`--crops`, for 19x19): the puzzle shows a corner (10 by 10) or a side (8 deep
//! and 13 wide) region, the first that holds the answer and the most of its line (the line
//! ends where it leaves the region); the answer's line must keep at least 3 moves in it and
//! the puzzle must be about life and death or stones (a capture, an atari, an escape, ko,
//! living or killing).
//!
//! **Checking again** (`go check-puzzles`): every puzzle of a library (or `--sample N`,
//! spread over it) valued again by the checking search (`--visits` deeper); a puzzle fails
//! when its answer is no longer [`go::MARGIN`] ahead of every listed move, or a value moved
//! by more than [`TOLERANCE`].

use std::collections::HashSet;
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use ishi_ai::go::puct::{Config, Puct};
use ishi_ai::{Limits, Stop};
use ishi_nn::Network;
use ishi_puzzles::go::{self, Crop, Puzzle, Record, Theme};
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules, Move, Point};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::difficulty;

/// How many tenths of a point the move before a position must have lost, as the network
/// reads the positions before and after it, for the position to be screened: after a
/// mistake, the move that punishes it is often clearly best.
const SWING: i32 = 30;
/// Visits of the screening search of a position.
pub(crate) const SCREEN_VISITS: u64 = 100;
/// Visits of the checking search of each listed move's position.
pub(crate) const CHECK_VISITS: u64 = 300;
/// Alternatives checked and listed besides the answer.
const ALTERNATIVES: usize = 2;
/// The most moves of a puzzle's line.
const LINE_MOVES: usize = 6;
/// The fewest moves of a crop puzzle's line within its region.
const CROP_LINE: usize = 3;
/// How far a value checked again may be from the library's, in tenths of a point.
const TOLERANCE: i32 = 20;
/// The positions the network reads before the one it evaluates.
const HISTORY: usize = 5;

/// Options of `go puzzles`.
#[derive(Args, Debug)]
pub(crate) struct MakeArgs {
    /// The board side: 9, 13 or 19.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Stop after this many puzzles.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// Stop trying new positions after this many seconds.
    #[arg(long)]
    seconds: Option<f64>,
    /// The number of the first source game (each game's moves follow from its number).
    #[arg(long, default_value_t = 0)]
    first_game: u64,
    /// Positions to try from each game.
    #[arg(long, default_value_t = 4)]
    per_game: usize,
    /// Corner and side puzzles, each showing the region of its answer and line (for 19x19).
    #[arg(long)]
    crops: bool,
}

/// Options of `go check-puzzles`.
#[derive(Args, Debug)]
pub(crate) struct CheckArgs {
    /// The library.
    #[arg(value_name = "FILE")]
    library: PathBuf,
    /// Check this many puzzles, spread over the library, rather than all of them.
    #[arg(long)]
    sample: Option<usize>,
    /// Visits of the search of each listed move's position.
    #[arg(long, default_value_t = CHECK_VISITS)]
    visits: u64,
}

/// The rules of the source games.
const RULES: GoRules = GoRules::CHINESE;

/// Prints puzzles from the games `args` asks for (a header comment, then one puzzle a line as
/// it is checked), and a summary on `errors`.
///
/// # Errors
///
/// A board side the network does not play, or a failure to write.
pub(crate) fn make(args: &MakeArgs, mut out: impl Write, mut errors: impl Write) -> io::Result<()> {
    if ![9, 13, 19].contains(&args.size) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("--size {}: puzzles are made on 9, 13 and 19", args.size),
        ));
    }
    let mut searcher = Searcher::new()?;
    let mut seen = HashSet::new();
    let start = Instant::now();
    let (mut made, mut screened, mut checked) = (0usize, 0usize, 0usize);
    let time_up = || {
        args.seconds
            .is_some_and(|s| start.elapsed().as_secs_f64() > s)
    };
    writeln!(
        out,
        "# Ishi's Go puzzles: game, the checked values, the line, rating, themes, crop, source"
    )?;
    let mut number = args.first_game;
    while made < args.count && !time_up() {
        let (game, leads) = self_play(&mut searcher.search, args.size, number);
        let from = if args.crops { 60 } else { args.size };
        let mut tries: Vec<(i32, usize)> = (from.max(1)..game.len().saturating_sub(1))
            .map(|ply| (tenths(leads[ply - 1] + leads[ply]), ply))
            .filter(|&(swing, _)| swing >= SWING)
            .collect();
        tries.sort_unstable_by_key(|&(swing, ply)| (std::cmp::Reverse(swing), ply));
        tries.truncate(args.per_game);
        for (_, ply) in tries {
            if made >= args.count || time_up() {
                break;
            }
            let positions = &game[..=ply];
            if !seen.insert(positions[ply].hash()) {
                continue;
            }
            screened += 1;
            let Some(candidates) = searcher.screen(positions) else {
                continue;
            };
            checked += 1;
            let Some(puzzle) = searcher.make(positions, &candidates, args.crops) else {
                continue;
            };
            let puzzle = Puzzle {
                source: format!(
                    "ishi self-play {0}x{0} #{number}, move {1}",
                    args.size,
                    ply + 1
                ),
                ..puzzle
            };
            writeln!(out, "{puzzle}")?;
            out.flush()?;
            made += 1;
        }
        number += 1;
    }
    writeln!(
        errors,
        "{made} puzzles from {} games, {screened} positions screened, {checked} checked, {:.0} s",
        number - args.first_game,
        start.elapsed().as_secs_f64()
    )
}

/// Checks every puzzle of the library (or those `args` choose) again, printing a line for
/// each that fails and a summary.
///
/// # Errors
///
/// A library that cannot be read or is not one, [`io::ErrorKind::InvalidData`] when a puzzle
/// does not hold, failures to write.
pub(crate) fn check(args: &CheckArgs, mut out: impl Write) -> io::Result<()> {
    let text = fs::read_to_string(&args.library).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot read {}: {e}", args.library.display()),
        )
    })?;
    let puzzles = go::parse(&text).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {e}", args.library.display()),
        )
    })?;
    let n = puzzles.len();
    let chosen: Vec<usize> = match args.sample {
        Some(k) if k < n => (0..k).map(|i| i * n / k).collect(),
        _ => (0..n).collect(),
    };
    let mut searcher = Searcher::new()?;
    let start = Instant::now();
    let mut wrong = 0;
    for &i in &chosen {
        if let Err(why) = searcher.recheck(&puzzles[i], args.visits) {
            wrong += 1;
            writeln!(out, "puzzle {} ({}): {why}", i + 1, puzzles[i].source)?;
        }
    }
    writeln!(
        out,
        "{} of {} puzzles hold, {wrong} wrong, {} visits a move, {:.1} s",
        chosen.len() - wrong,
        chosen.len(),
        args.visits,
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

/// A game of the network's policy at temperature 0.7 against itself, seeded by `number`:
/// every position from the empty board, to the end or to three moves a point, and the
/// network's lead in each for its side to move (points; 0 for the last).
fn self_play(search: &mut Puct, size: usize, number: u64) -> (Vec<Go>, Vec<f32>) {
    let mut rng = SmallRng::seed_from_u64(number ^ 0x5eed_0000 ^ size as u64);
    let Ok(start) = Go::new(size, RULES) else {
        return (Vec::new(), Vec::new());
    };
    let mut game = vec![start];
    let mut leads = Vec::new();
    while let Some(now) = game.last().filter(|g| !g.is_over()) {
        if game.len() > 3 * size * size {
            break;
        }
        let before = &game[game.len().saturating_sub(HISTORY + 1)..game.len() - 1];
        let found = search.policy_move(now, before, Some(0.7), &mut rng);
        leads.push(search.root_output().map_or(0.0, |o| o.lead()));
        let Some(next) = found.best.and_then(|mv| now.play(mv).ok()) else {
            break;
        };
        game.push(next);
    }
    leads.resize(game.len(), 0.0);
    (game, leads)
}

/// The moves that lead from the first of `positions` to each next one.
fn moves(positions: &[Go]) -> Vec<Move> {
    positions
        .iter()
        .skip(1)
        .map(|go| go.last_move().unwrap_or(Move::Pass))
        .collect()
}

/// What the search made of a listed move: its value for the side to move in tenths of a
/// point, the line after it, and who owns each point after it (for the side to move).
struct Checked {
    mv: Move,
    value: i32,
    line: Vec<Move>,
    owners: Vec<f32>,
}

/// The network's search, with what screening and checking need.
struct Searcher {
    search: Puct,
    rng: SmallRng,
}

impl Searcher {
    fn new() -> io::Result<Searcher> {
        let network = Network::from_bytes(ishi_nn::G170_B6C96)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("the network: {e}")))?;
        let config = Config {
            resign_below: None,
            ..Config::default()
        };
        Ok(Searcher {
            search: Puct::new(config, Arc::new(network)),
            rng: SmallRng::seed_from_u64(0),
        })
    }

    /// The moves worth checking in the last of `positions`: the most visited move of the
    /// screening search and the next [`ALTERNATIVES`] it visited, when the first is a stone
    /// [`go::MARGIN`] ahead of them.
    fn screen(&mut self, positions: &[Go]) -> Option<Vec<Move>> {
        let (go, before) = split(positions)?;
        self.search.clear();
        self.search.search(
            go,
            before,
            Limits::nodes(SCREEN_VISITS),
            &mut self.rng,
            &Stop::new(),
        );
        let children = self.search.root_children();
        let (best, others) = children.split_first()?;
        best.mv.point()?;
        let others: Vec<_> = others
            .iter()
            .filter(|c| c.visits > 0)
            .take(ALTERNATIVES)
            .collect();
        let clear = others
            .iter()
            .all(|c| go::is_unique(tenths(best.score), tenths(c.score)));
        (!others.is_empty() && clear).then(|| {
            std::iter::once(best.mv)
                .chain(others.iter().map(|c| c.mv))
                .collect()
        })
    }

    /// The checking search of `mv` in the last of `positions` with `visits` visits; `None`
    /// when the move ends the game or is illegal.
    fn value(&mut self, positions: &[Go], mv: Move, visits: u64) -> Option<Checked> {
        let child = positions.last()?.play(mv).ok()?;
        if child.is_over() {
            return None;
        }
        let history = &positions[positions.len().saturating_sub(HISTORY)..];
        self.search.clear();
        let found = self.search.search(
            &child,
            history,
            Limits::nodes(visits),
            &mut self.rng,
            &Stop::new(),
        );
        let (_, score) = self.search.root_value()?;
        let owners = self
            .search
            .root_output()?
            .ownership_map()
            .iter()
            .map(|o| -o)
            .collect();
        Some(Checked {
            mv,
            value: -tenths(score),
            line: found.pv,
            owners,
        })
    }

    /// The puzzle the candidates of the last of `positions` make (its source to fill in),
    /// when the checking search confirms the first.
    fn make(&mut self, positions: &[Go], candidates: &[Move], crops: bool) -> Option<Puzzle> {
        let (&first, alternatives) = candidates.split_first()?;
        let answer = self.value(positions, first, CHECK_VISITS)?;
        let go = positions.last()?;
        let answer_point = answer.mv.point()?;
        let mut line: Vec<Point> = std::iter::once(answer_point)
            .chain(answer.line.iter().map_while(|m| m.point()))
            .take(LINE_MOVES)
            .collect();
        let crop = if crops {
            let (crop, kept) = crop_of(go.size(), &line)?;
            line.truncate(kept);
            Some(crop)
        } else {
            None
        };
        let mut others = Vec::new();
        for &mv in alternatives {
            let other = self.value(positions, mv, CHECK_VISITS)?;
            if !go::is_unique(answer.value, other.value) {
                return None;
            }
            others.push(other);
        }
        let second = others.iter().max_by_key(|c| c.value)?;
        let themes = go::themes(go, &line, Some([&answer.owners, &second.owners]));
        let local = [
            Theme::Capture,
            Theme::Atari,
            Theme::Escape,
            Theme::Ko,
            Theme::Living,
            Theme::Killing,
        ];
        if crops && !themes.iter().any(|t| local.contains(t)) {
            return None;
        }
        let mut values: Vec<(Move, i32)> = std::iter::once(&answer)
            .chain(&others)
            .map(|c| (c.mv, c.value))
            .collect();
        values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        let (_, before) = split(positions)?;
        let rating = difficulty::rating(&mut self.search, go, before, answer_point, line.len());
        Some(Puzzle {
            game: Record::new(go.size(), RULES, moves(positions)).ok()?,
            values,
            line,
            rating,
            themes,
            crop,
            source: String::new(),
        })
    }

    /// Whether `puzzle` holds with the checking search of `visits` visits: its answer
    /// [`go::MARGIN`] ahead of every listed move, the values within [`TOLERANCE`] of the
    /// library's.
    fn recheck(&mut self, puzzle: &Puzzle, visits: u64) -> Result<(), String> {
        let positions = puzzle.game.positions();
        let mut values = Vec::new();
        for &(mv, said) in &puzzle.values {
            let checked = self
                .value(&positions, mv, visits)
                .ok_or_else(|| format!("{mv} ends the game"))?;
            if (checked.value - said).abs() > TOLERANCE {
                return Err(format!(
                    "{mv} is worth {:+.1}, the library says {:+.1}",
                    f64::from(checked.value) / 10.0,
                    f64::from(said) / 10.0
                ));
            }
            values.push(checked.value);
        }
        let (answer, others) = values.split_first().ok_or("no values")?;
        match others.iter().max() {
            Some(&second) if go::is_unique(*answer, second) => Ok(()),
            _ => Err(format!(
                "the answer is no longer {} points ahead: {values:?} (tenths)",
                go::MARGIN / 10
            )),
        }
    }
}

/// The last of `positions` and the ones the network reads before it.
fn split(positions: &[Go]) -> Option<(&Go, &[Go])> {
    let (go, before) = positions.split_last()?;
    Some((go, &before[before.len().saturating_sub(HISTORY)..]))
}

/// Points as tenths of a point, rounded.
fn tenths(points: f32) -> i32 {
    (points * 10.0).round() as i32
}

/// The regions a crop puzzle of a `size` board may show: the four corners (9 by 9), then
/// the four sides (8 deep, 13 wide). On 19x19 they leave the centre's 3 by 3 points out.
fn regions(size: usize) -> Vec<Crop> {
    let last = size as u8 - 1;
    let rect = |c0: u8, r0: u8, c1: u8, r1: u8| {
        Some(Crop {
            from: Point::new(c0, r0)?,
            to: Point::new(c1, r1)?,
        })
    };
    let (corner, deep, wide) = (8, 7, 12);
    let middle = (last - wide) / 2;
    [
        rect(0, 0, corner, corner),
        rect(last - corner, 0, last, corner),
        rect(0, last - corner, corner, last),
        rect(last - corner, last - corner, last, last),
        rect(middle, 0, middle + wide, deep),
        rect(middle, last - deep, middle + wide, last),
        rect(0, middle, deep, middle + wide),
        rect(last - deep, middle, last, middle + wide),
    ]
    .into_iter()
    .flatten()
    .filter(|c| c.fits(size))
    .collect()
}

/// The region for the line `line` (from the answer) on a `size` board: the first that holds
/// the answer and the longest start of the line, with that length; `None` when none keeps
/// [`CROP_LINE`] moves (or the whole line, when shorter).
fn crop_of(size: usize, line: &[Point]) -> Option<(Crop, usize)> {
    let (crop, kept) = regions(size)
        .into_iter()
        .map(|c| (c, line.iter().take_while(|&&p| c.contains(p)).count()))
        .fold(None, |best: Option<(Crop, usize)>, (c, k)| match best {
            Some((_, b)) if b >= k => best,
            _ => Some((c, k)),
        })?;
    (kept >= CROP_LINE.min(line.len()).max(1)).then_some((crop, kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(names: &[&str]) -> Vec<Point> {
        names.iter().map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn a_crop_is_the_first_region_that_keeps_the_most_of_the_line() {
        let regions = regions(19);
        assert_eq!(regions.len(), 8);
        assert_eq!(regions[0].to_string(), "A1-J9");
        let (crop, kept) = crop_of(19, &points(&["C3", "D3", "C4", "R16"])).unwrap();
        assert_eq!((crop.to_string().as_str(), kept), ("A1-J9", 3));
        let (crop, kept) = crop_of(19, &points(&["K2", "K3", "L3", "L9"])).unwrap();
        assert_eq!((crop.to_string().as_str(), kept), ("D1-Q8", 3));
        // The centre is in no region; a line that leaves its region at once is too short.
        assert_eq!(crop_of(19, &points(&["K10", "L10"])), None);
        assert_eq!(crop_of(19, &points(&["C3", "K10", "C4"])), None);
        assert_eq!(crop_of(19, &points(&["C3"])), Some((regions[0], 1)));
    }
}
