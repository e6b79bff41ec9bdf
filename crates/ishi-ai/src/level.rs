//! Levels: the named strengths of each game, with a typed id per game.
//!
//! Each game lists its levels in a fieldless enum ([`OthelloLevel`], [`GoLevel`]) that
//! implements [`LevelId`]; front ends hold those ids and match on them, and only parsing
//! ([`FromStr`], and serde with the `serde` feature) reads the ids' text.
//!
//! ```
//! use ishi_ai::LevelId;
//! use ishi_ai::othello::OthelloLevel;
//!
//! let level: OthelloLevel = "club".parse()?;
//! assert_eq!(level, OthelloLevel::Club);
//! assert_eq!(level.level().name, "Club");
//! assert_eq!(OthelloLevel::strongest().to_string(), "master");
//! # Ok::<(), ishi_ai::UnknownLevel>(())
//! ```

use std::error::Error;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use crate::Limits;
use crate::go::GoLevel;
use crate::othello::OthelloLevel;

/// A named strength for one game, as the new-game sheet and the command line list them.
/// `Id` is the game's level enum.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Level<Id> {
    /// Which level this is; its text (`random`, `minimax-4`) is used on the command line and
    /// in saved games.
    pub id: Id,
    /// The name shown to players.
    pub name: &'static str,
    /// One sentence on how it plays.
    pub description: &'static str,
    /// The limits the level searches with.
    pub limits: Limits,
}

/// The level ids of one game: a fieldless enum listed weakest first.
///
/// `Display` and [`as_str`](LevelId::as_str) write the id as the command line and saved
/// games do; `FromStr` reads it back, and only that text.
pub trait LevelId:
    Copy + Eq + Hash + fmt::Debug + fmt::Display + FromStr<Err = UnknownLevel> + Send + Sync + 'static
{
    /// Every level of the game, weakest first.
    fn levels() -> &'static [Level<Self>];

    /// This level's name, description and limits.
    fn level(self) -> &'static Level<Self>;

    /// The id as written on command lines and in saved games: `master`, `net-128`.
    fn as_str(self) -> &'static str;

    /// The strongest level: the last of [`levels`](LevelId::levels).
    ///
    /// # Panics
    ///
    /// If `levels()` is empty, which no game's is.
    fn strongest() -> Self {
        match Self::levels() {
            [.., strongest] => strongest.id,
            [] => panic!("a game without levels"),
        }
    }
}

/// The level of `Id`'s game whose id is `text`, exactly: what each game's `FromStr` does.
pub(crate) fn parse<Id: LevelId>(text: &str) -> Result<Id, UnknownLevel> {
    Id::levels()
        .iter()
        .map(|level| level.id)
        .find(|id| id.as_str() == text)
        .ok_or_else(|| UnknownLevel {
            text: text.to_owned(),
            known: Id::levels().iter().map(|level| level.id.as_str()).collect(),
        })
}

/// Text that names no level of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownLevel {
    /// The text that was read.
    pub text: String,
    /// The ids of the game's levels, weakest first.
    pub known: Vec<&'static str>,
}

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?}: use one of {}",
            self.text,
            self.known.join(", ")
        )
    }
}

impl Error for UnknownLevel {}

/// A level of either game: what a front end keeps for a computer player of any game.
///
/// With the `serde` feature it reads and writes as the game and the id, `{"othello":"master"}`
/// or `{"go":"net-128"}`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum AnyLevel {
    /// A level of Othello.
    Othello(OthelloLevel),
    /// A level of Go.
    Go(GoLevel),
}

impl AnyLevel {
    /// The id as written on command lines and in saved games: `master`, `net-128`.
    pub fn as_str(self) -> &'static str {
        match self {
            AnyLevel::Othello(id) => id.as_str(),
            AnyLevel::Go(id) => id.as_str(),
        }
    }

    /// The name shown to players.
    pub fn name(self) -> &'static str {
        match self {
            AnyLevel::Othello(id) => id.level().name,
            AnyLevel::Go(id) => id.level().name,
        }
    }

    /// One sentence on how it plays.
    pub fn description(self) -> &'static str {
        match self {
            AnyLevel::Othello(id) => id.level().description,
            AnyLevel::Go(id) => id.level().description,
        }
    }

    /// The limits the level searches with.
    pub fn limits(self) -> Limits {
        match self {
            AnyLevel::Othello(id) => id.level().limits,
            AnyLevel::Go(id) => id.level().limits,
        }
    }
}

impl fmt::Display for AnyLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<OthelloLevel> for AnyLevel {
    fn from(id: OthelloLevel) -> AnyLevel {
        AnyLevel::Othello(id)
    }
}

impl From<GoLevel> for AnyLevel {
    fn from(id: GoLevel) -> AnyLevel {
        AnyLevel::Go(id)
    }
}

/// The level ids as strings in serde's formats, read back through `FromStr`.
#[cfg(feature = "serde")]
mod text {
    use std::fmt;
    use std::marker::PhantomData;

    use serde::de::{self, Deserialize, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};

    use super::{GoLevel, LevelId, OthelloLevel};

    /// Reads a level id of `Id`'s game from a string.
    struct IdVisitor<Id>(PhantomData<Id>);

    impl<Id: LevelId> Visitor<'_> for IdVisitor<Id> {
        type Value = Id;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a level id")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Id, E> {
            text.parse().map_err(E::custom)
        }
    }

    impl Serialize for OthelloLevel {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    impl<'de> Deserialize<'de> for OthelloLevel {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_str(IdVisitor(PhantomData))
        }
    }

    impl Serialize for GoLevel {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    impl<'de> Deserialize<'de> for GoLevel {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_str(IdVisitor(PhantomData))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every level of `Id`'s game: its table in enum order, its id read back by `FromStr`.
    fn check_game<Id: LevelId>(order: &[Id]) {
        let ids: Vec<Id> = Id::levels().iter().map(|level| level.id).collect();
        assert_eq!(ids, order, "the table is not in the enum's order");
        for &id in order {
            assert_eq!(id.level().id, id);
            assert_eq!(id.to_string(), id.as_str());
            assert_eq!(id.as_str().parse::<Id>(), Ok(id));
        }
        assert_eq!(Id::strongest(), order[order.len() - 1]);
    }

    #[test]
    fn each_table_lists_its_enum_in_order_and_ids_read_back() {
        use OthelloLevel as O;
        check_game(&[
            O::Random,
            O::Naive,
            O::Minimax4,
            O::Casual,
            O::Club,
            O::Expert,
            O::Master,
        ]);
        use GoLevel as G;
        check_game(&[
            G::Random,
            G::Mcts100,
            G::NetT07,
            G::NetPolicy,
            G::Net16,
            G::Net128,
            G::Net1024,
        ]);
    }

    #[test]
    fn unknown_ids_are_refused_with_the_known_ones() {
        let error = "Master".parse::<OthelloLevel>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown level \"Master\": use one of random, naive, minimax-4, casual, club, \
             expert, master"
        );
        let error = "master".parse::<GoLevel>().unwrap_err();
        assert_eq!(error.text, "master");
        assert_eq!(
            error.known,
            [
                "random",
                "mcts-100",
                "net-t0.7",
                "net-policy",
                "net-16",
                "net-128",
                "net-1024"
            ]
        );
    }

    #[test]
    fn any_level_tells_its_game_levels_apart() {
        let othello = AnyLevel::from(OthelloLevel::Random);
        let go = AnyLevel::from(GoLevel::Random);
        assert_ne!(othello, go);
        assert_eq!(othello.to_string(), "random");
        assert_eq!(go.as_str(), "random");
        assert_eq!(AnyLevel::from(GoLevel::NetT07).name(), "Casual");
        assert_eq!(
            AnyLevel::from(OthelloLevel::Minimax4).limits(),
            Limits::depth(4)
        );
        assert_eq!(
            AnyLevel::from(OthelloLevel::Club).description(),
            OthelloLevel::Club.level().description
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn levels_round_trip_through_json_as_their_ids() {
        for level in crate::othello::levels() {
            let json = serde_json::to_string(&level.id).unwrap();
            assert_eq!(json, format!("\"{}\"", level.id));
            assert_eq!(
                serde_json::from_str::<OthelloLevel>(&json).unwrap(),
                level.id
            );
            let any = AnyLevel::from(level.id);
            let json = serde_json::to_string(&any).unwrap();
            assert_eq!(json, format!("{{\"othello\":\"{}\"}}", level.id));
            assert_eq!(serde_json::from_str::<AnyLevel>(&json).unwrap(), any);
        }
        for level in crate::go::levels() {
            let any = AnyLevel::from(level.id);
            let json = serde_json::to_string(&any).unwrap();
            assert_eq!(json, format!("{{\"go\":\"{}\"}}", level.id));
            assert_eq!(serde_json::from_str::<AnyLevel>(&json).unwrap(), any);
        }
        // A value, not only text: the ids are read from owned strings too, and an id of a
        // level that is gone as the nearest level.
        let value = serde_json::json!({"go": "mcts-2000"});
        assert_eq!(
            serde_json::from_value::<AnyLevel>(value).unwrap(),
            AnyLevel::Go(GoLevel::NetT07)
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn json_with_an_unknown_id_is_refused_with_the_known_ones() {
        let error = serde_json::from_str::<GoLevel>("\"master\"").unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("unknown level \"master\": use one of random, mcts-100"),
            "{error}"
        );
        // An Othello id is no Go level, however it is tagged.
        let error = serde_json::from_str::<AnyLevel>(r#"{"go":"club"}"#).unwrap_err();
        assert!(
            error.to_string().contains("unknown level \"club\""),
            "{error}"
        );
        assert!(serde_json::from_str::<AnyLevel>(r#"{"chess":"club"}"#).is_err());
    }
}
