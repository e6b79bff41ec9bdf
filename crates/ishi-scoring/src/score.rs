//! The count: area or territory, with dead stones, seki, komi and prisoners.

use std::fmt;
use std::str::FromStr;

use ishi_rules::go::{Go, GoRules, Komi, Point, Scoring};
use ishi_rules::{ByColor, Outcome, Player};

use crate::dead::DeadStones;
use crate::grid::{Cell, Grid};
use crate::ownership::{Ownership, OwnershipMap};
use crate::result::GameResult;
use crate::seki::seki_stones;

/// One player's side of the count. Points are whole except `komi` and `total`, which are in
/// half-points so that they add exactly.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Breakdown {
    /// Living stones on the board, those in seki included (dead ones are not).
    pub stones: u32,
    /// Empty points and points of dead stones that count for the player.
    pub territory: u32,
    /// Opponent stones captured in play plus the opponent's dead stones.
    pub prisoners: u32,
    /// Komi: the rules' komi for White, none for Black.
    pub komi: Komi,
    /// The score in half-points: `2 × (stones + territory) + komi` under area scoring,
    /// `2 × (territory + prisoners) + komi` under territory scoring.
    pub total: i32,
}

/// The count of a finished game: per-point ownership, the breakdown and the result.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Score {
    /// The scoring the count followed (the position's rules).
    pub scoring: Scoring,
    /// Each side's count.
    pub breakdown: ByColor<Breakdown>,
    /// What each point is.
    pub ownership: OwnershipMap,
    /// Whether stones were marked dead but left on the board because the rules remove no
    /// dead stones (Tromp-Taylor: the board counts as it stands).
    pub dead_ignored: bool,
}

impl Score {
    /// Black's lead in half-points (negative when White leads).
    pub fn margin(&self) -> i32 {
        self.breakdown
            .black
            .total
            .saturating_sub(self.breakdown.white.total)
    }

    /// The result: `B+3.5`, `W+0.5` or a draw.
    pub fn result(&self) -> GameResult {
        GameResult::from_margin(self.margin())
    }

    /// Who won, or a draw.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_margin(Player::Black, self.margin())
    }

    /// The points of the stones with `status`, row by row from the bottom.
    pub fn stones(&self, status: StoneStatus) -> Vec<Point> {
        self.ownership
            .iter()
            .filter(|&(_, o)| match status {
                StoneStatus::Alive => matches!(o, Ownership::Alive(_)),
                StoneStatus::Seki => matches!(o, Ownership::Seki(_)),
                StoneStatus::Dead => matches!(o, Ownership::Dead { .. }),
            })
            .map(|(p, _)| p)
            .collect()
    }
}

/// The status of a stone at the count, as GTP's `final_status_list` names it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum StoneStatus {
    /// Alive and not in seki.
    Alive,
    /// Dead: removed before the count.
    Dead,
    /// Alive in seki.
    Seki,
}

impl fmt::Display for StoneStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StoneStatus::Alive => "alive",
            StoneStatus::Dead => "dead",
            StoneStatus::Seki => "seki",
        })
    }
}

/// Text that is not a stone status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStatusError {
    text: String,
}

impl fmt::Display for ParseStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a stone status: expected alive, dead or seki",
            self.text
        )
    }
}

impl std::error::Error for ParseStatusError {}

impl FromStr for StoneStatus {
    type Err = ParseStatusError;

    /// Reads `alive`, `dead` or `seki` in any case.
    ///
    /// # Errors
    ///
    /// [`ParseStatusError`] for any other text.
    fn from_str(s: &str) -> Result<StoneStatus, ParseStatusError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "alive" => Ok(StoneStatus::Alive),
            "dead" => Ok(StoneStatus::Dead),
            "seki" => Ok(StoneStatus::Seki),
            _ => Err(ParseStatusError { text: s.to_owned() }),
        }
    }
}

/// Counts `go` with the chains of `dead` removed, under the position's rules.
///
/// A chain is dead when any of its stones is in `dead`; points of `dead` without a stone are
/// ignored. Dead stones are lifted before anything is counted; each is a prisoner for its
/// opponent, and its point counts like an empty point of the region it leaves (usually the
/// opponent's territory). Empty regions that touch the living stones of one colour only are
/// that colour's; regions touching both are dame.
///
/// - **Area scoring** (Chinese rules): living stones, seki included, plus territory; the
///   empty points of a seki that one colour surrounds count for it; prisoners are shown but
///   do not count.
/// - **Territory scoring** (Japanese rules): territory plus prisoners; stones do not count,
///   and neither do the points a colour surrounds next to a seki ([`Ownership::SekiEye`]).
/// - **No dead-stone removal** (Tromp-Taylor): the board counts as it stands; `dead` is
///   ignored and [`Score::dead_ignored`] says whether it marked any stone.
///
/// Komi counts for White. Which chains are in seki is decided by the rule in the
/// [crate documentation](crate#seki).
pub fn score(go: &Go, dead: &DeadStones) -> Score {
    let grid = Grid::of(go);
    let rules = *go.rules();
    let chains = grid.chains();
    let mut marked = vec![false; grid.len()];
    for chain in &chains.list {
        let is_dead = chain
            .stones
            .iter()
            .any(|&s| grid.point(s).is_some_and(|p| dead.contains(p)));
        for &s in &chain.stones {
            marked[s] = is_dead;
        }
    }
    let dead_ignored = !rules.dead_stone_removal && marked.contains(&true);
    if !rules.dead_stone_removal {
        marked.fill(false);
    }
    Score {
        dead_ignored,
        ..count(&grid, &marked, &rules, go.captures())
    }
}

/// The count of `grid` with the stones flagged in `dead` lifted.
fn count(grid: &Grid, dead: &[bool], rules: &GoRules, captures: ByColor<u32>) -> Score {
    let mut living = grid.clone();
    for i in (0..grid.len()).filter(|&i| dead[i]) {
        living.set(i, Cell::Empty);
    }
    let regions = living.regions();
    let seki = seki_stones(&living, &regions);
    // Who each region counts for, and whether it is an eye of a seki.
    let region_kind: Vec<(Option<Player>, bool)> = regions
        .list
        .iter()
        .map(|region| {
            let owner = region.owner();
            let by_seki = region
                .points
                .iter()
                .any(|&i| living.neighbours(i).any(|n| seki[n]));
            (owner, owner.is_some() && by_seki)
        })
        .collect();
    let counts_for = |i: usize| -> Option<Player> {
        let (owner, seki_eye) = region_kind[regions.of[i]?];
        owner.filter(|_| !(seki_eye && rules.scoring == Scoring::Territory))
    };
    let cells: Vec<Ownership> = (0..grid.len())
        .map(|i| match grid.stone(i) {
            Some(color) if dead[i] => Ownership::Dead {
                color,
                counts_for: counts_for(i),
            },
            Some(color) if seki[i] => Ownership::Seki(color),
            Some(color) => Ownership::Alive(color),
            None => match (counts_for(i), regions.of[i].map(|r| region_kind[r])) {
                (Some(p), _) => Ownership::Territory(p),
                (None, Some((Some(p), true))) => Ownership::SekiEye(p),
                _ => Ownership::Dame,
            },
        })
        .collect();
    let breakdown = ByColor::new_with(|player| {
        let mut b = Breakdown {
            stones: 0,
            territory: 0,
            prisoners: captures[player],
            komi: player.fold(Komi::default(), rules.komi),
            total: 0,
        };
        for &o in &cells {
            match o {
                Ownership::Alive(p) | Ownership::Seki(p) if p == player => b.stones += 1,
                Ownership::Territory(p) if p == player => b.territory += 1,
                Ownership::Dead { color, counts_for } => {
                    if color != player {
                        b.prisoners = b.prisoners.saturating_add(1);
                    }
                    if counts_for == Some(player) {
                        b.territory += 1;
                    }
                }
                _ => {}
            }
        }
        let points = match rules.scoring {
            Scoring::Area => b.stones + b.territory,
            Scoring::Territory => b.territory.saturating_add(b.prisoners),
        };
        // Prisoners come from a setup and may be absurd: saturate rather than overflow.
        b.total = i32::try_from(points)
            .unwrap_or(i32::MAX)
            .saturating_mul(2)
            .saturating_add(b.komi.half_points());
        b
    });
    Score {
        scoring: rules.scoring,
        breakdown,
        ownership: OwnershipMap::new(grid.size(), cells),
        dead_ignored: false,
    }
}
