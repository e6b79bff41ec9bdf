use proptest::prelude::*;

use super::*;

fn rated(rating: f64, deviation: f64) -> Rating {
    Rating::new(rating, deviation, NEW_VOLATILITY).unwrap()
}

/// Glickman's worked example ("Example of the Glicko-2 system", 2013, section "Example
/// calculation"): 1500 (RD 200) beats 1400 (30), loses to 1550 (100) and 1700 (300), τ = 0.5:
/// 1464.06, RD 151.52, volatility 0.05999 (his figures, from rounded intermediate values: the
/// exact computation gives 1464.051).
#[test]
fn glickmans_worked_example() {
    let player = rated(1500.0, 200.0);
    let results = [
        Outcome::win(rated(1400.0, 30.0)),
        Outcome::loss(rated(1550.0, 100.0)),
        Outcome::loss(rated(1700.0, 300.0)),
    ];
    let after = player.update(&results, &Settings::GLICKMAN);
    assert!((after.rating() - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation() - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility() - 0.05999).abs() < 0.00001, "{after:?}");
}

#[test]
fn a_period_without_games_only_widens_the_deviation() {
    let player = rated(1720.0, 60.0);
    let after = player.update(&[], &Settings::ISHI);
    assert_eq!(after.rating(), 1720.0);
    assert_eq!(after.volatility(), NEW_VOLATILITY);
    // φ* = sqrt(φ² + σ²) on the Glicko-2 scale.
    let phi = 60.0 / SCALE;
    let expected = SCALE * (phi * phi + 0.06 * 0.06).sqrt();
    assert!((after.deviation() - expected).abs() < 1e-9, "{after:?}");
    assert!(after.deviation() > 60.0);
}

#[test]
fn the_deviation_keeps_its_floor_and_its_ceiling() {
    // Thirty results a period make the computed deviation some 40: the floor keeps 45.
    let player = rated(1500.0, 50.0);
    let period = [Outcome::draw(rated(1500.0, 45.0)); 30];
    assert!(player.update(&period, &Settings::GLICKMAN).deviation() < 42.0);
    assert_eq!(player.update(&period, &Settings::ISHI).deviation(), 45.0);
    let mut idle = Rating::default();
    for _ in 0..10 {
        idle = idle.update(&[], &Settings::ISHI);
    }
    assert_eq!(idle.deviation(), MAX_DEVIATION);
}

#[test]
fn bad_numbers_are_refused_with_their_name() {
    assert_eq!(
        Rating::new(f64::NAN, 100.0, 0.06),
        Err(InvalidRating::Rating)
    );
    assert_eq!(
        Rating::new(1500.0, 0.0, 0.06),
        Err(InvalidRating::Deviation)
    );
    assert_eq!(
        Rating::new(1500.0, 351.0, 0.06),
        Err(InvalidRating::Deviation)
    );
    assert_eq!(
        Rating::new(1500.0, 100.0, f64::INFINITY),
        Err(InvalidRating::Volatility)
    );
    assert_eq!(
        InvalidRating::Deviation.to_string(),
        "a rating deviation must be a number above 0 and at most 350"
    );
}

#[test]
fn a_provisional_rating_is_one_not_yet_sure() {
    assert!(Rating::default().is_provisional());
    assert!(!rated(1500.0, 80.0).is_provisional());
}

#[test]
fn the_expected_score_is_even_between_equals_and_favours_the_stronger() {
    let a = rated(1500.0, 100.0);
    assert!((a.expected(&a) - 0.5).abs() < 1e-12);
    let strong = rated(1900.0, 100.0);
    assert!(strong.expected(&a) > 0.85, "{}", strong.expected(&a));
    assert!((strong.expected(&a) + a.expected(&strong) - 1.0).abs() < 1e-12);
}

fn any_rating() -> impl Strategy<Value = Rating> {
    (-500.0..3500.0f64, 30.0..350.0f64, 0.01..0.2f64)
        .prop_map(|(r, d, v)| Rating::new(r, d, v).unwrap())
}

proptest! {
    /// Whatever the period, the rating stays a valid one; a win never lowers it and a loss
    /// never raises it.
    #[test]
    fn updates_stay_valid_and_move_the_right_way(
        player in any_rating(),
        opponents in prop::collection::vec((any_rating(), 0..3u8), 0..12),
    ) {
        let results: Vec<Outcome> = opponents
            .iter()
            .map(|&(opponent, s)| Outcome { opponent, score: f64::from(s) / 2.0 })
            .collect();
        let after = player.update(&results, &Settings::ISHI);
        prop_assert!(Rating::new(after.rating(), after.deviation(), after.volatility()).is_ok());
        if let [only] = results.as_slice() {
            if only.score == 1.0 {
                prop_assert!(after.rating() >= player.rating());
            } else if only.score == 0.0 {
                prop_assert!(after.rating() <= player.rating());
            }
        }
    }
}
