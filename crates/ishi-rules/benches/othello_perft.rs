//! Perft speed from the standard start: leaves per second of each path, in one run.
//!
//! `cargo bench -p ishi-rules --bench othello_perft [-- DEPTH]` (default 12). Single thread,
//! no hash table, bulk counting at the last ply: the conditions of Edax 4.6's plain `perft`,
//! which makes about 450 million leaves per CPU-second at ply 13 on a 2-core AMD EPYC.

#[path = "support/cpu.rs"]
mod cpu;

use std::time::Instant;

use cpu::cpu_seconds;
use ishi_rules::othello::{Othello, OthelloN, Shape, bitboard, perft};

fn measure(name: &str, depth: u32, expected: Option<u64>, run: impl Fn() -> u64) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let leaves = run();
    let (wall, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    let check = match expected {
        Some(n) if n == leaves => "ok",
        Some(_) => "WRONG COUNT",
        None => "-",
    };
    println!(
        "{name:<34} depth={depth:<2} leaves={leaves:<12} cpu_s={cpu:<7.3} wall_s={wall:<7.3} \
         M_leaves_per_cpu_s={:>7.1} count={check}",
        leaves as f64 / cpu / 1e6
    );
}

fn main() {
    let depth: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(12);
    let published = [
        0,
        4,
        12,
        56,
        244,
        1396,
        8200,
        55092,
        390216,
        3005288,
        24571284,
        212258800,
        1939886636,
        18429641748,
        184042084512,
    ];
    let expected = published.get(depth as usize).copied();
    let start = Othello::standard();
    let Othello::Standard(board) = start else {
        unreachable!("the standard start takes the fast path")
    };
    let (p, o) = board.mover_and_waiter();
    println!("Othello perft from the standard start (Edax 4.6 reference: ~450 M leaves/CPU-s)");
    measure(
        "fast path (u64, best CPU features)",
        depth,
        expected,
        || perft(&start, depth),
    );
    measure("fast path, baseline x86-64 code", depth, expected, || {
        bitboard::perft_baseline(p, o, depth)
    });
    let small = depth.min(10);
    let general = Othello::General(OthelloN::new(Shape::STANDARD));
    measure(
        "general path (u128, Game trait)",
        small,
        published.get(small as usize).copied(),
        || perft(&general, small),
    );
    measure(
        "fast path through the Game trait",
        small,
        published.get(small as usize).copied(),
        || ishi_rules::perft(&start, small),
    );
    let ten = Othello::new(Shape::square(10).unwrap());
    measure("10x10 general path", 9, None, || perft(&ten, 9));
}
