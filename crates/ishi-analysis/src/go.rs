//! Go analysis with Monte Carlo tree search: the candidates are the root's moves with their
//! playouts and win rates, the worth is Black's win rate and the lead the playouts' ownership
//! implies. The fallback of the analysis on KataGo's network ([`network`]) when no network
//! is loaded: its losses are in win-rate points ([`GO`](crate::GO)), the network's in points of score.

pub mod network;

use std::sync::Arc;

use ishi_ai::go::features::Model;
use ishi_ai::go::{Config, Mcts};
use ishi_ai::{Eval, Limits, Stop};
use ishi_rules::go::{Go, Move};
use ishi_rules::{Game, Player};
use rand::Rng;

use crate::{Analysis, Candidate, Review, Worth};

/// How hard to look at each position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Playouts a position.
    pub playouts: u64,
}

impl Budget {
    /// The default on 9x9: 2,000 playouts a position.
    pub const QUICK: Budget = Budget { playouts: 2_000 };
    /// Five times as many, on 9x9: 10,000 playouts a position.
    pub const DEEP: Budget = Budget { playouts: 10_000 };

    /// The budget for a board of side `size`: [`QUICK`](Budget::QUICK) up to 9x9, 1,500
    /// playouts a position up to 13x13 and 1,000 beyond, whose playouts are longer and whose
    /// games have more positions; five times that when `deep`. A 60-move 19x19 game then
    /// takes some 8 CPU-seconds natively (`cargo bench -p ishi-analysis`).
    pub fn for_board(size: usize, deep: bool) -> Budget {
        let quick = match size {
            0..=9 => Budget::QUICK.playouts,
            10..=13 => 1_500,
            _ => 1_000,
        };
        Budget {
            playouts: if deep { 5 * quick } else { quick },
        }
    }
}

/// A move the tree gave fewer playouts than this share of the budget is searched again on
/// its own to be judged.
const JUDGED_SHARE: u64 = 20;

/// A new search for analysis: the engine's defaults, never resigning, its priors helped by
/// the learned move model `moves` if there is one.
pub fn engine(moves: Option<Arc<Model>>) -> Mcts {
    Mcts::new(
        Config {
            resign_below: None,
            ..Config::default()
        },
        moves,
    )
}

/// The analysis of `go`, with `played` (the move the game went on with, if any) among the
/// candidates, from `budget`'s playouts on `mcts` (keep one for a game: its tree carries
/// over to the next position). A played move the tree barely visited is searched on its own
/// with a fifth of the budget, from the reply's side. `stop` ends the searches early.
pub fn analyse(
    mcts: &mut Mcts,
    go: &Go,
    played: Option<Move>,
    budget: Budget,
    rng: &mut impl Rng,
    stop: &Stop,
) -> Analysis<Move> {
    let mover = go.turn();
    let result = mcts.search(go, Limits::nodes(budget.playouts), rng, stop);
    let ownership = mcts.ownership().map(<[f32]>::to_vec);
    let mut candidates: Vec<Candidate<Move>> = mcts
        .root_moves()
        .into_iter()
        .filter(|m| m.visits > 0)
        .map(|m| Candidate {
            mv: m.mv,
            value: 100.0 * m.win_rate,
            exact: false,
            visits: m.visits,
            win_rate: None,
        })
        .collect();
    let enough = (budget.playouts / JUDGED_SHARE).max(1);
    with_played(&mut candidates, go, played, enough, |mv| Candidate {
        mv,
        value: reply_value(go, mv, mcts.moves().cloned(), budget, rng, stop),
        exact: false,
        visits: 0,
        win_rate: None,
    });
    let black_rate = match (candidates.first(), result.eval) {
        (Some(best), _) => best.value / 100.0,
        (None, Eval::WinRate(rate)) => rate,
        (None, _) => 0.5,
    };
    let black_rate = mover.fold(black_rate, 1.0 - black_rate);
    let lead = ownership.as_deref().map_or(0.0, |own| lead(go, own));
    Analysis {
        mover,
        candidates,
        worth: Worth::Go {
            win_rate: black_rate,
            lead,
        },
        ownership,
    }
}

/// Puts `played` (if it is legal in `go`) among `candidates`: as it is when the tree gave it
/// `enough` visits, or else as `own` values it, from a search of its own.
fn with_played(
    candidates: &mut Vec<Candidate<Move>>,
    go: &Go,
    played: Option<Move>,
    enough: u64,
    own: impl FnOnce(Move) -> Candidate<Move>,
) {
    let Some(mv) = played.filter(|&mv| go.is_legal(mv)) else {
        return;
    };
    let judged = candidates
        .iter()
        .any(|c| c.mv == mv && u64::from(c.visits) >= enough);
    if !judged {
        candidates.retain(|c| c.mv != mv);
        candidates.push(own(mv));
    }
}

/// The value of `mv` in `go` for its player, in win-rate points: the reply's search from the
/// other side, with a fifth of the budget on a search of its own (the analysis's tree is
/// left as it was). A reply that passes after a pass ends the game: then the count decides,
/// as the search's win rate for an ending pass it does not play out says nothing.
fn reply_value(
    go: &Go,
    mv: Move,
    moves: Option<Arc<Model>>,
    budget: Budget,
    rng: &mut impl Rng,
    stop: &Stop,
) -> f32 {
    let Ok(after) = go.play(mv) else {
        return 0.0;
    };
    if after.is_over() {
        return counted(go.turn(), &after);
    }
    let mut own = engine(moves);
    let reply = own.search(&after, Limits::nodes(budget.playouts / 5), rng, stop);
    if reply.best == Some(Move::Pass)
        && let Ok(end) = after.play(Move::Pass)
        && end.is_over()
    {
        return counted(go.turn(), &end);
    }
    match reply.eval {
        Eval::WinRate(rate) => 100.0 * (1.0 - rate),
        _ => 50.0,
    }
}

/// A game ended by two passes, counted as it stands, in win-rate points for `player`: 100
/// won, 0 lost or drawn.
fn counted(player: Player, end: &Go) -> f32 {
    let margin = end.margin() as f32 / 2.0;
    let won = player.fold(margin > 0.0, margin < 0.0);
    if won { 100.0 } else { 0.0 }
}

/// Black's expected lead in points from the playouts' ownership: the area each side holds
/// on average, less the komi.
fn lead(go: &Go, ownership: &[f32]) -> f32 {
    let area: f32 = ownership.iter().sum();
    area - go.rules().komi.half_points() as f32 / 2.0
}

impl Analysis<Move> {
    /// `played` judged against the best move with the thresholds of the analysis's unit
    /// ([`go_thresholds`](Analysis::go_thresholds)).
    pub fn review(&self, played: Move) -> Option<Review<Move>> {
        self.review_with(played, self.go_thresholds())
    }
}
