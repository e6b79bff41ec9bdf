//! What the Othello tests share.

use ishi_rules::Game;
use ishi_rules::othello::notation::parse_board;
use ishi_rules::othello::{Move, Othello};

/// `position` after `mv`, which must be legal there.
pub(crate) fn after(position: &Othello, mv: Move) -> Othello {
    let mut next = *position;
    next.play_unchecked(mv);
    next
}

/// Black to move and no move for Black; White has three, on the bottom row. Each test crate
/// builds this module alone, and not every one of them passes.
#[allow(dead_code)]
pub(crate) fn black_must_pass() -> Othello {
    parse_board(
        "OOOOOOOO\
         OOOOOOOO\
         OOOOOOOO\
         OOOOOOOO\
         OOOOOOOO\
         OOOOOOOO\
         OOOOOOOX\
         OOOOO--- X",
    )
    .expect("a board")
}
