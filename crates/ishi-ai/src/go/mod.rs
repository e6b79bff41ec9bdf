//! Computer players for Go: the random level, and Monte Carlo tree search at increasing
//! playout budgets.
//!
//! ```
//! use std::sync::Arc;
//!
//! use ishi_ai::{LevelId, Stop};
//! use ishi_ai::go::features::Model;
//! use ishi_ai::go::{GoLevel, choose};
//! use ishi_rules::Game;
//! use ishi_rules::go::{Go, GoRules};
//! use rand::SeedableRng;
//!
//! let moves = Some(Arc::new(Model::embedded())); // the learned move model, shared
//! let go = Go::new(9, GoRules::JAPANESE)?;
//! let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
//! let level = GoLevel::Mcts100.level(); // the first search level, 100 playouts a move
//! let result = choose(level, moves.as_ref(), &go, &mut rng, &Stop::new());
//! assert!(go.is_legal(result.best.expect("the game goes on")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Design.** [`Mcts`] is michi's design (itself a small Pachi) in Rust: UCT on RAVE values
//! started by priors, with playouts that answer the last move with captures, atari escapes
//! and 3x3 patterns before random moves ([`Mcts`] has the details). It was chosen because it
//! is the smallest design known to play real Go, it needs no trained data, and every part of
//! it is cheap on the rules crate's playout structures; the levels differ only in playouts
//! per move, so one engine serves from the beginner's level to the strongest. The search is
//! single-threaded and keeps time with [`Clock`](crate::Clock), so it runs unchanged in a
//! browser worker; its memory is bounded by [`Config::max_nodes`].
//!
//! Since 2026-11-27 the priors on boards up to 11x11 also weigh the moves by a learned move
//! model ([`features`]), as Pachi's do with its patterns: fit to the engine's own searched
//! 9x9 games, it added about 155 Elo at equal time in self-play (three steps, `priors.rs`).
//! The model is a value ([`features::Model`]) that the caller hands to each search, shared
//! by `Arc`; without one (a WASM build before the worker has fetched it) the priors are the
//! hand-set ones.
//!
//! The ownership estimate ([`Mcts::ownership`], or [`ownership()`] alone) gives
//! `ishi_scoring::guess_dead_stones_with` a Monte Carlo reading of the dead stones.

pub mod features;
mod mcts;
mod ownership;
mod pattern;
mod playout;
mod priors;
mod tactics;
mod tree;

/// What the engine's unit tests share.
#[cfg(test)]
mod testing {
    use ishi_rules::Player;
    use ishi_rules::go::{Go, GoRules, Point};

    /// A point by its name, such as `D4`.
    pub(crate) fn pt(name: &str) -> Point {
        name.parse().unwrap()
    }

    /// The position of a diagram under Chinese rules, `turn` to move.
    pub(crate) fn chinese(diagram: &str, turn: Player) -> Go {
        Go::from_diagram(diagram, GoRules::CHINESE, turn).unwrap()
    }
}

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use ishi_rules::Game;
use ishi_rules::go::{Go, Move};
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::level::parse;
use crate::{Level, LevelId, Limits, SearchResult, Stop, UnknownLevel};

pub use mcts::{Config, Mcts, NODE_BYTES, RootMove};
pub use ownership::ownership;

/// The ids of Go's levels, weakest first (see [`levels`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GoLevel {
    /// `random`: any legal move that does not fill an own eye ([`random_move`]).
    Random,
    /// `mcts-100`: Monte Carlo tree search, 100 playouts a move.
    Mcts100,
    /// `mcts-500`: 500 playouts a move.
    Mcts500,
    /// `mcts-2000`: 2,000 playouts a move.
    Mcts2000,
    /// `mcts-8000`: 8,000 playouts a move.
    Mcts8000,
    /// `mcts-30000`: 30,000 playouts a move (4 s at most), the strongest.
    Mcts30000,
}

impl GoLevel {
    /// Whether a player of this level never resigns: the levels that play children
    /// (`random`, `mcts-100` and `mcts-500`) play every game to its end.
    pub fn never_resigns(self) -> bool {
        match self {
            GoLevel::Random | GoLevel::Mcts100 | GoLevel::Mcts500 => true,
            GoLevel::Mcts2000 | GoLevel::Mcts8000 | GoLevel::Mcts30000 => false,
        }
    }
}

impl LevelId for GoLevel {
    fn levels() -> &'static [Level<GoLevel>] {
        levels()
    }

    fn level(self) -> &'static Level<GoLevel> {
        // `LEVELS` lists the levels in the enum's order (a test checks it).
        &LEVELS[self as usize]
    }

    fn as_str(self) -> &'static str {
        match self {
            GoLevel::Random => "random",
            GoLevel::Mcts100 => "mcts-100",
            GoLevel::Mcts500 => "mcts-500",
            GoLevel::Mcts2000 => "mcts-2000",
            GoLevel::Mcts8000 => "mcts-8000",
            GoLevel::Mcts30000 => "mcts-30000",
        }
    }
}

impl fmt::Display for GoLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GoLevel {
    type Err = UnknownLevel;

    /// The level whose id is `text` exactly (`mcts-2000`, not `MCTS-2000`).
    fn from_str(text: &str) -> Result<GoLevel, UnknownLevel> {
        parse(text)
    }
}

/// The strongest level's time cap: 30,000 playouts take about 4 s on 19x19 natively and 6 to
/// 7.5 s in a browser, where a move must come within 5 s of the tap. On 9x9 (about 0.7 s) it
/// never binds, so matches there stay the same on any machine.
const STRONG_TIME: Duration = Duration::from_secs(4);

/// The levels of Go, weakest first, in [`GoLevel`]'s order.
static LEVELS: [Level<GoLevel>; 6] = [
    Level {
        id: GoLevel::Random,
        name: "Random",
        description: "Plays any legal move at random, but never fills its own eyes.",
        limits: Limits::NONE,
    },
    Level {
        id: GoLevel::Mcts100,
        name: "Beginner",
        description: "Plays out 100 games a move before choosing: quick and easy to beat.",
        limits: Limits::nodes(100),
    },
    Level {
        id: GoLevel::Mcts500,
        name: "Novice",
        description: "Plays out 500 games a move before choosing.",
        limits: Limits::nodes(500),
    },
    Level {
        id: GoLevel::Mcts2000,
        name: "Casual",
        description: "Plays out 2,000 games a move before choosing.",
        limits: Limits::nodes(2_000),
    },
    Level {
        id: GoLevel::Mcts8000,
        name: "Club",
        description: "Plays out 8,000 games a move before choosing.",
        limits: Limits::nodes(8_000),
    },
    Level {
        id: GoLevel::Mcts30000,
        name: "Strong",
        description: "Plays out 30,000 games a move, in 4 s at most: the strongest, about 1 s a move on 9x9.",
        limits: Limits {
            nodes: Some(30_000),
            time: Some(STRONG_TIME),
            depth: None,
        },
    },
];

/// The levels of Go, weakest first: `random` ([`random_move`]), then Monte Carlo tree search
/// with 100 to 30,000 playouts a move.
pub fn levels() -> &'static [Level<GoLevel>] {
    &LEVELS
}

/// The engine configuration of `level`: the default one, without resignation for the
/// levels that play children ([`GoLevel::never_resigns`]).
pub fn config(level: &Level<GoLevel>) -> Config {
    let mut config = Config::default();
    if level.id.never_resigns() {
        config.resign_below = None;
    }
    config
}

/// Whether a player of `level` resigns after `result`: never at the children's levels,
/// otherwise by [`Config::resigns`] (a win rate below 10 % after 2,000 playouts or more).
pub fn resigns(level: &Level<GoLevel>, result: &SearchResult<Move>) -> bool {
    config(level).resigns(result)
}

/// The move of `level` in `position`: the stateless way to play, for front ends that ask for
/// one move at a time. `random` plays [`random_move`]; every other level searches with a new
/// [`Mcts`] within the level's limits (or until `stop`), its priors helped by the learned
/// move model `moves` if there is one. `best` is `None` only when the game
/// is over. The same position, level and RNG state give the same move, unless the strongest
/// level's time cap cut its search short.
pub fn choose(
    level: &Level<GoLevel>,
    moves: Option<&Arc<features::Model>>,
    position: &Go,
    rng: &mut impl Rng,
    stop: &Stop,
) -> SearchResult<Move> {
    match level.id {
        GoLevel::Random => SearchResult::immediate(random_move(position, rng)),
        GoLevel::Mcts100
        | GoLevel::Mcts500
        | GoLevel::Mcts2000
        | GoLevel::Mcts8000
        | GoLevel::Mcts30000 => {
            Mcts::new(config(level), moves.cloned()).search(position, level.limits, rng, stop)
        }
    }
}

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
