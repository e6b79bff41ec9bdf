//! KataGo's reference positions (`tests/data/reference.txt`, `tests/data/features.txt`):
//! reading them, replaying them in Ishi, and comparing Ishi's evaluation with KataGo's.
//!
//! Each position is a block of `key values...` lines, blocks separated by blank lines:
//! `id`, `size`, `rules` (KataGo's preset name), `komi`, `moves` (`B D4 W pass ...`), then
//! KataGo's outputs from White's side (`white-win`, `white-loss`, `no-result`, `white-lead`,
//! `white-score-mean`, `white-score-stdev`, `policy` per point with rows from the top and
//! the pass last, `NaN` for illegal moves, `white-ownership`). The features file has `id`,
//! `size`, `to-move`, one `spatial N` line per plane and a `global` line.

use std::collections::HashMap;

use ishi_nn::{Evaluator, Features, Output};
use ishi_rules::Player;
use ishi_rules::go::{Go, GoRules, KoRule, Komi, Move, Scoring};

/// One reference position with KataGo's evaluation of it.
#[derive(Clone, Debug)]
pub(crate) struct Position {
    pub(crate) id: String,
    pub(crate) size: usize,
    pub(crate) rules: String,
    pub(crate) komi: f64,
    pub(crate) moves: Vec<String>,
    pub(crate) white_win: f64,
    pub(crate) white_loss: f64,
    pub(crate) no_result: f64,
    pub(crate) white_lead: f64,
    pub(crate) white_score_mean: f64,
    pub(crate) white_score_stdev: f64,
    /// Rows from the top, then the pass; NaN for illegal moves.
    pub(crate) policy: Vec<f64>,
    pub(crate) white_ownership: Vec<f64>,
}

/// KataGo's input features for one position.
#[derive(Clone, Debug)]
pub(crate) struct ReferenceFeatures {
    pub(crate) to_move: Player,
    pub(crate) spatial: Vec<Vec<f64>>,
    pub(crate) global: Vec<f64>,
}

fn blocks(text: &str) -> impl Iterator<Item = HashMap<String, Vec<String>>> + '_ {
    text.split("\n\n")
        .filter(|b| b.contains("\nid ") || b.starts_with("id "))
        .map(|block| {
            block
                .lines()
                .filter(|line| !line.starts_with('#'))
                .filter_map(|line| {
                    let mut words = line.split_whitespace();
                    let mut key = words.next()?.to_owned();
                    // One line per plane: the plane's number is part of the key.
                    if key == "spatial" {
                        key = format!("spatial {}", words.next()?);
                    }
                    Some((key, words.map(str::to_owned).collect()))
                })
                .collect()
        })
}

fn number(block: &HashMap<String, Vec<String>>, key: &str) -> f64 {
    let values = block.get(key).unwrap_or_else(|| panic!("no {key}"));
    values[0]
        .parse()
        .unwrap_or_else(|_| panic!("{key} is not a number"))
}

fn numbers(block: &HashMap<String, Vec<String>>, key: &str) -> Vec<f64> {
    let values = block.get(key).unwrap_or_else(|| panic!("no {key}"));
    values
        .iter()
        .map(|v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{key}: {v} is not a number"))
        })
        .collect()
}

/// The positions of a `reference.txt`.
pub(crate) fn positions(text: &str) -> Vec<Position> {
    blocks(text)
        .map(|b| Position {
            id: b["id"][0].clone(),
            size: number(&b, "size") as usize,
            rules: b["rules"][0].clone(),
            komi: number(&b, "komi"),
            moves: b["moves"].chunks(2).map(|m| m[1].clone()).collect(),
            white_win: number(&b, "white-win"),
            white_loss: number(&b, "white-loss"),
            no_result: number(&b, "no-result"),
            white_lead: number(&b, "white-lead"),
            white_score_mean: number(&b, "white-score-mean"),
            white_score_stdev: number(&b, "white-score-stdev"),
            policy: numbers(&b, "policy"),
            white_ownership: numbers(&b, "white-ownership"),
        })
        .collect()
}

/// The features of a `features.txt`, by position id.
pub(crate) fn features(text: &str) -> HashMap<String, ReferenceFeatures> {
    blocks(text)
        .map(|b| {
            let spatial = (0..ishi_nn::SPATIAL_FEATURES)
                .map(|plane| numbers(&b, &format!("spatial {plane}")))
                .collect();
            let to_move = if b["to-move"][0] == "B" {
                Player::Black
            } else {
                Player::White
            };
            (
                b["id"][0].clone(),
                ReferenceFeatures {
                    to_move,
                    spatial,
                    global: numbers(&b, "global"),
                },
            )
        })
        .collect()
}

/// KataGo's preset as Ishi rules: `japanese` and `tromp-taylor` are Ishi's presets, and
/// `chinese` is area scoring with simple ko and friendly passes (dead stones removed).
pub(crate) fn rules(preset: &str, komi: f64) -> GoRules {
    let rules = match preset {
        "japanese" => GoRules::JAPANESE,
        "tromp-taylor" => GoRules::TROMP_TAYLOR,
        "chinese" => GoRules {
            scoring: Scoring::Area,
            ko: KoRule::Simple,
            suicide: false,
            dead_stone_removal: true,
            ..GoRules::CHINESE
        },
        other => panic!("unknown rules {other}"),
    };
    rules.with_komi(Komi::from_half_points((komi * 2.0).round() as i32))
}

/// The position's game, every position from the empty board on.
pub(crate) fn replay(position: &Position) -> Vec<Go> {
    let mut game = vec![
        Go::new(position.size, rules(&position.rules, position.komi)).expect("a supported size"),
    ];
    for name in &position.moves {
        let mv = if name.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Place(name.parse().expect("a point"))
        };
        let next = ishi_rules::Game::play(&game[game.len() - 1], mv)
            .unwrap_or_else(|e| panic!("{}: {name}: {e}", position.id));
        game.push(next);
    }
    game
}

/// How far an evaluation is from KataGo's.
#[derive(Clone, Debug, Default)]
pub(crate) struct Gap {
    pub(crate) same_top_move: bool,
    /// KL(KataGo's policy || ours), over the moves KataGo calls legal.
    pub(crate) policy_kl: f64,
    /// The larger of the win and loss chances' differences.
    pub(crate) win: f64,
    pub(crate) no_result: f64,
    pub(crate) lead: f64,
    pub(crate) score_mean: f64,
    pub(crate) score_stdev: f64,
    /// Mean absolute difference per point.
    pub(crate) ownership: f64,
    /// Whether the legal moves agree.
    pub(crate) same_legal_moves: bool,
}

/// Ishi's policy for the reference's index `i` (rows from the top, the pass last).
fn our_policy(output: &Output, size: usize, i: usize) -> f64 {
    if i == size * size {
        return f64::from(output.policy(Move::Pass));
    }
    let (y, x) = (i / size, i % size);
    f64::from(output.policy_map()[(size - 1 - y) * size + x])
}

/// Compares `output` with KataGo's view of `position`.
pub(crate) fn gap(position: &Position, output: &Output) -> Gap {
    let size = position.size;
    let mut kl = 0.0;
    let mut same_legal_moves = true;
    let (mut best_ref, mut best_ours) = ((f64::MIN, 0), (f64::MIN, 0));
    for (i, &reference) in position.policy.iter().enumerate() {
        let ours = our_policy(output, size, i);
        if reference.is_nan() {
            same_legal_moves &= ours == 0.0;
            continue;
        }
        if reference > 0.0 {
            kl += reference * (reference / ours.max(1e-30)).ln();
        }
        if reference > best_ref.0 {
            best_ref = (reference, i);
        }
        if ours > best_ours.0 {
            best_ours = (ours, i);
        }
    }
    let white = |v: f32| f64::from(v * output.perspective(Player::White));
    let mut ownership = 0.0;
    for (i, &reference) in position.white_ownership.iter().enumerate() {
        let (y, x) = (i / size, i % size);
        let ours = white(output.ownership_map()[(size - 1 - y) * size + x]);
        ownership += (ours - reference).abs();
    }
    Gap {
        same_top_move: best_ref.1 == best_ours.1,
        policy_kl: kl,
        win: (f64::from(output.win_for(Player::White)) - position.white_win)
            .abs()
            .max((f64::from(output.win_for(Player::Black)) - position.white_loss).abs()),
        no_result: (f64::from(output.no_result()) - position.no_result).abs(),
        lead: (f64::from(output.lead_for(Player::White)) - position.white_lead).abs(),
        score_mean: (white(output.score_mean()) - position.white_score_mean).abs(),
        score_stdev: (f64::from(output.score_stdev()) - position.white_score_stdev).abs(),
        ownership: ownership / (size * size) as f64,
        same_legal_moves,
    }
}

/// The summary over many positions: the figures the thresholds are stated in.
#[derive(Clone, Debug, Default)]
pub(crate) struct Summary {
    pub(crate) positions: usize,
    pub(crate) top_move_differs: Vec<String>,
    pub(crate) legal_moves_differ: Vec<String>,
    pub(crate) mean_kl: f64,
    pub(crate) max_kl: f64,
    pub(crate) max_win: f64,
    pub(crate) max_no_result: f64,
    pub(crate) max_lead: f64,
    pub(crate) max_score_mean: f64,
    pub(crate) max_score_stdev: f64,
    pub(crate) mean_ownership: f64,
    pub(crate) max_ownership: f64,
}

/// Evaluates every position with `evaluator` and sums up the gaps.
pub(crate) fn summarize(positions: &[Position], evaluator: &mut Evaluator) -> Summary {
    let mut s = Summary::default();
    for position in positions {
        let game = replay(position);
        let output = evaluator.evaluate(&Features::new(&game).expect("a game"));
        let g = gap(position, &output);
        s.positions += 1;
        if !g.same_top_move {
            s.top_move_differs.push(position.id.clone());
        }
        if !g.same_legal_moves {
            s.legal_moves_differ.push(position.id.clone());
        }
        s.mean_kl += g.policy_kl;
        s.max_kl = s.max_kl.max(g.policy_kl);
        s.max_win = s.max_win.max(g.win);
        s.max_no_result = s.max_no_result.max(g.no_result);
        s.max_lead = s.max_lead.max(g.lead);
        s.max_score_mean = s.max_score_mean.max(g.score_mean);
        s.max_score_stdev = s.max_score_stdev.max(g.score_stdev);
        s.mean_ownership += g.ownership;
        s.max_ownership = s.max_ownership.max(g.ownership);
    }
    let n = s.positions.max(1) as f64;
    s.mean_kl /= n;
    s.mean_ownership /= n;
    s
}

impl Summary {
    /// Whether the summary is within the thresholds Ishi holds the network to.
    pub(crate) fn within_thresholds(&self) -> bool {
        self.top_move_differs.is_empty()
            && self.legal_moves_differ.is_empty()
            && self.mean_kl <= 0.005
            && self.max_win <= 0.01
            && self.max_lead <= 0.3
            && self.mean_ownership <= 0.02
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} positions: policy KL mean {:.5} max {:.5}; win max {:.5}, no result max {:.5}; \
             lead max {:.3}; \
             score mean max {:.3}, stdev max {:.3}; ownership mean {:.5} max {:.5}; \
             top move differs {:?}; legal moves differ {:?}",
            self.positions,
            self.mean_kl,
            self.max_kl,
            self.max_win,
            self.max_no_result,
            self.max_lead,
            self.max_score_mean,
            self.max_score_stdev,
            self.mean_ownership,
            self.max_ownership,
            self.top_move_differs,
            self.legal_moves_differ,
        )
    }
}
