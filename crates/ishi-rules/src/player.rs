//! The two sides of a board game and data kept per side.

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

/// One of the two sides. Black moves first in both Othello and Go.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Player {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Player {
    /// Both players, Black first.
    pub const ALL: [Player; 2] = [Player::Black, Player::White];

    /// The other player.
    #[must_use]
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// Picks `black` or `white` according to `self`.
    #[inline]
    pub fn fold<T>(self, black: T, white: T) -> T {
        match self {
            Player::Black => black,
            Player::White => white,
        }
    }

    /// The one-letter name used in game records: `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Player::Black => 'B',
            Player::White => 'W',
        }
    }

    /// The lowercase name, `"black"` or `"white"`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Black => "black",
            Player::White => "white",
        }
    }
}

impl Not for Player {
    type Output = Player;

    #[inline]
    fn not(self) -> Player {
        self.opponent()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text did not name a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePlayerError;

impl fmt::Display for ParsePlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a player: black, white, b or w")
    }
}

impl std::error::Error for ParsePlayerError {}

impl FromStr for Player {
    type Err = ParsePlayerError;

    /// Accepts `black`, `white`, `b` and `w` in any case.
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        match s.to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(Player::Black),
            "white" | "w" => Ok(Player::White),
            _ => Err(ParsePlayerError),
        }
    }
}

/// A value for each player: disc counts, captures, who controls a side.
///
/// ```
/// use ishi_rules::{ByColor, Player};
///
/// let mut captures = ByColor::new(0, 0);
/// captures[Player::White] += 2;
/// assert_eq!(captures.white, 2);
/// assert_eq!(captures.map(|n| n * 10), ByColor::new(0, 20));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Black's and White's values.
    pub const fn new(black: T, white: T) -> ByColor<T> {
        ByColor { black, white }
    }

    /// Builds both values from a function of the player.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> ByColor<T> {
        ByColor {
            black: f(Player::Black),
            white: f(Player::White),
        }
    }

    /// The value of `player`.
    #[inline]
    pub fn get(&self, player: Player) -> &T {
        match player {
            Player::Black => &self.black,
            Player::White => &self.white,
        }
    }

    /// The value of `player`, mutably.
    #[inline]
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::Black => &mut self.black,
            Player::White => &mut self.white,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            black: f(self.black),
            white: f(self.white),
        }
    }

    /// Borrows both values.
    pub fn as_ref(&self) -> ByColor<&T> {
        ByColor {
            black: &self.black,
            white: &self.white,
        }
    }

    /// The values with the players exchanged.
    #[must_use]
    pub fn swap(self) -> ByColor<T> {
        ByColor {
            black: self.white,
            white: self.black,
        }
    }

    /// `(player, value)` pairs, Black first.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        [(Player::Black, &self.black), (Player::White, &self.white)].into_iter()
    }
}

impl<T> Index<Player> for ByColor<T> {
    type Output = T;

    #[inline]
    fn index(&self, player: Player) -> &T {
        self.get(player)
    }
}

impl<T> IndexMut<Player> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, player: Player) -> &mut T {
        self.get_mut(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for p in Player::ALL {
            assert_ne!(p, !p);
            assert_eq!(p, !!p);
        }
    }

    #[test]
    fn players_parse_from_names_and_letters() {
        assert_eq!("B".parse(), Ok(Player::Black));
        assert_eq!("white".parse(), Ok(Player::White));
        assert_eq!("Black".parse(), Ok(Player::Black));
        assert_eq!("red".parse::<Player>(), Err(ParsePlayerError));
        for p in Player::ALL {
            assert_eq!(p.to_string().parse(), Ok(p));
            assert_eq!(p.letter().to_string().parse(), Ok(p));
        }
    }

    #[test]
    fn by_color_indexes_by_player() {
        let mut b = ByColor::new_with(|p| p.letter());
        assert_eq!(b[Player::Black], 'B');
        b[Player::White] = 'x';
        assert_eq!(b.swap(), ByColor::new('x', 'B'));
        let pairs: Vec<_> = b.iter().map(|(p, v)| (p, *v)).collect();
        assert_eq!(pairs, vec![(Player::Black, 'B'), (Player::White, 'x')]);
    }
}
