use std::fmt::Debug;

use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::any::{Cell, CellMove};
use crate::go::{self, GoRules, KoRule, Komi, Point, Scoring};
use crate::othello::{self, Othello, Shape, Square, notation};
use crate::{ByColor, Game, Move, Player};

/// `value` is written as `json`, byte for byte, and `json` reads back as `value`.
fn check<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&read::<T>(json).unwrap(), value);
}

fn read<T: DeserializeOwned>(json: &str) -> serde_json::Result<T> {
    serde_json::from_str(json)
}

fn round_trips<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> bool {
    let json = serde_json::to_string(value).unwrap();
    read::<T>(&json).is_ok_and(|back| back == *value)
}

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn values_are_written_in_their_text_forms() {
    check(&Player::Black, r#""black""#);
    check(&ByColor::new(3_u32, 0), r#"{"black":3,"white":0}"#);
    check(&point("D4"), r#""D4""#);
    check(&square("f5"), r#""f5""#);
    check(&go::Move::Place(point("T19")), r#""T19""#);
    check(&othello::Move::Pass, r#""pass""#);
    check(&Cell::new(3, 4), "[3,4]");
    check(&CellMove::Place(Cell::new(0, 18)), "[0,18]");
    check(&CellMove::Pass, r#""pass""#);
    check(&Shape::STANDARD, r#""8x8""#);
    check(&"octagon".parse::<Shape>().unwrap(), r#""octagon""#);
    let notched = Shape::from_rows(&["#...", "....", "....", "...."]).unwrap();
    check(&notched, r##""#.../..../..../....""##);
    let start = "---------------------------OX------XO--------------------------- X";
    check(&Othello::standard(), &format!("{start:?}"));
    check(&Komi::from_half_points(-7), "-7");
}

#[test]
fn go_rules_are_a_preset_and_komi_or_every_rule() {
    check(&GoRules::JAPANESE, r#"{"preset":"japanese","komi":13}"#);
    check(
        &GoRules::TROMP_TAYLOR.with_komi(Komi::from_half_points(0)),
        r#"{"preset":"tromp-taylor","komi":0}"#,
    );
    let custom = GoRules {
        ko: KoRule::SituationalSuperko,
        ..GoRules::JAPANESE
    };
    check(
        &custom,
        r#"{"scoring":"territory","ko":"situational_superko","suicide":false,"dead_stone_removal":true,"komi":13}"#,
    );
    check(&Scoring::Area, r#""area""#);
    check(&KoRule::PositionalSuperko, r#""positional_superko""#);
}

#[test]
fn set_ups_are_their_fields() {
    check(
        &go::Setup {
            size: 9,
            rules: GoRules::CHINESE,
            stones: vec![(point("D4"), Player::Black), (point("E5"), Player::White)],
            turn: Player::White,
            captures: ByColor::new(1, 0),
        },
        r#"{"size":9,"rules":{"preset":"chinese","komi":15},"stones":[["D4","black"],["E5","white"]],"turn":"white","captures":{"black":1,"white":0}}"#,
    );
    check(
        &othello::Setup {
            shape: Shape::square(4).unwrap(),
            discs: vec![(square("b2"), Player::White)],
            turn: Player::Black,
        },
        r#"{"shape":"4x4","discs":[["b2","white"]],"turn":"black"}"#,
    );
}

#[test]
fn what_the_rules_read_besides_their_own_spelling_reads_too() {
    assert_eq!(read::<Player>(r#""W""#).unwrap(), Player::White);
    assert_eq!(read::<Point>(r#""q16""#).unwrap(), point("Q16"));
    assert_eq!(read::<Shape>(r#""8""#).unwrap(), Shape::STANDARD);
    assert_eq!(
        read::<GoRules>(r#"{"preset":"tromp_taylor","komi":15}"#).unwrap(),
        GoRules::TROMP_TAYLOR
    );
}

#[test]
fn text_the_rules_refuse_is_an_error_that_names_it() {
    let error = read::<Point>(r#""I5""#).unwrap_err().to_string();
    assert!(
        error.contains("\"I5\"") && error.contains("a Go point"),
        "{error}"
    );
    assert!(read::<Player>(r#""red""#).is_err());
    assert!(read::<Square>(r#""k1""#).is_err());
    assert!(read::<Shape>(r#""hexagon""#).is_err());
    assert!(read::<Othello>(r#""X""#).is_err());
    assert!(read::<Komi>(r#""6.5""#).is_err());
    assert!(read::<othello::Move>(r#""Pass""#).is_err());
    assert!(read::<CellMove>("[3]").is_err());
    assert!(read::<CellMove>("[256,0]").is_err());
    assert!(read::<go::Move>("[3,4]").is_err());
    for rules in [
        r#"{"preset":"ing","komi":13}"#,
        r#"{"preset":"japanese"}"#,
        r#"{"komi":13}"#,
        r#"{"preset":"japanese","ko":"simple","komi":13}"#,
        r#"{"scoring":"area","ko":"simple","suicide":false,"komi":13}"#,
        r#"{"scoring":"area","ko":"double","suicide":false,"dead_stone_removal":true,"komi":13}"#,
    ] {
        assert!(read::<GoRules>(rules).is_err(), "{rules}");
    }
}

fn rules_strategy() -> impl Strategy<Value = GoRules> {
    let scoring = prop::sample::select(vec![Scoring::Area, Scoring::Territory]);
    let ko = prop::sample::select(vec![
        KoRule::Simple,
        KoRule::PositionalSuperko,
        KoRule::SituationalSuperko,
    ]);
    (scoring, ko, any::<bool>(), any::<bool>(), any::<i32>()).prop_map(
        |(scoring, ko, suicide, dead_stone_removal, komi)| GoRules {
            scoring,
            ko,
            suicide,
            dead_stone_removal,
            komi: Komi::from_half_points(komi),
        },
    )
}

fn player_strategy() -> impl Strategy<Value = Player> {
    prop::sample::select(Player::ALL.to_vec())
}

fn point_strategy() -> impl Strategy<Value = Point> {
    (0..19_u8, 0..19_u8).prop_map(|(col, row)| Point::new(col, row).unwrap())
}

fn square_strategy() -> impl Strategy<Value = Square> {
    (0..10_u8, 0..10_u8).prop_map(|(col, row)| Square::from_coords(col, row).unwrap())
}

/// Any board: a square of even side with any squares but the centre cut out.
fn shape_strategy() -> impl Strategy<Value = Shape> {
    (prop::sample::select(vec![4, 6, 8, 10]), any::<u128>()).prop_map(|(size, holes)| {
        let centre = |i: usize| i == size / 2 - 1 || i == size / 2;
        let rows: Vec<String> = (0..size)
            .map(|row| {
                (0..size)
                    .map(|col| {
                        let hole = holes >> (row * size + col) & 1 == 1;
                        if hole && !(centre(row) && centre(col)) {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        Shape::from_rows(&rows).unwrap()
    })
}

/// A position on any board, after moves chosen by `choices`.
fn othello_strategy() -> impl Strategy<Value = Othello> {
    (
        shape_strategy(),
        prop::collection::vec(any::<usize>(), 0..60),
    )
        .prop_map(|(shape, choices)| {
            let mut position = Othello::new(shape);
            for choice in choices {
                let moves = position.legal_moves();
                let Some(&mv) = moves.get(choice % moves.len().max(1)) else {
                    break;
                };
                position.play_unchecked(mv);
            }
            position
        })
}

fn move_strategy<P: Debug + Clone>(
    point: impl Strategy<Value = P>,
) -> impl Strategy<Value = Move<P>> {
    prop_oneof![1 => Just(Move::Pass), 9 => point.prop_map(Move::Place)]
}

proptest! {
    #[test]
    fn every_value_reads_back_as_written(
        player in player_strategy(),
        pair in any::<(Option<u32>, Option<u32>)>(),
        go_move in move_strategy(point_strategy()),
        othello_move in move_strategy(square_strategy()),
        cell_move in move_strategy(any::<(u8, u8)>().prop_map(|(c, r)| Cell::new(c, r))),
        rules in rules_strategy(),
        shape in shape_strategy(),
        position in othello_strategy(),
    ) {
        prop_assert!(round_trips(&player));
        prop_assert!(round_trips(&ByColor::new(pair.0, pair.1)));
        prop_assert!(round_trips(&go_move));
        prop_assert!(round_trips(&othello_move));
        prop_assert!(round_trips(&cell_move));
        prop_assert!(round_trips(&rules));
        prop_assert!(round_trips(&shape));
        prop_assert!(round_trips(&position));
        prop_assert!(round_trips(&position.setup()));
    }

    #[test]
    fn go_set_ups_read_back_as_written(
        size in 5..=19_usize,
        rules in rules_strategy(),
        stones in prop::collection::vec((point_strategy(), player_strategy()), 0..40),
        turn in player_strategy(),
        captures in any::<(u32, u32)>(),
    ) {
        let setup = go::Setup {
            size,
            rules,
            stones,
            turn,
            captures: ByColor::new(captures.0, captures.1),
        };
        prop_assert!(round_trips(&setup));
    }

    #[test]
    fn othello_set_ups_read_back_as_written(
        shape in shape_strategy(),
        discs in prop::collection::vec((square_strategy(), player_strategy()), 0..40),
        turn in player_strategy(),
    ) {
        let setup = othello::Setup { shape, discs, turn };
        prop_assert!(round_trips(&setup));
    }

    /// Any text at all is a value or an error, never a panic.
    #[test]
    fn any_text_reads_or_is_refused(text in any::<String>()) {
        let json = serde_json::to_string(&text).unwrap();
        let _ = read::<Player>(&json);
        let _ = read::<Point>(&json);
        let _ = read::<Square>(&json);
        let _ = read::<Shape>(&json);
        let _ = read::<CellMove>(&json);
        let _ = read::<go::Move>(&json);
        let board = read::<Othello>(&json);
        prop_assert_eq!(board.is_ok(), notation::parse_board(&text).is_ok());
    }
}
