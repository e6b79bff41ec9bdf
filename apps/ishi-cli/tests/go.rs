//! Terminal Go and the GTP engine, driven through pipes.

mod common;

fn ishi(args: &[&str], input: &str) -> (bool, String) {
    let output = common::run(args, input);
    let mut text = String::from_utf8(output.stdout).unwrap();
    text.push_str(&String::from_utf8(output.stderr).unwrap());
    (output.status.success(), text)
}

const HUMANS_5X5: [&str; 8] = [
    "play", "go", "--size", "5", "--black", "human", "--white", "human",
];

const HUMANS_7X7: [&str; 8] = [
    "play", "go", "--size", "7", "--black", "human", "--white", "human",
];

/// Walls on columns C (Black) and E (White), dame on D, and a lost White stone on A4.
const WALLS_7X7: [&str; 18] = [
    "C1", "E1", "C2", "E2", "C3", "E3", "C4", "A4", "C5", "E4", "C6", "E5", "C7", "E6", "pass",
    "E7", "pass", "pass",
];

fn lines(moves: &[&str]) -> String {
    moves.iter().map(|m| format!("{m}\n")).collect()
}

#[test]
fn a_game_ends_with_two_passes_marked_dead_stones_and_the_score() {
    // Japanese: Black 13 points + A4's point + 1 prisoner = 15; White 14 + 6.5.
    let (ok, text) = ishi(&HUMANS_7X7, &format!("{}done\n", lines(&WALLS_7X7)));
    assert!(ok, "{text}");
    assert!(
        text.contains("Two passes: the game is over. Counting."),
        "{text}"
    );
    assert!(text.contains("  4 o b X . O w w"), "{text}");
    assert!(
        text.contains("Black: 14 territory + 1 prisoners + komi 0 = 15"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("Result: W+5.5."), "{text}");
}

#[test]
fn marking_a_chain_changes_the_count() {
    // A4 alive again: its region touches both colours, so nobody owns the left side.
    let (_, text) = ishi(
        &HUMANS_7X7,
        &format!("{}a4\nc9\nzz\ne4\ne4\ndone\n", lines(&WALLS_7X7)),
    );
    assert!(text.contains("  4 O . X . O w w"), "{text}");
    assert!(text.contains("There is no stone on C9."), "{text}");
    assert!(text.contains("\"zz\" is not a point"), "{text}");
    assert!(text.trim_end().ends_with("Result: W+20.5."), "{text}");
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let (ok, text) = ishi(&HUMANS_5X5, "c3\nc3\nz9\nb3\nresign\n");
    assert!(ok);
    assert!(
        text.contains("C3 is not legal: the point is occupied."),
        "{text}"
    );
    assert!(text.contains("\"z9\" is not a point"), "{text}");
    assert!(text.contains("Black resigns. White wins (W+R)."), "{text}");
}

#[test]
fn handicap_and_rules_options_set_up_the_game() {
    let (ok, text) = ishi(
        &[
            "play",
            "go",
            "--handicap",
            "3",
            "--rules",
            "chinese",
            "--seed",
            "2",
        ],
        "",
    );
    assert!(ok, "{text}");
    assert!(
        text.starts_with("Go on 9x9, chinese rules, komi 0.5, handicap 3."),
        "{text}"
    );
    let (ok, text) = ishi(&["play", "go", "--size", "21"], "");
    assert!(!ok);
    assert!(
        text.contains("--size: board size 21 is not supported"),
        "{text}"
    );
    let (ok, text) = ishi(&["play", "go", "--handicap", "7"], "");
    assert!(!ok);
    assert!(text.contains("a 9x9 board takes 2 to 5"), "{text}");
}

#[test]
fn computer_games_reach_the_count() {
    let args = [
        "play", "go", "--size", "7", "--black", "random", "--white", "random", "--seed", "5",
    ];
    let (ok, text) = ishi(&args, "");
    assert!(ok);
    assert!(text.contains("Result: "), "{text}");
    assert_eq!(
        text,
        ishi(&args, "").1,
        "the same seed replays the same game"
    );
}

/// The answers of a GTP session, one per request.
fn gtp(commands: &str) -> Vec<String> {
    let (ok, text) = ishi(&["gtp", "--seed", "1", "--playouts", "50"], commands);
    assert!(ok, "{text}");
    assert!(text.ends_with("\n\n"), "{text:?}");
    text.trim_end().split("\n\n").map(str::to_owned).collect()
}

#[test]
fn gtp_answers_the_standard_commands() {
    let answers = gtp("protocol_version\n1 name\n2 boardsize 9\n3 clear_board\n\
         4 known_command play\n5 known_command fly\n6 komi 7\n7 play black E5\n\
         8 list_stones b\n9 is_legal w E5\n10 is_legal w D5\n11 genmove white\nquit\n");
    assert_eq!(
        answers[..11],
        [
            "= 2", "=1 Ishi", "=2", "=3", "=4 true", "=5 false", "=6", "=7", "=8 E5", "=9 0",
            "=10 1",
        ]
    );
    let white_move = answers[11].strip_prefix("=11 ").unwrap();
    assert!(white_move.parse::<ishi_rules_point::Point>().is_ok() || white_move == "pass");
}

mod ishi_rules_point {
    pub(crate) use ishi_rules::go::Point;
}

#[test]
fn gtp_refuses_bad_input_without_stopping() {
    let answers = gtp(
        "boardsize 4\nboardsize nine\nplay black Z9\nplay purple D4\n\
         play black D4\nplay white D4\nundo\nundo\nundo\nflap\n\x07\x00\n7\n\
         fixed_handicap 3\nkomi 6.25\nname\n",
    );
    assert_eq!(
        answers,
        [
            "? unacceptable size",
            "? syntax error",
            "? invalid vertex",
            "? invalid color",
            "=",
            "? illegal move",
            "=",
            "? cannot undo",
            "? cannot undo",
            "? unknown command",
            "?7 syntax error",
            "= D4 Q16 D16",
            "? \"6.25\" is not a komi: expected a whole or half number of points, like 6.5 or 7",
            "= Ishi",
        ]
    );
}

#[test]
fn gtp_scores_and_lists_dead_stones() {
    let moves: String = WALLS_7X7
        .iter()
        .enumerate()
        .map(|(i, m)| format!("play {} {m}\n", if i % 2 == 0 { "b" } else { "w" }))
        .collect();
    let answers = gtp(&format!(
        "boardsize 7\n{moves}final_score\nfinal_status_list dead\nfinal_status_list seki\n\
         kata-set-rules chinese\nkata-get-rules\nfinal_score\n"
    ));
    let n = WALLS_7X7.len() + 1;
    assert_eq!(
        answers[n..],
        ["= W+5.5", "= A4", "=", "=", "= chinese", "= W+6.5"]
    );
}

#[test]
fn gtp_counts_a_position_once_so_its_answers_agree() {
    // One playout a reading makes each reading a coin toss: without the reading kept for the
    // position, the lists and scores below wandered (A1 F5 J9, then A1 F5 E6 J9; W+5.5, then
    // W+88.5).
    let moves = "E5 D5 D4 C4 E3 E6 F6 F5 E4 C6 G5 J9 H8 B2 A1";
    let plays: String = moves
        .split(' ')
        .zip(["b", "w"].into_iter().cycle())
        .map(|(m, color)| format!("play {color} {m}\n"))
        .collect();
    let asks = "final_status_list dead\nfinal_score\n".repeat(4);
    let (ok, text) = ishi(
        &["gtp", "--seed", "7", "--playouts", "1"],
        &format!("boardsize 9\n{plays}{asks}play b J1\nfinal_score\n"),
    );
    assert!(ok, "{text}");
    let answers: Vec<&str> = text.trim_end().split("\n\n").collect();
    let asked = &answers[16..24];
    for pair in asked.chunks(2) {
        assert_eq!(pair, &asked[..2], "{text}");
    }
    assert!(
        asked[1].starts_with("= B+") || asked[1].starts_with("= W+"),
        "{text}"
    );
    assert!(
        answers[25].starts_with("= "),
        "a new position is counted again: {text}"
    );
}

#[test]
fn gtp_loads_sgf_records_as_gnu_go_does() {
    let data = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../crates/ishi-records/tests/data"
    );
    let stones = std::fs::read_to_string(format!("{data}/gnugo-9x9.stones")).unwrap();
    let answers = gtp(&format!(
        "loadsgf {data}/gnugo-9x9.sgf\nlist_stones black\nlist_stones white\n\
         loadsgf {data}/gnugo-9x9.sgf 3\nlist_stones black\nloadsgf /no/such/file.sgf\n\
         loadsgf {data}/gnugo-9x9.stones\nlist_stones white\n"
    ));
    let sorted = |answer: &str| {
        let mut points: Vec<String> = answer
            .trim_start_matches('=')
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        points.sort();
        points
    };
    let expected: Vec<Vec<String>> = stones
        .lines()
        .map(|l| sorted(l.split_once(':').map_or(l, |(_, s)| s)))
        .collect();
    assert!(
        answers[0] == "= black" || answers[0] == "= white",
        "{}",
        answers[0]
    );
    assert!(
        expected.contains(&sorted(&answers[1])),
        "{answers:?}\n{stones}"
    );
    assert!(
        expected.contains(&sorted(&answers[2])),
        "{answers:?}\n{stones}"
    );
    // Before move 3: Black has played once.
    assert_eq!(answers[3], "= black");
    assert_eq!(sorted(&answers[4]).len(), 1);
    assert!(
        answers[5].starts_with("? cannot load file"),
        "{}",
        answers[5]
    );
    assert!(
        answers[6].starts_with("? cannot load file: line 1"),
        "{}",
        answers[6]
    );
    // A failed load leaves the game as it was: White's one stone before move 3.
    assert_eq!(sorted(&answers[7]).len(), 1, "{}", answers[7]);
}

#[test]
fn gtp_printsgf_round_trips_through_loadsgf() {
    let path = std::env::temp_dir().join(format!("ishi-gtp-{}.sgf", std::process::id()));
    let file = path.display();
    let answers = gtp(&format!(
        "boardsize 9\nkomi 5.5\nfixed_handicap 2\ngenmove w\ngenmove b\ngenmove w\nplay b pass\n\
         list_stones black\nlist_stones white\nprintsgf {file}\nclear_board\nloadsgf {file}\n\
         list_stones black\nlist_stones white\nprintsgf\n"
    ));
    assert_eq!(answers[9], "=");
    assert_eq!(answers[11], "= white");
    assert_eq!(answers[12], answers[7]);
    assert_eq!(answers[13], answers[8]);
    std::fs::remove_file(&path).unwrap();
    let sgf = &answers[14];
    for property in ["SZ[9]", "KM[5.5]", "HA[2]", "AB[", "PW[Ishi]", "B[]"] {
        assert!(sgf.contains(property), "{property} missing from {sgf}");
    }
}

#[test]
fn gtp_plays_at_a_level_or_a_playout_count_and_refuses_unknown_ones() {
    for args in [
        &["gtp", "--seed", "3", "--level", "mcts-100"][..],
        &["gtp", "--seed", "3", "--level", "random"],
        &["gtp", "--seed", "3", "--playouts", "30"],
    ] {
        let (ok, text) = ishi(args, "boardsize 9\nplay b E5\ngenmove w\nlist_stones w\n");
        assert!(ok, "{text}");
        let answers: Vec<&str> = text.trim_end().split("\n\n").collect();
        let mv = answers[2].strip_prefix("= ").unwrap();
        assert!(
            mv.parse::<ishi_rules::go::Point>().is_ok(),
            "{args:?}: {text}"
        );
        assert_eq!(answers[3], format!("= {mv}"), "{args:?}");
    }
    let (ok, text) = ishi(&["gtp", "--level", "mcts-7"], "");
    assert!(!ok);
    assert!(
        text.contains("unknown level \"mcts-7\": use one of random, mcts-100"),
        "{text}"
    );
    let (ok, _) = ishi(&["gtp", "--playouts", "0"], "");
    assert!(!ok);
}

#[test]
fn gtp_resigns_a_hopeless_game_but_the_random_level_plays_on() {
    let commands = "boardsize 5\nkomi 60\nkata-set-rules chinese\ngenmove b\nlist_stones b\n";
    let (ok, text) = ishi(&["gtp", "--seed", "1", "--playouts", "2500"], commands);
    assert!(ok, "{text}");
    let answers: Vec<&str> = text.trim_end().split("\n\n").collect();
    assert_eq!(answers[3..], ["= resign", "="], "{text}");
    // The children's levels never resign.
    let (_, text) = ishi(&["gtp", "--seed", "1", "--level", "mcts-500"], commands);
    assert!(!text.contains("resign"), "{text}");
}

#[test]
fn gtp_takes_time_settings_and_time_left() {
    let answers = gtp(
        "boardsize 9\ntime_settings 30 5 3\ntime_left b 1 0\ngenmove b\n\
         time_left w 2 1\ngenmove w\ntime_settings 0 1 0\ngenmove b\ntime_left b -1 0\n\
         time_settings 1 2\n",
    );
    assert_eq!(answers[..3], ["=", "=", "="]);
    for k in [3, 5, 7] {
        let mv = answers[k].strip_prefix("= ").unwrap();
        assert!(mv.parse::<ishi_rules::go::Point>().is_ok(), "{answers:?}");
    }
    assert_eq!(answers[8..], ["? syntax error", "? syntax error"]);
}

#[test]
fn a_match_between_two_engines_alternates_colours_and_counts() {
    let bin = env!("CARGO_BIN_EXE_ishi-cli");
    let engine_a = format!("{bin} gtp --seed 1 --playouts 40");
    let engine_b = format!("{bin} gtp --seed 2 --level random");
    let args = [
        "match",
        "--engine-a",
        &engine_a,
        "--engine-b",
        &engine_b,
        "--games",
        "2",
        "--size",
        "5",
        "--komi",
        "0.5",
    ];
    let (ok, text) = ishi(&args, "");
    assert!(ok, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert_eq!(lines[0], format!("# A: {engine_a}"));
    assert_eq!(lines[1], format!("# B: {engine_b}"));
    let lines = &lines[2..];
    assert!(lines[0].starts_with("game 1: A plays black, "), "{text}");
    assert!(lines[1].starts_with("game 2: A plays white, "), "{text}");
    for line in &lines[..2] {
        let verdict = line.split("; ").next().unwrap();
        assert!(
            verdict.ends_with("A wins") || verdict.ends_with("B wins") || verdict.ends_with("draw"),
            "{line}"
        );
        assert!(line.contains("; a move: A "), "{line}");
    }
    assert!(lines[2].starts_with("A "), "{text}");
    assert!(lines[2].contains("% (95% interval "), "{text}");
    let (ok, text) = ishi(
        &[
            "match",
            "--engine-a",
            "/no/such/engine",
            "--engine-b",
            &engine_b,
        ],
        "",
    );
    assert!(!ok);
    assert!(text.contains("cannot start \"/no/such/engine\""), "{text}");
}

#[test]
fn ishi_levels_against_each_other_open_each_pair_with_two_random_moves() {
    // The network's policy is deterministic: from the empty board every game of a pair
    // would be the same game. Two random moves open each pair, colours swapped within it.
    let args = [
        "match",
        "--engine-a",
        "ishi:net-policy",
        "--engine-b",
        "ishi:net-policy",
        "--games",
        "4",
        "--size",
        "7",
    ];
    let (ok, text) = ishi(&args, "");
    assert!(ok, "{text}");
    let openings: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("game "))
        .map(|line| {
            let start = line.find("opening ").expect("an opening") + "opening ".len();
            let rest = &line[start..];
            &rest[..rest.find(',').expect("the opening's end")]
        })
        .collect();
    assert_eq!(openings.len(), 4, "{text}");
    assert_eq!(openings[0].split(' ').count(), 2, "{text}");
    assert_eq!(openings[0], openings[1], "{text}");
    assert_eq!(openings[2], openings[3], "{text}");
    assert_ne!(openings[0], openings[2], "{text}");
    // Against a GTP engine the games start from the empty board, as before.
    let bin = env!("CARGO_BIN_EXE_ishi-cli");
    let engine = format!("{bin} gtp --seed 2 --level random");
    let (ok, text) = ishi(
        &[
            "match",
            "--engine-a",
            "ishi:random",
            "--engine-b",
            &engine,
            "--games",
            "2",
            "--size",
            "5",
        ],
        "",
    );
    assert!(ok, "{text}");
    assert!(!text.contains("opening "), "{text}");
}

/// `go eval`'s JSON for the SGF `sgf` (read from standard input) with `args` after it.
fn eval_json(sgf: &str, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["go", "eval", "-", "--json"];
    all.extend_from_slice(args);
    let output = common::run(&all, sgf);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON document")
}

#[test]
fn go_eval_reads_a_stone_in_atari_and_opens_in_the_centre() {
    // White's C3 stands in atari against Black's B3, C4 and C2, Black to move.
    let sgf = "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[bg];W[cg];B[cf];W[gc];B[ch];W[gg])";
    let eval = eval_json(sgf, &["--top", "3"]);
    assert_eq!(eval["size"], 9);
    assert_eq!(eval["to_move"], "B");
    assert_eq!(eval["moves_played"], 6);
    let top = eval["top"].as_array().unwrap();
    assert_eq!(top.len(), 3);
    let policy = |k: usize| top[k]["policy"].as_f64().unwrap();
    assert!(policy(0) >= policy(1) && policy(1) >= policy(2));
    assert!(policy(0) + policy(1) + policy(2) <= 1.0 + 1e-6);
    let ownership = eval["ownership"].as_array().unwrap();
    assert_eq!(ownership.len(), 81);
    assert!(ownership.iter().all(|o| o.as_f64().unwrap().abs() <= 1.0));
    // C3 (the seventh row from the top, column C) leans Black's, who can take the stone;
    // Black's own stones around it are Black's.
    let owner = |row: usize, column: usize| ownership[row * 9 + column].as_f64().unwrap();
    assert!(owner(6, 2) > 0.3, "{eval}");
    assert!(
        owner(6, 1) > 0.8 && owner(5, 2) > 0.8 && owner(7, 2) > 0.8,
        "{eval}"
    );
    let win = eval["win_rate"].as_f64().unwrap();
    assert_eq!(
        win,
        eval["black_win_rate"].as_f64().unwrap(),
        "Black is to move"
    );
    assert!((0.0..=1.0).contains(&win));
    // The empty board: the centre first.
    let start = eval_json(sgf, &["--move", "0", "--top", "1"]);
    assert_eq!(start["to_move"], "B");
    assert_eq!(start["moves_played"], 0);
    assert_eq!(start["top"][0]["move"], "E5", "{start}");
}

#[test]
fn go_eval_prints_a_map_and_refuses_what_it_cannot_read() {
    let (ok, text) = ishi(&["go", "eval", "-"], "(;GM[1]FF[4]SZ[9];B[ee])");
    assert!(ok, "{text}");
    assert!(text.contains("white to move"), "{text}");
    assert!(
        text.contains("policy:") && text.contains("ownership"),
        "{text}"
    );
    let (ok, text) = ishi(
        &["go", "eval", "-", "--move", "2"],
        "(;GM[1]FF[4]SZ[9];B[ee])",
    );
    assert!(!ok);
    assert!(text.contains("--move 2: the record has 1 moves"), "{text}");
    let (ok, text) = ishi(&["go", "eval", "-"], "(;GM[1]FF[4]SZ[9];B[ee];W[ee])");
    assert!(!ok && text.contains("ishi-cli:"), "{text}");
    let (ok, _) = ishi(&["go", "eval", "-"], "not a record");
    assert!(!ok);
}
