//! What an action leaves the front end to do ([`Effects`]) and what the computer is to work
//! out ([`Job`]): the state's answers to the layers above it, apart from the state itself so
//! that the state's parts (`analysis.rs`, `online/`) use them without using the state.

use ishi_ai::AnyLevel;
use ishi_online::protocol::ClientMessage;
use ishi_worker::HintBudget;

use super::feedback::Feedback;
use crate::model::CellMove;

/// What the front end must do after an action (the app's one caller of
/// [`AppState::apply`](super::AppState::apply), `AppHandle::dispatch`, does it).
#[derive(Clone, PartialEq, Debug)]
pub struct Effects {
    /// Save the state: something that is saved changed.
    pub save: bool,
    /// Send these to the game server, in order (dropped while the link is down: what
    /// matters is sent again when it is back, [`Online::resync`](super::Online::resync)).
    pub send: Vec<ClientMessage>,
    /// The sound and vibration of a move that appeared on the board during play.
    pub feedback: Option<Feedback>,
}

impl Effects {
    /// Nothing to do.
    pub const NONE: Effects = Effects {
        save: false,
        send: Vec::new(),
        feedback: None,
    };
    /// Save.
    pub const SAVE: Effects = Effects {
        save: true,
        send: Vec::new(),
        feedback: None,
    };

    /// Send `messages`.
    pub fn send(messages: Vec<ClientMessage>) -> Effects {
        Effects {
            save: false,
            send: messages,
            feedback: None,
        }
    }
}

/// What the computer is to work out for the match on screen.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Job {
    /// The match's epoch it is for (for [`JobTask::Analyse`], the fingerprint of the
    /// position analysed): the answer is taken only if the match is still there.
    pub epoch: u64,
    /// What to work out.
    pub task: JobTask,
}

/// The kinds of work the computer does.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum JobTask {
    /// The move of `level`, asked for after `delay_ms` (so that people see the last move land).
    Move {
        /// The level to play.
        level: AnyLevel,
        /// Milliseconds to wait before asking.
        delay_ms: u32,
    },
    /// Who owns each point of a finished Go game, from this many playouts, and the dead
    /// stones that follow: the count's first marks.
    Ownership {
        /// Playouts to run.
        playouts: u32,
    },
    /// The analysis of the snapshot at `index` of the match's history, for "Analyse this
    /// game". The job's epoch is the position's fingerprint, not the match's epoch, so that
    /// stepping through the review does not restart it.
    Analyse {
        /// The snapshot's index.
        index: usize,
        /// The move played from it, to judge.
        played: Option<CellMove>,
        /// The deep budget.
        deep: bool,
    },
    /// The values of the moves of the position, for the hints, one round deeper than the
    /// last: they refine while the person to move thinks.
    Hints {
        /// How far this round looks.
        budget: HintBudget,
    },
}
