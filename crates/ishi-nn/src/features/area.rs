//! Pass-alive stones and territory (Benson's algorithm), and the area KataGo's features
//! count under area scoring: pass-alive areas first, then every other stone for its owner
//! and every empty region that touches one colour only for that colour.
//!
//! For one player, the board's other points fall into regions (connected empty or opponent
//! points that hold at least one empty point). A region is vital to a chain when each of its
//! empty points (each of its points when suicide is legal) touches the chain. Chains with
//! fewer than two vital regions are not pass-alive; they are removed one by one, each removal
//! spoiling the regions it borders for every chain they were vital to, until none goes.
//! What stays is pass-alive; its regions (and every region bordered only by its stones and
//! holding no opponent stone) are the player's, opponent stones in them dead.

use ishi_rules::Player;

use super::grid::{CELLS, Cell, Grid, neighbours};

/// The owner of each point as KataGo's area features see it, indexed like the grid.
pub(crate) fn area(grid: &Grid, suicide_legal: bool) -> [Option<Player>; CELLS] {
    let mut result = [None; CELLS];
    for player in [Player::Black, Player::White] {
        area_for(grid, player, suicide_legal, &mut result);
    }
    for l in grid.locs() {
        if result[l].is_none() {
            result[l] = grid.stone(l);
        }
    }
    result
}

/// A region of empty and opponent points.
struct Region {
    cells: Vec<usize>,
    /// The chains (by index) this region is vital to.
    vital: Vec<usize>,
    /// Points not next to any stone of the player, up to 2.
    internal: u8,
    has_opponent: bool,
    /// Whether it borders a chain found not pass-alive.
    spoiled: bool,
}

fn area_for(
    grid: &Grid,
    player: Player,
    suicide_legal: bool,
    result: &mut [Option<Player>; CELLS],
) {
    const NONE: usize = usize::MAX;
    // The player's chains, labelled.
    let mut chain_of = [NONE; CELLS];
    let mut chains: Vec<Vec<usize>> = Vec::new();
    for l in grid.locs() {
        if grid.stone(l) == Some(player) && chain_of[l] == NONE {
            let id = chains.len();
            let mut stones = vec![l];
            chain_of[l] = id;
            let mut next = 0;
            while next < stones.len() {
                let at = stones[next];
                next += 1;
                for n in neighbours(at) {
                    if grid.stone(n) == Some(player) && chain_of[n] == NONE {
                        chain_of[n] = id;
                        stones.push(n);
                    }
                }
            }
            chains.push(stones);
        }
    }
    let touches = |l: usize, chain: usize| neighbours(l).into_iter().any(|n| chain_of[n] == chain);
    let next_to_player = |l: usize| {
        neighbours(l)
            .into_iter()
            .any(|n| grid.stone(n) == Some(player))
    };

    // The regions, each started from an empty point.
    let mut region_of = [NONE; CELLS];
    let mut regions: Vec<Region> = Vec::new();
    for l in grid.locs() {
        if grid.cell(l) != Cell::Empty || region_of[l] != NONE {
            continue;
        }
        let id = regions.len();
        let mut vital: Vec<usize> = Vec::new();
        for n in neighbours(l) {
            if chain_of[n] != NONE && !vital.contains(&chain_of[n]) {
                vital.push(chain_of[n]);
            }
        }
        let mut region = Region {
            cells: vec![l],
            vital,
            internal: 0,
            has_opponent: false,
            spoiled: false,
        };
        region_of[l] = id;
        let mut next = 0;
        while next < region.cells.len() {
            let at = region.cells[next];
            next += 1;
            if suicide_legal || grid.cell(at) == Cell::Empty {
                region.vital.retain(|&chain| touches(at, chain));
            }
            if region.internal < 2 && !next_to_player(at) {
                region.internal += 1;
            }
            region.has_opponent |= grid.stone(at) == Some(!player);
            for n in neighbours(at) {
                let open = matches!(grid.cell(n), Cell::Empty) || grid.stone(n) == Some(!player);
                if open && region_of[n] == NONE {
                    region_of[n] = id;
                    region.cells.push(n);
                }
            }
        }
        regions.push(region);
    }

    // Benson's iteration.
    let mut vital_count = vec![0usize; chains.len()];
    for region in &regions {
        for &chain in &region.vital {
            vital_count[chain] += 1;
        }
    }
    let mut alive = vec![true; chains.len()];
    loop {
        let mut removed = false;
        for chain in 0..chains.len() {
            if !alive[chain] || vital_count[chain] >= 2 {
                continue;
            }
            alive[chain] = false;
            removed = true;
            for &stone in &chains[chain] {
                for n in neighbours(stone) {
                    let id = region_of[n];
                    if id != NONE && !regions[id].spoiled {
                        regions[id].spoiled = true;
                        for &other in &regions[id].vital {
                            vital_count[other] -= 1;
                        }
                    }
                }
            }
        }
        if !removed {
            break;
        }
    }

    let any_stone = !chains.is_empty();
    for (chain, stones) in chains.iter().enumerate() {
        if alive[chain] {
            stones.iter().for_each(|&s| result[s] = Some(player));
        }
    }
    for region in &regions {
        let pass_alive = region.internal <= 1 || !region.has_opponent;
        if any_stone && !region.spoiled && pass_alive {
            region.cells.iter().for_each(|&c| result[c] = Some(player));
        } else if any_stone && !region.has_opponent {
            for &c in &region.cells {
                if result[c].is_none() {
                    result[c] = Some(player);
                }
            }
        }
    }
}
