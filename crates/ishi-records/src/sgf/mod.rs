//! The syntax of SGF: collections of game trees of nodes of properties, read from bytes and
//! printed back, with no meaning given to any property.
//!
//! ```
//! use ishi_records::sgf;
//!
//! let collection = sgf::parse("(;GM[1]C[a \\] bracket]\n;B[dd](;W[pp])(;W[dp]))")?;
//! let tree = &collection.trees[0];
//! assert_eq!(tree.nodes[0].get("C").map(|c| c.values[0].as_str()), Some("a ] bracket"));
//! assert_eq!(tree.variations.len(), 2);
//! assert_eq!(tree.main_line().count(), 3); // the root, B[dd] and the first variation's W[pp]
//! assert_eq!(sgf::parse(collection.to_string())?, collection);
//! # Ok::<(), sgf::SgfError>(())
//! ```
//!
//! Values are held as text with the escapes of the file resolved: `\]` is `]`, `\\` is `\`,
//! a backslash before a line break (a soft line break) is dropped, and line breaks read as
//! `\n`. The printer escapes `]` and `\` again, so printing and reading give the same tree.
//! A colon is not escaped on either side: the composed values that Go records use (point
//! ranges such as `aa:cc`, `SZ[19:13]`, `LB[dd:text]`) split at the first colon.

mod parse;

use std::fmt;

pub use parse::parse;

/// The deepest nesting of variations [`parse()`] reads.
///
/// Real records nest a few dozen levels. The parser itself keeps nested trees on the heap; the
/// limit keeps a hostile file from exhausting the stack of the code that walks trees
/// recursively afterwards (printing, comparing, cloning, dropping): a thousand levels take a
/// few hundred kilobytes of stack at most.
pub const MAX_DEPTH: usize = 1000;

/// A place in the input: line and column, both from 1.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`. Columns count characters: bytes in a Latin-1
/// game tree, UTF-8 characters otherwise (before a game tree's charset is known too).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// An SGF file: one or more game trees.
///
/// [`Display`](fmt::Display) prints it as SGF: one node per line, each variation on a line of
/// its own.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Collection {
    /// The game trees, in file order.
    pub trees: Vec<GameTree>,
}

/// A game tree: a sequence of nodes, then the variations that branch off after the last one.
///
/// The first variation continues the main line. A tree read by [`parse()`] has at least one
/// node.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameTree {
    /// The nodes, one after the other.
    pub nodes: Vec<Node>,
    /// The subtrees that follow the last node, the main line first.
    pub variations: Vec<GameTree>,
}

impl GameTree {
    /// The root node, if the tree has a node.
    pub fn root(&self) -> Option<&Node> {
        self.nodes.first()
    }

    /// The nodes of the main line: this tree's, then those of each first variation.
    pub fn main_line(&self) -> impl Iterator<Item = &Node> {
        std::iter::successors(Some(self), |tree| tree.variations.first())
            .flat_map(|tree| tree.nodes.iter())
    }
}

/// A node: properties, in file order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Node {
    /// The properties.
    pub properties: Vec<Property>,
}

impl Node {
    /// The first property named `id`.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id == id)
    }
}

/// A property: a name of uppercase letters and its values.
///
/// Two properties are equal when their names and values are; where they were read is not
/// compared, so a tree printed and read again equals the original.
#[derive(Clone, Debug)]
pub struct Property {
    /// The name, `B`, `AB`, `KM`... Old names with lowercase letters (`AddBlack`) are read as
    /// their uppercase letters (`AB`), as the FF\[4\] specification asks of readers.
    pub id: String,
    /// The values, escapes resolved. A property has at least one value, maybe empty (`B[]`).
    pub values: Vec<String>,
    /// Where the property's name starts in the text it was read from; `None` when built in
    /// code.
    pub position: Option<Position>,
}

impl Property {
    /// A property named `id` (uppercase letters) with `values`, not read from any text.
    pub fn new<S: Into<String>>(
        id: impl Into<String>,
        values: impl IntoIterator<Item = S>,
    ) -> Property {
        Property {
            id: id.into(),
            values: values.into_iter().map(Into::into).collect(),
            position: None,
        }
    }
}

impl PartialEq for Property {
    fn eq(&self, other: &Property) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl Eq for Property {}

/// Prints `ID[value][value]`, escaping `]` and `\` in the values.
impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id)?;
        for value in &self.values {
            f.write_str("[")?;
            let mut rest = value.as_str();
            while let Some(i) = rest.find([']', '\\']) {
                write!(f, "{}\\{}", &rest[..i], &rest[i..=i])?;
                rest = &rest[i + 1..];
            }
            f.write_str(rest)?;
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// Prints `;` and the properties.
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(";")?;
        self.properties.iter().try_for_each(|p| p.fmt(f))
    }
}

/// Prints the tree in parentheses, one node per line, each variation from a new line.
impl fmt::Display for GameTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            node.fmt(f)?;
        }
        for variation in &self.variations {
            f.write_str("\n")?;
            variation.fmt(f)?;
        }
        f.write_str(")")
    }
}

/// Prints each game tree followed by a line break.
impl fmt::Display for Collection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.trees.iter().try_for_each(|tree| writeln!(f, "{tree}"))
    }
}

/// Text that is not an SGF collection, with where the trouble is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Where the trouble is.
    pub position: Position,
    /// What it is.
    pub kind: SgfErrorKind,
}

/// What is wrong with the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// No game tree at all: the input is empty or blank.
    Empty,
    /// Something else where a game tree should start with `(`.
    ExpectedTree(Found),
    /// A game tree that does not start with a node (`;`).
    ExpectedNode(Found),
    /// In a node, something that is not a property, `;`, `(` or `)`.
    Unexpected(Found),
    /// A property name without an uppercase letter.
    Name(String),
    /// A property without a value.
    MissingValue(String),
    /// A value of the property whose `]` never comes.
    UnclosedValue(String),
    /// A game tree whose `)` never comes (the position is its `(`).
    UnclosedTree,
    /// A node after the variations of its game tree.
    NodeAfterVariations,
    /// Variations nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// A charset (`CA`) this reader does not decode.
    Charset(String),
    /// A value of the property that is not UTF-8, in a game tree that says it is.
    Utf8(String),
}

/// What was found where something else was expected.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The end of the input.
    End,
    /// A character.
    Char(char),
    /// A byte that does not start a UTF-8 character.
    Byte(u8),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::End => f.write_str("the end of the input"),
            Found::Char(c) => write!(f, "{c:?}"),
            Found::Byte(b) => write!(f, "byte {b:#04x}"),
        }
    }
}

impl fmt::Display for SgfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfErrorKind::Empty => f.write_str("no game tree: SGF starts with \"(;\""),
            SgfErrorKind::ExpectedTree(found) => {
                write!(f, "expected '(' to start a game tree, found {found}")
            }
            SgfErrorKind::ExpectedNode(found) => {
                write!(
                    f,
                    "expected ';' to start the game tree's first node, found {found}"
                )
            }
            SgfErrorKind::Unexpected(found) => {
                write!(f, "expected a property, ';', '(' or ')', found {found}")
            }
            SgfErrorKind::Name(name) => {
                write!(f, "property name {name:?} has no uppercase letter")
            }
            SgfErrorKind::MissingValue(id) => {
                write!(f, "property {id} has no value: expected '['")
            }
            SgfErrorKind::UnclosedValue(id) => {
                write!(f, "a value of {id} is never closed: ']' is missing")
            }
            SgfErrorKind::UnclosedTree => {
                f.write_str("this game tree is never closed: ')' is missing")
            }
            SgfErrorKind::NodeAfterVariations => {
                f.write_str("a node after the variations of its game tree")
            }
            SgfErrorKind::TooDeep => {
                write!(f, "variations nested more than {MAX_DEPTH} deep")
            }
            SgfErrorKind::Charset(name) => write!(
                f,
                "charset {name:?} is not supported: use UTF-8 or ISO-8859-1 (Latin-1)"
            ),
            SgfErrorKind::Utf8(id) => write!(
                f,
                "a value of {id} is not UTF-8; a Latin-1 file says CA[ISO-8859-1]"
            ),
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.kind)
    }
}

impl std::error::Error for SgfError {}
