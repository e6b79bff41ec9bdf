//! Zobrist keys for Go positions.
//!
//! A board's hash is the XOR of one key per stone (by colour and padded-board index); the hash
//! of a position adds the side key when White is to move. Keys come from a fixed SplitMix64
//! stream (another seed than Othello's), so hashes are the same in every build and on every
//! platform.

use std::sync::LazyLock;

use crate::{Player, splitmix64};

use super::board::LEN;

struct Keys {
    /// `stones[colour][index]`, colour 1 for Black and 2 for White as on the board; row 0 is
    /// unused, so the board's cell values index it directly.
    stones: [[u64; LEN]; 3],
    side: u64,
}

/// Worked out on first use rather than at compile time: as data the table would be kilobytes
/// of random numbers in every WASM download, which no compression shrinks.
static KEYS: LazyLock<Keys> = LazyLock::new(keys);

fn keys() -> Keys {
    let mut keys = Keys {
        stones: [[0; LEN]; 3],
        side: 0,
    };
    let mut state = 0x0190_2024_5eed;
    for i in 0..LEN {
        let (s, black) = splitmix64(state);
        let (s, white) = splitmix64(s);
        state = s;
        keys.stones[1][i] = black;
        keys.stones[2][i] = white;
    }
    keys.side = splitmix64(state).1;
    keys
}

/// The key of a stone of colour `cell` (1 Black, 2 White) on padded index `index`.
#[inline(always)]
pub(crate) fn stone(cell: u8, index: usize) -> u64 {
    KEYS.stones[cell as usize][index]
}

/// The key XORed in when White is to move.
#[inline(always)]
pub(crate) fn side(turn: Player) -> u64 {
    match turn {
        Player::Black => 0,
        Player::White => KEYS.side,
    }
}
