//! Go positions evaluated by a trained network: KataGo's g170 6-block, 96-channel network
//! (model version 8), read, converted to Ishi's own compact format and run on the CPU, in
//! native code and in WebAssembly alike.
//!
//! ```
//! use std::sync::Arc;
//! use ishi_rules::{Game, Move, Player};
//! use ishi_rules::go::{Go, GoRules};
//! use ishi_nn::{Evaluator, Features, Network};
//!
//! let network = Arc::new(Network::from_bytes(ishi_nn::G170_B6C96)?);
//! let mut evaluator = Evaluator::new(network);
//!
//! // The game's positions, oldest first: the network looks at the last moves too.
//! let mut game = vec![Go::new(9, GoRules::CHINESE)?];
//! for name in ["E5", "C4"] {
//!     let next = game[game.len() - 1].play(Move::Place(name.parse()?))?;
//!     game.push(next);
//! }
//! let output = evaluator.evaluate(&Features::new(&game)?);
//! assert_eq!(output.turn(), Player::Black);
//! let (best, p) = output.top_moves(1)[0];
//! assert!(p > 0.05 && best != Move::Pass);
//! assert!((0.0..=1.0).contains(&output.win_for(Player::White)));
//! println!("black to move: {best:?} {p:.2}, lead {:+.1}", output.lead());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Pieces.** [`Network`] holds the weights (a value, shared with `Arc`, never a static):
//! [`Network::from_katago`] reads KataGo's binary model file, [`Network::to_bytes`] and
//! [`Network::from_bytes`] write and read Ishi's format ([`Precision`]; the module `format`
//! says why Ishi ships half precision), and [`G170_B6C96`] is the converted network itself
//! (native builds only: the web build fetches the file).
//! [`Features`] computes the 22 planes and 19 global values of KataGo's input version 7
//! (stones, liberties, ko, the last moves, ladders, pass-alive areas, the rules and komi) for
//! an `ishi_rules::go::Go` and its history. [`Evaluator`] runs the network on one position or
//! a batch (one matrix product per layer for the whole batch), optionally under the board's
//! symmetries, and keeps its buffers between calls; [`Output`] is the post-processed answer
//! from the side to move: the policy over the legal moves, the chances of winning, losing
//! and no result, the score's mean, spread and lead, and the ownership of each point.
//!
//! **Why this way.** The network is small enough (about a million weights) for a CPU:
//! convolutions are `im2col` and one `sgemm` from `matrixmultiply`, which has AVX2/FMA kernels
//! and a WebAssembly SIMD one, and the network runs on exactly the board's points, so any
//! board size up to 19x19 works without a mask. Batch norms are folded into the layers they
//! follow when the converter reads KataGo's file, so inference does the same arithmetic in
//! fewer steps. The features are computed the way KataGo's `nninputs.cpp` computes them,
//! written anew from its description (ladder reading and Benson's pass-alive test included),
//! since the network only plays well on the inputs it was trained with.
//!
//! The weights are KataGo's, by David J Wu and the KataGo authors, under the licence in
//! `data/LICENSE-KataGo.txt` beside them.

mod eval;
mod f16;
mod features;
mod format;
mod katago;
#[cfg(all(target_arch = "wasm32", feature = "js-kernel"))]
mod kernel;
mod layers;
mod network;
mod output;
mod symmetry;

use std::fmt;

pub use eval::{EvalError, Evaluator, Symmetries};
pub use features::{FeatureError, Features};
pub use format::Precision;
pub use network::{GLOBAL_FEATURES, Network, SPATIAL_FEATURES};
pub use output::Output;
pub use symmetry::Symmetry;

/// KataGo's g170 6-block, 96-channel network in Ishi's format, half precision: read it with
/// [`Network::from_bytes`].
///
/// Native builds only, as the other embedded weights are: the web build fetches the file
/// (`data/g170-b6c96.ishinn`) after its first page, so no WebAssembly module carries it.
#[cfg(not(target_arch = "wasm32"))]
pub const G170_B6C96: &[u8] = include_bytes!("../data/g170-b6c96.ishinn");

/// A network file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The data ends before the network does.
    Truncated,
    /// Something other than what the format has at this byte offset.
    Malformed {
        /// Where, in bytes from the start.
        offset: usize,
        /// What the format has there.
        expected: &'static str,
    },
    /// A version of the format (or of KataGo's model) that this reader does not read.
    Version(i64),
    /// Not Ishi's network format at all.
    Magic,
    /// The checksum does not match: the file was changed or cut.
    Checksum,
    /// A layer whose shape does not fit the network.
    Shape(String),
    /// A NaN or infinite weight in this layer.
    NotFinite(String),
    /// The network module of a WebAssembly build (feature `js-kernel`) did not take the
    /// network: its words.
    Kernel(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Truncated => f.write_str("the network file ends too early"),
            ReadError::Malformed { offset, expected } => {
                write!(
                    f,
                    "expected {expected} at byte {offset} of the network file"
                )
            }
            ReadError::Version(v) => write!(f, "network file version {v} is not supported"),
            ReadError::Magic => f.write_str("not an Ishi network file"),
            ReadError::Checksum => {
                f.write_str("the network file's checksum does not match: it is damaged")
            }
            ReadError::Shape(layer) => {
                write!(f, "layer {layer} does not fit the network's shape")
            }
            ReadError::NotFinite(layer) => {
                write!(f, "layer {layer} has a weight that is not finite")
            }
            ReadError::Kernel(detail) => {
                write!(f, "the network module did not take the network: {detail}")
            }
        }
    }
}

impl std::error::Error for ReadError {}
