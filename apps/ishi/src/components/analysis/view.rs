//! What the analysis shows, derived from the state in plain Rust: the graph's points and
//! dots, and the note on the position on screen.

use ishi_analysis::{Class, Worth};
use ishi_rules::Player;

use crate::i18n::Note;
use crate::model::{GameKind, Match, ValueUnit};
use crate::state::{AnalysisRun, AppState};

/// A point of the graph: a position's worth to Black.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Point {
    /// The snapshot's index.
    pub index: usize,
    /// Othello: Black's margin in discs; Go: Black's win rate from 0 to 1.
    pub value: f32,
    /// Go: Black's lead in points.
    pub lead: Option<f32>,
}

/// A move that lost something, drawn as a dot where it was played from.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Dot {
    /// The index of the snapshot it was played from.
    pub index: usize,
    /// Its class.
    pub class: Class,
    /// Who played it.
    pub player: Player,
}

/// Everything the analysis shows.
#[derive(Clone, PartialEq, Debug)]
pub struct AnalysisView {
    /// The game.
    pub kind: GameKind,
    /// The snapshot on screen.
    pub cursor: usize,
    /// The last index of the history.
    pub last: usize,
    /// The positions analysed.
    pub points: Vec<Point>,
    /// The moves that lost something.
    pub dots: Vec<Dot>,
    /// The note on the position on screen, once it is analysed.
    pub note: Option<Note>,
    /// Positions analysed, of all.
    pub progress: (usize, usize),
    /// The analysis under way.
    pub running: Option<AnalysisRun>,
}

/// A value in `unit` for the player it is of: `+3` discs, `62%` of win rate or `+3.5`
/// points of score.
pub fn value_text(unit: ValueUnit, value: f32) -> String {
    match unit {
        ValueUnit::Discs => match value.round() as i32 {
            0 => "0".to_owned(),
            v => format!("{v:+}"),
        },
        ValueUnit::WinRate => format!("{value:.0}%"),
        ValueUnit::Score if value.abs() < 0.05 => "0".to_owned(),
        ValueUnit::Score => format!("{value:+.1}"),
    }
}

/// The unit of a graph's points: Othello's margin in discs, Go's win rate (from 0 to 1
/// there, in % once written).
fn graph_unit(kind: GameKind) -> ValueUnit {
    match kind {
        GameKind::Othello => ValueUnit::Discs,
        GameKind::Go => ValueUnit::WinRate,
    }
}

/// A point of the graph as its table writes it: `+3` discs or Black's `62%`.
pub(super) fn point_text(kind: GameKind, point: &Point) -> String {
    let value = match kind {
        GameKind::Othello => point.value,
        GameKind::Go => 100.0 * point.value,
    };
    value_text(graph_unit(kind), value)
}

impl AnalysisView {
    /// The analysis of `state`'s match.
    pub fn of(state: &AppState) -> AnalysisView {
        let m = state.current();
        let kind = m.kind();
        let mut points = Vec::new();
        let mut dots = Vec::new();
        for index in 0..m.history().len() {
            let Some(a) = m.annotation(index) else {
                continue;
            };
            points.push(point(index, a.worth));
            if let Some(judged) = a.played.filter(|j| j.class > Class::Good) {
                let player = m.history()[index].position.turn();
                dots.push(Dot {
                    index,
                    class: judged.class,
                    player,
                });
            }
        }
        AnalysisView {
            kind,
            cursor: m.cursor(),
            last: m.history().len() - 1,
            points,
            dots,
            note: note(m).filter(|_| state.reveals()),
            progress: state.analysis_progress(),
            running: state.analysing(),
        }
    }

    /// Whether there is anything to draw.
    pub fn any(&self) -> bool {
        !self.points.is_empty()
    }
}

fn point(index: usize, worth: Worth) -> Point {
    match worth {
        Worth::Discs { margin, .. } => Point {
            index,
            value: margin,
            lead: None,
        },
        Worth::Go { win_rate, lead } => Point {
            index,
            value: win_rate,
            lead: Some(lead),
        },
    }
}

fn note(m: &Match) -> Option<Note> {
    let index = m.cursor();
    let a = m.annotation(index)?;
    let position = &m.history()[index].position;
    let unit = a.unit;
    let lost = a.played.filter(|j| j.class != Class::Best);
    Some(Note {
        unit,
        player: position.turn(),
        played: a.played.map(|j| {
            let name = position.move_name(j.mv);
            (name, value_text(unit, j.value), j.class)
        }),
        best: a
            .best
            .map(|(mv, value)| (position.move_name(mv), value_text(unit, value))),
        loss: lost.map(|j| format!("{:.1}", j.loss)),
        win_rate: a.played.and_then(|j| j.win_rate).map(|w| {
            let loss = lost.map(|_| format!("{:.0}", w.loss));
            (value_text(ValueUnit::WinRate, w.played), loss)
        }),
    })
}
