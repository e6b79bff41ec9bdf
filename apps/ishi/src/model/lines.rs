//! Variations: other lines of play beside the game, made in review ([`Action::Explore`](super::Action::Explore)).
//!
//! **Why whole lines rather than a tree of nodes.** Each line holds every snapshot from the
//! start, sharing those before its branch with the line it left (the same `Rc`s: a variation
//! costs its own moves and a pointer for each shared one). Everything that reads a match's
//! history (the board, the move list, the analysis and its graph, undo, saving) works on a
//! variation unchanged, because the line on screen *is* the match's history. Where two
//! lines part is where their snapshots stop being the same `Rc`s, so the tree's shape is not
//! stored beside the lines and cannot disagree with them: a line's parent is the earlier line
//! it shares the most snapshots with.
//!
//! Invariants: line 0 is the game; every line starts with the game's first snapshot; no two
//! lines share their first snapshot of their own (a move that a line already plays from a
//! snapshot goes to that line); a move played on a line with a cut (after an undo) deletes
//! the variations that shared what was cut.

use std::mem;
use std::rc::Rc;

use super::{Annotation, CellMove, Match, Refusal, Snapshot};

/// The most variations a match keeps. Working out where the lines part costs in the square of
/// their number (each against the earlier ones, along their shared moves): a bound keeps a
/// hostile record, or a very patient player, from stalling the app; a review rarely needs
/// more than a few dozen.
pub const MAX_VARIATIONS: usize = 200;

/// A line of play while it is not on screen.
#[derive(Clone, PartialEq, Debug, Default)]
pub(super) struct Line {
    history: Vec<Rc<Snapshot>>,
    annotations: Vec<Option<Rc<Annotation>>>,
    cursor: usize,
}

/// A variation seen from the line on screen: where it leaves it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Branch {
    /// The variation's line, for [`Action::ToLine`](super::Action::ToLine) and
    /// [`Match::delete_line`].
    pub line: usize,
    /// The index of the last snapshot it shares with the line on screen: it plays another
    /// move from there.
    pub from: usize,
}

/// How many snapshots two lines share from the start.
fn shared(a: &[Rc<Snapshot>], b: &[Rc<Snapshot>]) -> usize {
    a.iter()
        .zip(b)
        .take_while(|(x, y)| Rc::ptr_eq(x, y))
        .count()
}

impl Match {
    /// How many lines of play the match has: the game and its variations.
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// The line on screen: 0 is the game.
    pub fn line_on(&self) -> usize {
        self.on
    }

    /// The snapshots of line `line`, from the start.
    pub fn snapshots_of(&self, line: usize) -> Option<&[Rc<Snapshot>]> {
        if line == self.on {
            return Some(&self.history);
        }
        let parked = &self.lines.get(line)?.history;
        Some(parked)
    }

    /// The analysis of the snapshot at `index` of line `line`.
    pub fn annotation_of(&self, line: usize, index: usize) -> Option<&Annotation> {
        if line == self.on {
            return self.annotation(index);
        }
        self.lines.get(line)?.annotations.get(index)?.as_deref()
    }

    /// The cursor of line `line`: where it is shown when it comes back on screen.
    pub fn cursor_of(&self, line: usize) -> Option<usize> {
        if line == self.on {
            return Some(self.cursor);
        }
        self.lines.get(line).map(|l| l.cursor)
    }

    /// The line `line` leaves and the index of the last snapshot they share; `None` for
    /// the game (and for a line that is not there).
    pub fn parent_of(&self, line: usize) -> Option<(usize, usize)> {
        let own = self.snapshots_of(line)?;
        (0..line)
            .filter_map(|other| Some((other, shared(own, self.snapshots_of(other)?))))
            .max_by_key(|&(other, n)| (n, std::cmp::Reverse(other)))
            .map(|(other, n)| (other, n.saturating_sub(1)))
    }

    /// The index of the last snapshot line `line` shares with the line on screen (the
    /// start at least); `None` for a line that is not there.
    pub fn parts_at(&self, line: usize) -> Option<usize> {
        let own = self.snapshots_of(line)?;
        Some(shared(own, &self.history).saturating_sub(1))
    }

    /// Where the line on screen leaves the game: the index of the last snapshot they
    /// share; `None` on the game itself.
    pub fn leaves_game_at(&self) -> Option<usize> {
        if self.on == 0 {
            return None;
        }
        self.parts_at(0)
    }

    /// The other lines as branches from the line on screen, by where they leave it: one
    /// for each other move played from a snapshot of it (the first line that plays it; the
    /// lines that go on from there are its branches in turn).
    pub fn branches(&self) -> Vec<Branch> {
        let mut branches: Vec<Branch> = Vec::new();
        for line in (0..self.lines.len()).filter(|&l| l != self.on) {
            let Some(own) = self.snapshots_of(line) else {
                continue;
            };
            let n = shared(own, &self.history);
            let Some(first) = own.get(n) else {
                continue;
            };
            let known = branches.iter().any(|b| {
                b.from + 1 == n
                    && self
                        .snapshots_of(b.line)
                        .and_then(|s| s.get(n))
                        .is_some_and(|s| Rc::ptr_eq(s, first))
            });
            if !known && n > 0 {
                // In order of where they leave, then of their lines (`line` grows).
                let at = branches.partition_point(|b| b.from < n);
                branches.insert(at, Branch { line, from: n - 1 });
            }
        }
        branches
    }

    /// [`Action::Explore`](super::Action::Explore).
    pub(super) fn explore(&mut self, mv: CellMove) -> Result<(), Refusal> {
        if self.current().ending.is_some() || self.is_counting() {
            return Err(Refusal::NotYourTurn);
        }
        self.position().check(mv).map_err(Refusal::Illegal)?;
        let here = self.cursor;
        let plays_it = |snapshot: &Rc<Snapshot>| {
            snapshot.ending.is_none() && snapshot.played.as_ref().is_some_and(|p| p.mv == mv)
        };
        if self.history.get(here + 1).is_some_and(plays_it) {
            let to = self.past_forced(here + 1);
            self.move_cursor(to);
            return Ok(());
        }
        let mine = self.history[here].clone();
        let other = (0..self.lines.len()).find(|&l| {
            l != self.on
                && self.lines[l]
                    .history
                    .get(here)
                    .is_some_and(|s| Rc::ptr_eq(s, &mine))
                && self.lines[l].history.get(here + 1).is_some_and(plays_it)
        });
        if let Some(line) = other {
            self.park(line);
            let to = self.past_forced(here + 1);
            self.move_cursor(to);
            return Ok(());
        }
        if self.on == 0 || here + 1 < self.history.len() {
            if self.lines.len() > MAX_VARIATIONS {
                return Err(Refusal::TooManyVariations);
            }
            let history = self.history[..=here].to_vec();
            let annotations = self.annotations[..=here].to_vec();
            self.lines.push(Line {
                history,
                annotations,
                cursor: here,
            });
            self.park(self.lines.len() - 1);
        }
        self.play(mv)
    }

    /// [`Action::ToLine`](super::Action::ToLine).
    pub(super) fn show_line(&mut self, line: usize, index: usize) -> Result<(), Refusal> {
        let len = self.snapshots_of(line).ok_or(Refusal::NothingThere)?.len();
        if index >= len {
            return Err(Refusal::NothingThere);
        }
        self.park(line);
        self.move_cursor(index);
        Ok(())
    }

    /// Deletes variation `line` and the variations that leave it; the line on screen, if
    /// deleted, gives way to the one it left, where it left it.
    ///
    /// A method rather than an [`Action`](super::Action): only the review's lazy parts delete
    /// lines, and an action's code would be in the first board's module
    /// (`state::DeleteLine` says more).
    ///
    /// # Errors
    ///
    /// [`Refusal::NothingThere`] for the game (line 0) or a line that is not there.
    pub fn delete_line(&mut self, line: usize) -> Result<(), Refusal> {
        if line == 0 || line >= self.lines.len() {
            return Err(Refusal::NothingThere);
        }
        // The line and the lines that leave it, or leave those (parents come first).
        let mut doomed = vec![line];
        for other in line + 1..self.lines.len() {
            if self
                .parent_of(other)
                .is_some_and(|(parent, _)| doomed.contains(&parent))
            {
                doomed.push(other);
            }
        }
        if doomed.contains(&self.on) {
            let (parent, from) = self.parent_of(line).ok_or(Refusal::NothingThere)?;
            self.show_line(parent, from)?;
        }
        self.remove_lines(&doomed);
        self.epoch += 1;
        Ok(())
    }

    /// Files `annotation`, just filed at `index` of the line on screen, on the other lines
    /// that share that snapshot and the move played from it.
    pub(super) fn share_annotation(&mut self, index: usize, annotation: &Rc<Annotation>) {
        let (Some(here), next) = (self.history.get(index), self.history.get(index + 1)) else {
            return;
        };
        for (l, line) in self.lines.iter_mut().enumerate() {
            let same_next = match (line.history.get(index + 1), next) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            };
            let same_here = line.history.get(index).is_some_and(|s| Rc::ptr_eq(s, here));
            if l != self.on
                && same_here
                && same_next
                && let Some(slot) = line.annotations.get_mut(index)
            {
                *slot = Some(annotation.clone());
            }
        }
    }

    /// Deletes the other lines that share the line on screen's snapshot after `cursor`,
    /// which a move played at `cursor` is about to cut.
    pub(super) fn drop_lines_after(&mut self, cursor: usize) {
        let Some(cut) = self.history.get(cursor + 1) else {
            return;
        };
        let doomed: Vec<usize> = (0..self.lines.len())
            .filter(|&l| {
                l != self.on
                    && self.lines[l]
                        .history
                        .get(cursor + 1)
                        .is_some_and(|s| Rc::ptr_eq(s, cut))
            })
            .collect();
        self.remove_lines(&doomed);
    }

    /// Removes the parked lines `doomed` (in increasing order), renumbering the others.
    fn remove_lines(&mut self, doomed: &[usize]) {
        for &line in doomed.iter().rev() {
            if line != self.on && line < self.lines.len() {
                self.lines.remove(line);
                if line < self.on {
                    self.on -= 1;
                }
            }
        }
    }

    /// Puts line `line` on screen (at its own cursor), parking the line that was.
    fn park(&mut self, line: usize) {
        if line == self.on || line >= self.lines.len() {
            return;
        }
        let incoming = mem::take(&mut self.lines[line]);
        self.lines[self.on] = Line {
            history: mem::replace(&mut self.history, incoming.history),
            annotations: mem::replace(&mut self.annotations, incoming.annotations),
            cursor: mem::replace(&mut self.cursor, incoming.cursor),
        };
        self.on = line;
        self.move_cursor(self.cursor);
    }

    /// The first index from `index` on of the line on screen that is not followed by a
    /// forced pass: where a move leaves the board for the next decision.
    fn past_forced(&self, mut index: usize) -> usize {
        while self
            .history
            .get(index + 1)
            .is_some_and(|s| s.played.as_ref().is_some_and(|p| p.forced))
        {
            index += 1;
        }
        index
    }
}
