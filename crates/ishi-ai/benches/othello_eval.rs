//! The Othello evaluation's error against exact scores: positions of strong human games with
//! 20 to 30 empty squares (`tests/data/eval-20-30.obf`), and of the engine's own self-play
//! games with 20 to 25 (`tests/data/eval-selfplay-20-25.obf`: the positions the engine meets
//! in its games, which the human ones are not), each labelled with its exact final margin
//! for the side to move by `examples/othello_train.rs label`.
//!
//! `cargo bench -p ishi-ai --bench othello_eval [-- FILE.obf ...]`. For each count of empty
//! squares, the mean absolute error in discs of the static evaluation (depth 0, as the search
//! sees a position: [`static_eval`]) and, for comparison, of the engine's searches of depth 2
//! and 4, with the mean signed error at depth 0 (positive: too hopeful for the player to move).
//! Then the same over all positions of 20-30 empties (`20-30`) and as the mean of the counts'
//! errors, each count weighted alike (`by_count`: the set holds fewer positions of many
//! empties, which take long to solve), and the error at depth 0 against the target of issue 13
//! (at most 4 discs; Egaroucid reports 3.5 for its patterns, against its own training labels,
//! and its browser engine's evaluation errs 7.50 and 5.88 discs on these two sets: see
//! `docs/strength.md`) with the share of positions within 2, 4 and 8 discs. Exits nonzero
//! when a file cannot be read or a line is not a labelled position (`%` lines are comments).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use ishi_ai::othello::{Engine, Weights, static_eval};
use ishi_ai::{Eval, Limits, Stop};
use ishi_rules::othello::notation::parse_obf_line;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// The target for the mean absolute error at depth 0, in discs.
const TARGET: f64 = 4.0;

/// The search depths compared with the static evaluation.
const DEPTHS: [u32; 2] = [2, 4];

/// Errors within these many discs are counted.
const WITHIN: [f64; 3] = [2.0, 4.0, 8.0];

/// One labelled position's errors in discs: at depth 0, then at each of [`DEPTHS`].
type Errors = [f64; 1 + DEPTHS.len()];

/// An evaluation in discs for the player to move.
fn discs(eval: Eval) -> Option<f64> {
    match eval {
        Eval::Estimate(hundredths) => Some(f64::from(hundredths) / 100.0),
        Eval::Exact(margin) => Some(f64::from(margin)),
        Eval::None | Eval::WinRate(_) => None,
    }
}

/// The signed errors of every position of the file by empty squares; `Err` with the number of
/// lines that are not labelled positions (each reported).
fn measure(path: &Path) -> Result<BTreeMap<u32, Vec<Errors>>, usize> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        println!("{}: {e}", path.display());
        1usize
    })?;
    let mut engine = Engine::new(Arc::new(Weights::embedded()));
    let mut rng = SmallRng::seed_from_u64(1);
    let (mut by_empties, mut malformed) = (BTreeMap::<u32, Vec<Errors>>::new(), 0);
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('%') {
            continue;
        }
        let labelled = parse_obf_line(line)
            .ok()
            .and_then(|(position, comment)| Some((position, comment?.parse::<i32>().ok()?)));
        let Some((position, exact)) = labelled else {
            println!(
                "{}:{}: not a position with its exact score",
                path.display(),
                index + 1
            );
            malformed += 1;
            continue;
        };
        let mut errors = [0.0; 1 + DEPTHS.len()];
        let at_depth_0 = discs(static_eval(engine.weights(), &position)).unwrap_or(f64::NAN);
        errors[0] = at_depth_0 - f64::from(exact);
        for (error, depth) in errors[1..].iter_mut().zip(DEPTHS) {
            engine.clear();
            let result = engine.best_move(&position, Limits::depth(depth), &mut rng, &Stop::new());
            *error = discs(result.eval).unwrap_or(f64::NAN) - f64::from(exact);
        }
        by_empties
            .entry(position.score().empties)
            .or_default()
            .push(errors);
    }
    if malformed > 0 {
        println!("{}: {malformed} malformed line(s)", path.display());
        return Err(malformed);
    }
    if by_empties.is_empty() {
        println!("{}: no positions", path.display());
        return Err(1);
    }
    Ok(by_empties)
}

/// The mean absolute error of column `k`.
fn mae(rows: &[&Errors], k: usize) -> f64 {
    rows.iter().map(|e| e[k].abs()).sum::<f64>() / rows.len() as f64
}

/// The mean signed error of column `k`: positive when the evaluation is too hopeful.
fn bias(rows: &[&Errors], k: usize) -> f64 {
    rows.iter().map(|e| e[k]).sum::<f64>() / rows.len() as f64
}

fn row(label: &str, rows: &[&Errors]) {
    print!("{label:<8} {:>9}", rows.len());
    for k in 0..1 + DEPTHS.len() {
        print!(" {:>10.2}", mae(rows, k));
    }
    println!(" {:>+10.2}", bias(rows, 0));
}

fn report(path: &Path, by_empties: &BTreeMap<u32, Vec<Errors>>) {
    println!(
        "\n{}: error in discs against the exact scores",
        path.display()
    );
    print!("{:<8} {:>9} {:>10}", "empties", "positions", "mae_d0");
    for depth in DEPTHS {
        print!(" {:>10}", format!("mae_d{depth}"));
    }
    println!(" {:>10}", "bias_d0");
    for (empties, errors) in by_empties {
        row(&empties.to_string(), &errors.iter().collect::<Vec<_>>());
    }
    let all: Vec<&Errors> = by_empties
        .range(20..=30)
        .flat_map(|(_, errors)| errors)
        .collect();
    if all.is_empty() {
        println!("no positions with 20-30 empties");
        return;
    }
    row("20-30", &all);
    let counts: Vec<Vec<&Errors>> = by_empties
        .range(20..=30)
        .map(|(_, errors)| errors.iter().collect())
        .collect();
    print!("{:<8} {:>9}", "by_count", counts.len());
    for k in 0..1 + DEPTHS.len() {
        let mean = counts.iter().map(|rows| mae(rows, k)).sum::<f64>() / counts.len() as f64;
        print!(" {mean:>10.2}");
    }
    println!();
    let within = WITHIN.map(|d| {
        let n = all.iter().filter(|e| e[0].abs() <= d).count();
        format!("{:.0}% within {d}", 100.0 * n as f64 / all.len() as f64)
    });
    println!(
        "depth 0, 20-30 empties: mae={:.2} discs (target: at most {TARGET:.1}; Egaroucid's \
         patterns 3.5 on their training labels); {}",
        mae(&all, 0),
        within.join(", ")
    );
}

fn main() {
    let mut files: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.ends_with(".obf"))
        .collect();
    if files.is_empty() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        for set in ["eval-20-30.obf", "eval-selfplay-20-25.obf"] {
            files.push(data.join(set).display().to_string());
        }
    }
    let mut malformed = 0;
    for file in &files {
        let path = Path::new(file);
        match measure(path) {
            Ok(by_empties) => report(path, &by_empties),
            Err(bad) => malformed += bad,
        }
    }
    if malformed > 0 {
        println!("{malformed} MALFORMED LINE(S) OR FILE(S)");
        std::process::exit(1);
    }
}
