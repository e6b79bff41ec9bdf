//! The rules of Ishi's games as plain values: no UI, no IO, no randomness.
//!
//! ```
//! use ishi_rules::{Game, Move, Player};
//! use ishi_rules::othello::Othello;
//!
//! let mut game = Othello::standard();
//! while let Some(&mv) = game.legal_moves().first() {
//!     game = game.play(mv)?; // a new position; the old one is untouched
//! }
//! let score = game.score();
//! assert_eq!(score.discs.black + score.discs.white + score.empties, 64);
//! println!("{score}"); // "B+18", "W+2" or "Draw"
//! # Ok::<(), ishi_rules::IllegalMove<ishi_rules::othello::Move>>(())
//! ```
//!
//! Every game implements [`Game`]: positions are values, and [`Game::play`] returns a new one,
//! so front ends keep a history of snapshots for undo, and search clones freely. The reason a
//! move is refused is data ([`IllegalReason`]), never a panic.
//!
//! Othello lives in [`othello`], with its fast path for the standard board; Go in [`go`], on
//! boards from 5x5 to 19x19 under rules given as data, with named presets
//! ([`GoRules::PRESETS`](go::GoRules::PRESETS)).
//!
//! ## Serde
//!
//! The feature `serde` (off by default: the crate has no dependencies without it) writes and
//! reads the vocabulary in the text the rules print and read, the one form of these values in
//! saved games and messages:
//!
//! | value | form |
//! |---|---|
//! | [`Player`] | `"black"`, `"white"` |
//! | [`ByColor<T>`] | `{"black": T, "white": T}` |
//! | [`go::Point`], [`othello::Square`] | `"D4"`, `"f5"` |
//! | [`any::Cell`] | `[col, row]` from the top-left: `[3, 4]` |
//! | [`Move<P>`] (and [`any::CellMove`]) | `"pass"`, or the point's form: `"D4"`, `[3, 4]` |
//! | [`othello::Shape`] | its name (`"8x8"`, `"octagon"`), or its rows (`"#..#/..../..../#..#"`) |
//! | [`othello::Othello`] | its board string ([`othello::notation`]), side to move included |
//! | [`othello::Setup`] | `{"shape": "8x8", "discs": [["d4", "white"], …], "turn": "black"}` |
//! | [`go::Komi`] | half-points: `13` is 6.5 |
//! | [`go::GoRules`] | `{"preset": "japanese", "komi": 13}`; rules that are no preset, every field: `{"scoring": "area", "ko": "simple", "suicide": false, "dead_stone_removal": true, "komi": 13}` |
//! | [`go::Scoring`], [`go::KoRule`] | `"area"`, `"territory"`; `"simple"`, `"positional_superko"`, `"situational_superko"` |
//! | [`go::Setup`] | `{"size": 9, "rules": …, "stones": [["D4", "black"], …], "turn": "black", "captures": {"black": 0, "white": 0}}` |
//!
//! Text the rules do not read is a serde error, never a panic.

pub mod any;
mod game;
pub mod go;
pub mod othello;
mod player;
#[cfg(feature = "serde")]
mod serde;

pub use game::{Game, IllegalMove, IllegalReason, Move, Outcome};
pub use player::{ByColor, ParsePlayerError, Player};

/// One step of the SplitMix64 generator: the next state and its output. The Zobrist keys of
/// both games are drawn from it at compile time, so hashes are the same everywhere.
pub(crate) const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// The number of leaves `depth` plies below `game`, through the [`Game`] trait.
///
/// A pass is a ply when the game lists it as a move; a finished game counts as one leaf at any
/// remaining depth.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if moves.is_empty() {
        return 1;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = game.clone();
            next.play_unchecked(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
