//! What the Othello tests share.

use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello, PRESETS, Shape};

/// Every board the rules support: the square sizes and the named shapes.
pub(crate) fn all_shapes() -> Vec<Shape> {
    [4, 6, 8, 10]
        .into_iter()
        .map(|n| Shape::square(n).expect("a supported size"))
        .chain(PRESETS.iter().map(|p| p.shape()))
        .collect()
}

/// `position` after `mv`, which must be legal there.
pub(crate) fn after(position: &Othello, mv: Move) -> Othello {
    let mut next = *position;
    next.play_unchecked(mv);
    next
}
