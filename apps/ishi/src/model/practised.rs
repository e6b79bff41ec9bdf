//! What practising a game's mistakes came to ("Practise" in the analysis): one result for
//! each of the game's positions practised, kept with the match and saved with it, so that
//! the review marks the mistakes practised.

use super::Match;

/// How an exercise went.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// A good enough move was found.
    Solved {
        /// At which try, from 1.
        tries: u8,
        /// Whether a hint was asked for first.
        hinted: bool,
    },
    /// Not found: the tries ran out, or the solution was asked for.
    Missed,
}

/// The result of practising the position at `index` of the game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Practised {
    /// The position's snapshot index in the game (line 0): the move played from it was the
    /// mistake.
    pub index: usize,
    /// How it went.
    pub outcome: Outcome,
}

impl Match {
    /// The results of practising the game's mistakes, by index.
    pub fn practised(&self) -> &[Practised] {
        &self.practised
    }

    /// Files the result of practising a position of the game, in place of an earlier one
    /// there; ignored for a position the game does not have.
    pub fn file_practised(&mut self, result: Practised) {
        let Some(game_len) = self.snapshots_of(0).map(<[_]>::len) else {
            return;
        };
        if result.index + 1 >= game_len {
            return;
        }
        self.practised.retain(|p| p.index != result.index);
        let at = self.practised.partition_point(|p| p.index < result.index);
        self.practised.insert(at, result);
    }

    /// Forgets the results of the game's positions from `index` on, whose moves a new move
    /// of the game replaces.
    pub(super) fn forget_practised_from(&mut self, index: usize) {
        self.practised.retain(|p| p.index < index);
    }
}
