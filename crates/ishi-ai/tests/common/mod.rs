//! What the Othello tests share.

use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello};

/// `position` after `mv`, which must be legal there.
pub(crate) fn after(position: &Othello, mv: Move) -> Othello {
    let mut next = *position;
    next.play_unchecked(mv);
    next
}
