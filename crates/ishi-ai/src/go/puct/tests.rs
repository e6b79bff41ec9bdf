use std::sync::{Arc, LazyLock};

use ishi_rules::go::{GoRules, Komi};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::*;
use crate::go::random_move;
use crate::go::testing::pt;

/// The shipped network, read once for all the tests.
static NETWORK: LazyLock<Arc<Network>> = LazyLock::new(|| {
    Arc::new(Network::from_bytes(ishi_nn::G170_B6C96).expect("the shipped network"))
});

fn engine() -> Puct {
    Puct::new(Config::default(), NETWORK.clone())
}

fn searched(go: &Go, before: &[Go], visits: u64, seed: u64) -> (Puct, SearchResult<Move>) {
    let mut puct = engine();
    let result = puct.search(
        go,
        before,
        Limits::nodes(visits),
        &mut SmallRng::seed_from_u64(seed),
        &Stop::new(),
    );
    (puct, result)
}

fn diagram(text: &str, rules: GoRules, turn: Player) -> Go {
    Go::from_diagram(text, rules, turn).unwrap()
}

#[test]
fn a_capture_of_four_stones_is_found_with_few_visits() {
    // White's four stones on the fifth line have one liberty, E4, where they would join
    // White's F4 and split Black in two.
    let go = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . O . .
        . X X X X . . . .
        X O O O O X . . .
        . X X X . O . . .
        . . . . . . O . .
        . . O . . . . . .
        . . . . . . . . .
        ",
        GoRules::CHINESE,
        Player::Black,
    );
    let (_, result) = searched(&go, &[], 8, 1);
    assert_eq!(result.best, Some(Move::Place(pt("E4"))), "{result:?}");
    assert!(result.nodes <= 8);
}

#[test]
fn a_ladder_that_works_is_not_run() {
    // White's B7 is in atari and a ladder catches it: running at C7 only feeds Black.
    let go = diagram(
        "
        . . . . . . . . .
        . X X . . . . . .
        X O . . . . . . .
        . X . . . . . . .
        . . . . . . . . .
        . . . . . . O . .
        . . . . . . . . .
        . . X . . . O . .
        . . . . . . . . .
        ",
        GoRules::CHINESE,
        Player::White,
    );
    let (puct, result) = searched(&go, &[], 40, 2);
    assert_ne!(result.best, Some(Move::Place(pt("C7"))), "{result:?}");
    let run = puct
        .root_moves()
        .into_iter()
        .find(|m| m.mv == Move::Place(pt("C7")));
    assert!(run.is_none_or(|m| m.visits <= 4), "{run:?}");
}

#[test]
fn the_reply_to_the_reply_keeps_its_subtree() {
    let go = Go::new(9, GoRules::CHINESE).unwrap();
    let (mut puct, _) = searched(&go, &[], 60, 3);
    let most_visited = |puct: &Puct, node: usize| {
        tree::children(&puct.nodes, node)
            .max_by_key(|&c| puct.nodes[c].visits)
            .unwrap()
    };
    let mine = most_visited(&puct, 0);
    let theirs = most_visited(&puct, mine);
    let kept = puct.nodes[theirs];
    assert!(kept.visits > 2 && kept.children > 0, "{kept:?}");
    let one = go.play(decode(puct.nodes[mine].mv)).unwrap();
    let two = one.play(decode(kept.mv)).unwrap();
    let before = [go.clone(), one.clone()];
    puct.reroot(&two, &before);
    assert_eq!(puct.nodes[0].visits, kept.visits);
    assert_eq!(puct.nodes[0].children, kept.children);
    // The subtree is all that is left, every child block in place.
    let mut reachable = 1;
    let mut stack = vec![0];
    while let Some(n) = stack.pop() {
        let total: u32 = tree::children(&puct.nodes, n)
            .map(|c| puct.nodes[c].visits)
            .sum();
        assert!(total < puct.nodes[n].visits.max(1), "node {n}");
        reachable += tree::children(&puct.nodes, n).len();
        stack.extend(tree::children(&puct.nodes, n));
    }
    assert_eq!(reachable, puct.tree_size());
    // A search there goes on from the kept visits, and the root's evaluation was kept.
    let result = puct.search(
        &two,
        &before,
        Limits::nodes(10),
        &mut SmallRng::seed_from_u64(3),
        &Stop::new(),
    );
    assert_eq!(result.nodes, 10);
    assert_eq!(puct.nodes[0].visits, kept.visits + 10);
    // An unrelated position starts afresh.
    puct.reroot(&Go::new(7, GoRules::CHINESE).unwrap(), &[]);
    assert_eq!((puct.tree_size(), puct.nodes[0].visits), (1, 0));
}

#[test]
fn a_seeded_search_is_reproducible() {
    let mut go = Go::new(9, GoRules::JAPANESE).unwrap();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut before = Vec::new();
    for _ in 0..12 {
        before.push(go.clone());
        go = go.play(random_move(&go, &mut rng).unwrap()).unwrap();
    }
    let (_, first) = searched(&go, &before, 30, 9);
    let (_, second) = searched(&go, &before, 30, 9);
    assert_eq!(first.best, second.best);
    assert_eq!(first.eval, second.eval);
    assert_eq!(first.pv, second.pv);
    assert_eq!(first.nodes, second.nodes);
}

#[test]
fn no_move_is_illegal_on_any_board_under_any_rules() {
    let mut rng = SmallRng::seed_from_u64(11);
    for size in ishi_rules::go::MIN_SIZE..=ishi_rules::go::MAX_SIZE {
        for (name, rules) in GoRules::PRESETS {
            // A random game some way in, so captures and kos are about; sometimes a pass.
            let mut go = Go::new(size, rules).unwrap();
            let mut before = Vec::new();
            for _ in 0..size * size / 2 + size {
                let Some(mv) = random_move(&go, &mut rng) else {
                    break;
                };
                before.push(go.clone());
                go = go.play(mv).unwrap();
            }
            if go.is_over() {
                continue;
            }
            if size % 2 == 0 {
                before.push(go.clone());
                go = go.play(Move::Pass).unwrap();
            }
            let mut puct = engine();
            let result = puct.search(&go, &before, Limits::nodes(6), &mut rng, &Stop::new());
            let mv = result.best.unwrap();
            assert!(
                go.is_legal(mv),
                "{size}x{size} {name}: {mv} after {before:?}"
            );
            for temperature in [None, Some(1.0)] {
                let policy = puct.policy_move(&go, &before, temperature, &mut rng);
                let mv = policy.best.unwrap();
                assert!(go.is_legal(mv), "{size}x{size} {name}: policy {mv}");
            }
        }
    }
}

#[test]
fn the_tree_stays_within_its_node_bound() {
    let go = Go::new(9, GoRules::JAPANESE).unwrap();
    let config = Config {
        max_nodes: 500,
        ..Config::default()
    };
    let mut puct = Puct::new(config, NETWORK.clone());
    let result = puct.search(
        &go,
        &[],
        Limits::nodes(100),
        &mut SmallRng::seed_from_u64(1),
        &Stop::new(),
    );
    assert!(puct.tree_size() <= 500, "{}", puct.tree_size());
    // 82 children per evaluation on an open 9x9 board: the search stopped when full.
    assert!(result.nodes < 10, "{}", result.nodes);
    assert!(go.is_legal(result.best.unwrap()));
    assert_eq!(NODE_BYTES, 24);
}

#[test]
fn after_the_opponents_pass_a_lost_count_is_never_passed_into() {
    // An empty board with komi: ending the game now loses it for Black.
    let mut setup = Go::new(9, GoRules::CHINESE).unwrap().setup();
    setup.turn = Player::White;
    let white_to_move = Go::from_setup(&setup).unwrap();
    let go = white_to_move.play(Move::Pass).unwrap();
    let before = [white_to_move.clone()];
    for visits in [1, 50] {
        let (_, result) = searched(&go, &before, visits, 4);
        assert_ne!(result.best, Some(Move::Pass), "{visits} visits");
    }
    let mut puct = engine();
    let policy = puct.policy_move(&go, &before, None, &mut SmallRng::seed_from_u64(4));
    assert_ne!(policy.best, Some(Move::Pass));
    // For White the same count is a win: a pass after Black's, ending the game, stands.
    let black_to_move = Go::new(9, GoRules::CHINESE).unwrap();
    let go = black_to_move.play(Move::Pass).unwrap();
    let (puct, _) = searched(&go, &[black_to_move], 5, 4);
    let candidates = [
        Candidate {
            mv: Move::Pass,
            value: Some(1.0),
        },
        Candidate {
            mv: Move::Place(pt("E5")),
            value: Some(0.9),
        },
    ];
    let mut rng = SmallRng::seed_from_u64(4);
    assert_eq!(
        puct.settle_pass(&go, Move::Pass, &candidates, 0.9, &mut rng),
        Move::Pass
    );
}

#[test]
fn a_dame_is_filled_before_passing_under_territory_scoring() {
    // Two walls with the column of dame between them, every point settled.
    let go = diagram(
        "
        . . X . O . .
        . . X . O . .
        . . X . O . .
        . . X . O . .
        . . X . O . .
        . . X . O . .
        . . X . O . .
        ",
        GoRules::JAPANESE.with_komi(Komi::from_half_points(1)),
        Player::Black,
    );
    let (puct, result) = searched(&go, &[], 30, 6);
    assert!(go.is_legal(result.best.unwrap()));
    let candidates = [
        Candidate {
            mv: Move::Pass,
            value: Some(0.0),
        },
        Candidate {
            mv: Move::Place(pt("A1")),
            value: Some(-0.01),
        },
        Candidate {
            mv: Move::Place(pt("D4")),
            value: Some(-0.5),
        },
        Candidate {
            mv: Move::Place(pt("D5")),
            value: None,
        },
    ];
    let mut rng = SmallRng::seed_from_u64(6);
    // A1 is Black's own territory and D4 looks much worse than the pass: D5 it is.
    let mv = puct.settle_pass(&go, Move::Pass, &candidates, 0.0, &mut rng);
    assert_eq!(mv, Move::Place(pt("D5")));
    // With the dame gone there is nothing left to fill.
    let filled = diagram(
        "
        . . X X O . .
        . . X X O . .
        . . X X O . .
        . . X X O . .
        . . X X O . .
        . . X X O . .
        . . X X O . .
        ",
        GoRules::JAPANESE,
        Player::Black,
    );
    let (puct, _) = searched(&filled, &[], 5, 6);
    let candidates: Vec<Candidate> = filled
        .points()
        .filter(|&p| filled.is_legal(Move::Place(p)))
        .map(|p| Candidate {
            mv: Move::Place(p),
            value: None,
        })
        .collect();
    let mv = puct.settle_pass(&filled, Move::Pass, &candidates, 0.0, &mut rng);
    assert_eq!(mv, Move::Pass);
}

#[test]
fn the_policy_at_a_temperature_varies_and_at_none_does_not() {
    let go = Go::new(9, GoRules::CHINESE).unwrap();
    let mut puct = engine();
    let mut rng = SmallRng::seed_from_u64(8);
    let mut drawn = std::collections::HashSet::new();
    for _ in 0..30 {
        drawn.insert(puct.policy_move(&go, &[], Some(1.0), &mut rng).best);
    }
    assert!(drawn.len() > 1, "{drawn:?}");
    assert!(!drawn.contains(&Some(Move::Pass)));
    let top = puct.policy_move(&go, &[], None, &mut rng).best;
    for _ in 0..3 {
        assert_eq!(puct.policy_move(&go, &[], None, &mut rng).best, top);
    }
}

#[test]
fn the_root_s_children_carry_the_scores_of_their_simulations() {
    let go = Go::new(9, GoRules::CHINESE).unwrap();
    let fresh = engine();
    assert!(fresh.root_children().is_empty() && fresh.root_value().is_none());
    assert!(fresh.root_output().is_none());
    let (puct, _) = searched(&go, &[], 30, 1);
    let children = puct.root_children();
    let moves = puct.root_moves();
    assert_eq!(children.len(), moves.len());
    for (child, mv) in children.iter().zip(&moves) {
        assert_eq!(
            (child.mv, child.visits, child.win_rate),
            (mv.mv, mv.visits, mv.win_rate)
        );
    }
    let (rate, score) = puct.root_value().expect("a search ran");
    // The root's means are its evaluation's and its children's, weighted by visits.
    let visited: u32 = children.iter().map(|c| c.visits).sum();
    assert_eq!(visited + 1, puct.nodes[0].visits);
    let first = puct.root_output().expect("the root was evaluated");
    let mean = (first.score_mean()
        + children
            .iter()
            .map(|c| c.visits as f32 * c.score)
            .sum::<f32>())
        / (visited + 1) as f32;
    assert!((mean - score).abs() < 1e-3, "{mean} {score}");
    assert!((0.0..=1.0).contains(&rate));
    // An empty board: close to even.
    assert!(score.abs() < 10.0, "{score}");
}
