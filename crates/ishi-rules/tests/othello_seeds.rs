//! The scenarios of seed 001 (a Jest suite for an 8x8 reversi): its `put(x, y)` takes the
//! column first, so `put(4, 5)` is e6.

use ishi_rules::othello::{Move, Othello, Square, transcript};
use ishi_rules::{ByColor, Game, Outcome, Player};

/// Plays the seed's `put(x, y)` calls and returns every position.
fn put_all(calls: &[(u8, u8)]) -> Vec<Othello> {
    let mut positions = vec![Othello::standard()];
    for &(x, y) in calls {
        let square = Square::from_coords(x, y).unwrap();
        let mut position = *positions.last().unwrap();
        if position.legal_moves() == [Move::Pass] {
            position = position.play(Move::Pass).unwrap();
        }
        positions.push(position.play(Move::Place(square)).unwrap());
    }
    positions
}

#[test]
fn fastest_forced_pass_returns_the_turn_to_white() {
    let positions = put_all(&[
        (4, 5),
        (5, 5),
        (2, 3),
        (4, 6),
        (4, 7),
        (3, 7),
        (6, 5),
        (5, 7),
    ]);
    let before = positions[positions.len() - 2];
    let after = *positions.last().unwrap();
    assert_eq!(before.turn(), Player::White);
    // Black cannot move: the only move is a pass, and then White is to move again.
    assert_eq!(after.legal_moves(), vec![Move::Pass]);
    let after_pass = after.play(Move::Pass).unwrap();
    assert_eq!(after_pass.turn(), before.turn());
    assert!(!after_pass.is_over());
    let replay = transcript::load(&Othello::standard(), "e6f6c4e7e8d8g6f8").unwrap();
    assert_eq!(replay.last_position(), after);
}

#[test]
fn white_wiped_out_ends_the_game() {
    let end = *put_all(&[
        (4, 5),
        (5, 3),
        (4, 2),
        (3, 5),
        (2, 4),
        (5, 5),
        (4, 6),
        (5, 4),
        (6, 4),
    ])
    .last()
    .unwrap();
    assert_eq!(end.disc_count(), ByColor::new(13, 0));
    assert!(end.is_over());
    assert_eq!(end.outcome(), Some(Outcome::Win(Player::Black)));
    assert_eq!(end.score().margin(), 64);
}

#[test]
fn black_wiped_out_ends_the_game() {
    let end = *put_all(&[
        (4, 5),
        (5, 5),
        (5, 4),
        (3, 5),
        (2, 4),
        (1, 3),
        (2, 3),
        (5, 3),
        (3, 2),
        (3, 1),
    ])
    .last()
    .unwrap();
    assert_eq!(end.disc_count().black, 0);
    assert!(end.is_over());
    assert_eq!(end.outcome(), Some(Outcome::Win(Player::White)));
    assert_eq!(end.score().to_string(), "W+64");
}

#[test]
fn no_forced_pass_happens_in_fewer_moves() {
    // The seed calls its pass the fastest: check that no shorter game forces one.
    fn search(position: Othello, depth: u32) -> bool {
        if position.legal_moves() == [Move::Pass] {
            return true;
        }
        depth > 0
            && position
                .legal_moves()
                .into_iter()
                .any(|m| search(position.play(m).unwrap(), depth - 1))
    }
    assert!(!search(Othello::standard(), 7));
    assert!(search(Othello::standard(), 8));
}
