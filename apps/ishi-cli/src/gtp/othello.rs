//! The Othello engine behind `ishi-cli gtp --game othello`.
//!
//! GTP was written for Go; Othello engines speak it with conventions of their own. This one
//! follows those of Edax and gtp-rhino (GRhino's GTP front end), so controllers written for
//! either work:
//! - The board is 8x8: `boardsize 8` (anything else is `unacceptable size`).
//! - Squares are named as Edax and gtp-rhino name them: column `a`-`h`, row `1`-`8` counted
//!   from the top (`a1` top-left, the start position has White on d4). They are read in any
//!   case; answers are lowercase like Edax's (gtp-rhino answers `C4`; GTP vertices are
//!   case-insensitive). Colours are `b`, `w`, `black` or `white`, in any case.
//! - Black (`X` on the board) moves first.
//! - Passes: `genmove` answers `pass` for a colour that has no legal move, and `play COLOR
//!   pass` is accepted from it. As in Edax, `play` or `genmove` for the colour not to move is
//!   accepted when the colour to move has no legal move: its pass is made first. This is what
//!   controllers written for gtp-rhino need, which never send a pass (gtp-rhino refuses
//!   `play black pass`). Otherwise the answer is `? wrong color`, as Edax's.
//! - `genmove` on a finished game answers `pass` and changes nothing (as gtp-rhino).
//! - `undo` takes back the last disc placed, with the passes made since (gtp-rhino keeps no
//!   passes in its history); `cannot undo` at the start.
//! - `final_score` as gtp-rhino: `B+12`, `W+4` or `0`, the empty squares counted for the
//!   winner, less the komi; `cannot score` while the game goes on. `komi` is accepted and
//!   counts only there: the search ignores it.
//! - `set_game Othello` and `list_games` as both engines have them, and `reg_genmove`: the move
//!   `genmove` would play, without playing it.
//! - `genmove` plays at the level of `--level` (`master` by default), with its own limits.
//!   After `time_settings` the clock caps each move as in the Go engine (the time left over the
//!   moves still to play, half the empty squares); without `--level` the engine then plays at
//!   full strength for all that time, keeping its transposition table between moves.
//!   `--seconds` gives every move the same time instead, in fractions of a second if need be.

use std::sync::Arc;
use std::time::Duration;

use ishi_ai::othello::{Engine as Search, OthelloLevel, Weights, choose};
use ishi_ai::{LevelId, Limits, SearchResult, Stop};
use ishi_rules::othello::{Move, Othello, Square};
use ishi_rules::{Game, Player};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::gtp::time::Clocks;
use crate::gtp::{Engine, Flow, Request, color, one, syntax_error};

/// The commands this engine knows, for `list_commands` and `known_command`.
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "set_game",
    "list_games",
];

type Answer = Result<String, String>;

/// Ishi's Othello as a GTP engine.
pub(crate) struct OthelloEngine {
    /// Every position of the game, the start first and the current one last.
    positions: Vec<Othello>,
    rng: StdRng,
    /// The level of `--level`; `None` plays `master`, or full strength by the clock.
    level: Option<OthelloLevel>,
    /// Nodes a move of `--nodes`, instead of the level's.
    nodes: Option<u64>,
    /// The full-strength search the clock drives, with its table.
    search: Search,
    clocks: Clocks,
    komi: f64,
}

impl OthelloEngine {
    /// An engine playing at `level` (`master` when `None`), searching `nodes` a move instead
    /// of the level's when given.
    pub(crate) fn new(
        seed: Option<u64>,
        level: Option<OthelloLevel>,
        nodes: Option<u64>,
    ) -> OthelloEngine {
        OthelloEngine {
            positions: vec![Othello::standard()],
            rng: seed.map_or_else(StdRng::from_os_rng, StdRng::seed_from_u64),
            level,
            nodes,
            search: Search::new(Arc::new(Weights::embedded())),
            clocks: Clocks::default(),
            komi: 0.0,
        }
    }

    /// The engine with `move_time` for every move, if any, whatever `time_settings` say
    /// (`--seconds`); the level's limits still cap the search.
    pub(crate) fn with_move_time(self, move_time: Option<Duration>) -> OthelloEngine {
        OthelloEngine {
            clocks: Clocks::fixed(move_time),
            ..self
        }
    }

    fn current(&self) -> Othello {
        // `positions` always holds the start.
        self.positions
            .last()
            .copied()
            .unwrap_or_else(Othello::standard)
    }

    /// The position in which `player` moves now: the current one, or after the pass of the
    /// colour to move when it has no legal move. Changes nothing.
    fn position_for(&self, player: Player) -> Result<(Othello, bool), String> {
        let current = self.current();
        if current.turn() == player || current.is_over() {
            return Ok((current, false));
        }
        if current.legal_moves() == [Move::Pass] {
            let passed = current.play(Move::Pass).map_err(|e| e.to_string())?;
            return Ok((passed, true));
        }
        Err("wrong color".to_owned())
    }

    fn commit(&mut self, before: Othello, passed: bool, next: Othello) {
        if passed {
            self.positions.push(before);
        }
        self.positions.push(next);
    }

    fn play(&mut self, player: Player, mv: Move) -> Answer {
        let (position, passed) = self.position_for(player)?;
        let next = position.play(mv).map_err(|_| "illegal move".to_owned())?;
        self.commit(position, passed, next);
        Ok(String::new())
    }

    /// The search's answer in `position`.
    fn think(&mut self, position: &Othello) -> SearchResult<Move> {
        let player = position.turn();
        let moves = (position.score().empties as usize).div_ceil(2);
        let budget = self.clocks.budget(player, moves);
        let stop = Stop::new();
        let result = match (self.level, budget) {
            (None, Some(time)) => {
                let limits = Limits {
                    nodes: self.nodes,
                    ..Limits::time(time)
                };
                self.search
                    .best_move(position, limits, &mut self.rng, &stop)
            }
            (level, budget) => {
                let mut level = *level.unwrap_or_else(OthelloLevel::strongest).level();
                level.limits.nodes = self.nodes.or(level.limits.nodes);
                level.limits.time = match (level.limits.time, budget) {
                    (Some(cap), Some(time)) => Some(cap.min(time)),
                    (cap, time) => cap.or(time),
                };
                choose(
                    &level,
                    self.search.weights(),
                    position,
                    &mut self.rng,
                    &stop,
                )
            }
        };
        self.clocks.spend(player, result.elapsed);
        result
    }

    /// `genmove`, or `reg_genmove` when `commit` is false.
    fn genmove(&mut self, player: Player, commit: bool) -> Answer {
        if self.current().is_over() {
            return Ok("pass".to_owned());
        }
        let (position, passed) = self.position_for(player)?;
        let mv = if position.legal_moves() == [Move::Pass] {
            Move::Pass
        } else {
            self.think(&position).best.unwrap_or(Move::Pass)
        };
        if commit {
            // The same judge as the controller's moves: `play` refuses anything illegal.
            let next = position.play(mv).map_err(|_| "illegal move".to_owned())?;
            self.commit(position, passed, next);
        }
        Ok(vertex(mv))
    }

    /// Takes back the last disc placed and the passes made since.
    fn undo(&mut self) -> Answer {
        let placed = self
            .positions
            .windows(2)
            .rposition(|w| w[1].score().empties < w[0].score().empties)
            .ok_or_else(|| "cannot undo".to_owned())?;
        self.positions.truncate(placed + 1);
        Ok(String::new())
    }

    fn final_score(&self) -> Answer {
        let position = self.current();
        if !position.is_over() {
            return Err("cannot score".to_owned());
        }
        let margin = f64::from(position.score().margin()) - self.komi;
        Ok(if margin > 0.0 {
            format!("B+{margin}")
        } else if margin < 0.0 {
            format!("W+{}", -margin)
        } else {
            "0".to_owned()
        })
    }

    fn dispatch(&mut self, name: &str, args: &[String]) -> Answer {
        match name {
            "protocol_version" => Ok("2".to_owned()),
            "name" => Ok("Ishi".to_owned()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_owned()),
            "known_command" => Ok(COMMANDS.contains(&one(args)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "boardsize" => match one(args)?.parse::<u32>() {
                Ok(8) => self.dispatch("clear_board", &[]),
                Ok(_) => Err("unacceptable size".to_owned()),
                Err(_) => Err(syntax_error()),
            },
            "clear_board" => {
                self.positions = vec![Othello::standard()];
                self.search.clear();
                Ok(String::new())
            }
            "komi" => {
                let komi: f64 = one(args)?.parse().map_err(|_| syntax_error())?;
                if !komi.is_finite() {
                    return Err(syntax_error());
                }
                self.komi = komi;
                Ok(String::new())
            }
            "play" => {
                let [c, v] = args else {
                    return Err(syntax_error());
                };
                let mv = if v.eq_ignore_ascii_case("pass") {
                    Move::Pass
                } else {
                    Move::Place(
                        v.parse::<Square>()
                            .map_err(|_| "invalid vertex".to_owned())?,
                    )
                };
                self.play(color(c)?, mv)
            }
            "genmove" => self.genmove(color(one(args)?)?, true),
            "reg_genmove" => self.genmove(color(one(args)?)?, false),
            "undo" => self.undo(),
            "showboard" => Ok(format!("\n{}", self.current())),
            "final_score" => self.final_score(),
            "time_settings" => self.clocks.settings_command(args),
            "time_left" => self.clocks.left_command(args),
            "set_game" => match one(args)? {
                "Othello" => Ok(String::new()),
                _ => Err("unsupported game".to_owned()),
            },
            "list_games" => Ok("Othello".to_owned()),
            _ => Err("unknown command".to_owned()),
        }
    }
}

impl Engine for OthelloEngine {
    fn answer(&mut self, request: &Request) -> (Answer, Flow) {
        if request.name == "quit" {
            return (Ok(String::new()), Flow::Quit);
        }
        (self.dispatch(&request.name, &request.args), Flow::Continue)
    }
}

fn vertex(mv: Move) -> String {
    match mv {
        Move::Place(sq) => sq.to_string(),
        Move::Pass => "pass".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::serve;
    use proptest::prelude::*;

    fn session(engine: &mut OthelloEngine, input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(engine, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .split("\n\n")
            .filter(|a| !a.is_empty())
            .map(str::to_owned)
            .collect()
    }

    fn quick() -> OthelloEngine {
        OthelloEngine::new(Some(1), Some(OthelloLevel::Casual), None)
    }

    #[test]
    fn nodes_replace_the_level_s_budget() {
        let searched = |nodes| {
            let mut engine = OthelloEngine::new(Some(1), Some(OthelloLevel::Master), Some(nodes));
            let position = Othello::standard().play("f5".parse().unwrap()).unwrap();
            engine.think(&position).nodes
        };
        let (few, more) = (searched(2_000), searched(40_000));
        assert!(few <= 4_000, "{few} nodes for a budget of 2,000");
        assert!((20_000..=80_000).contains(&more), "{more} nodes for 40,000");
    }

    /// Black has no move after these eight: d3 c3 f5 d2 d1 e1 b3 c1.
    const BLACK_MUST_PASS: &str =
        "play b d3\nplay w c3\nplay b f5\nplay w d2\nplay b d1\nplay w e1\nplay b b3\nplay w c1\n";

    #[test]
    fn the_pass_of_the_colour_to_move_is_made_for_it() {
        // As a gtp-rhino controller plays: White again, no pass sent.
        let answers = session(
            &mut quick(),
            &format!(
                "{BLACK_MUST_PASS}genmove w\nundo\nshowboard\ngenmove w\nundo\nundo\nshowboard\n"
            ),
        );
        assert!(answers[..8].iter().all(|a| a == "="), "{answers:?}");
        for k in [8, 11] {
            let reply = answers[k].strip_prefix("= ").unwrap();
            assert!(reply.parse::<Square>().is_ok(), "{answers:?}");
        }
        // Undo keeps Black's pass, which came before White's move.
        assert_eq!(answers[9], "=");
        assert!(answers[10].ends_with("white to move"), "{answers:?}");
        // The second undo takes back c1 and the pass after it.
        assert_eq!(answers[12..14], ["=", "="]);
        assert!(answers[14].ends_with("white to move"), "{answers:?}");
        // As an Edax controller plays: the pass asked for, or sent.
        let answers = session(
            &mut quick(),
            &format!("{BLACK_MUST_PASS}genmove b\ngenmove b\n"),
        );
        assert_eq!(answers[8..], ["= pass", "? wrong color"]);
        let answers = session(
            &mut quick(),
            &format!("{BLACK_MUST_PASS}play b pass\nplay black PASS\n"),
        );
        assert_eq!(answers[8..], ["=", "? wrong color"]);
    }

    #[test]
    fn a_finished_game_is_scored_and_answers_pass() {
        // The shortest game: Black takes every disc in nine moves.
        let answers = session(
            &mut quick(),
            "final_score\nplay b c4\nplay w c3\nplay b e6\nplay w d6\nplay b c6\nplay w c5\n\
             play b c2\nplay w f6\nplay b g7\nfinal_score\nkomi 0.5\nfinal_score\n\
             showboard\ngenmove w\nreg_genmove b\nplay w a1\nundo\nshowboard\n",
        );
        assert_eq!(answers[0], "? cannot score");
        assert!(answers[1..10].iter().all(|a| a == "="), "{answers:?}");
        assert_eq!(answers[10..13], ["= B+64", "=", "= B+63.5"]);
        assert!(answers[13].ends_with("game over: B+64"), "{answers:?}");
        assert_eq!(answers[14..17], ["= pass", "= pass", "? illegal move"]);
        assert_eq!(answers[17], "=");
        assert!(answers[18].ends_with("black to move"), "{answers:?}");
    }

    #[test]
    fn moves_for_the_wrong_colour_are_refused_and_change_nothing() {
        let mut engine = quick();
        let answers = session(
            &mut engine,
            "play w d3\ngenmove w\nplay b d4\nplay b i9\nplay b PASS\nplay purple d3\n\
             play b\nshowboard\nplay B D3\nundo\nundo\n",
        );
        assert_eq!(
            answers[..7],
            [
                "? wrong color",
                "? wrong color",
                "? illegal move",
                "? illegal move",
                "? illegal move",
                "? invalid color",
                "? syntax error"
            ]
        );
        assert!(answers[7].contains("black to move"), "{answers:?}");
        assert_eq!(answers[8..], ["=", "=", "? cannot undo"]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn any_command_sequence_gets_one_framed_answer_each(
            lines in prop::collection::vec(
                (
                    prop::sample::select(
                        COMMANDS
                            .iter()
                            .map(|c| (*c).to_owned())
                            .chain(["bogus".to_owned(), String::new()])
                            .collect::<Vec<_>>(),
                    ),
                    prop::collection::vec(
                        prop_oneof![
                            prop::sample::select(vec![
                                "b", "w", "black", "white", "pass", "d3", "C4", "e6", "h8",
                                "i9", "8", "10", "0", "-1", "0.5", "Othello", "x",
                            ])
                            .prop_map(str::to_owned),
                            "[ -~]{0,5}",
                        ],
                        0..4,
                    ),
                ),
                1..50,
            ),
        ) {
            let input: String = lines
                .iter()
                .filter(|(c, _)| c != "quit")
                .map(|(c, args)| format!("{c} {}\n", args.join(" ")))
                .collect();
            let mut out = Vec::new();
            serve(&mut quick(), input.as_bytes(), &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let requests = input
                .lines()
                .filter(|l| crate::gtp::parse_line(l).is_some())
                .count();
            let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
            prop_assert_eq!(answers.len(), requests, "{}", text);
            for answer in answers {
                prop_assert!(answer.starts_with('=') || answer.starts_with('?'), "{}", answer);
            }
        }
    }
}
