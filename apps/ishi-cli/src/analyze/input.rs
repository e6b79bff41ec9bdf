//! The game record `analyze` reads: SGF for Go, GGF or a transcript for Othello, told apart
//! by their first characters.

use std::fmt;

use ishi_records::{GoRecord, RecordError, sgf};
use ishi_rules::othello::notation::{self, BoardStringError};
use ishi_rules::othello::transcript::{self, TranscriptError, TranscriptErrorKind};
use ishi_rules::othello::{Move, Othello};

use ishi_records::ggf::{self, GgfError};

/// A game to analyse.
pub(crate) enum Record {
    /// An Othello game.
    Othello(OthelloGame),
    /// A Go game, replayed from its setup (or fixed handicap); boxed, as a record is large.
    Go(Box<GoRecord>),
}

/// An Othello game: its moves, forced passes included, and the positions they lead through.
pub(crate) struct OthelloGame {
    /// The moves, passes included.
    pub(crate) moves: Vec<Move>,
    /// The start and the position after each move: one more than `moves`.
    pub(crate) positions: Vec<Othello>,
}

/// Why a text is not a game `analyze` reads, with where the format says.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// Nothing but blanks.
    Empty,
    /// SGF that is not a Go game this reader takes, or one with an illegal move.
    Sgf(RecordError),
    /// A GGF game that cannot be read or replayed.
    Ggf(GgfError),
    /// The first line looks like an Othello board string and is not one.
    Board {
        /// The line, from 1.
        line: usize,
        /// What is wrong, at which character of the line.
        error: BoardStringError,
    },
    /// An Othello transcript that cannot be read or replayed.
    Transcript {
        /// The line of the move at fault, from 1.
        line: usize,
        /// What is wrong, its offset counted in that line.
        error: TranscriptError,
    },
    /// Text whose first move is not a move: no record at all.
    NotAGame {
        /// The line, from 1.
        line: usize,
        /// What the transcript reader made of it.
        error: TranscriptError,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Empty => f.write_str("no game: the input is empty"),
            ReadError::Sgf(e) => e.fmt(f),
            ReadError::Ggf(e) => write!(f, "GGF {e}"),
            ReadError::Board { line, error } => write!(f, "line {line}: {error}"),
            ReadError::Transcript { line, error } => write!(f, "line {line}: {error}"),
            ReadError::NotAGame { line, error } => write!(
                f,
                "not a game record (SGF for Go, GGF or an Othello transcript): line {line}: {error}"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads the game in `bytes`: SGF (Go) or GGF (Othello) when it starts with `(` (GGF maybe
/// after its count of games, `1` or `2`), else an Othello transcript from the standard start
/// or from the board string on the line before it, as the app imports them.
///
/// # Errors
///
/// [`ReadError`]: what is wrong and where, in the format's terms (line and column for SGF,
/// the character for GGF, the line and the character in it for transcripts).
pub(crate) fn read(bytes: &[u8]) -> Result<Record, ReadError> {
    let text = String::from_utf8_lossy(bytes);
    let start = text.trim_start();
    if start.is_empty() {
        return Err(ReadError::Empty);
    }
    let count = start.strip_prefix(['1', '2']).map(str::trim_start);
    if count.is_some_and(|rest| rest.starts_with('(')) || is_ggf(start) {
        let positions = ggf::parse(&text).map_err(ReadError::Ggf)?;
        let moves = ggf::moves(&positions);
        return Ok(Record::Othello(OthelloGame { moves, positions }));
    }
    if start.starts_with('(') {
        return GoRecord::parse(bytes)
            .map(|record| Record::Go(Box::new(record)))
            .map_err(ReadError::Sgf);
    }
    read_transcript(&text).map(Record::Othello)
}

/// Whether an SGF-like text is GGF: its first node says `GM[Othello]` or has a board (`BO`).
/// GGF's syntax is SGF's, so the SGF reader sees its properties.
fn is_ggf(text: &str) -> bool {
    let Ok(collection) = sgf::parse(text) else {
        return false;
    };
    let root = collection.trees.first().and_then(sgf::GameTree::root);
    root.is_some_and(|root| {
        root.get("BO").is_some()
            || root
                .get("GM")
                .is_some_and(|gm| gm.values.first().is_some_and(|v| v.trim() == "Othello"))
    })
}

/// The line (from 1) and the character in it (from 0) of the character `offset` of `text`.
fn locate(text: &str, offset: usize) -> (usize, usize) {
    let before: Vec<char> = text.chars().take(offset).collect();
    let line = 1 + before.iter().filter(|&&c| c == '\n').count();
    let column = before.iter().rev().take_while(|&&c| c != '\n').count();
    (line, column)
}

/// An Othello transcript, after a board string line or from the standard start.
fn read_transcript(text: &str) -> Result<OthelloGame, ReadError> {
    let first_line = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0);
    let mut lines = text.split_inclusive('\n');
    let skipped: String = lines.by_ref().take(first_line).collect();
    let first = lines.next().unwrap_or_default();
    let (start, moves_at) = if ishi_rules::othello::notation::looks_like_board(first) {
        let board = notation::parse_board(first.trim_end()).map_err(|error| ReadError::Board {
            line: first_line + 1,
            error,
        })?;
        (board, skipped.len() + first.len())
    } else {
        (Othello::standard(), 0)
    };
    let moves_text = &text[moves_at..];
    let replay = transcript::load(&start, moves_text).map_err(|mut error| {
        let offset = text[..moves_at].chars().count() + error.offset;
        let (line, column) = locate(text, offset);
        error.offset = column;
        let not_a_game = error.move_number == 1
            && moves_at == 0
            && matches!(error.kind, TranscriptErrorKind::Malformed(_));
        if not_a_game {
            ReadError::NotAGame { line, error }
        } else {
            ReadError::Transcript { line, error }
        }
    })?;
    Ok(OthelloGame {
        moves: replay.moves,
        positions: replay.positions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::{Game, Player};

    fn othello(text: &str) -> OthelloGame {
        match read(text.as_bytes()) {
            Ok(Record::Othello(game)) => game,
            Ok(Record::Go(_)) => panic!("{text:?} read as Go"),
            Err(e) => panic!("{text:?}: {e}"),
        }
    }

    #[test]
    fn transcripts_ggf_and_sgf_are_told_apart() {
        let game = othello("\n  f5d6c3\n");
        assert_eq!(transcript::print(&game.moves), "f5d6c3");
        assert_eq!(game.positions.len(), 4);
        let board = "---------------------------OX------XO--------------------------- O";
        let game = othello(&format!("{board}\nc5\n"));
        assert_eq!(game.positions[0].turn(), Player::White);
        assert_eq!(game.moves.len(), 1);
        let ggf = "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------\
                   ------- *]B[F5]W[F6];)";
        assert_eq!(transcript::print(&othello(ggf).moves), "f5f6");
        assert_eq!(
            transcript::print(&othello(&format!("1 {ggf}")).moves),
            "f5f6"
        );
        assert!(matches!(
            read(b"(;GM[1]SZ[9];B[ee])"),
            Ok(Record::Go(record)) if record.moves.len() == 1
        ));
    }

    #[test]
    fn errors_say_where() {
        for (text, message) in [
            ("   \n", "no game: the input is empty"),
            (
                "hello",
                "not a game record (SGF for Go, GGF or an Othello transcript): line 1: move 1 \
                 (character 1): \"h\" is not a square",
            ),
            (
                "f5d6\nc3 c3",
                "line 2: move 4 (character 4): c3 is illegal: the point is occupied",
            ),
            (
                "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\nf5",
                "line 1: board string, character 67: 66 squares",
            ),
            (
                "(;SZ[9]\n;B[ee];W[ee])",
                "line 2, column 8: move 2 (white E5) is illegal",
            ),
            ("(;GM[Othello]BO[8 --- *];)", "GGF at character 22"),
        ] {
            let error = read(text.as_bytes()).err().expect(text).to_string();
            assert!(error.starts_with(message), "{text:?}: {error}");
        }
    }
}
