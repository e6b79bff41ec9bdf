//! Prior knowledge for new tree nodes: virtual playouts that start a move's statistics.
//!
//! A new child starts with `visits` virtual playouts of which `wins` were won (michi's
//! numbers, which are Pachi's): every move gets 10 playouts at 50 %, and then
//!
//! | what                                                  | visits | wins |
//! |-------------------------------------------------------|-------:|-----:|
//! | captures one stone / several stones in atari           | +15 / +30 | +15 / +30 |
//! | saves an own chain in atari (to two liberties or more) | +15 | +15 |
//! | runs from atari into a working ladder                  | +40 | 0 |
//! | ataris a chain of two liberties into a working ladder  | +15 / +30 | as visits |
//! | matches a 3x3 pattern                                  | +10 | +10 |
//! | puts its own chain in atari without capturing          | +10 | 0 |
//! | 1, 2 or 3 steps from the last move (common fate graph), without the learned model | +24, +22, +8 | as visits |
//! | first or second line, no stone within 3 points         | +10 | 0 |
//! | third line (and fourth on 13x13 and up), no stone within 3 points | +10 | +10 |
//!
//! The ladders are read by [`tactics`]: a chain in atari whose extension is
//! caught anyway gets no escape bonus but the penalty, and an atari that catches a chain
//! counts as its capture (one stone or several).
//!
//! The common fate graph counts a step along a chain as free, so a move next to any stone of
//! the chain just played is one step away. The pass gets the even prior alone.
//!
//! On boards up to 11x11, each move then gets `80 √p` more virtual playouts, all won, where
//! `p` is the probability the learned move model ([`features`]) gives it among the
//! position's candidates: Pachi's form of its pattern prior (Pachi gives 9x9 `210 √p`). In
//! self-play at 0.25 s a move on 9x9, `20 √p` won 59.0 % of 268 games against the hand-set
//! priors alone (+63 Elo, +20 to +107), `40 √p` 57.6 % of 262 against `20 √p` (+54 Elo, +16
//! to +92), and `80 √p` 55.8 % of 400 against `40 √p` (+40 Elo, +7 to +74); the learned
//! prior alone, `40 √p` on the even prior, won 56.8 % of 296 against the hand-set priors
//! (+47 Elo). Larger boards keep the hand-set priors: the model learned its lines and open
//! areas from 9x9 games.
//!
//! Where the learned model speaks, the distance from the last move is left to it: its own
//! distance features weigh it already, and the hand-set `+24, +22, +8` on top counted
//! locality twice. Without them the search won 60 % of 9x9 self-play games against the
//! build that had them (`docs/strength.md`, "The distance prior counted twice").

use std::collections::VecDeque;

use ishi_rules::Game;
use ishi_rules::go::{Go, MAX_SIZE, Move, Point};

use super::features::{self, Feature, Model};
use super::pattern;
use super::playout::{neighbours, slot};
use super::tactics;

/// Virtual playouts and wins of a new node.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Prior {
    pub(crate) visits: f32,
    pub(crate) wins: f32,
}

impl Prior {
    /// The prior of a move no knowledge speaks for or against: 10 playouts at 50 %.
    pub(crate) const EVEN: Prior = Prior {
        visits: 10.0,
        wins: 5.0,
    };

    fn add(&mut self, visits: f32, wins: f32) {
        self.visits += visits;
        self.wins += wins;
    }
}

/// The largest board whose priors come from the learned move model: it was fit to 9x9
/// games, and what it learned of lines and open areas would mislead on 13x13 and 19x19.
const LEARNED_UP_TO: usize = 11;
/// Virtual wins a learned prior adds, times the square root of the move's probability.
const LEARNED_PLAYOUTS: f32 = 80.0;

/// The learned move model, if the priors of a board of side `size` include it: up to
/// [`LEARNED_UP_TO`], when the search has one (a WASM build gets it after its first moves).
pub(crate) fn learned(size: usize, model: Option<&Model>) -> Option<&Model> {
    model.filter(|model| size <= LEARNED_UP_TO && !model.is_empty())
}

/// Priors by common-fate-graph distance 1, 2 and 3 from the last move.
const CFG: [f32; 3] = [24.0, 22.0, 8.0];
/// No stone within this Manhattan distance makes an "empty area".
const EMPTY_AREA: i32 = 3;

/// What a position says about all its moves at once, computed once per expansion.
pub(crate) struct Knowledge {
    /// Per slot: stones captured there (opponent chains in atari), 0 for none.
    captures: [u16; MAX_SIZE * MAX_SIZE],
    /// Per slot: whether playing there saves an own chain in atari.
    escapes: [bool; MAX_SIZE * MAX_SIZE],
    /// Per slot: whether playing there runs from atari into a working ladder.
    runs_into_ladder: [bool; MAX_SIZE * MAX_SIZE],
    /// Per slot: stones an atari there catches in a ladder, 0 for none.
    ladder_captures: [u16; MAX_SIZE * MAX_SIZE],
    /// Per slot: whether a stone there ataris an opponent chain that is not caught in a
    /// ladder.
    ataris: [bool; MAX_SIZE * MAX_SIZE],
    /// Per slot: common-fate-graph distance from the last move, `u8::MAX` beyond 3.
    distance: [u8; MAX_SIZE * MAX_SIZE],
}

impl Knowledge {
    pub(crate) fn of(go: &Go) -> Knowledge {
        let mut knowledge = Knowledge {
            captures: [0; MAX_SIZE * MAX_SIZE],
            escapes: [false; MAX_SIZE * MAX_SIZE],
            runs_into_ladder: [false; MAX_SIZE * MAX_SIZE],
            ladder_captures: [0; MAX_SIZE * MAX_SIZE],
            ataris: [false; MAX_SIZE * MAX_SIZE],
            distance: [u8::MAX; MAX_SIZE * MAX_SIZE],
        };
        let me = go.turn();
        // Each chain is looked at once, through its first stone in board order.
        let mut seen = [false; MAX_SIZE * MAX_SIZE];
        for q in go.points() {
            let Some(color) = go.stone_at(q) else {
                continue;
            };
            if seen[slot(q)] {
                continue;
            }
            let mut stones = 0u16;
            for s in go.chain_stones(q) {
                seen[slot(s)] = true;
                stones = stones.saturating_add(1);
            }
            if let Some(liberty) = go.atari_liberty(q) {
                let l = slot(liberty);
                if color != me {
                    knowledge.captures[l] = knowledge.captures[l].saturating_add(stones);
                } else if tactics::is_caught(go, q) {
                    knowledge.runs_into_ladder[l] = !knowledge.escapes[l];
                } else if go.liberties_after(liberty, 2) >= 2 {
                    knowledge.escapes[l] = true;
                    knowledge.runs_into_ladder[l] = false;
                }
            } else if color != me
                && let Some(liberties) = go.two_liberties(q)
            {
                for a in liberties {
                    if tactics::atari_catches(go, a, q) {
                        let caught = &mut knowledge.ladder_captures[slot(a)];
                        *caught = caught.saturating_add(stones);
                    } else {
                        knowledge.ataris[slot(a)] = true;
                    }
                }
            }
        }
        if let Some(Move::Place(last)) = go.last_move() {
            knowledge.measure_distances(go, last);
        }
        knowledge
    }

    /// Fills `distance` up to 3 by a 0-1 breadth-first search from `last`: a step to a stone
    /// of the same chain costs nothing, any other step one.
    fn measure_distances(&mut self, go: &Go, last: Point) {
        let size = go.size();
        let mut queue = VecDeque::from([last]);
        self.distance[slot(last)] = 0;
        while let Some(p) = queue.pop_front() {
            let d = self.distance[slot(p)];
            let color = go.stone_at(p);
            for n in neighbours(p, size) {
                let free = color.is_some() && go.stone_at(n) == color;
                let nd = if free { d } else { d + 1 };
                if nd > 3 || nd >= self.distance[slot(n)] {
                    continue;
                }
                self.distance[slot(n)] = nd;
                if free {
                    queue.push_front(n);
                } else {
                    queue.push_back(n);
                }
            }
        }
    }

    /// The [`Feature`]s of a stone of the player to move on the empty point `p`.
    pub(crate) fn features(&self, go: &Go, p: Point) -> impl Iterator<Item = Feature> {
        let s = slot(p);
        let captured = self.captures[s];
        let capture = match captured {
            0 => None,
            1 => Some(Feature::CapturesOne),
            _ => Some(Feature::CapturesSeveral),
        };
        let ladder = match self.ladder_captures[s] {
            0 => None,
            1 => Some(Feature::LadderCapturesOne),
            _ => Some(Feature::LadderCapturesSeveral),
        };
        let distance = match self.distance[s] {
            1 => Some(Feature::Distance1),
            2 => Some(Feature::Distance2),
            3 => Some(Feature::Distance3),
            _ => None,
        };
        let (line, empty) = line_and_area(go, p);
        let line_feature = [
            Feature::Line1,
            Feature::Line2,
            Feature::Line3,
            Feature::Line4,
        ]
        .get(line.wrapping_sub(1))
        .copied();
        let empty_feature = empty.then(|| {
            [
                Feature::EmptyLine1,
                Feature::EmptyLine2,
                Feature::EmptyLine3,
                Feature::EmptyLine4,
            ]
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(Feature::EmptyCentre)
        });
        [
            capture,
            self.escapes[s].then_some(Feature::Escapes),
            self.runs_into_ladder[s].then_some(Feature::RunsIntoLadder),
            ladder,
            self.ataris[s].then_some(Feature::Ataris),
            (captured == 0 && go.liberties_after(p, 2) < 2).then_some(Feature::SelfAtari),
            distance,
            line_feature,
            empty_feature,
        ]
        .into_iter()
        .flatten()
    }

    /// The priors of stones of the player to move on the empty `points`: the hand-set prior
    /// of each move's features (the table above), plus on boards up to [`LEARNED_UP_TO`]
    /// `√p ×` [`LEARNED_PLAYOUTS`] virtual wins for a move the learned model gives the
    /// probability `p` among `points` (Pachi's form). Each move's features are found once
    /// for both.
    pub(crate) fn priors(&self, go: &Go, points: &[Point], model: Option<&Model>) -> Vec<Prior> {
        let model = learned(go.size(), model);
        let learned = model.is_some();
        let mut found = Vec::with_capacity(Feature::ALL.len());
        let mut keys = Vec::with_capacity(Feature::ALL.len() + 3);
        let mut priors = Vec::with_capacity(points.len());
        let mut probabilities = Vec::with_capacity(if learned { points.len() } else { 0 });
        for &p in points {
            found.clear();
            found.extend(self.features(go, p));
            priors.push(hand_prior(
                &found,
                pattern::matches(go, p),
                go.size(),
                learned,
            ));
            if learned {
                keys.clear();
                features::keys(&found, go, p, &mut keys);
                probabilities.extend(model.map(|model| model.score(&keys)));
            }
        }
        if learned {
            features::softmax(&mut probabilities);
            for (prior, p) in priors.iter_mut().zip(probabilities) {
                let wins = p.sqrt() * LEARNED_PLAYOUTS;
                prior.add(wins, wins);
            }
        }
        priors
    }

    /// The hand-set prior of a stone of the player to move on the empty point `p`, as
    /// [`priors`](Knowledge::priors) adds it to the learned one.
    #[cfg(test)]
    pub(crate) fn prior(&self, go: &Go, p: Point, model: Option<&Model>) -> Prior {
        let found: Vec<Feature> = self.features(go, p).collect();
        hand_prior(
            &found,
            pattern::matches(go, p),
            go.size(),
            learned(go.size(), model).is_some(),
        )
    }
}

/// The hand-set prior (the table above) of a move of the features `found` on a board of side
/// `size`; `pattern` tells whether it sits in one of the 3x3 patterns, and `learned` whether
/// the learned model's prior joins it, which then weighs the distance from the last move
/// alone.
fn hand_prior(found: &[Feature], pattern: bool, size: usize, learned: bool) -> Prior {
    let mut prior = Prior::EVEN;
    if pattern {
        prior.add(10.0, 10.0);
    }
    for &feature in found {
        let (visits, wins) = match feature {
            Feature::CapturesOne | Feature::LadderCapturesOne | Feature::Escapes => (15.0, 15.0),
            Feature::CapturesSeveral | Feature::LadderCapturesSeveral => (30.0, 30.0),
            Feature::RunsIntoLadder => (40.0, 0.0),
            Feature::SelfAtari => (10.0, 0.0),
            Feature::Distance1 | Feature::Distance2 | Feature::Distance3 if learned => continue,
            Feature::Distance1 => (CFG[0], CFG[0]),
            Feature::Distance2 => (CFG[1], CFG[1]),
            Feature::Distance3 => (CFG[2], CFG[2]),
            // Open areas: the first two lines discouraged, the third (and on 13x13 and up the
            // fourth) favoured.
            Feature::EmptyLine1 | Feature::EmptyLine2 => (10.0, 0.0),
            Feature::EmptyLine3 => (10.0, 10.0),
            Feature::EmptyLine4 if size >= 13 => (10.0, 10.0),
            Feature::EmptyLine4
            | Feature::EmptyCentre
            | Feature::Ataris
            | Feature::Line1
            | Feature::Line2
            | Feature::Line3
            | Feature::Line4 => continue,
        };
        prior.add(visits, wins);
    }
    prior
}

/// The line of `p` (1 on the edge) and whether no stone stands within [`EMPTY_AREA`] steps
/// of it.
fn line_and_area(go: &Go, p: Point) -> (usize, bool) {
    let size = go.size() as i32;
    let (col, row) = (i32::from(p.col()), i32::from(p.row()));
    let line = 1 + col.min(row).min(size - 1 - col).min(size - 1 - row);
    (line as usize, empty_area(go, col, row))
}

/// Whether no stone stands within [`EMPTY_AREA`] steps (Manhattan distance) of `(col, row)`.
fn empty_area(go: &Go, col: i32, row: i32) -> bool {
    let size = go.size() as i32;
    for dr in -EMPTY_AREA..=EMPTY_AREA {
        let reach = EMPTY_AREA - dr.abs();
        for dc in -reach..=reach {
            let (c, r) = (col + dc, row + dr);
            if (0..size).contains(&c) && (0..size).contains(&r) {
                let q = Point::new(c as u8, r as u8);
                if q.is_some_and(|q| go.stone_at(q).is_some()) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::testing::pt;
    use ishi_rules::Player;
    use ishi_rules::go::GoRules;

    #[test]
    fn captures_and_contact_moves_rank_above_quiet_ones() {
        let model = Model::embedded();
        // White's last move D3 stands in atari at E3.
        let go = Go::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . X . . . .
            . . . X . . .
            . . . . . . .
            ",
            GoRules::JAPANESE,
            Player::White,
        )
        .unwrap()
        .play(Move::Place(pt("D3")))
        .unwrap();
        let knowledge = Knowledge::of(&go);
        let rate = |p: &str| {
            let prior = knowledge.prior(&go, pt(p), Some(&model));
            prior.wins / prior.visits
        };
        let capture = knowledge.prior(&go, pt("E3"), Some(&model));
        assert!(capture.visits >= 10.0 + 15.0, "{capture:?}");
        assert!(rate("E3") > rate("G7"), "{} vs {}", rate("E3"), rate("G7"));
        assert_eq!(knowledge.distance[slot(pt("E3"))], 1);
        assert_eq!(knowledge.distance[slot(pt("E4"))], 2);
    }

    #[test]
    fn the_distance_from_the_last_move_is_the_learned_models_where_it_speaks() {
        let model = Model::embedded();
        // Black's E5 is the last move; White's E4 is one step from it, E3 two.
        for size in [9, 13] {
            let go = Go::new(size, GoRules::CHINESE)
                .unwrap()
                .play(Move::Place(pt("E5")))
                .unwrap();
            let knowledge = Knowledge::of(&go);
            let (near, next) = (
                knowledge.prior(&go, pt("E4"), Some(&model)),
                knowledge.prior(&go, pt("E3"), Some(&model)),
            );
            let (d1, d2) = if learned(size, Some(&model)).is_some() {
                (0.0, 0.0)
            } else {
                (CFG[0], CFG[1])
            };
            assert_eq!(learned(size, Some(&model)).is_some(), size == 9);
            assert_eq!(near.visits, Prior::EVEN.visits + d1, "{size}: {near:?}");
            assert_eq!(next.visits, Prior::EVEN.visits + d2, "{size}: {next:?}");
        }
    }

    #[test]
    fn the_learned_model_adds_wins_on_small_boards_only() {
        let model = Model::embedded();
        // Black to play can take White's D3 at E3.
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . X O . . . . .
            . . . X . . . . .
            . . . . . . . . .
            ";
        let small = Go::from_diagram(diagram, GoRules::CHINESE, Player::Black).unwrap();
        let points: Vec<Point> = small.empty_points().collect();
        let knowledge = Knowledge::of(&small);
        let priors = knowledge.priors(&small, &points, Some(&model));
        let at = |p: &str| points.iter().position(|&q| q == pt(p)).unwrap();
        let capture = priors[at("E3")];
        let hand = knowledge.prior(&small, pt("E3"), Some(&model));
        assert!(capture.wins - hand.wins > 5.0, "{capture:?} {hand:?}");
        assert_eq!(capture.visits - hand.visits, capture.wins - hand.wins);
        let extra =
            |p: &str| priors[at(p)].wins - knowledge.prior(&small, pt(p), Some(&model)).wins;
        assert!(
            extra("E3") > 3.0 * extra("J9"),
            "{} {}",
            extra("E3"),
            extra("J9")
        );

        // The same stones in the lower left corner of 19x19.
        let empty_row = vec!["."; 19].join(" ");
        let rows: Vec<String> = std::iter::repeat_n(empty_row, 10)
            .chain(
                diagram
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(|l| format!("{l} {}", ["."; 10].join(" "))),
            )
            .collect();
        let large = Go::from_diagram(&rows.join("\n"), GoRules::CHINESE, Player::Black).unwrap();
        assert_eq!(large.stone_at(pt("D3")), Some(Player::White));
        let points: Vec<Point> = large.empty_points().collect();
        let knowledge = Knowledge::of(&large);
        let hand: Vec<Prior> = points
            .iter()
            .map(|&p| knowledge.prior(&large, p, Some(&model)))
            .collect();
        assert_eq!(knowledge.priors(&large, &points, Some(&model)), hand);
    }

    #[test]
    fn empty_corners_discourage_the_first_two_lines_and_favour_the_third_and_fourth() {
        let model = Model::embedded();
        let go = Go::new(19, GoRules::CHINESE).unwrap();
        let knowledge = Knowledge::of(&go);
        let rate = |p: &str| {
            let prior = knowledge.prior(&go, pt(p), Some(&model));
            prior.wins / prior.visits
        };
        assert!(rate("B2") < rate("K10"));
        assert!(rate("C3") > rate("K10"));
        assert_eq!(rate("D4"), rate("C3"));
        assert_eq!(knowledge.prior(&go, pt("K10"), Some(&model)), Prior::EVEN);
        // On 9x9 the fourth line is the centre's: no bonus there.
        let small = Go::new(9, GoRules::CHINESE).unwrap();
        let knowledge = Knowledge::of(&small);
        assert_eq!(knowledge.prior(&small, pt("D4"), Some(&model)), Prior::EVEN);
        assert!(knowledge.prior(&small, pt("C3"), Some(&model)).wins > Prior::EVEN.wins);
    }

    #[test]
    fn capturing_several_stones_counts_more_than_one() {
        let model = Model::embedded();
        // White's C3-D3 is in atari at E3, White's F5 at F4; Black to play.
        let go = Go::from_diagram(
            "
            . . . . . . .
            . . . . . X .
            . . . . X O X
            . . X X . . .
            . X O O . . .
            . . X X . . .
            . . . . . . .
            ",
            GoRules::CHINESE,
            Player::Black,
        )
        .unwrap();
        let knowledge = Knowledge::of(&go);
        assert_eq!(knowledge.captures[slot(pt("E3"))], 2);
        assert_eq!(knowledge.captures[slot(pt("F4"))], 1);
        let (two, one) = (
            knowledge.prior(&go, pt("E3"), Some(&model)),
            knowledge.prior(&go, pt("F4"), Some(&model)),
        );
        assert!(two.visits - one.visits >= 15.0, "{two:?} {one:?}");
    }

    #[test]
    fn running_into_a_ladder_is_discouraged_and_the_ladder_atari_encouraged() {
        let model = Model::embedded();
        // Black's C3 (two liberties) against White's B3, C4 and D2 on an empty 9x9 board:
        // White's C2 starts a working ladder; after it, Black's D3 runs into it.
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . O . . . . . .
            . O X . . . . . .
            . . . O . . . . .
            . . . . . . . . .
            ";
        let go = Go::from_diagram(diagram, GoRules::CHINESE, Player::White).unwrap();
        let knowledge = Knowledge::of(&go);
        assert_eq!(knowledge.ladder_captures[slot(pt("C2"))], 1);
        let atari = knowledge.prior(&go, pt("C2"), Some(&model));
        assert!(atari.wins / atari.visits > 0.5, "{atari:?}");
        let chased = go.play(Move::Place(pt("C2"))).unwrap();
        let knowledge = Knowledge::of(&chased);
        assert!(knowledge.runs_into_ladder[slot(pt("D3"))]);
        assert!(!knowledge.escapes[slot(pt("D3"))]);
        let run = knowledge.prior(&chased, pt("D3"), Some(&model));
        assert!(run.wins / run.visits < 0.5, "{run:?}");
    }

    #[test]
    fn the_chain_just_extended_is_one_step_from_all_its_liberties() {
        // Black's last move E5 joins D5: D5's liberties are one step away too.
        let go = Go::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
            GoRules::JAPANESE,
            Player::Black,
        )
        .unwrap()
        .play(Move::Place(pt("E5")))
        .unwrap();
        let knowledge = Knowledge::of(&go);
        assert_eq!(knowledge.distance[slot(pt("C5"))], 1);
        assert_eq!(knowledge.distance[slot(pt("B5"))], 2);
        assert_eq!(knowledge.distance[slot(pt("A5"))], 3);
        assert_eq!(knowledge.distance[slot(pt("A1"))], u8::MAX);
    }
}
