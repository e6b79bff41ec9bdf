//! Serde for the rules' types, which have no serde of their own (`ishi-rules` has no
//! dependencies): each is saved in the text form the rules already print and read, so a
//! saved game reads like a record (`"8x8"`, `"D4"`, `"B+3.5"`).
//!
//! Used with `#[serde(with = "text")]` for any type with `Display` and `FromStr`, and the
//! submodules for options, lists, Othello positions (board strings), Go rules and
//! [`ByColor`](ishi_rules::ByColor) pairs.

use std::fmt::Display;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes `value` as its `Display` text.
pub fn serialize<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Reads a value from its text through `FromStr`.
///
/// The rules' own parse error is not kept: a save that does not read is reported by where
/// reading stopped (`LoadError::Damaged`), not by the rules' English message.
pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr,
    D: Deserializer<'de>,
{
    let text = String::deserialize(deserializer)?;
    text.parse().map_err(|_| not_ours::<D::Error>(&text))
}

/// The error for `text`, which is not a value Ishi writes there.
fn not_ours<E: serde::de::Error>(text: &str) -> E {
    E::invalid_value(serde::de::Unexpected::Str(text), &"a value Ishi writes")
}

/// A value in its text form, for the containers below.
struct Text<T>(T);

impl<T: Display> Serialize for Text<&T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(self.0, serializer)
    }
}

impl<'de, T: FromStr> Deserialize<'de> for Text<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize(deserializer).map(Text)
    }
}

/// `Option<T>` as its text or `null`.
pub mod option {
    use super::*;

    /// Writes the text, or `null`.
    pub fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.as_ref().map(Text).serialize(serializer)
    }

    /// Reads the text, or `null`.
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        D: Deserializer<'de>,
    {
        Ok(Option::<Text<T>>::deserialize(deserializer)?.map(|t| t.0))
    }
}

/// `Vec<T>` as a list of texts.
pub mod list {
    use super::*;

    /// Writes the texts.
    pub fn serialize<T: Display, S: Serializer>(
        values: &[T],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(values.iter().map(Text))
    }

    /// Reads the texts.
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<Vec<T>, D::Error>
    where
        T: FromStr,
        D: Deserializer<'de>,
    {
        let texts = Vec::<Text<T>>::deserialize(deserializer)?;
        Ok(texts.into_iter().map(|t| t.0).collect())
    }
}

/// An Othello position as its board string (`ishi_rules::othello::notation`).
pub mod board {
    use ishi_rules::othello::{Othello, notation};

    use super::*;

    /// Writes the board string.
    pub fn serialize<S: Serializer>(position: &Othello, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&notation::print_board(position))
    }

    /// Reads a board string.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Othello, D::Error> {
        let text = String::deserialize(deserializer)?;
        notation::parse_board(&text).map_err(|_| not_ours::<D::Error>(&text))
    }
}

/// Go rules as `{"preset": "japanese", "komi": 13}`: the preset's name and the komi in
/// half-points. Every rules value in the app is a preset (the new-game sheet offers only
/// those, and SGF's `RU` reads as one), so the name holds all of it.
pub mod rules {
    use ishi_rules::go::{GoRules, Komi};

    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Saved<P> {
        preset: P,
        komi: i32,
    }

    /// Writes the preset's name and the komi.
    pub fn serialize<S: Serializer>(rules: &GoRules, serializer: S) -> Result<S::Ok, S::Error> {
        Saved {
            preset: rules.name().unwrap_or("japanese"),
            komi: rules.komi.half_points(),
        }
        .serialize(serializer)
    }

    /// Reads them back.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<GoRules, D::Error> {
        let saved = Saved::<String>::deserialize(deserializer)?;
        let preset: GoRules =
            (saved.preset.parse()).map_err(|_| not_ours::<D::Error>(&saved.preset))?;
        Ok(preset.with_komi(Komi::from_half_points(saved.komi)))
    }
}

/// A [`ByColor`](ishi_rules::ByColor) pair as `{"black": …, "white": …}`.
pub mod by_color {
    use ishi_rules::ByColor;

    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Pair<T> {
        black: T,
        white: T,
    }

    /// Writes both.
    pub fn serialize<T: Serialize, S: Serializer>(
        pair: &ByColor<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        Pair {
            black: &pair.black,
            white: &pair.white,
        }
        .serialize(serializer)
    }

    /// Reads both.
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<ByColor<T>, D::Error>
    where
        T: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        let pair = Pair::<T>::deserialize(deserializer)?;
        Ok(ByColor::new(pair.black, pair.white))
    }
}
