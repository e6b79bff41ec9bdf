//! Game records in and out: SGF for Go; transcripts (`f5d6c3…`) and board strings for Othello.
//!
//! Exports cover the line on screen (the start to the cursor), and SGF the variations that
//! leave it (as SGF's variations, which Sabaki and KaTrain read; an imported SGF's variations
//! become the match's). Imports build a new match in
//! which both sides are people, so it can be reviewed and continued; input that is not a
//! record gets a message that says what is wrong and where, and changes nothing.

use std::rc::Rc;

use ishi_ai::AnyLevel;
use ishi_records::sgf::{self, GameTree};
use ishi_records::{GoRecord, RecordError};
use ishi_rules::othello::notation::BoardStringError;
use ishi_rules::othello::transcript::TranscriptError;
use ishi_rules::othello::{self, Othello, notation, transcript};
use ishi_rules::{ByColor, Move, Player};

use crate::model::{
    Action, CellMove, GameKind, GoConfig, Match, MatchConfig, OthelloConfig, OthelloStart, Refusal,
    SetupError, Side, Snapshot, from_go, from_othello, humans, to_go, to_othello,
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
    /// A move of a variation cannot be played where it comes.
    Variation {
        /// Where its property is in the text.
        position: Option<sgf::Position>,
        /// Why.
        error: VariationImportError,
    },
}

/// Why a move of an SGF variation cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VariationImportError {
    /// Its player is not the one to move there.
    NotAlternating(Player),
    /// The match refuses it.
    Refused(Refusal),
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportError::Empty => f.write_str("there is nothing to import"),
            ImportError::File => f.write_str("the file cannot be read"),
            ImportError::Sgf(e) => e.fmt(f),
            ImportError::Variation { position, error } => {
                if let Some(p) = position {
                    write!(f, "{p}: ")?;
                }
                match error {
                    VariationImportError::NotAlternating(player) => {
                        write!(f, "a variation has {player} play out of turn")
                    }
                    VariationImportError::Refused(r) => write!(f, "a variation's move: {r}"),
                }
            }
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

/// One move of the tree of a match's lines, with the moves that follow it, the first line's
/// first.
struct Step {
    player: Player,
    mv: ishi_rules::go::Move,
    next: Vec<Step>,
}

/// Adds a line of moves to the tree `steps`, sharing the steps it starts with.
fn insert(steps: &mut Vec<Step>, moves: &[(Player, ishi_rules::go::Move)]) {
    let Some((&(player, mv), rest)) = moves.split_first() else {
        return;
    };
    let at = match steps.iter().position(|s| s.player == player && s.mv == mv) {
        Some(at) => at,
        None => {
            steps.push(Step {
                player,
                mv,
                next: Vec::new(),
            });
            steps.len() - 1
        }
    };
    insert(&mut steps[at].next, rest);
}

/// The SGF game tree of `step` and what follows it.
fn variation_tree(record: &GoRecord, step: &Step) -> GameTree {
    let mut nodes = vec![record.variation_node(step.player, step.mv)];
    let mut here = step;
    while let [only] = here.next.as_slice() {
        nodes.push(record.variation_node(only.player, only.mv));
        here = only;
    }
    GameTree {
        nodes,
        variations: here
            .next
            .iter()
            .map(|s| variation_tree(record, s))
            .collect(),
    }
}

/// The Go moves of `snapshots` after the start, with their players.
fn go_moves(snapshots: &[Rc<Snapshot>], size: usize) -> Vec<(Player, ishi_rules::go::Move)> {
    snapshots
        .iter()
        .filter_map(|s| {
            let p = s.played.as_ref()?;
            Some((p.player, to_go(p.mv, size)?))
        })
        .collect()
}

/// The variations of `m` in the SGF `record` of its line on screen up to the cursor: every
/// other line that leaves it before the cursor, at its place, with its own variations.
fn add_variations(m: &Match, record: &mut GoRecord, size: usize) {
    let mut tree = Vec::new();
    insert(&mut tree, &go_moves(m.line(), size));
    for line in (0..m.line_count()).filter(|&l| l != m.line_on()) {
        if let (Some(snapshots), Some(from)) = (m.snapshots_of(line), m.parts_at(line))
            && from < m.cursor()
        {
            insert(&mut tree, &go_moves(snapshots, size));
        }
    }
    // Down the main line: the steps after its first are variations at that move.
    let mut steps = &tree;
    let mut number = 0;
    while let Some((main, others)) = steps.split_first() {
        let trees = others.iter().map(|s| variation_tree(record, s)).collect();
        match number {
            0 => record.variations = trees,
            n => {
                if let Some(m) = record.moves.get_mut(n - 1) {
                    m.variations = trees;
                }
            }
        }
        steps = &main.next;
        number += 1;
    }
}

/// The records of `m`'s line on screen, up to the cursor; a Go record has the variations
/// that leave it before the cursor.
pub fn export(m: &Match) -> Vec<Export> {
    let start = &m.line()[0].position;
    match m.position().kind() {
        GameKind::Go => {
            let Some(go) = start.go() else {
                return Vec::new();
            };
            let size = go.size();
            let played: Vec<ishi_rules::go::Move> = go_moves(m.line(), size)
                .into_iter()
                .map(|(_, mv)| mv)
                .collect();
            let mut record = GoRecord::from_game(go, &played);
            add_variations(m, &mut record, size);
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
    let end = m.cursor();
    for (number, trees) in std::iter::once(&record.variations)
        .chain(record.moves.iter().map(|m| &m.variations))
        .enumerate()
    {
        for tree in trees {
            import_variation(&mut m, &record, tree, 0, number)?;
        }
    }
    m.apply(Action::ToLine {
        line: 0,
        index: end,
    })
    .map_err(|refusal| ImportError::Move {
        number: end,
        refusal,
    })?;
    Ok(m)
}

/// Plays the SGF variation `tree` into `m` from the snapshot `index` of line `line`: its
/// moves as a variation ([`Action::Explore`]), then its own variations from where it ends.
/// Nesting is as deep as the SGF reader lets it be.
fn import_variation(
    m: &mut Match,
    record: &GoRecord,
    tree: &GameTree,
    line: usize,
    index: usize,
) -> Result<(), ImportError> {
    let refused = |position, error| ImportError::Variation { position, error };
    m.apply(Action::ToLine { line, index })
        .map_err(|r| refused(None, VariationImportError::Refused(r)))?;
    for node in &tree.nodes {
        let Some((recorded, position)) = record.variation_move(node).map_err(ImportError::Sgf)?
        else {
            continue;
        };
        if recorded.player != m.position().turn() {
            return Err(refused(
                position,
                VariationImportError::NotAlternating(recorded.player),
            ));
        }
        m.apply(Action::Explore(from_go(recorded.mv, record.size)))
            .map_err(|r| refused(position, VariationImportError::Refused(r)))?;
    }
    let (here, at) = (m.line_on(), m.cursor());
    for sub in &tree.variations {
        import_variation(m, record, sub, here, at)?;
    }
    Ok(())
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

    /// Each line of `m` as its moves' names.
    fn lines(m: &Match) -> Vec<Vec<String>> {
        (0..m.line_count())
            .map(|line| {
                let snapshots = m.snapshots_of(line).unwrap();
                snapshots
                    .iter()
                    .enumerate()
                    .skip(1)
                    .filter_map(|(i, s)| {
                        let p = s.played.as_ref()?;
                        Some(snapshots[i - 1].position.move_name(p.mv))
                    })
                    .collect()
            })
            .collect()
    }

    /// A 9x9 game with an alternative to its first move, two to its third (one of them with
    /// a variation of its own after two moves), and a comment-only node in a variation.
    const WITH_VARIATIONS: &str = "(;GM[1]SZ[9]KM[6.5]RU[Japanese]\n\
        (;B[ee];W[cc](;B[gc];W[gg])(;B[cg];W[gc](;B[gg])(;C[hm];B[dd]))(;B[dd]))\n\
        (;B[dd];W[ff]))";

    #[test]
    fn sgf_variations_become_lines_and_are_written_back_as_variations() {
        let m = import(WITH_VARIATIONS).unwrap();
        assert_eq!(
            lines(&m),
            [
                vec!["E5", "C7", "G7", "G3"],
                vec!["D6", "F4"],
                vec!["E5", "C7", "C3", "G7", "G3"],
                vec!["E5", "C7", "C3", "G7", "D6"],
                vec!["E5", "C7", "D6"],
            ]
        );
        assert_eq!((m.line_on(), m.cursor()), (0, 4));
        // Written (at the game's end, where every variation leaves before the cursor) and
        // read again: the same lines; and the SGF reads back to the same tree.
        let text = &export(&m)[0].text;
        let back = import(text).unwrap();
        assert_eq!(lines(&back), lines(&m));
        let tree = ishi_records::sgf::parse(text).unwrap();
        let again = ishi_records::sgf::parse(tree.to_string()).unwrap();
        assert_eq!(again, tree);
        assert_eq!(&export(&back)[0].text, text);
    }

    #[test]
    fn a_bad_move_in_an_sgf_variation_says_where() {
        let Err(ImportError::Variation { position, error }) =
            import("(;SZ[9];B[ee](;W[cc])\n(;W[ee]))")
        else {
            panic!("a variation's error");
        };
        assert_eq!(position.map(|p| (p.line, p.column)), Some((2, 3)));
        assert!(matches!(
            error,
            VariationImportError::Refused(Refusal::Illegal(_))
        ));
        let error = import("(;SZ[9];B[ee](;W[cc])\n(;B[cc]))").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 3: a variation has black play out of turn"
        );
        // Variations nested deeper than the reader takes: its located error.
        let deep = format!("(;SZ[9]{}{})", "(;B[aa]".repeat(1001), ")".repeat(1001));
        let Err(ImportError::Sgf(e)) = import(&deep) else {
            panic!("a located error for nesting too deep");
        };
        assert!(e.position.is_some(), "{e}");
        // More variations than a match keeps: refused where the first one too many is.
        // (78 first moves but the three replies' points, three replies each: 233 lines.)
        let many: String = (0..9)
            .flat_map(|x| (0..9).map(move |y| (x, y)))
            .filter(|&(x, y)| !(x == y && (2..=4).contains(&x)))
            .map(|(x, y)| {
                let (x, y) = ((b'a' + x) as char, (b'a' + y) as char);
                format!("(;B[{x}{y}];W[ee])(;B[{x}{y}];W[dd])(;B[{x}{y}];W[cc])")
            })
            .collect();
        let Err(ImportError::Variation { position, error }) = import(&format!("(;SZ[9]{many})"))
        else {
            panic!("too many variations refused");
        };
        assert!(position.is_some());
        assert_eq!(
            error,
            VariationImportError::Refused(Refusal::TooManyVariations)
        );
        // A malformed variation is the SGF reader's located error.
        assert!(matches!(
            import("(;SZ[9];B[ee](;W[zz]))"),
            Err(ImportError::Sgf(_))
        ));
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
