//! The alpha-beta search of the strong engine, over any [`Arena`].
//!
//! - Midgame: negamax with principal variation search (PVS), iterative deepening with
//!   aspiration windows at the root, ProbCut at null-window nodes, the transposition table
//!   (hash move first, bound cutoffs), and move ordering by the evaluation of each child and
//!   the opponent's replies at depth 5 and more, by fewest opponent replies (corners counted
//!   twice) below. (A history heuristic was tried: it made the trees bigger.)
//! - Endgame, exact: PVS with fastest-first ordering (fewest opponent replies, then fewest
//!   potential replies, corners, square values; from [`EVAL_ORDER_EMPTIES`] up the children's
//!   midgame values too) down to [`SHALLOW`] empties, with the table from [`TABLE_EMPTIES`] up
//!   and Edax's stability cutoff; then a table-free search that plays the empties of odd
//!   quadrants first (parity); the last four empties are hand-unrolled ([`Search::solve_4`]
//!   down to [`Search::score_1`], as Edax's `search_solve_4` .. `board_score_1`), and the last
//!   square's flips are counted line by line ([`Arena::last_flips`]).
//!
//! Every recursive function is written once as an `#[inline(always)]` body generic over a
//! [`Cpu`], and recursion goes through the `Cpu`: [`Portable`] calls the body directly, and on
//! x86-64 `X86V3` calls a copy compiled with AVX2, BMI, LZCNT and POPCNT, chosen at run time.

use ishi_rules::othello::Bits;

use super::arena::{Arena, mix};
use super::eval;
use super::table::{NO_MOVE, Table};
use crate::Clock;

/// Scores beyond every result: hundredths of a disc in the midgame, discs in the endgame.
pub(crate) const INF: i32 = 32_000;
/// From this many empties down, the endgame search runs without the table.
pub(crate) const SHALLOW: u32 = 6;
/// From this many empties up, the endgame search looks up every child in the table before
/// searching any (enhanced transposition cutoff).
const ETC_EMPTIES: u32 = 12;
/// From this many empties up, the endgame search stores and looks up positions in the table;
/// below, a lookup costs more than the subtree it could save (FFO #40-#44 solved 9 % faster
/// than with the table from [`SHALLOW`] + 1 empties).
const TABLE_EMPTIES: u32 = 8;
/// From this many empties up, the endgame search orders its moves by a midgame search of
/// each child as well (as Edax does above 15 empties): one ply deeper every two empties more,
/// at most [`EVAL_ORDER_DIVISOR`]`.len() - 1` plies. FFO #40-#44 took 29 % fewer nodes, #48
/// (25 empties) 3.3 times fewer.
const EVAL_ORDER_EMPTIES: u32 = 14;
/// How much a child's midgame value weighs in the move order, by the depth of its search:
/// its value in hundredths of a disc divided by this counts as much as one reply fewer for
/// the opponent (shallow values are trusted less).
const EVAL_ORDER_DIVISOR: [i32; 5] = [400, 200, 200, 100, 100];
/// How many times the node limit an exact solve may visit: its nodes are that much cheaper.
const ENDGAME_NODE_FACTOR: u64 = 4;
/// Nodes between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 4096;
/// Salt that keeps endgame entries apart from midgame ones in the table.
const END_SALT: u64 = 0x5bd1_e995_7f4a_7c15;
/// ProbCut from this depth up; its margin, in hundredths of a disc. In self-play at a million
/// nodes a move, margins of 4, 6 and 8 discs won 57 %, 56 % and 62 % of 80 games against no
/// ProbCut; 2.5 discs lost (46 %). Margins by stage and depth, from the spreads
/// `othello_train probcut` measures (two standard deviations: 6 to 12 discs), did no better
/// at a tenth of a second a move (`docs/strength.md`).
const PROBCUT_DEPTH: u32 = 4;
const PROBCUT_MARGIN: i32 = 800;
/// Aspiration half-window at the root, in hundredths of a disc.
const ASPIRATION: i32 = 150;

/// Edax's thresholds for the stability cutoff: below this `alpha` (by empties) stable discs
/// cannot prove a fail-low and are not counted.
const STABILITY_THRESHOLD: [i32; 64] = [
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];

/// A move in a move list: the square, its flips and its ordering score.
#[derive(Copy, Clone, Debug)]
struct Candidate<B> {
    flips: B,
    sq: u8,
    score: i32,
}

/// The empty squares of a shallow endgame position, best squares first.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Empties {
    squares: [u8; SHALLOW as usize],
    len: usize,
}

impl Empties {
    /// The list without its `i`-th square.
    #[inline(always)]
    fn without(mut self, i: usize) -> Empties {
        self.squares.copy_within(i + 1..self.len, i);
        self.len -= 1;
        self
    }
}

/// A search in progress: the board, the table, the counters and the limits.
pub(crate) struct Search<'a, A: Arena> {
    pub(crate) arena: &'a A,
    pub(crate) table: &'a mut Table,
    pub(crate) nodes: u64,
    node_limit: u64,
    next_poll: u64,
    clock: &'a Clock,
    pub(crate) aborted: bool,
    /// Amplitude of the evaluation noise of weak levels, in hundredths of a disc.
    noise: i32,
    noise_seed: u64,
    /// Prune with ProbCut.
    selective: bool,
    stack: Vec<Candidate<A::B>>,
}

/// The result of a root search.
#[derive(Copy, Clone, Debug)]
pub(crate) struct RootResult {
    pub(crate) best: usize,
    pub(crate) score: i32,
}

/// Where the recursion goes: the same code compiled for some set of processor features.
pub(crate) trait Cpu {
    fn mid<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32;
    fn end<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32;
    #[allow(clippy::too_many_arguments)]
    fn shallow<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        empties: Empties,
        parity: u32,
        passed: bool,
    ) -> i32;
}

/// Code for any processor.
pub(crate) enum Portable {}

impl Cpu for Portable {
    fn mid<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        s.mid_body::<Portable>(p, o, depth, alpha, beta, passed)
    }

    fn end<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        s.end_body::<Portable>(p, o, alpha, beta, empties, passed)
    }

    #[allow(clippy::too_many_arguments)]
    fn shallow<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        empties: Empties,
        parity: u32,
        passed: bool,
    ) -> i32 {
        s.shallow_body::<Portable>(p, o, alpha, beta, empties, parity, passed)
    }
}

/// Code for x86-64 processors with AVX2, BMI1/2, LZCNT and POPCNT ("x86-64-v3"). Only
/// [`run`] enters it, after checking that the processor has them.
#[cfg(target_arch = "x86_64")]
pub(crate) enum X86V3 {}

#[cfg(target_arch = "x86_64")]
mod v3 {
    use super::{Arena, Empties, Search, X86V3};

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) fn mid<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        s.mid_body::<X86V3>(p, o, depth, alpha, beta, passed)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) fn end<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        s.end_body::<X86V3>(p, o, alpha, beta, empties, passed)
    }

    #[allow(clippy::too_many_arguments)]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) fn shallow<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        empties: Empties,
        parity: u32,
        passed: bool,
    ) -> i32 {
        s.shallow_body::<X86V3>(p, o, alpha, beta, empties, parity, passed)
    }
}

#[cfg(target_arch = "x86_64")]
impl Cpu for X86V3 {
    #[inline(always)]
    fn mid<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        // SAFETY: `X86V3` code runs only after `run` checked the processor's features.
        unsafe { v3::mid(s, p, o, depth, alpha, beta, passed) }
    }

    #[inline(always)]
    fn end<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        // SAFETY: as in `mid`.
        unsafe { v3::end(s, p, o, alpha, beta, empties, passed) }
    }

    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn shallow<A: Arena>(
        s: &mut Search<'_, A>,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        empties: Empties,
        parity: u32,
        passed: bool,
    ) -> i32 {
        // SAFETY: as in `mid`.
        unsafe { v3::shallow(s, p, o, alpha, beta, empties, parity, passed) }
    }
}

/// What one search is asked to do.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Job {
    /// Deepest midgame iteration.
    pub(crate) max_depth: u32,
    /// Solve exactly after a short midgame search that orders the moves.
    pub(crate) solve: bool,
    pub(crate) node_limit: u64,
    pub(crate) noise: i32,
    pub(crate) noise_seed: u64,
    /// Prune with ProbCut (false: full width, as its measurement needs).
    pub(crate) selective: bool,
}

/// What a search found at the root.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The best square, `None` when the mover has no placement.
    pub(crate) best: Option<usize>,
    /// Midgame score in hundredths of a disc, or exact margin in discs.
    pub(crate) score: i32,
    pub(crate) exact: bool,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    /// The principal variation as square indexes, `None` for a pass.
    pub(crate) pv: Vec<Option<usize>>,
}

/// Runs `job` on `(p, o)` (the mover must have a placement), with the fastest code the
/// processor allows.
pub(crate) fn run<A: Arena>(
    arena: &A,
    table: &mut Table,
    clock: &Clock,
    p: A::B,
    o: A::B,
    job: Job,
) -> Found {
    let mut search = Search {
        arena,
        table,
        nodes: 0,
        node_limit: job.node_limit,
        next_poll: POLL_INTERVAL.min(job.node_limit),
        clock,
        aborted: false,
        noise: job.noise,
        noise_seed: job.noise_seed,
        selective: job.selective,
        stack: Vec::with_capacity(1024),
    };
    search.table.new_search();
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
    {
        return search.think::<X86V3>(p, o, job);
    }
    search.think::<Portable>(p, o, job)
}

/// The final margin of `(p, o)` for `p` with `empties` empty squares, which go to the winner.
#[inline(always)]
pub(super) fn final_margin<B: Bits>(p: B, o: B, empties: u32) -> i32 {
    let diff = p.count() as i32 - o.count() as i32;
    diff + diff.signum() * empties as i32
}

impl<A: Arena> Search<'_, A> {
    /// Counts a node; true when the search must stop.
    #[inline(always)]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        self.aborted
    }

    #[cold]
    #[inline(never)]
    fn poll(&mut self) {
        if self.nodes >= self.node_limit || self.clock.is_up() {
            self.aborted = true;
        }
        self.next_poll = self
            .nodes
            .saturating_add(POLL_INTERVAL)
            .min(self.node_limit);
    }

    /// The evaluation, with the level's noise.
    #[inline(always)]
    fn eval(&self, p: A::B, o: A::B) -> i32 {
        let value = self.arena.evaluate(p, o);
        let value = if self.noise == 0 {
            value
        } else {
            let spread = (2 * self.noise + 1) as u64;
            let draw = mix(A::key(p, o) ^ self.noise_seed) % spread;
            value + draw as i32 - self.noise
        };
        eval::short_of_a_full_board(self.arena, value)
    }

    /// Square indexes of the set `b`, lowest first.
    #[inline(always)]
    fn squares(mut b: A::B) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            (b != A::B::ZERO).then(|| {
                let sq = b.lowest();
                b = b.without_lowest();
                sq
            })
        })
    }

    /// The child of `(p, o)` after `p` plays `sq` flipping `flips`, from the opponent's side.
    #[inline(always)]
    fn child(p: A::B, o: A::B, sq: usize, flips: A::B) -> (A::B, A::B) {
        (o ^ flips, p ^ flips ^ A::B::bit(sq))
    }

    /// The discs `p` flips on `sq`, after a cheap look whether any disc of `o` is next to it.
    #[inline(always)]
    fn flips_near(&self, p: A::B, o: A::B, sq: usize) -> A::B {
        if self.arena.neighbours_of(sq) & o == A::B::ZERO {
            A::B::ZERO
        } else {
            self.arena.flips(p, o, sq)
        }
    }

    /// Moves of the opponent in a child, corners counted twice.
    #[inline(always)]
    fn weighted_mobility(&self, p: A::B, o: A::B) -> i32 {
        let m = self.arena.moves(p, o);
        (m.count() + (m & self.arena.corners()).count()) as i32
    }

    /// Puts the best remaining candidate of `start..end` at `i`.
    #[inline(always)]
    fn select(&mut self, i: usize, end: usize) -> Candidate<A::B> {
        let mut best = i;
        for j in i + 1..end {
            if self.stack[j].score > self.stack[best].score {
                best = j;
            }
        }
        self.stack.swap(i, best);
        self.stack[i]
    }

    /// The midgame negamax value of `(p, o)` searched `depth` plies, within `alpha..beta`.
    #[inline(always)]
    fn mid_body<F: Cpu>(
        &mut self,
        p: A::B,
        o: A::B,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        let moves = self.arena.moves(p, o);
        if moves == A::B::ZERO {
            if passed {
                let empties = (self.arena.cells() & !(p | o)).count();
                return 100 * final_margin(p, o, empties);
            }
            return -F::mid(self, o, p, depth, -beta, -alpha, true);
        }
        if depth == 0 {
            return self.eval(p, o);
        }
        if depth == 1 {
            // The children's evaluations, as depth 0 gives them: after the pass of a child
            // whose player has no move, or the final margin where neither has one.
            let mut best = -INF;
            for sq in Self::squares(moves) {
                let (np, no) = Self::child(p, o, sq, self.arena.flips(p, o, sq));
                let v = if self.arena.moves(np, no) == A::B::ZERO {
                    -F::mid(self, np, no, 0, -beta, -alpha.max(best), false)
                } else {
                    self.nodes += 1;
                    -self.eval(np, no)
                };
                best = best.max(v);
                if best >= beta {
                    break;
                }
            }
            return best;
        }
        let key = A::key(p, o);
        let mut hash_move = NO_MOVE;
        if let Some(hit) = self.table.probe(key) {
            hash_move = hit.best;
            if u32::from(hit.depth) >= depth {
                if hit.lower >= beta || hit.lower == hit.upper {
                    return hit.lower;
                }
                if hit.upper <= alpha {
                    return hit.upper;
                }
            }
        }
        // ProbCut (Buro): at a null-window node, a search to about half the depth that clears
        // the window by a wide margin predicts the deep result well enough to cut. Never
        // where the search could reach the end of the game, so that it stays exact there.
        if self.selective && depth >= PROBCUT_DEPTH && beta - alpha == 1 {
            let empties = (self.arena.cells() & !(p | o)).count();
            let limit = 100 * self.arena.cell_count();
            if empties > depth + 2 {
                let shallow = depth / 2 - 1;
                let up = beta + PROBCUT_MARGIN;
                if up < limit {
                    let v = F::mid(self, p, o, shallow, up - 1, up, false);
                    if self.aborted {
                        return 0;
                    }
                    if v >= up {
                        return beta;
                    }
                }
                let down = alpha - PROBCUT_MARGIN;
                if down > -limit {
                    let v = F::mid(self, p, o, shallow, down, down + 1, false);
                    if self.aborted {
                        return 0;
                    }
                    if v <= down {
                        return alpha;
                    }
                }
            }
        }
        let start = self.stack.len();
        for sq in Self::squares(moves) {
            let flips = self.arena.flips(p, o, sq);
            let (np, no) = Self::child(p, o, sq, flips);
            let score = if sq == usize::from(hash_move) {
                1 << 30
            } else if depth >= 5 {
                -self.eval(np, no) - 400 * self.weighted_mobility(np, no)
            } else {
                self.arena.square_value(sq) - 256 * self.weighted_mobility(np, no)
            };
            self.stack.push(Candidate {
                flips,
                sq: sq as u8,
                score,
            });
        }
        let end = self.stack.len();
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in start..end {
            let c = self.select(i, end);
            let (np, no) = Self::child(p, o, usize::from(c.sq), c.flips);
            let mut v;
            if i == start {
                v = -F::mid(self, np, no, depth - 1, -beta, -alpha, false);
            } else {
                v = -F::mid(self, np, no, depth - 1, -alpha - 1, -alpha, false);
                if v > alpha && v < beta && !self.aborted {
                    v = -F::mid(self, np, no, depth - 1, -beta, -alpha, false);
                }
            }
            if self.aborted {
                self.stack.truncate(start);
                return 0;
            }
            if v > best {
                best = v;
                best_move = c.sq;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.stack.truncate(start);
        let (lower, upper) = bounds(best, alpha0, beta);
        self.table.store(key, depth as u8, lower, upper, best_move);
        best
    }

    /// The exact final margin of `(p, o)` with `empties` empty squares, within `alpha..beta`.
    #[inline(always)]
    fn end_body<F: Cpu>(
        &mut self,
        p: A::B,
        o: A::B,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        if empties <= SHALLOW {
            return self.shallow_entry::<F>(p, o, alpha, beta, passed);
        }
        if self.visit() {
            return 0;
        }
        let moves = self.arena.moves(p, o);
        if moves == A::B::ZERO {
            if passed {
                return final_margin(p, o, empties);
            }
            return -F::end(self, o, p, -beta, -alpha, empties, true);
        }
        // Stability cutoff: the opponent's stable discs bound the score from above.
        if alpha >= STABILITY_THRESHOLD[empties.min(63) as usize] {
            let bound = self.arena.cell_count() - 2 * self.arena.stable(o, p).count() as i32;
            if bound <= alpha {
                return bound;
            }
            beta = beta.min(bound);
        }
        let key = (empties >= TABLE_EMPTIES).then(|| A::key(p, o) ^ END_SALT);
        let mut hash_move = NO_MOVE;
        if let Some(key) = key
            && let Some(hit) = self.table.probe(key)
        {
            hash_move = hit.best;
            if hit.lower >= beta || hit.lower == hit.upper {
                return hit.lower;
            }
            if hit.upper <= alpha {
                return hit.upper;
            }
            alpha = alpha.max(hit.lower);
            beta = beta.min(hit.upper);
        }
        let empty = self.arena.cells() & !(p | o);
        let parity = self.parity(empty);
        let sort_depth = empties
            .checked_sub(EVAL_ORDER_EMPTIES)
            .map(|above| (above / 2).min(4));
        let start = self.stack.len();
        for sq in Self::squares(moves) {
            let flips = self.arena.flips(p, o, sq);
            let (np, no) = Self::child(p, o, sq, flips);
            let score = if sq == usize::from(hash_move) {
                1 << 30
            } else {
                let mobility = self.weighted_mobility(np, no);
                let potential = self.arena.frontier(no, empty).count() as i32;
                let corners = (no & self.arena.corners()).count() as i32;
                let odd = i32::from(parity & self.arena.quadrant(sq) != 0);
                let value = sort_depth.map_or(0, |depth| {
                    let v = F::mid(self, np, no, depth, -INF, INF, false);
                    (v << 15) / EVAL_ORDER_DIVISOR[depth as usize]
                });
                -(mobility << 15) - (potential << 5) - value
                    + (corners << 11)
                    + (odd << 3)
                    + self.arena.square_value(sq)
            };
            // Enhanced transposition cutoff: a child already known to refute the window.
            if empties >= ETC_EMPTIES
                && let Some(hit) = self.table.probe(A::key(np, no) ^ END_SALT)
                && -hit.upper >= beta
            {
                self.stack.truncate(start);
                return -hit.upper;
            }
            self.stack.push(Candidate {
                flips,
                sq: sq as u8,
                score,
            });
        }
        let end = self.stack.len();
        let (alpha0, beta0) = (alpha, beta);
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in start..end {
            let c = self.select(i, end);
            let (np, no) = Self::child(p, o, usize::from(c.sq), c.flips);
            let mut v;
            if i == start {
                v = -F::end(self, np, no, -beta, -alpha, empties - 1, false);
            } else {
                v = -F::end(self, np, no, -alpha - 1, -alpha, empties - 1, false);
                if v > alpha && v < beta && !self.aborted {
                    v = -F::end(self, np, no, -beta, -alpha, empties - 1, false);
                }
            }
            if self.aborted {
                self.stack.truncate(start);
                return 0;
            }
            if v > best {
                best = v;
                best_move = c.sq;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.stack.truncate(start);
        if let Some(key) = key {
            let (lower, upper) = bounds(best, alpha0, beta0);
            self.table
                .store(key, empties as u8, lower, upper, best_move);
        }
        best
    }

    /// The quadrants holding an odd number of empty squares.
    #[inline(always)]
    fn parity(&self, empty: A::B) -> u32 {
        Self::squares(empty).fold(0, |parity, sq| parity ^ self.arena.quadrant(sq))
    }

    /// Enters the table-free endgame search: lists the empties, best squares first.
    #[inline(always)]
    fn shallow_entry<F: Cpu>(
        &mut self,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        let empty = self.arena.cells() & !(p | o);
        let mut list = Empties {
            squares: [0; SHALLOW as usize],
            len: 0,
        };
        for sq in Self::squares(empty) {
            let value = self.arena.square_value(sq);
            let mut i = list.len;
            while i > 0 && self.arena.square_value(usize::from(list.squares[i - 1])) < value {
                list.squares[i] = list.squares[i - 1];
                i -= 1;
            }
            list.squares[i] = sq as u8;
            list.len += 1;
        }
        let parity = self.parity(empty);
        match list.len {
            0 => {
                self.nodes += 1;
                final_margin(p, o, 0)
            }
            1 => {
                self.nodes += 1;
                self.score_1(p, o, usize::from(list.squares[0]))
            }
            2 => self.solve_2(p, o, alpha, beta, list.squares[0], list.squares[1]),
            3 => self.solve_3(p, o, alpha, beta, [0, 1, 2].map(|i| list.squares[i])),
            4 => self.solve_4(p, o, alpha, beta, list, parity),
            _ => F::shallow(self, p, o, alpha, beta, list, parity, passed),
        }
    }

    /// Alpha-beta over the empties of `list` (5 to [`SHALLOW`] of them), odd quadrants first.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn shallow_body<F: Cpu>(
        &mut self,
        p: A::B,
        o: A::B,
        mut alpha: i32,
        beta: i32,
        list: Empties,
        parity: u32,
        passed: bool,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        let mut best = -INF;
        for odd in [true, false] {
            for i in 0..list.len {
                let sq = usize::from(list.squares[i]);
                let quadrant = self.arena.quadrant(sq);
                if (parity & quadrant != 0) != odd {
                    continue;
                }
                let flips = self.flips_near(p, o, sq);
                if flips == A::B::ZERO {
                    continue;
                }
                let (np, no) = Self::child(p, o, sq, flips);
                let rest = list.without(i);
                let v = if rest.len == 4 {
                    -self.solve_4(np, no, -beta, -alpha, rest, parity ^ quadrant)
                } else {
                    -F::shallow(self, np, no, -beta, -alpha, rest, parity ^ quadrant, false)
                };
                if self.aborted {
                    return 0;
                }
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best == -INF {
            if passed {
                return final_margin(p, o, list.len as u32);
            }
            return -F::shallow(self, o, p, -beta, -alpha, list, parity, true);
        }
        best
    }

    /// Four empties: the squares alone in their quadrant first, then the exact value by hand.
    ///
    /// This and [`Search::solve_3`] and [`Search::solve_2`] do not call themselves (a pass
    /// looks at the other side's moves in place), so that they are inlined into the bodies
    /// a [`Cpu`] compiles: a function of its own would be built for the baseline processor,
    /// without the hardware bit counts.
    #[inline(always)]
    fn solve_4(
        &mut self,
        p: A::B,
        o: A::B,
        alpha: i32,
        beta: i32,
        list: Empties,
        parity: u32,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        // Stable partition: squares in quadrants with an odd number of empties first.
        let odd = |sq: u8| parity & self.arena.quadrant(usize::from(sq)) != 0;
        let mut xs = [0u8; 4];
        let mut n = 0;
        for pass in [true, false] {
            for &x in &list.squares[..4] {
                if odd(x) == pass {
                    xs[n] = x;
                    n += 1;
                }
            }
        }
        if let Some(v) = self.moves_4(p, o, alpha, beta, xs) {
            return v;
        }
        self.nodes += 1;
        match self.moves_4(o, p, -beta, -alpha, xs) {
            Some(v) => -v,
            None => final_margin(p, o, 4),
        }
    }

    /// The best of `p`'s moves on the four squares `xs`, `None` when `p` has none.
    #[inline(always)]
    fn moves_4(&mut self, p: A::B, o: A::B, mut alpha: i32, beta: i32, xs: [u8; 4]) -> Option<i32> {
        let mut best = -INF;
        for i in 0..4 {
            let sq = usize::from(xs[i]);
            let flips = self.flips_near(p, o, sq);
            if flips == A::B::ZERO {
                continue;
            }
            let (np, no) = Self::child(p, o, sq, flips);
            let rest = match i {
                0 => [xs[1], xs[2], xs[3]],
                1 => [xs[0], xs[2], xs[3]],
                2 => [xs[0], xs[1], xs[3]],
                _ => [xs[0], xs[1], xs[2]],
            };
            let v = -self.solve_3(np, no, -beta, -alpha, rest);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best != -INF).then_some(best)
    }

    /// Three empties, in the order given.
    #[inline(always)]
    fn solve_3(&mut self, p: A::B, o: A::B, alpha: i32, beta: i32, xs: [u8; 3]) -> i32 {
        self.nodes += 1;
        if let Some(v) = self.moves_3(p, o, alpha, beta, xs) {
            return v;
        }
        self.nodes += 1;
        match self.moves_3(o, p, -beta, -alpha, xs) {
            Some(v) => -v,
            None => final_margin(p, o, 3),
        }
    }

    /// The best of `p`'s moves on the three squares `xs`, `None` when `p` has none.
    #[inline(always)]
    fn moves_3(&mut self, p: A::B, o: A::B, mut alpha: i32, beta: i32, xs: [u8; 3]) -> Option<i32> {
        let mut best = -INF;
        for i in 0..3 {
            let sq = usize::from(xs[i]);
            let flips = self.flips_near(p, o, sq);
            if flips == A::B::ZERO {
                continue;
            }
            let (np, no) = Self::child(p, o, sq, flips);
            let (a, b) = match i {
                0 => (xs[1], xs[2]),
                1 => (xs[0], xs[2]),
                _ => (xs[0], xs[1]),
            };
            let v = -self.solve_2(np, no, -beta, -alpha, a, b);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best != -INF).then_some(best)
    }

    /// Two empties.
    #[inline(always)]
    fn solve_2(&mut self, p: A::B, o: A::B, alpha: i32, beta: i32, x1: u8, x2: u8) -> i32 {
        self.nodes += 1;
        if let Some(v) = self.moves_2(p, o, beta, x1, x2) {
            return v;
        }
        self.nodes += 1;
        match self.moves_2(o, p, -alpha, x1, x2) {
            Some(v) => -v,
            None => final_margin(p, o, 2),
        }
    }

    /// The best of `p`'s moves on `x1` and `x2`, `None` when `p` has neither.
    #[inline(always)]
    fn moves_2(&mut self, p: A::B, o: A::B, beta: i32, x1: u8, x2: u8) -> Option<i32> {
        let (s1, s2) = (usize::from(x1), usize::from(x2));
        let mut best = -INF;
        let flips = self.flips_near(p, o, s1);
        if flips != A::B::ZERO {
            let (np, no) = Self::child(p, o, s1, flips);
            best = -self.score_1(np, no, s2);
            if best >= beta {
                return Some(best);
            }
        }
        let flips = self.flips_near(p, o, s2);
        if flips != A::B::ZERO {
            let (np, no) = Self::child(p, o, s2, flips);
            best = best.max(-self.score_1(np, no, s1));
        }
        (best != -INF).then_some(best)
    }

    /// One empty square `x`: the final margin for `p`, who moves first.
    #[inline(always)]
    fn score_1(&mut self, p: A::B, o: A::B, x: usize) -> i32 {
        self.nodes += 1;
        let cells = self.arena.cell_count();
        let flips = self.arena.last_flips(p, x);
        if flips != 0 {
            return 2 * (p.count() + 1 + flips) as i32 - cells;
        }
        let flips = self.arena.last_flips(o, x);
        if flips != 0 {
            return cells - 2 * (o.count() + 1 + flips) as i32;
        }
        final_margin(p, o, 1)
    }

    /// The root: iterative deepening, then the exact solve when the job allows it.
    fn think<F: Cpu>(&mut self, p: A::B, o: A::B, job: Job) -> Found {
        let empties = (self.arena.cells() & !(p | o)).count();
        let mut roots: Vec<Candidate<A::B>> = Self::squares(self.arena.moves(p, o))
            .map(|sq| Candidate {
                flips: self.arena.flips(p, o, sq),
                sq: sq as u8,
                score: 0,
            })
            .collect();
        let mut found = Found {
            best: roots.first().map(|c| usize::from(c.sq)),
            score: 0,
            exact: false,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        // Before an exact solve, a shallower midgame search orders the moves.
        let max_depth = if job.solve {
            let presearch = empties.saturating_sub(12).clamp(2, 8);
            job.max_depth.min(presearch).min(empties - 1).max(1)
        } else {
            job.max_depth.min(empties).max(1)
        };
        let mut previous = 0;
        for depth in 1..=max_depth {
            let Some(result) = self.root_iteration::<F>(p, o, &mut roots, depth, previous) else {
                break;
            };
            previous = result.score;
            found.best = Some(result.best);
            found.score = result.score;
            if self.aborted {
                break;
            }
            found.depth = depth;
        }
        let mut salt = 0;
        if job.solve && !self.aborted {
            // Endgame nodes cost about a quarter of midgame ones: the solve may visit four times
            // the node limit.
            self.node_limit = job.node_limit.saturating_mul(ENDGAME_NODE_FACTOR);
            self.next_poll = self.next_poll.min(self.node_limit);
            let guess = (found.score as f64 / 200.0).round() as i32 * 2;
            if let Some(result) = self.solve_root::<F>(p, o, &mut roots, empties, guess) {
                found.best = Some(result.best);
                found.score = result.score;
                found.exact = true;
                found.depth = empties;
                salt = END_SALT;
            }
        }
        found.nodes = self.nodes;
        found.pv = self.principal_variation(p, o, found.best, salt, found.depth.max(1));
        found
    }

    /// One iteration of the midgame search at the root; `None` when it was stopped before its
    /// first move was searched. Sorts `roots` by score, best first.
    fn root_iteration<F: Cpu>(
        &mut self,
        p: A::B,
        o: A::B,
        roots: &mut [Candidate<A::B>],
        depth: u32,
        previous: i32,
    ) -> Option<RootResult> {
        let (mut alpha, mut beta) = if depth >= 3 {
            (previous - ASPIRATION, previous + ASPIRATION)
        } else {
            (-INF, INF)
        };
        loop {
            let result = self.root_window(p, o, roots, (alpha, beta), |s, np, no, a, b| {
                F::mid(s, np, no, depth - 1, a, b, false)
            })?;
            if self.aborted || (result.score > alpha && result.score < beta) {
                return Some(result);
            }
            if result.score <= alpha {
                alpha = -INF;
            } else {
                beta = INF;
            }
        }
    }

    /// The exact solve at the root, moves ordered by the midgame search: null-window
    /// searches around `guess` (MTD(f)) until the lower and upper bounds meet.
    fn solve_root<F: Cpu>(
        &mut self,
        p: A::B,
        o: A::B,
        roots: &mut [Candidate<A::B>],
        empties: u32,
        guess: i32,
    ) -> Option<RootResult> {
        let cells = self.arena.cell_count();
        let (mut lower, mut upper) = (-cells - 1, cells + 1);
        let mut g = guess.clamp(-cells, cells);
        let mut best = None;
        while lower < upper {
            let beta = g.max(lower + 1);
            let result = self.root_window(p, o, roots, (beta - 1, beta), |s, np, no, a, b| {
                F::end(s, np, no, a, b, empties - 1, false)
            })?;
            if self.aborted {
                return None;
            }
            g = result.score;
            if g < beta {
                upper = g;
            } else {
                lower = g;
                best = Some(result);
            }
        }
        best.map(|b| RootResult { score: lower, ..b })
    }

    /// PVS over the root moves in their current order within `alpha..beta`; `None` when
    /// stopped before the first move was searched. On return the moves are sorted by score.
    fn root_window(
        &mut self,
        p: A::B,
        o: A::B,
        roots: &mut [Candidate<A::B>],
        (mut alpha, beta): (i32, i32),
        child: impl Fn(&mut Self, A::B, A::B, i32, i32) -> i32,
    ) -> Option<RootResult> {
        let mut best: Option<RootResult> = None;
        for root in roots.iter_mut() {
            let c = *root;
            let (np, no) = Self::child(p, o, usize::from(c.sq), c.flips);
            let mut v;
            if best.is_none() {
                v = -child(self, np, no, -beta, -alpha);
            } else {
                v = -child(self, np, no, -alpha - 1, -alpha);
                if v > alpha && v < beta && !self.aborted {
                    v = -child(self, np, no, -beta, -alpha);
                }
            }
            if self.aborted {
                break;
            }
            root.score = v;
            if best.is_none_or(|b| v > b.score) {
                best = Some(RootResult {
                    best: usize::from(c.sq),
                    score: v,
                });
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        let best = best?;
        // Best first; the others keep their order among equals (a stable sort).
        let best_sq = best.best as u8;
        roots.sort_by_key(|c| (c.sq != best_sq, -c.score));
        Some(best)
    }

    /// The expected line from the root: `first`, then the table's best moves.
    fn principal_variation(
        &self,
        mut p: A::B,
        mut o: A::B,
        first: Option<usize>,
        salt: u64,
        length: u32,
    ) -> Vec<Option<usize>> {
        let mut pv = Vec::new();
        let mut next = first;
        while pv.len() < length as usize {
            let Some(sq) = next else { break };
            let flips = self.arena.flips(p, o, sq);
            if flips == A::B::ZERO || (p | o).has(sq) || !self.arena.cells().has(sq) {
                break;
            }
            pv.push(Some(sq));
            (p, o) = Self::child(p, o, sq, flips);
            if self.arena.moves(p, o) == A::B::ZERO {
                if self.arena.moves(o, p) == A::B::ZERO {
                    break;
                }
                pv.push(None);
                (p, o) = (o, p);
            }
            next = self
                .table
                .probe(A::key(p, o) ^ salt)
                .map(|hit| hit.best)
                .filter(|&b| b != NO_MOVE)
                .map(usize::from);
        }
        if pv.last() == Some(&None) {
            pv.pop();
        }
        pv
    }
}

/// The table bounds of a result `best` searched within `alpha..beta`.
#[inline(always)]
fn bounds(best: i32, alpha: i32, beta: i32) -> (i32, i32) {
    if best <= alpha {
        (-INF, best)
    } else if best >= beta {
        (best, INF)
    } else {
        (best, best)
    }
}
