//! [`Worker`]: the computer player as a value that owns its models and its engines.

use std::sync::Arc;

use ishi_ai::go::GoModels;
use ishi_ai::go::features::Model as GoMoves;
use ishi_ai::go::puct::Puct;
use ishi_ai::othello::{Engine, Weights};
use ishi_ai::{AnyLevel, LevelId, Limits, SearchResult, Stop};
use ishi_analysis::go::network;
use ishi_analysis::{Analysis, Candidate};
use ishi_nn::Network;
use ishi_rules::any::{self, CellMove, Position};
use ishi_rules::{Game, Move, go};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::protocol::{
    Analysed, Answer, HintBudget, LoadError, Model, Ownership, Played, Reply, Request, Task,
    WorkerError,
};

/// The positions before a request's that the Go network reads: its last five moves.
const HISTORY: usize = 5;
/// The most playouts an ownership request runs.
const MAX_OWNERSHIP_PLAYOUTS: u32 = 20_000;
/// The most playouts a round of Go hints adds.
const MAX_HINT_PLAYOUTS: u32 = 100_000;
/// Monte Carlo playouts a visit of the network's search stands for in a round of hints: the
/// app's rounds of 300 to 10,000 playouts are 30 to 1,000 visits, the last some 8 s on 19x19
/// (an evaluation costs about 8 ms there, `cargo bench -p ishi-nn --bench nn`).
const PLAYOUTS_PER_VISIT: u32 = 10;

/// The computer player: its models, and the engines of hints and analysis, kept between
/// requests so that asking again with more effort, or for the next position of a game, starts
/// from what was learnt.
///
/// A model is a field, loaded once it has arrived ([`load`](Worker::load)); a request that
/// needs one that has not gets [`WorkerError::ModelMissing`], never an engine with all-zero
/// weights. Go plays without its models: the Monte Carlo levels without their move model
/// (hand-set priors alone), as they did before it existed, and the network's levels as
/// their Monte Carlo fallback (`ishi_ai::go::GoLevel::fallback`) until the network comes.
/// Go's hints and analysis are the network's once it has arrived (`ishi_analysis::go::network`:
/// values in points of score, win rates beside them), Monte Carlo's until then.
#[derive(Default)]
pub struct Worker {
    othello_weights: Option<Arc<Weights>>,
    go_moves: Option<Arc<GoMoves>>,
    go_network: Option<Arc<Network>>,
    /// The Othello engine of hints and analysis, made on first use with the weights.
    othello: Option<Engine>,
    /// The Go search of hints and analysis without the network, made on first use with the
    /// move model.
    go: Option<ishi_ai::go::Mcts>,
    /// The Go search of hints and analysis on the network, made on first use.
    go_puct: Option<Puct>,
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("othello_weights", &self.othello_weights.is_some())
            .field("go_moves", &self.go_moves.is_some())
            .field("go_network", &self.go_network.is_some())
            .finish_non_exhaustive()
    }
}

impl Worker {
    /// A worker with no model yet: what the web worker starts with.
    pub fn new() -> Worker {
        Worker::default()
    }

    /// A worker with every model the native build carries.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn with_embedded_models() -> Worker {
        let go = GoModels::embedded();
        Worker {
            othello_weights: Some(Arc::new(Weights::embedded())),
            go_moves: go.moves,
            go_network: go.network,
            ..Worker::default()
        }
    }

    /// Whether `model` has been loaded.
    pub fn has(&self, model: Model) -> bool {
        match model {
            Model::OthelloWeights => self.othello_weights.is_some(),
            Model::GoMoves => self.go_moves.is_some(),
            Model::GoNetwork => self.go_network.is_some(),
        }
    }

    /// Loads `model` from its file's `bytes`, in place of any it had; the engines that used
    /// the old one start afresh.
    ///
    /// # Errors
    ///
    /// [`LoadError`] for bytes that are not that model of this version; nothing changes.
    pub fn load(&mut self, model: Model, bytes: &[u8]) -> Result<(), LoadError> {
        match model {
            Model::OthelloWeights => {
                let weights = Weights::read(bytes).map_err(LoadError::OthelloWeights)?;
                self.othello_weights = Some(Arc::new(weights));
                self.othello = None;
            }
            Model::GoMoves => {
                let moves = GoMoves::read(bytes).map_err(LoadError::GoMoves)?;
                self.go_moves = Some(Arc::new(moves));
                self.go = None;
            }
            Model::GoNetwork => {
                let network = Network::from_bytes(bytes).map_err(LoadError::GoNetwork)?;
                self.go_network = Some(Arc::new(network));
                self.go_puct = None;
            }
        }
        Ok(())
    }

    /// Answers `request`, stopping early when `stop` is raised (the desktop raises it to
    /// cancel; on the web the page ends the worker instead).
    pub fn think(&mut self, request: &Request, stop: &Stop) -> Reply {
        let answer = request.game.recent(HISTORY).and_then(|mut positions| {
            let mut rng = SmallRng::seed_from_u64(request.seed);
            // `recent` holds the position reached, last.
            let position = positions.pop().ok_or(WorkerError::BadStart)?;
            self.answer(&position, &positions, &request.task, &mut rng, stop)
        });
        Reply {
            epoch: request.epoch,
            answer,
        }
    }

    /// The answer to `task` in `position`, which followed the positions `before`.
    fn answer(
        &mut self,
        position: &Position,
        before: &[Position],
        task: &Task,
        rng: &mut SmallRng,
        stop: &Stop,
    ) -> Result<Answer, WorkerError> {
        match (task, position) {
            (Task::Move { level }, _) => self
                .play(position, before, *level, rng, stop)
                .map(Answer::Move),
            (Task::Ownership { playouts }, Position::Go(go)) => {
                // The network's ownership head once it is here; playouts until then.
                let from_network = self
                    .go_network
                    .as_ref()
                    .and_then(|network| network::ownership(network, go, &go_positions(before)));
                let ownership = from_network.unwrap_or_else(|| {
                    let playouts = (*playouts).min(MAX_OWNERSHIP_PLAYOUTS);
                    ishi_ai::go::ownership(go, playouts, rng)
                });
                let dead = ishi_scoring::guess_dead_stones_with(go, &ownership)
                    .unwrap_or_else(|_| ishi_scoring::guess_dead_stones(go));
                Ok(Answer::Ownership(Ownership {
                    ownership,
                    dead: dead.iter().map(|p| any::go_cell(p, go.size())).collect(),
                }))
            }
            (Task::Ownership { .. }, Position::Othello(_)) => Err(WorkerError::WrongGame),
            (Task::Hints { budget }, _) => self
                .hints(position, before, *budget, rng, stop)
                .map(Answer::Hints),
            (Task::Analyse { played, deep }, _) => self
                .analyse(position, before, *played, *deep, rng, stop)
                .map(Answer::Analysis),
        }
    }

    /// The move of `level` in `position`, which followed the positions `before`.
    fn play(
        &self,
        position: &Position,
        before: &[Position],
        level: AnyLevel,
        rng: &mut SmallRng,
        stop: &Stop,
    ) -> Result<Played, WorkerError> {
        match (position, level) {
            (Position::Othello(o), AnyLevel::Othello(id)) => {
                let weights = self.othello_weights()?;
                let found = ishi_ai::othello::choose(id.level(), weights, o, rng, stop);
                played(&found, any::from_othello)
            }
            (Position::Go(g), AnyLevel::Go(id)) => {
                let models = GoModels {
                    moves: self.go_moves.clone(),
                    network: self.go_network.clone(),
                };
                let before = go_positions(before);
                let found = ishi_ai::go::choose(id.level(), &models, g, &before, rng, stop);
                played(&found, |mv| any::from_go(mv, g.size()))
            }
            _ => Err(WorkerError::WrongGame),
        }
    }

    fn othello_weights(&self) -> Result<&Arc<Weights>, WorkerError> {
        self.othello_weights
            .as_ref()
            .ok_or(WorkerError::ModelMissing(Model::OthelloWeights))
    }

    /// The kept Othello engine of hints and analysis, made on first use.
    fn othello_engine(&mut self) -> Result<&mut Engine, WorkerError> {
        let weights = self.othello_weights()?.clone();
        Ok(self.othello.get_or_insert_with(|| Engine::new(weights)))
    }

    /// The kept Go search of hints and analysis, made on first use.
    fn go_engine(&mut self) -> &mut ishi_ai::go::Mcts {
        let moves = self.go_moves.clone();
        self.go
            .get_or_insert_with(|| ishi_analysis::go::engine(moves))
    }

    /// The kept Go search of hints and analysis on the network, made on first use; `None`
    /// until the network has arrived.
    fn go_network_engine(&mut self) -> Option<&mut Puct> {
        let network = self.go_network.clone()?;
        Some(
            self.go_puct
                .get_or_insert_with(|| ishi_analysis::go::network::engine(network)),
        )
    }

    /// The hints of [`Task::Hints`] in `position`, which followed the positions `before`.
    fn hints(
        &mut self,
        position: &Position,
        before: &[Position],
        budget: HintBudget,
        rng: &mut SmallRng,
        stop: &Stop,
    ) -> Result<Analysed, WorkerError> {
        match (position, budget) {
            (Position::Othello(o), HintBudget::Depth(_) | HintBudget::Exact) => {
                let limits = match budget {
                    HintBudget::Depth(depth) => Limits::depth(depth.max(1)),
                    _ => Limits::NONE,
                };
                let engine = self.othello_engine()?;
                let candidates = ishi_analysis::othello::hints(engine, o, limits, stop);
                let worth = ishi_analysis::othello::worth(o, &candidates);
                Ok(othello_named(Analysis {
                    mover: o.turn(),
                    candidates,
                    worth,
                    ownership: None,
                }))
            }
            (Position::Go(g), HintBudget::Playouts(playouts)) => {
                let playouts = playouts.clamp(1, MAX_HINT_PLAYOUTS);
                if let Some(puct) = self.go_network_engine() {
                    let budget = network::Budget {
                        visits: u64::from(playouts.div_ceil(PLAYOUTS_PER_VISIT)),
                    };
                    let before = go_positions(before);
                    let analysis = network::analyse(puct, g, &before, None, budget, rng, stop);
                    let policy = puct.root_output().map(|o| o.policy_map().to_vec());
                    return Ok(Analysed {
                        policy,
                        ..go_named(analysis, g.size())
                    });
                }
                let budget = ishi_analysis::go::Budget {
                    playouts: u64::from(playouts),
                };
                let mcts = self.go_engine();
                let analysis = ishi_analysis::go::analyse(mcts, g, None, budget, rng, stop);
                Ok(go_named(analysis, g.size()))
            }
            _ => Err(WorkerError::WrongGame),
        }
    }

    /// The analysis of [`Task::Analyse`] of `position`, which followed the positions
    /// `before`.
    fn analyse(
        &mut self,
        position: &Position,
        before: &[Position],
        played: Option<CellMove>,
        deep: bool,
        rng: &mut SmallRng,
        stop: &Stop,
    ) -> Result<Analysed, WorkerError> {
        match position {
            Position::Othello(o) => {
                let played = played.map(othello_move).transpose()?;
                let budget = ishi_analysis::othello::Budget::of(deep);
                let engine = self.othello_engine()?;
                let analysis = ishi_analysis::othello::analyse(engine, o, played, budget, stop);
                Ok(othello_named(analysis))
            }
            Position::Go(g) => {
                let size = g.size();
                let played = played
                    .map(|mv| any::to_go(mv, size).ok_or(WorkerError::WrongGame))
                    .transpose()?;
                let analysis = if let Some(puct) = self.go_network_engine() {
                    let budget = network::Budget::for_board(size, deep);
                    let before = go_positions(before);
                    network::analyse(puct, g, &before, played, budget, rng, stop)
                } else {
                    let budget = ishi_analysis::go::Budget::for_board(size, deep);
                    let mcts = self.go_engine();
                    ishi_analysis::go::analyse(mcts, g, played, budget, rng, stop)
                };
                Ok(go_named(analysis, size))
            }
        }
    }
}

/// The Go positions of `positions`.
fn go_positions(positions: &[Position]) -> Vec<go::Go> {
    positions.iter().filter_map(|p| p.go().cloned()).collect()
}

/// The answer of a level's search `found`, its move as a cell.
fn played<M: Copy>(
    found: &SearchResult<M>,
    cell: impl Fn(M) -> CellMove,
) -> Result<Played, WorkerError> {
    Ok(Played {
        mv: cell(found.best.ok_or(WorkerError::GameOver)?),
        eval: found.eval,
        depth: found.depth,
        nodes: found.nodes,
        millis: found.elapsed.as_millis() as u64,
    })
}

/// An Othello move from a played [`CellMove`].
fn othello_move(mv: CellMove) -> Result<ishi_rules::othello::Move, WorkerError> {
    any::to_othello(mv).ok_or(WorkerError::WrongGame)
}

/// An Othello analysis with its moves as cells.
fn othello_named(analysis: Analysis<ishi_rules::othello::Move>) -> Analysed {
    named(analysis, any::from_othello)
}

/// A Go analysis with its moves as cells.
fn go_named(analysis: Analysis<go::Move>, size: usize) -> Analysed {
    named(analysis, |mv| any::from_go(mv, size))
}

fn named<P>(analysis: Analysis<Move<P>>, cell: impl Fn(Move<P>) -> CellMove) -> Analysed {
    Analysed {
        candidates: analysis
            .candidates
            .into_iter()
            .map(|c| Candidate {
                mv: cell(c.mv),
                value: c.value,
                exact: c.exact,
                visits: c.visits,
                win_rate: c.win_rate,
            })
            .collect(),
        worth: analysis.worth,
        ownership: analysis.ownership,
        policy: None,
    }
}
