//! Fits the Go engine's learned move model (`crates/ishi-ai/src/go/moves.bin`, read by
//! `ishi_ai::go::features`) to the moves of recorded games.
//!
//! ```sh
//! cargo run --release -p ishi-ai --example go_train -- fit SKIP MIN_SEEN GAMES... > moves.bin
//! ```
//!
//! `GAMES` are records of `ishi-cli match --record` on 9x9 (Chinese rules): a line a game,
//! `game N: MOVES`; other lines are skipped. Every move from ply `SKIP` on (the plies before
//! are the match's random opening) is an example: the position's candidate moves (those the
//! tree expands) with their features, and the one played. Shapes seen fewer than `MIN_SEEN`
//! times among the candidates of the training games are left out of the model. Every tenth
//! game is held out; the fit prints, epoch by epoch, the mean log-loss and the share of
//! positions whose played move the model ranks first, on the training and held-out games.
//!
//! The fit is a softmax over each position's candidates (Coulom's "Elo ratings of move
//! patterns", fit by gradient steps instead of minorization-maximization): the probability
//! of a move is `exp(score) / Σ exp(score')`, a score the sum of its features' weights.
//! Adam, mini-batches of 64 positions in a fixed order, `EPOCHS` (default 12) epochs, the
//! step falling along half a cosine from `STEP` (default 0.05), L2 decay `DECAY` (default
//! 0.001). Deterministic for its inputs.
//!
//! The model in the repository (2026-11-27) is fit to 985 games of the engine against
//! itself on 9x9, each player searching 0.25 s or 0.4 s a move, that is the records of the
//! self-play tests of `docs/strength.md` and 61 games played for this (`ishi-cli match
//! --engine-a "ishi-cli gtp --seconds 0.4" --engine-b "ishi-cli gtp --seconds 0.4" --size 9
//! --rules chinese --komi 7.5 --opening-plies 4 --seed 1` and `--seed 2`, the build of
//! 5e4ac9e, stopped after 39 and 22 games): 43,679 positions for training, 4,703 held out,
//! 16,768 weights (134 KB, 69 KB gzip), the played move ranked first in 34.7 % of the
//! held-out positions (27.0 % with the features alone, no shapes). Four seconds:
//!
//! ```sh
//! cd docs/matches
//! T=../../target/release/examples/go_train
//! $T fit 4 20 2026-11-25-go-ladder-selfplay.games 2026-11-25-go-playout-tests.games \
//!     2026-11-26-go-whole-time-selfplay.games 2026-11-27-go-ko-retake.games \
//!     2026-11-27-go-selfplay-0.4s.games > ../../crates/ishi-ai/src/go/moves.bin
//! ```

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

use ishi_ai::go::features::{self, Feature};
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules, Move};

/// One position: its candidates' feature indices, flattened, and where each candidate's run
/// ends; the played candidate.
struct Example {
    features: Vec<u32>,
    ends: Vec<u32>,
    played: usize,
}

struct Raw {
    candidates: Vec<Vec<u64>>,
    played: usize,
    held_out: bool,
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The positions of the games of `files`, from ply `skip` on.
fn read_games(files: &[String], skip: usize) -> Result<Vec<Raw>, String> {
    let mut raws = Vec::new();
    let mut game_index = 0usize;
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines() {
            let Some(moves) = line
                .strip_prefix("game ")
                .and_then(|rest| rest.split_once(": "))
                .map(|(_, moves)| moves)
            else {
                continue;
            };
            let held_out = game_index % 10 == 9;
            game_index += 1;
            let mut go = Go::new(9, GoRules::CHINESE).map_err(|e| e.to_string())?;
            for (ply, word) in moves.split_whitespace().enumerate() {
                let Ok(mv) = word.parse::<Move>() else {
                    break;
                };
                if ply >= skip
                    && let Move::Place(p) = mv
                {
                    let candidates = features::candidates(&go);
                    if let Some(played) = candidates.iter().position(|(q, _)| *q == p) {
                        raws.push(Raw {
                            candidates: candidates.into_iter().map(|(_, keys)| keys).collect(),
                            played,
                            held_out,
                        });
                    }
                }
                match go.play(mv) {
                    Ok(next) => go = next,
                    Err(_) => break,
                }
                if go.is_over() {
                    break;
                }
            }
        }
    }
    Ok(raws)
}

/// Log-loss and whether the played move ranks first, for one example.
fn loss(example: &Example, weights: &[f32], probabilities: &mut Vec<f32>) -> (f64, bool) {
    probabilities.clear();
    let mut start = 0;
    for &end in &example.ends {
        let end = end as usize;
        let score: f32 = example.features[start..end]
            .iter()
            .map(|&f| weights[f as usize])
            .sum();
        probabilities.push(score);
        start = end;
    }
    let played_score = probabilities[example.played];
    let first = probabilities.iter().all(|&s| s <= played_score);
    let top = probabilities
        .iter()
        .copied()
        .fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0f64;
    for s in probabilities.iter_mut() {
        *s = (*s - top).exp();
        sum += f64::from(*s);
    }
    for s in probabilities.iter_mut() {
        *s = (f64::from(*s) / sum) as f32;
    }
    (
        -f64::from(probabilities[example.played].max(1e-30)).ln(),
        first,
    )
}

fn evaluate(examples: &[Example], weights: &[f32]) -> (f64, f64) {
    let mut probabilities = Vec::new();
    let (mut total, mut firsts) = (0.0, 0usize);
    for example in examples {
        let (l, first) = loss(example, weights, &mut probabilities);
        total += l;
        firsts += usize::from(first);
    }
    let n = examples.len().max(1) as f64;
    (total / n, firsts as f64 / n)
}

fn fit(args: &[String]) -> Result<(), String> {
    let [skip, min_seen, files @ ..] = args else {
        return Err("usage: fit SKIP MIN_SEEN GAMES...".into());
    };
    let skip: usize = skip.parse().map_err(|_| "SKIP: a number of plies")?;
    let min_seen: u32 = min_seen.parse().map_err(|_| "MIN_SEEN: a count")?;
    let epochs: usize = env_or("EPOCHS", 12);
    let step: f32 = env_or("STEP", 0.05);
    let decay: f32 = env_or("DECAY", 0.001);
    let raws = read_games(files, skip)?;
    let mut seen: HashMap<u64, u32> = HashMap::new();
    for raw in raws.iter().filter(|r| !r.held_out) {
        for keys in &raw.candidates {
            for &key in keys {
                *seen.entry(key).or_default() += 1;
            }
        }
    }
    let mut kept: Vec<u64> = seen
        .iter()
        .filter(|&(&key, &count)| key < 1 << 40 || count >= min_seen)
        .map(|(&key, _)| key)
        .collect();
    kept.sort_unstable();
    let index: HashMap<u64, u32> = kept
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u32))
        .collect();
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for raw in raws {
        let mut example = Example {
            features: Vec::new(),
            ends: Vec::new(),
            played: raw.played,
        };
        for keys in &raw.candidates {
            example
                .features
                .extend(keys.iter().filter_map(|k| index.get(k).copied()));
            example.ends.push(example.features.len() as u32);
        }
        if raw.held_out {
            test.push(example);
        } else {
            train.push(example);
        }
    }
    eprintln!(
        "{} training positions, {} held out, {} weights ({} features, shapes seen {min_seen}+ times)",
        train.len(),
        test.len(),
        kept.len(),
        Feature::ALL.len()
    );
    let mut weights = vec![0.0f32; kept.len()];
    let (mut m, mut v) = (vec![0.0f32; kept.len()], vec![0.0f32; kept.len()]);
    let mut gradient = vec![0.0f32; kept.len()];
    let mut touched: Vec<u32> = Vec::new();
    let mut probabilities = Vec::new();
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let batch = 64;
    let batches_per_epoch = train.len().div_ceil(batch);
    let total_steps = (epochs * batches_per_epoch).max(1);
    let mut t = 0usize;
    for epoch in 0..epochs {
        for chunk in train.chunks(batch) {
            t += 1;
            let rate =
                step * 0.5 * (1.0 + (std::f32::consts::PI * t as f32 / total_steps as f32).cos());
            for example in chunk {
                loss(example, &weights, &mut probabilities);
                let mut start = 0;
                for (c, &end) in example.ends.iter().enumerate() {
                    let end = end as usize;
                    let g = probabilities[c] - f32::from(u8::from(c == example.played));
                    for &f in &example.features[start..end] {
                        if gradient[f as usize] == 0.0 {
                            touched.push(f);
                        }
                        gradient[f as usize] += g / chunk.len() as f32;
                    }
                    start = end;
                }
            }
            let (c1, c2) = (1.0 - beta1.powi(t as i32), 1.0 - beta2.powi(t as i32));
            for &f in &touched {
                let f = f as usize;
                let g = gradient[f] + decay * weights[f];
                m[f] = beta1 * m[f] + (1.0 - beta1) * g;
                v[f] = beta2 * v[f] + (1.0 - beta2) * g * g;
                weights[f] -= rate * (m[f] / c1) / ((v[f] / c2).sqrt() + 1e-8);
                gradient[f] = 0.0;
            }
            touched.clear();
        }
        let (train_loss, train_first) = evaluate(&train, &weights);
        let (test_loss, test_first) = evaluate(&test, &weights);
        eprintln!(
            "epoch {:2}: training {train_loss:.4} ({:.1} % first), held out {test_loss:.4} ({:.1} % first)",
            epoch + 1,
            100.0 * train_first,
            100.0 * test_first
        );
    }
    for feature in Feature::ALL {
        if let Some(&i) = index.get(&feature.key()) {
            eprintln!("{feature:?}: {:.3}", weights[i as usize]);
        }
    }
    let pairs: Vec<(u64, f32)> = kept
        .iter()
        .zip(&weights)
        .filter(|(_, w)| **w != 0.0)
        .map(|(&k, &w)| (k, w))
        .collect();
    std::io::stdout()
        .write_all(&features::write(&pairs))
        .map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.split_first() {
        Some((command, rest)) if command == "fit" => fit(rest),
        _ => Err("usage: go_train fit SKIP MIN_SEEN GAMES... > moves.bin".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("go_train: {e}");
            ExitCode::FAILURE
        }
    }
}
