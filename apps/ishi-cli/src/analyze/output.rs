//! What `analyze` prints: a heading, one aligned line a move as soon as it is judged, and a
//! summary line per player; or, with `--json`, one JSON document at the end.

use std::fmt::Display;
use std::io::{self, Write};

use ishi_analysis::{Class, Summary};
use ishi_rules::{ByColor, Player};
use serde::Serialize;

use super::{Judged, Unit, moves, summary};

/// The budget as the JSON document gives it.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum Budget {
    /// Othello's.
    Othello {
        /// `quick` or `deep`.
        preset: &'static str,
        /// Nodes a position in the midgame.
        nodes: u64,
        /// Positions with this many empty squares or fewer are solved.
        exact_empties: u32,
    },
    /// Go's with Monte Carlo.
    Go {
        /// `quick` or `deep`.
        preset: &'static str,
        /// `mcts`.
        engine: &'static str,
        /// Playouts a position.
        playouts: u64,
    },
    /// Go's with the network.
    GoNetwork {
        /// `quick` or `deep`.
        preset: &'static str,
        /// `network`.
        engine: &'static str,
        /// Visits a position.
        visits: u64,
    },
}

/// One move in the JSON document.
#[derive(Serialize)]
struct JsonMove {
    number: usize,
    player: String,
    played: String,
    value: f64,
    best: String,
    best_value: f64,
    loss: f64,
    class: &'static str,
    exact: bool,
    best_exact: bool,
    forced: bool,
    /// Go with the network: the played move's win rate, from 0 to 100.
    #[serde(skip_serializing_if = "Option::is_none")]
    win_rate: Option<f64>,
    /// Go with the network: what the played move lost in win rate.
    #[serde(skip_serializing_if = "Option::is_none")]
    win_rate_loss: Option<f64>,
}

/// Counts per class in the JSON document.
#[derive(Serialize)]
struct JsonClasses {
    best: u32,
    good: u32,
    inaccuracy: u32,
    mistake: u32,
    blunder: u32,
}

/// A player's summary in the JSON document.
#[derive(Serialize)]
struct JsonSummary {
    moves: u32,
    mean_loss: f64,
    classes: JsonClasses,
}

/// The JSON document.
#[derive(Serialize)]
struct JsonReport {
    game: &'static str,
    budget: Budget,
    moves: Vec<JsonMove>,
    summary: ByColor<JsonSummary>,
}

/// `value` to two decimals, so the document shows `2.1` and not the float's `2.0999999`.
fn rounded(value: f32) -> f64 {
    (f64::from(value) * 100.0).round() / 100.0
}

impl JsonSummary {
    fn new(summary: &Summary) -> JsonSummary {
        let [best, good, inaccuracy, mistake, blunder] = summary.classes;
        JsonSummary {
            moves: summary.moves,
            mean_loss: rounded(summary.mean_loss),
            classes: JsonClasses {
                best,
                good,
                inaccuracy,
                mistake,
                blunder,
            },
        }
    }
}

/// Where the analysis goes, line by line or as one document.
pub(crate) struct Report<W> {
    out: W,
    json: bool,
    unit: Unit,
    moves: Vec<JsonMove>,
}

/// One line of the columns, aligned: number, player, move, value, best move, its value, loss;
/// the class (then, with the network, the win rate and its loss, `win_rate`).
fn columns(cells: [&str; 8]) -> String {
    let [number, player, played, value, best, best_value, loss, class] = cells;
    format!(
        "{number:>4}  {player}  {played:<6}{value:>7}  {best:<6}{best_value:>7}  {loss:>6}  {class}"
    )
}

impl<W: Write> Report<W> {
    /// A report to `out`, as JSON or lines, of values counted in `unit`.
    pub(crate) fn new(out: W, json: bool, unit: Unit) -> Report<W> {
        Report {
            out,
            json,
            unit,
            moves: Vec::new(),
        }
    }

    /// The lines' heading (what is analysed, and how hard) and column titles.
    pub(crate) fn start(&mut self, heading: &str) -> io::Result<()> {
        if self.json {
            return Ok(());
        }
        writeln!(self.out, "{heading}")?;
        let titles = [
            "#", "P", "played", "value", "best", "value", "loss", "class",
        ];
        let win_rate = match self.unit {
            Unit::Score => format!("{:>12}  win rate (loss)", ""),
            Unit::Discs | Unit::WinRate => String::new(),
        };
        writeln!(self.out, "{}{win_rate}", columns(titles))?;
        self.out.flush()
    }

    /// One move: its line, at once (flushed), or its entry in the document to come.
    pub(crate) fn add<M: Display>(&mut self, judged: &Judged<M>) -> io::Result<()> {
        let review = &judged.review;
        if self.json {
            self.moves.push(JsonMove {
                number: judged.number,
                player: review.player.letter().to_string(),
                played: review.played.to_string(),
                value: rounded(review.played_value),
                best: review.best.to_string(),
                best_value: rounded(review.best_value),
                loss: rounded(review.loss),
                class: review.class.name(),
                exact: judged.played_exact,
                best_exact: judged.best_exact,
                forced: judged.forced,
                win_rate: review.win_rate.map(|w| rounded(w.played)),
                win_rate_loss: review.win_rate.map(|w| rounded(w.loss)),
            });
            return Ok(());
        }
        let unit = self.unit;
        let class = if judged.forced {
            format!("{} (forced pass)", review.class.name())
        } else if let Some(w) = review.win_rate {
            format!(
                "{:<12}{:>6.1}%  ({:.1})",
                review.class.name(),
                w.played,
                w.loss
            )
        } else {
            review.class.name().to_owned()
        };
        let line = columns([
            &judged.number.to_string(),
            &review.player.letter().to_string(),
            &review.played.to_string(),
            &unit.value(review.played_value, judged.played_exact),
            &review.best.to_string(),
            &unit.value(review.best_value, judged.best_exact),
            &unit.loss(review.loss, judged.played_exact && judged.best_exact),
            &class,
        ]);
        writeln!(self.out, "{}", line.trim_end())?;
        self.out.flush()
    }

    /// The end: each player's summary line, or the whole document.
    pub(crate) fn finish<M>(
        mut self,
        game: &'static str,
        budget: Budget,
        judged: &[Judged<M>],
    ) -> io::Result<()> {
        let summary = summary(judged);
        if self.json {
            let report = JsonReport {
                game,
                budget,
                moves: self.moves,
                summary: summary.as_ref().map(JsonSummary::new),
            };
            serde_json::to_writer(&mut self.out, &report)?;
            writeln!(self.out)?;
            return self.out.flush();
        }
        for player in Player::ALL {
            let s = &summary[player];
            let classes: Vec<String> = Class::ALL
                .iter()
                .zip(s.classes)
                .map(|(class, n)| format!("{} {n}", class.name()))
                .collect();
            writeln!(
                self.out,
                "{}: {}, mean loss {:.2} {}; {}",
                player.fold("Black", "White"),
                moves(s.moves as usize),
                s.mean_loss,
                self.unit.name(),
                classes.join(", ")
            )?;
        }
        self.out.flush()
    }
}
