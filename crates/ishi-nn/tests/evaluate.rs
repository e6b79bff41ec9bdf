//! The evaluator's contract: a batch gives each position what it gets alone, sizes are not
//! mixed, every board size from 5x5 to 19x19 works, and the outputs are probabilities.

use std::sync::Arc;

use ishi_nn::{EvalError, Evaluator, Features, Network, Output, Symmetries};
use ishi_rules::go::{Go, GoRules, MAX_SIZE, MIN_SIZE, Move};
use ishi_rules::{Game, Player};

fn evaluator() -> Evaluator {
    Evaluator::new(Arc::new(
        Network::from_bytes(ishi_nn::G170_B6C96).expect("the shipped network"),
    ))
}

/// A game of `count` moves on a `size` board.
fn game(size: usize, count: usize) -> Vec<Go> {
    let mut game = vec![Go::new(size, GoRules::JAPANESE).expect("a supported size")];
    for n in 0..count {
        let go = &game[game.len() - 1];
        let legal = go.legal_moves();
        let mv = legal[(n * 7 + 3) % legal.len()];
        let next = go.play(mv).expect("legal");
        game.push(next);
    }
    game
}

/// The positions of such a game after each move, each with its history.
fn positions(size: usize, count: usize) -> Vec<Features> {
    let game = game(size, count);
    (2..=game.len())
        .map(|n| Features::new(&game[..n]).expect("a game"))
        .collect()
}

fn assert_close(a: &Output, b: &Output) {
    let close = |x: f32, y: f32| (x - y).abs() < 1e-4;
    assert!(
        close(a.win(), b.win()) && close(a.lead(), b.lead()),
        "{a:?} against {b:?}"
    );
    for (x, y) in a.policy_map().iter().zip(b.policy_map()) {
        assert!(close(*x, *y));
    }
    for (x, y) in a.ownership_map().iter().zip(b.ownership_map()) {
        assert!(close(*x, *y));
    }
}

#[test]
fn a_batch_gives_each_position_what_it_gets_alone() {
    let mut evaluator = evaluator();
    let batch = positions(9, 5);
    let mut outputs = Vec::new();
    evaluator
        .evaluate_batch(&batch, &mut outputs)
        .expect("one size");
    assert_eq!(outputs.len(), batch.len());
    for (features, output) in batch.iter().zip(&outputs) {
        assert_close(&evaluator.evaluate(features), output);
    }
    evaluator.set_symmetries(Symmetries::Average);
    evaluator
        .evaluate_batch(&batch, &mut outputs)
        .expect("one size");
    assert_close(&evaluator.evaluate(&batch[3]), &outputs[3]);
}

#[test]
fn a_batch_of_mixed_sizes_is_refused() {
    let mut batch = positions(9, 1);
    batch.extend(positions(13, 1));
    let mut outputs = Vec::new();
    assert_eq!(
        evaluator().evaluate_batch(&batch, &mut outputs),
        Err(EvalError::MixedSizes {
            first: 9,
            other: 13
        })
    );
    assert!(outputs.is_empty());
    evaluator()
        .evaluate_batch(&[], &mut outputs)
        .expect("nothing to do");
    assert!(outputs.is_empty());
}

#[test]
fn every_board_size_gives_probabilities() {
    let mut evaluator = evaluator();
    for size in MIN_SIZE..=MAX_SIZE {
        let game = game(size, 3);
        let go = &game[3];
        let output = evaluator.evaluate(&Features::new(&game).expect("a game"));
        assert_eq!((output.size(), output.turn()), (size, Player::White));
        let total: f32 = output.policy_map().iter().sum::<f32>() + output.policy(Move::Pass);
        assert!(
            (total - 1.0).abs() < 1e-3,
            "{size}x{size}: policy sums to {total}"
        );
        let result = output.win() + output.loss() + output.no_result();
        assert!((result - 1.0).abs() < 1e-5, "{size}x{size}");
        assert!(output.score_stdev() > 0.0);
        assert!(
            output
                .ownership_map()
                .iter()
                .all(|o| (-1.0..=1.0).contains(o))
        );
        assert_eq!(output.win_for(Player::Black), output.loss());
        assert_eq!(output.lead_for(Player::Black), -output.lead());
        // Occupied points get nothing, every empty point something.
        for p in go.points() {
            let occupied = go.stone_at(p).is_some();
            assert_eq!(
                output.policy(Move::Place(p)) == 0.0,
                occupied,
                "{size}x{size} {p}"
            );
        }
    }
}
