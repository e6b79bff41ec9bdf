//! The vocabulary every game shares: moves, outcomes, illegal-move reasons and the [`Game`] trait.

use std::fmt;

use crate::Player;

/// A move: a stone or disc placed on a point, or a pass.
///
/// `P` is the game's point type (an Othello [`Square`](crate::othello::Square) or a Go point).
/// Resigning is not a move: it ends a match, not a position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move<P> {
    /// Put a stone or disc on the point.
    Place(P),
    /// Give up the turn.
    Pass,
}

impl<P: Copy> Move<P> {
    /// The point played, or `None` for a pass.
    pub fn point(self) -> Option<P> {
        match self {
            Move::Place(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// Whether this is a pass.
    pub fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }
}

/// Prints the point, or `pass`.
impl<P: fmt::Display> fmt::Display for Move<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Reads what [`Display`](fmt::Display) writes: `pass`, or the point as `P` reads it.
///
/// ```
/// use ishi_rules::go::{Move, Point};
///
/// assert_eq!("pass".parse::<Move>(), Ok(Move::Pass));
/// assert_eq!("D4".parse::<Move>()?, Move::Place("D4".parse::<Point>()?));
/// assert!("Pass".parse::<Move>().is_err()); // only the name Display writes
/// # Ok::<(), ishi_rules::go::ParsePointError>(())
/// ```
impl<P: std::str::FromStr> std::str::FromStr for Move<P> {
    type Err = P::Err;

    fn from_str(text: &str) -> Result<Move<P>, P::Err> {
        if text == "pass" {
            Ok(Move::Pass)
        } else {
            text.parse().map(Move::Place)
        }
    }
}

/// How a finished game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }

    /// The outcome of a game where `player` has `margin` more points than the opponent.
    pub fn from_margin(player: Player, margin: i32) -> Outcome {
        match margin.signum() {
            1 => Outcome::Win(player),
            -1 => Outcome::Win(!player),
            _ => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(p) => write!(f, "{p} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// Why a move may not be played.
///
/// Exhaustive on purpose (the crates are not published): a match that translates the
/// reasons names each one, so a new reason does not compile until it is translated.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum IllegalReason {
    /// The game is over.
    GameOver,
    /// The point is not on this board (outside it, or a hole of a shaped board).
    OffBoard,
    /// Something is already there.
    Occupied,
    /// Othello: the disc would not flip anything.
    NoFlip,
    /// Othello: the player has no legal placement and must pass.
    MustPass,
    /// Othello: passing is only allowed when no placement is legal.
    CannotPass,
    /// Go: the stone would have no liberties and capture nothing.
    Suicide,
    /// Go: the move retakes a ko at once.
    Ko,
    /// Go: the move repeats an earlier whole-board position.
    Superko,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::GameOver => "the game is over",
            IllegalReason::OffBoard => "not a point of this board",
            IllegalReason::Occupied => "the point is occupied",
            IllegalReason::NoFlip => "it flips no disc",
            IllegalReason::MustPass => "no disc can be placed, so the only move is to pass",
            IllegalReason::CannotPass => "passing is allowed only when no disc can be placed",
            IllegalReason::Suicide => "suicide is not allowed",
            IllegalReason::Ko => "the ko cannot be retaken at once",
            IllegalReason::Superko => "it repeats an earlier position (superko)",
        })
    }
}

/// A move that the rules refuse, with the reason.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct IllegalMove<M> {
    /// The refused move.
    pub mv: M,
    /// Why it was refused.
    pub reason: IllegalReason,
}

impl<M: fmt::Display> fmt::Display for IllegalMove<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, self.reason)
    }
}

impl<M: fmt::Display + fmt::Debug> std::error::Error for IllegalMove<M> {}

/// A two-player board game position: whose turn, which moves, what happens when one is played.
///
/// Implementors provide the small core (`turn`, `legal_moves`, `check`, `play_unchecked`,
/// `outcome`); [`is_legal`](Game::is_legal), [`play`](Game::play) and
/// [`is_over`](Game::is_over) follow from it. Positions are values: [`play`](Game::play) returns a
/// new position and leaves `self` alone, so a history of positions can be shared and undone freely.
///
/// ```
/// use ishi_rules::{Game, Move, Outcome};
/// use ishi_rules::othello::{Othello, Square};
///
/// let start = Othello::standard();
/// let f5: Square = "f5".parse()?;
/// let next = start.play(Move::Place(f5))?;
/// assert_eq!(start.legal_moves().len(), 4); // `start` is unchanged
/// assert!(next.play(Move::Place(f5)).is_err()); // occupied now
/// assert_eq!(next.outcome(), None::<Outcome>);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game: Clone {
    /// A move of this game.
    type Move: Copy + Eq + fmt::Debug + fmt::Display;

    /// The player to move.
    fn turn(&self) -> Player;

    /// Every legal move, in a fixed order. Empty exactly when the game is over.
    ///
    /// A pass is listed when the rules allow it: in Othello only as the single move of a player
    /// who cannot place a disc.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether `mv` is legal here, and if not, why.
    ///
    /// # Errors
    ///
    /// The reason the rules refuse `mv`.
    fn check(&self, mv: Self::Move) -> Result<(), IllegalReason>;

    /// Plays `mv` in place, without checking it.
    ///
    /// This is the fast path for search and replay of moves already known to be legal.
    ///
    /// # Panics
    ///
    /// `mv` must be legal ([`check`](Game::check) returns `Ok`). Otherwise the method may panic
    /// or leave a position that breaks the rules; it never causes undefined behaviour.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check(mv).is_ok()
    }

    /// The position after `mv`. `self` is left unchanged.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] with the reason when the rules refuse `mv`; nothing is changed.
    fn play(&self, mv: Self::Move) -> Result<Self, IllegalMove<Self::Move>> {
        self.check(mv)
            .map_err(|reason| IllegalMove { mv, reason })?;
        let mut next = self.clone();
        next.play_unchecked(mv);
        Ok(next)
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_follows_the_margin_from_either_side() {
        assert_eq!(
            Outcome::from_margin(Player::Black, 4),
            Outcome::Win(Player::Black)
        );
        assert_eq!(
            Outcome::from_margin(Player::Black, -2),
            Outcome::Win(Player::White)
        );
        assert_eq!(Outcome::from_margin(Player::White, 0), Outcome::Draw);
        assert_eq!(Outcome::Win(Player::White).winner(), Some(Player::White));
        assert_eq!(Outcome::Draw.to_string(), "draw");
    }

    #[test]
    fn illegal_move_names_move_and_reason() {
        let e = IllegalMove {
            mv: Move::<u8>::Pass,
            reason: IllegalReason::CannotPass,
        };
        assert_eq!(
            e.to_string(),
            "illegal move pass: passing is allowed only when no disc can be placed"
        );
    }
}
