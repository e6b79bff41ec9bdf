//! Othello analysis on games and positions whose values are known.

use std::sync::Arc;

use ishi_ai::othello::{Engine, Weights};
use ishi_ai::{Limits, Stop};
use ishi_analysis::othello::{self, Budget};
use ishi_analysis::{Class, Review, Worth};
use ishi_rules::othello::notation::parse_obf_line;
use ishi_rules::othello::{Move, Othello, transcript};

/// Every move of the game `moves` from the standard start, reviewed at `budget`.
fn review_game(moves: &str, budget: Budget) -> Vec<Review<Move>> {
    let game = transcript::load(&Othello::standard(), moves).expect("a legal game");
    let mut engine = Engine::new(Arc::new(Weights::embedded()));
    game.moves
        .iter()
        .zip(&game.positions)
        .map(|(&mv, position)| {
            let analysis = othello::analyse(&mut engine, position, Some(mv), budget, &Stop::new());
            analysis.review(mv).expect("the played move is valued")
        })
        .collect()
}

#[test]
fn the_moves_that_lose_every_disc_are_blunders() {
    // The seeds' "white wiped out": White's f5 lets Black's g5 take every disc.
    let reviews = review_game("e6f4e3d6c5f6e7f5g5", Budget::QUICK);
    let f5 = &reviews[7];
    assert_eq!(
        (f5.played.to_string(), f5.class),
        ("f5".to_owned(), Class::Blunder)
    );
    assert_eq!(f5.played_value, -64.0, "exact: every disc lost");
    let g5 = &reviews[8];
    assert_eq!((g5.class, g5.best_value), (Class::Best, 64.0));
    // The seeds' "black wiped out": Black's d3 lets White's d2 take every disc.
    let reviews = review_game("e6f6f5d6c5b4c4f4d3d2", Budget::QUICK);
    let d3 = &reviews[8];
    assert_eq!(
        (d3.played.to_string(), d3.class),
        ("d3".to_owned(), Class::Blunder)
    );
    assert_eq!(reviews[9].class, Class::Best);
}

#[test]
fn a_wipe_out_the_midgame_search_finds_is_exact() {
    // After White's f5, 51 squares are empty, far from the solver, and Black's g5 takes
    // every disc: the search reaches that end, and its value is proved.
    let game = transcript::load(&Othello::standard(), "e6f4e3d6c5f6e7f5").unwrap();
    let (before, f5) = (game.positions[7], game.moves[7]);
    let mut engine = Engine::new(Arc::new(Weights::embedded()));
    let analysis = othello::analyse(&mut engine, &before, Some(f5), Budget::QUICK, &Stop::new());
    let played = analysis.candidate(f5).expect("f5 was analysed");
    assert_eq!((played.value, played.exact), (-64.0, true));
    let best = analysis.best().expect("moves");
    assert!(
        !best.exact,
        "the best move's value is an estimate: {best:?}"
    );
}

#[test]
fn the_four_first_moves_are_equally_good() {
    let reviews = review_game("e6", Budget::QUICK);
    assert_eq!(reviews[0].class, Class::Best);
    assert_eq!(reviews[0].loss, 0.0);
    let mut engine = Engine::new(Arc::new(Weights::embedded()));
    let hints = othello::hints(
        &mut engine,
        &Othello::standard(),
        Limits::nodes(20_000),
        &Stop::new(),
    );
    assert_eq!(hints.len(), 4);
    assert!(hints.iter().all(|h| h.value == hints[0].value), "{hints:?}");
}

#[test]
fn the_worth_of_a_position_is_black_s_best_margin() {
    let game = transcript::load(&Othello::standard(), "e6f4e3d6c5f6e7f5").unwrap();
    let mut engine = Engine::new(Arc::new(Weights::embedded()));
    // Black to move can take everything: worth +64, proved.
    let analysis = othello::analyse(
        &mut engine,
        &game.positions[8],
        None,
        Budget::QUICK,
        &Stop::new(),
    );
    assert_eq!(
        analysis.worth,
        Worth::Discs {
            margin: 64.0,
            exact: true
        }
    );
    // The end: no candidates, the final margin.
    let end = transcript::load(&Othello::standard(), "e6f4e3d6c5f6e7f5g5").unwrap();
    let last = end.positions.last().unwrap();
    let analysis = othello::analyse(&mut engine, last, None, Budget::QUICK, &Stop::new());
    assert!(analysis.candidates.is_empty());
    assert_eq!(
        analysis.worth,
        Worth::Discs {
            margin: 64.0,
            exact: true
        }
    );
}

/// The listed scores of an FFO line's comment: `G8:+18; H1:+12; ...`.
fn listed(comment: &str) -> Vec<(String, f32)> {
    comment
        .split(';')
        .filter_map(|entry| {
            let (mv, score) = entry.split_once(':')?;
            Some((mv.trim().to_ascii_lowercase(), score.trim().parse().ok()?))
        })
        .collect()
}

#[test]
fn hints_near_the_end_are_exact_for_every_move() {
    // FFO #1-#19, every legal move solved: the values FFO lists.
    let text = include_str!("../../ishi-rules/tests/data/ffo-01-19.obf");
    let mut engine = Engine::with_table_bytes(Arc::new(Weights::embedded()), 16 << 20);
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let (position, comment) = parse_obf_line(line).unwrap();
        let expected = listed(comment.unwrap());
        let hints = othello::hints(&mut engine, &position, Limits::NONE, &Stop::new());
        assert_eq!(hints.len(), expected.len(), "FFO #{}", i + 1);
        for hint in &hints {
            assert!(hint.exact, "FFO #{}: {} is not exact", i + 1, hint.mv);
            let listed = expected.iter().find(|(mv, _)| *mv == hint.mv.to_string());
            assert_eq!(
                listed.map(|(_, v)| *v),
                Some(hint.value),
                "FFO #{}: {}",
                i + 1,
                hint.mv
            );
        }
        assert_eq!(
            hints[0].value,
            expected.iter().map(|e| e.1).fold(f32::MIN, f32::max)
        );
    }
}
