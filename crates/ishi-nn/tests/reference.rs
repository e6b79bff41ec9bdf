//! Ishi's features and evaluations against KataGo's own on the reference positions of
//! `tests/data` (KataGo v1.17.2's `NNEvaluator` with the same g170 network, symmetry 0; see
//! `tests/data/README.md`), using the shipped half-precision weights.
//!
//! Thresholds: the same top policy move on every position, mean policy KL at most 0.005, win
//! rate within 1 percentage point, lead within 0.3 points, ownership within 0.02 on average.
//! `cargo test -p ishi-nn --test reference -- --ignored` prints the figures on every position.

#[path = "support/reference.rs"]
mod reference;

use std::sync::Arc;

use ishi_nn::{Evaluator, Features, Network, Symmetries, Symmetry};
use reference::{Position, gap, positions, replay, summarize};

const REFERENCE: &str = include_str!("data/reference.txt");
const FEATURES: &str = include_str!("data/features.txt");
const SYMMETRIES: &str = include_str!("data/symmetries.txt");

fn evaluator() -> Evaluator {
    Evaluator::new(Arc::new(
        Network::from_bytes(ishi_nn::G170_B6C96).expect("the shipped network"),
    ))
}

#[test]
fn features_are_katagos_on_every_position() {
    let expected = reference::features(FEATURES);
    let all = positions(REFERENCE);
    assert!(all.len() >= 20, "{} positions", all.len());
    let mut wrong = Vec::new();
    for position in &all {
        let reference = &expected[&position.id];
        let features = Features::new(&replay(position)).expect("a game");
        assert_eq!(features.turn(), reference.to_move, "{}", position.id);
        for (n, plane) in reference.spatial.iter().enumerate() {
            let ours = features.plane(n);
            let differ: Vec<usize> = (0..plane.len())
                .filter(|&i| f64::from(ours[i]) != plane[i])
                .collect();
            if !differ.is_empty() {
                wrong.push(format!("{} plane {n} at {differ:?}", position.id));
            }
        }
        for (n, &value) in reference.global.iter().enumerate() {
            let ours = f64::from(features.global()[n]);
            if (ours - value).abs() > 1e-5 {
                wrong.push(format!(
                    "{} global {n}: {ours} against {value}",
                    position.id
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} differences:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn outputs_are_within_the_thresholds_on_a_sample() {
    let sample: Vec<Position> = positions(REFERENCE).into_iter().step_by(3).collect();
    let summary = summarize(&sample, &mut evaluator());
    assert!(summary.within_thresholds(), "{summary}");
}

#[test]
#[ignore = "every position: a few seconds in a debug build; prints the figures"]
fn outputs_are_within_the_thresholds_on_every_position() {
    let summary = summarize(&positions(REFERENCE), &mut evaluator());
    println!("{summary}");
    assert!(summary.within_thresholds(), "{summary}");
}

#[test]
fn each_symmetry_turns_the_board_as_katagos_does() {
    let mut evaluator = evaluator();
    let mut checked = 0;
    for block in SYMMETRIES
        .split("\n\n")
        .filter(|b| b.contains("\nsymmetry "))
    {
        let number: u8 = block
            .lines()
            .find_map(|l| l.strip_prefix("symmetry "))
            .and_then(|n| n.trim().parse().ok())
            .expect("a symmetry line");
        let position = &positions(block)[0];
        let symmetry = Symmetry::new(number).expect("0 to 7");
        evaluator.set_symmetries(Symmetries::One(symmetry));
        let output = evaluator.evaluate(&Features::new(&replay(position)).expect("a game"));
        let g = gap(position, &output);
        assert!(
            g.same_top_move && g.policy_kl < 0.01 && g.win < 0.01 && g.ownership < 0.02,
            "{} under symmetry {number}: {g:?}",
            position.id
        );
        checked += 1;
    }
    assert!(checked >= 8, "{checked} symmetric evaluations");
}

#[test]
fn averaging_the_symmetries_stays_close_to_katagos_identity() {
    let mut evaluator = evaluator();
    evaluator.set_symmetries(Symmetries::Average);
    for position in positions(REFERENCE).iter().step_by(10) {
        let output = evaluator.evaluate(&Features::new(&replay(position)).expect("a game"));
        let g = gap(position, &output);
        assert!(g.win < 0.1 && g.policy_kl < 0.2, "{}: {g:?}", position.id);
    }
}
