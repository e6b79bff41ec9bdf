//! `match`: games of Othello or Go between two players, alternating colours, refereed by Ishi.
//!
//! A player is Ishi at one of its levels, in this process (`ishi:LEVEL`: no process per
//! game, so a ladder of hundreds of games costs only the thinking), or any GTP engine, given
//! as a command line (split on whitespace, no shell) and started once per game. The runner
//! keeps the game itself: a move the rules refuse (or cannot read), a `genmove` refused, or
//! a legal move an engine refuses to be told forfeits the game; `resign` loses it; and the
//! game ends when the rules say so or at the move cap (then counted as it stands). GTP engines are told every move but Othello's passes, which
//! Othello engines make for themselves (gtp-rhino refuses `play black pass`; Edax inserts
//! the pass when the other colour plays).
//!
//! The count is Ishi's: the disc count in Othello (empty squares to the winner); in Go the
//! dead stones read from 1,000 playouts of the final position, then area or territory
//! scoring by the rules. Each GTP engine is also asked for its own `final_score` when a game
//! ends on the board, and the game's line shows both, so that disagreements are seen.
//!
//! Game `2k - 1` and game `2k` start from the same opening (`--opening-plies` random moves,
//! seeded by `--seed` and `k`) with colours swapped, so a lucky opening favours nobody. Go
//! opens with two random moves when both players are Ishi's levels: its network levels are
//! deterministic at a fixed number of visits (the policy's move, a search whose symmetries
//! follow the position's hash), so two of them would play the same two games over and over
//! from the empty board. The
//! tally counts a draw as half a win and gives the Wilson score interval at 95 %.
//!
//! With `--sprt ELO0,ELO1` the match is a sequential test on those pairs (`sprt.rs`), as
//! chess engines test a change: after each pair a line with the log-likelihood ratio, and
//! the match stops as soon as it crosses a bound, `--games` being the most it may play.
//! A ladder takes no `--sprt`: its pairs of levels are measured, not tested.

mod go;
mod gtp_client;
mod othello;
mod sprt;

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use ishi_ai::{Level, LevelId, Limits, random_move};
use ishi_rules::{ByColor, Game, Player};
use ishi_scoring::{GameResult, WinBy};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::args::GameKind;
use gtp_client::GtpClient;
use sprt::{Hypotheses, Pentanomial, Sprt};

/// Options of `match`.
#[derive(Args, Debug, Clone)]
pub(crate) struct MatchArgs {
    /// The game: go or othello.
    #[arg(long, value_enum, default_value_t = GameKind::Go)]
    game: GameKind,
    /// The first player: ishi:LEVEL (in this process, e.g. ishi:master or ishi:net-128) or a
    /// GTP engine's command line, e.g. "gnugo --mode gtp --level 10".
    #[arg(long, value_name = "PLAYER", required_unless_present = "ladder")]
    engine_a: Option<String>,
    /// The second player (see --engine-a).
    #[arg(long, value_name = "PLAYER", required_unless_present = "ladder")]
    engine_b: Option<String>,
    /// Play Ishi's ladder instead: every level of the game against the level below it, in
    /// this process, --games games each, then a summary.
    #[arg(long, conflicts_with_all = ["engine_a", "engine_b", "seconds_a", "seconds_b", "nodes_a", "nodes_b"])]
    ladder: bool,
    /// The levels of the ladder, weakest first, joined by commas (default: all of the
    /// game's), e.g. to play only the pairs a ladder has not played yet.
    #[arg(long, value_name = "IDS", value_delimiter = ',', requires = "ladder")]
    levels: Vec<String>,
    /// Games to play (per pair in a ladder); the first player takes Black in the odd ones.
    /// With --sprt, the most games the test may take, an even number.
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u32,
    /// Test whether A is ELO1 Elo stronger than B rather than ELO0 (e.g. 0,10) with a
    /// sequential probability ratio test on the pairs of games, and stop when it decides.
    #[arg(
        long,
        value_name = "ELO0,ELO1",
        allow_hyphen_values = true,
        conflicts_with = "ladder"
    )]
    sprt: Option<Hypotheses>,
    /// The test's chance of accepting ELO1 when ELO0 is true.
    #[arg(long, value_name = "P", default_value_t = 0.05, requires = "sprt")]
    sprt_alpha: f64,
    /// The test's chance of accepting ELO0 when ELO1 is true.
    #[arg(long, value_name = "P", default_value_t = 0.05, requires = "sprt")]
    sprt_beta: f64,
    /// Seconds a move for the first player: its search limit in this process, or
    /// `time_settings 0 SECONDS 1` (byo-yomi, one stone a period) for a GTP engine.
    #[arg(long, value_name = "SECONDS")]
    seconds_a: Option<f64>,
    /// Seconds a move for the second player (see --seconds-a).
    #[arg(long, value_name = "SECONDS")]
    seconds_b: Option<f64>,
    /// Nodes (Othello), playouts or visits (Go) a move for the first player, instead of its
    /// level's; only for ishi:LEVEL.
    #[arg(long, value_name = "N")]
    nodes_a: Option<u64>,
    /// Nodes or playouts a move for the second player (see --nodes-a).
    #[arg(long, value_name = "N")]
    nodes_b: Option<u64>,
    /// Random moves that open each pair of games (default: 4 in Othello; in Go 2 between
    /// Ishi's own levels, whose network levels play the same game again from the same
    /// position, and 0 against a GTP engine).
    #[arg(long, value_name = "PLIES")]
    opening_plies: Option<u32>,
    /// Go board side, 5 to 19 (default 9).
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Go rules: japanese, chinese (the default) or tromp-taylor, sent with kata-set-rules to
    /// the engines that know it (tell the others on their command line, e.g. gnugo
    /// --chinese-rules).
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
    /// Go komi in points, a multiple of 0.5 (default: the rules' komi).
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    komi: Option<String>,
    /// Also write the players and each game's moves, the opening included, to FILE (a line
    /// a game, `game N: MOVES`, appended), to replay or inspect the games.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Seed of the openings, of in-process players and of the playouts that count Go games.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,
}

/// One side of a match of a game whose level ids are `Id`.
#[derive(Clone, Debug)]
enum Side<Id> {
    /// Ishi in this process at a level, its limits changed by the side's budget.
    Ishi(Level<Id>),
    /// A GTP engine: its command line, and the seconds a move it is told.
    Gtp {
        command: String,
        seconds: Option<u32>,
    },
}

impl<Id: LevelId> fmt::Display for Side<Id> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::Ishi(level) => {
                write!(f, "ishi:{}", level.id)?;
                let Limits { depth, nodes, time } = level.limits;
                let mut budget = Vec::new();
                if let Some(depth) = depth {
                    budget.push(format!("{depth} plies"));
                }
                if let Some(nodes) = nodes {
                    budget.push(format!("{nodes} nodes or playouts"));
                }
                if let Some(time) = time {
                    budget.push(format!("at most {} s", time.as_secs_f64()));
                }
                if !budget.is_empty() {
                    write!(f, " ({} a move)", budget.join(", "))?;
                }
                Ok(())
            }
            Side::Gtp { command, seconds } => {
                write!(f, "{command}")?;
                if let Some(seconds) = seconds {
                    write!(f, " (time_settings 0 {seconds} 1)")?;
                }
                Ok(())
            }
        }
    }
}

/// What a player answers when asked for a move.
enum Reply<M> {
    Move(M),
    Resign,
}

/// What the runner needs to know of a game.
trait Contest {
    /// A position.
    type Position: Game<Move = Self::Move> + Clone;
    /// A move.
    type Move: Copy + PartialEq + fmt::Display;
    /// What an in-process player keeps during one game.
    type Brain;
    /// The ids of the game's levels, at which Ishi's in-process players play.
    type Level: LevelId;

    /// Random opening plies when the command line says nothing; `in_process` when both
    /// players are Ishi's own levels.
    fn default_opening_plies(&self, in_process: bool) -> u32;
    /// The position every game starts from.
    fn start(&self) -> Self::Position;
    /// Prepares a GTP engine for a new game.
    fn setup(&self, engine: &mut GtpClient) -> io::Result<()>;
    /// A move as GTP writes it for `play`, or `None` when engines are not told of it.
    fn gtp_move(&self, mv: Self::Move) -> Option<String>;
    /// Reads a move from a `genmove` answer (not `resign`).
    fn parse_gtp_move(&self, text: &str) -> Option<Self::Move>;
    /// A new in-process player at `level`.
    fn brain(&self, level: &Level<Self::Level>) -> Self::Brain;
    /// The in-process player's move in `position`, which followed the positions `before`
    /// (oldest first).
    fn think(
        &self,
        brain: &mut Self::Brain,
        level: &Level<Self::Level>,
        position: &Self::Position,
        before: &[Self::Position],
        rng: &mut SmallRng,
    ) -> Reply<Self::Move>;
    /// The most moves a game may last before it is counted as it stands.
    fn move_cap(&self) -> usize;
    /// The result of a game that ended on the board (or at the move cap).
    fn referee(&self, position: &Self::Position, seed: u64) -> GameResult;
}

/// A player seated for one game.
enum Seat<C: Contest> {
    Ishi {
        level: Level<C::Level>,
        brain: C::Brain,
        rng: SmallRng,
    },
    Gtp(GtpClient),
}

/// Seconds spent on moves by one player in one game.
#[derive(Copy, Clone, Debug, Default)]
struct Pace {
    total: f64,
    longest: f64,
    moves: u32,
}

impl Pace {
    fn add(&mut self, spent: Duration) {
        let spent = spent.as_secs_f64();
        self.total += spent;
        self.longest = self.longest.max(spent);
        self.moves += 1;
    }
}

impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mean = self.total / f64::from(self.moves.max(1));
        write!(f, "{mean:.2} s (max {:.2})", self.longest)
    }
}

/// How one game ended.
struct Finished {
    result: GameResult,
    moves: usize,
    note: &'static str,
    /// Each GTP engine's own `final_score`, when the game ended on the board.
    counts: ByColor<Option<String>>,
    pace: ByColor<Pace>,
}

fn seat<C: Contest>(contest: &C, side: &Side<C::Level>, seed: u64) -> io::Result<Seat<C>> {
    match side {
        Side::Ishi(level) => Ok(Seat::Ishi {
            level: *level,
            brain: contest.brain(level),
            rng: SmallRng::seed_from_u64(seed),
        }),
        Side::Gtp { command, seconds } => {
            let mut engine = GtpClient::start(command)?;
            contest.setup(&mut engine)?;
            if let Some(seconds) = seconds {
                engine.must(&format!("time_settings 0 {seconds} 1"))?;
            }
            Ok(Seat::Gtp(engine))
        }
    }
}

/// Tells the GTP engines other than `except` that `player` played `mv`; the colour of an
/// engine that refuses the move (which the referee found legal), if one does.
fn tell<C: Contest>(
    contest: &C,
    seats: &mut ByColor<Seat<C>>,
    except: Option<Player>,
    player: Player,
    mv: C::Move,
) -> io::Result<Option<Player>> {
    let Some(text) = contest.gtp_move(mv) else {
        return Ok(None);
    };
    for color in Player::ALL {
        if Some(color) != except
            && let Seat::Gtp(engine) = &mut seats[color]
            && engine
                .send(&format!("play {} {text}", player.name()))?
                .is_err()
        {
            return Ok(Some(color));
        }
    }
    Ok(None)
}

/// Plays one game between `sides` (Black, White) from `opening`; `record` gets its moves,
/// the opening's first.
fn play_game<C: Contest>(
    contest: &C,
    sides: ByColor<&Side<C::Level>>,
    opening: &[C::Move],
    seed: u64,
    record: &mut Vec<C::Move>,
) -> io::Result<Finished> {
    let mut seats = ByColor::new(
        seat(contest, sides.black, seed)?,
        seat(contest, sides.white, seed.wrapping_add(1))?,
    );
    let mut pace = ByColor::<Pace>::default();
    let mut moves = 0;
    let end = |result, moves, note, pace| Finished {
        result,
        moves,
        note,
        counts: ByColor::default(),
        pace,
    };
    let refused = " (refused a legal move)";
    let mut position = contest.start();
    // The positions before the current one, oldest first.
    let mut before = Vec::new();
    for &mv in opening {
        let player = position.turn();
        before.push(position.clone());
        position.play_unchecked(mv);
        record.push(mv);
        if let Some(refuser) = tell(contest, &mut seats, None, player, mv)? {
            return Ok(end(forfeit(refuser), moves, refused, pace));
        }
    }
    while !position.is_over() && moves < contest.move_cap() {
        let player = position.turn();
        let legal = position.legal_moves();
        let reply = if let [only] = legal[..]
            && contest.gtp_move(only).is_none()
        {
            // A forced move engines are not told of (Othello's pass): nobody is asked.
            Reply::Move(only)
        } else {
            let clock = Instant::now();
            let reply = match ask(contest, &mut seats[player], &position, &before)? {
                Ok(reply) => reply,
                Err(note) => return Ok(end(forfeit(player), moves, note, pace)),
            };
            pace[player].add(clock.elapsed());
            reply
        };
        let mv = match reply {
            Reply::Resign => {
                let result = GameResult::Win {
                    winner: !player,
                    by: WinBy::Resignation,
                };
                return Ok(end(result, moves, "", pace));
            }
            Reply::Move(mv) => mv,
        };
        if !legal.contains(&mv) {
            return Ok(end(forfeit(player), moves, " (illegal move)", pace));
        }
        before.push(position.clone());
        position.play_unchecked(mv);
        record.push(mv);
        moves += 1;
        if let Some(refuser) = tell(contest, &mut seats, Some(player), player, mv)? {
            return Ok(end(forfeit(refuser), moves, refused, pace));
        }
    }
    let note = if position.is_over() {
        ""
    } else {
        " (move cap)"
    };
    let mut finished = end(contest.referee(&position, seed), moves, note, pace);
    for color in Player::ALL {
        if let Seat::Gtp(engine) = &mut seats[color] {
            finished.counts[color] = engine.send("final_score")?.ok();
        }
    }
    Ok(finished)
}

/// Asks the player in `seat` for its move in `position`, which followed `before`: its reply,
/// or why it forfeits (no move, or one that cannot be read), as the game's note.
fn ask<C: Contest>(
    contest: &C,
    seat: &mut Seat<C>,
    position: &C::Position,
    before: &[C::Position],
) -> io::Result<Result<Reply<C::Move>, &'static str>> {
    Ok(match seat {
        Seat::Ishi { level, brain, rng } => Ok(contest.think(brain, level, position, before, rng)),
        Seat::Gtp(engine) => {
            let genmove = format!("genmove {}", position.turn().name());
            let Ok(answer) = engine.send(&genmove)? else {
                return Ok(Err(" (no move)"));
            };
            if answer.eq_ignore_ascii_case("resign") {
                Ok(Reply::Resign)
            } else {
                contest
                    .parse_gtp_move(&answer)
                    .map(Reply::Move)
                    .ok_or(" (unreadable move)")
            }
        }
    })
}

fn forfeit(player: Player) -> GameResult {
    GameResult::Win {
        winner: !player,
        by: WinBy::Forfeit,
    }
}

/// `plies` random moves from the start, the same for the same `seed` and `pair`.
fn opening<C: Contest>(contest: &C, plies: u32, seed: u64, pair: u32) -> Vec<C::Move> {
    let mut rng = SmallRng::seed_from_u64(seed ^ (u64::from(pair) << 32));
    let mut position = contest.start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(mv) = random_move(&position, &mut rng) else {
            break;
        };
        position.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

/// Wins, losses and draws of the first player.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
}

impl Tally {
    fn games(self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The score: wins and half the draws, over the games.
    fn rate(self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Wilson score interval of the rate at 95 %.
    fn interval(self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.rate();
        let z2 = 1.96f64 * 1.96;
        let center = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = (z2 * (p * (1.0 - p) / n + z2 / (4.0 * n * n))).sqrt() / (1.0 + z2 / n);
        ((center - half).max(0.0), (center + half).min(1.0))
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (low, high) = self.interval();
        write!(
            f,
            "A {} - {} B, {} draws: A scores {:.1}% (95% interval {:.1}% to {:.1}%)",
            self.wins,
            self.losses,
            self.draws,
            100.0 * self.rate(),
            100.0 * low,
            100.0 * high,
        )
    }
}

/// Plays `args.games` games between `a` and `b`, a line per game, and returns the tally
/// and the pairs of games by A's score. With `sprt`, a line after each pair, and the
/// series stops when the test decides.
fn series<C: Contest>(
    contest: &C,
    args: &MatchArgs,
    (a, b): (&Side<C::Level>, &Side<C::Level>),
    sprt: Option<&Sprt>,
    out: &mut impl Write,
    mut record: Option<&mut File>,
) -> io::Result<(Tally, Pentanomial)> {
    if let Some(file) = record.as_mut() {
        writeln!(file, "# A: {a}\n# B: {b}")?;
    }
    let in_process = matches!((a, b), (Side::Ishi(_), Side::Ishi(_)));
    let plies = args
        .opening_plies
        .unwrap_or_else(|| contest.default_opening_plies(in_process));
    let mut tally = Tally::default();
    let mut pairs = Pentanomial::default();
    // A's score in the current pair, in half points.
    let mut pair_score = 0;
    for game in 1..=args.games {
        let a_color = if game % 2 == 1 {
            Player::Black
        } else {
            Player::White
        };
        let sides = a_color.fold(ByColor::new(a, b), ByColor::new(b, a));
        let opening = opening(contest, plies, args.seed, game.div_ceil(2));
        let seed = args
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(game) << 1);
        let mut moves = Vec::new();
        let played = play_game(contest, sides, &opening, seed, &mut moves)?;
        if let Some(file) = record.as_mut() {
            let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
            writeln!(file, "game {game}: {}", moves.join(" "))?;
            file.flush()?;
        }
        let verdict = match played.result.winner() {
            Some(winner) if winner == a_color => {
                tally.wins += 1;
                pair_score += 2;
                "A wins"
            }
            Some(_) => {
                tally.losses += 1;
                "B wins"
            }
            None => {
                tally.draws += 1;
                pair_score += 1;
                "draw"
            }
        };
        write!(out, "game {game}: A plays {}, ", a_color.name())?;
        if !opening.is_empty() {
            let moves: Vec<String> = opening.iter().map(ToString::to_string).collect();
            write!(out, "opening {}, ", moves.join(" "))?;
        }
        write!(
            out,
            "{} in {} moves{}: {verdict}",
            played.result, played.moves, played.note
        )?;
        if played.counts.iter().any(|(_, c)| c.is_some()) {
            let count = |p: Player| played.counts[p].clone().unwrap_or_else(|| "-".to_owned());
            write!(
                out,
                "; engines count A {} B {}",
                count(a_color),
                count(!a_color)
            )?;
        }
        writeln!(
            out,
            "; a move: A {} B {}",
            played.pace[a_color], played.pace[!a_color]
        )?;
        out.flush()?;
        if game % 2 == 0 {
            pairs.add(pair_score);
            pair_score = 0;
            if let Some(sprt) = sprt {
                writeln!(out, "{}", sprt.progress(pairs))?;
                out.flush()?;
                // The test can decide only when a pair is complete.
                if sprt.decision(pairs).is_some() {
                    break;
                }
            }
        }
    }
    Ok((tally, pairs))
}

/// The side a `--engine-*` value names, with its budget; `ishi:LEVEL` names a level of
/// the game whose level ids are `Id`.
fn side<Id: LevelId>(
    spec: &str,
    seconds: Option<f64>,
    nodes: Option<u64>,
) -> Result<Side<Id>, String> {
    if let Some(seconds) = seconds
        && !(seconds.is_finite() && seconds > 0.0)
    {
        return Err(format!("{seconds} is not a number of seconds"));
    }
    if let Some(id) = spec.strip_prefix("ishi:") {
        let id = id.parse::<Id>().map_err(|e| e.to_string())?;
        let mut level = *id.level();
        if nodes.is_some() {
            level.limits.nodes = nodes;
        }
        if let Some(seconds) = seconds {
            level.limits.time = Some(Duration::from_secs_f64(seconds));
        }
        return Ok(Side::Ishi(level));
    }
    if nodes.is_some() {
        return Err(format!(
            "a node budget needs a player in this process (ishi:LEVEL), not {spec:?}"
        ));
    }
    let seconds = match seconds {
        Some(s) if s.fract() == 0.0 && s <= f64::from(u32::MAX) => Some(s as u32),
        Some(s) => {
            return Err(format!(
                "GTP takes whole seconds, not {s} (Ishi's GTP engine takes --seconds {s})"
            ));
        }
        None => None,
    };
    Ok(Side::Gtp {
        command: spec.to_owned(),
        seconds,
    })
}

fn run_with<C: Contest>(contest: &C, args: &MatchArgs, mut out: impl Write) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let mut record = match &args.record {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| {
                    io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
                })?,
        ),
        None => None,
    };
    if !args.ladder {
        let (Some(a), Some(b)) = (&args.engine_a, &args.engine_b) else {
            return Err(invalid(
                "--engine-a and --engine-b name the players".to_owned(),
            ));
        };
        let a = side::<C::Level>(a, args.seconds_a, args.nodes_a)
            .map_err(|e| invalid(format!("--engine-a: {e}")))?;
        let b = side::<C::Level>(b, args.seconds_b, args.nodes_b)
            .map_err(|e| invalid(format!("--engine-b: {e}")))?;
        let sprt = args
            .sprt
            .map(|hypotheses| Sprt::new(hypotheses, args.sprt_alpha, args.sprt_beta))
            .transpose()
            .map_err(|e| invalid(format!("--sprt-alpha, --sprt-beta: {e}")))?;
        if sprt.is_some() && args.games % 2 == 1 {
            return Err(invalid(format!(
                "--sprt tests pairs of games: --games must be even, not {}",
                args.games
            )));
        }
        writeln!(out, "# A: {a}\n# B: {b}")?;
        let (tally, pairs) = series(
            contest,
            args,
            (&a, &b),
            sprt.as_ref(),
            &mut out,
            record.as_mut(),
        )?;
        writeln!(out, "{tally}")?;
        if let Some(sprt) = sprt {
            writeln!(out, "{}", sprt.report(pairs))?;
        }
        return Ok(());
    }
    let levels = if args.levels.is_empty() {
        C::Level::levels().to_vec()
    } else {
        args.levels
            .iter()
            .map(|text| {
                let id: C::Level = text
                    .parse()
                    .map_err(|e| invalid(format!("--levels: {e}")))?;
                Ok(*id.level())
            })
            .collect::<io::Result<Vec<_>>>()?
    };
    let mut summary = Vec::new();
    for pair in levels.windows(2) {
        let (below, above) = (Side::Ishi(pair[0]), Side::Ishi(pair[1]));
        writeln!(out, "# A: {above}\n# B: {below}")?;
        let (tally, _) = series(
            contest,
            args,
            (&above, &below),
            None,
            &mut out,
            record.as_mut(),
        )?;
        writeln!(out, "{tally}")?;
        summary.push(format!("{} vs {}: {tally}", pair[1].id, pair[0].id));
    }
    writeln!(out, "# ladder, {} games a pair:", args.games)?;
    for line in summary {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Runs the match (or the ladder) and prints the players, a line per game, then the tally.
///
/// # Errors
///
/// Bad options as [`io::ErrorKind::InvalidInput`]; an engine that cannot be started, stops
/// answering or refuses a setup command; failures to write.
pub(crate) fn run(args: &MatchArgs, out: impl Write) -> io::Result<()> {
    match args.game {
        GameKind::Go => run_with(&go::GoContest::new(args)?, args, out),
        GameKind::Othello => run_with(&othello::OthelloContest::new(args)?, args, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_is_wilsons() {
        let tally = Tally {
            wins: 9,
            losses: 1,
            draws: 0,
        };
        let (low, high) = tally.interval();
        assert!((low - 0.596).abs() < 0.001, "{low}");
        assert!((high - 0.982).abs() < 0.001, "{high}");
        let all = Tally {
            wins: 40,
            losses: 0,
            draws: 0,
        };
        assert!((all.interval().1 - 1.0).abs() < 1e-9);
        assert!((all.interval().0 - 0.912).abs() < 0.001);
        let halves = Tally {
            wins: 1,
            losses: 1,
            draws: 2,
        };
        assert_eq!(halves.rate(), 0.5);
        assert_eq!(
            halves.to_string(),
            "A 1 - 1 B, 2 draws: A scores 50.0% (95% interval 15.0% to 85.0%)"
        );
    }
}
