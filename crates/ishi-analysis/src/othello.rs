//! Othello analysis with the strong engine: every legal move searched within a node budget,
//! and near the end the position and the played move's reply solved exactly.

use ishi_ai::othello::Engine;
use ishi_ai::{Eval, Limits, SearchResult, Stop};
use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello, Symmetry};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::{Analysis, Candidate, OTHELLO, Review, Worth};

/// How hard to look at each position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Nodes for all the moves of a position together, in the midgame.
    pub nodes: u64,
    /// From this many empty squares on, positions are solved exactly.
    pub exact_empties: u32,
}

impl Budget {
    /// The default: a 60-move game in about 4 CPU-seconds natively, exact for the last 20
    /// empties (`cargo bench -p ishi-analysis` prints the figures).
    pub const QUICK: Budget = Budget {
        nodes: 1_000_000,
        exact_empties: 20,
    };

    /// Four times the nodes of [`QUICK`](Budget::QUICK), exact for the last 22 empties.
    pub const DEEP: Budget = Budget {
        nodes: 4_000_000,
        exact_empties: 22,
    };

    /// [`DEEP`](Budget::DEEP) when `deep`, else [`QUICK`](Budget::QUICK): the two budgets
    /// front ends offer.
    pub fn of(deep: bool) -> Budget {
        if deep { Budget::DEEP } else { Budget::QUICK }
    }
}

/// A search's value in discs, and whether it is exact, for the player it searched for, on a
/// board of `cells` squares. A midgame estimate of every square (a wipe-out) is exact too:
/// the engine's evaluation stays below it and ProbCut never cuts at it (`ishi-ai`'s
/// `othello/search.rs`), so only the end of a game that the search reached scores it.
fn discs(eval: Eval, cells: u32) -> (f32, bool) {
    match eval {
        Eval::Exact(v) => (v as f32, true),
        Eval::Estimate(v) => (v as f32 / 100.0, v.unsigned_abs() == 100 * cells),
        Eval::WinRate(p) => ((p - 0.5) * 2.0, false),
        Eval::None => (0.0, false),
    }
}

fn candidate(result: &SearchResult<Move>, mv: Move, cells: u32) -> Candidate<Move> {
    let (value, exact) = discs(result.eval, cells);
    Candidate {
        mv,
        value,
        exact,
        visits: 0,
        win_rate: None,
    }
}

/// The analysis of `position`, with `played` (the move a game went on with, if any) among
/// the candidates. Every legal move is searched, the nodes of `budget` shared among them,
/// on `engine`'s table (keep one engine for a game: each position's search helps the next);
/// from [`Budget::exact_empties`] empties on, the position is solved, and the played move's
/// reply too when it is not the best move. `stop` ends the searches early with what they
/// have.
pub fn analyse(
    engine: &mut Engine,
    position: &Othello,
    played: Option<Move>,
    budget: Budget,
    stop: &Stop,
) -> Analysis<Move> {
    let mover = position.turn();
    let moves = position.legal_moves();
    let candidates = if moves.is_empty() {
        Vec::new()
    } else if position.score().empties <= budget.exact_empties {
        solved(engine, position, played, stop)
    } else {
        hints(engine, position, Limits::nodes(budget.nodes), stop)
    };
    Analysis {
        mover,
        worth: worth(position, &candidates),
        candidates,
        ownership: None,
    }
}

/// What `position` is worth to Black, from its candidates (best first): the best value, or
/// the final margin when the game is over.
pub fn worth(position: &Othello, candidates: &[Candidate<Move>]) -> Worth {
    match candidates.first() {
        Some(best) => Worth::Discs {
            margin: position.turn().fold(best.value, -best.value),
            exact: best.exact,
        },
        None => Worth::Discs {
            margin: position.score().margin() as f32,
            exact: true,
        },
    }
}

/// The value of every legal move of `position` for the player to move, best first: each
/// move's reply searched within `limits` shared out among the moves (see
/// [`Engine::best_moves`]); without a node or time limit, and near the end, the values are
/// exact. Moves that are the same by a symmetry of the position are valued alike. What the
/// app's hints show on each cell.
pub fn hints(
    engine: &mut Engine,
    position: &Othello,
    limits: Limits,
    stop: &Stop,
) -> Vec<Candidate<Move>> {
    let n = position.legal_moves().len();
    let cells = position.shape().cell_count();
    let mut rng = SmallRng::seed_from_u64(0);
    let candidates = engine
        .best_moves(position, n, limits, &mut rng, stop)
        .iter()
        .filter_map(|r| Some(candidate(r, r.best?, cells)))
        .collect();
    equal_by_symmetry(position, candidates)
}

/// `candidates` with the moves that a symmetry of `position` maps onto each other valued
/// alike, at the better value: they are the same move seen another way (the four first moves
/// of a game, say), which separate searches would otherwise value a little apart. Best first.
fn equal_by_symmetry(
    position: &Othello,
    mut candidates: Vec<Candidate<Move>>,
) -> Vec<Candidate<Move>> {
    let size = position.shape().size();
    let symmetries: Vec<Symmetry> = Symmetry::ALL[1..]
        .iter()
        .copied()
        .filter(|&s| position.transformed(s) == Some(*position))
        .collect();
    if symmetries.is_empty() {
        return candidates;
    }
    let image = |mv: Move, s: Symmetry| match mv {
        Move::Place(sq) => Move::Place(s.apply(sq, size)),
        Move::Pass => Move::Pass,
    };
    let snapshot = candidates.clone();
    for candidate in &mut candidates {
        for &s in &symmetries {
            let twin = image(candidate.mv, s);
            if let Some(better) = snapshot
                .iter()
                .find(|c| c.mv == twin && c.value > candidate.value)
            {
                candidate.value = better.value;
                candidate.exact = better.exact;
            }
        }
    }
    candidates.sort_by(|a, b| b.value.total_cmp(&a.value));
    candidates
}

/// The best move and value of `position` solved, and the played move's (by solving its
/// reply) when it is another.
fn solved(
    engine: &mut Engine,
    position: &Othello,
    played: Option<Move>,
    stop: &Stop,
) -> Vec<Candidate<Move>> {
    let result = engine.solve(position, stop);
    let Some(best) = result.best else {
        return Vec::new();
    };
    let cells = position.shape().cell_count();
    let mut candidates = vec![candidate(&result, best, cells)];
    if let Some(mv) = played.filter(|&mv| mv != best && position.is_legal(mv)) {
        let mut after = *position;
        after.play_unchecked(mv);
        let reply = engine.solve(&after, stop);
        let (value, exact) = discs(reply.eval, cells);
        candidates.push(Candidate {
            mv,
            value: -value,
            exact,
            visits: 0,
            win_rate: None,
        });
    }
    candidates
}

impl Analysis<Move> {
    /// `played` judged against the best move with Othello's thresholds ([`OTHELLO`]).
    pub fn review(&self, played: Move) -> Option<Review<Move>> {
        self.review_with(played, &OTHELLO)
    }
}
