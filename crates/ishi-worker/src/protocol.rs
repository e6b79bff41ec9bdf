//! The messages of the computer player: a [`Request`] in, a [`Reply`] out, and a model's bytes
//! in ([`Model`]). Every value is typed: positions are the rules' own values, moves are
//! [`CellMove`]s, evaluations are [`Eval`]s, and a failure is a [`WorkerError`] that front
//! ends translate. With serde (the crate always derives it) the messages cross the web
//! worker's boundary as JSON; that encoding is the front end's business, in the one file that
//! talks to the web worker.

use std::collections::VecDeque;

use ishi_ai::{AnyLevel, Eval};
use ishi_analysis::{Candidate, Worth};
use ishi_rules::IllegalReason;
use ishi_rules::any::{Cell, CellMove, Position};
use ishi_rules::go;
use ishi_rules::othello::Othello;
use serde::{Deserialize, Serialize};

/// A question for the computer.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in the reply, so the front end can drop answers to questions it no longer asks.
    pub epoch: u64,
    /// The seed of the search's randomness.
    pub seed: u64,
    /// The game, whose last position the task is about.
    pub game: GameLine,
    /// What to work out.
    pub task: Task,
}

/// A game as its start and the moves since, so that Go's ko and superko see the history.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameLine {
    /// The position the game started from.
    pub start: Start,
    /// The moves since, in order (Othello's forced passes included).
    pub moves: Vec<CellMove>,
}

/// Where a game started.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// An Othello position (any board, the side to move included).
    Othello(Othello),
    /// A Go set-up: the board, the rules with komi, the stones, the side to move, prisoners.
    Go(go::Setup),
}

impl GameLine {
    /// The line of a game that starts at `start` and goes on with `moves`.
    pub fn new(start: &Position, moves: impl IntoIterator<Item = CellMove>) -> GameLine {
        let start = match start {
            Position::Othello(o) => Start::Othello(*o),
            Position::Go(g) => Start::Go(g.setup()),
        };
        GameLine {
            start,
            moves: moves.into_iter().collect(),
        }
    }

    /// The position the line reaches: its start with every move replayed.
    ///
    /// # Errors
    ///
    /// [`WorkerError::BadStart`] for a Go set-up the rules refuse,
    /// [`WorkerError::IllegalMove`] for a move they refuse.
    pub fn position(&self) -> Result<Position, WorkerError> {
        let mut positions = self.recent(0)?;
        positions.pop().ok_or(WorkerError::BadStart)
    }

    /// The position the line reaches and up to `before` positions before it, oldest first:
    /// what Go's network reads of a game's history.
    ///
    /// # Errors
    ///
    /// As [`position`](GameLine::position).
    pub fn recent(&self, before: usize) -> Result<Vec<Position>, WorkerError> {
        let mut position = match &self.start {
            Start::Othello(o) => Position::Othello(*o),
            Start::Go(setup) => {
                let go = go::Go::from_setup(setup).map_err(|_| WorkerError::BadStart)?;
                Position::Go(Box::new(go))
            }
        };
        let mut recent = VecDeque::with_capacity(before + 1);
        for (index, &mv) in self.moves.iter().enumerate() {
            let next = position
                .play(mv)
                .map_err(|reason| WorkerError::IllegalMove { index, reason })?;
            if before > 0 {
                if recent.len() == before {
                    recent.pop_front();
                }
                recent.push_back(position);
            }
            position = next;
        }
        recent.push_back(position);
        Ok(recent.into())
    }
}

/// What to work out.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// The move of a level of the position's game.
    Move {
        /// The level that plays.
        level: AnyLevel,
    },
    /// Go: who owns each point, from this many random playouts, and the dead stones that
    /// follow: the count's first guess.
    Ownership {
        /// Playouts to run (at most 20,000 are).
        playouts: u32,
    },
    /// The values of the moves of the position, for the hints on the board: every legal move
    /// (Othello) or the moves the search visited (Go). Asked again with more effort, the
    /// worker's engine keeps what it learnt of the position.
    Hints {
        /// How far to look.
        budget: HintBudget,
    },
    /// One position of a game under review: every candidate's value with the played move's
    /// among them, what the position is worth to Black, and (Go) who owns each point.
    Analyse {
        /// The move the game went on with, if any.
        played: Option<CellMove>,
        /// The deep budget rather than the quick one.
        deep: bool,
    },
}

/// How far hints look.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HintBudget {
    /// Othello: every move searched this many plies deep.
    Depth(u32),
    /// Othello: every move solved exactly (for the last empty squares).
    Exact,
    /// Go: this many more playouts on the tree of the position (with the network, a visit
    /// for every ten).
    Playouts(u32),
}

/// The computer's answer to the request of `epoch`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Reply {
    /// The request's epoch.
    pub epoch: u64,
    /// The answer, one kind per kind of task, or why there is none.
    pub answer: Result<Answer, WorkerError>,
}

impl Reply {
    /// The reply to the request of `epoch` that failed with `error`.
    pub fn failed(epoch: u64, error: WorkerError) -> Reply {
        Reply {
            epoch,
            answer: Err(error),
        }
    }
}

/// An answer: one variant per kind of [`Task`].
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// For [`Task::Move`].
    Move(Played),
    /// For [`Task::Ownership`].
    Ownership(Ownership),
    /// For [`Task::Hints`].
    Hints(Analysed),
    /// For [`Task::Analyse`].
    Analysis(Analysed),
}

/// A level's move and what its search found.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Played {
    /// The move.
    pub mv: CellMove,
    /// What the search thinks of the position, for the player who moves.
    pub eval: Eval,
    /// Depth reached (alpha-beta).
    pub depth: u32,
    /// Nodes or playouts.
    pub nodes: u64,
    /// Milliseconds spent.
    pub millis: u64,
}

/// Go: who owns each point, and the stones that makes dead.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Ownership {
    /// Each point's owner from -1 (White) to +1 (Black), in `Go::points` order.
    pub ownership: Vec<f32>,
    /// The stones the ownership says are dead (`ishi_scoring::guess_dead_stones_with`; the
    /// static guess, should the estimate not fit the board): the count's first marks.
    pub dead: Vec<Cell>,
}

/// The values a [`Task::Hints`] or [`Task::Analyse`] found.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Analysed {
    /// The moves valued, best first, each with its value for the player to move (Othello:
    /// discs; Go with the network: points of score, the win rate beside them; Go with Monte
    /// Carlo: win rate in points from 0 to 100).
    pub candidates: Vec<Candidate<CellMove>>,
    /// What the position is worth to Black.
    pub worth: Worth,
    /// Go: who owns each point in the end (the network's ownership, or the playouts'), from
    /// -1 (White) to 1 (Black), in `Go::points` order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ownership: Option<Vec<f32>>,
    /// Go on the network, in hints: the network's policy in the position, each point's
    /// probability in `Go::points` order (the pass left out): where a strong player would
    /// look.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<Vec<f32>>,
}

/// A model the computer player loads after it starts: the web build fetches each after the
/// first board rather than carry it in its first download.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Model {
    /// The Othello evaluation's learned pattern weights (`weights.bin`).
    OthelloWeights,
    /// Go's learned move model (`moves.bin`), which the Monte Carlo search's priors use.
    GoMoves,
    /// KataGo's g170 network in Ishi's format (`g170-b6c96.ishinn`), which the network
    /// levels of Go play with.
    GoNetwork,
}

impl Model {
    /// Every model, in the order the web worker fetches them.
    pub const ALL: [Model; 3] = [Model::OthelloWeights, Model::GoMoves, Model::GoNetwork];

    /// The model's name, as serde writes it: the web build's file is `worker/NAME.bin`.
    pub fn name(self) -> &'static str {
        match self {
            Model::OthelloWeights => "othello-weights",
            Model::GoMoves => "go-moves",
            Model::GoNetwork => "go-network",
        }
    }

    /// The model named `name` ([`name`](Model::name)), if any.
    pub fn from_name(name: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|model| model.name() == name)
    }
}

/// Why a request has no answer. Front ends translate each variant.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkerError {
    /// The request could not be read: not a request of this version.
    BadRequest,
    /// The game's start is not a position the rules allow.
    BadStart,
    /// A move of the game is refused by the rules.
    IllegalMove {
        /// Its place in the game's moves.
        index: usize,
        /// Why the rules refuse it.
        reason: IllegalReason,
    },
    /// The task does not fit the position's game: a level, a hint budget or a Go-only task
    /// of the other game, or a played move of another board.
    WrongGame,
    /// The game is over: there is no move to make.
    GameOver,
    /// The model the task needs has not arrived yet.
    ModelMissing(Model),
    /// The computer stopped before it answered (the web worker failed, or the desktop's
    /// thread ended): said by the front end's side of the boundary, with the platform's own
    /// words for it (a script error's message), which are not translated: a detail for a bug
    /// report.
    Stopped(String),
    /// The part of the web build that holds the engines could not be loaded: said by the
    /// front end's side of the boundary.
    Unavailable,
}

impl std::fmt::Display for WorkerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WorkerError::BadRequest => f.write_str("not a request of this version"),
            WorkerError::BadStart => f.write_str("the game's start is not a legal position"),
            WorkerError::IllegalMove { index, reason } => {
                write!(f, "move {} of the game is refused: {reason}", index + 1)
            }
            WorkerError::WrongGame => f.write_str("the task is not one of this game"),
            WorkerError::GameOver => f.write_str("the game is over"),
            WorkerError::ModelMissing(Model::OthelloWeights) => {
                f.write_str("the Othello evaluation's weights are not loaded")
            }
            WorkerError::ModelMissing(Model::GoMoves) => {
                f.write_str("the Go move model is not loaded")
            }
            WorkerError::ModelMissing(Model::GoNetwork) => {
                f.write_str("the Go network is not loaded")
            }
            WorkerError::Stopped(detail) => write!(f, "the computer stopped: {detail}"),
            WorkerError::Unavailable => f.write_str("the computer's engines could not be loaded"),
        }
    }
}

impl std::error::Error for WorkerError {}

/// Why a model's bytes were refused ([`Worker::load`](crate::Worker::load)); the worker
/// keeps what it had.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    /// Not the Othello weights of this version, or damaged.
    OthelloWeights(ishi_ai::othello::WeightsError),
    /// Not a Go move model of this version, or damaged.
    GoMoves(ishi_ai::go::features::WeightsError),
    /// Not a Go network in Ishi's format, or damaged.
    GoNetwork(ishi_nn::ReadError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::OthelloWeights(e) => e.fmt(f),
            LoadError::GoMoves(e) => e.fmt(f),
            LoadError::GoNetwork(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}
