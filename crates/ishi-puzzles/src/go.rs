//! Go puzzles: the library's lines, read and checked, and what the generator needs to write
//! one (the uniqueness rule, crops and the themes).
//!
//! A line is seven fields apart by tabs:
//!
//! ```text
//! GAME <tab> VALUES <tab> LINE <tab> RATING <tab> THEMES <tab> CROP <tab> SOURCE
//! ```
//!
//! - the game that leads to the position: the board side, the rules, the komi and the moves
//!   from the empty board as SGF points run together (`tt` a pass), apart by spaces:
//!   `9 chinese 7.5 eedcgc…`; the side to move after them finds the move;
//! - the answer and the best alternatives with the search's value of each, best first:
//!   `C3:+12.4,E5:+3.0,pass:-20.1` (the expected final score for the side to move, in
//!   points, to a tenth);
//! - the engine's line from the answer, points apart by spaces (`C3 D3 C2`);
//! - the puzzle's rating, its estimated difficulty on the Glicko-2 scale;
//! - its themes, apart by commas, or `-`;
//! - `-` for the whole board, or the region of the board the puzzle shows, two opposite
//!   corners (`A1-K10`): a corner or a side of a large board, touching its edge, holding the
//!   answer and the line;
//! - where it came from (`ishi self-play 9x9 #12, move 31`).
//!
//! Lines that start with `#` and empty lines are comments.
//!
//! **Why the moves and not a board.** The network that values Go positions reads the last
//! moves as well as the stones, and the ko and superko rules need the positions before: the
//! moves from the empty board give all of it back, so a check values the position exactly as
//! the generator did. They are shorter than a board string too (two letters a move).
//!
//! **The uniqueness rule.** Go positions cannot be solved exactly; the values are a deep
//! search's estimates, a point or two off at times. A puzzle's answer must be worth at least
//! [`MARGIN`] (5 points) more than every alternative listed, so that no search noise, and no
//! difference a player could argue about, turns another move into a second answer.

use std::fmt;

use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules, Komi, Move, Point};

/// How far ahead of every listed alternative the answer must be, in tenths of a point
/// (5 points).
pub const MARGIN: i32 = 50;

/// Whether a position whose best move is worth `best` and second best `second` (tenths of a
/// point) is a puzzle: the best is ahead by [`MARGIN`].
pub fn is_unique(best: i32, second: i32) -> bool {
    best - second >= MARGIN
}

/// The game a puzzle is set in: its board, rules and moves, every one legal.
#[derive(Clone)]
pub struct Record {
    size: usize,
    rules: GoRules,
    moves: Vec<Move>,
    /// The position after the moves.
    last: Go,
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        (self.size, self.rules, &self.moves) == (other.size, other.rules, &other.moves)
    }
}

impl Eq for Record {}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Record({self})")
    }
}

impl Record {
    /// The game of `moves` from the empty board of side `size` under `rules`.
    ///
    /// # Errors
    ///
    /// [`Reason::Game`] when the size is not a board's, the rules are no preset (a line
    /// names them), or a move is illegal (named with its number, from 1).
    pub fn new(size: usize, rules: GoRules, moves: Vec<Move>) -> Result<Record, Reason> {
        if rules.name().is_none() {
            return Err(Reason::Game("the rules are no preset".to_owned()));
        }
        let mut go = Go::new(size, rules).map_err(|e| Reason::Game(e.to_string()))?;
        // Checked, then played in place: a library of a thousand games reads in a third of
        // the time that a copy of the position a move takes.
        for (i, &mv) in moves.iter().enumerate() {
            go.check(mv)
                .map_err(|e| Reason::Game(format!("move {} ({mv}): {e}", i + 1)))?;
            go.play_unchecked(mv);
        }
        Ok(Record {
            size,
            rules,
            moves,
            last: go,
        })
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The rules, komi included.
    pub fn rules(&self) -> GoRules {
        self.rules
    }

    /// The moves from the empty board.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the empty board first and the puzzle's last.
    pub fn positions(&self) -> Vec<Go> {
        let Ok(mut go) = Go::new(self.size, self.rules) else {
            return vec![self.last.clone()];
        };
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        for &mv in &self.moves {
            let next = go.play(mv).unwrap_or_else(|_| go.clone());
            positions.push(std::mem::replace(&mut go, next));
        }
        positions.push(go);
        positions
    }

    /// The puzzle's position: the last of [`positions`](Record::positions).
    pub fn position(&self) -> &Go {
        &self.last
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} ", self.size, self.rules, self.rules.komi)?;
        if self.moves.is_empty() {
            return f.write_str("-");
        }
        for mv in &self.moves {
            match mv {
                Move::Place(p) => f.write_str(&p.to_sgf(self.size))?,
                Move::Pass => f.write_str("tt")?,
            }
        }
        Ok(())
    }
}

/// The region of a board a puzzle shows: a rectangle from its lower left to its upper right
/// corner, both included.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Crop {
    /// The lower left corner.
    pub from: Point,
    /// The upper right corner.
    pub to: Point,
}

impl Crop {
    /// Whether `p` lies in the region.
    pub fn contains(self, p: Point) -> bool {
        (self.from.col()..=self.to.col()).contains(&p.col())
            && (self.from.row()..=self.to.row()).contains(&p.row())
    }

    /// Whether the region is a corner or side region of a board of side `size`: on the
    /// board, at least 5 points each way, smaller than the board, and touching its edge.
    pub fn fits(self, size: usize) -> bool {
        let last = size.saturating_sub(1) as u8;
        let (width, height) = (
            self.to.col().saturating_sub(self.from.col()) + 1,
            self.to.row().saturating_sub(self.from.row()) + 1,
        );
        self.to.is_on(size)
            && self.from.col() <= self.to.col()
            && self.from.row() <= self.to.row()
            && width >= 5
            && height >= 5
            && (usize::from(width) < size || usize::from(height) < size)
            && (self.from.col() == 0
                || self.from.row() == 0
                || self.to.col() == last
                || self.to.row() == last)
    }
}

impl fmt::Display for Crop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// One puzzle: find the move that is clearly best.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The game that leads to the position; the side to move finds the move.
    pub game: Record,
    /// The answer and the best alternatives, each with its value for the side to move in
    /// tenths of a point, best first.
    pub values: Vec<(Move, i32)>,
    /// The engine's line from the answer.
    pub line: Vec<Point>,
    /// The estimated difficulty, on the Glicko-2 scale.
    pub rating: u16,
    /// What the puzzle is about, where a program can tell.
    pub themes: Vec<Theme>,
    /// The region shown, for a corner or side of a large board; `None` for the whole board.
    pub crop: Option<Crop>,
    /// Where it came from.
    pub source: String,
}

/// What a puzzle is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The answer, or one of the side's next two moves of the line, captures stones.
    Capture,
    /// The answer leaves a chain of the other side with one liberty.
    Atari,
    /// The answer saves a chain of the side's that had one liberty.
    Escape,
    /// The answer joins two or more chains of the side's.
    Connect,
    /// There is a ko: the position or a position of the line has a ko point.
    Ko,
    /// A group of the side's (a chain of at least 3 stones) lives after the answer and dies
    /// after the best alternative, as the network's ownership reads it.
    Living,
    /// A group of the other side's dies after the answer and lives after the best
    /// alternative.
    Killing,
}

impl Theme {
    /// Every theme, in the order a line lists them.
    pub const ALL: [Theme; 7] = [
        Theme::Capture,
        Theme::Atari,
        Theme::Escape,
        Theme::Connect,
        Theme::Ko,
        Theme::Living,
        Theme::Killing,
    ];

    /// The theme's name in the library.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::Atari => "atari",
            Theme::Escape => "escape",
            Theme::Connect => "connect",
            Theme::Ko => "ko",
            Theme::Living => "living",
            Theme::Killing => "killing",
        }
    }
}

impl Puzzle {
    /// The move to find.
    pub fn answer(&self) -> Point {
        self.line[0]
    }

    /// The value of `mv` for the side to move, in tenths of a point, if it is listed.
    pub fn value(&self, mv: Move) -> Option<i32> {
        self.values.iter().find(|&&(m, _)| m == mv).map(|&(_, v)| v)
    }

    /// The puzzle's number, the same in every library that holds its game: a hash of the game
    /// field (FNV-1a), for saved progress.
    pub fn id(&self) -> u64 {
        self.game
            .to_string()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
    }
}

/// A value in tenths of a point as the library writes it: `+12.4`, `-0.5`.
fn tenths(value: i32) -> String {
    let sign = if value < 0 { '-' } else { '+' };
    let abs = value.unsigned_abs();
    format!("{sign}{}.{}", abs / 10, abs % 10)
}

impl fmt::Display for Puzzle {
    /// The puzzle's line in the library, without its newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\t", self.game)?;
        for (i, (mv, value)) in self.values.iter().enumerate() {
            let comma = if i == 0 { "" } else { "," };
            write!(f, "{comma}{mv}:{}", tenths(*value))?;
        }
        f.write_str("\t")?;
        for (i, p) in self.line.iter().enumerate() {
            let space = if i == 0 { "" } else { " " };
            write!(f, "{space}{p}")?;
        }
        write!(f, "\t{}\t", self.rating)?;
        if self.themes.is_empty() {
            f.write_str("-")?;
        }
        for (i, theme) in self.themes.iter().enumerate() {
            let comma = if i == 0 { "" } else { "," };
            write!(f, "{comma}{}", theme.name())?;
        }
        match self.crop {
            Some(crop) => write!(f, "\t{crop}")?,
            None => f.write_str("\t-")?,
        }
        write!(f, "\t{}", self.source)
    }
}

/// A library line that is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: Reason,
}

/// What is wrong with a library line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Not seven fields apart by tabs.
    Fields(usize),
    /// The game is not a size, rules, komi and legal moves (what is wrong).
    Game(String),
    /// The game is over: there is no move to find.
    NoMove,
    /// A value that is not `point:+N.N` (or `pass:+N.N`).
    Value(String),
    /// A move listed that is illegal, or listed twice, or the answer a pass.
    Moves(String),
    /// Fewer than two moves, values not best first, or the answer not [`MARGIN`] ahead.
    NotUnique,
    /// The line does not start with the answer, or plays an illegal move.
    Line(String),
    /// The rating is not a number from 0 to 4000.
    Rating(String),
    /// A theme with no name of this version.
    Theme(String),
    /// The crop is not a corner or side region of the board, or leaves out a point of the
    /// line.
    Crop(String),
}

impl fmt::Display for LibraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "go puzzle library, line {}: ", self.line)?;
        match &self.reason {
            Reason::Fields(n) => write!(f, "{n} fields; a puzzle has 7, apart by tabs"),
            Reason::Game(why) => write!(f, "not a game: {why}"),
            Reason::NoMove => f.write_str("the game is over: there is no move to find"),
            Reason::Value(v) => write!(f, "{v:?} is not a move and its value (\"C3:+6.5\")"),
            Reason::Moves(m) => write!(f, "{m} is illegal, listed twice, or a pass as answer"),
            Reason::NotUnique => write!(
                f,
                "the values are not best first, or the best is not {} points ahead of the rest",
                MARGIN / 10
            ),
            Reason::Line(m) => write!(f, "the line is not the answer's, or {m} is illegal in it"),
            Reason::Rating(r) => write!(f, "{r:?} is not a rating from 0 to 4000"),
            Reason::Theme(t) => write!(f, "{t:?} is not a theme"),
            Reason::Crop(c) => write!(
                f,
                "{c:?} is not a corner or side region holding the answer and the line"
            ),
        }
    }
}

impl std::error::Error for LibraryError {}

/// Reads a library: its puzzles in order.
///
/// # Errors
///
/// [`LibraryError`] for the first line that is not a puzzle (see [`Reason`]).
pub fn parse(text: &str) -> Result<Vec<Puzzle>, LibraryError> {
    crate::fields::puzzles(text, parse_line).map_err(|(line, reason)| LibraryError { line, reason })
}

/// The game field's record.
fn parse_game(text: &str) -> Result<Record, Reason> {
    let bad = |why: &str| Reason::Game(why.to_owned());
    let [size, rules, komi, moves] = text.split(' ').collect::<Vec<_>>()[..] else {
        return Err(bad(
            "expected a size, rules, komi and moves, apart by spaces",
        ));
    };
    let size: usize = size.parse().map_err(|_| bad("the size is not a number"))?;
    let rules: GoRules = rules.parse().map_err(|e| Reason::Game(format!("{e}")))?;
    let komi: Komi = komi.parse().map_err(|e| Reason::Game(format!("{e}")))?;
    let moves = if moves == "-" {
        Vec::new()
    } else {
        if !moves.is_ascii() || moves.len() % 2 != 0 {
            return Err(bad("the moves are not pairs of letters"));
        }
        (0..moves.len() / 2)
            .map(|i| match &moves[2 * i..2 * i + 2] {
                "tt" => Ok(Move::Pass),
                sgf => Point::from_sgf(sgf, size).map(Move::Place).ok_or_else(|| {
                    Reason::Game(format!("move {} ({sgf}) is off the board", i + 1))
                }),
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    Record::new(size, rules.with_komi(komi), moves)
}

/// One line's puzzle.
fn parse_line(text: &str) -> Result<Puzzle, Reason> {
    let fields: Vec<&str> = text.split('\t').collect();
    let [game, values, line, rating, themes, crop, source] = fields[..] else {
        return Err(Reason::Fields(fields.len()));
    };
    let game = parse_game(game)?;
    let position = game.position();
    if position.is_over() {
        return Err(Reason::NoMove);
    }
    let values = values
        .split(',')
        .map(|v| {
            let bad = || Reason::Value(v.to_owned());
            let (mv, value) = v.split_once(':').ok_or_else(bad)?;
            let mv: Move = mv.parse().map_err(|_| bad())?;
            Ok((mv, parse_tenths(value).ok_or_else(bad)?))
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (i, &(mv, _)) in values.iter().enumerate() {
        let twice = values[..i].iter().any(|&(m, _)| m == mv);
        if !position.is_legal(mv) || twice || (i == 0 && mv.is_pass()) {
            return Err(Reason::Moves(mv.to_string()));
        }
    }
    let best_first = values.windows(2).all(|w| w[0].1 >= w[1].1);
    if values.len() < 2 || !best_first || !is_unique(values[0].1, values[1].1) {
        return Err(Reason::NotUnique);
    }
    let line = line
        .split(' ')
        .map(|s| s.parse::<Point>().map_err(|_| Reason::Line(s.to_owned())))
        .collect::<Result<Vec<_>, _>>()?;
    if values[0].0.point() != line.first().copied() {
        return Err(Reason::Line(
            line.first().map_or(String::new(), |s| s.to_string()),
        ));
    }
    replay(position, &line).map_err(|p| Reason::Line(p.to_string()))?;
    let rating = crate::fields::rating(rating).ok_or_else(|| Reason::Rating(rating.to_owned()))?;
    let themes = crate::fields::themes(themes, &Theme::ALL, Theme::name).map_err(Reason::Theme)?;
    let crop = if crop == "-" {
        None
    } else {
        let bad = || Reason::Crop(crop.to_owned());
        let (from, to) = crop.split_once('-').ok_or_else(bad)?;
        let crop = Crop {
            from: from.parse().map_err(|_| bad())?,
            to: to.parse().map_err(|_| bad())?,
        };
        if !crop.fits(game.size()) || !line.iter().all(|&p| crop.contains(p)) {
            return Err(bad());
        }
        Some(crop)
    };
    Ok(Puzzle {
        game,
        values,
        line,
        rating,
        themes,
        crop,
        source: source.to_owned(),
    })
}

/// `+12.4` or `-3.0` in tenths; `None` for anything else (no sign, no tenth, too large).
fn parse_tenths(text: &str) -> Option<i32> {
    let sign = match text.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let (whole, tenth) = text[1..].split_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || tenth.len() != 1 || !digits(tenth) || whole.len() > 3 {
        return None;
    }
    Some(sign * (whole.parse::<i32>().ok()? * 10 + tenth.parse::<i32>().ok()?))
}

/// The positions after each move of `line` from `position`, the two sides in turn; the first
/// illegal point otherwise.
pub fn replay(position: &Go, line: &[Point]) -> Result<Vec<Go>, Point> {
    let mut now = position.clone();
    let mut after = Vec::with_capacity(line.len());
    for &p in line {
        now = now.play(Move::Place(p)).map_err(|_| p)?;
        after.push(now.clone());
    }
    Ok(after)
}

/// The themes of a puzzle in `position` whose line is `line` (from the answer), in
/// [`Theme::ALL`]'s order. [`Theme::Living`] and [`Theme::Killing`] need `owners`: who owns
/// each point in the end after the answer and after the best alternative, from -1 to 1 for
/// the side to move, in [`Go::points`] order (the network's reading); without it they are
/// not told.
pub fn themes(position: &Go, line: &[Point], owners: Option<[&[f32]; 2]>) -> Vec<Theme> {
    let mut themes = Vec::new();
    let Some(&answer) = line.first() else {
        return themes;
    };
    let Ok(after) = replay(position, line) else {
        return themes;
    };
    let me = position.turn();
    let prisoners = |go: &Go| go.captures()[me];
    let mut before = prisoners(position);
    let captures = after.iter().step_by(2).take(3).any(|go| {
        let now = prisoners(go);
        let took = now > before;
        before = now;
        took
    });
    let next = &after[0];
    let neighbours: Vec<Point> = position.points().filter(|q| adjacent(*q, answer)).collect();
    let atari = neighbours
        .iter()
        .any(|&q| next.stone_at(q) == Some(me.opponent()) && next.liberties(q).len() == 1);
    let escape = neighbours.iter().any(|&q| {
        position.stone_at(q) == Some(me)
            && position.liberties(q).len() == 1
            && next.liberties(q).len() >= 2
    });
    let mut mine: Vec<Point> = neighbours
        .iter()
        .filter(|&&q| position.stone_at(q) == Some(me))
        .map(|&q| position.chain(q).into_iter().min().unwrap_or(q))
        .collect();
    mine.sort_unstable();
    mine.dedup();
    let ko = position.ko_point().is_some() || after.iter().any(|go| go.ko_point().is_some());
    let (living, killing) = owners.map_or((false, false), |[answered, other]| {
        life_and_death(position, answered, other)
    });
    for (theme, holds) in [
        (Theme::Capture, captures),
        (Theme::Atari, atari),
        (Theme::Escape, escape),
        (Theme::Connect, mine.len() >= 2),
        (Theme::Ko, ko),
        (Theme::Living, living),
        (Theme::Killing, killing),
    ] {
        if holds {
            themes.push(theme);
        }
    }
    themes
}

/// Whether a chain of the side to move lives after the answer and dies after the
/// alternative, and whether one of the other side's dies after the answer and lives after the
/// alternative: chains of at least 3 stones, whose points' mean ownership goes past ±0.5.
fn life_and_death(position: &Go, answered: &[f32], other: &[f32]) -> (bool, bool) {
    let me = position.turn();
    let size = position.size();
    let owned = |map: &[f32], chain: &[Point]| {
        let sum: f32 = chain
            .iter()
            .filter_map(|p| map.get(usize::from(p.row()) * size + usize::from(p.col())))
            .sum();
        sum / chain.len().max(1) as f32
    };
    let (mut living, mut killing) = (false, false);
    let mut seen = Vec::new();
    for p in position.points() {
        let Some(owner) = position.stone_at(p) else {
            continue;
        };
        if seen.contains(&p) {
            continue;
        }
        let chain = position.chain(p);
        seen.extend(&chain);
        if chain.len() < 3 {
            continue;
        }
        let (after, instead) = (owned(answered, &chain), owned(other, &chain));
        if owner == me && after > 0.5 && instead < -0.5 {
            living = true;
        }
        if owner != me && after > 0.5 && instead < -0.5 {
            killing = true;
        }
    }
    (living, killing)
}

/// Whether `a` and `b` are neighbours on the board.
fn adjacent(a: Point, b: Point) -> bool {
    a.col().abs_diff(b.col()) + a.row().abs_diff(b.row()) == 1
}

#[cfg(test)]
mod tests;
