//! Zobrist keys for Othello positions.
//!
//! A position's hash is the XOR of one key per disc (by colour and square index) and, when White
//! is to move, the side key. Keys come from a fixed SplitMix64 stream, so hashes are the same in
//! every build and on every platform.

use std::sync::LazyLock;

use crate::{ByColor, Player, splitmix64};

use super::geometry::Bits;

/// Square indexes the keys cover (a 10x10 board uses 100).
const SQUARES: usize = 128;

struct Keys {
    discs: [[u64; SQUARES]; 2],
    /// `discs[0][i] ^ discs[1][i]`: what a flip of the disc on `i` changes.
    flip: [u64; SQUARES],
    side: u64,
}

/// Worked out on first use rather than at compile time: as data the table would be kilobytes
/// of random numbers in every WASM download, which no compression shrinks.
static KEYS: LazyLock<Keys> = LazyLock::new(keys);

fn keys() -> Keys {
    let mut keys = Keys {
        discs: [[0; SQUARES]; 2],
        flip: [0; SQUARES],
        side: 0,
    };
    let mut state = 0x15b1_2024;
    for i in 0..SQUARES {
        let (s, black) = splitmix64(state);
        let (s, white) = splitmix64(s);
        state = s;
        keys.discs[0][i] = black;
        keys.discs[1][i] = white;
        keys.flip[i] = black ^ white;
    }
    keys.side = splitmix64(state).1;
    keys
}

#[inline(always)]
fn color_index(player: Player) -> usize {
    player.fold(0, 1)
}

/// The hash of a position with these discs and side to move, computed from scratch.
pub(crate) fn hash<B: Bits>(discs: ByColor<B>, turn: Player) -> u64 {
    let mut h = if turn == Player::White { KEYS.side } else { 0 };
    for (player, &set) in discs.iter() {
        let keys = &KEYS.discs[color_index(player)];
        let mut set = set;
        while set != B::ZERO {
            h ^= keys[set.lowest()];
            set = set.without_lowest();
        }
    }
    h
}

/// What the hash changes by when `mover` places a disc on `index`, `flipped` discs turn over and
/// the turn passes to the other side.
#[inline(always)]
pub(crate) fn place_delta<B: Bits>(mover: Player, index: usize, flipped: B) -> u64 {
    let mut h = KEYS.discs[color_index(mover)][index] ^ KEYS.side;
    let mut set = flipped;
    while set != B::ZERO {
        h ^= KEYS.flip[set.lowest()];
        set = set.without_lowest();
    }
    h
}

/// What the hash changes by when a player passes.
#[inline(always)]
pub(crate) fn pass_delta() -> u64 {
    KEYS.side
}
