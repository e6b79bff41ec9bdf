use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_rules::go::{GoRules, Komi};
use ishi_rules::othello::{Othello, Shape};
use ishi_rules::{ByColor, Game, Move, Player};
use ishi_scoring::{GameResult, WinBy};

use super::*;
use crate::model::{
    Action, Cell, GameKind, GoConfig, MatchConfig, OthelloConfig, OthelloStart, Refusal, Side,
    go_cell, humans,
};
use crate::settings::{Confirm, Language, Theme};

/// A save of the last release to write version 1 (see `v1.rs`): a 9x9 Go game on screen,
/// counted and then undone once; an Othello game against the computer put aside; the
/// settings changed; a resigned game on a shaped board and an unfinished one from a board
/// string among the recent games.
const SAVE_V1: &str = include_str!("../../tests/data/save-v1.json");

fn othello(sides: ByColor<Side<OthelloLevel>>) -> Match {
    Match::new(MatchConfig::Othello(OthelloConfig {
        start: OthelloStart::Shape(Shape::STANDARD),
        sides,
    }))
    .unwrap()
}

fn go(size: usize, sides: ByColor<Side<GoLevel>>) -> Match {
    Match::new(MatchConfig::Go(GoConfig {
        size,
        rules: GoRules::JAPANESE,
        handicap: 0,
        sides,
    }))
    .unwrap()
}

fn sq(name: &str) -> Cell {
    let s: ishi_rules::othello::Square = name.parse().unwrap();
    Cell::new(s.col(), s.row())
}

fn play(m: &mut Match, cells: impl IntoIterator<Item = Cell>) {
    for c in cells {
        m.apply(Action::Play(c)).unwrap();
    }
}

fn round_trip(m: &Match) -> Match {
    let json = serde_json::to_string(&SavedMatch::of(m)).unwrap();
    serde_json::from_str::<SavedMatch>(&json)
        .unwrap()
        .load()
        .unwrap()
}

#[test]
fn a_saved_match_comes_back_with_its_redo_line_and_cursor() {
    let mut m = othello(humans());
    let moves = ["e6", "f6", "c4", "e7", "e8", "d8", "g6", "f8", "g5"];
    play(&mut m, moves.map(sq));
    m.apply(Action::Undo).unwrap();
    m.apply(Action::Undo).unwrap();
    let back = round_trip(&m);
    assert_eq!(back.position(), m.position());
    assert_eq!(back.cursor(), m.cursor());
    assert_eq!(back.history().len(), m.history().len());
    assert_eq!(back.can_redo(), m.can_redo());
    // The forced pass came back without being saved.
    assert!(
        back.history()
            .iter()
            .any(|s| s.played.as_ref().is_some_and(|p| p.forced))
    );
    assert!(
        !SavedMatch::of(&m)
            .events
            .contains(&SavedEvent::Move("pass".to_owned()))
    );
}

#[test]
fn computer_sides_resignations_and_counts_are_saved() {
    let mut m = go(
        5,
        ByColor::new(Side::Human, Side::Computer(GoLevel::Random)),
    );
    m.apply(Action::Play(go_cell("C3".parse().unwrap(), 5)))
        .unwrap();
    let epoch = m.epoch();
    m.apply(Action::Computer {
        epoch,
        mv: Move::Place(go_cell("D4".parse().unwrap(), 5)),
    })
    .unwrap();
    m.apply(Action::Resign).unwrap();
    let back = round_trip(&m);
    assert_eq!(back.result(), m.result());
    assert_eq!(back.config(), m.config());

    let mut m = go(5, humans());
    let moves = ["C1", "E1", "C2", "A3", "C3", "E3", "C4", "E4", "C5", "E5"];
    play(&mut m, moves.map(|p| go_cell(p.parse().unwrap(), 5)));
    m.apply(Action::Pass).unwrap();
    m.apply(Action::Pass).unwrap();
    m.apply(Action::AcceptCount).unwrap();
    let back = round_trip(&m);
    assert_eq!(back.result(), m.result());
    assert_eq!(back.dead_stones(), m.dead_stones());
}

#[test]
fn the_saved_form_is_typed_and_reads_like_a_record() {
    let mut m = othello(ByColor::new(
        Side::Human,
        Side::Computer(OthelloLevel::Master),
    ));
    play(&mut m, [sq("f5")]);
    let json = serde_json::to_value(SavedMatch::of(&m)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "config": {"othello": {
                "start": {"shape": "8x8"},
                "sides": {"black": "human", "white": {"computer": "master"}},
            }},
            "events": [{"move": "f5"}],
            "played": 1,
        })
    );
    let config = MatchConfig::Go(GoConfig {
        size: 13,
        rules: GoRules::CHINESE.with_komi(Komi::from_half_points(15)),
        handicap: 2,
        sides: ByColor::new(Side::Computer(GoLevel::NetT07), Side::Human),
    });
    assert_eq!(
        serde_json::to_value(&config).unwrap(),
        serde_json::json!({"go": {
            "size": 13,
            "rules": {"preset": "chinese", "komi": 15},
            "handicap": 2,
            "sides": {"black": {"computer": "net-t0.7"}, "white": "human"},
        }})
    );
    let recent = RecentGame {
        game: SavedMatch::of(&m),
        result: Some(GameResult::Win {
            winner: Player::White,
            by: WinBy::Resignation,
        }),
    };
    let json = serde_json::to_value(&recent).unwrap();
    assert_eq!(json["result"], "W+R");
    let unfinished = RecentGame {
        result: None,
        ..recent
    };
    assert_eq!(
        serde_json::to_value(&unfinished).unwrap()["result"],
        serde_json::Value::Null
    );
}

#[test]
fn the_whole_state_round_trips() {
    let mut m = othello(humans());
    play(&mut m, [sq("f5")]);
    let mut settings = Settings {
        hints: false,
        language: Some(Language::Japanese),
        confirm: Confirm::Never,
        ..Settings::default()
    };
    settings.othello.start = OthelloStart::Shape("octagon".parse().unwrap());
    let other = go(9, humans());
    let from_board = Match::new(MatchConfig::Othello(OthelloConfig {
        start: OthelloStart::Position(Othello::standard()),
        sides: humans(),
    }))
    .unwrap();
    let recent = vec![
        RecentGame {
            game: SavedMatch::of(&m),
            result: Some(GameResult::from_margin(4)),
        },
        RecentGame {
            game: SavedMatch::of(&from_board),
            result: None,
        },
    ];
    let text = encode(&SavedApp::of(&m, Some(&other), &settings, &recent)).unwrap();
    let back = decode(&text).unwrap().load().unwrap();
    assert_eq!(back.current.position(), m.position());
    assert_eq!(back.current.can_undo(), m.can_undo());
    assert_eq!(
        back.parked.map(|p| p.config().clone()),
        Some(other.config().clone())
    );
    assert_eq!(back.settings, settings);
    assert_eq!(back.recent, recent);
}

#[test]
fn settings_added_to_format_2_take_their_defaults_when_missing() {
    let m = othello(humans());
    let mut settings = Settings {
        theme: Theme::Dark,
        confirm_pass: false,
        sound: false,
        vibration: false,
        ..Settings::default()
    };
    let text = encode(&SavedApp::of(&m, None, &settings, &[])).unwrap();
    assert_eq!(decode(&text).unwrap().load().unwrap().settings, settings);
    // A save written before the options existed: the system's colours, passes confirmed,
    // sound and vibration on.
    let older = text
        .replace(r#""theme":"dark","#, "")
        .replace(r#""confirm_pass":false,"#, "")
        .replace(r#""sound":false,"#, "")
        .replace(r#""vibration":false,"#, "");
    assert!(!older.contains("sound") && !older.contains("vibration"));
    settings.theme = Theme::System;
    settings.confirm_pass = true;
    settings.sound = true;
    settings.vibration = true;
    assert_eq!(decode(&older).unwrap().load().unwrap().settings, settings);
}

#[test]
fn a_save_of_version_1_loads_as_it_was() {
    let saved = decode(SAVE_V1).unwrap();
    assert_eq!(saved.version, VERSION);
    let loaded = saved.clone().load().unwrap();

    // The match on screen: Go 9x9, two people, the count undone (the redo line kept).
    let current = &loaded.current;
    assert_eq!(current.kind(), GameKind::Go);
    assert_eq!(current.config().sides(), humans());
    assert!(current.can_redo());
    assert_eq!(current.position().turn(), Player::White);
    assert_eq!(current.position().go().unwrap().consecutive_passes(), 1);
    assert_eq!(saved.current.events.len(), 13);
    assert_eq!(
        saved.current.events.last(),
        Some(&SavedEvent::Count(
            ["D3", "D4", "D5", "D6", "D7"]
                .map(|p| p.parse().unwrap())
                .to_vec()
        ))
    );

    // Put aside: Othello against the computer's middle level, after f5.
    let parked = loaded.parked.as_ref().unwrap();
    assert_eq!(
        parked.config(),
        &MatchConfig::Othello(OthelloConfig {
            start: OthelloStart::Shape(Shape::STANDARD),
            sides: ByColor::new(Side::Human, Side::Computer(OthelloLevel::Casual)),
        })
    );
    assert_eq!(parked.history().len(), 2);

    // The settings as they were changed.
    let settings = &loaded.settings;
    assert!(!settings.hints && settings.coordinates);
    assert_eq!(settings.confirm, Confirm::Always);
    assert_eq!(settings.watch_delay_ms, 2000);
    assert_eq!(settings.language, Some(Language::Japanese));
    assert_eq!(
        settings.go,
        GoConfig {
            size: 13,
            rules: GoRules::CHINESE.with_komi(Komi::from_half_points(15)),
            handicap: 0,
            // The release of format 1 named the level mcts-2000, which reads as the level
            // that took its place.
            sides: ByColor::new(Side::Computer(GoLevel::NetT07), Side::Human),
        }
    );

    // The recent games: a result, and "" for the unfinished one, now none.
    assert_eq!(loaded.recent.len(), 2);
    assert_eq!(
        loaded.recent[0].result.map(|r| r.to_string()),
        Some("B+R".to_owned())
    );
    assert_eq!(loaded.recent[1].result, None);
    let MatchConfig::Othello(from_board) = &loaded.recent[1].game.config else {
        panic!("an Othello game");
    };
    assert!(matches!(from_board.start, OthelloStart::Position(p) if p.turn() == Player::White));

    // Saved again, it is version 2 and reads back the same.
    let again = decode(&encode(&saved).unwrap()).unwrap();
    assert_eq!(again, saved);
}

#[test]
fn damaged_or_foreign_saves_are_refused_with_a_reason() {
    assert_eq!(decode("{"), Err(LoadError::Damaged { line: 1, column: 1 }));
    assert!(matches!(decode(""), Err(LoadError::Damaged { .. })));
    let m = othello(humans());
    let mut saved = SavedApp::of(&m, None, &Settings::default(), &[]);
    saved.version = 0;
    let old = encode(&saved).unwrap();
    assert_eq!(decode(&old), Err(LoadError::Version { found: 0 }));

    let mut saved = SavedApp::of(&m, None, &Settings::default(), &[]);
    saved.current.events.push(SavedEvent::Move("a1".to_owned()));
    let illegal = decode(&encode(&saved).unwrap()).unwrap().load();
    assert_eq!(
        illegal.unwrap_err(),
        LoadError::Match(MatchLoadError::Event {
            number: 1,
            error: EventError::Refused(Refusal::Illegal(ishi_rules::IllegalReason::NoFlip)),
        })
    );
    let mut saved = SavedApp::of(&m, None, &Settings::default(), &[]);
    saved.current.events = vec![SavedEvent::Move("z9".to_owned())];
    let error = saved.clone().load().unwrap_err();
    assert!(matches!(
        error,
        LoadError::Match(MatchLoadError::Event {
            number: 1,
            error: EventError::Move(_)
        })
    ));
    saved.current.events.clear();
    saved.current.played = 3;
    assert_eq!(
        saved.load().unwrap_err(),
        LoadError::Match(MatchLoadError::Cursor)
    );

    // An unknown level or game is not the format: damaged, with where.
    let text = encode(&SavedApp::of(&m, None, &Settings::default(), &[])).unwrap();
    let unknown_level = text.replacen("\"human\"", "{\"computer\":\"grandmaster\"}", 1);
    assert!(matches!(
        decode(&unknown_level),
        Err(LoadError::Damaged { .. })
    ));
    let chess = text.replacen("{\"othello\":", "{\"chess\":", 1);
    assert!(matches!(decode(&chess), Err(LoadError::Damaged { .. })));
}

#[test]
fn version_1_saves_that_do_not_convert_say_why() {
    let change = |from: &str, to: &str| {
        assert!(SAVE_V1.contains(from), "{from}");
        decode(&SAVE_V1.replacen(from, to, 1))
    };
    assert_eq!(
        change("\"game\": \"go\"", "\"game\": \"chess\""),
        Err(LoadError::V1(v1::V1Error::UnknownGame("chess".to_owned())))
    );
    assert_eq!(
        change("\"white\": \"casual\"", "\"white\": \"grandmaster\""),
        Err(LoadError::V1(v1::V1Error::Player("grandmaster".to_owned())))
    );
    assert!(matches!(
        change("\"shape\": \"octagon\"", "\"shape\": \"hexagon\""),
        Ok(saved) if saved.recent.len() == 1
    ));
    assert!(matches!(
        change("\"rules\": \"chinese\"", "\"rules\": \"ing\""),
        Err(LoadError::V1(v1::V1Error::Rules(_)))
    ));
}

/// A save of format 2 as this release writes it (`tests/data/save-v2.json`): the rules'
/// values in every form a save holds (boards, a board string, rules and komi, points, results,
/// seats). It reads back and writes again byte for byte.
const SAVE_V2: &str = include_str!("../../tests/data/save-v2.json");

/// The state `SAVE_V2` holds.
fn every_form() -> SavedApp {
    let mut counted = go(5, humans());
    let moves = ["C1", "E1", "C2", "A3", "C3", "E3", "C4", "E4", "C5", "E5"];
    play(&mut counted, moves.map(|p| go_cell(p.parse().unwrap(), 5)));
    counted.apply(Action::Pass).unwrap();
    counted.apply(Action::Pass).unwrap();
    let a3 = "A3".parse().unwrap();
    if !counted.dead_stones().is_some_and(|dead| dead.contains(a3)) {
        counted.apply(Action::ToggleDead(go_cell(a3, 5))).unwrap();
    }
    counted.apply(Action::AcceptCount).unwrap();
    let board = "##----##\
                 #------#\
                 ---X----\
                 ---XXO--\
                 ---XO---\
                 --------\
                 #------#\
                 ##----## O";
    let position = ishi_rules::othello::notation::parse_board(board).unwrap();
    let mut from_board = Match::new(MatchConfig::Othello(OthelloConfig {
        start: OthelloStart::Position(position),
        sides: humans(),
    }))
    .unwrap();
    play(&mut from_board, [sq("c4")]);
    let mut settings = Settings::default();
    settings.othello.start = OthelloStart::Shape("diamond".parse().unwrap());
    settings.go.rules = GoRules::TROMP_TAYLOR.with_komi(Komi::from_half_points(-1));
    let recent = [
        (&counted, Some(GameResult::from_margin(7))),
        (
            &from_board,
            Some(GameResult::Win {
                winner: Player::White,
                by: WinBy::Time,
            }),
        ),
        (&from_board, None),
    ]
    .map(|(m, result)| RecentGame {
        game: SavedMatch::of(m),
        result,
    });
    let mut saved = SavedApp::of(&counted, Some(&from_board), &settings, &recent);
    saved.seats = vec![OnlineSeat {
        game: GameId::from_bytes([0x42; 8]),
        token: ishi_online::protocol::Token::from_bytes([0x17; 16]),
        seat: Player::White,
    }];
    saved.online = Some(GameId::from_bytes([0x42; 8]));
    saved
}

#[test]
fn a_save_of_version_2_reads_and_writes_byte_for_byte() {
    let text = SAVE_V2.trim_end();
    assert_eq!(encode(&every_form()).as_deref(), Some(text));
    let saved = decode(text).unwrap();
    assert_eq!(saved, every_form());
    assert_eq!(encode(&saved).as_deref(), Some(text));
    let loaded = saved.load().unwrap();
    assert_eq!(loaded.recent.len(), 3);
    let a3 = "A3".parse().unwrap();
    assert!(
        loaded
            .current
            .dead_stones()
            .is_some_and(|dead| dead.contains(a3))
    );
}

#[test]
fn a_save_from_before_the_policy_setting_reads_with_it_off() {
    let text = SAVE_V2.trim_end();
    assert!(text.contains(r#""policy":false,"#));
    let saved = decode(&text.replacen(r#""policy":false,"#, "", 1)).unwrap();
    assert_eq!(saved, every_form());
}

#[test]
fn a_rules_value_that_does_not_read_is_a_damaged_save() {
    let text = SAVE_V2.trim_end();
    for (from, to) in [
        (r#""preset":"japanese""#, r#""preset":"ing""#),
        (r#""komi":13"#, r#""komi":"6.5""#),
        (r#""shape":"diamond""#, r#""shape":"hexagon""#),
        ("\"position\":\"##", "\"position\":\"@#"),
        (r#""count":["A3"]"#, r#""count":["I3"]"#),
        (r#""result":"B+3.5""#, r#""result":"B+3.25""#),
        (r#""seat":"white""#, r#""seat":"red""#),
        (r#""sides":{"black":"human","#, r#""sides":{"#),
    ] {
        assert!(text.contains(from), "{from}");
        let damaged = text.replacen(from, to, 1);
        assert!(
            matches!(decode(&damaged), Err(LoadError::Damaged { .. })),
            "{to}"
        );
    }
}

/// Every line of `m` as its snapshots' positions, with its cursor.
fn lines_of(m: &Match) -> Vec<(Vec<ishi_rules::any::Position>, Option<usize>)> {
    (0..m.line_count())
        .map(|line| {
            let positions = m
                .snapshots_of(line)
                .unwrap()
                .iter()
                .map(|s| s.position.clone())
                .collect();
            (positions, m.cursor_of(line))
        })
        .collect()
}

fn explore(m: &mut Match, name: &str) {
    let mv = m.position().parse_move(name).unwrap();
    m.apply(Action::Explore(mv)).unwrap();
}

#[test]
fn variations_are_saved_with_their_places_cursors_and_analyses() {
    let mut m = othello(ByColor::new(
        Side::Human,
        Side::Computer(OthelloLevel::Club),
    ));
    for name in ["f5", "d6", "c3", "d3", "c4"] {
        let mv = m.position().parse_move(name).unwrap();
        m.force_play(mv).unwrap();
    }
    m.apply(Action::GoTo(2)).unwrap();
    explore(&mut m, "c5");
    explore(&mut m, "f4");
    m.apply(Action::GoTo(3)).unwrap();
    explore(&mut m, "f6");
    m.apply(Action::ToLine { line: 0, index: 0 }).unwrap();
    explore(&mut m, "e6");
    let key = m.history()[1].position.fingerprint();
    m.apply(Action::Annotate {
        index: 1,
        annotation: crate::model::Annotation {
            key,
            worth: ishi_analysis::Worth::Discs {
                margin: 2.0,
                exact: false,
            },
            unit: crate::model::ValueUnit::Discs,
            best: None,
            next: None,
            played: None,
            deep: false,
        },
    })
    .unwrap();
    m.apply(Action::ToLine { line: 2, index: 4 }).unwrap();
    let saved = SavedMatch::of(&m);
    assert_eq!(saved.line, 2);
    assert_eq!(saved.variations.len(), 3);
    assert_eq!(
        (saved.variations[1].parent, saved.variations[1].from),
        (1, 3)
    );
    assert_eq!(saved.variations[2].moves, ["e6"]);
    let back = round_trip(&m);
    assert_eq!(lines_of(&back), lines_of(&m));
    assert_eq!((back.line_on(), back.cursor()), (2, 4));
    assert!(back.annotation_of(3, 1).is_some());
    assert_eq!(SavedMatch::of(&back), saved);
}

#[test]
fn a_damaged_variation_is_refused_with_its_number_and_why() {
    let mut m = othello(humans());
    play(&mut m, [sq("f5"), sq("d6")]);
    m.apply(Action::GoTo(1)).unwrap();
    explore(&mut m, "f6");
    let good = SavedMatch::of(&m);
    let broken = |change: fn(&mut SavedVariation)| {
        let mut saved = good.clone();
        change(&mut saved.variations[0]);
        saved.load().unwrap_err()
    };
    let error = |error| MatchLoadError::Variation { number: 1, error };
    assert_eq!(broken(|v| v.parent = 1), error(VariationError::Parent));
    assert_eq!(broken(|v| v.from = 9), error(VariationError::Parent));
    assert_eq!(
        broken(|v| v.moves = vec!["d6".into()]),
        error(VariationError::Duplicate)
    );
    assert_eq!(
        broken(|v| v.moves.clear()),
        error(VariationError::Duplicate)
    );
    assert!(matches!(
        broken(|v| v.moves = vec!["a1".into()]),
        MatchLoadError::Variation {
            error: VariationError::Refused(Refusal::Illegal(_)),
            ..
        }
    ));
    assert!(matches!(
        broken(|v| v.moves = vec!["z9".into()]),
        MatchLoadError::Variation {
            error: VariationError::Move(_),
            ..
        }
    ));
    assert_eq!(broken(|v| v.cursor = 7), error(VariationError::Cursor));
    assert_eq!(
        broken(|v| v.moves.clear()).to_string(),
        "variation 1: another line already plays its first move"
    );
}
