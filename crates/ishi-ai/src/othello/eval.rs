//! The static evaluation.
//!
//! The 8x8 board uses the pattern weights of [`patterns`], learned from self-play games and
//! strong human games by `examples/othello_train.rs` and embedded from `weights.bin`.
//!
//! Every other board (other sizes, shapes with holes) uses a tapered linear model over a
//! handful of features, each a difference between the player to move and the opponent:
//!
//! | feature | what it counts |
//! |---|---|
//! | mobility | legal moves, corners counted twice |
//! | potential mobility | empty squares next to the other side's discs |
//! | corners | discs on corners (squares no line runs through: they never flip) |
//! | X-squares | discs diagonally next to an empty corner (a gift to the other side) |
//! | C-squares | discs on the edge next to an empty corner |
//! | discs | plain disc count |
//! | parity | 1 when the number of empty squares is odd (the mover gets the last move) |
//!
//! A weight per feature for the opening and one for the end are blended by the number of
//! discs on the board. The weights, set by hand, are in hundredths of a disc of final margin.

use ishi_rules::othello::{Bits, Othello};

use super::arena::{Arena, Std8, Wide};
use super::patterns::{self, PHASES, SCALE, WEIGHTS};
use super::search::final_margin;
use crate::Eval;

/// Pairs of neighbouring stages, the weights' layout (see [`Weights`]).
const PAIRS: usize = PHASES - 1;

/// The weight file native builds carry, as `examples/othello_train.rs` writes it. A WASM
/// build does not carry it, so that the web app's first download stays light: its computer
/// player's Web Worker fetches the same file and reads it with [`Weights::read`].
#[cfg(not(target_arch = "wasm32"))]
const EMBEDDED: &[u8] = include_bytes!("weights.bin");

/// The learned pattern weights of the 8x8 evaluation: a value that engines are made with
/// ([`Engine::new`](super::Engine::new)) and share by `Arc`, never a global, so two sets can
/// coexist and a missing set is the caller's typed state rather than all-zero weights.
///
/// Laid out for `patterns::blend`: for each pair of neighbouring stages `(k, k + 1)`, the
/// two weights of each feature packed in one `i32` (`k * WEIGHTS + feature`: stage `k`'s
/// weight times 2^16 plus stage `k + 1`'s), so that one load and one addition serve both
/// stages (a position's 55 weights of at most 127 each sum to less than 2^15 in each half),
/// and a search's leaves, a few plies apart, read one or two tables of 700 KB. The middle
/// stages are each held twice: 3.5 MB in all.
#[derive(Clone, PartialEq, Eq)]
pub struct Weights {
    packed: Box<[i32]>,
}

impl std::fmt::Debug for Weights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let non_zero = self.packed.iter().filter(|&&w| w != 0).count();
        write!(f, "Weights({non_zero} non-zero packed pairs)")
    }
}

impl Weights {
    /// Reads a weight file (`weights.bin`, as `examples/othello_train.rs` writes it).
    ///
    /// # Errors
    ///
    /// [`WeightsError`] for a file that is not a weight file of this version of the
    /// patterns, or a damaged one.
    pub fn read(bytes: &[u8]) -> Result<Weights, WeightsError> {
        decode(bytes)
            .map(|packed| Weights { packed })
            .ok_or(WeightsError)
    }

    /// The weights native builds carry (decoded anew at each call: keep the value and share
    /// it by `Arc`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn embedded() -> Weights {
        // A test makes sure the embedded file decodes; no input reaches this.
        Weights::read(EMBEDDED).expect("the embedded weight file fits the patterns")
    }

    /// The packed pairs of stages (see the type's documentation).
    pub(crate) fn packed(&self) -> &[i32] {
        &self.packed
    }
}

/// Why [`Weights::read`] refused a weight file: it is not a weight file of this version of
/// the patterns, or a damaged one.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct WeightsError;

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a weight file of this version of the evaluation")
    }
}

impl std::error::Error for WeightsError {}

/// Reads a weight file (see `examples/othello_train.rs`): `ISHW`, version 4 (3 held the same
/// layout for stages that were not blended, so its weights mean something else), the number
/// of stages, the weights per stage (u32 LE), the number `n` of non-zero weights (u32 LE),
/// then `n` LEB128 counts of zero weights, each before one non-zero weight, and the `n`
/// weights, each an i8 in 1/8 disc.
fn decode(bytes: &[u8]) -> Option<Box<[i32]>> {
    let rest = bytes.strip_prefix(b"ISHW\x04")?;
    let (&phases, rest) = rest.split_first()?;
    let (count, rest) = rest.split_first_chunk::<4>()?;
    let (kept, runs) = rest.split_first_chunk::<4>()?;
    if usize::from(phases) != PHASES || u32::from_le_bytes(*count) as usize != WEIGHTS {
        return None;
    }
    let kept = u32::from_le_bytes(*kept) as usize;
    let (mut runs, values) = runs.split_at_checked(runs.len().checked_sub(kept)?)?;
    let mut weights = vec![0i16; PHASES * WEIGHTS];
    let mut at = 0usize;
    for &value in values {
        let (mut run, mut shift) = (0usize, 0);
        loop {
            let (&byte, tail) = runs.split_first()?;
            runs = tail;
            run |= usize::from(byte & 0x7f).checked_shl(shift)?;
            if byte & 0x80 == 0 {
                break;
            }
            shift += 7;
        }
        at = at.checked_add(run)?;
        *weights.get_mut(at)? = i16::from(value as i8);
        at += 1;
    }
    if !runs.is_empty() {
        return None;
    }
    let pairs = (0..PAIRS * WEIGHTS)
        .map(|at| (i32::from(weights[at]) << 16) + i32::from(weights[at + WEIGHTS]))
        .collect();
    Some(pairs)
}

/// The learned evaluation of the 8x8 position `(p, o)` for `p`, in hundredths of a disc.
#[inline(always)]
pub(crate) fn evaluate_learned(weights: &[i32], p: u64, o: u64) -> i32 {
    let (stage, share) = patterns::blend(p, o);
    let pair = &weights[stage * WEIGHTS..(stage + 1) * WEIGHTS];
    let mut both = 0i32;
    patterns::features(p, o, |i| both = both.wrapping_add(pair[i]));
    let (first, second) = unpack(both);
    (first * (patterns::BLEND - share) + second * share) * 100 / (SCALE * patterns::BLEND)
}

/// The two halves of a packed weight or sum of them (see [`Weights`]): the first
/// stage's, then the second's.
#[inline(always)]
fn unpack(packed: i32) -> (i32, i32) {
    let second = i32::from(packed as i16);
    (packed.wrapping_sub(second) >> 16, second)
}

/// The engine's static evaluation of `position` for the player to move: what a search of
/// depth 0 answers, with no move looked at. An estimate of the final margin in hundredths of
/// a disc ([`Eval::Estimate`]): the learned patterns on 8x8, the hand-set model on other
/// boards (which do without `weights`).
///
/// As in the search, a player with no move passes for free: the opponent's evaluation is
/// turned around. When neither side can move the game is over and the answer is its final
/// margin ([`Eval::Exact`], empty squares to the winner).
///
/// ```
/// use ishi_ai::Eval;
/// use ishi_ai::othello::{Weights, static_eval};
/// use ishi_rules::othello::Othello;
///
/// let weights = Weights::embedded();
/// let Eval::Estimate(start) = static_eval(&weights, &Othello::standard()) else {
///     panic!("the start is not over");
/// };
/// assert!(start.abs() < 500, "the start is about even, not {start}");
/// ```
pub fn static_eval(weights: &Weights, position: &Othello) -> Eval {
    match position {
        Othello::Standard(board) => {
            let (p, o) = board.mover_and_waiter();
            at_depth_0(&Std8::new(weights), p, o)
        }
        Othello::General(board) => {
            let (p, o) = board.mover_and_waiter();
            at_depth_0(&Wide::new(board.shape()), p, o)
        }
    }
}

fn at_depth_0<A: Arena>(arena: &A, p: A::B, o: A::B) -> Eval {
    if arena.moves(p, o) == A::B::ZERO {
        if arena.moves(o, p) == A::B::ZERO {
            let empties = (arena.cells() & !(p | o)).count();
            return Eval::Exact(final_margin(p, o, empties));
        }
        return match at_depth_0(arena, o, p) {
            Eval::Estimate(v) => Eval::Estimate(-v),
            other => other,
        };
    }
    Eval::Estimate(short_of_a_full_board(arena, arena.evaluate(p, o)))
}

/// `value` kept short of a full board's margin, as the search keeps every estimate, so that
/// no estimate passes for an exact result.
#[inline(always)]
pub(crate) fn short_of_a_full_board<A: Arena>(arena: &A, value: i32) -> i32 {
    let limit = 100 * arena.cell_count() - 1;
    value.clamp(-limit, limit)
}

/// The feature count.
const FEATURES: usize = 7;

/// Weights at the start (empty board) and at the end (full board), per feature, in the order
/// of the table above.
const HAND_WEIGHTS: [[i32; FEATURES]; 2] = [
    [90, 30, 820, -250, -60, -8, 0],
    [50, 10, 660, -150, -40, 40, 120],
];

/// The square classes of a board the general evaluation needs.
#[derive(Clone, Debug)]
pub(crate) struct Masks<B> {
    pub(crate) corners: B,
    pub(crate) x_squares: B,
    pub(crate) c_squares: B,
}

/// The blended weighted sum of `features` at `discs` discs out of `cells`.
#[inline(always)]
fn blend(features: [i32; FEATURES], discs: i32, cells: i32) -> i32 {
    let mut opening = 0;
    let mut ending = 0;
    for k in 0..FEATURES {
        opening += HAND_WEIGHTS[0][k] * features[k];
        ending += HAND_WEIGHTS[1][k] * features[k];
    }
    (opening * (cells - discs) + ending * discs) / cells
}

/// The evaluation of a position on any board for the player to move, in hundredths of a disc.
#[inline(always)]
pub(crate) fn evaluate_general(arena: &Wide, masks: &Masks<u128>, p: u128, o: u128) -> i32 {
    let empty = arena.cells() & !(p | o);
    let corners_mask = masks.corners;
    let mp = arena.moves(p, o);
    let mo = arena.moves(o, p);
    let mobility = (mp.count_ones() + (mp & corners_mask).count_ones()) as i32
        - (mo.count_ones() + (mo & corners_mask).count_ones()) as i32;
    let potential =
        arena.frontier(o, empty).count_ones() as i32 - arena.frontier(p, empty).count_ones() as i32;
    let corners = (p & corners_mask).count_ones() as i32 - (o & corners_mask).count_ones() as i32;
    let open = arena.frontier(corners_mask & empty, arena.cells());
    let x = (p & masks.x_squares & open).count_ones() as i32
        - (o & masks.x_squares & open).count_ones() as i32;
    let c = (p & masks.c_squares & open).count_ones() as i32
        - (o & masks.c_squares & open).count_ones() as i32;
    let (np, no) = (p.count_ones() as i32, o.count_ones() as i32);
    let parity = (empty.count_ones() & 1) as i32;
    blend(
        [mobility, potential, corners, x, c, np - no, parity],
        np + no,
        arena.cell_count(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The weight file, read here on every target.
    const WEIGHT_FILE: &[u8] = include_bytes!("weights.bin");

    #[test]
    fn the_embedded_weights_fit_the_patterns() {
        let weights = decode(WEIGHT_FILE).expect("weights.bin decodes");
        assert_eq!(weights.len(), PAIRS * WEIGHTS);
        assert!(weights.iter().filter(|&&w| w != 0).count() > 10_000);
        assert_eq!(
            &*weights,
            Weights::embedded().packed(),
            "the evaluation uses them"
        );
    }

    #[test]
    fn the_packed_sum_is_the_blend_of_the_two_stages() {
        // Each packed weight taken apart on its own, then the two stages summed apart: what
        // the one running sum of `evaluate_learned` must give, carries between halves and all.
        let weights = Weights::embedded();
        let weights = weights.packed();
        for (p, o) in patterns::random_boards(2000) {
            let (stage, share) = patterns::blend(p, o);
            let (mut first, mut second) = (0, 0);
            patterns::features(p, o, |i| {
                let (a, b) = unpack(weights[stage * WEIGHTS + i]);
                first += a;
                second += b;
            });
            let blended = first * (patterns::BLEND - share) + second * share;
            assert_eq!(
                evaluate_learned(weights, p, o),
                blended * 100 / (SCALE * patterns::BLEND)
            );
        }
        // Negative weights in both halves, and shares across the game.
        let negative = decode(&{
            let mut bytes = WEIGHT_FILE[..10].to_vec();
            bytes.extend_from_slice(&2u32.to_le_bytes());
            // Weight 0 of stage 0 is -5, weight 0 of stage 1 is -7.
            bytes.extend_from_slice(&[0]);
            bytes.extend_from_slice(&leb128(WEIGHTS as u32 - 1));
            bytes.extend_from_slice(&[-5i8 as u8, -7i8 as u8]);
            bytes
        })
        .expect("a file of two weights");
        assert_eq!(unpack(negative[0]), (-5, -7));
        assert_eq!(unpack(negative[WEIGHTS]), (-7, 0));
    }

    fn leb128(mut value: u32) -> Vec<u8> {
        let mut bytes = Vec::new();
        loop {
            let byte = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                bytes.push(byte);
                return bytes;
            }
            bytes.push(byte | 0x80);
        }
    }

    #[test]
    fn a_bad_file_is_refused_and_a_good_one_read_again_is_the_same() {
        assert_eq!(Weights::read(b"ISHW"), Err(WeightsError));
        assert_eq!(Weights::read(WEIGHT_FILE), Ok(Weights::embedded()));
    }

    #[test]
    fn damaged_weight_files_are_refused_without_panicking() {
        for cut in [0, 4, 5, 9, 10, 13, 14, 15, WEIGHT_FILE.len() - 1] {
            assert!(decode(&WEIGHT_FILE[..cut]).is_none(), "cut at {cut}");
        }
        // A whole file of version 3, whose stages were not blended.
        let mut unblended = WEIGHT_FILE.to_vec();
        unblended[4] = 3;
        assert!(decode(&unblended).is_none());
        // The header of a file of `kept` non-zero weights, then its runs and weights.
        let file = |kept: u32, rest: &[u8]| {
            let mut bytes = WEIGHT_FILE[..10].to_vec();
            bytes.extend_from_slice(&kept.to_le_bytes());
            bytes.extend_from_slice(rest);
            bytes
        };
        let weights = decode(&file(2, &[5, 0, 3, 0xfd])).expect("a file of two weights");
        // Weights 5 and 6 of the first stage, in the first pair of stages only.
        assert_eq!((weights[5], weights[6]), (3 << 16, -3 << 16));
        assert_eq!(weights.iter().filter(|&&w| w != 0).count(), 2);
        // A zero run that points past the end.
        assert!(decode(&file(1, &[0xff, 0xff, 0xff, 0xff, 0x7f, 1])).is_none());
        // A run longer than a usize shift.
        assert!(decode(&file(1, &[0xff; 12])).is_none());
        // More weights than runs, and a run left over.
        assert!(decode(&file(2, &[0, 1, 1])).is_none());
        assert!(decode(&file(1, &[0, 0, 1])).is_none());
        // More weights announced than the file holds.
        assert!(decode(&file(u32::MAX, &[0, 1])).is_none());
    }

    #[test]
    fn the_learned_evaluation_leans_towards_exact_endgame_scores() {
        use crate::othello::Engine;
        use crate::{Eval, Stop};
        use ishi_rules::Game;
        use ishi_rules::othello::Othello;

        let shared = std::sync::Arc::new(Weights::embedded());
        let weights = shared.packed();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let (mut error, mut spread, mut n) = (0, 0, 0);
        while n < 60 {
            // A random game stopped at 12 empty squares.
            let mut position = Othello::standard();
            while position.score().empties > 12 && !position.is_over() {
                let moves = position.legal_moves();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                position.play_unchecked(moves[(x % moves.len() as u64) as usize]);
            }
            let Othello::Standard(board) = position else {
                unreachable!("the standard board stays on the fast path")
            };
            let (p, o) = board.mover_and_waiter();
            if ishi_rules::othello::bitboard::moves(p, o) == 0 {
                continue;
            }
            let Eval::Exact(exact) = Engine::new(shared.clone())
                .solve(&position, &Stop::new())
                .eval
            else {
                panic!("a solve is exact");
            };
            error += (evaluate_learned(weights, p, o) - 100 * exact).abs();
            spread += (100 * exact).abs();
            n += 1;
        }
        // Closer than guessing a draw every time (about two thirds of its error; the hand-set
        // model makes three quarters on these wild positions of random games).
        assert!(
            5 * error < 4 * spread,
            "mean error {error} against {spread} for a draw"
        );
    }
}
