//! Game records in and out: SGF for Go; transcripts (`f5d6c3…`) and board strings for Othello.
//!
//! Exports cover the line on screen (the start to the cursor). Imports build a new match in
//! which both sides are people, so it can be reviewed and continued; input that is not a
//! record gets a message that says what is wrong and where, and changes nothing.

use ishi_ai::AnyLevel;
use ishi_records::{GoRecord, RecordError};
use ishi_rules::othello::notation::BoardStringError;
use ishi_rules::othello::transcript::TranscriptError;
use ishi_rules::othello::{self, Othello, notation, transcript};
use ishi_rules::{ByColor, Move, Player};

use crate::model::{
    CellMove, GameKind, GoConfig, Match, MatchConfig, OthelloConfig, OthelloStart, Refusal,
    SetupError, Side, from_go, from_othello, humans, to_go, to_othello,
};

/// Why a text cannot be imported. Nothing changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ImportError {
    /// There is no text.
    Empty,
    /// The file chosen cannot be read.
    File,
    /// The SGF record cannot be read or replayed.
    Sgf(RecordError),
    /// The SGF record sets up stones other than a fixed handicap.
    SgfSetup,
    /// The SGF record has a player move twice in a row.
    NotAlternating {
        /// The move's number, from 1.
        number: usize,
        /// Who plays it.
        player: Player,
    },
    /// The Othello board string is not a position.
    Board(BoardStringError),
    /// The Othello transcript cannot be read or replayed.
    Transcript(TranscriptError),
    /// The record's board is not one Ishi plays.
    Setup(SetupError),
    /// A move of the record is refused by the match.
    Move {
        /// The move's number, from 1.
        number: usize,
        /// Why.
        refusal: Refusal,
    },
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportError::Empty => f.write_str("there is nothing to import"),
            ImportError::File => f.write_str("the file cannot be read"),
            ImportError::Sgf(e) => e.fmt(f),
            ImportError::SgfSetup => f.write_str(
                "this SGF sets up stones other than a fixed handicap; Ishi can only replay \
                 games that start from an empty board or a fixed handicap",
            ),
            ImportError::NotAlternating { number, player } => write!(
                f,
                "move {number}: {player} plays twice in a row; Ishi replays only alternating games"
            ),
            ImportError::Board(e) => e.fmt(f),
            ImportError::Transcript(e) => e.fmt(f),
            ImportError::Setup(e) => e.fmt(f),
            ImportError::Move { number, refusal } => write!(f, "move {number}: {refusal}"),
        }
    }
}

impl std::error::Error for ImportError {}

/// A way to write a game down.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RecordFormat {
    /// SGF, for Go.
    Sgf,
    /// An Othello transcript (`f5d6c3…`), after the start position's board string when the
    /// game did not start from the usual start.
    Transcript,
    /// An Othello board string of the position on screen.
    Board,
}

impl RecordFormat {
    /// The format's short name, for element names: `SGF`, `Transcript`, `Board`.
    pub fn id(self) -> &'static str {
        match self {
            RecordFormat::Sgf => "SGF",
            RecordFormat::Transcript => "Transcript",
            RecordFormat::Board => "Board",
        }
    }
}

/// The game written down in one format.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Export {
    /// The format.
    pub format: RecordFormat,
    /// The text.
    pub text: String,
    /// A file name for a download.
    pub file_name: String,
    /// The file's media type.
    pub media_type: &'static str,
}

/// The moves of the line on screen, passes included (forced ones too).
fn moves(m: &Match) -> Vec<CellMove> {
    m.line()
        .iter()
        .filter_map(|s| s.played.as_ref().map(|p| p.mv))
        .collect()
}

fn player_name(side: Side<AnyLevel>) -> Option<String> {
    match side {
        Side::Human => None,
        Side::Computer(level) => Some(format!("Ishi ({})", level.name())),
    }
}

/// The records of `m`'s line on screen.
pub fn export(m: &Match) -> Vec<Export> {
    let start = &m.line()[0].position;
    match m.position().kind() {
        GameKind::Go => {
            let Some(go) = start.go() else {
                return Vec::new();
            };
            let size = go.size();
            let go_moves: Vec<ishi_rules::go::Move> = moves(m)
                .into_iter()
                .filter_map(|mv| to_go(mv, size))
                .collect();
            let mut record = GoRecord::from_game(go, &go_moves);
            let sides = m.config().sides();
            record.players = ByColor::new(player_name(sides.black), player_name(sides.white));
            record.result = m.result().map(|r| r.to_string());
            vec![Export {
                format: RecordFormat::Sgf,
                text: record.to_sgf(),
                file_name: "ishi-go.sgf".to_owned(),
                media_type: "application/x-go-sgf",
            }]
        }
        GameKind::Othello => {
            let othello_moves: Vec<othello::Move> =
                moves(m).into_iter().filter_map(to_othello).collect();
            let mut exports = Vec::new();
            if let Some(from) = start.othello() {
                let text = transcript::print(&othello_moves);
                let text = if *from == Othello::new(from.shape()) {
                    text
                } else {
                    format!("{}\n{text}", notation::print_board(from))
                };
                exports.push(Export {
                    format: RecordFormat::Transcript,
                    text,
                    file_name: "ishi-othello.txt".to_owned(),
                    media_type: "text/plain",
                });
            }
            if let Some(now) = m.position().othello() {
                exports.push(Export {
                    format: RecordFormat::Board,
                    text: notation::print_board(now),
                    file_name: "ishi-othello-board.txt".to_owned(),
                    media_type: "text/plain",
                });
            }
            exports
        }
    }
}

/// A new match from a record: SGF (Go), an Othello board string, or an Othello transcript
/// (from the standard start, or from a board string on the line before it). Both sides are
/// people.
///
/// # Errors
///
/// [`ImportError`]: what is wrong and where, in the format's own terms (line and column for
/// SGF, the character for board strings and transcripts).
pub fn import(text: &str) -> Result<Match, ImportError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ImportError::Empty);
    }
    if text.starts_with('(') {
        return import_sgf(text);
    }
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let (start, from, moves) = if notation::looks_like_board(first) {
        let board = notation::parse_board(first).map_err(ImportError::Board)?;
        (OthelloStart::Position(board), board, rest)
    } else {
        let standard = othello::Shape::STANDARD;
        (OthelloStart::Shape(standard), Othello::new(standard), text)
    };
    let mut m = Match::new(MatchConfig::Othello(OthelloConfig {
        start,
        sides: humans(),
    }))
    .map_err(ImportError::Setup)?;
    let replay = transcript::load(&from, moves).map_err(ImportError::Transcript)?;
    // The passes are left to the match, which plays forced ones itself.
    let placed = replay.moves.iter().filter(|mv| **mv != Move::Pass);
    for (n, mv) in placed.enumerate() {
        m.force_play(from_othello(*mv))
            .map_err(|refusal| ImportError::Move {
                number: n + 1,
                refusal,
            })?;
    }
    Ok(m)
}

fn import_sgf(text: &str) -> Result<Match, ImportError> {
    let record = GoRecord::parse(text).map_err(ImportError::Sgf)?;
    let fixed =
        ishi_rules::go::handicap::fixed_handicap(record.size, record.handicap).unwrap_or_default();
    // The setup is the fixed handicap when it is the same set of points, all Black (the
    // record's setup and the handicap table name each point once).
    let fixed_handicap = record.setup.len() == fixed.len()
        && record
            .setup
            .iter()
            .all(|(p, c)| *c == Player::Black && fixed.contains(p));
    let plain = record.setup.is_empty() || fixed_handicap;
    if !plain {
        return Err(ImportError::SgfSetup);
    }
    let config = MatchConfig::Go(GoConfig {
        size: record.size,
        rules: record.rules,
        handicap: if record.setup.is_empty() {
            0
        } else {
            record.handicap
        },
        sides: humans(),
    });
    let mut m = Match::new(config).map_err(ImportError::Setup)?;
    for (n, recorded) in record.moves.iter().enumerate() {
        let number = n + 1;
        if recorded.player != m.position().turn() {
            return Err(ImportError::NotAlternating {
                number,
                player: recorded.player,
            });
        }
        m.force_play(from_go(recorded.mv, record.size))
            .map_err(|refusal| ImportError::Move { number, refusal })?;
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Action, Cell, go_cell};
    use ishi_records::RecordErrorKind;
    use ishi_rules::go::GoRules;
    use ishi_rules::othello::notation::BoardStringErrorKind;
    use ishi_rules::othello::transcript::TranscriptErrorKind;

    fn go_match(moves: &[&str]) -> Match {
        let mut m = Match::new(MatchConfig::Go(GoConfig {
            size: 9,
            rules: GoRules::JAPANESE,
            handicap: 0,
            sides: humans(),
        }))
        .unwrap();
        for name in moves {
            let mv = if *name == "pass" {
                Action::Pass
            } else {
                Action::Play(go_cell(name.parse().unwrap(), 9))
            };
            m.apply(mv).unwrap();
        }
        m
    }

    #[test]
    fn sgf_export_imports_back_to_the_same_game() {
        let m = go_match(&["E5", "D5", "pass", "C3"]);
        let exports = export(&m);
        assert_eq!(exports[0].format, RecordFormat::Sgf);
        let back = import(&exports[0].text).unwrap();
        assert_eq!(back.position(), m.position());
        assert_eq!(back.line().len(), m.line().len());
    }

    #[test]
    fn othello_transcripts_and_boards_import_back() {
        let mut m = Match::new(MatchConfig::Othello(OthelloConfig {
            start: OthelloStart::Shape(othello::Shape::STANDARD),
            sides: humans(),
        }))
        .unwrap();
        // The fastest forced pass, then White goes on.
        for sq in ["e6", "f6", "c4", "e7", "e8", "d8", "g6", "f8", "g5"] {
            let s: othello::Square = sq.parse().unwrap();
            m.apply(Action::Play(Cell::new(s.col(), s.row()))).unwrap();
        }
        let exports = export(&m);
        assert_eq!(exports[0].text, "e6f6c4e7e8d8g6f8g5");
        let back = import(&exports[0].text).unwrap();
        assert_eq!(back.position(), m.position());
        let from_board = import(&exports[1].text).unwrap();
        assert_eq!(from_board.position(), m.position());
        // A game from that board exports the board before its moves, and reads back.
        let mut continued = from_board;
        let next = continued.position().legal_cells()[0];
        continued.apply(Action::Play(next)).unwrap();
        let text = &export(&continued)[0].text;
        assert!(text.starts_with(&exports[1].text), "{text}");
        assert_eq!(import(text).unwrap().position(), continued.position());
    }

    #[test]
    fn bad_records_say_what_and_where() {
        assert_eq!(import("").unwrap_err(), ImportError::Empty);
        let Err(ImportError::Sgf(e)) = import("(;SZ[9];B[ee];W[ee])") else {
            panic!("an SGF error");
        };
        assert_eq!(e.position.map(|p| p.line), Some(1), "{e}");
        assert!(
            matches!(e.kind, RecordErrorKind::Illegal { number: 2, .. }),
            "{e}"
        );
        let Err(ImportError::Transcript(e)) = import("f5d6zz") else {
            panic!("a transcript error");
        };
        assert_eq!(e.offset + 1, 5, "{e}");
        assert!(matches!(e.kind, TranscriptErrorKind::Malformed(_)), "{e}");
        let Err(ImportError::Transcript(e)) = import("f5 d6 a1") else {
            panic!("a transcript error");
        };
        assert_eq!(e.move_number, 3, "{e}");
        let Err(ImportError::Board(e)) = import("XXXXOOOO----XXXXOOOO- X") else {
            panic!("a board string error");
        };
        assert!(
            matches!(e.kind, BoardStringErrorKind::SquareCount(_)),
            "{e}"
        );
        assert_eq!(
            import("(;SZ[9]AW[ee];B[dd])").unwrap_err(),
            ImportError::SgfSetup
        );
    }
}
