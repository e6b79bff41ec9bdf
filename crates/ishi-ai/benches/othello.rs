//! The Othello engine's speed: midgame search nodes per second, and exact solves of the FFO
//! endgames with their known scores checked.
//!
//! `cargo bench -p ishi-ai --bench othello [-- FILE.obf ...]`. Single thread, CPU time (so a
//! busy machine does not count against the figures), a 64 MiB table for the solves. Without
//! files it solves FFO #1-#19 (14-20 empties) and #40-#44 (20-23 empties). Edax 4.6 (one
//! thread, exact, without its evaluation weights) takes 11-12 CPU-seconds for #40-#44 on this
//! machine class; `scripts/endgame` and `docs/strength.md` have #40-#59.

#[path = "../../ishi-rules/benches/support/cpu.rs"]
mod cpu;

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use cpu::cpu_seconds;
use ishi_ai::othello::{Engine, Weights};
use ishi_ai::{Eval, Limits, Stop};
use ishi_rules::othello::notation::parse_obf_line;
use ishi_rules::othello::{Othello, transcript};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// The best score listed in an FFO comment (`A2:+38; C7:+36; ...`) and the moves that get it.
fn expected(comment: &str) -> Option<(i32, Vec<String>)> {
    let entries: Vec<(String, i32)> = comment
        .split(';')
        .filter_map(|e| {
            let (mv, score) = e.trim().split_once(':')?;
            Some((mv.trim().to_ascii_lowercase(), score.trim().parse().ok()?))
        })
        .collect();
    let best = entries.iter().map(|(_, s)| *s).max()?;
    let moves = entries
        .into_iter()
        .filter(|(_, s)| *s == best)
        .map(|(m, _)| m)
        .collect();
    Some((best, moves))
}

fn solve_file(path: &Path, first_number: usize) -> (u64, f64, usize) {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            println!("{}: {e}", path.display());
            return (0, 0.0, 1);
        }
    };
    println!("\n{}:", path.display());
    let mut engine = Engine::with_table_bytes(Arc::new(Weights::embedded()), 64 << 20);
    let (mut nodes, mut cpu, mut wrong) = (0, 0.0, 0);
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let Ok((position, comment)) = parse_obf_line(line) else {
            println!("#{}: not a position", first_number + i);
            wrong += 1;
            continue;
        };
        engine.clear();
        let start = cpu_seconds();
        let result = engine.solve(&position, &Stop::new());
        let seconds = cpu_seconds() - start;
        let mv = result.best.map(|m| m.to_string()).unwrap_or_default();
        let check = match (comment.and_then(expected), result.eval) {
            (Some((score, moves)), Eval::Exact(got)) if got == score && moves.contains(&mv) => "ok",
            (None, _) => "-",
            _ => {
                wrong += 1;
                "WRONG"
            }
        };
        let score = match result.eval {
            Eval::Exact(s) => format!("{s:+}"),
            other => other.to_string(),
        };
        println!(
            "#{:<3} empties={:<2} move={mv:<3} score={score:<4} nodes={:<11} cpu_s={seconds:<7.3} \
             M_nodes_per_cpu_s={:>5.1} check={check}",
            first_number + i,
            position.score().empties,
            result.nodes,
            result.nodes as f64 / seconds / 1e6
        );
        nodes += result.nodes;
        cpu += seconds;
    }
    println!(
        "total: nodes={nodes} cpu_s={cpu:.3} M_nodes_per_cpu_s={:.1} wrong={wrong}",
        nodes as f64 / cpu / 1e6
    );
    (nodes, cpu, wrong)
}

fn midgame() {
    println!("midgame search (fresh 4 MiB table, fixed depth):");
    let weights = Arc::new(Weights::embedded());
    let openings = [
        "f5d6c3d3c4f4f6f3e6e7",
        "f5f6e6f4e3c5c4e7c6e2",
        "f5d6c3d3c4f4c5b3c2",
        "c4e3f6e6f5c5f4g6f7d6",
    ];
    let (mut nodes, mut cpu) = (0, 0.0);
    for opening in openings {
        let Some(position) = transcript::parse(opening)
            .ok()
            .and_then(|moves| transcript::replay(&Othello::standard(), &moves).ok())
            .map(|game| game.last_position())
        else {
            println!("{opening}: not a game");
            continue;
        };
        let mut rng = SmallRng::seed_from_u64(1);
        let mut engine = Engine::new(weights.clone());
        let (wall, start) = (Instant::now(), cpu_seconds());
        let result = engine.best_move(&position, Limits::depth(11), &mut rng, &Stop::new());
        let seconds = cpu_seconds() - start;
        println!(
            "  after {opening}: depth={} move={} eval={} nodes={:<10} cpu_s={seconds:.3} \
             wall_s={:.3} M_nodes_per_cpu_s={:.2}",
            result.depth,
            result.best.map(|m| m.to_string()).unwrap_or_default(),
            result.eval,
            result.nodes,
            wall.elapsed().as_secs_f64(),
            result.nodes as f64 / seconds / 1e6
        );
        nodes += result.nodes;
        cpu += seconds;
    }
    println!(
        "  total: nodes={nodes} cpu_s={cpu:.3} M_nodes_per_cpu_s={:.2}",
        nodes as f64 / cpu / 1e6
    );
}

fn main() {
    let files: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.ends_with(".obf"))
        .collect();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ishi-rules/tests/data");
    let mut wrong = 0;
    if files.is_empty() {
        midgame();
        wrong += solve_file(&data.join("ffo-01-19.obf"), 1).2;
        let (_, cpu, bad) = solve_file(&data.join("ffo-40-44.obf"), 40);
        wrong += bad;
        println!("\nFFO #40-#44: {cpu:.2} CPU-seconds (target: at most 15)");
    } else {
        for file in &files {
            wrong += solve_file(Path::new(file), 1).2;
        }
    }
    if wrong > 0 {
        println!("{wrong} WRONG RESULT(S)");
        std::process::exit(1);
    }
}
