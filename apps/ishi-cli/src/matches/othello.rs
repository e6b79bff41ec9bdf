//! Othello for the match runner.

use std::io;
use std::sync::Arc;

use ishi_ai::othello::{OthelloLevel, Weights, choose};
use ishi_ai::{Level, Stop};
use ishi_rules::othello::{Move, Othello, Square};
use ishi_scoring::GameResult;
use rand::rngs::SmallRng;

use super::gtp_client::GtpClient;
use super::{Contest, MatchArgs, Reply};

/// Othello on the standard board, the engine levels evaluating with the native build's
/// weights.
pub(super) struct OthelloContest {
    weights: Arc<Weights>,
}

impl OthelloContest {
    /// Checks that `args` ask nothing Othello does not have.
    pub(super) fn new(args: &MatchArgs) -> io::Result<OthelloContest> {
        let refuse = |option| {
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{option} is for Go; Othello matches are on the 8x8 board"),
            ))
        };
        if args.size.is_some_and(|s| s != 8) {
            return refuse("--size");
        }
        if args.rules.is_some() {
            return refuse("--rules");
        }
        if args.komi.is_some() {
            return refuse("--komi");
        }
        Ok(OthelloContest {
            weights: Arc::new(Weights::embedded()),
        })
    }
}

impl Contest for OthelloContest {
    type Position = Othello;
    type Move = Move;
    /// The levels keep nothing between moves.
    type Brain = ();
    type Level = OthelloLevel;

    fn default_opening_plies(&self, _in_process: bool) -> u32 {
        4
    }

    fn start(&self) -> Othello {
        Othello::standard()
    }

    fn setup(&self, engine: &mut GtpClient) -> io::Result<()> {
        engine.must("boardsize 8")?;
        engine.must("clear_board")?;
        Ok(())
    }

    fn gtp_move(&self, mv: Move) -> Option<String> {
        match mv {
            Move::Place(sq) => Some(sq.to_string()),
            Move::Pass => None,
        }
    }

    fn parse_gtp_move(&self, text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pass") {
            Some(Move::Pass)
        } else {
            text.parse::<Square>().ok().map(Move::Place)
        }
    }

    fn brain(&self, _level: &Level<OthelloLevel>) {}

    fn think(
        &self,
        _brain: &mut (),
        level: &Level<OthelloLevel>,
        position: &Othello,
        _before: &[Othello],
        rng: &mut SmallRng,
    ) -> Reply<Move> {
        // The game is not over when a player is asked, so there is a move.
        Reply::Move(
            choose(level, &self.weights, position, rng, &Stop::new())
                .best
                .unwrap_or(Move::Pass),
        )
    }

    fn move_cap(&self) -> usize {
        // 60 discs and as many passes.
        120
    }

    fn referee(&self, position: &Othello, _seed: u64) -> GameResult {
        GameResult::from_margin(2 * position.score().margin())
    }
}
