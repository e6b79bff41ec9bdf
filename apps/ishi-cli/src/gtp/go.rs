//! The Go engine behind `ishi-cli gtp`.
//!
//! Decisions a controller may need to know:
//! - Rules: Japanese by default (GNU Go's default). `kata-set-rules japanese|chinese|
//!   tromp-taylor` selects a preset as KataGo's command of that name does; `kata-get-rules`
//!   names it. Komi stays as last set by `komi` (initially the preset's).
//! - `play` or `genmove` for the side not to move inserts a pass for the other side (GTP allows
//!   playing a colour twice); `undo` takes such a pass back with the move.
//! - After two passes the game is over for the rules, but GTP controllers may go on playing
//!   (to capture dead stones, say): a `play` then resumes the game from the current board,
//!   prisoners kept. `genmove` on a finished game answers `pass` and changes nothing.
//! - Handicap stones follow the GTP specification's table (third stone on the upper-left star
//!   point, like GNU Go); komi is left as the controller set it.
//! - `genmove` plays the level of `--level` (the strongest by default: PUCT search on KataGo's
//!   network, `ishi_ai::go::puct`) with an [`ishi_ai::go::Engine`], which keeps its tree and
//!   the network's answers from move to move; `--playouts N` sets the playouts (Monte Carlo
//!   levels) or visits (network levels) a move. It answers `resign` when the level's search
//!   gives a win rate below its threshold after enough playouts or visits (10 % after 2,000
//!   playouts, 5 % after 100 visits; never at the children's levels nor the policy's); the
//!   game is then left as it was. The network reads the game's last moves, so `genmove`
//!   hands it the positions before the current one.
//! - `time_settings` and `time_left` are honoured: each move gets the time left divided by the
//!   moves expected (a third of the empty points, at least 10), or by the stones left in a
//!   byo-yomi period, less a margin for lag; the byo-yomi time per stone is a floor while
//!   main time lasts. A level's or `--playouts`' playouts still cap the search. Without
//!   `time_left` the engine counts its own time down. `time_settings 0 T 0` means no limit.
//!   `--seconds` gives every move the same time instead, in fractions of a second if need be.
//! - `final_score` and `final_status_list` read the dead stones from playouts of the current
//!   position (`ishi_ai::go::ownership` and `ishi_scoring::guess_dead_stones_with`), except at
//!   the `random` level, which uses the static guess. The reading is kept for the position,
//!   so the two commands always agree on it. `printsgf` writes the static guess's
//!   result.

use std::str::FromStr;
use std::time::Duration;

use ishi_ai::go::{Engine as LevelEngine, GoLevel, GoModels, ownership};
use ishi_ai::{LevelId, Limits, Stop};
use ishi_records::GoRecord;
use ishi_rules::go::{Go, GoRules, Komi, Move, Point, handicap};
use ishi_rules::{ByColor, Game, Player};
use ishi_scoring::{DeadStones, StoneStatus};
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
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "loadsgf",
    "printsgf",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "list_stones",
    "is_legal",
    "kata-set-rules",
    "kata-get-rules",
];

/// A move of the game with how it came about.
#[derive(Clone, Copy, Debug)]
struct Played {
    mv: Move,
    /// A pass inserted because the controller played the same colour twice.
    implicit: bool,
}

/// Playouts that read the dead stones for `final_score` and `final_status_list` (fewer when
/// `--playouts` asks for fewer a move).
const OWNERSHIP_PLAYOUTS: u32 = 400;

pub(crate) struct GoEngine {
    rules: GoRules,
    size: usize,
    /// The position after setup and handicap.
    start: Go,
    /// Every position since `start`, the current one last; one more than `played`.
    positions: Vec<Go>,
    played: Vec<Played>,
    rng: StdRng,
    /// The level chosen with `--level`, if any.
    level: Option<GoLevel>,
    /// The playouts a move chosen with `--playouts`, if any.
    playouts: Option<u64>,
    /// The player of the level, with its search from the last move.
    engine: LevelEngine,
    clocks: Clocks,
    /// The dead stones last read from playouts, with the ply and hash of their position:
    /// `final_score` and `final_status_list` of one position then agree.
    counted: Option<(usize, u64, DeadStones)>,
}

type Answer = Result<String, String>;

/// The positions [`GoEngine::prepare`] derives before a move.
struct Prepared {
    resumed: Option<Go>,
    passed: Option<Go>,
}

impl Prepared {
    /// The position the move is played in.
    fn position<'a>(&'a self, current: &'a Go) -> &'a Go {
        self.passed
            .as_ref()
            .or(self.resumed.as_ref())
            .unwrap_or(current)
    }
}

impl GoEngine {
    /// An engine playing at `level` (the strongest when `None`), or with `playouts` a move.
    pub(crate) fn new(
        seed: Option<u64>,
        level: Option<GoLevel>,
        playouts: Option<u64>,
    ) -> GoEngine {
        let rules = GoRules::JAPANESE;
        let start = Go::new(19, rules).unwrap_or_else(|_| unreachable!("19 is a valid size"));
        let engine = LevelEngine::new(
            level.unwrap_or_else(GoLevel::strongest).level(),
            &GoModels::embedded(),
        );
        GoEngine {
            rules,
            size: 19,
            positions: vec![start.clone()],
            start,
            played: Vec::new(),
            rng: seed.map_or_else(StdRng::from_os_rng, StdRng::seed_from_u64),
            level,
            playouts,
            engine,
            clocks: Clocks::default(),
            counted: None,
        }
    }

    /// The engine with `move_time` for every move, if any, whatever `time_settings` say
    /// (`--seconds`); the playouts of the level or of `--playouts` still cap the search.
    pub(crate) fn with_move_time(self, move_time: Option<Duration>) -> GoEngine {
        GoEngine {
            clocks: Clocks::fixed(move_time),
            ..self
        }
    }

    /// Whether the engine plays the `random` level.
    fn plays_random(&self) -> bool {
        self.level == Some(GoLevel::Random)
    }

    /// The search limits for `player`'s move in `position`: the clock's time, and the
    /// playouts of `--playouts`, of `--level`, or of the strongest level without a clock.
    fn limits(&self, player: Player, position: &Go) -> Limits {
        let time = self
            .clocks
            .budget(player, (position.empty_count() / 3).max(10));
        let nodes = self
            .playouts
            .or(self.level.and_then(|id| id.level().limits.nodes))
            .or(if time.is_none() {
                GoLevel::strongest().level().limits.nodes
            } else {
                None
            });
        Limits {
            nodes,
            time,
            ..Limits::NONE
        }
    }

    /// The dead stones of the current position: read from playouts once per position, or
    /// guessed statically at the `random` level.
    fn dead_stones(&mut self) -> DeadStones {
        if self.plays_random() {
            return ishi_scoring::guess_dead_stones(self.current());
        }
        let key = (self.positions.len(), self.current().hash());
        if let Some((ply, hash, dead)) = &self.counted
            && (*ply, *hash) == key
        {
            return dead.clone();
        }
        let position = self.current().clone();
        let playouts = self.playouts.map_or(OWNERSHIP_PLAYOUTS, |n| {
            n.clamp(1, u64::from(OWNERSHIP_PLAYOUTS)) as u32
        });
        let owners = ownership(&position, playouts, &mut self.rng);
        let dead = ishi_scoring::guess_dead_stones_with(&position, &owners)
            .unwrap_or_else(|_| ishi_scoring::guess_dead_stones(&position));
        self.counted = Some((key.0, key.1, dead.clone()));
        dead
    }

    fn current(&self) -> &Go {
        // `positions` always holds the start.
        self.positions.last().unwrap_or(&self.start)
    }

    fn reset(&mut self, start: Go) {
        self.positions = vec![start.clone()];
        self.start = start;
        self.played.clear();
        self.counted = None;
    }

    fn clear_board(&mut self) -> Answer {
        let start = Go::new(self.size, self.rules).map_err(|e| e.to_string())?;
        self.reset(start);
        Ok(String::new())
    }

    /// Rebuilds the game under new rules (komi included) by replaying its moves.
    fn set_rules(&mut self, rules: GoRules) -> Answer {
        let mut setup = self.start.setup();
        setup.rules = rules;
        let mut position = Go::from_setup(&setup).map_err(|e| e.to_string())?;
        let mut positions = vec![position.clone()];
        for played in &self.played {
            position = position
                .play(played.mv)
                .map_err(|e| format!("the game so far is not legal under these rules: {e}"))?;
            positions.push(position.clone());
        }
        self.rules = rules;
        self.start = positions[0].clone();
        self.positions = positions;
        self.counted = None;
        Ok(String::new())
    }

    /// What it takes for `player` to move now: the finished game resumed from its board, and
    /// a pass inserted when the other side is to move. Changes nothing.
    fn prepare(&self, player: Player) -> Result<Prepared, String> {
        let resumed = if self.current().is_over() {
            Some(Go::from_setup(&self.current().setup()).map_err(|e| e.to_string())?)
        } else {
            None
        };
        let base = resumed.as_ref().unwrap_or(self.current());
        let passed = if base.turn() == player {
            None
        } else {
            Some(base.play(Move::Pass).map_err(|e| e.to_string())?)
        };
        Ok(Prepared { resumed, passed })
    }

    fn play(&mut self, player: Player, mv: Move) -> Answer {
        let prepared = self.prepare(player)?;
        let next = prepared
            .position(self.current())
            .play(mv)
            .map_err(|_| "illegal move".to_owned())?;
        if let Some(resumed) = prepared.resumed {
            self.reset(resumed);
        }
        if let Some(passed) = prepared.passed {
            self.played.push(Played {
                mv: Move::Pass,
                implicit: true,
            });
            self.positions.push(passed);
        }
        self.played.push(Played {
            mv,
            implicit: false,
        });
        self.positions.push(next);
        Ok(String::new())
    }

    fn genmove(&mut self, player: Player) -> Answer {
        if self.current().is_over() {
            return Ok("pass".to_owned());
        }
        let prepared = self.prepare(player)?;
        let position = prepared.position(self.current()).clone();
        // The positions before the one played in, for the network's history: none for a
        // game resumed from its board.
        let before: &[Go] = match (&prepared.resumed, &prepared.passed) {
            (Some(_), _) => &[],
            (None, Some(_)) => &self.positions,
            (None, None) => &self.positions[..self.positions.len() - 1],
        };
        let limits = self.limits(player, &position);
        let result = self
            .engine
            .play(&position, before, limits, &mut self.rng, &Stop::new());
        self.clocks.spend(player, result.elapsed);
        if self.engine.resigns(&result) {
            return Ok("resign".to_owned());
        }
        let mv = result.best.unwrap_or(Move::Pass);
        // The same judge as the opponent's moves: `play` refuses anything illegal.
        self.play(player, mv)?;
        Ok(vertex(mv))
    }

    fn undo(&mut self) -> Answer {
        let Some(last) = self.played.pop() else {
            return Err("cannot undo".to_owned());
        };
        debug_assert!(!last.implicit);
        self.positions.pop();
        if self.played.last().is_some_and(|p| p.implicit) {
            self.played.pop();
            self.positions.pop();
        }
        Ok(String::new())
    }

    fn place_handicap(&mut self, points: &[Point]) -> Answer {
        if !self.played.is_empty()
            || self
                .start
                .points()
                .any(|p| self.start.stone_at(p).is_some())
        {
            return Err("board not empty".to_owned());
        }
        let start = self
            .start
            .with_handicap(points)
            .map_err(|e| format!("bad vertex list: {e}"))?;
        self.reset(start);
        Ok(points
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Answer {
        let stones: u8 = one(args)?.parse().map_err(|_| syntax_error())?;
        if !self.played.is_empty()
            || self
                .start
                .points()
                .any(|p| self.start.stone_at(p).is_some())
        {
            return Err("board not empty".to_owned());
        }
        let points = handicap::fixed_handicap(self.size, stones)
            .map_err(|_| "invalid number of stones".to_owned())?;
        self.place_handicap(&points)
    }

    /// `loadsgf FILE [MOVE]`: the game of an SGF file, up to the position before move
    /// `MOVE` (to the end when missing). Answers the colour to play.
    fn load_sgf(&mut self, args: &[String]) -> Answer {
        let (file, before) = match args {
            [file] => (file, None),
            [file, n] => (file, Some(n.parse::<usize>().map_err(|_| syntax_error())?)),
            _ => return Err(syntax_error()),
        };
        let bytes = std::fs::read(file).map_err(|e| format!("cannot load file: {e}"))?;
        let record = GoRecord::parse(&bytes).map_err(|e| format!("cannot load file: {e}"))?;
        let mut positions = record
            .replay()
            .map_err(|e| format!("cannot load file: {e}"))?;
        let keep = before.map_or(positions.len(), |n| n.clamp(1, positions.len()));
        positions.truncate(keep);
        self.size = record.size;
        self.rules = record.rules;
        self.played = record.moves[..keep - 1]
            .iter()
            .map(|m| Played {
                mv: m.mv,
                implicit: false,
            })
            .collect();
        self.start = positions[0].clone();
        self.positions = positions;
        self.counted = None;
        Ok(self.current().turn().name().to_owned())
    }

    /// `printsgf [FILE]`: the game as SGF, written to `FILE` or answered.
    fn print_sgf(&self, args: &[String]) -> Answer {
        let moves: Vec<Move> = self.played.iter().map(|p| p.mv).collect();
        let mut record = GoRecord::from_game(&self.start, &moves);
        record.players = ByColor::new(None, Some("Ishi".to_owned()));
        if self.current().is_over() {
            record.result = Some(ishi_scoring::final_score(self.current()).to_string());
        }
        let text = record.to_sgf();
        match args {
            [] => Ok(text),
            [file] => std::fs::write(file, text)
                .map(|()| String::new())
                .map_err(|e| format!("cannot write file: {e}")),
            _ => Err(syntax_error()),
        }
    }

    fn list_stones(&self, player: Player) -> String {
        let position = self.current();
        position
            .points()
            .filter(|&p| position.stone_at(p) == Some(player))
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn is_legal(&self, player: Player, mv: Move) -> Answer {
        let prepared = self.prepare(player)?;
        let legal = prepared.position(self.current()).is_legal(mv);
        Ok(if legal { "1" } else { "0" }.to_owned())
    }

    fn dispatch(&mut self, name: &str, args: &[String]) -> Answer {
        match name {
            "protocol_version" => Ok("2".to_owned()),
            "name" => Ok("Ishi".to_owned()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_owned()),
            "known_command" => Ok(COMMANDS.contains(&one(args)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "boardsize" => {
                let size: usize = one(args)?.parse().map_err(|_| syntax_error())?;
                if !(ishi_rules::go::MIN_SIZE..=ishi_rules::go::MAX_SIZE).contains(&size) {
                    return Err("unacceptable size".to_owned());
                }
                self.size = size;
                self.clear_board()
            }
            "clear_board" => self.clear_board(),
            "komi" => {
                let komi = Komi::from_str(one(args)?).map_err(|e| e.to_string())?;
                self.set_rules(self.rules.with_komi(komi))
            }
            "play" => {
                let (player, mv) = color_and_vertex(args)?;
                self.play(player, mv)
            }
            "genmove" => self.genmove(color(one(args)?)?),
            "undo" => self.undo(),
            "showboard" => Ok(format!("\n{}", self.current())),
            "final_score" => {
                let dead = self.dead_stones();
                Ok(ishi_scoring::score(self.current(), &dead).result().to_gtp())
            }
            "final_status_list" => {
                let status: StoneStatus = one(args)?.parse().map_err(|_| syntax_error())?;
                let dead = self.dead_stones();
                Ok(ishi_scoring::score(self.current(), &dead)
                    .stones(status)
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "fixed_handicap" => self.fixed_handicap(args),
            "loadsgf" => self.load_sgf(args),
            "printsgf" => self.print_sgf(args),
            "place_free_handicap" => {
                // Ishi chooses the fixed points: they are good points, and it knows no better.
                self.fixed_handicap(args)
            }
            "set_free_handicap" => {
                let points = args
                    .iter()
                    .map(|a| a.parse::<Point>().map_err(|_| syntax_error()))
                    .collect::<Result<Vec<_>, _>>()?;
                self.place_handicap(&points)
            }
            "time_settings" => self.clocks.settings_command(args),
            "time_left" => self.clocks.left_command(args),
            "list_stones" => Ok(self.list_stones(color(one(args)?)?)),
            "is_legal" => {
                let (player, mv) = color_and_vertex(args)?;
                self.is_legal(player, mv)
            }
            "kata-set-rules" => {
                let rules = GoRules::from_str(one(args)?).map_err(|e| e.to_string())?;
                self.set_rules(rules.with_komi(self.rules.komi))
            }
            "kata-get-rules" => Ok(self.rules.to_string()),
            _ => Err("unknown command".to_owned()),
        }
    }
}

impl Engine for GoEngine {
    fn answer(&mut self, request: &Request) -> (Answer, Flow) {
        if request.name == "quit" {
            return (Ok(String::new()), Flow::Quit);
        }
        (self.dispatch(&request.name, &request.args), Flow::Continue)
    }
}

fn color_and_vertex(args: &[String]) -> Result<(Player, Move), String> {
    let [c, v] = args else {
        return Err(syntax_error());
    };
    let mv = if v.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        Move::Place(
            v.parse::<Point>()
                .map_err(|_| "invalid vertex".to_owned())?,
        )
    };
    Ok((color(c)?, mv))
}

fn vertex(mv: Move) -> String {
    match mv {
        Move::Place(p) => p.to_string(),
        Move::Pass => "pass".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::serve;
    use proptest::prelude::*;

    /// Commands and arguments a controller, or a broken script, might send. The file
    /// commands are left to their own tests: arbitrary names would write files.
    fn line() -> impl Strategy<Value = String> {
        let command = prop::sample::select(
            COMMANDS
                .iter()
                .filter(|c| !c.ends_with("sgf"))
                .map(|c| (*c).to_owned())
                .chain(["bogus".to_owned(), String::new()])
                .collect::<Vec<_>>(),
        );
        let arg = prop_oneof![
            prop::sample::select(vec![
                "b", "w", "black", "white", "pass", "D4", "E5", "A1", "T19", "J9", "I5", "0", "2",
                "9", "19", "-1", "6.5", "x", "alive", "dead", "seki", "chinese",
            ])
            .prop_map(str::to_owned),
            "[ -~]{0,6}",
        ];
        (
            prop::option::of(0u64..100),
            command,
            prop::collection::vec(arg, 0..4),
        )
            .prop_map(|(id, command, args)| {
                let id = id.map(|i| format!("{i} ")).unwrap_or_default();
                format!("{id}{command} {}", args.join(" "))
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_command_sequence_gets_one_framed_answer_each(
            lines in prop::collection::vec(line(), 1..60),
            random in any::<bool>(),
        ) {
            let input: String = lines
                .iter()
                .filter(|l| crate::gtp::parse_line(l).is_none_or(|r| r.name != "quit"))
                .map(|l| format!("{l}\n"))
                .collect();
            let mut out = Vec::new();
            // The random level, or a search of a few playouts a move.
            let mut engine = if random {
                GoEngine::new(Some(1), Some(GoLevel::Random), None)
            } else {
                GoEngine::new(Some(1), None, Some(8))
            };
            serve(&mut engine, input.as_bytes(), &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let answers = text.split("\n\n").filter(|a| !a.is_empty()).count();
            let requests = input
                .lines()
                .filter(|l| crate::gtp::parse_line(l).is_some())
                .count();
            prop_assert_eq!(answers, requests, "{}", text);
            for answer in text.split("\n\n").filter(|a| !a.is_empty()) {
                prop_assert!(answer.starts_with('=') || answer.starts_with('?'), "{}", answer);
            }
        }
    }
}
