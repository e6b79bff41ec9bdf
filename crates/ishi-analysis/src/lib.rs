//! Analysis that teaches: for every move of a game, the best move, the values of both from
//! the same search, the loss, and a class (best, good, inaccuracy, mistake, blunder); for
//! every position, what it is worth to Black, for the evaluation graph.
//!
//! ```
//! use std::sync::Arc;
//!
//! use ishi_ai::Stop;
//! use ishi_ai::othello::{Engine, Weights};
//! use ishi_analysis::{Class, othello};
//! use ishi_rules::othello::{Othello, transcript};
//!
//! // The quickest wipe-out: White's f5 lets Black's g5 take every disc.
//! let game = transcript::load(&Othello::standard(), "e6f4e3d6c5f6e7f5g5")?;
//! let (before, f5) = (game.positions[7], game.moves[7]);
//! let mut engine = Engine::new(Arc::new(Weights::embedded()));
//! let budget = othello::Budget::QUICK;
//! let analysis = othello::analyse(&mut engine, &before, Some(f5), budget, &Stop::new());
//! let review = analysis.review(f5).expect("f5 was analysed");
//! assert_eq!(review.class, Class::Blunder);
//! assert_eq!(review.played_value, -64.0); // every disc lost, proved
//! // The best move (f3 or f7, close to each other: which one depends on the weights) keeps
//! // White well ahead.
//! assert_ne!(review.best, f5);
//! assert!(review.best_value > 5.0, "{}", review.best_value);
//! # Ok::<(), ishi_rules::othello::transcript::TranscriptError>(())
//! ```
//!
//! Key decisions:
//! - **The played move is valued by the same search as the best move**: Othello searches
//!   every legal move (or, near the end, solves the position and the played move's reply
//!   exactly); Go reads both from one tree (the network's PUCT, or Monte Carlo's), and
//!   searches the played move's reply on its own only when the tree gave it too few visits
//!   to judge.
//! - **Losses are in each game's own unit**: discs for Othello (the final margin); for Go,
//!   points of score with KataGo's network ([`go::network`], a move that takes the mover's
//!   expected score from +3 to -2 loses 5), the win rate's loss kept beside them, and
//!   win-rate points with Monte Carlo when no network is loaded (a move that takes Black
//!   from 60 % to 45 % loses 15). The classes' thresholds are per unit ([`OTHELLO`],
//!   [`GO_POINTS`], [`GO`]).
//! - **Analysis is per position** ([`othello::analyse`], [`go::analyse`]): a front end drives
//!   a whole game one position at a time, so it can show progress, cancel, and keep what is
//!   done; the CLI, the app's Web Worker and the desktop's thread all call the same functions.

pub mod accuracy;
pub mod go;
pub mod othello;

use ishi_rules::{ByColor, Player};

/// How good a move was, against the best move of the same search.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Class {
    /// The best move, or one as good.
    Best,
    /// A small loss.
    Good,
    /// A loss a strong player would notice.
    Inaccuracy,
    /// A clear loss.
    Mistake,
    /// A loss that decides games.
    Blunder,
}

impl Class {
    /// Every class, best first.
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The class's name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// Where one game's classes start, as losses in that game's unit: a move that loses nothing
/// is [`Class::Best`]; less than `good` is [`Class::Good`]; less than `inaccuracy` an
/// [`Class::Inaccuracy`]; less than `mistake` a [`Class::Mistake`]; more, a
/// [`Class::Blunder`].
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Thresholds {
    /// Below this loss, a move is good.
    pub good: f32,
    /// Below this loss, an inaccuracy.
    pub inaccuracy: f32,
    /// Below this loss, a mistake; from it on, a blunder.
    pub mistake: f32,
}

impl Thresholds {
    /// The class of a move that loses `loss` (never negative).
    pub fn class(&self, loss: f32) -> Class {
        if loss <= LOSS_EPSILON {
            Class::Best
        } else if loss < self.good {
            Class::Good
        } else if loss < self.inaccuracy {
            Class::Inaccuracy
        } else if loss < self.mistake {
            Class::Mistake
        } else {
            Class::Blunder
        }
    }
}

/// Losses up to this are no loss, in either game's unit: the rounding of estimates. A move
/// within it of the best is as good as the best ([`Class::Best`]).
pub const LOSS_EPSILON: f32 = 0.05;

/// Othello's classes, in discs of the final margin: a move is good below 2 discs lost, an
/// inaccuracy below 4, a mistake below 8, a blunder from 8 on. Strong players lose a disc
/// or two to each other's best play over a game; 8 discs is about the gap between a won and a
/// lost endgame.
pub const OTHELLO: Thresholds = Thresholds {
    good: 2.0,
    inaccuracy: 4.0,
    mistake: 8.0,
};

/// Go's classes with Monte Carlo, in win-rate points (percentage points of the mover's chance
/// to win): good below 3, an inaccuracy below 7, a mistake below 15, a blunder from 15 on.
pub const GO: Thresholds = Thresholds {
    good: 3.0,
    inaccuracy: 7.0,
    mistake: 15.0,
};

/// Go's classes with the network, in points of the mover's expected score: good below 1, an
/// inaccuracy below 3, a mistake below 6, a blunder from 6 on, on every board size. These are
/// KaTrain's steps (its review colours move at 0.5, 1.5, 3, 6 and 12 points): a point is
/// the rounding of a close count, 3 a clear slip of the endgame, 6 a lost group of a few
/// stones or a missed big point, which decides games between players of the same strength.
/// Points are points on any board: a group costs as many on 9x9 as on 19x19.
pub const GO_POINTS: Thresholds = Thresholds {
    good: 1.0,
    inaccuracy: 3.0,
    mistake: 6.0,
};

/// What a position is worth to Black: a point of the evaluation graph.
#[derive(Copy, Clone, PartialEq, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Worth {
    /// Othello: the final disc margin Black can expect with best play from here.
    Discs {
        /// Black's margin, in discs.
        margin: f32,
        /// Whether the solver proved it.
        exact: bool,
    },
    /// Go: Black's chance to win, and Black's expected lead.
    Go {
        /// Black's win rate, from 0 to 1.
        win_rate: f32,
        /// Black's lead in points (negative when White leads): with the network, the search's
        /// expected score; with Monte Carlo, from the playouts' ownership (the area each side
        /// ends with on average, komi taken off).
        lead: f32,
    },
}

/// A candidate move of a position and its value for the player to move.
#[derive(Copy, Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Candidate<M> {
    /// The move.
    pub mv: M,
    /// Its value for the player to move: the final disc margin (Othello), the expected
    /// score in points (Go with the network) or the win rate in points from 0 to 100 (Go
    /// with Monte Carlo).
    pub value: f32,
    /// Othello: the value is proved by the solver.
    pub exact: bool,
    /// Go: the playouts or visits through the move (0 for Othello, and for a played move
    /// valued by a search of its own).
    pub visits: u32,
    /// Go with the network: the win rate for the player to move, in points from 0 to 100,
    /// beside the value in points; `None` where the value is the win rate or for Othello.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub win_rate: Option<f32>,
}

/// The analysis of one position.
#[derive(Clone, PartialEq, Debug)]
pub struct Analysis<M> {
    /// The player to move.
    pub mover: Player,
    /// The moves looked at, best first: every legal move for Othello, the moves the tree
    /// visited for Go (and the played move, if one was given).
    pub candidates: Vec<Candidate<M>>,
    /// What the position is worth to Black.
    pub worth: Worth,
    /// Go: who owns each point in the end (the network's ownership at the root, or the
    /// playouts'), from -1 (White) to 1 (Black), in the points' order (row by row from the
    /// bottom).
    pub ownership: Option<Vec<f32>>,
}

/// One move judged against the best move of its position.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Review<M> {
    /// Who played it.
    pub player: Player,
    /// The move played.
    pub played: M,
    /// Its value for the player who played it.
    pub played_value: f32,
    /// The best move of the same search.
    pub best: M,
    /// The best move's value.
    pub best_value: f32,
    /// What the played move lost, never negative (in the game's unit).
    pub loss: f32,
    /// The loss's class.
    pub class: Class,
    /// Go with the network: the played move's win rate for its player (0 to 100) and what it
    /// lost in win rate against the best move, never negative; `None` where the loss is in
    /// win rate already.
    pub win_rate: Option<WinRateLoss>,
}

/// A played move's win rate and its loss against the best move, beside a loss in points.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct WinRateLoss {
    /// The played move's win rate for its player, from 0 to 100.
    pub played: f32,
    /// The best move's win rate less the played move's, never negative.
    pub loss: f32,
}

impl<M: Copy + PartialEq> Analysis<M> {
    /// The best candidate.
    pub fn best(&self) -> Option<&Candidate<M>> {
        self.candidates.first()
    }

    /// The candidate of `mv`, if the analysis valued it.
    pub fn candidate(&self, mv: M) -> Option<&Candidate<M>> {
        self.candidates.iter().find(|c| c.mv == mv)
    }

    /// Whether the values are points of score with win rates beside them: the candidates of
    /// Go's analysis on the network ([`go::network`]).
    pub fn scored(&self) -> bool {
        self.candidates.iter().any(|c| c.win_rate.is_some())
    }

    /// A Go analysis's thresholds, by its unit: [`GO_POINTS`] for the network's analysis
    /// ([`scored`](Analysis::scored)), else [`GO`] (Monte Carlo's).
    pub fn go_thresholds(&self) -> &'static Thresholds {
        if self.scored() { &GO_POINTS } else { &GO }
    }

    /// `played` judged against the best move, with the thresholds of the analysis's game;
    /// `None` when the analysis did not value it (it was not legal there).
    pub fn review_with(&self, played: M, thresholds: &Thresholds) -> Option<Review<M>> {
        let best = self.best()?;
        let mine = self.candidate(played)?;
        let loss = (best.value - mine.value).max(0.0);
        Some(Review {
            player: self.mover,
            played,
            played_value: mine.value,
            best: best.mv,
            best_value: best.value,
            loss,
            class: if best.mv == played {
                Class::Best
            } else {
                thresholds.class(loss)
            },
            win_rate: mine.win_rate.map(|played| WinRateLoss {
                played,
                loss: best.win_rate.map_or(0.0, |best| (best - played).max(0.0)),
            }),
        })
    }
}

/// How one player played over a game.
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct Summary {
    /// Moves judged.
    pub moves: u32,
    /// Their mean loss.
    pub mean_loss: f32,
    /// How many of each class, in the order of [`Class::ALL`].
    pub classes: [u32; 5],
}

/// Each player's summary of `reviews`.
pub fn summarize<'a, M: 'a>(reviews: impl IntoIterator<Item = &'a Review<M>>) -> ByColor<Summary> {
    let mut total = ByColor::new(0.0f32, 0.0f32);
    let mut summary = ByColor::<Summary>::default();
    for review in reviews {
        let s = &mut summary[review.player];
        s.moves += 1;
        s.classes[review.class as usize] += 1;
        total[review.player] += review.loss;
    }
    for player in Player::ALL {
        let s = &mut summary[player];
        s.mean_loss = if s.moves == 0 {
            0.0
        } else {
            total[player] / s.moves as f32
        };
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_fall_into_the_classes_of_their_game() {
        assert_eq!(OTHELLO.class(0.0), Class::Best);
        assert_eq!(OTHELLO.class(1.0), Class::Good);
        assert_eq!(OTHELLO.class(2.0), Class::Inaccuracy);
        assert_eq!(OTHELLO.class(6.0), Class::Mistake);
        assert_eq!(OTHELLO.class(8.0), Class::Blunder);
        assert_eq!(GO.class(2.9), Class::Good);
        assert_eq!(GO.class(20.0), Class::Blunder);
        assert_eq!(GO_POINTS.class(0.5), Class::Good);
        assert_eq!(GO_POINTS.class(2.0), Class::Inaccuracy);
        assert_eq!(GO_POINTS.class(5.9), Class::Mistake);
        assert_eq!(GO_POINTS.class(6.0), Class::Blunder);
    }

    #[test]
    fn a_review_compares_the_played_move_with_the_best_of_the_same_analysis() {
        let candidate = |mv, value| Candidate {
            mv,
            value,
            exact: true,
            visits: 0,
            win_rate: None,
        };
        let analysis = Analysis {
            mover: Player::White,
            candidates: vec![
                candidate('a', 4.0),
                candidate('b', 4.0),
                candidate('c', -6.0),
            ],
            worth: Worth::Discs {
                margin: -4.0,
                exact: true,
            },
            ownership: None,
        };
        let best = analysis.review_with('a', &OTHELLO).unwrap();
        assert_eq!((best.class, best.loss), (Class::Best, 0.0));
        assert_eq!(
            analysis.review_with('b', &OTHELLO).unwrap().class,
            Class::Best
        );
        let bad = analysis.review_with('c', &OTHELLO).unwrap();
        assert_eq!((bad.loss, bad.class, bad.best), (10.0, Class::Blunder, 'a'));
        assert_eq!(analysis.review_with('z', &OTHELLO), None);
        let summary = summarize([best, bad].iter());
        assert_eq!(summary.white.moves, 2);
        assert_eq!(summary.white.mean_loss, 5.0);
        assert_eq!(summary.white.classes, [1, 0, 0, 0, 1]);
        assert_eq!(summary.black, Summary::default());
    }
}
