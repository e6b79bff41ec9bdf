//! The evaluation's test set (`tests/data/eval-20-30.obf`, which `benches/othello_eval.rs`
//! measures the evaluation against) and the static evaluation that bench reads.

mod common;

use std::collections::HashSet;

use ishi_ai::othello::{Engine, static_eval};
use ishi_ai::{Eval, Limits, Stop};
use ishi_rules::Game;
use ishi_rules::othello::notation::{parse_board, parse_obf_line};
use ishi_rules::othello::{Move, Othello};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use common::{after, black_must_pass};

const EVAL_SET: &str = include_str!("data/eval-20-30.obf");

/// The positions of the test set with their labels, in the file's order.
fn labelled() -> Vec<(Othello, i32)> {
    EVAL_SET
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('%'))
        .map(|(i, line)| {
            let (position, comment) =
                parse_obf_line(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
            let label = comment
                .and_then(|c| c.parse().ok())
                .unwrap_or_else(|| panic!("line {}: no exact score", i + 1));
            (position, label)
        })
        .collect()
}

#[test]
fn the_eval_set_holds_distinct_labelled_positions_of_20_to_30_empties() {
    let set = labelled();
    let mut seen = HashSet::new();
    let mut per_empties = [0; 31];
    for (position, label) in &set {
        let empties = position.score().empties;
        assert!((20..=30).contains(&empties), "{position}");
        assert!(
            position.legal_moves().iter().all(|m| !m.is_pass()),
            "{position}"
        );
        assert!((-64..=64).contains(label), "{label} for {position}");
        assert!(seen.insert(*position), "twice: {position}");
        per_empties[empties as usize] += 1;
    }
    let per_empties = &per_empties[20..];
    assert!(
        per_empties.iter().all(|&n| n > 0),
        "per count 20..=30: {per_empties:?}"
    );
}

/// The first three positions of the file (20 empties) take a few tenths of a second each.
#[test]
fn quick_labels_agree_with_a_fresh_solve() {
    let set = labelled();
    let mut engine = Engine::new();
    for &(position, label) in &set[..3] {
        assert_eq!(position.score().empties, 20);
        engine.clear();
        let result = engine.solve(&position, &Stop::new());
        assert_eq!(result.eval, Eval::Exact(label), "{position}");
    }
}

/// What the static evaluation answers is what a one-ply search makes its choice from.
#[test]
fn a_one_ply_search_takes_the_best_static_evaluation_of_the_replies() {
    let mut rng = SmallRng::seed_from_u64(3);
    for (position, _) in labelled().into_iter().step_by(25) {
        let best = position
            .legal_moves()
            .into_iter()
            .map(|mv| match static_eval(&after(&position, mv)) {
                Eval::Estimate(v) => -v,
                Eval::Exact(margin) => -100 * margin,
                other => panic!("{other:?} is no evaluation"),
            })
            .max()
            .expect("a move");
        let result = Engine::new().best_move(&position, Limits::depth(1), &mut rng, &Stop::new());
        assert_eq!(result.eval, Eval::Estimate(best), "{position}");
    }
}

#[test]
fn a_forced_pass_is_evaluated_from_the_opponents_side() {
    // Black has no move; White has.
    let position = black_must_pass();
    assert_eq!(position.legal_moves(), vec![Move::Pass]);
    let Eval::Estimate(white) = static_eval(&after(&position, Move::Pass)) else {
        panic!("White can move");
    };
    assert_eq!(static_eval(&position), Eval::Estimate(-white));
}

#[test]
fn a_finished_game_is_its_final_margin() {
    let position =
        parse_board(&format!("{}{} O", "X".repeat(40), "-".repeat(24))).expect("a board");
    assert_eq!(static_eval(&position), Eval::Exact(-64));
}
