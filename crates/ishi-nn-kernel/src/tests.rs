use std::sync::Arc;

use ishi_nn::{Evaluator, Features, GLOBAL_FEATURES, Network, SPATIAL_FEATURES};
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules, Move};

use super::*;

/// A 9x9 game after a few moves, its positions oldest first.
fn game() -> Vec<Go> {
    let mut game = vec![Go::new(9, GoRules::JAPANESE).expect("9x9")];
    for name in ["E5", "C3", "G4", "D7"] {
        let next = game[game.len() - 1]
            .play(Move::Place(name.parse().expect("a point")))
            .expect("legal");
        game.push(next);
    }
    game
}

#[test]
fn the_kernel_answers_what_the_evaluator_answers_on_this_side() {
    let mut kernel = Kernel::default();
    assert_eq!(kernel.load(ishi_nn::G170_B6C96), Ok(0));
    let features = Features::new(&game()).expect("a position");
    let spatial = SPATIAL_FEATURES * 81;
    let inputs = kernel.inputs(spatial + GLOBAL_FEATURES);
    for plane in 0..SPATIAL_FEATURES {
        inputs[plane * 81..][..81].copy_from_slice(features.plane(plane));
    }
    inputs[spatial..].copy_from_slice(features.global());
    kernel
        .forward(0, (9, 1), spatial)
        .expect("a batch that fits");
    // Policy 81 + pass 1 + value 3 + score 4 + ownership 81.
    assert_eq!(kernel.output().len(), 81 + 1 + 3 + 4 + 81);

    let network = Arc::new(Network::from_bytes(ishi_nn::G170_B6C96).expect("the network"));
    let output = Evaluator::new(network).evaluate(&features);
    let logits = &kernel.output()[..82];
    let best = (0..82)
        .max_by(|&a, &b| logits[a].total_cmp(&logits[b]))
        .expect("82 logits");
    let (top, _) = output.top_moves(1)[0];
    let expected = match top {
        Move::Place(p) => usize::from(p.row()) * 9 + usize::from(p.col()),
        Move::Pass => 81,
    };
    assert_eq!(best, expected);
    // The value logits' softmax is the evaluator's win, loss and no-result.
    let v = &kernel.output()[82..85];
    let total: f32 = v.iter().map(|x| x.exp()).sum();
    assert!((v[0].exp() / total - output.win()).abs() < 1e-4);
    assert!((v[1].exp() / total - output.loss()).abs() < 1e-4);
}

#[test]
fn a_damaged_file_and_inputs_that_do_not_fit_are_errors_in_words() {
    let mut kernel = Kernel::default();
    let mut bytes = ishi_nn::G170_B6C96.to_vec();
    bytes[1000] ^= 1;
    let error = kernel.load(&bytes).expect_err("a changed byte");
    assert!(error.contains("checksum"), "{error}");
    assert!(
        kernel
            .forward(0, (9, 1), 0)
            .expect_err("no network")
            .contains("no network")
    );
    assert_eq!(kernel.load(ishi_nn::G170_B6C96), Ok(0));
    kernel.inputs(10);
    assert!(kernel.forward(0, (9, 1), 5).is_err());
    assert!(kernel.forward(0, (9, 1), 11).is_err());
    kernel.inputs(SPATIAL_FEATURES * 400 + GLOBAL_FEATURES);
    assert!(kernel.forward(0, (20, 1), SPATIAL_FEATURES * 400).is_err());
    assert!(kernel.output().is_empty());
}

#[test]
fn the_exports_share_the_message_of_a_failed_load() {
    let ptr = ishi_nn_bytes(4);
    assert!(!ptr.is_null());
    assert_eq!(ishi_nn_load(), -1);
    let len = ishi_nn_message_len();
    assert!(len > 0);
    let message = KERNEL.with_borrow(|k| k.message.clone());
    assert_eq!(message, "not an Ishi network file");
    assert_eq!(ishi_nn_forward(7, 9, 1, 0), -1);
    assert_eq!(KERNEL.with_borrow(|k| k.message.clone()), "no network 7");
}
