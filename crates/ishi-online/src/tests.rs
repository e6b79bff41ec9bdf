use ishi_rules::Player::{Black, White};
use ishi_rules::{IllegalReason, Player};
use ishi_scoring::{GameResult, WinBy};
use proptest::prelude::*;

use crate::protocol::{ClientMessage, GameId, GameView, Seen, ServerMessage, Token};
use crate::{Act, GameSetup, Phase, Record, Refusal, SeatAct, Table, TimeControl};

fn othello() -> GameSetup {
    GameSetup::Othello {
        board: "8x8".parse().unwrap(),
    }
}

fn go(size: usize) -> GameSetup {
    GameSetup::Go {
        size,
        rules: ishi_rules::go::GoRules::JAPANESE,
        handicap: 0,
    }
}

fn rec(at_ms: i64, by: Player, act: impl Into<Act>) -> Record {
    Record {
        by: Some(by),
        at_ms,
        act: act.into(),
    }
}

fn play(mv: &str) -> SeatAct {
    SeatAct::Play {
        seen: (),
        mv: mv.into(),
    }
}

/// A table with both seats taken at time 0.
fn seated(setup: GameSetup, time: TimeControl) -> Table {
    let mut table = Table::new(setup, time).unwrap();
    for (seat, name) in [(Black, "Ann"), (White, "Bo")] {
        table
            .apply(&rec(0, seat, Act::Sit { name: name.into() }))
            .unwrap();
    }
    table
}

fn id() -> GameId {
    GameId::from_bytes([7; 8])
}

/// What a watcher sees: compares whole games.
fn view(table: &Table) -> GameView {
    GameView::of(table, id(), None, 0)
}

/// Applies `record` and checks that a refusal changed nothing.
fn try_apply(table: &mut Table, record: &Record) -> Result<(), Refusal> {
    let before = view(table);
    let outcome = table.apply(record);
    if outcome.is_err() {
        assert_eq!(view(table), before, "a refused {record:?} changed the game");
    }
    outcome
}

#[test]
fn the_game_starts_when_both_seats_are_taken() {
    let mut table = Table::new(othello(), TimeControl::None).unwrap();
    assert_eq!(table.free_seat(), Some(Black));
    table
        .apply(&rec(0, White, Act::Sit { name: "Bo".into() }))
        .unwrap();
    assert_eq!(table.phase(), Phase::Waiting);
    assert_eq!(
        try_apply(&mut table, &rec(0, Black, play("f5"))),
        Err(Refusal::WrongPhase(Phase::Waiting))
    );
    assert_eq!(
        try_apply(&mut table, &rec(0, White, Act::Sit { name: "X".into() })),
        Err(Refusal::SeatTaken)
    );
    table
        .apply(&rec(0, Black, Act::Sit { name: "Ann".into() }))
        .unwrap();
    assert_eq!(table.phase(), Phase::Playing);
    assert_eq!(table.names().black, Some("Ann"));
}

#[test]
fn names_are_short_printable_text() {
    let mut table = Table::new(othello(), TimeControl::None).unwrap();
    for bad in ["", "   ", "a\u{7}b", "line\nbreak", &"x".repeat(41)] {
        assert_eq!(
            try_apply(&mut table, &rec(0, Black, Act::Sit { name: bad.into() })),
            Err(Refusal::BadName),
            "{bad:?}"
        );
    }
    let html = "<b>Ann</b> & 石";
    table
        .apply(&rec(0, Black, Act::Sit { name: html.into() }))
        .unwrap();
    assert_eq!(table.names().black, Some(html), "kept as text, as sent");
}

#[test]
fn moves_out_of_turn_illegal_or_malformed_are_refused_and_change_nothing() {
    let mut table = seated(othello(), TimeControl::None);
    assert_eq!(
        try_apply(&mut table, &rec(1, White, play("f5"))),
        Err(Refusal::NotYourTurn)
    );
    assert_eq!(
        try_apply(&mut table, &rec(1, Black, play("a1"))),
        Err(Refusal::Illegal(IllegalReason::NoFlip))
    );
    assert_eq!(
        try_apply(&mut table, &rec(1, Black, play("z99"))),
        Err(Refusal::BadMove("z99".into()))
    );
    let no_seat = Record {
        by: None,
        at_ms: 1,
        act: play("f5").into(),
    };
    assert_eq!(try_apply(&mut table, &no_seat), Err(Refusal::NoSeat));
    table.apply(&rec(1, Black, play("f5"))).unwrap();
    assert_eq!(table.position().turn(), White);
}

/// Plays the first legal move (or the pass) for whoever is to move until the game ends.
fn play_out(table: &mut Table, at: &mut i64) {
    while table.phase() == Phase::Playing {
        let position = table.position();
        let mv = match position.legal_cells().first() {
            Some(&cell) => position.cell_name(cell),
            None => "pass".to_owned(),
        };
        *at += 1;
        let by = position.turn();
        table.apply(&rec(*at, by, play(&mv))).unwrap();
    }
}

#[test]
fn an_othello_game_ends_with_the_disc_count_and_forced_passes_recorded() {
    let mut table = seated(othello(), TimeControl::None);
    play_out(&mut table, &mut 0);
    assert_eq!(table.phase(), Phase::Over);
    let o = table.position().othello().unwrap();
    assert_eq!(
        table.result(),
        Some(GameResult::from_margin(o.score().margin() * 2))
    );
    let mut before = table.start().clone();
    for played in table.moves() {
        assert_eq!(
            played.forced,
            before.must_pass(),
            "forced exactly when no choice"
        );
        before = before.play(played.mv).unwrap();
    }
    assert_eq!(
        try_apply(&mut table, &rec(999, Black, SeatAct::Resign)),
        Err(Refusal::WrongPhase(Phase::Over))
    );
}

#[test]
fn a_resent_move_is_recognised_and_a_stale_one_is_not() {
    let mut table = seated(othello(), TimeControl::None);
    table.apply(&rec(1, Black, play("f5"))).unwrap();
    assert!(table.is_resend(Black, 0, "f5"));
    assert!(
        !table.is_resend(Black, 0, "d6"),
        "another move at that place"
    );
    assert!(!table.is_resend(White, 0, "f5"), "not White's move");
    assert!(!table.is_resend(Black, 1, "f5"), "nothing played there yet");
}

#[test]
fn undo_takes_back_the_askers_last_move_when_accepted() {
    let mut table = seated(othello(), TimeControl::None);
    table.apply(&rec(1, Black, play("f5"))).unwrap();
    assert_eq!(
        try_apply(&mut table, &rec(2, White, SeatAct::Undo)),
        Err(Refusal::NothingToUndo),
        "the last move is Black's"
    );
    assert_eq!(
        try_apply(
            &mut table,
            &rec(2, Black, SeatAct::UndoAnswer { accept: true })
        ),
        Err(Refusal::NoUndoRequest)
    );
    table.apply(&rec(2, Black, SeatAct::Undo)).unwrap();
    assert_eq!(
        try_apply(&mut table, &rec(2, Black, SeatAct::Undo)),
        Err(Refusal::UndoPending)
    );
    assert_eq!(
        try_apply(
            &mut table,
            &rec(3, Black, SeatAct::UndoAnswer { accept: true })
        ),
        Err(Refusal::NoUndoRequest),
        "the asker cannot answer"
    );
    table
        .apply(&rec(3, White, SeatAct::UndoAnswer { accept: false }))
        .unwrap();
    assert_eq!(table.moves().len(), 1, "declined");
    table.apply(&rec(4, Black, SeatAct::Undo)).unwrap();
    table
        .apply(&rec(5, White, SeatAct::UndoAnswer { accept: true }))
        .unwrap();
    assert!(table.moves().is_empty());
    assert_eq!(table.position().turn(), Black);
    assert_eq!(table.undo_request(), None);
}

#[test]
fn a_move_drops_the_undo_request() {
    let mut table = seated(othello(), TimeControl::None);
    table.apply(&rec(1, Black, play("f5"))).unwrap();
    table.apply(&rec(2, Black, SeatAct::Undo)).unwrap();
    table.apply(&rec(3, White, play("d6"))).unwrap();
    assert_eq!(table.undo_request(), None);
    assert_eq!(
        try_apply(
            &mut table,
            &rec(4, White, SeatAct::UndoAnswer { accept: true })
        ),
        Err(Refusal::NoUndoRequest)
    );
}

/// A 5x5 Go game where Black walls off the left and White the right, then both pass.
fn counted_go() -> Table {
    let mut table = seated(go(5), TimeControl::None);
    let moves = [
        "B1", "D1", "B2", "D2", "B3", "D3", "B4", "D4", "B5", "D5", "E3", "pass", "pass",
    ];
    for (i, mv) in moves.iter().enumerate() {
        let by = if i % 2 == 0 { Black } else { White };
        table.apply(&rec(i as i64 + 1, by, play(mv))).unwrap();
    }
    table
}

#[test]
fn two_passes_start_the_count_and_both_accepting_ends_it() {
    let mut table = counted_go();
    assert_eq!(table.phase(), Phase::Counting);
    assert_eq!(table.running(), None, "the clock stops while counting");
    assert_eq!(
        try_apply(&mut table, &rec(20, Black, play("A1"))),
        Err(Refusal::WrongPhase(Phase::Counting))
    );
    let e3_dead = |table: &Table| table.dead_names().contains(&"E3".to_owned());
    let guessed = e3_dead(&table);
    table
        .apply(&rec(20, White, SeatAct::Mark { point: "E3".into() }))
        .unwrap();
    assert_ne!(e3_dead(&table), guessed, "a mark toggles the chain");
    if !e3_dead(&table) {
        table
            .apply(&rec(20, White, SeatAct::Mark { point: "E3".into() }))
            .unwrap();
    }
    assert!(e3_dead(&table));
    let dead = if guessed {
        vec![]
    } else {
        vec!["E3".to_owned()]
    };
    assert_eq!(
        try_apply(&mut table, &rec(21, Black, SeatAct::AcceptCount { dead })),
        Err(Refusal::MarksChanged),
        "Black accepted what White has since changed"
    );
    let dead = table.dead_names();
    table
        .apply(&rec(21, Black, SeatAct::AcceptCount { dead: dead.clone() }))
        .unwrap();
    assert_eq!(table.phase(), Phase::Counting);
    table
        .apply(&rec(22, White, SeatAct::AcceptCount { dead }))
        .unwrap();
    assert_eq!(table.phase(), Phase::Over);
    // Japanese rules: Black's territory is column A (5); White's column E with the dead
    // E3's point (5) and E3 as a prisoner (1), and komi 6.5; column C is neutral.
    assert_eq!(table.result(), Some("W+7.5".parse().unwrap()));
}

#[test]
fn marking_a_stone_resets_what_was_accepted() {
    let mut table = counted_go();
    let dead = table.dead_names();
    table
        .apply(&rec(20, Black, SeatAct::AcceptCount { dead }))
        .unwrap();
    assert!(table.accepted().black);
    table
        .apply(&rec(21, White, SeatAct::Mark { point: "B3".into() }))
        .unwrap();
    assert!(!table.accepted().black);
    assert_eq!(
        try_apply(
            &mut table,
            &rec(22, White, SeatAct::Mark { point: "A1".into() })
        ),
        Err(Refusal::Illegal(IllegalReason::OffBoard)),
        "no stone there"
    );
}

#[test]
fn resuming_a_count_takes_back_the_passes() {
    let mut table = counted_go();
    let moves = table.moves().len();
    table.apply(&rec(30, White, SeatAct::Resume)).unwrap();
    assert_eq!(table.phase(), Phase::Playing);
    assert_eq!(table.moves().len(), moves - 2);
    assert_eq!(table.position().turn(), White, "White was to pass first");
    table.apply(&rec(31, White, play("C3"))).unwrap();
}

#[test]
fn resigning_wins_for_the_other_and_calling_off_a_waiting_game_voids_it() {
    let mut table = counted_go();
    table.apply(&rec(40, White, SeatAct::Resign)).unwrap();
    assert_eq!(
        table.result(),
        Some(GameResult::Win {
            winner: Black,
            by: WinBy::Resignation
        })
    );
    let mut waiting = Table::new(othello(), TimeControl::None).unwrap();
    waiting
        .apply(&rec(0, Black, Act::Sit { name: "Ann".into() }))
        .unwrap();
    waiting.apply(&rec(5, Black, SeatAct::Resign)).unwrap();
    assert_eq!(waiting.result(), Some(GameResult::Void));
}

#[test]
fn fischer_adds_the_increment_and_a_late_move_is_refused_for_a_timeout() {
    let time = TimeControl::Fischer {
        main_s: 10,
        increment_s: 2,
    };
    let mut table = seated(othello(), time);
    assert_eq!(table.deadline(), Some(10_000));
    table.apply(&rec(4_000, Black, play("f5"))).unwrap();
    assert_eq!(table.clock().left(Black).main_ms, 8_000);
    assert_eq!(table.deadline(), Some(4_000 + 10_000), "White's turn");
    assert_eq!(
        try_apply(&mut table, &rec(14_000, White, play("d6"))),
        Err(Refusal::TimeUp)
    );
    let timeout = |at_ms| Record {
        by: None,
        at_ms,
        act: Act::Timeout,
    };
    assert_eq!(
        try_apply(&mut table, &timeout(13_999)),
        Err(Refusal::TimeLeft)
    );
    table.apply(&timeout(14_000)).unwrap();
    assert_eq!(
        table.result(),
        Some(GameResult::Win {
            winner: Black,
            by: WinBy::Time
        })
    );
}

#[test]
fn byo_yomi_keeps_the_period_a_move_is_made_in_and_loses_the_ones_used_up() {
    let time = TimeControl::ByoYomi {
        main_s: 5,
        periods: 3,
        period_s: 10,
    };
    let mut table = seated(go(9), time);
    assert_eq!(table.deadline(), Some(5_000 + 30_000));
    // Black: 5 s main, then 12 s into byo-yomi: one period used up, the second kept.
    table.apply(&rec(17_000, Black, play("E5"))).unwrap();
    let left = table.clock().left(Black);
    assert_eq!((left.main_ms, left.periods), (0, 2));
    // White moves within main time.
    table.apply(&rec(18_000, White, play("C3"))).unwrap();
    assert_eq!(table.clock().left(White).main_ms, 4_000);
    // Black has two periods of 10 s: the deadline is 20 s away.
    assert_eq!(table.deadline(), Some(18_000 + 20_000));
    table.apply(&rec(27_000, Black, play("G7"))).unwrap();
    assert_eq!(
        table.clock().left(Black).periods,
        2,
        "moved within the period"
    );
}

#[test]
fn correspondence_gives_each_move_its_days() {
    let day = 24 * 3600 * 1000;
    let mut table = seated(go(9), TimeControl::Correspondence { days: 2 });
    table.apply(&rec(day + 5, Black, play("E5"))).unwrap();
    assert_eq!(table.deadline(), Some(day + 5 + 2 * day));
    table.apply(&rec(3 * day, White, play("C3"))).unwrap();
    assert_eq!(table.deadline(), Some(3 * day + 2 * day));
}

#[test]
fn clocks_out_of_range_are_refused() {
    for bad in [
        TimeControl::Fischer {
            main_s: 0,
            increment_s: 0,
        },
        TimeControl::Fischer {
            main_s: 100_000,
            increment_s: 0,
        },
        TimeControl::ByoYomi {
            main_s: 60,
            periods: 0,
            period_s: 30,
        },
        TimeControl::Correspondence { days: 0 },
    ] {
        assert!(Table::new(othello(), bad).is_err(), "{bad:?}");
    }
    assert!(Table::new(go(25), TimeControl::None).is_err());
}

#[test]
fn messages_read_what_they_write_and_refuse_bad_ids() {
    let message = ClientMessage::Act {
        ticket: crate::protocol::Ticket {
            game: id(),
            token: Token::from_bytes([0xab; 16]),
        },
        act: SeatAct::Play {
            seen: Seen { after: 3 },
            mv: "D4".into(),
        },
    };
    let text = serde_json::to_string(&message).unwrap();
    assert_eq!(
        serde_json::from_str::<ClientMessage>(&text).unwrap(),
        message
    );
    assert!(
        !format!("{message:?}").contains("abab"),
        "tokens stay out of logs"
    );
    for bad in [
        r#"{"type":"open","game":"../../etc"}"#,
        r#"{"type":"open","game":"0123456789ABCDEF"}"#,
        r#"{"type":"open","game":"0123456789abcdef","token":"short"}"#,
        r#"{"type":"launch"}"#,
    ] {
        assert!(serde_json::from_str::<ClientMessage>(bad).is_err(), "{bad}");
    }
    let table = counted_go();
    let game = ServerMessage::Game(Box::new(GameView::of(&table, id(), Some(White), 0)));
    let text = serde_json::to_string(&game).unwrap();
    assert!(text.contains(r#""phase":"counting""#), "{text}");
    assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), game);
}

#[test]
fn a_seat_sends_no_act_of_the_server_s_and_no_move_without_what_it_saw() {
    let act = |fields: &str| {
        let text = format!(
            r#"{{"type":"act","game":"0123456789abcdef","token":"0123456789abcdef0123456789abcdef",{fields}}}"#
        );
        serde_json::from_str::<ClientMessage>(&text)
    };
    assert!(act(r#""act":"play","after":2,"move":"f5""#).is_ok());
    assert!(act(r#""act":"resign""#).is_ok());
    for bad in [
        r#""act":"play","move":"f5""#,
        r#""act":"sit","name":"Ann""#,
        r#""act":"timeout""#,
    ] {
        assert!(act(bad).is_err(), "{bad}");
    }
}

fn act_strategy() -> impl Strategy<Value = (bool, Act)> {
    let moves = prop::sample::select(vec![
        "d3", "c4", "f5", "e6", "c3", "f6", "d6", "e3", "pass", "a1", "f4", "c5",
    ]);
    prop_oneof![
        6 => moves.prop_map(|m| Act::Seat(play(m))),
        1 => Just(Act::Seat(SeatAct::Undo)),
        1 => any::<bool>().prop_map(|accept| Act::Seat(SeatAct::UndoAnswer { accept })),
        1 => Just(Act::Timeout),
    ]
    .prop_flat_map(|act| (any::<bool>(), Just(act)))
}

proptest! {
    /// What the referee accepts, replayed on a new table, gives the same game; what it
    /// refuses changes nothing.
    #[test]
    fn accepted_records_replay_to_the_same_game(
        acts in prop::collection::vec(act_strategy(), 1..60),
    ) {
        let time = TimeControl::Fischer { main_s: 30, increment_s: 1 };
        let mut table = seated(othello(), time);
        let mut kept = Vec::new();
        for (i, (black, act)) in acts.into_iter().enumerate() {
            let by = if matches!(act, Act::Timeout) {
                None
            } else {
                Some(if black { Black } else { White })
            };
            let record = Record { by, at_ms: i as i64 * 700, act };
            if try_apply(&mut table, &record).is_ok() {
                kept.push(record);
            }
        }
        let mut replayed = seated(othello(), time);
        for record in &kept {
            replayed.apply(record).unwrap();
        }
        prop_assert_eq!(view(&replayed), view(&table));
    }
}

/// `value` and the JSON it is written as, byte for byte; the JSON reads back as `value`.
fn check_json<T>(value: &T, expected: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(serde_json::to_string(value).unwrap(), expected);
    assert_eq!(&serde_json::from_str::<T>(expected).unwrap(), value);
}

/// The JSON of the protocol's messages and of the stored records: what the app, the server
/// and the database hold reads and writes the same.
#[test]
fn messages_and_records_keep_their_json_forms() {
    use crate::SeatChoice;
    use crate::protocol::{Summary, Ticket};
    use ishi_rules::go::{GoRules, Komi};

    let ticket = Ticket {
        game: id(),
        token: Token::from_bytes([0xab; 16]),
    };
    check_json(
        &ClientMessage::Create {
            setup: GameSetup::Go {
                size: 9,
                rules: GoRules::TROMP_TAYLOR.with_komi(Komi::from_half_points(-3)),
                handicap: 2,
            },
            time: TimeControl::ByoYomi {
                main_s: 600,
                periods: 5,
                period_s: 30,
            },
            seat: SeatChoice::Random,
            name: "Ann".into(),
        },
        r#"{"type":"create","setup":{"go":{"size":9,"rules":{"preset":"tromp-taylor","komi":-3},"handicap":2}},"time":{"kind":"byo_yomi","main_s":600,"periods":5,"period_s":30},"seat":"random","name":"Ann"}"#,
    );
    check_json(
        &ClientMessage::Act {
            ticket: ticket.clone(),
            act: SeatAct::Play {
                seen: Seen { after: 0 },
                mv: "f5".into(),
            },
        },
        r#"{"type":"act","game":"0707070707070707","token":"abababababababababababababababab","act":"play","after":0,"move":"f5"}"#,
    );
    check_json(
        &ClientMessage::Act {
            ticket,
            act: SeatAct::AcceptCount {
                dead: vec!["E3".into()],
            },
        },
        r#"{"type":"act","game":"0707070707070707","token":"abababababababababababababababab","act":"accept_count","dead":["E3"]}"#,
    );
    check_json(
        &ServerMessage::Seated {
            game: id(),
            seat: White,
            token: Token::from_bytes([0xab; 16]),
        },
        r#"{"type":"seated","game":"0707070707070707","seat":"white","token":"abababababababababababababababab"}"#,
    );

    let time = TimeControl::Fischer {
        main_s: 300,
        increment_s: 5,
    };
    let mut table = seated(othello(), time);
    table.apply(&rec(1000, Black, play("f5"))).unwrap();
    table.apply(&rec(2000, Black, SeatAct::Undo)).unwrap();
    check_json(
        &GameView::of(&table, id(), Some(Black), 2500),
        r#"{"game":"0707070707070707","setup":{"othello":{"board":"8x8"}},"time":{"kind":"fischer","main_s":300,"increment_s":5},"names":{"black":"Ann","white":"Bo"},"you":"black","moves":[{"player":"black","move":"f5"}],"phase":"playing","undo_request":"black","dead":[],"accepted":{"black":false,"white":false},"clock":{"left":{"black":{"main_ms":304000,"periods":0},"white":{"main_ms":300000,"periods":0}},"running":"white","elapsed_ms":1500,"deadline_ms":301000},"result":null}"#,
    );
    table.apply(&rec(3000, White, SeatAct::Resign)).unwrap();
    check_json(
        &GameView::of(&table, id(), None, 3500),
        r#"{"game":"0707070707070707","setup":{"othello":{"board":"8x8"}},"time":{"kind":"fischer","main_s":300,"increment_s":5},"names":{"black":"Ann","white":"Bo"},"you":null,"moves":[{"player":"black","move":"f5"}],"phase":"over","undo_request":null,"dead":[],"accepted":{"black":false,"white":false},"clock":{"left":{"black":{"main_ms":304000,"periods":0},"white":{"main_ms":300000,"periods":0}},"running":null,"elapsed_ms":0,"deadline_ms":null},"result":"B+R"}"#,
    );
    check_json(
        &Summary::of(&table, id(), White),
        r#"{"game":"0707070707070707","setup":{"othello":{"board":"8x8"}},"time":{"kind":"fischer","main_s":300,"increment_s":5},"you":"white","names":{"black":"Ann","white":"Bo"},"phase":"over","turn":null,"moves":1,"deadline_ms":null,"result":"B+R"}"#,
    );
    check_json(
        &GameView::of(&counted_go(), id(), Some(White), 0),
        r#"{"game":"0707070707070707","setup":{"go":{"size":5,"rules":{"preset":"japanese","komi":13},"handicap":0}},"time":{"kind":"none"},"names":{"black":"Ann","white":"Bo"},"you":"white","moves":[{"player":"black","move":"B1"},{"player":"white","move":"D1"},{"player":"black","move":"B2"},{"player":"white","move":"D2"},{"player":"black","move":"B3"},{"player":"white","move":"D3"},{"player":"black","move":"B4"},{"player":"white","move":"D4"},{"player":"black","move":"B5"},{"player":"white","move":"D5"},{"player":"black","move":"E3"},{"player":"white","move":"pass"},{"player":"black","move":"pass"}],"phase":"counting","undo_request":null,"dead":["E3"],"accepted":{"black":false,"white":false},"clock":null,"result":null}"#,
    );

    let records = [
        (
            rec(0, Black, Act::Sit { name: "Ann".into() }),
            r#"{"by":"black","at_ms":0,"act":"sit","name":"Ann"}"#,
        ),
        (
            rec(1, Black, play("D4")),
            r#"{"by":"black","at_ms":1,"act":"play","move":"D4"}"#,
        ),
        (
            rec(2, White, SeatAct::UndoAnswer { accept: true }),
            r#"{"by":"white","at_ms":2,"act":"undo_answer","accept":true}"#,
        ),
        (
            rec(3, White, SeatAct::Mark { point: "E3".into() }),
            r#"{"by":"white","at_ms":3,"act":"mark","point":"E3"}"#,
        ),
        (
            Record {
                by: None,
                at_ms: 4,
                act: Act::Timeout,
            },
            r#"{"by":null,"at_ms":4,"act":"timeout"}"#,
        ),
    ];
    for (record, expected) in &records {
        check_json(record, expected);
    }
}

mod rated {
    use super::*;
    use crate::rated::{Pool, RatingClass, pairing_range, scores};

    #[test]
    fn classes_are_othello_8x8_and_even_go_on_three_sizes() {
        assert_eq!(RatingClass::of(&othello()), Some(RatingClass::Othello));
        assert_eq!(
            RatingClass::of(&GameSetup::Othello {
                board: "10x10".parse().unwrap()
            }),
            None
        );
        assert_eq!(RatingClass::of(&go(9)), Some(RatingClass::Go9));
        assert_eq!(RatingClass::of(&go(13)), Some(RatingClass::Go13));
        assert_eq!(RatingClass::of(&go(19)), Some(RatingClass::Go19));
        assert_eq!(RatingClass::of(&go(7)), None);
        let handicap = GameSetup::Go {
            size: 19,
            rules: ishi_rules::go::GoRules::JAPANESE,
            handicap: 2,
        };
        assert_eq!(RatingClass::of(&handicap), None);
        for class in RatingClass::ALL {
            assert_eq!(RatingClass::from_name(class.name()), Some(class));
        }
        // Every pool's games are rated, in its class, and its clock in range.
        for pool in Pool::ALL {
            let (setup, time) = pool.game();
            assert_eq!(RatingClass::of(&setup), Some(pool.class()));
            assert!(time.check().is_ok());
            let json = serde_json::to_string(&pool).unwrap();
            assert_eq!(json, format!("\"{}\"", pool.name()));
            assert_eq!(serde_json::from_str::<Pool>(&json).unwrap(), pool);
        }
    }

    #[test]
    fn a_game_counts_once_both_sides_moved() {
        let mut table = seated(othello(), TimeControl::None);
        assert_eq!(scores(&table), None, "not over");
        table.apply(&rec(1, Black, play("f5"))).unwrap();
        let mut aborted = table.clone();
        aborted.apply(&rec(2, White, SeatAct::Resign)).unwrap();
        assert_eq!(aborted.phase(), Phase::Over);
        assert_eq!(scores(&aborted), None, "White never moved: aborted");
        table.apply(&rec(2, White, play("d6"))).unwrap();
        table.apply(&rec(3, White, SeatAct::Resign)).unwrap();
        let counted = scores(&table).unwrap();
        assert_eq!((counted.black, counted.white), (1.0, 0.0));
    }

    #[test]
    fn the_pairing_range_widens_with_the_wait() {
        assert_eq!(pairing_range(0), 100.0);
        assert_eq!(pairing_range(4_999), 100.0);
        assert_eq!(pairing_range(5_000), 150.0);
        assert_eq!(pairing_range(30_000), 400.0);
        assert!(pairing_range(60_000).is_infinite());
        assert_eq!(pairing_range(-5), 100.0, "a clock set back");
    }
}
