use super::*;
use crate::Move;

fn pt(name: &str) -> Point {
    name.parse().unwrap()
}

fn place(name: &str) -> super::Move {
    Move::Place(pt(name))
}

fn after(mut go: Go, moves: &[&str]) -> Go {
    for name in moves {
        let mv = if *name == "pass" {
            Move::Pass
        } else {
            place(name)
        };
        go = go.play(mv).unwrap_or_else(|e| panic!("{e}\n{go}"));
    }
    go
}

#[test]
fn positions_are_send_and_sync_for_an_ai_thread() {
    fn shareable<T: Send + Sync + 'static>() {}
    shareable::<Go>();
}

#[test]
fn sizes_outside_5_to_19_are_refused() {
    for size in [0, 4, 20, 100] {
        assert_eq!(
            Go::new(size, GoRules::JAPANESE).err(),
            Some(SetupError::Size(size))
        );
    }
    for size in MIN_SIZE..=MAX_SIZE {
        let go = Go::new(size, GoRules::CHINESE).unwrap();
        assert_eq!(go.points().count(), size * size);
        assert_eq!(go.empty_count(), size * size);
        assert_eq!(go.legal_moves().len(), size * size + 1);
    }
}

#[test]
fn setups_that_are_not_positions_say_why() {
    let mut setup = Go::new(5, GoRules::JAPANESE).unwrap().setup();
    setup.stones = vec![(pt("F1"), Player::Black)];
    assert_eq!(
        Go::from_setup(&setup).err(),
        Some(SetupError::OffBoard(pt("F1")))
    );
    setup.stones = vec![(pt("A1"), Player::Black), (pt("A1"), Player::White)];
    assert_eq!(
        Go::from_setup(&setup).err(),
        Some(SetupError::Overlap(pt("A1")))
    );
    setup.stones = vec![
        (pt("A1"), Player::Black),
        (pt("A2"), Player::White),
        (pt("B1"), Player::White),
    ];
    assert_eq!(
        Go::from_setup(&setup).err(),
        Some(SetupError::NoLiberties(pt("A1")))
    );
    setup.stones.pop();
    setup.captures = ByColor::new(3, 1);
    setup.turn = Player::White;
    let go = Go::from_setup(&setup).unwrap();
    assert_eq!(go.setup(), setup);
    assert_eq!(go.liberties(pt("A1")), [pt("B1")]);
    assert_eq!(go.chain(pt("C3")), []);
    assert_eq!(
        SetupError::NoLiberties(pt("A1")).to_string(),
        "the chain at A1 has no liberties"
    );
}

#[test]
fn handicap_goes_on_an_empty_board_before_the_first_move() {
    let go = Go::new(9, GoRules::JAPANESE).unwrap();
    let two = [pt("C3"), pt("G7")];
    let handicap = go.with_handicap(&two).unwrap();
    assert_eq!(handicap.turn(), Player::White);
    assert_eq!(handicap.move_number(), 0);
    assert_eq!(handicap.hash(), handicap.recomputed_hash());
    assert_eq!(
        handicap.rules().komi,
        GoRules::JAPANESE.komi,
        "komi is the caller's"
    );
    assert_eq!(
        handicap.with_handicap(&two).err(),
        Some(HandicapError::NotEmpty)
    );
    let moved = go.play(Move::Pass).unwrap();
    assert_eq!(
        moved.with_handicap(&two).err(),
        Some(HandicapError::NotEmpty)
    );
    assert_eq!(
        go.with_handicap(&[pt("C3"), pt("C3")]).err(),
        Some(HandicapError::BadPoint(pt("C3")))
    );
    assert_eq!(
        go.with_handicap(&[pt("C3"), pt("K10")]).err(),
        Some(HandicapError::BadPoint(pt("K10")))
    );
    assert_eq!(
        go.with_handicap(&[pt("C3")]).err(),
        Some(HandicapError::Count { stones: 1, size: 9 })
    );
    let all: Vec<Point> = go.points().collect();
    assert!(matches!(
        go.with_handicap(&all),
        Err(HandicapError::Count { .. })
    ));
    assert!(
        go.with_handicap(&all[1..]).is_ok(),
        "one empty point is enough"
    );
}

#[test]
fn display_draws_gtp_coordinates_star_points_and_status() {
    let go = after(Go::new(9, GoRules::JAPANESE).unwrap(), &["D5", "E4"]);
    assert_eq!(
        go.to_string(),
        "   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . X + . . . . 5
 4 . . . . O . . . . 4
 3 . . + . . . + . . 3
 2 . . . . . . . . . 2
 1 . . . . . . . . . 1
   A B C D E F G H J
black to move; captures: black 0, white 0"
    );
    let over = after(go, &["pass", "pass"]);
    assert!(
        over.to_string()
            .ends_with("game over, W+6.5 with every stone alive; captures: black 0, white 0")
    );
    let wide = Go::new(19, GoRules::JAPANESE).unwrap().to_string();
    assert!(wide.starts_with("   A B C D E F G H J K L M N O P Q R S T\n19 . . ."));
}

#[test]
fn diagrams_that_are_not_boards_say_where() {
    let read = |text: &str| Go::from_diagram(text, GoRules::JAPANESE, Player::Black).err();
    assert_eq!(read(""), Some(DiagramError::NoRows));
    assert_eq!(
        read(".....\n..Z..\n.....\n.....\n....."),
        Some(DiagramError::BadChar {
            line: 2,
            found: 'Z'
        })
    );
    assert_eq!(
        read(".....\n....\n.....\n.....\n....."),
        Some(DiagramError::Width {
            line: 2,
            cells: 4,
            size: 5
        })
    );
    assert_eq!(
        read("5 .....\n3 .....\n3 .....\n2 .....\n1 ....."),
        Some(DiagramError::RowNumber {
            line: 2,
            found: "3".to_owned(),
            expected: 4
        })
    );
    assert_eq!(
        read("....\n....\n....\n...."),
        Some(DiagramError::Setup(SetupError::Size(4)))
    );
    assert_eq!(
        read("XO...\nO....\n.....\n.....\n....."),
        Some(DiagramError::Setup(SetupError::NoLiberties(pt("A5"))))
    );
    assert_eq!(
        read("BCDEF\n.....\n.....\n.....\n.....\n....."),
        Some(DiagramError::BadChar {
            line: 1,
            found: 'B'
        })
    );
    let compact = Go::from_diagram(
        "ABCDE\nX....\n.....\n..O..\n.....\n....O\nABCDE",
        GoRules::JAPANESE,
        Player::White,
    );
    let compact = compact.unwrap();
    assert_eq!(compact.stone_at(pt("A5")), Some(Player::Black));
    assert_eq!(compact.stone_at(pt("E1")), Some(Player::White));
    assert_eq!(compact.turn(), Player::White);
    assert!(read("X....\n.....\n.....\n.....\n.....\nwhatever follows is not read").is_none());
}

#[test]
fn ko_point_is_for_the_player_to_move_only() {
    let go = after(
        Go::new(5, GoRules::CHINESE).unwrap(),
        &["B5", "C5", "A4", "B4", "B3", "D4", "E1", "C3", "C4"],
    );
    assert_eq!(go.ko_point(), Some(pt("B4")));
    assert_eq!(go.check(place("B4")), Err(IllegalReason::Ko));
    assert!(!go.is_playable(pt("B4")));
    let threat = after(go, &["E5"]);
    assert_eq!(threat.ko_point(), None);
    assert!(threat.is_playable(pt("B4")), "Black may fill the ko");
}

#[test]
fn extreme_setups_score_without_overflow() {
    let mut setup = Go::new(5, GoRules::JAPANESE).unwrap().setup();
    setup.captures = ByColor::new(u32::MAX, 0);
    setup.rules = setup.rules.with_komi(Komi::from_half_points(i32::MIN));
    setup.stones = vec![(pt("A1"), Player::White), (pt("B2"), Player::Black)];
    let go = Go::from_setup(&setup).unwrap();
    assert_eq!(go.margin(), i32::MAX);
    let over = after(go, &["B1", "A2", "pass", "pass"]);
    assert_eq!(over.captures().black, u32::MAX);
    assert!(over.to_string().contains("game over, B+"));
}
