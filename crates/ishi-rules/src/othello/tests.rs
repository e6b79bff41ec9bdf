use super::*;
use crate::Move;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn place(name: &str) -> super::Move {
    Move::Place(sq(name))
}

fn after(start: Othello, text: &str) -> Othello {
    transcript::load(&start, text).unwrap().last_position()
}

#[test]
fn standard_start_matches_the_rules() {
    let start = Othello::standard();
    assert_eq!(start.disc_at(sq("d4")), Some(Player::White));
    assert_eq!(start.disc_at(sq("e5")), Some(Player::White));
    assert_eq!(start.disc_at(sq("e4")), Some(Player::Black));
    assert_eq!(start.disc_at(sq("d5")), Some(Player::Black));
    assert_eq!(start.turn(), Player::Black);
    let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
    assert_eq!(
        start.to_string(),
        "   a b c d e f g h
 1 - - - - - - - -
 2 - - - - - - - -
 3 - - - - - - - -
 4 - - - O X - - -
 5 - - - X O - - -
 6 - - - - - - - -
 7 - - - - - - - -
 8 - - - - - - - -
black to move"
    );
}

#[test]
fn every_size_starts_with_the_centre_square_and_four_moves() {
    for size in [4, 6, 8, 10] {
        let shape = Shape::square(size).unwrap();
        let start = Othello::new(shape);
        assert_eq!(start.disc_count(), ByColor::new(2, 2), "{size}");
        assert_eq!(start.legal_moves().len(), 4, "{size}");
        let [d4, e4, d5, e5] = shape.centre();
        assert_eq!(start.disc_at(d4), Some(Player::White));
        assert_eq!(start.disc_at(e5), Some(Player::White));
        assert_eq!(start.disc_at(e4), Some(Player::Black));
        assert_eq!(start.disc_at(d5), Some(Player::Black));
    }
    assert!(matches!(
        Othello::new(Shape::STANDARD),
        Othello::Standard(_)
    ));
    assert!(matches!(
        Othello::new(Shape::square(6).unwrap()),
        Othello::General(_)
    ));
}

#[test]
fn refusals_carry_the_reason() {
    let start = Othello::standard();
    assert_eq!(start.check(place("d4")), Err(IllegalReason::Occupied));
    assert_eq!(start.check(place("a1")), Err(IllegalReason::NoFlip));
    assert_eq!(start.check(place("j10")), Err(IllegalReason::OffBoard));
    assert_eq!(start.check(Move::Pass), Err(IllegalReason::CannotPass));
    let error = start.play(place("a1")).unwrap_err();
    assert_eq!(error.to_string(), "illegal move a1: it flips no disc");

    let octagon = Othello::new("octagon".parse().unwrap());
    assert_eq!(octagon.check(place("a1")), Err(IllegalReason::OffBoard));
    let small = Othello::new(Shape::square(4).unwrap());
    assert_eq!(small.check(place("e1")), Err(IllegalReason::OffBoard));
}

#[test]
fn a_player_without_placements_must_pass() {
    // The fastest forced pass: after White's f8, Black has no move.
    let position = after(Othello::standard(), "e6f6c4e7e8d8g6f8");
    assert_eq!(position.turn(), Player::Black);
    assert_eq!(position.legal_moves(), vec![Move::Pass]);
    assert_eq!(position.check(place("a1")), Err(IllegalReason::MustPass));
    assert_eq!(position.check(place("e6")), Err(IllegalReason::Occupied));
    let passed = position.play(Move::Pass).unwrap();
    assert_eq!(passed.turn(), Player::White);
    assert!(!passed.legal_moves().is_empty());
    assert_eq!(passed.hash(), passed.recomputed_hash());
}

#[test]
fn a_finished_game_refuses_everything() {
    let end = after(Othello::standard(), "e6f4e3d6c5f6e7f5g5");
    assert!(end.legal_moves().is_empty());
    assert_eq!(end.outcome(), Some(Outcome::Win(Player::Black)));
    assert_eq!(end.check(Move::Pass), Err(IllegalReason::GameOver));
    assert_eq!(end.check(place("a1")), Err(IllegalReason::GameOver));
}

#[test]
fn a_move_flips_every_bracketed_line() {
    // Black on d4 brackets White on e5 (diagonal) and e4 (horizontal) from f6 and f4.
    let setup = Setup {
        shape: Shape::STANDARD,
        discs: vec![
            (sq("d4"), Player::Black),
            (sq("e4"), Player::White),
            (sq("d6"), Player::Black),
            (sq("e5"), Player::White),
            (sq("f6"), Player::Black),
            (sq("d5"), Player::White),
        ],
        turn: Player::Black,
    };
    let position = Othello::from_setup(&setup).unwrap();
    let mut flipped = position.flips(sq("f4"));
    flipped.sort();
    assert_eq!(flipped, vec![sq("e4"), sq("e5")]);
    let next = position.play(place("f4")).unwrap();
    assert_eq!(next.disc_count(), ByColor::new(6, 1));
    assert_eq!(next.disc_at(sq("d5")), Some(Player::White));
}

#[test]
fn setups_with_misplaced_discs_are_refused() {
    let mut setup = Setup::start(Shape::STANDARD);
    setup.discs.push((sq("d4"), Player::Black));
    assert_eq!(
        Othello::from_setup(&setup),
        Err(SetupError::Overlap(sq("d4")))
    );
    let mut setup = Setup::start("cross".parse().unwrap());
    setup.discs.push((sq("a1"), Player::Black));
    assert_eq!(
        Othello::from_setup(&setup),
        Err(SetupError::OffBoard(sq("a1")))
    );
}

#[test]
fn the_score_gives_empties_to_the_winner() {
    let score = Score {
        discs: ByColor::new(30, 20),
        empties: 14,
    };
    assert_eq!(score.margin(), 24);
    assert_eq!(score.to_string(), "B+24");
    let score = Score {
        discs: ByColor::new(3, 5),
        empties: 8,
    };
    assert_eq!(score.margin(), -10);
    assert_eq!(score.to_string(), "W+10");
    let draw = Score {
        discs: ByColor::new(31, 31),
        empties: 2,
    };
    assert_eq!(draw.margin(), 0);
    assert_eq!(draw.to_string(), "Draw");
    assert_eq!(draw.outcome(), Outcome::Draw);
}

#[test]
fn both_paths_agree_on_the_standard_board() {
    let fast = Othello::standard();
    let general = Othello::General(OthelloN::new(Shape::STANDARD));
    assert_eq!(fast.hash(), general.hash());
    for depth in 1..=6 {
        assert_eq!(
            perft(&fast, depth),
            crate::perft(&general, depth),
            "{depth}"
        );
        assert_eq!(perft(&fast, depth), crate::perft(&fast, depth), "{depth}");
    }
}
