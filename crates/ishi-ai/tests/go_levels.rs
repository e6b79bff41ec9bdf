//! Every Go level plays only legal moves, on every board size and rule preset, and the same
//! seed gives the same move.
//!
//! The levels search with a handful of playouts or visits here (their own budgets would make
//! the suite slow): legality does not depend on the budget, and the root's moves are checked
//! the same way at any budget.

use std::sync::LazyLock;
use std::time::Duration;

use ishi_ai::go::{Config, Engine, GoLevel, GoModels, Mcts, choose, levels, random_move};
use ishi_ai::{Eval, Level, LevelId, Limits, Stop};
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules, Move};
use rand::SeedableRng;
use rand::rngs::SmallRng;

const RULES: [GoRules; 3] = [GoRules::JAPANESE, GoRules::CHINESE, GoRules::TROMP_TAYLOR];

/// The native build's models, read once.
static MODELS: LazyLock<GoModels> = LazyLock::new(GoModels::embedded);

/// `level` with at most `playouts` playouts (or visits) a move.
fn quick(level: &Level<GoLevel>, playouts: u64) -> Level<GoLevel> {
    Level {
        limits: Limits::nodes(level.limits.nodes.map_or(playouts, |n| n.min(playouts))),
        ..*level
    }
}

/// Positions along random games (eye-respecting random moves, a pass now and then), on
/// `size`, under each preset: early, middle, late and just after a pass.
fn positions(size: usize, games: usize, rng: &mut SmallRng) -> Vec<Go> {
    let mut out = Vec::new();
    for (g, rules) in RULES.iter().cycle().take(games).enumerate() {
        let mut go = Go::new(size, *rules).unwrap();
        let mut moves = 0;
        while let Some(mv) = random_move(&go, rng) {
            let mv = if moves % 23 == 11 { Move::Pass } else { mv };
            go.play_unchecked(mv);
            moves += 1;
            if go.is_over() {
                break;
            }
            if (moves + g) % (size * size / 4).max(3) == 0 || mv == Move::Pass {
                out.push(go.clone());
            }
        }
    }
    out
}

fn assert_legal(level: &Level<GoLevel>, go: &Go, rng: &mut SmallRng) {
    let result = choose(level, &MODELS, go, &[], rng, &Stop::new());
    let mv = result.best.expect("the game is not over");
    assert_eq!(go.check(mv), Ok(()), "{} played {mv}\n{go}", level.id);
    if let Eval::WinRate(rate) = result.eval {
        assert!((0.0..=1.0).contains(&rate), "{rate}");
    }
}

#[test]
fn every_level_plays_legal_moves_on_every_size_and_preset() {
    let mut rng = SmallRng::seed_from_u64(2024);
    for (size, games, playouts) in [(5, 6, 24), (9, 3, 16), (13, 3, 8), (19, 3, 4)] {
        let positions = positions(size, games, &mut rng);
        assert!(positions.len() >= 12, "{size}x{size}: {}", positions.len());
        for (k, go) in positions.iter().enumerate() {
            for level in levels() {
                // Every level on the small boards; one level a position on the large ones.
                if size > 9 && levels()[k % levels().len()].id != level.id {
                    continue;
                }
                assert_legal(&quick(level, playouts), go, &mut rng);
            }
        }
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let go = Go::new(5, GoRules::CHINESE)
        .unwrap()
        .play(Move::Pass)
        .unwrap()
        .play(Move::Pass)
        .unwrap();
    let mut rng = SmallRng::seed_from_u64(1);
    for level in levels() {
        assert_eq!(
            choose(&quick(level, 10), &MODELS, &go, &[], &mut rng, &Stop::new()).best,
            None
        );
    }
}

#[test]
fn games_between_searching_engines_stay_legal_and_end() {
    let moves = MODELS.moves.clone();
    // Two engines keep their trees from move to move, under superko rules and without.
    for (seed, rules) in [
        (1, GoRules::CHINESE),
        (2, GoRules::JAPANESE),
        (3, GoRules::TROMP_TAYLOR),
    ] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut engines = [
            Mcts::new(Config::default(), moves.clone()),
            Mcts::new(Config::default(), moves.clone()),
        ];
        let mut go = Go::new(5, rules).unwrap();
        let mut moves = 0;
        while !go.is_over() {
            let engine = &mut engines[moves % 2];
            let result = engine.search(&go, Limits::nodes(60), &mut rng, &Stop::new());
            let mv = result.best.expect("the game goes on");
            assert_eq!(go.check(mv), Ok(()), "move {moves}: {mv}\n{go}");
            assert!(engine.tree_size() > 1);
            go.play_unchecked(mv);
            moves += 1;
            assert!(moves < 200, "the game does not end\n{go}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_move() {
    let moves = MODELS.moves.clone();
    let mut setup = SmallRng::seed_from_u64(9);
    let go = positions(9, 1, &mut setup).swap_remove(2);
    let run = |level: &Level<GoLevel>, seed| {
        let result = choose(
            level,
            &MODELS,
            &go,
            &[],
            &mut SmallRng::seed_from_u64(seed),
            &Stop::new(),
        );
        (result.best, result.eval, result.nodes, result.pv)
    };
    // Monte Carlo with 300 playouts, the network's search, and its policy drawn at a
    // temperature.
    let monte_carlo = Level {
        limits: Limits::nodes(300),
        ..*GoLevel::Mcts100.level()
    };
    for level in [monte_carlo, quick(GoLevel::Net16.level(), 12)] {
        assert_eq!(run(&level, 5), run(&level, 5), "{}", level.id);
    }
    let drawn: Vec<_> = (0..8)
        .map(|seed| run(GoLevel::NetT07.level(), seed))
        .collect();
    assert_eq!(
        drawn,
        (0..8)
            .map(|seed| run(GoLevel::NetT07.level(), seed))
            .collect::<Vec<_>>()
    );
    // Tree reuse is deterministic too: two engines fed the same game agree move by move.
    let game = |seed| {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut engine = Mcts::new(Config::default(), moves.clone());
        let mut go = Go::new(7, GoRules::JAPANESE).unwrap();
        let mut moves = Vec::new();
        for _ in 0..8 {
            let mv = engine
                .search(&go, Limits::nodes(200), &mut rng, &Stop::new())
                .best
                .unwrap();
            moves.push(mv);
            go.play_unchecked(mv);
        }
        moves
    };
    assert_eq!(game(3), game(3));
}

#[test]
fn a_raised_stop_flag_ends_the_search_with_a_legal_move() {
    let moves = MODELS.moves.clone();
    let go = Go::new(9, GoRules::CHINESE).unwrap();
    let stop = Stop::new();
    stop.request();
    let mut engine = Mcts::new(Config::default(), moves.clone());
    let result = engine.search(&go, Limits::NONE, &mut SmallRng::seed_from_u64(1), &stop);
    assert_eq!(result.nodes, 0);
    assert!(go.is_legal(result.best.unwrap()));
    assert_eq!(engine.ownership(), None);
    // The network's search too: the root's evaluation alone.
    let mut engine = Engine::new(GoLevel::Net1024.level(), &MODELS);
    let level = GoLevel::Net1024.level();
    let result = engine.play(
        &go,
        &[],
        level.limits,
        &mut SmallRng::seed_from_u64(1),
        &stop,
    );
    assert_eq!(result.nodes, 0);
    assert!(go.is_legal(result.best.unwrap()));
}

#[test]
fn a_network_level_without_the_network_plays_its_monte_carlo_fallback() {
    let no_network = GoModels {
        moves: MODELS.moves.clone(),
        network: None,
    };
    let mut rng = SmallRng::seed_from_u64(3);
    let go = positions(9, 1, &mut rng).swap_remove(1);
    for level in levels() {
        let mut engine = Engine::new(level, &no_network);
        assert_eq!(
            engine.fallen_back(),
            level.id.needs_network(),
            "{}",
            level.id
        );
        assert_eq!(engine.level(), level.id);
        // A short time asked caps the fallback's playouts, as a clock would.
        let asked = Limits {
            time: Some(Duration::from_millis(30)),
            ..level.limits
        };
        let result = engine.play(&go, &[], asked, &mut rng, &Stop::new());
        let mv = result.best.expect("the game goes on");
        assert!(go.is_legal(mv), "{} played {mv}", level.id);
        if engine.fallen_back() {
            // Playouts, not the level's one evaluation or few visits.
            assert!(result.nodes > 16, "{}: {}", level.id, result.nodes);
            assert!(matches!(result.eval, Eval::WinRate(_)));
        }
        // With the network, the same level needs no fallback.
        assert!(!Engine::new(level, &MODELS).fallen_back());
    }
}

#[test]
fn levels_are_named_weakest_first_and_children_never_resign() {
    let ids: Vec<&str> = levels().iter().map(|l| l.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "random",
            "mcts-100",
            "net-t0.7",
            "net-policy",
            "net-16",
            "net-128",
            "net-1024"
        ]
    );
    // The searches' budgets grow with the level; the policy's levels evaluate once.
    let budgets = |ids: &[GoLevel]| -> Vec<u64> {
        ids.iter()
            .map(|id| id.level().limits.nodes.unwrap())
            .collect()
    };
    let searches = budgets(&[
        GoLevel::Mcts100,
        GoLevel::Net16,
        GoLevel::Net128,
        GoLevel::Net1024,
    ]);
    assert!(searches[1..].windows(2).all(|w| w[0] < w[1]));
    assert_eq!(budgets(&[GoLevel::NetT07, GoLevel::NetPolicy]), [1, 1]);
    let hopeless = ishi_ai::SearchResult {
        best: Some(Move::Pass),
        eval: Eval::WinRate(0.01),
        depth: 0,
        nodes: 5_000,
        pv: Vec::new(),
        elapsed: std::time::Duration::ZERO,
    };
    for level in levels() {
        let never = [
            GoLevel::Random,
            GoLevel::Mcts100,
            GoLevel::NetT07,
            GoLevel::NetPolicy,
        ]
        .contains(&level.id);
        assert_eq!(level.id.never_resigns(), never, "{}", level.id);
        let engine = Engine::new(level, &MODELS);
        assert_eq!(engine.resigns(&hopeless), !never, "{}", level.id);
    }
    let early = ishi_ai::SearchResult {
        nodes: 100,
        ..hopeless.clone()
    };
    assert!(!Config::default().resigns(&early));
    let early = ishi_ai::SearchResult {
        nodes: 50,
        ..hopeless
    };
    assert!(!Engine::new(GoLevel::Net16.level(), &MODELS).resigns(&early));
}
