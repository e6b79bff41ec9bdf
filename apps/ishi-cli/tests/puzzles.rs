//! `ishi-cli othello puzzles` and `check-puzzles`: the app's Othello puzzle library, made from
//! games and proved again by the exact solver. `tests/data/eothello-5.csv` is the first five
//! games of the eOthello CSV the library is made from (the public Kaggle data set "Othello
//! games").

mod common;
mod libraries;

use std::path::PathBuf;
use std::process::Output;

use ishi_puzzles::othello;

use libraries::text;

fn cli(args: &[&str]) -> Output {
    common::run(args, "")
}

/// The library the app ships.
fn library() -> PathBuf {
    libraries::shipped("othello.txt")
}

fn temporary(name: &str) -> PathBuf {
    libraries::temporary("ishi-puzzles", name)
}

/// The shipped library reads, has its 3,000 puzzles with one answer each, and a sample of its
/// quick ones is proved again (`ishi-cli othello check-puzzles` without `--sample` proves them
/// all).
#[test]
fn the_shipped_library_holds_and_a_sample_is_proved_again() {
    let library = library();
    let puzzles = othello::parse(&std::fs::read_to_string(&library).expect("the library"))
        .expect("a library");
    assert!(puzzles.len() >= 3000, "{} puzzles", puzzles.len());
    let ids: std::collections::HashSet<u64> = puzzles.iter().map(othello::Puzzle::id).collect();
    assert_eq!(ids.len(), puzzles.len(), "a position twice");
    let path = library.to_str().expect("a path");
    let output = cli(&[
        "othello",
        "check-puzzles",
        path,
        "--sample",
        "200",
        "--max-empties",
        "18",
    ]);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}{}", text(&output.stderr));
    assert!(
        out.starts_with("200 of 200 puzzles proved, 0 wrong"),
        "{out}"
    );
}

#[test]
fn a_wrong_value_is_found_and_named() {
    let shipped = std::fs::read_to_string(library()).expect("the library");
    let line = shipped
        .lines()
        .find(|l| {
            !l.starts_with('#')
                && othello::parse(l).is_ok_and(|p| p[0].position.score().empties <= 14)
        })
        .expect("a puzzle with 14 empty squares or fewer");
    let mut puzzle = othello::parse(line).expect("a puzzle").remove(0);
    // The worst move said to lose by two discs more: still a puzzle, but not the truth.
    let worst = puzzle.values.len() - 1;
    puzzle.values[worst].1 -= 2;
    let path = temporary("wrong.txt");
    std::fs::write(&path, format!("{puzzle}\n")).expect("written");
    let output = cli(&["othello", "check-puzzles", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    let out = text(&output.stdout);
    assert!(!output.status.success(), "{out}");
    assert!(
        out.starts_with(&format!("puzzle 1 ({}): values", puzzle.source)),
        "{out}"
    );
    assert!(out.contains("0 of 1 puzzles proved, 1 wrong"), "{out}");
    assert!(
        text(&output.stderr).contains("1 puzzles of"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn puzzles_made_from_games_are_proved_and_read_back() {
    let games = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/eothello-5.csv");
    let output = cli(&[
        "othello",
        "puzzles",
        games.to_str().expect("a path"),
        "--count",
        "2",
        "--min-empties",
        "12",
        "--max-empties",
        "14",
    ]);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}{}", text(&output.stderr));
    let puzzles = othello::parse(&out).expect("a library");
    assert!(!puzzles.is_empty(), "{out}{}", text(&output.stderr));
    for puzzle in &puzzles {
        let empties = puzzle.position.score().empties;
        assert!((12..=14).contains(&empties), "{puzzle}");
        assert!(puzzle.source.starts_with("eothello "), "{puzzle}");
    }
    let path = temporary("made.txt");
    std::fs::write(&path, &out).expect("written");
    let check = cli(&["othello", "check-puzzles", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    assert!(check.status.success(), "{}", text(&check.stdout));
}

#[test]
fn a_games_line_that_is_not_a_game_is_refused_with_its_number() {
    let path = temporary("bad.csv");
    std::fs::write(&path, "id,winner,moves\n1,1,f5d6\n2,1,f5z9\n").expect("written");
    let output = cli(&["othello", "puzzles", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("line 3: not a game"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn a_broken_library_is_refused_with_the_line() {
    let path = temporary("broken.txt");
    std::fs::write(&path, "# a comment\nnot a puzzle\n").expect("written");
    let output = cli(&["othello", "check-puzzles", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("puzzle library, line 2: 1 fields"),
        "{}",
        text(&output.stderr)
    );
}

/// `rate-puzzles` rates a library again as weak players find its puzzles: the same puzzles,
/// easiest first, each rated from 600 up, the shipped library's hardest rated well above its
/// easiest, and the same ratings on a second run.
#[test]
fn puzzles_are_rated_by_what_weak_players_miss() {
    let shipped = std::fs::read_to_string(library()).expect("the library");
    let header: Vec<&str> = shipped.lines().take_while(|l| l.starts_with('#')).collect();
    let puzzles: Vec<&str> = shipped.lines().filter(|l| !l.starts_with('#')).collect();
    // The shipped library's easiest and hardest ten, out of order.
    let chosen: Vec<&str> = puzzles[puzzles.len() - 10..]
        .iter()
        .chain(&puzzles[..10])
        .copied()
        .collect();
    let path = temporary("rate.txt");
    let small = format!("{}\n{}\n", header.join("\n"), chosen.join("\n"));
    std::fs::write(&path, &small).expect("a file");
    let rate = || cli(&["othello", "rate-puzzles", path.to_str().expect("a path")]);
    let output = rate();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(out.starts_with(&header.join("\n")), "{out}");
    let rated = othello::parse(&out).expect("a library");
    let before = othello::parse(&small).expect("a library");
    let key = |p: &othello::Puzzle| (p.id(), p.values.clone(), p.line.clone(), p.themes.clone());
    let mut same: Vec<_> = rated.iter().map(key).collect();
    let mut was: Vec<_> = before.iter().map(key).collect();
    same.sort();
    was.sort();
    assert_eq!(same, was, "the same puzzles, their ratings apart");
    let ratings: Vec<u16> = rated.iter().map(|p| p.rating).collect();
    assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
    assert!(
        ratings.iter().all(|&r| (600..=2200).contains(&r)),
        "{ratings:?}"
    );
    assert!(ratings[19] >= ratings[0] + 800, "{ratings:?}");
    let bands = text(&output.stderr);
    assert!(
        bands
            .lines()
            .all(|l| l.contains("00-") && l.contains("99: ")),
        "{bands}"
    );
    assert_eq!(text(&rate().stdout), out, "a second run rates the same");
    std::fs::remove_file(&path).expect("removed");
}
