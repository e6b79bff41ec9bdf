//! The engine's side of an NBoard session: the searches at the depth the GUI set, and the
//! answers to `hint`, `go` and `analyze` in the protocol's words (evaluations in discs with two
//! decimals, moves in lowercase with `PA` for a pass, `100%` for the depth of an exact result).

use std::io::{self, Write};

use ishi_ai::{Eval, Limits, SearchResult, Stop};
use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello};

use super::{Failure, NBoard, say};

/// The most empty squares solved exactly, whatever the depth.
const MAX_SOLVE_EMPTIES: u32 = 20;

/// An evaluation in discs for the player to move, as NBoard reads it.
fn discs(eval: Eval) -> String {
    match eval {
        Eval::Exact(v) => format!("{:.2}", f64::from(v)),
        Eval::Estimate(v) => format!("{:.2}", f64::from(v) / 100.0),
        Eval::WinRate(p) => format!("{:.2}", f64::from(p) * 100.0 - 50.0),
        Eval::None => "0.00".to_owned(),
    }
}

fn move_text(mv: Move) -> String {
    match mv {
        Move::Place(sq) => sq.to_string(),
        Move::Pass => "PA".to_owned(),
    }
}

impl NBoard {
    /// The limits of a search in `position` at the depth set.
    fn limits(&self, position: &Othello) -> Limits {
        if position.score().empties <= (2 * self.depth).min(MAX_SOLVE_EMPTIES) {
            Limits::NONE
        } else {
            Limits::depth(self.depth)
        }
    }

    fn search(&mut self, position: &Othello, n: usize) -> Vec<SearchResult<Move>> {
        let limits = self.limits(position);
        self.engine
            .best_moves(position, n, limits, &mut self.rng, &Stop::new())
    }

    pub(super) fn hint(&mut self, n: usize, out: &mut impl Write) -> io::Result<()> {
        say(out, "status Ishi is thinking")?;
        let position = self.current();
        let ranked = self.search(&position, n);
        for result in &ranked {
            let pv: String = result.pv.iter().map(|&m| move_text(m)).collect();
            let depth = match result.eval {
                Eval::Exact(_) => "100%".to_owned(),
                _ => result.depth.to_string(),
            };
            say(
                out,
                &format!("search {pv} {} 0 {depth}", discs(result.eval)),
            )?;
        }
        node_stats(out, &ranked)?;
        say(out, "status Ishi is waiting")
    }

    pub(super) fn go(&mut self, out: &mut impl Write) -> Result<(), Failure> {
        let position = self.current();
        let no_move = || Failure::Refused("the game is over: there is no move to make".to_owned());
        if position.is_over() {
            return Err(no_move());
        }
        say(out, "status Ishi is thinking")?;
        let ranked = self.search(&position, 1);
        node_stats(out, &ranked)?;
        let best = ranked.first().ok_or_else(no_move)?;
        let mv = best.best.ok_or_else(no_move)?;
        say(
            out,
            &format!(
                "=== {}/{}/{:.2}",
                move_text(mv),
                discs(best.eval),
                best.elapsed.as_secs_f64()
            ),
        )?;
        say(out, "status Ishi is waiting")?;
        Ok(())
    }

    pub(super) fn analyze(&mut self, out: &mut impl Write) -> io::Result<()> {
        say(out, "status Ishi is analysing")?;
        for (k, position) in self.positions.clone().iter().enumerate().rev() {
            let eval = if position.is_over() {
                let margin = position.score().margin();
                Eval::Exact(position.turn().fold(margin, -margin))
            } else {
                self.search(position, 1)
                    .first()
                    .map_or(Eval::None, |r| r.eval)
            };
            say(out, &format!("analysis {k} {}", discs(eval)))?;
        }
        say(out, "status Ishi is waiting")
    }
}

fn node_stats(out: &mut impl Write, results: &[SearchResult<Move>]) -> io::Result<()> {
    let nodes: u64 = results.iter().map(|r| r.nodes).sum();
    // Summed from 0.0: an empty sum of floats is -0.0.
    let seconds = results
        .iter()
        .fold(0.0, |total, r| total + r.elapsed.as_secs_f64());
    say(out, &format!("nodestats {nodes} {seconds:.2}"))
}
