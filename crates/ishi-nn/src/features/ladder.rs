//! Ladders as KataGo's input features read them: which chains of one or two liberties can
//! be chased into capture by a sequence of ataris, and for the chains of two, which first
//! atari works.
//!
//! The search is a plain minimax over ataris. The defender (the chain's owner) moves first
//! with one liberty: it may extend at that liberty or capture an attacking chain in atari
//! next to it, and escapes once it has two liberties. The attacker fills one of the two
//! liberties and wins once the chain has one, loses once it has three. The rules of thumb
//! are KataGo's, since they decide the features the network was trained on: a ko the
//! attacker's atari leaves counts as an escape (no ladder that needs a ko), a position of
//! the defender's in which both liberties are ko mouths it cannot fill counts as captured,
//! an atari whose other liberty would give the defender three liberties on its own is not
//! tried, the reading gives up (no ladder) after 25,000 moves and counts a sequence longer
//! than one and a half times the board's points as captured. Suicide is never a move, and at
//! the start the defender may take any ko.

use ishi_rules::Player;

use super::grid::{Cell, Grid, Marks, neighbours};

/// Moves a ladder reading may try before it gives up.
const BUDGET: usize = 25_000;

/// Reads ladders on grids, keeping its buffers between calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ladders {
    marks: Marks,
    scratch: Vec<usize>,
    stones: Vec<usize>,
    group: Vec<usize>,
    liberties: Vec<usize>,
    moves: Vec<usize>,
    nodes: usize,
    depth_limit: usize,
}

/// What [`Ladders::find`] reports for one board.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The stones of every chain that is captured in a ladder.
    pub(crate) laddered: Vec<usize>,
    /// The first ataris that capture a chain of two liberties in a ladder, with the colour
    /// of that chain.
    pub(crate) working: Vec<(usize, Player)>,
}

impl Ladders {
    /// Every laddered chain of `grid` with one or two liberties, read as KataGo reads them.
    pub(crate) fn find(&mut self, grid: &Grid, out: &mut Found) {
        out.laddered.clear();
        out.working.clear();
        let mut done = Marks::default();
        done.clear();
        let mut stones = std::mem::take(&mut self.group);
        for l in grid.locs() {
            if grid.stone(l).is_none() || done.is_marked(l) {
                continue;
            }
            stones.clear();
            grid.chain(l, &mut self.marks, &mut stones);
            for &s in &stones {
                done.mark(s);
            }
            let libs = grid.liberty_count(l, &mut self.marks, &mut self.scratch);
            let laddered = match libs {
                1 => self.captured(grid, l),
                2 => {
                    let start = out.working.len();
                    let color = grid.stone(l).unwrap_or(Player::Black);
                    self.attacker_first(grid, l, &mut out.working);
                    out.working[start..].iter_mut().for_each(|w| w.1 = color);
                    out.working.len() > start
                }
                _ => false,
            };
            if laddered {
                out.laddered.extend_from_slice(&stones);
            }
        }
        self.group = stones;
    }

    /// Whether the chain through `target` (one liberty) is captured, the defender moving
    /// first and free to take any ko.
    fn captured(&mut self, grid: &Grid, target: usize) -> bool {
        let mut g = grid.clone();
        g.ko = None;
        self.nodes = 0;
        self.depth_limit = grid.size * grid.size * 3 / 2 + 1;
        self.moves.clear();
        self.search(&g, target, 0).unwrap_or(false)
    }

    /// For the chain through `target` (two liberties): the liberties where the attacker's
    /// atari starts a working ladder, pushed onto `working`.
    fn attacker_first(&mut self, grid: &Grid, target: usize, working: &mut Vec<(usize, Player)>) {
        let Some(defender) = grid.stone(target) else {
            return;
        };
        self.liberties.clear();
        grid.liberties(
            target,
            &mut self.marks,
            &mut self.scratch,
            &mut self.liberties,
        );
        let [first, second] = [self.liberties[0], self.liberties[1]];
        for atari in [first, second] {
            if !grid.is_legal(atari, !defender, &mut self.marks, &mut self.scratch) {
                continue;
            }
            let mut g = grid.clone();
            g.play(atari, !defender, &mut self.marks, &mut self.scratch);
            if self.captured(&g, target) {
                working.push((atari, defender));
            }
        }
    }

    /// Minimax from `g`, the defender to move at even depths. `None` when the budget ran out.
    fn search(&mut self, g: &Grid, target: usize, depth: usize) -> Option<bool> {
        if depth + 1 >= self.depth_limit {
            return Some(true);
        }
        let defending = depth.is_multiple_of(2);
        let defender = g.stone(target)?;
        let attacker = !defender;
        self.liberties.clear();
        g.liberties(
            target,
            &mut self.marks,
            &mut self.scratch,
            &mut self.liberties,
        );
        let libs = self.liberties.len();
        if defending && (libs >= 2 || g.ko.is_some()) {
            return Some(false);
        }
        if !defending && libs <= 1 {
            return Some(true);
        }
        if !defending && libs >= 3 {
            return Some(false);
        }
        let start = self.moves.len();
        let verdict = if defending {
            self.defender_moves(g, target, defender)
        } else {
            self.attacker_moves(g, target, defender)
        };
        if let Some(verdict) = verdict {
            self.moves.truncate(start);
            return Some(verdict);
        }
        let mover = if defending { defender } else { attacker };
        let mut i = start;
        while i < self.moves.len() {
            let mv = self.moves[i];
            i += 1;
            if !g.is_legal(mv, mover, &mut self.marks, &mut self.scratch) {
                continue;
            }
            let mut child = g.clone();
            child.play(mv, mover, &mut self.marks, &mut self.scratch);
            self.nodes += 1;
            if self.nodes >= BUDGET {
                return None;
            }
            let captured = self.search(&child, target, depth + 1)?;
            if captured != defending {
                self.moves.truncate(start);
                return Some(captured);
            }
        }
        self.moves.truncate(start);
        Some(defending)
    }

    /// Pushes the defender's tries (captures of attacking chains in atari, then the
    /// extension), or settles the node at once when the extension alone decides it.
    fn defender_moves(&mut self, g: &Grid, target: usize, defender: Player) -> Option<bool> {
        let start = self.moves.len();
        let liberty = self.liberties[0];
        let mut stones = std::mem::take(&mut self.stones);
        stones.clear();
        g.chain(target, &mut self.marks, &mut stones);
        for &s in &stones {
            for n in neighbours(s) {
                if g.stone(n) == Some(!defender) {
                    self.liberties.clear();
                    g.liberties(n, &mut self.marks, &mut self.scratch, &mut self.liberties);
                    if let [capture] = self.liberties[..] {
                        self.push_new(start, capture);
                    }
                }
            }
        }
        self.stones = stones;
        self.push_new(start, liberty);
        let last = *self.moves.last()?;
        let (lower, upper) = self.liberty_bounds(g, last, defender);
        if lower >= 3 {
            return Some(false);
        }
        if self.moves.len() - start == 1 && upper <= 1 {
            return Some(true);
        }
        None
    }

    /// Pushes the attacker's ataris, the more promising first, or settles the node when the
    /// defender is dead in a double ko or either atari lets it out.
    fn attacker_moves(&mut self, g: &Grid, target: usize, defender: Player) -> Option<bool> {
        let [mut a, mut b] = [self.liberties[0], self.liberties[1]];
        let (open_a, open_b) = (immediate(g, a), immediate(g, b));
        if open_a == 0
            && open_b == 0
            && self.is_ko_capture(g, a, !defender)
            && self.is_ko_capture(g, b, !defender)
            && self.liberties_after(g, a, defender, 3) <= 2
            && self.liberties_after(g, b, defender, 3) <= 2
            && !self.has_capture_next_to(g, target, defender)
        {
            return Some(true);
        }
        let mut both = true;
        if !neighbours(a).contains(&b) {
            if open_a >= 3 && open_b >= 3 {
                return Some(false);
            } else if open_a >= 3 {
                both = false;
            } else if open_b >= 3 {
                a = b;
                both = false;
            }
        }
        if both {
            let score_a = 2 * open_a + self.connection_liberties_x2(g, a, defender);
            let score_b = 2 * open_b + self.connection_liberties_x2(g, b, defender);
            if score_b > score_a {
                std::mem::swap(&mut a, &mut b);
            }
            self.moves.extend([a, b]);
        } else {
            self.moves.push(a);
        }
        None
    }

    fn push_new(&mut self, start: usize, l: usize) {
        if !self.moves[start..].contains(&l) {
            self.moves.push(l);
        }
    }

    fn chain_size(&mut self, g: &Grid, l: usize) -> usize {
        self.scratch.clear();
        g.chain(l, &mut self.marks, &mut self.scratch);
        self.scratch.len()
    }

    fn liberty_count(&mut self, g: &Grid, l: usize) -> usize {
        g.liberty_count(l, &mut self.marks, &mut self.scratch)
    }

    /// KataGo's quick bounds on the liberties of a stone of `player` put on `l`: the lower
    /// one counts one per capture plus the larger of the empty neighbours and the best
    /// connection's liberties less one; the upper one adds everything up.
    fn liberty_bounds(&mut self, g: &Grid, l: usize, player: Player) -> (usize, usize) {
        let (mut open, mut captures, mut captured_stones) = (0, 0, 0);
        let (mut connection_sum, mut connection_max) = (0, 0);
        for n in neighbours(l) {
            match g.cell(n) {
                Cell::Empty => open += 1,
                Cell::Stone(p) if p == player => {
                    let libs = self.liberty_count(g, n) - 1;
                    connection_sum += libs;
                    connection_max = connection_max.max(libs);
                }
                Cell::Stone(_) => {
                    if self.liberty_count(g, n) == 1 {
                        captures += 1;
                        captured_stones += self.chain_size(g, n);
                    }
                }
                Cell::Wall => {}
            }
        }
        (
            captures + connection_max.max(open),
            open + captured_stones + connection_sum,
        )
    }

    /// The liberties a stone of `player` on `l` would have (up to `max`): its empty
    /// neighbours, the opponent stones it would capture next to it, and the liberties of the
    /// chains it joins, counting their captured neighbours.
    fn liberties_after(&mut self, g: &Grid, l: usize, player: Player, max: usize) -> usize {
        let mut after = g.clone();
        after.play(l, player, &mut self.marks, &mut self.scratch);
        if after.stone(l) != Some(player) {
            return 0;
        }
        self.liberty_count(&after, l).min(max)
    }

    /// Whether `player` on `l` would take a single stone in a ko: every neighbour the
    /// opponent's or the edge, exactly one of them in atari, and that one alone.
    fn is_ko_capture(&mut self, g: &Grid, l: usize, player: Player) -> bool {
        if g.cell(l) != Cell::Empty {
            return false;
        }
        let mut capturable = None;
        for n in neighbours(l) {
            match g.cell(n) {
                Cell::Wall => {}
                Cell::Stone(p) if p == !player => {
                    if self.liberty_count(g, n) == 1 {
                        if capturable.is_some() {
                            return false;
                        }
                        capturable = Some(n);
                    }
                }
                _ => return false,
            }
        }
        let Some(stone) = capturable else {
            return false;
        };
        self.chain_size(g, stone) == 1
    }

    /// Whether an opponent chain next to the chain through `target` is in atari.
    fn has_capture_next_to(&mut self, g: &Grid, target: usize, defender: Player) -> bool {
        let mut stones = std::mem::take(&mut self.stones);
        stones.clear();
        g.chain(target, &mut self.marks, &mut stones);
        let found = stones.iter().any(|&s| {
            neighbours(s)
                .into_iter()
                .any(|n| g.stone(n) == Some(!defender) && self.liberty_count(g, n) == 1)
        });
        self.stones = stones;
        found
    }

    /// Twice the liberties, less one and a half, of each chain of `player` next to `l` that
    /// has more than one: how much a stone there would connect to.
    fn connection_liberties_x2(&mut self, g: &Grid, l: usize, player: Player) -> usize {
        neighbours(l)
            .into_iter()
            .filter(|&n| g.stone(n) == Some(player))
            .map(|n| self.liberty_count(g, n))
            .filter(|&libs| libs > 1)
            .map(|libs| 2 * libs - 3)
            .sum()
    }
}

/// The empty neighbours of `l`.
fn immediate(g: &Grid, l: usize) -> usize {
    neighbours(l)
        .into_iter()
        .filter(|&n| g.cell(n) == Cell::Empty)
        .count()
}
