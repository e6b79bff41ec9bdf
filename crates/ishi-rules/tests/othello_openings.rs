//! The opening names: the table replays, and games are named in every orientation.

use std::collections::HashSet;

use ishi_rules::othello::openings::{self, OPENINGS};
use ishi_rules::othello::{Move, Othello, Square, transcript};
use ishi_rules::{Game, Player};

fn moves(text: &str) -> Vec<Move> {
    transcript::parse(text).unwrap()
}

fn name(text: &str) -> Option<&'static str> {
    openings::reached(&moves(text)).map(|opening| opening.name)
}

/// A map of squares as (column, row) to (column, row).
type Symmetry = fn(u8, u8) -> (u8, u8);

/// `text` seen from another first move: each square's column and row mapped by `symmetry`.
fn turned(text: &str, symmetry: Symmetry) -> Vec<Move> {
    moves(text)
        .into_iter()
        .map(|mv| {
            let sq = mv.point().unwrap();
            let (col, row) = symmetry(sq.col(), sq.row());
            Move::Place(Square::from_coords(col, row).unwrap())
        })
        .collect()
}

/// The four orientations of the start, written out again here: Black's first move f5 becomes
/// f5, c4 (the half turn), e6 (a1-h8 reflection) and d3 (a8-h1 reflection).
const ORIENTATIONS: [Symmetry; 4] = [
    |c, r| (c, r),
    |c, r| (7 - c, 7 - r),
    |c, r| (r, c),
    |c, r| (7 - r, 7 - c),
];

#[test]
fn every_line_replays_legally_from_f5_without_a_pass() {
    for opening in OPENINGS {
        let replay = transcript::load(&Othello::standard(), opening.line)
            .unwrap_or_else(|e| panic!("{}: {e}", opening.name));
        assert!(
            replay.moves.iter().all(|mv| !mv.is_pass()),
            "{}",
            opening.name
        );
        assert!(opening.line.starts_with("f5"), "{}", opening.name);
        // Written as the transcript module prints it: lowercase, run together.
        assert_eq!(
            transcript::print(&replay.moves),
            opening.line,
            "{}",
            opening.name
        );
    }
}

#[test]
fn every_name_and_line_appears_once() {
    let mut names = HashSet::new();
    let mut japanese = HashSet::new();
    let mut lines = HashSet::new();
    for opening in OPENINGS {
        assert!(names.insert(opening.name), "{} twice", opening.name);
        assert!(
            japanese.insert(opening.japanese),
            "{} twice",
            opening.japanese
        );
        assert!(lines.insert(opening.line), "{} twice", opening.line);
    }
    assert!(OPENINGS.len() >= 75, "{} openings", OPENINGS.len());
}

/// Two lines ending at the same position, in any orientation, would give it two names: the
/// lookup would find only one of them.
#[test]
fn every_line_is_named_as_itself_and_in_book_all_along() {
    for opening in OPENINGS {
        let line = moves(opening.line);
        assert_eq!(openings::reached(&line), Some(opening), "{}", opening.line);
        for n in 0..=line.len() {
            assert!(openings::in_book(&line[..n]), "{} to {n}", opening.name);
        }
    }
}

#[test]
fn every_opening_is_found_from_each_first_move() {
    for opening in OPENINGS {
        let firsts: Vec<String> = ORIENTATIONS
            .iter()
            .map(|&symmetry| {
                let line = turned(opening.line, symmetry);
                assert_eq!(
                    openings::reached(&line),
                    Some(opening),
                    "{}",
                    transcript::print(&line)
                );
                line[0].to_string()
            })
            .collect();
        assert_eq!(firsts, ["f5", "c4", "e6", "d3"]);
    }
}

#[test]
fn the_tiger_written_from_each_first_move_is_the_tiger() {
    for text in ["f5d6c3d3c4", "c4e3f6e6f5", "e6f4c3c4d3", "d3c5f6f5e6"] {
        assert_eq!(name(text), Some("Tiger"), "{text}");
    }
    // The Rose, as written from c4 in the English catalogue.
    assert_eq!(name("C4e3F4c5D6f3E6c3D3e2"), Some("Rose"));
}

/// Lines written out here from the published move orders, not read from the table.
#[test]
fn known_games_get_their_names() {
    let games = [
        ("f5 d6", "Perpendicular Opening"),
        ("f5 f6", "Diagonal Opening"),
        ("f5 f4", "Parallel Opening"),
        ("f5 d6 c5", "Rabbit"),
        ("f5 d6 c5 f4 d3", "Horse"),
        ("f5 d6 c5 f4 e3 c6 d3 f6 e6 d7", "Rose"),
        ("f5 d6 c3 d3 c4 f4 c5 b3 c2", "Rose-Bill"),
        ("f5 d6 c3 d3 c4 f4 f6", "Stephenson"),
        ("f5 d6 c3 d3 c4 f4 f6 g5", "No-Kung"),
        ("f5 d6 c3 d3 c4 b3", "Aubrey (Tanaka)"),
        ("f5 d6 c4 g5 c6", "Swallow"),
        ("f5 f6 e6 f4 e3", "Cow"),
        ("f5 f6 e6 f4 e3 d6", "Chimney"),
        ("f5 f6 e6 f4 e3 c5 c4 e7 b5 e2", "Sailboat"),
        ("f5 f6 e6 f4 c3", "Buffalo (Kenichi Variation)"),
        ("f5 f6 e6 f4 g5", "Heath (Tobidashi)"),
        ("f5 f6 e6 f4 g6", "Snake (Peasant)"),
        ("f5 f6 e6 f4 g4", "Raccoon Dog"),
        ("f5 f6 e6 f4 g7", "X-square Opening"),
        ("f5 f4 e3 f6", "Rat"),
    ];
    for (text, expected) in games {
        assert_eq!(name(text), Some(expected), "{text}");
    }
    let tiger = openings::reached(&moves("f5d6c3d3c4")).unwrap();
    assert_eq!(tiger.japanese, "虎");
}

/// After f5 f6 e6 the board is symmetric about the a1-h8 diagonal: White's d6 is the f4 the
/// table writes, and the lines go on mirrored.
#[test]
fn the_diagonals_fourth_move_counts_either_way() {
    assert_eq!(name("f5 f6 e6 d6 c5"), Some("Cow"));
    assert_eq!(name("f5 f6 e6 d6 c5 e3 d3"), Some("Rose-v-Toth"));
    assert_eq!(name("f5 f6 e6 d6 f7"), Some("Snake (Peasant)"));
    assert!(openings::in_book(&moves("f5 f6 e6 d6 c5 e3")));
}

#[test]
fn a_named_position_reached_in_another_order_is_named() {
    assert_eq!(name("f5 d6 c4 d3 c3"), Some("Tiger"));
}

#[test]
fn a_game_that_leaves_the_book_keeps_its_opening() {
    let game = moves("f5 d6 c3 d3 c4 g6 e6 f4 g5");
    assert!(openings::in_book(&game[..5]));
    for n in 5..=game.len() {
        assert_eq!(
            openings::reached(&game[..n]).map(|o| o.name),
            Some("Tiger"),
            "{n}"
        );
    }
    assert!(!openings::in_book(&game[..6]));
    assert!(!openings::in_book(&game));
}

#[test]
fn nothing_is_named_before_whites_first_reply() {
    assert_eq!(openings::reached(&[]), None);
    assert!(openings::in_book(&[]));
    for first in ["f5", "e6", "d3", "c4"] {
        assert_eq!(name(first), None, "{first}");
        assert!(openings::in_book(&moves(first)), "{first}");
    }
}

#[test]
fn moves_that_are_no_game_from_the_standard_start_name_nothing() {
    for text in ["a1", "f5 f5", "f5 d6 c3 d3 c4 a1", "e3"] {
        assert_eq!(name(text), None, "{text}");
        assert!(!openings::in_book(&moves(text)), "{text}");
    }
    assert_eq!(openings::reached(&[Move::Pass]), None);
}

/// A game with a forced pass, written with the pass and without it, as transcripts do.
#[test]
fn a_forced_pass_may_be_written_or_left_out() {
    // White has no move after Black's c7, so Black plays g5 at once.
    let implicit = moves("f5 f4 e3 f6 c5 b5 b6 e2 a5 a7 c7 g5");
    let mut explicit = implicit.clone();
    explicit.insert(11, Move::Pass);
    for game in [&implicit, &explicit] {
        assert_eq!(openings::reached(game).map(|o| o.name), Some("Rat"));
        assert!(!openings::in_book(game));
    }
    let replay = transcript::replay(&Othello::standard(), &implicit).unwrap();
    assert_eq!(replay.moves, explicit);
    assert_eq!(replay.last_position().turn(), Player::White);
}

#[test]
fn positions_are_named_as_their_moves_are() {
    let tiger = transcript::load(&Othello::standard(), "f5d6c3d3c4").unwrap();
    let names: Vec<Option<&str>> = tiger
        .positions
        .iter()
        .map(|p| openings::named(p).map(|o| o.name))
        .collect();
    assert_eq!(
        names,
        [
            None,
            None,
            Some("Perpendicular Opening"),
            None,
            None,
            Some("Tiger")
        ]
    );
    assert!(tiger.positions.iter().all(openings::on_line));
    let left = transcript::load(&Othello::standard(), "f5d6c3d3c4g6").unwrap();
    assert!(!openings::on_line(&left.last_position()));
    // Other boards have no named openings, and no book.
    let small = Othello::new("6x6".parse().unwrap());
    assert_eq!(openings::named(&small), None);
    assert!(!openings::on_line(&small));
}

#[test]
fn no_game_shorter_than_the_fewest_moves_is_named() {
    let shortest = OPENINGS.iter().map(|o| o.line.len() / 2).min().unwrap();
    assert_eq!(openings::FEWEST_MOVES, shortest);
    // Every game of fewer moves from the start.
    let mut games = vec![Othello::standard()];
    for _ in 0..shortest {
        for game in &games {
            assert_eq!(openings::named(game), None, "{game:?}");
        }
        games = games
            .iter()
            .flat_map(|game| {
                game.legal_moves()
                    .into_iter()
                    .map(|mv| game.play(mv).unwrap())
            })
            .collect();
    }
    assert!(games.iter().any(|game| openings::named(game).is_some()));
}
