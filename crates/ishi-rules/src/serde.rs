//! Serde for the rules' vocabulary (the feature `serde`), in the forms the crate's docs list.
//!
//! A value is written as the text the rules already print and read wherever it has one
//! (`"black"`, `"D4"`, `"f5"`, `"8x8"`, an Othello board string), so that a saved game or a
//! message reads like a record, and the rules' own parsers are the only readers: text they
//! refuse is a serde error naming the value, never a panic, and what they accept besides
//! their own spelling (`"B"` for Black, `"d4"` for `D4`) reads too. Plain data derives its
//! form where it is defined (`ByColor`, `Scoring`, `KoRule` and both `Setup`s); this module
//! has the rest.
//!
//! Go rules are written as a preset's name and the komi, `{"preset": "japanese", "komi": 13}`,
//! since the app offers only presets and SGF's `RU` reads as one; the fields are public,
//! though, so rules that are no preset are written field by field rather than as the nearest
//! preset, and both forms read back to the same value. Komi is in half-points, as the rules
//! count it.
//!
//! A [`Cell`] has no name of its own (a Go row's number depends on the board's size), so it
//! is its column and row from the top-left, `[3, 4]`. A [`Move`] is `"pass"` or its point's
//! form, whatever that is; telling them apart needs a self-describing format such as JSON.

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer, StrDeserializer};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::any::Cell;
use crate::go::{GoRules, KoRule, Komi, Point, Scoring};
use crate::othello::{Othello, Shape, Square, notation};
use crate::{Move, Player};

/// Reads a `T` from a string with `parse`; `expecting` says what text it takes.
struct TextVisitor<T> {
    expecting: &'static str,
    parse: fn(&str) -> Option<T>,
}

impl<T> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.parse)(text).ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self))
    }
}

/// Writes each type as its `Display` text and reads it through `FromStr`.
macro_rules! as_text {
    ($($ty:ty => $expecting:literal,)*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(TextVisitor {
                    expecting: $expecting,
                    parse: |text| text.parse().ok(),
                })
            }
        }
    )*};
}

as_text! {
    Player => "a player: black or white",
    Point => "a Go point such as D4",
    Square => "an Othello square such as f5",
    Shape => "an Othello board such as 8x8 or octagon",
}

/// An Othello position as its board string (`notation`), side to move included.
impl Serialize for Othello {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&notation::print_board(self))
    }
}

impl<'de> Deserialize<'de> for Othello {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Othello, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            expecting: "an Othello board string",
            parse: |text| notation::parse_board(text).ok(),
        })
    }
}

/// Komi in half-points: `13` is 6.5.
impl Serialize for Komi {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i32(self.half_points())
    }
}

impl<'de> Deserialize<'de> for Komi {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Komi, D::Error> {
        i32::deserialize(deserializer).map(Komi::from_half_points)
    }
}

/// Go rules as written: a preset and the komi, or every rule and the komi.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum RulesOut {
    Preset {
        preset: &'static str,
        komi: Komi,
    },
    Custom {
        scoring: Scoring,
        ko: KoRule,
        suicide: bool,
        dead_stone_removal: bool,
        komi: Komi,
    },
}

/// Go rules as read: either form's fields.
#[derive(serde::Deserialize)]
struct RulesIn {
    preset: Option<Preset>,
    scoring: Option<Scoring>,
    ko: Option<KoRule>,
    suicide: Option<bool>,
    dead_stone_removal: Option<bool>,
    komi: Komi,
}

/// A preset's rules, read from its name.
struct Preset(GoRules);

impl<'de> Deserialize<'de> for Preset {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Preset, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            expecting: "a rules preset: japanese, chinese or tromp-taylor",
            parse: |text| text.parse().ok().map(Preset),
        })
    }
}

impl Serialize for GoRules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let komi = self.komi;
        match self.name() {
            Some(preset) => RulesOut::Preset { preset, komi },
            None => RulesOut::Custom {
                scoring: self.scoring,
                ko: self.ko,
                suicide: self.suicide,
                dead_stone_removal: self.dead_stone_removal,
                komi,
            },
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GoRules {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GoRules, D::Error> {
        match RulesIn::deserialize(deserializer)? {
            RulesIn {
                preset: Some(Preset(rules)),
                scoring: None,
                ko: None,
                suicide: None,
                dead_stone_removal: None,
                komi,
            } => Ok(rules.with_komi(komi)),
            RulesIn {
                preset: None,
                scoring: Some(scoring),
                ko: Some(ko),
                suicide: Some(suicide),
                dead_stone_removal: Some(dead_stone_removal),
                komi,
            } => Ok(GoRules {
                scoring,
                ko,
                suicide,
                dead_stone_removal,
                komi,
            }),
            _ => Err(de::Error::custom(
                "go rules are a preset and komi, or scoring, ko, suicide, dead_stone_removal and komi",
            )),
        }
    }
}

/// A cell as `[col, row]`, from the top-left.
impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.col, self.row).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        let (col, row) = <(u8, u8)>::deserialize(deserializer)?;
        Ok(Cell::new(col, row))
    }
}

/// What [`Move::Pass`] is written as, as `Display` writes it.
const PASS: &str = "pass";

/// A move as `"pass"` or its point.
impl<P: Serialize> Serialize for Move<P> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Move::Place(point) => point.serialize(serializer),
            Move::Pass => serializer.serialize_str(PASS),
        }
    }
}

impl<'de, P: Deserialize<'de>> Deserialize<'de> for Move<P> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move<P>, D::Error> {
        deserializer.deserialize_any(MoveVisitor(PhantomData))
    }
}

/// Reads `"pass"`, or hands what it sees to `P`.
struct MoveVisitor<P>(PhantomData<P>);

impl<'de, P: Deserialize<'de>> Visitor<'de> for MoveVisitor<P> {
    type Value = Move<P>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("pass or a point")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Move<P>, E> {
        if text == PASS {
            return Ok(Move::Pass);
        }
        P::deserialize(StrDeserializer::new(text)).map(Move::Place)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Move<P>, A::Error> {
        P::deserialize(SeqAccessDeserializer::new(seq)).map(Move::Place)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Move<P>, A::Error> {
        P::deserialize(MapAccessDeserializer::new(map)).map(Move::Place)
    }
}

#[cfg(test)]
mod tests;
