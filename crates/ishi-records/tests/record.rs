//! The Go record layer on hand-written SGF: game information, setup, moves, comments,
//! variations and what is kept for printing; errors with their positions.

use ishi_records::sgf::{self, GameTree, Position, Property};
use ishi_records::{GoRecord, RecordErrorKind, RecordedMove};
use ishi_rules::go::{Go, GoRules, Komi, Move, Point, Setup, SetupError, handicap};
use ishi_rules::{ByColor, Game, IllegalReason, Player};

fn parse(input: impl AsRef<[u8]>) -> GoRecord {
    GoRecord::parse(input).unwrap_or_else(|e| panic!("{e}"))
}

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

fn place(name: &str) -> Move {
    Move::Place(point(name))
}

fn moves(record: &GoRecord) -> Vec<Move> {
    record.moves.iter().map(|m| m.mv).collect()
}

/// Prints the record, reads it back, and checks that nothing changed.
fn assert_round_trip(record: &GoRecord) {
    let printed = record.to_sgf();
    let again = GoRecord::parse(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    assert_eq!(&again, record, "{printed}");
}

fn error_at(input: &str) -> (Option<(usize, usize)>, RecordErrorKind, String) {
    let e = GoRecord::parse(input).expect_err("read");
    let at = e.position.map(|p| (p.line, p.column));
    (at, e.kind.clone(), e.to_string())
}

#[test]
fn missing_information_takes_the_defaults() {
    let record = parse("(;B[dd])");
    assert_eq!(record.size, 19);
    assert_eq!(record.rules, GoRules::JAPANESE.with_komi(Komi::default()));
    assert_eq!(record.handicap, 0);
    assert_eq!(record.players, ByColor::new(None, None));
    assert_eq!((record.result.as_ref(), record.date.as_ref()), (None, None));
    assert_eq!(moves(&record), [place("D16")]);
}

#[test]
fn game_information_is_read() {
    let record = parse(
        "(;GM[1]FF[4]CA[UTF-8]SZ[13]KM[7.5]RU[Chinese]HA[0]PB[Honinbo Shusaku]PW[Gennan \
         Inseki]RE[B+2]DT[1846-09-11]C[The ear-reddening game.]GN[ear-reddening];B[jd])",
    );
    assert_eq!(record.size, 13);
    assert_eq!(record.rules, GoRules::CHINESE);
    assert_eq!(record.players.black.as_deref(), Some("Honinbo Shusaku"));
    assert_eq!(record.players.white.as_deref(), Some("Gennan Inseki"));
    assert_eq!(record.result.as_deref(), Some("B+2"));
    assert_eq!(record.date.as_deref(), Some("1846-09-11"));
    assert_eq!(record.comment.as_deref(), Some("The ear-reddening game."));
    assert_eq!(record.properties, [Property::new("GN", ["ear-reddening"])]);
    assert_round_trip(&record);
}

#[test]
fn a_server_record_keeps_its_header_and_clock() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/server-style.sgf"
    ))
    .unwrap();
    let record = parse(&text);
    assert_eq!((record.size, record.rules.komi.half_points()), (9, 13));
    assert_eq!(record.result.as_deref(), Some("W+Resign"));
    let ids: Vec<&str> = record.properties.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["AP", "ST", "TM", "OT", "WR", "BR", "PC"]);
    assert_eq!(record.moves.len(), 8);
    assert_eq!(record.moves[0].properties, [Property::new("BL", ["598.2"])]);
    assert_eq!(
        record.moves[7].comment.as_deref(),
        Some("Shirakawa [2k]: thanks, you too\nKuroda [3k]: I resign")
    );
    assert_round_trip(&record);
    assert!(
        record
            .to_sgf()
            .contains(";B[gc]C[Kuroda [3k\\]: have a good game]BL[590.4]")
    );
}

#[test]
fn komi_reads_as_half_points() {
    for (km, half_points) in [
        ("6.5", 13),
        ("7", 14),
        ("0.50", 1),
        (" 5.5 ", 11),
        ("-3.5", -7),
        ("", 0),
    ] {
        let record = parse(format!("(;KM[{km}])"));
        assert_eq!(record.rules.komi.half_points(), half_points, "KM[{km}]");
        assert_round_trip(&record);
    }
    for bad in ["6.3", "6,5", "six", "6.25"] {
        let (at, kind, message) = error_at(&format!("(;SZ[9]\nKM[{bad}])"));
        assert_eq!(at, Some((2, 1)), "{message}");
        assert!(
            matches!(kind, RecordErrorKind::BadValue { ref id, .. } if id == "KM"),
            "{message}"
        );
        assert!(
            message.ends_with("is not a komi in whole or half points, like 6.5"),
            "{message}"
        );
    }
}

#[test]
fn board_sizes_are_square_from_5_to_19() {
    assert_eq!(parse("(;SZ[9])").size, 9);
    assert_eq!(parse("(;SZ[13:13])").size, 13);
    assert_eq!(parse("(;SZ[ 5 ])").size, 5);
    let cases = [
        (
            "19:13",
            "SZ[19:13] is not a square board size: rectangular boards are not supported",
        ),
        ("25", "SZ[25] is not a board size from 5 to 19"),
        ("4", "SZ[4] is not a board size from 5 to 19"),
        ("nine", "SZ[nine] is not a board size like 19"),
    ];
    for (sz, message) in cases {
        let (at, _, shown) = error_at(&format!("(;GM[1]SZ[{sz}])"));
        assert_eq!(at, Some((1, 8)));
        assert_eq!(shown, format!("line 1, column 8: {message}"));
    }
}

#[test]
fn other_games_are_refused_unless_a_go_game_follows() {
    let (at, kind, message) = error_at("(;GM[2]SZ[8])");
    assert_eq!(
        (at, kind),
        (Some((1, 3)), RecordErrorKind::NotGo("2".to_owned()))
    );
    assert_eq!(
        message,
        "line 1, column 3: GM[2] is not a Go record: only GM[1] games are read"
    );

    let record = parse("(;GM[2]GN[chess?])\n(;GM[1]SZ[9];B[ee])(;GM[1]GN[later])");
    assert_eq!(record.size, 9);
    let others: Vec<String> = record
        .other_games
        .iter()
        .map(|t| t.root().unwrap().get("GN").unwrap().values[0].clone())
        .collect();
    assert_eq!(others, ["chess?", "later"]);
    let printed = record.to_sgf();
    assert!(
        printed.starts_with("(;FF[4]GM[1]CA[UTF-8]SZ[9]"),
        "{printed}"
    );
    assert!(
        printed.ends_with("(;GM[2]GN[chess?])\n(;GM[1]GN[later])\n"),
        "{printed}"
    );
    assert_round_trip(&record);
}

#[test]
fn passes_are_empty_or_tt_and_print_as_empty() {
    let record = parse("(;SZ[19];B[];W[tt];B[aa];W[ ])");
    assert_eq!(
        moves(&record),
        [Move::Pass, Move::Pass, place("A19"), Move::Pass]
    );
    assert!(record.to_sgf().contains("\n;B[]\n;W[]\n;B[aa]\n;W[])"));
    let nine = parse("(;SZ[9];B[tt])");
    assert_eq!(moves(&nine), [Move::Pass]);
}

#[test]
fn points_off_the_board_are_refused() {
    let (at, kind, message) = error_at("(;SZ[9];B[ee]\n;W[jj])");
    assert_eq!(at, Some((2, 2)));
    assert_eq!(
        kind,
        RecordErrorKind::Point {
            id: "W".to_owned(),
            value: "jj".to_owned(),
            size: 9
        }
    );
    assert_eq!(
        message,
        "line 2, column 2: W[jj] is not a point of a 9x9 board"
    );
    let (at, _, message) = error_at("(;SZ[9]AB[aa][zz])");
    assert_eq!(at, Some((1, 8)));
    assert!(message.ends_with("AB[zz] is not a point of a 9x9 board"));
}

#[test]
fn compressed_point_lists_cover_their_rectangle() {
    let record = parse("(;SZ[9]AB[aa:cb]AW[gh:ig][ee])");
    let stones = |player| -> Vec<String> {
        let mut names: Vec<String> = record
            .setup
            .iter()
            .filter(|&&(_, p)| p == player)
            .map(|(p, _)| p.to_string())
            .collect();
        names.sort();
        names
    };
    assert_eq!(stones(Player::Black), ["A8", "A9", "B8", "B9", "C8", "C9"]);
    assert_eq!(
        stones(Player::White),
        ["E5", "G2", "G3", "H2", "H3", "J2", "J3"]
    );
    assert_round_trip(&record);
}

#[test]
fn setup_follows_add_and_erase_in_order() {
    let record = parse("(;SZ[9]AB[aa][bb][cc]AW[dd]AE[bb][dd];AW[cc];W[ee])");
    assert_eq!(
        record.setup,
        [(point("A9"), Player::Black), (point("C7"), Player::White)]
    );
    let start = record.start().unwrap();
    assert_eq!(start.stone_at(point("B8")), None);
    assert_eq!(start.turn(), Player::White);
    assert_round_trip(&record);
}

#[test]
fn handicap_stones_leave_white_to_move_unless_pl_says_otherwise() {
    let record = parse("(;SZ[9]HA[2]KM[0.5]AB[cg][gc])");
    assert_eq!(record.handicap, 2);
    assert_eq!(record.start().unwrap().turn(), Player::White);
    let black_first = parse("(;SZ[9]HA[2]AB[cg][gc]PL[B])");
    assert_eq!(black_first.first_player, Some(Player::Black));
    assert_eq!(black_first.start().unwrap().turn(), Player::Black);
    assert_round_trip(&black_first);
    // Without PL, the first move says who starts.
    let record = parse("(;SZ[9]HA[2]AB[cg][gc];B[ee])");
    assert_eq!(record.start().unwrap().turn(), Player::Black);
}

#[test]
fn a_handicap_without_stones_gets_the_fixed_placement() {
    let record = parse("(;SZ[19]HA[3];W[qd])");
    assert!(record.setup.is_empty());
    let start = record.start().unwrap();
    for p in handicap::fixed_handicap(19, 3).unwrap() {
        assert_eq!(start.stone_at(p), Some(Player::Black), "{p}");
    }
    assert_eq!(start.turn(), Player::White);
    let (at, kind, _) = error_at("(;SZ[9]\nHA[7])");
    assert_eq!(at, Some((2, 1)));
    assert!(matches!(kind, RecordErrorKind::Handicap(_)));
}

#[test]
fn setup_without_liberties_is_refused_at_the_setup() {
    let (at, kind, message) = error_at("(;SZ[5]\nAW[aa]AB[ba][ab])");
    assert_eq!(at, Some((2, 1)));
    assert_eq!(
        kind,
        RecordErrorKind::Setup(SetupError::NoLiberties(point("A5")))
    );
    assert!(
        message.contains("the chain at A5 has no liberties"),
        "{message}"
    );
}

#[test]
fn illegal_moves_name_their_number_and_place() {
    let (at, kind, message) = error_at("(;SZ[9]\n;B[ee];W[ef]\n;B[ee])");
    assert_eq!(at, Some((3, 2)));
    assert_eq!(
        kind,
        RecordErrorKind::Illegal {
            number: 3,
            player: Player::Black,
            mv: place("E5"),
            reason: IllegalReason::Occupied,
        }
    );
    assert_eq!(
        message,
        "line 3, column 2: move 3 (black E5) is illegal: the point is occupied"
    );
    // A simple ko retaken at once.
    let ko = "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])";
    let (at, kind, _) = error_at(ko);
    assert_eq!(at, Some((1, 47)));
    assert!(matches!(
        kind,
        RecordErrorKind::Illegal {
            number: 2,
            reason: IllegalReason::Ko,
            ..
        }
    ));
}

#[test]
fn a_player_may_move_twice_in_a_row() {
    let record = parse("(;SZ[9];B[ee];B[cc];W[gg];W[gc];B[cg])");
    let positions = record.replay().unwrap();
    assert_eq!(positions.len(), 6);
    let end = &positions[5];
    for (name, player) in [
        ("E5", Player::Black),
        ("C7", Player::Black),
        ("G3", Player::White),
        ("G7", Player::White),
        ("C3", Player::Black),
    ] {
        assert_eq!(end.stone_at(point(name)), Some(player), "{name}");
    }
    assert_eq!(end.turn(), Player::White);
    assert_round_trip(&record);
}

#[test]
fn a_game_may_go_on_after_two_passes() {
    let record = parse("(;SZ[9];B[ee];W[];B[];W[cc];B[gg];W[];B[])");
    let positions = record.replay().unwrap();
    assert!(positions[3].is_over());
    assert!(positions[7].is_over());
    assert_eq!(positions[7].stone_at(point("C7")), Some(Player::White));
}

#[test]
fn captures_are_replayed() {
    // Black takes the white stone on A9 (`aa`) in the corner.
    let record = parse("(;SZ[9];B[ba];W[aa];B[ab])");
    let end = record.replay().unwrap().pop().unwrap();
    assert_eq!(end.stone_at(point("A9")), None);
    assert_eq!(end.captures(), ByColor::new(1, 0));
}

#[test]
fn setup_after_the_first_move_is_refused() {
    let (at, kind, message) = error_at("(;SZ[9];B[ee]\n;AB[cc];W[gg])");
    assert_eq!(at, Some((2, 2)));
    assert_eq!(kind, RecordErrorKind::SetupAfterMoves("AB".to_owned()));
    assert!(
        message
            .ends_with("AB after the first move: setup in the middle of a game is not supported")
    );
    let (_, kind, _) = error_at("(;SZ[9];B[ee];W[gg]AE[ee])");
    assert_eq!(kind, RecordErrorKind::SetupAfterMoves("AE".to_owned()));
}

#[test]
fn malformed_properties_are_refused_where_they_are() {
    let cases = [
        (
            "(;SZ[9];B[ee]W[cc])",
            (1, 14),
            "a node with two moves: one B or W per node",
        ),
        ("(;SZ[9];B[ee][cc])", (1, 9), "B takes one value, not 2"),
        ("(;SZ[9]SZ[9])", (1, 8), "SZ is given twice"),
        ("(;SZ[9];PB[a];PB[b];B[ee])", (1, 15), "PB is given twice"),
        ("(;KM[6.5][7])", (1, 3), "KM takes one value, not 2"),
        (
            "(;FF[5])",
            (1, 3),
            "FF[5] is not an SGF version from 1 to 4",
        ),
        (
            "(;HA[two])",
            (1, 3),
            "HA[two] is not a number of handicap stones",
        ),
        ("(;PL[X])", (1, 3), "PL[X] is not a player, B or W"),
        (
            "(;B[ee]",
            (1, 1),
            "this game tree is never closed: ')' is missing",
        ),
    ];
    for (input, (line, column), message) in cases {
        let (at, _, shown) = error_at(input);
        assert_eq!(at, Some((line, column)), "{input}: {shown}");
        assert_eq!(
            shown,
            format!("line {line}, column {column}: {message}"),
            "{input}"
        );
    }
}

#[test]
fn old_files_with_lowercase_names_read() {
    let record = parse("(;GaMe[1]SiZe[9]AddBlack[cc]PlayerBlack[Old]\n;Black[ee];White[gg])");
    assert_eq!(record.size, 9);
    assert_eq!(record.setup, [(point("C7"), Player::Black)]);
    assert_eq!(record.players.black.as_deref(), Some("Old"));
    assert_eq!(moves(&record), [place("E5"), place("G3")]);
}

#[test]
fn latin1_records_read_as_text() {
    let record = parse(b"(;CA[ISO-8859-1]SZ[9]PB[J\xfcrgen]C[sch\xf6n];B[ee])");
    assert_eq!(record.players.black.as_deref(), Some("Jürgen"));
    assert_eq!(record.comment.as_deref(), Some("schön"));
    let printed = record.to_sgf();
    assert!(printed.contains("CA[UTF-8]") && printed.contains("PB[Jürgen]"));
    assert_round_trip(&record);
    let (at, kind, _) = error_at("(;CA[EUC-KR])");
    assert_eq!(
        (at, kind),
        (
            Some((1, 3)),
            RecordErrorKind::Syntax(sgf::SgfErrorKind::Charset("EUC-KR".to_owned()))
        )
    );
}

#[test]
fn comments_belong_to_their_moves_with_escapes() {
    let record =
        parse("(;SZ[9]C[root \\] comment];B[ee]C[first\nline two];W[gg];B[cc]C[a \\\\ b])");
    assert_eq!(record.comment.as_deref(), Some("root ] comment"));
    let comments: Vec<Option<&str>> = record.moves.iter().map(|m| m.comment.as_deref()).collect();
    assert_eq!(comments, [Some("first\nline two"), None, Some("a \\ b")]);
    assert!(record.to_sgf().contains(";B[ee]C[first\nline two]"));
    assert_round_trip(&record);
}

#[test]
fn nodes_without_moves_fold_into_the_move_before() {
    let record =
        parse("(;SZ[9]C[one];C[two]AB[cc];B[ee]C[three];C[four]LB[ee:X];W[gg];TB[aa][ba];;B[])");
    assert_eq!(record.comment.as_deref(), Some("one\n\ntwo"));
    assert_eq!(record.setup, [(point("C7"), Player::Black)]);
    assert_eq!(moves(&record), [place("E5"), place("G3"), Move::Pass]);
    assert_eq!(record.moves[0].comment.as_deref(), Some("three\n\nfour"));
    assert_eq!(record.moves[0].properties, [Property::new("LB", ["ee:X"])]);
    assert_eq!(
        record.moves[1].properties,
        [Property::new("TB", ["aa", "ba"])]
    );
    assert_round_trip(&record);
}

#[test]
fn a_move_in_the_root_node_is_the_first_move() {
    let record = parse("(;SZ[9]C[hello]B[ee];W[gg])");
    assert_eq!(record.comment.as_deref(), Some("hello"));
    assert_eq!(moves(&record), [place("E5"), place("G3")]);
    assert_eq!(record.moves[0].comment, None);
    assert_round_trip(&record);
}

#[test]
fn unknown_properties_are_kept_and_printed() {
    let record =
        parse("(;SZ[9]AP[Sabaki:0.52]EV[club night]XX[anything];B[ee]BL[299.5]MN[1];W[gg]WL[280])");
    let ids = |properties: &[Property]| -> Vec<String> {
        properties.iter().map(|p| p.id.clone()).collect()
    };
    assert_eq!(ids(&record.properties), ["AP", "EV", "XX"]);
    assert_eq!(ids(&record.moves[0].properties), ["BL", "MN"]);
    assert_eq!(ids(&record.moves[1].properties), ["WL"]);
    let printed = record.to_sgf();
    assert!(
        printed.contains(
            "AP[Sabaki:0.52]EV[club night]XX[anything]\n;B[ee]BL[299.5]MN[1]\n;W[gg]WL[280])"
        ),
        "{printed}"
    );
    assert_round_trip(&record);
}

#[test]
fn rules_without_a_preset_are_kept_as_written() {
    let record = parse("(;SZ[9]RU[AGA]KM[7.5];B[ee])");
    assert_eq!(
        record.rules,
        GoRules::JAPANESE.with_komi(Komi::from_half_points(15))
    );
    assert_eq!(record.properties, [Property::new("RU", ["AGA"])]);
    let printed = record.to_sgf();
    assert_eq!(printed.matches("RU[").count(), 1, "{printed}");
    assert!(printed.contains("RU[AGA]"));
    assert_round_trip(&record);
    let tromp_taylor = parse("(;RU[Tromp-Taylor])");
    assert_eq!(tromp_taylor.rules.name(), Some("tromp-taylor"));
    assert!(tromp_taylor.to_sgf().contains("RU[Tromp-Taylor]"));
}

#[test]
fn variations_are_kept_where_they_branch() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variations.sgf"
    ))
    .unwrap();
    let record = parse(&text);
    assert_eq!(
        moves(&record),
        [
            place("E5"),
            place("C3"),
            place("G3"),
            place("C7"),
            place("G5")
        ]
    );
    // Variations hang off the move after which they branch: the root's are alternatives to
    // the first move.
    let first_moves = |trees: &[GameTree]| -> Vec<String> {
        trees
            .iter()
            .map(|tree| tree.nodes[0].properties[0].values[0].clone())
            .collect()
    };
    assert_eq!(first_moves(&record.variations), ["cc"]);
    assert!(record.moves[0].variations.is_empty());
    assert_eq!(first_moves(&record.moves[1].variations), ["gc", "ce"]);
    assert_eq!(record.moves[1].variations[0].variations.len(), 2);
    assert_eq!(first_moves(&record.moves[3].variations), ["ec"]);
    assert_eq!(
        record.moves[4].comment.as_deref(),
        Some("the main line ends here")
    );
    assert_round_trip(&record);
    // The printed tree below the root is the file's.
    let file = sgf::parse(&text).unwrap();
    let printed = sgf::parse(record.to_sgf()).unwrap();
    assert_eq!(printed.trees[0].variations, file.trees[0].variations);
}

#[test]
fn variations_after_the_last_move_stay_variations() {
    let record = parse("(;SZ[9];B[ee](;C[the end])(;W[gg])(;W[cc]))");
    assert_eq!(moves(&record), [place("E5")]);
    assert_eq!(record.moves[0].comment.as_deref(), Some("the end"));
    assert_eq!(record.moves[0].variations.len(), 2);
    assert!(
        record
            .to_sgf()
            .contains(";B[ee]C[the end]\n(;)\n(;W[gg])\n(;W[cc]))")
    );
    assert_round_trip(&record);
}

#[test]
fn records_changed_in_code_are_checked_without_a_position() {
    let mut record = parse("(;SZ[9];B[ee])");
    record
        .moves
        .push(RecordedMove::new(Player::White, place("E5")));
    let e = record.replay().unwrap_err();
    assert_eq!(e.position, None);
    assert_eq!(
        e.to_string(),
        "move 2 (white E5) is illegal: the point is occupied"
    );
    record.size = 21;
    assert_eq!(
        record.start().unwrap_err().kind,
        RecordErrorKind::Setup(SetupError::Size(21))
    );
}

#[test]
fn from_game_records_the_start_and_the_moves() {
    let rules = GoRules::CHINESE.with_komi(GoRules::CHINESE.default_komi(4));
    let start = Go::new(19, rules)
        .unwrap()
        .with_handicap(&handicap::fixed_handicap(19, 4).unwrap())
        .unwrap();
    let played = [place("C3"), place("R17"), Move::Pass];
    let record = GoRecord::from_game(&start, &played);
    assert_eq!((record.size, record.rules, record.handicap), (19, rules, 4));
    assert_eq!(record.first_player, None);
    assert_eq!(record.setup.len(), 4);
    let players: Vec<Player> = record.moves.iter().map(|m| m.player).collect();
    assert_eq!(players, [Player::White, Player::Black, Player::White]);
    let printed = record.to_sgf();
    assert!(
        printed.starts_with(
            "(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[0.5]RU[Chinese]HA[4]AB[dp][pp][dd][pd]\n;W[cq]"
        ),
        "{printed}"
    );
    assert_round_trip(&record);
    let replayed = record.replay().unwrap();
    assert_eq!(replayed[0].setup(), start.setup());
    let mut position = start;
    for (mv, after) in played.iter().zip(&replayed[1..]) {
        position = position.play(*mv).unwrap();
        assert_eq!(after.setup(), position.setup());
    }
}

#[test]
fn from_game_writes_pl_when_a_reader_would_guess_wrong() {
    let setup = Setup {
        size: 9,
        rules: GoRules::JAPANESE,
        stones: vec![(point("E5"), Player::Black)],
        turn: Player::White,
        captures: ByColor::default(),
    };
    let start = Go::from_setup(&setup).unwrap();
    let record = GoRecord::from_game(&start, &[]);
    assert_eq!(
        (record.handicap, record.first_player),
        (0, Some(Player::White))
    );
    assert!(record.to_sgf().contains("AB[ee]PL[W]"));
    assert_eq!(
        parse(record.to_sgf()).start().unwrap().turn(),
        Player::White
    );
}

#[test]
fn positions_are_those_of_the_file_read() {
    let record = GoRecord::parse("(;SZ[9]\n\n  ;B[ee])").unwrap();
    let tree = sgf::parse(record.to_sgf()).unwrap();
    assert_eq!(
        tree.trees[0].nodes[1].properties[0].position,
        Some(Position { line: 2, column: 2 })
    );
}
