//! Every computer player returns only legal moves, on every board the rules support.

use ishi_ai::random_move;
use ishi_rules::othello::{Othello, Shape};
use ishi_rules::{Game, Outcome};
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[test]
fn random_player_moves_are_legal_on_every_shape() {
    let mut rng = SmallRng::seed_from_u64(2024);
    for shape in Shape::all() {
        let mut positions = 0;
        let mut outcomes = [0; 3];
        for _ in 0..40 {
            let mut game = Othello::new(shape);
            while let Some(mv) = random_move(&game, &mut rng) {
                assert_eq!(game.check(mv), Ok(()), "{mv} on {shape}:\n{game}");
                game.play_unchecked(mv);
                positions += 1;
            }
            match game.outcome() {
                Some(Outcome::Win(p)) => outcomes[p.fold(0, 1)] += 1,
                Some(Outcome::Draw) => outcomes[2] += 1,
                None => panic!("random_move gave up before the end on {shape}"),
            }
        }
        assert!(positions > 40 * 8, "{shape}: only {positions} positions");
        // Random play wins for both sides on every board.
        assert!(outcomes[0] > 0 && outcomes[1] > 0, "{shape}: {outcomes:?}");
    }
}
