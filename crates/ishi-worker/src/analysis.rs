//! Hints and analysis in the worker: the engines are kept between requests, so that asking
//! again with more effort, or for the next position of a game, starts from what was learnt.

use std::str::FromStr;
use std::sync::Mutex;

use ishi_ai::othello::Engine;
use ishi_ai::{Limits, Stop};
use ishi_analysis::{Analysis, Candidate, go, othello};
use ishi_rules::Move;
use ishi_rules::othello::notation;
use rand::rngs::SmallRng;

use crate::{Analysed, GameState, HintBudget, Reply, go_position};

/// The Othello engine of hints and analysis, made on first use.
static OTHELLO: Mutex<Option<Engine>> = Mutex::new(None);
/// The Go search of hints and analysis, made on first use.
static GO: Mutex<Option<ishi_ai::go::Mcts>> = Mutex::new(None);

/// Runs `f` on the kept Othello engine.
fn with_othello<T>(f: impl FnOnce(&mut Engine) -> T) -> T {
    let mut kept = OTHELLO
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    f(kept.get_or_insert_with(Engine::new))
}

/// Runs `f` on the kept Go search.
fn with_go<T>(f: impl FnOnce(&mut ishi_ai::go::Mcts) -> T) -> T {
    let mut kept = GO.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    f(kept.get_or_insert_with(go::engine))
}

/// The reply carrying `analysed`, or its error.
pub(crate) fn reply(epoch: u64, analysed: Result<Analysed, String>) -> Reply {
    match analysed {
        Ok(analysed) => Reply {
            analysis: Some(analysed),
            ..Reply::empty(epoch)
        },
        Err(error) => Reply::failed(epoch, error),
    }
}

/// `analysis` with its moves named.
fn named<P: std::fmt::Display>(analysis: Analysis<Move<P>>) -> Analysed {
    Analysed {
        candidates: analysis
            .candidates
            .into_iter()
            .map(|c| Candidate {
                mv: c.mv.to_string(),
                value: c.value,
                exact: c.exact,
                visits: c.visits,
            })
            .collect(),
        worth: analysis.worth,
        ownership: analysis.ownership,
    }
}

/// The hints of [`crate::Task::Hints`].
pub(crate) fn hints(
    game: &GameState,
    budget: HintBudget,
    rng: &mut SmallRng,
    stop: &Stop,
) -> Result<Analysed, String> {
    match (game, budget) {
        (GameState::Othello { board }, HintBudget::Depth(_) | HintBudget::Exact) => {
            let position = notation::parse_board(board).map_err(|e| e.to_string())?;
            let limits = match budget {
                HintBudget::Depth(depth) => Limits::depth(depth.max(1)),
                _ => Limits::NONE,
            };
            let candidates = with_othello(|engine| othello::hints(engine, &position, limits, stop));
            let worth = othello::worth(&position, &candidates);
            Ok(named(Analysis {
                mover: ishi_rules::Game::turn(&position),
                candidates,
                worth,
                ownership: None,
            }))
        }
        (GameState::Go { .. }, HintBudget::Playouts(playouts)) => {
            let position = go_position(game)?;
            let budget = go::Budget {
                playouts: u64::from(playouts.clamp(1, 100_000)),
            };
            let analysis = with_go(|mcts| go::analyse(mcts, &position, None, budget, rng, stop));
            Ok(named(analysis))
        }
        (GameState::Othello { .. }, HintBudget::Playouts(_)) => {
            Err("Othello hints search plies, not playouts".to_owned())
        }
        (GameState::Go { .. }, _) => Err("Go hints run playouts".to_owned()),
    }
}

/// The analysis of [`crate::Task::Analyse`].
pub(crate) fn analyse(
    game: &GameState,
    played: Option<&str>,
    deep: bool,
    rng: &mut SmallRng,
    stop: &Stop,
) -> Result<Analysed, String> {
    match game {
        GameState::Othello { board } => {
            let position = notation::parse_board(board).map_err(|e| e.to_string())?;
            let played = played.map(parse_move).transpose()?;
            let budget = othello::Budget::of(deep);
            let analysis =
                with_othello(|engine| othello::analyse(engine, &position, played, budget, stop));
            Ok(named(analysis))
        }
        GameState::Go { .. } => {
            let position = go_position(game)?;
            let played = played.map(parse_move).transpose()?;
            let budget = go::Budget::for_board(position.size(), deep);
            let analysis = with_go(|mcts| go::analyse(mcts, &position, played, budget, rng, stop));
            Ok(named(analysis))
        }
    }
}

/// A move's name from the request, as `Move`'s `Display` writes it.
fn parse_move<P: FromStr<Err: ToString>>(name: &str) -> Result<Move<P>, String> {
    name.parse().map_err(|e: P::Err| e.to_string())
}
