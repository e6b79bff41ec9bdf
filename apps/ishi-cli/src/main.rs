//! `ishi-cli`: Ishi in a terminal.
//!
//! Play Othello against a friend or the computer, and count perft from the command line. Every
//! command reads plain text and works from a pipe, so scripted games double as tests.

mod go_play;
mod go_score;
mod gtp;
mod gtp_go;
mod othello_play;
mod perft;
mod terminal;

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Ishi (石): Othello in the terminal, on the standard board and on variant boards.
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
    /// Run as a Go engine speaking GTP version 2 on standard input and output.
    ///
    /// For GUIs (Sabaki, GoGui, Quarry), match tools and scripts. Besides the standard commands
    /// it knows GNU Go's list_stones and is_legal, and kata-set-rules / kata-get-rules to
    /// choose the rules: japanese (the default), chinese or tromp-taylor.
    Gtp(GtpArgs),
}

/// Options of `gtp`.
#[derive(Args, Debug)]
struct GtpArgs {
    /// Seed for the engine's random choices, to reproduce a game.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
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
    /// Who plays Black (moves first, or second after handicap stones).
    #[arg(long, value_enum, default_value_t = Controller::Human)]
    black: Controller,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Controller::Random)]
    white: Controller,
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
    /// Who plays Black (moves first).
    #[arg(long, value_enum, default_value_t = Controller::Human)]
    black: Controller,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Controller::Random)]
    white: Controller,
    /// Seed for the computer players, to replay the same game.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// Draw the board with plain ASCII characters and no colours, even on a terminal.
    #[arg(long)]
    plain: bool,
}

/// Who decides the moves of one side.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Controller {
    /// A person typing moves.
    Human,
    /// The computer, choosing uniformly among the legal moves.
    Random,
}

#[derive(Subcommand, Debug)]
enum OthelloCommand {
    /// Count the leaves of the game tree DEPTH plies deep and time it.
    ///
    /// Prints one line: depth=D nodes=N seconds=S nps=X (leaves per second). Forced passes
    /// count as plies and finished games as leaves, the convention of the published counts.
    Perft(perft::PerftArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(PlayCommand::Othello(args)) => {
            let stdin = io::stdin();
            let color =
                !args.plain && io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            othello_play::run(&args, stdin.lock(), io::stdout().lock(), color)
        }
        Command::Play(PlayCommand::Go(args)) => {
            go_play::run(&args, io::stdin().lock(), io::stdout().lock())
        }
        Command::Othello(OthelloCommand::Perft(args)) => perft::run(&args, io::stdout().lock()),
        Command::Gtp(args) => gtp::serve(
            &mut gtp_go::GoEngine::new(args.seed),
            io::stdin().lock(),
            io::stdout().lock(),
        ),
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
