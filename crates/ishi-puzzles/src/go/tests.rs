//! The library's lines, read, printed and refused; lines made by `ishi-cli go puzzles` from
//! Ishi's self-play games.

use proptest::prelude::*;

use super::*;

/// Four lines of the generator's: a 9x9 capture that kills, a 9x9 ko fight where a group
/// lives, a 19x19 side crop, and a 13x13 group saved.
const LINES: [&str; 4] = [
    "9 chinese 7.5 eecedgdcddcdecdbebgegggbgchcgdhdfegfhfhehgibbfdeffcgcfdfchegdhbebgfgef\tE6:+29.7,F6:+6.0,F7:+5.5\tE6 F2 F6 E2 J4 J3\t725\tcapture,atari,killing\t-\tishi self-play 9x9 #8, move 36",
    "9 chinese 7.5 eecedfcfdcgdgffcecdgegdhheeddddefdfeedffefgehffgehfhdihdgchcfbbchhghhigbhbihgahgiciebgcgbhcieichbdbecdadbicbdbidafbafigiabacibaeah\tB4:+20.0,B8:-24.6,D9:-27.4\tB4 C7 B8 C9 A3 J4\t725\tcapture,atari,ko,living,killing\t-\tishi self-play 9x9 #14, move 66",
    "19 chinese 7.5 qdcdpqcpodedpoeqjpqnqoqjcododpcqqldngcicdcecebdddbgdfchdbcqgchmcckobpccccbbdabehmdncndldolrelekdcmcnrjrkriqkqipiphqhpjoirlpkojoksksjnj\tS12:+14.2,O9:+5.6,T8:-0.2\tS12 O9 T11 Q8\t875\tcapture,atari\tM4-T16\tishi self-play 19x19 #2, move 68",
    "13 chinese 7.5 jddddkjjcgdjejckdicjekcidhbgbfbhcehckjkkkijkjiiihkhjikijjggkglhlilflhmfkfjgjfcecccfdfbgdebdfcffhidjbkceijlljfiehclblghgi\tF7:+29.4,E7:+9.4\tF7 J7 J8 H7 G8 H8\t725\tatari,living,killing\t-\tishi self-play 13x13 #2, move 61",
];

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

#[test]
fn lines_read_back_as_they_were_written() {
    let library = format!("# comment\n\n{}\n", LINES.join("\n"));
    let puzzles = parse(&library).unwrap();
    assert_eq!(puzzles.len(), 4);
    for (puzzle, line) in puzzles.iter().zip(LINES) {
        assert_eq!(puzzle.to_string(), line);
    }
    let first = &puzzles[0];
    assert_eq!(first.game.size(), 9);
    assert_eq!(first.game.rules(), GoRules::CHINESE);
    assert_eq!(first.game.moves().len(), 35);
    assert_eq!(first.game.position().move_number(), 35);
    assert_eq!(first.answer(), point("E6"));
    assert_eq!(first.value(Move::Place(point("F7"))), Some(55));
    assert_eq!(first.value(Move::Place(point("A1"))), None);
    assert_eq!(first.rating, 725);
    assert_eq!(first.themes, [Theme::Capture, Theme::Atari, Theme::Killing]);
    assert_eq!(first.crop, None);
    assert_eq!(first.source, "ishi self-play 9x9 #8, move 36");
    let crop = puzzles[2].crop.unwrap();
    assert_eq!((crop.from, crop.to), (point("M4"), point("T16")));
    assert!(puzzles[2].line.iter().all(|&p| crop.contains(p)));
    assert!(!crop.contains(point("L10")));
}

#[test]
fn a_games_positions_run_from_the_empty_board_to_the_puzzle() {
    let puzzle = &parse(LINES[1]).unwrap()[0];
    let positions = puzzle.game.positions();
    assert_eq!(positions.len(), puzzle.game.moves().len() + 1);
    assert_eq!(positions[0].empty_count(), 81);
    let last = positions.last().unwrap();
    assert_eq!(last.hash(), puzzle.game.position().hash());
    assert_eq!(last.turn(), ishi_rules::Player::White);
}

#[test]
fn a_puzzles_number_follows_its_game() {
    let puzzles = parse(&LINES.join("\n")).unwrap();
    assert_eq!(puzzles[0].id(), parse(LINES[0]).unwrap()[0].id());
    let ids: std::collections::HashSet<u64> = puzzles.iter().map(Puzzle::id).collect();
    assert_eq!(ids.len(), 4);
}

/// `LINES[line]` with field `field` replaced by `with`.
fn changed(line: usize, field: usize, with: &str) -> String {
    let mut fields: Vec<&str> = LINES[line].split('\t').collect();
    fields[field] = with;
    fields.join("\t")
}

fn refused(line: &str) -> Reason {
    let error = parse(&format!("# first\n{}\n{line}", LINES[1])).unwrap_err();
    assert_eq!(error.line, 3, "{error}");
    error.reason
}

fn game_refused(game: &str) -> String {
    match refused(&changed(0, 0, game)) {
        Reason::Game(why) => why,
        other => panic!("{game}: {other:?}"),
    }
}

#[test]
fn a_game_that_is_not_one_is_refused_with_what_is_wrong() {
    assert!(game_refused("9 chinese 7.5").contains("size, rules, komi and moves"));
    assert!(game_refused("nine chinese 7.5 ee").contains("size"));
    assert!(game_refused("4 chinese 7.5 -").contains("board size 4"));
    assert!(game_refused("9 ancient 7.5 ee").contains("unknown rules"));
    assert!(game_refused("9 chinese 7.25 ee").contains("not a komi"));
    assert!(game_refused("9 chinese 7.5 eec").contains("pairs of letters"));
    assert_eq!(
        game_refused("9 chinese 7.5 eejj"),
        "move 2 (jj) is off the board"
    );
    assert!(game_refused("9 chinese 7.5 eeccee").starts_with("move 3 (E5): "));
    let custom = GoRules {
        suicide: true,
        ..GoRules::JAPANESE
    };
    assert_eq!(
        Record::new(9, custom, Vec::new()),
        Err(Reason::Game("the rules are no preset".into()))
    );
    // Two passes end the game: no move to find.
    assert_eq!(
        refused(&changed(0, 0, "9 chinese 7.5 eetttt")),
        Reason::NoMove
    );
}

#[test]
fn a_line_that_is_not_a_puzzle_is_refused_with_its_number_and_reason() {
    assert_eq!(refused("one\ttwo"), Reason::Fields(2));
    for bad in [
        "E6:29.7",
        "E6:+29",
        "E6:+29.75",
        "E6:+1000.0",
        "Z9:+1.0",
        "E6",
    ] {
        assert_eq!(
            refused(&changed(0, 1, &format!("{bad},F6:+6.0"))),
            Reason::Value(bad.into()),
            "{bad}"
        );
    }
    // E5 is taken; F6 twice; a pass as the answer.
    assert_eq!(
        refused(&changed(0, 1, "E6:+29.7,E5:+6.0")),
        Reason::Moves("E5".into())
    );
    assert_eq!(
        refused(&changed(0, 1, "E6:+29.7,F6:+6.0,F6:+5.5")),
        Reason::Moves("F6".into())
    );
    assert_eq!(
        refused(&changed(0, 1, "pass:+29.7,F6:+6.0")),
        Reason::Moves("pass".into())
    );
    // One move alone; a second 4.9 points behind; values not best first.
    for values in ["E6:+29.7", "E6:+29.7,F6:+24.8", "E6:+29.7,F7:+5.5,F6:+6.0"] {
        assert_eq!(
            refused(&changed(0, 1, values)),
            Reason::NotUnique,
            "{values}"
        );
    }
    // A pass may be an alternative.
    assert!(parse(&changed(0, 1, "E6:+29.7,F6:+24.7,pass:-3.0")).is_ok());
    assert_eq!(refused(&changed(0, 2, "F2 E6")), Reason::Line("F2".into()));
    assert_eq!(refused(&changed(0, 2, "E6 E6")), Reason::Line("E6".into()));
    assert_eq!(refused(&changed(0, 2, "E6 Z1")), Reason::Line("Z1".into()));
    assert_eq!(
        refused(&changed(0, 3, "4001")),
        Reason::Rating("4001".into())
    );
    assert_eq!(refused(&changed(0, 3, "-5")), Reason::Rating("-5".into()));
    assert_eq!(
        refused(&changed(0, 4, "capture,tesuji")),
        Reason::Theme("tesuji".into())
    );
    let error = parse(&changed(0, 3, "x")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "go puzzle library, line 1: \"x\" is not a rating from 0 to 4000"
    );
}

#[test]
fn a_crop_must_be_a_corner_or_side_region_holding_the_line() {
    for crop in [
        "M4", "M4-T99", "M4-L10", "J4-K16", "M4-T3", "A1-T19", "L11-P15",
    ] {
        assert_eq!(
            refused(&changed(2, 5, crop)),
            Reason::Crop(crop.into()),
            "{crop}"
        );
    }
    // On the edge but without Q8, the line's last move.
    assert_eq!(
        refused(&changed(2, 5, "M9-T16")),
        Reason::Crop("M9-T16".into())
    );
    assert!(parse(&changed(2, 5, "L1-T19")).is_ok());
    assert!(parse(&changed(2, 5, "-")).is_ok());
}

#[test]
fn the_uniqueness_rule_wants_a_clear_margin() {
    assert!(is_unique(50, 0));
    assert!(is_unique(-10, -60));
    assert!(is_unique(300, 10));
    assert!(!is_unique(49, 0));
    assert!(!is_unique(0, 0));
    assert!(!is_unique(-10, 30));
}

#[test]
fn themes_say_what_the_board_tells() {
    let puzzles = parse(&LINES.join("\n")).unwrap();
    for p in &puzzles {
        let told: Vec<Theme> = p
            .themes
            .iter()
            .copied()
            .filter(|t| ![Theme::Living, Theme::Killing].contains(t))
            .collect();
        assert_eq!(
            themes(p.game.position(), &p.line, None),
            told,
            "{}",
            p.source
        );
    }
    assert_eq!(themes(puzzles[0].game.position(), &[], None), []);
}

/// `LINES[0]`'s position with made-up ownership maps: the other side's chains of 3 stones or
/// more dead after the answer and alive after the alternative are killed; the side's alive
/// after the answer and dead after the alternative live.
#[test]
fn living_and_killing_follow_the_ownership_of_groups() {
    let puzzle = &parse(LINES[0]).unwrap()[0];
    let go = puzzle.game.position();
    // Every point owned by the side to move after the answer, by the other side after the
    // alternative.
    let answered: Vec<f32> = go.points().map(|_| 1.0).collect();
    let other: Vec<f32> = go.points().map(|_| -1.0).collect();
    let neutral: Vec<f32> = go.points().map(|_| 0.0).collect();
    let all = themes(go, &puzzle.line, Some([&answered, &other]));
    assert!(
        all.contains(&Theme::Living) && all.contains(&Theme::Killing),
        "{all:?}"
    );
    let none = themes(go, &puzzle.line, Some([&neutral, &other]));
    assert!(!none.contains(&Theme::Living) && !none.contains(&Theme::Killing));
    // Short maps (not the board's) tell nothing either.
    let short = themes(go, &puzzle.line, Some([&[1.0][..], &[-1.0][..]]));
    assert!(!short.contains(&Theme::Living));
}

#[test]
fn a_line_replays_from_the_position() {
    let p = &parse(LINES[2]).unwrap()[0];
    let after = replay(p.game.position(), &p.line).unwrap();
    assert_eq!(after.len(), p.line.len());
    assert_eq!(
        replay(p.game.position(), &[point("S12"), point("S12")]).err(),
        Some(point("S12"))
    );
}

proptest! {
    /// A puzzle of any game of random legal moves prints as a line that reads back as the same
    /// puzzle.
    #[test]
    fn any_puzzle_prints_and_reads_back(
        picks in proptest::collection::vec(0usize..1000, 0..40),
        answer in 0usize..1000,
        best in -1000i32..1000,
        behind in proptest::collection::vec(50i32..300, 1..4),
        rating in 0u16..=4000,
        size in prop_oneof![Just(9usize), Just(13), Just(19)],
    ) {
        let mut go = Go::new(size, GoRules::JAPANESE).unwrap();
        let mut moves = Vec::new();
        for pick in picks {
            let legal = go.legal_moves();
            if legal.len() < 6 {
                break;
            }
            let mv = legal[pick % legal.len()];
            go = go.play(mv).unwrap();
            moves.push(mv);
        }
        prop_assume!(!go.is_over());
        let legal: Vec<Move> = go.legal_moves().into_iter().filter(|m| !m.is_pass()).collect();
        prop_assume!(legal.len() > behind.len());
        let first = answer % legal.len();
        let mut values = vec![(legal[first], best)];
        let mut value = best;
        for (k, gap) in behind.iter().enumerate() {
            value -= gap;
            values.push((legal[(first + k + 1) % legal.len()], value));
        }
        let puzzle = Puzzle {
            game: Record::new(size, GoRules::JAPANESE, moves).unwrap(),
            line: vec![legal[first].point().unwrap()],
            values,
            rating,
            themes: vec![Theme::Capture, Theme::Ko],
            crop: None,
            source: "a test".into(),
        };
        let read = parse(&puzzle.to_string()).unwrap();
        prop_assert_eq!(&read[..], &[puzzle][..]);
    }
}
