//! `ishi-cli`: Ishi in a terminal.
//!
//! Play Othello or Go against a person or the computer, serve either game to GUIs and match
//! tools over GTP (and Othello over NBoard), run matches between engines, analyse a game
//! record move by move, and count perft or solve Othello endgames. Every command reads plain
//! text and works from a pipe, so scripted games double as tests.

mod analyze;
mod ggf;
mod gtp;
mod matches;
mod nboard;
mod othello;
mod play;

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use ishi_ai::LevelId;
use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_rules::ByColor;

/// Ishi (石) in a terminal; `--help` opens with the package description.
#[derive(Parser, Debug)]
#[command(name = "ishi-cli", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game in the terminal.
    #[command(subcommand)]
    Play(PlayCommand),
    /// Othello tools for engine developers.
    #[command(subcommand)]
    Othello(OthelloCommand),
    /// Run as a GTP version 2 engine on standard input and output: Go, or Othello.
    ///
    /// For GUIs (Sabaki, GoGui, Quarry), match tools and scripts. The Go engine also knows
    /// GNU Go's list_stones and is_legal, and kata-set-rules / kata-get-rules to choose the
    /// rules: japanese (the default), chinese or tromp-taylor. With --game othello it speaks
    /// GTP as Edax and gtp-rhino do: squares a1-h8 with rows from the top, Black first.
    Gtp(GtpArgs),
    /// Run as an Othello engine speaking the NBoard protocol on standard input and output.
    ///
    /// For the NBoard GUI and others that drive Edax this way: nboard, set depth, set game
    /// (GGF), set contempt, move, hint, go, analyze, ping, learn, quit. "set depth N" searches
    /// N plies in the midgame and solves exactly from 2N empty squares (at most 20). Errors
    /// go to standard error as "Error: ..." lines, and change nothing.
    Nboard,
    /// Play Othello or Go games between two players, alternating colours, and count the wins.
    ///
    /// A player is Ishi at a level in this process (ishi:LEVEL) or a GTP engine's command
    /// line. Ishi referees: it checks every move and counts the finished games (Go: dead
    /// stones read from playouts). Prints the players, one line per game, then the tally
    /// with its 95% interval. --ladder plays each of Ishi's levels against the one below.
    /// --sprt ELO0,ELO1 tests a change as chess engines do: a sequential probability ratio
    /// test on the pairs of games, which stops the match as soon as it decides.
    Match(matches::MatchArgs),
    /// Analyse a game record move by move: each move's value, the best move's, the loss and
    /// its class.
    ///
    /// FILE is a Go game in SGF (replayed from its setup or handicap), or an Othello game in
    /// GGF or as a transcript. Each position is searched in turn, one engine for the whole
    /// game so that each search helps the next, and each move's line is printed as soon as it
    /// is judged: its number, its player (B or W), the move played and its value for that
    /// player, the best move and its value, the loss, and the class: best, good, inaccuracy,
    /// mistake or blunder. Othello values are final disc margins with best play (+4= proved
    /// by the solver, -2.10 an estimate), and a move that loses 2 discs or more is an
    /// inaccuracy, 4 a mistake, 8 a blunder; Go values are the player's win rate, and the
    /// classes start at 3, 7 and 15 points of it. Then a line for each player: moves, mean
    /// loss, moves of each class. An Othello pass is always forced:
    /// its line is shown (class best) but the summary leaves it out, as there was no choice.
    /// Go's playouts are seeded: the same file gives the same analysis.
    ///
    /// --json prints one JSON document at the end instead: "game" ("othello" or "go"),
    /// "budget" ("preset", then "nodes" and "exact_empties" for Othello, "playouts" for Go),
    /// "moves" (one object a move: "number" from 1, passes counted; "player", "B" or "W";
    /// "played" and "best", moves as f5, D4 or pass; "value" and "best_value", in discs or
    /// win-rate points from 0 to 100, for the player; "loss", never negative; "class";
    /// "exact" and "best_exact", whether each value is proved; "forced", an Othello pass) and
    /// "summary" ("black" and "white", each with "moves", "mean_loss" and "classes": the count
    /// of each class by name).
    Analyze(analyze::AnalyzeArgs),
}

/// Options of `gtp`.
#[derive(Args, Debug)]
struct GtpArgs {
    /// The game: go or othello.
    #[arg(long, value_enum, default_value_t = matches::GameKind::Go)]
    game: matches::GameKind,
    /// Seed for the engine's random choices, to reproduce a game.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// Strength. Go: random, mcts-100, mcts-500, mcts-2000, mcts-8000 or mcts-30000
    /// (playouts a move). Othello: random, naive, minimax-4, casual, club, expert or master.
    /// Without it the engine plays its strongest level, or at full strength by the clock when
    /// the controller sends time_settings.
    #[arg(long, value_name = "ID")]
    level: Option<String>,
    /// Go: playouts a move, instead of the level's or the clock's (time limits still cap
    /// them).
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

#[derive(Subcommand, Debug)]
enum PlayCommand {
    /// Play Othello: type a square like "f5" (also "F5" or "5f") to place a disc.
    ///
    /// At the prompt, "moves" lists the legal moves, "undo" takes back your last move (and the
    /// computer's answer), "help" lists the commands and "quit" ends the game. A player with no
    /// legal move passes automatically. End of input ends the game cleanly.
    Othello(OthelloPlay),
    /// Play Go: type a point like "D4" (columns A-T without I, rows from the bottom).
    ///
    /// At the prompt, "pass" passes, "resign" resigns, "undo" takes back your last move (and
    /// the computer's answer), "moves" lists the legal moves and "quit" ends. After two passes
    /// the dead stones are guessed; type a point of a chain to mark or unmark it, then "done"
    /// for the score. End of input ends the game cleanly.
    Go(GoPlay),
}

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
    /// level: random, mcts-100, mcts-500, mcts-2000, mcts-8000, mcts-30000.
    #[arg(long, value_name = "WHO", default_value = "human")]
    black: String,
    /// Who plays White: human or a computer level (see --black).
    #[arg(long, value_name = "WHO", default_value = "mcts-2000")]
    white: String,
    /// Seed for the computer players, to replay the same game.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
}

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
    plain: bool,
}

/// Who decides the moves of one side of a game whose level ids are `Id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Controller<Id> {
    /// A person typing moves.
    Human,
    /// The computer at a level of the game.
    Computer(Id),
}

impl<Id: LevelId> Controller<Id> {
    /// `human`, or the id of one of the game's levels, in any case.
    fn parse(text: &str) -> Result<Controller<Id>, String> {
        if text.eq_ignore_ascii_case("human") {
            return Ok(Controller::Human);
        }
        text.to_ascii_lowercase()
            .parse::<Id>()
            .map(Controller::Computer)
            .map_err(|e| {
                format!(
                    "{text:?} is neither human nor a computer level ({})",
                    e.known.join(", ")
                )
            })
    }

    /// Black's and White's controllers from the command line's words.
    pub(crate) fn pair(black: &str, white: &str) -> Result<ByColor<Controller<Id>>, String> {
        Ok(ByColor::new(
            Controller::parse(black).map_err(|e| format!("--black: {e}"))?,
            Controller::parse(white).map_err(|e| format!("--white: {e}"))?,
        ))
    }
}

#[derive(Subcommand, Debug)]
enum OthelloCommand {
    /// Count the leaves of the game tree DEPTH plies deep and time it.
    ///
    /// Prints one line: depth=D nodes=N seconds=S nps=X (leaves per second). Forced passes
    /// count as plies and finished games as leaves, the convention of the published counts.
    Perft(othello::perft::PerftArgs),
    /// Solve the positions of an .obf file exactly and time it.
    ///
    /// Prints one line per position: LINE MOVE SCORE nodes=N seconds=S, where SCORE is the
    /// final disc difference for the side to move with best play (empty squares to the
    /// winner), then a total line. A line that is not a position is reported on standard
    /// error with its number and skipped; the exit status is then non-zero.
    Solve(othello::solve::SolveArgs),
}

/// Runs the GTP engine `args` ask for on standard input and output.
fn serve_gtp(args: &GtpArgs) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let (input, output) = (io::stdin().lock(), io::stdout().lock());
    match args.game {
        matches::GameKind::Go => {
            if args.nodes.is_some() {
                return Err(invalid(
                    "--nodes is for Othello; Go counts --playouts".to_owned(),
                ));
            }
            let level = args.level.as_deref().map(str::parse::<GoLevel>).transpose();
            let level = level.map_err(|e| invalid(format!("--level: {e}")))?;
            let mut engine = gtp::go::GoEngine::new(args.seed, level, args.playouts)
                .with_move_time(args.seconds);
            gtp::serve(&mut engine, input, output)
        }
        matches::GameKind::Othello => {
            if args.playouts.is_some() {
                return Err(invalid("--playouts is for Go".to_owned()));
            }
            let level = args
                .level
                .as_deref()
                .map(str::parse::<OthelloLevel>)
                .transpose();
            let level = level.map_err(|e| invalid(format!("--level: {e}")))?;
            let mut engine = gtp::othello::OthelloEngine::new(args.seed, level, args.nodes)
                .with_move_time(args.seconds);
            gtp::serve(&mut engine, input, output)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(PlayCommand::Othello(args)) => {
            let stdin = io::stdin();
            let color =
                !args.plain && io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            play::othello::run(&args, stdin.lock(), io::stdout().lock(), color)
        }
        Command::Play(PlayCommand::Go(args)) => {
            play::go::run(&args, io::stdin().lock(), io::stdout().lock())
        }
        Command::Othello(OthelloCommand::Perft(args)) => {
            othello::perft::run(&args, io::stdout().lock())
        }
        Command::Othello(OthelloCommand::Solve(args)) => {
            othello::solve::run(&args, io::stdout().lock(), io::stderr().lock())
        }
        Command::Nboard => {
            nboard::serve(io::stdin().lock(), io::stdout().lock(), io::stderr().lock())
        }
        Command::Match(args) => matches::run(&args, io::stdout().lock()),
        Command::Analyze(args) => analyze::run(&args, io::stdout().lock()),
        Command::Gtp(args) => serve_gtp(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ishi-cli: {e}");
            ExitCode::FAILURE
        }
    }
}
