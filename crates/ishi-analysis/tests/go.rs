//! Go analysis on positions whose best move is known.

use std::sync::Arc;

use ishi_ai::Stop;
use ishi_ai::go::features::Model;
use ishi_analysis::go::{self, Budget};
use ishi_analysis::{Class, Worth};
use ishi_rules::Player;
use ishi_rules::go::{Go, GoRules, Move};
use rand::SeedableRng;
use rand::rngs::SmallRng;

mod positions;

use positions::{atari, walls};

fn place(name: &str) -> Move {
    Move::Place(name.parse().unwrap())
}

#[test]
fn leaving_a_chain_in_atari_is_a_blunder_and_connecting_is_best() {
    let go = atari();
    for seed in [1, 2] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut mcts = go::engine(Some(Arc::new(Model::embedded())));
        let budget = Budget { playouts: 3000 };
        let analysis = go::analyse(
            &mut mcts,
            &go,
            Some(place("A9")),
            budget,
            &mut rng,
            &Stop::new(),
        );
        let review = analysis
            .review(place("A9"))
            .expect("the played move is valued");
        assert_eq!(review.best, place("F4"), "seed {seed}");
        assert_eq!(review.class, Class::Blunder, "seed {seed}: {review:?}");
        assert!(review.loss >= 15.0, "seed {seed}: {}", review.loss);
        assert_eq!(analysis.review(place("F4")).unwrap().class, Class::Best);
        let ownership = analysis
            .ownership
            .as_ref()
            .expect("the playouts' ownership");
        assert_eq!(ownership.len(), 81);
        assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
        let Worth::Go { win_rate, lead } = analysis.worth else {
            panic!("a Go worth");
        };
        assert!((0.0..=1.0).contains(&win_rate) && lead.is_finite());
    }
}

#[test]
fn an_illegal_or_missing_played_move_is_not_reviewed() {
    let go = atari();
    let mut rng = SmallRng::seed_from_u64(3);
    let mut mcts = go::engine(Some(Arc::new(Model::embedded())));
    let budget = Budget { playouts: 300 };
    // C5 is occupied: not a move of this position.
    let analysis = go::analyse(
        &mut mcts,
        &go,
        Some(place("C5")),
        budget,
        &mut rng,
        &Stop::new(),
    );
    assert_eq!(analysis.review(place("C5")), None);
    assert!(!analysis.candidates.is_empty());
}

#[test]
fn white_s_win_rate_is_black_s_loss() {
    // The same board with White to move: White captures the six stones at F4.
    let black = atari();
    let mut setup = black.setup();
    setup.turn = Player::White;
    let white = Go::from_setup(&setup).unwrap();
    let mut rng = SmallRng::seed_from_u64(4);
    let mut mcts = go::engine(Some(Arc::new(Model::embedded())));
    let analysis = go::analyse(
        &mut mcts,
        &white,
        None,
        Budget::QUICK,
        &mut rng,
        &Stop::new(),
    );
    assert_eq!(analysis.best().map(|c| c.mv), Some(place("F4")));
    let Worth::Go { win_rate, lead } = analysis.worth else {
        panic!("a Go worth");
    };
    assert!(win_rate < 0.3, "Black is lost: {win_rate}");
    assert!(lead < 0.0, "White leads: {lead}");
}

#[test]
fn passing_in_a_lost_count_is_worth_the_count() {
    // Black's wall on E and White's on F: Black's 36 points of territory against White's 27
    // and the komi, 6.5. If White passes, Black passes back and wins the count.
    let go = walls(GoRules::JAPANESE);
    for seed in [5, 6] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut mcts = go::engine(Some(Arc::new(Model::embedded())));
        let analysis = go::analyse(
            &mut mcts,
            &go,
            Some(Move::Pass),
            Budget::QUICK,
            &mut rng,
            &Stop::new(),
        );
        let pass = analysis.candidate(Move::Pass).expect("the pass is valued");
        assert!(pass.value < 5.0, "seed {seed}: {pass:?}");
    }
}
