//! Game records at the edge: SGF (FF\[4\]) for Go, read and written, and GGF for Othello
//! ([`ggf`], as NBoard sends it), read, with errors that say what went wrong and where.
//!
//! ```
//! use ishi_records::GoRecord;
//! use ishi_rules::{Game, Player};
//!
//! let sgf = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Ann]PW[Bob]
//!            ;B[ee];W[ge]C[the usual reply];B[gd];W[];B[])";
//! let record = GoRecord::parse(sgf)?;
//! assert_eq!((record.size, record.rules.komi.to_string()), (9, "6.5".to_owned()));
//! assert_eq!(record.moves[1].comment.as_deref(), Some("the usual reply"));
//!
//! let positions = record.replay()?; // the start, then the position after each move
//! let end = &positions[5];
//! assert_eq!(end.stone_at("G5".parse()?), Some(Player::White));
//! assert!(end.is_over()); // two passes
//!
//! let printed = record.to_sgf(); // "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]PB[Ann]..."
//! assert_eq!(GoRecord::parse(&printed)?, record);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Two layers: [`sgf`] is the syntax (collections, game trees, nodes, properties; no meaning),
//! and [`GoRecord`] reads a Go game out of it: size, rules and komi, handicap, names,
//! result, setup stones, the moves of the main line with their comments; it replays the moves
//! under the rules of [`ishi_rules::go`] and prints the record back. What it does not read
//! (other properties, variations, other games of the file) it keeps, and prints again.
//!
//! **Our own parser, not `sgf-parse`.** SGF's grammar is a dozen lines, and what Ishi needs
//! from a reader is what a general crate does not give: the line and column of every
//! property (so that an illegal move 143 is reported where it stands in the file), bytes in
//! and a charset per game tree (`CA[ISO-8859-1]` files are still common, and the charset is
//! only known inside the tree), and Go's conventions rather than generic ones: `sgf-parse`
//! reads `B[tt]` as a point and writes `SZ[9:9]`, both of which we would have to wrap. Its
//! errors carry no position. Our parser is one small module with no dependency, every error
//! has a position, and a hostile file can neither panic it nor exhaust its stack (variations
//! nest at most [`sgf::MAX_DEPTH`] deep).
//!
//! **Choices made for real records.** Old FF\[3\] property names with lowercase letters
//! (`AddBlack`) are read as their uppercase letters (`AB`), as the specification asks. A
//! game tree without `CA` is UTF-8 where it can be, Latin-1 (the specification's default)
//! where it is not; other charsets are refused. `B[tt]` is a pass (boards up to 19x19);
//! passes are written `B[]`. Whitespace around points and numbers is ignored. A player
//! moving twice in a row, or after two passes, is followed (see [`GoRecord::replay`]); setup
//! after the first move is refused.

pub mod ggf;
pub mod sgf;

mod record;

pub use record::{Expected, GoRecord, RecordError, RecordErrorKind, RecordedMove};
