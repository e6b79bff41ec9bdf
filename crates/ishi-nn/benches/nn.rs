//! Network speed: milliseconds per evaluation on 9x9 and 19x19, batches of 1 and 8, one
//! thread.
//!
//! `cargo bench -p ishi-nn --bench nn [-- SECONDS]` (default 2 per line). Each line times
//! the forward pass and post-processing of the shipped network (`features` lines time the
//! input features alone) on a mid-game position of about 40 (9x9) or 120 (19x19) moves,
//! and reports CPU milliseconds per position.

#[path = "../../ishi-rules/benches/support/cpu.rs"]
mod cpu;

use std::sync::Arc;
use std::time::Instant;

use cpu::cpu_seconds;
use ishi_nn::{Evaluator, Features, Network, Output};
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules, Move};

/// Runs `batch` (which returns the positions it evaluated) until `seconds` of CPU time have
/// passed, and prints the time per position.
fn measure(label: &str, seconds: f64, mut batch: impl FnMut() -> usize) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let mut positions = 0;
    while cpu_seconds() - cpu < seconds {
        positions += batch();
    }
    let (wall, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    println!(
        "{label:<24} positions={positions:<6} cpu_s={cpu:<6.2} wall_s={wall:<6.2} ms_per_position={:>7.2}",
        1000.0 * cpu / positions as f64
    );
}

/// A game of `moves` moves that a fixed pseudo-random sequence plays from the empty board
/// (legal moves, preferring points away from the edge), every position kept.
fn game(size: usize, moves: usize) -> Vec<Go> {
    let mut positions = vec![Go::new(size, GoRules::CHINESE).expect("a supported size")];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64 ^ size as u64;
    for _ in 0..moves {
        let go = &positions[positions.len() - 1];
        let legal: Vec<Move> = go
            .legal_moves()
            .into_iter()
            .filter(|mv| match mv {
                Move::Place(p) => {
                    (1..size as u8 - 1).contains(&p.col())
                        && (1..size as u8 - 1).contains(&p.row())
                        && !go.is_eye(*p, go.turn())
                }
                Move::Pass => false,
            })
            .collect();
        if legal.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = legal[(seed % legal.len() as u64) as usize];
        let next = go.play(mv).expect("a legal move");
        positions.push(next);
    }
    positions
}

fn main() {
    let seconds: f64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2.0);
    let network = Arc::new(Network::from_bytes(ishi_nn::G170_B6C96).expect("the shipped network"));
    let mut evaluator = Evaluator::new(network);
    for (size, moves) in [(9, 40), (19, 120)] {
        let history = game(size, moves);
        let features = Features::new(&history).expect("a position");
        let mut scratch = features.clone();
        measure(&format!("{size}x{size} features"), seconds, || {
            scratch.encode(&history).expect("a position");
            1
        });
        measure(&format!("{size}x{size} batch 1"), seconds, || {
            std::hint::black_box(evaluator.evaluate(&features));
            1
        });
        let batch = vec![features.clone(); 8];
        let mut outputs: Vec<Output> = Vec::new();
        measure(&format!("{size}x{size} batch 8"), seconds, || {
            evaluator
                .evaluate_batch(&batch, &mut outputs)
                .expect("one size");
            batch.len()
        });
    }
}
