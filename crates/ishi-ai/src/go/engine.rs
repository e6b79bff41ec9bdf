//! The Go models a computer player uses, and [`Engine`]: the player of one level, kept from
//! move to move.

use std::sync::Arc;

use ishi_nn::Network;
use ishi_rules::go::{Go, Move};
use rand::Rng;

use super::puct::{self, Puct};
use super::{GoLevel, Kind, Mcts, config, features, random_move};
use crate::{Level, Limits, SearchResult, Stop};

/// The learned data Go's engines play with, each shared by `Arc` and each optional: the web
/// build fetches them after its first page, and a level plays without what has not come
/// (the Monte Carlo priors without the move model, a network level as its
/// [`fallback`](GoLevel::fallback)).
#[derive(Clone, Debug, Default)]
pub struct GoModels {
    /// The learned move model of the Monte Carlo search's priors ([`features::Model`]).
    pub moves: Option<Arc<features::Model>>,
    /// KataGo's network, for the policy and PUCT levels.
    pub network: Option<Arc<Network>>,
}

impl GoModels {
    /// No model at all: what a web worker starts with.
    pub const NONE: GoModels = GoModels {
        moves: None,
        network: None,
    };

    /// Every model the native build carries: the move model and KataGo's g170 network.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn embedded() -> GoModels {
        // A test makes sure the embedded network reads; no input reaches this.
        let network = Network::from_bytes(ishi_nn::G170_B6C96).expect("the embedded network reads");
        GoModels {
            moves: Some(Arc::new(features::Model::embedded())),
            network: Some(Arc::new(network)),
        }
    }
}

/// What plays the moves of an [`Engine`].
#[derive(Clone)]
enum Player {
    Random,
    Mcts(Box<Mcts>),
    Puct(Box<Puct>),
    Policy(Box<Puct>, Option<f32>),
}

/// The computer player of one level, which keeps its search (tree reuse, the network's
/// answers) from move to move: what the GTP engine and the match runner hold for a game.
///
/// A level that needs the network ([`GoLevel::needs_network`]) and is made without one plays
/// as its [`fallback`](GoLevel::fallback), a Monte Carlo search, with the fallback's
/// playouts within the time asked.
///
/// ```
/// use ishi_ai::go::{Engine, GoLevel, GoModels};
/// use ishi_ai::{LevelId, Stop};
/// use ishi_rules::Game;
/// use ishi_rules::go::{Go, GoRules};
/// use rand::SeedableRng;
///
/// let models = GoModels::embedded();
/// let level = GoLevel::NetPolicy.level();
/// let mut engine = Engine::new(level, &models);
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
/// let go = Go::new(9, GoRules::JAPANESE)?;
/// let result = engine.play(&go, &[], level.limits, &mut rng, &Stop::new());
/// assert!(go.is_legal(result.best.expect("the game goes on")));
/// assert!(!engine.resigns(&result));
/// // Without the network the same level plays as its Monte Carlo fallback.
/// let mut fallback = Engine::new(level, &GoModels::NONE);
/// assert!(fallback.fallen_back());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Engine {
    /// The level asked for.
    level: GoLevel,
    /// The fallback's limits, when the level plays as its fallback.
    fallback: Option<Limits>,
    player: Player,
}

impl Engine {
    /// The player of `level` with `models`.
    pub fn new(level: &Level<GoLevel>, models: &GoModels) -> Engine {
        let network = models.network.as_ref().filter(|_| level.id.needs_network());
        let fallback = if network.is_none() {
            level.id.fallback()
        } else {
            None
        };
        let player = match (level.id.kind(), network) {
            (Kind::Policy(temperature), Some(network)) => Player::Policy(
                Box::new(Puct::new(puct::Config::default(), network.clone())),
                temperature,
            ),
            (Kind::Puct, Some(network)) => {
                let mut config = puct::Config::default();
                if level.id.never_resigns() {
                    config.resign_below = None;
                }
                Player::Puct(Box::new(Puct::new(config, network.clone())))
            }
            (Kind::Random, _) => Player::Random,
            (Kind::Mcts | Kind::Policy(_) | Kind::Puct, _) => {
                Player::Mcts(Box::new(Mcts::new(config(level), models.moves.clone())))
            }
        };
        Engine {
            level: level.id,
            fallback,
            player,
        }
    }

    /// The level asked for.
    pub fn level(&self) -> GoLevel {
        self.level
    }

    /// Whether the engine plays its level's Monte Carlo [`fallback`](GoLevel::fallback),
    /// for want of the network.
    pub fn fallen_back(&self) -> bool {
        self.fallback.is_some()
    }

    /// The move in `position`, which followed the positions `before` (oldest first; the
    /// network reads the last five), within `limits` (the level's, or a front end's own:
    /// a clock's time, a budget asked for) or until `stop`. An engine playing a fallback
    /// searches with the fallback's playouts, within the time asked and the fallback's.
    /// `best` is `None` only when the game is over.
    pub fn play(
        &mut self,
        position: &Go,
        before: &[Go],
        limits: Limits,
        rng: &mut impl Rng,
        stop: &Stop,
    ) -> SearchResult<Move> {
        match &mut self.player {
            Player::Random => SearchResult::immediate(random_move(position, rng)),
            Player::Mcts(mcts) => {
                let limits = self
                    .fallback
                    .map_or(limits, |own| fallback_limits(limits, own));
                mcts.search(position, limits, rng, stop)
            }
            Player::Puct(search) => search.search(position, before, limits, rng, stop),
            Player::Policy(search, temperature) => {
                search.policy_move(position, before, *temperature, rng)
            }
        }
    }

    /// Whether the player resigns after `result`: never at the levels that never resign
    /// ([`GoLevel::never_resigns`]), otherwise when its search's win rate is below its
    /// threshold after enough playouts or visits ([`Config::resigns`](super::Config::resigns),
    /// [`puct::Config::resigns`]).
    pub fn resigns(&self, result: &SearchResult<Move>) -> bool {
        match &self.player {
            Player::Random | Player::Policy(..) => false,
            Player::Mcts(mcts) => mcts.config().resigns(result),
            Player::Puct(search) => search.config().resigns(result),
        }
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("level", &self.level)
            .field("fallback", &self.fallback)
            .finish_non_exhaustive()
    }
}

/// The limits of a fallback whose own are `own`, when `asked` were asked for the level it
/// stands in for: its playouts (a network level's visits mean nothing to it), within the
/// time asked and its own.
fn fallback_limits(asked: Limits, own: Limits) -> Limits {
    let time = match (asked.time, own.time) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    Limits {
        nodes: own.nodes,
        time,
        depth: None,
    }
}
