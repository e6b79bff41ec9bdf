//! Ishi's puzzle libraries: the text format the app ships and the generator writes, the checks
//! every puzzle passes when read, and choosing a puzzle for a player (near their rating, the
//! daily puzzle, a streak), with the player's Glicko-2 rating ([`ishi_rating`]).
//!
//! ```
//! use ishi_puzzles::othello;
//!
//! // From eOthello game 867047: Black to move takes the corner h8 and wins by 48; the next
//! // best move wins by 28.
//! let library = "# a corner\n\
//!     OO-X-O--XOO--O--XXOOOO--XXXXOO--OXXXOOOOOXXOXOOOOXXXOOO-XXXXXXX- X\t\
//!     h8:+48,e2:+28,c1:+26,h4:+26,g2:+24,g1:+20,d2:+20,g3:+20,h7:+16,g4:+10\t\
//!     h8 h7 h4 g4 h3 g3 g2\t890\tcorner\teothello 867047, move 47";
//! let puzzles = othello::parse(library)?;
//! assert_eq!(puzzles[0].answer().to_string(), "h8");
//! assert_eq!(puzzles[0].value("e2".parse().unwrap()), Some(28));
//! assert_eq!(puzzles[0].to_string(), library.lines().nth(1).unwrap());
//! # Ok::<(), othello::LibraryError>(())
//! ```
//!
//! **Why a text format.** One puzzle a line, every field readable: a reviewer can open the
//! library and replay a puzzle by hand, a diff of a regenerated library says what changed, and
//! gzip takes the board strings' repetition away (the served file is what counts). The app
//! reads it with [`othello::parse`], which refuses a library with any puzzle that is not one
//! (a damaged download, a bad edit) with the line and the reason, so the app can say so and
//! keep the puzzles it had.
//!
//! **What makes a puzzle.** Exactly one move reaches the best result: every legal move is
//! listed with its exact value (the final disc margin with best play, empty squares to the
//! winner), and the best is either the only one to win (or to draw), or ahead of the second by
//! at least [`othello::MARGIN`] discs. The generator proves the values with the exact solver;
//! `ishi-cli othello check-puzzles` proves them again.
//!
//! **Go puzzles** ([`go`]) cannot be proved: Go positions are too large to solve. Their
//! values are a deep search's estimates on KataGo's network (the expected final score for
//! the side to move), the answer and its best alternatives each searched from its own
//! position by a search deeper than the one that found the position; the answer must be
//! [`go::MARGIN`] (5 points) ahead of every alternative listed, so that the search's noise
//! cannot make a second answer. A line holds the game's moves from the empty board, which
//! the network and the ko rules read, and for a corner or side puzzle of a large board the
//! region it shows.
//!
//! ```
//! use ishi_puzzles::go;
//!
//! // From Ishi's self-play game 8 on 9x9: White to move plays E6, which captures, and leads
//! // by 29.7 points; the next best move leads by 6.
//! let line = "9 chinese 7.5 eecedgdcddcdecdbebgegggbgchcgdhdfegfhfhehgibbfdeffcgcfdfchegdhbebgfgef\t\
//!     E6:+29.7,F6:+6.0,F7:+5.5\tE6 F2 F6 E2 J4 J3\t725\tcapture,atari,killing\t-\t\
//!     ishi self-play 9x9 #8, move 36";
//! let puzzles = go::parse(line)?;
//! assert_eq!(puzzles[0].answer().to_string(), "E6");
//! assert_eq!(puzzles[0].values[1].1, 60); // tenths of a point
//! assert_eq!(puzzles[0].to_string(), line);
//! # Ok::<(), go::LibraryError>(())
//! ```

mod fields;
pub mod go;
pub mod othello;
mod pick;

pub use pick::{PUZZLE_DEVIATION, attempt, daily, pick, streak_target};
