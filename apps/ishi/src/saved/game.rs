//! A match as saved: its configuration and the events from the start, with the cursor.
//!
//! Undo and redo still work after a reload because the redo line is saved too. Loading
//! replays the events through the rules, so a saved game that is not a legal game (a damaged
//! file) is refused as a whole with a reason, never half loaded. Forced Othello passes are
//! not saved: replay plays them again.

use std::rc::Rc;

use ishi_analysis::{Class, WinRateLoss, Worth};
use ishi_rules::go::Point;
use ishi_scoring::DeadStones;
use serde::{Deserialize, Serialize};

use crate::model::{
    Action, Annotation, Ending, GameKind, Judged, Match, MatchConfig, MoveNameError, Played,
    Refusal, Snapshot, ValueUnit,
};

/// One saved event of a match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SavedEvent {
    /// A move: a cell name as players write it (`f5`, `D4`) or `pass`.
    Move(String),
    /// The player to move resigned.
    Resign,
    /// The count was accepted with these dead stones.
    Count(Vec<Point>),
    /// A result decided away from the board (an online game's flag fall, say).
    Result(ishi_scoring::GameResult),
}

/// A saved match.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SavedMatch {
    /// The configuration.
    pub config: MatchConfig,
    /// Every event from the start, those after the cursor (the redo line) included.
    pub events: Vec<SavedEvent>,
    /// How many events are before the cursor.
    pub played: usize,
    /// The analyses of its positions ("Analyse this game"), by their snapshots' indices in
    /// the replayed history (forced passes included, as replay makes them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub analysis: Vec<SavedAnnotation>,
}

/// The analysis of one position, saved; moves by name, as the events.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SavedAnnotation {
    /// The snapshot's index.
    pub index: usize,
    /// What the position is worth to Black.
    pub worth: Worth,
    /// The best move and its value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<(String, f32)>,
    /// The move played from it when it was analysed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// That move judged: its value, its loss and class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<(f32, f32, Class)>,
    /// Go on the network: the values are points of score (else, for Go, win-rate points).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub score: bool,
    /// Go on the network: the move played's win rate and what it lost of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win_rate: Option<(f32, f32)>,
    /// Made with the deep budget.
    #[serde(default)]
    pub deep: bool,
}

/// Why a saved event cannot be replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EventError {
    /// The move's name is not a move of the board.
    Move(MoveNameError),
    /// The match refuses the event where it comes.
    Refused(Refusal),
    /// A count in an Othello game.
    CountInOthello,
}

impl std::fmt::Display for EventError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventError::Move(e) => e.fmt(f),
            EventError::Refused(r) => r.fmt(f),
            EventError::CountInOthello => f.write_str("a count in an Othello game"),
        }
    }
}

/// Why a saved match cannot be loaded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MatchLoadError {
    /// The saved setup is not playable.
    Setup(crate::model::SetupError),
    /// An event cannot be replayed where it comes.
    Event {
        /// Its number, from 1.
        number: usize,
        /// Why.
        error: EventError,
    },
    /// The saved cursor is past the last event.
    Cursor,
}

impl std::fmt::Display for MatchLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchLoadError::Setup(e) => e.fmt(f),
            MatchLoadError::Event { number, error } => write!(f, "event {number}: {error}"),
            MatchLoadError::Cursor => f.write_str("the saved cursor is past the last event"),
        }
    }
}

impl std::error::Error for MatchLoadError {}

/// The events of a match's snapshots after the start, forced passes left out, each with its
/// snapshot's index.
fn events(history: &[Rc<Snapshot>]) -> Vec<(usize, SavedEvent)> {
    history
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, s)| {
            let event = match (&s.ending, &s.played) {
                (Some(Ending::Resigned(_)), _) => SavedEvent::Resign,
                (Some(Ending::Counted { dead, .. }), _) => SavedEvent::Count(dead.iter().collect()),
                (Some(Ending::Decided(result)), _) => SavedEvent::Result(*result),
                (None, Some(Played { forced: true, .. }) | None) => return None,
                (None, Some(p)) => SavedEvent::Move(history[i - 1].position.move_name(p.mv)),
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
            config: m.config().clone(),
            events: all.into_iter().map(|(_, e)| e).collect(),
            played,
            analysis: (0..m.history().len())
                .filter_map(|i| Some(saved_annotation(m, i, m.annotation(i)?)))
                .collect(),
        }
    }

    /// The match this describes, replayed from the start, the cursor where it was.
    ///
    /// # Errors
    ///
    /// [`MatchLoadError`] naming the first thing that does not fit: the setup, an event that
    /// is not legal where it comes, the cursor.
    pub fn load(&self) -> Result<Match, MatchLoadError> {
        if self.played > self.events.len() {
            return Err(MatchLoadError::Cursor);
        }
        let mut m = Match::new(self.config.clone()).map_err(MatchLoadError::Setup)?;
        let mut cursor_at = m.cursor();
        for (n, event) in self.events.iter().enumerate() {
            replay(&mut m, event).map_err(|error| MatchLoadError::Event {
                number: n + 1,
                error,
            })?;
            if n + 1 == self.played {
                cursor_at = m.cursor();
            }
        }
        m.set_cursor(cursor_at);
        for saved in &self.analysis {
            // An analysis that no longer fits the game (a damaged file) is left out: it is a
            // help to the review, not part of the game.
            if let Some(annotation) = annotation(&m, saved) {
                let _stale = m.apply(Action::Annotate {
                    index: saved.index,
                    annotation,
                });
            }
        }
        Ok(m)
    }
}

/// The saved form of the annotation of the snapshot at `index` of `m`.
fn saved_annotation(m: &Match, index: usize, a: &Annotation) -> SavedAnnotation {
    let position = &m.history()[index].position;
    SavedAnnotation {
        index,
        worth: a.worth,
        best: a.best.map(|(mv, value)| (position.move_name(mv), value)),
        next: a.next.map(|mv| position.move_name(mv)),
        played: a.played.map(|j| (j.value, j.loss, j.class)),
        score: a.unit == ValueUnit::Score,
        win_rate: a
            .played
            .and_then(|j| j.win_rate)
            .map(|w| (w.played, w.loss)),
        deep: a.deep,
    }
}

/// The annotation `saved` describes, for the snapshot at its index of `m`; `None` when it
/// does not fit (no such snapshot, a move that is not one).
fn annotation(m: &Match, saved: &SavedAnnotation) -> Option<Annotation> {
    let position = &m.history().get(saved.index)?.position;
    let best = match &saved.best {
        Some((name, value)) => Some((position.parse_move(name).ok()?, *value)),
        None => None,
    };
    let next = match &saved.next {
        Some(name) => Some(position.parse_move(name).ok()?),
        None => None,
    };
    let played = match (next, saved.played) {
        (Some(mv), Some((value, loss, class))) => Some(Judged {
            mv,
            value,
            loss,
            class,
            win_rate: saved
                .win_rate
                .map(|(played, loss)| WinRateLoss { played, loss }),
        }),
        _ => None,
    };
    let unit = match (position.kind(), saved.score) {
        (GameKind::Othello, _) => ValueUnit::Discs,
        (GameKind::Go, true) => ValueUnit::Score,
        (GameKind::Go, false) => ValueUnit::WinRate,
    };
    Some(Annotation {
        key: position.fingerprint(),
        worth: saved.worth,
        unit,
        best,
        next,
        played,
        deep: saved.deep,
    })
}

/// Plays one saved event, whoever's turn it is (a saved game is history, not input).
fn replay(m: &mut Match, event: &SavedEvent) -> Result<(), EventError> {
    match event {
        SavedEvent::Move(name) => {
            let mv = m.position().parse_move(name).map_err(EventError::Move)?;
            m.force_play(mv).map_err(EventError::Refused)
        }
        SavedEvent::Resign => m.force_resign().map_err(EventError::Refused),
        SavedEvent::Count(points) => {
            let go = m.position().go().ok_or(EventError::CountInOthello)?;
            let dead = DeadStones::from_points(go, points.iter().copied());
            m.force_count(dead).map_err(EventError::Refused)
        }
        SavedEvent::Result(result) => m.force_decide(*result).map_err(EventError::Refused),
    }
}
