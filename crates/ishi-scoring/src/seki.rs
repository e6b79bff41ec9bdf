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
    /// Its chain keeps two liberties or more, or it throws in to kill ([`throw_in_kills`]).
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
    match liberties_of_fill(board, i, player) {
        None => Fill::Captures,
        Some(count) if count >= 2 || (count == 1 && throw_in_kills(board, i, player)) => Fill::Safe,
        Some(_) => Fill::SelfAtari,
    }
}

/// The liberties a stone of `player` on the empty point `i` of `board` leaves its chain (the
/// stone with the chains it joins), or `None` when it captures an opponent chain.
fn liberties_of_fill(board: &Grid, i: usize, player: Player) -> Option<usize> {
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
                    return None;
                }
            }
            Cell::Filled => {}
        }
    }
    Some(count)
}

/// Whether a stone of `player` on the empty point `i`, which leaves its chain one liberty,
/// kills the chains around it ([`throw_in`]).
fn throw_in_kills(board: &Grid, i: usize, player: Player) -> bool {
    throw_in(board, i, player).is_some()
}

/// A throw-in that kills: the stones the opponent must take, and the opponent's stones it
/// kills.
pub(crate) struct ThrowIn {
    /// The stones of the chain the throw-in makes, the thrown stone's point among them.
    pub(crate) taken: Vec<usize>,
    /// The stones of the opponent chains around them.
    pub(crate) killed: Vec<usize>,
}

/// What a stone of `player` on the empty point `i` kills by throwing in, if it does. The
/// stone leaves its chain one liberty, and the stones of that chain make a space of
/// a shape that makes one eye however the opponent plays ([`one_eye`]). The chains of the
/// opponent that border them have no other liberty but that one, or liberties away from the
/// chain that `player` can fill keeping two liberties (filled first, as the thrower would).
/// So the opponent must take the chain, and is left one eye. Such chains only seem to be in
/// seki with the chain inside them, or alive around it.
pub(crate) fn throw_in(board: &Grid, i: usize, player: Player) -> Option<ThrowIn> {
    let mut after = board.clone();
    after.set(i, Cell::Stone(player));
    let mut seen = vec![false; board.len()];
    let taken = after.component(i, |c| c == Cell::Stone(player), &mut seen);
    let [last] = after.liberties(&taken)[..] else {
        return None;
    };
    if !one_eye(board, &taken) {
        return None;
    }
    let mut seen = vec![false; board.len()];
    let mut around = Vec::new();
    for &s in &taken {
        for n in board.neighbours(s) {
            if !seen[n] && after.cell(n) == Cell::Stone(!player) {
                around.extend(after.component(n, |c| c == Cell::Stone(!player), &mut seen));
            }
        }
    }
    for l in after.liberties(&around) {
        if l == last {
            continue;
        }
        if liberties_of_fill(&after, l, player)? < 2 {
            return None;
        }
        after.set(l, Cell::Stone(player));
    }
    for &s in &taken {
        after.set(s, Cell::Empty);
    }
    after.set(last, Cell::Stone(!player));
    let mut seen = vec![false; board.len()];
    for &s in &around {
        if seen[s] {
            continue;
        }
        let chain = after.component(s, |c| c == Cell::Stone(!player), &mut seen);
        if after.liberties(&chain).iter().any(|l| !taken.contains(l)) {
            return None;
        }
    }
    Some(ThrowIn {
        taken,
        killed: around,
    })
}

/// Whether an empty space of the points `space`, enclosed by one player, makes one eye
/// at most when the other moves first: three points or fewer, the square and the pyramid
/// fours, the bulky and the crossed fives, the rabbity six (told by how many neighbours
/// inside the space each point has: the rabbity six is the one connected six with a point of
/// four neighbours and six adjacent pairs, a cross with a point between two of its arms).
fn one_eye(board: &Grid, space: &[usize]) -> bool {
    let degrees: Vec<usize> = space
        .iter()
        .map(|&p| board.neighbours(p).filter(|n| space.contains(n)).count())
        .collect();
    let most = degrees.iter().copied().max().unwrap_or(0);
    let twos = degrees.iter().filter(|&&d| d == 2).count();
    let pairs = degrees.iter().sum::<usize>() / 2;
    match space.len() {
        0..=3 => true,
        4 => most == 3 || twos == 4,
        5 => most == 4 || (most == 3 && twos == 3),
        6 => most == 4 && pairs == 6,
        _ => false,
    }
}
