//! The match and the settings as saved between visits: plain JSON, versioned.
//!
//! A match is saved as its configuration and the events from the start (moves, a
//! resignation, an accepted count), with the cursor, so that undo and redo still work after a
//! reload. Loading replays the events through the rules, so a saved game that is not a legal
//! game (an older format, a damaged file) is refused as a whole with a reason, never half
//! loaded. Forced Othello passes are not saved: replay plays them again.

use std::rc::Rc;

use ishi_ai::Level;
use ishi_rules::go::{GoRules, Komi, Point};
use ishi_rules::othello::Shape;
use ishi_rules::{ByColor, Move};
use ishi_scoring::DeadStones;
use serde::{Deserialize, Serialize};

use super::{
    Cell, CellMove, Ending, GameKind, GameSetup, Match, MatchConfig, Played, Side, Snapshot,
};

/// The saved format's version. Bump it when the format changes incompatibly; older saves are
/// then refused (and kept aside by the app) instead of misread.
pub const VERSION: u32 = 1;

/// A saved match configuration.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedConfig {
    /// `othello` or `go`.
    pub game: String,
    /// Othello: the board shape (`8x8`, `octagon`, rows of `.` and `#`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// Othello from a position: its board string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Go: the board side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Go: the rules preset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Go: komi in half-points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<i32>,
    /// Go: handicap stones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handicap: Option<u8>,
    /// Black's side: `human` or a level id.
    pub black: String,
    /// White's side: `human` or a level id.
    pub white: String,
}

/// One saved event of a match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SavedEvent {
    /// A move: a cell name as players write it (`f5`, `D4`) or `pass`.
    Move(String),
    /// The player to move resigned.
    Resign,
    /// The count was accepted with these dead stones (Go point names).
    Count(Vec<String>),
}

/// A saved match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedMatch {
    /// The format's version, [`VERSION`].
    pub version: u32,
    /// The configuration.
    pub config: SavedConfig,
    /// Every event from the start, those after the cursor (the redo line) included.
    pub events: Vec<SavedEvent>,
    /// How many events are before the cursor.
    pub played: usize,
}

/// Why a saved match cannot be loaded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LoadError(pub String);

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LoadError {}

fn side_name(side: Side) -> String {
    match side {
        Side::Human => "human".to_owned(),
        Side::Computer(level) => level.id.to_owned(),
    }
}

fn side_from(name: &str, levels: &'static [Level]) -> Result<Side, LoadError> {
    if name == "human" {
        return Ok(Side::Human);
    }
    levels
        .iter()
        .find(|l| l.id == name)
        .map(Side::Computer)
        .ok_or_else(|| LoadError(format!("unknown player {name:?}")))
}

/// The computer levels of a game.
pub fn levels(kind: GameKind) -> &'static [Level] {
    match kind {
        GameKind::Othello => ishi_ai::othello::levels(),
        GameKind::Go => ishi_ai::go::levels(),
    }
}

impl SavedConfig {
    /// The saved form of `config`.
    pub fn of(config: &MatchConfig) -> SavedConfig {
        let (black, white) = (side_name(config.sides.black), side_name(config.sides.white));
        match &config.setup {
            GameSetup::Othello { shape } => SavedConfig {
                game: "othello".to_owned(),
                shape: Some(shape.to_string()),
                board: None,
                size: None,
                rules: None,
                komi: None,
                handicap: None,
                black,
                white,
            },
            GameSetup::OthelloFrom { board } => SavedConfig {
                game: "othello".to_owned(),
                shape: None,
                board: Some(board.clone()),
                size: None,
                rules: None,
                komi: None,
                handicap: None,
                black,
                white,
            },
            GameSetup::Go {
                size,
                rules,
                handicap,
            } => SavedConfig {
                game: "go".to_owned(),
                shape: None,
                board: None,
                size: Some(*size),
                rules: Some(rules.name().unwrap_or("japanese").to_owned()),
                komi: Some(rules.komi.half_points()),
                handicap: Some(*handicap),
                black,
                white,
            },
        }
    }

    /// The configuration this describes.
    ///
    /// # Errors
    ///
    /// [`LoadError`] for an unknown game, board, rules or player.
    pub fn config(&self) -> Result<MatchConfig, LoadError> {
        let bad = |what: &str| LoadError(format!("the saved game has no valid {what}"));
        let (setup, kind) = match self.game.as_str() {
            "othello" if self.board.is_some() => (
                GameSetup::OthelloFrom {
                    board: self.board.clone().unwrap_or_default(),
                },
                GameKind::Othello,
            ),
            "othello" => {
                let shape: Shape = self
                    .shape
                    .as_deref()
                    .ok_or_else(|| bad("board"))?
                    .parse()
                    .map_err(|e| LoadError(format!("board: {e}")))?;
                (GameSetup::Othello { shape }, GameKind::Othello)
            }
            "go" => {
                let rules: GoRules = self
                    .rules
                    .as_deref()
                    .ok_or_else(|| bad("rules"))?
                    .parse()
                    .map_err(|e| LoadError(format!("rules: {e}")))?;
                let komi = Komi::from_half_points(self.komi.ok_or_else(|| bad("komi"))?);
                (
                    GameSetup::Go {
                        size: self.size.ok_or_else(|| bad("board size"))?,
                        rules: rules.with_komi(komi),
                        handicap: self.handicap.unwrap_or(0),
                    },
                    GameKind::Go,
                )
            }
            other => return Err(LoadError(format!("unknown game {other:?}"))),
        };
        Ok(MatchConfig {
            setup,
            sides: ByColor::new(
                side_from(&self.black, levels(kind))?,
                side_from(&self.white, levels(kind))?,
            ),
        })
    }
}

/// The events of a match's snapshots after the start, forced passes left out.
fn events(history: &[Rc<Snapshot>]) -> Vec<(usize, SavedEvent)> {
    history
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, s)| {
            let event = match (&s.ending, &s.played) {
                (Some(Ending::Resigned(_)), _) => SavedEvent::Resign,
                (Some(Ending::Counted { dead, .. }), _) => {
                    SavedEvent::Count(dead.iter().map(|p| p.to_string()).collect())
                }
                (None, Some(Played { forced: true, .. })) => return None,
                (None, Some(p)) => SavedEvent::Move(match p.mv {
                    Move::Place(cell) => history[i - 1].position.cell_name(cell),
                    Move::Pass => "pass".to_owned(),
                }),
                (None, None) => return None,
            };
            Some((i, event))
        })
        .collect()
}

impl SavedMatch {
    /// The saved form of `m`.
    pub fn of(m: &Match) -> SavedMatch {
        let all = events(m.history());
        let played = all.iter().filter(|(i, _)| *i <= m.cursor()).count();
        SavedMatch {
            version: VERSION,
            config: SavedConfig::of(m.config()),
            events: all.into_iter().map(|(_, e)| e).collect(),
            played,
        }
    }

    /// The match this describes, replayed from the start, the cursor where it was.
    ///
    /// # Errors
    ///
    /// [`LoadError`] naming the first thing that does not fit: the version, the
    /// configuration, an event that is not legal where it comes.
    pub fn load(&self) -> Result<Match, LoadError> {
        if self.version != VERSION {
            return Err(LoadError(format!(
                "saved by another version of Ishi (format {}, this one reads {VERSION})",
                self.version
            )));
        }
        let config = self.config()?;
        let mut m = Match::new(config).map_err(LoadError)?;
        let mut cursor_at = m.cursor();
        for (n, event) in self.events.iter().enumerate() {
            replay(&mut m, event).map_err(|e| LoadError(format!("event {}: {e}", n + 1)))?;
            if n + 1 == self.played {
                cursor_at = m.cursor();
            }
        }
        if self.played > self.events.len() {
            return Err(LoadError(
                "the saved cursor is past the last event".to_owned(),
            ));
        }
        m.set_cursor(cursor_at);
        Ok(m)
    }

    /// The configuration of the saved match.
    ///
    /// # Errors
    ///
    /// As [`SavedConfig::config`].
    pub fn config(&self) -> Result<MatchConfig, LoadError> {
        self.config.config()
    }
}

/// Plays one saved event, whoever's turn it is (a saved game is history, not input).
fn replay(m: &mut Match, event: &SavedEvent) -> Result<(), String> {
    match event {
        SavedEvent::Move(name) => {
            let mv = cell_move(m, name)?;
            m.force_play(mv).map_err(|r| format!("{name}: {r:?}"))
        }
        SavedEvent::Resign => m.force_resign().map_err(|r| format!("resign: {r:?}")),
        SavedEvent::Count(points) => {
            let go = m
                .position()
                .go()
                .cloned()
                .ok_or("a count in an Othello game")?;
            let points = points
                .iter()
                .map(|p| p.parse::<Point>().map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()?;
            let dead = DeadStones::from_points(&go, points);
            m.force_count(dead).map_err(|r| format!("count: {r:?}"))
        }
    }
}

/// The move a cell name gives in the match's current position.
fn cell_move(m: &Match, name: &str) -> Result<CellMove, String> {
    if name == "pass" {
        return Ok(Move::Pass);
    }
    let position = m.position();
    let cell = match position.kind() {
        GameKind::Othello => {
            let sq: ishi_rules::othello::Square = name.parse().map_err(|e| format!("{e}"))?;
            Cell::new(sq.col(), sq.row())
        }
        GameKind::Go => {
            let p: Point = name.parse().map_err(|e| format!("{e}"))?;
            let size = position.size();
            if !p.is_on(size) {
                return Err(format!("{name} is off the board"));
            }
            super::go_cell(p, size)
        }
    };
    Ok(Move::Place(cell))
}
