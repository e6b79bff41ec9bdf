//! Ishi's computer player behind a message interface.
//!
//! The app asks for a move with a [`Request`] and gets a [`Reply`]. On the web the request
//! travels as JSON to a Web Worker that runs the app's own WASM module, which exports
//! [`think_json`] (the feature `worker` exports [`load_weights`]), so the page never waits for a search; on the desktop the
//! app calls [`think_with`] on a thread. Positions cross the boundary as text the rules
//! already read: an Othello board string, or a Go start position with the moves since (so ko
//! and superko see the history).
//!
//! ```
//! use ishi_ai::othello::OthelloLevel;
//! use ishi_worker::{GameState, Request, Task, think};
//!
//! let request = Request {
//!     epoch: 7,
//!     game: GameState::Othello {
//!         board: "---------------------------OX------XO--------------------------- X".into(),
//!     },
//!     seed: 1,
//!     task: Task::Move {
//!         level: OthelloLevel::Random.into(),
//!     },
//! };
//! let reply = think(&request);
//! assert_eq!(reply.epoch, 7);
//! assert!(["d3", "c4", "f5", "e6"].contains(&reply.mv.as_deref().unwrap()));
//! ```

mod analysis;

use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_ai::{AnyLevel, Level, LevelId, SearchResult, Stop};
use ishi_analysis::{Candidate, Worth};
use ishi_rules::go::{self, Go, GoRules, Komi};
use ishi_rules::othello::notation;
use ishi_rules::{ByColor, Game, Player};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::{Deserialize, Serialize};

/// A position to think about.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum GameState {
    /// Othello: the board string (with `#` for holes of shaped boards) and side to move.
    Othello {
        /// The board string, as `ishi_rules::othello::notation` prints it.
        board: String,
    },
    /// Go: the start and the moves since.
    Go {
        /// The board side.
        size: usize,
        /// The rules preset name (`japanese`, `chinese`, `tromp-taylor`).
        rules: String,
        /// Komi in half-points.
        komi: i32,
        /// Stones at the start: GTP point names with `B` or `W`.
        stones: Vec<(String, char)>,
        /// The player to move at the start: `B` or `W`.
        turn: char,
        /// Prisoners at the start (Black's, White's).
        captures: (u32, u32),
        /// The moves since the start: GTP point names or `pass`.
        moves: Vec<String>,
    },
}

/// What to work out.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// The move of a level of the position's game (an Othello level for an Othello board).
    Move {
        /// The level that plays.
        level: AnyLevel,
    },
    /// Go: who owns each point, from this many random playouts, and the dead stones that
    /// follow: the count's first guess.
    Ownership {
        /// Playouts to run.
        playouts: u32,
    },
    /// The values of the moves of the position, for the hints on the board: every legal move
    /// (Othello) or the moves the search visited (Go). Asked again with more effort, the
    /// worker's engine keeps what it learnt of the position.
    Hints {
        /// How far to look.
        budget: HintBudget,
    },
    /// One position of a game under review: every candidate's value with the played move's
    /// among them, what the position is worth to Black, and (Go) who owns each point.
    Analyse {
        /// The move the game went on with, if any: a square or point name, or `pass`.
        played: Option<String>,
        /// The deep budget rather than the quick one.
        deep: bool,
    },
}

/// How far hints look.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HintBudget {
    /// Othello: every move searched this many plies deep.
    Depth(u32),
    /// Othello: every move solved exactly (for the last empty squares).
    Exact,
    /// Go: this many more playouts on the tree of the position.
    Playouts(u32),
}

/// The values a [`Task::Hints`] or [`Task::Analyse`] found.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Analysed {
    /// The moves valued, best first, named as players write them, each with its value for
    /// the player to move (Othello: discs; Go: win rate in points from 0 to 100).
    pub candidates: Vec<Candidate<String>>,
    /// What the position is worth to Black.
    pub worth: Worth,
    /// Go: who owns each point at the end of the playouts, from -1 (White) to 1 (Black), in
    /// `Go::points` order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ownership: Option<Vec<f32>>,
}

/// A request for a move.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in the reply, so the app can drop answers to questions it no longer asks.
    pub epoch: u64,
    /// The position.
    pub game: GameState,
    /// The seed of the search's randomness.
    pub seed: u64,
    /// What to work out: a level's move, or who owns each point.
    pub task: Task,
}

/// The computer's answer.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Reply {
    /// The request's epoch.
    pub epoch: u64,
    /// The move: a square or point name, or `pass`; `None` when there is none or on error.
    pub mv: Option<String>,
    /// The evaluation as players read it (`+2.50`, `+6 (exact)`, `62.5%`).
    pub eval: String,
    /// Depth reached (alpha-beta).
    pub depth: u32,
    /// Nodes or playouts.
    pub nodes: u64,
    /// Milliseconds spent.
    pub millis: u64,
    /// What went wrong, if the request could not be answered.
    pub error: Option<String>,
    /// For [`Task::Ownership`]: each point's owner from -1 (White) to +1 (Black), in
    /// `Go::points` order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ownership: Option<Vec<f32>>,
    /// For [`Task::Ownership`]: the stones the ownership says are dead
    /// ([`ishi_scoring::guess_dead_stones_with`]; the static guess, should the estimate not
    /// fit the board), as point names: the count's first marks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead: Option<Vec<String>>,
    /// For [`Task::Hints`] and [`Task::Analyse`]: the values found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Analysed>,
}

/// Answers `request`, stopping early when `stop` is raised (the desktop app raises it to
/// cancel; on the web the app ends the worker instead).
pub fn think_with(request: &Request, stop: &Stop) -> Reply {
    let mut rng = SmallRng::seed_from_u64(request.seed);
    let level = match &request.task {
        Task::Move { level } => *level,
        Task::Ownership { playouts } => {
            return match go_position(&request.game) {
                Ok(go) => {
                    let ownership = ishi_ai::go::ownership(&go, (*playouts).min(20_000), &mut rng);
                    let dead = ishi_scoring::guess_dead_stones_with(&go, &ownership)
                        .unwrap_or_else(|_| ishi_scoring::guess_dead_stones(&go));
                    Reply {
                        ownership: Some(ownership),
                        dead: Some(dead.iter().map(|p| p.to_string()).collect()),
                        ..Reply::empty(request.epoch)
                    }
                }
                Err(error) => Reply::failed(request.epoch, error),
            };
        }
        Task::Hints { budget } => {
            let analysed = analysis::hints(&request.game, *budget, &mut rng, stop);
            return analysis::reply(request.epoch, analysed);
        }
        Task::Analyse { played, deep } => {
            let analysed =
                analysis::analyse(&request.game, played.as_deref(), *deep, &mut rng, stop);
            return analysis::reply(request.epoch, analysed);
        }
    };
    let answer = match (&request.game, level) {
        (GameState::Othello { board }, AnyLevel::Othello(id)) => {
            othello_move(board, id.level(), &mut rng, stop)
        }
        (GameState::Go { .. }, AnyLevel::Go(id)) => {
            go_move(&request.game, id.level(), &mut rng, stop)
        }
        (GameState::Othello { .. }, AnyLevel::Go(id)) => {
            Err(format!("{id} is a level of Go, not of Othello"))
        }
        (GameState::Go { .. }, AnyLevel::Othello(id)) => {
            Err(format!("{id} is a level of Othello, not of Go"))
        }
    };
    match answer {
        Ok(reply) => Reply {
            epoch: request.epoch,
            ..reply
        },
        Err(error) => Reply::failed(request.epoch, error),
    }
}

impl Reply {
    /// A reply to the request of `epoch` with nothing in it: to fill in.
    pub fn empty(epoch: u64) -> Reply {
        Reply {
            epoch,
            mv: None,
            eval: String::new(),
            depth: 0,
            nodes: 0,
            millis: 0,
            error: None,
            ownership: None,
            dead: None,
            analysis: None,
        }
    }

    /// The reply to the request of `epoch` that could not be answered, and why.
    pub fn failed(epoch: u64, error: impl Into<String>) -> Reply {
        Reply {
            error: Some(error.into()),
            ..Reply::empty(epoch)
        }
    }
}

/// Answers `request`, searching until the level's limits.
pub fn think(request: &Request) -> Reply {
    think_with(request, &Stop::new())
}

/// [`think`] with the request and reply as JSON: what the Web Worker calls (through the web
/// app's export of the same name, which loads the engines first).
pub fn think_json(request: &str) -> String {
    let reply = match serde_json::from_str::<Request>(request) {
        Ok(request)
            if matches!(request.game, GameState::Othello { .. })
                && !ishi_ai::othello::weights_ready() =>
        {
            Reply::failed(
                request.epoch,
                "the Othello evaluation's weights are not loaded",
            )
        }
        Ok(request) => think(&request),
        Err(e) => Reply::failed(0, format!("bad request: {e}")),
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

/// Hands the Othello evaluation its weights, the bytes of `weights.bin`, which a WASM build
/// does not carry (it would weigh on the app's first download): what the Web Worker calls
/// once it has fetched them, before any request. Returns what was wrong, or nothing.
#[cfg_attr(feature = "worker", wasm_bindgen::prelude::wasm_bindgen)]
pub fn load_weights(bytes: &[u8]) -> Option<String> {
    ishi_ai::othello::load_weights(bytes)
        .err()
        .map(|e| e.to_string())
}

/// Hands the Go engine its learned move model, the bytes of `moves.bin`, which a WASM build
/// does not carry either: the Web Worker calls this as it does [`load_weights`]. Without it
/// the Go engine plays with its hand-set priors alone. Returns what was wrong, or nothing.
#[cfg_attr(feature = "worker", wasm_bindgen::prelude::wasm_bindgen)]
pub fn load_go_weights(bytes: &[u8]) -> Option<String> {
    ishi_ai::go::features::load_weights(bytes)
        .err()
        .map(|e| e.to_string())
}

/// The reply for a search's result (the epoch is filled in by the caller).
fn reply<M: std::fmt::Display>(result: &SearchResult<M>) -> Reply {
    Reply {
        mv: result.best.as_ref().map(ToString::to_string),
        eval: result.eval.to_string(),
        depth: result.depth,
        nodes: result.nodes,
        millis: result.elapsed.as_millis() as u64,
        ..Reply::empty(0)
    }
}

fn othello_move(
    board: &str,
    level: &Level<OthelloLevel>,
    rng: &mut SmallRng,
    stop: &Stop,
) -> Result<Reply, String> {
    let position = notation::parse_board(board).map_err(|e| e.to_string())?;
    Ok(reply(&ishi_ai::othello::choose(
        level, &position, rng, stop,
    )))
}

fn go_move(
    state: &GameState,
    level: &Level<GoLevel>,
    rng: &mut SmallRng,
    stop: &Stop,
) -> Result<Reply, String> {
    let position = go_position(state)?;
    Ok(reply(&ishi_ai::go::choose(level, &position, rng, stop)))
}

fn player(c: char) -> Result<Player, String> {
    c.to_string()
        .parse()
        .map_err(|_| format!("{c:?} is not a player"))
}

/// The Go position a [`GameState::Go`] describes: its start, with every move replayed.
///
/// # Errors
///
/// A message for a state that is not a legal game.
pub fn go_position(state: &GameState) -> Result<Go, String> {
    let GameState::Go {
        size,
        rules,
        komi,
        stones,
        turn,
        captures,
        moves,
    } = state
    else {
        return Err("not a Go state".to_owned());
    };
    let rules: GoRules = rules
        .parse()
        .map_err(|e: go::ParseRulesError| e.to_string())?;
    let stones = stones
        .iter()
        .map(|(p, c)| {
            Ok((
                p.parse::<go::Point>().map_err(|e| e.to_string())?,
                player(*c)?,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let setup = go::Setup {
        size: *size,
        rules: rules.with_komi(Komi::from_half_points(*komi)),
        stones,
        turn: player(*turn)?,
        captures: ByColor::new(captures.0, captures.1),
    };
    let mut position = Go::from_setup(&setup).map_err(|e| e.to_string())?;
    for text in moves {
        let mv: go::Move = text
            .parse()
            .map_err(|e: go::ParsePointError| e.to_string())?;
        position = position.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::Move;

    fn go_state(moves: &[&str]) -> GameState {
        GameState::Go {
            size: 9,
            rules: "chinese".to_owned(),
            komi: 15,
            stones: vec![],
            turn: 'B',
            captures: (0, 0),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        }
    }

    #[test]
    fn go_states_replay_their_moves() {
        let go = go_position(&go_state(&["E5", "pass", "D5"])).unwrap();
        assert_eq!(go.stone_at("D5".parse().unwrap()), Some(Player::Black));
        assert_eq!(go.turn(), Player::White);
        let error = go_position(&go_state(&["E5", "E5"])).unwrap_err();
        assert!(error.contains("occupied"), "{error}");
    }

    #[test]
    fn ownership_marks_the_stones_of_a_settled_board() {
        let request = Request {
            epoch: 9,
            game: go_state(&["E5", "pass"]),
            seed: 1,
            task: Task::Ownership { playouts: 50 },
        };
        let json = serde_json::to_string(&request).unwrap();
        let reply: Reply = serde_json::from_str(&think_json(&json)).unwrap();
        let ownership = reply.ownership.unwrap();
        assert_eq!(ownership.len(), 81);
        assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
        // E5 is Black's stone: Black owns it in most playouts.
        assert!(ownership[4 * 9 + 4] > 0.5, "{}", ownership[4 * 9 + 4]);
        assert_eq!(reply.dead, Some(vec![]), "a lone living stone is not dead");
        assert_eq!(reply.epoch, 9);
    }

    #[test]
    fn ownership_gives_the_counts_dead_stones() {
        // A White stone in Black's corner, which Black walls in; White walls in the right side.
        let moves = [
            "A4", "G1", "B4", "G2", "C4", "G3", "D4", "G4", "D3", "G5", "D2", "G6", "D1", "G7",
            "pass", "G8", "pass", "G9", "pass", "B2", "pass", "pass",
        ];
        let request = Request {
            epoch: 3,
            game: go_state(&moves),
            seed: 7,
            task: Task::Ownership { playouts: 400 },
        };
        let json = serde_json::to_string(&request).unwrap();
        let reply: Reply = serde_json::from_str(&think_json(&json)).unwrap();
        let go = go_position(&request.game).unwrap();
        let ownership = reply.ownership.clone().unwrap();
        let expected = ishi_scoring::guess_dead_stones_with(&go, &ownership).unwrap();
        let names: Vec<String> = expected.iter().map(|p| p.to_string()).collect();
        assert_eq!(reply.dead, Some(names));
        assert_eq!(reply.dead, Some(vec!["B2".to_owned()]), "{:?}", reply.dead);
    }

    #[test]
    fn bad_requests_get_an_error_reply_not_a_panic() {
        let reply: Reply = serde_json::from_str(&think_json("{not json")).unwrap();
        assert!(reply.error.unwrap().starts_with("bad request"));
        let request = Request {
            epoch: 3,
            game: go_state(&[]),
            seed: 0,
            task: Task::Move {
                level: GoLevel::Mcts100.into(),
            },
        };
        let json = serde_json::to_string(&request).unwrap();
        assert!(
            json.contains(r#""task":{"move":{"level":{"go":"mcts-100"}}}"#),
            "{json}"
        );
        let json = json.replace("mcts-100", "grandmaster-9000");
        let reply: Reply = serde_json::from_str(&think_json(&json)).unwrap();
        let error = reply.error.unwrap();
        assert!(error.starts_with("bad request"), "{error}");
        assert!(
            error.contains("unknown level \"grandmaster-9000\""),
            "{error}"
        );
    }

    #[test]
    fn a_level_of_the_other_game_gets_an_error_reply_not_a_panic() {
        let board = "---------------------------OX------XO--------------------------- X";
        let othello = GameState::Othello {
            board: board.to_owned(),
        };
        for (game, level, error) in [
            (
                go_state(&[]),
                AnyLevel::from(OthelloLevel::Random),
                "random is a level of Othello, not of Go",
            ),
            (
                othello,
                AnyLevel::from(GoLevel::Mcts100),
                "mcts-100 is a level of Go, not of Othello",
            ),
        ] {
            let request = Request {
                epoch: 4,
                game,
                seed: 0,
                task: Task::Move { level },
            };
            let reply = think(&request);
            assert_eq!(reply.epoch, 4);
            assert_eq!(reply.mv, None);
            assert_eq!(reply.error.as_deref(), Some(error));
        }
    }

    #[test]
    fn every_level_answers_a_legal_move_through_json() {
        for level in ishi_ai::go::levels().iter().take(2) {
            let request = Request {
                epoch: 1,
                game: go_state(&["E5"]),
                seed: 5,
                task: Task::Move {
                    level: level.id.into(),
                },
            };
            let json = serde_json::to_string(&request).unwrap();
            let reply: Reply = serde_json::from_str(&think_json(&json)).unwrap();
            let go = go_position(&go_state(&["E5"])).unwrap();
            let mv = reply.mv.unwrap();
            assert!(
                mv == "pass" || go.is_legal(Move::Place(mv.parse().unwrap())),
                "{mv}"
            );
        }
        for level in ishi_ai::othello::levels().iter().take(3) {
            let board = "---------------------------OX------XO--------------------------- X";
            let request = Request {
                epoch: 1,
                game: GameState::Othello {
                    board: board.to_owned(),
                },
                seed: 5,
                task: Task::Move {
                    level: level.id.into(),
                },
            };
            let reply = think(&request);
            let position = notation::parse_board(board).unwrap();
            let mv = Move::Place(reply.mv.unwrap().parse().unwrap());
            assert!(position.is_legal(mv), "{} played {mv}", level.id);
        }
    }

    /// The answer of `task` on `game`, through JSON as the Web Worker gets it.
    fn ask(game: GameState, task: Task) -> Reply {
        let request = Request {
            epoch: 4,
            game,
            seed: 9,
            task,
        };
        let json = serde_json::to_string(&request).unwrap();
        serde_json::from_str(&think_json(&json)).unwrap()
    }

    fn othello(board: &str) -> GameState {
        GameState::Othello {
            board: board.to_owned(),
        }
    }

    #[test]
    fn othello_hints_value_every_legal_move() {
        let start = "---------------------------OX------XO--------------------------- X";
        let reply = ask(
            othello(start),
            Task::Hints {
                budget: HintBudget::Depth(4),
            },
        );
        let analysis = reply.analysis.expect("hints");
        assert_eq!(analysis.candidates.len(), 4);
        // The four first moves are one move seen four ways: valued alike.
        let first = analysis.candidates[0].value;
        assert!(analysis.candidates.iter().all(|c| c.value == first));
        // FFO #1: g8 wins by 18, exactly.
        let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let reply = ask(
            othello(ffo1),
            Task::Hints {
                budget: HintBudget::Exact,
            },
        );
        let best = &reply.analysis.expect("hints").candidates[0];
        assert_eq!(
            (best.mv.as_str(), best.value, best.exact),
            ("g8", 18.0, true)
        );
    }

    #[test]
    fn go_hints_and_analysis_give_candidates_and_ownership() {
        let reply = ask(
            go_state(&["E5"]),
            Task::Hints {
                budget: HintBudget::Playouts(300),
            },
        );
        let analysis = reply.analysis.expect("hints");
        assert!(!analysis.candidates.is_empty());
        assert!(analysis.candidates.iter().all(|c| c.visits > 0));
        assert_eq!(analysis.ownership.map(|o| o.len()), Some(81));
        let reply = ask(
            go_state(&["E5"]),
            Task::Analyse {
                played: Some("A1".to_owned()),
                deep: false,
            },
        );
        let analysis = reply.analysis.expect("an analysis");
        assert!(analysis.candidates.iter().any(|c| c.mv == "A1"));
        assert!(matches!(analysis.worth, Worth::Go { .. }));
    }

    #[test]
    fn analysis_values_the_played_move_and_refuses_what_does_not_fit() {
        // Before White's f5 of the seeds' wipe-out game: f5 loses every disc.
        let board = notation::print_board(
            &ishi_rules::othello::transcript::load(
                &ishi_rules::othello::Othello::standard(),
                "e6f4e3d6c5f6e7",
            )
            .unwrap()
            .positions[7],
        );
        let reply = ask(
            othello(&board),
            Task::Analyse {
                played: Some("f5".to_owned()),
                deep: false,
            },
        );
        let analysis = reply.analysis.expect("an analysis");
        let f5 = analysis.candidates.iter().find(|c| c.mv == "f5").unwrap();
        assert_eq!(f5.value, -64.0);
        let wrong = ask(
            othello(&board),
            Task::Hints {
                budget: HintBudget::Playouts(10),
            },
        );
        assert!(wrong.error.is_some() && wrong.analysis.is_none());
        let wrong = ask(
            othello(&board),
            Task::Analyse {
                played: Some("z9".to_owned()),
                deep: false,
            },
        );
        assert!(wrong.error.is_some());
    }
}
