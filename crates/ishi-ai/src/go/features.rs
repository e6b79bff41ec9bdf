//! The learned move model: features of a candidate move and their weights, fit to the moves
//! of searched games (`examples/go_train.rs`), as Pachi and Crazy Stone rank moves with
//! "gammas" learned from game records.
//!
//! A move's features are its [`Feature`]s (captures, ataris, ladders, distance from the last
//! move, the line it stands on) and the shape around it, read three times: the 3x3 square,
//! the 12 points within two steps, and the 20 points of the 5x5 square without its corners.
//! Shapes are seen from the player to move (own stones, the opponent's, empty, off the
//! board) and taken in the least of their eight rotations and reflections, so a shape and its
//! mirror images share a weight. A move's score is the sum of its features' weights; over the
//! moves of a position the scores are a softmax's logits, the probability that a strong
//! player picks each move. Features the model never saw add nothing.
//!
//! **Why these shapes.** The 3x3 square is MoGo's and every playout policy's; the larger
//! two see what a 3x3 square cannot (a ladder breaker two points away, the second line under
//! a hane, the shape a knight's move makes). Pachi reads shapes up to a diameter of 10 from
//! a dictionary learned from professional games; a dictionary learned from this engine's
//! own searched games has to stop where its games stop repeating a shape, which the
//! trainer's `MIN_SEEN` sets.

use std::sync::OnceLock;

use ishi_rules::go::{Go, Point};
use ishi_rules::{Game, Player};

use super::priors::Knowledge;

/// The learned weights (see `examples/go_train.rs`), embedded in native builds. A WASM
/// build does not carry them, as it does not carry the Othello weights (they would weigh on
/// the app's first download): its Web Worker fetches the file and reads it with
/// [`Model::read`].
#[cfg(not(target_arch = "wasm32"))]
const EMBEDDED: &[u8] = include_bytes!("moves.bin");

/// The first bytes of a weights file: a name and a format version.
pub const MAGIC: &[u8; 5] = b"ISHG\x01";

/// Facts about a move that are not its shape; each is a feature of its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Feature {
    /// Captures one stone.
    CapturesOne,
    /// Captures two stones or more.
    CapturesSeveral,
    /// Saves an own chain in atari: it gets two liberties or more.
    Escapes,
    /// Extends an own chain in atari into a working ladder.
    RunsIntoLadder,
    /// Ataris an opponent's single stone and catches it in a ladder.
    LadderCapturesOne,
    /// Ataris an opponent's chain of several stones and catches it in a ladder.
    LadderCapturesSeveral,
    /// Ataris an opponent's chain that can still run.
    Ataris,
    /// Leaves its own chain with one liberty, capturing nothing.
    SelfAtari,
    /// One step from the last move, steps along a chain counting nothing.
    Distance1,
    /// Two steps from the last move.
    Distance2,
    /// Three steps from the last move.
    Distance3,
    /// On the first line.
    Line1,
    /// On the second line.
    Line2,
    /// On the third line.
    Line3,
    /// On the fourth line.
    Line4,
    /// On the first line, no stone within three steps.
    EmptyLine1,
    /// On the second line, no stone within three steps.
    EmptyLine2,
    /// On the third line, no stone within three steps.
    EmptyLine3,
    /// On the fourth line, no stone within three steps.
    EmptyLine4,
    /// On the fifth line or further in, no stone within three steps.
    EmptyCentre,
}

impl Feature {
    /// Every feature, in the order of their codes.
    pub const ALL: [Feature; 20] = [
        Feature::CapturesOne,
        Feature::CapturesSeveral,
        Feature::Escapes,
        Feature::RunsIntoLadder,
        Feature::LadderCapturesOne,
        Feature::LadderCapturesSeveral,
        Feature::Ataris,
        Feature::SelfAtari,
        Feature::Distance1,
        Feature::Distance2,
        Feature::Distance3,
        Feature::Line1,
        Feature::Line2,
        Feature::Line3,
        Feature::Line4,
        Feature::EmptyLine1,
        Feature::EmptyLine2,
        Feature::EmptyLine3,
        Feature::EmptyLine4,
        Feature::EmptyCentre,
    ];

    /// The feature's key in a weights file.
    pub const fn key(self) -> u64 {
        self as u64
    }
}

/// The kinds of keys, in a key's bits 40 and 41 (a shape's code takes the 40 below): a
/// [`Feature`], or a shape of 8, 12 or 20 points.
const FEATURE: u64 = 0;
const SHAPE_8: u64 = 1;
const SHAPE_12: u64 = 2;
const SHAPE_20: u64 = 3;
/// Where a key's kind starts.
const KIND: u32 = 40;
/// The bytes of a key in a weights file.
const KEY_BYTES: usize = 6;
/// A weight's unit in a weights file, which holds it as an `i16`.
const WEIGHT_UNIT: f32 = 1.0 / 1024.0;

/// The points a shape reads, as (column, row) steps from the move, in rings: the 3x3
/// square (in the order of [`Go::neighbourhood`]), then two steps straight, then the
/// knight's moves. Every ring is closed under the
/// eight symmetries, so each prefix of 8, 12 and 20 points is a shape of its own.
pub(crate) const CELLS: [(i8, i8); 20] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (0, 2),
    (-2, 0),
    (2, 0),
    (0, -2),
    (-1, 2),
    (1, 2),
    (-2, 1),
    (2, 1),
    (-2, -1),
    (2, -1),
    (-1, -2),
    (1, -2),
];

/// The eight symmetries of the square as matrices `[a, b, c, d]`: `(x, y)` goes to
/// `(a x + b y, c x + d y)`.
const SYMMETRIES: [[i8; 4]; 8] = [
    [1, 0, 0, 1],
    [-1, 0, 0, 1],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, 1, 1, 0],
    [0, -1, 1, 0],
    [0, 1, -1, 0],
    [0, -1, -1, 0],
];

/// For each of the eight symmetries, where each cell goes: `PERMUTATIONS[t][k]` is the
/// index of cell `k`'s image.
fn permutations() -> &'static [[u8; 20]; 8] {
    static PERMUTATIONS: OnceLock<[[u8; 20]; 8]> = OnceLock::new();
    PERMUTATIONS.get_or_init(|| {
        SYMMETRIES.map(|[a, b, c, d]| {
            std::array::from_fn(|k| {
                let (x, y) = CELLS[k];
                let image = (a * x + b * y, c * x + d * y);
                CELLS
                    .iter()
                    .position(|&c| c == image)
                    .unwrap_or_else(|| unreachable!("the cells are closed under the symmetries"))
                    as u8
            })
        })
    })
}

/// The three shape keys of the empty point `p` for `me`: 8, 12 and 20 points.
pub fn shapes(go: &Go, p: Point, me: Player) -> [u64; 3] {
    let size = go.size() as i16;
    let (col, row) = (i16::from(p.col()), i16::from(p.row()));
    let cells: [u64; 20] = std::array::from_fn(|k| {
        let (dx, dy) = CELLS[k];
        let (c, r) = (col + i16::from(dx), row + i16::from(dy));
        if !(0..size).contains(&c) || !(0..size).contains(&r) {
            return 3;
        }
        match Point::new(c as u8, r as u8).and_then(|q| go.stone_at(q)) {
            None => 0,
            Some(owner) if owner == me => 1,
            Some(_) => 2,
        }
    });
    let mut least = [u64::MAX; 3];
    for permutation in permutations() {
        let mut code = 0u64;
        for (k, &cell) in cells.iter().enumerate() {
            code |= cell << (2 * permutation[k]);
            match k {
                7 => least[0] = least[0].min(code & 0xffff),
                11 => least[1] = least[1].min(code & 0xff_ffff),
                _ => {}
            }
        }
        least[2] = least[2].min(code);
    }
    [
        SHAPE_8 << KIND | least[0],
        SHAPE_12 << KIND | least[1],
        SHAPE_20 << KIND | least[2],
    ]
}

/// The keys of a stone of the player to move on the empty point `p`: its [`Feature`]s
/// (`found`), then its three shapes.
pub(crate) fn keys(found: &[Feature], go: &Go, p: Point, out: &mut Vec<u64>) {
    out.extend(found.iter().map(|f| FEATURE << KIND | f.key()));
    out.extend(shapes(go, p, go.turn()));
}

/// Whether the tree gives the player to move `me` a child for the point `p`: an empty point
/// it may play, not its own eye (at the root the tree also checks superko).
pub(crate) fn is_candidate(go: &Go, p: Point, me: Player) -> bool {
    go.stone_at(p).is_none() && go.is_playable(p) && !go.is_eye(p, me)
}

/// The candidate moves of `go` (`is_candidate`, as the tree expands them) with the keys
/// of their features, for training.
pub fn candidates(go: &Go) -> Vec<(Point, Vec<u64>)> {
    let knowledge = Knowledge::of(go);
    let me = go.turn();
    go.points()
        .filter(|&p| is_candidate(go, p, me))
        .map(|p| {
            let found: Vec<Feature> = knowledge.features(go, p).collect();
            let mut keys_of_p = Vec::new();
            keys(&found, go, p, &mut keys_of_p);
            (p, keys_of_p)
        })
        .collect()
}

/// Why [`Model::read`] refused a weights file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// It does not start with [`MAGIC`]: another file, or another version.
    NotAModel,
    /// Its length is not that of the weights its count announces.
    Truncated,
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WeightsError::NotAModel => "not a Go move model of this version",
            WeightsError::Truncated => "the Go move model is cut short or too long",
        })
    }
}

impl std::error::Error for WeightsError {}

/// Learned weights by key, in an open-addressing table: a value that searches are made with
/// ([`Mcts::new`](super::Mcts::new)) and share by `Arc`, never a global.
#[derive(Clone, PartialEq)]
pub struct Model {
    keys: Vec<u64>,
    weights: Vec<f32>,
    mask: usize,
    len: usize,
}

/// A key no feature has: the table's empty slot.
const EMPTY: u64 = u64::MAX;

impl Model {
    /// Reads a weights file: [`MAGIC`], a count (u32, little-endian), then that many keys
    /// (6 bytes) and weights (i16, in units of 1/1024) in pairs.
    ///
    /// # Errors
    ///
    /// [`WeightsError`] for a file of another kind or version, or one cut short.
    pub fn read(bytes: &[u8]) -> Result<Model, WeightsError> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or(WeightsError::NotAModel)?;
        let (count, rest) = rest
            .split_first_chunk::<4>()
            .ok_or(WeightsError::Truncated)?;
        let count = u32::from_le_bytes(*count) as usize;
        let entry = KEY_BYTES + 2;
        if Some(rest.len()) != count.checked_mul(entry) {
            return Err(WeightsError::Truncated);
        }
        let pairs: Vec<(u64, f32)> = rest
            .chunks_exact(entry)
            .map(|bytes| {
                let mut key = [0u8; 8];
                key[..KEY_BYTES].copy_from_slice(&bytes[..KEY_BYTES]);
                let weight = i16::from_le_bytes([bytes[KEY_BYTES], bytes[KEY_BYTES + 1]]);
                (u64::from_le_bytes(key), f32::from(weight) * WEIGHT_UNIT)
            })
            .collect();
        Ok(Model::from_pairs(&pairs))
    }

    /// A model of the given weights (a repeated key keeps its last weight).
    pub fn from_pairs(pairs: &[(u64, f32)]) -> Model {
        let capacity = (pairs.len() * 2).next_power_of_two().max(16);
        let mut model = Model {
            keys: vec![EMPTY; capacity],
            weights: vec![0.0; capacity],
            mask: capacity - 1,
            len: 0,
        };
        for &(key, weight) in pairs {
            let mut i = model.home(key);
            while model.keys[i] != EMPTY && model.keys[i] != key {
                i = (i + 1) & model.mask;
            }
            if model.keys[i] == EMPTY {
                model.len += 1;
            }
            model.keys[i] = key;
            model.weights[i] = weight;
        }
        model
    }

    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & self.mask
    }

    /// The weight of `key`, 0 for a key the model does not know.
    #[inline]
    pub fn weight(&self, key: u64) -> f32 {
        let mut i = self.home(key);
        loop {
            match self.keys[i] {
                k if k == key => return self.weights[i],
                EMPTY => return 0.0,
                _ => i = (i + 1) & self.mask,
            }
        }
    }

    /// The score of a move of the given keys: the sum of their weights.
    pub fn score(&self, keys: &[u64]) -> f32 {
        keys.iter().map(|&k| self.weight(k)).sum()
    }

    /// How many weights the model holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the model holds no weight.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Writes `pairs` as a weights file that [`Model::read`] reads, each weight rounded to
/// 1/1024 (and held within ±32).
pub fn write(pairs: &[(u64, f32)]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend((pairs.len() as u32).to_le_bytes());
    for &(key, weight) in pairs {
        bytes.extend(&key.to_le_bytes()[..KEY_BYTES]);
        let weight = (weight / WEIGHT_UNIT).round().clamp(-32767.0, 32767.0) as i16;
        bytes.extend(weight.to_le_bytes());
    }
    bytes
}

impl Model {
    /// The model native builds carry (read anew at each call: keep the value and share it
    /// by `Arc`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn embedded() -> Model {
        // A test makes sure the embedded file reads; no input reaches this.
        Model::read(EMBEDDED).expect("the embedded Go move model reads")
    }
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Model({} weights)", self.len)
    }
}

/// The probability of each candidate move from its score: a softmax, in place.
pub(crate) fn softmax(scores: &mut [f32]) {
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for s in scores.iter_mut() {
        *s = (*s - top).exp();
        sum += *s;
    }
    if sum > 0.0 {
        for s in scores.iter_mut() {
            *s /= sum;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::testing::{chinese as go, pt};

    /// A position, the same turned a quarter and mirrored, and the first with the colours
    /// and the turn swapped: a point's shapes are the same in all three.
    #[test]
    fn shapes_are_the_same_in_every_orientation_and_for_either_colour() {
        let first = go(
            "
            . . . . . . .
            . . . . . . .
            . . X O . . .
            . . . X . . .
            . O . . . . .
            . . . . . . .
            . . . . . . .
            ",
            Player::Black,
        );
        // Mirrored along the diagonal from the top left to the bottom right.
        let mirrored = go(
            "
            . . . . . . .
            . . . . O . .
            . . X . . . .
            . . O X . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
            Player::Black,
        );
        let swapped = go(
            "
            . . . . . . .
            . . . . . . .
            . . O X . . .
            . . . O . . .
            . X . . . . .
            . . . . . . .
            . . . . . . .
            ",
            Player::White,
        );
        let black = Player::Black;
        for p in first.points().filter(|&p| first.stone_at(p).is_none()) {
            let image = Point::new(6 - p.row(), 6 - p.col()).unwrap();
            assert_eq!(
                shapes(&first, p, black),
                shapes(&mirrored, image, black),
                "{p}"
            );
        }
        for p in first.points().filter(|&p| first.stone_at(p).is_none()) {
            assert_eq!(
                shapes(&first, p, Player::Black),
                shapes(&swapped, p, Player::White),
                "{p}"
            );
        }
        assert_ne!(
            shapes(&first, pt("C4"), black),
            shapes(&first, pt("D2"), black)
        );
    }

    #[test]
    fn shapes_of_different_sizes_differ_where_only_the_larger_sees_a_stone() {
        let empty = go(
            ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
            Player::Black,
        );
        let far = go(
            ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. X . . .",
            Player::Black,
        );
        let [a8, a12, a20] = shapes(&empty, pt("C3"), Player::Black);
        let [b8, b12, b20] = shapes(&far, pt("C3"), Player::Black);
        // B1 is a knight's move from C3: only the 20-point shape sees it.
        assert_eq!((a8, a12), (b8, b12));
        assert_ne!(a20, b20);
        assert_ne!(a8, a12);
    }

    #[test]
    fn tactical_features_are_found() {
        // White C3 is in atari at D3; a Black stone on E1, between White's D1 and the edge,
        // would have one liberty.
        let position = go(
            "
            . . . . .
            . . X . .
            . X O . .
            O . X . .
            . O . O .
            ",
            Player::Black,
        );
        let keys_of = |p: &str| {
            candidates(&position)
                .into_iter()
                .find(|(q, _)| *q == pt(p))
                .map(|(_, keys)| keys)
                .unwrap()
        };
        assert!(keys_of("D3").contains(&Feature::CapturesOne.key()));
        assert!(keys_of("E1").contains(&Feature::SelfAtari.key()));
        assert!(!keys_of("E3").contains(&Feature::SelfAtari.key()));
        assert!(!keys_of("D4").contains(&Feature::CapturesOne.key()));
    }

    #[test]
    fn weights_files_are_read_back_and_bad_ones_refused() {
        let pairs = [
            (Feature::Escapes.key(), 1.5),
            (SHAPE_8 << KIND | 0x1234, -0.25),
        ];
        let model = Model::read(&write(&pairs)).unwrap();
        assert_eq!(model.len(), 2);
        assert_eq!(model.weight(Feature::Escapes.key()), 1.5);
        assert_eq!(model.weight(SHAPE_8 << KIND | 0x1234), -0.25);
        assert_eq!(model.weight(Feature::Ataris.key()), 0.0);
        assert_eq!(
            model.score(&[Feature::Escapes.key(), SHAPE_8 << KIND | 0x1234]),
            1.25
        );
        let good = write(&pairs);
        assert!(Model::read(&good[..good.len() - 1]).is_err());
        assert!(Model::read(b"ISHW\x04").is_err());
        assert_eq!(Model::read(b"ISHG\x01"), Err(WeightsError::Truncated));
        assert_eq!(Model::read(b"ISHW\x04"), Err(WeightsError::NotAModel));
        let rounded = Model::read(&write(&[(1, 0.3), (2, 1e9)])).unwrap();
        assert!((rounded.weight(1) - 0.3).abs() < 1.0 / 2048.0);
        assert!((rounded.weight(2) - 32.0).abs() < 0.01);
    }

    #[test]
    fn the_embedded_model_reads_and_prefers_a_capture_to_a_first_line_move() {
        let model = Model::embedded();
        assert!(model.len() > 1000, "{}", model.len());
        // Black to play can take White's C3 at D3; A5 is an empty first-line point.
        let position = go(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . X . . . .
            . X O . . . .
            . . X . . . .
            . . . . . . .
            ",
            Player::Black,
        );
        let candidates = candidates(&position);
        let mut scores: Vec<f32> = candidates
            .iter()
            .map(|(_, keys)| model.score(keys))
            .collect();
        softmax(&mut scores);
        let probability = |p: &str| {
            let i = candidates.iter().position(|(q, _)| *q == pt(p)).unwrap();
            scores[i]
        };
        assert!((scores.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        assert!(probability("D3") > 0.2, "{}", probability("D3"));
        assert!(probability("D3") > 20.0 * probability("A7"));
    }
}
