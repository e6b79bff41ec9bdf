//! `othello`: tools for engine developers.

pub(crate) mod perft;
pub(crate) mod solve;
