//! GGF, the game format of the Generic Game Server, as NBoard's `set game` sends it:
//!
//! ```text
//! (;GM[Othello]PC[NBoard]PB[Ishi]PW[me]RE[?]TI[15:00]TY[8]
//!   BO[8 ---------------------------O*------*O--------------------------- *]
//!   B[F5]W[F6//1.2]B[d3/0.5/2.1];)
//! ```
//!
//! `BO` is the start: the board size, its 64 squares row by row from the top-left (`-` empty,
//! `*` Black, `O` White; spaces between rows allowed), then the side to move. `B` and `W` are
//! the moves, each `square/eval/time` with the evaluation and the time optional; a pass is
//! `PA` (any start of `PASS`) or `--`. A game may begin with `1` or `2` (GGS's count of
//! games in a match). Only 8x8 Othello is read (`GM[Othello]`, `TY` and `BO` of size 8, no
//! anti-Othello); other properties (players, clocks, result, comments) are skipped.
//!
//! A move for the colour not to move is taken when the colour to move has no legal move: its
//! pass is made first, since not every program writes passes down.
//!
//! `ishi-cli` reads it in two places: its NBoard engine (`set game`, `move`) and `analyze`.

use std::fmt;

use ishi_rules::Game;
use ishi_rules::othello::notation::{BoardStringError, parse_board};
use ishi_rules::othello::{Move, Othello, Shape, Square};

/// Why a text is not a game this module reads, and where (in characters from the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfError {
    /// Characters before the place the text went wrong.
    pub offset: usize,
    /// What is wrong there.
    pub kind: GgfErrorKind,
}

/// What is wrong with a GGF text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgfErrorKind {
    /// The text does not have the shape `(; ... ;)` of properties `KEY[value]`.
    Syntax(&'static str),
    /// `GM` names another game.
    NotOthello(String),
    /// `TY` or `BO` is not the 8x8 board of standard Othello.
    Board(String),
    /// The squares of `BO` are not a position.
    Squares(BoardStringError),
    /// No `BO` before the first move or at all.
    NoBoard,
    /// A `B` or `W` value that is not a move.
    BadMove(String),
    /// A move the rules refuse at that point of the game.
    Illegal(String),
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: ", self.offset)?;
        match &self.kind {
            GgfErrorKind::Syntax(expected) => write!(f, "expected {expected}"),
            GgfErrorKind::NotOthello(game) => write!(f, "{game:?} is not Othello"),
            GgfErrorKind::Board(what) => write!(f, "only the 8x8 board is played, not {what:?}"),
            GgfErrorKind::Squares(e) => write!(f, "the board is not a position: {e}"),
            GgfErrorKind::NoBoard => f.write_str("no board (BO) before the moves"),
            GgfErrorKind::BadMove(text) => write!(f, "{text:?} is not a move"),
            GgfErrorKind::Illegal(mv) => write!(f, "{mv} is not legal here"),
        }
    }
}

impl std::error::Error for GgfError {}

/// Reads one `square/eval/time` item (NBoard's `move` command and GGF's `B`/`W` values): the
/// move, with anything after the first `/` ignored. `None` when it is not a move.
pub fn parse_move(item: &str) -> Option<Move> {
    let text = item.split('/').next().unwrap_or_default().trim();
    let upper = text.to_ascii_uppercase();
    if upper == "--" || (!upper.is_empty() && "PASS".starts_with(&upper)) {
        return Some(Move::Pass);
    }
    text.parse::<Square>().ok().map(Move::Place)
}

/// `position` after `mv`, the pass of the colour to move first when `player` is the other
/// colour and the colour to move has no legal move: every position passed through, in order.
///
/// # Errors
///
/// When the move is not legal for `player` here.
pub fn play_as(
    position: &Othello,
    player: ishi_rules::Player,
    mv: Move,
) -> Result<Vec<Othello>, String> {
    let illegal = || mv.to_string();
    let mut positions = Vec::with_capacity(2);
    let mut at = *position;
    if at.turn() != player && at.legal_moves() == [Move::Pass] {
        at.play_unchecked(Move::Pass);
        positions.push(at);
    }
    if at.turn() != player {
        return Err(illegal());
    }
    let next = at.play(mv).map_err(|_| illegal())?;
    positions.push(next);
    Ok(positions)
}

/// Reads a game: every position from the start (first) to the end of its moves (last),
/// passes included.
///
/// # Errors
///
/// [`GgfError`] with the offset of the first thing that does not fit.
pub fn parse(text: &str) -> Result<Vec<Othello>, GgfError> {
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    let error = |offset, kind| GgfError { offset, kind };
    let skip_space = |at: &mut usize| {
        while chars.get(*at).is_some_and(|c| c.is_whitespace()) {
            *at += 1;
        }
    };
    skip_space(&mut at);
    if chars.get(at).is_some_and(|&c| c == '1' || c == '2') {
        at += 1;
        skip_space(&mut at);
    }
    if chars.get(at..at + 2) != Some(&['(', ';']) {
        return Err(error(at, GgfErrorKind::Syntax("\"(;\"")));
    }
    at += 2;
    let mut positions: Vec<Othello> = Vec::new();
    loop {
        skip_space(&mut at);
        match chars.get(at) {
            Some(';') => break,
            Some(c) if c.is_ascii_uppercase() => {}
            _ => return Err(error(at, GgfErrorKind::Syntax("a property or \";)\""))),
        }
        let property = read_property(&chars, &mut at)?;
        take_property(&mut positions, property)?;
    }
    at += 1;
    skip_space(&mut at);
    if chars.get(at) != Some(&')') {
        return Err(error(at, GgfErrorKind::Syntax("\")\" after \";\"")));
    }
    at += 1;
    skip_space(&mut at);
    if at < chars.len() {
        return Err(error(at, GgfErrorKind::Syntax("the end after \";)\"")));
    }
    if positions.is_empty() {
        return Err(error(at, GgfErrorKind::NoBoard));
    }
    Ok(positions)
}

/// The moves between consecutive `positions` of a game (as [`parse`] returns them): the square
/// that filled, or a pass where none did.
pub fn moves(positions: &[Othello]) -> Vec<Move> {
    positions
        .iter()
        .zip(positions.iter().skip(1))
        .map(|(before, after)| {
            let filled = before
                .shape()
                .squares()
                .find(|&sq| before.disc_at(sq).is_none() && after.disc_at(sq).is_some());
            filled.map_or(Move::Pass, Move::Place)
        })
        .collect()
}

/// A property `KEY[value]`, with where its key and value start.
struct Property {
    key: String,
    key_start: usize,
    value: String,
    value_start: usize,
}

/// Reads the property at `at`, which starts with an uppercase letter, and moves `at` past it.
fn read_property(chars: &[char], at: &mut usize) -> Result<Property, GgfError> {
    let error = |offset, kind| GgfError { offset, kind };
    let key_start = *at;
    while chars.get(*at).is_some_and(char::is_ascii_uppercase) {
        *at += 1;
    }
    let key: String = chars[key_start..*at].iter().collect();
    if chars.get(*at) != Some(&'[') {
        return Err(error(*at, GgfErrorKind::Syntax("\"[\"")));
    }
    let value_start = *at + 1;
    let Some(length) = chars[value_start..].iter().position(|&c| c == ']') else {
        return Err(error(*at, GgfErrorKind::Syntax("\"]\"")));
    };
    *at = value_start + length + 1;
    Ok(Property {
        key,
        key_start,
        value: chars[value_start..value_start + length].iter().collect(),
        value_start,
    })
}

/// Takes in one property: the game (`GM`), its type (`TY`), the board (`BO`, which starts
/// the positions) or a move (`B`, `W`, which adds the positions after it); others are skipped.
fn take_property(positions: &mut Vec<Othello>, property: Property) -> Result<(), GgfError> {
    let Property {
        key,
        key_start,
        value,
        value_start,
    } = property;
    let error = |offset, kind| GgfError { offset, kind };
    match key.as_str() {
        "GM" if value.trim() != "Othello" => {
            return Err(error(value_start, GgfErrorKind::NotOthello(value)));
        }
        "TY" => check_type(&value).map_err(|kind| error(value_start, kind))?,
        "BO" => {
            let board =
                read_board(&value).map_err(|(offset, kind)| error(value_start + offset, kind))?;
            *positions = vec![board];
        }
        "B" | "W" => {
            let Some(&current) = positions.last() else {
                return Err(error(key_start, GgfErrorKind::NoBoard));
            };
            let mv = parse_move(&value)
                .ok_or_else(|| error(value_start, GgfErrorKind::BadMove(value.clone())))?;
            let player = if key == "B" {
                ishi_rules::Player::Black
            } else {
                ishi_rules::Player::White
            };
            let next = play_as(&current, player, mv)
                .map_err(|mv| error(value_start, GgfErrorKind::Illegal(mv)))?;
            positions.extend(next);
        }
        _ => {}
    }
    Ok(())
}

/// `TY`: letters for the variant (`s` synchro, `k` komi, `r` random, `a` anti), the board
/// size, maybe more. Only size 8 without `a` is played.
fn check_type(value: &str) -> Result<(), GgfErrorKind> {
    let text = value.trim();
    let prefix: String = text.chars().take_while(|c| !c.is_ascii_digit()).collect();
    let size: String = text
        .chars()
        .skip(prefix.len())
        .take_while(char::is_ascii_digit)
        .collect();
    if size == "8" && !prefix.contains('a') {
        Ok(())
    } else {
        Err(GgfErrorKind::Board(text.to_owned()))
    }
}

/// `BO`: `8`, the squares, the side to move. The error's offset is in characters within
/// `value`.
fn read_board(value: &str) -> Result<Othello, (usize, GgfErrorKind)> {
    let size_start = value.len() - value.trim_start().len();
    let rest = &value[size_start..];
    let size_length = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let size = &rest[..size_length];
    if size != "8" {
        let offset = value[..size_start].chars().count();
        return Err((offset, GgfErrorKind::Board(size.to_owned())));
    }
    let squares_start = size_start + size_length;
    let board = parse_board(&value[squares_start..]).map_err(|e| {
        let offset = value[..squares_start].chars().count() + e.offset;
        (offset, GgfErrorKind::Squares(e))
    })?;
    if board.shape() != Shape::STANDARD {
        let offset = value[..squares_start].chars().count();
        return Err((offset, GgfErrorKind::Board(value.trim().to_owned())));
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::othello::transcript;

    /// NBoard's own example, from its protocol description.
    const NBOARD_EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]\
        PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O-------------\
        -------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn nboards_example_is_the_game_of_its_moves() {
        let positions = parse(NBOARD_EXAMPLE).unwrap();
        assert_eq!(positions.len(), 9);
        let moves = transcript::parse("f5f6d3c5e6f7e7f4").unwrap();
        let replay = transcript::replay(&Othello::standard(), &moves).unwrap();
        assert_eq!(positions[8], replay.last_position());
    }

    #[test]
    fn moves_carry_evals_and_times_and_passes_in_every_spelling() {
        // Black has no move after d3 c3 f5 d2 d1 e1 b3 c1: the pass written, or not.
        let moves = "B[d3//1.5]W[C3/-2.00/0.1]B[f5]W[d2]B[d1]W[e1]B[b3]W[c1]";
        let start =
            "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
        let written = parse(&format!("1 (;GM[Othello]{start}{moves}B[PA]W[d6];)")).unwrap();
        let unwritten = parse(&format!("(;{start}{moves}W[d6]\n;)\n")).unwrap();
        assert_eq!(written, unwritten);
        assert_eq!(written.len(), 11);
        let moves = transcript::parse("d3c3f5d2d1e1b3c1 pass d6").unwrap();
        assert_eq!(super::moves(&written), moves);
        for pass in ["pass", "Pa", "--"] {
            assert_eq!(parse_move(pass), Some(Move::Pass));
        }
        assert_eq!(
            parse_move("F5/1.0/2.0"),
            Some(Move::Place("f5".parse().unwrap()))
        );
        assert_eq!(parse_move("PAX"), None);
        assert_eq!(parse_move(""), None);
    }

    #[test]
    fn malformed_games_say_where() {
        let board = "BO[8 ---------------------------O*------*O--------------------------- *]";
        for (text, offset, message) in [
            ("", 0, "expected \"(;\""),
            ("(;GM[Go]", 5, "\"Go\" is not Othello"),
            (
                &format!("(;TY[10]{board};)"),
                5,
                "only the 8x8 board is played, not \"10\"",
            ),
            (&format!("(;TY[a8]{board};)"), 5, "not \"a8\""),
            ("(;BO[10 *];)", 5, "only the 8x8 board is played"),
            ("(;BO[8 --X *];)", 11, "the board is not a position"),
            (
                "(;BO[8 --------------OX----XO-------------- *];)",
                6,
                "only the 8x8",
            ),
            ("(;B[f5];)", 2, "no board (BO) before the moves"),
            ("(;GM[Othello];)", 15, "no board"),
            (
                &format!("(;{board}B[f5]W[zz];)"),
                81,
                "\"zz\" is not a move",
            ),
            (&format!("(;{board}W[f5];)"), 76, "f5 is not legal here"),
            (&format!("(;{board}B[a1];)"), 76, "a1 is not legal here"),
            (&format!("(;{board}B[f5"), 75, "expected \"]\""),
            (&format!("(;{board}b[f5];)"), 74, "expected a property"),
            (&format!("(;{board};) x"), 77, "expected the end"),
            (&format!("(;{board};"), 75, "expected \")\""),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!(e.offset, offset, "{text}: {e}");
            assert!(e.to_string().contains(message), "{text}: {e}");
        }
    }
}
