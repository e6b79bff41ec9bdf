//! Go search speed: Monte Carlo playouts and network search visits per CPU-second on 9x9 and
//! 19x19, single thread.
//!
//! `cargo bench -p ishi-ai --bench go [-- SECONDS]` (default 2 per line). Four figures per
//! board, from the empty board and from a mid-game position (40 moves on 9x9, 120 on 19x19,
//! played by the `mcts-100` level from a fixed seed), all under Chinese rules:
//!
//! - `uniform`: the baseline, uniformly random playouts that fill no own eye
//!   ([`Go::playout_move`]), as `ishi-rules`' `go_playouts` bench makes them;
//! - `policy`: the engine's playouts alone (captures, escapes, patterns, self-atari
//!   refusal), through [`ownership`];
//! - `mcts`: whole searches of 10,000 playouts with the tree ([`Mcts::search`]), the figure
//!   a level's budget divides;
//! - `puct`: whole searches of 200 visits on KataGo's network ([`Puct::search`]), each
//!   visit a network evaluation (or a counted game end), from a new tree and an empty
//!   evaluation cache each time: the figure the network levels' visits divide.

#[path = "../../ishi-rules/benches/support/cpu.rs"]
mod cpu;
#[path = "../../ishi-rules/benches/support/xorshift.rs"]
mod xorshift;

use std::sync::Arc;
use std::time::Instant;

use cpu::cpu_seconds;
use ishi_ai::go::features::Model;
use ishi_ai::go::puct::{self, Puct};
use ishi_ai::go::{Config, GoLevel, GoModels, Mcts, choose, ownership};
use ishi_ai::{LevelId, Limits, Stop};
use ishi_nn::Network;
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use xorshift::Xorshift;

/// Runs `batch` (which returns the playouts it ran) until `seconds` of CPU time have passed,
/// and prints the rate.
fn measure(label: &str, seconds: f64, batch: impl FnMut() -> u64) {
    measure_in("playouts", label, seconds, batch);
}

/// Runs `batch` (which returns how many `unit`s it ran) until `seconds` of CPU time have
/// passed, and prints the rate.
fn measure_in(unit: &str, label: &str, seconds: f64, mut batch: impl FnMut() -> u64) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let mut playouts = 0;
    while cpu_seconds() - cpu < seconds {
        playouts += batch();
    }
    let (wall, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    println!(
        "{label:<28} {unit}={playouts:<8} cpu_s={cpu:<6.2} wall_s={wall:<6.2} \
         {unit}_per_cpu_s={:>8.0}",
        playouts as f64 / cpu
    );
}

/// The position after `moves` moves of the `mcts-100` level from the empty board.
fn mid_game(size: usize, moves: usize) -> Go {
    let level = GoLevel::Mcts100.level();
    let mut rng = SmallRng::seed_from_u64(size as u64);
    let mut go = Go::new(size, GoRules::CHINESE).expect("a supported size");
    let models = GoModels {
        moves: Some(Arc::new(Model::embedded())),
        network: None,
    };
    for _ in 0..moves {
        let Some(mv) = choose(level, &models, &go, &[], &mut rng, &Stop::new()).best else {
            break;
        };
        go.play_unchecked(mv);
    }
    go
}

fn bench_position(name: &str, go: &Go, network: &Arc<Network>, seconds: f64) {
    let mut x = Xorshift(0x2545_f491_4f6c_dd1d ^ go.size() as u64);
    measure(&format!("{name} uniform"), seconds, || {
        for _ in 0..200 {
            let mut end = go.clone();
            while !end.is_over() {
                let mv = end.playout_move(|n| x.below(n));
                end.play_fast(mv);
            }
        }
        200
    });
    let mut rng = SmallRng::seed_from_u64(1);
    measure(&format!("{name} policy"), seconds, || {
        std::hint::black_box(ownership(go, 200, &mut rng));
        200
    });
    measure(&format!("{name} mcts"), seconds, || {
        let mut engine = Mcts::new(Config::default(), Some(Arc::new(Model::embedded())));
        engine
            .search(go, Limits::nodes(10_000), &mut rng, &Stop::new())
            .nodes
    });
    measure_in("visits", &format!("{name} puct"), seconds, || {
        let mut engine = Puct::new(puct::Config::default(), network.clone());
        engine
            .search(go, &[], Limits::nodes(200), &mut rng, &Stop::new())
            .nodes
    });
}

fn main() {
    let seconds: f64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2.0);
    let network = Arc::new(Network::from_bytes(ishi_nn::G170_B6C96).expect("the shipped network"));
    println!("Go Monte Carlo playouts and network visits, one thread, Chinese rules (komi 7.5)");
    for (size, moves) in [(9, 40), (19, 120)] {
        let empty = Go::new(size, GoRules::CHINESE).expect("a supported size");
        bench_position(&format!("{size}x{size} empty"), &empty, &network, seconds);
        let mid = mid_game(size, moves);
        bench_position(
            &format!("{size}x{size} move {moves}"),
            &mid,
            &network,
            seconds,
        );
    }
}
