//! Computer players for Go: the random level, Monte Carlo tree search, and the levels of
//! KataGo's network, its policy alone and PUCT search on it.
//!
//! ```
//! use ishi_ai::{LevelId, Stop};
//! use ishi_ai::go::{GoLevel, GoModels, choose};
//! use ishi_rules::Game;
//! use ishi_rules::go::{Go, GoRules};
//! use rand::SeedableRng;
//!
//! let models = GoModels::embedded(); // the move model and the network, shared by `Arc`
//! let go = Go::new(9, GoRules::JAPANESE)?;
//! let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
//! let level = GoLevel::Net16.level(); // PUCT search, 16 visits a move
//! // The position and the positions before it (none here): the network reads the last moves.
//! let result = choose(level, &models, &go, &[], &mut rng, &Stop::new());
//! assert!(go.is_legal(result.best.expect("the game goes on")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **The levels** ([`levels`]): `random`, Monte Carlo at 100 playouts a move (`mcts-100`),
//! then the network: a move drawn from its policy at temperature 0.7 (a human's kind of
//! mistakes: only moves the policy finds plausible), its likeliest move (`net-policy`, one
//! evaluation), and PUCT search with 16, 128 and 1,024 visits a move.
//! Each level wins at least 75 % against the one below on 9x9 (`docs/strength.md`). A
//! network level made without the network plays a Monte Carlo search instead
//! ([`GoLevel::fallback`]); [`Engine`] is the player of one level, kept between moves.
//!
//! **Why the network.** KataGo's g170 network ([`ishi_nn`]) plays far beyond what playouts
//! reach at the same time on every board, 19x19 above all, where Monte Carlo's playouts
//! were weakest. Its search ([`puct`]) is KataGo's and Leela Zero's kind, written anew.
//!
//! **Monte Carlo.** [`Mcts`] is michi's design (itself a small Pachi) in Rust: UCT on RAVE
//! values started by priors, with playouts that answer the last move with captures, atari
//! escapes and 3x3 patterns before random moves ([`Mcts`] has the details). It needs no
//! trained data and every part of it is cheap on the rules crate's playout structures; it
//! plays the lowest level, stands in for the network levels without a network, and serves
//! analysis (ownership, hints). The search is single-threaded and keeps time with
//! [`Clock`](crate::Clock), so it runs unchanged in a browser worker; its memory is bounded
//! by [`Config::max_nodes`].
//!
//! Since 2026-11-27 the priors on boards up to 11x11 also weigh the moves by a learned move
//! model ([`features`]), as Pachi's do with its patterns: fit to the engine's own searched
//! 9x9 games, it added about 155 Elo at equal time in self-play (three steps, `priors.rs`).
//! The models are values ([`GoModels`]) that the caller hands to each engine, shared by
//! `Arc`; without the move model (a WASM build before the worker has fetched it) the priors
//! are the hand-set ones.
//!
//! The ownership estimate ([`Mcts::ownership`], or [`ownership()`] alone) gives
//! `ishi_scoring::guess_dead_stones_with` a Monte Carlo reading of the dead stones.

mod engine;
pub mod features;
mod mcts;
mod ownership;
mod pattern;
mod playout;
mod priors;
pub mod puct;
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
use std::time::Duration;

use ishi_rules::Game;
use ishi_rules::go::{Go, Move};
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::level::parse;
use crate::{Level, LevelId, Limits, SearchResult, Stop, UnknownLevel};

pub use engine::{Engine, GoModels};
pub use mcts::{Config, Mcts, NODE_BYTES, RootMove};
pub use ownership::ownership;

/// The ids of Go's levels, weakest first (see [`levels`]).
///
/// Ids of levels that are gone still read, as the nearest level on the ladder (9x9, `match
/// --ladder`), so that saved games go on: `mcts-500` and `mcts-2000` as `net-t0.7`,
/// `mcts-8000` and `mcts-30000` as `net-policy`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GoLevel {
    /// `random`: any legal move that does not fill an own eye ([`random_move`]).
    Random,
    /// `mcts-100`: Monte Carlo tree search, 100 playouts a move.
    Mcts100,
    /// `net-t0.7`: a move drawn from the network's policy at temperature 0.7, among the
    /// moves it gives a fiftieth of its favourite's chance or more.
    NetT07,
    /// `net-policy`: the network's likeliest move.
    NetPolicy,
    /// `net-16`: PUCT search on the network, 16 visits a move.
    Net16,
    /// `net-128`: 128 visits a move.
    Net128,
    /// `net-1024`: 1,024 visits a move (3.5 s at most), the strongest.
    Net1024,
}

/// How a level plays.
#[derive(Copy, Clone, PartialEq, Debug)]
pub(crate) enum Kind {
    /// [`random_move`].
    Random,
    /// Monte Carlo tree search with playouts ([`Mcts`]).
    Mcts,
    /// The network's policy alone: its likeliest move, or one drawn at this temperature.
    Policy(Option<f32>),
    /// PUCT search on the network ([`puct::Puct`]).
    Puct,
}

impl GoLevel {
    /// Whether a player of this level never resigns: the levels that play children
    /// (`random`, `mcts-100`) and the policy's, which do not search, play every game to its
    /// end.
    pub fn never_resigns(self) -> bool {
        !matches!(self.kind(), Kind::Puct)
    }

    /// Whether this level plays with the network: without it, it plays as its
    /// [`fallback`](GoLevel::fallback).
    pub fn needs_network(self) -> bool {
        matches!(self.kind(), Kind::Policy(_) | Kind::Puct)
    }

    /// The Monte Carlo search that plays in this level's place when the network is missing
    /// (a web worker before the network has arrived, or a browser without WebAssembly
    /// SIMD), as its limits; `None` for the levels that do not need the network. Each level
    /// takes the place of a Monte Carlo level that was, in the same order and so in the same
    /// ladder, which its games measured: `net-t0.7` plays with 500 playouts a move,
    /// `net-policy` (the level a new player meets first) with 2,000, `net-16` with 8,000, and
    /// `net-128` and `net-1024` with 30,000 in 3.5 s at most. Never an error: the game goes
    /// on, weaker, and at the pace players knew.
    pub fn fallback(self) -> Option<Limits> {
        match self {
            GoLevel::Random | GoLevel::Mcts100 => None,
            GoLevel::NetT07 => Some(Limits::nodes(500)),
            GoLevel::NetPolicy => Some(Limits::nodes(2_000)),
            GoLevel::Net16 => Some(Limits::nodes(8_000)),
            GoLevel::Net128 | GoLevel::Net1024 => Some(STRONG_MCTS),
        }
    }

    pub(crate) fn kind(self) -> Kind {
        match self {
            GoLevel::Random => Kind::Random,
            GoLevel::Mcts100 => Kind::Mcts,
            GoLevel::NetT07 => Kind::Policy(Some(0.7)),
            GoLevel::NetPolicy => Kind::Policy(None),
            GoLevel::Net16 | GoLevel::Net128 | GoLevel::Net1024 => Kind::Puct,
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
            GoLevel::NetT07 => "net-t0.7",
            GoLevel::NetPolicy => "net-policy",
            GoLevel::Net16 => "net-16",
            GoLevel::Net128 => "net-128",
            GoLevel::Net1024 => "net-1024",
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

    /// The level whose id is `text` exactly (`net-128`, not `NET-128`), or the nearest one
    /// to a level that is gone (see [`GoLevel`]).
    fn from_str(text: &str) -> Result<GoLevel, UnknownLevel> {
        match text {
            "mcts-500" | "mcts-2000" => Ok(GoLevel::NetT07),
            "mcts-8000" | "mcts-30000" => Ok(GoLevel::NetPolicy),
            _ => parse(text),
        }
    }
}

/// The strongest levels' time cap: a move must come within 5 s of the tap in a browser,
/// which evaluates positions several times slower than native code (one 19x19 evaluation
/// about 65 ms in Chromium against 8 ms). 4 s left 5.0 s from the tap to the answer on
/// 19x19 in Chromium (`scripts/measure-web`, 2026-11-29: the app's 350 ms pause, the taps'
/// confirmation, and the last visit's overshoot come on top). On 9x9 natively `net-1024`
/// takes about 3 s; on 19x19 the cap binds (some 300 visits natively).
const STRONG_TIME: Duration = Duration::from_millis(3_500);

/// The strongest Monte Carlo search, the network levels' fallback: 30,000 playouts (on
/// 19x19 natively the time cap binds first) and about 0.7 s on 9x9.
const STRONG_MCTS: Limits = Limits {
    nodes: Some(30_000),
    time: Some(STRONG_TIME),
    depth: None,
};

/// The levels of Go, weakest first, in [`GoLevel`]'s order.
static LEVELS: [Level<GoLevel>; 7] = [
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
        id: GoLevel::NetT07,
        name: "Casual",
        description: "Plays one of the moves its trained intuition likes, not always the best: a human's mistakes.",
        limits: Limits::nodes(1),
    },
    Level {
        id: GoLevel::NetPolicy,
        name: "Club",
        description: "Plays the move its trained intuition likes best, at once, without reading.",
        limits: Limits::nodes(1),
    },
    Level {
        id: GoLevel::Net16,
        name: "Strong",
        description: "Reads 16 positions a move with its trained network.",
        limits: Limits::nodes(16),
    },
    Level {
        id: GoLevel::Net128,
        name: "Expert",
        description: "Reads 128 positions a move with its trained network.",
        limits: Limits::nodes(128),
    },
    Level {
        id: GoLevel::Net1024,
        name: "Master",
        description: "Reads 1,024 positions a move with its trained network, in 3.5 s at most: the strongest.",
        limits: Limits {
            nodes: Some(1_024),
            time: Some(STRONG_TIME),
            depth: None,
        },
    },
];

/// The levels of Go, weakest first: `random` ([`random_move`]), Monte Carlo tree search with
/// 100 playouts a move, the network's policy alone (a move drawn at temperature 0.7, then
/// its likeliest move), and PUCT search on the network with 16 to 1,024 visits a move.
pub fn levels() -> &'static [Level<GoLevel>] {
    &LEVELS
}

/// The Monte Carlo configuration of `level` (or of its [`fallback`](GoLevel::fallback)): the
/// default one, without resignation for the levels that never resign
/// ([`GoLevel::never_resigns`]).
pub fn config(level: &Level<GoLevel>) -> Config {
    let mut config = Config::default();
    if level.id.never_resigns() {
        config.resign_below = None;
    }
    config
}

/// The move of `level` in `position`, which followed the positions `before` (oldest first,
/// the network reads the last five; any number is fine): the stateless way to play, for
/// front ends that ask for one move at a time. It plays as a new [`Engine`] of `level` with
/// `models` would, within the level's limits (or until `stop`); a level that needs the
/// network plays as its [`fallback`](GoLevel::fallback) when `models` has none. `best` is
/// `None` only when the game is over. The same position, level and RNG state give the same
/// move, unless a time cap cut the search short.
pub fn choose(
    level: &Level<GoLevel>,
    models: &GoModels,
    position: &Go,
    before: &[Go],
    rng: &mut impl Rng,
    stop: &Stop,
) -> SearchResult<Move> {
    Engine::new(level, models).play(position, before, level.limits, rng, stop)
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
    fn ids_of_levels_that_are_gone_read_as_the_nearest_level() {
        let read = |text: &str| text.parse::<GoLevel>();
        assert_eq!(read("mcts-500"), Ok(GoLevel::NetT07));
        assert_eq!(read("mcts-2000"), Ok(GoLevel::NetT07));
        assert_eq!(read("mcts-8000"), Ok(GoLevel::NetPolicy));
        assert_eq!(read("mcts-30000"), Ok(GoLevel::NetPolicy));
        assert!(read("mcts-1000").is_err());
        // They are not listed: a level's own id is what is written.
        assert!(
            levels()
                .iter()
                .all(|l| !l.id.as_str().starts_with("mcts-5"))
        );
    }

    #[test]
    fn the_network_levels_fall_back_to_monte_carlo_and_the_others_need_nothing() {
        let mut weakest = 100;
        for level in levels() {
            assert_eq!(level.id.fallback().is_some(), level.id.needs_network());
            if let Some(limits) = level.id.fallback() {
                // Playouts, at most the strongest levels' time: a Monte Carlo budget, more
                // of them up the ladder than for the level below.
                let nodes = limits.nodes.expect("a playout budget");
                assert!(nodes >= weakest, "{}", level.id);
                weakest = nodes;
                assert!(limits.time.is_none_or(|t| t <= STRONG_TIME));
            }
        }
        assert!(!GoLevel::Random.needs_network() && !GoLevel::Mcts100.needs_network());
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
