//! Othello computer players: the named levels, the strong engine and the exact endgame solver.
//!
//! Front ends call two functions: [`levels`] lists the strengths (their ids are
//! [`OthelloLevel`]), [`choose`] picks a move at one of them. The engine's learned evaluation
//! is a value, [`Weights`], that the caller reads (or takes from the native build,
//! [`Weights::embedded`]) and hands to every engine it makes, shared by `Arc`.
//!
//! ```
//! use std::sync::Arc;
//!
//! use ishi_ai::{LevelId, Stop};
//! use ishi_ai::othello::{OthelloLevel, Weights, choose};
//! use ishi_rules::Game;
//! use ishi_rules::othello::Othello;
//! use rand::SeedableRng;
//!
//! let weights = Arc::new(Weights::embedded());
//! let level = OthelloLevel::Club.level();
//! let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
//! let start = Othello::standard();
//! let result = choose(level, &weights, &start, &mut rng, &Stop::new());
//! assert!(start.is_legal(result.best.expect("the start has moves")));
//! ```
//!
//! The engine ([`Engine::best_move`]) is a negamax alpha-beta search with principal variation
//! search, iterative deepening, aspiration windows, ProbCut and a transposition table, on
//! bitboards: the 8x8 board on `u64` with the rules' branch-free kernels, every other size and
//! shape on `u128` with tables built from the shape. On 8x8 it evaluates with pattern weights
//! learned from self-play games (edges, corners, lines, diagonals, mobility and parity: see
//! `patterns.rs` and `examples/othello_train.rs`); on other boards with a hand-set model of
//! mobility, potential mobility, corners, the squares next to empty corners, discs and
//! parity; [`static_eval`] gives that evaluation alone (`benches/othello_eval.rs` measures it
//! against exact scores). Near the end it switches to an exact solver ([`Engine::solve`]):
//! fastest-first ordering, enhanced transposition and stable-disc cutoffs, parity ordering
//! near the leaves and the last four empties unrolled by hand, as in Edax. On x86-64 the
//! search runs in a copy compiled for AVX2/BMI/LZCNT/POPCNT when the processor has them,
//! chosen at run time, so one binary is fast where it can be and still runs everywhere, WASM
//! included.
//!
//! The transposition table takes [`DEFAULT_TABLE_BYTES`] (4 MiB) unless an [`Engine`] is made
//! with another size; the levels size theirs to their node budget (32 bytes a node, from
//! 64 KiB to 4 MiB), which suits a browser tab.
//!
//! Levels with a node limit are deterministic: the same position and seed give the same move
//! on every machine. Their time cap (one second) is a safety net for slow machines only.

mod arena;
mod eval;
mod patterns;
mod search;
mod simple;
mod stability;
mod table;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use ishi_rules::Game;
use ishi_rules::othello::{Bits, Move, Othello};
use rand::Rng;

use crate::level::parse;
use crate::{Clock, Eval, Level, LevelId, Limits, SearchResult, Stop, UnknownLevel, random_move};
use arena::{Arena, Std8, Wide, square_at};
use search::{Found, Job};
use table::Table;

pub use eval::{Weights, WeightsError, static_eval};
pub use simple::square_weights;
pub use table::DEFAULT_TABLE_BYTES;

/// Empty squares from which [`Engine::best_move`] solves exactly when limits allow.
const SOLVE_EMPTIES: u32 = 22;

/// The engine levels search this many times fewer nodes on the general path (boards other
/// than 8x8), whose nodes cost about that much more.
const GENERAL_PATH_NODE_DIVISOR: u64 = 4;

/// The safety-net time cap of the engine levels.
const LEVEL_TIME: Duration = Duration::from_secs(1);

const fn engine_limits(nodes: u64) -> Limits {
    Limits {
        depth: None,
        nodes: Some(nodes),
        time: Some(LEVEL_TIME),
    }
}

/// The ids of Othello's levels, weakest first (see [`levels`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum OthelloLevel {
    /// `random`: any legal move.
    Random,
    /// `naive`: the legal move nearest the top-left corner.
    Naive,
    /// `minimax-4`: four plies of minimax on the square weights.
    Minimax4,
    /// `casual`: the weakest engine level, with a noisy evaluation.
    Casual,
    /// `club`: the engine with a little noise.
    Club,
    /// `expert`: the engine without noise.
    Expert,
    /// `master`: the engine at its full node budget.
    Master,
}

impl LevelId for OthelloLevel {
    fn levels() -> &'static [Level<OthelloLevel>] {
        levels()
    }

    fn level(self) -> &'static Level<OthelloLevel> {
        // `LEVELS` lists the levels in the enum's order (a test checks it).
        &LEVELS[self as usize]
    }

    fn as_str(self) -> &'static str {
        match self {
            OthelloLevel::Random => "random",
            OthelloLevel::Naive => "naive",
            OthelloLevel::Minimax4 => "minimax-4",
            OthelloLevel::Casual => "casual",
            OthelloLevel::Club => "club",
            OthelloLevel::Expert => "expert",
            OthelloLevel::Master => "master",
        }
    }
}

impl fmt::Display for OthelloLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for OthelloLevel {
    type Err = UnknownLevel;

    /// The level whose id is `text` exactly (`master`, not `Master`).
    fn from_str(text: &str) -> Result<OthelloLevel, UnknownLevel> {
        parse(text)
    }
}

static LEVELS: [Level<OthelloLevel>; 7] = [
    Level {
        id: OthelloLevel::Random,
        name: "Random",
        description: "Plays any legal move, chosen at random.",
        limits: Limits::NONE,
    },
    Level {
        id: OthelloLevel::Naive,
        name: "Naive",
        description: "Plays the legal move nearest the top-left corner: top row first, then \
                      left column.",
        limits: Limits::NONE,
    },
    Level {
        id: OthelloLevel::Minimax4,
        name: "Minimax 4",
        description: "Looks exactly four moves ahead and values corners and edges; always the \
                      same answer.",
        limits: Limits::depth(4),
    },
    Level {
        id: OthelloLevel::Casual,
        name: "Casual",
        description: "Knows corners and mobility, looks a few moves ahead and errs often.",
        limits: engine_limits(3_000),
    },
    Level {
        id: OthelloLevel::Club,
        name: "Club",
        description: "Searches a little deeper, errs now and then, and counts out the last \
                      dozen moves.",
        limits: engine_limits(40_000),
    },
    Level {
        id: OthelloLevel::Expert,
        name: "Expert",
        description: "Searches deeply and plays the last 16 moves perfectly.",
        limits: engine_limits(200_000),
    },
    Level {
        id: OthelloLevel::Master,
        name: "Master",
        description: "Full strength within a second a move; perfect play from about 20 \
                      empty squares.",
        limits: engine_limits(5_000_000),
    },
];

/// How an engine level plays beyond its limits.
struct Style {
    /// Evaluation noise, in hundredths of a disc (0: none).
    noise: i32,
    /// Solve exactly from this many empty squares.
    solve_empties: u32,
    /// Prune with ProbCut (false: a full-width search, to measure ProbCut against).
    selective: bool,
}

/// The levels of Othello, weakest first: `random`, `naive`, `minimax-4`, then the engine at
/// `casual`, `club`, `expert` and `master`.
///
/// The engine levels search a fixed number of nodes (a quarter of it on boards other than
/// 8x8, whose nodes cost more), so they play the same on every machine; their one-second cap
/// only matters on slow ones. `casual` and `club` add a noise to the
/// evaluation, drawn from the caller's RNG once per move.
pub fn levels() -> &'static [Level<OthelloLevel>] {
    &LEVELS
}

/// The move of `level` in `position`; `best` is `None` only when the game is over.
///
/// - `random`: a legal move uniformly at random.
/// - `naive`: the legal move in the top-most row, then the left-most column.
/// - `minimax-4`: plain minimax exactly four plies deep on the textbook square weights of
///   [`square_weights`] (own minus the opponent's; where the game ends, a win above any
///   weights), the first best move in reading order on ties. No randomness. Its evaluation is
///   the weights' count in hundredths, or the final margin in hundredths of a disc when the
///   game is decided within the horizon.
/// - `casual`, `club`, `expert` and `master`: the engine with `level.limits`, the two
///   weakest with noise, each solving exactly from its own number of empty squares.
///
/// Randomness comes only from `rng`; with the same seed the same move comes back (the time
/// cap aside). `stop` ends an engine search early with its best move so far.
pub fn choose(
    level: &Level<OthelloLevel>,
    weights: &Arc<Weights>,
    position: &Othello,
    rng: &mut impl Rng,
    stop: &Stop,
) -> SearchResult<Move> {
    let (noise, solve_empties) = match level.id {
        OthelloLevel::Random => return SearchResult::immediate(random_move(position, rng)),
        OthelloLevel::Naive => return SearchResult::immediate(simple::naive_move(position)),
        OthelloLevel::Minimax4 => {
            let clock = Clock::start(None, stop);
            let found = simple::minimax_move(position, 4);
            return SearchResult {
                best: found.map(|(m, _)| m),
                eval: found.map_or(Eval::None, |(_, v)| Eval::Estimate(100 * v)),
                depth: 4,
                nodes: 0,
                pv: found.map(|(m, _)| m).into_iter().collect(),
                elapsed: clock.elapsed(),
            };
        }
        OthelloLevel::Casual => (600, 8),
        OthelloLevel::Club => (200, 12),
        OthelloLevel::Expert => (0, 16),
        OthelloLevel::Master => (0, 20),
    };
    let style = Style {
        noise,
        solve_empties,
        selective: true,
    };
    let mut limits = level.limits;
    if let Othello::General(_) = position {
        limits.nodes = limits.nodes.map(|n| n / GENERAL_PATH_NODE_DIVISOR);
    }
    let bytes = limits
        .nodes
        .map_or(DEFAULT_TABLE_BYTES, |n| {
            (n as usize).saturating_mul(32).next_power_of_two()
        })
        .clamp(64 << 10, DEFAULT_TABLE_BYTES);
    let mut engine = Engine::with_table_bytes(weights.clone(), bytes);
    engine.search(position, limits, style, rng.random(), stop)
}

/// The strong engine with its transposition table, to keep between moves of one game.
///
/// ```
/// use std::sync::Arc;
///
/// use ishi_ai::{Eval, Stop};
/// use ishi_ai::othello::{Engine, Weights};
/// use ishi_rules::othello::notation::parse_board;
///
/// // FFO #1: Black to move wins by 18 with g8; the solver proves it.
/// let position = parse_board(
///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
/// )?;
/// let mut engine = Engine::new(Arc::new(Weights::embedded()));
/// let result = engine.solve(&position, &Stop::new());
/// assert_eq!(result.eval, Eval::Exact(18));
/// assert_eq!(result.best.map(|m| m.to_string()), Some("g8".to_owned()));
/// # Ok::<(), ishi_rules::othello::notation::BoardStringError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    table: Table,
    weights: Arc<Weights>,
}

impl Engine {
    /// An engine evaluating 8x8 positions with `weights`, with a table of
    /// [`DEFAULT_TABLE_BYTES`] (4 MiB).
    pub fn new(weights: Arc<Weights>) -> Engine {
        Engine::with_table_bytes(weights, DEFAULT_TABLE_BYTES)
    }

    /// An engine evaluating with `weights` whose table takes at most `bytes` bytes (rounded
    /// down to a power of two; a table of 32 bytes at least). Bigger tables help long solves:
    /// 64 MiB suits the FFO positions; 4 MiB is plenty for a second a move.
    pub fn with_table_bytes(weights: Arc<Weights>, bytes: usize) -> Engine {
        Engine {
            table: Table::with_bytes(bytes),
            weights,
        }
    }

    /// The evaluation's weights.
    pub fn weights(&self) -> &Arc<Weights> {
        &self.weights
    }

    /// The size of the table in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets what earlier searches stored.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The best move in `position` within `limits`, at full strength.
    ///
    /// Iterative deepening runs until a limit is reached, then the best move of the deepest
    /// search is played (of the last one too, if it had proved a better move before it was
    /// stopped). When at most 22 squares are empty and the depth limit, if any, reaches the
    /// end of the game, a short midgame search orders the moves and the position is then
    /// solved exactly: `eval` is [`Eval::Exact`]. The solve may visit up to four times the
    /// node limit, since its nodes cost about a quarter of midgame ones; if it does not finish
    /// within the limits, the midgame result stands. Without any limit it solves from any
    /// position (which may take very long).
    ///
    /// Node- and depth-limited searches are deterministic for a fresh engine (or after
    /// [`clear`](Engine::clear)): the table changes what a search sees. `rng` seeds nothing at
    /// full strength; it is there for the API every engine shares.
    pub fn best_move(
        &mut self,
        position: &Othello,
        limits: Limits,
        rng: &mut impl Rng,
        stop: &Stop,
    ) -> SearchResult<Move> {
        let style = Style {
            noise: 0,
            solve_empties: SOLVE_EMPTIES,
            selective: true,
        };
        self.search(position, limits, style, rng.random(), stop)
    }

    /// The `n` best moves of `position`, best first, each with its own evaluation from the
    /// point of view of the player to move and its principal variation (the move first): the
    /// multi-PV answer a hint display or NBoard's `hint n` needs.
    ///
    /// With `n` of 1, or a single legal move (a forced pass included), this is
    /// [`best_move`](Engine::best_move) alone. Otherwise every legal move is played and the
    /// reply searched with [`best_move`](Engine::best_move) within `limits`, the depth one ply
    /// less and the node and time budgets shared out evenly over the moves, on this engine's
    /// table; the moves are then ranked by their values, exact ones compared with estimates in
    /// the same unit (hundredths of a disc), ties in the order of
    /// [`legal_moves`](Game::legal_moves). Empty when the game is over or `n` is 0.
    pub fn best_moves(
        &mut self,
        position: &Othello,
        n: usize,
        limits: Limits,
        rng: &mut impl Rng,
        stop: &Stop,
    ) -> Vec<SearchResult<Move>> {
        let moves = position.legal_moves();
        if moves.is_empty() || n == 0 {
            return Vec::new();
        }
        if n == 1 || moves.len() == 1 {
            return vec![self.best_move(position, limits, rng, stop)];
        }
        let share = moves.len() as u64;
        let child_limits = Limits {
            depth: limits.depth.map(|d| d.saturating_sub(1)),
            nodes: limits.nodes.map(|nodes| (nodes / share).max(1)),
            time: limits.time.map(|t| t.div_f64(share as f64)),
        };
        let mut ranked: Vec<SearchResult<Move>> = moves
            .into_iter()
            .map(|mv| {
                let mut child = *position;
                child.play_unchecked(mv);
                let reply = self.best_move(&child, child_limits, rng, stop);
                let mut pv = Vec::with_capacity(reply.pv.len() + 1);
                pv.push(mv);
                pv.extend(reply.pv);
                SearchResult {
                    best: Some(mv),
                    eval: match reply.eval {
                        Eval::Exact(v) => Eval::Exact(-v),
                        Eval::Estimate(v) => Eval::Estimate(-v),
                        Eval::WinRate(p) => Eval::WinRate(1.0 - p),
                        Eval::None => Eval::None,
                    },
                    depth: reply.depth + 1,
                    nodes: reply.nodes,
                    pv,
                    elapsed: reply.elapsed,
                }
            })
            .collect();
        ranked.sort_by_key(|r| {
            std::cmp::Reverse(match r.eval {
                Eval::Exact(v) => i64::from(v) * 100,
                Eval::Estimate(v) => i64::from(v),
                Eval::WinRate(p) => (f64::from(p) * 10_000.0) as i64,
                Eval::None => i64::MIN,
            })
        });
        ranked.truncate(n);
        ranked
    }

    /// Solves `position` exactly: the best move and the final margin with best play for the
    /// player to move (empty squares to the winner), as [`Eval::Exact`]. A stop request ends
    /// it early with the midgame estimate ([`Eval::Estimate`]).
    pub fn solve(&mut self, position: &Othello, stop: &Stop) -> SearchResult<Move> {
        let style = Style {
            noise: 0,
            solve_empties: u32::MAX,
            selective: true,
        };
        self.search(position, Limits::NONE, style, 0, stop)
    }

    /// The midgame value of `position` searched exactly `depth` plies (at least 1) with
    /// nothing pruned but by alpha-beta: no ProbCut, no exact solve. In hundredths of a disc
    /// for the player to move; where the game ends within the depth, its final margin counts
    /// (times 100).
    ///
    /// ProbCut predicts a deep search's value from a shallow one's; `othello_train probcut`
    /// (`examples/othello_train.rs`) measures how well with such values.
    pub fn full_width_value(&mut self, position: &Othello, depth: u32) -> i32 {
        let style = Style {
            noise: 0,
            solve_empties: 0,
            selective: false,
        };
        let limits = Limits {
            depth: Some(depth.max(1)),
            ..Limits::NONE
        };
        match self.search(position, limits, style, 0, &Stop::new()).eval {
            Eval::Exact(v) => 100 * v,
            Eval::Estimate(v) => v,
            Eval::WinRate(_) | Eval::None => 0,
        }
    }

    fn search(
        &mut self,
        position: &Othello,
        limits: Limits,
        style: Style,
        seed: u64,
        stop: &Stop,
    ) -> SearchResult<Move> {
        let clock = Clock::start(limits.time, stop);
        let mut result = match position {
            Othello::Standard(board) => {
                let (p, o) = board.mover_and_waiter();
                let weights = self.weights.clone();
                self.search_on(&Std8::new(&weights), p, o, limits, &style, seed, &clock)
            }
            Othello::General(board) => {
                let (p, o) = board.mover_and_waiter();
                self.search_on(
                    &Wide::new(board.shape()),
                    p,
                    o,
                    limits,
                    &style,
                    seed,
                    &clock,
                )
            }
        };
        result.elapsed = clock.elapsed();
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn search_on<A: Arena>(
        &mut self,
        arena: &A,
        p: A::B,
        o: A::B,
        limits: Limits,
        style: &Style,
        seed: u64,
        clock: &Clock,
    ) -> SearchResult<Move> {
        if arena.moves(p, o) == A::B::ZERO {
            if arena.moves(o, p) == A::B::ZERO {
                let empties = (arena.cells() & !(p | o)).count() as i32;
                let diff = p.count() as i32 - o.count() as i32;
                return SearchResult {
                    eval: Eval::Exact(diff + diff.signum() * empties),
                    ..SearchResult::immediate(None)
                };
            }
            // A forced pass: search the opponent's reply and turn the result around.
            let mut result = self.search_on(arena, o, p, limits, style, seed, clock);
            result.eval = match result.eval {
                Eval::Exact(v) => Eval::Exact(-v),
                Eval::Estimate(v) => Eval::Estimate(-v),
                other => other,
            };
            result.pv.insert(0, Move::Pass);
            result.best = Some(Move::Pass);
            return result;
        }
        let empties = (arena.cells() & !(p | o)).count();
        let unlimited = limits.nodes.is_none() && limits.time.is_none() && limits.depth.is_none();
        let job = Job {
            max_depth: limits.depth.unwrap_or(u32::MAX).max(1),
            solve: limits.depth.is_none_or(|d| d >= empties)
                && (unlimited || empties <= style.solve_empties),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            noise: style.noise,
            noise_seed: seed,
            selective: style.selective,
        };
        let found = search::run(arena, &mut self.table, clock, p, o, job);
        to_result(&found, arena.size())
    }
}

fn to_result(found: &Found, size: usize) -> SearchResult<Move> {
    let to_move = |sq: Option<usize>| sq.map_or(Move::Pass, |sq| Move::Place(square_at(sq, size)));
    SearchResult {
        best: found.best.map(|sq| to_move(Some(sq))),
        eval: if found.exact {
            Eval::Exact(found.score)
        } else {
            Eval::Estimate(found.score)
        },
        depth: found.depth,
        nodes: found.nodes,
        pv: found.pv.iter().map(|&sq| to_move(sq)).collect(),
        elapsed: Duration::ZERO,
    }
}
