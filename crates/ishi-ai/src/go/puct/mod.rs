//! Monte Carlo tree search on a trained network: PUCT, as AlphaZero, Leela Zero and KataGo
//! search, over the policy and value of KataGo's g170 network ([`ishi_nn`]).
//!
//! ```
//! use std::sync::Arc;
//!
//! use ishi_ai::go::puct::{Config, Puct};
//! use ishi_ai::{Limits, Stop};
//! use ishi_nn::Network;
//! use ishi_rules::Game;
//! use ishi_rules::go::{Go, GoRules};
//! use rand::SeedableRng;
//!
//! let network = Arc::new(Network::from_bytes(ishi_nn::G170_B6C96)?);
//! let mut search = Puct::new(Config::default(), network);
//! let go = Go::new(9, GoRules::CHINESE)?;
//! let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
//! // The position and the positions before it (none here): the network reads the last moves.
//! let result = search.search(&go, &[], Limits::nodes(20), &mut rng, &Stop::new());
//! let mv = result.best.expect("the game is not over");
//! assert!(go.is_legal(mv));
//! println!("{mv} {}", result.eval); // "E5 51.3%", say
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **The search.** Each simulation walks down the tree choosing the child of the highest
//! `utility + cpuct · prior · √N / (1 + n)` (KataGo's exploration: `cpuct` grows slowly with
//! the parent's visits, from 1 by `0.45 · ln((N + 500) / 500)`), evaluates the position it
//! reaches with the network, adds one child per legal move with the policy's probability as
//! its prior, and adds the network's value to every node of the path. An unvisited child is
//! worth its parent's utility less a reduction that grows with the policy already visited
//! (first-play urgency, KataGo's `fpuReductionMax`, 0.2, and 0.1 at the root). A node's
//! utility is its mean win-minus-loss plus a small score bonus (`node.rs`: bounded, centred
//! on the root's expected score), so the search keeps maximising its margin when the game is
//! decided. Each evaluation looks at the board under one of its 8 symmetries, chosen by the
//! position's hash, so a search is reproducible and the symmetries still average out over a
//! tree. The move played is the root's most visited child.
//!
//! **Ends of games.** A position after two passes is not evaluated but counted: under area
//! scoring as Tromp-Taylor counts, every stone on the board alive, so the search captures
//! the opponent's dead stones before it passes (free under area scoring) and never relies
//! on a referee, bot or human, to take them off; under territory scoring, which charges a
//! point for every move inside one's territory, with the dead stones the network's ownership
//! reads, as a referee would remove them. At the root, after the search:
//! - when the opponent has just passed, pass only if the game ended now is won as Ishi's
//!   referee counts it (dead stones from playouts, `ishi_scoring::guess_dead_stones_with`);
//!   otherwise play on, with a move the search valued or one that fills no own eye and is
//!   no self-atari: a won game is never thrown away by a pass, nor a lost one by ruining
//!   its own groups;
//! - otherwise do not pass while passing looks lost and another move is there, nor while a
//!   dame is left that can be filled safely (a neutral point between stones of both
//!   colours, no self-atari, not clearly worse than the pass): the game then ends on a
//!   board whose count is plain, KataGo's `fillDameBeforePass`.
//!
//! **Reuse and memory.** A search of a position one or two moves below the last root keeps
//! that subtree. The network's answers are kept by a hash of its whole input (`cache.rs`),
//! so a position met again, in this tree or the next, costs no evaluation. The tree holds at
//! most [`Config::max_nodes`] nodes (a child per legal move of each position evaluated):
//! the search stops when it is full.
//!
//! **Why one at a time.** Evaluating a batch of leaves at once (with virtual losses to spread
//! the batch) did not pay on the CPU: on 19x19 a batch of 8 costs more per position than 8
//! single evaluations (cache spills, `cargo bench -p ishi-nn --bench nn`), and on 9x9 its
//! saving was smaller than the search's loss from the batch's staler statistics (see
//! `docs/strength.md`). One thread, one evaluation at a time, as the other engines, so the
//! search runs unchanged in a browser worker.

mod cache;
mod node;

use std::sync::Arc;

use ishi_nn::{Evaluator, Features, Network, Output, Symmetries, Symmetry};
use ishi_rules::go::{Go, Move, Point, Scoring};
use ishi_rules::{Game, Player};
use rand::Rng;

use self::cache::Cache;
use self::node::{Exploration, Node, Utility};
use super::mcts::RootMove;
use super::ownership::{lead_if_ended, margin_if_ended, ownership};
use super::playout::neighbours;
use super::tree::{self, PASS, Resign, decode, encode, remaining};
use crate::search::{Clock, Eval, Limits, SearchResult, Stop};

/// The positions the network reads: the last five moves and the one evaluated.
const LINE: usize = 6;
/// Playouts of the position after a second pass that decide whether passing wins, as the
/// referee's count reads the dead stones.
const ENDED_PLAYOUTS: u32 = 256;
/// A dame is a point whose ownership is within this of 0.
const DAME_OWNERSHIP: f32 = 0.5;
/// A dame is not filled when its value is this much below the pass's.
const DAME_MARGIN: f32 = 0.05;

/// Bytes of one tree node: the unit of [`Config::max_nodes`].
pub const NODE_BYTES: usize = size_of::<Node>();

/// How a [`Puct`] search explores and when it gives up. The defaults are KataGo's (g170
/// era) where it has the setting.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// `cpuct` at few visits (KataGo's `cpuctExploration`: 1).
    pub exploration: f32,
    /// How fast `cpuct` grows: `exploration_log · ln((N + base) / base)` more at `N` visits
    /// (KataGo's `cpuctExplorationLog`: 0.45).
    pub exploration_log: f32,
    /// The visits at which `cpuct` has grown by `exploration_log · ln 2` (KataGo's
    /// `cpuctExplorationBase`: 500).
    pub exploration_base: f32,
    /// First-play urgency below the root: an unvisited child is worth its parent's utility
    /// less this times the square root of the policy already visited (KataGo: 0.2).
    pub fpu_reduction: f32,
    /// The same at the root (KataGo's `rootFpuReductionMax`: 0.1).
    pub root_fpu_reduction: f32,
    /// The weight of the score bonus centred on 0 (KataGo: 0.1).
    pub static_score_utility: f32,
    /// The weight of the score bonus centred on the root's expected score (KataGo: 0.3).
    pub dynamic_score_utility: f32,
    /// The most nodes the tree may hold, [`NODE_BYTES`] (24) bytes each: the memory bound.
    /// An evaluated position adds a node per legal move (up to 362); the search stops when
    /// the next would not fit. The default, 2^20 nodes, is 24 MiB: some 12,000 evaluations
    /// on 9x9, 3,500 on 19x19 (35 s of search there).
    pub max_nodes: usize,
    /// The network's answers kept between evaluations (`cache.rs`), about 3 KB each: the
    /// default 4,096 is 12 MiB.
    pub cache_entries: usize,
    /// Resign when the chosen move's win rate is below this; `None` never resigns.
    pub resign_below: Option<f32>,
    /// The fewest visits of the search before resigning is considered.
    pub resign_after: u64,
    /// Visits per search when the limits set neither visits nor time.
    pub default_visits: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            exploration: 1.0,
            exploration_log: 0.45,
            exploration_base: 500.0,
            fpu_reduction: 0.2,
            root_fpu_reduction: 0.1,
            static_score_utility: 0.1,
            dynamic_score_utility: 0.3,
            max_nodes: 1 << 20,
            cache_entries: 1 << 12,
            resign_below: Some(0.05),
            resign_after: 100,
            default_visits: 800,
        }
    }
}

impl Config {
    /// Whether a player searching with this configuration resigns after `result`: its win
    /// rate is below [`resign_below`](Config::resign_below) after at least
    /// [`resign_after`](Config::resign_after) visits.
    pub fn resigns(&self, result: &SearchResult<Move>) -> bool {
        self.resign().resigns(result)
    }

    fn resign(&self) -> Resign {
        Resign {
            below: self.resign_below,
            after: self.resign_after,
        }
    }
}

/// A move of the root after a search, with the means of the simulations through it, for
/// the player to move at the root ([`Puct::root_children`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RootChild {
    /// The move.
    pub mv: Move,
    /// Simulations through it.
    pub visits: u32,
    /// The chance of winning through it (the root's before its first visit).
    pub win_rate: f32,
    /// The expected final score through it, in points (the root's before its first
    /// visit): the mean of the network's score means, KataGo's `scoreMean`.
    pub score: f32,
}

/// The tree was full: the simulation found no room for its leaf's children.
struct Full;

/// A move of the root as the final choice sees it, best first.
#[derive(Copy, Clone, Debug)]
struct Candidate {
    mv: Move,
    /// Win minus loss for the player to move at the root, when known.
    value: Option<f32>,
}

/// PUCT search on a network, keeping its tree and the network's answers between moves (see
/// the module's doc).
///
/// Deterministic: the same position, history, limits without time, and RNG state give the
/// same move (the RNG only counts the game's end when the opponent has passed).
#[derive(Clone, Debug)]
pub struct Puct {
    config: Config,
    evaluator: Evaluator,
    /// The input buffer of the next evaluation.
    features: Option<Features>,
    cache: Cache,
    /// The tree; the root is `nodes[0]`.
    nodes: Vec<Node>,
    /// The positions the root's evaluation read, the root last; empty before a search.
    root: Vec<Go>,
    /// The network's answer at the root.
    root_output: Option<Arc<Output>>,
    /// The path of the current simulation and its positions.
    path: Vec<usize>,
    line: Vec<Go>,
}

impl Puct {
    /// A search with an empty tree, evaluating positions with `network`.
    pub fn new(config: Config, network: Arc<Network>) -> Puct {
        Puct {
            cache: Cache::new(config.cache_entries),
            config,
            evaluator: Evaluator::new(network),
            features: None,
            nodes: Vec::new(),
            root: Vec::new(),
            root_output: None,
            path: Vec::new(),
            line: Vec::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The nodes the tree holds now.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// Forgets the tree (the network's kept answers stay): the next search starts afresh.
    pub fn clear(&mut self) {
        self.nodes = Vec::new();
        self.root.clear();
        self.root_output = None;
    }

    /// The root's moves after the last search with the visits through each and its win
    /// rate for the player to move at the root (the root's before its first visit), most
    /// visited first, then by prior. Empty before a search.
    pub fn root_moves(&self) -> Vec<RootMove> {
        self.root_children()
            .into_iter()
            .map(|c| RootMove {
                mv: c.mv,
                visits: c.visits,
                win_rate: c.win_rate,
            })
            .collect()
    }

    /// The root's moves as [`root_moves`](Puct::root_moves) gives them, each with its
    /// expected score too: what an analysis reads.
    pub fn root_children(&self) -> Vec<RootChild> {
        let Some((root_rate, root_score)) = self.root_value() else {
            return Vec::new();
        };
        self.ranked()
            .into_iter()
            .map(|c| {
                let node = &self.nodes[c];
                let visited = node.visits > 0;
                RootChild {
                    mv: decode(node.mv),
                    visits: node.visits,
                    win_rate: if visited { node.win_rate() } else { root_rate },
                    score: if visited { node.score } else { root_score },
                }
            })
            .collect()
    }

    /// The root's chance of winning and expected final score in points, for its player to
    /// move, from every simulation of the last search (the network's answer at the root
    /// first); `None` before a search.
    pub fn root_value(&self) -> Option<(f32, f32)> {
        let root = self.nodes.first()?;
        Some((1.0 - root.win_rate(), -root.score))
    }

    /// The network's answer for the root of the last search, from its player to move (its
    /// ownership map, say); `None` before a search and after one of a finished game.
    pub fn root_output(&self) -> Option<&Output> {
        self.root_output.as_deref()
    }

    /// Searches `go`, which followed the positions `before` (oldest first; the last five
    /// are the history the network reads, and fewer are fine), within `limits`
    /// ([`Limits::nodes`] counts visits, each an evaluation or a counted game end; `depth` is
    /// ignored) or until `stop` is requested, and returns the move to play with the win rate
    /// of the player to move. Without a visit or time limit it runs
    /// [`Config::default_visits`]. It stops early once another move could not overtake the
    /// choice in the visits left. `best` is `None` only when the game is over.
    pub fn search(
        &mut self,
        go: &Go,
        before: &[Go],
        limits: Limits,
        rng: &mut impl Rng,
        stop: &Stop,
    ) -> SearchResult<Move> {
        let clock = Clock::start(limits.time, stop);
        if go.is_over() {
            self.clear();
            return SearchResult::immediate(None);
        }
        self.reroot(go, before);
        let root_output = self.evaluate_root();
        if self.nodes[0].visits == 0 {
            let (value, score) = for_mover(&root_output);
            self.nodes[0].add(value, score);
        }
        if self.nodes[0].children == 0 {
            self.expand(0, &root_output, go, true);
        } else {
            self.prune_root(go);
        }
        let expected = -self.nodes[0].score;
        let utility = Utility::new(&self.config, go, expected);
        let budget = limits.nodes.unwrap_or(if limits.time.is_none() {
            self.config.default_visits
        } else {
            u64::MAX
        });
        let mut visits = 0;
        while visits < budget && !clock.is_up() {
            if visits > 0 {
                let left = remaining(budget - visits, visits, &clock, limits);
                if self.settled(left) && !self.may_resign(visits) {
                    break;
                }
            }
            if self.simulate(&utility).is_err() {
                break;
            }
            visits += 1;
        }
        let candidates: Vec<Candidate> = self
            .ranked()
            .into_iter()
            .map(|c| {
                let node = &self.nodes[c];
                Candidate {
                    mv: decode(node.mv),
                    value: (node.visits > 0).then_some(node.value),
                }
            })
            .collect();
        let root_value = -self.nodes[0].value;
        let best = candidates.first().map_or(Move::Pass, |c| c.mv);
        let mv = self.settle_pass(go, best, &candidates, root_value, rng);
        let value = candidates
            .iter()
            .find(|c| c.mv == mv)
            .and_then(|c| c.value)
            .unwrap_or(root_value);
        SearchResult {
            best: Some(mv),
            eval: Eval::WinRate((1.0 + value) / 2.0),
            depth: 0,
            nodes: visits,
            pv: self.principal_variation(mv),
            elapsed: clock.elapsed(),
        }
    }

    /// The move of the network's policy alone in `go` (after `before`, as for
    /// [`search`](Puct::search)): its most likely move, or with a `temperature` a move drawn
    /// from the policy sharpened (below 1) or flattened (above) by it, among the moves of at
    /// least a fiftieth of the likeliest one's probability and never a pass the policy does
    /// not prefer; then the root's rules for passing. One evaluation, no tree.
    pub fn policy_move(
        &mut self,
        go: &Go,
        before: &[Go],
        temperature: Option<f32>,
        rng: &mut impl Rng,
    ) -> SearchResult<Move> {
        if go.is_over() {
            return SearchResult::immediate(None);
        }
        let clock = Clock::start(None, &Stop::new());
        self.clear();
        self.root = line_of(go, before);
        let output = self.evaluate_root();
        let mut moves: Vec<(Move, f32)> = go
            .points()
            .map(Move::Place)
            .chain([Move::Pass])
            .map(|mv| (mv, output.policy(mv)))
            .filter(|&(mv, p)| p > 0.0 || mv == Move::Pass)
            .collect();
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        let chosen = match (temperature, moves.first()) {
            (Some(t), Some(&(top, top_p))) if t > 0.0 => {
                let drawn: Vec<(Move, f64)> = moves
                    .iter()
                    .filter(|&&(mv, p)| p * 50.0 >= top_p && (mv != Move::Pass || mv == top))
                    .map(|&(mv, p)| (mv, f64::from(p).powf(1.0 / f64::from(t))))
                    .collect();
                let total: f64 = drawn.iter().map(|&(_, w)| w).sum();
                let mut pick = rng.random::<f64>() * total;
                drawn
                    .iter()
                    .find(|&&(_, w)| {
                        pick -= w;
                        pick < 0.0
                    })
                    .or(drawn.last())
                    .map_or(top, |&(mv, _)| mv)
            }
            (_, top) => top.map_or(Move::Pass, |&(mv, _)| mv),
        };
        let candidates: Vec<Candidate> = moves
            .iter()
            .map(|&(mv, _)| Candidate { mv, value: None })
            .collect();
        let root_value = output.win() - output.loss();
        let mv = self.settle_pass(go, chosen, &candidates, root_value, rng);
        SearchResult {
            best: Some(mv),
            eval: Eval::WinRate(output.win()),
            depth: 0,
            nodes: 1,
            pv: vec![mv],
            elapsed: clock.elapsed(),
        }
    }

    /// Makes the node of `go` the root: the current root, a node one or two moves below it
    /// (the subtree is kept and the rest dropped), or a new tree.
    fn reroot(&mut self, go: &Go, before: &[Go]) {
        let found = self
            .root
            .last()
            .and_then(|root| tree::find(&self.nodes, root, go));
        match found {
            Some(0) => {}
            Some(node) => self.nodes = tree::compact(&self.nodes, node),
            None => {
                self.nodes.clear();
                self.nodes.push(Node::new(PASS, 1.0));
            }
        }
        self.root = line_of(go, before);
    }

    /// The network's answer for the root, kept for the final choice.
    fn evaluate_root(&mut self) -> Arc<Output> {
        let root = std::mem::take(&mut self.root);
        let output = self.evaluate(&root);
        self.root = root;
        self.root_output = Some(output.clone());
        output
    }

    /// The network's answer for the last of `line` (the positions before it first), from
    /// the cache or evaluated under the symmetry the input's hash picks.
    fn evaluate(&mut self, line: &[Go]) -> Arc<Output> {
        let features = match &mut self.features {
            Some(features) => features,
            None => self
                .features
                .insert(Features::of_position(&line[line.len() - 1])),
        };
        if features.encode(line).is_err() {
            unreachable!("a line holds the position it evaluates");
        }
        let key = cache::key(features);
        if let Some(output) = self.cache.get(key) {
            return output;
        }
        let symmetry = Symmetry::new((key >> 61) as u8).unwrap_or(Symmetry::IDENTITY);
        self.evaluator.set_symmetries(Symmetries::One(symmetry));
        let output = Arc::new(self.evaluator.evaluate(features));
        self.cache.put(key, output.clone());
        output
    }

    /// Adds the children of `node`, the position `go` the network answered `output` for:
    /// every legal move the policy gives a chance, and the pass, likeliest first. Fails
    /// (`false`) when the tree has no room for them, except at the root.
    fn expand(&mut self, node: usize, output: &Output, go: &Go, at_root: bool) -> bool {
        let mut moves: Vec<(u16, f32)> = go
            .points()
            .map(|p| (p, output.policy(Move::Place(p))))
            .filter(|&(_, p)| p > 0.0)
            .map(|(point, p)| (encode(Move::Place(point)), p))
            .chain([(PASS, output.policy(Move::Pass))])
            .collect();
        if !at_root && self.nodes.len() + moves.len() > self.config.max_nodes {
            return false;
        }
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        let first = self.nodes.len();
        self.nodes
            .extend(moves.iter().map(|&(mv, prior)| Node::new(mv, prior)));
        let n = &mut self.nodes[node];
        n.first = first as u32;
        n.children = moves.len() as u16;
        true
    }

    /// Drops the root moves that `go` does not allow (a kept subtree may have been grown
    /// from another history), keeping the others' order.
    fn prune_root(&mut self, go: &Go) {
        let range = tree::children(&self.nodes, 0);
        let (legal, illegal): (Vec<Node>, Vec<Node>) = self.nodes[range.clone()]
            .iter()
            .partition(|n| go.check(decode(n.mv)).is_ok());
        self.nodes[0].children = legal.len() as u16;
        for (slot, node) in range.zip(legal.into_iter().chain(illegal)) {
            self.nodes[slot] = node;
        }
    }

    /// One simulation: down the tree from the root to a position not evaluated yet (or a
    /// game's end), its value added to every node of the path.
    fn simulate(&mut self, utility: &Utility) -> Result<(), Full> {
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        line.extend(self.root.iter().cloned());
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(0);
        let mut node = 0;
        let result = loop {
            let child = self.select(node, utility, line[line.len() - 1].turn());
            let mut next = line[line.len() - 1].clone();
            next.play_unchecked(decode(self.nodes[child].mv));
            let over = next.is_over();
            if line.len() == LINE {
                line.remove(0);
            }
            line.push(next);
            path.push(child);
            node = child;
            let n = self.nodes[node];
            if n.visits == 0 {
                if over {
                    break Ok(self.counted(&line));
                }
                let output = self.evaluate(&line);
                let go = &line[line.len() - 1];
                if !self.expand(node, &output, go, false) {
                    break Err(Full);
                }
                break Ok(for_mover(&output));
            }
            if n.children == 0 {
                // A game's end, counted once: its count again.
                break Ok((n.value, n.score));
            }
        };
        if let Ok((value, score)) = result {
            let (mut value, mut score) = (value, score);
            for &n in path.iter().rev() {
                self.nodes[n].add(value, score);
                (value, score) = (-value, -score);
            }
        }
        self.line = line;
        self.path = path;
        result.map(|_| ())
    }

    /// The child of `node` to visit, whose mover is `mover` (the player to move at `node`).
    fn select(&self, node: usize, utility: &Utility, mover: Player) -> usize {
        let children = tree::children(&self.nodes, node);
        let (mut total, mut visited_prior) = (0, 0.0);
        for child in &self.nodes[children.clone()] {
            if child.visits > 0 {
                total += child.visits;
                visited_prior += child.prior;
            }
        }
        let parent = &self.nodes[node];
        let reduction = if node == 0 {
            self.config.root_fpu_reduction
        } else {
            self.config.fpu_reduction
        };
        let parent_utility = utility.of(-parent.value, -parent.score, mover);
        let exploration = Exploration::new(
            &self.config,
            total,
            visited_prior,
            parent_utility,
            reduction,
        );
        let mut best = (children.start, f32::NEG_INFINITY);
        for c in children {
            let child = &self.nodes[c];
            let urgency =
                exploration.urgency(child, || utility.of(child.value, child.score, mover));
            if urgency > best.1 {
                best = (c, urgency);
            }
        }
        best.0
    }

    /// The value for its mover (the player who passed last) of the game ended at the last of
    /// `line`: see the module's doc.
    fn counted(&mut self, line: &[Go]) -> (f32, f32) {
        let go = &line[line.len() - 1];
        let margin = match go.rules().scoring {
            Scoring::Area => go.margin(),
            Scoring::Territory => {
                let output = self.evaluate(line);
                let black = output.perspective(Player::Black);
                let owners: Vec<f32> = output.ownership_map().iter().map(|o| o * black).collect();
                margin_if_ended(go, &owners)
            }
        };
        let mover = !go.turn();
        let score = mover.fold(1.0, -1.0) * margin as f32 / 2.0;
        let value = if score > 0.0 {
            1.0
        } else if score < 0.0 {
            -1.0
        } else {
            0.0
        };
        (value, score)
    }

    /// The root's children, most visited first, then likeliest.
    fn ranked(&self) -> Vec<usize> {
        if self.nodes.is_empty() {
            return Vec::new();
        }
        let mut children: Vec<usize> = tree::children(&self.nodes, 0).collect();
        children.sort_by(|&a, &b| {
            let (a, b) = (&self.nodes[a], &self.nodes[b]);
            b.visits.cmp(&a.visits).then(b.prior.total_cmp(&a.prior))
        });
        children
    }

    /// Whether the most visited root move is more than `left` visits ahead of the next.
    fn settled(&self, left: u64) -> bool {
        let children = &self.nodes[tree::children(&self.nodes, 0)];
        tree::settled(children.iter().map(|c| c.visits), left)
    }

    /// Whether the search looks lost but has not run the visits that resigning needs yet:
    /// then it does not stop early.
    fn may_resign(&self, visits: u64) -> bool {
        let best = self.ranked().first().map(|&c| self.nodes[c].win_rate());
        self.config.resign().pending(visits, best)
    }

    /// The move to play in `go` instead of `chosen` when `chosen` is a pass that the root's
    /// rules refuse (see the module's doc); `candidates` are the root's moves, best first,
    /// and `root_value` the root's worth to its player to move.
    fn settle_pass(
        &self,
        go: &Go,
        chosen: Move,
        candidates: &[Candidate],
        root_value: f32,
        rng: &mut impl Rng,
    ) -> Move {
        if chosen != Move::Pass {
            return chosen;
        }
        // Playing on rather than passing: the best other move, if the search valued it, or
        // else the likeliest one that ruins nothing of one's own (no own eye filled, no
        // self-atari), as a lost count at the end leaves only moves like those.
        let me = go.turn();
        let other = candidates.iter().find(|c| match c.mv {
            Move::Pass => false,
            Move::Place(_) if c.value.is_some() => true,
            Move::Place(p) => !go.is_eye(p, me) && go.liberties_after(p, 2) >= 2,
        });
        if go.consecutive_passes() == 1 {
            let mut ended = go.clone();
            ended.play_fast(Move::Pass);
            let owners = ownership(&ended, ENDED_PLAYOUTS, rng);
            if lead_if_ended(&ended, &owners, go.turn()) > 0 {
                return Move::Pass;
            }
            return other.map_or(Move::Pass, |c| c.mv);
        }
        let pass_value = candidates
            .iter()
            .find(|c| c.mv == Move::Pass)
            .and_then(|c| c.value)
            .unwrap_or(root_value);
        if pass_value < 0.0
            && let Some(other) = other
        {
            return other.mv;
        }
        let dame = candidates.iter().find(|c| {
            let Move::Place(p) = c.mv else {
                return false;
            };
            self.is_safe_dame(go, p)
                && c.value
                    .is_none_or(|value| value >= pass_value - DAME_MARGIN)
        });
        dame.map_or(Move::Pass, |c| c.mv)
    }

    /// Whether `p` is a dame of `go` that its player to move can fill safely: legal, owned
    /// by neither side for the network, next to stones of both colours, and no self-atari.
    fn is_safe_dame(&self, go: &Go, p: Point) -> bool {
        let Some(output) = &self.root_output else {
            return false;
        };
        let touches =
            |player: Player| neighbours(p, go.size()).any(|q| go.stone_at(q) == Some(player));
        go.check(Move::Place(p)).is_ok()
            && output.ownership(p).abs() < DAME_OWNERSHIP
            && touches(Player::Black)
            && touches(Player::White)
            && go.liberties_after(p, 2) >= 2
    }

    /// The expected continuation from `best`: the most visited children below it.
    fn principal_variation(&self, best: Move) -> Vec<Move> {
        let mut pv = vec![best];
        let code = encode(best);
        let mut node = tree::children(&self.nodes, 0).find(|&c| self.nodes[c].mv == code);
        while let Some(n) = node {
            node = tree::children(&self.nodes, n)
                .filter(|&c| self.nodes[c].visits > 0)
                .max_by_key(|&c| self.nodes[c].visits);
            if let Some(c) = node {
                pv.push(decode(self.nodes[c].mv));
            }
        }
        pv
    }
}

/// The positions the network reads for `go`: the last of `before` and `go`.
fn line_of(go: &Go, before: &[Go]) -> Vec<Go> {
    let kept = before.len().min(LINE - 1);
    before[before.len() - kept..]
        .iter()
        .cloned()
        .chain([go.clone()])
        .collect()
}

/// The network's value and score of a position for the player who moved into it: the
/// output is the player to move's.
fn for_mover(output: &Output) -> (f32, f32) {
    (output.loss() - output.win(), -output.score_mean())
}

#[cfg(test)]
mod tests;
