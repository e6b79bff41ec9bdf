//! `go eval`: one position of an SGF record through Ishi's Go network (`ishi-nn`), printed for
//! people or as JSON for scripts and tests.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use ishi_nn::{Evaluator, Features, Network, Output};
use ishi_records::GoRecord;
use ishi_rules::go::{Go, Point};
use ishi_rules::{Game, Move, Player};
use serde_json::json;

/// Options of `go eval`.
#[derive(Args, Debug)]
pub(crate) struct EvalArgs {
    /// The SGF record; - reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The position after this many moves of the record's main line (0 is its start);
    /// the last position when left out.
    #[arg(long, value_name = "N")]
    r#move: Option<usize>,
    /// How many policy moves to list.
    #[arg(long, value_name = "K", default_value_t = 8)]
    top: usize,
    /// One JSON document instead of the text.
    #[arg(long)]
    json: bool,
}

/// Evaluates the position `args` names and writes what the network thinks of it.
///
/// # Errors
///
/// A file that cannot be read, a record that is not Go in SGF or does not replay, a move
/// number past the end of the game.
pub(crate) fn run(args: &EvalArgs, mut out: impl Write) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let mut bytes = Vec::new();
    if args.file.as_os_str() == "-" {
        io::stdin().lock().read_to_end(&mut bytes)?;
    } else {
        File::open(&args.file)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", args.file.display())))?;
    }
    let record = GoRecord::parse(&bytes).map_err(|e| invalid(e.to_string()))?;
    let positions = record.replay().map_err(|e| invalid(e.to_string()))?;
    let played = positions.len() - 1;
    let n = args.r#move.unwrap_or(played);
    if n > played {
        return Err(invalid(format!(
            "--move {n}: the record has {played} moves"
        )));
    }
    let history = &positions[..=n];
    let features = Features::new(history).map_err(|e| invalid(e.to_string()))?;
    let network = Network::from_bytes(ishi_nn::G170_B6C96)
        .map_err(|e| invalid(format!("the shipped network: {e}")))?;
    let output = Evaluator::new(Arc::new(network)).evaluate(&features);
    let go = &history[n];
    if args.json {
        writeln!(out, "{}", report(go, n, &output, args.top))
    } else {
        print(&mut out, go, n, &output, args.top)
    }
}

/// A move as GTP names it.
fn name(mv: Move<Point>) -> String {
    match mv {
        Move::Pass => "pass".to_owned(),
        Move::Place(p) => p.to_string(),
    }
}

/// Black's share of `p` at the end, from -1 (White's) to 1.
fn black_owns(go: &Go, output: &Output, p: Point) -> f32 {
    output.ownership(p) * go.turn().fold(1.0, -1.0)
}

/// The points of `go` row by row from the top, columns A onwards.
fn rows(go: &Go) -> impl Iterator<Item = Vec<Point>> + '_ {
    let size = go.size() as u8;
    (0..size)
        .rev()
        .map(move |row| (0..size).filter_map(|col| Point::new(col, row)).collect())
}

fn report(go: &Go, moves_played: usize, output: &Output, top: usize) -> serde_json::Value {
    let ownership: Vec<f32> = rows(go)
        .flatten()
        .map(|p| black_owns(go, output, p))
        .collect();
    json!({
        "size": go.size(),
        "to_move": go.turn().letter().to_string(),
        "moves_played": moves_played,
        "win_rate": output.win(),
        "lead": output.lead(),
        "black_win_rate": output.win_for(Player::Black),
        "black_lead": output.lead_for(Player::Black),
        "score_mean": output.score_mean(),
        "score_stdev": output.score_stdev(),
        "top": output
            .top_moves(top)
            .into_iter()
            .map(|(mv, policy)| json!({ "move": name(mv), "policy": policy }))
            .collect::<Vec<_>>(),
        "ownership": ownership,
    })
}

fn print(
    out: &mut impl Write,
    go: &Go,
    moves_played: usize,
    output: &Output,
    top: usize,
) -> io::Result<()> {
    writeln!(out, "{go}")?;
    let mover = go.turn();
    writeln!(
        out,
        "after {moves_played} moves, {mover} to move: wins {:.1}%, leads by {:+.1} \
         (Black: {:.1}%, {:+.1}); score {:+.1} ± {:.1}",
        100.0 * output.win(),
        output.lead(),
        100.0 * output.win_for(Player::Black),
        output.lead_for(Player::Black),
        output.score_mean(),
        output.score_stdev(),
    )?;
    writeln!(out, "policy:")?;
    for (mv, p) in output.top_moves(top) {
        writeln!(out, "  {:>4} {:5.1}%", name(mv), 100.0 * p)?;
    }
    writeln!(out, "ownership (X Black, O White; upper case above 0.6):")?;
    let columns: String = rows(go)
        .next()
        .unwrap_or_default()
        .iter()
        .map(|p| format!(" {}", &p.to_string()[..1]))
        .collect();
    writeln!(out, "  {columns}")?;
    for (k, row) in rows(go).enumerate() {
        let marks: String = row
            .iter()
            .map(|&p| match black_owns(go, output, p) {
                b if b > 0.6 => " X",
                b if b > 0.2 => " x",
                b if b < -0.6 => " O",
                b if b < -0.2 => " o",
                _ => " .",
            })
            .collect();
        writeln!(out, "{:>2}{marks}", go.size() - k)?;
    }
    Ok(())
}
