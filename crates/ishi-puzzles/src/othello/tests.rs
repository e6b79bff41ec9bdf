//! The library's lines, read, printed and refused; lines made by `ishi-cli othello puzzles`
//! from eOthello's games.

use super::*;

/// Four lines of the generator's: an edge move with parity, a line without themes, a loss kept
/// smallest, and a corner.
const LINES: [&str; 4] = [
    "--OOO------OOX---OOXOXXXOOOXXOXXOOXXXXOXOXXXXOXXOXOOOO-XO-XO-O-- X\tb8:+8,f1:-2,c2:-10,a2:-14,b2:-16,a3:-18,e8:-22,g8:-26,g7:-38\tb8 f1 g8 h8 g7 h2 e8 c2 g2\t760\tedge,parity\teothello 996989, move 45",
    "-OOO-X--X-OOXX-O-XXXOXXOOOXOOXOOOOOOOOXOO-OXOXOO--OOO--O--OOOO-- X\tf7:+18,e1:+4,b6:+2,b2:-8,g7:-10,b8:-18,a3:-20,b7:-26\tf7 a3 a7 g8 b6 b7 a8 b8 h8\t760\t-\teothello 796466, move 45",
    "--XXXX----XXOXX--OOXXXXX-OOXXXOX-OOXOXXXOXOOOXXX--OOOO-X--OXXXX- X\tb8:-8,b7:-20,a3:-28,a4:-28,a2:-32,a5:-32,b2:-52\tb8 h1 a3 b7 a5 g7 h8 a4 h2\t760\tedge\teothello 492540, move 45",
    "OO-X-O--XOO--O--XXOOOO--XXXXOO--OXXXOOOOOXXOXOOOOXXXOOO-XXXXXXX- X\th8:+48,e2:+28,c1:+26,h4:+26,g2:+24,g1:+20,d2:+20,g3:+20,h7:+16,g4:+10\th8 h7 h4 g4 h3 g3 g2\t890\tcorner\teothello 867047, move 47",
];

fn square(name: &str) -> Square {
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
    assert_eq!(first.answer(), square("b8"));
    assert_eq!(first.value(square("g7")), Some(-38));
    assert_eq!(first.value(square("a1")), None);
    assert_eq!(first.rating, 760);
    assert_eq!(first.themes, [Theme::Edge, Theme::Parity]);
    assert_eq!(first.source, "eothello 996989, move 45");
    assert_eq!(puzzles[1].themes, []);
}

#[test]
fn a_puzzles_number_follows_its_position() {
    let puzzles = parse(&LINES.join("\n")).unwrap();
    let again = parse(LINES[0]).unwrap();
    assert_eq!(puzzles[0].id(), again[0].id());
    let ids: std::collections::HashSet<u64> = puzzles.iter().map(Puzzle::id).collect();
    assert_eq!(ids.len(), 4);
}

/// `LINES[0]` with field `field` replaced by `with`.
fn changed(field: usize, with: &str) -> String {
    let mut fields: Vec<&str> = LINES[0].split('\t').collect();
    fields[field] = with;
    fields.join("\t")
}

fn refused(line: &str) -> Reason {
    let error = parse(&format!("# first\n{}\n{line}", LINES[1])).unwrap_err();
    assert_eq!(error.line, 3, "{error}");
    error.reason
}

#[test]
fn a_line_that_is_not_a_puzzle_is_refused_with_its_number_and_reason() {
    assert_eq!(refused("one\ttwo"), Reason::Fields(2));
    assert!(matches!(refused(&changed(0, "---- X")), Reason::Board(_)));
    assert_eq!(
        refused(&changed(1, "b8:8,f1:-2")),
        Reason::Value("b8:8".into())
    );
    assert_eq!(
        refused(&changed(1, "b8:+80,f1:-2")),
        Reason::Value("b8:+80".into())
    );
    assert_eq!(refused(&changed(1, "zz:+8")), Reason::Value("zz:+8".into()));
    // a1 is not a legal move; f1 twice; g7 left out.
    assert_eq!(
        refused(&changed(
            1,
            "b8:+8,a1:-2,c2:-10,a2:-14,b2:-16,a3:-18,e8:-22,g8:-26,g7:-38"
        )),
        Reason::Moves("a1".into())
    );
    assert_eq!(
        refused(&changed(
            1,
            "b8:+8,f1:-2,f1:-10,a2:-14,b2:-16,a3:-18,e8:-22,g8:-26,g7:-38"
        )),
        Reason::Moves("f1".into())
    );
    assert_eq!(
        refused(&changed(
            1,
            "b8:+8,f1:-2,c2:-10,a2:-14,b2:-16,a3:-18,e8:-22,g8:-26"
        )),
        Reason::Moves("g7".into())
    );
    // Two winning moves 2 discs apart, and values not best first.
    assert_eq!(
        refused(&changed(
            1,
            "b8:+8,f1:+6,c2:-10,a2:-14,b2:-16,a3:-18,e8:-22,g8:-26,g7:-38"
        )),
        Reason::NotUnique
    );
    assert_eq!(
        refused(&changed(
            1,
            "b8:+8,f1:-2,c2:-10,a2:-14,b2:-16,a3:-18,e8:-22,g7:-38,g8:-26"
        )),
        Reason::NotUnique
    );
    assert_eq!(refused(&changed(2, "f1 b8")), Reason::Line("f1".into()));
    assert_eq!(refused(&changed(2, "b8 a1")), Reason::Line("a1".into()));
    assert_eq!(refused(&changed(2, "b8 x9")), Reason::Line("x9".into()));
    assert_eq!(refused(&changed(3, "4001")), Reason::Rating("4001".into()));
    assert_eq!(refused(&changed(3, "-5")), Reason::Rating("-5".into()));
    assert_eq!(
        refused(&changed(4, "corner,tesuji")),
        Reason::Theme("tesuji".into())
    );
    // A full board: the game is over.
    let full = format!("{} X", "X".repeat(32) + &"O".repeat(32));
    assert_eq!(refused(&changed(0, &full)), Reason::NoMove);
    let error = parse(&changed(3, "x")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "puzzle library, line 1: \"x\" is not a rating from 0 to 4000"
    );
}

#[test]
fn the_uniqueness_rule_wants_another_result_or_a_clear_margin() {
    assert!(is_unique(2, 0));
    assert!(is_unique(0, -2));
    assert!(is_unique(20, 10));
    assert!(is_unique(-4, -14));
    assert!(!is_unique(20, 12));
    assert!(!is_unique(-4, -12));
    assert!(!is_unique(0, 0));
}

#[test]
fn themes_say_what_a_program_can_tell() {
    let puzzles = parse(&LINES.join("\n")).unwrap();
    for p in &puzzles {
        let (answer, value) = p.values[0];
        assert_eq!(
            themes(&p.position, answer, value, &p.line),
            p.themes,
            "{}",
            p.source
        );
    }
    // A wipe-out: the value is all 64 discs.
    let p = &puzzles[3];
    assert_eq!(
        themes(&p.position, p.answer(), 64, &p.line),
        [Theme::Corner, Theme::WipeOut]
    );
}

#[test]
fn a_line_replays_with_its_passes_unwritten() {
    let p = &parse(LINES[3]).unwrap()[0];
    let after = replay(&p.position, &p.line).unwrap();
    assert_eq!(after.len(), p.line.len());
    assert_eq!(replay(&p.position, &[square("a1")]), Err(square("a1")));
}
