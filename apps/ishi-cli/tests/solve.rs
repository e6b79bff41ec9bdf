//! `ishi-cli othello solve`: exact scores for the lines of an `.obf` file.

mod common;

use std::process::Output;

fn solve(args: &[&str], input: &str) -> Output {
    let args: Vec<&str> = ["othello", "solve"].iter().chain(args).copied().collect();
    common::run(&args, input)
}

const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18";
const FFO_3: &str = "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X";

#[test]
fn each_position_gets_its_move_exact_score_and_counts() {
    let input = format!("% FFO positions\n{FFO_1}\n\n{FFO_3}\n");
    let output = solve(&["-"], &input);
    let text = String::from_utf8(output.stdout).expect("text");
    assert!(output.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("2 g8 +18 nodes="), "{text}");
    assert!(lines[1].starts_with("4 d1 +2 nodes="), "{text}");
    assert!(lines[0].contains(" seconds="), "{text}");
    assert!(lines[2].starts_with("total positions=2 nodes="), "{text}");
}

#[test]
fn a_malformed_line_is_reported_with_its_number_and_the_others_are_solved() {
    let input = format!("{FFO_1}\nXXOO this is not a board\n{FFO_3}\n");
    let output = solve(&["-"], &input);
    let text = String::from_utf8(output.stdout).expect("text");
    let errors = String::from_utf8(output.stderr).expect("text");
    assert!(!output.status.success());
    assert!(
        errors.contains("line 2: board string, character"),
        "{errors}"
    );
    assert!(
        errors.contains("1 line(s) of - were not positions"),
        "{errors}"
    );
    assert!(text.contains("1 g8 +18 nodes="), "{text}");
    assert!(text.contains("3 d1 +2 nodes="), "{text}");
}

#[test]
fn a_missing_file_is_an_error_that_names_it() {
    let output = solve(&["no/such/file.obf"], "");
    let errors = String::from_utf8(output.stderr).expect("text");
    assert!(!output.status.success());
    assert!(errors.contains("cannot read no/such/file.obf"), "{errors}");
}
