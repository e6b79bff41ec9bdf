//! Ishi's computer player behind a typed message boundary.
//!
//! A front end asks with a [`Request`] (an epoch, a seed, the game as its start plus the moves
//! since, and a [`Task`]) and gets a [`Reply`] whose answer is `Result<`[`Answer`]`,`
//! [`WorkerError`]`>`, one answer variant per kind of task. A [`Worker`] owns the models
//! (the Othello weights, Go's move model and Go's network) and the engines of hints and
//! analysis, which it keeps between requests; nothing of it is global, so two workers with
//! different models can live side by side.
//!
//! ```
//! use ishi_ai::Stop;
//! use ishi_ai::othello::OthelloLevel;
//! use ishi_rules::any::Position;
//! use ishi_rules::othello::Othello;
//! use ishi_worker::{Answer, GameLine, Request, Task, Worker};
//!
//! let mut worker = Worker::with_embedded_models();
//! let request = Request {
//!     epoch: 7,
//!     seed: 1,
//!     game: GameLine::new(&Position::Othello(Othello::standard()), []),
//!     task: Task::Move {
//!         level: OthelloLevel::Random.into(),
//!     },
//! };
//! let reply = worker.think(&request, &Stop::new());
//! assert_eq!(reply.epoch, 7);
//! let Ok(Answer::Move(played)) = reply.answer else {
//!     panic!("a move: {:?}", reply.answer);
//! };
//! assert!(Position::Othello(Othello::standard()).check(played.mv).is_ok());
//! ```
//!
//! **Why typed values and not text.** The boundary is crossed as JSON on the web (the page
//! and its Web Worker) and not at all on the desktop (a thread): the same values serve both,
//! the rules' own types say what a position or a move is, and a failure is data the front end
//! translates. The encoding lives in the one file of the app that talks to the web worker.
//!
//! **Why the models arrive late.** The web build does not carry the models in its first
//! download: its worker fetches them after the first board and hands each to
//! [`Worker::load`]. A request that needs a model that has not come gets
//! [`WorkerError::ModelMissing`], except Go's: its levels play without what has not come
//! (the network's levels as their Monte Carlo fallback), and its hints and analysis are
//! Monte Carlo's until the network comes, in win-rate points rather than points of score
//! (`ishi_analysis::go::network`); native builds start with
//! [`Worker::with_embedded_models`].

mod protocol;
mod worker;

pub use protocol::{
    Analysed, Answer, GameLine, HintBudget, LoadError, Model, Ownership, Played, Reply, Request,
    Start, Task, WorkerError,
};
pub use worker::Worker;

#[cfg(test)]
mod tests;
