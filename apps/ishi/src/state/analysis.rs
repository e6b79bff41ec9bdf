//! "Analyse this game": every position of the match on screen analysed in the worker, one at
//! a time, each answer filed with the match ([`Annotation`]) so that it is saved with it.
//! The board stays usable meanwhile, Stop cancels the one request under way, and after a
//! reload a new run starts from the first position not yet analysed.

use ishi_analysis::{Analysis, OTHELLO};
use ishi_worker::{Analysed, Answer, Reply};

use super::effects::{Job, JobTask};
use crate::model::{Action, Annotation, CellMove, GameKind, Judged, Match, Position, ValueUnit};

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

/// How many positions of `m` are analysed, of how many.
pub(super) fn progress(m: &Match) -> (usize, usize) {
    let total = m.history().len();
    ((0..total).filter(|&i| analysed(m, i)).count(), total)
}

/// The next position of `m` for the analysis `run` to work out, if any is left.
pub(super) fn next_job(m: &Match, run: AnalysisRun) -> Option<Job> {
    first_job(m, 0..m.history().len(), run.deep)
}

/// The analysis of the first position of `indices` of `m` not yet analysed, if any.
fn first_job(m: &Match, mut indices: impl Iterator<Item = usize>, deep: bool) -> Option<Job> {
    let index = indices.find(|&i| !analysed(m, i))?;
    Some(Job {
        epoch: m.history()[index].position.fingerprint(),
        task: JobTask::Analyse {
            index,
            played: played_from(m, index),
            deep,
        },
    })
}

/// On a variation of `m`, the next of its positions to analyse with the quick budget: where it
/// leaves the game (which judges its first move), the one on screen, then the others; `None`
/// on the game, or when they all are.
pub(super) fn variation_job(m: &Match) -> Option<Job> {
    let from = m.leaves_game_at()?;
    let indices = [from, m.cursor()]
        .into_iter()
        .chain(from..m.history().len());
    first_job(m, indices, false)
}

/// Files in `m` the worker's answer `reply` for the snapshot at `index` (whose position had
/// `key`), analysed by `run`: whether it was filed (a position that changed meanwhile is
/// refused as stale, and asked for again), or `None` when the worker failed and the run
/// stops with what it has.
pub(super) fn file(
    m: &mut Match,
    run: AnalysisRun,
    index: usize,
    key: u64,
    reply: Reply,
) -> Option<bool> {
    let Some(snapshot) = m.history().get(index) else {
        return Some(false);
    };
    let Ok(Answer::Analysis(analysed)) = reply.answer else {
        return None;
    };
    let played = played_from(m, index);
    let annotation = annotation(&snapshot.position, key, played, analysed, run.deep);
    Some(m.apply(Action::Annotate { index, annotation }).is_ok())
}

/// The annotation of `position` (with fingerprint `key`) from the worker's `analysed`, the
/// move `played` from it judged against the best with the game's thresholds.
fn annotation(
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
    let (thresholds, unit) = match position.kind() {
        GameKind::Othello => (&OTHELLO, ValueUnit::Discs),
        GameKind::Go if analysis.scored() => (analysis.go_thresholds(), ValueUnit::Score),
        GameKind::Go => (analysis.go_thresholds(), ValueUnit::WinRate),
    };
    let judged = played
        .and_then(|mv| analysis.review_with(mv, thresholds))
        .map(|r| Judged {
            mv: r.played,
            value: r.played_value,
            loss: r.loss,
            class: r.class,
            win_rate: r.win_rate,
        });
    Annotation {
        key,
        worth: analysis.worth,
        unit,
        best: analysis.best().map(|b| (b.mv, b.value)),
        next: played,
        played: judged,
        deep,
    }
}
