//! The terminal front end driven through pipes, as a user's script would.

mod common;

use std::process::Output;

fn ishi(args: &[&str], input: &str) -> Output {
    common::run(args, input)
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

const HUMANS: [&str; 6] = ["play", "othello", "--black", "human", "--white", "human"];

#[test]
fn a_scripted_game_plays_to_the_result() {
    // The shortest wipe-out, typed in three spellings.
    let output = ishi(&HUMANS, "e6\nF4\n3e\nd6\nc5\nf6\ne7\nf5\ng5\n");
    let text = stdout(&output);
    assert!(output.status.success());
    assert!(
        text.ends_with("Game over. Black 13 - 0 White. Black wins by 64 (B+64).\n"),
        "{text}"
    );
}

#[test]
fn bad_entries_are_refused_with_the_reason_and_asked_again() {
    let output = ishi(&HUMANS, "a1\nk3\ne5\npass\nf5\n");
    let text = stdout(&output);
    assert!(
        text.contains("a1 is not legal: it flips no disc."),
        "{text}"
    );
    assert!(text.contains("\"k3\" is not a square"), "{text}");
    assert!(
        text.contains("e5 is not legal: the point is occupied."),
        "{text}"
    );
    assert!(
        text.contains("pass is not legal: passing is allowed only when"),
        "{text}"
    );
    // f5 was accepted: White is asked next, then input ends.
    assert!(
        text.contains("White (O) to move > \nEnd of input: game abandoned."),
        "{text}"
    );
    assert!(output.status.success());
}

#[test]
fn forced_passes_are_announced() {
    let output = ishi(&HUMANS, "e6 \nf6\nc4\ne7\ne8\nd8\ng6\nf8\n");
    let text = stdout(&output);
    assert!(
        text.contains("Black has no legal move and passes."),
        "{text}"
    );
    assert!(text.trim_end().ends_with("End of input: game abandoned."));
}

#[test]
fn computer_games_finish_on_every_shape_and_repeat_with_a_seed() {
    for shape in [
        "4x4", "6x6", "10x10", "octagon", "cross", "holes", "diamond",
    ] {
        let args = [
            "play", "othello", "--shape", shape, "--black", "random", "--white", "random",
            "--seed", "9",
        ];
        let first = ishi(&args, "");
        assert!(stdout(&first).contains("Game over."), "{shape}");
        assert_eq!(stdout(&first), stdout(&ishi(&args, "")), "{shape}");
    }
}

#[test]
fn undo_takes_back_the_computer_reply_too() {
    let output = ishi(&["play", "othello", "--seed", "1"], "f5\nundo\nundo\n");
    let text = stdout(&output);
    assert!(text.contains("Took back 2 move(s)."), "{text}");
    assert!(text.contains("Nothing to undo."), "{text}");
}

#[test]
fn bad_options_fail_with_a_message() {
    let output = ishi(&["play", "othello", "--size", "7"], "");
    assert!(!output.status.success());
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("board size 7 is not supported"), "{error}");
}

#[test]
fn perft_prints_one_line_of_figures() {
    let output = ishi(&["othello", "perft", "6"], "");
    let text = stdout(&output);
    assert!(text.starts_with("depth=6 nodes=8200 seconds="), "{text}");
    assert!(text.contains(" nps="));
    assert_eq!(text.lines().count(), 1);
    let general = stdout(&ishi(&["othello", "perft", "6", "--general"], ""));
    assert!(general.starts_with("depth=6 nodes=8200 "), "{general}");
}

#[test]
fn help_documents_the_options() {
    let text = stdout(&ishi(&["play", "othello", "--help"], ""));
    for option in [
        "--size", "--shape", "--black", "--white", "--seed", "octagon", "5f",
    ] {
        assert!(text.contains(option), "{option} missing from help");
    }
}
