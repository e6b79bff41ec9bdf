//! `ishi-cli`: Ishi in a terminal.
//!
//! Play Othello or Go against a person or the computer, serve either game to GUIs and match
//! tools over GTP (and Othello over NBoard), run matches between engines, analyse a game
//! record move by move, and count perft or solve Othello endgames. Every command reads plain
//! text and works from a pipe, so scripted games double as tests.
//!
//! This file parses the command line and hands each subcommand to its module, which owns its
//! options: `play/`, `othello/`, `go/`, `gtp/`, `nboard/`, `matches/` (`match`) and `analyze/`.
//! `args.rs` holds the options several subcommands share.

mod analyze;
mod args;
mod go;
mod gtp;
mod matches;
mod nboard;
mod othello;
mod play;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    Play(play::PlayCommand),
    /// Othello tools for engine developers.
    #[command(subcommand)]
    Othello(othello::OthelloCommand),
    /// Go tools: what the network thinks of a position, and the Go puzzle library.
    #[command(subcommand)]
    Go(go::GoCommand),
    /// Run as a GTP version 2 engine on standard input and output: Go, or Othello.
    ///
    /// For GUIs (Sabaki, GoGui, Quarry), match tools and scripts. The Go engine also knows
    /// GNU Go's list_stones and is_legal, and kata-set-rules / kata-get-rules to choose the
    /// rules: japanese (the default), chinese or tromp-taylor. With --game othello it speaks
    /// GTP as Edax and gtp-rhino do: squares a1-h8 with rows from the top, Black first.
    Gtp(gtp::GtpArgs),
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
    /// inaccuracy, 4 a mistake, 8 a blunder. Go values are, on KataGo's network (the
    /// default), the player's expected score in points, +3.5 ahead or -2.0 behind, and a move
    /// that loses 1 point or more is an inaccuracy, 3 a mistake, 6 a blunder; the line ends
    /// with the move's win rate and what it lost of it. With --engine mcts they are the
    /// player's win rate, and the classes start at 3, 7 and 15 points of it. Then a line for
    /// each player: moves, mean loss, moves of each class. An Othello pass is always forced:
    /// its line is shown (class best) but the summary leaves it out, as there was no choice.
    /// Go's searches are seeded: the same file gives the same analysis.
    ///
    /// --json prints one JSON document at the end instead: "game" ("othello" or "go"),
    /// "budget" ("preset", then "nodes" and "exact_empties" for Othello, "engine" and
    /// "visits" ("network") or "playouts" ("mcts") for Go),
    /// "moves" (one object a move: "number" from 1, passes counted; "player", "B" or "W";
    /// "played" and "best", moves as f5, D4 or pass; "value" and "best_value", in discs or
    /// points of score (Go on the network) or win-rate points from 0 to 100 (Go with Monte
    /// Carlo), for the player; "loss", never negative; "class"; "exact" and "best_exact",
    /// whether each value is proved; "forced", an Othello pass; "win_rate" and
    /// "win_rate_loss", Go on the network: the move's win rate and what it lost of it) and
    /// "summary" ("black" and "white", each with "moves", "mean_loss" and "classes": the count
    /// of each class by name).
    Analyze(analyze::AnalyzeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(command) => play::run(&command),
        Command::Othello(command) => {
            othello::run(&command, io::stdout().lock(), io::stderr().lock())
        }
        Command::Go(command) => go::run(&command, io::stdout().lock(), io::stderr().lock()),
        Command::Gtp(args) => gtp::run(&args, io::stdin().lock(), io::stdout().lock()),
        Command::Nboard => {
            nboard::serve(io::stdin().lock(), io::stdout().lock(), io::stderr().lock())
        }
        Command::Match(args) => matches::run(&args, io::stdout().lock()),
        Command::Analyze(args) => analyze::run(&args, io::stdout().lock()),
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
