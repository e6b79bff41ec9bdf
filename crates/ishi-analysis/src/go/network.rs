//! Go analysis on KataGo's network: PUCT search (`ishi_ai::go::puct`) with a visit budget,
//! its tree kept from one position of a game to the next. Each candidate (a root move the
//! search visited) gets the mover's expected score, which is its [`Candidate::value`], and
//! the mover's win rate beside it ([`Candidate::win_rate`]); the worth is Black's win rate
//! and score from the whole search, and the ownership the network's at the root.
//!
//! ```
//! use std::sync::Arc;
//!
//! use ishi_ai::Stop;
//! use ishi_analysis::go::network::{self, Budget};
//! use ishi_nn::Network;
//! use ishi_rules::go::{Go, GoRules, Move};
//! use rand::SeedableRng;
//!
//! let mut puct = network::engine(Arc::new(Network::from_bytes(ishi_nn::G170_B6C96)?));
//! let go = Go::new(9, GoRules::CHINESE)?;
//! let mut rng = rand::rngs::SmallRng::seed_from_u64(0);
//! let budget = Budget::for_board(9, false);
//! let played = Move::Place("A1".parse()?);
//! let analysis = network::analyse(&mut puct, &go, &[], Some(played), budget, &mut rng, &Stop::new());
//! let review = analysis.review(played).expect("A1 is legal");
//! println!("{} lost {:.1} points: {}", review.played, review.loss, review.class.name());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Budgets.** One evaluation of the network costs about 8 ms on 19x19 on one core natively
//! (2.5 ms on 9x9, `cargo bench -p ishi-nn --bench nn`), and 65 ms (15 ms) in Chromium's
//! worker (`scripts/measure-web`), where players analyse most; the search's tree is kept
//! from one position to the next, so the next position starts with the visits its move
//! already had. The quick budget is set for the browser: 12 visits a position on 19x19, 24
//! on 13x13, 40 on 9x9. At 25, 50 and 100 (the first budgets) Chromium took 76 s for 60
//! moves of 19x19 (a 250-move game would take over 5 minutes) and 64 s for 60 moves of 9x9.
//! Fewer visits still judge a move by the network's value and score after a short look
//! ahead, which is what catches a blunder; the deep budget, four times as many, is there for
//! a closer look. `cargo bench -p ishi-analysis --bench analysis` prints the native CPU
//! seconds.
//!
//! **The played move is judged.** The search spends its visits on the moves it likes: a
//! played move it gave fewer than an eighth of the budget is searched on its own, from the
//! reply's side, with a quarter of the budget (at least 4 visits). That search runs on the
//! same tree, rooted at the position after the move, which is the game's next position: its
//! visits are not lost.
//!
//! **Losses in points.** With the network, a move's loss is the expected score it gives up
//! against the best move, in points ([`GO_POINTS`]), and the win rate's loss is kept beside it
//! ([`Review::win_rate`]). Points say what a move cost whatever the game's state: in a
//! decided game every move keeps a win rate near 0 or 100 %, so a loss in win rate calls a
//! dropped group "good" there, and near 50 % it calls a small slip a mistake; a score
//! estimate does neither. The Monte Carlo analysis ([`super::analyse`]) keeps win-rate
//! losses: its playouts' scores are too rough to be read in points.
//!
//! [`GO_POINTS`]: crate::GO_POINTS
//! [`Review::win_rate`]: crate::Review::win_rate

use std::sync::Arc;

use ishi_ai::go::puct::{Config, Puct};
use ishi_ai::{Limits, Stop};
use ishi_nn::Network;
use ishi_rules::go::{Go, Move};
use ishi_rules::{Game, Player};
use rand::Rng;

use crate::{Analysis, Candidate, Worth};

/// How hard to look at each position: network evaluations (visits of the search).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Visits a position.
    pub visits: u64,
}

impl Budget {
    /// The quick budget for a board of side `size`: 40 visits a position up to 9x9, 24 up to
    /// 13x13, 12 beyond (see the module's doc); four times that when `deep`.
    pub fn for_board(size: usize, deep: bool) -> Budget {
        let quick = match size {
            0..=9 => 40,
            10..=13 => 24,
            _ => 12,
        };
        Budget {
            visits: if deep { 4 * quick } else { quick },
        }
    }
}

/// A played move the search gave fewer visits than this share of the budget is searched on
/// its own.
const JUDGED_SHARE: u64 = 8;
/// The share of the budget that searches a played move on its own.
const REPLY_SHARE: u64 = 4;
/// The fewest visits of that search.
const REPLY_VISITS: u64 = 4;

/// Who owns each point of `go` in the end, by the network's ownership head averaged over
/// the board's 8 symmetries: from `-1.0` (White's) to `1.0` (Black's), in
/// [`Go::points`](ishi_rules::go::Go::points) order. `before` holds the positions before
/// `go`, oldest first (the network reads the last moves). This is what the Territory view
/// shows and the count's dead-stone guess reads (`ishi_scoring::guess_dead_stones_with`):
/// one evaluation of 8 images, steadier than hundreds of random playouts, which fill in
/// territory that strong players would leave alone. `None` for a position the network
/// cannot read.
pub fn ownership(network: &Arc<Network>, go: &Go, before: &[Go]) -> Option<Vec<f32>> {
    let mut history = before.to_vec();
    history.push(go.clone());
    let features = ishi_nn::Features::new(&history).ok()?;
    let mut evaluator = ishi_nn::Evaluator::new(Arc::clone(network));
    evaluator.set_symmetries(ishi_nn::Symmetries::Average);
    let output = evaluator.evaluate(&features);
    let black = output.perspective(Player::Black);
    Some(output.ownership_map().iter().map(|o| o * black).collect())
}

/// A new search for analysis on `network`: the engine's defaults, never resigning.
pub fn engine(network: Arc<Network>) -> Puct {
    Puct::new(
        Config {
            resign_below: None,
            ..Config::default()
        },
        network,
    )
}

/// The analysis of `go`, which followed the positions `before` (oldest first; the network
/// reads the last five), with `played` (the move the game went on with, if any) among the
/// candidates, from `budget`'s visits on `puct` (keep one for a game: its tree carries over
/// to the next position). Values are in points of the mover's expected score, win rates
/// beside them (see the module's doc). `stop` ends the searches early.
pub fn analyse(
    puct: &mut Puct,
    go: &Go,
    before: &[Go],
    played: Option<Move>,
    budget: Budget,
    rng: &mut impl Rng,
    stop: &Stop,
) -> Analysis<Move> {
    let mover = go.turn();
    if go.is_over() {
        let lead = margin(go, Player::Black);
        return Analysis {
            mover,
            candidates: Vec::new(),
            worth: Worth::Go {
                win_rate: win_rate_of(lead) / 100.0,
                lead,
            },
            ownership: None,
        };
    }
    puct.search(go, before, Limits::nodes(budget.visits), rng, stop);
    let (root_rate, root_score) = puct.root_value().unwrap_or((0.5, 0.0));
    let ownership = puct.root_output().map(|output| {
        let black = output.perspective(Player::Black);
        output.ownership_map().iter().map(|o| o * black).collect()
    });
    let mut candidates: Vec<Candidate<Move>> = puct
        .root_children()
        .into_iter()
        .filter(|c| c.visits > 0)
        .map(|c| Candidate {
            mv: c.mv,
            value: c.score,
            exact: false,
            visits: c.visits,
            win_rate: Some(100.0 * c.win_rate),
        })
        .collect();
    let enough = (budget.visits / JUDGED_SHARE).max(1);
    super::with_played(&mut candidates, go, played, enough, |mv| {
        let (score, win_rate) = reply_value(puct, go, before, mv, budget, rng, stop);
        Candidate {
            mv,
            value: score,
            exact: false,
            visits: 0,
            win_rate: Some(win_rate),
        }
    });
    Analysis {
        mover,
        candidates,
        worth: Worth::Go {
            win_rate: mover.fold(root_rate, 1.0 - root_rate),
            lead: mover.fold(root_score, -root_score),
        },
        ownership,
    }
}

/// The expected score and win rate (in points from 0 to 100) of `mv` in `go` for its player:
/// the reply's search from the other side on `puct`'s tree, rooted at the position after
/// `mv`, with a [`REPLY_SHARE`] of the budget. A move that ends the game is counted.
fn reply_value(
    puct: &mut Puct,
    go: &Go,
    before: &[Go],
    mv: Move,
    budget: Budget,
    rng: &mut impl Rng,
    stop: &Stop,
) -> (f32, f32) {
    let Ok(after) = go.play(mv) else {
        return (0.0, 50.0);
    };
    let player = go.turn();
    if after.is_over() {
        let score = margin(&after, player);
        return (score, win_rate_of(score));
    }
    let line: Vec<Go> = before.iter().cloned().chain([go.clone()]).collect();
    let visits = (budget.visits / REPLY_SHARE).max(REPLY_VISITS);
    puct.search(&after, &line, Limits::nodes(visits), rng, stop);
    let (rate, score) = puct.root_value().unwrap_or((0.5, 0.0));
    (-score, 100.0 * (1.0 - rate))
}

/// The margin of `go` counted as it stands, in points for `player`.
fn margin(go: &Go, player: Player) -> f32 {
    let margin = go.margin() as f32 / 2.0;
    player.fold(margin, -margin)
}

/// A counted game's win rate in points for the side `score` is for: 100 won, 0 lost, 50 a
/// draw.
fn win_rate_of(score: f32) -> f32 {
    if score > 0.0 {
        100.0
    } else if score < 0.0 {
        0.0
    } else {
        50.0
    }
}
