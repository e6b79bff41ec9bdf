//! Whole games analysed, move by move, as the app's "Analyse this game" and `ishi-cli
//! analyze` do: CPU seconds per game at each budget, one thread, release build.
//!
//! `cargo bench -p ishi-analysis --bench analysis`. Othello: five 60-move games of strong human
//! players (eOthello's public games, the first five of `../shared/data/othello-games`) at
//! `Budget::QUICK` and `Budget::DEEP`, with how many positions came out exact. Go: a 60-move
//! 9x9 game and a 60-move 19x19 game played by Monte Carlo search at 500 playouts a move
//! from a fixed seed, analysed at 2,000 and 1,000 playouts a position; then on KataGo's
//! network at the quick budget (`go::network::Budget::for_board`), that 9x9 game and a
//! 250-move 19x19 game played the same way.

#[path = "../../ishi-rules/benches/support/cpu.rs"]
mod cpu;

use std::sync::Arc;

use cpu::cpu_seconds;
use ishi_ai::go::features::Model;
use ishi_ai::go::{GoLevel, GoModels, choose};
use ishi_ai::othello::{Engine, Weights};
use ishi_ai::{Level, LevelId, Limits, Stop};
use ishi_analysis::go::network;
use ishi_analysis::{Analysis, Class, go, othello};
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules, Move};
use ishi_rules::othello::{Othello, transcript};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Five games of strong human players, 60 moves each.
const GAMES: [&str; 5] = [
    "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1",
    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5",
    "f5d6c4d3c3f4e6b3e2c5c7f6g5e3e7g6g4h4f3g3f2h6h5d7h3f8d2c1h7f7c8d8c6b5b4b6a5a6d1e1a7a4b7a8b8g7h8c2b1a1a2g8f1b2a3g1g2h1h2e8",
    "f5d6c5b4c3e3e2f4f3g4e6g5f6f7e7g3h6c4d3h5g6h7b3e1d7c6a4d2b5b6c7a6c2a3a2a5a7f2d1d8e8f8f1b1c1g1g7c8h3h4h8g8b8g2h1h2a1b2b7a8",
    "f5d6c4d3c3f4c5b4g3c6b5f6e2g4e3e6b3a5d7e7f3a3h4c2d1f1e1c1g5g6d2a4b1a1b2f2a2e8h7h5h6h3h2g2f7f8c8d8g8g7h8g1h1b7a8c7b6b8a6a7",
];

fn othello_game(moves: &str, budget: othello::Budget) {
    let game = transcript::load(&Othello::standard(), moves).expect("a legal game");
    let mut engine = Engine::new(Arc::new(Weights::embedded()));
    let cpu = cpu_seconds();
    let (mut exact, mut blunders) = (0, 0);
    for (position, &mv) in game.positions.iter().zip(&game.moves) {
        let analysis = othello::analyse(&mut engine, position, Some(mv), budget, &Stop::new());
        exact += usize::from(analysis.best().is_some_and(|c| c.exact));
        if analysis
            .review(mv)
            .is_some_and(|r| r.class == Class::Blunder)
        {
            blunders += 1;
        }
    }
    println!(
        "othello {:<5} moves={:<3} cpu_s={:<6.2} exact_positions={exact:<3} blunders={blunders}",
        if budget == othello::Budget::QUICK {
            "quick"
        } else {
            "deep"
        },
        game.moves.len(),
        cpu_seconds() - cpu,
    );
}

/// A game of `plies` moves by Monte Carlo search at 500 playouts a move (the `mcts-500` level
/// that was) on a board of side `size`.
fn go_game(size: usize, plies: usize) -> (Go, Vec<Move>) {
    let start = Go::new(size, GoRules::CHINESE).expect("a board size the rules take");
    let mut rng = SmallRng::seed_from_u64(11);
    let mut position = start.clone();
    let mut moves = Vec::new();
    let models = GoModels {
        moves: Some(Arc::new(Model::embedded())),
        network: None,
    };
    while moves.len() < plies && !position.is_over() {
        let level = &Level {
            limits: Limits::nodes(500),
            ..*GoLevel::Mcts100.level()
        };
        let Some(mv) = choose(level, &models, &position, &[], &mut rng, &Stop::new()).best else {
            break;
        };
        position = position.play(mv).expect("the engine plays legal moves");
        moves.push(mv);
    }
    (start, moves)
}

/// Analyses a `plies`-move game on a board of side `size` position by position with
/// `analyse` (given each position, the positions before it that the network reads, and the
/// move played), and prints the CPU seconds and the blunders after `label`.
fn go_run(
    label: &str,
    size: usize,
    plies: usize,
    mut analyse: impl FnMut(&Go, &[Go], Move) -> Analysis<Move>,
) {
    let (start, moves) = go_game(size, plies);
    let cpu = cpu_seconds();
    let mut position = start;
    let mut before: Vec<Go> = Vec::new();
    let mut blunders = 0;
    for &mv in &moves {
        let analysis = analyse(&position, &before, mv);
        if analysis
            .review(mv)
            .is_some_and(|r| r.class == Class::Blunder)
        {
            blunders += 1;
        }
        let next = position.play(mv).expect("a legal game");
        before.push(std::mem::replace(&mut position, next));
        if before.len() > HISTORY {
            before.remove(0);
        }
    }
    println!(
        "go {size}x{size} {label} moves={:<3} cpu_s={:<6.2} blunders={blunders}",
        moves.len(),
        cpu_seconds() - cpu,
    );
}

/// The positions before a Go position that the network reads.
const HISTORY: usize = 5;

fn go_analysis(size: usize, playouts: u64) {
    let mut mcts = go::engine(Some(Arc::new(Model::embedded())));
    let mut rng = SmallRng::seed_from_u64(5);
    let budget = go::Budget { playouts };
    let label = format!("playouts={playouts:<6}");
    go_run(&label, size, 60, |position, _, mv| {
        go::analyse(
            &mut mcts,
            position,
            Some(mv),
            budget,
            &mut rng,
            &Stop::new(),
        )
    });
}

fn go_network_analysis(size: usize, plies: usize) {
    let network = GoModels::embedded().network.expect("the embedded network");
    let mut puct = network::engine(network);
    let mut rng = SmallRng::seed_from_u64(5);
    let budget = network::Budget::for_board(size, false);
    let label = format!("network visits={:<4}", budget.visits);
    go_run(&label, size, plies, |position, before, mv| {
        let stop = Stop::new();
        network::analyse(
            &mut puct,
            position,
            before,
            Some(mv),
            budget,
            &mut rng,
            &stop,
        )
    });
}

fn main() {
    for budget in [othello::Budget::QUICK, othello::Budget::DEEP] {
        for game in GAMES {
            othello_game(game, budget);
        }
    }
    go_analysis(9, 2_000);
    go_analysis(19, 1_000);
    go_network_analysis(9, 60);
    go_network_analysis(19, 250);
}
