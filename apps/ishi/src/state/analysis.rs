//! "Analyse this game": every position of the match on screen analysed in the worker, one at
//! a time, each answer filed with the match ([`Annotation`]) so that it is saved with it.

use ishi_analysis::{Analysis, GO, OTHELLO};
use ishi_worker::{Analysed, Answer, Reply};

use super::{AppState, Effects, Job, JobTask};
use crate::model::{Action, Annotation, CellMove, GameKind, Judged, Match, Position};

/// A whole-game analysis under way.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct AnalysisRun {
    /// With the deep budget rather than the quick one.
    pub deep: bool,
}

/// The move played from the snapshot at `index`: the next snapshot's, if any.
pub(super) fn played_from(m: &Match, index: usize) -> Option<CellMove> {
    let next = m.history().get(index + 1)?;
    next.played.as_ref().map(|p| p.mv)
}

/// Whether the snapshot at `index` has an analysis of its position and of the move played
/// from it.
fn analysed(m: &Match, index: usize) -> bool {
    let Some(annotation) = m.annotation(index) else {
        return false;
    };
    annotation.key == m.history()[index].position.fingerprint()
        && annotation.next == played_from(m, index)
}

impl AppState {
    /// The analysis under way, if any.
    pub fn analysing(&self) -> Option<AnalysisRun> {
        self.analysing
    }

    /// How many positions of the match on screen are analysed, of how many.
    pub fn analysis_progress(&self) -> (usize, usize) {
        let m = &self.current;
        let total = m.history().len();
        ((0..total).filter(|&i| analysed(m, i)).count(), total)
    }

    /// The next position of the analysis under way to work out.
    pub(super) fn analysis_job(&self) -> Option<Job> {
        let run = self.analysing?;
        let m = &self.current;
        let index = (0..m.history().len()).find(|&i| !analysed(m, i))?;
        Some(Job {
            epoch: m.history()[index].position.fingerprint(),
            task: JobTask::Analyse {
                index,
                played: played_from(m, index),
                deep: run.deep,
            },
        })
    }

    /// Starts analysing the match on screen, or stops (`None`).
    pub(super) fn set_analysing(&mut self, run: Option<AnalysisRun>) -> Effects {
        self.analysing = run;
        if run.is_some() && self.analysis_job().is_none() {
            self.analysing = None;
        }
        Effects::NONE
    }

    /// Files the worker's answer for the snapshot at `index` (whose position had `key`), and
    /// ends the run once every position is analysed.
    pub(super) fn on_analysed(&mut self, index: usize, key: u64, reply: Reply) -> Effects {
        let Some(run) = self.analysing else {
            return Effects::NONE;
        };
        let m = &self.current;
        let Some(snapshot) = m.history().get(index) else {
            return Effects::NONE;
        };
        let position = &snapshot.position;
        let played = played_from(m, index);
        let annotation = match reply.answer {
            Ok(Answer::Analysis(analysed)) => annotation(position, key, played, analysed, run.deep),
            // The worker failed: the run stops with what it has.
            _ => {
                self.analysing = None;
                return Effects::NONE;
            }
        };
        // A position that changed meanwhile is refused as stale, and asked for again.
        let filed = self.current.apply(Action::Annotate { index, annotation });
        if self.analysis_job().is_none() {
            self.analysing = None;
        }
        if filed.is_ok() {
            Effects::SAVE
        } else {
            Effects::NONE
        }
    }
}

/// The annotation of `position` (with fingerprint `key`) from the worker's `analysed`, the
/// move `played` from it judged against the best with the game's thresholds.
pub(super) fn annotation(
    position: &Position,
    key: u64,
    played: Option<CellMove>,
    analysed: Analysed,
    deep: bool,
) -> Annotation {
    let analysis = Analysis {
        mover: position.turn(),
        candidates: analysed.candidates,
        worth: analysed.worth,
        ownership: None,
    };
    let thresholds = match position.kind() {
        GameKind::Othello => &OTHELLO,
        GameKind::Go => &GO,
    };
    let judged = played
        .and_then(|mv| analysis.review_with(mv, thresholds))
        .map(|r| Judged {
            mv: r.played,
            value: r.played_value,
            loss: r.loss,
            class: r.class,
        });
    Annotation {
        key,
        worth: analysis.worth,
        best: analysis.best().map(|b| (b.mv, b.value)),
        next: played,
        played: judged,
        deep,
    }
}
