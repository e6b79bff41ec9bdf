//! Board strings and transcripts: the FFO test files and malformed text.
//!
//! `data/ffo-*.obf` hold the FFO test suite's positions #1-#59 as FForum published them,
//! each line with every move's exact score; `ishi-ai`'s solver tests and benches read them
//! too.

use ishi_rules::Game;
use ishi_rules::othello::notation::{
    BoardStringErrorKind, parse_board, parse_obf_line, print_board,
};
use ishi_rules::othello::transcript::{self, TranscriptErrorKind};
use ishi_rules::othello::{Move, Othello, Shape};
use ishi_rules::{IllegalReason, Player};

const OBF_FILES: [&str; 4] = [
    include_str!("data/ffo-01-19.obf"),
    include_str!("data/ffo-20-39.obf"),
    include_str!("data/ffo-40-44.obf"),
    include_str!("data/ffo-45-59.obf"),
];

#[test]
fn ffo_positions_print_back_to_the_same_text() {
    let mut count = 0;
    for line in OBF_FILES.iter().flat_map(|f| f.lines()) {
        let (position, comment) = parse_obf_line(line).unwrap();
        let board = line.split(';').next().unwrap().trim();
        assert_eq!(print_board(&position), board);
        // Every FFO position lists its best move first, and it is legal.
        let best = comment.unwrap().split(':').next().unwrap();
        let best = Move::Place(best.to_ascii_lowercase().parse().unwrap());
        assert!(position.is_legal(best), "{best} in {board}");
        count += 1;
    }
    assert_eq!(count, 59);
}

#[test]
fn ffo_40_is_black_to_move_with_twenty_empties() {
    let (position, _) = parse_obf_line(OBF_FILES[2].lines().next().unwrap()).unwrap();
    assert_eq!(position.turn(), Player::Black);
    assert_eq!(position.score().empties, 20);
}

#[test]
fn board_strings_accept_edax_spellings_and_shapes() {
    let standard = "---------------------------OX------XO--------------------------- X";
    let relaxed = "........ ........ ........ ...ox... ...xo... ........ ........ ........ b";
    assert_eq!(
        parse_board(relaxed).unwrap(),
        parse_board(standard).unwrap()
    );
    let octagon = Othello::new("octagon".parse().unwrap());
    let text = print_board(&octagon);
    assert!(text.starts_with("##----##"));
    assert_eq!(parse_board(&text).unwrap(), octagon);
    let small = Othello::new(Shape::square(4).unwrap());
    assert_eq!(print_board(&small), "-----OX--XO----- X");
}

#[test]
fn bad_board_strings_say_what_and_where() {
    let cases = [
        ("", 0, BoardStringErrorKind::MissingSide),
        (
            "---------------------------OX------XO---------------------------",
            63,
            BoardStringErrorKind::MissingSide,
        ),
        (
            "---------------------------OX------XO-------------?------------- X",
            50,
            BoardStringErrorKind::BadChar('?'),
        ),
        (
            "--------------------------OX------XO--------------------------- X",
            64,
            BoardStringErrorKind::SquareCount(63),
        ),
    ];
    for (text, offset, kind) in cases {
        let error = parse_board(text).unwrap_err();
        assert_eq!((error.offset, &error.kind), (offset, &kind), "{text:?}");
    }
    let message = parse_board("--x- O").unwrap_err().to_string();
    assert!(message.contains("4 squares"), "{message}");
}

#[test]
fn transcripts_replay_with_implicit_passes() {
    // After f8 Black must pass; the transcript goes on with White's next move.
    let replay = transcript::load(&Othello::standard(), "e6f6c4e7e8d8g6f8g5").unwrap();
    assert_eq!(replay.moves.len(), 10);
    assert_eq!(replay.moves[8], Move::Pass);
    assert_eq!(replay.positions.len(), 11);
    assert_eq!(transcript::print(&replay.moves), "e6f6c4e7e8d8g6f8g5");
}

#[test]
fn bad_transcripts_say_what_and_where() {
    let start = Othello::standard();
    let error = transcript::load(&start, "f5 d6 c3 x9").unwrap_err();
    assert_eq!(error.offset, 9);
    assert_eq!(error.move_number, 4);
    assert_eq!(error.kind, TranscriptErrorKind::Malformed("x9".to_owned()));
    let error = transcript::load(&start, "f5d6a1").unwrap_err();
    assert_eq!(error.offset, 4);
    assert_eq!(
        error.kind,
        TranscriptErrorKind::Illegal(Move::Place("a1".parse().unwrap()), IllegalReason::NoFlip)
    );
    let error = transcript::load(&start, "f5 pass").unwrap_err();
    assert_eq!(
        error.kind,
        TranscriptErrorKind::Illegal(Move::Pass, IllegalReason::CannotPass)
    );
    assert!(transcript::parse("f5+d6").is_err());
}
