//! A first guess at the dead stones of a finished game, for the players to correct.

use std::fmt;

use ishi_rules::go::Go;
use ishi_rules::{ByColor, Player};

use crate::dead::DeadStones;
use crate::grid::{Cell, Chains, Grid, Regions};
use crate::seki::{ThrowIn, seki_stones, throw_in};

/// An empty region sealed by one colour with at least this many points counts as two eyes.
const TWO_EYE_SPACE: usize = 4;
/// A group nearer than its opponent to at least this many empty points has room to live.
const LIVING_ROOM: usize = 7;

/// A first guess at the dead stones of a finished game, read from the shape of the board
/// alone (no reading, no playouts): the players confirm or correct it, chain by chain.
///
/// The board is cut into *zones*: for each colour, the points that hold no opponent stone,
/// connected along the lines; a zone holds the stones of one colour and the empty points
/// around them, and the opponent's stones wall it in. The stones of a zone are dead when all
/// of these hold:
///
/// - they have fewer than two eyes: an eye is an empty region that touches their stones only
///   (one point that is a false eye by its diagonals counts for nothing, two or three points
///   for one eye, four or more for two);
/// - they lack room: fewer than 7 empty points of the zone are nearer to them than to the
///   opponent (steps through empty points), or the opponent is nearer to more of them;
/// - the zone is no more than half of the board (an opening or a half-played board has no
///   dead stones);
/// - none of their stones is in seki (by the rule of the [crate documentation](crate#seki)),
///   and none of their chains shares a liberty with an opponent chain that has no more
///   liberties and whose own zone fails the three tests above: such a capturing race is left
///   alive.
///
/// Dead zones are lifted one at a time, the one with the fewest stones first, and the board is
/// read again, so stones thrown into an eye die first and the group whose eye they spoiled
/// lives. Only stones that look dead on the board as it stands can die: lifting stones may
/// save a group but never condemns one, so a half-played board does not collapse colour by
/// colour. At the end, a chain whose region, once every guessed stone is lifted, touches no
/// opponent stone is brought back to life: stones are never dead in their own territory.
///
/// Limits: a dead group joined to its living friends through empty points (an unclosed
/// boundary) lives with them; a group with one eye and room, or a big eye that could still be
/// killed, is guessed alive; unfinished capturing races are guessed alive on both sides.
///
/// The AI can replace the shape reading with a Monte Carlo estimate through
/// [`guess_dead_stones_with`].
///
/// ```
/// use ishi_rules::Player;
/// use ishi_rules::go::{Go, GoRules};
/// use ishi_scoring::guess_dead_stones;
///
/// let go = Go::from_diagram(
///     "
///     . . X O . . .
///     . . X O . . .
///     . . X O . X .
///     . . X O . . .
///     . O X O . . .
///     . . X O . . .
///     . . X O . . .
///     ",
///     GoRules::JAPANESE,
///     Player::Black,
/// )?;
/// let dead: Vec<String> = guess_dead_stones(&go).iter().map(|p| p.to_string()).collect();
/// assert_eq!(dead, ["B3", "F5"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn guess_dead_stones(go: &Go) -> DeadStones {
    let grid = Grid::of(go);
    let mut board = grid.clone();
    let mut dead = vec![false; grid.len()];
    let mut zones = dead_zones(&grid);
    let mut suspect = vec![false; grid.len()];
    for zone in &zones {
        for &i in &zone.stones {
            suspect[i] = true;
        }
    }
    while let Some(DeadZone { stones, .. }) = zones
        .into_iter()
        .filter(|zone| zone.stones.iter().all(|&i| suspect[i]))
        .min_by_key(|zone| zone.order)
    {
        for i in stones {
            board.set(i, Cell::Empty);
            dead[i] = true;
        }
        zones = dead_zones(&board);
    }
    revive_in_own_territory(&grid, &mut dead);
    DeadStones::from_mask(&grid, &dead)
}

/// The dead stones by a per-point ownership estimate, such as the share of Monte Carlo
/// playouts in which each point ends up Black's (`+1`) or White's (`-1`): the hook for the AI.
///
/// `ownership` has one value per point in [`Go::points`] order (row by row from the bottom),
/// from `-1.0` (White's) to `1.0` (Black's). A chain is dead when the mean over its stones,
/// seen from its own colour, is below zero: its points end up the opponent's more often than
/// not. A value that is not a number makes its chain's mean not a number, and the chain is
/// kept alive. So is a chain in seki on the board as it stands (by the rule of the [crate
/// documentation](crate#seki)): playouts resolve a seki at random, as one side or the other
/// fills a shared liberty, so their ownership cannot tell it. And where chains read dead lie
/// inside a group read alive that a throw-in of theirs kills (the same rule's step 2), the
/// reading is turned around: playouts that refuse self-ataris never try the throw-in.
///
/// ```
/// use ishi_rules::Player;
/// use ishi_rules::go::{Go, GoRules};
/// use ishi_scoring::guess_dead_stones_with;
///
/// let go = Go::from_diagram(
///     "
///     . . . . .
///     . X . . .
///     . . . . .
///     . . . O .
///     . . . . .
///     ",
///     GoRules::CHINESE,
///     Player::Black,
/// )?;
/// // Playouts that give the whole board to Black: the White stone is dead.
/// let dead = guess_dead_stones_with(&go, &[0.9; 25])?;
/// assert_eq!(dead.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["D2"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`OwnershipLengthError`] when `ownership` does not have one value per point.
pub fn guess_dead_stones_with(
    go: &Go,
    ownership: &[f32],
) -> Result<DeadStones, OwnershipLengthError> {
    let grid = Grid::of(go);
    if ownership.len() != grid.len() {
        return Err(OwnershipLengthError {
            expected: grid.len(),
            found: ownership.len(),
        });
    }
    let seki = seki_stones(&grid, &grid.regions());
    let mut dead = vec![false; grid.len()];
    for chain in grid.chains().list {
        let sign = chain.color.fold(1.0, -1.0);
        let sum: f32 = chain.stones.iter().map(|&s| sign * ownership[s]).sum();
        if sum / (chain.stones.len() as f32) < 0.0 && !seki[chain.stones[0]] {
            for &s in &chain.stones {
                dead[s] = true;
            }
        }
    }
    revive_throw_ins(&grid, &mut dead);
    Ok(DeadStones::from_mask(&grid, &dead))
}

/// Turns the guess around where chains guessed dead inside a group guessed alive kill it by a
/// throw-in ([`throw_in`]): playouts that refuse self-ataris never try one, so they read the
/// group as living. The group dies, and the chains the throw-in joins live.
fn revive_throw_ins(grid: &Grid, dead: &mut [bool]) {
    for i in (0..grid.len()).filter(|&i| grid.cell(i) == Cell::Empty) {
        for player in [Player::Black, Player::White] {
            let mut inside = grid
                .neighbours(i)
                .filter(|&n| grid.stone(n) == Some(player))
                .peekable();
            if inside.peek().is_none() || !inside.all(|n| dead[n]) {
                continue;
            }
            let Some(ThrowIn { taken, killed }) = throw_in(grid, i, player) else {
                continue;
            };
            if killed.iter().any(|&k| dead[k]) {
                continue;
            }
            for s in taken {
                dead[s] = false;
            }
            for k in killed {
                dead[k] = true;
            }
        }
    }
}

/// An ownership estimate without one value per point of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnershipLengthError {
    /// The number of points of the board.
    pub expected: usize,
    /// The number of values given.
    pub found: usize,
}

impl fmt::Display for OwnershipLengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an ownership estimate needs one value per point: {} for this board, not {}",
            self.expected, self.found
        )
    }
}

impl std::error::Error for OwnershipLengthError {}

/// Points of one colour's stones and the empty points around them, walled in by the
/// opponent: a component of the points without an opponent stone.
struct Zone {
    color: Player,
    /// Every point of the zone.
    points: Vec<usize>,
    /// Its stones.
    stones: Vec<usize>,
    /// Whether its shape lets it live: two eyes, room, or half the board.
    lives: bool,
}

/// What the guess reads from a board, once per round.
struct Reading<'a> {
    board: &'a Grid,
    chains: Chains,
    regions: Regions,
    /// Steps through empty points to the nearest stone of each colour.
    distance: ByColor<Vec<u32>>,
    /// The stones in seki.
    seki: Vec<bool>,
}

impl Reading<'_> {
    /// The zone of `color` from `start`, marking its points in `seen`.
    fn zone(&self, color: Player, start: usize, seen: &mut [bool]) -> Zone {
        let board = self.board;
        let points = board.component(start, |c| c != Cell::Stone(!color), seen);
        let stones: Vec<usize> = points
            .iter()
            .copied()
            .filter(|&i| board.stone(i) == Some(color))
            .collect();
        let lives = 2 * points.len() > board.len()
            || self.eyes(color, &points) >= 2
            || self.has_room(color, &points);
        Zone {
            color,
            points,
            stones,
            lives,
        }
    }

    /// The eyes of `color` among the empty regions of `points`.
    fn eyes(&self, color: Player, points: &[usize]) -> usize {
        let mut counted = vec![false; self.regions.list.len()];
        let mut eyes = 0;
        for &i in points {
            let Some(r) = self.regions.of[i] else {
                continue;
            };
            if counted[r] {
                continue;
            }
            counted[r] = true;
            let region = &self.regions.list[r];
            if region.owner() != Some(color) {
                continue;
            }
            eyes += match region.points.len() {
                1 if self.is_false_eye(color, i) => 0,
                1..TWO_EYE_SPACE => 1,
                _ => 2,
            };
        }
        eyes
    }

    /// Whether the one-point eye `i` of `color` is false: opponent stones on two of its
    /// diagonals, or on one when it is on the edge.
    fn is_false_eye(&self, color: Player, i: usize) -> bool {
        let board = self.board;
        let opponents = board
            .diagonals(i)
            .filter(|&d| board.stone(d) == Some(!color))
            .count();
        opponents + usize::from(board.on_edge(i)) >= 2
    }

    /// Whether `color` is nearer than the opponent to at least [`LIVING_ROOM`] empty points of
    /// `points`, and to no fewer than the opponent is.
    fn has_room(&self, color: Player, points: &[usize]) -> bool {
        let (mut mine, mut theirs) = (0, 0);
        for &i in points {
            if self.board.cell(i) != Cell::Empty {
                continue;
            }
            let (me, them) = (self.distance[color][i], self.distance[!color][i]);
            if me < them {
                mine += 1;
            } else if them < me {
                theirs += 1;
            }
        }
        mine >= LIVING_ROOM && mine >= theirs
    }

    /// Whether `zone` holds out: a stone of it is in seki, or one of its chains shares a
    /// liberty with an opponent chain that has no more liberties and lives by no shape of its
    /// own (a capturing race the guess leaves alone).
    fn holds_out(
        &self,
        zone: &Zone,
        zones: &[Zone],
        zone_of: &ByColor<Vec<Option<usize>>>,
    ) -> bool {
        let board = self.board;
        let opponent = !zone.color;
        zone.stones.iter().any(|&s| self.seki[s])
            || zone.stones.iter().any(|&s| {
                let Some(c) = self.chains.of[s] else {
                    return false;
                };
                let mine = &self.chains.list[c];
                mine.liberties.iter().any(|&l| {
                    board.neighbours(l).any(|n| {
                        if board.stone(n) != Some(opponent) {
                            return false;
                        }
                        let theirs = self.chains.of[n].map(|d| &self.chains.list[d]);
                        let weak = zone_of[opponent][n].is_some_and(|z| !zones[z].lives);
                        theirs.is_some_and(|t| t.liberties.len() <= mine.liberties.len()) && weak
                    })
                })
            })
    }
}

/// A zone that looks dead, as [`guess_dead_stones`] takes them.
struct DeadZone {
    /// Which is taken first: the fewest stones, then the fewest points, then the lowest first
    /// point; on a tie, the zone listed first. The smallest is looked for rather than the list
    /// sorted: a sort's code would weigh on the web app's first download (docs/web-size.md).
    order: (usize, usize, Option<usize>),
    /// Its stones.
    stones: Vec<usize>,
}

/// The zones that look dead on `board`.
fn dead_zones(board: &Grid) -> Vec<DeadZone> {
    let regions = board.regions();
    let reading = Reading {
        board,
        chains: board.chains(),
        seki: seki_stones(board, &regions),
        regions,
        distance: ByColor::new_with(|p| board.distances(p)),
    };
    let mut zones = Vec::new();
    let mut zone_of = ByColor::new_with(|_| vec![None; board.len()]);
    for color in Player::ALL {
        let mut seen = vec![false; board.len()];
        for start in 0..board.len() {
            if board.stone(start) == Some(color) && !seen[start] {
                let zone = reading.zone(color, start, &mut seen);
                for &i in &zone.points {
                    zone_of[color][i] = Some(zones.len());
                }
                zones.push(zone);
            }
        }
    }
    zones
        .iter()
        .filter(|z| !z.lives && !reading.holds_out(z, &zones, &zone_of))
        .map(|z| DeadZone {
            order: (z.stones.len(), z.points.len(), z.points.first().copied()),
            stones: z.stones.clone(),
        })
        .collect()
}

/// Brings back the dead chains of `grid` whose region, with every dead stone lifted, touches
/// no opponent stone.
fn revive_in_own_territory(grid: &Grid, dead: &mut [bool]) {
    let mut lifted = grid.clone();
    for i in (0..grid.len()).filter(|&i| dead[i]) {
        lifted.set(i, Cell::Empty);
    }
    let regions = lifted.regions();
    for (i, flag) in dead.iter_mut().enumerate() {
        if let (true, Some(color), Some(r)) = (*flag, grid.stone(i), regions.of[i])
            && !regions.list[r].border[!color]
        {
            *flag = false;
        }
    }
}
