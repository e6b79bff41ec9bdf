//! Game results as SGF's `RE` property and GTP's `final_score` write them.

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use ishi_rules::{Outcome, Player};

/// How a game ended, as SGF's `RE` property records it.
///
/// Margins are in half-points, so `B+3.5` is a win by 7 half-points and compares exactly.
/// With the feature `serde`, a result is written as this text and read back by [`FromStr`].
///
/// ```
/// use std::num::NonZeroU32;
/// use ishi_rules::Player;
/// use ishi_scoring::{GameResult, WinBy};
///
/// let result: GameResult = "B+3.5".parse()?;
/// assert_eq!(result, GameResult::Win {
///     winner: Player::Black,
///     by: WinBy::Points(NonZeroU32::new(7).unwrap()),
/// });
/// assert_eq!(result.margin(), Some(7));
/// assert_eq!("W+Resign".parse::<GameResult>()?.to_string(), "W+R");
/// assert_eq!("0".parse::<GameResult>()?, GameResult::Draw);
/// assert_eq!(GameResult::from_margin(-1).to_string(), "W+0.5");
/// # Ok::<(), ishi_scoring::ParseResultError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// The player won.
    Win {
        /// The winner.
        winner: Player,
        /// How.
        by: WinBy,
    },
    /// Nobody won (jigo): `Draw`, also read from `0`.
    Draw,
    /// No result: the game was suspended or annulled (`Void`).
    Void,
    /// The result is not known (`?`).
    Unknown,
}

/// How a game was won.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum WinBy {
    /// On the count, by this many half-points (`B+3.5` is 7).
    Points(NonZeroU32),
    /// The opponent resigned (`R`).
    Resignation,
    /// The opponent ran out of time (`T`).
    Time,
    /// The opponent forfeited (`F`).
    Forfeit,
    /// The record does not say (`B+` alone).
    Unspecified,
}

impl GameResult {
    /// The result of a count in which Black leads by `black_margin` half-points (negative
    /// when White leads).
    pub fn from_margin(black_margin: i32) -> GameResult {
        let winner = if black_margin > 0 {
            Player::Black
        } else {
            Player::White
        };
        match NonZeroU32::new(black_margin.unsigned_abs()) {
            Some(margin) => GameResult::Win {
                winner,
                by: WinBy::Points(margin),
            },
            None => GameResult::Draw,
        }
    }

    /// The winner, if someone won.
    pub fn winner(self) -> Option<Player> {
        match self {
            GameResult::Win { winner, .. } => Some(winner),
            GameResult::Draw | GameResult::Void | GameResult::Unknown => None,
        }
    }

    /// Who won or a draw; `None` for [`Void`](GameResult::Void) and
    /// [`Unknown`](GameResult::Unknown).
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            GameResult::Win { winner, .. } => Some(Outcome::Win(winner)),
            GameResult::Draw => Some(Outcome::Draw),
            GameResult::Void | GameResult::Unknown => None,
        }
    }

    /// Black's lead in half-points when the game was decided on the count (0 for a draw);
    /// `None` otherwise.
    pub fn margin(self) -> Option<i32> {
        match self {
            GameResult::Win {
                winner,
                by: WinBy::Points(margin),
            } => {
                let margin = i32::try_from(margin.get()).ok()?;
                Some(winner.fold(margin, -margin))
            }
            GameResult::Draw => Some(0),
            GameResult::Win { .. } | GameResult::Void | GameResult::Unknown => None,
        }
    }

    /// The result as GTP's `final_score` answers it: like [`Display`](fmt::Display), but a
    /// draw is `0`.
    pub fn to_gtp(self) -> String {
        match self {
            GameResult::Draw => "0".to_owned(),
            other => other.to_string(),
        }
    }
}

/// SGF `RE` values: `B+3.5`, `W+12`, `W+R`, `B+T`, `B+F`, `B+`, `Draw`, `Void`, `?`.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Win { winner, by } => {
                write!(f, "{}+", winner.letter())?;
                match by {
                    WinBy::Points(margin) => write_half_points(f, margin.get()),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unspecified => Ok(()),
                }
            }
            GameResult::Draw => f.write_str("Draw"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
        }
    }
}

/// Writes `half_points / 2` with `.5` when it is odd.
fn write_half_points(f: &mut fmt::Formatter<'_>, half_points: u32) -> fmt::Result {
    if half_points.is_multiple_of(2) {
        write!(f, "{}", half_points / 2)
    } else {
        write!(f, "{}.5", half_points / 2)
    }
}

/// Text that is not a game result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseResultError {
    text: String,
}

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a game result: expected B+3.5, W+R, B+T, B+F, B+, Draw, 0, Void or ?",
            self.text
        )
    }
}

impl std::error::Error for ParseResultError {}

impl FromStr for GameResult {
    type Err = ParseResultError;

    /// Reads SGF's `RE` values and GTP's `final_score` answers, ignoring case and surrounding
    /// spaces: `B+3.5`, `W+12` (`.0` and `.5` fractions), `W+R` or `W+Resign`, `B+T` or
    /// `B+Time`, `B+F` or `B+Forfeit`, `B+` (winner only), `Draw` or `0`, `Void`, `?`.
    ///
    /// # Errors
    ///
    /// [`ParseResultError`] for anything else, a win by 0 points included.
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        let error = || ParseResultError { text: s.to_owned() };
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "0" | "draw" => return Ok(GameResult::Draw),
            "void" => return Ok(GameResult::Void),
            "?" => return Ok(GameResult::Unknown),
            _ => {}
        }
        let (winner, how) = if let Some(rest) = t.strip_prefix("b+") {
            (Player::Black, rest)
        } else if let Some(rest) = t.strip_prefix("w+") {
            (Player::White, rest)
        } else {
            return Err(error());
        };
        let by = match how {
            "" => WinBy::Unspecified,
            "r" | "resign" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            points => WinBy::Points(parse_half_points(points).ok_or_else(error)?),
        };
        Ok(GameResult::Win { winner, by })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GameResult {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameResult, D::Error> {
        use serde::de::{Error, Unexpected};

        let text = String::deserialize(deserializer)?;
        text.parse().map_err(|_| {
            D::Error::invalid_value(Unexpected::Str(&text), &"a game result such as B+3.5")
        })
    }
}

/// Half-points in `text`: a whole number of at most 6 digits, optionally with a fraction that
/// is `.0` or `.5` (trailing zeros allowed); `None` for anything else and for zero.
fn parse_half_points(text: &str) -> Option<NonZeroU32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || whole.len() > 6 || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) || (text.contains('.') && frac.is_empty()) {
        return None;
    }
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    let whole: u32 = whole.parse().ok()?;
    NonZeroU32::new(whole * 2 + half)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_print_as_sgf_writes_them() {
        let win = |winner, by| GameResult::Win { winner, by };
        let points = |n| WinBy::Points(NonZeroU32::new(n).unwrap());
        for (result, text) in [
            (win(Player::Black, points(7)), "B+3.5"),
            (win(Player::White, points(1)), "W+0.5"),
            (win(Player::White, points(24)), "W+12"),
            (win(Player::White, WinBy::Resignation), "W+R"),
            (win(Player::Black, WinBy::Time), "B+T"),
            (win(Player::Black, WinBy::Forfeit), "B+F"),
            (win(Player::White, WinBy::Unspecified), "W+"),
            (GameResult::Draw, "Draw"),
            (GameResult::Void, "Void"),
            (GameResult::Unknown, "?"),
        ] {
            assert_eq!(result.to_string(), text);
            assert_eq!(text.parse(), Ok(result));
        }
        assert_eq!(GameResult::Draw.to_gtp(), "0");
        assert_eq!(win(Player::Black, points(7)).to_gtp(), "B+3.5");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn results_are_their_text_in_serde() {
        let result = GameResult::Win {
            winner: Player::White,
            by: WinBy::Points(NonZeroU32::new(7).unwrap()),
        };
        assert_eq!(serde_json::to_string(&result).unwrap(), r#""W+3.5""#);
        for text in [r#""W+3.5""#, r#""w+3.50""#] {
            assert_eq!(serde_json::from_str::<GameResult>(text).unwrap(), result);
        }
        let error = serde_json::from_str::<GameResult>(r#""B+0""#).unwrap_err();
        assert!(error.to_string().contains("a game result"), "{error}");
        assert!(serde_json::from_str::<GameResult>("7").is_err());
    }

    #[test]
    fn other_spellings_are_read() {
        for (text, printed) in [
            ("b+3.5", "B+3.5"),
            (" W+Resign ", "W+R"),
            ("B+Time", "B+T"),
            ("w+forfeit", "W+F"),
            ("B+12.0", "B+12"),
            ("W+0.50", "W+0.5"),
            ("0", "Draw"),
            ("DRAW", "Draw"),
            ("void", "Void"),
        ] {
            assert_eq!(
                text.parse::<GameResult>().unwrap().to_string(),
                printed,
                "{text}"
            );
        }
    }

    #[test]
    fn malformed_results_are_refused() {
        for bad in [
            "",
            "B",
            "B3.5",
            "B+0",
            "W+0.0",
            "B+3.25",
            "B+3.",
            "B+.5",
            "B+-3",
            "B+R2",
            "X+3",
            "B+1234567",
            "B+3.5.5",
            "jigo",
            "B+ 3",
        ] {
            assert!(bad.parse::<GameResult>().is_err(), "{bad:?} parsed");
        }
        assert!(
            "B+0"
                .parse::<GameResult>()
                .unwrap_err()
                .to_string()
                .starts_with("\"B+0\" is not a game result")
        );
    }

    #[test]
    fn margins_are_black_relative_half_points() {
        assert_eq!(GameResult::from_margin(7).margin(), Some(7));
        assert_eq!(GameResult::from_margin(-3).margin(), Some(-3));
        assert_eq!(GameResult::from_margin(0), GameResult::Draw);
        assert_eq!(GameResult::from_margin(0).margin(), Some(0));
        assert_eq!(GameResult::from_margin(-3).winner(), Some(Player::White));
        assert_eq!("W+R".parse::<GameResult>().unwrap().margin(), None);
        assert_eq!(GameResult::Void.outcome(), None);
        assert_eq!(GameResult::Draw.outcome(), Some(Outcome::Draw));
        assert_eq!(
            GameResult::from_margin(5).outcome(),
            Some(Outcome::Win(Player::Black))
        );
    }
}
