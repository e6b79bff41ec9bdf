//! Invariants over generated input: random legal games print and read back to the same moves
//! and positions; any tree prints and parses back; no input panics a parser, and every error
//! points inside the input.

use ishi_records::GoRecord;
use ishi_records::sgf::{self, Collection, GameTree, Node, Position, Property};
use ishi_rules::Game;
use ishi_rules::go::{Go, GoRules, Move, handicap};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{Index, select};

/// Checks that `position` is a line of `input` and a column of that line or just after it.
fn assert_within(input: &[u8], position: Position) -> Result<(), TestCaseError> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut lines = vec![Vec::new()];
    let mut bytes = input.iter().peekable();
    while let Some(&b) = bytes.next() {
        match b {
            b'\r' if bytes.peek() == Some(&&b'\n') => {}
            b'\r' | b'\n' => lines.push(Vec::new()),
            _ => lines.last_mut().unwrap().push(b),
        }
    }
    prop_assert!(
        (1..=lines.len()).contains(&position.line),
        "{position} outside {} lines",
        lines.len()
    );
    let line = &lines[position.line - 1];
    prop_assert!(
        (1..=line.len() + 1).contains(&position.column),
        "{position} outside a line of {} bytes",
        line.len()
    );
    Ok(())
}

/// Parses `input` both ways; whatever parses prints and parses back the same, and errors
/// point inside the input.
fn check_input(input: &[u8]) -> Result<(), TestCaseError> {
    match sgf::parse(input) {
        Ok(collection) => {
            let again = sgf::parse(collection.to_string());
            prop_assert_eq!(again.as_ref(), Ok(&collection));
        }
        Err(e) => assert_within(input, e.position)?,
    }
    match GoRecord::parse(input) {
        Ok(record) => {
            let printed = record.to_sgf();
            let again = GoRecord::parse(&printed);
            prop_assert_eq!(again.as_ref(), Ok(&record), "{}", printed);
        }
        Err(e) => {
            if let Some(position) = e.position {
                assert_within(input, position)?;
            }
        }
    }
    Ok(())
}

/// Root properties of a Go record.
const ROOT: &[&str] = &[
    "GM[1]",
    "FF[4]",
    "SZ[5]",
    "SZ[9]",
    "KM[6.5]",
    "KM[0.50]",
    "HA[2]",
    "AB[bb][dd]",
    "AB[aa:cc]",
    "AW[cc]",
    "AE[bb]",
    "PL[W]",
    "RU[Chinese]",
    "RU[AGA]",
    "CA[UTF-8]",
    "CA[ISO-8859-1]",
    "PB[Ann]",
    "C[a \\] b]",
    "XX[kept]",
    "AddWhite[ee]",
];

/// Root properties that a Go record refuses.
const BAD_ROOT: &[&str] = &[
    "GM[2]",
    "FF[9]",
    "SZ[19:13]",
    "SZ[x]",
    "KM[6.3]",
    "HA[9]",
    "PL[Q]",
    "CA[KOI8-R]",
];

/// Nodes of a game other than moves.
const NODES: &[&str] = &[";B[]", ";W[tt]", ";C[note]", ";BL[30]", ";", "\n", " "];

/// Nodes that a Go record refuses.
const BAD_NODES: &[&str] = &[";B[zz]", ";B[cc][dd]", ";B[dd]W[ee]", ";AB[ee]"];

/// Variations at the end of a game tree.
const VARIATIONS: &[&str] = &[
    "(;W[dd])",
    "(;B[ee];W[aa])",
    "(;C[x](;B[bb])(;B[cc]))",
    "(;)",
];

/// A move on the 5x5 corner of the board.
fn move_node() -> impl Strategy<Value = String> {
    (select(&["B", "W"][..]), b'a'..=b'e', b'a'..=b'e')
        .prop_map(|(player, col, row)| format!(";{player}[{}{}]", char::from(col), char::from(row)))
}

/// Bytes to drop anywhere into an otherwise well-formed record.
const NOISE: &[&str] = &[
    "(", ")", ";", "[", "]", "\\", ":", "\n", "\r", "B", "xy", "[aa]", "\u{e9}", "\u{fffd}",
];

/// SGF that is a Go record or nearly one: root properties and nodes at random, then a few
/// bytes inserted or removed.
fn nearly_a_record() -> impl Strategy<Value = Vec<u8>> {
    let root = prop_oneof![15 => select(ROOT), 1 => select(BAD_ROOT)];
    let node = prop_oneof![
        20 => move_node(),
        5 => select(NODES).prop_map(str::to_owned),
        1 => select(BAD_NODES).prop_map(str::to_owned),
    ];
    let parts = (
        vec(root, 0..4),
        vec(node, 0..20),
        vec(select(VARIATIONS), 0..3),
    );
    let edits = vec((any::<Index>(), prop::option::of(select(NOISE))), 0..2);
    (parts, edits).prop_map(|((root, nodes, variations), edits)| {
        let (root, nodes, variations) = (root.concat(), nodes.concat(), variations.concat());
        let mut text = format!("(;{root}{nodes}{variations})").into_bytes();
        for (at, noise) in edits {
            let at = at.index(text.len() + 1);
            match noise {
                Some(noise) => {
                    text.splice(at..at, noise.bytes());
                }
                None if at < text.len() => {
                    text.remove(at);
                }
                None => {}
            }
        }
        text
    })
}

fn property() -> impl Strategy<Value = Property> {
    let id = "[A-Z]{1,2}".prop_filter("CA names the charset", |id| id != "CA");
    (id, vec("[^\r]{0,8}", 1..3)).prop_map(|(id, values)| Property::new(id, values))
}

fn node() -> impl Strategy<Value = Node> {
    vec(property(), 0..4).prop_map(|properties| Node { properties })
}

fn game_tree() -> impl Strategy<Value = GameTree> {
    let leaf = vec(node(), 1..4).prop_map(|nodes| GameTree {
        nodes,
        variations: Vec::new(),
    });
    leaf.prop_recursive(4, 24, 3, |inner| {
        (vec(node(), 1..3), vec(inner, 0..3))
            .prop_map(|(nodes, variations)| GameTree { nodes, variations })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_legal_games_print_and_read_back(
        size in 5usize..=19,
        preset in 0usize..GoRules::PRESETS.len(),
        stones in 0u8..=5,
        picks in vec(any::<u16>(), 0..150),
    ) {
        let rules = GoRules::PRESETS[preset].1;
        let empty = Go::new(size, rules).unwrap();
        let start = match handicap::fixed_handicap(size, stones) {
            Ok(points) => empty.with_handicap(&points).unwrap(),
            Err(_) => empty,
        };
        let mut positions = vec![start.clone()];
        let mut played = Vec::new();
        for pick in picks {
            let position = positions.last().unwrap();
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Pass now and then, so that games end.
            let mv = if pick % 16 == 0 { Move::Pass } else { legal[pick as usize % legal.len()] };
            let next = position.play(mv).unwrap();
            played.push(mv);
            positions.push(next);
        }
        let record = GoRecord::from_game(&start, &played);
        let printed = record.to_sgf();
        let read = GoRecord::parse(&printed).map_err(|e| TestCaseError::fail(format!("{e}\n{printed}")))?;
        prop_assert_eq!(&read, &record);
        let read_moves: Vec<Move> = read.moves.iter().map(|m| m.mv).collect();
        prop_assert_eq!(read_moves, played);
        let replayed = read.replay().unwrap();
        prop_assert_eq!(replayed.len(), positions.len());
        for (again, original) in replayed.iter().zip(&positions) {
            prop_assert_eq!(again.setup(), original.setup());
            prop_assert_eq!(again.hash(), original.hash());
            prop_assert_eq!(again.ko_point(), original.ko_point());
        }
    }

    #[test]
    fn any_tree_prints_and_parses_back(trees in vec(game_tree(), 1..3)) {
        let collection = Collection { trees };
        let printed = collection.to_string();
        let parsed = sgf::parse(&printed).map_err(|e| TestCaseError::fail(format!("{e}\n{printed}")))?;
        prop_assert_eq!(parsed, collection);
    }

    #[test]
    fn arbitrary_bytes_never_panic(input in vec(any::<u8>(), 0..300)) {
        check_input(&input)?;
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn nearly_records_never_panic(input in nearly_a_record()) {
        check_input(&input)?;
    }
}
