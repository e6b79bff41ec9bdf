//! Seki: living chains that share liberties neither side can fill.
//!
//! The rule (fill the shared points while either side can do so safely; the chains touching a
//! shared point left empty are in seki) and its limits are stated in the crate documentation,
//! under *Seki*, since they decide what the players see counted.

use ishi_rules::Player;

use crate::grid::{Cell, Grid, Regions};

/// What a stone on an empty point would do for its player.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Fill {
    /// It captures an opponent chain.
    Captures,
    /// Its chain keeps two liberties or more.
    Safe,
    /// Its chain is left with one liberty or none, and it captures nothing.
    SelfAtari,
}

/// Which stones of `board` (dead stones lifted, `regions` its empty regions) are in seki.
pub(crate) fn seki_stones(board: &Grid, regions: &Regions) -> Vec<bool> {
    let n = board.len();
    let shared: Vec<bool> = (0..n)
        .map(|i| {
            regions.of[i].is_some_and(|r| {
                let border = regions.list[r].border;
                border.black && border.white
            })
        })
        .collect();
    let mut filled = board.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for i in (0..n).filter(|&i| shared[i]) {
            if filled.cell(i) != Cell::Empty {
                continue;
            }
            let cell = match (
                fill(&filled, i, Player::Black),
                fill(&filled, i, Player::White),
            ) {
                (Fill::SelfAtari, Fill::SelfAtari) => continue,
                (Fill::Safe, Fill::SelfAtari) => Cell::Stone(Player::Black),
                (Fill::SelfAtari, Fill::Safe) => Cell::Stone(Player::White),
                _ => Cell::Filled,
            };
            filled.set(i, cell);
            changed = true;
        }
    }
    let mut seki = vec![false; n];
    let mut seen = vec![false; n];
    for i in (0..n).filter(|&i| shared[i] && filled.cell(i) == Cell::Empty) {
        for start in filled.neighbours(i) {
            let Some(color) = filled.stone(start) else {
                continue;
            };
            if seen[start] {
                continue;
            }
            for s in filled.component(start, |c| c == Cell::Stone(color), &mut seen) {
                seki[s] = board.stone(s).is_some();
            }
        }
    }
    seki
}

/// What a stone of `player` on the empty point `i` of `board` would do.
fn fill(board: &Grid, i: usize, player: Player) -> Fill {
    let mut seen = vec![false; board.len()];
    let mut liberties = vec![false; board.len()];
    let mut count = 0;
    seen[i] = true;
    for n in board.neighbours(i) {
        match board.cell(n) {
            Cell::Empty => {
                if !liberties[n] {
                    liberties[n] = true;
                    count += 1;
                }
            }
            Cell::Stone(p) if p == player => {
                if seen[n] {
                    continue;
                }
                let chain = board.component(n, |c| c == Cell::Stone(player), &mut seen);
                for l in board.liberties(&chain) {
                    if l != i && !liberties[l] {
                        liberties[l] = true;
                        count += 1;
                    }
                }
            }
            Cell::Stone(p) => {
                let mut mine = vec![false; board.len()];
                let chain = board.component(n, |c| c == Cell::Stone(p), &mut mine);
                if board.liberties(&chain) == [i] {
                    return Fill::Captures;
                }
            }
            Cell::Filled => {}
        }
    }
    if count >= 2 {
        Fill::Safe
    } else {
        Fill::SelfAtari
    }
}
