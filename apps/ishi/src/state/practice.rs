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
//! **Why the practice's code comes with its actions.** The first board's module must stay
//! small (docs/web-size.md), and the reducer's code is all in it. So the practice is driven by
//! one function, [`drive`], which the state never names: the analysis bar and the practice
//! bar (lazy parts) hand it over inside their action ([`Practise::new`]), and the practice
//! keeps it for the events the reducer passes on (a move explored, an analysis filed, the
//! review closed). Its code is then in those parts' modules.
//!
//! **Why the moves tried leave no variation behind.** They are the player's guesses, not
//! lines worth keeping: each exercise deletes the variations it made when the player moves
//! on, and the game is as it was, with its results.

use ishi_analysis::Class;

use super::{AppError, AppState, Effects, Overlay};
use crate::model::{Action, CellMove, GameKind, Match, Outcome, Practised, Refusal, ValueUnit};

/// What the reducer tells the practice under way.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Event {
    /// The player's action.
    Act(PracticeAction),
    /// A move was explored on the match (from the exercise's position, it is a try).
    Explored(CellMove),
    /// An analysis was filed.
    Analysed,
    /// The review closed, or the game changed: the practice ends.
    End,
}

/// The practice's code, as a value (see the module).
#[derive(Copy, Clone)]
pub(super) struct Drive(pub(super) fn(&mut AppState, Event) -> Result<Effects, AppError>);

impl PartialEq for Drive {
    /// There is one practice's code: every `Drive` is [`drive`].
    fn eq(&self, _: &Drive) -> bool {
        true
    }
}

impl std::fmt::Debug for Drive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Drive")
    }
}

/// A practice action with the practice's code ([`AppAction::Practise`](super::AppAction)).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Practise {
    action: PracticeAction,
    drive: Drive,
}

impl Practise {
    /// `action`, for the practice's code to carry out. Called only by the lazy parts that
    /// start and run a practice (see the module).
    pub fn new(action: PracticeAction) -> Practise {
        Practise {
            action,
            drive: Drive(drive),
        }
    }

    /// Carries the action out on `state`.
    pub(super) fn apply(self, state: &mut AppState) -> Result<Effects, AppError> {
        (self.drive.0)(state, Event::Act(self.action))
    }
}

/// The practice's code: what `event` does to `state`.
fn drive(state: &mut AppState, event: Event) -> Result<Effects, AppError> {
    let refused = AppError::Refused;
    if event == Event::Act(PracticeAction::Start) {
        end(state)?;
        let found = exercises(&state.current);
        let mut practice =
            Practice::new(found, state.current.line_count()).ok_or(AppError::NoMistakes)?;
        state.reviewing = true;
        state.overlay = Overlay::None;
        practice.show(&mut state.current).map_err(refused)?;
        state.practice = Some(practice);
        return Ok(Effects::SAVE);
    }
    let Some(practice) = &mut state.practice else {
        return Err(refused(Refusal::NothingThere));
    };
    let m = &mut state.current;
    match event {
        Event::Act(PracticeAction::Start) => {}
        Event::Act(PracticeAction::Hint) => practice.hinted = true,
        Event::Act(PracticeAction::Retry) => practice.retry(m).map_err(refused)?,
        Event::Act(PracticeAction::Solution) => practice.solution(m).map_err(refused)?,
        Event::Act(PracticeAction::Next) => {
            practice.next(m).map_err(refused)?;
        }
        Event::Act(PracticeAction::Stop) | Event::End => end(state)?,
        Event::Explored(mv) => practice.tried(m, mv),
        Event::Analysed => practice.step(m),
    }
    Ok(Effects::SAVE)
}

/// Ends the practice under way, if any, filing the exercise on screen's result.
fn end(state: &mut AppState) -> Result<(), AppError> {
    if let Some(mut practice) = state.practice.take()
        && practice.stage != Stage::Done
    {
        practice
            .finish(&mut state.current)
            .map_err(AppError::Refused)?;
    }
    Ok(())
}

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
    /// Its code (see the module).
    pub(super) drive: Drive,
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
    fn new(exercises: Vec<Exercise>, lines_before: usize) -> Option<Practice> {
        (!exercises.is_empty()).then_some(Practice {
            drive: Drive(drive),
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
    fn show(&mut self, m: &mut Match) -> Result<(), Refusal> {
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
            m.delete_line(m.line_count() - 1)?;
        }
        Ok(())
    }

    /// Files the result of the exercise on screen and moves to the next one: whether there
    /// is one.
    fn next(&mut self, m: &mut Match) -> Result<bool, Refusal> {
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
    fn finish(&mut self, m: &mut Match) -> Result<(), Refusal> {
        if let Some(outcome) = self.outcome() {
            m.file_practised(Practised {
                index: self.exercise().index,
                outcome,
            });
        }
        self.tidy(m)
    }

    /// Another try: back to the position.
    fn retry(&mut self, m: &mut Match) -> Result<(), Refusal> {
        if !self.can_retry() {
            return Err(Refusal::NothingThere);
        }
        self.tidy(m)?;
        self.stage = Stage::Asking;
        Ok(())
    }

    /// The solution: the best move played from the position; the replies follow as the
    /// analysis finds them ([`Practice::step`]).
    fn solution(&mut self, m: &mut Match) -> Result<(), Refusal> {
        let best = self.exercise().best.ok_or(Refusal::NothingThere)?;
        self.tidy(m)?;
        m.apply(Action::Explore(best))?;
        self.stage = Stage::Solution(1);
        Ok(())
    }

    /// After the move `mv` was explored: a try, if it was played from the exercise's position
    /// while one is asked for (the game's move and the best move are judged at once, any
    /// other when its analysis comes).
    fn tried(&mut self, m: &Match, mv: CellMove) {
        let exercise = self.exercise();
        let from_exercise = m.cursor() > exercise.index
            && m.history()
                .get(exercise.index + 1)
                .and_then(|s| s.played.as_ref())
                .is_some_and(|p| p.mv == mv && !p.forced)
            && m.snapshots_of(0)
                .and_then(|game| game.get(exercise.index))
                .is_some_and(|s| std::rc::Rc::ptr_eq(s, &m.history()[exercise.index]));
        if self.stage != Stage::Asking || !from_exercise {
            return;
        }
        self.tries += 1;
        self.stage = if mv == exercise.played {
            Stage::Wrong(mv, exercise.loss, exercise.class)
        } else if Some(mv) == exercise.best {
            Stage::Right(mv, 0.0)
        } else {
            Stage::Judging(mv)
        };
    }

    /// After an analysis was filed: the try's verdict once it is there, or the solution's
    /// next reply.
    fn step(&mut self, m: &mut Match) {
        let exercise = self.exercise();
        match self.stage {
            Stage::Judging(mv) => {
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
            Stage::Solution(plies) if plies < SOLUTION_PLIES => {
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
