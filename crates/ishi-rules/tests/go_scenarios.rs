//! Go rules scenarios from `data/go-scenarios.txt`: diagrams, moves and what must follow.
//! The file's header describes the format.

use ishi_rules::go::handicap::fixed_handicap;
use ishi_rules::go::{Go, GoRules, KoRule, Komi, Move, Setup};
use ishi_rules::{Game, IllegalReason, Player};

/// A scenario being read: its name, where it starts and what is known so far.
struct Scenario {
    name: String,
    rules: GoRules,
    turn: Player,
    game: Option<Go>,
}

/// Where a failing step is: the scenario's name and the line.
fn at(scenario: &Scenario, line: usize) -> String {
    format!("scenario {:?}, line {line}", scenario.name)
}

fn player(word: &str, place: &str) -> Player {
    word.parse()
        .unwrap_or_else(|_| panic!("{place}: {word:?} is not B or W"))
}

fn mv(word: &str, place: &str) -> Move {
    if word == "pass" {
        Move::Pass
    } else {
        Move::Place(word.parse().unwrap_or_else(|e| panic!("{place}: {e}")))
    }
}

fn reason(word: &str, place: &str) -> IllegalReason {
    match word {
        "occupied" => IllegalReason::Occupied,
        "suicide" => IllegalReason::Suicide,
        "ko" => IllegalReason::Ko,
        "superko" => IllegalReason::Superko,
        "game-over" => IllegalReason::GameOver,
        "off-board" => IllegalReason::OffBoard,
        _ => panic!("{place}: unknown reason {word:?}"),
    }
}

/// The result as `B+3.5`, `W+0.5` or `draw` from Black's margin in half-points.
fn result(margin: i32) -> String {
    let points = margin.unsigned_abs();
    let winner = if margin > 0 { 'B' } else { 'W' };
    match (points, points % 2) {
        (0, _) => "draw".to_owned(),
        (_, 0) => format!("{winner}+{}", points / 2),
        _ => format!("{winner}+{}.5", points / 2),
    }
}

/// Runs every scenario of the fixture and returns how many ran.
fn run(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let mut count = 0;
    let mut scenario: Option<Scenario> = None;
    let mut k = 0;
    while k < lines.len() {
        let (line, text) = (k + 1, lines[k].trim());
        k += 1;
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        if let Some(name) = text.strip_prefix("== ") {
            count += 1;
            scenario = Some(Scenario {
                name: name.to_owned(),
                rules: GoRules::JAPANESE,
                turn: Player::Black,
                game: None,
            });
            continue;
        }
        let s = scenario
            .as_mut()
            .unwrap_or_else(|| panic!("line {line}: a step before the first `== name`"));
        let place = at(s, line);
        let words: Vec<&str> = text.split_whitespace().collect();
        // A diagram follows `board` and `expect`, up to a blank or keyword line.
        let mut diagram = || {
            let start = k;
            while k < lines.len()
                && !lines[k].trim().is_empty()
                && !lines[k]
                    .trim_start()
                    .starts_with(|c: char| c.is_lowercase() || c == '#')
            {
                k += 1;
            }
            lines[start..k].join("\n")
        };
        match words[..] {
            ["rules", name] => s.rules = name.parse().unwrap_or_else(|e| panic!("{place}: {e}")),
            ["ko", rule] if s.game.is_none() => {
                s.rules.ko = match rule {
                    "simple" => KoRule::Simple,
                    "positional" => KoRule::PositionalSuperko,
                    "situational" => KoRule::SituationalSuperko,
                    _ => panic!("{place}: unknown ko rule {rule:?}"),
                }
            }
            ["suicide", on] => s.rules.suicide = on == "on",
            ["komi", komi] => {
                let komi: Komi = komi.parse().unwrap_or_else(|e| panic!("{place}: {e}"));
                s.rules = s.rules.with_komi(komi);
            }
            ["turn", who] => s.turn = player(who, &place),
            ["size", n] => {
                let size = n.parse().unwrap_or_else(|e| panic!("{place}: {e}"));
                let setup = Setup {
                    size,
                    rules: s.rules,
                    stones: Vec::new(),
                    turn: s.turn,
                    captures: Default::default(),
                };
                s.game = Some(Go::from_setup(&setup).unwrap_or_else(|e| panic!("{place}: {e}")));
            }
            ["board"] => {
                let text = diagram();
                let game = Go::from_diagram(&text, s.rules, s.turn)
                    .unwrap_or_else(|e| panic!("{place}: {e}"));
                s.game = Some(game);
            }
            _ => {
                let game = s
                    .game
                    .as_mut()
                    .unwrap_or_else(|| panic!("{place}: a step before `size` or `board`"));
                step(game, &words, &place, &mut diagram);
            }
        }
    }
    count
}

/// Checks or plays one step on `game`.
fn step(game: &mut Go, words: &[&str], place: &str, diagram: &mut dyn FnMut() -> String) {
    match *words {
        ["play", ref moves @ ..] => {
            assert!(
                moves.len() % 2 == 0 && !moves.is_empty(),
                "{place}: play PLAYER MOVE ..."
            );
            for pair in moves.chunks(2) {
                let (who, m) = (player(pair[0], place), mv(pair[1], place));
                assert_eq!(game.turn(), who, "{place}: {m} is not {who}'s move\n{game}");
                *game = game
                    .play(m)
                    .unwrap_or_else(|e| panic!("{place}: {who} {e}\n{game}"));
                assert_eq!(
                    game.hash(),
                    game.recomputed_hash(),
                    "{place}: hash after {m}"
                );
            }
        }
        ["illegal", who, m, why] => {
            let (who, m) = (player(who, place), mv(m, place));
            assert_eq!(game.turn(), who, "{place}: not {who}'s move\n{game}");
            assert_eq!(
                game.check(m),
                Err(reason(why, place)),
                "{place}: {m}\n{game}"
            );
            assert!(
                !game.legal_moves().contains(&m),
                "{place}: {m} listed as legal"
            );
        }
        ["expect"] => {
            let text = diagram();
            let expected = Setup::from_diagram(&text, *game.rules(), game.turn())
                .unwrap_or_else(|e| panic!("{place}: {e}"));
            assert_eq!(
                game.setup().stones,
                expected.stones,
                "{place}: the board is\n{game}"
            );
        }
        ["captures", "B", black, "W", white] => {
            let counts = (black.parse().ok(), white.parse().ok());
            let c = game.captures();
            assert_eq!((Some(c.black), Some(c.white)), counts, "{place}\n{game}");
        }
        ["ko", "none"] => assert_eq!(game.ko_point(), None, "{place}\n{game}"),
        ["ko", p] => assert_eq!(game.ko_point(), p.parse().ok(), "{place}\n{game}"),
        ["to-move", who] => assert_eq!(game.turn(), player(who, place), "{place}"),
        ["result", expected] => {
            assert!(game.is_over(), "{place}: the game goes on\n{game}");
            assert!(
                game.legal_moves().is_empty(),
                "{place}: moves after the end"
            );
            assert_eq!(result(game.margin()), expected, "{place}\n{game}");
            assert_eq!(
                game.outcome().map(|o| o.winner().map(Player::letter)),
                Some(expected.chars().next().filter(|&c| c != 'd')),
                "{place}"
            );
        }
        ["handicap", n] => {
            let n = n.parse().unwrap_or_else(|e| panic!("{place}: {e}"));
            let points = fixed_handicap(game.size(), n).unwrap_or_else(|e| panic!("{place}: {e}"));
            *game = game
                .with_handicap(&points)
                .unwrap_or_else(|e| panic!("{place}: {e}"));
            assert_eq!(game.hash(), game.recomputed_hash(), "{place}: hash");
        }
        ["no-handicap", n] => {
            let n = n.parse().unwrap_or_else(|e| panic!("{place}: {e}"));
            assert!(fixed_handicap(game.size(), n).is_err(), "{place}");
        }
        _ => panic!("{place}: unknown step {:?}", words.join(" ")),
    }
}

#[test]
fn go_scenarios_hold() {
    let count = run(include_str!("data/go-scenarios.txt"));
    assert!(count >= 20, "only {count} scenarios read");
}

#[test]
fn a_wrong_expectation_fails() {
    let wrong = "== wrong\nsize 5\nplay B A1\nexpect\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n. X . . .\n";
    assert!(std::panic::catch_unwind(|| run(wrong)).is_err());
}
