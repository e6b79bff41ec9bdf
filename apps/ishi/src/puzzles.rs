//! Puzzles on the device, Othello's and Go's: the library as the app reads it, the player's
//! progress (a Glicko-2 rating per game, kept on the device) and one puzzle's session, the
//! move judged against the library's values ([`Kind`] says what each game's are). No Dioxus here: the puzzle screen (`components::puzzles`) holds a
//! [`Session`] and a [`Progress`] in signals, and the tests drive both directly.
//!
//! **Modes.** *Rated*: a puzzle near the player's rating, the rating updated after the first
//! try (as lichess rates its puzzles: each attempt a rating period of its own,
//! [`ishi_puzzles::attempt`]). *Daily*: the day's puzzle (UTC), the same for everyone,
//! rated on the day's first try only. *Streak*: puzzles from easy to hard
//! ([`ishi_puzzles::streak_target`]) until the first miss, unrated (lichess's streak is
//! too), the best streak kept.
//!
//! **The saved progress** is a JSON object under the puzzles' own key (`ishi-puzzles` in
//! localStorage, `puzzles.json` on the desktop), apart from the games' save: a damaged one
//! loses no game, and a damaged game save no rating. Text that cannot be read is kept aside
//! and the screen says so and starts afresh ([`AllProgress::read`]). Go's progress came with
//! Go's puzzles: a save without it reads as a new Go player's.

use std::collections::VecDeque;

use ishi_rating::{InvalidRating, Rating};
use ishi_rules::Player;
use serde::{Deserialize, Serialize};

mod kind;

pub use kind::{GoPosition, Kind, PuzzleGame};

/// How many puzzles tried are remembered, so that a pick does not give them again soon.
const SEEN: usize = 1000;

/// The saved progress's format.
const VERSION: u32 = 1;

/// A puzzle library, read and checked.
#[derive(Debug)]
pub struct Library<K> {
    puzzles: Vec<K>,
    ratings: Vec<u16>,
    ids: Vec<u64>,
}

impl<K: Kind> Library<K> {
    /// The library of `text` ([`Kind::parse`]).
    ///
    /// # Errors
    ///
    /// The first line that is not a puzzle, and why.
    pub fn read(text: &str) -> Result<Library<K>, String> {
        let puzzles = K::parse(text)?;
        Ok(Library {
            ratings: puzzles.iter().map(K::rating).collect(),
            ids: puzzles.iter().map(K::id).collect(),
            puzzles,
        })
    }

    /// How many puzzles it holds.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// The puzzle at `index`.
    pub fn get(&self, index: usize) -> Option<&K> {
        self.puzzles.get(index)
    }

    /// The puzzle `mode` gives next: for [`Mode::Rated`] one near the player's rating that
    /// was not tried lately, for [`Mode::Daily`] the puzzle of `day` (days since 1970-01-01,
    /// UTC), for [`Mode::Streak`] one near the streak's target after `streak` puzzles solved.
    /// Which of the nearest follows from the progress (the puzzles tried so far, which every
    /// try changes) and the day: no random numbers, whose source the first board's module
    /// would share.
    /// `None` only for an empty library.
    pub fn choose(&self, mode: Mode, progress: &Progress, streak: u32, day: i64) -> Option<usize> {
        let target = match mode {
            Mode::Daily => return ishi_puzzles::daily(self.len(), day),
            Mode::Rated => progress.rating.rating(),
            Mode::Streak => ishi_puzzles::streak_target(streak as usize),
        };
        // A sorted list, not a hash set: the first board's module shares hashbrown's code
        // with every module that uses it.
        let mut seen: Vec<u64> = progress.seen.iter().copied().collect();
        seen.sort_unstable();
        // Today's date too, so that two new players' first puzzles differ from day to day.
        let seed = progress
            .seen
            .back()
            .map_or(0, |&id| id ^ progress.seen.len() as u64)
            ^ u64::from(streak)
            ^ (day as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ishi_puzzles::pick(
            &self.ratings,
            target,
            |i| seen.binary_search(&self.ids[i]).is_ok(),
            seed,
        )
        // Every puzzle tried lately: any of them again.
        .or_else(|| ishi_puzzles::pick(&self.ratings, target, |_| false, seed))
    }
}

/// How puzzles come.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Near the player's rating; rated.
    Rated,
    /// The day's puzzle; rated on the day's first try.
    Daily,
    /// Easy to hard until the first miss; unrated.
    Streak,
}

impl Mode {
    /// Every mode, in the order the screen lists them.
    pub const ALL: [Mode; 3] = [Mode::Rated, Mode::Daily, Mode::Streak];
}

/// The player's progress in one game's puzzles; a new player's by default (Glicko-2's
/// 1500, deviation 350).
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Progress {
    rating: Rating,
    /// The ids of the puzzles tried lately, the latest last.
    seen: VecDeque<u64>,
    /// The longest streak.
    best_streak: u32,
    /// The day of the last daily puzzle tried, and whether it was solved.
    daily: Option<(i64, bool)>,
    /// Puzzles solved at the first try, and tried, in rated and daily play.
    solved: u32,
    tried: u32,
}

/// Why saved progress could not be read.
#[derive(Clone, PartialEq, Debug)]
pub enum ProgressError {
    /// Not the saved form: damaged, or edited.
    Damaged(String),
    /// A format a later version wrote.
    Version(u32),
    /// A rating no update gives (a negative deviation, say).
    Rating(InvalidRating),
}

impl std::fmt::Display for ProgressError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProgressError::Damaged(why) => f.write_str(why),
            ProgressError::Version(v) => write!(f, "format {v}, this version reads {VERSION}"),
            ProgressError::Rating(e) => e.fmt(f),
        }
    }
}

/// The saved form.
#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    othello: SavedProgress,
    /// Missing from the saves made before Go had puzzles.
    #[serde(default)]
    go: Option<SavedProgress>,
}

/// The player's progress in both games' puzzles, saved together.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct AllProgress {
    /// Othello's.
    pub othello: Progress,
    /// Go's.
    pub go: Progress,
}

impl AllProgress {
    /// The progress saved as `text` ([`AllProgress::write`]).
    ///
    /// # Errors
    ///
    /// [`ProgressError`] says why it cannot be used.
    pub fn read(text: &str) -> Result<AllProgress, ProgressError> {
        #[derive(Deserialize)]
        struct Version {
            version: u32,
        }
        let version: Version =
            serde_json::from_str(text).map_err(|e| ProgressError::Damaged(format!("{e}")))?;
        if version.version != VERSION {
            return Err(ProgressError::Version(version.version));
        }
        let saved: Saved =
            serde_json::from_str(text).map_err(|e| ProgressError::Damaged(format!("{e}")))?;
        Ok(AllProgress {
            othello: Progress::from_saved(saved.othello)?,
            go: saved
                .go
                .map(Progress::from_saved)
                .transpose()?
                .unwrap_or_default(),
        })
    }

    /// The saved form's text.
    pub fn write(&self) -> String {
        let saved = Saved {
            version: VERSION,
            othello: self.othello.to_saved(),
            go: Some(self.go.to_saved()),
        };
        // Numbers and lists of numbers: it always encodes.
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// The progress in `game`'s puzzles.
    pub fn of(&self, game: PuzzleGame) -> &Progress {
        match game {
            PuzzleGame::Othello => &self.othello,
            PuzzleGame::Go => &self.go,
        }
    }

    /// See [`AllProgress::of`].
    pub fn of_mut(&mut self, game: PuzzleGame) -> &mut Progress {
        match game {
            PuzzleGame::Othello => &mut self.othello,
            PuzzleGame::Go => &mut self.go,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct SavedProgress {
    rating: f64,
    deviation: f64,
    volatility: f64,
    seen: Vec<u64>,
    best_streak: u32,
    daily: Option<(i64, bool)>,
    solved: u32,
    tried: u32,
}

impl Progress {
    /// The progress of its saved form.
    fn from_saved(p: SavedProgress) -> Result<Progress, ProgressError> {
        let rating =
            Rating::new(p.rating, p.deviation, p.volatility).map_err(ProgressError::Rating)?;
        Ok(Progress {
            rating,
            seen: p.seen.into_iter().rev().take(SEEN).rev().collect(),
            best_streak: p.best_streak,
            daily: p.daily,
            solved: p.solved.min(p.tried),
            tried: p.tried,
        })
    }

    /// Its saved form.
    fn to_saved(&self) -> SavedProgress {
        SavedProgress {
            rating: self.rating.rating(),
            deviation: self.rating.deviation(),
            volatility: self.rating.volatility(),
            seen: self.seen.iter().copied().collect(),
            best_streak: self.best_streak,
            daily: self.daily,
            solved: self.solved,
            tried: self.tried,
        }
    }

    /// The rating.
    pub fn rating(&self) -> Rating {
        self.rating
    }

    /// The longest streak.
    pub fn best_streak(&self) -> u32 {
        self.best_streak
    }

    /// Rated and daily puzzles solved at the first try, and tried.
    pub fn record(&self) -> (u32, u32) {
        (self.solved, self.tried)
    }

    /// Whether the daily puzzle of `day` was tried, and if so whether it was solved.
    pub fn daily(&self, day: i64) -> Option<bool> {
        self.daily.filter(|&(d, _)| d == day).map(|(_, s)| s)
    }

    /// Whether a first try in `mode` on `day` changes the rating.
    pub fn rates(&self, mode: Mode, day: i64) -> bool {
        match mode {
            Mode::Rated => true,
            Mode::Daily => self.daily(day).is_none(),
            Mode::Streak => false,
        }
    }

    /// Files a first try at `puzzle` in `mode` on `day`; the rating's change, rounded, when
    /// it was rated.
    pub fn file<K: Kind>(&mut self, puzzle: &K, mode: Mode, day: i64, solved: bool) -> Option<i32> {
        let rated = self.rates(mode, day);
        if mode == Mode::Daily && rated {
            self.daily = Some((day, solved));
        }
        let id = puzzle.id();
        self.seen.retain(|&seen| seen != id);
        self.seen.push_back(id);
        while self.seen.len() > SEEN {
            self.seen.pop_front();
        }
        if !rated {
            return None;
        }
        self.tried += 1;
        self.solved += u32::from(solved);
        let before = self.rating.rating();
        self.rating = ishi_puzzles::attempt(self.rating, puzzle.rating(), solved);
        Some((self.rating.rating() - before).round() as i32)
    }

    /// Files a streak that reached `length`.
    pub fn end_streak(&mut self, length: u32) {
        self.best_streak = self.best_streak.max(length);
    }
}

/// A move's exact value as the board writes it: `+6`, `-2`, `0`.
pub fn margin_text(value: i32) -> String {
    if value == 0 {
        "0".to_owned()
    } else {
        format!("{value:+}")
    }
}

/// A Go move's value in tenths of a point as the board writes it: `+12.4`, `-0.5`, `0.0`.
pub fn points_text(value: i32) -> String {
    let sign = match value.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    let abs = value.unsigned_abs();
    format!("{sign}{}.{}", abs / 10, abs % 10)
}

/// What a cell of the puzzle's board shows, for its spoken description.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PuzzleCell {
    /// Its disc.
    pub stone: Option<Player>,
    /// A legal move, awaited.
    pub legal: bool,
    /// The value of its move, shown as the board writes it.
    pub value: Option<String>,
    /// Whether the value is exact (Othello's) or a search's estimate (Go's).
    pub exact: bool,
    /// The answer, shown.
    pub best: bool,
    /// The last move.
    pub last: bool,
}

/// What a first move in a puzzle was worth.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Verdict<P> {
    /// The move.
    pub played: P,
    /// Its listed value for the side to move ([`Kind::values`]); `None` for a Go move the
    /// library does not list.
    pub value: Option<i32>,
    /// Whether it was the answer.
    pub solved: bool,
    /// The rating's change, when the try was rated.
    pub change: Option<i32>,
}

/// One puzzle on screen: the positions from the puzzle's along the moves played, which of
/// them is shown, and the verdict on the first move once it is made.
#[derive(Clone, PartialEq, Debug)]
pub struct Session<K: Kind> {
    /// The puzzle's place in the library.
    pub index: usize,
    /// The puzzle's position, then the position after each move (passes included).
    positions: Vec<K::Position>,
    /// The moves between them, `None` a pass.
    moves: Vec<Option<K::Point>>,
    /// The position on screen.
    shown: usize,
    /// The move to find.
    answer: K::Point,
    /// The verdict on the first try.
    verdict: Option<Verdict<K::Point>>,
    /// Another try after the verdict: played, not judged again.
    retrying: bool,
}

impl<K: Kind> Session<K> {
    /// `puzzle`, at `index` in its library.
    pub fn new(index: usize, puzzle: &K) -> Session<K> {
        Session {
            index,
            positions: vec![puzzle.start()],
            moves: Vec::new(),
            shown: 0,
            answer: puzzle.answer(),
            verdict: None,
            retrying: false,
        }
    }

    /// The position on screen.
    pub fn position(&self) -> &K::Position {
        &self.positions[self.shown]
    }

    /// The position on screen's place: 0 for the puzzle's, and how many there are.
    pub fn place(&self) -> (usize, usize) {
        (self.shown, self.positions.len())
    }

    /// The move that led to the position on screen, if any and not a pass.
    pub fn last_move(&self) -> Option<K::Point> {
        *self.moves.get(self.shown.checked_sub(1)?)?
    }

    /// The moves played from the puzzle's position, passes `None`.
    pub fn moves(&self) -> &[Option<K::Point>] {
        &self.moves
    }

    /// The verdict on the first try, once made.
    pub fn verdict(&self) -> Option<Verdict<K::Point>> {
        self.verdict
    }

    /// Whether the player may move on the position on screen: the puzzle's, before the
    /// verdict or in another try.
    pub fn awaits_move(&self) -> bool {
        self.shown == 0 && self.moves.is_empty() && (self.verdict.is_none() || self.retrying)
    }

    /// Whether this is another try after the verdict.
    pub fn retrying(&self) -> bool {
        self.retrying
    }

    /// Plays `point` from the puzzle's position. A first try is judged against `puzzle`'s
    /// values and gives the verdict (`file` gives the rating's change); a right answer goes on
    /// along the library's line. `None` if the move is not legal there or not awaited.
    pub fn play(
        &mut self,
        puzzle: &K,
        point: K::Point,
        file: impl FnOnce(bool) -> Option<i32>,
    ) -> Option<Verdict<K::Point>> {
        if !self.awaits_move() {
            return None;
        }
        K::play(&self.positions[0], Some(point))?;
        let value = puzzle.value(point);
        let solved = point == self.answer;
        if !self.retrying {
            self.verdict = Some(Verdict {
                played: point,
                value,
                solved,
                change: file(solved),
            });
        }
        if solved {
            self.follow_line(puzzle);
        } else {
            self.push(Some(point));
        }
        self.shown = self.first_after_answer();
        Some(Verdict {
            played: point,
            value,
            solved,
            change: self.verdict.and_then(|v| v.change),
        })
    }

    /// Where the screen stands after a move from the puzzle's position: the position after
    /// it (with the other side's forced pass, if any).
    fn first_after_answer(&self) -> usize {
        let mut shown = 1.min(self.moves.len());
        while matches!(self.moves.get(shown), Some(None)) {
            shown += 1;
        }
        shown
    }

    /// The position after a wrong move, if the other side's answer to it is still to come
    /// (the refutation, which the engine finds): the wrong move is all that was played, and
    /// the other side is to move.
    pub fn awaits_reply(&self) -> Option<K::Position> {
        let last = self.positions.last()?;
        let wrong = matches!(self.moves.first(), Some(&Some(p)) if p != self.answer);
        let played = self.moves.iter().flatten().count();
        (wrong && played == 1 && !K::is_over(last) && K::turn(last) != K::turn(&self.positions[0]))
            .then(|| last.clone())
    }

    /// The other side's answer to a wrong first move, once played.
    pub fn refutation(&self) -> Option<K::Point> {
        if !matches!(self.moves.first(), Some(&Some(p)) if p != self.answer) {
            return None;
        }
        self.moves[1..].iter().find_map(|&m| m)
    }

    /// In another try, once its move is made: whether it was the answer.
    pub fn retry_right(&self) -> Option<bool> {
        match self.moves.first() {
            Some(&Some(p)) if self.retrying => Some(p == self.answer),
            _ => None,
        }
    }

    /// Adds the other side's answer to a wrong move, and shows it. Ignored unless it is
    /// awaited ([`Session::awaits_reply`]) and legal.
    pub fn reply(&mut self, point: K::Point) {
        if self.awaits_reply().is_some() && self.push(Some(point)) {
            self.shown = self.positions.len() - 1;
        }
    }

    /// Back to the puzzle's position for another try (not judged again).
    pub fn retry(&mut self) {
        if self.verdict.is_some() {
            self.truncate();
            self.retrying = true;
        }
    }

    /// The solution: the puzzle's position and the library's line from it, shown from the
    /// puzzle's position (where the values of the moves can be shown).
    pub fn solution(&mut self, puzzle: &K) {
        if self.verdict.is_none() {
            return;
        }
        self.truncate();
        self.retrying = false;
        self.follow_line(puzzle);
        self.shown = 0;
    }

    /// One step along the moves played (`forward`) or back; a pass is stepped over.
    pub fn step(&mut self, forward: bool) {
        if self.verdict.is_none() {
            return;
        }
        let last = self.positions.len() - 1;
        loop {
            self.shown = if forward {
                (self.shown + 1).min(last)
            } else {
                self.shown.saturating_sub(1)
            };
            let passed = self.shown > 0 && self.moves[self.shown - 1].is_none();
            if !passed || self.shown == 0 || self.shown == last {
                break;
            }
        }
    }

    /// Whether the screen shows the puzzle's position after the verdict (where the moves'
    /// values teach).
    pub fn at_start_after_verdict(&self) -> bool {
        self.verdict.is_some() && self.shown == 0 && !self.awaits_move()
    }

    fn truncate(&mut self) {
        self.positions.truncate(1);
        self.moves.clear();
        self.shown = 0;
    }

    /// Plays the library's line from the puzzle's position.
    fn follow_line(&mut self, puzzle: &K) {
        for &point in puzzle.line() {
            if !self.push(Some(point)) {
                break;
            }
        }
    }

    /// Plays `mv` on the last position, and the forced pass after it if the game goes on;
    /// whether it was legal.
    fn push(&mut self, mv: Option<K::Point>) -> bool {
        let Some(next) = self.positions.last().and_then(|last| K::play(last, mv)) else {
            return false;
        };
        let pass = K::must_pass(&next).then(|| K::play(&next, None)).flatten();
        self.positions.push(next);
        self.moves.push(mv);
        if let Some(passed) = pass {
            self.positions.push(passed);
            self.moves.push(None);
        }
        true
    }
}

#[cfg(test)]
mod tests;
