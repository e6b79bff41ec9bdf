//! The network's inputs for a Go position: KataGo's input version 7, 22 planes over the
//! board and 19 global values, computed as KataGo's `fillRowV7` computes them.
//!
//! Planes, each from the point of view of the player to move ("own" and "opponent"):
//!
//! | plane | what |
//! |---|---|
//! | 0 | on the board (always 1: the network runs on exactly the board's points) |
//! | 1, 2 | own stones, opponent stones |
//! | 3, 4, 5 | stones of chains with 1, 2, 3 liberties |
//! | 6 | the point ko or superko forbids to the player to move |
//! | 7, 8 | encore ko marks: always 0 (Ishi has no encore) |
//! | 9 to 13 | the last 5 moves, most recent first (a pass sets a global value instead) |
//! | 14 | stones of chains a ladder captures |
//! | 15, 16 | the same on the board one and two moves ago |
//! | 17 | the ataris that start a working ladder against an opponent chain of 2 liberties |
//! | 18, 19 | own and opponent area: pass-alive areas, then stones and one-colour regions (area scoring only) |
//! | 20, 21 | second-encore stones: always 0 |
//!
//! Global values: 0 to 4 the last 5 moves' passes; 5 the komi from the player to move's
//! side over 20 (under territory scoring plus the stones each side has placed, as KataGo
//! counts it, and clipped to the board's area plus 20); 6 and 7 the ko rule (simple: 0, 0;
//! positional: 1, 0.5; situational: 1, -0.5); 8 suicide; 9 territory scoring; 10 and 11 the
//! tax (seki: 1, 0); 12 and 13 the encore (0); 14 whether a pass would end the game; 15 and
//! 16 playout doubling (0); 17 the button (0); 18 the komi's parity wave under area scoring.
//!
//! **Rules.** Ishi's [`GoRules`] map onto KataGo's rule fields as follows; every field has an
//! exact counterpart:
//!
//! | Ishi | KataGo |
//! |---|---|
//! | `scoring` Area / Territory | `scoringRule` AREA / TERRITORY |
//! | `ko` Simple / PositionalSuperko / SituationalSuperko | `koRule` SIMPLE / POSITIONAL / SITUATIONAL |
//! | `suicide` | `multiStoneSuicideLegal` (both always refuse a lone stone's suicide) |
//! | territory scoring | `taxRule` SEKI (points in seki do not count); area scoring: NONE |
//! | `dead_stone_removal` under area scoring | `friendlyPassOk`: a pass does not end the game with the dead stones on the board, so after the opponent's pass the network sees no history and no "a pass ends the game" |
//! | (no handicap compensation) | `whiteHandicapBonusRule` 0 |
//! | `komi` | `komi` |
//!
//! So `GoRules::JAPANESE` is KataGo's `japanese`, `GoRules::TROMP_TAYLOR` its
//! `tromp-taylor`, and `GoRules::CHINESE` its `chinese` with positional superko and no
//! handicap bonus, as Ishi plays it. Where Ishi and KataGo differ on when a game ends (KataGo
//! also ends a phase when a player passes in a position they passed in before, under simple
//! ko), the features follow Ishi: a pass ends the game only after a pass. A finished game
//! is shown with one move of history, as KataGo shows one.
//!
//! **History.** The moves and the earlier boards come from the positions before the current
//! one: [`Features::encode`] takes the game's positions, oldest first, and reads the last
//! five moves from them (`Go::last_move` of each, when the position before it is there too)
//! and the two previous boards for the ladder planes. Fewer positions are fine: the history
//! then stops where they do, as it does at the start of a game, so the 6 positions up to the
//! current one give the network all it looks at.

mod area;
mod grid;
mod ladder;

use std::borrow::Borrow;
use std::fmt;

use ishi_rules::go::{Go, GoRules, KoRule, Move, Point, Scoring};
use ishi_rules::{Game, IllegalReason, Player};

use crate::{GLOBAL_FEATURES, SPATIAL_FEATURES};
use grid::{Grid, Marks};
use ladder::{Found, Ladders};

/// The moves of history the features show.
const HISTORY: usize = 5;

/// Features that cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FeatureError {
    /// No position was given.
    NoPosition,
}

impl fmt::Display for FeatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeatureError::NoPosition => f.write_str("no position to compute features of"),
        }
    }
}

impl std::error::Error for FeatureError {}

/// The network's input for one position (see the module's doc), with what the outputs'
/// post-processing needs: the legal moves and whether the rules allow no result.
///
/// Keep one and [`encode`](Features::encode) position after position into it: its buffers
/// are reused.
#[derive(Clone, Debug)]
pub struct Features {
    size: usize,
    turn: Player,
    /// Plane after plane, each row by row from the top of the board.
    spatial: Vec<f32>,
    global: [f32; GLOBAL_FEATURES],
    /// Per point (rows from the top), then the pass.
    legal: Vec<bool>,
    no_result_possible: bool,
    ladders: Ladders,
    found: Found,
    marks: Marks,
    scratch: Vec<usize>,
    chain: Vec<usize>,
}

impl Features {
    /// The features of the last of `history` (a game's positions, oldest first).
    ///
    /// # Errors
    ///
    /// [`FeatureError::NoPosition`] when `history` is empty.
    pub fn new<G: Borrow<Go>>(history: &[G]) -> Result<Features, FeatureError> {
        let mut features = Features::blank();
        features.encode(history)?;
        Ok(features)
    }

    /// The features of `position` with no history before it.
    pub fn of_position(position: &Go) -> Features {
        let mut features = Features::blank();
        features.fill(std::slice::from_ref(position), position);
        features
    }

    fn blank() -> Features {
        Features {
            size: 0,
            turn: Player::Black,
            spatial: Vec::new(),
            global: [0.0; GLOBAL_FEATURES],
            legal: Vec::new(),
            no_result_possible: false,
            ladders: Ladders::default(),
            found: Found {
                laddered: Vec::new(),
                working: Vec::new(),
            },
            marks: Marks::default(),
            scratch: Vec::new(),
            chain: Vec::new(),
        }
    }

    /// Replaces these features with those of the last of `history` (a game's positions,
    /// oldest first), reusing the buffers.
    ///
    /// # Errors
    ///
    /// [`FeatureError::NoPosition`] when `history` is empty; the features are then left as
    /// they were.
    pub fn encode<G: Borrow<Go>>(&mut self, history: &[G]) -> Result<(), FeatureError> {
        let current = history.last().ok_or(FeatureError::NoPosition)?.borrow();
        self.fill(history, current);
        Ok(())
    }

    /// Fills the features of `current`, the last of `history`.
    fn fill<G: Borrow<Go>>(&mut self, history: &[G], current: &Go) {
        let size = current.size();
        let area = size * size;
        self.size = size;
        self.turn = current.turn();
        self.spatial.clear();
        self.spatial.resize(SPATIAL_FEATURES * area, 0.0);
        self.global = [0.0; GLOBAL_FEATURES];
        let rules = NetRules::of(current.rules());
        self.no_result_possible = rules.ko == KoRule::Simple || rules.territory;

        let me = current.turn();
        let grid = Grid::from_go(current);
        let pos = |l: usize| {
            let x = l % grid::STRIDE - 1;
            let y = l / grid::STRIDE - 1;
            y * size + x
        };

        // Stones and liberties.
        let mut counted = Marks::default();
        counted.clear();
        let mut stones = std::mem::take(&mut self.chain);
        for l in grid.locs() {
            self.set(0, pos(l));
            let Some(owner) = grid.stone(l) else {
                continue;
            };
            self.set(if owner == me { 1 } else { 2 }, pos(l));
            if counted.is_marked(l) {
                continue;
            }
            let libs = grid.liberty_count(l, &mut self.marks, &mut self.scratch);
            stones.clear();
            grid.chain(l, &mut self.marks, &mut stones);
            for &s in &stones {
                counted.mark(s);
                if (1..=3).contains(&libs) {
                    self.set(2 + libs, pos(s));
                }
            }
        }
        self.chain = stones;

        // Ko and superko, and the legal moves for the policy.
        self.legal.clear();
        self.legal.resize(area + 1, false);
        let over = current.is_over();
        for y in 0..size {
            for x in 0..size {
                let Some(p) = Point::new(x as u8, (size - 1 - y) as u8) else {
                    continue;
                };
                let check = current.check(Move::Place(p));
                if matches!(check, Err(IllegalReason::Ko | IllegalReason::Superko)) {
                    self.set(6, y * size + x);
                }
                self.legal[y * size + x] = check.is_ok() || (over && current.is_playable(p));
            }
        }
        self.legal[area] = true;

        // Area under area scoring.
        if !rules.territory {
            let owners = area::area(&grid, rules.suicide);
            for l in grid.locs() {
                match owners[l] {
                    Some(p) if p == me => self.set(18, pos(l)),
                    Some(_) => self.set(19, pos(l)),
                    None => {}
                }
            }
        }

        // History: the last moves, unless a pass would end the game and the rules let the
        // players pass with dead stones on the board.
        let last_was_pass = current.consecutive_passes() >= 1 && !over;
        let suppress = last_was_pass && !rules.territory && rules.friendly_pass_ok;
        let max_turns = if suppress {
            0
        } else if over {
            1
        } else {
            HISTORY
        };
        // Move k ago led from history[len - 1 - k] to history[len - k]; both must be there.
        let len = history.len();
        let mut included = 0;
        for k in 1..=max_turns.min(len - 1) {
            let (before, after) = (history[len - 1 - k].borrow(), history[len - k].borrow());
            let chained = before.size() == size && before.move_number() + 1 == after.move_number();
            let Some(mv) = after.last_move().filter(|_| chained) else {
                break;
            };
            match mv {
                Move::Pass => self.global[k - 1] = 1.0,
                Move::Place(p) => {
                    let y = size - 1 - usize::from(p.row());
                    self.set(8 + k, y * size + usize::from(p.col()));
                }
            }
            included = k;
        }

        // Ladders, now and on the boards one and two moves before (or the latest one the
        // history reaches, as KataGo falls back).
        self.ladders.find(&grid, &mut self.found);
        for i in 0..self.found.laddered.len() {
            self.set(14, pos(self.found.laddered[i]));
        }
        for i in 0..self.found.working.len() {
            let (l, chain) = self.found.working[i];
            if chain != me {
                self.set(17, pos(l));
            }
        }
        for (plane, k) in [(15, 1), (16, 2)] {
            let back = k.min(included);
            if back == 0 {
                self.copy_plane(14, plane);
            } else if back < k {
                self.copy_plane(15, plane);
            } else {
                let earlier = Grid::from_go(history[len - 1 - k].borrow());
                self.ladders.find(&earlier, &mut self.found);
                for i in 0..self.found.laddered.len() {
                    self.set(plane, pos(self.found.laddered[i]));
                }
            }
        }

        // Global values.
        self.global[5] = rules.self_komi(current) / 20.0;
        match rules.ko {
            KoRule::Simple => {}
            KoRule::PositionalSuperko => (self.global[6], self.global[7]) = (1.0, 0.5),
            KoRule::SituationalSuperko => (self.global[6], self.global[7]) = (1.0, -0.5),
        }
        if rules.suicide {
            self.global[8] = 1.0;
        }
        if rules.territory {
            self.global[9] = 1.0;
            self.global[10] = 1.0;
        }
        if last_was_pass && !suppress {
            self.global[14] = 1.0;
        }
        if !rules.territory {
            self.global[18] = komi_wave(rules.self_komi(current), area);
        }
    }

    fn set(&mut self, plane: usize, pos: usize) {
        let area = self.size * self.size;
        self.spatial[plane * area + pos] = 1.0;
    }

    fn copy_plane(&mut self, from: usize, to: usize) {
        let area = self.size * self.size;
        self.spatial
            .copy_within(from * area..(from + 1) * area, to * area);
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The player to move.
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Plane `n` (0 to 21), row by row from the top of the board, as KataGo lays it.
    ///
    /// # Panics
    ///
    /// When `n` is not below [`SPATIAL_FEATURES`].
    pub fn plane(&self, n: usize) -> &[f32] {
        let area = self.size * self.size;
        &self.spatial[n * area..(n + 1) * area]
    }

    /// The 19 global values.
    pub fn global(&self) -> &[f32; GLOBAL_FEATURES] {
        &self.global
    }

    /// Whether the move at `pos` (a point's index, rows from the top; the board's area for
    /// the pass) is legal.
    pub(crate) fn is_legal_at(&self, pos: usize) -> bool {
        self.legal.get(pos).copied().unwrap_or(false)
    }

    /// Whether the rules make no result possible (simple ko or territory scoring).
    pub(crate) fn no_result_possible(&self) -> bool {
        self.no_result_possible
    }
}

/// Ishi's rules as KataGo's rule fields (see the module's doc for the mapping).
#[derive(Copy, Clone, Debug)]
struct NetRules {
    ko: KoRule,
    territory: bool,
    suicide: bool,
    friendly_pass_ok: bool,
    komi: f32,
}

impl NetRules {
    fn of(rules: &GoRules) -> NetRules {
        let territory = rules.scoring == Scoring::Territory;
        NetRules {
            ko: rules.ko,
            territory,
            suicide: rules.suicide,
            friendly_pass_ok: !territory && rules.dead_stone_removal,
            komi: rules.komi.half_points() as f32 / 2.0,
        }
    }

    /// The komi as KataGo's inputs give it to the player to move: White's komi, under
    /// territory scoring plus one point per stone Black has placed and minus one per stone
    /// White has (KataGo's way of counting territory as area), clipped to the board's area
    /// plus 20.
    fn self_komi(&self, go: &Go) -> f32 {
        let mut white = self.komi;
        if self.territory {
            let (mut black_stones, mut white_stones) = (0i64, 0i64);
            for p in go.points() {
                match go.stone_at(p) {
                    Some(Player::Black) => black_stones += 1,
                    Some(Player::White) => white_stones += 1,
                    None => {}
                }
            }
            // Stones lost are the other side's prisoners.
            let captures = go.captures();
            let placed_black = black_stones + i64::from(captures.white);
            let placed_white = white_stones + i64::from(captures.black);
            white += (placed_black - placed_white) as f32;
        }
        let own = if go.turn() == Player::White {
            white
        } else {
            -white
        };
        let limit = (go.size() * go.size()) as f32 + 20.0;
        own.clamp(-limit, limit)
    }
}

/// KataGo's komi parity wave: a triangle of period 2 in the komi, rising through the komis
/// at which a draw is possible (even ones on boards of even area, odd ones otherwise).
fn komi_wave(self_komi: f32, area: usize) -> f32 {
    let floor = if area.is_multiple_of(2) {
        (self_komi / 2.0).floor() * 2.0
    } else {
        ((self_komi - 1.0) / 2.0).floor() * 2.0 + 1.0
    };
    let delta = (self_komi - floor).clamp(0.0, 2.0);
    if delta < 0.5 {
        delta
    } else if delta < 1.5 {
        1.0 - delta
    } else {
        delta - 2.0
    }
}
