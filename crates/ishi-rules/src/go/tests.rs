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
fn eyes_at_the_corners_of_the_largest_board() {
    // The eye test looks at the diagonals: at T19 one of them is the last padded cell.
    let mut setup = Go::new(19, GoRules::JAPANESE).unwrap().setup();
    for name in ["S19", "T18", "A2", "B1", "S18"] {
        setup.stones.push((pt(name), Player::Black));
    }
    let go = Go::from_setup(&setup).unwrap();
    assert!(go.is_eye(pt("T19"), Player::Black));
    assert!(go.is_eye(pt("A1"), Player::Black));
    assert!(!go.is_eye(pt("T19"), Player::White));
    assert!(!go.is_eye(pt("K10"), Player::Black));
    let moved = after(go, &["pass", "S17"]);
    assert!(
        moved.is_eye(pt("T19"), Player::Black),
        "S17 is no diagonal of T19"
    );
}

#[test]
fn a_corner_eye_with_an_enemy_diagonal_is_false() {
    let go = Go::from_diagram(
        "
        . X . . .
        X O . . .
        . . . . .
        . . . . .
        . . . . .
        ",
        GoRules::JAPANESE,
        Player::Black,
    )
    .unwrap();
    assert!(!go.is_eye(pt("A5"), Player::Black));
}

#[test]
fn playouts_end_with_two_passes_and_keep_their_input() {
    for rules in [GoRules::JAPANESE, GoRules::CHINESE, GoRules::TROMP_TAYLOR] {
        let start = Go::new(9, rules).unwrap();
        let mut go = start.clone();
        let mut x = 0x1234_5678_u64;
        let mut below = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as usize % n
        };
        while !go.is_over() {
            let mv = go.playout_move(&mut below);
            if let Some(p) = mv.point() {
                assert!(go.is_playable(p) && !go.is_eye(p, go.turn()), "{p}\n{go}");
            }
            go.play_fast(mv);
        }
        assert!(go.move_number() > 60);
        assert_eq!(go.hash(), go.recomputed_hash());
        assert_eq!(start.empty_count(), 81);
        assert!(go.outcome().is_some());
    }
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

/// Positions along random playouts on 5x5 to 19x19, under each preset, with a pass now and
/// then so that both colours move in every kind of position.
fn playout_positions() -> Vec<Go> {
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    let mut below = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as usize % n
    };
    let mut positions = Vec::new();
    for (size, rules) in [
        (5, GoRules::JAPANESE),
        (9, GoRules::CHINESE),
        (13, GoRules::TROMP_TAYLOR),
        (19, GoRules::JAPANESE),
    ] {
        for _ in 0..3 {
            let mut go = Go::new(size, rules).unwrap();
            while !go.is_over() {
                positions.push(go.clone());
                let mv = if below(17) == 0 {
                    Move::Pass
                } else {
                    go.playout_move(&mut below)
                };
                go.play_fast(mv);
            }
        }
    }
    positions
}

#[test]
fn liberties_after_agrees_with_playing_the_move() {
    let mut checked = 0;
    for go in playout_positions().iter().step_by(3) {
        for p in go.points() {
            let placed = if go.stone_at(p).is_none() && go.ko_point() != Some(p) {
                go.board
                    .check(index(p), cell_of(go.turn), go.rules.suicide)
                    .ok()
                    .map(|()| {
                        let mut next = go.clone();
                        next.play_fast(Move::Place(p));
                        next.liberties(p).len()
                    })
            } else {
                None
            };
            // Without ko, a refused suicide and a legal move the stone does not survive read 0.
            let exact = placed.unwrap_or(0);
            if go.ko_point() == Some(p) {
                continue;
            }
            for limit in [1, 2, 3, 8] {
                assert_eq!(
                    go.liberties_after(p, limit),
                    exact.min(limit),
                    "{p}, limit {limit}\n{go}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 10_000, "only {checked} points checked");
}

#[test]
fn atari_liberty_and_chain_stones_agree_with_the_sorted_lists() {
    let mut ataris = 0;
    for go in playout_positions().iter().step_by(5) {
        for p in go.points() {
            let liberties = go.liberties(p);
            let expected = (liberties.len() == 1).then(|| liberties[0]);
            assert_eq!(go.atari_liberty(p), expected, "{p}\n{go}");
            ataris += usize::from(expected.is_some());
            let mut stones: Vec<Point> = go.chain_stones(p).collect();
            stones.sort_unstable();
            assert_eq!(stones, go.chain(p), "{p}\n{go}");
        }
    }
    assert!(ataris > 100, "only {ataris} stones in atari seen");
}

#[test]
fn two_liberties_and_neighbours_in_atari_agree_with_the_sorted_lists() {
    let (mut pairs, mut next_to_atari) = (0, 0);
    for go in playout_positions().iter().step_by(5) {
        for p in go.points() {
            let liberties = go.liberties(p);
            let found = go.two_liberties(p).map(|mut pair| {
                pair.sort_unstable();
                pair.to_vec()
            });
            assert_eq!(
                found,
                (liberties.len() == 2).then_some(liberties),
                "{p}\n{go}"
            );
            pairs += usize::from(found.is_some());
            let Some(owner) = go.stone_at(p) else {
                assert_eq!(go.neighbour_in_atari(p), None, "{p}\n{go}");
                continue;
            };
            let in_atari: Vec<Point> = go
                .chain(p)
                .into_iter()
                .flat_map(|s| Board::neighbours(index(s)))
                .filter(|&n| go.board.cell(n) == cell_of(!owner))
                .filter_map(|n| go.atari_liberty(board::point(n)))
                .collect();
            match go.neighbour_in_atari(p) {
                Some(l) => assert!(in_atari.contains(&l), "{p}: {l}\n{go}"),
                None => assert!(in_atari.is_empty(), "{p}: {in_atari:?}\n{go}"),
            }
            next_to_atari += usize::from(!in_atari.is_empty());
        }
    }
    assert!(pairs > 100, "only {pairs} stones with two liberties seen");
    assert!(
        next_to_atari > 100,
        "only {next_to_atari} stones next to an atari seen"
    );
}

/// The eight points around a point as (column, row) steps, in the order of the
/// neighbourhood code: the row above from left to right, left, right, the row below.
const AROUND_STEPS: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[test]
fn neighbourhood_codes_read_the_eight_points_around() {
    for go in playout_positions().iter().step_by(50) {
        let size = go.size() as i32;
        for p in go.points() {
            let code = go.neighbourhood(p);
            for (k, (dc, dr)) in AROUND_STEPS.into_iter().enumerate() {
                let (col, row) = (i32::from(p.col()) + dc, i32::from(p.row()) + dr);
                let expected = if (0..size).contains(&col) && (0..size).contains(&row) {
                    let q = Point::new(col as u8, row as u8).unwrap();
                    match go.stone_at(q) {
                        None => 0,
                        Some(Player::Black) => 1,
                        Some(Player::White) => 2,
                    }
                } else {
                    3
                };
                assert_eq!((code >> (2 * k)) & 3, expected, "{p} neighbour {k}\n{go}");
            }
        }
    }
    let go = Go::new(5, GoRules::JAPANESE).unwrap();
    assert_eq!(go.neighbourhood(pt("F1")), u16::MAX);
    assert_eq!(go.liberties_after(pt("F1"), 2), 0);
    assert_eq!(go.atari_liberty(pt("C3")), None);
    assert_eq!(go.chain_stones(pt("C3")).count(), 0);
}

#[test]
fn ataris_and_empties_around_agree_with_the_point_by_point_reading() {
    let (mut ataris, mut empties) = (0, 0);
    for go in playout_positions().iter().step_by(7) {
        let size = go.size() as i32;
        for p in go.points() {
            // `p`, then the eight points around it in the neighbourhood code's order.
            let around: Vec<Point> = std::iter::once((0, 0))
                .chain(AROUND_STEPS)
                .filter_map(|(dc, dr)| {
                    let (col, row) = (i32::from(p.col()) + dc, i32::from(p.row()) + dr);
                    ((0..size).contains(&col) && (0..size).contains(&row))
                        .then(|| Point::new(col as u8, row as u8).unwrap())
                })
                .collect();
            let expected: Vec<(Point, Player, Point)> = around
                .iter()
                .filter_map(|&q| Some((q, go.stone_at(q)?, go.atari_liberty(q)?)))
                .collect();
            assert_eq!(
                go.ataris_around(p).collect::<Vec<_>>(),
                expected,
                "{p}\n{go}"
            );
            let expected: Vec<(Point, u16)> = around[1..]
                .iter()
                .filter(|&&q| go.stone_at(q).is_none())
                .map(|&q| (q, go.neighbourhood(q)))
                .collect();
            assert_eq!(
                go.empties_around(p).collect::<Vec<_>>(),
                expected,
                "{p}\n{go}"
            );
            ataris += go.ataris_around(p).count();
            empties += expected.len();
        }
    }
    assert!(
        ataris > 1000 && empties > 10_000,
        "{ataris} ataris, {empties} empties"
    );
}
