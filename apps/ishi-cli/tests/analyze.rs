//! `ishi-cli analyze`: game records analysed move by move, from a pipe or a file, as lines,
//! JSON or annotated SGF. Small budgets keep it quick; the moves judged here are ones no
//! budget misjudges.

mod common;

use std::path::PathBuf;
use std::process::Output;

use ishi_records::{GoRecord, sgf};
use ishi_rules::Player;
use serde_json::Value;

/// The seeds' quickest wipe-out: White's f5 lets Black's g5 take every disc.
const WIPE_OUT: &str = "e6f4e3d6c5f6e7f5g5";

/// 9x9, Black to move: Black's six stones in the middle have one liberty, F4 (`ff`), which
/// joins the wall on the right. Black plays A9 (`aa`) instead and White captures at F4.
///
/// Komi 0.5: even after F4 Black is behind (GNU Go counts W+11 at komi 6.5), and at 6.5 the
/// best move's win rate is so low that losing six stones costs little more or less than the
/// blunder's 15 points of it (18.1 with the engine before the ladder reading, 14.7 with it,
/// at 3,000 playouts). At 0.5 the game is still open, and the blunder shows as one.
///
/// ```text
///   A B C D E F G H J
/// 9 . . . . . . . . .
/// 8 . . . . . . . . .
/// 7 . . . . . . . . .
/// 6 . . O O O . . . .
/// 5 . O X X X O . . .
/// 4 . O X X X . X X X
/// 3 . . O O O X . . .
/// 2 . . . . . X . . .
/// 1 . . . . . X . . .
/// ```
const ATARI: &str = "(;GM[1]FF[4]SZ[9]KM[0.5]GN[atari]PB[Ann]PW[Bob]
AB[ce][de][ee][cf][df][ef][gf][hf][if][fg][fh][fi]
AW[cd][dd][ed][be][fe][bf][cg][dg][eg]PL[B]
;B[aa]C[tenuki?]BL[30]
;W[ff]
;B[gc])";

/// 9x9, Chinese rules, komi 7.5, an even game: Black's ten stones at the bottom left live by
/// their two eyes, A2 (`ah`) and C2 (`ch`). Black fills A2, and the group is dead: White
/// plays elsewhere (G7), as it can take the stones whenever it likes.
///
/// ```text
///   A B C D E F G H J
/// 9 . . . . . . . . .
/// 8 . . X . . . . . .
/// 7 . . O . . . . . .
/// 6 . . . . O . X . .
/// 5 . . . . . . . . .
/// 4 O O O O O . X . .
/// 3 X X X X O . X . .
/// 2 . X . X O . . . .
/// 1 X X X X O . . . .
/// ```
const TWO_EYES: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]GN[two eyes]
AB[ag][bg][cg][dg][bh][dh][ai][bi][ci][di][gg][gd][gf][cb]
AW[af][bf][cf][df][ef][eg][eh][ei][cc][ed]PL[B]
;B[ah];W[gc];B[fc])";

fn analyze(args: &[&str], input: &str) -> Output {
    let args: Vec<&str> = ["analyze"].iter().chain(args).copied().collect();
    common::run(&args, input)
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// The words of the line of move `number` (the heading and the column titles come first).
fn move_line(text: &str, number: usize) -> Vec<&str> {
    let line = text.lines().nth(number + 1).unwrap_or_default();
    line.split_whitespace().collect()
}

/// A file name of this test's own in the system's temporary directory.
fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ishi-analyze-{}-{name}", std::process::id()))
}

#[test]
fn the_wipe_out_is_a_blunder_proved_and_its_answer_best() {
    let output = analyze(&["--nodes", "20000", "-"], WIPE_OUT);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    assert!(
        text.starts_with("Othello 8x8, 9 moves; budget quick: 20000 nodes a position"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 2 + 9 + 2, "{text}");
    let f5 = move_line(&text, 8);
    assert_eq!(
        (f5[0], f5[1], f5[2], f5[3], f5[7]),
        ("8", "W", "f5", "-64=", "blunder"),
        "{text}"
    );
    assert_eq!(
        move_line(&text, 9),
        ["9", "B", "g5", "+64=", "g5", "+64=", "0", "best"]
    );
    assert!(text.contains("\nBlack: 5 moves, mean loss "), "{text}");
    assert!(text.contains("\nWhite: 4 moves, mean loss "), "{text}");
    let white = text.lines().last().unwrap();
    assert!(
        white.ends_with(" blunder 1") || white.ends_with(" blunder 2"),
        "{white}"
    );
}

#[test]
fn leaving_a_chain_in_atari_is_a_go_blunder() {
    let output = analyze(&["--engine", "mcts", "--playouts", "3000", "-"], ATARI);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    assert!(
        text.starts_with("Go 9x9, komi 0.5, 3 moves; budget quick: 3000 playouts a position"),
        "{text}"
    );
    let a9 = move_line(&text, 1);
    assert_eq!(
        (a9[1], a9[2], a9[4], a9[7]),
        ("B", "A9", "F4", "blunder"),
        "{text}"
    );
    assert!(a9[3].ends_with('%') && a9[5].ends_with('%'), "{text}");
    let f4 = move_line(&text, 2);
    assert_eq!(
        (f4[1], f4[2], f4[4], f4[7]),
        ("W", "F4", "F4", "best"),
        "{text}"
    );
    assert!(
        text.contains("\nWhite: 1 move, mean loss 0.00 points; best 1,"),
        "{text}"
    );
}

#[test]
fn on_the_network_filling_an_own_eye_loses_points_and_is_a_blunder() {
    let output = analyze(&["-"], TWO_EYES);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    assert!(
        text.starts_with(
            "Go 9x9, komi 7.5, 3 moves; budget quick: 40 visits a position on KataGo's network"
        ),
        "{text}"
    );
    let a2 = move_line(&text, 1);
    assert_eq!((a2[1], a2[2], a2[7]), ("B", "A2", "blunder"), "{text}");
    // Points of score, signed, the loss between them; then the win rate and its loss.
    let number = |word: &str| -> f32 {
        let word = word.trim_start_matches('(').trim_end_matches([')', '%']);
        word.parse().expect("a number")
    };
    assert!(
        a2[3].starts_with('-') && a2[5].starts_with(['+', '-']),
        "{text}"
    );
    assert!(number(a2[6]) >= 20.0, "{text}");
    assert!(
        (number(a2[5]) - number(a2[3]) - number(a2[6])).abs() < 0.15,
        "{text}"
    );
    assert!(a2[8].ends_with('%') && number(a2[8]) < 5.0, "{text}");
    assert!(number(a2[9]) >= 30.0, "{text}");
    assert!(text.contains("\nBlack: 2 moves, mean loss "), "{text}");
    assert!(text.contains(" points of score; "), "{text}");
    // Seeded and reproducible: a second run prints the same analysis.
    assert_eq!(stdout(&analyze(&["-"], TWO_EYES)), text);

    let output = analyze(&["--json", "--visits", "40", "-"], TWO_EYES);
    let json: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(
        (&json["budget"]["engine"], &json["budget"]["visits"]),
        (&Value::from("network"), &Value::from(40))
    );
    let a2 = &json["moves"][0];
    assert_eq!(a2["class"], "blunder", "{a2}");
    assert!(a2["win_rate"].is_number(), "{a2}");
    assert!(
        a2["win_rate_loss"].as_f64().is_some_and(|l| l >= 30.0),
        "{a2}"
    );

    let path = temporary("network.sgf");
    let out = path.to_str().unwrap();
    let output = analyze(&["--visits", "40", "--sgf", out, "-"], TWO_EYES);
    assert!(output.status.success(), "{}", stderr(&output));
    let written = GoRecord::parse(std::fs::read(&path).expect("the SGF written")).expect("SGF");
    std::fs::remove_file(&path).ok();
    let comment = written.moves[0].comment.as_deref().unwrap_or_default();
    assert!(
        comment.starts_with("Analysis for Black: A2 -")
            && comment.contains(" points, win rate ")
            && comment.ends_with("(blunder)."),
        "{comment}"
    );
}

#[test]
fn json_gives_every_field_of_every_move_and_the_summary() {
    let output = analyze(&["--json", "--nodes", "20000", "-"], WIPE_OUT);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(json["game"], "othello");
    assert_eq!(json["budget"]["preset"], "quick");
    assert_eq!(json["budget"]["nodes"], 20000);
    assert_eq!(json["budget"]["exact_empties"], 20);
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 9);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["number"], i + 1);
        assert_eq!(m["player"], if i % 2 == 0 { "B" } else { "W" });
        for field in ["value", "best_value", "loss"] {
            assert!(m[field].is_number(), "{field} of {m}");
        }
        for field in ["played", "best", "class"] {
            assert!(m[field].is_string(), "{field} of {m}");
        }
        for field in ["exact", "best_exact", "forced"] {
            assert!(m[field].is_boolean(), "{field} of {m}");
        }
    }
    let f5 = &moves[7];
    assert_eq!(
        (&f5["played"], &f5["value"], &f5["exact"], &f5["class"]),
        (
            &Value::from("f5"),
            &Value::from(-64.0),
            &Value::from(true),
            &Value::from("blunder")
        )
    );
    assert_eq!(moves[8]["class"], "best");
    let black = &json["summary"]["black"];
    assert_eq!(black["moves"], 5);
    assert!(black["mean_loss"].is_number());
    let classes = &json["summary"]["white"]["classes"];
    let counted: u64 = ["best", "good", "inaccuracy", "mistake", "blunder"]
        .iter()
        .map(|class| classes[class].as_u64().expect("a count"))
        .sum();
    assert_eq!(counted, 4);

    let output = analyze(
        &["--json", "--engine", "mcts", "--playouts", "300", "-"],
        ATARI,
    );
    let json: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(
        (&json["game"], &json["budget"]["playouts"]),
        (&Value::from("go"), &Value::from(300))
    );
    assert_eq!(json["moves"][0]["played"], "A9");
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(3));
}

#[test]
fn a_forced_pass_is_shown_but_not_summarised() {
    // After f8 Black has no move: the transcript leaves the pass out, the analysis shows it.
    let output = analyze(&["--nodes", "5000", "-"], "e6f6c4e7e8d8g6f8g5");
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    let pass = move_line(&text, 9);
    assert_eq!((pass[1], pass[2], pass[4]), ("B", "pass", "pass"), "{text}");
    assert!(
        text.lines()
            .nth(10)
            .unwrap()
            .ends_with("best (forced pass)"),
        "{text}"
    );
    assert_eq!(move_line(&text, 10)[2], "g5", "{text}");
    assert!(text.contains("\nBlack: 4 moves,"), "{text}");
    assert!(text.contains("\nWhite: 5 moves,"), "{text}");
}

#[test]
fn the_annotated_go_record_reads_back_with_its_moves_and_comments() {
    let path = temporary("go.sgf");
    let out = path.to_str().unwrap();
    let output = analyze(
        &["--engine", "mcts", "--playouts", "3000", "--sgf", out, "-"],
        ATARI,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let written = GoRecord::parse(std::fs::read(&path).expect("the SGF written")).expect("SGF");
    std::fs::remove_file(&path).ok();
    let original = GoRecord::parse(ATARI).unwrap();
    let moves =
        |record: &GoRecord| -> Vec<_> { record.moves.iter().map(|m| (m.player, m.mv)).collect() };
    assert_eq!(moves(&written), moves(&original));
    assert_eq!(
        (written.setup.len(), written.first_player),
        (21, Some(Player::Black))
    );
    assert!(written.properties.iter().any(|p| p.id == "GN"));
    let a9 = &written.moves[0];
    let comment = a9.comment.as_deref().unwrap_or_default();
    assert!(
        comment.starts_with("tenuki?\n\nAnalysis for Black: A9 ")
            && comment.contains(", best F4 ")
            && comment.ends_with("(blunder)."),
        "{comment}"
    );
    let ids: Vec<&str> = a9.properties.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["BL", "BM"]);
    assert_eq!(a9.properties[1].values, ["2"]);
    for m in &written.moves {
        assert!(
            m.comment
                .as_deref()
                .is_some_and(|c| c.contains("Analysis for "))
        );
    }
}

#[test]
fn the_annotated_othello_game_is_sgf_with_its_moves_in_order() {
    let path = temporary("othello.sgf");
    let out = path.to_str().unwrap();
    let output = analyze(&["--nodes", "20000", "--sgf", out, "-"], WIPE_OUT);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&path).expect("the SGF written");
    std::fs::remove_file(&path).ok();
    let collection = sgf::parse(&text).expect("SGF");
    let tree = &collection.trees[0];
    let root = tree.root().unwrap();
    let value = |id: &str| root.get(id).map(|p| p.values.concat());
    assert_eq!(
        (value("GM"), value("SZ"), value("FF")),
        (Some("2".into()), Some("8".into()), Some("4".into()))
    );
    assert_eq!(value("AB"), Some("edde".into()));
    assert_eq!(value("AW"), Some("ddee".into()));
    let nodes: Vec<_> = tree.main_line().skip(1).collect();
    let moves: Vec<String> = nodes
        .iter()
        .map(|node| {
            let mv = &node.properties[0];
            format!("{}[{}]", mv.id, mv.values[0])
        })
        .collect();
    // e6 f4 e3 d6 c5 f6 e7 f5 g5, column then row from the top.
    assert_eq!(
        moves,
        [
            "B[ef]", "W[fd]", "B[ec]", "W[df]", "B[ce]", "W[ff]", "B[eg]", "W[fe]", "B[ge]"
        ]
    );
    for node in &nodes {
        assert!(
            node.get("C")
                .is_some_and(|c| c.values[0].starts_with("Analysis for "))
        );
    }
    let f5 = nodes[7];
    assert_eq!(f5.get("BM").map(|p| p.values.concat()), Some("2".into()));
    assert!(f5.get("C").unwrap().values[0].contains("f5 -64=,"));
}

#[test]
fn bad_inputs_fail_with_where_and_print_no_analysis() {
    let illegal_ggf = "(;GM[Othello]BO[8 ---------------------------O*------*O--------------\
                       ------------- *]B[f5]W[a1];)";
    for (args, input, message) in [
        (
            vec!["-"],
            "hello world",
            "standard input: not a game record (SGF for Go, GGF or an Othello transcript): \
             line 1: move 1 (character 1)",
        ),
        (
            vec!["-"],
            "f5d6\nc3c3\n",
            "standard input: line 2: move 4 (character 3): c3 is illegal: the point is occupied",
        ),
        (
            vec!["-"],
            "(;SZ[9]\n;B[ee];W[ee])",
            "standard input: line 2, column 8: move 2 (white E5) is illegal: the point is occupied",
        ),
        (
            vec!["-"],
            illegal_ggf,
            "standard input: GGF at character 92: a1 is not legal here",
        ),
        (
            vec!["-"],
            " \n",
            "standard input: no game: the input is empty",
        ),
        (
            vec!["no/such/game.sgf"],
            "",
            "cannot read no/such/game.sgf: ",
        ),
        (
            vec!["--playouts", "10", "-"],
            "f5",
            "standard input: --playouts and --visits are for Go, and this is an Othello game",
        ),
        (
            vec!["--visits", "10", "-"],
            "f5",
            "standard input: --playouts and --visits are for Go, and this is an Othello game",
        ),
        (
            vec!["--playouts", "10", "-"],
            ATARI,
            "standard input: --playouts is for --engine mcts: the network's budget is --visits",
        ),
        (
            vec!["--engine", "mcts", "--visits", "10", "-"],
            ATARI,
            "standard input: --visits is for the network: Monte Carlo's budget is --playouts",
        ),
        (
            vec!["--nodes", "10", "-"],
            ATARI,
            "standard input: --nodes is for Othello, and this is a Go game",
        ),
    ] {
        let output = analyze(&args, input);
        let errors = stderr(&output);
        assert!(!output.status.success(), "{input}");
        assert!(
            errors.starts_with(&format!("ishi-cli: {message}")),
            "{input}: {errors}"
        );
        assert_eq!(stdout(&output), "", "{input}");
    }
}

#[test]
fn help_documents_the_output_and_the_json_fields() {
    let help = stdout(&common::run(&["analyze", "--help"], ""));
    for word in [
        "--budget",
        "--nodes",
        "--playouts",
        "--visits",
        "--engine",
        "\"win_rate\"",
        "--json",
        "--sgf",
        "\"best_value\"",
        "\"exact\"",
        "\"summary\"",
        "BM[2]",
        "TE[1]",
        "forced",
    ] {
        assert!(help.contains(word), "{word} missing from the help");
    }
}
