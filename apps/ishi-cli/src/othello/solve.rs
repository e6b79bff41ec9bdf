//! `othello solve`: exact endgame scores for the positions of an `.obf` file.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use ishi_ai::othello::{Engine, Weights};
use ishi_ai::{Eval, Stop};
use ishi_rules::othello::notation::parse_obf_line;

/// Options of `othello solve`.
#[derive(Args, Debug)]
pub(crate) struct SolveArgs {
    /// The positions, one a line as in Edax's `.obf` files: 64 squares of X, O and -, the side
    /// to move, then maybe `;` and a comment. `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Size of the transposition table in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    hash_mb: usize,
}

/// Solves every position of the file and prints `LINE MOVE SCORE nodes=N seconds=S` for each,
/// then a `total` line. Blank lines and lines starting with `%` are skipped.
///
/// # Errors
///
/// A file that cannot be read; [`io::ErrorKind::InvalidData`] at the end when some lines were
/// not positions (each was reported on `errors` with its line number, and the others were
/// solved); failures to write.
pub(crate) fn run(args: &SolveArgs, mut out: impl Write, mut errors: impl Write) -> io::Result<()> {
    let input: Box<dyn BufRead> = if args.file.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        let file = File::open(&args.file).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot read {}: {e}", args.file.display()),
            )
        })?;
        Box::new(BufReader::new(file))
    };
    let mut engine = Engine::with_table_bytes(
        Arc::new(Weights::embedded()),
        args.hash_mb.saturating_mul(1 << 20),
    );
    let (mut solved, mut malformed, mut nodes) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    for (index, line) in input.lines().enumerate() {
        let line = line?;
        let number = index + 1;
        let text = line.trim();
        if text.is_empty() || text.starts_with('%') {
            continue;
        }
        let position = match parse_obf_line(text) {
            Ok((position, _comment)) => position,
            Err(e) => {
                writeln!(errors, "line {number}: {e}")?;
                malformed += 1;
                continue;
            }
        };
        let clock = Instant::now();
        let result = engine.solve(&position, &Stop::new());
        let seconds = clock.elapsed().as_secs_f64();
        let mv = result
            .best
            .map_or_else(|| "none".to_owned(), |m| m.to_string());
        let score = match result.eval {
            Eval::Exact(margin) => format!("{margin:+}"),
            other => other.to_string(),
        };
        writeln!(
            out,
            "{number} {mv} {score} nodes={} seconds={seconds:.3}",
            result.nodes
        )?;
        solved += 1;
        nodes += result.nodes;
    }
    writeln!(
        out,
        "total positions={solved} nodes={nodes} seconds={:.3}",
        start.elapsed().as_secs_f64()
    )?;
    if malformed > 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{malformed} line(s) of {} were not positions",
                args.file.display()
            ),
        ));
    }
    Ok(())
}
