//! Random playout speed on 9x9 and 19x19: playouts per CPU-second, single thread.
//!
//! `cargo bench -p ishi-rules --bench go_playouts [-- SECONDS]` (default 2 per board). A
//! playout starts from the empty board and plays uniformly random legal moves that do not
//! fill the mover's own eye ([`Go::playout_move`], with a xorshift generator), passing when
//! there is none, then [`Go::play_fast`], until two passes
//! (or three moves per point, a cap against endless ko fights that is almost never reached).
//! Simple ko is kept, superko is not looked at: the usual playout policy of Monte Carlo
//! engines. For scale, Pachi makes about 10,000 of its heavier playouts per second on 9x9 on
//! the 2-core AMD EPYC these figures were first taken on.

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/xorshift.rs"]
mod xorshift;

use std::time::Instant;

use cpu::cpu_seconds;
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules};
use xorshift::Xorshift;

/// Plays a random playout to the end and returns the number of moves.
fn playout(go: &mut Go, rng: &mut Xorshift) -> u32 {
    let cap = (go.size() * go.size() * 3) as u32;
    let mut moves = 0;
    while !go.is_over() && moves < cap {
        let mv = go.playout_move(|n| rng.below(n));
        go.play_fast(mv);
        moves += 1;
    }
    moves
}

fn measure(size: usize, seconds: f64) {
    let start = Go::new(size, GoRules::CHINESE).expect("a supported size");
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d ^ size as u64);
    let (mut playouts, mut moves, mut black_wins, mut margin) = (0u64, 0u64, 0u64, 0i64);
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    while cpu_seconds() - cpu < seconds {
        for _ in 0..1000 {
            let mut go = start.clone();
            moves += u64::from(playout(&mut go, &mut rng));
            playouts += 1;
            let m = go.margin();
            margin += i64::from(m);
            black_wins += u64::from(m > 0);
        }
    }
    let (wall, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    let n = playouts as f64;
    println!(
        "{size:>2}x{size:<2} playouts={playouts:<8} cpu_s={cpu:<6.2} wall_s={wall:<6.2} \
         playouts_per_cpu_s={:>9.0} moves_per_playout={:>6.1} M_moves_per_cpu_s={:>5.2} \
         black_margin={:+.1} (komi 7.5) black_wins={:.1}%",
        n / cpu,
        moves as f64 / n,
        moves as f64 / cpu / 1e6,
        margin as f64 / n / 2.0,
        100.0 * black_wins as f64 / n,
    );
}

/// The time of a snapshot (`Clone`) of a 19x19 position in mid-game, under superko rules.
fn measure_clone() {
    let mut go = Go::new(19, GoRules::CHINESE).expect("a supported size");
    let mut rng = Xorshift(99);
    for _ in 0..150 {
        let mv = go.playout_move(|n| rng.below(n));
        go.play_unchecked(mv);
    }
    let rounds = 1_000_000;
    let (cpu, mut sum) = (cpu_seconds(), 0);
    for _ in 0..rounds {
        let copy = std::hint::black_box(&go).clone();
        sum += std::hint::black_box(&copy).empty_count();
    }
    let cpu = cpu_seconds() - cpu;
    println!(
        "clone of a 19x19 position after 150 moves: {:.0} ns ({} bytes inline; checksum {sum})",
        cpu / f64::from(rounds) * 1e9,
        size_of::<Go>()
    );
}

fn main() {
    let seconds: f64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2.0);
    println!("Uniformly random Go playouts from the empty board, one thread (area, komi 7.5)");
    measure(9, seconds);
    measure(19, seconds);
    measure_clone();
}
