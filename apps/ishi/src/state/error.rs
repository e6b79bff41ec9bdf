//! Why an action failed, and why the computer made no move: data, translated for players by
//! `i18n` (one `match` arm per variant, so none goes untranslated).

use ishi_rules::IllegalReason;
use ishi_worker::WorkerError;

use crate::model::{Refusal, SetupError};
use crate::records::ImportError;
use crate::saved::MatchLoadError;

/// Why an [`AppAction`](super::AppAction) failed. Nothing changed but the notice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AppError {
    /// The match refused the action.
    Refused(Refusal),
    /// The new game cannot start.
    Setup(SetupError),
    /// The record cannot be imported.
    Import(ImportError),
    /// The recent game cannot be opened.
    Open(MatchLoadError),
    /// The game server refused an online game's message.
    Online(ishi_online::protocol::Reason),
    /// The online game's set-up is not one the server plays.
    OnlineSetup(ishi_online::SetupError),
    /// The link to the game server is down: the act was not sent.
    Offline,
    /// The desktop app has no game server set (the options' server address).
    NoServer,
    /// A part of the web build that loads when first needed (a WASM module of its own)
    /// could not be fetched: offline on a first visit, or a newer build on the server.
    Unavailable,
    /// "Practise": the analysis found no move of a person to practise.
    NoMistakes,
}

impl AppError {
    /// Whether the sheet the action came from shows the error (the new-game sheet, the
    /// records sheet), rather than the status line under the board.
    pub fn shown_in_sheet(&self) -> bool {
        matches!(
            self,
            AppError::Setup(_) | AppError::Import(_) | AppError::Open(_) | AppError::OnlineSetup(_)
        )
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::Refused(r) => r.fmt(f),
            AppError::Setup(e) => e.fmt(f),
            AppError::Import(e) => e.fmt(f),
            AppError::Open(e) => e.fmt(f),
            AppError::Online(reason) => write!(f, "the game server refused: {reason:?}"),
            AppError::OnlineSetup(e) => e.fmt(f),
            AppError::Offline => f.write_str("the link to the game server is down"),
            AppError::NoServer => f.write_str("no game server is set"),
            AppError::Unavailable => f.write_str("a part of the app could not be loaded"),
            AppError::NoMistakes => f.write_str("the analysis found no mistake to practise"),
        }
    }
}

impl std::error::Error for AppError {}

/// Why the computer made no move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ComputerFailure {
    /// The computer failed, or refused the request: why, as data `i18n` translates.
    Worker(WorkerError),
    /// It answered something other than a move.
    NoMove,
    /// It answered a move the rules refuse.
    Illegal(IllegalReason),
}

impl std::fmt::Display for ComputerFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ComputerFailure::Worker(error) => write!(f, "the computer stopped: {error}"),
            ComputerFailure::NoMove => f.write_str("the computer answered no move"),
            ComputerFailure::Illegal(reason) => write!(f, "its move was refused: {reason}"),
        }
    }
}

impl std::error::Error for ComputerFailure {}
