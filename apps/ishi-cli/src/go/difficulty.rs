//! A Go puzzle's difficulty as a player would find it, from how the network's weak levels
//! fare on it: the rating `go puzzles` gives each puzzle it makes.
//!
//! A player finds what the network's first glance finds; the deep search that checked the
//! answer says nothing of that. So the rating adds up what the weak levels miss: the policy's
//! likeliest move (`net-policy`), a search of 16 visits (`net-16`), and eight moves drawn from
//! the policy at temperature 0.7 (`net-t0.7`, each its own seed), with the length of the line
//! the answer starts (a longer fight to read):
//!
//! ```text
//! 600 + 250 if net-policy misses + 250 if net-16 misses
//!     + 400 x the share of net-t0.7's tries that miss + 25 x (moves of the line - 1)
//! ```
//!
//! from 600 (every weak level finds it) to 1,675. The weights are an estimate, chosen so that
//! the library spreads over the range players' ratings take, as the Othello library's are.

use ishi_ai::go::puct::Puct;
use ishi_ai::{Limits, Stop};
use ishi_rules::go::{Go, Move, Point};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Tries of `net-t0.7` on each puzzle, each with its own seed.
const TRIES: u64 = 8;

/// The rating of the puzzle whose answer in `go` (after `before`) is `answer`, its line
/// `line_moves` long (the module's doc says how).
pub(crate) fn rating(
    search: &mut Puct,
    go: &Go,
    before: &[Go],
    answer: Point,
    line_moves: usize,
) -> u16 {
    let misses = |found: Option<Move>| u32::from(found != Some(Move::Place(answer)));
    let mut rng = SmallRng::seed_from_u64(0);
    let policy = misses(search.policy_move(go, before, None, &mut rng).best);
    search.clear();
    let net16 = misses(
        search
            .search(go, before, Limits::nodes(16), &mut rng, &Stop::new())
            .best,
    );
    let sampled: u32 = (0..TRIES)
        .map(|seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            misses(search.policy_move(go, before, Some(0.7), &mut rng).best)
        })
        .sum();
    let rating = 600
        + 250 * policy
        + 250 * net16
        + 400 * sampled / TRIES as u32
        + 25 * line_moves.saturating_sub(1) as u32;
    rating.min(4000) as u16
}
