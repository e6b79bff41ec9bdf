//! Go for the match runner.

use std::io;
use std::str::FromStr;

use ishi_ai::go::{Engine, GoLevel, GoModels, ownership};
use ishi_ai::{Level, Stop};
use ishi_rules::go::{Go, GoRules, Komi, Move, Point};
use ishi_scoring::{GameResult, guess_dead_stones_with, score};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::gtp_client::GtpClient;
use super::{Contest, MatchArgs, Reply};

/// Playouts that read the dead stones of a finished game.
const COUNT_PLAYOUTS: u32 = 1000;

/// Go on one board size under one set of rules, the players with the native build's models
/// (the learned move model, KataGo's network).
pub(super) struct GoContest {
    size: usize,
    rules: GoRules,
    models: GoModels,
}

impl GoContest {
    /// The board and rules `args` ask for: 9x9 and Chinese rules unless told otherwise.
    pub(super) fn new(args: &MatchArgs) -> io::Result<GoContest> {
        let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
        let mut rules = GoRules::from_str(args.rules.as_deref().unwrap_or("chinese"))
            .map_err(|e| invalid(e.to_string()))?;
        if let Some(komi) = &args.komi {
            rules = rules.with_komi(Komi::from_str(komi).map_err(|e| invalid(e.to_string()))?);
        }
        let size = args.size.unwrap_or(9);
        Go::new(size, rules).map_err(|e| invalid(e.to_string()))?;
        Ok(GoContest {
            size,
            rules,
            models: GoModels::embedded(),
        })
    }
}

impl Contest for GoContest {
    type Position = Go;
    type Move = Move;
    /// The level's player, its search kept from move to move.
    type Brain = Engine;
    type Level = GoLevel;

    fn default_opening_plies(&self, in_process: bool) -> u32 {
        if in_process { 2 } else { 0 }
    }

    fn start(&self) -> Go {
        // The size and rules were checked in `new`.
        Go::new(self.size, self.rules).unwrap_or_else(|_| unreachable!("checked in new"))
    }

    fn setup(&self, engine: &mut GtpClient) -> io::Result<()> {
        engine.must(&format!("boardsize {}", self.size))?;
        engine.must("clear_board")?;
        if let Some(name) = self.rules.name()
            && engine.knows("kata-set-rules")?
        {
            engine.must(&format!("kata-set-rules {name}"))?;
        }
        engine.must(&format!("komi {}", self.rules.komi))?;
        Ok(())
    }

    fn gtp_move(&self, mv: Move) -> Option<String> {
        Some(mv.to_string())
    }

    fn parse_gtp_move(&self, text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pass") {
            Some(Move::Pass)
        } else {
            text.parse::<Point>().ok().map(Move::Place)
        }
    }

    fn brain(&self, level: &Level<GoLevel>) -> Engine {
        Engine::new(level, &self.models)
    }

    fn think(
        &self,
        engine: &mut Engine,
        level: &Level<GoLevel>,
        position: &Go,
        before: &[Go],
        rng: &mut SmallRng,
    ) -> Reply<Move> {
        let result = engine.play(position, before, level.limits, rng, &Stop::new());
        if engine.resigns(&result) {
            Reply::Resign
        } else {
            Reply::Move(result.best.unwrap_or(Move::Pass))
        }
    }

    fn move_cap(&self) -> usize {
        3 * self.size * self.size
    }

    fn referee(&self, position: &Go, seed: u64) -> GameResult {
        let owners = ownership(position, COUNT_PLAYOUTS, &mut SmallRng::seed_from_u64(seed));
        let dead = guess_dead_stones_with(position, &owners).unwrap_or_default();
        score(position, &dead).result()
    }
}
