//! A puzzle's difficulty as a player would find it, from how weak players of known habits
//! fare on it: the rating `othello puzzles` gives each puzzle it makes and `othello
//! rate-puzzles` gives a library's puzzles again.
//!
//! The strong engine is a poor judge of that: its evaluation finds three answers in four at a
//! search of one ply, so a rating from the depth it needs (the first libraries' rating) put
//! 2,352 of 3,200 puzzles between 700 and 800, and a player's rating could not tell them
//! apart. A human misses what a weak player misses: the greedy move (the most discs), the
//! move of four plies of minimax on the squares' weights (Ishi's `minimax-4`), the noisy
//! engine of `casual` and the lightly noisy one of `club` (eight and four tries, each its own
//! seed). The rating adds up what they miss, with the depth the strong engine needs and the
//! size of the problem:
//!
//! ```text
//! 600 + 150 if greedy misses + 150 if minimax-4 misses
//!     + 350 x the share of casual's tries that miss + 350 x the share of club's
//!     + 50 x the strong engine's depth step (depths 1, 2, 3, 4, 6, 8, 10; 7 when none finds it)
//!     + 10 x (legal moves - 2) + 5 x (empty squares - 10)
//! ```
//!
//! from 600 (every weak player finds it) to about 2,100. The weights are an estimate, chosen
//! so that the library spreads over the range players' ratings take; the players' results are
//! what could calibrate them, and the app keeps no record of anyone's but the player's own.

use std::sync::Arc;

use ishi_ai::othello::{Engine, OthelloLevel, Weights, choose};
use ishi_ai::{LevelId, Limits, Stop};
use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello, Square};
use rand::SeedableRng;

/// Tries of `casual` and of `club` on each puzzle, each with its own seed.
const CASUAL_TRIES: u64 = 8;
const CLUB_TRIES: u64 = 4;

/// The weak players and the strong engine that rate a puzzle.
pub(crate) struct Rater {
    weights: Arc<Weights>,
    engine: Engine,
}

impl Rater {
    pub(crate) fn new() -> Rater {
        let weights = Arc::new(Weights::embedded());
        Rater {
            engine: Engine::new(weights.clone()),
            weights,
        }
    }

    /// The rating of the puzzle whose answer in `position` is `answer` (the module's doc
    /// says how).
    pub(crate) fn rating(&mut self, position: &Othello, answer: Square) -> u16 {
        let misses = |found: Option<Move>| found != Some(Move::Place(answer));
        let greedy = position
            .legal_moves()
            .into_iter()
            .filter_map(|m| match m {
                Move::Place(s) => Some((position.flips(s).len(), std::cmp::Reverse(s), s)),
                Move::Pass => None,
            })
            .max()
            .map(|(_, _, s)| Move::Place(s));
        let level_misses = |level: OthelloLevel, tries: u64| {
            (0..tries)
                .filter(|&seed| {
                    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
                    let found = choose(
                        level.level(),
                        &self.weights,
                        position,
                        &mut rng,
                        &Stop::new(),
                    );
                    misses(found.best)
                })
                .count() as u32
        };
        let minimax = level_misses(OthelloLevel::Minimax4, 1);
        let casual = level_misses(OthelloLevel::Casual, CASUAL_TRIES);
        let club = level_misses(OthelloLevel::Club, CLUB_TRIES);
        let step = self.depth_step(position, answer);
        let moves = position.legal_moves().len() as u32;
        let empties = position.score().empties;
        let rating = 600
            + 150 * u32::from(misses(greedy))
            + 150 * minimax
            + 350 * casual / CASUAL_TRIES as u32
            + 350 * club / CLUB_TRIES as u32
            + 50 * step
            + 10 * moves.saturating_sub(2)
            + 5 * empties.saturating_sub(10);
        rating.min(4000) as u16
    }

    /// The first of the depths 1, 2, 3, 4, 6, 8 and 10 whose search with the strong engine
    /// plays `answer`, as a step from 0 (7 when none does).
    fn depth_step(&mut self, position: &Othello, answer: Square) -> u32 {
        const DEPTHS: [u32; 7] = [1, 2, 3, 4, 6, 8, 10];
        DEPTHS
            .iter()
            .position(|&depth| {
                self.engine.clear();
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::NONE
                };
                let mut rng = rand::rngs::SmallRng::seed_from_u64(0);
                let found = self
                    .engine
                    .best_move(position, limits, &mut rng, &Stop::new());
                found.best == Some(Move::Place(answer))
            })
            .unwrap_or(DEPTHS.len()) as u32
    }
}
