//! Go analysis on KataGo's network: losses in points, the played move judged, the search
//! reproducible.

use std::sync::Arc;

use ishi_ai::Stop;
use ishi_analysis::go::network::{self, Budget};
use ishi_analysis::{Class, Worth};
use ishi_nn::Network;
use ishi_rules::Player;
use ishi_rules::go::{Go, GoRules, Move};
use rand::SeedableRng;
use rand::rngs::SmallRng;

mod positions;

use positions::{atari, walls};

fn place(name: &str) -> Move {
    Move::Place(name.parse().unwrap())
}

fn network() -> Arc<Network> {
    Arc::new(Network::from_bytes(ishi_nn::G170_B6C96).expect("the embedded network reads"))
}

fn analyse(go: &Go, played: Option<Move>, budget: Budget) -> ishi_analysis::Analysis<Move> {
    let mut puct = network::engine(network());
    let mut rng = SmallRng::seed_from_u64(0);
    network::analyse(&mut puct, go, &[], played, budget, &mut rng, &Stop::new())
}

#[test]
fn leaving_six_stones_in_atari_is_a_blunder_in_points() {
    // A9 leaves the six stones to be captured (see `positions::atari`).
    let go = atari();
    let analysis = analyse(&go, Some(place("A9")), Budget::for_board(9, false));
    let review = analysis.review(place("A9")).expect("A9 is valued");
    assert_eq!(review.best, place("F4"));
    assert_eq!(review.class, Class::Blunder, "{review:?}");
    assert!(review.loss >= 6.0, "{review:?}");
    // The network finds Black lost either way (White's left side is large): the win rate
    // hardly moves, which is why the losses are in points.
    let win_rate = review.win_rate.expect("the win rate beside the points");
    assert!(win_rate.played < 50.0, "{win_rate:?}");
    assert!(win_rate.loss < review.loss, "{win_rate:?}");
    let f4 = analysis.review(place("F4")).unwrap();
    assert_eq!((f4.class, f4.loss), (Class::Best, 0.0));
    let ownership = analysis
        .ownership
        .as_ref()
        .expect("the network's ownership");
    assert_eq!(ownership.len(), 81);
    assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
    let Worth::Go { win_rate, lead } = analysis.worth else {
        panic!("a Go worth");
    };
    assert!((0.0..=1.0).contains(&win_rate) && lead.is_finite());
}

/// An even game (Chinese rules, komi 7.5): Black's ten stones at the bottom left live by
/// their two eyes, A2 and C2. Filling one (A2) leaves them one liberty, and dead.
fn two_eyes() -> Go {
    Go::from_diagram(
        "
        . . . . . . . . .
        . . X . . . . . .
        . . O . . . . . .
        . . . . O . X . .
        . . . . . . . . .
        O O O O O . X . .
        X X X X O . X . .
        . X . X O . . . .
        X X X X O . . . .
        ",
        GoRules::CHINESE,
        Player::Black,
    )
    .unwrap()
}

#[test]
fn filling_an_own_eye_in_an_even_game_loses_the_group_s_points_and_the_game() {
    let go = two_eyes();
    let analysis = analyse(&go, Some(place("A2")), Budget::for_board(9, false));
    let review = analysis.review(place("A2")).expect("A2 is valued");
    assert_eq!(review.class, Class::Blunder, "{review:?}");
    // Ten stones, two eyes, and the points around them change hands.
    assert!(review.loss >= 20.0, "{review:?}");
    assert!(review.best_value.abs() < 5.0, "an even game: {review:?}");
    let win_rate = review.win_rate.expect("the win rate beside the points");
    assert!(
        win_rate.loss >= 30.0 && win_rate.played < 5.0,
        "{win_rate:?}"
    );
    // The search would not look at A2: it was searched on its own.
    assert_eq!(analysis.candidate(place("A2")).map(|c| c.visits), Some(0));
}

#[test]
fn the_same_position_analysed_twice_gives_the_same_values() {
    let go = atari();
    let budget = Budget { visits: 40 };
    let (a, b) = (
        analyse(&go, Some(place("A9")), budget),
        analyse(&go, Some(place("A9")), budget),
    );
    assert_eq!(a, b);
    assert_eq!(a.review(place("A9")), b.review(place("A9")));
}

#[test]
fn a_played_move_the_search_passed_over_is_searched_on_its_own() {
    let go = atari();
    let budget = Budget { visits: 16 };
    let analysis = analyse(&go, Some(place("J1")), budget);
    let j1 = analysis.candidate(place("J1")).expect("J1 is valued");
    assert_eq!(j1.visits, 0, "J1 is no move the search would visit: {j1:?}");
    assert!(j1.win_rate.is_some());
    assert!(analysis.review(place("J1")).unwrap().class >= Class::Mistake);
}

#[test]
fn ownership_and_lead_read_the_board() {
    // Black has the left five columns, White the right four: Black owns the left and leads.
    let go = walls(GoRules::CHINESE);
    let analysis = analyse(&go, None, Budget { visits: 30 });
    let ownership = analysis.ownership.expect("the network's ownership");
    let area: f32 = ownership.iter().sum();
    // Black's 45 points against White's 36: 9 more on the board.
    assert!((area - 9.0).abs() < 3.0, "{area}");
    assert!(ownership[0] > 0.8 && ownership[8] < -0.8, "{ownership:?}");
    let Worth::Go { win_rate, lead } = analysis.worth else {
        panic!("a Go worth");
    };
    // 9 points on the board less the komi, 7.5.
    assert!((lead - 1.5).abs() < 2.0, "{lead}");
    assert!(win_rate > 0.5, "{win_rate}");
}
