//! The match as plain Rust: a history of immutable snapshots, a cursor, and the actions that
//! move them. No UI here: the app's state ([`crate::state::AppState`]) holds the matches and
//! sends them [`Action`]s.
//!
//! Undo moves the cursor back to the last snapshot where a person had a decision to make, and
//! redo moves it forward; neither replays a move. Against the computer that is two plies, or
//! one while the computer is still thinking (its search is then cancelled, as the state has
//! moved on); Othello's forced passes are no decision and are stepped over; in a game the
//! computer plays on both sides every real choice counts, so undo steps one ply (and the
//! app's state pauses the game, so that the watcher can look). A new move cuts the snapshots
//! after the cursor. Every snapshot carries the whole position (board, captures, side to move, passes,
//! ko), so undo restores all of it.

mod annotation;
mod config;
mod lines;
mod practised;

use std::rc::Rc;

use ishi_ai::AnyLevel;
use ishi_rules::{Game, IllegalReason, Move, Player};
use ishi_scoring::{DeadStones, GameResult, Score, WinBy};

pub use annotation::{Annotation, Judged, ValueUnit};
pub use config::{GoConfig, MatchConfig, OthelloConfig, OthelloStart, SetupError, Side, humans};
pub use ishi_rules::any::{
    Cell, CellMove, GameKind, MoveNameError, Position, from_go, from_othello, go_cell, go_point,
    to_go, to_othello,
};
pub use lines::{Branch, MAX_VARIATIONS};
pub use practised::{Outcome, Practised};

/// How a move came about.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// Who played it.
    pub player: Player,
    /// The move.
    pub mv: CellMove,
    /// An Othello pass the rules forced: no decision, announced and skipped by undo.
    pub forced: bool,
    /// Othello: the discs the move flipped (for the animation).
    pub flipped: Vec<Cell>,
}

/// What ended a match besides the rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The player resigned.
    Resigned(Player),
    /// A result decided away from the board: an online game's resignation out of turn, its
    /// flag fall, a game called off (the game server's word).
    Decided(GameResult),
    /// Go: the players accepted the count.
    Counted {
        /// The result of the count.
        result: GameResult,
        /// The stones they agreed were dead.
        dead: DeadStones,
    },
}

/// One state of the match, never changed once made.
#[derive(Clone, PartialEq, Debug)]
pub struct Snapshot {
    /// The position.
    pub position: Position,
    /// The move that led here (none at the start).
    pub played: Option<Played>,
    /// A resignation or an accepted count that ended the match here.
    pub ending: Option<Ending>,
}

/// Something the players (or the computer) do to the match.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// A stone or disc on a cell, by the player to move.
    Play(Cell),
    /// A pass (Go).
    Pass,
    /// The player to move resigns.
    Resign,
    /// Back to the last decision of a person.
    Undo,
    /// Forward again, after an undo.
    Redo,
    /// The computer's move, for the state it was asked about (`epoch`).
    Computer {
        /// [`Match::epoch`] when the computer was asked.
        epoch: u64,
        /// Its move.
        mv: CellMove,
    },
    /// Go count: mark or unmark the chain on the cell as dead.
    ToggleDead(Cell),
    /// Go count: accept the count as marked.
    AcceptCount,
    /// Review: show the snapshot at this index of the line on screen (any ply, forced passes
    /// included).
    GoTo(usize),
    /// Review: a move for the side to move, whoever plays it, that leaves the game as it is:
    /// the line on screen's next snapshot when it is that move, a line that already plays
    /// it from here, or else a new variation ([`Match::line_count`] counts them).
    Explore(CellMove),
    /// Review: the line `line` on screen, at its snapshot `index`.
    ToLine {
        /// The line: 0 is the game, the variations follow in the order they were made.
        line: usize,
        /// The snapshot's index in that line.
        index: usize,
    },

    /// Files the analysis of the position at this index of the history (any ply). Refused
    /// as stale when the position there is no longer the one analysed.
    Annotate {
        /// The snapshot's index in [`Match::history`].
        index: usize,
        /// What the analysis found.
        annotation: Annotation,
    },
    /// Go count: the computer's guess of the dead stones (from Monte Carlo ownership), for
    /// the state it was worked out for (`epoch`). Ignored once a person has marked stones.
    RefineDead {
        /// [`Match::epoch`] when it was asked for.
        epoch: u64,
        /// The dead stones.
        dead: DeadStones,
        /// Who owns each point at the end of the playouts the guess came from, from -1
        /// (White) to 1 (Black) in `Go::points` order: the count shades the board with it.
        ownership: Option<Rc<[f32]>>,
    },
}

/// Why an action was refused. Nothing changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The rules refuse the move.
    Illegal(IllegalReason),
    /// It is the computer's turn, or the match is over.
    NotYourTurn,
    /// Nothing to undo or redo.
    NothingThere,
    /// The computer's answer is for a state that has changed since (an undo, say).
    Stale,
    /// The action needs the count of a finished Go game.
    NotCounting,
    /// A new variation would be one more than [`MAX_VARIATIONS`].
    TooManyVariations,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Illegal(reason) => write!(f, "illegal: {reason}"),
            Refusal::NotYourTurn => f.write_str("not the turn of a person at the device"),
            Refusal::NothingThere => f.write_str("nothing to go back or forward to"),
            Refusal::Stale => f.write_str("the state has changed since"),
            Refusal::NotCounting => f.write_str("no game is being counted"),
            Refusal::TooManyVariations => {
                write!(f, "a match keeps at most {MAX_VARIATIONS} variations")
            }
        }
    }
}

impl std::error::Error for Refusal {}

/// A match: its configuration, its snapshots and the cursor.
#[derive(Clone, PartialEq, Debug)]
pub struct Match {
    config: MatchConfig,
    history: Vec<Rc<Snapshot>>,
    /// The analysis of each snapshot's position, by the snapshot's index.
    annotations: Vec<Option<Rc<Annotation>>>,
    cursor: usize,
    /// Go: the dead stones marked while counting a game that ended by two passes.
    dead: Option<DeadStones>,
    /// Whether `dead` is past the count's empty start: the computer's guess came, or a
    /// person marked a stone.
    dead_refined: bool,
    /// Go count: who owns each point, from the playouts that refined `dead`.
    count_ownership: Option<Rc<[f32]>>,
    epoch: u64,
    /// Every line of play, the game first: `history`, `annotations` and `cursor` are the
    /// line on screen's (number `on`), whose entry here is left empty meanwhile.
    lines: Vec<lines::Line>,
    /// The line on screen.
    on: usize,
    /// The results of practising the game's mistakes, by index.
    practised: Vec<Practised>,
}

impl Match {
    /// A match from its configuration.
    ///
    /// # Errors
    ///
    /// [`SetupError`] when the setup is not playable.
    pub fn new(config: MatchConfig) -> Result<Match, SetupError> {
        let start = config.start()?;
        let mut m = Match {
            config,
            history: vec![Rc::new(Snapshot {
                position: start,
                played: None,
                ending: None,
            })],
            annotations: vec![None],
            cursor: 0,
            dead: None,
            dead_refined: false,
            count_ownership: None,
            epoch: 0,
            lines: vec![lines::Line::default()],
            on: 0,
            practised: Vec::new(),
        };
        m.settle();
        Ok(m)
    }

    /// The configuration.
    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.config.kind()
    }

    /// The snapshot at the cursor.
    pub fn current(&self) -> &Snapshot {
        &self.history[self.cursor]
    }

    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        &self.current().position
    }

    /// The snapshots up to the cursor, the start first.
    pub fn line(&self) -> &[Rc<Snapshot>] {
        &self.history[..=self.cursor]
    }

    /// Every snapshot, those after the cursor (redo) included.
    pub fn history(&self) -> &[Rc<Snapshot>] {
        &self.history
    }

    /// The analysis of the snapshot at `index` of the history, if one was filed.
    pub fn annotation(&self, index: usize) -> Option<&Annotation> {
        self.annotations.get(index)?.as_deref()
    }

    /// The cursor's index in [`history`](Match::history).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// A number that changes whenever the state does: the computer's answer is only taken
    /// for the state it was asked about.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Who plays the side to move.
    pub fn side_to_move(&self) -> Side<AnyLevel> {
        self.config.sides()[self.position().turn()]
    }

    /// Whether a person is to move in a match going on (not over, not being counted).
    pub fn human_to_move(&self) -> bool {
        self.side_to_move().is_human() && !self.is_over() && !self.is_counting()
    }

    /// Whether the match has ended: by the rules (Othello), a resignation or an accepted count.
    /// A Go game that ended by two passes is not over until its count is accepted.
    pub fn is_over(&self) -> bool {
        let snapshot = self.current();
        snapshot.ending.is_some()
            || (snapshot.position.is_over() && snapshot.position.kind() == GameKind::Othello)
    }

    /// Whether a Go game is being counted (it ended by two passes).
    pub fn is_counting(&self) -> bool {
        self.dead.is_some()
    }

    /// The count with the dead marks, while counting or once it was accepted.
    pub fn count(&self) -> Option<Score> {
        let go = self.position().go()?;
        self.dead_stones().map(|dead| ishi_scoring::score(go, dead))
    }

    /// Whether the count waits for the computer's guess of the dead stones (a Monte Carlo
    /// ownership estimate): a Go game is being counted, the guess has not come, and nobody
    /// has marked a stone yet.
    pub fn needs_ownership(&self) -> bool {
        self.is_counting() && !self.dead_refined
    }

    /// Go, while counting: who owns each point from the playouts of the dead-stone guess
    /// (-1 White to 1 Black, in `Go::points` order), once they came.
    pub fn count_ownership(&self) -> Option<&[f32]> {
        self.count_ownership
            .as_deref()
            .filter(|_| self.is_counting())
    }

    /// The dead stones marked so far, or agreed on.
    pub fn dead_stones(&self) -> Option<&DeadStones> {
        match &self.current().ending {
            Some(Ending::Counted { dead, .. }) => Some(dead),
            _ => self.dead.as_ref(),
        }
    }

    /// Whether the computer should move now.
    pub fn computer_to_move(&self) -> Option<AnyLevel> {
        match self.side_to_move() {
            Side::Computer(level) if !self.is_over() && !self.is_counting() => Some(level),
            _ => None,
        }
    }

    /// The result, once the match is over.
    pub fn result(&self) -> Option<GameResult> {
        let snapshot = self.current();
        match &snapshot.ending {
            Some(Ending::Resigned(p)) => Some(GameResult::Win {
                winner: !*p,
                by: WinBy::Resignation,
            }),
            Some(Ending::Counted { result, .. } | Ending::Decided(result)) => Some(*result),
            None => {
                let othello = snapshot.position.othello().filter(|o| o.is_over())?;
                Some(GameResult::from_margin(othello.score().margin() * 2))
            }
        }
    }

    /// Whether [`Action::Undo`] would do something.
    pub fn can_undo(&self) -> bool {
        self.undo_target().is_some()
    }

    /// Whether [`Action::Redo`] would do something.
    pub fn can_redo(&self) -> bool {
        self.cursor + 1 < self.history.len()
    }

    /// Applies `action`.
    ///
    /// # Errors
    ///
    /// [`Refusal`] says why nothing changed.
    pub fn apply(&mut self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::Play(cell) => self.play_as_human(Move::Place(cell)),
            Action::Pass => self.play_as_human(Move::Pass),
            Action::Resign => {
                if !self.side_to_move().is_human() {
                    return Err(Refusal::NotYourTurn);
                }
                self.force_resign()
            }
            Action::Undo => {
                let target = self.undo_target().ok_or(Refusal::NothingThere)?;
                self.move_cursor(target);
                Ok(())
            }
            Action::Redo => {
                let target = self.redo_target().ok_or(Refusal::NothingThere)?;
                self.move_cursor(target);
                Ok(())
            }
            Action::RefineDead {
                epoch,
                dead,
                ownership,
            } => {
                if epoch != self.epoch || !self.needs_ownership() {
                    return Err(Refusal::Stale);
                }
                self.dead = Some(dead);
                self.dead_refined = true;
                self.count_ownership = ownership;
                self.epoch += 1;
                Ok(())
            }
            Action::Annotate { index, annotation } => {
                let here = self.history.get(index).ok_or(Refusal::NothingThere)?;
                if here.position.fingerprint() != annotation.key {
                    return Err(Refusal::Stale);
                }
                // One slot a snapshot (`push` and `settle` keep them in step).
                let slot = self
                    .annotations
                    .get_mut(index)
                    .ok_or(Refusal::NothingThere)?;
                let annotation = Rc::new(annotation);
                *slot = Some(annotation.clone());
                self.share_annotation(index, &annotation);
                Ok(())
            }
            Action::GoTo(index) => {
                if index >= self.history.len() {
                    return Err(Refusal::NothingThere);
                }
                self.move_cursor(index);
                Ok(())
            }
            Action::Explore(mv) => self.explore(mv),
            Action::ToLine { line, index } => self.show_line(line, index),

            Action::Computer { epoch, mv } => {
                if epoch != self.epoch {
                    return Err(Refusal::Stale);
                }
                if self.computer_to_move().is_none() {
                    return Err(Refusal::NotYourTurn);
                }
                self.play(mv)
            }
            Action::ToggleDead(cell) => {
                let go = self.position().go().ok_or(Refusal::NotCounting)?.clone();
                if !self.is_counting() {
                    return Err(Refusal::NotCounting);
                }
                let point = go_point(cell, go.size()).ok_or(Refusal::NotCounting)?;
                if let Some(dead) = &mut self.dead {
                    dead.toggle_chain(&go, point);
                }
                self.dead_refined = true;
                self.epoch += 1;
                Ok(())
            }
            Action::AcceptCount => {
                if !self.is_counting() {
                    return Err(Refusal::NotCounting);
                }
                let result = self.count().ok_or(Refusal::NotCounting)?.result();
                let dead = self.dead.clone().unwrap_or_default();
                let snapshot = Snapshot {
                    ending: Some(Ending::Counted { result, dead }),
                    played: None,
                    position: self.position().clone(),
                };
                self.push(snapshot);
                Ok(())
            }
        }
    }

    /// Moves the cursor to snapshot `index` (clamped to the history), for review.
    pub fn set_cursor(&mut self, index: usize) {
        let last = self.history.len() - 1;
        self.move_cursor(index.min(last));
    }

    /// Plays `mv` for the side to move, whoever plays it: replaying a saved or imported game.
    ///
    /// # Errors
    ///
    /// [`Refusal::Illegal`] when the rules refuse it; [`Refusal::NotYourTurn`] when the
    /// match is over or being counted.
    pub fn force_play(&mut self, mv: CellMove) -> Result<(), Refusal> {
        if self.is_over() || self.is_counting() {
            return Err(Refusal::NotYourTurn);
        }
        self.play(mv)
    }

    /// The side to move resigns, whoever plays it: replaying a saved game, and
    /// [`Action::Resign`] once it has checked that a person plays that side.
    ///
    /// # Errors
    ///
    /// [`Refusal::NotYourTurn`] when the match is already over.
    pub fn force_resign(&mut self) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::NotYourTurn);
        }
        let snapshot = Snapshot {
            ending: Some(Ending::Resigned(self.position().turn())),
            played: None,
            position: self.position().clone(),
        };
        self.push(snapshot);
        Ok(())
    }

    /// Ends the match with `result`, decided away from the board (an online game's server).
    ///
    /// # Errors
    ///
    /// [`Refusal::NotYourTurn`] when the match is already over.
    pub fn force_decide(&mut self, result: GameResult) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::NotYourTurn);
        }
        let snapshot = Snapshot {
            ending: Some(Ending::Decided(result)),
            played: None,
            position: self.position().clone(),
        };
        self.push(snapshot);
        Ok(())
    }

    /// Go count: the dead stones as marked elsewhere (an online game's server).
    ///
    /// # Errors
    ///
    /// [`Refusal::NotCounting`] unless a Go game is being counted.
    pub fn mark_dead(&mut self, dead: DeadStones) -> Result<(), Refusal> {
        if !self.is_counting() {
            return Err(Refusal::NotCounting);
        }
        self.dead = Some(dead);
        self.dead_refined = true;
        self.count_ownership = None;
        self.epoch += 1;
        Ok(())
    }

    /// Accepts the count with `dead` marked: replaying a saved game.
    ///
    /// # Errors
    ///
    /// [`Refusal::NotCounting`] unless a Go game is being counted.
    pub fn force_count(&mut self, dead: DeadStones) -> Result<(), Refusal> {
        if !self.is_counting() {
            return Err(Refusal::NotCounting);
        }
        self.dead = Some(dead);
        self.apply(Action::AcceptCount)
    }

    fn play_as_human(&mut self, mv: CellMove) -> Result<(), Refusal> {
        if self.is_over() || self.is_counting() || !self.side_to_move().is_human() {
            return Err(Refusal::NotYourTurn);
        }
        self.play(mv)
    }

    fn play(&mut self, mv: CellMove) -> Result<(), Refusal> {
        let position = self.position();
        let flipped = match mv {
            Move::Place(cell) => position.flips(cell),
            Move::Pass => Vec::new(),
        };
        let next = position.play(mv).map_err(Refusal::Illegal)?;
        let player = position.turn();
        self.push(Snapshot {
            position: next,
            played: Some(Played {
                player,
                mv,
                forced: false,
                flipped,
            }),
            ending: None,
        });
        Ok(())
    }

    /// Adds a snapshot after the cursor (cutting what was after it, and the variations that
    /// left what was cut) and settles it.
    fn push(&mut self, snapshot: Snapshot) {
        self.drop_lines_after(self.cursor);
        if self.on == 0 {
            self.forget_practised_from(self.cursor);
        }
        self.history.truncate(self.cursor + 1);
        self.history.push(Rc::new(snapshot));
        self.annotations.truncate(self.cursor + 1);
        // The position a move was played from is judged anew, with the new move.
        if let Some(last) = self.annotations.last_mut() {
            *last = None;
        }
        self.annotations.push(None);
        self.cursor += 1;
        self.settle();
    }

    /// Plays Othello's forced passes and starts the count of a Go game that ended.
    fn settle(&mut self) {
        while self.current().ending.is_none() && self.position().must_pass() {
            let player = self.position().turn();
            let Ok(next) = self.position().play(Move::Pass) else {
                break;
            };
            self.history.push(Rc::new(Snapshot {
                position: next,
                played: Some(Played {
                    player,
                    mv: Move::Pass,
                    forced: true,
                    flipped: Vec::new(),
                }),
                ending: None,
            }));
            self.annotations.push(None);
            self.cursor += 1;
        }
        self.dead = self.count_start();
        self.dead_refined = false;
        self.count_ownership = None;
        self.epoch += 1;
    }

    /// The first marks of a count: none, when a Go game at the cursor ended by two passes
    /// and its count is not yet accepted. The computer's guess of the dead stones comes
    /// after ([`Action::RefineDead`]), from the playouts of the ownership job
    /// ([`Match::needs_ownership`]), which run in the computer's worker, with the rest of
    /// the Go engine's code, not in the page's first download.
    fn count_start(&self) -> Option<DeadStones> {
        self.position().go().filter(|g| g.is_over())?;
        if self.current().ending.is_some() {
            return None;
        }
        Some(DeadStones::default())
    }

    fn move_cursor(&mut self, target: usize) {
        self.cursor = target;
        self.dead = self.count_start();
        self.dead_refined = false;
        self.count_ownership = None;
        self.epoch += 1;
    }

    /// Whether a person had a decision to make at snapshot `i`: their turn, a real choice
    /// (not a forced pass), the match going on. With no person in the match, every real
    /// choice counts, so that watchers can step back through a computer game.
    fn is_decision(&self, i: usize) -> bool {
        let snapshot = &self.history[i];
        let position = &snapshot.position;
        let sides = self.config.sides();
        snapshot.ending.is_none()
            && !position.is_over()
            && !position.must_pass()
            && (self.config.is_watched() || sides[position.turn()].is_human())
    }

    fn undo_target(&self) -> Option<usize> {
        (0..self.cursor).rev().find(|&i| self.is_decision(i))
    }

    fn redo_target(&self) -> Option<usize> {
        let last = self.history.len().checked_sub(1)?;
        (self.cursor < last).then(|| {
            (self.cursor + 1..=last)
                .find(|&i| self.is_decision(i))
                .unwrap_or(last)
        })
    }
}

#[cfg(test)]
mod tests;
