//! Game records in and out: SGF for Go; transcripts (`f5d6c3…`) and board strings for Othello.
//!
//! Exports cover the line on screen (the start to the cursor). Imports build a new match in
//! which both sides are people, so it can be reviewed and continued; input that is not a
//! record gets a message that says what is wrong and where, and changes nothing.

use ishi_records::GoRecord;
use ishi_rules::othello::{self, Othello, notation, transcript};
use ishi_rules::{ByColor, Move};

use crate::model::{
    Cell, CellMove, GameKind, GameSetup, Match, MatchConfig, Side, from_go, go_point,
};

/// One way to write the game down.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Export {
    /// The format's name: `SGF`, `Transcript`, `Board`.
    pub format: &'static str,
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

fn player_name(side: Side) -> Option<String> {
    match side {
        Side::Human => None,
        Side::Computer(level) => Some(format!("Ishi ({})", level.name)),
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
                .filter_map(|mv| match mv {
                    Move::Place(cell) => go_point(cell, size).map(Move::Place),
                    Move::Pass => Some(Move::Pass),
                })
                .collect();
            let mut record = GoRecord::from_game(go, &go_moves);
            let sides = m.config().sides;
            record.players = ByColor::new(player_name(sides.black), player_name(sides.white));
            record.result = m.result().map(|r| r.to_string());
            vec![Export {
                format: "SGF",
                text: record.to_sgf(),
                file_name: "ishi-go.sgf".to_owned(),
                media_type: "application/x-go-sgf",
            }]
        }
        GameKind::Othello => {
            let othello_moves: Vec<othello::Move> = moves(m)
                .into_iter()
                .filter_map(|mv| match mv {
                    Move::Place(c) => othello::Square::from_coords(c.col, c.row).map(Move::Place),
                    Move::Pass => Some(Move::Pass),
                })
                .collect();
            let mut exports = Vec::new();
            if let Some(from) = start.othello() {
                let text = transcript::print(&othello_moves);
                let text = if *from == Othello::new(from.shape()) {
                    text
                } else {
                    format!("{}\n{text}", notation::print_board(from))
                };
                exports.push(Export {
                    format: "Transcript",
                    text,
                    file_name: "ishi-othello.txt".to_owned(),
                    media_type: "text/plain",
                });
            }
            if let Some(now) = m.position().othello() {
                exports.push(Export {
                    format: "Board",
                    text: notation::print_board(now),
                    file_name: "ishi-othello-board.txt".to_owned(),
                    media_type: "text/plain",
                });
            }
            exports
        }
    }
}

/// Whether `text` is an Othello board string rather than a transcript: only square and side
/// characters.
fn is_board_string(text: &str) -> bool {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .all(|c| "XOxo-.*#BbWw".contains(c))
        && text.chars().filter(|c| !c.is_whitespace()).count() > 16
}

fn humans() -> ByColor<Side> {
    ByColor::new(Side::Human, Side::Human)
}

/// A new match from a record: SGF (Go), an Othello board string, or an Othello transcript
/// (from the standard start, or from a board string on the line before it).
///
/// # Errors
///
/// What is wrong and where, in the format's own terms (line and column for SGF, the
/// character for board strings and transcripts).
pub fn import(text: &str) -> Result<Match, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("there is nothing to import".to_owned());
    }
    if text.starts_with('(') {
        return import_sgf(text);
    }
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    if is_board_string(first) {
        let board = notation::parse_board(first).map_err(|e| e.to_string())?;
        let config = MatchConfig {
            setup: GameSetup::OthelloFrom {
                board: notation::print_board(&board),
            },
            sides: humans(),
        };
        let mut m = Match::new(config)?;
        let replay = transcript::load(&board, rest).map_err(|e| e.to_string())?;
        play_all(&mut m, replay.moves.iter().map(|mv| othello_cell_move(*mv)))?;
        return Ok(m);
    }
    let start = Othello::standard();
    let replay = transcript::load(&start, text).map_err(|e| e.to_string())?;
    let mut m = Match::new(MatchConfig {
        setup: GameSetup::Othello {
            shape: start.shape(),
        },
        sides: humans(),
    })?;
    play_all(&mut m, replay.moves.iter().map(|mv| othello_cell_move(*mv)))?;
    Ok(m)
}

fn othello_cell_move(mv: othello::Move) -> CellMove {
    match mv {
        Move::Place(s) => Move::Place(Cell::new(s.col(), s.row())),
        Move::Pass => Move::Pass,
    }
}

/// Plays Othello `moves`; the passes are left to the match, which plays forced ones itself.
fn play_all(m: &mut Match, moves: impl IntoIterator<Item = CellMove>) -> Result<(), String> {
    for mv in moves.into_iter().filter(|mv| *mv != Move::Pass) {
        m.force_play(mv)
            .map_err(|r| format!("a move of the record cannot be played: {r:?}"))?;
    }
    Ok(())
}

fn import_sgf(text: &str) -> Result<Match, String> {
    let record = GoRecord::parse(text).map_err(|e| e.to_string())?;
    let fixed =
        ishi_rules::go::handicap::fixed_handicap(record.size, record.handicap).unwrap_or_default();
    let mut setup_points: Vec<_> = record.setup.iter().map(|(p, _)| *p).collect();
    setup_points.sort();
    let mut fixed_points = fixed.clone();
    fixed_points.sort();
    let plain = record.setup.is_empty()
        || (record
            .setup
            .iter()
            .all(|(_, c)| *c == ishi_rules::Player::Black)
            && setup_points == fixed_points);
    if !plain {
        return Err(
            "this SGF sets up stones other than a fixed handicap; Ishi can only replay games \
             that start from an empty board or a fixed handicap"
                .to_owned(),
        );
    }
    let config = MatchConfig {
        setup: GameSetup::Go {
            size: record.size,
            rules: record.rules,
            handicap: if record.setup.is_empty() {
                0
            } else {
                record.handicap
            },
        },
        sides: humans(),
    };
    let mut m = Match::new(config)?;
    for (n, recorded) in record.moves.iter().enumerate() {
        if recorded.player != m.position().turn() {
            return Err(format!(
                "move {}: {} plays twice in a row; Ishi replays only alternating games",
                n + 1,
                recorded.player
            ));
        }
        let mv = from_go(recorded.mv, record.size);
        m.force_play(mv)
            .map_err(|r| format!("move {}: {r:?}", n + 1))?;
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Action, go_cell};
    use ishi_rules::go::GoRules;

    fn go_match(moves: &[&str]) -> Match {
        let mut m = Match::new(MatchConfig {
            setup: GameSetup::Go {
                size: 9,
                rules: GoRules::JAPANESE,
                handicap: 0,
            },
            sides: humans(),
        })
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
        assert_eq!(exports[0].format, "SGF");
        let back = import(&exports[0].text).unwrap();
        assert_eq!(back.position(), m.position());
        assert_eq!(back.line().len(), m.line().len());
    }

    #[test]
    fn othello_transcripts_and_boards_import_back() {
        let mut m = Match::new(MatchConfig {
            setup: GameSetup::Othello {
                shape: othello::Shape::STANDARD,
            },
            sides: humans(),
        })
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
        assert!(import("").unwrap_err().contains("nothing"));
        assert!(
            import("(;SZ[9];B[ee];W[ee])")
                .unwrap_err()
                .contains("line 1")
        );
        assert!(import("f5d6zz").unwrap_err().contains("character 5"));
        assert!(import("f5 d6 a1").unwrap_err().contains("move 3"));
        assert!(
            import("XXXXOOOO----XXXXOOOO- X")
                .unwrap_err()
                .contains("squares")
        );
        assert!(
            import("(;SZ[9]AW[ee];B[dd])")
                .unwrap_err()
                .contains("sets up stones")
        );
    }
}
