//! `nboard`: the NBoard protocol through pipes, as the NBoard GUI speaks it.

mod common;

/// Runs `ishi-cli nboard` on `input`: whether it succeeded, its output lines and its error
/// lines.
fn nboard(input: &str) -> (bool, Vec<String>, Vec<String>) {
    let output = common::run(&["nboard"], input);
    let lines = |bytes: Vec<u8>| -> Vec<String> {
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    (
        output.status.success(),
        lines(output.stdout),
        lines(output.stderr),
    )
}

/// The example game of the NBoard protocol's description.
const EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]\
    RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
    B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

/// FFO #1 (14 empty squares, Black to move): g8 wins by 18, h1 by 12, h7 and a2 by 6.
fn ffo_1() -> String {
    let board =
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--".replace('X', "*");
    format!("(;GM[Othello]PC[test]TY[8]BO[8 {board} *];)")
}

/// Checks `=== MOVE/EVAL/SECONDS` and returns the move and the evaluation.
fn played(line: &str) -> (String, f64) {
    let item = line
        .strip_prefix("=== ")
        .unwrap_or_else(|| panic!("{line}"));
    let parts: Vec<&str> = item.split('/').collect();
    assert_eq!(parts.len(), 3, "{line}");
    let seconds: f64 = parts[2].parse().unwrap();
    assert!(seconds >= 0.0, "{line}");
    (parts[0].to_owned(), parts[1].parse().unwrap())
}

/// Checks `search PV EVAL 0 DEPTH` and returns the PV, the evaluation and the depth.
fn hint(line: &str) -> (String, f64, String) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words.len(), 5, "{line}");
    assert_eq!((words[0], words[3]), ("search", "0"), "{line}");
    assert!(
        words[1].len() >= 2 && words[1].len().is_multiple_of(2),
        "{line}"
    );
    (
        words[1].to_owned(),
        words[2].parse().unwrap(),
        words[4].to_owned(),
    )
}

#[test]
fn the_example_session_of_the_protocol_is_answered_as_edax_answers_it() {
    let (ok, out, errors) = nboard(&format!(
        "nboard 2\nset game {EXAMPLE}\nset depth 6\nping 1\ngo\nhint 3\n"
    ));
    assert!(ok && errors.is_empty(), "{errors:?}");
    assert_eq!(
        out[..3],
        ["set myname Ishi", "pong 1", "status Ishi is thinking"]
    );
    assert!(out[3].starts_with("nodestats "), "{out:?}");
    let (mv, _) = played(&out[4]);
    assert_eq!(mv.len(), 2, "{out:?}");
    assert_eq!(
        out[5..7],
        ["status Ishi is waiting", "status Ishi is thinking"]
    );
    let hints: Vec<(String, f64, String)> = out[7..10].iter().map(|l| hint(l)).collect();
    assert!(hints.windows(2).all(|w| w[0].1 >= w[1].1), "{out:?}");
    assert!(hints.iter().all(|(_, _, depth)| depth == "6"), "{out:?}");
    let firsts: Vec<&str> = hints.iter().map(|(pv, _, _)| &pv[..2]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2], "{out:?}");
    assert!(out[10].starts_with("nodestats "), "{out:?}");
    assert_eq!(out[11..], ["status Ishi is waiting"]);
}

#[test]
fn endgames_are_solved_and_hints_rank_moves_by_their_exact_scores() {
    let (ok, out, errors) = nboard(&format!(
        "nboard 2\nset depth 8\nset game {}\ngo\nhint 2\n",
        ffo_1()
    ));
    assert!(ok && errors.is_empty(), "{errors:?}");
    assert_eq!(played(&out[3]), ("g8".to_owned(), 18.0), "{out:?}");
    let (pv, eval, depth) = hint(&out[6]);
    assert!(
        pv.starts_with("g8") && eval == 18.0 && depth == "100%",
        "{out:?}"
    );
    let (pv, eval, depth) = hint(&out[7]);
    assert!(
        pv.starts_with("h1") && eval == 12.0 && depth == "100%",
        "{out:?}"
    );
}

#[test]
fn malformed_commands_are_reported_and_change_nothing() {
    let bad = [
        "set game (;GM[Go];)",
        "set game (;GM[Othello]TY[8]BO[8 --- *];)",
        "set game (;GM[Othello]TY[10]BO[8 ---------------------------O*------*O--------------------------- *];)",
        "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[a1];)",
        "set game (;BO[8 ---------------------------O*------*O--------------------------- *]B[f5]",
        "set game",
        "set depth 0",
        "set depth deep",
        "set contempt lots",
        "set colour blue",
        "move z9",
        "move a1/1.0/2.0",
        "move",
        "hint 0",
        "hint many",
        "ping x",
        "nboard two",
        "bogus command",
        "\u{7f}\u{0}",
    ];
    let input = format!(
        "nboard 2\nset depth 8\nset game {}\n{}\n\ngo\n",
        ffo_1(),
        bad.join("\n")
    );
    let (ok, out, errors) = nboard(&input);
    assert!(ok);
    assert_eq!(errors.len(), bad.len(), "{errors:?}");
    assert!(
        errors.iter().all(|e| e.starts_with("Error: ")),
        "{errors:?}"
    );
    assert!(errors[0].contains("\"Go\" is not Othello"), "{errors:?}");
    assert!(errors[11].contains("a1 is not legal"), "{errors:?}");
    // Still FFO #1 at depth 8.
    assert_eq!(out.len(), 5, "{out:?}");
    assert_eq!(played(&out[3]), ("g8".to_owned(), 18.0), "{out:?}");
}

#[test]
fn moves_passes_analysis_and_the_end_of_the_session() {
    // After these eight moves Black must pass: the GUI may say so or not.
    let game = "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
        B[d3]W[c3]B[f5]W[d2]B[d1]W[e1]B[b3]W[c1];)";
    let (ok, out, errors) = nboard(&format!(
        "nboard 2\nset depth 2\nset game {game}\ngo\nmove d6//0.1\nanalyze\nlearn\nquit\nping 9\n"
    ));
    assert!(ok && errors.is_empty(), "{errors:?}");
    assert_eq!(played(&out[3]).0, "PA", "{out:?}");
    // The start, eight moves, Black's pass and d6: eleven positions, the last first.
    assert_eq!(out[5], "status Ishi is analysing");
    let numbers: Vec<&str> = out[6..17]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap())
        .collect();
    assert_eq!(
        numbers,
        ["10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "0"]
    );
    assert_eq!(out[17..], ["status Ishi is waiting"]);
    // A finished game: no move to make, and its exact margin for the player to move.
    let wipe_out = "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
        B[c4]W[c3]B[e6]W[d6]B[c6]W[c5]B[c2]W[f6]B[g7];)";
    let (ok, out, errors) = nboard(&format!("set game {wipe_out}\ngo\nhint 1\nanalyze\n"));
    assert!(ok);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("the game is over"), "{errors:?}");
    assert_eq!(out[..2], ["status Ishi is thinking", "nodestats 0 0.00"]);
    assert_eq!(out[4], "analysis 9 -64.00", "{out:?}");
    assert_eq!(out.len(), 15, "{out:?}");
}
