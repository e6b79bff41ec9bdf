//! "Practise": the mistakes of an analysed game as exercises. Each is the position before a
//! move of a person that the analysis judged an inaccuracy, a mistake or a blunder: find a
//! better move.
//!
//! A move tried is played as a variation of the game ([`Action::Explore`]) and judged by the
//! same analysis as the game's moves (the variation's branch point is analysed with that
//! move, [`super::analysis::variation_job`]): it is accepted when its class is best or good,
//! that is within the game's threshold of an inaccuracy of the best move. The game's own
//! move and the analysis's best move are judged at once. Up to [`TRIES`] tries; a hint names
//! where the best move is; the solution plays the best move, then the best replies of the
//! analysis ([`SOLUTION_PLIES`] moves in all) one by one as they come. The result is filed
//! with the game ([`Practised`]) and saved with it.
//!
//! **Why the moves tried leave no variation behind.** They are the player's guesses, not
//! lines worth keeping: each exercise deletes the variations it made when the player moves
//! on, and the game is as it was, with its results.

use ishi_analysis::Class;

use crate::model::{Action, CellMove, GameKind, Match, Outcome, Practised, Refusal, ValueUnit};

/// The tries an exercise allows.
pub const TRIES: u8 = 3;

/// How many moves the solution plays: the best move and the best replies after it.
pub const SOLUTION_PLIES: u8 = 5;

/// One exercise: a move a person played that lost too much.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Exercise {
    /// The position's snapshot index in the game.
    pub index: usize,
    /// The move played there.
    pub played: CellMove,
    /// Its class.
    pub class: Class,
    /// What it lost, in the analysis's unit.
    pub loss: f32,
    /// The unit.
    pub unit: ValueUnit,
    /// The analysis's best move there.
    pub best: Option<CellMove>,
}

/// Where an exercise stands.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Stage {
    /// Waiting for a move in the exercise's position.
    Asking,
    /// A move was played; its analysis is under way.
    Judging(CellMove),
    /// The move is good enough (its loss).
    Right(CellMove, f32),
    /// The move lost too much: its loss and class.
    Wrong(CellMove, f32, Class),
    /// The solution is being played out: how many of its moves are on the board.
    Solution(u8),
    /// The last exercise is over: the practice's summary.
    Done,
}

/// What the player asks of the practice.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PracticeAction {
    /// Practise the mistakes of the game on screen.
    Start,
    /// Where the best move is.
    Hint,
    /// Back to the exercise's position for another try.
    Retry,
    /// Play the solution out.
    Solution,
    /// The next exercise (the last one ends the practice).
    Next,
    /// End the practice.
    Stop,
}

/// Where on the board a hint points.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// A corner (Othello).
    Corner,
    /// On the edge, in one of the board's quarters.
    Edge(Quarter),
    /// In one of the board's quarters, off the edge.
    Quarter(Quarter),
    /// The middle of the board (Go's centre, or Othello's sixteen middle squares).
    Centre,
    /// A pass.
    Pass,
}

/// A quarter of the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Quarter {
    /// Upper left.
    UpperLeft,
    /// Upper right.
    UpperRight,
    /// Lower left.
    LowerLeft,
    /// Lower right.
    LowerRight,
}

/// The hint for a best move `mv` on a board of `kind` and side `size`.
pub(super) fn hint(kind: GameKind, size: usize, mv: CellMove) -> Hint {
    let Some(cell) = mv.point() else {
        return Hint::Pass;
    };
    let (col, row, last) = (cell.col as usize, cell.row as usize, size - 1);
    let edge = |n: usize| n == 0 || n == last;
    let quarter = match (2 * col < size, 2 * row < size) {
        (true, true) => Quarter::UpperLeft,
        (false, true) => Quarter::UpperRight,
        (true, false) => Quarter::LowerLeft,
        (false, false) => Quarter::LowerRight,
    };
    // Go's edge is the first two lines, where life and death and the endgame are.
    let near = |n: usize| match kind {
        GameKind::Othello => edge(n),
        GameKind::Go => n <= 1 || n + 1 >= last,
    };
    // The centre: Othello's middle sixteen squares, Go's middle third.
    let centre = |n: usize| match kind {
        GameKind::Othello => (2..=last - 2).contains(&n),
        GameKind::Go => (size / 3..=last - size / 3).contains(&n),
    };
    if kind == GameKind::Othello && edge(col) && edge(row) {
        Hint::Corner
    } else if near(col) || near(row) {
        Hint::Edge(quarter)
    } else if centre(col) && centre(row) {
        Hint::Centre
    } else {
        Hint::Quarter(quarter)
    }
}

/// A practice of a game's mistakes under way.
#[derive(Clone, PartialEq, Debug)]
pub struct Practice {
    /// The exercises, in the game's order.
    pub exercises: Vec<Exercise>,
    /// The one on screen.
    pub current: usize,
    /// Moves judged in it so far.
    pub tries: u8,
    /// Whether its hint was asked for.
    pub hinted: bool,
    /// Where it stands.
    pub stage: Stage,
    /// How many lines the match had when the exercise began: those after are its tries.
    lines_before: usize,
}

/// The exercises of `m`'s game: each analysed move of a person judged an inaccuracy or
/// worse (with every side a computer, none).
pub fn exercises(m: &Match) -> Vec<Exercise> {
    let Some(game) = m.snapshots_of(0) else {
        return Vec::new();
    };
    let sides = m.config().sides();
    (0..game.len())
        .filter_map(|index| {
            let a = m.annotation_of(0, index)?;
            let judged = a.played?;
            let mover = game[index].position.turn();
            let person = sides[mover].is_human();
            (person && judged.class >= Class::Inaccuracy).then_some(Exercise {
                index,
                played: judged.mv,
                class: judged.class,
                loss: judged.loss,
                unit: a.unit,
                best: a.best.map(|(mv, _)| mv),
            })
        })
        .collect()
}

impl Practice {
    /// A practice of `exercises` (none: no practice).
    pub fn new(exercises: Vec<Exercise>, lines_before: usize) -> Option<Practice> {
        (!exercises.is_empty()).then_some(Practice {
            exercises,
            current: 0,
            tries: 0,
            hinted: false,
            stage: Stage::Asking,
            lines_before,
        })
    }

    /// The exercise on screen.
    pub fn exercise(&self) -> Exercise {
        self.exercises[self.current.min(self.exercises.len() - 1)]
    }

    /// Whether another try is allowed.
    pub fn can_retry(&self) -> bool {
        self.tries < TRIES && matches!(self.stage, Stage::Wrong(..))
    }

    /// The hint of the exercise on screen, once asked for.
    pub fn hint(&self, m: &Match) -> Option<Hint> {
        let best = self.exercise().best.filter(|_| self.hinted)?;
        Some(hint(m.kind(), m.position().size(), best))
    }

    /// The result to file when the exercise ends as it stands; `None` if nothing was tried.
    fn outcome(&self) -> Option<Outcome> {
        match self.stage {
            Stage::Right(..) => Some(Outcome::Solved {
                tries: self.tries,
                hinted: self.hinted,
            }),
            Stage::Solution(_) => Some(Outcome::Missed),
            Stage::Wrong(..) if self.tries >= TRIES => Some(Outcome::Missed),
            _ => None,
        }
    }

    /// Puts the exercise on screen: the game at its position.
    pub fn show(&mut self, m: &mut Match) -> Result<(), Refusal> {
        self.stage = Stage::Asking;
        self.lines_before = m.line_count();
        m.apply(Action::ToLine {
            line: 0,
            index: self.exercise().index,
        })
    }

    /// Back to the game at the exercise's position, the tries' variations deleted.
    fn tidy(&self, m: &mut Match) -> Result<(), Refusal> {
        m.apply(Action::ToLine {
            line: 0,
            index: self.exercise().index,
        })?;
        while m.line_count() > self.lines_before {
            m.apply(Action::DeleteLine(m.line_count() - 1))?;
        }
        Ok(())
    }

    /// Files the result of the exercise on screen and moves to the next one: whether there
    /// is one.
    pub fn next(&mut self, m: &mut Match) -> Result<bool, Refusal> {
        self.finish(m)?;
        if self.current + 1 >= self.exercises.len() {
            self.stage = Stage::Done;
            return Ok(false);
        }
        self.current += 1;
        self.tries = 0;
        self.hinted = false;
        self.show(m)?;
        Ok(true)
    }

    /// Files the result of the exercise on screen, and tidies its variations away.
    pub fn finish(&mut self, m: &mut Match) -> Result<(), Refusal> {
        if let Some(outcome) = self.outcome() {
            m.file_practised(Practised {
                index: self.exercise().index,
                outcome,
            });
        }
        self.tidy(m)
    }

    /// Another try: back to the position.
    pub fn retry(&mut self, m: &mut Match) -> Result<(), Refusal> {
        if !self.can_retry() {
            return Err(Refusal::NothingThere);
        }
        self.tidy(m)?;
        self.stage = Stage::Asking;
        Ok(())
    }

    /// The solution: the best move played from the position; the replies follow as the
    /// analysis finds them ([`Practice::step`]).
    pub fn solution(&mut self, m: &mut Match) -> Result<(), Refusal> {
        let best = self.exercise().best.ok_or(Refusal::NothingThere)?;
        self.tidy(m)?;
        m.apply(Action::Explore(best))?;
        self.stage = Stage::Solution(1);
        Ok(())
    }

    /// After a move `mv` was played in the exercise's position, or an analysis filed: what
    /// that makes of the exercise.
    pub fn step(&mut self, m: &mut Match, played: Option<CellMove>) {
        let exercise = self.exercise();
        match (self.stage, played) {
            (Stage::Asking, Some(mv)) => {
                self.tries += 1;
                self.stage = if mv == exercise.played {
                    Stage::Wrong(mv, exercise.loss, exercise.class)
                } else if Some(mv) == exercise.best {
                    Stage::Right(mv, 0.0)
                } else {
                    Stage::Judging(mv)
                };
            }
            (Stage::Judging(mv), None) => {
                let judged = (m.line_on() != 0)
                    .then(|| m.annotation(exercise.index))
                    .flatten()
                    .and_then(|a| a.played)
                    .filter(|j| j.mv == mv);
                if let Some(j) = judged {
                    self.stage = if j.class <= Class::Good {
                        Stage::Right(mv, j.loss)
                    } else {
                        Stage::Wrong(mv, j.loss, j.class)
                    };
                }
            }
            (Stage::Solution(plies), None) if plies < SOLUTION_PLIES => {
                let at_end = m.line_on() != 0 && !m.can_redo();
                let reply = m
                    .annotation(m.cursor())
                    .and_then(|a| a.best)
                    .map(|(mv, _)| mv)
                    .filter(|_| at_end);
                if let Some(mv) = reply
                    && m.apply(Action::Explore(mv)).is_ok()
                {
                    self.stage = Stage::Solution(plies + 1);
                }
            }
            _ => {}
        }
    }

    /// Whether a move played now is a try of the exercise (only while one is asked for, in
    /// the exercise's position; elsewhere the player explores freely).
    pub fn takes_move(&self, m: &Match) -> bool {
        self.stage == Stage::Asking && m.line_on() == 0 && m.cursor() == self.exercise().index
    }

    /// How many exercises were solved, of how many, with the results filed in `m`.
    pub fn score(&self, m: &Match) -> (usize, usize) {
        let solved = self
            .exercises
            .iter()
            .filter(|e| {
                m.practised()
                    .iter()
                    .any(|p| p.index == e.index && matches!(p.outcome, Outcome::Solved { .. }))
            })
            .count();
        (solved, self.exercises.len())
    }
}
