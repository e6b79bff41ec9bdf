//! The evaluation's test sets (`tests/data/eval-*.obf`, which `benches/othello_eval.rs`
//! measures the evaluation against) and the static evaluation that bench reads.

mod common;

use std::collections::HashSet;
use std::ops::RangeInclusive;
use std::sync::Arc;

use ishi_ai::othello::{Engine, Weights, static_eval};
use ishi_ai::{Eval, Limits, Stop};
use ishi_rules::Game;
use ishi_rules::othello::notation::{parse_board, parse_obf_line};
use ishi_rules::othello::{Move, Othello};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use common::{after, black_must_pass};

/// The test sets, each with the counts of empties it covers: positions of strong human games,
/// and of the engine's self-play games.
const EVAL_SETS: [(&str, &str, RangeInclusive<u32>); 2] = [
    (
        "eval-20-30.obf",
        include_str!("data/eval-20-30.obf"),
        20..=30,
    ),
    (
        "eval-selfplay-20-25.obf",
        include_str!("data/eval-selfplay-20-25.obf"),
        20..=25,
    ),
];

/// The positions of a test set with their labels, in the file's order.
fn labelled(text: &str) -> Vec<(Othello, i32)> {
    text.lines()
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
fn the_eval_sets_hold_distinct_labelled_positions_of_every_count_of_their_empties() {
    for (name, text, counts) in EVAL_SETS {
        let set = labelled(text);
        let mut seen = HashSet::new();
        let mut per_empties = [0; 31];
        for (position, label) in &set {
            let empties = position.score().empties;
            assert!(counts.contains(&empties), "{name}: {position}");
            assert!(
                position.legal_moves().iter().all(|m| !m.is_pass()),
                "{name}: {position}"
            );
            assert!((-64..=64).contains(label), "{name}: {label} for {position}");
            assert!(seen.insert(*position), "{name}: twice: {position}");
            per_empties[empties as usize] += 1;
        }
        let per_empties = &per_empties[*counts.start() as usize..=*counts.end() as usize];
        assert!(
            per_empties.iter().all(|&n| n > 0),
            "{name}: per count {counts:?}: {per_empties:?}"
        );
    }
}

/// The first three positions of each file (20 empties) take a few tenths of a second each.
#[test]
fn quick_labels_agree_with_a_fresh_solve() {
    let weights = Arc::new(Weights::embedded());
    let mut engine = Engine::new(weights.clone());
    for (name, text, _) in EVAL_SETS {
        for &(position, label) in &labelled(text)[..3] {
            assert_eq!(position.score().empties, 20, "{name}");
            engine.clear();
            let result = engine.solve(&position, &Stop::new());
            assert_eq!(result.eval, Eval::Exact(label), "{name}: {position}");
        }
    }
}

/// Plain negamax over the static evaluation to `depth` plies, in hundredths of a disc; `None`
/// where a player must pass on the way (the search does not spend a ply on a pass).
fn negamax(weights: &Weights, position: &Othello, depth: u32) -> Option<i32> {
    if depth == 0 {
        return match static_eval(weights, position) {
            Eval::Estimate(v) => Some(v),
            Eval::Exact(margin) => Some(100 * margin),
            other => panic!("{other:?} is no evaluation"),
        };
    }
    let moves = position.legal_moves();
    if moves.iter().any(|m| m.is_pass()) {
        return None;
    }
    let mut best = None;
    for mv in moves {
        let v = -negamax(weights, &after(position, mv), depth - 1)?;
        best = best.max(Some(v));
    }
    best
}

/// What the static evaluation answers is what a one-ply search makes its choice from.
#[test]
fn a_one_ply_search_takes_the_best_static_evaluation_of_the_replies() {
    let weights = Arc::new(Weights::embedded());
    let mut rng = SmallRng::seed_from_u64(3);
    let positions = EVAL_SETS.iter().flat_map(|(_, text, _)| labelled(text));
    for (position, _) in positions.step_by(25) {
        let best = negamax(&weights, &position, 1).expect("the sets' positions have moves");
        let result = Engine::new(weights.clone()).best_move(
            &position,
            Limits::depth(1),
            &mut rng,
            &Stop::new(),
        );
        assert_eq!(result.eval, Eval::Estimate(best), "{position}");
    }
}

/// `othello_train probcut` measures ProbCut with full-width values: they must be what plain
/// negamax finds, the table and the move order changing only the work.
#[test]
fn a_full_width_value_is_plain_negamax() {
    let weights = Arc::new(Weights::embedded());
    let positions = EVAL_SETS.iter().flat_map(|(_, text, _)| labelled(text));
    let mut compared = 0;
    for (position, _) in positions.step_by(20) {
        let Some(expected) = negamax(&weights, &position, 5) else {
            continue;
        };
        let mut engine = Engine::new(weights.clone());
        assert_eq!(
            engine.full_width_value(&position, 5),
            expected,
            "{position}"
        );
        compared += 1;
    }
    assert!(compared >= 20, "only {compared} positions without a pass");
}

#[test]
fn a_forced_pass_is_evaluated_from_the_opponents_side() {
    let weights = Arc::new(Weights::embedded());
    // Black has no move; White has.
    let position = black_must_pass();
    assert_eq!(position.legal_moves(), vec![Move::Pass]);
    let Eval::Estimate(white) = static_eval(&weights, &after(&position, Move::Pass)) else {
        panic!("White can move");
    };
    assert_eq!(static_eval(&weights, &position), Eval::Estimate(-white));
}

#[test]
fn a_finished_game_is_its_final_margin() {
    let weights = Arc::new(Weights::embedded());
    let position =
        parse_board(&format!("{}{} O", "X".repeat(40), "-".repeat(24))).expect("a board");
    assert_eq!(static_eval(&weights, &position), Eval::Exact(-64));
}

/// At the search's horizon a reply that ends the game counts its final margin, and one after
/// which the opponent must pass counts from the side that moves next: as the static
/// evaluation, which plain negamax reads, counts them.
#[test]
fn the_horizon_counts_finished_games_and_passes_as_the_static_evaluation() {
    let weights = Arc::new(Weights::embedded());
    // Black's c1 takes White's last disc: 64-0.
    let wipe_out = parse_board(&format!("XO{} X", "-".repeat(62))).expect("a board");
    assert_eq!(
        Engine::new(weights.clone()).full_width_value(&wipe_out, 1),
        6400
    );
    // Positions of random games where a reply may finish the game or force a pass.
    let mut rng = SmallRng::seed_from_u64(5);
    let (mut compared, mut pass_or_end) = (0, 0);
    for _ in 0..40 {
        let mut position = Othello::standard();
        while !position.is_over() {
            let moves = position.legal_moves();
            if !moves.contains(&Move::Pass) && position.score().empties <= 16 {
                let replies = moves.iter().map(|&mv| after(&position, mv));
                pass_or_end += replies
                    .filter(|r| r.is_over() || r.legal_moves().contains(&Move::Pass))
                    .count();
                for depth in [1, 2] {
                    if let Some(expected) = negamax(&weights, &position, depth) {
                        let found = Engine::new(weights.clone()).full_width_value(&position, depth);
                        assert_eq!(found, expected, "depth {depth}: {position}");
                        compared += 1;
                    }
                }
            }
            position = after(&position, moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(compared >= 500, "{compared} positions compared");
    assert!(
        pass_or_end >= 20,
        "{pass_or_end} replies that finish or pass"
    );
}
