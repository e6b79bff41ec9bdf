//! Perft: counting the leaves of the game tree, the standard check of a move generator.

use super::{Othello, bitboard};

/// The number of leaves `depth` plies below `position`.
///
/// The convention of Aart Bik's published counts: a forced pass is a ply, and a position where
/// the game is over counts as one leaf at any remaining depth. The standard board takes the
/// bitboard kernels directly, counting the last ply in bulk; other boards go through
/// [`crate::perft`].
///
/// ```
/// use ishi_rules::othello::{Othello, perft};
///
/// assert_eq!(perft(&Othello::standard(), 5), 1396);
/// ```
pub fn perft(position: &Othello, depth: u32) -> u64 {
    match position {
        Othello::Standard(board) => {
            let (mover, waiter) = board.mover_and_waiter();
            bitboard::perft(mover, waiter, depth)
        }
        Othello::General(board) => crate::perft(board, depth),
    }
}
