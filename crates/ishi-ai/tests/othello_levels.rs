//! The Othello levels: legal moves on every board, the same move for the same seed, the weak
//! levels' definitions, and the engine's limits.

mod common;

use std::sync::Arc;

use ishi_ai::othello::{Engine, OthelloLevel, Weights, choose, levels, square_weights};
use ishi_ai::{Eval, Level, LevelId, Limits, Stop};
use ishi_rules::othello::notation::{parse_board, parse_obf_line};
use ishi_rules::othello::{Move, Othello, PRESETS, Shape, transcript};
use ishi_rules::{Game, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use common::after;

fn board(text: &str) -> Othello {
    parse_board(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Positions of random games on `shape`, every ply of `games` games.
fn random_positions(shape: Shape, games: usize, rng: &mut SmallRng) -> Vec<Othello> {
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut position = Othello::new(shape);
        loop {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            positions.push(position);
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    positions
}

#[test]
fn the_levels_go_from_random_to_master_and_the_engine_levels_are_capped() {
    let ids: Vec<&str> = levels().iter().map(|l| l.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "random",
            "naive",
            "minimax-4",
            "casual",
            "club",
            "expert",
            "master"
        ]
    );
    for l in levels() {
        assert!(!l.name.is_empty() && l.description.ends_with('.'), "{l:?}");
    }
    let engine = &levels()[3..];
    for pair in engine.windows(2) {
        assert!(pair[0].limits.nodes < pair[1].limits.nodes, "{pair:?}");
    }
    for l in engine {
        assert!(l.limits.nodes.is_some(), "{} is not node-limited", l.id);
        assert!(
            l.limits.time.is_some_and(|t| t.as_secs_f64() <= 1.0),
            "{} may take over a second",
            l.id
        );
    }
}

/// Thousands of positions of random games on every board, each given to one level in turn.
/// The engine levels run with their node limits cut to 2000 here so that the test stays
/// quick; the same code with the real limits runs in the next test on fewer positions.
#[test]
fn every_level_plays_only_legal_moves_on_every_board() {
    let weights = Arc::new(Weights::embedded());
    let mut rng = SmallRng::seed_from_u64(11);
    let stop = Stop::new();
    let mut checked = 0;
    for shape in Shape::all() {
        for (i, position) in random_positions(shape, 6, &mut rng).iter().enumerate() {
            let mut level = levels()[i % levels().len()];
            if let Some(nodes) = level.limits.nodes {
                level.limits.nodes = Some(nodes.min(2000));
            }
            if level.id == OthelloLevel::Minimax4 && shape.size() == 10 && i % 5 != 2 {
                // Four full plies on 10x10 are slow in debug builds: one position in five.
                continue;
            }
            let result = choose(&level, &weights, position, &mut rng, &stop);
            let mv = result.best.expect("the game is not over");
            assert_eq!(
                position.check(mv),
                Ok(()),
                "{} played {mv} on {shape}:\n{position}",
                level.id
            );
            if let Some(first) = result.pv.first() {
                assert_eq!(*first, mv, "{}: the variation starts elsewhere", level.id);
            }
            checked += 1;
        }
    }
    assert!(checked > 2000, "only {checked} positions");
}

#[test]
fn engine_levels_at_their_real_limits_play_legal_moves() {
    let weights = Arc::new(Weights::embedded());
    let mut rng = SmallRng::seed_from_u64(12);
    for shape in Shape::all() {
        let positions = random_positions(shape, 1, &mut rng);
        // An early, a middle and a late position of the game; the strongest levels (the
        // slowest) on the middle one.
        for (i, position) in [0, positions.len() / 2, positions.len() - 4]
            .map(|i| positions[i])
            .iter()
            .enumerate()
        {
            let ids: &[OthelloLevel] = if i == 1 {
                &[
                    OthelloLevel::Casual,
                    OthelloLevel::Club,
                    OthelloLevel::Expert,
                    OthelloLevel::Master,
                ]
            } else {
                &[OthelloLevel::Casual, OthelloLevel::Club]
            };
            for id in ids {
                let result = choose(id.level(), &weights, position, &mut rng, &Stop::new());
                let mv = result.best.expect("the game is not over");
                assert!(position.is_legal(mv), "{id} played {mv} on\n{position}");
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_move_at_every_level() {
    let weights = Arc::new(Weights::embedded());
    let mut rng = SmallRng::seed_from_u64(13);
    let positions = random_positions(Shape::STANDARD, 1, &mut rng);
    for l in levels() {
        // Without the levels' time cap, which a loaded machine can reach at different
        // points of two searches: what the seed decides is the rest.
        let l = &Level {
            limits: Limits {
                time: None,
                ..l.limits
            },
            ..*l
        };
        let step = if l.limits.nodes.is_some() { 20 } else { 7 };
        for position in positions.iter().step_by(step) {
            let play = |seed| {
                let mut rng = SmallRng::seed_from_u64(seed);
                choose(l, &weights, position, &mut rng, &Stop::new()).best
            };
            assert_eq!(play(5), play(5), "{} on\n{position}", l.id);
        }
    }
}

#[test]
fn random_and_noisy_levels_vary_with_the_seed() {
    let weights = Arc::new(Weights::embedded());
    let game = transcript::parse("f5d6c3d3c4f4").expect("moves");
    let position = transcript::replay(&Othello::standard(), &game)
        .expect("a legal game")
        .last_position();
    for id in [OthelloLevel::Random, OthelloLevel::Casual] {
        let moves: std::collections::HashSet<Option<Move>> = (0..30)
            .map(|seed| {
                let mut rng = SmallRng::seed_from_u64(seed);
                choose(id.level(), &weights, &position, &mut rng, &Stop::new()).best
            })
            .collect();
        assert!(moves.len() > 1, "{id} always plays {moves:?}");
    }
    for id in [OthelloLevel::Naive, OthelloLevel::Minimax4] {
        let moves: std::collections::HashSet<Option<Move>> = (0..5)
            .map(|seed| {
                let mut rng = SmallRng::seed_from_u64(seed);
                choose(id.level(), &weights, &position, &mut rng, &Stop::new()).best
            })
            .collect();
        assert_eq!(moves.len(), 1, "{id} varies: {moves:?}");
    }
}

fn naive(position: &Othello) -> Option<Move> {
    let weights = Arc::new(Weights::embedded());
    let mut rng = SmallRng::seed_from_u64(0);
    choose(
        OthelloLevel::Naive.level(),
        &weights,
        position,
        &mut rng,
        &Stop::new(),
    )
    .best
}

#[test]
fn naive_plays_the_legal_move_of_the_top_row_then_the_left_column() {
    // Start: d3, c4, f5, e6. d3 is in the top-most row.
    assert_eq!(
        naive(&Othello::standard()),
        Some(Move::Place("d3".parse().unwrap()))
    );
    // White to move after f5: d6, f4 and f6; two share row 6... f4 is higher up.
    let after_f5 = after(&Othello::standard(), Move::Place("f5".parse().unwrap()));
    assert_eq!(naive(&after_f5), Some(Move::Place("f4".parse().unwrap())));
    // Black can take b1 or e1 in the top row, and the four moves of the centre: b1.
    let position = board(
        "--OX-OX-\
         --------\
         --------\
         ---OX---\
         ---XO---\
         --------\
         --------\
         -------- X",
    );
    let moves = position.legal_moves();
    assert_eq!(moves.len(), 6, "{moves:?}");
    assert_eq!(naive(&position), Some(Move::Place("b1".parse().unwrap())));
    // A 6x6 board, and a forced pass.
    let six = Othello::new(Shape::square(6).unwrap());
    assert_eq!(naive(&six), Some(Move::Place("c2".parse().unwrap())));
    let pass = board(&format!("{}OOOOO--- X", "O".repeat(48) + "OOOOOOOX"));
    assert_eq!(naive(&pass), Some(Move::Pass));
    let over = board(&format!("{} X", "X".repeat(64)));
    assert_eq!(naive(&over), None);
}

/// Black's lead in square weights, or, when the game is over, a win for Black above any lead
/// (10 000 plus the margin, empties to the winner), a loss below, a draw 0.
fn black_lead(position: &Othello) -> i32 {
    if position.is_over() {
        let margin = position.score().margin();
        return margin.signum() * 10_000 + margin;
    }
    square_weights(position.shape())
        .into_iter()
        .map(|(sq, w)| match position.disc_at(sq) {
            Some(Player::Black) => w,
            Some(Player::White) => -w,
            None => 0,
        })
        .sum()
}

#[test]
fn minimax_4_weighs_squares_as_the_textbook_does() {
    let table = |shape: Shape| {
        let weights = square_weights(shape);
        (0..shape.size())
            .map(|row| {
                (0..shape.size())
                    .map(|col| {
                        weights
                            .iter()
                            .find(|(sq, _)| {
                                usize::from(sq.col()) == col && usize::from(sq.row()) == row
                            })
                            .map_or("  .".to_owned(), |(_, w)| format!("{w:3}"))
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        table(Shape::STANDARD),
        [
            " 20 -3  2  2  2  2 -3 20",
            " -3 -7  1  1  1  1 -7 -3",
            "  2  1  1  1  1  1  1  2",
            "  2  1  1  1  1  1  1  2",
            "  2  1  1  1  1  1  1  2",
            "  2  1  1  1  1  1  1  2",
            " -3 -7  1  1  1  1 -7 -3",
            " 20 -3  2  2  2  2 -3 20",
        ]
    );
    // The cross: the ends of its arms are its corners (no line passes through c1 or a3), and
    // its inner corners (c3) are rim squares that lines still cross.
    assert_eq!(
        table("cross".parse().expect("a preset")),
        [
            "  .  . 20 -3 -3 20  .  .",
            "  .  . -3 -7 -7 -3  .  .",
            " 20 -3  2  1  1  2 -3 20",
            " -3 -7  1  1  1  1 -7 -3",
            " -3 -7  1  1  1  1 -7 -3",
            " 20 -3  2  1  1  2 -3 20",
            "  .  . -3 -7 -7 -3  .  .",
            "  .  . 20 -3 -3 20  .  .",
        ]
    );
}

/// Minimax as the textbook writes it: Black maximises [`black_lead`], White minimises it,
/// `plies` deep.
fn minimax(position: &Othello, plies: u32) -> i32 {
    if plies == 0 || position.is_over() {
        return black_lead(position);
    }
    let values = position
        .legal_moves()
        .into_iter()
        .map(|m| minimax(&after(position, m), plies - 1));
    match position.turn() {
        Player::Black => values.max(),
        Player::White => values.min(),
    }
    .expect("a game that is not over has a move")
}

/// The first move in reading order with the best four-ply minimax value for the mover.
fn expected_minimax_4(position: &Othello) -> Move {
    let mut best: Option<(Move, i32)> = None;
    for m in position.legal_moves() {
        let value = minimax(&after(position, m), 3);
        let for_mover = position.turn().fold(value, -value);
        if best.is_none_or(|(_, b)| for_mover > b) {
            best = Some((m, for_mover));
        }
    }
    best.expect("a move").0
}

#[test]
fn minimax_4_plays_what_a_four_ply_minimax_plays() {
    let weights = Arc::new(Weights::embedded());
    let mut rng = SmallRng::seed_from_u64(14);
    let shapes = [
        Shape::STANDARD,
        Shape::square(6).unwrap(),
        PRESETS[0].shape(),
    ];
    let mut checked = 0;
    for shape in shapes {
        for position in random_positions(shape, 2, &mut rng).iter().step_by(3) {
            let mut rng = SmallRng::seed_from_u64(0);
            let result = choose(
                OthelloLevel::Minimax4.level(),
                &weights,
                position,
                &mut rng,
                &Stop::new(),
            );
            assert_eq!(
                result.best,
                Some(expected_minimax_4(position)),
                "on\n{position}"
            );
            checked += 1;
        }
    }
    assert!(checked > 30);
}

#[test]
fn minimax_4_takes_a_wipe_out_and_sees_one_coming() {
    let weights = Arc::new(Weights::embedded());
    // After e6 f4 e3 d6 c5 f6 e7 f5, Black's g5 leaves White without a disc.
    let game = transcript::parse("e6f4e3d6c5f6e7f5").expect("moves");
    let position = transcript::replay(&Othello::standard(), &game)
        .expect("a legal game")
        .last_position();
    let mut rng = SmallRng::seed_from_u64(0);
    let result = choose(
        OthelloLevel::Minimax4.level(),
        &weights,
        &position,
        &mut rng,
        &Stop::new(),
    );
    assert_eq!(result.best, Some(Move::Place("g5".parse().unwrap())));
    assert_eq!(result.eval, Eval::Estimate(6400));
}

#[test]
fn a_stop_request_ends_a_search_with_a_legal_move() {
    let weights = Arc::new(Weights::embedded());
    let stop = Stop::new();
    stop.request();
    let mut rng = SmallRng::seed_from_u64(1);
    let start = Othello::standard();
    let result = Engine::new(weights.clone()).best_move(&start, Limits::NONE, &mut rng, &stop);
    assert!(start.is_legal(result.best.expect("a move")));
    assert!(
        result.nodes < 20_000,
        "{} nodes after the stop",
        result.nodes
    );
    assert!(matches!(result.eval, Eval::Estimate(_)));
}

#[test]
fn node_and_depth_limits_hold() {
    let weights = Arc::new(Weights::embedded());
    let mut rng = SmallRng::seed_from_u64(1);
    let stop = Stop::new();
    let start = Othello::standard();
    let result =
        Engine::new(weights.clone()).best_move(&start, Limits::nodes(5_000), &mut rng, &stop);
    assert!(result.nodes <= 5_100, "{} nodes", result.nodes);
    let result = Engine::new(weights.clone()).best_move(&start, Limits::depth(5), &mut rng, &stop);
    assert_eq!(result.depth, 5);
    assert_eq!(result.pv.first(), result.best.as_ref());
    // The variation is a legal line.
    let mut position = start;
    for &mv in &result.pv {
        position = position.play(mv).expect("the variation is legal");
    }
    // Same limits, fresh table: same answer.
    let again = Engine::new(weights.clone()).best_move(&start, Limits::depth(5), &mut rng, &stop);
    assert_eq!(
        (again.best, again.eval, again.nodes, again.pv),
        (result.best, result.eval, result.nodes, result.pv)
    );
}

#[test]
fn the_estimate_leans_the_way_the_exact_score_does() {
    let weights = Arc::new(Weights::embedded());
    // FFO #5 (+32 for Black) and #9 (-8 for Black), searched a few plies only.
    let text = include_str!("../../ishi-rules/tests/data/ffo-01-19.obf");
    let lines: Vec<&str> = text.lines().collect();
    let mut rng = SmallRng::seed_from_u64(1);
    for (line, sign) in [(lines[4], 1), (lines[8], -1)] {
        let (position, _) = parse_obf_line(line).expect("an FFO line");
        let result = Engine::new(weights.clone()).best_move(
            &position,
            Limits::depth(4),
            &mut rng,
            &Stop::new(),
        );
        let Eval::Estimate(value) = result.eval else {
            panic!("a depth-limited search estimates: {:?}", result.eval);
        };
        assert_eq!(value.signum(), sign, "{value} for\n{position}");
    }
}
