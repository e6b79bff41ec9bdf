//! A match as saved: its configuration and the events from the start, with the cursor, and
//! the variations made in review, each as the line it leaves, where, and its own events.
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
    Action, Annotation, Ending, GameKind, Judged, Match, MatchConfig, MoveNameError, Outcome,
    Played, Practised, Refusal, Snapshot, ValueUnit,
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
    /// The variations made in review, in the order they were made: variation `n` is the
    /// match's line `n` (line 0 is the game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<SavedVariation>,
    /// The line on screen: 0 for the game, else its variation's number.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub line: usize,
    /// The results of practising the game's mistakes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub practised: Vec<SavedPractised>,
}

/// The result of practising one position of the game, saved.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedPractised {
    /// The position's snapshot index in the game.
    pub index: usize,
    /// Solved at this try (from 1), or `None`: missed.
    pub solved: Option<u8>,
    /// Whether a hint was asked for.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hinted: bool,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A variation, saved.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SavedVariation {
    /// The line it leaves: 0 for the game, else an earlier variation's number.
    pub parent: usize,
    /// The index of the last snapshot it shares with that line.
    pub from: usize,
    /// Its moves after that snapshot, by name (a variation has no other events).
    pub moves: Vec<String>,
    /// The snapshot on screen when it is.
    pub cursor: usize,
    /// The analyses of its own positions, from `from` on.
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
    /// A variation cannot be replayed: its number (from 1) and why.
    Variation {
        /// Its number.
        number: usize,
        /// Why.
        error: VariationError,
    },
}

/// Why a saved variation cannot be replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VariationError {
    /// It leaves a line that is not an earlier one, or at a snapshot that line does not have.
    Parent,
    /// Its first move is one another line already plays from there: no variation.
    Duplicate,
    /// A move's name is not a move of the board.
    Move(MoveNameError),
    /// The rules refuse a move where it comes.
    Refused(Refusal),
    /// Its cursor is past its last snapshot.
    Cursor,
}

impl std::fmt::Display for VariationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariationError::Parent => f.write_str("it leaves a line or a move that is not there"),
            VariationError::Duplicate => f.write_str("another line already plays its first move"),
            VariationError::Move(e) => e.fmt(f),
            VariationError::Refused(r) => r.fmt(f),
            VariationError::Cursor => f.write_str("its cursor is past its last move"),
        }
    }
}

impl std::fmt::Display for MatchLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchLoadError::Setup(e) => e.fmt(f),
            MatchLoadError::Event { number, error } => write!(f, "event {number}: {error}"),
            MatchLoadError::Cursor => f.write_str("the saved cursor is past the last event"),
            MatchLoadError::Variation { number, error } => write!(f, "variation {number}: {error}"),
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
        SavedMatch {
            variations: (1..m.line_count())
                .filter_map(|line| saved_variation(m, line))
                .collect(),
            line: m.line_on(),
            practised: m
                .practised()
                .iter()
                .map(|p| match p.outcome {
                    Outcome::Solved { tries, hinted } => SavedPractised {
                        index: p.index,
                        solved: Some(tries),
                        hinted,
                    },
                    Outcome::Missed => SavedPractised {
                        index: p.index,
                        solved: None,
                        hinted: false,
                    },
                })
                .collect(),
            ..SavedMatch::game(m)
        }
    }

    /// The saved form of `m`'s game alone (line 0, its cursor and analyses), without the
    /// variations and the practice's results: the recent games keep games.
    pub fn game(m: &Match) -> SavedMatch {
        let game = m.snapshots_of(0).unwrap_or_default();
        let all = events(game);
        let cursor = m.cursor_of(0).unwrap_or_default();
        let played = all.iter().filter(|(i, _)| *i <= cursor).count();
        SavedMatch {
            config: m.config().clone(),
            events: all.into_iter().map(|(_, e)| e).collect(),
            played,
            analysis: saved_annotations(m, 0, 0),
            variations: Vec::new(),
            line: 0,
            practised: Vec::new(),
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
        file_annotations(&mut m, &self.analysis);
        for saved in &self.practised {
            let outcome = match saved.solved {
                Some(tries) => Outcome::Solved {
                    tries,
                    hinted: saved.hinted,
                },
                None => Outcome::Missed,
            };
            m.file_practised(Practised {
                index: saved.index,
                outcome,
            });
        }
        for (n, variation) in self.variations.iter().enumerate() {
            replay_variation(&mut m, n + 1, variation).map_err(|error| {
                MatchLoadError::Variation {
                    number: n + 1,
                    error,
                }
            })?;
        }
        if m.line_on() != self.line {
            let index = m.cursor_of(self.line).ok_or(MatchLoadError::Cursor)?;
            m.apply(Action::ToLine {
                line: self.line,
                index,
            })
            .map_err(|_| MatchLoadError::Cursor)?;
        }
        Ok(m)
    }
}

/// The saved annotations of line `line` of `m`, from its snapshot `from` on.
fn saved_annotations(m: &Match, line: usize, from: usize) -> Vec<SavedAnnotation> {
    let Some(snapshots) = m.snapshots_of(line) else {
        return Vec::new();
    };
    (from..snapshots.len())
        .filter_map(|i| Some(saved_annotation(snapshots, i, m.annotation_of(line, i)?)))
        .collect()
}

/// The saved form of variation `line` of `m`.
fn saved_variation(m: &Match, line: usize) -> Option<SavedVariation> {
    let (parent, from) = m.parent_of(line)?;
    let snapshots = m.snapshots_of(line)?;
    Some(SavedVariation {
        parent,
        from,
        moves: events(snapshots)
            .into_iter()
            .filter(|(i, _)| *i > from)
            .filter_map(|(_, e)| match e {
                SavedEvent::Move(name) => Some(name),
                _ => None,
            })
            .collect(),
        cursor: m.cursor_of(line)?,
        analysis: saved_annotations(m, line, from),
    })
}

/// Files the saved analyses on the line on screen of `m`. An analysis that no longer fits the
/// game (a damaged file) is left out: it is a help to the review, not part of the game.
fn file_annotations(m: &mut Match, analysis: &[SavedAnnotation]) {
    for saved in analysis {
        if let Some(annotation) = annotation(m, saved) {
            let _stale = m.apply(Action::Annotate {
                index: saved.index,
                annotation,
            });
        }
    }
}

/// Replays variation `number` of a saved match onto `m`, which has the lines before it.
fn replay_variation(
    m: &mut Match,
    number: usize,
    saved: &SavedVariation,
) -> Result<(), VariationError> {
    if saved.parent >= number {
        return Err(VariationError::Parent);
    }
    m.apply(Action::ToLine {
        line: saved.parent,
        index: saved.from,
    })
    .map_err(|_| VariationError::Parent)?;
    for (i, name) in saved.moves.iter().enumerate() {
        let mv = m
            .position()
            .parse_move(name)
            .map_err(VariationError::Move)?;
        m.apply(Action::Explore(mv))
            .map_err(VariationError::Refused)?;
        if i == 0 && (m.line_on() != number || m.line_count() != number + 1) {
            return Err(VariationError::Duplicate);
        }
    }
    if saved.moves.is_empty() {
        return Err(VariationError::Duplicate);
    }
    m.apply(Action::GoTo(saved.cursor))
        .map_err(|_| VariationError::Cursor)?;
    file_annotations(m, &saved.analysis);
    Ok(())
}

/// The saved form of the annotation of the snapshot at `index` of a line with `snapshots`.
fn saved_annotation(snapshots: &[Rc<Snapshot>], index: usize, a: &Annotation) -> SavedAnnotation {
    let position = &snapshots[index].position;
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
