//! `analyze`: a whole game record analysed move by move with `ishi-analysis`, one line a move
//! as soon as it is judged, then each player's summary; or one JSON document; and the game
//! written back as SGF with the analysis in comments and marks.
//!
//! One engine serves the whole game (Othello's `Engine` and its table, Go's search on KataGo's
//! network or, with `--engine mcts`, Monte Carlo's, and its tree), so each position's search
//! starts from what the last one found. The record is read
//! and replayed in full before the first search: a file that is not a game, or has an illegal
//! move, is reported and nothing is analysed.

mod annotate;
mod input;
mod output;

use std::fmt::Display;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::{Args, ValueEnum};
use ishi_ai::Stop;
use ishi_ai::go::GoModels;
use ishi_ai::othello::{Engine, Weights};
use ishi_analysis::go::network;
use ishi_analysis::{Analysis, Class, OTHELLO, Review, Thresholds, go, othello, summarize};
use ishi_records::GoRecord;
use ishi_rules::go::{Go, Setup};
use ishi_rules::{Game, IllegalReason, Move};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use input::{OthelloGame, Record};
use output::{Budget, Report};

/// Options of `analyze`.
#[derive(Args, Debug)]
pub(crate) struct AnalyzeArgs {
    /// The game: SGF (Go), GGF or a transcript such as f5d6c3 (Othello; after a board string
    /// line when it does not start from the standard position). `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// How hard to look at each position (`ishi-analysis`'s budgets).
    #[arg(long, value_enum, default_value_t = Preset::Quick)]
    budget: Preset,
    /// Othello: nodes a position in the midgame, instead of the budget's.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Go: the search: KataGo's network (values in points of score, the win rate beside
    /// them) or Monte Carlo (values in win rate).
    #[arg(long, value_enum, default_value_t = GoEngine::Network)]
    engine: GoEngine,
    /// Go with the network: visits a position, instead of the budget's.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    visits: Option<u64>,
    /// Go with Monte Carlo: playouts a position, instead of the budget's.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,
    /// Print one JSON document at the end instead of the lines (see the fields above).
    #[arg(long)]
    json: bool,
    /// Also write the game to OUT as SGF, annotated: each move's comment gets its value, the
    /// best move and its value, the loss and the class (after the comment the record had),
    /// and a mark that Sabaki and KaTrain show: BM[2] (very bad move) for a blunder, BM[1]
    /// for a mistake, DO[] (doubtful) for an inaccuracy, TE[1] (tesuji) for a best move that
    /// every other move would have made a mistake or worse (not in Othello's solved endgame,
    /// where only the best and the played moves are valued). Good moves and other best moves
    /// get no mark, so the marks point at the moves worth a second look; marks the record had
    /// are replaced, its other properties kept. Othello is written FF[4]GM[2] with points
    /// like B[fe] (column, then row, both from a, rows from the top) and passes as B[].
    // The SGF properties above are plain text in `--help`, not links.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(long, value_name = "OUT")]
    sgf: Option<PathBuf>,
}

/// Go's search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum GoEngine {
    /// PUCT on KataGo's network (`ishi_analysis::go::network`).
    Network,
    /// Monte Carlo tree search with playouts (`ishi_analysis::go`).
    Mcts,
}

impl GoEngine {
    /// `network` or `mcts`.
    fn name(self) -> &'static str {
        match self {
            GoEngine::Network => "network",
            GoEngine::Mcts => "mcts",
        }
    }
}

/// A budget of `ishi-analysis`, by name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Preset {
    /// Othello: 1,000,000 nodes, exact from 20 empty squares; Go with the network: 40
    /// visits on 9x9, 24 on 13x13, 12 on 19x19; Go with Monte Carlo: 2,000 playouts on 9x9,
    /// 1,500 on 13x13, 1,000 on 19x19.
    Quick,
    /// Othello: 4,000,000 nodes, exact from 22 empty squares; Go: four times the quick
    /// budget's visits, five times its playouts.
    Deep,
}

impl Preset {
    /// `quick` or `deep`.
    fn name(self) -> &'static str {
        match self {
            Preset::Quick => "quick",
            Preset::Deep => "deep",
        }
    }
}

/// What a game's values are counted in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    /// Othello: the final disc margin for the player to move.
    Discs,
    /// Go with Monte Carlo: the mover's win rate, in points from 0 to 100.
    WinRate,
    /// Go with the network: the mover's expected score, in points, the win rate beside it.
    Score,
}

impl Unit {
    /// A value as the lines show it: `-2.10` or `+4=` (exact) in discs, `62.3%` for a win
    /// rate, `+3.5` points of score.
    pub(crate) fn value(self, value: f32, exact: bool) -> String {
        match (self, exact) {
            (Unit::Discs, true) => format!("{:+}=", value.round() as i32),
            (Unit::Discs, false) => format!("{value:+.2}"),
            (Unit::WinRate, _) => format!("{value:.1}%"),
            (Unit::Score, _) => format!("{value:+.1}"),
        }
    }

    /// A loss as the lines show it: `68` (both values exact) or `2.10` discs, `17.3` win-rate
    /// points, `4.5` points of score.
    pub(crate) fn loss(self, loss: f32, exact: bool) -> String {
        match (self, exact) {
            (Unit::Discs, true) => format!("{}", loss.round() as i32),
            (Unit::Discs, false) => format!("{loss:.2}"),
            (Unit::WinRate | Unit::Score, _) => format!("{loss:.1}"),
        }
    }

    /// The unit's name in a summary: `discs`, `points` (of win rate) or `points of score`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Unit::Discs => "discs",
            Unit::WinRate => "points",
            Unit::Score => "points of score",
        }
    }
}

/// One move of the game judged against the best move of its position.
#[derive(Debug)]
pub(crate) struct Judged<M> {
    /// The move's number in the game, from 1, passes counted.
    pub(crate) number: usize,
    /// The played move against the best one.
    pub(crate) review: Review<M>,
    /// The played move's value is proved by the solver (Othello).
    pub(crate) played_exact: bool,
    /// The best move's value is proved by the solver (Othello).
    pub(crate) best_exact: bool,
    /// An Othello pass, which is always forced: shown, but not in the summary.
    pub(crate) forced: bool,
    /// The best move, and every other move would have lost a mistake's worth or more (the
    /// `TE` mark). Needs the other moves' values: the exact Othello endgame solves only the
    /// best move and the played one, so no move there is marked so.
    pub(crate) only_move: bool,
}

/// `played` judged in `analysis` (its move number `number`) with `thresholds`.
fn judge<M: Copy + PartialEq + Display>(
    number: usize,
    analysis: &Analysis<M>,
    played: M,
    thresholds: &Thresholds,
    forced: bool,
) -> io::Result<Judged<M>> {
    let review = analysis.review_with(played, thresholds).ok_or_else(|| {
        io::Error::other(format!("move {number} ({played}) could not be analysed"))
    })?;
    let played_exact = analysis.candidate(played).is_some_and(|c| c.exact);
    let best_exact = analysis.best().is_some_and(|c| c.exact);
    let second = analysis
        .candidates
        .iter()
        .filter(|c| c.mv != played)
        .map(|c| c.value)
        .max_by(f32::total_cmp);
    let only_move = !forced
        && review.class == Class::Best
        && second.is_some_and(|v| thresholds.class(review.played_value - v) >= Class::Mistake);
    Ok(Judged {
        number,
        review,
        played_exact,
        best_exact,
        forced,
        only_move,
    })
}

/// `1 move`, `2 moves`.
pub(crate) fn moves(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// `text` as an error of the input named `name`, with nothing analysed.
fn invalid(name: &str, text: impl Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("{name}: {text}"))
}

/// The bytes of `path`, or of standard input for `-`.
fn read_input(path: &Path, name: &str) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        io::stdin().lock().read_to_end(&mut bytes)
    } else {
        File::open(path).and_then(|mut file| file.read_to_end(&mut bytes))
    };
    read.map_err(|e| io::Error::new(e.kind(), format!("cannot read {name}: {e}")))?;
    Ok(bytes)
}

/// Analyses the game of `args.file` and prints the lines, or the JSON document, to `out`;
/// writes the annotated SGF when asked.
///
/// # Errors
///
/// A file that cannot be read; [`io::ErrorKind::InvalidData`] for a file that is not a game
/// or holds an illegal move (the message names the file and where), or for an option of the
/// other game; an SGF file that cannot be created; failures to write.
pub(crate) fn run(args: &AnalyzeArgs, out: impl Write) -> io::Result<()> {
    let name = if args.file.as_os_str() == "-" {
        "standard input".to_owned()
    } else {
        args.file.display().to_string()
    };
    let bytes = read_input(&args.file, &name)?;
    let record = input::read(&bytes).map_err(|e| invalid(&name, e))?;
    let wrong_option = match (&record, args.engine) {
        (Record::Othello(_), _) => (args.playouts.map(|_| "--playouts"))
            .or(args.visits.map(|_| "--visits"))
            .map(|_| "--playouts and --visits are for Go, and this is an Othello game"),
        (Record::Go(_), _) if args.nodes.is_some() => {
            Some("--nodes is for Othello, and this is a Go game")
        }
        (Record::Go(_), GoEngine::Network) => args
            .playouts
            .map(|_| "--playouts is for --engine mcts: the network's budget is --visits"),
        (Record::Go(_), GoEngine::Mcts) => args
            .visits
            .map(|_| "--visits is for the network: Monte Carlo's budget is --playouts"),
    };
    if let Some(text) = wrong_option {
        return Err(invalid(&name, text));
    }
    if let Record::Othello(game) = &record
        && args.sgf.is_some()
        && game.positions.first().is_some_and(|p| !p.shape().is_full())
    {
        let text = "this board has holes, which SGF cannot show: drop --sgf";
        return Err(invalid(&name, text));
    }
    let sgf = match &args.sgf {
        Some(path) if path.as_os_str() == "-" => {
            return Err(invalid(
                "--sgf",
                "needs a file: standard output has the analysis",
            ));
        }
        Some(path) => {
            let file = File::create(path).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
            })?;
            Some(file)
        }
        None => None,
    };
    match record {
        Record::Othello(game) => run_othello(args, &game, out, sgf),
        Record::Go(record) => run_go(args, &record, out, sgf),
    }
}

/// Analyses an Othello game with one engine for all its positions.
fn run_othello(
    args: &AnalyzeArgs,
    game: &OthelloGame,
    out: impl Write,
    sgf: Option<File>,
) -> io::Result<()> {
    let preset = othello::Budget::of(args.budget == Preset::Deep);
    let budget = othello::Budget {
        nodes: args.nodes.unwrap_or(preset.nodes),
        ..preset
    };
    let size = game.positions.first().map_or(8, |p| p.shape().size());
    let heading = format!(
        "Othello {size}x{size}, {}; budget {}: {} nodes a position, exact from {} empties",
        moves(game.moves.len()),
        args.budget.name(),
        budget.nodes,
        budget.exact_empties
    );
    let mut report = Report::new(out, args.json, Unit::Discs);
    report.start(&heading)?;
    let mut engine = Engine::new(Arc::new(Weights::embedded()));
    let stop = Stop::new();
    let mut judged = Vec::with_capacity(game.moves.len());
    for (i, (&mv, position)) in game.moves.iter().zip(&game.positions).enumerate() {
        let analysis = othello::analyse(&mut engine, position, Some(mv), budget, &stop);
        let one = judge(i + 1, &analysis, mv, &OTHELLO, mv == Move::Pass)?;
        report.add(&one)?;
        judged.push(one);
    }
    let budget = Budget::Othello {
        preset: args.budget.name(),
        nodes: budget.nodes,
        exact_empties: budget.exact_empties,
    };
    report.finish("othello", budget, &judged)?;
    match sgf {
        Some(mut file) => file.write_all(annotate::othello(game, &judged).to_string().as_bytes()),
        None => Ok(()),
    }
}

/// The seed of Go's searches: the same file gives the same analysis.
const GO_SEED: u64 = 0;
/// The positions before a Go position that the network reads.
const GO_HISTORY: usize = 5;

/// Go's search for a whole game, with its budget.
enum GoSearch {
    /// On KataGo's network.
    Network(Box<ishi_ai::go::puct::Puct>, network::Budget),
    /// Monte Carlo.
    Mcts(Box<ishi_ai::go::Mcts>, go::Budget),
}

/// Analyses a Go game with one tree search for all its positions.
fn run_go(
    args: &AnalyzeArgs,
    record: &GoRecord,
    out: impl Write,
    sgf: Option<File>,
) -> io::Result<()> {
    let deep = args.budget == Preset::Deep;
    let preset = args.budget.name();
    let models = GoModels::embedded();
    let (mut search, per_position, unit, budget) = match (args.engine, models.network) {
        (GoEngine::Network, Some(network)) => {
            let visits =
                (args.visits).unwrap_or(network::Budget::for_board(record.size, deep).visits);
            let puct = network::engine(network);
            let per_position = format!("{visits} visits a position on KataGo's network");
            let budget = Budget::GoNetwork {
                preset,
                engine: GoEngine::Network.name(),
                visits,
            };
            let search = GoSearch::Network(Box::new(puct), network::Budget { visits });
            (search, per_position, Unit::Score, budget)
        }
        (GoEngine::Mcts, _) | (GoEngine::Network, None) => {
            let playouts =
                (args.playouts).unwrap_or(go::Budget::for_board(record.size, deep).playouts);
            let mcts = go::engine(models.moves);
            let per_position = format!("{playouts} playouts a position");
            let budget = Budget::Go {
                preset,
                engine: GoEngine::Mcts.name(),
                playouts,
            };
            let search = GoSearch::Mcts(Box::new(mcts), go::Budget { playouts });
            (search, per_position, Unit::WinRate, budget)
        }
    };
    let heading = format!(
        "Go {size}x{size}, komi {}, {}; budget {preset}: {per_position}",
        record.rules.komi,
        moves(record.moves.len()),
        size = record.size,
    );
    let mut report = Report::new(out, args.json, unit);
    report.start(&heading)?;
    // The record was replayed when read: these errors cannot come, but are reported if they do.
    let broken = |e: &dyn Display| io::Error::other(format!("the record cannot be replayed: {e}"));
    let mut position = record.start().map_err(|e| broken(&e))?;
    let mut before: Vec<Go> = Vec::with_capacity(GO_HISTORY + 1);
    let mut rng = SmallRng::seed_from_u64(GO_SEED);
    let stop = Stop::new();
    let mut judged = Vec::with_capacity(record.moves.len());
    for (i, m) in record.moves.iter().enumerate() {
        // As `GoRecord::replay`: a player moving twice, or after two passes, moves from a
        // new setup of the position with that player to move, whose history is its own.
        if position.turn() != m.player || position.check(m.mv) == Err(IllegalReason::GameOver) {
            let setup = Setup {
                turn: m.player,
                ..position.setup()
            };
            position = Go::from_setup(&setup).map_err(|e| broken(&e))?;
            before.clear();
        }
        let analysis = match &mut search {
            GoSearch::Network(puct, budget) => network::analyse(
                puct,
                &position,
                &before,
                Some(m.mv),
                *budget,
                &mut rng,
                &stop,
            ),
            GoSearch::Mcts(mcts, budget) => {
                go::analyse(mcts, &position, Some(m.mv), *budget, &mut rng, &stop)
            }
        };
        let one = judge(i + 1, &analysis, m.mv, analysis.go_thresholds(), false)?;
        report.add(&one)?;
        judged.push(one);
        let next = position.play(m.mv).map_err(|e| broken(&e))?;
        before.push(std::mem::replace(&mut position, next));
        if before.len() > GO_HISTORY {
            before.remove(0);
        }
    }
    report.finish("go", budget, &judged)?;
    match sgf {
        Some(mut file) => {
            let annotated = annotate::go(record, &judged, unit);
            file.write_all(annotated.to_sgf().as_bytes())
        }
        None => Ok(()),
    }
}

/// Each player's summary of the moves judged, forced passes left out.
fn summary<M>(judged: &[Judged<M>]) -> ishi_rules::ByColor<ishi_analysis::Summary> {
    summarize(judged.iter().filter(|j| !j.forced).map(|j| &j.review))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_in_each_game_s_unit() {
        assert_eq!(Unit::Discs.value(4.0, true), "+4=");
        assert_eq!(Unit::Discs.value(-64.0, true), "-64=");
        assert_eq!(Unit::Discs.value(-2.1, false), "-2.10");
        assert_eq!(Unit::Discs.loss(68.0, true), "68");
        assert_eq!(Unit::WinRate.value(62.34, false), "62.3%");
        assert_eq!(Unit::WinRate.loss(17.26, false), "17.3");
        assert_eq!(Unit::Score.value(3.54, false), "+3.5");
        assert_eq!(Unit::Score.value(-12.0, false), "-12.0");
        assert_eq!(Unit::Score.loss(4.52, false), "4.5");
        assert_eq!(
            (moves(1), moves(2)),
            ("1 move".to_owned(), "2 moves".to_owned())
        );
    }

    #[test]
    fn the_budgets_the_help_names_are_the_crate_s() {
        // The help of --budget gives these figures: keep it true.
        let quick = (othello::Budget::QUICK, go::Budget::QUICK.playouts);
        assert_eq!(
            (quick.0.nodes, quick.0.exact_empties, quick.1),
            (1_000_000, 20, 2_000)
        );
        let deep = (othello::Budget::DEEP, go::Budget::DEEP.playouts);
        assert_eq!(
            (deep.0.nodes, deep.0.exact_empties, deep.1),
            (4_000_000, 22, 10_000)
        );
        let quick_by_size = [9, 13, 19].map(|n| go::Budget::for_board(n, false).playouts);
        assert_eq!(quick_by_size, [2_000, 1_500, 1_000]);
        assert_eq!(go::Budget::for_board(19, true).playouts, 5_000);
        let visits = [9, 13, 19].map(|n| network::Budget::for_board(n, false).visits);
        assert_eq!(visits, [40, 24, 12]);
        assert_eq!(network::Budget::for_board(19, true).visits, 48);
    }
}
