//! Othello transcripts: the moves of a game as squares run together, `f5d6c3d3c4...`.
//!
//! Passes are implicit, as in the transcripts of Edax, WZebra and most Othello sites: when the
//! player to move has no legal placement, the pass is inserted on replay. An explicit `pass`,
//! `pa` or `--` is accepted too (and must then be legal). Squares may be in either case and
//! separated by spaces, commas or newlines; [`print()`] writes them lowercase and run together.

use std::fmt;

use crate::game::{Game, IllegalReason};

use super::{Move, Othello, Square};

/// A transcript that could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscriptError {
    /// Where in the text the trouble starts, in characters from 0.
    pub offset: usize,
    /// The number of the move that failed, from 1 (counting only the moves in the text).
    pub move_number: usize,
    /// What went wrong.
    pub kind: TranscriptErrorKind,
}

/// What went wrong in a transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptErrorKind {
    /// The text there is not a square.
    Malformed(String),
    /// The move is not legal in the position reached.
    Illegal(Move, IllegalReason),
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} (character {}): ",
            self.move_number,
            self.offset + 1
        )?;
        match &self.kind {
            TranscriptErrorKind::Malformed(text) => {
                write!(f, "{text:?} is not a square like \"f5\"")
            }
            TranscriptErrorKind::Illegal(mv, reason) => write!(f, "{mv} is illegal: {reason}"),
        }
    }
}

impl std::error::Error for TranscriptError {}

/// A transcript's moves with their character offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, Result<Move, String>)> + '_ {
    let chars: Vec<(usize, char)> = text.chars().enumerate().collect();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < chars.len() && (chars[i].1.is_whitespace() || chars[i].1 == ',') {
            i += 1;
        }
        let &(start, first) = chars.get(i)?;
        let rest: String = chars[i..].iter().take(4).map(|c| c.1).collect();
        let lower = rest.to_ascii_lowercase();
        for pass in ["pass", "pa", "--"] {
            if lower.starts_with(pass) {
                i += pass.len();
                return Some((start, Ok(Move::Pass)));
            }
        }
        // A square is one letter and its digits.
        let mut end = i + 1;
        while end < chars.len() && chars[end].1.is_ascii_digit() {
            end += 1;
        }
        let word: String = chars[i..end].iter().map(|c| c.1).collect();
        i = end;
        let parsed = if first.is_ascii_alphabetic() {
            word.parse::<Square>().map_err(|_| word.clone())
        } else {
            Err(word.clone())
        };
        Some((start, parsed.map(Move::Place)))
    })
}

/// The moves of a transcript, without replaying them.
///
/// # Errors
///
/// [`TranscriptErrorKind::Malformed`] at the first text that is not a square or a pass.
pub fn parse(text: &str) -> Result<Vec<Move>, TranscriptError> {
    tokens(text)
        .enumerate()
        .map(|(n, (offset, token))| {
            token.map_err(|word| TranscriptError {
                offset,
                move_number: n + 1,
                kind: TranscriptErrorKind::Malformed(word),
            })
        })
        .collect()
}

/// The transcript of `moves`: squares in lowercase run together, passes left out.
///
/// ```
/// use ishi_rules::Move;
/// use ishi_rules::othello::transcript;
///
/// let moves = transcript::parse("F5 d6 C3")?;
/// assert_eq!(transcript::print(&moves), "f5d6c3");
/// assert_eq!(transcript::print(&[Move::Pass]), "");
/// # Ok::<(), transcript::TranscriptError>(())
/// ```
pub fn print(moves: &[Move]) -> String {
    moves
        .iter()
        .filter_map(|m| m.point())
        .map(|sq| sq.to_string())
        .collect()
}

/// A game replayed from a transcript: every position, and the moves with passes made explicit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The moves played, forced passes included.
    pub moves: Vec<Move>,
    /// The start and the position after each move: one more than `moves`.
    pub positions: Vec<Othello>,
}

impl Replay {
    /// The position after the last move.
    pub fn last_position(&self) -> Othello {
        // `positions` always holds the start.
        self.positions.last().copied().unwrap_or_default()
    }
}

/// Plays `moves` from `start`, inserting forced passes.
///
/// # Errors
///
/// [`TranscriptErrorKind::Illegal`] for the first move the rules refuse; `offset` is then the
/// move's index in `moves`.
pub fn replay(start: &Othello, moves: &[Move]) -> Result<Replay, TranscriptError> {
    replay_tokens(start, moves.iter().enumerate().map(|(i, &m)| (i, Ok(m))))
}

/// Reads and replays a transcript from `start`.
///
/// ```
/// use ishi_rules::Game;
/// use ishi_rules::othello::{Othello, transcript};
///
/// let error = transcript::load(&Othello::standard(), "f5 d6 f5").unwrap_err();
/// assert_eq!(error.to_string(), "move 3 (character 7): f5 is illegal: the point is occupied");
/// # Ok::<(), transcript::TranscriptError>(())
/// ```
///
/// # Errors
///
/// The first malformed or illegal move, with its character offset.
pub fn load(start: &Othello, text: &str) -> Result<Replay, TranscriptError> {
    replay_tokens(start, tokens(text))
}

fn replay_tokens(
    start: &Othello,
    tokens: impl Iterator<Item = (usize, Result<Move, String>)>,
) -> Result<Replay, TranscriptError> {
    let mut replay = Replay {
        moves: Vec::new(),
        positions: vec![*start],
    };
    let mut position = *start;
    for (n, (offset, token)) in tokens.enumerate() {
        let error = |kind| TranscriptError {
            offset,
            move_number: n + 1,
            kind,
        };
        let mv = token.map_err(|word| error(TranscriptErrorKind::Malformed(word)))?;
        if mv != Move::Pass && position.check(Move::Pass).is_ok() {
            position.play_unchecked(Move::Pass);
            replay.moves.push(Move::Pass);
            replay.positions.push(position);
        }
        position = position
            .play(mv)
            .map_err(|e| error(TranscriptErrorKind::Illegal(mv, e.reason)))?;
        replay.moves.push(mv);
        replay.positions.push(position);
    }
    Ok(replay)
}
