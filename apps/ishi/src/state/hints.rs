//! The hints' values: the computer's value of each move of the position on screen, refined
//! round by round while the person to move thinks, and dropped when a move is played.
//!
//! Go's territory (the setting `ownership`) is read from the same rounds' playouts, and a
//! count shades the board with the ownership of its dead-stone guess
//! ([`Match::count_ownership`](crate::model::Match::count_ownership)), so both shade it the
//! same way.

use ishi_analysis::{Candidate, Worth};
use ishi_worker::{Answer, HintBudget, Reply};

use crate::model::{CellMove, Position};

/// Othello's rounds: every move searched this many plies deep, one depth a round.
const OTHELLO_DEPTHS: [u32; 6] = [2, 4, 6, 8, 10, 12];
/// From this many empty squares on, the round after the first solves every move exactly.
const EXACT_EMPTIES: u32 = 20;
/// Go's rounds: this many more playouts a round, on the worker's tree of the position (on the
/// network, a visit for every ten).
/// The first round is small, so that the first values come at once: 100 playouts, or 10 of
/// the network's visits, some 150 ms in Chromium on 9x9 (300 made it 850 ms on the network,
/// `scripts/measure-web` on 2026-11-29).
const GO_PLAYOUTS: [u32; 4] = [100, 1_000, 3_000, 10_000];

/// The value of one move for the player to move (discs for Othello; for Go, points of score
/// with the win rate beside them on the network, the win rate in points with Monte Carlo),
/// as the worker's analysis gives it, on the board.
pub type HintValue = Candidate<CellMove>;

/// The hints of one position.
#[derive(Clone, PartialEq, Debug)]
pub struct Hints {
    /// The match's epoch they are of.
    pub epoch: u64,
    /// The rounds answered.
    pub rounds: u32,
    /// The values, best first.
    pub values: Vec<HintValue>,
    /// No further round will be asked for: the values are exact, or the worker failed.
    pub settled: bool,
    /// Go: who owns each point at the end of the playouts, from -1 (White) to 1 (Black), in
    /// `Go::points` order.
    pub ownership: Option<Vec<f32>>,
    /// What the position is worth to Black.
    pub worth: Option<Worth>,
    /// Go on the network: its policy, each point's probability in `Go::points` order.
    pub policy: Option<Vec<f32>>,
}

impl Hints {
    /// The hints after the answer `reply` to the next round after `previous` (the hints of
    /// the same epoch so far, if any). An answer with an error keeps the values there are and
    /// asks for no more.
    pub(super) fn answered(previous: Option<Hints>, epoch: u64, reply: Reply) -> Hints {
        let rounds = previous.as_ref().map_or(0, |h| h.rounds) + 1;
        let Ok(Answer::Hints(analysis)) = reply.answer else {
            let previous = previous.unwrap_or(Hints {
                epoch,
                rounds,
                values: Vec::new(),
                settled: true,
                ownership: None,
                worth: None,
                policy: None,
            });
            return Hints {
                rounds,
                settled: true,
                ..previous
            };
        };
        let values = analysis.candidates;
        let settled = !values.is_empty() && values.iter().all(|v| v.exact);
        Hints {
            epoch,
            rounds,
            values,
            settled,
            ownership: analysis.ownership,
            worth: Some(analysis.worth),
            policy: analysis.policy,
        }
    }
}

/// The budget of the next round of hints in `position`, after `done` (this position's hints
/// so far); `None` when they will not get better.
pub(super) fn next_budget(position: &Position, done: Option<&Hints>) -> Option<HintBudget> {
    if done.is_some_and(|h| h.settled) {
        return None;
    }
    let round = done.map_or(0, |h| h.rounds) as usize;
    match position {
        Position::Othello(o) if round > 0 && o.score().empties <= EXACT_EMPTIES => {
            (round == 1).then_some(HintBudget::Exact)
        }
        Position::Othello(_) => OTHELLO_DEPTHS.get(round).map(|&d| HintBudget::Depth(d)),
        Position::Go(_) => GO_PLAYOUTS.get(round).map(|&p| HintBudget::Playouts(p)),
    }
}
