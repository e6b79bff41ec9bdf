//! Ishi's computer players, written against the [`Game`] trait so that one engine serves every
//! board. Randomness comes only from the RNG the caller passes in: the same seed gives the
//! same game, in tests, in the terminal and in the browser.
//!
//! ```
//! use ishi_ai::random_move;
//! use ishi_rules::Game;
//! use ishi_rules::othello::Othello;
//! use rand::SeedableRng;
//!
//! let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
//! let start = Othello::standard();
//! let mv = random_move(&start, &mut rng).expect("the start has moves");
//! assert!(start.is_legal(mv));
//! ```
//!
//! [`go`] plays Go: [`go::levels`] from `random` and Monte Carlo tree search up to PUCT
//! search on KataGo's network ([`go::puct`]), [`go::choose`] for one move, [`go::Engine`],
//! the player of a level that keeps its search between moves, for the GTP engine and the
//! match runner, and [`go::Mcts`], the Monte Carlo engine, for analysis.
//!
//! [`othello`] plays Othello: [`othello::levels`] from `random` up to `master`,
//! [`othello::choose`] for one move, and [`othello::Engine`], the alpha-beta engine with its
//! exact endgame solver, for analysis (`ishi-cli othello solve`).
//!
//! A level's id is an enum of its game, [`othello::OthelloLevel`] or [`go::GoLevel`], both
//! [`LevelId`]s, and [`AnyLevel`] is either: code matches on them, and only parsing reads the
//! ids' text (`master`, `net-128`), so a misspelt id is a compile error, not a level that
//! never matches. The feature `serde` reads and writes them as that text.

pub mod go;
mod level;
pub mod othello;
mod search;

use ishi_rules::Game;
use rand::Rng;
use rand::seq::IndexedRandom;

pub use level::{AnyLevel, Level, LevelId, UnknownLevel};
pub use search::{Clock, Eval, Limits, SearchResult, Stop};

/// A legal move chosen uniformly at random, or `None` when the game is over.
///
/// The level for a child, and the computer player of the first seed game.
pub fn random_move<G: Game>(game: &G, rng: &mut impl Rng) -> Option<G::Move> {
    game.legal_moves().choose(rng).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::othello::Othello;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn random_games_stay_legal_and_end() {
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..200 {
            let mut game = Othello::standard();
            while let Some(mv) = random_move(&game, &mut rng) {
                game = game.play(mv).expect("random_move picks legal moves");
            }
            assert!(game.is_over());
            assert_eq!(random_move(&game, &mut rng), None);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_moves() {
        let play = |seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = Othello::standard();
            let mut moves = Vec::new();
            while let Some(mv) = random_move(&game, &mut rng) {
                moves.push(mv);
                game.play_unchecked(mv);
            }
            moves
        };
        assert_eq!(play(5), play(5));
        assert_ne!(play(5), play(6));
    }
}
