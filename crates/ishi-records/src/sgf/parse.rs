//! Reading SGF from bytes: a parser over the input that keeps nested game trees on a stack,
//! one game tree's charset at a time.

use std::cell::Cell;

use super::{
    Collection, Found, GameTree, MAX_DEPTH, Node, Position, Property, SgfError, SgfErrorKind,
};

/// How the values of a game tree are decoded, from the `CA` of its root node.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Charset {
    /// No `CA`: UTF-8, and a value that is not UTF-8 is read as Latin-1, the default charset
    /// of the FF\[4\] specification.
    Default,
    /// `CA[UTF-8]` (or ASCII): UTF-8, strictly.
    Utf8,
    /// `CA[ISO-8859-1]`: one byte per character.
    Latin1,
}

impl Charset {
    /// The charset a `CA` value names, if this reader decodes it. Case, `-`, `_` and spaces
    /// do not matter: `UTF-8`, `utf8`, `ISO-8859-1`, `ISO8859-1`, `Latin1`.
    fn named(name: &str) -> Option<Charset> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .collect::<String>()
            .to_ascii_lowercase();
        match key.as_str() {
            "" => Some(Charset::Default),
            "utf8" | "ascii" | "usascii" => Some(Charset::Utf8),
            "iso88591" | "latin1" | "isolatin1" => Some(Charset::Latin1),
            _ => None,
        }
    }

    /// The text of `bytes`, or `None` if they are not in this charset.
    fn decode(self, bytes: Vec<u8>) -> Option<String> {
        let latin1 = |bytes: Vec<u8>| bytes.into_iter().map(char::from).collect();
        match self {
            Charset::Latin1 => Some(latin1(bytes)),
            Charset::Utf8 => String::from_utf8(bytes).ok(),
            Charset::Default => {
                Some(String::from_utf8(bytes).unwrap_or_else(|e| latin1(e.into_bytes())))
            }
        }
    }
}

/// A property as read, before its values are decoded.
struct RawProperty {
    id: String,
    /// Where its name starts, in bytes.
    offset: usize,
    values: Vec<Vec<u8>>,
}

/// Reads an SGF collection.
///
/// The input is bytes, since a game tree says its charset inside itself: `CA[UTF-8]` (the
/// default) or `CA[ISO-8859-1]` (Latin-1) in its root node. Without `CA`, a value that is not
/// UTF-8 is read as Latin-1, the specification's default. A byte-order mark is skipped. Text
/// and [`&str`](str) work as they are (`parse("(;B[aa])")`).
///
/// Text values come out as Unicode. The `CA` of a Latin-1 tree is then rewritten to `UTF-8`,
/// which is what the tree holds and what printing it writes.
///
/// Whitespace may separate any two tokens. Property names may hold lowercase letters as in
/// FF\[3\] (`AddBlack[aa]`): only the uppercase ones count (`AB`).
///
/// # Errors
///
/// [`SgfError`] with the line and column of the first trouble: text that is not a game tree,
/// a property without a value, an unclosed `[` or `(`, a node after variations, variations
/// nested deeper than [`MAX_DEPTH`], a charset other than UTF-8 and Latin-1, or a value that
/// is not UTF-8 in a tree that says it is.
pub fn parse(input: impl AsRef<[u8]>) -> Result<Collection, SgfError> {
    let input = input.as_ref();
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut parser = Parser::new(input);
    let mut trees = Vec::new();
    loop {
        parser.skip_whitespace();
        match parser.peek() {
            None => break,
            Some(b'(') => trees.push(parser.tree()?),
            Some(_) => return Err(parser.error_here(SgfErrorKind::ExpectedTree(parser.found()))),
        }
    }
    if trees.is_empty() {
        return Err(parser.error_here(SgfErrorKind::Empty));
    }
    Ok(Collection { trees })
}

struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
    /// The byte offset of each line's start.
    line_starts: Vec<usize>,
    /// The charset of the game tree being read, once its root node is read.
    charset: Option<Charset>,
    /// The byte offset of the last position computed and its column in UTF-8 characters
    /// from 0: a position further on the same line counts on from there, so that a file on
    /// one long line takes linear time.
    last_position: Cell<(usize, usize)>,
}

impl<'a> Parser<'a> {
    fn new(input: &'a [u8]) -> Parser<'a> {
        let breaks = input.iter().enumerate().filter_map(|(i, &b)| {
            let ends_line = b == b'\n' || (b == b'\r' && input.get(i + 1) != Some(&b'\n'));
            ends_line.then_some(i + 1)
        });
        Parser {
            input,
            pos: 0,
            line_starts: std::iter::once(0).chain(breaks).collect(),
            charset: None,
            last_position: Cell::new((0, 0)),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// What is at the current position, for error messages.
    fn found(&self) -> Found {
        let rest = self.input.get(self.pos..).unwrap_or_default();
        let char = rest
            .utf8_chunks()
            .next()
            .and_then(|c| c.valid().chars().next());
        match (char, rest.first()) {
            (Some(c), _) => Found::Char(c),
            (None, Some(&b)) => Found::Byte(b),
            (None, None) => Found::End,
        }
    }

    /// The line and column of byte `offset`, counting columns in the charset of the tree being
    /// read.
    fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.input.len());
        // The first line starts at 0, so `line` is at least 1.
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let column = if self.charset == Some(Charset::Latin1) {
            offset - start
        } else {
            let (last, chars) = self.last_position.get();
            let (from, chars) = if (start..=offset).contains(&last) {
                (last, chars)
            } else {
                (start, 0)
            };
            // UTF-8 continuation bytes do not start a character.
            let more = self.input[from..offset]
                .iter()
                .filter(|&&b| b & 0xC0 != 0x80)
                .count();
            self.last_position.set((offset, chars + more));
            chars + more
        };
        Position {
            line,
            column: column + 1,
        }
    }

    fn error_at(&self, offset: usize, kind: SgfErrorKind) -> SgfError {
        SgfError {
            position: self.position(offset),
            kind,
        }
    }

    fn error_here(&self, kind: SgfErrorKind) -> SgfError {
        self.error_at(self.pos, kind)
    }

    /// A game tree of the collection, at its `(`. Its root node says the charset, which its
    /// variations share.
    ///
    /// The nesting is kept on a heap stack, not the call stack: any input is safe to read.
    fn tree(&mut self) -> Result<GameTree, SgfError> {
        self.charset = None;
        // The tree being read, with the offset of its `(`, and the trees around it.
        let mut current = self.open_tree()?;
        let mut parents: Vec<(GameTree, usize)> = Vec::new();
        loop {
            self.skip_whitespace();
            let (tree, open) = &mut current;
            match self.peek() {
                Some(b';') if tree.variations.is_empty() => {
                    let node = self.node()?;
                    let node = match self.charset {
                        Some(_) => self.decode(node)?,
                        None => self.decode_root(node)?,
                    };
                    tree.nodes.push(node);
                }
                Some(b';') => return Err(self.error_here(SgfErrorKind::NodeAfterVariations)),
                Some(b'(') if parents.len() + 1 >= MAX_DEPTH => {
                    return Err(self.error_here(SgfErrorKind::TooDeep));
                }
                Some(b'(') => {
                    let child = self.open_tree()?;
                    parents.push(std::mem::replace(&mut current, child));
                }
                Some(b')') => {
                    self.pos += 1;
                    let Some(mut parent) = parents.pop() else {
                        self.charset = None;
                        return Ok(current.0);
                    };
                    parent.0.variations.push(std::mem::take(&mut current.0));
                    current = parent;
                }
                None => return Err(self.error_at(*open, SgfErrorKind::UnclosedTree)),
                Some(_) => return Err(self.error_here(SgfErrorKind::Unexpected(self.found()))),
            }
        }
    }

    /// Steps into a game tree at its `(`: an empty tree whose first node comes next, and the
    /// offset of the `(`.
    fn open_tree(&mut self) -> Result<(GameTree, usize), SgfError> {
        let open = self.pos;
        self.pos += 1;
        self.skip_whitespace();
        if self.peek() != Some(b';') {
            return Err(self.error_here(SgfErrorKind::ExpectedNode(self.found())));
        }
        Ok((GameTree::default(), open))
    }

    /// The root node of a game tree, which says the charset of the tree: decoded in it. A
    /// Latin-1 tree's `CA` becomes `UTF-8`, which is what the decoded tree is.
    fn decode_root(&mut self, root: Vec<RawProperty>) -> Result<Node, SgfError> {
        let charset = self.root_charset(&root)?;
        self.charset = Some(charset);
        let mut root = self.decode(root)?;
        if charset == Charset::Latin1 {
            for ca in root.properties.iter_mut().filter(|p| p.id == "CA") {
                ca.values = vec!["UTF-8".to_owned()];
            }
        }
        Ok(root)
    }

    /// The charset that the `CA` of a root node names.
    fn root_charset(&self, root: &[RawProperty]) -> Result<Charset, SgfError> {
        let Some(ca) = root.iter().find(|p| p.id == "CA") else {
            return Ok(Charset::Default);
        };
        let name = String::from_utf8_lossy(ca.values.first().map_or(&[][..], Vec::as_slice));
        let name = name.trim();
        Charset::named(name)
            .ok_or_else(|| self.error_at(ca.offset, SgfErrorKind::Charset(name.to_owned())))
    }

    /// A node's properties, at its `;`.
    fn node(&mut self) -> Result<Vec<RawProperty>, SgfError> {
        self.pos += 1;
        let mut properties = Vec::new();
        loop {
            self.skip_whitespace();
            if !self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                return Ok(properties);
            }
            properties.push(self.property()?);
        }
    }

    /// A property, at the first letter of its name.
    fn property(&mut self) -> Result<RawProperty, SgfError> {
        let offset = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        let name = &self.input[offset..self.pos];
        let id: String = name
            .iter()
            .filter(|b| b.is_ascii_uppercase())
            .map(|&b| char::from(b))
            .collect();
        if id.is_empty() {
            let name = String::from_utf8_lossy(name).into_owned();
            return Err(self.error_at(offset, SgfErrorKind::Name(name)));
        }
        self.skip_whitespace();
        if self.peek() != Some(b'[') {
            return Err(self.error_at(offset, SgfErrorKind::MissingValue(id)));
        }
        let mut values = Vec::new();
        while self.peek() == Some(b'[') {
            values.push(self.value(&id)?);
            self.skip_whitespace();
        }
        Ok(RawProperty { id, offset, values })
    }

    /// A value's bytes with escapes resolved, at its `[`.
    fn value(&mut self, id: &str) -> Result<Vec<u8>, SgfError> {
        let open = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error_at(open, SgfErrorKind::UnclosedValue(id.to_owned())));
            };
            self.pos += 1;
            match b {
                b']' => return Ok(bytes),
                b'\\' => match self.peek() {
                    // A soft line break: the backslash and the line break vanish.
                    Some(b'\n') => self.pos += 1,
                    Some(b'\r') => {
                        self.pos += 1;
                        self.skip_line_feed();
                    }
                    Some(escaped) => {
                        bytes.push(escaped);
                        self.pos += 1;
                    }
                    None => {}
                },
                b'\r' => {
                    self.skip_line_feed();
                    bytes.push(b'\n');
                }
                _ => bytes.push(b),
            }
        }
    }

    /// Steps over a `\n` that follows a `\r`: the two are one line break.
    fn skip_line_feed(&mut self) {
        if self.peek() == Some(b'\n') {
            self.pos += 1;
        }
    }

    /// A node with its values decoded in the tree's charset.
    fn decode(&self, properties: Vec<RawProperty>) -> Result<Node, SgfError> {
        let charset = self.charset.unwrap_or(Charset::Default);
        let properties = properties
            .into_iter()
            .map(|raw| {
                let position = self.position(raw.offset);
                let values = raw
                    .values
                    .into_iter()
                    .map(|bytes| charset.decode(bytes))
                    .collect::<Option<Vec<String>>>()
                    .ok_or_else(|| SgfError {
                        position,
                        kind: SgfErrorKind::Utf8(raw.id.clone()),
                    })?;
                Ok(Property {
                    id: raw.id,
                    values,
                    position: Some(position),
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Node { properties })
    }
}
