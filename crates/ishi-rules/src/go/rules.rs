//! Go rule sets as data: scoring, ko, suicide and komi, with named presets.

use std::fmt;
use std::str::FromStr;

/// Komi: points given to White for moving second, counted in half-points so that scores
/// compare exactly (`6.5` is 13 half-points).
///
/// ```
/// use ishi_rules::go::Komi;
///
/// let komi: Komi = "6.5".parse()?;
/// assert_eq!(komi.half_points(), 13);
/// assert_eq!(Komi::from_half_points(-1).to_string(), "-0.5");
/// assert!("6.25".parse::<Komi>().is_err());
/// # Ok::<(), ishi_rules::go::ParseKomiError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Komi(i32);

impl Komi {
    /// Komi of `half_points` / 2 points.
    pub const fn from_half_points(half_points: i32) -> Komi {
        Komi(half_points)
    }

    /// The komi in half-points.
    pub const fn half_points(self) -> i32 {
        self.0
    }

    /// The komi in points, for display and protocols that use floats.
    pub fn points(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs.is_multiple_of(2) {
            write!(f, "{sign}{}", abs / 2)
        } else {
            write!(f, "{sign}{}.5", abs / 2)
        }
    }
}

/// Text that is not a komi in whole or half points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseKomiError {
    text: String,
}

impl fmt::Display for ParseKomiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a komi: expected a whole or half number of points, like 6.5 or 7",
            self.text
        )
    }
}

impl std::error::Error for ParseKomiError {}

impl FromStr for Komi {
    type Err = ParseKomiError;

    /// Reads `7`, `6.5`, `-3.5`, `0.50` (any number of points that is a multiple of 0.5 and
    /// within ±1000).
    fn from_str(s: &str) -> Result<Komi, ParseKomiError> {
        let error = || ParseKomiError { text: s.to_owned() };
        let t = s.trim();
        let (negative, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 4 {
            return Err(error());
        }
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return Err(error()),
        };
        let whole: i32 = whole.parse().map_err(|_| error())?;
        if whole > 1000 {
            return Err(error());
        }
        let half_points = whole * 2 + half;
        Ok(Komi(if negative { -half_points } else { half_points }))
    }
}

/// How the score is counted at the end.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Scoring {
    /// Stones on the board plus surrounded empty points (Chinese, Tromp-Taylor).
    Area,
    /// Surrounded empty points plus prisoners (Japanese, Korean).
    Territory,
}

/// Which repetitions of the board are forbidden.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone that just captured a single stone.
    Simple,
    /// No move may recreate any earlier board position.
    PositionalSuperko,
    /// No move may recreate an earlier board position with the same player to move.
    SituationalSuperko,
}

/// A Go rule set, in the spirit of KataGo's rule switches.
///
/// ```
/// use ishi_rules::go::{GoRules, KoRule, Scoring};
///
/// let rules: GoRules = "chinese".parse()?;
/// assert_eq!(rules, GoRules::CHINESE);
/// assert_eq!(rules.scoring, Scoring::Area);
/// assert_eq!(rules.ko, KoRule::PositionalSuperko);
/// assert_eq!(rules.komi.to_string(), "7.5");
/// # Ok::<(), ishi_rules::go::ParseRulesError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GoRules {
    /// How the score is counted.
    pub scoring: Scoring,
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Whether a move may leave its own chain without liberties (removing it), when it
    /// captures nothing.
    pub suicide: bool,
    /// Whether dead stones are removed by agreement at the end. Tromp-Taylor counts the board
    /// as it stands: stones that should be removed must be captured in play.
    pub dead_stone_removal: bool,
    /// Komi for an even game.
    pub komi: Komi,
}

impl GoRules {
    /// Japanese rules: territory scoring, simple ko, no suicide, komi 6.5.
    pub const JAPANESE: GoRules = GoRules {
        scoring: Scoring::Territory,
        ko: KoRule::Simple,
        suicide: false,
        dead_stone_removal: true,
        komi: Komi(13),
    };

    /// Chinese rules: area scoring, positional superko, no suicide, komi 7.5.
    pub const CHINESE: GoRules = GoRules {
        scoring: Scoring::Area,
        ko: KoRule::PositionalSuperko,
        suicide: false,
        dead_stone_removal: true,
        komi: Komi(15),
    };

    /// Tromp-Taylor rules: area scoring, positional superko, suicide of several stones
    /// allowed, the board counted as it stands (no dead-stone removal), komi 7.5.
    pub const TROMP_TAYLOR: GoRules = GoRules {
        scoring: Scoring::Area,
        ko: KoRule::PositionalSuperko,
        suicide: true,
        dead_stone_removal: false,
        komi: Komi(15),
    };

    /// The presets by name.
    pub const PRESETS: [(&'static str, GoRules); 3] = [
        ("japanese", GoRules::JAPANESE),
        ("chinese", GoRules::CHINESE),
        ("tromp-taylor", GoRules::TROMP_TAYLOR),
    ];

    /// The preset name of these rules, ignoring komi; `None` for a custom combination.
    pub fn name(&self) -> Option<&'static str> {
        GoRules::PRESETS
            .iter()
            .find(|(_, r)| {
                GoRules {
                    komi: self.komi,
                    ..*r
                } == *self
            })
            .map(|(name, _)| *name)
    }

    /// These rules with another komi.
    #[must_use]
    pub fn with_komi(self, komi: Komi) -> GoRules {
        GoRules { komi, ..self }
    }

    /// The komi a game with `handicap` stones starts with: the preset's komi for an even game,
    /// 0.5 for a handicap game (White still wins a tie-break of half a point).
    pub fn default_komi(&self, handicap: u8) -> Komi {
        if handicap >= 2 { Komi(1) } else { self.komi }
    }
}

impl Default for GoRules {
    fn default() -> GoRules {
        GoRules::JAPANESE
    }
}

/// Prints the preset name, or `custom`.
impl fmt::Display for GoRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name().unwrap_or("custom"))
    }
}

/// No rule preset has this name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError {
    text: String,
}

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules {:?}: expected japanese, chinese or tromp-taylor",
            self.text
        )
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for GoRules {
    type Err = ParseRulesError;

    /// Reads a preset name in any case; `tromp_taylor`, `trompTaylor` and `tt` work too, and
    /// `jp`, `cn`. The names of SGF's `RU` property (`Japanese`, `Chinese`) are among them.
    fn from_str(s: &str) -> Result<GoRules, ParseRulesError> {
        let key: String = s
            .trim()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match key.as_str() {
            "japanese" | "jp" | "korean" => Ok(GoRules::JAPANESE),
            "chinese" | "cn" => Ok(GoRules::CHINESE),
            "tromptaylor" | "tt" => Ok(GoRules::TROMP_TAYLOR),
            _ => Err(ParseRulesError { text: s.to_owned() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_reads_and_prints_half_points() {
        for (text, half, printed) in [
            ("6.5", 13, "6.5"),
            ("7", 14, "7"),
            ("7.0", 14, "7"),
            ("0.5", 1, "0.5"),
            ("-3.5", -7, "-3.5"),
            ("+2", 4, "2"),
            ("0", 0, "0"),
        ] {
            let komi: Komi = text.parse().unwrap();
            assert_eq!(komi.half_points(), half, "{text}");
            assert_eq!(komi.to_string(), printed);
            assert_eq!(printed.parse(), Ok(komi));
        }
        for bad in ["", "six", "6.3", "6.55", ".5", "1e3", "99999", "--1", "6,5"] {
            assert!(bad.parse::<Komi>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn presets_have_names_and_parse_back() {
        for (name, rules) in GoRules::PRESETS {
            assert_eq!(name.parse(), Ok(rules));
            assert_eq!(rules.to_string(), name);
            assert_eq!(rules.with_komi(Komi(0)).name(), Some(name));
        }
        assert_eq!("Tromp_Taylor".parse(), Ok(GoRules::TROMP_TAYLOR));
        assert!("ing".parse::<GoRules>().is_err());
        let custom = GoRules {
            suicide: true,
            ..GoRules::JAPANESE
        };
        assert_eq!(custom.to_string(), "custom");
    }

    #[test]
    fn handicap_games_default_to_half_a_point() {
        assert_eq!(GoRules::CHINESE.default_komi(0), Komi(15));
        assert_eq!(GoRules::CHINESE.default_komi(1), Komi(15));
        assert_eq!(GoRules::JAPANESE.default_komi(2), Komi(1));
    }
}
