//! Finished positions with known counts, from `data/scores.txt` (its header gives the format).

use ishi_rules::go::{Go, GoRules, Komi, Point, Setup};
use ishi_rules::{ByColor, Player};
use ishi_scoring::{Breakdown, DeadStones, GameResult, Ownership, guess_dead_stones, score};

/// One case of the fixture file.
#[derive(Default)]
struct Case {
    name: String,
    rules: Option<GoRules>,
    komi: Option<Komi>,
    captures: ByColor<u32>,
    dead: Vec<Point>,
    board: Vec<String>,
    ownership: Vec<String>,
    breakdown: ByColor<Option<Expected>>,
    result: Option<GameResult>,
    dead_ignored: bool,
    guess: Option<Vec<Point>>,
}

/// An expected line of the breakdown.
#[derive(Debug, PartialEq, Eq)]
struct Expected {
    stones: u32,
    territory: u32,
    prisoners: u32,
    total: i32,
}

impl From<Breakdown> for Expected {
    fn from(b: Breakdown) -> Expected {
        Expected {
            stones: b.stones,
            territory: b.territory,
            prisoners: b.prisoners,
            total: b.total,
        }
    }
}

fn points(words: &[&str]) -> Vec<Point> {
    words.iter().map(|w| w.parse().unwrap()).collect()
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut in_ownership = false;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("===") {
            cases.push(Case {
                name: name.trim().to_owned(),
                ..Case::default()
            });
            continue;
        }
        let case = cases.last_mut().expect("a line before the first case");
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.iter().all(|w| w.chars().count() == 1) {
            let row = words.concat();
            if in_ownership {
                case.ownership.push(row);
            } else {
                case.board.push(row);
            }
            continue;
        }
        match words[0] {
            "rules" => case.rules = Some(words[1].parse().unwrap()),
            "komi" => case.komi = Some(words[1].parse().unwrap()),
            "captures" => {
                case.captures = ByColor::new(words[1].parse().unwrap(), words[2].parse().unwrap());
            }
            "dead" => case.dead = points(&words[1..]),
            "board" => in_ownership = false,
            "ownership" => in_ownership = true,
            "black" | "white" => {
                let field = |name: &str| {
                    let word = words.iter().find_map(|w| w.strip_prefix(name)).unwrap();
                    word.strip_prefix('=').unwrap()
                };
                let expected = Expected {
                    stones: field("stones").parse().unwrap(),
                    territory: field("territory").parse().unwrap(),
                    prisoners: field("prisoners").parse().unwrap(),
                    total: field("total").parse::<Komi>().unwrap().half_points(),
                };
                let player: Player = words[0].parse().unwrap();
                case.breakdown[player] = Some(expected);
            }
            "result" => case.result = Some(words[1].parse().unwrap()),
            "dead-ignored" => case.dead_ignored = true,
            "guess" if words[1] == "none" => case.guess = Some(Vec::new()),
            "guess" => case.guess = Some(points(&words[1..])),
            other => panic!("{}: unknown line {other:?}", case.name),
        }
    }
    cases
}

/// The position of `case` and the dead stones its diagram marks in lowercase.
fn position(case: &Case, rules: GoRules) -> (Go, Vec<Point>) {
    let size = case.board.len();
    let mut stones = Vec::new();
    let mut marked = Vec::new();
    for (k, row) in case.board.iter().enumerate() {
        assert_eq!(
            row.chars().count(),
            size,
            "{}: row {k} is not {size} wide",
            case.name
        );
        for (col, c) in row.chars().enumerate() {
            let p = Point::new(col as u8, (size - 1 - k) as u8).unwrap();
            let player = match c.to_ascii_uppercase() {
                'X' => Player::Black,
                'O' => Player::White,
                '.' => continue,
                other => panic!("{}: {other:?} on the board", case.name),
            };
            stones.push((p, player));
            if c.is_ascii_lowercase() {
                marked.push(p);
            }
        }
    }
    let setup = Setup {
        size,
        rules,
        stones,
        turn: Player::Black,
        captures: case.captures,
    };
    (Go::from_setup(&setup).unwrap(), marked)
}

/// What is wrong with the count of `case`, if anything.
fn check(case: &Case) -> Vec<String> {
    let rules = case.rules.expect("every case names its rules");
    let rules = case.komi.map_or(rules, |komi| rules.with_komi(komi));
    let (go, marked) = position(case, rules);
    let dead = DeadStones::from_points(&go, case.dead.iter().copied().chain(marked));
    let score = score(&go, &dead);
    let mut errors = Vec::new();
    let mut expect = |what: &str, found: String, expected: String| {
        if found != expected {
            errors.push(format!("{what}: expected\n{expected}\nfound\n{found}"));
        }
    };
    if !case.ownership.is_empty() {
        let expected: Vec<String> = case
            .ownership
            .iter()
            .map(|row| row.chars().map(String::from).collect::<Vec<_>>().join(" "))
            .collect();
        expect(
            "ownership",
            score.ownership.to_string(),
            expected.join("\n"),
        );
    }
    for (player, expected) in case.breakdown.iter() {
        let breakdown = score.breakdown[player];
        let komi = player.fold(Komi::default(), rules.komi);
        expect(
            &format!("{player} komi"),
            breakdown.komi.to_string(),
            komi.to_string(),
        );
        if let Some(expected) = expected {
            expect(
                &format!("{player} breakdown"),
                format!("{:?}", Expected::from(breakdown)),
                format!("{expected:?}"),
            );
        }
    }
    let result = case.result.expect("every case gives its result");
    expect("result", score.result().to_string(), result.to_string());
    expect(
        "dead-ignored",
        score.dead_ignored.to_string(),
        case.dead_ignored.to_string(),
    );
    if let Some(guess) = &case.guess {
        let names = |dead: &DeadStones| dead.iter().map(|p| format!("{p} ")).collect();
        let expected = DeadStones::from_points(&go, guess.iter().copied());
        expect("guess", names(&guess_dead_stones(&go)), names(&expected));
    }
    errors
}

#[test]
fn fixture_positions_score_as_expected() {
    let cases = parse_cases(include_str!("data/scores.txt"));
    assert_eq!(cases.len(), 18);
    let failures: Vec<String> = cases
        .iter()
        .flat_map(|case| {
            check(case)
                .into_iter()
                .map(move |e| format!("== {}\n{e}", case.name))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The end of a 9x9 game against Pachi (2026-11-27): Black's G1, H1 and J2 live in seki with
/// White's group around them (White's one eye is F2; H2 is their shared liberty, and either
/// player filling it is captured), but playouts fill H2 at random and mostly give the corner
/// to White. The guess from such an ownership keeps the seki alive, and the count is Pachi's,
/// B+2.5, not the W+6.5 of the three stones taken as dead.
#[test]
fn an_ownership_guess_keeps_a_seki_alive() {
    let go = Go::from_diagram(
        "
        X X X X O X X O O
        X O X O O . O O .
        O . X O O O . O X
        X X X X X O X O O
        X O . X X X O O O
        X X X X X X X X X
        O X X X O O O O O
        . X X X O . O . X
        O X X O O O X X .
        ",
        GoRules::CHINESE,
        Player::White,
    )
    .unwrap();
    let really_dead = points(&["A1", "A3", "B5", "G6", "A7", "J7", "B8", "F9", "G9"]);
    let seki = points(&["G1", "H1", "J2"]);
    let taken: Vec<Point> = really_dead.iter().chain(&seki).copied().collect();
    let mut expected = really_dead.clone();
    expected.sort_by_key(|p| (p.row(), p.col()));
    assert_eq!(
        guess_from_playouts(&go, &taken),
        (expected, "B+2.5".to_string())
    );
    assert_eq!(
        score(
            &go,
            &DeadStones::from_points(&go, really_dead.into_iter().chain(seki))
        )
        .result()
        .to_string(),
        "W+6.5"
    );
}

/// The end of a 9x9 game against Pachi (2026-11-28, game 34 of seed 55): White's group in the
/// upper left shares its last two liberties, B8 and D8, with Black's B9, C9 and C8 inside it,
/// which looks like seki. But Black throws in at B8, White must take the four stones at D8,
/// and the square four they leave makes one eye: the group is dead. The count finds no seki,
/// and with the group dead it is Pachi's, B+17.5.
#[test]
fn a_throw_in_that_leaves_one_eye_is_no_seki() {
    let go = Go::from_diagram(
        "
        O X X O O X . X .
        O . X . O X X X O
        O O O O O O X X X
        O X X O O X X O O
        X X X X X . X O .
        . X . X X X X O O
        X X X X O O O O O
        O O X O O . . . O
        . O O . O . X X .
        ",
        GoRules::CHINESE,
        Player::Black,
    )
    .unwrap();
    let as_it_stands = score(&go, &DeadStones::new()).ownership;
    for p in points(&["A9", "D9", "F7", "B9", "C8"]) {
        assert!(
            !matches!(as_it_stands.get(p), Some(Ownership::Seki(_))),
            "{p}: {:?}",
            as_it_stands.get(p)
        );
    }
    let group = [
        "A6", "A7", "A8", "A9", "B7", "C7", "D7", "E7", "F7", "D6", "E6", "D9", "E9", "E8",
    ];
    let dead = DeadStones::from_points(
        &go,
        points(&group)
            .into_iter()
            .chain(points(&["J8", "G1", "H1"])),
    );
    assert_eq!(score(&go, &dead).result().to_string(), "B+17.5");
}

/// White's wall in the upper left shares its last two liberties, B7 and D6, with Black's five
/// stones inside it, which looks like seki. But Black throws in at D6, White must take the six
/// stones at B7, and they leave the rabbity six, which makes one eye when Black plays its
/// middle, C6: the wall is dead, and the board is Black's.
#[test]
fn a_throw_in_that_leaves_the_rabbity_six_is_no_seki() {
    let go = Go::from_diagram(
        "
        O . X O O X .
        O X X . O X X
        O O X X O X .
        X O O O O X X
        X X X X X X X
        X . X X . X X
        X X X X X X .
        ",
        GoRules::CHINESE,
        Player::Black,
    )
    .unwrap();
    let as_it_stands = score(&go, &DeadStones::new()).ownership;
    for p in points(&["A7", "E7", "C7", "D5"]) {
        assert!(
            !matches!(as_it_stands.get(p), Some(Ownership::Seki(_))),
            "{p}: {:?}",
            as_it_stands.get(p)
        );
    }
    let wall = [
        "A7", "A6", "A5", "B5", "B4", "C4", "D4", "E4", "E5", "E6", "E7", "D7",
    ];
    let dead = DeadStones::from_points(&go, points(&wall));
    assert_eq!(score(&go, &dead).result().to_string(), "B+41.5");
}

/// The dead stones guessed from an estimate that has the stones of `taken` the opponent's
/// and every other stone its own colour's, as playouts that never throw in would read it,
/// sorted as `expected` is; and the count with them.
fn guess_from_playouts(go: &Go, taken: &[Point]) -> (Vec<Point>, String) {
    let estimate: Vec<f32> = go
        .points()
        .map(|p| match go.stone_at(p) {
            Some(color) if taken.contains(&p) => color.fold(-1.0, 1.0),
            Some(color) => color.fold(1.0, -1.0),
            None => 0.0,
        })
        .collect();
    let dead = ishi_scoring::guess_dead_stones_with(go, &estimate).unwrap();
    let mut guessed: Vec<Point> = dead.iter().collect();
    guessed.sort_by_key(|p| (p.row(), p.col()));
    (guessed, score(go, &dead).result().to_string())
}

/// A game's end where a throw-in kills a group the playouts read alive.
struct ThrowInGame {
    diagram: &'static str,
    to_move: Player,
    /// Stones in atari, which the playouts take.
    in_atari: &'static [&'static str],
    /// The stones inside the group, which the playouts take too.
    inside: &'static [&'static str],
    /// The group the throw-in kills.
    group: &'static [&'static str],
    /// The count with the group dead.
    result: &'static str,
}

/// Two ends of 9x9 games against Pachi (2026-11-28, seed 57) where a group has no liberties
/// but those it shares with the opponent's stones inside it, and playouts, which refuse
/// self-ataris, give the inside to the group. The guess turns that around where a throw-in
/// kills: the group dies, the stones inside live, and the count is Pachi's.
///
/// - Game 8: White's group on the right shares J7 and J9 with Black's H7, H8 and J8. Black
///   throws in at J7, White must take the four stones at J9, and the square four they leave
///   makes one eye: B+7.5, not the W+22.5 of the playouts' reading.
/// - Game 40: White's group at the top shares F9 and G8 with Black's G9, H9, J9 and H8, and
///   has A9 besides, which Black fills joined to its wall. Then Black throws in at G8, White
///   must take the five stones at F9, and the bulky five they leave makes one eye: B+9.5,
///   not W+29.5.
#[test]
fn an_ownership_guess_sees_a_throw_in_kill() {
    let game_8 = "
        . . X . . X O O .
        . X X X . X O X X
        X . . X O X O X .
        X X X O X X O O O
        O O O O O X O X O
        . . . O X X X X O
        . . O X O O X X X
        . . O X X O O O X
        . . . . O . . O O
        ";
    let game_40 = "
        . O O O O . X X X
        X O O X O O . X O
        X X X X X O O O O
        X X X O X X X X X
        O O O O O X X . X
        . . O O X X . X X
        O . O . O X X X X
        O X O O O X O O O
        . X . O O O . O .
        ";
    let games = [
        ThrowInGame {
            diagram: game_8,
            to_move: Player::Black,
            in_atari: &["D2", "E2", "D3", "E7"],
            inside: &["H7", "H8", "J8"],
            group: &["G5", "G6", "G7", "G8", "G9", "H9", "H6", "J6", "J5", "J4"],
            result: "B+7.5",
        },
        ThrowInGame {
            diagram: game_40,
            to_move: Player::White,
            in_atari: &["B1", "B2"],
            inside: &["G9", "H9", "J9", "H8"],
            group: &[
                "B9", "C9", "D9", "E9", "B8", "C8", "E8", "F8", "F7", "G7", "H7", "J7", "J8",
            ],
            result: "B+9.5",
        },
    ];
    for ThrowInGame {
        diagram,
        to_move,
        in_atari,
        inside,
        group,
        result,
    } in games
    {
        let go = Go::from_diagram(diagram, GoRules::CHINESE, to_move).unwrap();
        let taken = points(&[in_atari, inside].concat());
        let mut expected = points(&[in_atari, group].concat());
        expected.sort_by_key(|p| (p.row(), p.col()));
        assert_eq!(
            guess_from_playouts(&go, &taken),
            (expected, result.to_string()),
            "{result}"
        );
    }
}
