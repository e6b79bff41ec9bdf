//! The exact solver: the FFO endgames' known scores, and agreement with a plain brute-force
//! negamax on random endgames of every board.

mod common;

use std::sync::Arc;

use ishi_ai::Eval;
use ishi_ai::Stop;
use ishi_ai::othello::{Engine, Weights};
use ishi_rules::Game;
use ishi_rules::othello::notation::{parse_board, parse_obf_line};
use ishi_rules::othello::{Move, Othello, Shape};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use common::{after, black_must_pass};

/// Every legal move of an FFO line with its exact score, from the comment
/// (`A2:+38; C7:+36; ...`).
fn listed_scores(comment: &str) -> Vec<(String, i32)> {
    comment
        .split(';')
        .filter_map(|e| {
            let (mv, score) = e.trim().split_once(':')?;
            Some((mv.trim().to_ascii_lowercase(), score.trim().parse().ok()?))
        })
        .collect()
}

/// Solves each position of an `.obf` text and checks the best score and that the move played
/// is one of the moves listed with it.
fn check_obf(text: &str, first: usize) {
    let weights = Arc::new(Weights::embedded());
    let mut engine = Engine::with_table_bytes(weights.clone(), 16 << 20);
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let number = first + i;
        let (position, comment) = parse_obf_line(line).expect("the FFO files parse");
        let scores = listed_scores(comment.expect("FFO lines list their scores"));
        let best = scores.iter().map(|(_, s)| *s).max().expect("scores listed");
        let result = engine.solve(&position, &Stop::new());
        assert_eq!(result.eval, Eval::Exact(best), "FFO #{number}");
        let mv = result.best.expect("a move").to_string();
        assert!(
            scores.contains(&(mv.clone(), best)),
            "FFO #{number}: {mv} is not a best move ({scores:?})"
        );
        assert_eq!(result.pv.first(), result.best.as_ref(), "FFO #{number}");
    }
}

#[test]
fn ffo_1_to_19_are_solved_exactly() {
    check_obf(include_str!("../../ishi-rules/tests/data/ffo-01-19.obf"), 1);
}

/// 20 to 23 empties: seconds in release builds (`cargo test --release -- --ignored`).
#[test]
#[ignore = "slow: several seconds in release, much more in debug"]
fn ffo_40_to_44_are_solved_exactly() {
    check_obf(
        include_str!("../../ishi-rules/tests/data/ffo-40-44.obf"),
        40,
    );
}

/// The value for the player to move, with every line played to the end.
fn negamax(position: &Othello) -> i32 {
    let moves = position.legal_moves();
    if moves.is_empty() {
        let margin = position.score().margin();
        return position.turn().fold(margin, -margin);
    }
    moves
        .into_iter()
        .map(|mv| -negamax(&after(position, mv)))
        .max()
        .expect("moves to try")
}

/// A position reached by random moves from the start of `shape`, stopped at `empties` empty
/// squares (or at the end of the game, if it comes first).
fn random_endgame(shape: Shape, empties: u32, seed: u64) -> Othello {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = Othello::new(shape);
    while position.score().empties > empties {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_solver_agrees_with_brute_force(
        shape_index in 0..Shape::all().len(),
        empties in 0..=10u32,
        seed in any::<u64>(),
    ) {
        let position = random_endgame(Shape::all()[shape_index], empties, seed);
        let exact = negamax(&position);
        let result = Engine::new(Arc::new(Weights::embedded())).solve(&position, &Stop::new());
        prop_assert_eq!(result.eval, Eval::Exact(exact), "{}", position);
        match result.best {
            None => prop_assert!(position.is_over()),
            Some(mv) => {
                prop_assert!(position.is_legal(mv));
                prop_assert_eq!(-negamax(&after(&position, mv)), exact, "{} in\n{}", mv, position);
            }
        }
    }
}

#[test]
fn a_forced_pass_is_solved_from_the_opponents_side() {
    let weights = Arc::new(Weights::embedded());
    // Black has no move; White's best reply decides.
    let position = black_must_pass();
    assert_eq!(position.legal_moves(), vec![Move::Pass]);
    let result = Engine::new(weights.clone()).solve(&position, &Stop::new());
    assert_eq!(result.best, Some(Move::Pass));
    assert_eq!(result.eval, Eval::Exact(negamax(&position)));
    assert_eq!(result.pv.first(), Some(&Move::Pass));
}

#[test]
fn a_finished_game_has_no_move_and_its_final_margin() {
    let weights = Arc::new(Weights::embedded());
    let position =
        parse_board(&format!("{}{} O", "X".repeat(40), "-".repeat(24))).expect("a board");
    assert!(position.is_over());
    let result = Engine::new(weights.clone()).solve(&position, &Stop::new());
    assert_eq!(result.best, None);
    // White to move has lost everything: 40 discs and 24 empties to Black.
    assert_eq!(result.eval, Eval::Exact(-64));
}

#[test]
fn small_boards_are_solved_from_the_start() {
    let weights = Arc::new(Weights::embedded());
    let four = Othello::new(Shape::square(4).expect("4x4"));
    let result = Engine::new(weights.clone()).solve(&four, &Stop::new());
    assert_eq!(result.eval, Eval::Exact(negamax(&four)));
    // 4x4 Othello is won by White, 11-3 with two squares left empty: -10 for Black with the
    // empty squares counted for the winner.
    assert_eq!(result.eval, Eval::Exact(-10));
}

/// `best_moves` ranks every move of FFO #1-#3 by its exact score, as the files list them.
#[test]
fn best_moves_gives_every_move_its_exact_score() {
    let weights = Arc::new(Weights::embedded());
    let text = include_str!("../../ishi-rules/tests/data/ffo-01-19.obf");
    let mut engine = Engine::with_table_bytes(weights.clone(), 16 << 20);
    let mut rng = SmallRng::seed_from_u64(1);
    for line in text.lines().take(3) {
        let (position, comment) = parse_obf_line(line).expect("the FFO files parse");
        let listed = listed_scores(comment.expect("FFO lines list their scores"));
        let ranked = engine.best_moves(
            &position,
            usize::MAX,
            ishi_ai::Limits::NONE,
            &mut rng,
            &Stop::new(),
        );
        assert_eq!(ranked.len(), position.legal_moves().len(), "{line}");
        let scores: Vec<(String, i32)> = ranked
            .iter()
            .map(|r| match r.eval {
                Eval::Exact(v) => (r.best.expect("a move").to_string(), v),
                other => panic!("{other:?} is not exact"),
            })
            .collect();
        for (mv, score) in &listed {
            assert!(scores.contains(&(mv.clone(), *score)), "{line}: {scores:?}");
        }
        assert!(scores.windows(2).all(|w| w[0].1 >= w[1].1), "{scores:?}");
        for r in &ranked {
            assert_eq!(r.pv.first(), r.best.as_ref());
        }
    }
}

#[test]
fn best_moves_in_the_midgame_are_distinct_and_ranked() {
    let weights = Arc::new(Weights::embedded());
    let start = Othello::standard();
    let mut engine = Engine::new(weights.clone());
    let mut rng = SmallRng::seed_from_u64(2);
    let limits = ishi_ai::Limits::depth(4);
    let ranked = engine.best_moves(&start, 3, limits, &mut rng, &Stop::new());
    assert_eq!(ranked.len(), 3);
    let mut moves: Vec<Move> = ranked.iter().filter_map(|r| r.best).collect();
    moves.dedup();
    assert_eq!(moves.len(), 3);
    let one = engine.best_moves(&start, 1, limits, &mut rng, &Stop::new());
    engine.clear();
    let alone = engine.best_move(&start, limits, &mut rng, &Stop::new());
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].best, alone.best);
    // A finished game has no moves.
    let over = parse_board(&format!("{} X", "X".repeat(64))).unwrap();
    assert!(
        engine
            .best_moves(&over, 5, limits, &mut rng, &Stop::new())
            .is_empty()
    );
}
