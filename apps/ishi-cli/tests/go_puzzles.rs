//! `ishi-cli go puzzles` and `go check-puzzles`: the Go puzzle library, made from Ishi's own
//! games and checked again by the network's search.

mod common;
mod libraries;

use std::path::PathBuf;
use std::process::Output;

use ishi_puzzles::go;

use libraries::text;

fn cli(args: &[&str]) -> Output {
    common::run(args, "")
}

/// The library the app ships.
fn library() -> PathBuf {
    libraries::shipped("go.txt")
}

fn temporary(name: &str) -> PathBuf {
    libraries::temporary("ishi-go-puzzles", name)
}

/// The shipped library reads, holds each position once on 9x9, 13x13 and 19x19 crops, and a
/// sample of it (4 puzzles spread over it, a few seconds each) is checked again by the
/// checking search (`ishi-cli go check-puzzles` without `--sample` checks them all).
#[test]
fn the_shipped_library_holds_and_a_sample_is_checked_again() {
    let library = library();
    let puzzles =
        go::parse(&std::fs::read_to_string(&library).expect("the library")).expect("a library");
    assert!(puzzles.len() >= 1000, "{} puzzles", puzzles.len());
    let ids: std::collections::HashSet<u64> = puzzles.iter().map(go::Puzzle::id).collect();
    assert_eq!(ids.len(), puzzles.len(), "a position twice");
    for size in [9, 13] {
        assert!(
            puzzles
                .iter()
                .any(|p| p.game.size() == size && p.crop.is_none())
        );
    }
    assert!(
        puzzles
            .iter()
            .filter(|p| p.game.size() == 19)
            .all(|p| p.crop.is_some())
    );
    let path = library.to_str().expect("a path");
    let output = cli(&["go", "check-puzzles", path, "--sample", "4"]);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}{}", text(&output.stderr));
    assert!(out.starts_with("4 of 4 puzzles hold, 0 wrong"), "{out}");
}

#[test]
fn a_wrong_value_is_found_and_named() {
    let shipped = std::fs::read_to_string(library()).expect("the library");
    let line = shipped
        .lines()
        .find(|l| !l.starts_with('#') && l.starts_with("9 "))
        .expect("a 9x9 puzzle");
    let mut puzzle = go::parse(line).expect("a puzzle").remove(0);
    // The worst move said to lose 4 points more: still a puzzle, but not what the search
    // finds.
    let worst = puzzle.values.len() - 1;
    puzzle.values[worst].1 -= 40;
    let path = temporary("wrong.txt");
    std::fs::write(&path, format!("{puzzle}\n")).expect("written");
    let output = cli(&["go", "check-puzzles", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    let out = text(&output.stdout);
    assert!(!output.status.success(), "{out}");
    let mv = puzzle.values[worst].0;
    assert!(
        out.starts_with(&format!("puzzle 1 ({}): {mv} is worth", puzzle.source)),
        "{out}"
    );
    assert!(out.contains("0 of 1 puzzles hold, 1 wrong"), "{out}");
    assert!(
        text(&output.stderr).contains("1 puzzles of"),
        "{}",
        text(&output.stderr)
    );
}

/// Game 8 of the 9x9 self-play gives puzzles; they read back, come from that game, and are
/// checked again.
#[test]
fn puzzles_made_from_self_play_are_checked_and_read_back() {
    let output = cli(&[
        "go",
        "puzzles",
        "--size",
        "9",
        "--first-game",
        "8",
        "--count",
        "1",
    ]);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}{}", text(&output.stderr));
    let puzzles = go::parse(&out).expect("a library");
    assert_eq!(puzzles.len(), 1, "{out}{}", text(&output.stderr));
    let puzzle = &puzzles[0];
    assert_eq!(puzzle.game.size(), 9);
    assert!(
        puzzle.source.starts_with("ishi self-play 9x9 #8, "),
        "{puzzle}"
    );
    assert!(go::is_unique(puzzle.values[0].1, puzzle.values[1].1));
    let path = temporary("made.txt");
    std::fs::write(&path, &out).expect("written");
    let check = cli(&["go", "check-puzzles", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    assert!(check.status.success(), "{}", text(&check.stdout));
}

#[test]
fn a_board_the_network_does_not_play_is_refused() {
    let output = cli(&["go", "puzzles", "--size", "7"]);
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("--size 7: puzzles are made on 9, 13 and 19"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn a_broken_library_is_refused_with_the_line() {
    let path = temporary("broken.txt");
    std::fs::write(&path, "# a comment\nnot a puzzle\n").expect("written");
    let output = cli(&["go", "check-puzzles", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("go puzzle library, line 2: 1 fields"),
        "{}",
        text(&output.stderr)
    );
}
