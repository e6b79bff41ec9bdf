use ishi_records::sgf::{Found, Position as At, SgfErrorKind};
use ishi_records::{Expected, RecordError, RecordErrorKind};
use ishi_rules::go::{self, GoRules, HandicapError, Komi};
use ishi_rules::othello::notation::{BoardStringError, BoardStringErrorKind};
use ishi_rules::othello::transcript::{TranscriptError, TranscriptErrorKind};
use ishi_rules::othello::{self, Shape, ShapeError};
use ishi_rules::{IllegalReason, Move};
use ishi_scoring::GameResult;

use super::*;
use crate::model::{MoveNameError, Refusal, SetupError};
use crate::records::ImportError;
use crate::saved::v1::{V1Error, V1Field};
use crate::saved::{EventError, LoadError, MatchLoadError};
use crate::state::{AppError, ComputerFailure};

#[test]
fn both_languages_say_the_same_things() {
    for lang in Language::ALL {
        let tr = Tr(lang);
        assert!(!tr.to_move(Player::Black).is_empty());
        assert!(!tr.refusal(&Refusal::Illegal(IllegalReason::Ko)).is_empty());
    }
    assert_eq!(
        Tr(Language::English).to_move(Player::White),
        "White to move"
    );
    assert_eq!(Tr(Language::Japanese).to_move(Player::White), "白の番です");
    assert_eq!(
        Tr(Language::Japanese).cell_label("D4", &[CellFact::Stone(Player::Black), CellFact::Last]),
        "D4、黒、最後の手"
    );
    let club = AnyLevel::Othello(OthelloLevel::Club);
    assert_eq!(Tr(Language::English).computer(club), "Computer: Club");
    assert_eq!(Tr(Language::Japanese).computer(club), "コンピュータ: 中級");
}

#[test]
fn language_codes_follow_bcp47_primary_tags() {
    assert_eq!(Language::from_code("ja-JP"), Some(Language::Japanese));
    assert_eq!(Language::from_code("en_GB.UTF-8"), Some(Language::English));
    assert_eq!(Language::from_code("fr"), None);
    assert_eq!(Language::from_code(""), None);
}

fn point(name: &str) -> go::Point {
    name.parse().unwrap()
}

fn square(name: &str) -> othello::Square {
    name.parse().unwrap()
}

/// One of each way an Othello board can be wrong.
fn shape_errors() -> Vec<ShapeError> {
    vec![
        ShapeError::Size(12),
        ShapeError::RowLength { row: 3, len: 7 },
        ShapeError::Char {
            row: 2,
            col: 5,
            found: '?',
        },
        ShapeError::CentreMissing(square("d4")),
        ShapeError::UnknownName("xq".to_owned()),
    ]
}

fn setup_errors() -> Vec<SetupError> {
    let mut all: Vec<SetupError> = shape_errors().into_iter().map(SetupError::Shape).collect();
    all.push(SetupError::Komi("6.3".parse::<Komi>().unwrap_err()));
    all.extend(
        [
            go::SetupError::Size(25),
            go::SetupError::OffBoard(point("T19")),
            go::SetupError::Overlap(point("D4")),
            go::SetupError::NoLiberties(point("A1")),
        ]
        .map(SetupError::Go),
    );
    all.extend(
        [
            HandicapError::Count { stones: 9, size: 9 },
            HandicapError::Count { stones: 2, size: 5 },
            HandicapError::BadPoint(point("D4")),
            HandicapError::NotEmpty,
        ]
        .map(SetupError::Handicap),
    );
    all
}

fn record_errors() -> Vec<RecordError> {
    let at = Some(At {
        line: 3,
        column: 14,
    });
    let syntax = [
        SgfErrorKind::Empty,
        SgfErrorKind::ExpectedTree(Found::Char('x')),
        SgfErrorKind::ExpectedNode(Found::End),
        SgfErrorKind::Unexpected(Found::Byte(0x12)),
        SgfErrorKind::Name("b".to_owned()),
        SgfErrorKind::MissingValue("SZ".to_owned()),
        SgfErrorKind::UnclosedValue("C".to_owned()),
        SgfErrorKind::UnclosedTree,
        SgfErrorKind::NodeAfterVariations,
        SgfErrorKind::TooDeep,
        SgfErrorKind::Charset("xq".to_owned()),
        SgfErrorKind::Utf8("PB".to_owned()),
    ]
    .map(RecordErrorKind::Syntax);
    let expected = [
        Expected::SgfVersion,
        Expected::SquareBoard,
        Expected::BoardSize,
        Expected::SizeNumber,
        Expected::Komi,
        Expected::HandicapStones,
        Expected::Player,
    ]
    .map(|expected| RecordErrorKind::BadValue {
        id: "SZ".to_owned(),
        value: "99".to_owned(),
        expected,
    });
    let others = [
        RecordErrorKind::Empty,
        RecordErrorKind::NotGo("2".to_owned()),
        RecordErrorKind::Point {
            id: "B".to_owned(),
            value: "zz".to_owned(),
            size: 9,
        },
        RecordErrorKind::ValueCount {
            id: "KM".to_owned(),
            count: 2,
        },
        RecordErrorKind::Duplicate("SZ".to_owned()),
        RecordErrorKind::TwoMoves,
        RecordErrorKind::SetupAfterMoves("AB".to_owned()),
        RecordErrorKind::Handicap(HandicapError::NotEmpty),
        RecordErrorKind::Setup(go::SetupError::Overlap(point("C3"))),
        RecordErrorKind::Illegal {
            number: 12,
            player: Player::White,
            mv: Move::Place(point("E5")),
            reason: IllegalReason::Ko,
        },
        RecordErrorKind::Illegal {
            number: 13,
            player: Player::Black,
            mv: Move::Pass,
            reason: IllegalReason::GameOver,
        },
    ];
    let mut all: Vec<RecordError> = syntax
        .into_iter()
        .chain(expected)
        .chain(others)
        .map(|kind| RecordError { position: at, kind })
        .collect();
    all.push(RecordError {
        position: None,
        kind: RecordErrorKind::TwoMoves,
    });
    all
}

fn import_errors() -> Vec<ImportError> {
    let mut all = vec![
        ImportError::Empty,
        ImportError::File,
        ImportError::SgfSetup,
        ImportError::NotAlternating {
            number: 4,
            player: Player::Black,
        },
    ];
    all.extend(record_errors().into_iter().map(ImportError::Sgf));
    let board_kinds = [
        BoardStringErrorKind::BadChar('?'),
        BoardStringErrorKind::SquareCount(17),
        BoardStringErrorKind::MissingSide,
        BoardStringErrorKind::Shape(ShapeError::CentreMissing(square("e5"))),
        BoardStringErrorKind::Setup(othello::SetupError::OffBoard(square("j10"))),
        BoardStringErrorKind::Setup(othello::SetupError::Overlap(square("c3"))),
        BoardStringErrorKind::Setup(othello::SetupError::NotStandard(Shape::square(6).unwrap())),
    ];
    all.extend(board_kinds.map(|kind| ImportError::Board(BoardStringError { offset: 4, kind })));
    all.extend(
        [
            TranscriptErrorKind::Malformed("zz".to_owned()),
            TranscriptErrorKind::Illegal(Move::Place(square("a1")), IllegalReason::NoFlip),
        ]
        .map(|kind| {
            ImportError::Transcript(TranscriptError {
                offset: 4,
                move_number: 3,
                kind,
            })
        }),
    );
    all.extend(setup_errors().into_iter().map(ImportError::Setup));
    all.extend(
        refusals()
            .into_iter()
            .map(|refusal| ImportError::Move { number: 7, refusal }),
    );
    all
}

fn refusals() -> Vec<Refusal> {
    let reasons = [
        IllegalReason::GameOver,
        IllegalReason::OffBoard,
        IllegalReason::Occupied,
        IllegalReason::NoFlip,
        IllegalReason::MustPass,
        IllegalReason::CannotPass,
        IllegalReason::Suicide,
        IllegalReason::Ko,
        IllegalReason::Superko,
    ];
    let mut all: Vec<Refusal> = reasons.into_iter().map(Refusal::Illegal).collect();
    all.extend([
        Refusal::NotYourTurn,
        Refusal::NothingThere,
        Refusal::Stale,
        Refusal::NotCounting,
        Refusal::TooManyVariations,
    ]);
    all
}

fn match_load_errors() -> Vec<MatchLoadError> {
    let mut all: Vec<MatchLoadError> = setup_errors()
        .into_iter()
        .map(MatchLoadError::Setup)
        .collect();
    let mut events = vec![
        EventError::Move(MoveNameError::Malformed("zz".to_owned())),
        EventError::Move(MoveNameError::OffBoard("T19".to_owned())),
        EventError::CountInOthello,
    ];
    events.extend(refusals().into_iter().map(EventError::Refused));
    all.extend(
        events
            .into_iter()
            .map(|error| MatchLoadError::Event { number: 5, error }),
    );
    all.push(MatchLoadError::Cursor);
    all
}

fn load_errors() -> Vec<LoadError> {
    let mut all = vec![
        LoadError::Damaged { line: 1, column: 2 },
        LoadError::Version { found: 0 },
    ];
    all.extend(match_load_errors().into_iter().map(LoadError::Match));
    let v1 = [
        V1Error::UnknownGame("xq".to_owned()),
        V1Error::Missing(V1Field::Shape),
        V1Error::Missing(V1Field::Size),
        V1Error::Missing(V1Field::Rules),
        V1Error::Missing(V1Field::Komi),
        V1Error::Shape(ShapeError::Size(3)),
        V1Error::Board(BoardStringError {
            offset: 0,
            kind: BoardStringErrorKind::MissingSide,
        }),
        V1Error::Rules("xq".parse::<GoRules>().unwrap_err()),
        V1Error::Player("zz".to_owned()),
        V1Error::Result("xq".parse::<GameResult>().unwrap_err()),
        V1Error::WrongGame(GameKind::Othello),
        V1Error::WrongGame(GameKind::Go),
        V1Error::Version(7),
    ];
    all.extend(v1.map(LoadError::V1));
    all
}

fn app_errors() -> Vec<AppError> {
    let mut all: Vec<AppError> = refusals().into_iter().map(AppError::Refused).collect();
    all.extend(setup_errors().into_iter().map(AppError::Setup));
    all.extend(import_errors().into_iter().map(AppError::Import));
    all.extend(match_load_errors().into_iter().map(AppError::Open));
    all.extend(server_reasons().into_iter().map(AppError::Online));
    all.extend([
        AppError::OnlineSetup(ishi_online::SetupError::Time(ishi_online::TimeError)),
        AppError::OnlineSetup(ishi_online::SetupError::Go(go::SetupError::Size(25))),
        AppError::Offline,
        AppError::NoServer,
        AppError::Unavailable,
        AppError::NoMistakes,
    ]);
    all
}

/// Every reason the game server gives, in an exhaustive `match` so a new one is listed.
fn server_reasons() -> Vec<ishi_online::protocol::Reason> {
    use ishi_online::protocol::Reason as R;
    let all = [
        R::Malformed,
        R::TooLarge,
        R::TooFast,
        R::TooManyGames,
        R::UnknownGame,
        R::NotSeated,
        R::BadSetup,
        R::BadName,
        R::WrongPhase,
        R::NotYourTurn,
        R::BadMove,
        R::Illegal,
        R::Stale,
        R::NoUndo,
        R::NoUndoRequest,
        R::MarksChanged,
        R::TimeUp,
        R::Unavailable,
        R::BadCredentials,
        R::NameTaken,
        R::BadPassword,
        R::TooManyAttempts,
        R::NotLoggedIn,
        R::BadSession,
        R::UnknownChallenge,
        R::OwnChallenge,
        R::Unrated,
        R::UnknownPlayer,
        R::BadText,
    ];
    for reason in all {
        match reason {
            R::Malformed
            | R::TooLarge
            | R::TooFast
            | R::TooManyGames
            | R::UnknownGame
            | R::NotSeated
            | R::BadSetup
            | R::BadName
            | R::WrongPhase
            | R::NotYourTurn
            | R::BadMove
            | R::Illegal
            | R::Stale
            | R::NoUndo
            | R::NoUndoRequest
            | R::MarksChanged
            | R::TimeUp
            | R::Unavailable
            | R::BadCredentials
            | R::NameTaken
            | R::BadPassword
            | R::TooManyAttempts
            | R::NotLoggedIn
            | R::BadSession
            | R::UnknownChallenge
            | R::OwnChallenge
            | R::Unrated
            | R::UnknownPlayer
            | R::BadText => {}
        }
    }
    all.to_vec()
}

fn computer_failures() -> Vec<ComputerFailure> {
    use ishi_worker::{Model, WorkerError as W};
    let workers = [
        W::BadRequest,
        W::BadStart,
        W::IllegalMove {
            index: 41,
            reason: IllegalReason::Superko,
        },
        W::WrongGame,
        W::GameOver,
        W::ModelMissing(Model::OthelloWeights),
        W::ModelMissing(Model::GoMoves),
        W::ModelMissing(Model::GoNetwork),
        // The platform's own words, which are not translated: digits, for the check below.
        W::Stopped("404".to_owned()),
        W::Unavailable,
    ];
    // A new variant does not compile here until it is listed above.
    for error in &workers {
        match error {
            W::BadRequest
            | W::BadStart
            | W::IllegalMove { .. }
            | W::WrongGame
            | W::GameOver
            | W::ModelMissing(Model::OthelloWeights | Model::GoMoves | Model::GoNetwork)
            | W::Stopped(_)
            | W::Unavailable => {}
        }
    }
    workers
        .into_iter()
        .map(ComputerFailure::Worker)
        .chain([
            ComputerFailure::NoMove,
            ComputerFailure::Illegal(IllegalReason::Occupied),
        ])
        .collect()
}

/// The words of ASCII letters in `text`, three letters or more, in lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .map(str::to_ascii_lowercase)
        .collect()
}

/// Names that both languages write the same way: formats, encodings and the app's name.
const SHARED: [&str; 5] = ["sgf", "utf", "iso", "latin", "ishi"];

/// Checks that `ja` is Japanese: not empty, not the English text, and without an English
/// word of `en` (but for names both languages share).
fn assert_translated(en: &str, ja: &str) {
    assert!(!en.is_empty() && !ja.is_empty(), "{en:?} / {ja:?}");
    assert_ne!(en, ja);
    let english = words(en);
    for word in words(ja) {
        assert!(
            SHARED.contains(&word.as_str()) || !english.contains(&word),
            "the Japanese text has the English word {word:?}:\n  en: {en}\n  ja: {ja}"
        );
    }
    assert!(!en.contains("{") && !ja.contains("{"), "{en} / {ja}");
}

#[test]
fn every_error_reads_in_both_languages_and_japanese_has_no_english_words() {
    let (en, ja) = (Tr(Language::English), Tr(Language::Japanese));
    let errors = app_errors();
    assert!(errors.len() > 100, "{}", errors.len());
    for error in &errors {
        assert_translated(&en.error(error), &ja.error(error));
    }
    for error in &load_errors() {
        assert_translated(&en.unreadable(error), &ja.unreadable(error));
    }
    for failure in &computer_failures() {
        assert_translated(&en.computer_failure(failure), &ja.computer_failure(failure));
    }
}

#[test]
fn the_sentences_of_saved_data_errors_are_what_players_saw_before() {
    let en = Tr(Language::English);
    assert!(
        en.unreadable(&LoadError::Damaged { line: 1, column: 2 })
            .starts_with("Your saved game could not be read; here is a new game. (It was kept aside: the saved data is damaged"),
    );
    assert!(
        en.unreadable(&LoadError::Version { found: 0 })
            .contains("another version of Ishi")
    );
}

#[test]
fn go_notes_and_hints_name_points_of_score_with_the_win_rate_beside_them() {
    let note = Note {
        unit: crate::model::ValueUnit::Score,
        player: Player::Black,
        played: Some(("A2".into(), "-34.1".into(), ishi_analysis::Class::Blunder)),
        best: Some(("D7".into(), "+0.6".into())),
        loss: Some("32.3".into()),
        win_rate: Some(("1%".into(), Some("52".into()))),
    };
    assert_eq!(
        Tr(Language::English).analysis_note(&note),
        "Black played A2 (-34.1): a blunder, 32.3 points lost (win rate 1%, 52 lost). \
         Best: D7 (+0.6)."
    );
    assert_eq!(
        Tr(Language::Japanese).analysis_note(&note),
        "黒のA2（-34.1）は悪手、32.3目の損（勝率1%、52ポイント減）。最善: D7（+0.6）。"
    );
    let monte_carlo = Note {
        unit: crate::model::ValueUnit::WinRate,
        played: Some(("A2".into(), "12%".into(), ishi_analysis::Class::Blunder)),
        best: Some(("D7".into(), "64%".into())),
        loss: Some("52.0".into()),
        win_rate: None,
        ..note
    };
    assert_eq!(
        Tr(Language::English).analysis_note(&monte_carlo),
        "Black played A2 (12%): a blunder, 52.0 points of win rate lost. Best: D7 (64%)."
    );
    let value = |win_rate: Option<&str>| CellFact::Value {
        text: if win_rate.is_some() { "+3.5" } else { "62" }.into(),
        exact: false,
        visits: Some("40".into()),
        win_rate: win_rate.map(Into::into),
    };
    assert_eq!(
        Tr(Language::English).cell_label("D4", &[value(Some("58"))]),
        "D4, score +3.5 points, win rate 58%, 40 visits"
    );
    assert_eq!(
        Tr(Language::English).cell_label("D4", &[value(None)]),
        "D4, win rate 62%, 40 playouts"
    );
}

#[test]
fn the_network_is_mentioned_only_while_it_is_not_there() {
    use crate::state::NetworkStatus;
    for language in [Language::English, Language::Japanese] {
        let tr = Tr(language);
        assert_eq!(tr.network(NetworkStatus::Unknown), None);
        assert_eq!(tr.network(NetworkStatus::Ready), None);
        let loading = tr.network(NetworkStatus::Loading(42)).unwrap();
        assert!(loading.ends_with(" 42 %"), "{loading}");
        assert!(tr.network(NetworkStatus::NoSimd).unwrap().contains("SIMD"));
        for status in [
            NetworkStatus::Loading(100),
            NetworkStatus::NoSimd,
            NetworkStatus::Failed,
        ] {
            // The note fits a phone's status line (about 30 characters at 12 px).
            let note = tr.network(status).unwrap();
            assert!(note.chars().count() <= 30, "{note}");
        }
    }
}

#[test]
fn the_accuracy_line_gives_each_player_in_whole_per_cent() {
    let (en, ja) = (Tr(Language::English), Tr(Language::Japanese));
    assert_eq!(
        en.accuracy(Some(86.6), Some(73.2)),
        "Accuracy: Black 87%, White 73%"
    );
    assert_eq!(
        en.accuracy(Some(100.0), None),
        "Accuracy: Black 100%, White –"
    );
    assert_eq!(
        ja.accuracy(Some(86.6), Some(73.2)),
        "正確さ: 黒 87%、白 73%"
    );
    assert_translated(en.next_mistake(), ja.next_mistake());
    assert_translated(en.previous_mistake(), ja.previous_mistake());
    assert_translated(en.accuracy_how(), ja.accuracy_how());
    assert_translated(en.mistakes(), ja.mistakes());
}

#[test]
fn the_puzzles_words_in_both_languages() {
    use crate::puzzles::{Mode, PuzzleGame, Verdict};
    let (en, ja) = (Tr(Language::English), Tr(Language::Japanese));
    let othello = PuzzleGame::Othello;
    let missed = Verdict {
        played: ishi_rules::othello::Square::from_coords(3, 2).unwrap(),
        value: Some(-2),
        solved: false,
        change: Some(-15),
    };
    assert_eq!(
        en.puzzle_verdict(othello, &missed, ("c4".to_owned(), 6)),
        "Not the best: d3 loses by 2; c4 wins by 6. (-15)"
    );
    assert_eq!(
        ja.puzzle_verdict(othello, &missed, ("c4".to_owned(), 6)),
        "不正解：d3は2石負け、最善のc4なら6石勝ち。（-15）"
    );
    let drawn = Verdict {
        value: Some(0),
        solved: true,
        change: None,
        ..missed
    };
    assert_eq!(
        en.puzzle_verdict(othello, &drawn, ("d3".to_owned(), 0)),
        "Right: d3 draws."
    );
    assert_eq!(
        ja.puzzle_verdict(othello, &drawn, ("d3".to_owned(), 0)),
        "正解：d3で引き分け。"
    );
    assert_eq!(
        en.puzzle_rating(1512.4, true, 3, 5),
        "Rating 1512? · 3 of 5 solved"
    );
    assert_eq!(
        ja.puzzle_rating(1512.6, false, 3, 5),
        "レート 1513・5問中3問正解"
    );
    for tr in [en, ja] {
        for mode in Mode::ALL {
            assert!(!tr.puzzle_mode(mode).is_empty());
        }
        for theme in ishi_puzzles::othello::Theme::ALL {
            assert!(!tr.puzzle_theme(theme).is_empty());
        }
        for theme in ishi_puzzles::go::Theme::ALL {
            assert!(!tr.go_puzzle_theme(theme).is_empty());
        }
        for game in PuzzleGame::ALL {
            assert!(!tr.every_value(game).is_empty());
        }
    }
    assert_ne!(en.puzzle_mode(Mode::Daily), ja.puzzle_mode(Mode::Daily));
    // Go's values are points, and a move off the list has none.
    let go = PuzzleGame::Go;
    let c3: ishi_rules::go::Point = "C3".parse().unwrap();
    let listed = Verdict {
        played: c3,
        value: Some(30),
        solved: false,
        change: Some(-12),
    };
    assert_eq!(
        en.puzzle_verdict(go, &listed, ("E5".to_owned(), 124)),
        "Not the best: C3 is worth +3.0 points; E5 is worth +12.4 points. (-12)"
    );
    assert_eq!(
        ja.puzzle_verdict(go, &listed, ("E5".to_owned(), 124)),
        "不正解：C3は+3.0目、最善のE5なら+12.4目。（-12）"
    );
    let off = Verdict {
        value: None,
        change: None,
        ..listed
    };
    assert_eq!(
        en.puzzle_verdict(go, &off, ("E5".to_owned(), -15)),
        "Not the best: C3; E5 is worth -1.5 points."
    );
    assert_eq!(
        ja.puzzle_verdict(go, &off, ("E5".to_owned(), -15)),
        "不正解：C3ではなく、最善のE5なら-1.5目。"
    );
    let right = Verdict {
        solved: true,
        value: Some(124),
        ..off
    };
    assert_eq!(
        en.puzzle_verdict(go, &right, ("C3".to_owned(), 124)),
        "Right: C3 is worth +12.4 points."
    );
    assert_eq!(
        en.puzzle_board(9, 8, 19),
        "Puzzle board, 9 by 8 of a 19 by 19 board"
    );
    assert_eq!(ja.puzzle_board(8, 8, 8), "パズルの盤面（8×8）");
}

#[test]
fn the_time_left_for_a_move_in_both_languages() {
    let (en, ja) = (Tr(Language::English), Tr(Language::Japanese));
    let hour = 3_600_000;
    assert_eq!(en.time_left(50 * hour), "2 days left");
    assert_eq!(en.time_left(47 * hour + 59 * 60_000), "47 h left");
    assert_eq!(en.time_left(12 * 60_000 + 59_000), "12 min left");
    assert_eq!(en.time_left(40_999), "40 s left");
    assert_eq!(en.time_left(-5_000), "0 s left", "past the deadline");
    assert_eq!(ja.time_left(50 * hour), "残り2日");
    assert_eq!(ja.time_left(5 * hour), "残り5時間");
}

#[test]
fn every_refusal_of_the_server_has_a_sentence_of_its_own_in_both_languages() {
    use ishi_online::protocol::Reason as R;
    let reasons = server_reasons();
    for lang in Language::ALL {
        let tr = Tr(lang);
        let said: std::collections::HashSet<String> =
            reasons.iter().map(|&r| tr.server_refusal(r)).collect();
        // A move the server could not read and an illegal one are the same to the player.
        assert_eq!(tr.server_refusal(R::BadMove), tr.server_refusal(R::Illegal));
        assert_eq!(
            said.len(),
            reasons.len() - 1,
            "{lang:?}: one sentence a reason"
        );
    }
    let en = Tr(Language::English);
    assert_eq!(
        en.server_refusal(R::BadCredentials),
        "Wrong name or password."
    );
    assert_eq!(
        en.server_refusal(R::BadPassword),
        format!(
            "Passwords are at least {} characters.",
            ishi_online::protocol::MIN_PASSWORD
        )
    );
}

#[test]
fn the_clubs_words_in_both_languages() {
    use ishi_online::TimeControl;
    use ishi_online::rated::{Pool, RatingClass};
    let (en, ja) = (Tr(Language::English), Tr(Language::Japanese));
    let blitz = TimeControl::Fischer {
        main_s: 180,
        increment_s: 2,
    };
    assert_eq!(en.clock_text(blitz), "3+2");
    assert_eq!(
        en.clock_text(TimeControl::Fischer {
            main_s: 30,
            increment_s: 1
        }),
        "0.5+1"
    );
    let byo = TimeControl::ByoYomi {
        main_s: 1200,
        periods: 5,
        period_s: 30,
    };
    assert_eq!(en.clock_text(byo), "20 min + 5×30 s");
    assert_eq!(ja.clock_text(byo), "20分＋秒読み30秒×5");
    assert_eq!(
        en.clock_text(TimeControl::Correspondence { days: 1 }),
        "1 day a move"
    );
    assert_eq!(
        en.clock_text(TimeControl::Correspondence { days: 3 }),
        "3 days a move"
    );
    assert_eq!(
        ja.clock_text(TimeControl::Correspondence { days: 3 }),
        "1手3日"
    );
    assert_eq!(en.pool(Pool::Othello3Plus2), "Othello 8x8 · 3+2");
    assert_eq!(en.pool(Pool::Go19ByoYomi), "Go 19×19 · 20 min + 5×30 s");
    assert_eq!(ja.pool(Pool::Go9Fischer5Plus5), "囲碁 9路 · 5+5");
    assert_eq!(en.class_name(RatingClass::Go13), "Go 13×13");
    assert_eq!(en.rating_line(1512.4, 84.6, true), "1512 ± 85, provisional");
    assert_eq!(ja.rating_line(1512.4, 84.6, false), "1512 ± 85");
    assert_eq!(en.rating_text(1499.6, true), "1500?");
    assert_eq!(
        en.claimed(1),
        "1 game of this device moved to your account."
    );
    assert_eq!(
        en.claimed(3),
        "3 games of this device moved to your account."
    );
    assert_eq!(
        en.results(3, 2, 1, 0),
        "3 rated games: 2 won, 1 lost, 0 drawn"
    );
    assert_eq!(ja.results(3, 2, 1, 0), "レーティング対局 3局：2勝 1敗 0分");
    assert_eq!(en.move_waits_body(Some("Bo")), "Bo has played.");
    assert_eq!(en.move_waits_body(None), "Your opponent has played.");
    assert_eq!(en.pairing(Some("Ann"), None), "Ann – White");
    for tab in [
        Tr::lobby_tab,
        Tr::watch_tab,
        Tr::profile_tab,
        Tr::account_tab,
    ] {
        assert_ne!(tab(en), tab(ja));
    }
}
