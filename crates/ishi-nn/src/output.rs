//! What an evaluation says about a position, post-processed as KataGo's `nneval` does: the
//! policy a softmax over the legal moves, the game result a softmax over win, loss and no
//! result, the score values scaled by 20 (the stdev through a softplus first), the
//! ownership through `tanh`.
//!
//! **Perspective.** Every value is from the point of view of the player to move
//! ([`Output::turn`]), as the network computes it: `win` is that player's chance, a positive
//! lead is that player's, an ownership of +1 is that player's point. [`Output::win_for`]
//! and [`Output::lead_for`] give
//! either side's.

use ishi_rules::Player;
use ishi_rules::go::{MAX_SIZE, Move, Point};

use crate::features::Features;
use crate::network::SCORE_OUTPUTS;

/// Points on the largest board.
pub(crate) const MAX_AREA: usize = MAX_SIZE * MAX_SIZE;

/// KataGo's scaling of the score outputs (model version 8).
const SCORE_SCALE: f64 = 20.0;

/// One image's raw head outputs, the maps turned back to the board's orientation (rows from
/// the top, as the features are).
#[derive(Clone, Debug)]
pub(crate) struct Raw {
    pub(crate) policy: [f32; MAX_AREA],
    pub(crate) pass: f32,
    pub(crate) ownership: [f32; MAX_AREA],
    pub(crate) value: [f32; 3],
    pub(crate) score: [f32; SCORE_OUTPUTS],
}

impl Default for Raw {
    fn default() -> Raw {
        Raw {
            policy: [0.0; MAX_AREA],
            pass: 0.0,
            ownership: [0.0; MAX_AREA],
            value: [0.0; 3],
            score: [0.0; SCORE_OUTPUTS],
        }
    }
}

/// The network's view of a position, from the side to move (see the module's doc).
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    size: usize,
    turn: Player,
    /// Move probabilities per point in [`Go::points`](ishi_rules::go::Go::points) order;
    /// 0 for illegal moves.
    policy: [f32; MAX_AREA],
    pass: f32,
    /// Ownership per point in `points` order, +1 for the player to move.
    ownership: [f32; MAX_AREA],
    win: f32,
    loss: f32,
    no_result: f32,
    score_mean: f32,
    score_stdev: f32,
    lead: f32,
}

/// Softplus, linear far out as KataGo's is.
fn softplus(x: f64) -> f64 {
    if x > 40.0 { x } else { x.exp().ln_1p() }
}

impl Output {
    /// An output of nothing, to be filled.
    pub(crate) fn empty() -> Output {
        Output {
            size: 0,
            turn: Player::Black,
            policy: [0.0; MAX_AREA],
            pass: 0.0,
            ownership: [0.0; MAX_AREA],
            win: 0.0,
            loss: 0.0,
            no_result: 0.0,
            score_mean: 0.0,
            score_stdev: 0.0,
            lead: 0.0,
        }
    }

    /// The post-processed outputs of `raws` (one per symmetry evaluated), averaged.
    pub(crate) fn average(features: &Features, raws: &[Raw]) -> Output {
        let size = features.size();
        let area = size * size;
        let weight = 1.0 / raws.len().max(1) as f64;
        let mut out = Output::empty();
        out.size = size;
        out.turn = features.turn();
        let (mut mean, mut mean_sq) = (0.0f64, 0.0f64);
        let (mut win, mut loss, mut no_result, mut lead) = (0.0f64, 0.0, 0.0, 0.0);
        for raw in raws {
            // The policy: a softmax over the legal moves, in f32 as KataGo's.
            let legal = |pos: usize| features.is_legal_at(pos);
            let mut max = if features.is_legal_at(area) {
                raw.pass
            } else {
                f32::NEG_INFINITY
            };
            for pos in (0..area).filter(|&pos| legal(pos)) {
                max = max.max(raw.policy[pos]);
            }
            let mut sum = 0.0f32;
            let mut exps = [0.0f32; MAX_AREA + 1];
            for pos in (0..=area).filter(|&pos| legal(pos)) {
                let logit = if pos == area {
                    raw.pass
                } else {
                    raw.policy[pos]
                };
                exps[pos] = (logit - max).exp();
                sum += exps[pos];
            }
            let scale = if sum > 0.0 { weight as f32 / sum } else { 0.0 };
            for (pos, (&e, &own)) in exps.iter().zip(&raw.ownership).take(area).enumerate() {
                let index = point_index(size, pos);
                out.policy[index] += e * scale;
                out.ownership[index] += own.tanh() * weight as f32;
            }
            out.pass += exps[area] * scale;

            // The result: a softmax over win, loss and no result, which only simple ko
            // with territory scoring's cycles make possible.
            let logits = raw.value.map(f64::from);
            let no_result_possible = features.no_result_possible();
            let top = if no_result_possible {
                logits[0].max(logits[1]).max(logits[2])
            } else {
                logits[0].max(logits[1])
            };
            let w = (logits[0] - top).exp();
            let l = (logits[1] - top).exp();
            let nr = if no_result_possible {
                (logits[2] - top).exp()
            } else {
                0.0
            };
            let total = w + l + nr;
            let nr = nr / total;
            win += w / total * weight;
            loss += l / total * weight;
            no_result += nr * weight;

            // The score: mean and lead scaled, the stdev through a softplus, all but the
            // stdev counting no result as a score of 0.
            let m = f64::from(raw.score[0]) * SCORE_SCALE;
            let stdev = softplus(f64::from(raw.score[1])) * SCORE_SCALE;
            mean += m * (1.0 - nr) * weight;
            mean_sq += (m * m + stdev * stdev) * (1.0 - nr) * weight;
            lead += f64::from(raw.score[2]) * SCORE_SCALE * (1.0 - nr) * weight;
        }
        out.win = win as f32;
        out.loss = loss as f32;
        out.no_result = no_result as f32;
        out.score_mean = mean as f32;
        out.score_stdev = (mean_sq - mean * mean).max(0.0).sqrt() as f32;
        out.lead = lead as f32;
        out
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The player to move: the side every value is from.
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// The probability the policy gives `mv` (0 for an illegal move or a point off the board).
    pub fn policy(&self, mv: Move) -> f32 {
        match mv {
            Move::Pass => self.pass,
            Move::Place(p) if p.is_on(self.size) => {
                self.policy[usize::from(p.row()) * self.size + usize::from(p.col())]
            }
            Move::Place(_) => 0.0,
        }
    }

    /// The policy per point, in [`Go::points`](ishi_rules::go::Go::points) order (row by row
    /// from the bottom); the pass is [`policy(Move::Pass)`](Output::policy).
    pub fn policy_map(&self) -> &[f32] {
        &self.policy[..self.size * self.size]
    }

    /// The legal moves with their probabilities, most likely first; at most `n`.
    pub fn top_moves(&self, n: usize) -> Vec<(Move, f32)> {
        let mut moves: Vec<(Move, f32)> = points(self.size)
            .map(Move::Place)
            .chain([Move::Pass])
            .map(|mv| (mv, self.policy(mv)))
            .filter(|&(_, p)| p > 0.0)
            .collect();
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        moves.truncate(n);
        moves
    }

    /// Who owns `p` in the end, from -1 (the opponent) to +1 (the player to move); 0 off the
    /// board.
    pub fn ownership(&self, p: Point) -> f32 {
        if p.is_on(self.size) {
            self.ownership[usize::from(p.row()) * self.size + usize::from(p.col())]
        } else {
            0.0
        }
    }

    /// The ownership per point, in [`Go::points`](ishi_rules::go::Go::points) order.
    pub fn ownership_map(&self) -> &[f32] {
        &self.ownership[..self.size * self.size]
    }

    /// The chance that the player to move wins.
    pub fn win(&self) -> f32 {
        self.win
    }

    /// The chance that the player to move loses.
    pub fn loss(&self) -> f32 {
        self.loss
    }

    /// The chance of no result (endless cycles, only under simple ko with territory scoring).
    pub fn no_result(&self) -> f32 {
        self.no_result
    }

    /// The expected final score, in points, for the player to move.
    pub fn score_mean(&self) -> f32 {
        self.score_mean
    }

    /// The spread of the final score, in points.
    pub fn score_stdev(&self) -> f32 {
        self.score_stdev
    }

    /// How many points the player to move leads by: the komi change that would make the
    /// game even.
    pub fn lead(&self) -> f32 {
        self.lead
    }

    /// The chance that `player` wins.
    pub fn win_for(&self, player: Player) -> f32 {
        if player == self.turn {
            self.win
        } else {
            self.loss
        }
    }

    /// The lead of `player`, in points.
    pub fn lead_for(&self, player: Player) -> f32 {
        self.lead * self.perspective(player)
    }

    /// +1 when `player` is to move, -1 otherwise: multiply a score, a lead or an ownership
    /// by it to read it from `player`'s side.
    pub fn perspective(&self, player: Player) -> f32 {
        if player == self.turn { 1.0 } else { -1.0 }
    }
}

/// The points of a `size` board in [`Go::points`](ishi_rules::go::Go::points) order.
fn points(size: usize) -> impl Iterator<Item = Point> {
    let size = size as u8;
    (0..size).flat_map(move |row| (0..size).filter_map(move |col| Point::new(col, row)))
}

/// The [`Go::points`](ishi_rules::go::Go::points) index of the features' position `pos`
/// (rows from the top).
fn point_index(size: usize, pos: usize) -> usize {
    let (y, x) = (pos / size, pos % size);
    (size - 1 - y) * size + x
}
