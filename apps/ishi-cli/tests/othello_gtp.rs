//! `gtp --game othello` and the match runner, driven through pipes; a short game against
//! gtp-rhino (GRhino's GTP engine, Debian package `grhino`), which must be installed.

mod common;

const RHINO: &str = "/usr/games/gtp-rhino";

fn ishi(args: &[&str], input: &str) -> (bool, String) {
    let output = common::run(args, input);
    let mut text = String::from_utf8(output.stdout).unwrap();
    text.push_str(&String::from_utf8(output.stderr).unwrap());
    (output.status.success(), text)
}

/// The answers of a GTP session, one string each.
fn gtp(args: &[&str], input: &str) -> Vec<String> {
    let (ok, text) = ishi(args, input);
    assert!(ok, "{text}");
    text.split("\n\n")
        .filter(|a| !a.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn othello_over_gtp_names_squares_as_edax_and_gtp_rhino_do() {
    let answers = gtp(
        &[
            "gtp", "--game", "othello", "--level", "casual", "--seed", "1",
        ],
        "protocol_version\nname\n1 known_command set_game\nlist_games\nset_game Go\n\
         boardsize 6\nboardsize 8\nclear_board\nshowboard\nplay black D3\nplay WHITE c3\n\
         genmove b\nundo\nshowboard\nfinal_score\ntime_settings 10 0 0\ngenmove b\nquit\n\
         name\n",
    );
    assert_eq!(
        answers[..8],
        [
            "= 2",
            "= Ishi",
            "=1 true",
            "= Othello",
            "? unsupported game",
            "? unacceptable size",
            "=",
            "="
        ]
    );
    // Rows count from the top: White's first discs are on d4 and e5.
    assert!(answers[8].contains(" 4 - - - O X - - -"), "{answers:?}");
    assert_eq!(answers[9..11], ["=", "="]);
    let reply = answers[11].strip_prefix("= ").unwrap();
    assert!(
        reply.len() == 2
            && reply
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()),
        "{reply}"
    );
    assert_eq!(answers[12], "=");
    assert!(answers[13].contains(" 3 - - O X - - - -"), "{answers:?}");
    assert!(answers[13].ends_with("black to move"), "{answers:?}");
    assert_eq!(answers[14..16], ["? cannot score", "="]);
    assert!(answers[16].starts_with("= "), "{answers:?}");
    // quit ends the session: `name` after it gets no answer.
    assert_eq!(answers.len(), 18, "{answers:?}");
}

#[test]
fn gtp_options_are_checked_for_the_game() {
    let (ok, text) = ishi(&["gtp", "--game", "othello", "--level", "mcts-100"], "");
    assert!(!ok);
    assert!(
        text.contains("--level: unknown level \"mcts-100\""),
        "{text}"
    );
    let (ok, text) = ishi(&["gtp", "--game", "othello", "--playouts", "5"], "");
    assert!(!ok);
    assert!(text.contains("--playouts is for Go"), "{text}");
    let (ok, text) = ishi(&["gtp", "--nodes", "5"], "");
    assert!(!ok);
    assert!(text.contains("--nodes is for Othello"), "{text}");
    let (ok, text) = ishi(&["gtp", "--game", "othello", "--nodes", "0"], "");
    assert!(!ok);
    assert!(text.contains("--nodes"), "{text}");
    for bad in ["0", "-1", "inf", "NaN", "a tenth", "100000"] {
        let option = format!("--seconds={bad}");
        let (ok, text) = ishi(&["gtp", "--game", "othello", &option], "");
        assert!(!ok, "--seconds {bad}");
        assert!(
            text.contains(&format!(
                "expected seconds above 0, up to a day, not \"{bad}\""
            )),
            "{text}"
        );
    }
}

#[test]
fn a_fixed_move_time_plays_through_time_settings() {
    let answers = gtp(
        &[
            "gtp",
            "--game",
            "othello",
            "--seconds",
            "0.05",
            "--seed",
            "2",
        ],
        "time_settings 600 0 0
genmove b
time_left w 1 0
genmove w
quit
",
    );
    assert_eq!(answers[0], "=");
    for answer in [&answers[1], &answers[3]] {
        let square = answer.strip_prefix("= ").expect(answer);
        assert!(
            matches!(square.as_bytes(), [b'a'..=b'h', b'1'..=b'8']),
            "{answer}"
        );
    }
}

/// The game lines of a match's output, after the two header lines and before the tally.
fn game_lines(text: &str, games: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), games + 3, "{text}");
    assert!(
        lines[0].starts_with("# A: ") && lines[1].starts_with("# B: "),
        "{text}"
    );
    assert!(lines[games + 2].starts_with("A "), "{text}");
    assert!(lines[games + 2].contains("% (95% interval "), "{text}");
    lines[2..games + 2]
        .iter()
        .map(|l| (*l).to_owned())
        .collect()
}

#[test]
fn a_short_match_against_gtp_rhino_agrees_on_every_move_and_count() {
    assert!(
        std::path::Path::new(RHINO).exists(),
        "{RHINO} is missing: it is the reference this test plays. Install the Debian \
         package grhino."
    );
    let bin = env!("CARGO_BIN_EXE_ishi-cli");
    let ishi_gtp = format!("{bin} gtp --game othello --level casual --seed 3");
    let rhino = format!("{RHINO} -l 1");
    let (ok, text) = ishi(
        &[
            "match",
            "--game",
            "othello",
            "--engine-a",
            &ishi_gtp,
            "--engine-b",
            &rhino,
            "--games",
            "2",
            "--seed",
            "7",
        ],
        "",
    );
    assert!(ok, "{text}");
    let games = game_lines(&text, 2);
    let opening = games[0].split(", ").nth(1).unwrap();
    assert!(opening.starts_with("opening "), "{text}");
    assert_eq!(games[1].split(", ").nth(1), Some(opening), "{text}");
    for line in &games {
        // Ishi refereed every move: nobody forfeited, the game ended on the board, and both
        // engines count it as the referee does.
        assert!(
            !line.contains("(illegal move)") && !line.contains("(unreadable"),
            "{line}"
        );
        let result = line
            .split(" in ")
            .next()
            .unwrap()
            .rsplit(", ")
            .next()
            .unwrap();
        let gtp_result = result.replace("Draw", "0");
        assert!(
            line.contains(&format!("engines count A {gtp_result} B {gtp_result};")),
            "{line}"
        );
    }
}

#[test]
fn in_process_matches_take_budgets_and_ladders_take_levels() {
    let record = std::env::temp_dir().join(format!("ishi-match-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let (ok, text) = ishi(
        &[
            "match",
            "--game",
            "othello",
            "--engine-a",
            "ishi:club",
            "--nodes-a",
            "500",
            "--engine-b",
            "ishi:casual",
            "--seconds-b",
            "0.05",
            "--games",
            "2",
            "--opening-plies",
            "6",
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{text}");
    assert!(text.starts_with("# A: ishi:club (500 nodes or playouts, at most 1 s a move)\n"));
    assert!(text.contains("# B: ishi:casual (3000 nodes or playouts, at most 0.05 s a move)\n"));
    let games = game_lines(&text, 2);
    assert_eq!(
        games[0].split(' ').nth(6).map(|m| m.len()),
        Some(2),
        "{text}"
    );
    // The record: the players, then each game's moves from the opening on.
    let recorded = std::fs::read_to_string(&record).unwrap();
    std::fs::remove_file(&record).unwrap();
    let lines: Vec<&str> = recorded.lines().collect();
    assert_eq!(lines.len(), 4, "{recorded}");
    assert_eq!(lines[..2], text.lines().take(2).collect::<Vec<_>>()[..]);
    let opening = games[0]
        .split(", ")
        .nth(1)
        .unwrap()
        .strip_prefix("opening ")
        .unwrap();
    for (k, line) in lines[2..].iter().enumerate() {
        let moves = line.strip_prefix(&format!("game {}: ", k + 1)).unwrap();
        assert!(moves.starts_with(opening), "{line}");
        assert!(moves.split(' ').count() >= 50, "{line}");
    }

    let (ok, text) = ishi(
        &[
            "match",
            "--game",
            "go",
            "--ladder",
            "--levels",
            "random,mcts-100",
            "--games",
            "2",
            "--size",
            "5",
        ],
        "",
    );
    assert!(ok, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(
        lines[0],
        "# A: ishi:mcts-100 (100 nodes or playouts a move)"
    );
    assert_eq!(lines[5], "# ladder, 2 games a pair:");
    assert!(lines[6].starts_with("mcts-100 vs random: A "), "{text}");
}

#[test]
fn bad_match_options_are_refused() {
    for (args, message) in [
        (
            &[
                "--engine-a",
                "ishi:master",
                "--engine-b",
                "gtp-rhino",
                "--nodes-b",
                "5",
            ][..],
            "--engine-b: a node budget needs a player in this process",
        ),
        (
            &["--engine-a", "ishi:mcts-100", "--engine-b", "ishi:master"][..],
            "--engine-a: unknown level \"mcts-100\"",
        ),
        (
            &[
                "--engine-a",
                "ishi:club",
                "--engine-b",
                "x",
                "--seconds-b",
                "1.5",
            ][..],
            "--engine-b: GTP takes whole seconds, not 1.5",
        ),
        (
            &[
                "--engine-a",
                "ishi:club",
                "--engine-b",
                "ishi:casual",
                "--size",
                "9",
            ][..],
            "--size is for Go",
        ),
        (
            &["--ladder", "--levels", "random,strong"][..],
            "--levels: unknown level \"strong\"",
        ),
        (
            &["--ladder", "--sprt", "0,10"][..],
            "'--ladder' cannot be used with '--sprt <ELO0,ELO1>'",
        ),
        (
            &[
                "--engine-a",
                "ishi:club",
                "--engine-b",
                "ishi:casual",
                "--sprt",
                "10,0",
            ][..],
            "expected ELO0,ELO1 with ELO0 below ELO1, e.g. 0,10, not \"10,0\"",
        ),
        (
            &[
                "--engine-a",
                "ishi:club",
                "--engine-b",
                "ishi:casual",
                "--sprt",
                "-5,5",
                "--sprt-beta",
                "0.96",
            ][..],
            "alpha 0.05 and beta 0.96 must each be above 0, with a sum below 1",
        ),
        (
            &[
                "--engine-a",
                "ishi:club",
                "--engine-b",
                "ishi:casual",
                "--sprt",
                "0,10",
                "--games",
                "7",
            ][..],
            "--games must be even, not 7",
        ),
        (
            &[
                "--engine-a",
                "ishi:club",
                "--engine-b",
                "ishi:casual",
                "--sprt-alpha",
                "0.1",
            ][..],
            "required arguments were not provided:\n  --sprt <ELO0,ELO1>",
        ),
    ] {
        let mut all = vec!["match", "--game", "othello"];
        all.extend_from_slice(args);
        let (ok, text) = ishi(&all, "");
        assert!(!ok, "{all:?}");
        assert!(text.contains(message), "{all:?}: {text}");
    }
}

#[test]
fn a_sequential_test_stops_at_its_decision() {
    // minimax-4 scored 97.5 % against naive in the ladder: far above 50 Elo.
    let (ok, text) = ishi(
        &[
            "match",
            "--game",
            "othello",
            "--engine-a",
            "ishi:minimax-4",
            "--engine-b",
            "ishi:naive",
            "--games",
            "40",
            "--sprt",
            "0,50",
        ],
        "",
    );
    assert!(ok, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let games = lines.iter().filter(|l| l.starts_with("game ")).count();
    let pairs: Vec<&&str> = lines.iter().filter(|l| l.starts_with("pair ")).collect();
    assert!(games < 40 && games == 2 * pairs.len(), "{text}");
    // A pair's line follows its second game.
    for (k, line) in pairs.iter().enumerate() {
        let at = lines.iter().position(|l| l == *line).unwrap();
        assert!(
            lines[at - 1].starts_with(&format!("game {}: ", 2 * k + 2)),
            "{text}"
        );
        assert!(line.ends_with(" (-2.94, 2.94)"), "{line}");
    }
    let [tally, decision, elo] = lines[lines.len() - 3..] else {
        unreachable!()
    };
    assert!(
        tally.starts_with("A ") && tally.contains("% (95% interval "),
        "{text}"
    );
    assert!(
        decision.starts_with(&format!(
            "SPRT [0, 50] at alpha 0.05, beta 0.05: H1 accepted (Elo >= 50) after {} pairs, LLR ",
            pairs.len()
        )),
        "{text}"
    );
    assert!(elo.starts_with("Elo +") && elo.contains(", WW "), "{text}");
}

#[test]
fn an_engine_that_breaks_the_rules_forfeits_the_game() {
    // Ishi's Go engine on an 8x8 Go board takes Othello's setup, but its moves are Go moves.
    let bin = env!("CARGO_BIN_EXE_ishi-cli");
    let go = format!("{bin} gtp --seed 1 --playouts 20");
    let (ok, text) = ishi(
        &[
            "match",
            "--game",
            "othello",
            "--engine-a",
            "ishi:naive",
            "--engine-b",
            &go,
            "--games",
            "2",
        ],
        "",
    );
    assert!(ok, "{text}");
    for line in game_lines(&text, 2) {
        assert!(line.contains("+F in "), "{line}");
        assert!(
            line.contains("(illegal move): A wins")
                || line.contains("(refused a legal move): A wins"),
            "{line}"
        );
    }
    // An engine that cannot play the board at all stops the match.
    let othello = format!("{bin} gtp --game othello");
    let (ok, text) = ishi(
        &[
            "match",
            "--engine-a",
            "ishi:random",
            "--engine-b",
            &othello,
            "--games",
            "1",
        ],
        "",
    );
    assert!(!ok);
    assert!(
        text.contains("refused \"boardsize 9\": unacceptable size"),
        "{text}"
    );
}
