//! Computer players for Go.

use ishi_rules::Game;
use ishi_rules::go::{Go, Move};
use rand::Rng;
use rand::seq::IndexedRandom;

/// A uniformly random legal move that does not fill one of the mover's own eyes
/// ([`Go::is_eye`]); a pass when no such move is left. `None` once the game is over.
///
/// The random level of Go: it never ruins its own living groups, so its games end with two
/// passes on a board a human would recognise as finished, instead of filling every eye until
/// the groups die.
pub fn random_move(go: &Go, rng: &mut impl Rng) -> Option<Move> {
    let moves = go.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let player = go.turn();
    let candidates: Vec<Move> = moves
        .into_iter()
        .filter(|m| match m {
            Move::Place(p) => !go.is_eye(*p, player),
            Move::Pass => false,
        })
        .collect();
    Some(candidates.choose(rng).copied().unwrap_or(Move::Pass))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::go::GoRules;
    use ishi_rules::{Move as AnyMove, Player};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn random_games_end_with_two_passes_and_no_filled_eyes() {
        let mut rng = SmallRng::seed_from_u64(3);
        for size in [5, 9] {
            for _ in 0..20 {
                let mut go = Go::new(size, GoRules::JAPANESE).unwrap();
                let mut moves = 0;
                while let Some(mv) = random_move(&go, &mut rng) {
                    if let AnyMove::Place(p) = mv {
                        assert!(!go.is_eye(p, go.turn()), "filled an own eye at {p}");
                    }
                    go = go.play(mv).expect("random moves are legal");
                    moves += 1;
                    assert!(moves < 2000, "a random game on {size}x{size} does not end");
                }
                assert_eq!(go.consecutive_passes(), 2);
                assert!(go.outcome().is_some());
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_game() {
        let play = |seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut go = Go::new(9, GoRules::CHINESE).unwrap();
            let mut moves = Vec::new();
            while let Some(mv) = random_move(&go, &mut rng) {
                moves.push(mv);
                go.play_unchecked(mv);
            }
            (
                moves,
                go.stone_at("E5".parse().unwrap()) == Some(Player::Black),
            )
        };
        assert_eq!(play(11), play(11));
        assert_ne!(play(11).0, play(12).0);
    }
}
