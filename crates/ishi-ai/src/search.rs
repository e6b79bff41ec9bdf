//! What every engine shares: limits, the stop flag, the clock and results.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

/// How long a search may run. Every limit that is set applies; the search stops at the first
/// one reached (and when [`Stop`] is requested). With none set, a search runs to its natural
/// end (an exact solve, say), so front ends always set one.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Plies of full-width search (alpha-beta engines).
    pub depth: Option<u32>,
    /// Nodes visited (alpha-beta) or playouts run (Monte Carlo).
    pub nodes: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        time: None,
    };

    /// At most `depth` plies.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::NONE
        }
    }

    /// At most `nodes` nodes or playouts.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::NONE
        }
    }

    /// At most `time` of wall-clock time.
    pub const fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::NONE
        }
    }
}

/// A flag another thread (or the UI) sets to stop a search; the search polls it and returns
/// its best move so far. Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not yet raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the search to stop.
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The clock of one search: elapsed time against [`Limits::time`] and the [`Stop`] flag.
///
/// It reads `performance.now()` in browsers and web workers and the monotonic clock
/// elsewhere (through `web-time`), so the same engine code keeps time in WASM.
#[derive(Clone, Debug)]
pub struct Clock {
    start: Instant,
    budget: Option<Duration>,
    stop: Stop,
}

impl Clock {
    /// Starts timing a search with this time budget and stop flag.
    pub fn start(budget: Option<Duration>, stop: &Stop) -> Clock {
        Clock {
            start: Instant::now(),
            budget,
            stop: stop.clone(),
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now: the budget is spent or a stop was requested.
    pub fn is_up(&self) -> bool {
        self.stop.is_requested() || self.budget.is_some_and(|b| self.elapsed() >= b)
    }

    /// The fraction of the budget used, 0 with no budget.
    pub fn used(&self) -> f64 {
        self.budget.map_or(0.0, |b| {
            self.elapsed().as_secs_f64() / b.as_secs_f64().max(1e-9)
        })
    }
}

/// What a search thinks of the position, from the point of view of the player to move.
#[derive(Copy, Clone, PartialEq, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Eval {
    /// No evaluation: a level that does not evaluate (random, naive).
    None,
    /// A heuristic estimate of the final margin, in hundredths of a disc or point.
    Estimate(i32),
    /// The exact final margin with best play (Othello: discs, empties to the winner).
    Exact(i32),
    /// The probability of winning, from Monte Carlo search.
    WinRate(f32),
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Eval::None => f.write_str("-"),
            Eval::Estimate(c) => write!(f, "{:+.2}", f64::from(*c) / 100.0),
            Eval::Exact(m) => write!(f, "{m:+} (exact)"),
            Eval::WinRate(p) => write!(f, "{:.1}%", p * 100.0),
        }
    }
}

/// The answer of a search.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is over.
    pub best: Option<M>,
    /// How good the position is for the player to move.
    pub eval: Eval,
    /// The deepest full iteration completed (alpha-beta), 0 otherwise.
    pub depth: u32,
    /// Nodes visited or playouts run.
    pub nodes: u64,
    /// The expected continuation, `best` first.
    pub pv: Vec<M>,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

impl<M> SearchResult<M> {
    /// The result of a search that did not need to search: `best` at once.
    pub fn immediate(best: Option<M>) -> SearchResult<M> {
        SearchResult {
            best,
            eval: Eval::None,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_is_up_when_stopped_or_out_of_time() {
        let stop = Stop::new();
        let clock = Clock::start(None, &stop);
        assert!(!clock.is_up());
        stop.clone().request();
        assert!(clock.is_up());
        let clock = Clock::start(Some(Duration::ZERO), &Stop::new());
        assert!(clock.is_up());
        assert!(clock.used() >= 1.0 || clock.used().is_infinite());
    }

    #[test]
    fn evaluations_print_for_players() {
        assert_eq!(Eval::Estimate(-250).to_string(), "-2.50");
        assert_eq!(Eval::Exact(6).to_string(), "+6 (exact)");
        assert_eq!(Eval::WinRate(0.625).to_string(), "62.5%");
    }
}
