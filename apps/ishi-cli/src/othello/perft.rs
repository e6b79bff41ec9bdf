//! `othello perft`: leaf counts and their speed.

use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use ishi_rules::othello::{Othello, OthelloN, Shape, notation, perft};

/// Options of `othello perft`.
#[derive(Args, Debug)]
pub(crate) struct PerftArgs {
    /// Plies to count.
    #[arg(value_name = "DEPTH")]
    depth: u32,
    /// Start from this board string instead of the standard start
    /// (64 squares of X, O and -, then X or O for the side to move).
    #[arg(
        long,
        value_name = "BOARD",
        conflicts_with = "shape",
        allow_hyphen_values = true
    )]
    board: Option<String>,
    /// Start from the initial position of this shape (see `play othello --help`).
    #[arg(long, value_name = "NAME")]
    shape: Option<String>,
    /// Count on the general path even for the standard board, to compare the two.
    #[arg(long)]
    general: bool,
}

pub(crate) fn run(args: &PerftArgs, mut out: impl Write) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let mut position = match (&args.board, &args.shape) {
        (Some(board), _) => notation::parse_board(board).map_err(|e| invalid(e.to_string()))?,
        (None, Some(name)) => Othello::new(
            name.parse::<Shape>()
                .map_err(|e| invalid(format!("--shape: {e}")))?,
        ),
        (None, None) => Othello::standard(),
    };
    if args.general {
        position = Othello::General(
            OthelloN::from_setup(&position.setup()).map_err(|e| invalid(e.to_string()))?,
        );
    }
    let start = Instant::now();
    let nodes = perft(&position, args.depth);
    let seconds = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "depth={} nodes={nodes} seconds={seconds:.3} nps={:.0}",
        args.depth,
        nodes as f64 / seconds.max(1e-9)
    )
}
