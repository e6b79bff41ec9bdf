//! The positions of a game so far, for superko: a list shared between snapshots.

use std::sync::Arc;

use crate::Player;

/// One position of the game: the hash of its stones and the side to move.
struct Seen {
    board: u64,
    turn: Player,
    earlier: Option<Arc<Seen>>,
}

/// Drops a long history one node at a time instead of recursing through it.
impl Drop for Seen {
    fn drop(&mut self) {
        let mut earlier = self.earlier.take();
        while let Some(node) = earlier {
            match Arc::try_unwrap(node) {
                Ok(mut seen) => earlier = seen.earlier.take(),
                Err(_) => break,
            }
        }
    }
}

/// The positions of a game, newest first, as an immutable linked list: a snapshot clones one
/// `Arc`, and a move adds one node without copying the rest.
#[derive(Clone, Default)]
pub(crate) struct History {
    newest: Option<Arc<Seen>>,
}

impl History {
    /// Adds a position.
    pub(crate) fn push(&mut self, board: u64, turn: Player) {
        let earlier = self.newest.take();
        self.newest = Some(Arc::new(Seen {
            board,
            turn,
            earlier,
        }));
    }

    /// Whether a position with these stones was seen, with `turn` to move if it is given.
    pub(crate) fn contains(&self, board: u64, turn: Option<Player>) -> bool {
        let mut at = self.newest.as_deref();
        while let Some(seen) = at {
            if seen.board == board && turn.is_none_or(|t| t == seen.turn) {
                return true;
            }
            at = seen.earlier.as_deref();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_found_by_board_and_by_situation() {
        let mut history = History::default();
        history.push(1, Player::Black);
        history.push(2, Player::White);
        let snapshot = history.clone();
        history.push(3, Player::Black);
        assert!(history.contains(2, None));
        assert!(history.contains(2, Some(Player::White)));
        assert!(!history.contains(2, Some(Player::Black)));
        assert!(history.contains(3, None));
        assert!(
            !snapshot.contains(3, None),
            "a snapshot does not see later positions"
        );
    }

    #[test]
    fn a_long_history_drops_without_recursion() {
        let mut history = History::default();
        for n in 0..1_000_000 {
            history.push(n, Player::Black);
        }
        let shared = history.clone();
        drop(history);
        assert!(shared.contains(0, None));
        drop(shared);
    }
}
