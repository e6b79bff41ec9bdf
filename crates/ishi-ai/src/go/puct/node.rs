//! A node of the tree, and the arithmetic of choosing among children: the utility of a
//! node's values and the PUCT formula.

use std::f32::consts::FRAC_2_PI;

use ishi_rules::go::Go;
use ishi_rules::{Game, Player};

use super::Config;
use crate::go::tree::Linked;

/// A position of the tree, reached by [`mv`](Node::mv), with what the simulations through
/// it found. Values are for the player who made `mv` (the mover), as means.
#[derive(Copy, Clone, Debug)]
pub(super) struct Node {
    /// The move into this node, packed ([`tree::encode`](crate::go::tree::encode)).
    pub(super) mv: u16,
    /// The number of children, 0 until the node is evaluated (and for a finished game).
    pub(super) children: u16,
    /// The index of the first child; the children are contiguous.
    pub(super) first: u32,
    /// Simulations through the node: its evaluation, then one per visit below it.
    pub(super) visits: u32,
    /// The policy's probability of `mv` in the position before it.
    pub(super) prior: f32,
    /// The mean of win minus loss, from -1 to 1.
    pub(super) value: f32,
    /// The mean final score, in points.
    pub(super) score: f32,
}

impl Node {
    pub(super) fn new(mv: u16, prior: f32) -> Node {
        Node {
            mv,
            children: 0,
            first: 0,
            visits: 0,
            prior,
            value: 0.0,
            score: 0.0,
        }
    }

    /// Adds one simulation's result (for the mover) to the means.
    pub(super) fn add(&mut self, value: f32, score: f32) {
        self.visits += 1;
        let weight = 1.0 / self.visits as f32;
        self.value += (value - self.value) * weight;
        self.score += (score - self.score) * weight;
    }

    /// The mover's chance of winning, from the mean value.
    pub(super) fn win_rate(&self) -> f32 {
        (1.0 + self.value) / 2.0
    }
}

impl Linked for Node {
    fn mv(&self) -> u16 {
        self.mv
    }

    fn first(&self) -> u32 {
        self.first
    }

    fn children(&self) -> u16 {
        self.children
    }

    fn set_first(&mut self, first: u32) {
        self.first = first;
    }
}

/// What a node is worth to its mover: win minus loss, plus a small, bounded bonus for the
/// score (KataGo's "score utility"), so that among won (or lost) lines the search prefers
/// the larger margin, and keeps playing well when the game is decided either way.
///
/// The bonus is `static · s(score / (2 √area)) + dynamic · s((score - centre) / (0.75 √area))`
/// with `s(x) = 2/π · atan(x)`: the static part centred on 0, the dynamic part on the score
/// the search expects at the root (80 % of it, as KataGo's `recentScoreCenter`), so that a
/// point more or less still counts when the game is far from even. Both take the node's mean
/// score, not the mean of the bonus over the network's score distribution as KataGo does.
#[derive(Copy, Clone, Debug)]
pub(super) struct Utility {
    static_weight: f32,
    static_scale: f32,
    dynamic_weight: f32,
    dynamic_scale: f32,
    /// The dynamic part's centre for the root's player to move.
    centre: f32,
    root_player: Player,
}

impl Utility {
    /// The utility of a search of `root` whose expected score for its player to move is
    /// `expected`.
    pub(super) fn new(config: &Config, root: &Go, expected: f32) -> Utility {
        let side = (root.size() as f32).max(1.0);
        let dynamic_scale = 0.75 * side;
        let centre = (0.8 * expected).clamp(expected - dynamic_scale, expected + dynamic_scale);
        Utility {
            static_weight: config.static_score_utility,
            static_scale: 2.0 * side,
            dynamic_weight: config.dynamic_score_utility,
            dynamic_scale,
            centre,
            root_player: root.turn(),
        }
    }

    /// The utility for `mover` of a mean value and a mean score.
    pub(super) fn of(&self, value: f32, score: f32, mover: Player) -> f32 {
        let centre = if mover == self.root_player {
            self.centre
        } else {
            -self.centre
        };
        let s = |x: f32| FRAC_2_PI * x.atan();
        value
            + self.static_weight * s(score / self.static_scale)
            + self.dynamic_weight * s((score - centre) / self.dynamic_scale)
    }
}

/// PUCT's exploration: how much a child's prior counts against its visits.
#[derive(Copy, Clone, Debug)]
pub(super) struct Exploration {
    /// The multiplier of `prior / (1 + visits)`.
    pub(super) scale: f32,
    /// The value of an unvisited child (first-play urgency).
    pub(super) first_play: f32,
}

impl Exploration {
    /// The exploration among children that have `total` visits between them, whose visited
    /// ones hold `visited_prior` of the policy, under a parent worth `parent` to the
    /// children's mover; `reduction` is the first-play urgency's reduction.
    pub(super) fn new(
        config: &Config,
        total: u32,
        visited_prior: f32,
        parent: f32,
        reduction: f32,
    ) -> Exploration {
        let total = total as f32;
        let cpuct = config.exploration
            + config.exploration_log
                * ((total + config.exploration_base) / config.exploration_base).ln();
        Exploration {
            scale: cpuct * (total + 0.01).sqrt(),
            first_play: parent - reduction * visited_prior.max(0.0).sqrt(),
        }
    }

    /// How much the search wants to visit `child` (for its mover), whose utility is
    /// `utility` once visited.
    pub(super) fn urgency(&self, child: &Node, utility: impl FnOnce() -> f32) -> f32 {
        let value = if child.visits == 0 {
            self.first_play
        } else {
            utility()
        };
        value + self.scale * child.prior / (1.0 + child.visits as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::go::GoRules;

    #[test]
    fn a_node_keeps_the_means_of_what_it_is_told() {
        let mut node = Node::new(0, 0.5);
        node.add(1.0, 10.0);
        node.add(-1.0, -2.0);
        node.add(1.0, 1.0);
        assert_eq!(node.visits, 3);
        assert!((node.value - 1.0 / 3.0).abs() < 1e-6, "{}", node.value);
        assert!((node.score - 3.0).abs() < 1e-6, "{}", node.score);
        assert!((node.win_rate() - 2.0 / 3.0).abs() < 1e-6);
    }

    #[test]
    fn the_score_bonus_is_small_bounded_and_centred_on_the_root() {
        let config = Config::default();
        let go = Go::new(9, GoRules::CHINESE).unwrap();
        let me = go.turn();
        let utility = Utility::new(&config, &go, 10.0);
        // A won game is worth more with a larger margin, but never a loss's worth more.
        let (small, large) = (utility.of(1.0, 1.0, me), utility.of(1.0, 30.0, me));
        assert!(large > small, "{small} {large}");
        let bound = config.static_score_utility + config.dynamic_score_utility;
        assert!(large < 1.0 + bound && utility.of(1.0, -1e6, me) > 1.0 - bound);
        // Near the expected score a point counts more than far from it.
        let near = utility.of(0.0, 9.0, me) - utility.of(0.0, 8.0, me);
        let far = utility.of(0.0, -29.0, me) - utility.of(0.0, -30.0, me);
        assert!(near > far, "{near} {far}");
        // The other side's utility is centred on the other side's expectation.
        assert!(
            (utility.of(0.0, 5.0, me) + utility.of(0.0, -5.0, !me)).abs() < 1e-6,
            "the bonus is antisymmetric"
        );
    }

    #[test]
    fn exploration_grows_slowly_with_visits_and_first_play_is_reduced() {
        let config = Config::default();
        let few = Exploration::new(&config, 10, 0.0, 0.2, 0.2);
        let many = Exploration::new(&config, 100_000, 0.81, 0.2, 0.2);
        // cpuct rises with the visits (KataGo's log term), beyond the square root's growth.
        assert!(many.scale / (100_000f32).sqrt() > few.scale / 10f32.sqrt());
        assert_eq!(few.first_play, 0.2);
        assert!((many.first_play - (0.2 - 0.2 * 0.9)).abs() < 1e-6);
        // An unvisited child of a high prior is more urgent than a weak visited one.
        let mut visited = Node::new(1, 0.1);
        visited.add(-0.5, 0.0);
        let unvisited = Node::new(2, 0.5);
        assert!(few.urgency(&unvisited, || 0.0) > few.urgency(&visited, || -0.5));
    }
}
