//! What Go's two tree searches share: moves packed in 16 bits, trees whose children lie side
//! by side in one `Vec`, the subtree kept when the next search starts a move or two below
//! the last root, the budget left and when to stop early, and when to resign.

use ishi_rules::go::{Go, MAX_SIZE, Move};

use super::playout::{point_of, slot};
use crate::search::{Clock, Eval, Limits, SearchResult};

/// A packed [`Move`] of a pass.
pub(super) const PASS: u16 = u16::MAX;

const _: () = assert!(MAX_SIZE * MAX_SIZE < PASS as usize);

/// A move in 16 bits: its point's slot, or [`PASS`].
pub(super) fn encode(mv: Move) -> u16 {
    match mv {
        Move::Place(p) => slot(p) as u16,
        Move::Pass => PASS,
    }
}

/// The move [`encode`] packed.
pub(super) fn decode(code: u16) -> Move {
    if code == PASS {
        Move::Pass
    } else {
        Move::Place(point_of(usize::from(code)))
    }
}

/// A node of a tree stored as one `Vec`, the root at 0 and each node's children side by side.
pub(super) trait Linked: Copy {
    /// The move into the node, [`encode`]d.
    fn mv(&self) -> u16;
    /// The index of the first child.
    fn first(&self) -> u32;
    /// How many children the node has (0 before it is expanded).
    fn children(&self) -> u16;
    /// Moves the children's block to `first`.
    fn set_first(&mut self, first: u32);
}

/// The indices of the children of `node`.
pub(super) fn children<N: Linked>(nodes: &[N], node: usize) -> std::ops::Range<usize> {
    let n = nodes[node];
    n.first() as usize..n.first() as usize + usize::from(n.children())
}

/// The subtree of `node` alone, with `node` as its root (index 0) and every child block
/// renumbered.
pub(super) fn compact<N: Linked>(nodes: &[N], node: usize) -> Vec<N> {
    let mut kept = vec![nodes[node]];
    let mut origin = vec![node];
    let mut i = 0;
    while i < kept.len() {
        let old = nodes[origin[i]];
        if old.children() > 0 {
            let first = kept.len() as u32;
            kept[i].set_first(first);
            for o in children(nodes, origin[i]) {
                kept.push(nodes[o]);
                origin.push(o);
            }
        }
        i += 1;
    }
    kept
}

/// The node of `go` among `root` (the position of node 0) and the two levels below it.
pub(super) fn find<N: Linked>(nodes: &[N], root: &Go, go: &Go) -> Option<usize> {
    if same(root, go) {
        return Some(0);
    }
    let depth = go.move_number().checked_sub(root.move_number())?;
    if !(1..=2).contains(&depth) || nodes.is_empty() {
        return None;
    }
    for child in children(nodes, 0) {
        let mut one = root.clone();
        one.play_fast(decode(nodes[child].mv()));
        if depth == 1 {
            if same(&one, go) {
                return Some(child);
            }
            continue;
        }
        for grandchild in children(nodes, child) {
            let mv = decode(nodes[grandchild].mv());
            if go.last_move() == Some(mv) {
                let mut two = one.clone();
                two.play_fast(mv);
                if same(&two, go) {
                    return Some(grandchild);
                }
            }
        }
    }
    None
}

/// Whether two positions are the same for a search: stones, side to move, ko, prisoners,
/// passes and rules.
pub(super) fn same(a: &Go, b: &Go) -> bool {
    a.hash() == b.hash()
        && a.size() == b.size()
        && a.move_number() == b.move_number()
        && a.ko_point() == b.ko_point()
        && a.captures() == b.captures()
        && a.consecutive_passes() == b.consecutive_passes()
        && a.rules() == b.rules()
}

/// Simulations a search has left: the budget's, and the time's at the rate so far.
pub(super) fn remaining(budget_left: u64, done: u64, clock: &Clock, limits: Limits) -> u64 {
    let by_time = limits.time.map_or(u64::MAX, |time| {
        let elapsed = clock.elapsed().as_secs_f64().max(1e-6);
        let left = time.as_secs_f64() - elapsed;
        (done as f64 / elapsed * left.max(0.0)) as u64
    });
    budget_left.min(by_time)
}

/// Whether the most visited of the root's children (their `visits`) is more than `left`
/// simulations ahead of the next: then no other can overtake it.
pub(super) fn settled(visits: impl Iterator<Item = u32>, left: u64) -> bool {
    let (mut first, mut second) = (0u64, 0u64);
    for v in visits.map(u64::from) {
        if v > first {
            (first, second) = (v, first);
        } else if v > second {
            second = v;
        }
    }
    first - second > left
}

/// When a search resigns: a win rate below `below` after at least `after` simulations.
#[derive(Copy, Clone, Debug)]
pub(super) struct Resign {
    pub(super) below: Option<f32>,
    pub(super) after: u64,
}

impl Resign {
    /// Whether `result` is resigned.
    pub(super) fn resigns(self, result: &SearchResult<Move>) -> bool {
        match (self.below, result.eval) {
            (Some(threshold), Eval::WinRate(rate)) => {
                rate < threshold && result.nodes >= self.after
            }
            _ => false,
        }
    }

    /// Whether a search of `done` simulations whose choice has the win rate `best` looks lost
    /// but has not run the simulations resigning needs: then it must not stop early.
    pub(super) fn pending(self, done: u64, best: Option<f32>) -> bool {
        match (self.below, best) {
            (Some(threshold), Some(best)) => done < self.after && best < threshold,
            _ => false,
        }
    }
}
