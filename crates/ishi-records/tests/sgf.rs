//! The syntax layer on hand-written SGF: escapes, line breaks, whitespace, old property names,
//! collections, charsets, and the position of every kind of error.

use ishi_records::sgf::{
    self, Collection, Found, GameTree, MAX_DEPTH, Node, Position, Property, SgfError, SgfErrorKind,
};

fn parse(input: impl AsRef<[u8]>) -> Collection {
    sgf::parse(input).unwrap_or_else(|e| panic!("{e}"))
}

/// The values of the first property `id` of the first tree's root.
fn root_values(collection: &Collection, id: &str) -> Vec<String> {
    let root = collection.trees[0].root().unwrap();
    root.get(id)
        .unwrap_or_else(|| panic!("no {id}"))
        .values
        .clone()
}

fn error(input: impl AsRef<[u8]>) -> SgfError {
    sgf::parse(input).expect_err("parsed")
}

#[test]
fn escapes_are_resolved_and_written_again() {
    let collection = parse(r"(;C[a \] b \\ c \: d \x]GN[\\])");
    assert_eq!(root_values(&collection, "C"), [r"a ] b \ c : d x"]);
    assert_eq!(root_values(&collection, "GN"), [r"\"]);
    let printed = collection.to_string();
    assert_eq!(printed, "(;C[a \\] b \\\\ c : d x]GN[\\\\])\n");
    assert_eq!(parse(printed), collection);
}

#[test]
fn soft_line_breaks_vanish_and_hard_ones_read_as_newlines() {
    let collection = parse("(;C[one \\\ntwo \\\r\nthree \\\rfour]GC[a\r\nb\rc\nd])");
    assert_eq!(root_values(&collection, "C"), ["one two three four"]);
    assert_eq!(root_values(&collection, "GC"), ["a\nb\nc\nd"]);
    assert_eq!(parse(collection.to_string()), collection);
}

#[test]
fn whitespace_may_separate_every_token() {
    let spaced = parse(" \r\n( ;\tB [aa]\n [bb] ; W\n[cc] ( ;B[dd] ) \n( ;B[ee] ) ) \n");
    let tight = parse("(;B[aa][bb];W[cc](;B[dd])(;B[ee]))");
    assert_eq!(spaced, tight);
    assert_eq!(tight.trees[0].nodes[0].properties[0].values, ["aa", "bb"]);
}

#[test]
fn old_lowercase_property_names_read_as_their_capitals() {
    let collection = parse("(;GaMe[1]AddBlack[aa][bb]CoPyright[me])");
    let ids: Vec<&str> = collection.trees[0].nodes[0]
        .properties
        .iter()
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(ids, ["GM", "AB", "CP"]);
    assert!(
        collection
            .to_string()
            .starts_with("(;GM[1]AB[aa][bb]CP[me])")
    );
}

#[test]
fn collections_keep_every_tree_in_order() {
    let collection = parse("(;GM[1]GN[first])\n(;GM[2]GN[second])(;GN[third])");
    let names: Vec<String> = collection
        .trees
        .iter()
        .map(|t| t.root().unwrap().get("GN").unwrap().values[0].clone())
        .collect();
    assert_eq!(names, ["first", "second", "third"]);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    assert_eq!(parse(b"\xEF\xBB\xBF(;B[aa])"), parse("(;B[aa])"));
}

#[test]
fn the_main_line_follows_first_variations() {
    let collection = parse("(;GN[root];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))");
    let tree = &collection.trees[0];
    let line: Vec<&str> = tree
        .main_line()
        .filter_map(|node| node.properties.first())
        .map(|p| p.values[0].as_str())
        .collect();
    assert_eq!(line, ["root", "aa", "bb", "cc", "dd"]);
}

#[test]
fn printing_writes_one_node_per_line_and_variations_on_their_own() {
    let collection = parse("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]))(;GM[1])");
    assert_eq!(
        collection.to_string(),
        "(;GM[1]\n;B[aa]\n(;W[bb]\n;B[cc])\n(;W[dd]))\n(;GM[1])\n"
    );
}

#[test]
fn trees_built_in_code_print_and_parse_back() {
    let tree = GameTree {
        nodes: vec![
            Node {
                properties: vec![Property::new("C", ["brackets ] and \\ and\nlines"])],
            },
            Node {
                properties: vec![Property::new("B", [""]), Property::new("LB", ["dd:A"])],
            },
        ],
        variations: vec![],
    };
    let collection = Collection { trees: vec![tree] };
    assert_eq!(parse(collection.to_string()), collection);
}

#[test]
fn properties_know_where_they_were_read() {
    let collection = parse("(;GM[1]\n  C[é]B[aa])");
    let root = collection.trees[0].root().unwrap();
    let at = |id| root.get(id).unwrap().position.unwrap();
    assert_eq!(at("GM"), Position { line: 1, column: 3 });
    assert_eq!(at("C"), Position { line: 2, column: 3 });
    // Columns count characters, not bytes: `é` is one.
    assert_eq!(at("B"), Position { line: 2, column: 7 });
}

#[test]
fn positions_on_one_long_line_count_every_character() {
    let moves: String = (0..300)
        .map(|i| format!(";C[{}]B[aa]", "é".repeat(i % 7)))
        .collect();
    let text = format!("(;GM[1]{moves})");
    let collection = parse(&text);
    let expected = text
        .char_indices()
        .filter(|&(i, _)| text[i..].starts_with("B[aa]"))
        .enumerate()
        .map(|(n, (i, _))| (n, text[..i].chars().count() + 1));
    let nodes = &collection.trees[0].nodes[1..];
    assert_eq!(nodes.len(), 300);
    for (n, column) in expected {
        let b = nodes[n].get("B").unwrap();
        assert_eq!(b.position, Some(Position { line: 1, column }), "move {n}");
    }
}

#[test]
fn latin1_trees_are_decoded_and_become_utf8() {
    let bytes = b"(;CA[ISO-8859-1]PB[M\xfcller]C[na\xefve \xa9];B[aa])";
    let collection = parse(bytes);
    assert_eq!(root_values(&collection, "PB"), ["Müller"]);
    assert_eq!(root_values(&collection, "C"), ["naïve ©"]);
    assert_eq!(root_values(&collection, "CA"), ["UTF-8"]);
    let printed = collection.to_string();
    assert!(printed.contains("PB[Müller]"));
    assert_eq!(parse(printed), collection);
    // In a Latin-1 tree a column is a byte.
    let b = collection.trees[0].nodes[1].get("B").unwrap();
    assert_eq!(
        b.position,
        Some(Position {
            line: 1,
            column: 38
        })
    );
}

#[test]
fn charsets_are_read_per_game_tree() {
    let collection = parse(b"(;CA[latin1]PB[\xe9])(;CA[UTF-8]PB[\xc3\xa9])(;PB[\xc3\xa9])");
    for tree in &collection.trees {
        assert_eq!(tree.root().unwrap().get("PB").unwrap().values, ["é"]);
    }
}

#[test]
fn without_charset_text_that_is_not_utf8_is_latin1() {
    let collection = parse(b"(;PB[Jos\xe9]PW[Jos\xc3\xa9])");
    assert_eq!(root_values(&collection, "PB"), ["José"]);
    assert_eq!(root_values(&collection, "PW"), ["José"]);
}

#[test]
fn other_charsets_and_broken_utf8_are_refused_where_they_are() {
    let e = error("(;GM[1]\nCA[Shift_JIS]PB[x])");
    assert_eq!(e.kind, SgfErrorKind::Charset("Shift_JIS".to_owned()));
    assert_eq!(e.position, Position { line: 2, column: 1 });
    assert!(
        e.to_string()
            .starts_with("line 2, column 1: charset \"Shift_JIS\" is not supported")
    );

    let e = error(b"(;CA[UTF-8]\n;C[ok]PB[\xe9t\xe9])");
    assert_eq!(e.kind, SgfErrorKind::Utf8("PB".to_owned()));
    assert_eq!(e.position, Position { line: 2, column: 7 });
}

#[test]
fn syntax_errors_say_what_and_where() {
    use SgfErrorKind::*;
    let cases: &[(&[u8], (usize, usize), SgfErrorKind)] = &[
        (b"", (1, 1), Empty),
        (b" \n\t", (2, 2), Empty),
        (b"  \n x", (2, 2), ExpectedTree(Found::Char('x'))),
        (b"(;B[aa]) junk", (1, 10), ExpectedTree(Found::Char('j'))),
        (b"(B[aa])", (1, 2), ExpectedNode(Found::Char('B'))),
        (b"()", (1, 2), ExpectedNode(Found::Char(')'))),
        (b"(", (1, 2), ExpectedNode(Found::End)),
        (b"(;B[aa]", (1, 1), UnclosedTree),
        (b"(;B[aa](;W[bb])", (1, 1), UnclosedTree),
        (b"(;\nB[aa\n;W)", (2, 2), UnclosedValue("B".to_owned())),
        (b"(;C[\\]", (1, 4), UnclosedValue("C".to_owned())),
        (b"(;B)", (1, 3), MissingValue("B".to_owned())),
        (b"(;B", (1, 3), MissingValue("B".to_owned())),
        (b"(;xy[1])", (1, 3), Name("xy".to_owned())),
        (b"(;B[aa](;W[bb]);B[cc])", (1, 16), NodeAfterVariations),
        (b"(;B[aa]5)", (1, 8), Unexpected(Found::Char('5'))),
        (b"(;C[\xc3\xa9]!)", (1, 7), Unexpected(Found::Char('!'))),
        (b"(;B[aa]\xff)", (1, 8), Unexpected(Found::Byte(0xff))),
        (b"(;B[aa]\xe9t\xe9)", (1, 8), Unexpected(Found::Byte(0xe9))),
        (b"(;B[aa]\r\n\r\n  ])", (3, 3), Unexpected(Found::Char(']'))),
        (b"(;B[aa]\r\r  ])", (3, 3), Unexpected(Found::Char(']'))),
    ];
    for (input, (line, column), kind) in cases {
        let shown = String::from_utf8_lossy(input);
        let e = error(input);
        assert_eq!(&e.kind, kind, "{shown:?}: {e}");
        assert_eq!(
            e.position,
            Position {
                line: *line,
                column: *column
            },
            "{shown:?}: {e}"
        );
    }
}

#[test]
fn error_messages_read_well() {
    let cases = [
        (
            "(;B[aa\n",
            "line 1, column 4: a value of B is never closed: ']' is missing",
        ),
        (
            "(;B[aa]5)",
            "line 1, column 8: expected a property, ';', '(' or ')', found '5'",
        ),
        (
            "x",
            "line 1, column 1: expected '(' to start a game tree, found 'x'",
        ),
        (
            "(",
            "line 1, column 2: expected ';' to start the game tree's first node, found the end of the input",
        ),
        (
            "(;B[aa]",
            "line 1, column 1: this game tree is never closed: ')' is missing",
        ),
        (
            "(;xy[])",
            "line 1, column 3: property name \"xy\" has no uppercase letter",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(error(input).to_string(), message);
    }
}

#[test]
fn variations_nest_up_to_the_limit() {
    let nested = |depth: usize| format!("{}{}", "(;C[x]".repeat(depth), ")".repeat(depth));
    let deepest = parse(nested(MAX_DEPTH));
    assert_eq!(parse(deepest.to_string()), deepest);
    let e = error(nested(MAX_DEPTH + 1));
    assert_eq!(e.kind, SgfErrorKind::TooDeep);
    assert_eq!(
        e.position,
        Position {
            line: 1,
            column: MAX_DEPTH * 6 + 1
        }
    );
}
